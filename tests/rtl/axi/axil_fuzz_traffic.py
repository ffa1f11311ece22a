# SPDX-License-Identifier: Apache-2.0
"""The traffic generator of the aes_axi bus fuzz (cocotb_axil_fuzz.py): the AXI4-Lite
operations it issues (`BusWrite`, `BusRead`: address, data, strobes, PROT and the random
delays of each channel; the bench records their handshake clocks and responses in them)
and `Traffic`, the random register operations and stream messages of a fuzz run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from axil_fuzz_model import (BLOCKS, CAPS, CTRL, ERR, ID, IRQ_EN, KEY_CLEAR, KEY_CTRL, KEY_WORDS, LATENCY,
                             MAX_LEN_CODE, MSGS, NSLOTS, READ_ONLY, READS_ZERO, RK_CTRL, RK_WORDS, SLOTS, STATUS,
                             name_of)

# ------------------------------------------------------------------ bus operations
# Made here; the bench fills in the clocks of their handshakes and their responses.


@dataclass
class BusWrite:
    addr: int
    data: int
    strb: int
    prot: int
    aw_delay: int
    w_delay: int
    b_delay: int
    after_b: bool          # wait for the previous write's response before presenting it
    t_issue: int = -1
    t_aw: int = -1
    t_w: int = -1
    t_bvalid: int = -1     # first clock BVALID was seen for it
    t_b: int = -1
    resp: int = -1

    def describe(self) -> str:
        return (f"write {self.data:#010x} wstrb {self.strb:#06b} to {self.addr:#05x} ({name_of(self.addr)}), "
                f"AW at {self.t_aw}, W at {self.t_w}, B at {self.t_b}")


@dataclass
class BusRead:
    addr: int
    prot: int
    ar_delay: int
    r_delay: int
    after_r: bool
    t_issue: int = -1
    t_ar: int = -1
    t_rvalid: int = -1
    t_r: int = -1
    data: int = -1
    resp: int = -1
    irq: int = -1          # the irq output at the AR handshake

    def describe(self) -> str:
        return (f"read of {self.addr:#05x} ({name_of(self.addr)}) at AR {self.t_ar}: "
                f"{self.data:#010x} resp {self.resp}")


# ------------------------------------------------------------------ traffic


class Traffic:
    """Random register operations and messages."""

    def __init__(self, rng: random.Random, beat_bytes: int) -> None:
        self.rng = rng
        self.b = beat_bytes

    def key_bytes(self, n: int) -> bytes:
        """Random bytes, none zero (so that a leaked word is told from a small counter)."""
        return bytes(self.rng.randint(1, 255) for _ in range(n))

    def word(self) -> int:
        return int.from_bytes(self.key_bytes(4), "little")

    def strobe(self) -> int:
        r = self.rng.random()
        return 0xF if r < 0.55 else self.rng.randrange(16)

    def addr_of(self, reg: int) -> int:
        """`reg` or, now and then, the same word with address bits [1:0] set."""
        return reg | (self.rng.randint(1, 3) if self.rng.random() < 0.15 else 0)

    def timing(self) -> dict:
        rng = self.rng
        d = lambda: rng.choice((0, 0, 0, 1, 1, 2, 3, 5, 8))  # noqa: E731
        return {"aw_delay": d(), "w_delay": d(), "b_delay": d(), "after_b": rng.random() < 0.5}

    def rtiming(self) -> dict:
        rng = self.rng
        d = lambda: rng.choice((0, 0, 0, 1, 2, 4))  # noqa: E731
        return {"ar_delay": d(), "r_delay": d(), "after_r": rng.random() < 0.5}

    def write(self, addr: int, data: int, strb: int = 0xF) -> BusWrite:
        return BusWrite(addr, data & 0xFFFFFFFF, strb, self.rng.randrange(8), **self.timing())

    def read(self) -> BusRead:
        rng = self.rng
        r = rng.random()
        if r < 0.55:
            addr = self.addr_of(rng.choice((STATUS, SLOTS, SLOTS, ERR, ERR, IRQ_EN, MSGS, BLOCKS, ID, CAPS, LATENCY)))
        elif r < 0.75:
            addr = self.addr_of(rng.choice(READS_ZERO))
        else:
            addr = rng.choice((rng.randrange(0x064, 0x1000), rng.randrange(0x064, 0x100)))
        return BusRead(addr, rng.randrange(8), **self.rtiming())

    def key_load(self) -> list[BusWrite]:
        """A key load: the staging words, then a commit. Now and then the words are
        written in pieces under random strobes (bytes no strobe covers keep what the
        staging word held)."""
        rng = self.rng
        length = rng.randint(0, MAX_LEN_CODE)
        words = []
        for i in range(4 + 2 * length):
            if rng.random() < 0.35:
                words += [self.write(self.addr_of(KEY_WORDS[i]), self.word(), rng.randrange(1, 16))
                          for _ in range(rng.randint(1, 3))]
            else:
                words.append(self.write(KEY_WORDS[i], self.word()))
        rng.shuffle(words)
        slot = rng.randrange(NSLOTS)
        return words + [self.write(KEY_CTRL, slot | length << 4 | 1 << 8)]

    def ops(self) -> list[BusWrite | BusRead]:
        """One burst of register operations."""
        rng = self.rng
        r = rng.random()
        if r < 0.35:
            return [self.read() for _ in range(rng.randint(1, 4))]
        if r < 0.47:
            return self.key_load()
        if r < 0.57:
            return [self.write(self.addr_of(rng.choice(KEY_WORDS)), self.word(), self.strobe())]
        if r < 0.66:
            slot = rng.randrange(NSLOTS) if rng.random() < 0.75 else rng.randrange(16)
            length = rng.randint(0, MAX_LEN_CODE) if rng.random() < 0.85 else rng.randint(0, 3)
            value = slot | length << 4 | (1 << 8 if rng.random() < 0.85 else 0) | rng.getrandbits(32) & 0xFFFFFEC0
            return [self.write(self.addr_of(KEY_CTRL), value, 0xF if rng.random() < 0.7 else rng.randrange(16))]
        if r < 0.69:
            mask = 1 << rng.randrange(16) if rng.random() < 0.8 else rng.getrandbits(16)
            return [self.write(self.addr_of(KEY_CLEAR), mask | rng.getrandbits(32) & 0xFFFF0000, self.strobe())]
        if r < 0.76:
            return [self.write(self.addr_of(ERR), rng.getrandbits(32), self.strobe())]
        if r < 0.82:
            return [self.write(self.addr_of(IRQ_EN), rng.getrandbits(32), self.strobe())]
        if r < 0.86:
            # CTRL: bit 0 set only in a byte not strobed (the pulse must not fire); the
            # self-test rerun itself is done by the test at quiet moments.
            strb = self.strobe()
            value = rng.getrandbits(32)
            if strb & 1:
                value &= ~1
            return [self.write(self.addr_of(CTRL), value, strb)]
        if r < 0.91:
            return [self.write(self.addr_of(rng.choice(READ_ONLY)), rng.getrandbits(32), self.strobe())]
        if r < 0.96:
            addr = rng.choice((rng.randrange(0x064, 0x1000), rng.randrange(0x064, 0x100)))
            return [self.write(addr, rng.getrandbits(32), self.strobe())]
        addr = rng.choice((*RK_WORDS, RK_CTRL))
        return [self.write(self.addr_of(addr), self.word() if addr != RK_CTRL else rng.getrandbits(32), self.strobe())]

    def message(self) -> tuple[int, bytes, list[int], list[int]]:
        """(tuser, payload, tkeep per byte, tuser per beat) of a random message."""
        rng = self.rng
        b = self.b
        mode = rng.randrange(5) if rng.random() < 0.95 else rng.randint(5, 7)
        dec = rng.random() < 0.5
        slot = rng.randrange(NSLOTS) if rng.random() < 0.95 else rng.randrange(16)
        has_iv = 1 <= mode <= 4
        nbytes = 16 * rng.choice((1, 1, 2, 3, 4, 6, 9))
        if mode in (2, 3, 4) and rng.random() < 0.35:
            nbytes -= rng.randint(1, 15)
        elif rng.random() < 0.04:
            nbytes -= rng.randint(1, 15)             # a partial block (code 1 in ECB, CBC)
        if has_iv and rng.random() < 0.03:
            nbytes = 0                               # only the IV beat (code 1)
        iv = rng.randbytes(16)
        if mode == 4 and rng.random() < 0.1:
            iv = ((1 << 128) - rng.randint(1, 3)).to_bytes(16, "big")
        data = rng.randbytes(nbytes)
        head = iv + rng.randbytes(b - 16) if has_iv else b""
        payload = head + data
        if not payload:
            payload = rng.randbytes(16)
        keep = [1] * len(payload)
        nb = -(-len(payload) // b)
        if nb > 2 and rng.random() < 0.03:            # a beat before the last not full (code 1)
            k = rng.randrange(1, nb - 1)
            cut = rng.randint(1, b - 1)
            for i in range(k * b + cut, (k + 1) * b):
                keep[i] = 0
                payload = payload[:i] + b"\0" + payload[i + 1:]
        tuser = mode | int(dec) << 3 | slot << 4
        later = [rng.randrange(256) for _ in range(nb)]
        return tuser, payload, keep, later
