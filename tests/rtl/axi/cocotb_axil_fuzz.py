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
a reference model written from the documents (axil_fuzz_model.py: offsets and fields
are spelled out there, not taken from the generated register files):
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

The fuzz is three files beside each other: this one, the bench (it drives and records
every channel clock by clock) and its cocotb tests; axil_fuzz_traffic.py, the random
register operations and messages; axil_fuzz_model.py, the register model the recorded
traffic is checked against.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly, RisingEdge

from aescores.driver import Message
from axil_fuzz_model import CTRL, KEY_CTRL, KEY_WORDS, MAPPED, MAX_LEN_CODE, NSLOTS, OKAY, SLOTS, STATUS, Model, P
from axil_fuzz_traffic import BusRead, BusWrite, Traffic

SEED = int(os.environ.get("AESCORES_SEED", "1"))
EPOCHS = int(os.environ.get("AESCORES_FUZZ_EPOCHS", "12"))
RERUN = os.environ.get("AESCORES_FUZZ_RERUN", "1") == "1"


# ------------------------------------------------------------------ what the bench records


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
