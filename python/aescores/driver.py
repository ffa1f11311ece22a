# SPDX-License-Identifier: Apache-2.0
"""A Python driver for the `aes_axi` IP in simulation, over cocotbext-axi.

`AesAxiDriver(dut)` owns the clock, the reset and the three buses of the IP (docs/specification.md §2):
an `AxiLiteMaster` on `s_axil_*`, an `AxiStreamSource` on `s_axis_*` and an
`AxiStreamSink` on `m_axis_*`. Tests talk to the IP through it in the words of the
the specification (docs/specification.md): registers by name, keys by slot, messages by mode.

    drv = AesAxiDriver(dut)
    await drv.start()                                  # clock, reset, self-test, CAPS
    await drv.load_key(0, key)                         # KEY0..KEY7 + KEY_CTRL commit
    out = await drv.encrypt(Mode.CBC, 0, iv, plaintext)
    data, result, tuser = out                          # or out.data, out.result, ...
    ct, tag, result = await drv.process_gcm(0, iv12, aad, plaintext, 16)      # GCM
    pt, tag, result = await drv.process_gcm(0, iv12, aad, ct, tag, decrypt=True)

Messages (docs/specification.md §3) go out as one AXI4-Stream frame of 16*LANES-byte beats: for every
mode but ECB an IV beat first (the IV in lane 0), then the data, the last beat keeping
bytes 0..n-1. Any number of messages may be in flight: `submit` queues one and returns
a `Message` whose `done` event fires when its output frame is back; outputs are matched
to inputs in order (the IP keeps order, docs/specification.md §3). A watcher counts clocks and records,
per message, the clock of its first input handshake and of its last output beat, and
per block the clocks of input and output handshakes (for latency and rate checks).

GCM messages (mode 5, docs/specification.md §3a) are laid out by
`aescores.gcm.message_frame` (IV beat with the AAD length, AAD beats, payload, tag beat)
and taken apart by `aescores.gcm.split_output`: `submit_gcm` queues one, `gcm_result`
gives (payload, tag, result) of one that is back, `process_gcm` does both.

Byte order is docs/specification.md §1 throughout: byte i of a beat is `tdata[8i+7:8i]`, so the byte
strings of `aescores.model` go straight into cocotbext-axi frames.
"""

from __future__ import annotations

import logging
import random
import warnings
from collections import deque
from dataclasses import dataclass, field
from typing import Iterator, Sequence

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, Event, Lock, RisingEdge, with_timeout
from cocotbext.axi import (
    AxiLiteBus,
    AxiLiteMaster,
    AxiStreamBus,
    AxiStreamFrame,
    AxiStreamSink,
    AxiStreamSource,
)

from aescores import gcm, model
from aescores.model import BLOCK_BYTES, Mode
from aescores.regmap import regs
from aescores.regmap.model import Register

# cocotbext-axi 0.1.28 uses cocotb APIs that cocotb 2.1 deprecates; not ours to fix.
warnings.filterwarnings("ignore", category=DeprecationWarning, module=r"cocotbext\.axi")

OKAY, SLVERR = 0, 2
"""AXI response codes (bresp/rresp)."""

RESULT_SHIFT = regs.TuserShift.RESULT
"""m_axis_tuser[15:8] is the result code on the tlast beat."""


class RegisterError(RuntimeError):
    """A register access answered SLVERR where OKAY was expected."""


def tuser_of(mode: int, decrypt: bool = False, slot: int = 0) -> int:
    """The first-beat `s_axis_tuser` of a message: [2:0] mode, [3] direction, [7:4] slot."""
    return (
        (int(mode) & 7) << regs.TuserShift.MODE
        | int(bool(decrypt)) << regs.TuserShift.DIR
        | (int(slot) & 0xF) << regs.TuserShift.SLOT
    )


def random_pauses(rng: random.Random, p_pause: float) -> Iterator[bool]:
    """An endless pause pattern for `set_pause_generator`: True (pause) with probability
    `p_pause` each clock, in bursts as often as single clocks."""
    while True:
        if rng.random() < p_pause:
            for _ in range(rng.choice((1, 1, 1, 2, 3, 5))):
                yield True
        else:
            yield False


@dataclass
class Caps:
    """CAPS decoded (docs/specification.md §5)."""

    arch: int
    stages: int
    lanes: int
    max_key_bits: int
    key_slots: int
    decrypt: bool
    host_keys: bool
    selftest: bool
    sbox: int
    gcm: bool
    """CAPS[21]: the build has GCM (mode 5); without it a mode 5 message ends with code 5."""

    @classmethod
    def decode(cls, value: int) -> Caps:
        f = regs.CAPS.decode(value)
        return cls(
            arch=f["arch"], stages=f["stages"], lanes=f["lanes"], max_key_bits=128 + 64 * f["max_key"],
            key_slots=f["key_slots"], decrypt=bool(f["decrypt"]), host_keys=bool(f["host_keys"]),
            selftest=bool(f["selftest"]), sbox=f["sbox"], gcm=bool(f["gcm"]),
        )


@dataclass
class Message:
    """One message through the IP: what went in, what came out, and when."""

    index: int
    tuser: int
    """First-beat s_axis_tuser."""
    payload: bytes
    """Every byte of the input frame (the IV beat included)."""
    tkeep: list[int]
    """Input tkeep per byte of `payload`."""
    beat_bytes: int
    start_cycle: int | None = None
    """Clock of the first beat's input handshake."""
    end_cycle: int | None = None
    """Clock of the last beat's output handshake."""
    out_data: bytes = b""
    """Every byte of the output frame, kept or not."""
    out_tkeep: list[int] = field(default_factory=list)
    out_tuser: list[int] = field(default_factory=list)
    """m_axis_tuser of each output beat."""
    done: Event = field(default_factory=Event)

    def __repr__(self) -> str:
        return (f"Message({self.index}, tuser={self.tuser:#04x}, {len(self.payload)} bytes, "
                f"start={self.start_cycle}, end={self.end_cycle}, result={self.result})")

    @property
    def beats(self) -> int:
        return -(-len(self.payload) // self.beat_bytes)

    def gcm_frame(self) -> gcm.GcmFrame:
        """The input frame as `aescores.gcm` takes it: whole beats, bytes past the
        payload not kept."""
        pad = self.beats * self.beat_bytes - len(self.payload)
        return gcm.GcmFrame(self.payload + bytes(pad), tuple(self.tkeep) + (0,) * pad, self.beat_bytes)

    @property
    def result(self) -> int:
        """The result code: m_axis_tuser[15:8] of the last output beat."""
        return (self.out_tuser[-1] >> RESULT_SHIFT) & 0xFF if self.out_tuser else -1

    def out_beat(self, k: int) -> bytes:
        return self.out_data[k * self.beat_bytes : (k + 1) * self.beat_bytes]

    def protocol_errors(self) -> list[str]:
        """Breaches of the rules every output message follows, whatever its result:
        one output beat per input beat, output tkeep = input tkeep, bytes not kept zero,
        tuser[7:0] echoing the first-beat tuser on every beat, tuser[15:8] zero but on
        the last beat."""
        errs = []
        b = self.beat_bytes
        pad = (-len(self.payload)) % b
        in_keep = list(self.tkeep) + [0] * pad
        if len(self.out_tuser) != self.beats:
            errs.append(f"{len(self.out_tuser)} output beats for {self.beats} input beats")
        if self.out_tkeep != in_keep:
            errs.append(f"output tkeep differs from input tkeep (first at byte "
                        f"{next((i for i, (a, c) in enumerate(zip(self.out_tkeep, in_keep)) if a != c), '?')})")
        if any(d for d, k in zip(self.out_data, self.out_tkeep) if not k):
            errs.append("a byte not kept is not zero")
        for k, u in enumerate(self.out_tuser):
            if u & 0xFF != self.tuser & 0xFF:
                errs.append(f"beat {k}: tuser[7:0] = {u & 0xFF:#04x}, not the first-beat {self.tuser & 0xFF:#04x}")
            if k != len(self.out_tuser) - 1 and u >> 8:
                errs.append(f"beat {k}: tuser[15:8] = {u >> 8} on a beat that is not the last")
        return errs


@dataclass
class MessageResult:
    """What `process` returns; unpacks as (data, result, tuser)."""

    data: bytes
    """The output bytes after the IV beat, as many as the input data."""
    result: int
    tuser: list[int]
    """m_axis_tuser of each output beat."""
    iv_beat: bytes | None
    """The output IV beat (whole beat), or None for a message without one."""
    message: Message

    def __iter__(self):
        return iter((self.data, self.result, self.tuser))


@dataclass
class GcmResult:
    """What `gcm_result` and `process_gcm` return; unpacks as (payload, tag, result)."""

    payload: bytes
    """The kept bytes of the payload beats: the ciphertext (encryption) or the plaintext
    (decryption; streamed before the tag check, so unverified unless `result` is 0)."""
    tag: bytes
    """The kept bytes of the tag beat: the computed tag (encryption), the expected tag
    when it matched (decryption, code 0), zeros on code 7."""
    result: int
    message: Message

    def __iter__(self):
        return iter((self.payload, self.tag, self.result))


class AesAxiDriver:
    """Clock, reset, registers, keys and messages of one `aes_axi` instance."""

    def __init__(self, dut, clock_ns: float = 10, seed: int = 1, name: str = "aes") -> None:
        self.dut = dut
        self.clock_ns = clock_ns
        self.rng = random.Random(seed)
        self.log = logging.getLogger(f"cocotb.{name}")
        for bus in ("s_axil", "s_axis", "m_axis"):
            logging.getLogger(f"cocotb.{dut._name}.{bus}").setLevel(logging.WARNING)
        self.lanes = len(dut.s_axis_tdata) // 128
        self.beat_bytes = BLOCK_BYTES * self.lanes
        self.axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.aclk, dut.aresetn,
                                  reset_active_level=False)
        self.source = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis"), dut.aclk, dut.aresetn,
                                      reset_active_level=False)
        self.sink = AxiStreamSink(AxiStreamBus.from_prefix(dut, "m_axis"), dut.aclk, dut.aresetn,
                                  reset_active_level=False)
        self.caps: Caps | None = None
        self.cycle = 0
        self.key_lock = Lock()
        self.messages: list[Message] = []
        self._in_flight: deque[Message] = deque()   # submitted, last input beat not yet taken
        self._awaiting: deque[Message] = deque()    # submitted, output frame not yet back
        self._in_msg: Message | None = None
        self.in_beats: list[int] = []                # clock of every input handshake
        self.out_beats: list[int] = []               # clock of every output handshake
        self.trace = False                           # record in_beats/out_beats
        self.stray_frames: list[AxiStreamFrame] = []
        self._started = False

    # ---------------------------------------------------------------- set-up

    async def start(self, wait_selftest: bool = True) -> None:
        """Start the clock and the monitors, reset, wait for the self-test, read CAPS."""
        dut = self.dut
        if not self._started:
            dut.aresetn.value = 0
            dut.s_axis_tvalid.value = 0
            cocotb.start_soon(Clock(dut.aclk, self.clock_ns, unit="ns").start())
            cocotb.start_soon(self._watch())
            cocotb.start_soon(self._collect())
            self._started = True
        await self.reset(wait_selftest=wait_selftest)

    async def reset(self, cycles: int = 4, wait_selftest: bool = True) -> None:
        """Pulse `aresetn` low; then (optionally) wait until STATUS shows the self-test done."""
        if self._awaiting:
            raise RuntimeError(f"reset with {len(self._awaiting)} messages still in flight")
        self.dut.aresetn.value = 0
        await ClockCycles(self.dut.aclk, cycles)
        self.dut.aresetn.value = 1
        await RisingEdge(self.dut.aclk)
        self._in_msg = None
        self.caps = Caps.decode(await self.read("CAPS"))
        if wait_selftest and self.caps.selftest:
            await self.wait_selftest()
        if self.caps.lanes != self.lanes:
            raise AssertionError(f"CAPS.lanes = {self.caps.lanes} but tdata is {self.lanes} lanes wide")

    async def wait_selftest(self, limit_cycles: int = 20_000) -> int:
        """Poll STATUS until the self-test is done; return STATUS."""
        start = self.cycle
        while True:
            status = await self.read("STATUS")
            if status & 1:
                return status
            if self.cycle - start > limit_cycles:
                raise AssertionError(f"self-test not done after {limit_cycles} clocks")
            await ClockCycles(self.dut.aclk, 8)

    def set_idle(self, p_idle: float = 0.0, p_backpressure: float = 0.0, seed: int | None = None) -> None:
        """Random idle clocks on s_axis (source pauses) and backpressure on m_axis (sink
        pauses), each with the given probability per clock; 0 turns them off."""
        rng = random.Random(self.rng.random() if seed is None else seed)
        if p_idle > 0:
            self.source.set_pause_generator(random_pauses(random.Random(rng.random()), p_idle))
        else:
            self.source.clear_pause_generator()
            self.source.pause = False
        if p_backpressure > 0:
            self.sink.set_pause_generator(random_pauses(random.Random(rng.random()), p_backpressure))
        else:
            self.sink.clear_pause_generator()
            self.sink.pause = False

    # ------------------------------------------------------------- registers

    @staticmethod
    def address(reg: str | Register | int) -> int:
        if isinstance(reg, int):
            return reg
        if isinstance(reg, str):
            reg = getattr(regs, reg)
        return reg.offset

    async def read_resp(self, reg: str | Register | int) -> tuple[int, int]:
        """(value, rresp) of one 32-bit read."""
        addr = self.address(reg)
        r = await self.axil.read(addr & ~3, 4)
        return int.from_bytes(r.data, "little"), int(r.resp)

    async def write_resp(self, reg: str | Register | int, value: int, strobe: int = 0xF) -> int:
        """bresp of one write of `value` with `wstrb` = `strobe` (contiguous bytes only)."""
        addr = self.address(reg) & ~3
        if not strobe or strobe > 0xF:
            raise ValueError("strobe must be 1 to 15")
        lo = (strobe & -strobe).bit_length() - 1
        hi = strobe.bit_length()
        if strobe != ((1 << hi) - 1) ^ ((1 << lo) - 1):
            raise ValueError(f"cocotbext-axi writes contiguous strobes only, not {strobe:#06b}")
        data = int(value & 0xFFFFFFFF).to_bytes(4, "little")[lo:hi]
        w = await self.axil.write(addr + lo, data)
        return int(w.resp)

    async def read(self, reg: str | Register | int) -> int:
        """Read a register; SLVERR raises RegisterError."""
        value, resp = await self.read_resp(reg)
        if resp != OKAY:
            raise RegisterError(f"read of {reg} answered {resp}")
        return value

    async def write(self, reg: str | Register | int, value: int, strobe: int = 0xF) -> None:
        """Write a register; SLVERR raises RegisterError."""
        resp = await self.write_resp(reg, value, strobe)
        if resp != OKAY:
            raise RegisterError(f"write of {value:#x} to {reg} answered {resp}")

    async def status(self) -> dict[str, int]:
        """STATUS decoded: selftest_done, selftest_passed, busy."""
        return regs.STATUS.decode(await self.read("STATUS"))

    async def slots(self) -> tuple[int, int]:
        """(loaded mask, loading mask) from SLOTS."""
        v = await self.read("SLOTS")
        return v & 0xFFFF, v >> 16

    async def errors(self) -> int:
        """ERR: bit c set when a message ended with result code c."""
        return await self.read("ERR")

    async def clear_errors(self, mask: int = 0xFE) -> None:
        """Write 1 to the ERR bits in `mask` (RW1C); by default every one, bits 7:1 (result
        codes 1 to 7, 7 the GCM tag mismatch)."""
        await self.write("ERR", mask)

    async def counters(self) -> tuple[int, int]:
        """(MSGS, BLOCKS)."""
        return await self.read("MSGS"), await self.read("BLOCKS")

    async def wait_clocks(self, n: int) -> None:
        await ClockCycles(self.dut.aclk, n)

    # ------------------------------------------------------------------ keys

    async def wait_slots_idle(self, mask: int = 0xFFFF, limit_cycles: int = 20_000) -> tuple[int, int]:
        """Poll SLOTS until no slot in `mask` is loading (or being cleared)."""
        start = self.cycle
        while True:
            loaded, loading = await self.slots()
            if not loading & mask:
                return loaded, loading
            if self.cycle - start > limit_cycles:
                raise AssertionError(f"slots {loading:#x} still loading after {limit_cycles} clocks")

    async def write_key_words(self, key: bytes) -> None:
        """KEY0..KEY(n-1) with the key bytes (docs/specification.md §1: byte 4w in bits [7:0])."""
        for w in range(len(key) // 4):
            await self.write(regs.KEY[w], int.from_bytes(key[4 * w : 4 * w + 4], "little"))

    async def load_key(self, slot: int, key: bytes, wait: bool = True, retry: bool = True) -> tuple[int, int]:
        """Load `key` (16, 24 or 32 bytes) into `slot`: staging words, then KEY_CTRL commit.

        With `retry`, each commit waits until SLOTS shows no slot loading or being
        cleared (as the C driver's `aes_load_key`: the IP refuses a commit while one is,
        and in the clock just after it ends, e.g. the clear that follows a reset), and a
        commit refused while a load or clear started meanwhile is repeated; any other
        refusal raises RegisterError. With `wait`, returns once SLOTS shows the slot
        loaded. Returns the clocks (before, after) the accepted commit write: the key is
        current for messages whose first beat is taken after `after`, old for those
        before `before`.
        """
        len_code = model.len_code_of_key(key)
        async with self.key_lock:
            await self.write_key_words(key)
            ctrl = regs.KEY_CTRL.encode(slot=slot, len=len_code, commit=1)
            while True:
                if retry:
                    await self.wait_slots_idle()
                before = self.cycle
                resp = await self.write_resp("KEY_CTRL", ctrl)
                after = self.cycle
                if resp == OKAY:
                    break
                _, loading = await self.slots()
                if not (retry and loading):
                    raise RegisterError(f"KEY_CTRL commit of a {8 * len(key)}-bit key to slot {slot} refused")
        if wait:
            await self.wait_slot_loaded(slot)
        return before, after

    async def wait_slot_loaded(self, slot: int, limit_cycles: int = 20_000) -> None:
        start = self.cycle
        while True:
            loaded, loading = await self.slots()
            if loaded >> slot & 1 and not loading >> slot & 1:
                return
            if self.cycle - start > limit_cycles:
                raise AssertionError(f"slot {slot} not loaded after {limit_cycles} clocks (SLOTS {loading:#x}/{loaded:#x})")

    async def clear_keys(self, mask: int, wait: bool = True) -> tuple[int, int]:
        """KEY_CLEAR the slots in `mask`; with `wait`, until SLOTS shows them empty.
        Returns the clocks (before, after) the write, as `load_key` does."""
        async with self.key_lock:
            before = self.cycle
            await self.write("KEY_CLEAR", mask)
            after = self.cycle
        if wait:
            await self.wait_slots_idle(mask)
        return before, after

    async def load_round_keys(self, slot: int, key: bytes) -> None:
        """KEY_EXPANSION="HOST" builds: compute the round keys of `key` with
        aescores.model and write them into `slot` through RK0..RK3 and RK_CTRL (emptying
        the slot first if needed), then commit the slot with the key length."""
        len_code = model.len_code_of_key(key)
        async with self.key_lock:
            loaded, loading = await self.slots()
            if (loaded | loading) >> slot & 1:
                await self.write("KEY_CLEAR", 1 << slot)
                while True:
                    loaded, loading = await self.slots()
                    if not (loaded | loading) >> slot & 1:
                        break
            tables = [(regs.RkTable.ENC, model.expand_key(key))]
            if self.caps is None or self.caps.decrypt:
                tables.append((regs.RkTable.DEC, model.decryption_round_keys(key)))
            for table, round_keys in tables:
                for index, rk in enumerate(round_keys):
                    for w in range(4):
                        await self.write(regs.RK[w], int.from_bytes(rk[4 * w : 4 * w + 4], "little"))
                    await self.write("RK_CTRL", regs.RK_CTRL.encode(slot=slot, index=index, table=table, write=1))
            await self.write("RK_CTRL", regs.RK_CTRL.encode(slot=slot, len=len_code, commit=1))

    # -------------------------------------------------------------- messages

    def frame_for(self, mode: int, iv: bytes | None, data: bytes, iv_fill: bytes | None = None) -> bytes:
        """The input bytes of a message: the IV beat (IV in lane 0, `iv_fill` or zeros in
        the other lanes) when `iv` is given, then the data."""
        if iv is None:
            return bytes(data)
        if len(iv) != BLOCK_BYTES:
            raise ValueError("the IV is one 16-byte block")
        fill = bytes(self.beat_bytes - BLOCK_BYTES) if iv_fill is None else bytes(iv_fill)
        if len(fill) != self.beat_bytes - BLOCK_BYTES:
            raise ValueError(f"iv_fill must be {self.beat_bytes - BLOCK_BYTES} bytes")
        return bytes(iv) + fill + bytes(data)

    def submit(
        self,
        tuser: int,
        payload: bytes,
        tkeep: Sequence[int] | None = None,
        later_tuser: int | None = None,
    ) -> Message:
        """Queue one message (one frame) without waiting; returns its `Message`.

        `tkeep` (per byte) defaults to all kept, so the last beat keeps bytes 0..n-1.
        `later_tuser` is driven on beats after the first (the IP must ignore it);
        default: the first-beat value.
        """
        payload = bytes(payload)
        if not payload:
            raise ValueError("a message has at least one beat")
        keep = [1] * len(payload) if tkeep is None else [int(bool(k)) for k in tkeep]
        if len(keep) != len(payload):
            raise ValueError("tkeep needs one entry per payload byte")
        later = tuser if later_tuser is None else later_tuser
        first = min(self.beat_bytes, len(payload))
        user = [tuser] * first + [later] * (len(payload) - first)
        msg = Message(index=len(self.messages), tuser=tuser, payload=payload, tkeep=keep,
                      beat_bytes=self.beat_bytes)
        self.messages.append(msg)
        self._in_flight.append(msg)
        self._awaiting.append(msg)
        self.source.send_nowait(AxiStreamFrame(payload, tkeep=keep, tuser=user))
        return msg

    async def wait_message(self, msg: Message, timeout_cycles: int | None = None) -> Message:
        """Wait until the output frame of `msg` is back."""
        if timeout_cycles is None:
            ahead = sum(m.beats for m in self._awaiting)
            timeout_cycles = 20_000 + 200 * ahead
        await with_timeout(msg.done.wait(), timeout_cycles * self.clock_ns, "ns")
        return msg

    async def wait_all(self) -> None:
        """Wait until every submitted message is back."""
        while self._awaiting:
            await self.wait_message(self._awaiting[-1])

    async def send_message(
        self,
        tuser: int,
        payload: bytes,
        tkeep: Sequence[int] | None = None,
        later_tuser: int | None = None,
    ) -> Message:
        """Send one message and wait for its output frame (see `submit`)."""
        return await self.wait_message(self.submit(tuser, payload, tkeep, later_tuser))

    def submit_mode(
        self, mode: int, slot: int, iv: bytes | None, data: bytes, decrypt: bool = False,
        iv_fill: bytes | None = None, later_tuser: int | None = None,
    ) -> Message:
        """Queue one message in `mode` (IV beat first when `iv` is given)."""
        return self.submit(tuser_of(mode, decrypt, slot), self.frame_for(mode, iv, data, iv_fill),
                           later_tuser=later_tuser)

    def result_of(self, msg: Message, has_iv: bool, ndata: int) -> MessageResult:
        skip = self.beat_bytes if has_iv else 0
        return MessageResult(
            data=bytes(msg.out_data[skip : skip + ndata]),
            result=msg.result,
            tuser=list(msg.out_tuser),
            iv_beat=bytes(msg.out_data[:skip]) if has_iv else None,
            message=msg,
        )

    async def process(
        self, mode: int, slot: int, iv: bytes | None, data: bytes, decrypt: bool = False,
        iv_fill: bytes | None = None, check: bool = True,
    ) -> MessageResult:
        """Send one message in `mode` with key `slot` and wait for it.

        `iv` is the IV (CTR: initial counter block) for every mode but ECB; pass None
        for ECB. Returns the output data after the IV beat, the result code and the
        per-beat tuser. With `check`, breaches of `Message.protocol_errors` raise
        AssertionError.
        """
        if 0 <= mode <= 4 and Mode(mode).has_iv and iv is None:
            raise ValueError(f"mode {Mode(mode).name} needs an IV")
        msg = await self.wait_message(self.submit_mode(mode, slot, iv, data, decrypt, iv_fill))
        if check:
            errs = msg.protocol_errors()
            assert not errs, f"message {msg.index}: " + "; ".join(errs)
        return self.result_of(msg, iv is not None, len(data))

    async def encrypt(self, mode: int, slot: int, iv: bytes | None, data: bytes, **kw) -> MessageResult:
        return await self.process(mode, slot, iv, data, False, **kw)

    async def decrypt(self, mode: int, slot: int, iv: bytes | None, data: bytes, **kw) -> MessageResult:
        return await self.process(mode, slot, iv, data, True, **kw)

    async def ecb_block(self, key_slot: int, block: bytes, decrypt: bool = False) -> bytes:
        """One block through ECB (lane 0 of a one-beat message); raises on a non-zero code."""
        out = await self.process(Mode.ECB, key_slot, None, bytes(block) + bytes(self.beat_bytes - 16), decrypt)
        if out.result:
            raise AssertionError(f"ECB block ended with result code {out.result}")
        return out.data[:BLOCK_BYTES]

    # ------------------------------------------------------------------- GCM

    def submit_gcm(self, slot: int, iv: bytes, aad: bytes, text: bytes, tag_or_len: bytes | int,
                   decrypt: bool = False, later_tuser: int | None = None) -> Message:
        """Queue one GCM message (mode 5, docs/specification.md §3a) with key `slot`:
        the frame of `gcm.message_frame` (the 12-byte `iv`, `aad`, the payload `text`),
        with its tkeep. `tag_or_len` is the expected tag to decrypt (its length the tag
        length) or the tag length (4, 8, 12 to 16) to encrypt."""
        frame = gcm.message_frame(iv, aad, text, tag_or_len, self.lanes)
        return self.submit(tuser_of(regs.Mode.GCM, decrypt, slot), frame.data, frame.keep, later_tuser)

    @staticmethod
    def gcm_result(msg: Message) -> GcmResult:
        """(payload, tag, result) of a GCM message that is back (`gcm.split_output` on
        its output frame, shaped by its input frame)."""
        payload, tag = gcm.split_output(msg.gcm_frame(), msg.out_data)
        return GcmResult(payload, tag, msg.result, msg)

    async def process_gcm(self, slot: int, iv: bytes, aad: bytes, text: bytes, tag_or_len: bytes | int,
                          decrypt: bool = False, check: bool = True) -> GcmResult:
        """Send one GCM message (see `submit_gcm`) and wait for it; with `check`,
        breaches of `Message.protocol_errors` raise AssertionError."""
        msg = await self.wait_message(self.submit_gcm(slot, iv, aad, text, tag_or_len, decrypt))
        if check:
            errs = msg.protocol_errors()
            assert not errs, f"message {msg.index}: " + "; ".join(errs)
        return self.gcm_result(msg)

    # -------------------------------------------------------------- monitors

    async def _watch(self) -> None:
        """Count clocks; stamp each message's first input handshake; optionally record
        every input and output handshake clock."""
        dut = self.dut
        edge = RisingEdge(dut.aclk)
        while True:
            await edge
            self.cycle += 1
            if not int(dut.aresetn.value):
                continue
            if int(dut.s_axis_tvalid.value) and int(dut.s_axis_tready.value):
                if self._in_msg is None:
                    if not self._in_flight:
                        self.log.error("input beat with no message queued")
                        continue
                    self._in_msg = self._in_flight.popleft()
                    self._in_msg.start_cycle = self.cycle
                if self.trace:
                    self.in_beats.append(self.cycle)
                if int(dut.s_axis_tlast.value):
                    self._in_msg = None
            if self.trace and int(dut.m_axis_tvalid.value) and int(dut.m_axis_tready.value):
                self.out_beats.append(self.cycle)

    async def _collect(self) -> None:
        """Match output frames to messages, in order."""
        while True:
            frame = await self.sink.recv(compact=False)
            if not self._awaiting:
                self.stray_frames.append(frame)
                self.log.error("output frame with no message in flight: %s", frame)
                continue
            msg = self._awaiting.popleft()
            msg.end_cycle = self.cycle
            msg.out_data = bytes(frame.tdata)
            msg.out_tkeep = list(frame.tkeep)
            msg.out_tuser = [frame.tuser[i] for i in range(0, len(frame.tuser), self.beat_bytes)]
            msg.done.set()
