#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Soak: millions of blocks through a PIPELINED aes_axi on the fast Verilator harness.

Random messages over every mode, direction, key size and length, random input gaps and
output backpressure, keys reloaded and slots cleared while traffic flows; every message
is checked against OpenSSL (the `cryptography` package). Prints blocks, mismatches and
simulation speed; exits non-zero on any mismatch.

    python bench/soak.py                    # 10 million blocks (about half an hour here)
    python bench/soak.py --blocks 200000    # a quick run
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from aescores.sim.axi import AXI_DEFAULTS, AxiSim
from aescores.sim.traffic import random_traffic


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--blocks", type=int, default=10_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lanes", type=int, default=1)
    ap.add_argument("--stages", type=int, default=1)
    ap.add_argument("--batch", type=int, default=4000, help="messages per harness run")
    args = ap.parse_args()

    params = {**AXI_DEFAULTS, "ARCH": "PIPELINED", "STAGES_PER_ROUND": args.stages, "LANES": args.lanes}
    rng = random.Random(args.seed)
    blocks = mismatches = messages = cycles = 0
    start = time.monotonic()
    with AxiSim(params, seed=args.seed, p_valid=85, p_ready=75) as sim:
        done, passed = sim.wait_selftest()
        if not (done and passed):
            print("self-test did not pass")
            return 1
        keys = {}
        for slot in range(int(params["KEY_SLOTS"])):
            keys[slot] = rng.randbytes(rng.choice([16, 24, 32]))
            sim.load_key(slot, keys[slot])
        while blocks < args.blocks:
            t = random_traffic(rng, params, args.batch, keys, max_blocks=32, key_changes=0.01)
            got, run_cycles, _ = sim.messages(t.items)
            if len(got) != len(t.expected):
                print(f"lost messages: {len(got)} out of {len(t.expected)}")
                return 1
            for g, e in zip(got, t.expected):
                mismatches += (g.data, g.code) != (e.data, e.code)
                blocks += e.blocks
            messages += len(got)
            cycles += run_cycles
            keys = {s: k for s, k in t.keys.items()}
            for slot in range(int(params["KEY_SLOTS"])):
                if slot not in keys:  # cleared by the traffic: load a fresh key
                    keys[slot] = rng.randbytes(16)
                    sim.load_key(slot, keys[slot])
            elapsed = time.monotonic() - start
            print(f"\r{blocks:>11,} blocks  {messages:>9,} messages  {mismatches} mismatches  "
                  f"{blocks / elapsed:,.0f} blocks/s", end="", flush=True)
    elapsed = time.monotonic() - start
    print(f"\nsoak: {blocks:,} blocks in {messages:,} messages, {cycles:,} clocks, {mismatches} mismatches, "
          f"{elapsed:.0f} s, {blocks / elapsed:,.0f} blocks/s of simulation "
          f"({cycles / elapsed:,.0f} clocks/s, including the OpenSSL check)")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
