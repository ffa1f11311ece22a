#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Blocks per clock of every mode on aes_axi, measured on the Verilator harness.

One long message per mode and direction (AES-128 key, no input gaps, no
backpressure); prints clocks per block per lane, which docs/messages.md quotes. In
builds with GCM (the default) also GCM: a message of payload blocks (encryption, and
decryption with the right tag), and a GMAC message of as many AAD blocks; the clocks
include the message's IV and tag beats. docs/gcm.md quotes them.

With --packets, short messages instead, as a network card sends them: 32 messages back
to back per payload size (64, 256 and 1,024 bytes), in CTR (IV beat and payload) and in
GCM (IV beat, one 16-byte AAD block, payload, 16-byte tag beat), the GCM messages once to
one key slot and once to two slots in turn (each with its own key: the GHASH unit's H
changes at every message); prints the clocks per message against the beats each message
has, i.e. the share of the bus the IP keeps busy. docs/gcm.md quotes them.
"""

from __future__ import annotations

import argparse

from aescores import gcm, model
from aescores.model import Mode
from aescores.sim.axi import AXI_DEFAULTS, AxiSim, kept_item, tuser_of

CONFIGS = {
    "ITERATIVE, 1 lane": {"ARCH": "ITERATIVE"},
    "ITERATIVE, 4 lanes": {"ARCH": "ITERATIVE", "LANES": 4},
    "ITERATIVE TTABLE, 1 lane": {"ARCH": "ITERATIVE", "SBOX": "TTABLE"},
    "ITERATIVE TTABLE (interleaved), 1 lane": {"ARCH": "ITERATIVE", "STAGES_PER_ROUND": 3, "SBOX": "TTABLE"},
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
    ap.add_argument("--packets", action="store_true", help="short messages back to back instead (CTR and GCM)")
    args = ap.parse_args()
    if args.packets:
        return packets(args.only)
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


PACKET_BYTES = (64, 256, 1024)
PACKETS = 32


def packets(only: list[str] | None) -> int:
    """Clocks per message of short CTR and GCM messages sent back to back (encryption)."""
    key = bytes(range(16))
    keys = (key, bytes(range(16, 32)))
    print("| configuration | payload bytes | mode | beats per message | clocks per message | bus busy |")
    print("|---|--:|---|--:|--:|--:|")
    for name, params in CONFIGS.items():
        if only and not any(o in name for o in only):
            continue
        full = {**AXI_DEFAULTS, **params}
        if not int(full.get("GCM", 1)):
            continue
        lanes = int(full["LANES"])
        beat = 16 * lanes
        ivs = [bytes([n]) * 12 for n in range(PACKETS)]
        counters = [iv + (2).to_bytes(4, "big") for iv in ivs]
        with AxiSim(full) as sim:
            sim.wait_selftest()
            for slot, k in enumerate(keys):
                sim.load_key(slot, k)
            for size in PACKET_BYTES:
                texts = [bytes([n ^ 0x5A]) * size for n in range(PACKETS)]
                # CTR: the IV beat (the counter block, from 2 as GCM's payload) and the payload.
                outs, cycles, _ = sim.messages([(tuser_of(int(Mode.CTR), False, 0), c + bytes(beat - 16) + text)
                                                for c, text in zip(counters, texts)])
                for out, c, text in zip(outs, counters, texts):
                    want = model.process(Mode.CTR, key, c, text, False)
                    assert out.code == 0 and out.data[beat:] == want, f"CTR {size}"
                _packet_row(name, size, "CTR", 1 + size // beat, cycles)
                frames = [gcm.message_frame(iv, bytes(16), text, 16, lanes) for iv, text in zip(ivs, texts)]
                for slots, mode in ((1, "GCM, 16 B AAD"), (2, "GCM, 16 B AAD, two slots in turn")):
                    cycles = _gcm_packets(sim, frames, [keys[n % slots] for n in range(PACKETS)],
                                          [n % slots for n in range(PACKETS)], beat)
                    _packet_row(name, size, mode, frames[0].beats, cycles)
    return 0


def _gcm_packets(sim: AxiSim, frames: list, keys: list[bytes], slots: list[int], beat: int) -> int:
    """Clocks for the GCM encryptions `frames` back to back, each to its slot, checked
    against OpenSSL's AES-GCM with the slot's key."""
    items = [kept_item(tuser_of(5, False, slot), f.data, f.keep, beat) for f, slot in zip(frames, slots)]
    outs, cycles, _ = sim.messages(items)
    for out, f, k in zip(outs, frames, keys):
        code, want = gcm.expect_message(f, k, False)
        assert out.code == code == 0, f"GCM, slot key {k.hex()}"
        assert out.data == bytes(b for b, kept in zip(want, f.keep) if kept), f"GCM, slot key {k.hex()}"
    return cycles


def _packet_row(name: str, size: int, mode: str, beats: int, cycles: int) -> None:
    per = cycles / PACKETS
    print(f"| {name} | {size:,} | {mode} | {beats} | {per:.1f} | {100 * beats / per:.0f} % |")


if __name__ == "__main__":
    raise SystemExit(main())
