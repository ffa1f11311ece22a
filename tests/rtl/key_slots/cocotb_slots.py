# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for aes_key_slots on its own: what the round-key store holds after a
key load, a clear and a reset, read through the store's read ports.

Expected round keys come from `aescores.model` (FIPS-197 5.2 and 5.3.5, checked against
FIPS-197's published round keys in tests/model/test_model.py); a zeroized slot must read as
zeros at every index of both tables. The keys are FIPS-197 Appendix C's.
"""

from __future__ import annotations

import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from aescores.model import decryption_round_keys, expand_key
from cocotb_core import LEN_CODE, KeyBench, to_int

KEY_128 = bytes(range(16))      # FIPS-197 C.1
KEY_192 = bytes(range(24))      # FIPS-197 C.2
KEY_256 = bytes(range(32))      # FIPS-197 C.3
KEY_OTHER = bytes(range(0x20, 0x30))


class Slots(KeyBench):
    """aes_key_slots with its read ports driven by the test."""

    idle_signal = "idle"

    def __init__(self, dut):
        super().__init__(dut)
        # The parameters the test was built with (tests/rtl/key_slots/test_key_slots.py).
        self.host = os.environ["AESCORES_KEY_EXPANSION"] == "HOST"
        self.per_index = int(os.environ["AESCORES_PER_INDEX_PORTS"])
        self.decrypt = int(os.environ["AESCORES_DECRYPT"])
        self.nidx = {128: 11, 192: 13, 256: 15}[int(os.environ["AESCORES_MAX_KEY_BITS"])]

    async def start(self) -> None:
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
        for name in ("load_valid", "load_slot", "load_len", "load_key", "clear_valid", "clear_mask",
                     "host_wr_valid", "host_commit_valid", "host_slot", "host_idx", "host_dec",
                     "host_key", "host_len", "slot_hold", "rd_slot", "rd_idx", "rd_dec"):
            getattr(dut, name).value = 0
        await self.reset()

    async def clocks(self, n: int) -> None:
        for _ in range(n):
            await RisingEdge(self.dut.clk)

    async def host_write(self, slot: int, key: bytes) -> None:
        """Write every round key of `key` (both tables) into an empty slot and commit it."""
        dut = self.dut
        tables = [(0, expand_key(key))] + ([(1, decryption_round_keys(key))] if self.decrypt else [])
        for dec, keys in tables:
            for idx, rk in enumerate(keys):
                dut.host_slot.value = slot
                dut.host_idx.value = idx
                dut.host_dec.value = dec
                dut.host_key.value = to_int(rk)
                dut.host_wr_valid.value = 1
                await self.handshake(dut.host_ready)
                dut.host_wr_valid.value = 0
        await self.wait_idle()
        dut.host_slot.value = slot
        dut.host_len.value = LEN_CODE[len(key)]
        dut.host_commit_valid.value = 1
        await self.handshake(dut.host_ready)
        dut.host_commit_valid.value = 0
        dut.host_key.value = 0
        await self.wait_idle()
        assert (int(dut.slot_loaded.value) >> slot) & 1, f"slot {slot} not loaded after the commit"

    async def clear(self, mask: int) -> None:
        dut = self.dut
        dut.clear_mask.value = mask
        dut.clear_valid.value = 1
        await RisingEdge(dut.clk)
        dut.clear_valid.value = 0
        dut.clear_mask.value = 0

    async def read(self, slot: int, idx: int, dec: int) -> int:
        """Round key `idx` of table `dec` of `slot`, through the store's read port."""
        dut = self.dut
        if self.per_index:
            dut.rd_slot.value = slot << (4 * idx)
            dut.rd_dec.value = dec << idx
            port = idx
        else:
            dut.rd_slot.value = slot
            dut.rd_idx.value = idx
            dut.rd_dec.value = dec
            port = 0
        await RisingEdge(dut.clk)   # address taken at this edge
        await ReadOnly()
        value = (int(dut.rd_key.value) >> (128 * port)) & ((1 << 128) - 1)
        await RisingEdge(dut.clk)
        return value

    async def table(self, slot: int, dec: int, n: int) -> list[int]:
        return [await self.read(slot, idx, dec) for idx in range(n)]

    async def expect_key(self, slot: int, key: bytes) -> None:
        enc = [to_int(rk) for rk in expand_key(key)]
        assert await self.table(slot, 0, len(enc)) == enc, f"slot {slot}: encryption round keys differ"
        if self.decrypt:
            dec = [to_int(rk) for rk in decryption_round_keys(key)]
            assert await self.table(slot, 1, len(dec)) == dec, f"slot {slot}: decryption round keys differ"

    async def expect_zero(self, slot: int) -> None:
        for dec in range(1 + self.decrypt):
            got = await self.table(slot, dec, self.nidx)
            left = [i for i, v in enumerate(got) if v]
            assert not left, f"slot {slot}, table {dec}: indices {left} not zeroized"


async def fill(bench: Slots, slot: int, key: bytes) -> None:
    if bench.host:
        await bench.host_write(slot, key)
    else:
        await bench.load_key(slot, key)


def longest_key(bench: Slots) -> bytes:
    return {11: KEY_128, 13: KEY_192, 15: KEY_256}[bench.nidx]


@cocotb.test()
async def test_loaded_slot_holds_the_round_keys_and_a_clear_zeroizes_only_its_slot(dut):
    """Two slots loaded; clearing one writes zeros to every index of both its tables and
    leaves the other's round keys as they were."""
    bench = Slots(dut)
    await bench.start()
    key_a = longest_key(bench)
    await fill(bench, 0, key_a)
    await fill(bench, 1, KEY_OTHER)
    await bench.expect_key(0, key_a)
    await bench.expect_key(1, KEY_OTHER)

    await bench.clear(0b01)
    await ReadOnly()
    assert not int(dut.slot_loaded.value) & 1, "a cleared slot stops being loaded at once"
    await bench.wait_idle()
    assert int(dut.slot_loaded.value) & 0b11 == 0b10
    await bench.expect_zero(0)
    await bench.expect_key(1, KEY_OTHER)


@cocotb.test()
async def test_reset_zeroizes_every_slot(dut):
    """After a reset no slot holds a round key: every slot's every index reads zero."""
    bench = Slots(dut)
    await bench.start()
    for slot in range(bench.slots):
        await fill(bench, slot, longest_key(bench) if slot % 2 == 0 else KEY_OTHER)
    await bench.reset()
    assert int(dut.slot_loaded.value) == 0
    for slot in range(bench.slots):
        await bench.expect_zero(slot)


async def clear_held_slot(bench: Slots, slot: int, key: bytes) -> None:
    """Clear a loaded slot while its hold is high: its round keys stay until the hold
    drops, then every index of both tables reads zero."""
    dut = bench.dut
    dut.slot_hold.value = 1 << slot
    await bench.clear(1 << slot)
    await bench.clocks(200)
    await bench.expect_key(slot, key)
    dut.slot_hold.value = 0
    await bench.wait_idle()
    await bench.expect_zero(slot)


async def held_host_slot(bench: Slots) -> None:
    """KEY_EXPANSION="HOST": a write into a loaded slot is refused (host_ready low), and a
    clear of a held slot waits for the hold."""
    dut = bench.dut
    await bench.host_write(1, KEY_OTHER)
    dut.host_slot.value = 1
    dut.host_wr_valid.value = 1
    await ReadOnly()
    assert not int(dut.host_ready.value), "a host write into a loaded slot must be refused"
    await RisingEdge(dut.clk)
    dut.host_wr_valid.value = 0
    await clear_held_slot(bench, 1, KEY_OTHER)


@cocotb.test()
async def test_held_slot_is_not_written_until_its_hold_drops(dut):
    """A load or a clear of a slot whose hold is high waits: the old round keys stay in
    the store, readable by blocks still in flight, until the hold drops."""
    bench = Slots(dut)
    await bench.start()
    if bench.host:
        await held_host_slot(bench)
        return
    await bench.load_key(1, KEY_OTHER)
    dut.slot_hold.value = 0b10
    await bench.load_key(1, KEY_128, wait=False)
    await ReadOnly()
    assert (int(dut.slot_loading.value) >> 1) & 1
    await bench.clocks(600)     # longer than any key load
    assert not int(dut.idle.value), "the load must wait for the hold"
    await bench.expect_key(1, KEY_OTHER)
    dut.slot_hold.value = 0
    await bench.wait_idle()
    await bench.expect_key(1, KEY_128)
    await clear_held_slot(bench, 1, KEY_128)
