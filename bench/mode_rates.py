#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Blocks per clock of every mode on aes_axi, measured on the Verilator harness.

One long message per mode and direction (AES-128 key, no input gaps, no
backpressure); prints clocks per block per lane, which docs/messages.md quotes. In
builds with GCM (the default) also GCM: a message of payload blocks (encryption, and
decryption with the right tag), and a GMAC message of as many AAD blocks; the clocks
include the message's IV and tag beats. docs/gcm.md quotes them.
"""

from __future__ import annotations

import argparse

from aescores import gcm, model
from aescores.model import Mode
from aescores.sim.axi import AXI_DEFAULTS, AxiSim, tuser_of

CONFIGS = {
    "ITERATIVE, 1 lane": {"ARCH": "ITERATIVE"},
    "ITERATIVE, 4 lanes": {"ARCH": "ITERATIVE", "LANES": 4},
    "ITERATIVE TTABLE (interleaved), 1 lane": {"ARCH": "ITERATIVE", "SBOX": "TTABLE"},
    "PIPELINED 1 stage/round, 1 lane": {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 1},
    "PIPELINED 1 stage/round, 4 lanes": {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 1, "LANES": 4},
    # the gcm-pipelined preset's engine (its GHASH multiplier in four stages)
    "PIPELINED 2 stages/round TTABLE, 1 lane": {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 2, "SBOX": "TTABLE"},
    # the gcm-2lane preset's engine (a GHASH multiplier per lane)
    "PIPELINED 2 stages/round TTABLE, 2 lanes": {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 2, "SBOX": "TTABLE",
                                                 "LANES": 2},
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
            if int(full.get("GCM", 1)):
                gcm_rates(sim, name, key, args.blocks, int(full["LANES"]))
    return 0


def gcm_rates(sim: AxiSim, name: str, key: bytes, blocks: int, lanes: int) -> None:
    """GCM rows: payload (encryption, decryption) and AAD (GMAC), `blocks` blocks each."""
    iv = bytes(range(12))
    text = bytes(16 * blocks)
    ct, tag = gcm.gcm_encrypt(key, iv, text, b"", 16)
    cases = (("payload", "enc", gcm.message_frame(iv, b"", text, 16, lanes), False),
             ("payload", "dec", gcm.message_frame(iv, b"", ct, tag, lanes), True),
             ("AAD (GMAC)", "enc", gcm.message_frame(iv, text, b"", 16, lanes), False))
    for what, direction, frame, dec in cases:
        # Whole payload and AAD beats: the kept bytes are a prefix, as the harness sends.
        msg = frame.data[: sum(frame.keep)]
        (out,), cycles, _ = sim.messages([(tuser_of(5, dec, 0), msg)])
        code, want = gcm.expect_message(frame, key, dec)
        assert out.code == code == 0 and out.data == want[: len(msg)], f"GCM {what} {direction}"
        print(f"| {name} | GCM {what} | {direction} | {cycles / blocks:.2f} | {blocks / cycles:.3f} |")


if __name__ == "__main__":
    raise SystemExit(main())
