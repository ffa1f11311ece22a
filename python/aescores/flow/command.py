# SPDX-License-Identifier: Apache-2.0
"""`aescores implement [PRESET] [--set NAME=VALUE ...]`: build one configuration with Yosys and
nextpnr and print its figures.

The configuration is a named preset, the preset with `--set` values over its parameters,
or (no preset) the `aes_axi` defaults with the `--set` values, built on the default target.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from typing import Callable

from aescores import configs, tools
from aescores.cli import add_set_option, preset_from_args

from . import implement_preset
from .run import FlowError
from .targets import TARGETS


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `implement` sub-command."""
    p = subparsers.add_parser(
        "implement",
        help="synthesize, place and route a preset; print area, Fmax and throughput",
        description="Synthesize (Yosys), place and route (nextpnr) a named preset, or a configuration "
        "given with --set, and print its area, post-route Fmax and throughput. Results are cached "
        "under build/flow/.",
    )
    p.add_argument("preset", metavar="PRESET", nargs="?",
                   help=f"one of: {', '.join(configs.PRESETS)} (optional with --set: the defaults)")
    add_set_option(p)
    p.add_argument("--target", metavar="T", help=f"device (default: the preset's): {', '.join(TARGETS)}")
    p.add_argument("--seed", type=int, default=1, metavar="N", help="nextpnr placement seed (default 1)")
    p.add_argument("--freq", type=float, metavar="MHZ", help="frequency goal for nextpnr (default: preset's)")
    p.add_argument("--force", action="store_true", help="ignore the cache and run the tools again")
    p.add_argument("--no-floorplan", action="store_true",
                   help="leave the TTABLE rounds' block RAMs to the placer (default: sites round by round)")
    p.add_argument("--no-xc7", action="store_true", help="skip the Yosys synth_xilinx cell counts (quicker)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    p.add_argument("--top", choices=sorted(configs.TOPS),
                   help=f"Verilog top to implement (default: the preset's, {configs.DEFAULT_TOP}); "
                        "aes_axi includes the AXI logic, the mode unit and the self-test")
    p.set_defaults(func=run)


def check_names(preset: str | None, target: str | None) -> None:
    """CliError for an unknown preset or target, naming the known ones."""
    from aescores.cli import CliError

    if preset is not None and preset not in configs.PRESETS:
        raise CliError(f"unknown preset {preset!r}; known: {', '.join(configs.PRESETS)}")
    if target is not None and target not in TARGETS:
        raise CliError(f"unknown target {target!r}; known: {', '.join(TARGETS)}")


def stderr_progress(prefix: str = "") -> Callable[[str], None]:
    """A progress printer to stderr with the seconds since it was made."""
    t0 = time.monotonic()

    def say(msg: str) -> None:
        print(f"[{time.monotonic() - t0:6.0f} s] {prefix}{msg}", file=sys.stderr, flush=True)

    return say


def run(args: argparse.Namespace) -> int:
    """`aescores implement`: build the configuration and print its figures (text or JSON)."""
    from aescores.cli import CliError

    check_names(args.preset, args.target)
    if args.seed < 0:
        raise CliError("--seed must be a non-negative integer")
    if args.freq is not None and args.freq <= 0:
        raise CliError("--freq must be positive")
    config = preset_from_args(args.preset, args.set)
    # A named preset as it is goes by its name; a changed one (--set, --top) as the configuration.
    preset: configs.Preset | str = config.name if configs.is_named_preset(config) else config
    if args.top:
        preset = dataclasses.replace(config, top=args.top)
    try:
        row = implement_preset(
            preset, args.target, seed=args.seed, freq_mhz=args.freq, force=args.force,
            xc7=not args.no_xc7, progress=stderr_progress(), use_floorplan=not args.no_floorplan,
        )
    except (FlowError, tools.ToolError) as exc:
        raise CliError(str(exc)) from exc
    if args.json:
        out = {k: v for k, v in row.items() if k != "flow"}
        out["folder"] = row["flow"]["folder"]
        print(json.dumps(out, indent=2))
    else:
        print(format_row(row))
    return 0


def format_row(row: dict) -> str:
    """A preset's figures as a few lines of text."""
    xc7 = ""
    if row.get("xc7_luts") is not None:
        xc7 = f"   (Yosys xc7: {row['xc7_luts']:,} LUT, {row['xc7_ff']:,} FF)"
    per_lut = f", {row['mbps_per_lut']:.3g} Mbit/s per LUT4" if row.get("mbps_per_lut") else ""
    lines = [
        f"{row['preset']} on {row['target']} ({row['device']}), top {row['top']}: {row['arch']}",
        f"  area        {row['lut4']:,} LUT4, {row['ff']:,} FF, {row['ebr']} EBR, {row['dsp']} DSP{xc7}",
        f"  Fmax        {row['fmax_mhz']:.1f} MHz post-route (goal {row['freq_goal_mhz']:g} MHz, seed {row['seed']})",
        f"  throughput  {row['gbps']:.2f} Gbit/s = 128 x {row['lanes']} lane(s) x Fmax / "
        f"{row['clocks_per_block']} clock(s) per block{per_lut}",
        f"  latency     {row['latency_clocks']} clocks ({row['latency_ns']} ns)",
        f"  params      {', '.join(f'{k}={v}' for k, v in row['params'].items())}",
        f"  logs        {row['flow']['folder']}{'  (cached)' if row.get('cached') else ''}",
    ]
    return "\n".join(lines)
