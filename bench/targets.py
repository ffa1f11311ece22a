#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The project's implementation targets, checked against docs/results.json.

    python bench/targets.py [RESULTS_JSON]

Prints each figure beside its target and exits 1 when any target is missed (a preset
with no result, or built for another device, misses its targets too). The results come
from `aescores report`; this script runs no tool.
"""

from __future__ import annotations

import json
import operator
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_RESULTS = ROOT / "docs" / "results.json"


@dataclass(frozen=True)
class Goal:
    preset: str
    # A key of the preset's row in results.json; "ip.KEY": the same figure of the whole
    # IP (aes_axi); "ip_to_core_fmax": the whole IP's Fmax over its core's.
    figure: str
    op: str  # "<=", "<", ">=", ">"
    value: float
    target: str = "ecp5-85k"  # the device the goal is set for
    why: str = ""


_OPS: dict[str, Callable[[float, float], bool]] = {
    "<=": operator.le, "<": operator.lt, ">=": operator.ge, ">": operator.gt,
}

# The presets whose whole IP must keep up with its core (every preset).
ALL_PRESETS = ("s0-pipelined-ttable", "s1-iterative", "s2-phase-pipelined-hostkey", "s3-subpipelined",
               "s4-iterative-ctr4", "subpipelined-logic", "max-throughput", "min-area", "gcm-pipelined",
               "gcm-2lane", "gcm-iterative")

GOALS = (
    # The whole IP, as users integrate it.
    *(Goal(p, "ip_to_core_fmax", ">=", 0.9, why="the whole IP at 90 % of its core's clock or more")
      for p in ALL_PRESETS),
    Goal("s3-subpipelined", "ip.fmax_mhz", ">=", 250, why="whole IP: 250 MHz"),
    Goal("s3-subpipelined", "ip.gbps", ">=", 32.0, why="whole IP: 32 Gbit/s"),
    Goal("min-area", "ip.lut4", "<=", 3000, why="whole IP: ITERATIVE AES-128 enc+dec in at most 3,000 LUT4"),
    Goal("min-area", "ip.gbps", ">=", 2.0, why="whole IP: ... at 2 Gbit/s or more"),
    Goal("s4-iterative-ctr4", "ip.gbps", ">=", 7.67, why="whole IP: S4's Kintex-7 figure"),
    Goal("max-throughput", "ip.gbps", ">=", 100.0, why="whole IP: 100 Gbit/s on one ECP5-85"),
    Goal("s1-iterative", "ip.cbc_enc_gbps", ">=", 1.2, why="whole IP: CBC encryption of one message"),
    Goal("s1-iterative", "ip.lut4", "<=", 6000, why="whole IP: ... in at most 6,000 LUT4"),
    Goal("gcm-pipelined", "ip.fmax_mhz", ">=", 200, why="whole IP with GCM: 200 MHz"),
    Goal("gcm-pipelined", "ip.gbps", ">=", 25.6, why="whole IP with GCM: one block per clock, 25.6 Gbit/s"),
    Goal("gcm-pipelined", "ip.lut4", "<=", 25000, why="whole IP with GCM: ... in at most 25,000 LUT4"),
    Goal("gcm-iterative", "ip.lut4", "<=", 5000, why="small GCM: at most 5,000 LUT4"),
    Goal("gcm-iterative", "ip.gbps", ">=", 1.0, why="small GCM: ... at 1 Gbit/s or more"),
    # The cores.
    Goal("min-area", "lut4", "<=", 3000, why="ITERATIVE AES-128 enc+dec in at most 3,000 LUT4"),
    Goal("min-area", "gbps", ">=", 2.0, why="... at 2 Gbit/s or more"),
    Goal("s3-subpipelined", "fmax_mhz", ">=", 250, why="sub-pipelined: 250 MHz"),
    Goal("s3-subpipelined", "gbps", ">=", 32.0, why="... that is 32 Gbit/s"),
    Goal("s3-subpipelined", "mbps_per_lut", ">", 0.6, why="... better than 0.6 Mbit/s per LUT4"),
    Goal("s0-pipelined-ttable", "fmax_mhz", ">=", 120, why="T-table pipeline: 120 MHz"),
    Goal("s0-pipelined-ttable", "lut4", "<", 36500, why="... in under 36,500 LUT4"),
    Goal("max-throughput", "gbps", ">=", 64.0, why="64 Gbit/s on one ECP5-85"),
)

# What the min-area goal is about: it only counts for a build with these parameters.
REQUIRED_PARAMS: Mapping[str, Mapping[str, object]] = {
    "min-area": {"ARCH": "ITERATIVE", "MAX_KEY_BITS": 128, "DECRYPT": 1, "LANES": 1},
    "gcm-pipelined": {"ARCH": "PIPELINED", "LANES": 1, "GCM": 1},
    "gcm-2lane": {"ARCH": "PIPELINED", "LANES": 2, "GCM": 1},
    "gcm-iterative": {"ARCH": "ITERATIVE", "GCM": 1},
}


def figure_of(row: Mapping, figure: str) -> float | None:
    """A figure of a preset's row: a key, "ip.KEY" of its whole-IP build, or the IP/core Fmax ratio."""
    ip = row.get("ip") or {}
    if figure == "ip_to_core_fmax":
        if ip.get("fmax_mhz") is None or not row.get("fmax_mhz"):
            return None
        return round(float(ip["fmax_mhz"]) / float(row["fmax_mhz"]), 3)
    if figure.startswith("ip."):
        return ip.get(figure[3:])
    return row.get(figure)


def check(results: Mapping, goals=GOALS) -> list[tuple[Goal, object, str]]:
    """(goal, our figure or None, verdict) for each goal: verdict 'ok', 'MISSED' or 'NO RESULT'."""
    rows = {r["preset"]: r for r in results.get("presets", [])}
    out = []
    for g in goals:
        row = rows.get(g.preset)
        if row is None or row.get("target") != g.target:
            out.append((g, None, "NO RESULT"))
            continue
        need = REQUIRED_PARAMS.get(g.preset, {})
        if any(row.get("params", {}).get(k) != v for k, v in need.items()):
            out.append((g, None, "WRONG CONFIG"))
            continue
        value = figure_of(row, g.figure)
        if value is None:
            out.append((g, None, "NO RESULT"))
        else:
            out.append((g, value, "ok" if _OPS[g.op](float(value), g.value) else "MISSED"))
    return out


def _fmt(v: object) -> str:
    if v is None:
        return "—"
    if isinstance(v, float):
        return f"{v:,.2f}"
    return f"{v:,}"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else DEFAULT_RESULTS
    try:
        results = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        print(f"bench/targets.py: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    checked = check(results)
    print(f"Implementation targets, from {path}")
    print(f"{'preset':28} {'figure':16} {'ours':>12}   {'target':>10}   verdict")
    for g, value, verdict in checked:
        print(f"{g.preset:28} {g.figure:16} {_fmt(value):>12}   {g.op:>2} {_fmt(g.value):>7}   {verdict}"
              + (f"   ({g.why})" if g.why else ""))
    missed = [c for c in checked if c[2] != "ok"]
    print(f"{len(checked) - len(missed)} of {len(checked)} targets met")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
