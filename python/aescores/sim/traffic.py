# SPDX-License-Identifier: Apache-2.0
"""Random traffic for aes_axi and the expected answer of every message.

`expect` is the message semantics of the specification written out in Python (result
codes, zeroed data, the IV beat), with the cipher itself from the `cryptography`
package (OpenSSL). `random_traffic` makes messages over every mode, direction, key
slot, length and partial last block, optionally with invalid modes, empty slots and key
changes and clears between messages; it keeps track of which key every message must
use, so each output can be checked exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Mapping

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from aescores import gcm, model
from aescores.model import Mode
from aescores.regmap import regs
from aescores.sim.axi import key_items, tuser_of

# Result codes (docs/specification.md §3).
OK, LENGTH, MODE, SLOT, WRAP, BUILD, SELFTEST, TAG = range(8)


@dataclass
class Expected:
    """What a message must come out as."""

    code: int
    data: bytes
    blocks: int  # data blocks (BLOCKS counter)


def expect(tuser: int, message: bytes, key: bytes | None, params: Mapping[str, object],
           selftest_failed: bool = False) -> Expected:
    """The output of one message, per the specification and the documented decisions."""
    lanes = int(params["LANES"])
    beat = 16 * lanes
    mode, dec, slot = tuser & 7, bool(tuser & 8), tuser >> 4
    nbeats = -(-len(message) // beat)

    def blocks_in(data: bytes) -> int:
        return -(-len(data) // 16)

    gcm_built = bool(int(params.get("GCM", 1)))
    if mode == 5 and gcm_built:
        # GCM (§3a): the message's bytes with tkeep 0..n-1 of the last beat, which is
        # the tag beat; the GCM model says what comes out, errors included.
        pad = nbeats * beat - len(message)
        frame = gcm.GcmFrame(message + bytes(pad), (1,) * len(message) + (0,) * pad, beat)
        return gcm_expected(frame, key if slot < int(params["KEY_SLOTS"]) else None, dec, selftest_failed)
    code = OK
    if selftest_failed:
        code = SELFTEST
    elif mode > 5:
        code = MODE
    elif mode == 5:
        code = BUILD  # GCM not in this build (before code 3, §3)
    elif dec and not int(params["DECRYPT"]) and mode in (Mode.ECB, Mode.CBC):
        code = BUILD
    elif slot >= int(params["KEY_SLOTS"]) or key is None:
        code = SLOT
    if code != OK:
        # Every beat counts its lanes with data, but for the IV beat of a valid non-ECB
        # mode (an invalid mode has no IV beat).
        nblk = sum(blocks_in(message[i:i + beat]) for i in range(0, len(message), beat))
        if mode != Mode.ECB and mode <= 5:
            nblk -= blocks_in(message[:beat])
        return Expected(code, bytes(len(message)), nblk)
    if mode != Mode.ECB and nbeats == 1:
        return Expected(LENGTH, bytes(len(message)), 0)
    head = b"" if mode == Mode.ECB else message[:beat]
    data = message[len(head):]
    nblk = blocks_in(data)
    if mode in (Mode.ECB, Mode.CBC) and len(data) % 16:
        whole = len(data) - len(data) % beat if len(data) % beat else len(data) - beat
        good = model.process(Mode(mode), key, head[:16] or None, data[:whole], dec) if whole else b""
        return Expected(LENGTH, head + good + bytes(len(data) - whole), nblk)
    out = model.process(Mode(mode), key, head[:16] or None, data, dec)
    code = WRAP if mode == Mode.CTR and model.ctr_wraps(head[:16], nblk) else OK
    return Expected(code, head + out, nblk)


@dataclass
class Traffic:
    """A list of harness items (messages and register writes) and their expectations."""

    items: list[tuple] = field(default_factory=list)
    expected: list[Expected] = field(default_factory=list)
    keys: dict[int, bytes] = field(default_factory=dict)


def random_traffic(rng: random.Random, params: Mapping[str, object], count: int, keys: dict[int, bytes], *,
                   max_blocks: int = 8, invalid: bool = False, key_changes: float = 0.0,
                   ctr_near_wrap: float = 0.05, ctr_near_carry: float = 0.05) -> Traffic:
    """`count` random messages over the loaded `keys` (slot -> key).

    invalid: also invalid modes, decrypt where the build has none, slots that are empty
    or beyond KEY_SLOTS, bad lengths. key_changes: the chance, before each message, of
    reloading or clearing a random slot (register writes that the harness performs
    while earlier messages are still in flight). ctr_near_wrap: the chance that a CTR
    message's counter starts a few blocks before 2^128 - 1 (code 4); ctr_near_carry:
    that it starts a few blocks before its low 32 bits carry into the upper 96, with
    each 32-bit chunk of those all ones or random (ctr_carry_iv).
    """
    lanes = int(params["LANES"])
    beat = 16 * lanes
    slots = int(params["KEY_SLOTS"])
    max_bits = int(params["MAX_KEY_BITS"])
    key_lengths = [n for n in (16, 24, 32) if 8 * n <= max_bits]
    t = Traffic(keys=dict(keys))
    for _ in range(count):
        if key_changes and rng.random() < key_changes:
            slot = rng.randrange(slots)
            if rng.random() < 0.2 and (invalid or len(t.keys) > 1 or slot not in t.keys):
                t.items.append(("write", regs.KEY_CLEAR.offset, 1 << slot))
                t.keys.pop(slot, None)
            else:
                key = rng.randbytes(rng.choice(key_lengths))
                t.items.extend(key_items(slot, key))
                t.keys[slot] = key
        mode = rng.randrange(8 if invalid else 5)
        dec = rng.random() < 0.5
        slot = rng.randrange(16 if invalid and rng.random() < 0.1 else slots)
        if not invalid and slot not in t.keys:
            slot = rng.choice(sorted(t.keys))
        nbytes = 16 * rng.randrange(1, max_blocks + 1)
        if mode not in (Mode.ECB, Mode.CBC) or (invalid and rng.random() < 0.1):
            nbytes -= rng.randrange(16)
        data = rng.randbytes(nbytes)
        if mode == Mode.ECB or mode > 4:
            message = data
        else:
            iv = rng.randbytes(16)
            if mode == Mode.CTR:
                pick = rng.random()
                if pick < ctr_near_wrap:
                    iv = b"\xff" * 15 + bytes([256 - rng.randrange(1, 4)])
                elif pick < ctr_near_wrap + ctr_near_carry:
                    iv = ctr_carry_iv(rng, nbytes // 16 + lanes)
            message = iv + rng.randbytes(beat - 16) + data
        if invalid and mode != Mode.ECB and rng.random() < 0.02:
            message = message[:rng.randrange(1, beat + 1)]  # only an IV beat
        tuser = tuser_of(mode, dec, slot)
        t.items.append((tuser, message))
        t.expected.append(expect(tuser, message, t.keys.get(slot), params))
    return t


def ctr_carry_iv(rng: random.Random, within: int) -> bytes:
    """A CTR counter block (big-endian) whose low 32 bits carry within `within` blocks
    (2^32 - k, 1 <= k <= within), each of its upper three 32-bit chunks all ones or
    random: the carries into, and between, the chunks of the counter's upper 96 bits."""
    chunks = [0xFFFFFFFF if rng.random() < 0.5 else rng.getrandbits(32) for _ in range(3)]
    low = 2**32 - rng.randrange(1, max(within, 1) + 1)
    return b"".join(c.to_bytes(4, "big") for c in chunks) + low.to_bytes(4, "big")


def random_gcm_frame(rng: random.Random, lanes: int, key: bytes | None, *, errors: bool = True,
                     prefix_only: bool = False) -> tuple[gcm.GcmFrame, bool]:
    """(frame, decrypt) of a random GCM message (specification §3a) for a slot holding
    `key` (None: not known when the message is made, so a decryption carries a random
    tag): AAD and payload of 0 to a few beats with partial blocks, every tag length,
    both directions; decryptions of OpenSSL's ciphertext and tag, some with a bit flipped
    in the ciphertext, the AAD or the tag (code 7); with `errors` a few frames cut short
    (tlast on the IV or an AAD beat), with a short payload beat before the last, an
    illegal tag tkeep or an IV beat that is not full (code 1). The bytes the IP must
    ignore (the IV beat's other lanes, AAD padding, an encryption's input tag, bytes not
    kept) are random. `prefix_only`: every beat keeps bytes 0..n-1 (what the Verilator
    harness drives); else a bad IV beat may miss any byte."""
    b = 16 * lanes
    dec = rng.random() < 0.5
    iv = rng.randbytes(12)
    aad = rng.randbytes(rng.choice([0, 0, 1, 13, 16, 17, 32, 40, b, b + 5, 2 * b + 3]))
    text = rng.randbytes(rng.choice([0, 1, 15, 16, 17, 31, 32, 33, 48, b, b + 1, 2 * b, 3 * b - 7, 5 * b]))
    tag_len = rng.choice(gcm.TAG_LENGTHS + (16, 16))
    if dec and key is not None:
        sealed = AESGCM(key).encrypt(iv, text, aad)
        text, tag = sealed[:-16], sealed[-16:][:tag_len]
        if errors and rng.random() < 0.3:
            parts = {"text": text, "aad": aad, "tag": tag}
            what = rng.choice([w for w, v in parts.items() if v])
            changed = bytearray(parts[what])
            changed[rng.randrange(len(changed))] ^= 1 << rng.randrange(8)
            parts[what] = bytes(changed)
            text, aad, tag = parts["text"], parts["aad"], parts["tag"]
        frame = gcm.message_frame(iv, aad, text, tag, lanes)
    else:
        frame = gcm.message_frame(iv, aad, text, rng.randbytes(tag_len) if dec else tag_len, lanes)
    data, keep = bytearray(frame.data), list(frame.keep)
    n = len(data) // b
    aad_beats = -(-len(aad) // b)
    for i in range(16, b):
        data[i] = rng.randrange(256)
    for i in range(b + len(aad), (1 + aad_beats) * b):
        data[i] = rng.randrange(256)
    for i in range(len(data)):
        if not keep[i] or (not dec and i >= (n - 1) * b):
            data[i] = rng.randrange(256)
    if errors and rng.random() < 0.1:
        r = rng.random()
        if r < 0.25:
            cut = rng.randint(1, 1 + aad_beats)               # tlast on the IV or an AAD beat
            data, keep = data[: cut * b], keep[: cut * b]
        elif r < 0.5 and n - aad_beats >= 4:                  # a short payload beat before the last
            k = 1 + aad_beats + rng.randrange(n - aad_beats - 3)
            m = rng.randint(1, 15)
            keep[(k + 1) * b - m : (k + 1) * b] = [0] * m
        elif r < 0.75:                                        # a tag tkeep of an illegal length
            t = rng.choice([0, 1, 2, 3, 5, 6, 7, 9, 10, 11] + ([17, 20] if lanes > 1 else []))
            keep[(n - 1) * b :] = [1] * t + [0] * (b - t)
        elif prefix_only:                                     # an IV beat that is not full
            m = rng.randint(1, b - 1)
            keep[b - m : b] = [0] * m
        else:
            keep[rng.randrange(b)] = 0
    return gcm.GcmFrame(bytes(data), tuple(keep), b), dec


def gcm_expected(frame: gcm.GcmFrame, key: bytes | None, decrypt: bool, selftest_failed: bool = False) -> Expected:
    """What a GCM message comes out as (the kept bytes of its output frame), in a build
    with GCM: `aescores.gcm.expect_message`, with the blocks BLOCKS counts."""
    code, out = gcm.expect_message(frame, key, decrypt, selftest_ok=not selftest_failed)
    kept = bytes(d for d, m in zip(out, frame.keep) if m)
    return Expected(code, kept, gcm.payload_blocks(frame))
