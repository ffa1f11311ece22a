#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Post-route benchmark of the PIPELINED engine on ECP5 LFE5U-85F, speed 8, out of context.

Each configuration is aes_core with ARCH="PIPELINED" and small key storage (the engine is
what is measured: KEY_SLOTS 1, MAX_KEY_BITS 128, DECRYPT 0 where the target is an
encryptor, KEY_EXPANSION "HOST" unless --hw-keys), built by the project's flow
(aescores.flow: Yosys synth_ecp5, nextpnr-ecp5 --out-of-context, registers on every
port, results cached under build/flow). With --top engine the top is
aes_engine_pipelined alone, its round keys straight from the flow's input registers.
One nextpnr run at a time: a full pipelined AES takes many minutes on a 2-core machine.

Printed per configuration: LUT4, FF, EBR, post-route Fmax, Gbit/s (128 x LANES x Fmax,
one beat per clock), Mbit/s per LUT4, and the target beside it with PASS/MISS.

    python3 bench/bench_pipelined.py                 # every configuration below
    python3 bench/bench_pipelined.py --only sub-lut-s2 --freq 300
    python3 bench/bench_pipelined.py --top engine --only sub-lut-s4
    python3 bench/bench_pipelined.py --list

Not a test: the numbers depend on the tools' versions and seeds (see docs/engines.md).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from aescores.flow import Design, DoesNotFit, FlowError, get_target, implement  # noqa: E402


@dataclass(frozen=True)
class Target:
    """What a configuration must reach (None: no requirement)."""

    min_mhz: float | None = None
    min_gbps: float | None = None
    max_lut4: int | None = None
    min_mbps_per_lut4: float | None = None
    text: str = ""


@dataclass(frozen=True)
class Config:
    name: str
    params: dict[str, object]
    freq: float  # nextpnr's frequency goal (MHz)
    target: Target = field(default_factory=Target)
    note: str = ""
    # synth_ecp5 -nowidelut: LUT4 only, no PFUMX/L6MUX21 wide functions. The tower-field
    # logic of COMPOSITE maps to fewer LUT4 (half at S=1) and fewer levels that way, the
    # 8-input tables of LUT to twice as many (bench/round_depth.py, docs/engines.md).
    nowidelut: bool = False


def core(sbox: str, stages: int, lanes: int = 1, **extra: object) -> dict[str, object]:
    """aes_core parameters: the engine with the smallest key storage. KEY_EXPANSION is
    "HOST" so that the key-expansion unit (not part of the engine, and today the
    slowest path of aes_core) does not set the Fmax; --hw-keys puts it back."""
    return {"ARCH": "PIPELINED", "STAGES_PER_ROUND": stages, "SBOX": sbox, "LANES": lanes,
            "MAX_KEY_BITS": 128, "KEY_SLOTS": 1, "DECRYPT": 0, "KEY_EXPANSION": "HOST", **extra}


SUB_TARGET = Target(min_mhz=250, min_gbps=32, min_mbps_per_lut4=0.6,
                    text=">= 250 MHz, 32 Gbit/s, > 0.6 Mbit/s per LUT4 (187 MHz / 40,000 LUT4)")
S0_TARGET = Target(min_mhz=120, max_lut4=36_500, text=">= 120 MHz with < 36,500 LUT4")
MAX_TARGET = Target(min_gbps=64, text=">= 64 Gbit/s on one LFE5U-85F")

CONFIGS: list[Config] = [
    Config("s0-ttable-s1", core("TTABLE", 1), 150, S0_TARGET, "S0-like: one stage per round, T-tables in EBR"),
    Config("sub-lut-s2", core("LUT", 2), 300, SUB_TARGET, "S-box tables in logic, [SB] [MC ARK]"),
    Config("sub-composite-s3", core("COMPOSITE", 3), 300, SUB_TARGET, "[B] [C D] [EFGA]", nowidelut=True),
    Config("sub-composite-s4", core("COMPOSITE", 4), 300, SUB_TARGET, "[B] [C D] [EF] [GA]", nowidelut=True),
    Config("sub-lut-s3", core("LUT", 3), 300, SUB_TARGET, "[SB halves] [select MC] [ARK]"),
    Config("sub-lut-s4", core("LUT", 4), 300, SUB_TARGET, "[SB halves] [select] [MC] [ARK]"),
    Config("lut-s1", core("LUT", 1), 200, Target(), "one stage per round, tables in logic"),
    Config("composite-s1", core("COMPOSITE", 1), 150, Target(), "one stage per round, tower field", nowidelut=True),
    Config("composite-s2", core("COMPOSITE", 2), 250, Target(), "[B C] [D EFGA]", nowidelut=True),
    Config("ttable-s2", core("TTABLE", 2), 200, Target(), "EBR read registered in fabric"),
    Config("sub-ttable-s3", core("TTABLE", 3), 300, SUB_TARGET, "[T] [pairs] [ARK], the EBR output register"),
    Config("sub-ttable-s4", core("TTABLE", 4), 300, SUB_TARGET, "[T] [pairs] [ARK] [-], the EBR output register"),
    Config("max-composite-s4-l4", core("COMPOSITE", 4, lanes=4), 250, MAX_TARGET, "four lanes", nowidelut=True),
    Config("max-lut-s2-l2", core("LUT", 2, lanes=2), 250, MAX_TARGET, "two lanes"),
]


# The engine's own parameters, for --top engine.
ENGINE_PARAMS = ("STAGES_PER_ROUND", "SBOX", "LANES", "MAX_KEY_BITS", "DECRYPT")


def measure(cfg: Config, seed: int, xc7: bool, top: str) -> dict[str, object]:
    if top == "engine":
        # aes_engine_pipelined alone: its round keys come from the wrapper's registers,
        # as they come from the key store's read registers in aes_core.
        design = Design(top="aes_engine_pipelined", params={k: cfg.params[k] for k in ENGINE_PARAMS},
                        label=f"bench-pipelined-engine-{cfg.name}")
    else:
        tag = "-hwkeys" if cfg.params["KEY_EXPANSION"] == "HW" else ""
        design = Design(top="aes_core", params=cfg.params, label=f"bench-pipelined-{cfg.name}{tag}")
    target = get_target("ecp5-85k")
    if cfg.nowidelut:
        target = dataclasses.replace(target, synth=target.synth + " -nowidelut")
    t0 = time.monotonic()
    res = implement(design, target, seed=seed, freq_mhz=cfg.freq, xc7=xc7,
                    progress=lambda msg: print(f"  [{cfg.name}] {msg}", flush=True))
    fmax = float(res["fmax_mhz"])
    lanes = int(cfg.params["LANES"])
    gbps = 128 * lanes * fmax / 1000
    lut4 = int(res["lut4"])
    return {
        "name": cfg.name, "top": design.top, "params": dict(design.params), "lut4": lut4, "ff": res["ff"], "ebr": res["ebr"],
        "fmax_mhz": fmax, "gbps": round(gbps, 2), "mbps_per_lut4": round(gbps * 1000 / lut4, 3) if lut4 else None,
        "critical_path": res.get("critical_path"), "freq_goal": cfg.freq, "seed": seed,
        "synth": target.synth,
        "seconds": round(time.monotonic() - t0), "cached": res.get("cached", False), "folder": res["folder"],
    }


def verdict(row: dict[str, object], t: Target) -> str:
    misses = []
    if t.min_mhz is not None and float(row["fmax_mhz"]) < t.min_mhz:
        misses.append("MHz")
    if t.min_gbps is not None and float(row["gbps"]) < t.min_gbps:
        misses.append("Gbit/s")
    if t.max_lut4 is not None and int(row["lut4"]) >= t.max_lut4:
        misses.append("LUT4")
    if t.min_mbps_per_lut4 is not None and float(row["mbps_per_lut4"] or 0) <= t.min_mbps_per_lut4:
        misses.append("Mbit/s/LUT4")
    if not t.text:
        return ""
    return "PASS" if not misses else "MISS " + ",".join(misses)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="*", help="configuration names to run")
    ap.add_argument("--seed", type=int, default=1, help="nextpnr seed")
    ap.add_argument("--freq", type=float, help="override every frequency goal (MHz)")
    ap.add_argument("--xc7", action="store_true", help="also run Yosys synth_xilinx (7-series LUT6 counts)")
    ap.add_argument("--top", choices=("core", "engine"), default="core",
                    help="core: aes_core (engine + key slots, the default); engine: aes_engine_pipelined "
                         "alone, round keys from registers (the engine's own Fmax)")
    ap.add_argument("--hw-keys", action="store_true",
                    help='KEY_EXPANSION="HW": include the key-expansion unit (and its paths)')
    ap.add_argument("--json", type=Path, help="write the rows here")
    ap.add_argument("--list", action="store_true", help="list the configurations and exit")
    args = ap.parse_args(argv)

    configs = [c for c in CONFIGS if not args.only or c.name in args.only]
    if args.only:  # in the order given
        configs.sort(key=lambda c: args.only.index(c.name))
    if args.hw_keys:
        configs = [dataclasses.replace(c, params={**c.params, "KEY_EXPANSION": "HW"}) for c in configs]
    if args.list or not configs:
        for c in CONFIGS:
            synth = "synth_ecp5 -nowidelut" if c.nowidelut else "synth_ecp5"
            print(f"{c.name:22} {c.note:38} {synth:22} target: {c.target.text or '-'}")
        return 0 if configs or args.list else 2

    rows = []
    for cfg in configs:
        if args.freq:
            cfg = dataclasses.replace(cfg, freq=args.freq)
        print(f"== {cfg.name}: {cfg.note} (goal {cfg.freq:g} MHz)", flush=True)
        try:
            row = measure(cfg, args.seed, args.xc7, args.top)
        except DoesNotFit as exc:
            print(f"  does not fit: {exc}")
            continue
        except FlowError as exc:
            print(f"  flow error: {exc}")
            continue
        row["verdict"] = verdict(row, cfg.target)
        row["target"] = cfg.target.text
        rows.append(row)
        print(f"  {row['lut4']} LUT4, {row['ff']} FF, {row['ebr']} EBR, {row['fmax_mhz']:.1f} MHz, "
              f"{row['gbps']:.1f} Gbit/s, {row['mbps_per_lut4']} Mbit/s/LUT4 "
              f"({row['seconds']} s{', cached' if row['cached'] else ''}) {row['verdict']}", flush=True)

    print()
    print(f"{'configuration':22} {'LUT4':>7} {'FF':>7} {'EBR':>4} {'MHz':>7} {'Gbit/s':>7} {'Mb/s/LUT':>9}  target")
    for r in rows:
        print(f"{r['name']:22} {r['lut4']:>7} {r['ff']:>7} {r['ebr']:>4} {r['fmax_mhz']:>7.1f} {r['gbps']:>7.1f} "
              f"{r['mbps_per_lut4']:>9}  {r['target'] or '-'} {r['verdict']}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
