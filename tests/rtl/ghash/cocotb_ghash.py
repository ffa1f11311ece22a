# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_ghash, the GHASH unit of AES-GCM, on its own.

The build's parameters (DIGIT, PIPE, LANES) come from the environment (AESCORES_GHASH,
JSON), set by test_ghash.py beside this file. Every test drives the unit clock by clock:
inputs are set after a rising edge, and the handshakes are sampled in the read-only
phase before the next one. With several lanes, hashes are cut into beats of 1 to LANES
blocks at random (any count anywhere in a hash), and the lanes past a beat's count
carry random bytes, which the unit must ignore.

Expected values: a scoreboard replays what the unit took (blocks with their first/last
flags, key loads) in clock order under the unit's contract (rtl/aes_ghash.v's header)
and hashes with `aescores.gcm.ghash`, the reference model that tests/model/test_gcm.py
checks against OpenSSL and NIST's CAVP GCM files; the GCM test takes its expected
hash from OpenSSL alone: S = T xor E_K(J0), with T from the `cryptography` package's
AESGCM and E_K from an ECB encryptor.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from aescores import gcm, model

PARAMS = {"DIGIT": 128, "PIPE": 1, "LANES": 1, "POW_LOAD": 0, **json.loads(os.environ.get("AESCORES_GHASH", "{}"))}
DIGIT = int(PARAMS["DIGIT"])
PIPE = int(PARAMS["PIPE"])
LANES = int(PARAMS["LANES"])
FULL = DIGIT == 128
POW_LOAD = int(PARAMS["POW_LOAD"])
"""1: the key and its powers can be loaded as a set (h_pows_load)."""
POWERS = LANES * PIPE if FULL else 1
"""128-bit words of h_pows and h_pows_in."""
BLOCK_CLOCKS = 1 if FULL else 128 // DIGIT + PIPE - 1
"""Clocks per beat at full input rate."""
LATENCY = 2 * PIPE + 1 if FULL else BLOCK_CLOCKS + 1
"""Clocks from a last block's handshake to its result on m_*."""
LOAD_CLOCKS = (2 if PIPE == 1 and LANES == 1 else LANES * PIPE * PIPE + 2) if FULL else 2
"""Clocks from h_load (no block being hashed) to h_ready."""
QUEUE = PIPE + 2 if FULL else 2
"""Results the unit holds at most."""
SCALE = float(os.environ.get("AESCORES_GHASH_SCALE", "1"))
"""Multiplies the amount of random traffic."""


def hashes_for(budget_clocks: int) -> int:
    """How many random hashes (about 20 blocks each) fill `budget_clocks` at this rate."""
    return max(4, int(SCALE * budget_clocks / (20 * BLOCK_CLOCKS)))


# --------------------------------------------------------------------------------------
# Scoreboard: the unit's contract
# --------------------------------------------------------------------------------------


@dataclass
class Scoreboard:
    """What the unit must output, from what it took, in clock order.

    A hash starts with a block that has s_first, or the first block after a last block,
    a reset or a key load; s_first inside a hash drops the open one; a key load drops
    the open hash, and hashes whose last block was taken before it (or in its clock)
    use the old key.
    """

    key: bytes | None = None
    open: list[bytes] = field(default_factory=list)
    expected: list[bytes] = field(default_factory=list)
    hashes: int = 0
    dropped_by_first: int = 0
    dropped_by_load: int = 0
    loads_between: int = 0

    def beat(self, blocks: list[bytes], first: bool, last: bool) -> None:
        assert self.key is not None, "a block was taken before any key was loaded"
        if first and self.open:
            self.dropped_by_first += 1
            self.open = []
        self.open += blocks
        if last:
            self.expected.append(gcm.ghash(self.key, self.open))
            self.hashes += 1
            self.open = []

    def load(self, key: bytes) -> None:
        if self.open:
            self.dropped_by_load += 1
        else:
            self.loads_between += 1
        self.open = []
        self.key = key

    def reset(self) -> None:
        self.key = None
        self.open = []
        self.expected = []

    def clear(self) -> None:
        """h_clear: the key and an open hash are gone; queued results still come out."""
        self.key = None
        self.open = []


# --------------------------------------------------------------------------------------
# The unit, clock by clock
# --------------------------------------------------------------------------------------


@dataclass
class Item:
    """One beat to offer (1 to LANES blocks), with its flags."""

    blocks: list[bytes]
    first: bool = False
    last: bool = False


def hash_items(blocks: list[bytes], first: bool = True, rng: random.Random | None = None) -> list[Item]:
    """A whole hash in beats: the first beat flagged (when `first`), the last one flagged
    last. Beats are full, or of 1 to LANES blocks at random when `rng` is given."""
    beats: list[list[bytes]] = []
    rest = list(blocks)
    while rest:
        n = rng.randint(1, LANES) if rng else LANES
        beats.append(rest[:n])
        rest = rest[n:]
    return [Item(b, first=first and i == 0, last=i == len(beats) - 1) for i, b in enumerate(beats)]


def single(block: bytes, first: bool = True, last: bool = True) -> Item:
    """A beat of one block."""
    return Item([block], first, last)


class Unit:
    """Drives aes_ghash one clock at a time and checks its outputs against a scoreboard."""

    def __init__(self, dut, seed: int) -> None:
        self.dut = dut
        self.rng = random.Random(seed)
        self.board = Scoreboard()
        self.clock = 0
        self.popped: list[tuple[int, bytes]] = []     # (clock, hash)
        self.taken: list[tuple[int, Item]] = []       # (clock, item)
        self._held: tuple[int, int] | None = None     # m_valid waiting: (m_hash, clock)
        self.holds = 0                                # clocks a result waited for m_ready
        # The outputs as sampled in the last clock's read-only phase.
        self.s_ready = self.h_ready = self.m_valid = 0

    async def start(self) -> None:
        cocotb.start_soon(Clock(self.dut.clk, 10, "ns").start())
        await self.reset()

    def idle_inputs(self) -> None:
        d = self.dut
        d.s_valid.value = 0
        d.s_block.value = 0
        d.s_blocks.value = 0
        d.s_first.value = 0
        d.s_last.value = 0
        d.h.value = 0
        d.h_load.value = 0
        d.h_pows_load.value = 0
        d.h_pows_in.value = 0
        d.h_clear.value = 0
        d.m_ready.value = 0

    async def reset(self) -> None:
        self.dut.rst.value = 1
        self.idle_inputs()
        for _ in range(3):
            await RisingEdge(self.dut.clk)
            self.clock += 1
        self.dut.rst.value = 0
        self.board.reset()
        self._held = None

    async def tick(self, item: Item | None, m_ready: bool, key: bytes | None = None,
                   clear: bool = False, key_set: tuple[bytes, int] | None = None) -> bool:
        """One clock: offer `item` (None: s_valid low), m_ready, a key load when `key`, a
        load of a stored set when `key_set` ((the key, the h_pows value an earlier load of
        it gave)), and h_clear when `clear`. Returns True when the item was taken. Checks
        the outputs on the way."""
        d = self.dut
        d.s_valid.value = int(item is not None)
        # lanes past the count carry random bytes: the unit must not hash them
        lanes = (item.blocks + [self.rng.randbytes(16) for _ in range(LANES - len(item.blocks))]) if item else []
        d.s_block.value = sum(model.to_port(b) << (128 * j) for j, b in enumerate(lanes))
        d.s_blocks.value = len(item.blocks) if item else 0
        d.s_first.value = int(bool(item and item.first))
        d.s_last.value = int(bool(item and item.last))
        d.m_ready.value = int(m_ready)
        d.h_load.value = int(key is not None)
        d.h.value = model.to_port(key) if key is not None else 0
        d.h_pows_load.value = int(key_set is not None)
        d.h_pows_in.value = key_set[1] if key_set is not None else 0
        d.h_clear.value = int(clear)
        await ReadOnly()
        s_ready = self.s_ready = int(d.s_ready.value)
        h_ready = self.h_ready = int(d.h_ready.value)
        m_valid = self.m_valid = int(d.m_valid.value)
        assert not s_ready or h_ready, f"clock {self.clock}: s_ready high while h_ready is low"
        if self._held is not None:
            value, since = self._held
            assert m_valid, f"clock {self.clock}: m_valid fell before m_ready (high since clock {since})"
            assert int(d.m_hash.value) == value, f"clock {self.clock}: m_hash changed while waiting for m_ready"
        self._held = None
        taken = bool(item is not None and s_ready)
        if taken:
            self.board.beat(item.blocks, item.first, item.last)
            self.taken.append((self.clock, item))
        if key is not None:
            self.board.load(key)
        elif key_set is not None:
            self.board.load(key_set[0])
        if clear:
            self.board.clear()
        if m_valid:
            got = model.from_port(int(d.m_hash.value))
            if m_ready:
                assert self.board.expected, f"clock {self.clock}: a result {got.hex()} that no hash asked for"
                want = self.board.expected.pop(0)
                assert got == want, (f"clock {self.clock}: hash {len(self.popped)} is {got.hex()}, "
                                     f"expected {want.hex()}")
                self.popped.append((self.clock, got))
            else:
                self._held = (int(d.m_hash.value), self.clock)
                self.holds += 1
        await RisingEdge(d.clk)
        self.clock += 1
        return taken

    async def load_key(self, key: bytes) -> int:
        """Load `key` with nothing else going on; returns the clocks until h_ready."""
        await self.tick(None, True, key)
        return await self._clocks_to_h_ready("h_load")

    async def load_set(self, key: bytes, pows: int) -> int:
        """Load a stored set with nothing else going on; returns the clocks until h_ready."""
        await self.tick(None, True, key_set=(key, pows))
        return await self._clocks_to_h_ready("h_pows_load")

    async def _clocks_to_h_ready(self, load: str) -> int:
        """Idle after the clock of a load until h_ready; returns the clocks it took."""
        start = self.clock - 1
        for _ in range(200):
            await self.tick(None, True)
            if self.h_ready:
                return self.clock - 1 - start
        raise AssertionError(f"h_ready did not rise within 200 clocks of {load}")

    async def until_ready(self) -> None:
        """Idle (m_ready high) until s_ready is high; with nothing offered it stays high."""
        for _ in range(200):
            await self.tick(None, True)
            if self.s_ready:
                return
        raise AssertionError("s_ready did not rise within 200 clocks")

    async def drain(self) -> None:
        """m_ready high until every expected result is out, then some more clocks in which
        no further result may appear."""
        for _ in range(LATENCY + 4 * QUEUE + 10):
            if not self.board.expected:
                break
            await self.tick(None, True)
        assert not self.board.expected, f"{len(self.board.expected)} results never came out"
        for _ in range(LATENCY + 4):
            await self.tick(None, True)
            assert not self.m_valid, f"clock {self.clock - 1}: a result that no hash asked for"

    async def stream(self, items: list[Item], p_valid: float, p_ready: float,
                     keys: list[bytes] | None = None, p_load: float = 0.0, limit: int = 400_000) -> None:
        """Offer `items` in order (s_valid high with probability p_valid once nothing is on
        offer; an offered item stays until taken), m_ready with probability p_ready, and
        load each of `keys` at random clocks (probability p_load per clock)."""
        keys = list(keys or [])
        pending = list(items)
        offer: Item | None = None
        for _ in range(limit):
            if not pending and offer is None and not keys:
                break
            if offer is None and pending and self.rng.random() < p_valid:
                offer = pending.pop(0)
            key = keys.pop(0) if keys and self.rng.random() < p_load else None
            if await self.tick(offer, self.rng.random() < p_ready, key):
                offer = None
        else:
            raise AssertionError(f"traffic not done after {limit} clocks")

    def random_hashes(self, count: int, max_blocks: int = 40, p_first: float = 0.7) -> list[Item]:
        """`count` hashes of 1 .. max_blocks random blocks; s_first set on a first block with
        probability p_first (the unit must start a new hash after a last block anyway)."""
        items: list[Item] = []
        for _ in range(count):
            n = self.rng.randint(1, max_blocks)
            items += hash_items([self.rng.randbytes(16) for _ in range(n)], first=self.rng.random() < p_first,
                                rng=self.rng)
        return items


async def started(dut, seed: int) -> Unit:
    unit = Unit(dut, seed)
    await unit.start()
    return unit


# --------------------------------------------------------------------------------------
# Tests
# --------------------------------------------------------------------------------------


@cocotb.test()
async def random_hashes_back_to_back_match_the_model(dut) -> None:
    unit = await started(dut, 1)
    await unit.load_key(unit.rng.randbytes(16))
    items = unit.random_hashes(hashes_for(3000))
    await unit.stream(items, 1.0, 1.0)
    await unit.drain()
    assert unit.board.hashes == sum(i.last for i in items) == len(unit.popped)
    dut._log.info("%d hashes, %d blocks in %d clocks", unit.board.hashes, len(items), unit.clock)


@cocotb.test()
async def random_stalls_on_both_sides_keep_order_and_values(dut) -> None:
    unit = await started(dut, 2)
    for phase, (p_valid, p_ready) in enumerate(((0.5, 0.9), (0.9, 0.3), (0.3, 0.3), (1.0, 0.6), (0.7, 1.0))):
        await unit.load_key(unit.rng.randbytes(16))
        before = len(unit.popped)
        items = unit.random_hashes(hashes_for(1500))
        await unit.stream(items, p_valid, p_ready)
        await unit.drain()
        assert len(unit.popped) - before == sum(i.last for i in items), f"phase {phase}"
    # results waited for m_ready (their stability is checked in every such clock)
    assert unit.holds >= 20, f"only {unit.holds} clocks with a result waiting"
    assert unit.board.hashes == len(unit.popped)


@cocotb.test()
async def key_reload_between_and_inside_hashes(dut) -> None:
    """h_load at random clocks, while hashes are open, between them and while results are
    still in flight; and once again while a load is under way."""
    unit = await started(dut, 3)
    await unit.load_key(unit.rng.randbytes(16))
    keys = [unit.rng.randbytes(16) for _ in range(40)]
    items = unit.random_hashes(hashes_for(4000), max_blocks=12 * LANES)
    await unit.stream(items, 0.8, 0.8, keys=keys, p_load=0.03)
    await unit.drain()
    # a load in the clock after another one (the first one still under way)
    await unit.tick(None, True, unit.rng.randbytes(16))
    await unit.load_key(unit.rng.randbytes(16))
    await unit.stream(unit.random_hashes(6), 1.0, 1.0)
    await unit.drain()
    board = unit.board
    dut._log.info("%d loads between hashes, %d inside one; %d hashes", board.loads_between, board.dropped_by_load,
                  board.hashes)
    assert board.dropped_by_load >= 3 and board.loads_between >= 3, "the loads did not hit both cases"
    assert board.hashes == len(unit.popped) > 0


@cocotb.test()
async def first_flag_inside_a_hash_drops_the_open_hash(dut) -> None:
    unit = await started(dut, 4)
    await unit.load_key(unit.rng.randbytes(16))
    items: list[Item] = []
    for _ in range(hashes_for(2000)):
        # an abandoned start (no last block), then a whole hash that begins with s_first
        items += [single(unit.rng.randbytes(16), first=j == 0, last=False) for j in range(unit.rng.randint(1, 6))]
        items += hash_items([unit.rng.randbytes(16) for _ in range(unit.rng.randint(1, 9))], rng=unit.rng)
    for p_valid, p_ready in ((1.0, 1.0), (0.6, 0.7)):
        await unit.stream(items, p_valid, p_ready)
        await unit.drain()
    assert unit.board.dropped_by_first == 2 * hashes_for(2000)
    assert unit.board.hashes == len(unit.popped)


@cocotb.test()
async def gcm_hashes_match_openssl_tags(dut) -> None:
    """GHASH over pad(A) || pad(C) || lengths, with the key's H loaded per message,
    against S = T xor E_K(J0) from OpenSSL (AESGCM for T, an ECB encryptor for H and
    E_K(J0))."""
    unit = await started(dut, 5)
    rng = unit.rng
    messages = 0
    for key_bytes in (16, 24, 32):
        for _ in range(max(3, int(SCALE * 12 / BLOCK_CLOCKS ** 0.5))):
            key, iv = rng.randbytes(key_bytes), rng.randbytes(12)
            aad_len = rng.choice((0, 1, 15, 16, 17, 20, 33, 64, rng.randint(0, 90)))
            pt_len = rng.choice((0, 1, 15, 16, 17, 51, 64, rng.randint(0, 200)))
            aad, pt = rng.randbytes(aad_len), rng.randbytes(pt_len)
            sealed = AESGCM(key).encrypt(iv, pt, aad)
            ct, tag = sealed[:-16], sealed[-16:]
            ecb = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
            h = ecb.update(bytes(16))
            expected = bytes(t ^ e for t, e in zip(tag, ecb.update(iv + b"\0\0\0\1")))
            blocks = gcm.ghash_input(aad, ct)
            assert gcm.ghash(h, blocks) == expected, "the model disagrees with OpenSSL"
            await unit.load_key(h)
            before = len(unit.popped)
            await unit.stream(hash_items(blocks, rng=rng), 0.8, 0.8)
            await unit.drain()
            assert [v for _, v in unit.popped[before:]] == [expected]
            messages += 1
    dut._log.info("%d GCM messages hashed", messages)


@cocotb.test()
async def timing_rate_latency_and_key_load(dut) -> None:
    """The clocks rtl/aes_ghash.v's header states: h_ready LOAD_CLOCKS after h_load; a block
    per BLOCK_CLOCKS while s_valid stays high; a result LATENCY clocks after its last
    block; two-block hashes (one-block ones digit-serial) back to back without a gap;
    QUEUE results held while m_ready is low and nothing more taken."""
    unit = await started(dut, 6)
    # No key yet: nothing is taken.
    for _ in range(5):
        assert not await unit.tick(single(bytes(16)), True)
    assert not unit.board.expected
    assert await unit.load_key(unit.rng.randbytes(16)) == LOAD_CLOCKS

    def gaps(start: int) -> list[int]:
        clocks = [c for c, _ in unit.taken[start:]]
        return [b - a for a, b in zip(clocks, clocks[1:])]

    # One long hash, s_valid always high.
    start = len(unit.taken)
    await unit.stream(hash_items([unit.rng.randbytes(16) for _ in range(40)]), 1.0, 1.0)
    await unit.drain()
    assert set(gaps(start)) == {BLOCK_CLOCKS}, gaps(start)
    assert unit.popped[-1][0] - unit.taken[-1][0] == LATENCY

    # Short hashes back to back.
    shortest = 2 * LANES if FULL else 1
    start = len(unit.taken)
    items = []
    for _ in range(30):
        items += hash_items([unit.rng.randbytes(16) for _ in range(shortest)])
    await unit.stream(items, 1.0, 1.0)
    await unit.drain()
    assert set(gaps(start)) == {BLOCK_CLOCKS}, gaps(start)
    if FULL:
        # one-block hashes: PIPE + 2 taken per 2 PIPE + 2 clocks
        start = len(unit.taken)
        await unit.stream([single(unit.rng.randbytes(16)) for _ in range(4 * (PIPE + 2))], 1.0, 1.0)
        await unit.drain()
        clocks = [c for c, _ in unit.taken[start:]]
        assert clocks[-1] - clocks[0] + 1 == 4 * (2 * PIPE + 2) - PIPE, gaps(start)

    # m_ready low: QUEUE results, then nothing more is taken.
    offered = [single(unit.rng.randbytes(16)) for _ in range(QUEUE + 3)]
    start = len(unit.taken)
    pending = list(offered)
    for _ in range(QUEUE * (LATENCY + BLOCK_CLOCKS) + 20):
        if pending and await unit.tick(pending[0], False):
            pending.pop(0)
        elif not pending:
            await unit.tick(None, False)
    assert len(unit.taken) - start == QUEUE, f"{len(unit.taken) - start} taken with m_ready low"
    assert unit.m_valid and not unit.s_ready
    await unit.stream(pending, 1.0, 1.0)
    await unit.drain()

    # h_load while a block is being hashed (digit-serial) or in flight: the last block
    # taken in the clock of h_load is hashed with the old key.
    items = hash_items([unit.rng.randbytes(16) for _ in range(3)])
    await unit.stream(items[:-1], 1.0, 1.0)
    await unit.until_ready()
    assert await unit.tick(items[-1], True, unit.rng.randbytes(16))
    await unit.drain()
    for _ in range(200):
        await unit.tick(None, True)
        if unit.h_ready:
            break
    assert unit.h_ready
    await unit.stream(unit.random_hashes(3), 1.0, 1.0)
    await unit.drain()


@cocotb.test()
async def reset_in_mid_traffic_forgets_key_hashes_and_results(dut) -> None:
    unit = await started(dut, 7)
    await unit.load_key(unit.rng.randbytes(16))
    items = unit.random_hashes(20, max_blocks=6)
    pending = list(items)
    # stop in the middle, with results queued (m_ready low) and blocks in flight
    for _ in range(60 * BLOCK_CLOCKS):
        if pending and await unit.tick(pending[0], unit.rng.random() < 0.2):
            pending.pop(0)
    dut.rst.value = 1
    await unit.tick(None, True)
    await unit.tick(None, True)
    dut.rst.value = 0
    unit.board.reset()
    for _ in range(LATENCY + 10):
        assert not await unit.tick(single(bytes(16)), True), "a block taken with no key after reset"
        assert not unit.m_valid and not unit.h_ready
    await unit.load_key(unit.rng.randbytes(16))
    before = len(unit.popped)
    items = unit.random_hashes(8)
    await unit.stream(items, 0.9, 0.9)
    await unit.drain()
    assert len(unit.popped) - before == 8


def key_and_state_registers(dut) -> dict[str, int]:
    """The registers that hold H, its powers, or a hash in progress (read for the
    zeroization check only; the other tests see the ports alone)."""
    regs = {"h_new_reg": int(dut.h_new_reg.value)}
    if FULL:
        full = dut.gen_full
        # the multiplier's operand is H^0 = 1 (poly_one) with no block in the loop
        op = int(full.op_reg.value)
        regs.update(pow_reg=int(full.pow_reg.value), a_reg=int(full.a_reg.value), p=int(full.p.value),
                    op_reg_not_one=op if op > 1 else 0)
        for j in range(1, LANES):
            lane = full.gen_lane[j]
            regs.update({f"lane{j}.x_reg": int(lane.x_reg.value), f"lane{j}.x_op_reg": int(lane.x_op_reg.value)})
    else:
        serial = dut.gen_serial
        regs.update(h_reg=int(serial.h_reg.value), x_reg=int(serial.x_reg.value),
                    y_reg=int(serial.y_reg.value), z_reg=int(serial.z_reg.value))
        if PIPE == 2:
            # the multiplier's registered product and its copy of z, through their sum
            regs.update(z_step=int(serial.z_step.value))
    return regs


@cocotb.test()
async def clear_zeroizes_the_key_and_the_hash_state(dut) -> None:
    unit = await started(dut, 8)
    for trial in range(3):
        await unit.load_key(unit.rng.randbytes(16))
        await unit.stream(unit.random_hashes(4, max_blocks=8), 1.0, 1.0)
        # trial 1: results still queued at the clear; trial 2: a hash left open in the
        # datapath (blocks taken, no last block), as a message cut short leaves it
        if trial == 2:
            open_blocks = [single(unit.rng.randbytes(16), first=i == 0, last=False) for i in range(3)]
            await unit.stream(open_blocks, 1.0, 1.0)
        if trial == 1:
            # let the results in flight reach the queue, and leave them there
            for _ in range(LATENCY + 2):
                await unit.tick(None, False)
            assert unit.m_valid, "no result queued before the clear"
        else:
            await unit.drain()
        assert any(key_and_state_registers(dut).values()), "nothing held before the clear"
        await unit.tick(None, trial != 1, clear=True)
        for _ in range(LATENCY + 2 * BLOCK_CLOCKS + 10):
            assert not await unit.tick(single(bytes(16)), trial != 1), "a block taken after h_clear"
            assert not unit.h_ready, "h_ready high after h_clear with no h_load"
        await unit.drain()
        left = {name: hex(v) for name, v in key_and_state_registers(dut).items() if v}
        assert not left, f"trial {trial}: registers not zeroized by h_clear: {left}"
        # a load after the clear works as ever
        await unit.load_key(unit.rng.randbytes(16))
        before = len(unit.popped)
        await unit.stream(unit.random_hashes(3), 0.9, 0.9)
        await unit.drain()
        assert len(unit.popped) - before == 3
    # a clear in the clock of a load wins: no key afterwards
    await unit.tick(None, True, unit.rng.randbytes(16), clear=True)
    for _ in range(LATENCY + 2 * BLOCK_CLOCKS + 10):
        await unit.tick(None, True)
        assert not unit.h_ready, "h_ready high after a load cleared in its own clock"
    assert not any(key_and_state_registers(dut).values())


@cocotb.test()
async def stored_key_sets_load_at_once_and_hash_as_their_key(dut) -> None:
    """POW_LOAD=1: h_pows after a key load is the key's set; loaded back with h_pows_load
    (between hashes, at random clocks while hashes are open and results in flight, and
    over a load under way) it hashes as that key does, ready PIPE + 2 clocks after the
    load instead of the LOAD_CLOCKS a key load takes; h_clear zeroizes a set waiting to
    be taken."""
    unit = await started(dut, 9)
    keys = [unit.rng.randbytes(16) for _ in range(3)]
    sets = {}
    for key in keys:
        assert await unit.load_key(key) == LOAD_CLOCKS
        sets[key] = int(dut.h_pows.value)
        port = model.to_port(key)
        inside = sum(((port >> (8 * (i // 8) + 7 - i % 8)) & 1) << i for i in range(128))  # the unit's bit order
        assert sets[key] & ((1 << 128) - 1) == inside and (POWERS == 1 or sets[key] >> 128), \
            "h_pows is not the key and its powers"
        await unit.stream(unit.random_hashes(3), 1.0, 1.0)
        await unit.drain()
    assert len(set(sets.values())) == len(keys)
    for key in keys * 2:
        assert await unit.load_set(key, sets[key]) == (2 if POWERS == 1 else PIPE + 2), "a set's load time"
        assert int(dut.h_pows.value) == sets[key], "the set loaded is not the set given"
        before = len(unit.popped)
        await unit.stream(unit.random_hashes(4, max_blocks=10 * LANES), 0.9, 0.9)
        await unit.drain()
        assert len(unit.popped) - before == 4
    # Sets loaded at random clocks, hashes open and results in flight.
    order = [keys[unit.rng.randrange(3)] for _ in range(40)]
    pending = list(order)
    items = unit.random_hashes(hashes_for(4000), max_blocks=12 * LANES)
    offer = None
    for _ in range(400_000):
        if not items and offer is None and not pending:
            break
        if offer is None and items and unit.rng.random() < 0.8:
            offer = items.pop(0)
        key = pending.pop(0) if pending and unit.rng.random() < 0.03 else None
        if await unit.tick(offer, unit.rng.random() < 0.8, key_set=(key, sets[key]) if key else None):
            offer = None
    await unit.drain()
    assert unit.board.dropped_by_load >= 3, "no set was loaded inside a hash"
    # A set over a key load under way, and a key load over a set's.
    await unit.tick(None, True, keys[0])
    await unit.load_set(keys[1], sets[keys[1]])
    await unit.stream(unit.random_hashes(3), 1.0, 1.0)
    await unit.drain()
    await unit.tick(None, True, key_set=(keys[2], sets[keys[2]]))
    assert await unit.load_key(keys[0]) == LOAD_CLOCKS
    await unit.stream(unit.random_hashes(3), 1.0, 1.0)
    await unit.drain()
    # A clear right after a set's load: the set waiting for its key swap is zeroized too.
    await unit.tick(None, True, key_set=(keys[1], sets[keys[1]]))
    await unit.tick(None, True, clear=True)
    for _ in range(LATENCY + 10):
        await unit.tick(None, True)
        assert not unit.h_ready, "h_ready high after a set's load was cleared"
    waiting = int(dut.gen_full.gen_pow_load.pows_in_reg.value)
    left = {name: hex(v) for name, v in {**key_and_state_registers(dut), "pows_in_reg": waiting}.items() if v}
    assert not left, f"registers not zeroized by h_clear: {left}"
    assert unit.board.hashes == len(unit.popped)


# Test groups for test_ghash.py.
GROUPS = {
    "hash": [random_hashes_back_to_back_match_the_model, random_stalls_on_both_sides_keep_order_and_values,
             first_flag_inside_a_hash_drops_the_open_hash],
    "key": [key_reload_between_and_inside_hashes, reset_in_mid_traffic_forgets_key_hashes_and_results,
            clear_zeroizes_the_key_and_the_hash_state],
    "gcm": [gcm_hashes_match_openssl_tags],
    "timing": [timing_rate_latency_and_key_load],
    "pows": [stored_key_sets_load_at_once_and_hash_as_their_key],
}
