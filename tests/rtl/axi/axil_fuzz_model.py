# SPDX-License-Identifier: Apache-2.0
"""The register model of the aes_axi bus fuzz (cocotb_axil_fuzz.py, whose text says what
is checked): the build's parameters, the register map of docs/specification.md §5 and
docs/registers.md written out by hand, and `Model`, which replays the traffic the bench
recorded against the behaviour those documents describe (and every message against
OpenSSL through cocotb_axi.py's reference).
"""

from __future__ import annotations

import json
import os
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aescores import model
from cocotb_axi import check_message, expect_message

if TYPE_CHECKING:
    from axil_fuzz_traffic import BusRead, BusWrite
    from cocotb_axil_fuzz import Bench

# ------------------------------------------------------------------ the build
DEFAULTS = {
    "ARCH": "PIPELINED", "STAGES_PER_ROUND": 1, "SBOX": "LUT", "LANES": 1, "MAX_KEY_BITS": 256,
    "KEY_SLOTS": 4, "DECRYPT": 1, "KEY_EXPANSION": "HW", "SELFTEST": 1, "FAULT_INJECT": 0,
}
P = {**DEFAULTS, **json.loads(os.environ.get("AESCORES_PARAMS", "{}"))}
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
ERR_BITS = 0xFE            # ERR and IRQ_EN: bits 7:1, one per result code
NAMES = {ID: "ID", CAPS: "CAPS", LATENCY: "LATENCY", STATUS: "STATUS", KEY_CTRL: "KEY_CTRL",
         KEY_CLEAR: "KEY_CLEAR", SLOTS: "SLOTS", ERR: "ERR", IRQ_EN: "IRQ_EN", MSGS: "MSGS",
         BLOCKS: "BLOCKS", CTRL: "CTRL", RK_CTRL: "RK_CTRL",
         **{a: f"KEY{i}" for i, a in enumerate(KEY_WORDS)}, **{a: f"RK{i}" for i, a in enumerate(RK_WORDS)}}


def expected_caps() -> int:
    """CAPS from the build's parameters, bit by bit as docs/specification.md §5 lists them."""
    pipelined = P["ARCH"] == "PIPELINED"
    stages = int(P["STAGES_PER_ROUND"]) if pipelined or P["SBOX"] == "TTABLE" else 1   # ITERATIVE TTABLE: 1 or 3
    return (int(pipelined) | stages << 2 | int(P["LANES"]) << 5
            | MAX_LEN_CODE << 9 | NSLOTS << 11 | int(P["DECRYPT"]) << 16 | int(HOST) << 17
            | int(P["SELFTEST"]) << 18 | {"LUT": 0, "TTABLE": 1, "COMPOSITE": 2}[P["SBOX"]] << 19
            | int(P.get("GCM", 1)) << 21)


def strobe_mask(strb: int) -> int:
    return sum(0xFF << 8 * i for i in range(4) if strb >> i & 1)


def name_of(addr: int) -> str:
    return NAMES.get(addr & 0xFFC, "unmapped")


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
    # aes_csr forms the read data in the clock after the AR handshake: a read shows the
    # registers as they are at the end of that clock.
    READ_AT = 1

    def read_at(self, r: BusRead) -> int:
        """The clock whose registers read `r` shows (at its end)."""
        return r.t_ar + self.READ_AT

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
            elif r.t_rvalid > self.read_at(r) + 1:
                self.err(f"RVALID {r.t_rvalid - r.t_ar} clocks after AR (documented: {self.READ_AT + 1}): "
                         f"{r.describe()}")
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
        timeline += [(self.read_at(r) - 1, 0, i) for i, r in enumerate(reads)]
        timeline.sort()
        for _, kind, i in timeline:
            if kind == 0:
                # Reads tell the model what it cannot know: when the self-test and the
                # slot loads and clears have ended.
                r = reads[i]
                reg = r.addr & 0xFFC
                t_read = self.read_at(r)
                if reg == STATUS and r.resp == OKAY and reruns[-1][1] < 0 and t_read - 1 > rerun_ctrl_hi + S:
                    if not r.data & 1:
                        rerun_low_at = t_read
                    else:
                        reruns[-1][1] = t_read
                        busy = [op for op in busy if op.what != "rerun"]
                        check_rerun_commits()
                if reg == SLOTS and r.resp == OKAY and not r.data >> 16:
                    busy = [op for op in busy if not (t_read - 1 > op.hi and op.what != "rerun")]
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
            lo, hi = self.read_at(r) - 1, self.read_at(r)
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
        lo, hi = self.read_at(r) - 1 - self.SLACK, self.read_at(r) + self.SLACK
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
