# SPDX-License-Identifier: Apache-2.0
"""The `aescores` command line: one sub-command per module listed in COMMAND_MODULES.

Each module defines `register(subparsers)`, which adds its sub-command and sets
`func` to a function taking the parsed arguments and returning the exit code.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMAND_MODULES = (
    "aescores.sim.command",
    "aescores.flow.command",
    "aescores.report.command",
    "aescores.encrypt",
)


from aescores.errors import CliError  # noqa: E402  (re-exported for the command modules)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="aescores", description="Open AES cores for FPGAs.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
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
