#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Blocks per clock of every mode on aes_axi, measured on the Verilator harness.

One long message per mode and direction (AES-128 key, no input gaps, no
backpressure); prints clocks per block per lane, which docs/messages.md quotes.
"""

from __future__ import annotations

import argparse

from aescores import model
from aescores.model import Mode
from aescores.sim.axi import AXI_DEFAULTS, AxiSim, tuser_of

CONFIGS = {
    "ITERATIVE, 1 lane": {"ARCH": "ITERATIVE"},
    "ITERATIVE, 4 lanes": {"ARCH": "ITERATIVE", "LANES": 4},
    "ITERATIVE TTABLE (interleaved), 1 lane": {"ARCH": "ITERATIVE", "SBOX": "TTABLE"},
    "PIPELINED 1 stage/round, 1 lane": {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 1},
    "PIPELINED 1 stage/round, 4 lanes": {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 1, "LANES": 4},
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--blocks", type=int, default=512)
    ap.add_argument("--only", nargs="*", help="configurations to run (substrings of their names)")
    args = ap.parse_args()
    key = bytes(range(16))
    iv = bytes(range(16, 32))
    print(f"| configuration | mode | direction | clocks per block | blocks per clock |")
    print("|---|---|---|---|---|")
    for name, params in CONFIGS.items():
        if args.only and not any(o in name for o in args.only):
            continue
        full = {**AXI_DEFAULTS, **params}
        beat = 16 * int(full["LANES"])
        with AxiSim(full) as sim:
            sim.wait_selftest()
            sim.load_key(0, key)
            for mode in Mode:
                for dec in (False, True):
                    data = bytes(16 * args.blocks)
                    msg = data if mode == Mode.ECB else iv + bytes(beat - 16) + data
                    (out,), cycles, _ = sim.messages([(tuser_of(int(mode), dec, 0), msg)])
                    want = model.process(mode, key, None if mode == Mode.ECB else iv, data, dec)
                    assert out.data[len(msg) - len(data):] == want and out.code == 0
                    print(f"| {name} | {mode.name} | {'dec' if dec else 'enc'} | "
                          f"{cycles / args.blocks:.2f} | {args.blocks / cycles:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
