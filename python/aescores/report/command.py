# SPDX-License-Identifier: Apache-2.0
"""`aescores report`: implement presets and write docs/RESULTS.md, results.json and the plot."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from aescores import configs

from . import collect, load, write


def register(subparsers: argparse._SubParsersAction) -> None:
    default = ", ".join(p.name for p in configs.default_report_presets())
    p = subparsers.add_parser(
        "report",
        help="implement presets and write docs/RESULTS.md, docs/results.json and the plot",
        description="Implement (and simulate) presets and write docs/RESULTS.md, docs/results.json "
        f"and docs/throughput_vs_area.svg. Default presets: {default}. Cached results make a "
        "second run quick.",
    )
    p.add_argument("presets", nargs="*", metavar="PRESET", help="presets to build (default: all listed above)")
    p.add_argument("--no-sim", action="store_true", help="skip the conformance simulation")
    p.add_argument("--target", metavar="T", help="build every preset for this target instead of its own")
    p.add_argument("--seed", type=int, default=1, metavar="N", help="nextpnr placement seed (default 1)")
    p.add_argument("--force", action="store_true", help="ignore cached results")
    p.add_argument("--no-xc7", action="store_true", help="skip the Yosys synth_xilinx cell counts (quicker)")
    p.add_argument("--core-only", action="store_true",
                   help="do not build each preset a second time as the whole IP (aes_axi top)")
    p.add_argument("--out", type=Path, metavar="DIR", help="where to write (default: docs/)")
    p.add_argument("--from-json", type=Path, metavar="FILE",
                   help="write the report from a saved results.json, without running any tool")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from aescores.cli import CliError
    from aescores.flow.command import check_names, stderr_progress

    if args.from_json is not None:
        if args.presets:
            raise CliError("--from-json writes the saved results as they are; name no preset")
        try:
            data = load(args.from_json)
        except (OSError, ValueError) as exc:
            raise CliError(f"cannot read {args.from_json}: {exc}") from exc
        for f in write(data, args.out):
            print(f)
        return 0
    for name in args.presets:
        check_names(name, None)
    check_names(None, args.target)
    presets = [configs.PRESETS[n] for n in args.presets] if args.presets else configs.default_report_presets()
    data = collect(presets, target=args.target, seed=args.seed, sim=not args.no_sim, force=args.force,
                   xc7=not args.no_xc7, ip=not args.core_only, progress=stderr_progress())
    for f in write(data, args.out):
        print(f)
    failed = data["failed"]
    if failed:
        print(f"aescores report: {len(failed)} preset(s) not built: "
              + ", ".join(f["preset"] for f in failed), file=sys.stderr)
        return 1
    return 0
