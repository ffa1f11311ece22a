# SPDX-License-Identifier: Apache-2.0
"""`aescores sim [PRESET] [--set NAME=VALUE ...]`: the NIST conformance set on a preset's RTL,
as a table (`--set` changes the preset's parameters; with no preset, the defaults').

Until the `aes_axi` top lands, the set runs on `aes_core` built with the preset's
datapath parameters (engine, S-box, lanes, key sizes, slots, direction): FIPS-197
Appendix C, every CAVP ECB KAT and MMT file, and the AESAVS ECB Monte Carlo test, with
random input gaps and output backpressure, each block checked against NIST's value or
OpenSSL. Results are cached by the hash of the simulated binary (sources + parameters).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Callable

from aescores import configs, paths
from aescores.sim import conformance as conf
from aescores.sim.core import CORE_DEFAULTS, build_core_harness

CACHE_DIR = paths.BUILD_DIR / "conformance"


def core_params(preset: configs.Preset) -> dict[str, object]:
    """The aes_core parameters of a preset (the bus-level ones do not apply)."""
    full = preset.full_params
    return {k: full[k] for k in CORE_DEFAULTS if k in full}


def run_conformance(preset: str | configs.Preset, *, use_cache: bool = True,
                    progress: Callable[[str], None] | None = None) -> dict:
    """Run (or recall) the conformance set of one preset (a name or a configuration, e.g.
    from `configs.configure`); return a JSON-ready summary."""
    if isinstance(preset, str):
        preset = configs.get_preset(preset)
    params = core_params(preset)
    binary = build_core_harness(params)
    cache = CACHE_DIR / f"{binary.parent.name}.json"
    if use_cache and cache.exists():
        # The cache is by simulated binary, which configurations may share: name this one.
        return {**json.loads(cache.read_text()), "preset": preset.name}
    start = time.monotonic()
    groups = conf.conformance(params, progress=progress)
    summary = {
        "preset": preset.name,
        "top": "aes_core",
        "params": params,
        "passed": sum(g.passed for g in groups),
        "total": sum(g.total for g in groups),
        "ok": all(g.ok for g in groups),
        "groups": [{"name": g.name, "passed": g.passed, "total": g.total, "failures": g.failures} for g in groups],
        "seconds": round(time.monotonic() - start, 1),
    }
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    # Written whole and renamed: presets built at once (report -j) may share a binary,
    # and one must not read the file while the other writes it.
    partial = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
    partial.write_text(json.dumps(summary, indent=1))
    os.replace(partial, cache)
    return summary


def _print_table(summary: dict) -> None:
    width = max(len(g["name"]) for g in summary["groups"])
    print(f"{'vector group'.ljust(width)}  passed / total")
    for g in summary["groups"]:
        mark = "ok" if g["passed"] == g["total"] and g["total"] else "FAIL"
        print(f"{g['name'].ljust(width)}  {g['passed']:>6} / {g['total']:<6} {mark}")
        for f in g["failures"]:
            print(f"    {f}")
    verdict = "PASS" if summary["ok"] else "FAIL"
    print(f"{summary['preset']}: {summary['passed']} / {summary['total']} blocks {verdict} "
          f"({summary['top']} {summary['params']})")


def _cmd(args: argparse.Namespace) -> int:
    from aescores.cli import preset_from_args

    preset = preset_from_args(args.preset, args.set)
    summary = run_conformance(preset, use_cache=not args.no_cache,
                              progress=lambda msg: print(f"... {msg}", flush=True))
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        _print_table(summary)
    return 0 if summary["ok"] else 1


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `sim` sub-command."""
    from aescores.cli import add_set_option

    p = sub.add_parser("sim", help="run the NIST conformance vectors on a preset's RTL (Verilator)")
    p.add_argument("preset", nargs="?", metavar="PRESET",
                   help="preset name (see `aescores implement --help`); optional with --set: the defaults")
    add_set_option(p)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-cache", action="store_true", help="simulate even if a cached result exists")
    p.set_defaults(func=_cmd)


__all__ = ["run_conformance", "register"]
