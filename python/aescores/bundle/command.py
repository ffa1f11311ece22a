# SPDX-License-Identifier: Apache-2.0
"""`aescores generate [PRESET] [--set NAME=VALUE ...] --out DIR [--name MODULE] [--no-ipxact] [--force]`:
write the integration bundle of one configuration (`aescores.bundle`) into DIR.

The configuration is made as for `aescores implement`: a named preset, the preset with
`--set` values over it, or the `aes_axi` defaults with the `--set` values.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from aescores import configs
from aescores.cli import CliError, add_set_option, preset_from_args


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `generate` sub-command."""
    p = subparsers.add_parser(
        "generate",
        help="write an integration bundle of one configuration: RTL and wrapper, file list, FuseSoC core, "
             "C header and driver, register docs, IP-XACT, README",
        description="Write into DIR everything a design needs to use aes_axi in one configuration: the RTL "
        "files and a wrapper module with every parameter fixed, files.f, a FuseSoC core, the C headers "
        "and driver, docs/registers.md, the register map as IP-XACT, and a README with the parameters, "
        "the build commands, the latency and the cached figures of the configuration (docs/bundle.md).",
    )
    p.add_argument("preset", metavar="PRESET", nargs="?",
                   help=f"one of: {', '.join(configs.PRESETS)} (optional with --set: the defaults)")
    add_set_option(p)
    p.add_argument("--out", required=True, type=Path, metavar="DIR",
                   help="folder to write (made; refused when it exists and is not empty, unless --force)")
    p.add_argument("--name", metavar="MODULE",
                   help="module name of the wrapper (default aes_axi_<preset>, or aes_axi_custom for a "
                        "configuration changed with --set or made without a preset)")
    p.add_argument("--no-ipxact", action="store_true",
                   help="leave out the IP-XACT component (it needs peakrdl-ipxact, GPL-3.0, installed with "
                        "pip install 'aescores[regmap]')")
    p.add_argument("--force", action="store_true",
                   help="write into a non-empty DIR, replacing the files of the same name")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """`aescores generate`: make the bundle in memory, then write it and say what was written."""
    from aescores.bundle import BundleError, check_name, default_name, render_bundle, write_bundle

    config = preset_from_args(args.preset, args.set)
    name = args.name if args.name is not None else default_name(config)
    out: Path = args.out
    try:
        check_name(name)
    except BundleError as exc:
        raise CliError(str(exc)) from None
    if out.exists() and not out.is_dir():
        raise CliError(f"--out {out}: exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not args.force:
        raise CliError(f"--out {out}: the folder is not empty; choose another or add --force")
    try:
        bundle = render_bundle(config, name, preset=args.preset, ipxact=not args.no_ipxact)
    except BundleError as exc:
        raise CliError(str(exc)) from None
    try:
        written = write_bundle(bundle, out)
    except OSError as exc:
        raise CliError(f"--out {out}: cannot write: {exc.strerror or exc}") from None
    for path in written:
        print(f"wrote {path}")
    built = ", ".join(f"{top} {f.lut4:,} LUT4 at {f.fmax_mhz:.1f} MHz" + (" (may be stale)" if f.stale else "")
                      for top, f in bundle.figures.items())
    print(f"aescores generate: {len(written)} files in {out} for {config.name}: wrapper {name} "
          f"(rtl/{name}.v, {len(bundle.rtl) - 1} RTL files), "
          + (f"cached figures: {built}" if built else "not built yet (README.md gives the command)"))
    return 0
