# SPDX-License-Identifier: Apache-2.0
"""`aescores report`: implement presets and write docs/RESULTS.md, results.json and the plot.

With no preset named and no `--set`, every default preset is built and the report is
written anew. A partial run (presets named, or `--set`) merges the rows it builds into
the results.json already in the output folder (`report.merge`): the other rows are kept,
marked stale when built from other sources or another flow than the current tree.
`-j N` builds N presets at once (default: one per CPU), the longest first by the saved
report's build times. `--ip-only` keeps each preset's core row from the saved report
(when it is current) and builds the whole IP alone: after a change of the framer, the
mode unit or the register block, the cores are not built again.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from aescores import configs, paths
from aescores.cli import add_set_option, preset_from_args

from . import RESULTS_JSON, collect, expected_seconds, load, merge, saved_core_rows, write


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `report` sub-command."""
    default = ", ".join(p.name for p in configs.default_report_presets())
    p = subparsers.add_parser(
        "report",
        help="implement presets and write docs/RESULTS.md, docs/results.json and the plot",
        description="Implement (and simulate) presets and write docs/RESULTS.md, docs/results.json "
        f"and docs/throughput_vs_area.svg. Default presets: {default}. Cached results make a "
        "second run quick. With presets named or --set, the rows built are merged into the saved "
        "results.json of the output folder: the other rows are kept, marked stale when built from "
        "other RTL or another flow.",
    )
    p.add_argument("presets", nargs="*", metavar="PRESET",
                   help="presets to build (default: all listed above); their rows are merged into the "
                        "saved report, whose other rows are kept")
    add_set_option(p)
    p.add_argument("--no-sim", action="store_true", help="skip the conformance simulation")
    p.add_argument("--target", metavar="T", help="build every preset for this target instead of its own")
    p.add_argument("--seed", type=int, default=1, metavar="N", help="nextpnr placement seed (default 1)")
    p.add_argument("--force", action="store_true", help="ignore cached results")
    p.add_argument("--no-xc7", action="store_true", help="skip the Yosys synth_xilinx cell counts (quicker)")
    p.add_argument("--core-only", action="store_true",
                   help="do not build each preset a second time as the whole IP (aes_axi top)")
    p.add_argument("--ip-only", action="store_true",
                   help="build only the whole IP of each preset, keeping its core's row from the saved "
                        "report, which must be current (same target, seed, parameters, core RTL and flow): "
                        "for a change of the layers around the core; the rows are merged into the saved report")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                   help="presets built at once, each one process (default: the number of CPUs)")
    p.add_argument("--out", type=Path, metavar="DIR", help="where to write (default: docs/)")
    p.add_argument("--from-json", type=Path, metavar="FILE",
                   help="write the report from a saved results.json, without running any tool")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """`aescores report`: build, merge (partial runs) and write the report."""
    from aescores.cli import CliError
    from aescores.flow.command import check_names, stderr_progress

    if args.from_json is not None:
        if args.presets or args.set:
            raise CliError("--from-json writes the saved results as they are; name no preset and no --set")
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
    if args.ip_only and args.core_only:
        raise CliError("--ip-only and --core-only exclude each other")
    partial = bool(args.presets or args.set or args.ip_only)
    if not (args.presets or args.set):
        presets = configs.default_report_presets()
    elif args.presets:
        presets = list({p.name: p for p in (preset_from_args(n, args.set) for n in args.presets)}.values())
    else:
        presets = [preset_from_args(None, args.set)]
    if args.jobs < 1:
        raise CliError("-j must be at least 1")
    previous = None
    saved = Path(args.out or paths.DOCS_DIR) / RESULTS_JSON
    if saved.exists():
        try:
            previous = load(saved)
        except (OSError, ValueError) as exc:
            if partial:
                raise CliError(f"cannot read {saved} to merge into: {exc}") from exc
    core_rows = None
    if args.ip_only:
        try:
            core_rows = saved_core_rows(previous, presets, target=args.target, seed=args.seed)
        except ValueError as exc:
            raise CliError(f"--ip-only: {exc} in {saved}; build it whole (without --ip-only)") from None
    fresh = collect(presets, target=args.target, seed=args.seed, sim=not args.no_sim, force=args.force,
                    xc7=not args.no_xc7, ip=not args.core_only, jobs=args.jobs,
                    expected_seconds=expected_seconds(previous), core_rows=core_rows, progress=stderr_progress())
    data = fresh
    if partial:
        data = merge(previous, fresh)
        stale = [r["preset"] for r in data["presets"] if r.get("stale")]
        if stale:
            print(f"aescores report: kept {len(stale)} stale row(s), marked in the report: {', '.join(stale)}",
                  file=sys.stderr)
    for f in write(data, args.out):
        print(f)
    failed = fresh["failed"]  # of this run: a merged report keeps earlier failures too
    cbc_failed = [r["preset"] for r in fresh["presets"]
                  if isinstance(r.get("ip"), dict) and r["ip"].get("cbc_enc_error")]
    if failed:
        print(f"aescores report: {len(failed)} preset(s) not built: "
              + ", ".join(f["preset"] for f in failed), file=sys.stderr)
    if cbc_failed:
        print(f"aescores report: CBC-encryption measurement failed for {', '.join(cbc_failed)}", file=sys.stderr)
    return 1 if failed or cbc_failed else 0
