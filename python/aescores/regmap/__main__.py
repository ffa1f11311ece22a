# SPDX-License-Identifier: Apache-2.0
"""`python -m aescores.regmap [--check]`: regenerate the register-map files, or check them."""

from __future__ import annotations

import argparse
import sys

from aescores import paths
from aescores.regmap.generate import OUTPUTS, stale, write_all
from aescores.regmap.load import RegmapError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m aescores.regmap",
        description="Generate " + ", ".join(OUTPUTS) + " from rdl/aes.rdl.",
    )
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when a generated file is stale")
    args = parser.parse_args(argv)
    try:
        if args.check:
            diffs = stale()
            for path, diff in diffs.items():
                print(f"stale: {path.relative_to(paths.ROOT)}", file=sys.stderr)
                print(diff[:4000], file=sys.stderr)
            if diffs:
                print("run `python -m aescores.regmap` to regenerate", file=sys.stderr)
                return 1
            print(f"{len(OUTPUTS)} generated files are up to date")
            return 0
        changed = write_all()
        for path in changed:
            print(f"wrote {path.relative_to(paths.ROOT)}")
        if len(changed) < len(OUTPUTS):
            print(f"{len(OUTPUTS) - len(changed)} generated files already up to date")
        return 0
    except RegmapError as exc:
        print(f"aescores.regmap: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
