# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for aes_fifo (the engines' output FIFO, the mode unit's side FIFO) and
aes_fifo_half (the side FIFO of ITERATIVE builds), each on its own.

The writer follows the FIFO's contract (never more than DEPTH entries held); the reader
pulls m_ready at random. Expected values are the writer's own sequence numbers: every
entry must come out once, in order, with its data, never before the second clock after
its write, and into an empty FIFO with m_ready high exactly then; aes_fifo_half's
m_valid is also low in the clock after each pop, and only then may an old enough entry
wait.
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

CLOCKS = int(os.environ.get("AESCORES_FIFO_CLOCKS", "6000"))


async def reset(dut) -> None:
    dut.rst.value = 1
    dut.wr_valid.value = 0
    dut.wr_data.value = 0
    dut.m_ready.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk)
    dut.rst.value = 0
    # RESET_REG=1: the FIFO's own reset register releases a clock later, and the caller
    # does not write in the clock after a reset.
    await RisingEdge(dut.clk)


def half_rate(dut) -> bool:
    """The FIFO under test is aes_fifo_half (an entry every other clock out)."""
    return dut._name == "aes_fifo_half"


async def stream(dut, rng: random.Random, p_write: float, p_ready: float, clocks: int) -> tuple[int, int, int]:
    """Random writes (within the capacity) and pops for `clocks` clocks; returns
    (entries written, entries read, highest number of entries held)."""
    depth = int(dut.DEPTH.value)
    mask = (1 << len(dut.wr_data)) - 1
    half = half_rate(dut)
    written: list[tuple[int, int]] = []  # (data, clock of the write), oldest first
    next_out = 0
    n_written = 0
    held_max = 0
    popped = False  # a pop in the clock before
    for clock in range(clocks):
        held = n_written - next_out
        write = held < depth and rng.random() < p_write
        dut.wr_valid.value = int(write)
        dut.wr_data.value = n_written & mask
        dut.m_ready.value = int(rng.random() < p_ready)
        await ReadOnly()
        valid, ready = int(dut.m_valid.value), int(dut.m_ready.value)
        if half and popped:
            assert not valid, f"clock {clock}: m_valid high in the clock after a pop"
        if valid and ready:
            assert next_out < n_written, f"clock {clock}: m_valid with no entry held"
            data, when = written[next_out]
            got = int(dut.m_data.value)
            assert got == data, f"clock {clock}: entry {next_out} read as {got:#x}, written as {data:#x}"
            assert clock - when >= 2, f"clock {clock}: entry {next_out} out {clock - when} clocks after its write"
            next_out += 1
        elif next_out < n_written and ready and not (half and popped):
            # m_ready high and an entry old enough held: it must be on m_* (aes_fifo_half:
            # unless this is the clock after a pop).
            _, when = written[next_out]
            assert clock - when < 2, f"clock {clock}: entry {next_out}, written {clock - when} clocks ago, not valid"
        popped = bool(valid and ready)
        if write:
            written.append((n_written & mask, clock))
            n_written += 1
        held_max = max(held_max, n_written - next_out)
        await RisingEdge(dut.clk)
    return n_written, next_out, held_max


@cocotb.test()
async def random_writes_and_backpressure_keep_order_and_data(dut) -> None:
    cocotb.start_soon(Clock(dut.clk, 10, "ns").start())
    await reset(dut)
    rng = random.Random(int(dut.DEPTH.value))
    total_r = 0
    depth = int(dut.DEPTH.value)
    full_seen = False
    # Phases: the reader slower than the writer (the FIFO fills), faster (it empties),
    # both at full rate.
    for p_write, p_ready in ((0.9, 0.3), (0.4, 0.9), (1.0, 1.0), (0.6, 0.6)):
        w, r, held_max = await stream(dut, rng, p_write, p_ready, CLOCKS // 4)
        full_seen |= held_max == depth
        total_r += r
        dut._log.info("p_write %.1f p_ready %.1f: %d written, %d read, at most %d held", p_write, p_ready, w, r,
                      held_max)
        # a reset between phases: each one starts from an empty FIFO and a fresh model
        await reset(dut)
    assert full_seen, f"the FIFO was never full ({depth} entries)"
    assert total_r > CLOCKS // 3, f"only {total_r} entries read in {CLOCKS} clocks"


@cocotb.test()
async def full_rate_after_two_clocks(dut) -> None:
    """m_ready high: a burst written back to back comes out back to back (aes_fifo_half:
    every other clock), each entry in the second clock after its write at the earliest."""
    cocotb.start_soon(Clock(dut.clk, 10, "ns").start())
    await reset(dut)
    w, r, _ = await stream(dut, random.Random(1), 1.0, 1.0, 200)
    if half_rate(dut):
        # the first entry out in clock 2, then one every other clock
        assert r >= 200 // 2 - 1, f"{w} written, {r} read at half rate"
    else:
        assert r >= w - 2, f"{w} written, {r} read at full rate"


@cocotb.test()
async def one_clock_reset_empties_a_full_fifo(dut) -> None:
    """A reset of one clock while entries are held: m_valid is low from the clock after it
    (the clock the RESET_REG=1 FIFO's own reset register is high included), nothing held
    before the reset comes out, and entries written afterwards come out in order."""
    cocotb.start_soon(Clock(dut.clk, 10, "ns").start())
    await reset(dut)
    depth = int(dut.DEPTH.value)
    for i in range(depth):
        dut.wr_valid.value = 1
        dut.wr_data.value = 0x100 + i
        await RisingEdge(dut.clk)
    dut.wr_valid.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk)
    await ReadOnly()
    assert dut.m_valid.value == 1, "the filled FIFO offers no entry"
    await RisingEdge(dut.clk)
    dut.rst.value = 1
    await RisingEdge(dut.clk)
    dut.rst.value = 0
    dut.m_ready.value = 1
    # the clock after the reset: no write (the contract); then two new entries
    for clock in range(8):
        await ReadOnly()
        assert dut.m_valid.value == 0, f"m_valid high {clock} clocks after a reset, before any new write"
        await RisingEdge(dut.clk)
    seen = []
    for value in (0x0A5, 0x05A):
        dut.wr_valid.value = 1
        dut.wr_data.value = value
        await RisingEdge(dut.clk)
    dut.wr_valid.value = 0
    for _ in range(6):
        await ReadOnly()
        if dut.m_valid.value == 1:
            seen.append(int(dut.m_data.value))
        await RisingEdge(dut.clk)
    assert seen == [0x0A5, 0x05A], f"after the reset the FIFO gave {[hex(v) for v in seen]}"
