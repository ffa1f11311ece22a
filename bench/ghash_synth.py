#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Area and logic depth of the GHASH unit (aes_ghash) after synth_ecp5, one row per build.

Yosys `synth_ecp5` maps aes_ghash alone (no wrapper, so the figures are the unit's own)
and bench/round_depth.py's `analyse` reads the netlist: LUT4 (a CCU2C counts as two),
flip-flops, the slice multiplexers PFUMX and L6MUX21, and the levels of the deepest
register-to-register path (LUT4, PFUMX, L6MUX21 and CCU2C each count one). docs/gcm.md
("Area and speed") quotes the table:

    python bench/ghash_synth.py                     # every row of the table
    python bench/ghash_synth.py --only d128-p4-l2   # one build

Nothing is placed or routed (bench/ghash_pnr.py gives the post-route Fmax of a full-rate
build). Runs in build/ghash_synth/<build>/.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from round_depth import analyse, yosys_netlist  # noqa: E402  (the bench beside this file)

from aescores import paths  # noqa: E402

TOP = "aes_ghash"

# The table's builds, as aes_ghash parameters (KARATSUBA 3 unless named).
BUILDS: dict[str, dict[str, int]] = {
    "d128-p1": {"DIGIT": 128, "PIPE": 1},
    "d128-p2": {"DIGIT": 128, "PIPE": 2},
    "d128-p3": {"DIGIT": 128, "PIPE": 3},
    "d128-p4": {"DIGIT": 128, "PIPE": 4},
    "d128-p3-l2": {"DIGIT": 128, "PIPE": 3, "LANES": 2},
    "d128-p4-l2": {"DIGIT": 128, "PIPE": 4, "LANES": 2},
    "d128-p2-schoolbook": {"DIGIT": 128, "PIPE": 2, "KARATSUBA": 0},
    "d64": {"DIGIT": 64, "PIPE": 1},
    "d32": {"DIGIT": 32, "PIPE": 1},
    "d16": {"DIGIT": 16, "PIPE": 1},
    "d8": {"DIGIT": 8, "PIPE": 1},
}


def synthesize(params: dict[str, int], folder: Path) -> dict:
    """Run synth_ecp5 on aes_ghash with `params` in `folder`; return the netlist (Yosys JSON)."""
    sets = " ".join(f"-set {name} {value}" for name, value in params.items())
    return yosys_netlist(folder, paths.rtl_sources_for(TOP), [
        f"chparam {sets} {TOP}",
        f"hierarchy -top {TOP}",
        f"synth_ecp5 -top {TOP}",
    ])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="*", choices=list(BUILDS), help="builds to run (default: all)")
    args = ap.parse_args(argv)
    print("| DIGIT | PIPE | KARATSUBA | LANES | clocks per beat | LUT4 | FF | PFUMX | L6MUX21 | levels |")
    print("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for name in args.only or BUILDS:
        params = BUILDS[name]
        row = analyse(synthesize(params, paths.BUILD_DIR / "ghash_synth" / name))
        digit = params["DIGIT"]
        karatsuba = "–" if digit < 128 else ("0 (schoolbook)" if params.get("KARATSUBA") == 0 else "3")
        print(f"| {digit} | {params['PIPE']} | {karatsuba} | {params.get('LANES', 1)} | {128 // digit} | "
              f"{row['lut4']:,} | {row['ff']:,} | {row['pfumx']:,} | {row['l6mux21']:,} | {row['levels']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
