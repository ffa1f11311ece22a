# SPDX-License-Identifier: Apache-2.0
"""Fast simulation of the aes_axi IP through its real ports: a Verilator-built C++
harness (harness/axi_harness.cpp) driving AXI4-Lite and AXI4-Stream, over a pipe.

Used by `aescores encrypt`, the soak and the fuzz tests. Results are checked by the
caller against the `cryptography` package (OpenSSL).
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from aescores.regmap import regs
from aescores.sim.core import build_harness

# aes_axi parameters and their defaults (docs/specification.md §2), plus the test hook.
AXI_DEFAULTS: dict[str, object] = {
    "ARCH": "PIPELINED",
    "STAGES_PER_ROUND": 1,
    "SBOX": "LUT",
    "LANES": 1,
    "MAX_KEY_BITS": 256,
    "KEY_SLOTS": 4,
    "DECRYPT": 1,
    "KEY_EXPANSION": "HW",
    "SELFTEST": 1,
    "GCM": 1,
    "FAULT_INJECT": 0,
}

OKAY, SLVERR = 0, 2


def build_axi_harness(params: Mapping[str, object]) -> Path:
    """Build (or reuse) the harness binary for one aes_axi parameter set."""
    full = {**AXI_DEFAULTS, **params}
    unknown = set(full) - set(AXI_DEFAULTS)
    if unknown:
        raise ValueError(f"unknown aes_axi parameters: {sorted(unknown)}")
    return build_harness("aes_axi", "axi_harness.cpp", full)


@dataclass
class OutMessage:
    """One output message: its last beat's tuser (code in [15:8]) and its kept bytes."""

    tuser: int
    data: bytes

    @property
    def code(self) -> int:
        return (self.tuser >> 8) & 0xFF


class AxiSim:
    """One running aes_axi harness. Use as a context manager."""

    def __init__(self, params: Mapping[str, object], *, seed: int = 1, p_valid: int = 100, p_ready: int = 100):
        self.params = {**AXI_DEFAULTS, **params}
        binary = build_axi_harness(params)
        self._proc = subprocess.Popen([str(binary)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.beat_bytes = int(self._expect("READY").split()[1])
        self.cycles = 0
        self.set_random(seed, p_valid, p_ready)

    def __enter__(self) -> "AxiSim":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._proc.poll() is None:
            assert self._proc.stdin is not None
            self._proc.stdin.write("Q\n")
            self._proc.stdin.close()
            self._proc.wait(timeout=30)

    def _send(self, line: str) -> None:
        assert self._proc.stdin is not None
        self._proc.stdin.write(line + "\n")

    def _expect(self, word: str) -> str:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError(f"aes_axi harness exited with {self._proc.wait()}")
        if line.startswith("E "):
            raise RuntimeError(f"aes_axi harness: {line[2:].strip()}")
        if not line.startswith(word):
            raise RuntimeError(f"aes_axi harness: expected {word!r}, got {line.strip()!r}")
        return line.strip()

    def set_random(self, seed: int, p_valid: int, p_ready: int) -> None:
        """Input beats offered with p_valid percent, output ready with p_ready percent."""
        self._send(f"S {seed} {p_valid} {p_ready}")

    def write(self, addr: int, value: int) -> int:
        """Register write; returns BRESP."""
        self._send(f"W {addr} {value & 0xFFFFFFFF}")
        return int(self._expect("W").split()[1])

    def read(self, addr: int) -> tuple[int, int]:
        """Register read; returns (RDATA, RRESP)."""
        self._send(f"R {addr}")
        _, value, resp = self._expect("R").split()
        return int(value), int(resp)

    def idle(self, clocks: int) -> None:
        self._send(f"T {clocks}")
        self._expect("T")

    def wait_selftest(self, max_polls: int = 200) -> tuple[bool, bool]:
        """Poll STATUS until the self-test is done; return (done, passed)."""
        for _ in range(max_polls):
            status, _ = self.read(regs.STATUS.offset)
            if status & 1:
                return True, bool(status & 2)
            self.idle(50)
        return False, False

    def load_key(self, slot: int, key: bytes, *, wait: bool = True) -> int:
        """Stage and commit a key (the driver's sequence: wait until no slot is loading or
        being cleared, as a commit is refused while the key slots are busy, then stage
        the words and commit); returns the commit's BRESP."""
        self.wait_slots_idle()
        for _, addr, value, *_ in key_items(slot, key)[:-1]:
            self.write(addr, value)
        _, ctrl_addr, ctrl_value, _ = key_items(slot, key)[-1]
        resp = self.write(ctrl_addr, ctrl_value)
        if wait and resp == OKAY:
            self.wait_slots_idle()
        return resp

    def wait_slots_idle(self) -> int:
        """Poll SLOTS until nothing is loading or being cleared; return SLOTS."""
        for _ in range(1000):
            slots, _ = self.read(regs.SLOTS.offset)
            if not slots >> 16:
                return slots
            self.idle(10)
        raise RuntimeError("key slots never became idle")

    def messages(self, items: Iterable[tuple], reset_after_beats: int | None = None
                 ) -> tuple[list[OutMessage], int, int]:
        """Send messages back to back with random gaps and backpressure.

        An item is (tuser, bytes incl. the IV beat); or (tuser, kept bytes, kept bytes
        per beat), a message whose beat i keeps bytes 0..n_i-1 (`kept_item` makes one
        from a frame with tkeep per byte, as a GCM message); or ("write", addr,
        value[, "retry"]): a register write done before the next message starts, while
        earlier ones are still in flight ("retry": repeated while it answers SLVERR).
        Returns the output messages in order (kept bytes only), the clocks and the
        input beats.
        With `reset_after_beats`, aresetn is pulsed once that many input beats have been
        taken: the messages completed before it are returned and the beat count is -1.
        """
        count = 0
        for item in items:
            if item[0] == "write":
                self._send(f"X {item[1]} {item[2] & 0xFFFFFFFF} {item[3] if len(item) > 3 else ''}".rstrip())
                continue
            if len(item) == 3:
                tuser, data, keeps = item
                if not data or not keeps:
                    raise ValueError("a message keeps at least one byte")
                self._send(f"M {tuser} {data.hex()} {','.join(str(int(n)) for n in keeps)}")
            else:
                tuser, data = item
                self._send(f"M {tuser} {data.hex()}")
            count += 1
        if reset_after_beats is not None:
            self._send(f"Z {reset_after_beats}")
        self._send("G")
        out = []
        assert self._proc.stdout is not None
        self._proc.stdin.flush()  # type: ignore[union-attr]
        while True:
            line = self._proc.stdout.readline()
            if not line:
                raise RuntimeError(f"aes_axi harness exited with {self._proc.wait()}")
            word, *rest = line.split()
            if word == "O":
                tuser, hexdata = (rest + [""])[:2]
                out.append(OutMessage(int(tuser), bytes.fromhex(hexdata)))
            elif word == "D":
                return out, int(rest[0]), int(rest[1])
            elif word == "Z":
                return out, int(rest[0]), -1
            elif word == "E":
                raise RuntimeError(f"aes_axi harness: {' '.join(rest)}")
            else:
                raise RuntimeError(f"aes_axi harness: unexpected {line.strip()!r}")


def kept_item(tuser: int, data: bytes, keep: Sequence[int], beat_bytes: int) -> tuple[int, bytes, list[int]]:
    """The `AxiSim.messages` item of a frame given as every byte of every beat (`data`)
    and tkeep per byte (`keep`), as `aescores.gcm.GcmFrame` has it: (tuser, kept bytes,
    kept bytes per beat). Each beat must keep bytes 0..n-1 (what the harness drives)."""
    if len(data) != len(keep) or len(data) % beat_bytes:
        raise ValueError("a frame is whole beats with one tkeep entry per byte")
    kept, counts = bytearray(), []
    for k in range(0, len(data), beat_bytes):
        beat_keep = [int(bool(m)) for m in keep[k : k + beat_bytes]]
        n = sum(beat_keep)
        if beat_keep != [1] * n + [0] * (beat_bytes - n):
            raise ValueError(f"beat {k // beat_bytes} keeps bytes that are not 0..n-1")
        kept += data[k : k + n]
        counts.append(n)
    return tuser, bytes(kept), counts


def unkept(kept: bytes, keep: Sequence[int]) -> bytes:
    """The whole output frame from the kept bytes the harness returns, for an output whose
    tkeep is `keep` (one entry per byte; the bytes not kept are zero). ValueError when
    the number of kept bytes differs."""
    if len(kept) != sum(1 for m in keep if m):
        raise ValueError(f"{len(kept)} bytes kept in the output, {sum(1 for m in keep if m)} in the input")
    it = iter(kept)
    return bytes(next(it) if m else 0 for m in keep)


def key_items(slot: int, key: bytes) -> list[tuple]:
    """Register writes staging and committing `key` into `slot`, as `messages` items.

    A commit that finds the key slots busy answers SLVERR and keeps the staging words:
    the harness repeats it ("retry"), as the driver does.
    """
    words = key + bytes(32 - len(key))
    items: list[tuple] = [("write", regs.KEY0.offset + 4 * i, int.from_bytes(words[4 * i:4 * i + 4], "little"))
                          for i in range(8)]
    length = {16: 0, 24: 1, 32: 2}[len(key)]
    items.append(("write", regs.KEY_CTRL.offset, slot | (length << 4) | (1 << 8), "retry"))
    return items


def tuser_of(mode: int, decrypt: bool, slot: int) -> int:
    """First-beat tuser: [2:0] mode, [3] direction, [7:4] key slot (docs/specification.md §3)."""
    return (mode & 7) | (int(decrypt) << 3) | ((slot & 15) << 4)
