# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for aes_core: block handshake, key slots, and the ECB conformance
set (FIPS-197 Appendix C, CAVP ECB KAT and MMT files) checked against NIST's values."""

from __future__ import annotations

import os
import random
from collections import deque

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from aescores.model import encrypt_block
from aescores.sim.conformance import cavp_ecb_cases, fips197_cases

LEN_CODE = {16: 0, 24: 1, 32: 2}


def to_int(data: bytes) -> int:
    """Byte i in bits [8i+7:8i] (the library's byte order)."""
    return int.from_bytes(data, "little")


def to_bytes(value: int, n: int) -> bytes:
    return value.to_bytes(n, "little")


class KeyBench:
    """Reset and the key-slot ports, shared by the aes_core bench below and the
    aes_key_slots bench (tests/rtl/key_slots/cocotb_slots.py); `idle_signal` names the output that says
    no key job runs or waits."""

    idle_signal = "keys_idle"

    def __init__(self, dut):
        self.dut = dut
        self.slots = len(dut.slot_loaded)

    async def reset(self) -> None:
        self.dut.rst.value = 1
        for _ in range(3):
            await RisingEdge(self.dut.clk)
        self.dut.rst.value = 0
        await self.wait_idle()

    async def wait_idle(self, limit: int = 10_000) -> None:
        idle = getattr(self.dut, self.idle_signal)
        for _ in range(limit):
            await RisingEdge(self.dut.clk)
            await ReadOnly()
            if int(idle.value):
                await RisingEdge(self.dut.clk)
                return
        raise AssertionError("key slots never became idle")

    async def load_key(self, slot: int, key: bytes, wait: bool = True) -> None:
        """Present a load and wait for its handshake; with `wait`, for its end too."""
        dut = self.dut
        dut.load_slot.value = slot
        dut.load_len.value = LEN_CODE[len(key)]
        dut.load_key.value = to_int(key)
        dut.load_valid.value = 1
        await self.handshake(dut.load_ready)
        dut.load_valid.value = 0
        dut.load_key.value = 0
        if wait:
            await self.wait_idle()
            assert (int(dut.slot_loaded.value) >> slot) & 1, f"slot {slot} not loaded after the load"

    async def handshake(self, ready) -> None:
        """With valid already driven: wait for the clock edge at which ready is high."""
        while True:
            await ReadOnly()
            seen = int(ready.value)
            await RisingEdge(self.dut.clk)
            if seen:
                return


class Bench(KeyBench):
    """Clock, reset, key loading, and a block driver and monitor with random gaps."""

    def __init__(self, dut, seed: int = 1, p_valid: float = 0.7, p_ready: float = 0.6):
        super().__init__(dut)
        self.rng = random.Random(seed)
        self.p_valid = p_valid
        self.p_ready = p_ready
        self.lanes = len(dut.s_data) // 128
        self.outputs: deque[tuple[int, bytes]] = deque()
        self.stall_violations = 0

    async def start(self) -> None:
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
        for name in ("load_valid", "load_slot", "load_len", "load_key", "clear_valid", "clear_mask",
                     "host_wr_valid", "host_commit_valid", "host_slot", "host_idx", "host_dec",
                     "host_key", "host_len", "slot_hold", "s_valid", "s_data", "s_slot", "s_decrypt", "s_chain",
                     "s_tag", "m_ready"):
            getattr(dut, name).value = 0
        await self.reset()
        cocotb.start_soon(self._monitor())

    async def clear(self, mask: int) -> None:
        self.dut.clear_mask.value = mask
        self.dut.clear_valid.value = 1
        await RisingEdge(self.dut.clk)
        self.dut.clear_valid.value = 0
        await self.wait_idle()

    async def _monitor(self) -> None:
        dut = self.dut
        held = None
        while True:
            dut.m_ready.value = int(self.rng.random() < self.p_ready)
            await ReadOnly()
            valid = int(dut.m_valid.value)
            ready = int(dut.m_ready.value)
            now = (int(dut.m_tag.value), to_bytes(int(dut.m_data.value), 16 * self.lanes)) if valid else None
            if held is not None and now != held:
                self.stall_violations += 1
            if valid and ready:
                self.outputs.append(now)
            held = now if valid and not ready else None
            await RisingEdge(dut.clk)

    async def send(self, beats: list[tuple[int, bool, bytes]]) -> list[bytes]:
        """Send beats (slot, decrypt, data) with random gaps; return outputs in order."""
        dut = self.dut
        self.outputs.clear()
        for tag, (slot, dec, data) in enumerate(beats):
            while self.rng.random() >= self.p_valid:
                await RisingEdge(dut.clk)
            dut.s_slot.value = slot
            dut.s_decrypt.value = int(dec)
            dut.s_tag.value = tag & 0xFF
            dut.s_data.value = to_int(data)
            dut.s_valid.value = 1
            await self.handshake(dut.s_ready)
            dut.s_valid.value = 0
        for _ in range(200 * len(beats) + 1000):
            if len(self.outputs) == len(beats):
                break
            await RisingEdge(dut.clk)
        assert len(self.outputs) == len(beats), f"{len(self.outputs)} of {len(beats)} blocks came out"
        tags = [t for t, _ in self.outputs]
        assert tags == [i & 0xFF for i in range(len(beats))], "blocks came out of order"
        assert self.stall_violations == 0, "m_data/m_tag changed while stalled"
        return [d for _, d in self.outputs]


async def _expect(bench: Bench, beats, keys) -> None:
    got = await bench.send(beats)
    for (slot, dec, data), out in zip(beats, got):
        key = keys[slot]
        from aescores.sim.conformance import expected_block

        want = b"".join(expected_block(key, data[i:i + 16], dec) for i in range(0, len(data), 16))
        assert out == want, f"slot {slot} dec={dec}: got {out.hex()} want {want.hex()}"


@cocotb.test()
async def test_core_ecb_conformance_fips197_and_cavp(dut):
    """FIPS-197 C.1-C.3 both directions and every CAVP ECB KAT/MMT block, with random
    input gaps and output backpressure; every block checked against NIST's value."""
    bench = Bench(dut, seed=5)
    await bench.start()
    which = os.environ.get("AESCORES_VECTORS", "all")
    cases = fips197_cases() + (cavp_ecb_cases() if which == "all" else [])
    checked = 0
    i = 0
    while i < len(cases):
        keys: dict[bytes, int] = {}
        batch = []
        while i < len(cases) and (cases[i].key in keys or len(keys) < bench.slots):
            keys.setdefault(cases[i].key, len(keys))
            batch.append(cases[i])
            i += 1
        for key, slot in keys.items():
            await bench.load_key(slot, key)
        beats = [(keys[c.key], c.decrypt, c.data * bench.lanes) for c in batch]
        got = await bench.send(beats)
        for case, out in zip(batch, got):
            assert out[:16] == case.expected, f"{case.group}: got {out[:16].hex()} want {case.expected.hex()}"
            checked += 1
    assert checked == len(cases) and checked >= 6


@cocotb.test()
async def test_slot_reload_waits_for_hold_and_never_mixes_keys(dut):
    """A key committed to a slot that blocks in flight still use is written only after
    slot_hold falls; until then blocks keep using the old key, whole."""
    bench = Bench(dut, seed=9)
    await bench.start()
    old, new = bytes(range(16)), bytes(range(100, 116))
    await bench.load_key(0, old)
    dut.slot_hold.value = 1
    dut.load_slot.value = 0
    dut.load_len.value = 0
    dut.load_key.value = to_int(new)
    dut.load_valid.value = 1
    await bench.handshake(dut.load_ready)
    dut.load_valid.value = 0
    dut.load_key.value = 0
    for _ in range(100):
        await RisingEdge(dut.clk)
    await ReadOnly()
    assert int(dut.slot_loading.value) & 1, "slot should be loading while held"
    assert not int(dut.slot_loaded.value) & 1, "a loading slot must not show as loaded"
    await RisingEdge(dut.clk)
    block = bytes(16)
    await _expect(bench, [(0, False, block * bench.lanes)] * 4, {0: old})
    dut.slot_hold.value = 0
    await bench.wait_idle()
    assert int(dut.slot_loaded.value) & 1
    await _expect(bench, [(0, False, block * bench.lanes)] * 4, {0: new})
    assert encrypt_block(new, block) != encrypt_block(old, block)


@cocotb.test()
async def test_clear_empties_slot_and_reset_empties_all(dut):
    """KEY_CLEAR empties a slot (it must be reloaded to be used); reset empties all."""
    bench = Bench(dut, seed=3)
    await bench.start()
    assert int(dut.slot_loaded.value) == 0, "slots must be empty after reset"
    keys = {s: bytes([s + 1] * 16) for s in range(bench.slots)}
    for s, k in keys.items():
        await bench.load_key(s, k)
    assert int(dut.slot_loaded.value) == (1 << bench.slots) - 1
    await bench.clear(1)
    assert int(dut.slot_loaded.value) == (1 << bench.slots) - 2
    await bench.load_key(0, bytes(32))
    assert (int(dut.slot_len.value) & 3) == 2, "slot 0 should now hold a 256-bit key"
    await _expect(bench, [(0, True, bytes(16) * bench.lanes)], {0: bytes(32)})
    await bench.reset()
    assert int(dut.slot_loaded.value) == 0, "reset must empty every slot"
