# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of rtl/aes_csr.v alone: the AXI4-Lite access rules of docs/specification.md §5.

Expected values come from docs/specification.md §5 and from the register map in
aescores.regmap.regs (itself checked against the specification's offsets in test_regmap.py), never
from the RTL. Signals to and from the IP are driven and sampled on the falling clock
edge, half a clock away from the rising edge that the design uses.
"""

from __future__ import annotations

import logging
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, RisingEdge
from cocotbext.axi import AxiLiteBus, AxiLiteMaster

from aescores.regmap import regs
from aescores.regmap.verilog import ports

OKAY, SLVERR = 0, 2
CLOCK_NS = 10
ID_WORD = 0x41455331
# docs/specification.md §3 and §5: ERR bit c is set by result code c, c = 1 to 7 (7 the
# GCM tag mismatch); IRQ_EN has the same bits. CAPS bit 21 is GCM.
ERR_BITS = 0xFE
TAG_MISMATCH_BIT = 1 << 7
CAPS_GCM_BIT = 1 << 21

# Every input of the CSR from the IP, with its width, taken from the port list.
IP_INPUTS = {p.name: p.width for _, plist in ports(regs.MAP) for p in plist if p.direction == "input"}
READ_ONLY_INPUTS = {
    (reg.name, f.name): f"{reg.name.lower()}_{f.name}" for reg in regs.REGISTERS if reg.kind == "status" for f in reg.fields
}


def _mask(width: int) -> int:
    return (1 << width) - 1


class Csr:
    """The DUT with its clock, reset, input drivers and a monitor of its outputs."""

    def __init__(self, dut) -> None:
        self.dut = dut
        self.strobes: list[tuple[str, dict[str, int]]] = []
        self.cycle = 0

    async def start(self, master: bool = True) -> AxiLiteMaster | None:
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk, CLOCK_NS, unit="ns").start())
        for name in IP_INPUTS:
            getattr(dut, name).value = 0
        for name in ("awvalid", "wvalid", "bready", "arvalid", "rready"):
            getattr(dut, f"s_axil_{name}").value = 0
        for name in ("awaddr", "araddr", "wdata", "wstrb", "awprot", "arprot"):
            getattr(dut, f"s_axil_{name}").value = 0
        axil = None
        if master:
            axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk, dut.rst)
            logging.getLogger("cocotb.aes_csr.s_axil").setLevel(logging.WARNING)
        await self.reset()
        cocotb.start_soon(self._monitor())
        return axil

    async def reset(self) -> None:
        self.dut.rst.value = 1
        await ClockCycles(self.dut.clk, 3)
        await FallingEdge(self.dut.clk)
        self.dut.rst.value = 0
        await FallingEdge(self.dut.clk)

    async def _monitor(self) -> None:
        """Record every strobe and pulse to the IP, once per clock it is high."""
        dut = self.dut
        commands = [r for r in regs.REGISTERS if r.kind == "command"]
        while True:
            await FallingEdge(dut.clk)
            self.cycle += 1
            for reg in commands:
                lc = reg.name.lower()
                if int(getattr(dut, f"{lc}_wr").value):
                    self.strobes.append((reg.name, {f.name: int(getattr(dut, f"{lc}_{f.name}").value) for f in reg.fields}))
            if int(dut.ctrl_selftest.value):
                self.strobes.append(("CTRL", {"selftest": 1}))

    def take_strobes(self) -> list[tuple[str, dict[str, int]]]:
        out, self.strobes = self.strobes, []
        return out

    async def drive(self, **values: int) -> None:
        """Set inputs from the IP at the next falling edge."""
        await FallingEdge(self.dut.clk)
        for name, value in values.items():
            getattr(self.dut, name).value = value

    async def pulse(self, name: str, value: int = 1) -> None:
        """One clock of `value` on input `name`."""
        await FallingEdge(self.dut.clk)
        getattr(self.dut, name).value = value
        await FallingEdge(self.dut.clk)
        getattr(self.dut, name).value = 0


async def read(axil: AxiLiteMaster, addr: int) -> tuple[int, int]:
    resp = await axil.read(addr, 4)
    return int.from_bytes(resp.data, "little"), int(resp.resp)


async def write(axil: AxiLiteMaster, addr: int, value: int, nbytes: int = 4) -> int:
    """Write `nbytes` bytes of `value` starting at byte address `addr` (wstrb follows)."""
    resp = await axil.write(addr, value.to_bytes(nbytes, "little"))
    return int(resp.resp)


async def settle(csr: Csr, clocks: int = 3) -> None:
    await ClockCycles(csr.dut.clk, clocks)
    await FallingEdge(csr.dut.clk)


def random_status_inputs(rng: random.Random) -> dict[str, int]:
    return {port: rng.getrandbits(IP_INPUTS[port]) for port in READ_ONLY_INPUTS.values()}


def expected_read(reg, inputs: dict[str, int], state: dict[str, int]) -> tuple[int, int]:
    """docs/specification.md §5's answer to a read of register `reg` (None: unmapped)."""
    if reg is None:
        return 0, SLVERR
    if reg.access == "WO" or reg.name == "CTRL":
        return 0, OKAY
    if reg.kind == "const":
        return reg.reset, OKAY
    if reg.kind == "status":
        return sum(f.put(inputs[f"{reg.name.lower()}_{f.name}"]) for f in reg.fields), OKAY
    return state[reg.name], OKAY


# --------------------------------------------------------------------------- tests


@cocotb.test()
async def id_reads_aes1_and_read_only_registers_read_their_inputs(dut) -> None:
    csr = Csr(dut)
    axil = await csr.start()
    assert await read(axil, regs.ID.offset) == (ID_WORD, OKAY)
    rng = random.Random(1)
    for _ in range(8):
        inputs = random_status_inputs(rng)
        await csr.drive(**inputs)
        for reg in (regs.CAPS, regs.LATENCY, regs.STATUS, regs.SLOTS, regs.MSGS, regs.BLOCKS):
            got = await read(axil, reg.offset)
            assert got == expected_read(reg, inputs, {}), f"{reg.name}: read {got[0]:#x}/{got[1]}"


@cocotb.test()
async def every_address_reads_as_the_map_says_and_key_words_read_zero(dut) -> None:
    csr = Csr(dut)
    axil = await csr.start()
    rng = random.Random(2)
    inputs = random_status_inputs(rng)
    await csr.drive(**inputs)
    # Key material in every staging word, RW registers set: none of it may leak.
    for reg in regs.KEY + regs.RK:
        assert await write(axil, reg.offset, rng.getrandbits(32) | 0x80808080) == OKAY
    assert await write(axil, regs.IRQ_EN.offset, 0xFFFFFFFF) == OKAY
    await csr.pulse("err_set", 0b11010110)
    state = {"IRQ_EN": ERR_BITS, "ERR": 0b11010110}
    assert int(dut.key_stage.value) != 0 and int(dut.rk_stage.value) != 0
    bad = []
    for addr in range(0, 0x1000, 4):
        want = expected_read(regs.MAP.at(addr), inputs, state)
        got = await read(axil, addr)
        if got != want:
            bad.append(f"{addr:#05x}: read {got[0]:#010x}/{got[1]}, expected {want[0]:#010x}/{want[1]}")
    assert not bad, f"{len(bad)} addresses read wrong: " + "; ".join(bad[:8])
    # Address bits [1:0] are ignored: a 2-byte read at 0x002 gets byte lanes 2-3 of ID.
    resp = await axil.read(regs.ID.offset + 2, 2)
    assert (resp.data, int(resp.resp)) == ((ID_WORD >> 16).to_bytes(2, "little"), OKAY)


@cocotb.test()
async def write_to_read_only_or_unmapped_answers_slverr_and_changes_nothing(dut) -> None:
    csr = Csr(dut)
    axil = await csr.start()
    inputs = random_status_inputs(random.Random(3))
    await csr.drive(**inputs)
    assert await write(axil, regs.IRQ_EN.offset, 0x14) == OKAY
    csr.take_strobes()
    key_stage, rk_stage = int(dut.key_stage.value), int(dut.rk_stage.value)
    targets = [r.offset for r in regs.REGISTERS if r.access == "RO"]
    targets += [0x064, 0x080, 0x100, 0x7FC, 0xFFC]
    for addr in targets:
        assert await write(axil, addr, 0xFFFFFFFF) == SLVERR, f"write to {addr:#05x} did not answer SLVERR"
    await settle(csr)
    assert await read(axil, regs.ID.offset) == (ID_WORD, OKAY)
    assert await read(axil, regs.IRQ_EN.offset) == (0x14, OKAY)
    assert await read(axil, regs.ERR.offset) == (0, OKAY)
    assert await read(axil, regs.CAPS.offset) == expected_read(regs.CAPS, inputs, {})
    assert int(dut.key_stage.value) == key_stage and int(dut.rk_stage.value) == rk_stage
    assert csr.take_strobes() == [], "a refused write reached the IP"
    assert int(dut.irq.value) == 0


@cocotb.test()
async def irq_en_and_key_words_honour_wstrb_byte_by_byte(dut) -> None:
    csr = Csr(dut)
    axil = await csr.start()
    irq_en = regs.IRQ_EN.offset
    assert await write(axil, irq_en, 0xFFFFFFFF) == OKAY
    assert await read(axil, irq_en) == (ERR_BITS, OKAY)
    # Bytes 1..3 only (wstrb 1110): the fields, all in byte 0, keep their value.
    assert await write(axil, irq_en + 1, 0x000000, 3) == OKAY
    assert await read(axil, irq_en) == (ERR_BITS, OKAY)
    # Byte 0 only (wstrb 0001).
    assert await write(axil, irq_en, 0x0A, 1) == OKAY
    assert await read(axil, irq_en) == (0x0A, OKAY)
    # Key staging word: byte 2 alone, then bytes 0-1.
    key0 = regs.KEY0.offset
    assert await write(axil, key0, 0x11223344) == OKAY
    assert await write(axil, key0 + 2, 0xAA, 1) == OKAY
    await settle(csr, 1)
    assert int(dut.key_stage.value) & 0xFFFFFFFF == 0x11AA3344
    assert await write(axil, key0, 0xBEEF, 2) == OKAY
    await settle(csr, 1)
    assert int(dut.key_stage.value) & 0xFFFFFFFF == 0x11AABEEF


@cocotb.test()
async def err_is_write_one_to_clear_and_drives_irq(dut) -> None:
    csr = Csr(dut)
    axil = await csr.start()
    err = regs.ERR.offset
    await csr.pulse("err_set", 0b0100110)  # bits 1, 2, 5
    await settle(csr, 1)
    assert await read(axil, err) == (0b0100110, OKAY)
    assert int(dut.irq.value) == 0, "irq without an enable"
    assert await write(axil, regs.IRQ_EN.offset, regs.IRQ_EN.encode(bad_mode=1)) == OKAY
    await settle(csr, 1)
    assert int(dut.irq.value) == 1
    assert await write(axil, err, 0) == OKAY  # writing 0 changes nothing
    assert await read(axil, err) == (0b0100110, OKAY)
    assert await write(axil, err, regs.ERR.encode(bad_mode=1)) == OKAY
    assert await read(axil, err) == (0b0100010, OKAY)
    await settle(csr, 1)
    assert int(dut.irq.value) == 0
    # A clear with byte 0 not strobed does nothing.
    assert await write(axil, err + 1, 0xFFFFFF, 3) == OKAY
    assert await read(axil, err) == (0b0100010, OKAY)
    # A set in every clock of a clear wins: the event is not lost.
    await csr.drive(err_set=regs.ERR.field("ctr_wrap").mask)
    assert await write(axil, err, regs.ERR.field("ctr_wrap").mask) == OKAY
    await csr.drive(err_set=0)
    assert await read(axil, err) == (0b0110010, OKAY)
    assert await write(axil, err, 0xFFFFFFFF) == OKAY
    assert await read(axil, err) == (0, OKAY)
    # Enabled event raises irq; disabling lowers it with ERR still set.
    assert await write(axil, regs.IRQ_EN.offset, ERR_BITS) == OKAY
    await csr.pulse("err_set", regs.ERR.field("selftest_fail").mask)
    await settle(csr, 1)
    assert int(dut.irq.value) == 1
    assert await write(axil, regs.IRQ_EN.offset, 0) == OKAY
    await settle(csr, 1)
    assert int(dut.irq.value) == 0
    assert await read(axil, err) == (regs.ERR.field("selftest_fail").mask, OKAY)


@cocotb.test()
async def gcm_caps_bit_and_tag_mismatch_error_and_irq(dut) -> None:
    """CAPS[21] is the GCM build bit; ERR[7] (result code 7, TAG_MISMATCH) is set by
    err_set[7], cleared by writing 1 and raises irq with IRQ_EN[7], like bits 1-6."""
    csr = Csr(dut)
    axil = await csr.start()
    # CAPS[21] alone, then with every other CAPS input at ones: bit 21 follows caps_gcm.
    await csr.drive(caps_gcm=1)
    assert await read(axil, regs.CAPS.offset) == (CAPS_GCM_BIT, OKAY)
    await csr.drive(**{p: (1 << IP_INPUTS[p]) - 1 for p in READ_ONLY_INPUTS.values() if p.startswith("caps_")})
    assert await read(axil, regs.CAPS.offset) == ((1 << 22) - 1, OKAY)
    await csr.drive(caps_gcm=0)
    assert await read(axil, regs.CAPS.offset) == ((1 << 21) - 1, OKAY)
    # ERR[7]: set by err_set[7], no irq without its enable.
    err, irq_en = regs.ERR.offset, regs.IRQ_EN.offset
    await csr.pulse("err_set", TAG_MISMATCH_BIT)
    await settle(csr, 1)
    assert await read(axil, err) == (TAG_MISMATCH_BIT, OKAY)
    assert int(dut.irq.value) == 0, "irq without an enable"
    # Enables of the other bits do not raise irq for bit 7.
    assert await write(axil, irq_en, 0x7E) == OKAY
    await settle(csr, 1)
    assert int(dut.irq.value) == 0, "IRQ_EN[6:1] raised irq for ERR[7]"
    # IRQ_EN[7] is read-write and raises irq while ERR[7] is set.
    assert await write(axil, irq_en, TAG_MISMATCH_BIT) == OKAY
    assert await read(axil, irq_en) == (TAG_MISMATCH_BIT, OKAY)
    await settle(csr, 1)
    assert int(dut.irq.value) == 1
    # Writing 0, or 1 to the other bits, keeps ERR[7]; writing 1 to it clears it.
    assert await write(axil, err, 0x7E) == OKAY
    assert await read(axil, err) == (TAG_MISMATCH_BIT, OKAY)
    assert await write(axil, err, TAG_MISMATCH_BIT) == OKAY
    assert await read(axil, err) == (0, OKAY)
    await settle(csr, 1)
    assert int(dut.irq.value) == 0
    # ERR[7] alone does not set the other bits, nor they it; a set in the clock of a
    # clear wins.
    await csr.pulse("err_set", 0x7E)
    assert await read(axil, err) == (0x7E, OKAY)
    await csr.drive(err_set=TAG_MISMATCH_BIT)
    assert await write(axil, err, TAG_MISMATCH_BIT) == OKAY
    await csr.drive(err_set=0)
    assert await read(axil, err) == (ERR_BITS, OKAY)
    await settle(csr, 1)
    assert int(dut.irq.value) == 1
    # Disabling bit 7 lowers irq with ERR[7] still set.
    assert await write(axil, irq_en, 0) == OKAY
    await settle(csr, 1)
    assert int(dut.irq.value) == 0
    assert await read(axil, err) == (ERR_BITS, OKAY)
    assert await write(axil, err, 0xFFFFFFFF) == OKAY
    assert await read(axil, err) == (0, OKAY)


@cocotb.test()
async def command_strobes_fire_once_with_the_written_value(dut) -> None:
    csr = Csr(dut)
    axil = await csr.start()
    rng = random.Random(6)
    for _ in range(20):
        reg = rng.choice([regs.KEY_CTRL, regs.KEY_CLEAR, regs.RK_CTRL])
        fields = {f.name: rng.getrandbits(f.width) for f in reg.fields}
        value = reg.encode(**fields) | (rng.getrandbits(32) & ~sum(f.mask for f in reg.fields) & 0xFFFFFFFF)
        assert await write(axil, reg.offset, value) == OKAY
        await settle(csr, 1)
        assert csr.take_strobes() == [(reg.name, fields)]
    # CTRL: writing 1 gives one pulse, writing 0 none.
    assert await write(axil, regs.CTRL.offset, 1) == OKAY
    assert await write(axil, regs.CTRL.offset, 0) == OKAY
    assert await write(axil, regs.CTRL.offset, 0xFFFFFFFE) == OKAY
    await settle(csr, 1)
    assert csr.take_strobes() == [("CTRL", {"selftest": 1})]
    # A command's bytes not strobed are zero: byte 1 alone of KEY_CTRL is commit only.
    assert await write(axil, regs.KEY_CTRL.offset + 1, 0x01, 1) == OKAY
    await settle(csr, 1)
    assert csr.take_strobes() == [("KEY_CTRL", {"slot": 0, "len": 0, "commit": 1})]
    # Data and strobes far apart in time still give exactly one strobe per write.
    assert await write(axil, regs.KEY_CLEAR.offset, 0xFFFF) == OKAY
    await ClockCycles(dut.clk, 20)
    assert csr.take_strobes() == [("KEY_CLEAR", {"slots": 0xFFFF})]


@cocotb.test()
async def refused_command_answers_slverr_without_strobe(dut) -> None:
    csr = Csr(dut)
    axil = await csr.start()
    for reg, refuse in ((regs.KEY_CTRL, "key_ctrl_refuse"), (regs.RK_CTRL, "rk_ctrl_refuse")):
        value = reg.encode(slot=3, len=2, commit=1)
        await csr.drive(**{refuse: 1})
        assert await write(axil, reg.offset, value) == SLVERR
        await settle(csr, 1)
        assert csr.take_strobes() == []
        await csr.drive(**{refuse: 0})
        assert await write(axil, reg.offset, value) == OKAY
        await settle(csr, 1)
        assert csr.take_strobes() == [(reg.name, reg.decode(value))]
    # The refusal may depend on the written value (here: refuse only commits).
    stop = False

    async def refuse_commits() -> None:  # combinational: refuse = commit
        while not stop:
            dut.key_ctrl_refuse.value = int(dut.key_ctrl_commit.value)
            await dut.key_ctrl_commit.value_change

    task = cocotb.start_soon(refuse_commits())
    assert await write(axil, regs.KEY_CTRL.offset, regs.KEY_CTRL.encode(slot=1, commit=1)) == SLVERR
    assert await write(axil, regs.KEY_CTRL.offset, regs.KEY_CTRL.encode(slot=1, commit=0)) == OKAY
    stop = True
    task.cancel()
    dut.key_ctrl_refuse.value = 0
    await settle(csr, 1)
    assert csr.take_strobes() == [("KEY_CTRL", {"slot": 1, "len": 0, "commit": 0})]
    # A refused KEY_CTRL keeps the staging words (nothing happened).
    assert await write(axil, regs.KEY3.offset, 0xCAFEF00D) == OKAY
    await csr.drive(key_ctrl_refuse=1)
    assert await write(axil, regs.KEY_CTRL.offset, regs.KEY_CTRL.encode(commit=1)) == SLVERR
    await csr.drive(key_ctrl_refuse=0)
    assert (int(dut.key_stage.value) >> 96) & 0xFFFFFFFF == 0xCAFEF00D


@cocotb.test()
async def staging_vectors_are_cleared_by_their_input_and_by_reset(dut) -> None:
    csr = Csr(dut)
    axil = await csr.start()
    rng = random.Random(8)
    key = rng.randbytes(32)
    for w, reg in enumerate(regs.KEY):
        assert await write(axil, reg.offset, int.from_bytes(key[4 * w:4 * w + 4], "little")) == OKAY
    rk = rng.randbytes(16)
    for w, reg in enumerate(regs.RK):
        assert await write(axil, reg.offset, int.from_bytes(rk[4 * w:4 * w + 4], "little")) == OKAY
    await settle(csr, 1)
    # docs/specification.md §1: key byte j in bits [8j+7:8j] of the staged vector.
    assert int(dut.key_stage.value).to_bytes(32, "little") == key
    assert int(dut.rk_stage.value).to_bytes(16, "little") == rk
    await csr.pulse("rk_stage_clear")
    assert int(dut.rk_stage.value) == 0 and int(dut.key_stage.value).to_bytes(32, "little") == key
    await csr.pulse("key_stage_clear")
    assert int(dut.key_stage.value) == 0
    # Reset zeroizes staging words and read-write registers.
    assert await write(axil, regs.KEY7.offset, 0xFFFFFFFF) == OKAY
    assert await write(axil, regs.RK0.offset, 0xFFFFFFFF) == OKAY
    assert await write(axil, regs.IRQ_EN.offset, ERR_BITS) == OKAY
    await csr.pulse("err_set", ERR_BITS)
    await csr.reset()
    assert int(dut.key_stage.value) == 0 and int(dut.rk_stage.value) == 0
    assert int(dut.irq.value) == 0
    assert await read(axil, regs.IRQ_EN.offset) == (0, OKAY)
    assert await read(axil, regs.ERR.offset) == (0, OKAY)


# ---- a bus driver of our own, for AW/W orderings that AxiLiteMaster does not make


class RawMaster:
    """Drives s_axil_* directly at falling edges with chosen delays per channel."""

    def __init__(self, dut) -> None:
        self.dut = dut

    async def write(self, addr: int, data: int, strb: int, aw_delay: int, w_delay: int, b_delay: int) -> int:
        dut = self.dut
        aw_left, w_left, b_left = aw_delay, w_delay, b_delay
        aw_state = w_state = "wait"  # wait -> valid -> fired -> done
        bresp = None
        dut.s_axil_bready.value = 0
        for _ in range(1000):
            await FallingEdge(dut.clk)
            if bresp is not None:
                dut.s_axil_bready.value = 0
                assert aw_state == "done" and w_state == "done"
                return bresp
            for ch in ("aw", "w"):
                state = aw_state if ch == "aw" else w_state
                valid = getattr(dut, f"s_axil_{ch}valid")
                ready = getattr(dut, f"s_axil_{ch}ready")
                if state == "fired":
                    valid.value = 0
                    state = "done"
                elif state == "wait":
                    left = aw_left if ch == "aw" else w_left
                    if left == 0:
                        if ch == "aw":
                            dut.s_axil_awaddr.value = addr
                        else:
                            dut.s_axil_wdata.value = data
                            dut.s_axil_wstrb.value = strb
                        valid.value = 1
                        state = "valid"
                    elif ch == "aw":
                        aw_left -= 1
                    else:
                        w_left -= 1
                if state == "valid" and int(ready.value):
                    state = "fired"  # the handshake happens at the next rising edge
                if ch == "aw":
                    aw_state = state
                else:
                    w_state = state
            if int(dut.s_axil_bvalid.value):
                assert aw_state in ("fired", "done") and w_state in ("fired", "done"), "B before AW and W"
                if b_left == 0:
                    dut.s_axil_bready.value = 1
                    bresp = int(dut.s_axil_bresp.value)
                else:
                    b_left -= 1
        raise AssertionError("write did not finish")

    async def read(self, addr: int, r_delay: int = 0) -> tuple[int, int]:
        dut = self.dut
        await FallingEdge(dut.clk)
        dut.s_axil_araddr.value = addr
        dut.s_axil_arvalid.value = 1
        dut.s_axil_rready.value = 0
        while not int(dut.s_axil_arready.value):
            await FallingEdge(dut.clk)
        await FallingEdge(dut.clk)
        dut.s_axil_arvalid.value = 0
        while not int(dut.s_axil_rvalid.value):
            await FallingEdge(dut.clk)
        for _ in range(r_delay):
            await FallingEdge(dut.clk)
            assert int(dut.s_axil_rvalid.value), "rvalid dropped before rready"
        dut.s_axil_rready.value = 1
        out = int(dut.s_axil_rdata.value), int(dut.s_axil_rresp.value)
        await FallingEdge(dut.clk)
        dut.s_axil_rready.value = 0
        return out


@cocotb.test()
async def random_aw_w_orderings_and_response_backpressure(dut) -> None:
    csr = Csr(dut)
    await csr.start(master=False)
    bus = RawMaster(dut)
    rng = random.Random(9)
    irq_en = 0
    key_words = [0] * 8
    targets = [regs.IRQ_EN, regs.KEY_CTRL, regs.KEY_CLEAR, regs.ERR, regs.ID, regs.CAPS, None] + list(regs.KEY)
    for i in range(300):
        reg = rng.choice(targets)
        addr = reg.offset if reg is not None else rng.choice([0x064, 0x200, 0xFFC])
        data, strb = rng.getrandbits(32), rng.getrandbits(4)
        # W first, AW first, together, and far apart.
        aw_delay, w_delay = rng.choice([(0, 0), (0, rng.randrange(1, 12)), (rng.randrange(1, 12), 0),
                                        (rng.randrange(0, 4), rng.randrange(0, 4))])
        resp = await bus.write(addr | rng.getrandbits(2), data, strb, aw_delay, w_delay, rng.randrange(0, 5))
        mask = sum(0xFF << (8 * b) for b in range(4) if strb >> b & 1)
        want = OKAY if reg is not None and reg.access != "RO" else SLVERR
        assert resp == want, f"write {i} to {addr:#05x}: resp {resp}, expected {want}"
        strobes = csr.take_strobes()
        if reg is not None and reg.kind == "command":
            assert strobes == [(reg.name, reg.decode(data & mask))], f"write {i}: strobes {strobes}"
        else:
            assert strobes == [], f"write {i} to {addr:#05x}: unexpected strobes {strobes}"
        if reg is regs.IRQ_EN:
            irq_en = ((irq_en & ~mask) | (data & mask)) & ERR_BITS
        elif reg is not None and reg.array == "KEY":
            key_words[reg.index] = (key_words[reg.index] & ~mask) | (data & mask)
        staged = int(dut.key_stage.value)
        assert staged == sum(wd << (32 * k) for k, wd in enumerate(key_words)), f"write {i}: key_stage wrong"
        if i % 10 == 0:
            assert await bus.read(regs.IRQ_EN.offset, rng.randrange(0, 4)) == (irq_en, OKAY)
    assert await bus.read(0x300) == (0, SLVERR)


@cocotb.test()
async def concurrent_reads_and_writes_under_random_pauses(dut) -> None:
    csr = Csr(dut)
    axil = await csr.start()
    rng = random.Random(10)

    def pauses():
        while True:
            yield rng.random() < 0.4

    iface = axil.write_if
    for ch in (iface.aw_channel, iface.w_channel, iface.b_channel, axil.read_if.ar_channel, axil.read_if.r_channel):
        ch.set_pause_generator(pauses())
    inputs = random_status_inputs(rng)
    await csr.drive(**inputs)
    expect = {}
    writes = []
    for k in range(64):
        reg = regs.KEY[k % 8]
        value = rng.getrandbits(32)
        expect[reg.index] = value
        writes.append(cocotb.start_soon(axil.write(reg.offset, value.to_bytes(4, "little"))))
        reads = [cocotb.start_soon(axil.read(r.offset, 4)) for r in (regs.ID, regs.CAPS, regs.KEY[k % 8], regs.SLOTS)]
        for task, r in zip(reads, (regs.ID, regs.CAPS, regs.KEY[k % 8], regs.SLOTS)):
            resp = await task
            got = (int.from_bytes(resp.data, "little"), int(resp.resp))
            assert got == expected_read(r, inputs, {}), f"{r.name}: {got}"
    for task in writes:
        assert int((await task).resp) == OKAY
    await settle(csr, 1)
    staged = int(dut.key_stage.value)
    assert staged == sum(expect[i] << (32 * i) for i in range(8))
