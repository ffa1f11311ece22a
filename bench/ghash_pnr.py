# SPDX-License-Identifier: Apache-2.0
"""Place and route the full-rate GHASH unit (aes_ghash) alone and print its Fmax and area.

The flow's own steps (aescores.flow.run): Yosys synth_ecp5 of aes_ghash in the flow's
registered-I/O wrapper, then nextpnr-ecp5 on the LFE5U-85F (speed 8) with a 250 MHz
goal, one seed. docs/gcm.md ("Area and speed") quotes its figures:

    python bench/ghash_pnr.py --pipe 3 --karatsuba 3
    python bench/ghash_pnr.py --pipe 2 --karatsuba 0     # the schoolbook product
    python bench/ghash_pnr.py --pipe 4 --lanes 2         # the gcm-2lane preset's unit

Output: build/ghash_pnr/d128-p<PIPE>-k<KARATSUBA>[-l<LANES>]-s<SEED>/ (synth.log, nextpnr.log).
"""

from __future__ import annotations

import argparse
import time

from aescores import paths
from aescores.flow import run, targets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pipe", type=int, default=3, choices=(1, 2, 3, 4), help="aes_ghash PIPE (default 3)")
    parser.add_argument("--karatsuba", type=int, default=3, choices=range(5), help="aes_ghash KARATSUBA (default 3)")
    parser.add_argument("--lanes", type=int, default=1, choices=range(1, 9), help="aes_ghash LANES (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="nextpnr placement seed (default 1)")
    parser.add_argument("--freq", type=float, default=250.0, help="nextpnr goal in MHz (default 250)")
    args = parser.parse_args()

    params = {"DIGIT": 128, "PIPE": args.pipe, "KARATSUBA": args.karatsuba}
    lanes = ""
    if args.lanes > 1:
        params["LANES"] = args.lanes
        lanes = f"-l{args.lanes}"
    target = targets.TARGETS["ecp5-85k"]
    folder = paths.BUILD_DIR / "ghash_pnr" / f"d128-p{args.pipe}-k{args.karatsuba}{lanes}-s{args.seed}"
    folder.mkdir(parents=True, exist_ok=True)
    design = run.Design("aes_ghash", params, paths.rtl_sources_for("aes_ghash"))

    start = time.monotonic()
    syn = run.synthesize(design, target, folder)
    synth_s = time.monotonic() - start
    start = time.monotonic()
    report = run._place_and_route(design, target, folder, args.seed, args.freq, syn.pin_file)
    pnr_s = time.monotonic() - start
    _, fmax = run.design_clock_fmax(report, design.clock)

    print(f"aes_ghash {params} on {target.device}, seed {args.seed}, goal {args.freq:.0f} MHz")
    print(f"  Fmax      {fmax:.1f} MHz post-route")
    print(f"  area      {syn.cells.get('LUT4', 0):,} LUT4, {syn.cells.get('TRELLIS_FF', 0):,} FF (with the wrapper's registers)")
    print(f"  tool time synthesis {synth_s:.0f} s, nextpnr {pnr_s:.0f} s")
    print(f"  logs      {folder}")


if __name__ == "__main__":
    main()
