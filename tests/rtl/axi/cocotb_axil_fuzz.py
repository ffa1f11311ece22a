# SPDX-License-Identifier: Apache-2.0
"""cocotb bus fuzz for aes_axi: random AXI4-Lite traffic against a register model of
docs/specification.md §4-§5 and docs/registers.md, with AXI4-Stream messages running at the same time.

The testbench drives every channel itself, one clock at a time (no cocotbext-axi), so
that it can do what a bus master may: AW and W of a write in either order or together,
each after its own random delay, the next write's AW and W presented while the previous
write still waits for its response, BREADY and RREADY held back, a read running beside
a write, random addresses (mapped, unmapped, bits [1:0] not zero), every WSTRB value
(0 included), random AWPROT/ARPROT. Writes go to every register: key staging words
under partial strobes, KEY_CTRL commits (refused ones too: slot, length, busy),
KEY_CLEAR, ERR (W1C), IRQ_EN, CTRL (the self-test rerun), the read-only registers and
the RK registers. Messages of every mode, direction, slot, length and error go through
the stream at the same time, with random gaps and backpressure, using the keys the bus
loads.

Everything is recorded with the clock of its handshakes and checked afterwards against
a reference model written here from the documents (offsets and fields are spelled out
below, not taken from the generated register files):
- every write and every read gets exactly one response, BVALID/RVALID held with a
  stable payload until taken, no response without a request, the response within the
  documented clock (bvalid one clock after the later of AW and W, rvalid one after AR);
- each response is the documented OKAY/SLVERR, each read value the documented one:
  constants, write-only registers 0, IRQ_EN what was written under WSTRB, ERR bits set
  by messages and cleared by W1C writes, SLOTS following commits and clears, STATUS,
  MSGS and BLOCKS between what the sink had seen completed and what the source had
  sent; where an event and a read overlap in time, any value the overlap allows;
- no read ever returns a 32-bit word of a staging word, a key or a round key;
- every message's output equals OpenSSL (the `cryptography` package) for the key the
  model says its slot held when its first beat was taken (either key if a commit or a
  clear overlapped that clock), errors with zero data (cocotb_axi.py's reference);
- the `irq` output is ERR & IRQ_EN (sampled at every read and every 64 clocks);
- nothing hangs: every request and message completes within a bounded number of clocks,
  and the key slots settle once the traffic stops.

Set by tests/rtl/axi/test_axi.py through the environment: AESCORES_PARAMS (the build),
AESCORES_SEED, AESCORES_FUZZ_EPOCHS (rounds of traffic), AESCORES_FUZZ_RERUN (1: let
the fuzz rerun the self-test).
"""

from __future__ import annotations

import json
import os
import random
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly, RisingEdge

from aescores import model
from aescores.driver import Message
from cocotb_axi import check_message, expect_message

DEFAULTS = {
    "ARCH": "PIPELINED", "STAGES_PER_ROUND": 1, "SBOX": "LUT", "LANES": 1, "MAX_KEY_BITS": 256,
    "KEY_SLOTS": 4, "DECRYPT": 1, "KEY_EXPANSION": "HW", "SELFTEST": 1, "FAULT_INJECT": 0,
}
P = {**DEFAULTS, **json.loads(os.environ.get("AESCORES_PARAMS", "{}"))}
SEED = int(os.environ.get("AESCORES_SEED", "1"))
EPOCHS = int(os.environ.get("AESCORES_FUZZ_EPOCHS", "12"))
RERUN = os.environ.get("AESCORES_FUZZ_RERUN", "1") == "1"
NSLOTS = int(P["KEY_SLOTS"])
MAX_LEN_CODE = (int(P["MAX_KEY_BITS"]) - 128) // 64
HOST = P["KEY_EXPANSION"] == "HOST"
OKAY, SLVERR = 0, 2

# ------------------------------------------------------------------ the register map
# docs/specification.md §5 and docs/registers.md, written out here on purpose.
ID, CAPS, LATENCY, STATUS = 0x000, 0x004, 0x008, 0x00C
KEY_CTRL, KEY_CLEAR, SLOTS, ERR = 0x010, 0x014, 0x018, 0x01C
KEY_WORDS = tuple(range(0x020, 0x040, 4))
IRQ_EN, MSGS, BLOCKS, CTRL = 0x040, 0x044, 0x048, 0x04C
RK_WORDS = tuple(range(0x050, 0x060, 4))
RK_CTRL = 0x060
ID_WORD = 0x41455331
READ_ONLY = (ID, CAPS, LATENCY, STATUS, SLOTS, MSGS, BLOCKS)
READS_ZERO = (KEY_CTRL, KEY_CLEAR, CTRL, RK_CTRL, *KEY_WORDS, *RK_WORDS)  # write-only: 0, OKAY
MAPPED = (*READ_ONLY, ERR, IRQ_EN, *READS_ZERO)
ERR_BITS = 0x7E            # ERR and IRQ_EN: bits 6:1, one per result code
NAMES = {ID: "ID", CAPS: "CAPS", LATENCY: "LATENCY", STATUS: "STATUS", KEY_CTRL: "KEY_CTRL",
         KEY_CLEAR: "KEY_CLEAR", SLOTS: "SLOTS", ERR: "ERR", IRQ_EN: "IRQ_EN", MSGS: "MSGS",
         BLOCKS: "BLOCKS", CTRL: "CTRL", RK_CTRL: "RK_CTRL",
         **{a: f"KEY{i}" for i, a in enumerate(KEY_WORDS)}, **{a: f"RK{i}" for i, a in enumerate(RK_WORDS)}}


def expected_caps() -> int:
    """CAPS from the build's parameters, bit by bit as docs/specification.md §5 lists them."""
    pipelined = P["ARCH"] == "PIPELINED"
    return (int(pipelined) | (int(P["STAGES_PER_ROUND"]) if pipelined else 1) << 2 | int(P["LANES"]) << 5
            | MAX_LEN_CODE << 9 | NSLOTS << 11 | int(P["DECRYPT"]) << 16 | int(HOST) << 17
            | int(P["SELFTEST"]) << 18 | {"LUT": 0, "TTABLE": 1, "COMPOSITE": 2}[P["SBOX"]] << 19)


def strobe_mask(strb: int) -> int:
    return sum(0xFF << 8 * i for i in range(4) if strb >> i & 1)


def name_of(addr: int) -> str:
    return NAMES.get(addr & 0xFFC, "unmapped")


# ------------------------------------------------------------------ what the bench records


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


@dataclass
class StreamMessage:
    msg: Message
    beats: list[tuple[bytes, int, bool, int]] = field(default_factory=list)  # data, keep, last, tuser
    t_last_in: int = -1


class FuzzError(AssertionError):
    pass


# ------------------------------------------------------------------ the bench


class Bench:
    """Drives the five AXI4-Lite channels and both streams clock by clock and records
    every handshake. Inputs are written after the falling edge; outputs are sampled in
    the read-only phase before the next rising edge, so `cycle` numbers the rising edge
    at which the sampled handshakes take place."""

    HANG_CLOCKS = 4000

    def __init__(self, dut, rng: random.Random) -> None:
        self.dut = dut
        self.rng = rng
        self.lanes = len(dut.s_axis_tdata) // 128
        self.beat_bytes = 16 * self.lanes
        self.cycle = 0
        self.writes: list[BusWrite] = []
        self.reads: list[BusRead] = []
        self.msgs: list[StreamMessage] = []
        self.aw_i = self.w_i = self.b_i = 0
        self.ar_i = self.r_i = 0
        self.in_msg = self.in_beat = 0
        self.out_msg = 0
        self.out_beats_total = self.in_beats_total = 0
        self.p_valid, self.p_ready = 1.0, 1.0
        self.errors: list[str] = []
        self.irq_trace = bytearray()
        self.last_progress = 0
        self.stopped = False
        # what is driven now
        self.awvalid = self.wvalid = self.bready = self.arvalid = self.rready = False
        self.tvalid = self.tready = False
        self.b_seen: int | None = None   # BVALID seen, not yet taken: its BRESP
        self.r_seen: tuple[int, int] | None = None

    def error(self, text: str) -> None:
        if len(self.errors) < 40:
            self.errors.append(f"clock {self.cycle}: {text}")

    # ---------------------------------------------------------------- program side

    def push_write(self, w: BusWrite) -> None:
        w.t_issue = self.cycle
        self.writes.append(w)

    def push_read(self, r: BusRead) -> None:
        r.t_issue = self.cycle
        self.reads.append(r)

    def push_message(self, tuser: int, payload: bytes, keep: list[int], later_tuser: list[int]) -> None:
        msg = Message(index=len(self.msgs), tuser=tuser, payload=payload, tkeep=keep, beat_bytes=self.beat_bytes)
        sm = StreamMessage(msg)
        b = self.beat_bytes
        nb = msg.beats
        for k in range(nb):
            chunk = payload[k * b:(k + 1) * b]
            kbits = keep[k * b:(k + 1) * b]
            keep_int = sum(1 << i for i, v in enumerate(kbits) if v)
            data = chunk + bytes(b - len(chunk))
            sm.beats.append((data, keep_int, k == nb - 1, tuser if k == 0 else later_tuser[k]))
        self.msgs.append(sm)

    def pending(self) -> bool:
        return (self.b_i < len(self.writes) or self.r_i < len(self.reads) or self.out_msg < len(self.msgs))

    async def wait_idle(self, limit: int = 200_000) -> None:
        start = self.cycle
        while self.pending():
            if self.errors and self.stopped:
                raise FuzzError("\n".join(self.errors))
            if self.cycle - start > limit:
                raise FuzzError(f"traffic not finished after {limit} clocks")
            await ClockCycles(self.dut.aclk, 16)

    async def read_now(self, addr: int) -> BusRead:
        """A plain read through the same channels (for the program's own polling)."""
        r = BusRead(addr, 0, 0, 0, True)
        self.push_read(r)
        while r.t_r < 0:
            if self.stopped:
                raise FuzzError("\n".join(self.errors))
            await RisingEdge(self.dut.aclk)
        return r

    # ---------------------------------------------------------------- clock loop

    async def run(self) -> None:
        dut = self.dut
        fe, ro = FallingEdge(dut.aclk), ReadOnly()
        h = dut
        awaddr, awprot, awvalid, awready = h.s_axil_awaddr, h.s_axil_awprot, h.s_axil_awvalid, h.s_axil_awready
        wdata, wstrb, wvalid, wready = h.s_axil_wdata, h.s_axil_wstrb, h.s_axil_wvalid, h.s_axil_wready
        bresp, bvalid, bready = h.s_axil_bresp, h.s_axil_bvalid, h.s_axil_bready
        araddr, arprot, arvalid, arready = h.s_axil_araddr, h.s_axil_arprot, h.s_axil_arvalid, h.s_axil_arready
        rdata, rresp, rvalid, rready = h.s_axil_rdata, h.s_axil_rresp, h.s_axil_rvalid, h.s_axil_rready
        s_tdata, s_tkeep, s_tvalid, s_tready = h.s_axis_tdata, h.s_axis_tkeep, h.s_axis_tvalid, h.s_axis_tready
        s_tlast, s_tuser = h.s_axis_tlast, h.s_axis_tuser
        m_tdata, m_tkeep, m_tvalid, m_tready = h.m_axis_tdata, h.m_axis_tkeep, h.m_axis_tvalid, h.m_axis_tready
        m_tlast, m_tuser, irq = h.m_axis_tlast, h.m_axis_tuser, h.irq
        rng = self.rng
        b = self.beat_bytes
        writes, reads, msgs = self.writes, self.reads, self.msgs
        bready_drv = rready_drv = tready_drv = False
        awvalid_drv = wvalid_drv = arvalid_drv = tvalid_drv = False
        while not self.stopped:
            await fe
            c = self.cycle  # the rising edge just gone; we drive for c + 1
            # ---- AW and W: in order, each after its own delay
            if not self.awvalid and self.aw_i < len(writes):
                wr = writes[self.aw_i]
                base = self._write_base(self.aw_i)
                if base is not None and c >= base + wr.aw_delay:
                    awaddr.value = wr.addr
                    awprot.value = wr.prot
                    awvalid.value = 1
                    self.awvalid = awvalid_drv = True
            if not self.wvalid and self.w_i < len(writes):
                wr = writes[self.w_i]
                base = self._write_base(self.w_i)
                if base is not None and c >= base + wr.w_delay:
                    wdata.value = wr.data
                    wstrb.value = wr.strb
                    wvalid.value = 1
                    self.wvalid = wvalid_drv = True
            # ---- B: ready after the write's own delay from BVALID (0: ready before)
            want = False
            if self.b_i < min(self.aw_i, self.w_i):
                wr = writes[self.b_i]
                want = wr.b_delay == 0 or (wr.t_bvalid >= 0 and c >= wr.t_bvalid + wr.b_delay - 1)
            elif self.b_i >= len(writes):
                want = rng.random() < 0.3  # ready with nothing outstanding: a spurious B would show
            if want != bready_drv:
                bready.value = int(want)
                bready_drv = want
            self.bready = want
            # ---- AR and R
            if not self.arvalid and self.ar_i < len(reads):
                rd = reads[self.ar_i]
                base = rd.t_issue
                if rd.after_r and self.ar_i > 0:
                    prev = reads[self.ar_i - 1]
                    base = max(base, prev.t_r) if prev.t_r >= 0 else None
                if base is not None and c >= base + rd.ar_delay:
                    araddr.value = rd.addr
                    arprot.value = rd.prot
                    arvalid.value = 1
                    self.arvalid = arvalid_drv = True
            want = False
            if self.r_i < self.ar_i:
                rd = reads[self.r_i]
                want = rd.r_delay == 0 or (rd.t_rvalid >= 0 and c >= rd.t_rvalid + rd.r_delay - 1)
            elif self.r_i >= len(reads):
                want = rng.random() < 0.3
            if want != rready_drv:
                rready.value = int(want)
                rready_drv = want
            self.rready = want
            # ---- stream in
            if not self.tvalid and self.in_msg < len(msgs) and rng.random() < self.p_valid:
                data, keep, last, user = msgs[self.in_msg].beats[self.in_beat]
                s_tdata.value = int.from_bytes(data, "little")
                s_tkeep.value = keep
                s_tlast.value = int(last)
                s_tuser.value = user
                s_tvalid.value = 1
                self.tvalid = tvalid_drv = True
            # VALIDs dropped after a handshake (signals are written only in this phase)
            if awvalid_drv and not self.awvalid:
                awvalid.value = 0
                awvalid_drv = False
            if wvalid_drv and not self.wvalid:
                wvalid.value = 0
                wvalid_drv = False
            if arvalid_drv and not self.arvalid:
                arvalid.value = 0
                arvalid_drv = False
            if tvalid_drv and not self.tvalid:
                s_tvalid.value = 0
                tvalid_drv = False
            # ---- stream out
            want = rng.random() < self.p_ready
            if want != tready_drv:
                m_tready.value = int(want)
                tready_drv = want
            self.tready = want

            await ro
            self.cycle = t = c + 1
            progress = False
            in_before = self.in_beats_total
            self.irq_trace.append(int(irq.value))
            # ---- B (a response belongs to a write whose AW and W were both taken earlier)
            owed = min(self.aw_i, self.w_i) - self.b_i
            if int(bvalid.value):
                resp = int(bresp.value)
                if owed <= 0:
                    self.error(f"BVALID with no write outstanding ({self.b_i} writes answered)")
                    self.stopped = True
                else:
                    wr = writes[self.b_i]
                    if wr.t_bvalid < 0:
                        wr.t_bvalid = t
                    elif self.b_seen is not None and self.b_seen != resp:
                        self.error(f"BRESP changed from {self.b_seen} to {resp} while BVALID waited: {wr.describe()}")
                    if self.bready:
                        wr.t_b, wr.resp = t, resp
                        self.b_i += 1
                        self.b_seen = None
                        progress = True
                    else:
                        self.b_seen = resp
            elif self.b_seen is not None:
                self.error(f"BVALID dropped before BREADY: {writes[self.b_i].describe()}")
                self.b_seen = None
            # ---- R
            owed = self.ar_i - self.r_i
            if int(rvalid.value):
                value, resp = int(rdata.value), int(rresp.value)
                if owed <= 0:
                    self.error(f"RVALID with no read outstanding ({self.r_i} reads answered)")
                    self.stopped = True
                else:
                    rd = reads[self.r_i]
                    if rd.t_rvalid < 0:
                        rd.t_rvalid = t
                    elif self.r_seen is not None and self.r_seen != (value, resp):
                        self.error(f"RDATA/RRESP changed from {self.r_seen} to {(value, resp)} while RVALID "
                                   f"waited: read of {rd.addr:#05x}")
                    if self.rready:
                        rd.t_r, rd.data, rd.resp = t, value, resp
                        self.r_i += 1
                        self.r_seen = None
                        progress = True
                    else:
                        self.r_seen = (value, resp)
            elif self.r_seen is not None:
                self.error(f"RVALID dropped before RREADY: read of {reads[self.r_i].addr:#05x}")
                self.r_seen = None
            # ---- AW, W, AR handshakes
            if self.awvalid and int(awready.value):
                writes[self.aw_i].t_aw = t
                self.aw_i += 1
                self.awvalid = False
                progress = True
            if self.wvalid and int(wready.value):
                writes[self.w_i].t_w = t
                self.w_i += 1
                self.wvalid = False
                progress = True
            if self.arvalid and int(arready.value):
                rd = reads[self.ar_i]
                rd.t_ar = t
                rd.irq = self.irq_trace[-1]
                self.ar_i += 1
                self.arvalid = False
                progress = True
            # ---- stream
            if self.tvalid and int(s_tready.value):
                sm = msgs[self.in_msg]
                if self.in_beat == 0:
                    sm.msg.start_cycle = t
                self.in_beat += 1
                self.in_beats_total += 1
                if self.in_beat == len(sm.beats):
                    sm.t_last_in = t
                    self.in_msg += 1
                    self.in_beat = 0
                self.tvalid = False
                progress = True
            if self.tready and int(m_tvalid.value):
                if self.out_beats_total >= in_before:
                    self.error("an output beat before its input beat was taken")
                self.out_beats_total += 1
                if self.out_msg >= len(msgs):
                    self.error("an output beat with no message in flight")
                else:
                    m = msgs[self.out_msg].msg
                    m.out_data += int(m_tdata.value).to_bytes(b, "little")
                    keep = int(m_tkeep.value)
                    m.out_tkeep.extend((keep >> i) & 1 for i in range(b))
                    m.out_tuser.append(int(m_tuser.value))
                    if int(m_tlast.value):
                        m.end_cycle = t
                        self.out_msg += 1
                progress = True
            if progress:
                self.last_progress = t
            elif self.pending() and t - self.last_progress > self.HANG_CLOCKS:
                self.error(f"hang: nothing moved for {self.HANG_CLOCKS} clocks; writes AW {self.aw_i} W {self.w_i} "
                           f"B {self.b_i} of {len(writes)}, reads AR {self.ar_i} R {self.r_i} of {len(reads)}, "
                           f"messages in {self.in_msg} (beat {self.in_beat}) out {self.out_msg} of {len(msgs)}, "
                           f"s_axis_tready {int(s_tready.value)}, awready {int(awready.value)}, "
                           f"wready {int(wready.value)}, arready {int(arready.value)}")
                self.stopped = True

    def _write_base(self, i: int) -> int | None:
        """The clock from which write i may be presented (its delays count from there)."""
        wr = self.writes[i]
        if wr.after_b and i > 0:
            prev = self.writes[i - 1]
            return max(wr.t_issue, prev.t_b) if prev.t_b >= 0 else None
        return wr.t_issue


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


# ------------------------------------------------------------------ the reference model


@dataclass
class SlotOp:
    lo: int
    hi: int
    cands: list          # possible slot contents afterwards (key bytes or None)
    what: str


def _dedupe(items: list) -> list:
    out = []
    for x in items:
        if x not in out:
            out.append(x)
    return out


class Events:
    """Events of one register (or bit): (lo, hi, value), each taking effect at some clock
    in [lo, hi]."""

    def __init__(self) -> None:
        self.items: list[tuple[int, int, int]] = []
        self._ready = False

    def add(self, lo: int, hi: int, value: int) -> None:
        self.items.append((lo, hi, value))
        self._ready = False

    def _prepare(self) -> None:
        self.items.sort()
        self.los = [e[0] for e in self.items]
        self.span = max((e[1] - e[0] for e in self.items), default=0)
        self._ready = True

    def possible(self, initial: int, lo: int, hi: int) -> set[int]:
        """Values a sample taken somewhere in [lo, hi] can show: an event is a candidate
        unless another one certainly came after it and certainly before the sample."""
        if not self._ready:
            self._prepare()
        items = self.items
        # the latest start among events certainly over before the sample
        latest = None
        i = bisect_left(self.los, lo) - 1
        while i >= 0:
            if items[i][1] < lo:
                latest = items[i][0]
                break
            i -= 1
        out = set() if latest is not None else {initial}
        j = bisect_right(self.los, hi) - 1
        floor = -1 if latest is None else latest - self.span
        while j >= 0 and items[j][0] >= floor:
            if latest is None or items[j][1] >= latest:
                out.add(items[j][2])
            j -= 1
        return out


class Model:
    """The register-level behaviour of docs/specification.md §4-§5 / docs/registers.md, replayed over the
    recorded traffic."""

    SLACK = 2

    def __init__(self, bench: Bench, selftest_done_at: int) -> None:
        self.bench = bench
        self.errors: list[str] = []
        self.stats: dict[str, int] = {}
        self.key_words: set[int] = set()
        self.selftest_done_at = selftest_done_at

    def err(self, text: str) -> None:
        if len(self.errors) < 30:
            self.errors.append(text)

    def count(self, what: str) -> None:
        self.stats[what] = self.stats.get(what, 0) + 1

    def add_key_words(self, data: bytes) -> None:
        for i in range(0, len(data) - 3, 4):
            w = int.from_bytes(data[i:i + 4], "little")
            if all(w >> (8 * k) & 0xFF for k in range(4)) and w not in (ID_WORD, expected_caps()):
                self.key_words.add(w)

    def check(self) -> None:
        bench = self.bench
        writes, reads = bench.writes, bench.reads
        # ---------------------------------------------------------- timing of responses
        for w in writes:
            if w.t_b < 0:
                self.err(f"no response: {w.describe()}")
                continue
            done = max(w.t_aw, w.t_w)
            self.count("order: AW before W" if w.t_aw < w.t_w else "order: W before AW" if w.t_w < w.t_aw
                       else "order: AW with W")
            if w.t_b > w.t_bvalid:
                self.count("order: BREADY held back")
            if w.strb != 0xF:
                self.count("writes with partial WSTRB")
            if w.addr & 3:
                self.count("writes with address bits [1:0] set")
            if w.t_bvalid > done + 2:
                self.err(f"BVALID {w.t_bvalid - done} clocks after the later of AW and W (documented: 1): "
                         f"{w.describe()}")
        for r in reads:
            if r.t_r < 0:
                self.err(f"no response: read of {r.addr:#05x}")
            elif r.t_rvalid > r.t_ar + 1:
                self.err(f"RVALID {r.t_rvalid - r.t_ar} clocks after AR (documented: 1): {r.describe()}")
        spans = sorted((max(w.t_aw, w.t_w), w.t_b) for w in writes if w.t_b >= 0)
        starts = [a for a, _ in spans]
        for r in reads:
            i = bisect_right(starts, r.t_ar) - 1
            if i >= 0 and spans[i][1] >= r.t_ar:
                self.count("order: read during a write")
        if self.errors:
            return
        # ---------------------------------------------------------- events in time order
        # Writes are answered one at a time, in order; each takes effect somewhere in
        # [later of AW and W, B]. A read samples the registers in [AR - 1, AR].
        S = self.SLACK
        staging: list[bytes] = [bytes(32)]    # possible contents of KEY0..KEY7
        slot_ops: list[list[SlotOp]] = [[SlotOp(-1, -1, [None], "reset")] for _ in range(NSLOTS)]
        busy: list[SlotOp] = []               # key operations the model has not seen end
        # [lo, end] of each self-test: from the CTRL[0] write to the first STATUS read, after
        # its answer, that shows selftest_done (it falls in the clock after the write).
        reruns: list[list[int]] = [[0, self.selftest_done_at]]
        rerun_ctrl_hi = 0          # the answer of the CTRL[0] write of the last rerun
        rerun_low_at = -1          # the last STATUS read of that rerun showing done 0
        rerun_commits: list[BusWrite] = []   # KEY_CTRL commits written during that rerun

        def check_rerun_commits() -> None:
            # Key commands are refused from the CTRL[0] write until done rises again.
            for c in rerun_commits:
                if c.resp == OKAY and max(c.t_aw, c.t_w) > rerun_ctrl_hi + S and c.t_b < rerun_low_at - 1 - S:
                    self.err(f"KEY_CTRL commit answered OKAY while the self-test was due or running "
                             f"(STATUS showed done 0 at clock {rerun_low_at}): {c.describe()}")
            rerun_commits.clear()

        err_events = [Events() for _ in range(7)]
        irq_en_events = Events()
        timeline = [(max(w.t_aw, w.t_w), 1, i) for i, w in enumerate(writes)]
        timeline += [(r.t_ar - 1, 0, i) for i, r in enumerate(reads)]
        timeline.sort()
        for _, kind, i in timeline:
            if kind == 0:
                # Reads tell the model what it cannot know: when the self-test and the
                # slot loads and clears have ended.
                r = reads[i]
                reg = r.addr & 0xFFC
                if reg == STATUS and r.resp == OKAY and reruns[-1][1] < 0 and r.t_ar - 1 > rerun_ctrl_hi + S:
                    if not r.data & 1:
                        rerun_low_at = r.t_ar
                    else:
                        reruns[-1][1] = r.t_ar
                        busy = [op for op in busy if op.what != "rerun"]
                        check_rerun_commits()
                if reg == SLOTS and r.resp == OKAY and not r.data >> 16:
                    busy = [op for op in busy if not (r.t_ar - 1 > op.hi and op.what != "rerun")]
                continue
            w = writes[i]
            reg, lo, hi = w.addr & 0xFFC, max(w.t_aw, w.t_w), w.t_b
            value = w.data & strobe_mask(w.strb)
            in_rerun = any(lo <= rr[1] + S and hi >= rr[0] - S for rr in reruns if rr[1] >= 0) or reruns[-1][1] < 0
            expect = OKAY
            if reg not in MAPPED or reg in READ_ONLY:
                expect = SLVERR
            elif reg in KEY_WORDS:
                k = KEY_WORDS.index(reg)
                new = []
                for st in staging:
                    word = bytearray(st[4 * k:4 * k + 4])
                    for byte in range(4):
                        if w.strb >> byte & 1:
                            word[byte] = w.data >> (8 * byte) & 0xFF
                    new.append(st[:4 * k] + bytes(word) + st[4 * k + 4:])
                    self.add_key_words(bytes(word))
                staging = _dedupe(new)
            elif reg in RK_WORDS:
                self.add_key_words(value.to_bytes(4, "little"))
            elif reg == RK_CTRL:
                # An HW build refuses RK_CTRL with `write` [12] or `commit` [8] set; with
                # neither set nothing happens, OKAY in every build (registers.md).
                expect = SLVERR if value & (1 << 12 | 1 << 8) else OKAY
                if HOST:
                    expect = None   # the HOST rules are not modelled here
            elif reg == KEY_CTRL:
                commit = value >> 8 & 1
                slot, length = value & 0xF, value >> 4 & 3
                if commit:
                    self.count("commits")
                    if reruns[-1][1] < 0:
                        rerun_commits.append(w)
                    if HOST or slot >= NSLOTS or length > MAX_LEN_CODE:
                        expect = SLVERR
                        self.count("commits refused (slot, length)")
                    else:
                        # Refused while the slots are busy (a load or clear running or
                        # pending) or the self-test runs; accepted once the model has seen
                        # every earlier operation end.
                        unknown = [op for op in busy if op.lo < lo]
                        expect = None if (unknown or in_rerun) else OKAY
                        if w.resp == OKAY:
                            key_len = 16 + 8 * length
                            cands = [st[:key_len] for st in staging]
                            for key in cands:
                                self.add_key_words(key)
                                for rk in model.expand_key(key) + model.decryption_round_keys(key):
                                    self.add_key_words(rk)
                            if in_rerun:
                                cands = cands + [None]   # the self-test may empty it again
                            op = SlotOp(lo, hi, _dedupe(cands), f"commit [{w.describe()}]")
                            slot_ops[slot].append(op)
                            busy.append(op)
                            staging = [bytes(32)]
                            self.count("commits accepted")
                        elif w.resp == SLVERR:
                            self.count("commits refused (busy)")
            elif reg == KEY_CLEAR:
                mask = value & ((1 << NSLOTS) - 1)
                for s in range(NSLOTS):
                    if mask >> s & 1:
                        op = SlotOp(lo, hi, [None], f"clear [{w.describe()}]")
                        slot_ops[s].append(op)
                        busy.append(op)
                        self.count("slots cleared")
            elif reg == ERR:
                for c in range(1, 7):
                    if value >> c & 1:
                        err_events[c].add(lo, hi, 0)
            elif reg == IRQ_EN:
                if w.strb & 1:
                    irq_en_events.add(lo, hi, value & ERR_BITS)
            elif reg == CTRL:
                if value & 1:
                    # The self-test rerun empties every slot; whether it also clears the
                    # staging words is not documented: either.
                    self.count("self-test reruns")
                    check_rerun_commits()
                    reruns.append([lo, -1])
                    rerun_ctrl_hi, rerun_low_at = hi, -1
                    op = SlotOp(lo, hi, [None], "self-test rerun")
                    op.what = "rerun"
                    for s in range(NSLOTS):
                        slot_ops[s].append(op)
                    busy.append(op)
                    staging = _dedupe(staging + [bytes(32)])
            if expect is not None and w.resp != expect:
                self.err(f"BRESP {w.resp}, expected {expect}: {w.describe()}")
            self.count(f"write {name_of(w.addr)} {'OKAY' if w.resp == OKAY else 'SLVERR'}")
        check_rerun_commits()
        # A rerun empties the slots until it ends.
        for rr in reruns:
            if rr[1] < 0:
                rr[1] = 1 << 60
        for s in range(NSLOTS):
            for op in slot_ops[s]:
                if op.what == "rerun":
                    op.hi = max(op.hi, next(rr[1] for rr in reruns if rr[0] == op.lo))
            slot_ops[s].sort(key=lambda o: o.lo)
        self.reruns = reruns
        self.slot_ops = slot_ops

        # ---------------------------------------------------------- messages
        msgs = bench.msgs
        done_msgs = [m for m in msgs if m.msg.end_cycle is not None]
        msg_nblk: list[int] = []
        for sm in done_msgs:
            m = sm.msg
            slot = m.tuser >> 4 & 0xF
            keys = [None] if slot >= NSLOTS else self.slot_at(slot, m.start_cycle)
            try:
                if None in keys and not int(P["DECRYPT"]) and m.tuser & 7 in (0, 1) and m.tuser >> 3 & 1:
                    # ECB/CBC decryption in a DECRYPT=0 build to a slot that may be empty:
                    # codes 3 and 5 both apply, and messages.md orders 5 first (6, 2, 5, 3).
                    # The output is all zero and the blocks are counted as with 3.
                    assert m.result == 5, f"message {m.index}: code {m.result}, expected 5 (messages.md: 5 before 3)"
                    errs = m.protocol_errors()
                    assert not errs and not any(m.out_data), f"code 5 message {m.index}: {errs or 'data not zero'}"
                    msg_nblk.append(expect_message(m, None)[2])
                else:
                    msg_nblk.append(check_message(m, keys))
            except AssertionError as exc:
                self.err(f"stream: {exc} (slot contents possible: "
                         f"{[k.hex() if k else None for k in keys]})")
                msg_nblk.append(0)
            self.count(f"messages code {m.result}")
            if 1 <= m.result <= 6:
                err_events[m.result].add(sm.t_last_in, m.end_cycle + 1, 1)
        # ---------------------------------------------------------- reads
        ends = sorted(m.msg.end_cycle + 1 for m in done_msgs)
        last_ins = sorted(m.t_last_in for m in done_msgs)
        by_end = sorted(zip((m.msg.end_cycle + 1 for m in done_msgs), msg_nblk))
        end_prefix = [0]
        for _, n in by_end:
            end_prefix.append(end_prefix[-1] + n)
        by_start = sorted(zip((m.msg.start_cycle for m in done_msgs), msg_nblk))
        start_prefix = [0]
        for _, n in by_start:
            start_prefix.append(start_prefix[-1] + n)
        settled: list[tuple[SlotOp, int] | None] = [None] * NSLOTS
        latency = None
        last_count = {MSGS: 0, BLOCKS: 0}
        for r in reads:
            reg = r.addr & 0xFFC
            lo, hi = r.t_ar - 1, r.t_ar
            self.count(f"read {name_of(r.addr)}")
            if r.data in self.key_words:
                self.err(f"KEY MATERIAL read back: {r.describe()}")
            if reg not in MAPPED:
                if (r.data, r.resp) != (0, SLVERR):
                    self.err(f"unmapped read must be 0 with SLVERR: {r.describe()}")
                continue
            if r.resp != OKAY:
                self.err(f"SLVERR on a mapped register: {r.describe()}")
                continue
            in_rerun = any(lo <= rr[1] + S and hi >= rr[0] - S for rr in self.reruns)
            bad = None
            if reg == ID:
                bad = r.data != ID_WORD and f"{ID_WORD:#x}"
            elif reg == CAPS:
                bad = r.data != expected_caps() and f"{expected_caps():#x}"
            elif reg == LATENCY:
                latency = r.data if latency is None else latency
                bad = (r.data != latency or r.data == 0) and f"the same non-zero value every time ({latency})"
            elif reg in READS_ZERO:
                bad = r.data != 0 and "0 (write-only)"
            elif reg == STATUS:
                if r.data & ~7:
                    bad = "bits above 2 zero"
                elif not in_rerun and r.data & 3 != 3:
                    bad = "self-test done and passed"
                else:
                    busy_now = r.data >> 2 & 1
                    surely = any(m.msg.start_cycle < lo - S and m.msg.end_cycle > hi + S for m in done_msgs)
                    maybe = any(m.msg.start_cycle <= hi + S and m.msg.end_cycle >= lo - S for m in done_msgs)
                    if busy_now and not maybe:
                        bad = "busy 0: no message in flight"
                    elif not busy_now and surely:
                        bad = "busy 1: a message in flight"
            elif reg == ERR:
                if r.data & ~ERR_BITS:
                    bad = "bits 0 and 7-31 zero"
                for c in range(1, 7):
                    ok = err_events[c].possible(0, lo - S, hi + S)
                    if (r.data >> c & 1) not in ok:
                        bad = f"ERR[{c}] = {sorted(ok)}"
            elif reg == IRQ_EN:
                ok = irq_en_events.possible(0, lo - S, hi + S)
                if r.data not in ok:
                    bad = f"one of {sorted(hex(v) for v in ok)}"
            elif reg in (MSGS, BLOCKS):
                if reg == MSGS:
                    least = bisect_left(ends, lo - S)
                    most = bisect_right(last_ins, hi + S)
                else:
                    least = end_prefix[bisect_left([e for e, _ in by_end], lo - S)]
                    most = start_prefix[bisect_right([s for s, _ in by_start], hi + S)]
                if not least <= r.data <= most:
                    bad = f"between {least} (completed on the sink) and {most} (sent)"
                elif r.data < last_count[reg]:
                    bad = f"no less than the previous read ({last_count[reg]})"
                last_count[reg] = max(last_count[reg], r.data)
            elif reg == SLOTS:
                if r.data & ~((1 << NSLOTS) - 1) & 0xFFFF or (r.data >> 16) & ~((1 << NSLOTS) - 1):
                    bad = f"no bit for a slot >= {NSLOTS}"
                for s in range(NSLOTS):
                    why = self.check_slot(s, r, settled)
                    if why:
                        bad = why
            if bad:
                self.err(f"{r.describe()}: expected {bad}")
            # irq = ERR & IRQ_EN, registered
            if r.irq >= 0 and not self.irq_ok(r.irq, r.t_ar, err_events, irq_en_events):
                self.err(f"irq {r.irq} at clock {r.t_ar} disagrees with ERR & IRQ_EN")
        for t in range(256, len(bench.irq_trace), 256):
            if not self.irq_ok(bench.irq_trace[t - 1], t, err_events, irq_en_events):
                self.err(f"irq {bench.irq_trace[t - 1]} at clock {t} disagrees with ERR & IRQ_EN")
                break

    def irq_ok(self, value: int, t: int, err_events, irq_en_events) -> bool:
        lo, hi = t - 4, t
        ens = irq_en_events.possible(0, lo, hi)
        errs = {c: err_events[c].possible(0, lo, hi) for c in range(1, 7)}
        can1 = any(en >> c & 1 and 1 in errs[c] for en in ens for c in range(1, 7))
        can0 = any(all(0 in errs[c] for c in range(1, 7) if en >> c & 1) for en in ens)
        return can1 if value else can0

    def slot_at(self, slot: int, t: int) -> list:
        """Possible contents of `slot` for a message whose first beat was taken at `t`."""
        cur: list = [None]
        for op in self.slot_ops[slot]:
            if op.hi < t:
                cur = list(op.cands)
            elif op.lo <= t:
                cur = cur + op.cands
            else:
                break
        return _dedupe(cur)

    def check_slot(self, s: int, r: BusRead, settled: list) -> str | None:
        """SLOTS bits of slot s against its last operation: anything while an operation
        overlaps the read; loading or the final state until it has been seen settled; the
        final state once settled."""
        lo, hi = r.t_ar - 1 - self.SLACK, r.t_ar + self.SLACK
        loaded, loading = r.data >> s & 1, r.data >> (16 + s) & 1
        ops = self.slot_ops[s]
        last = None
        for op in ops:
            if op.lo <= hi:
                last = op
        if last is None or last.hi >= lo:
            return None
        states = {int(k is not None) for k in last.cands}
        prev = settled[s]
        if prev is not None and prev[0] is last:
            if loading or loaded != prev[1]:
                return (f"slot {s} settled as loaded={prev[1]} after {last.what}, "
                        f"now loaded={loaded} loading={loading}")
            return None
        if loading:
            return None
        if loaded not in states:
            return f"slot {s} loaded={sorted(states)} after {last.what}"
        settled[s] = (last, loaded)
        return None


# ------------------------------------------------------------------ the test


async def reset(dut) -> None:
    for name in ("s_axil_awvalid", "s_axil_wvalid", "s_axil_bready", "s_axil_arvalid", "s_axil_rready",
                 "s_axis_tvalid", "m_axis_tready", "s_axil_awaddr", "s_axil_araddr", "s_axil_wdata",
                 "s_axil_wstrb", "s_axil_awprot", "s_axil_arprot", "s_axis_tdata", "s_axis_tkeep",
                 "s_axis_tlast", "s_axis_tuser"):
        getattr(dut, name).value = 0
    dut.aresetn.value = 0
    await ClockCycles(dut.aclk, 4)
    await FallingEdge(dut.aclk)
    dut.aresetn.value = 1


async def start(dut, seed: int) -> tuple[Bench, Traffic, int]:
    """Clock, reset, the clock loop; wait for the power-up self-test (polling STATUS
    through the fuzz's own reads). Returns the bench, a traffic generator and the clock
    at which STATUS showed the self-test done."""
    rng = random.Random(seed)
    cocotb.start_soon(Clock(dut.aclk, 10, unit="ns").start())
    await reset(dut)
    bench = Bench(dut, random.Random(rng.random()))
    traffic = Traffic(random.Random(rng.random()), bench.beat_bytes)
    cocotb.start_soon(bench.run())
    for _ in range(2000):
        r = await bench.read_now(STATUS)
        if r.data & 1:
            return bench, traffic, r.t_ar
    raise FuzzError("the power-up self-test never ended")


async def wait_slots_idle(bench: Bench) -> None:
    for _ in range(2000):
        r = await bench.read_now(SLOTS)
        if not r.data >> 16:
            return
    raise FuzzError(f"SLOTS still shows a slot loading: {r.data:#010x}")


async def load_every_slot(bench: Bench, traffic: Traffic) -> None:
    """Stage and commit a key into every slot, the way a driver does."""
    for s in range(NSLOTS):
        length = s % (MAX_LEN_CODE + 1)
        await wait_slots_idle(bench)
        for i in range(4 + 2 * length):
            bench.push_write(traffic.write(KEY_WORDS[i], traffic.word()))
        bench.push_write(traffic.write(KEY_CTRL, s | length << 4 | 1 << 8))
        await bench.wait_idle()


async def rerun_selftest(bench: Bench) -> None:
    """CTRL[0] with nothing in flight: STATUS.selftest_done must fall, then rise again."""
    await wait_slots_idle(bench)
    w = BusWrite(CTRL, 1, 0xF, 0, 0, 0, 0, True)
    bench.push_write(w)
    await bench.wait_idle()
    seen_low = False
    for i in range(4000):
        r = await bench.read_now(STATUS)
        if not r.data & 1:
            seen_low = True
        elif seen_low:
            return
        elif i >= 2:
            raise FuzzError(f"STATUS.selftest_done did not fall after CTRL[0] (written at clock {w.t_w}, "
                            f"answered at {w.t_b}, {i + 1} reads since)")
    raise FuzzError("the self-test rerun never ended")


def finish(bench: Bench, selftest_done_at: int, dut) -> dict[str, int]:
    """Stop the clock loop, check everything recorded against the model; the statistics."""
    bench.stopped = True
    if bench.errors:
        raise FuzzError("bus or stream rule broken:\n" + "\n".join(bench.errors))
    mdl = Model(bench, selftest_done_at)
    mdl.check()
    msgs_done = sum(1 for m in bench.msgs if m.msg.end_cycle is not None)
    summary = (f"{len(bench.writes)} writes, {len(bench.reads)} reads, {msgs_done} messages, "
               f"{bench.cycle} clocks; " + ", ".join(f"{k}: {v}" for k, v in sorted(mdl.stats.items())))
    dut._log.info("fuzz: %s", summary)
    if mdl.errors:
        raise FuzzError(f"{len(mdl.errors)} disagreements with the register model ({summary}):\n"
                        + "\n".join(mdl.errors))
    assert msgs_done == len(bench.msgs), f"{len(bench.msgs) - msgs_done} messages never came out"
    return {**mdl.stats, "messages": msgs_done, "summary": summary}


def report(text: str) -> None:
    """Write `text` to the file AESCORES_FUZZ_REPORT names, if any (the pytest side reads
    it to check why a run on a mutated RTL failed)."""
    path = os.environ.get("AESCORES_FUZZ_REPORT")
    if path:
        with open(path, "w") as handle:
            handle.write(text)


@cocotb.test(timeout_time=20000, timeout_unit="ms")
async def test_axil_fuzz_with_stream_traffic(dut):
    """Random AXI4-Lite traffic (addresses, strobes, channel orders, timing) with
    concurrent messages, against the register model and OpenSSL (see the module text)."""
    try:
        await fuzz(dut)
    except BaseException as exc:
        report(f"{type(exc).__name__}: {exc}")
        raise


async def fuzz(dut) -> None:
    rng = random.Random(SEED * 7919 + 17)
    bench, traffic, selftest_done_at = await start(dut, rng.randrange(1 << 30))
    await load_every_slot(bench, traffic)
    for epoch in range(EPOCHS):
        bench.p_valid = rng.choice((1.0, 0.8, 0.5, 0.25))
        bench.p_ready = rng.choice((1.0, 0.8, 0.5, 0.2, 0.05))
        for _ in range(rng.randint(10, 30)):
            bench.push_message(*traffic.message())
        for _ in range(rng.randint(20, 60)):
            for op in traffic.ops():
                (bench.push_write if isinstance(op, BusWrite) else bench.push_read)(op)
            if rng.random() < 0.5:
                await ClockCycles(dut.aclk, rng.randint(1, 40))
        await bench.wait_idle()
        if bench.errors:
            break
        if RERUN and int(P["SELFTEST"]) and rng.random() < 0.15:
            await rerun_selftest(bench)
            await load_every_slot(bench, traffic)
        else:
            # Reload a slot or two the way a driver does (waiting until no slot is
            # busy), so that commits are accepted often enough.
            for _ in range(rng.randint(1, 2)):
                await wait_slots_idle(bench)
                for op in traffic.key_load():
                    bench.push_write(op)
                await bench.wait_idle()
    # Let everything settle, then read every register once more.
    bench.p_valid, bench.p_ready = 1.0, 1.0
    await bench.wait_idle()
    await wait_slots_idle(bench)
    for reg in MAPPED:
        bench.push_read(BusRead(reg, 0, 0, 0, True))
    await bench.wait_idle()
    stats = finish(bench, selftest_done_at, dut)
    # The fuzz must have done what it is for.
    for what in ("order: AW before W", "order: W before AW", "order: AW with W", "order: BREADY held back",
                 "order: read during a write", "writes with partial WSTRB", "writes with address bits [1:0] set"):
        assert stats.get(what, 0) >= 10, f"too few cases of {what!r}: {stats['summary']}"
    assert stats.get("commits accepted", 0) >= NSLOTS + EPOCHS // 2, f"too few accepted commits: {stats['summary']}"
    assert stats.get("commits refused (busy)", 0) >= 1, f"no commit found the slots busy: {stats['summary']}"
    assert stats.get("messages code 0", 0) >= stats["messages"] // 3, f"too few messages with a key: {stats['summary']}"
    report("PASS " + stats["summary"])


@cocotb.test(timeout_time=200, timeout_unit="ms")
async def test_selftest_rerun_requested_while_a_message_is_in_flight(dut):
    """CTRL[0] written while a message is still in the IP (its output held back): the
    self-test waits until the stream is idle (docs/architecture.md). registers.md: "Write
    1: rerun the self-test (STATUS.selftest_done falls until it ends)", and a rerun
    empties every slot. Checked: once the CTRL write is answered, STATUS.selftest_done
    reads 0 until the self-test has run, and a key committed after the CTRL write and
    answered OKAY is still in its slot once the self-test is over (or the commit is
    refused)."""
    bench, traffic, _ = await start(dut, SEED + 5)
    await load_every_slot(bench, traffic)
    bench.p_ready = 0.0                                   # hold the output back
    bench.push_message(0 | 0 << 4, bytes(range(32)), [1] * 32, [0, 0])
    while bench.msgs[0].msg.start_cycle is None:
        await RisingEdge(dut.aclk)
    ctrl = BusWrite(CTRL, 1, 0xF, 0, 0, 0, 0, True)
    bench.push_write(ctrl)
    while ctrl.t_b < 0:
        await RisingEdge(dut.aclk)
    status = await bench.read_now(STATUS)
    # A driver that saw the self-test done loads a key now.
    slot = NSLOTS - 1
    key_load = [traffic.write(KEY_WORDS[i], traffic.word()) for i in range(4)]
    commit = traffic.write(KEY_CTRL, slot | 1 << 8)
    for w in key_load + [commit]:
        bench.push_write(w)
    while commit.t_b < 0:
        await RisingEdge(dut.aclk)
    slots_after_commit = (await bench.read_now(SLOTS)).data
    await ClockCycles(dut.aclk, 20)
    status = await bench.read_now(STATUS)                 # still before the self-test
    bench.p_ready = 1.0                                   # let the message out: the self-test runs
    await bench.wait_idle()
    ran = False
    for _ in range(4000):
        st = await bench.read_now(STATUS)
        if not st.data & 1:
            ran = True
        elif ran:
            break
    else:
        raise FuzzError("the self-test did not run once the message was out")
    await wait_slots_idle(bench)
    slots_end = (await bench.read_now(SLOTS)).data
    bench.stopped = True
    problems = []
    if status.data & 1:
        problems.append(f"STATUS read {status.data:#x} (selftest_done 1) at clock {status.t_ar}, "
                        f"{status.t_ar - ctrl.t_b} clocks after the CTRL[0] write was answered (clock {ctrl.t_b}), "
                        f"before the self-test had run")
    if commit.resp == OKAY and not slots_end >> slot & 1:
        problems.append(f"a KEY_CTRL commit to slot {slot} answered OKAY at clock {commit.t_b} (SLOTS then "
                        f"{slots_after_commit:#010x}) is gone once the self-test has run (SLOTS {slots_end:#010x})")
    assert not problems, "; ".join(problems)


# Test groups for test_axi.py (see cocotb_axi.py's GROUPS).
GROUPS = {
    "fuzz": (test_axil_fuzz_with_stream_traffic,),
    "selftest_rerun": (test_selftest_rerun_requested_while_a_message_is_in_flight,),
}
