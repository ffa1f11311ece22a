# SPDX-License-Identifier: Apache-2.0
"""The `aescores` command line: one sub-command per module listed in COMMAND_MODULES.

Each module defines `register(subparsers)`, which adds its sub-command and sets
`func` to a function taking the parsed arguments and returning the exit code.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import TYPE_CHECKING, Sequence

COMMAND_MODULES = (
    "aescores.sim.command",
    "aescores.flow.command",
    "aescores.report.command",
    "aescores.encrypt",
    "aescores.explore",
    "aescores.bundle.command",
)


from aescores.errors import CliError  # noqa: E402  (re-exported for the command modules)

if TYPE_CHECKING:
    from aescores.configs import Preset


def add_set_option(parser: argparse.ArgumentParser) -> None:
    """Add the repeatable `--set NAME=VALUE` option (an `aes_axi` parameter) to a sub-command."""
    from aescores import configs

    names = ", ".join(f"{name} ({spec.legal_text()})" for name, spec in configs.PARAMETERS.items())
    parser.add_argument(
        "--set", dest="set", action="append", default=[], metavar="NAME=VALUE",
        help=f"set an aes_axi parameter, over the preset's value or, with no preset, over the defaults "
             f"(repeatable): {names}",
    )


def preset_from_args(name: str | None, sets: Sequence[str], what: str = "PRESET") -> "Preset":
    """The configuration a sub-command builds: the preset `name` with the `--set` values over
    it, or the defaults with them when no preset is named (on the default target).

    CliError, one line, for an unknown preset or parameter, an illegal value, or neither a
    preset nor --set given.
    """
    from aescores import configs

    if name is None and not sets:
        raise CliError(f"name a {what} or give --set NAME=VALUE; presets: {', '.join(configs.PRESETS)}")
    try:
        overrides = configs.parse_sets(sets)
        if name is not None:
            return configs.configure(name, overrides)
        from aescores.flow.targets import DEFAULT_TARGET, get_target

        return configs.configure(None, overrides, target=DEFAULT_TARGET, freq_mhz=get_target(DEFAULT_TARGET).freq_mhz)
    except configs.ConfigError as exc:
        raise CliError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    """The `aescores` parser with every sub-command of COMMAND_MODULES."""
    parser = argparse.ArgumentParser(prog="aescores", description="Open AES cores for FPGAs.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one sub-command; a CliError is printed as one line and gives exit code 2."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except CliError as exc:
        print(f"aescores {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
