# SPDX-License-Identifier: Apache-2.0
"""Fast simulation of aes_core: a Verilator-built C++ harness driven over a pipe.

The harness (harness/core_harness.cpp) applies random input gaps and output
backpressure; this module builds it once per parameter set (cached under build/),
feeds it keys and blocks and returns what came out, in order, with the clock counts.
Checking is the caller's job, against the `cryptography` package or NIST vectors.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from aescores import paths, tools

HARNESS_DIR = Path(__file__).resolve().parent / "harness"
TAG_WIDTH = 16

# aes_core parameters and their defaults (strings are Verilog strings).
CORE_DEFAULTS: dict[str, object] = {
    "ARCH": "ITERATIVE",
    "STAGES_PER_ROUND": 1,
    "SBOX": "LUT",
    "LANES": 1,
    "MAX_KEY_BITS": 256,
    "KEY_SLOTS": 4,
    "DECRYPT": 1,
    "KEY_EXPANSION": "HW",
}


def _param_args(params: Mapping[str, object]) -> list[str]:
    args = []
    for name, value in params.items():
        text = f'"{value}"' if isinstance(value, str) else str(int(value))
        args.append(f"-G{name}={text}")
    return args


# Verilator and C++ options of the harness build. Light C++ optimisation: the harness
# spends its time in Python and the pipe, and builds must stay quick for CI.
_BUILD_FLAGS = (
    "--cc", "--exe", "--build", "-j", "2",
    "-Wno-fatal", "-Wno-lint", "-Wno-style", "--x-assign", "fast", "--x-initial", "fast",
    "-MAKEFLAGS", "OPT_FAST=-O1 OPT_SLOW=-O0",
)


def build_harness(top: str, cpp: str, params: Mapping[str, object]) -> Path:
    """Build (or reuse) the Verilator harness `cpp` (in harness/) around `top`."""
    sources = [*paths.rtl_sources(), HARNESS_DIR / cpp]
    includes = paths.rtl_include_files()  # `include'd by the sources, found in their folder
    h = hashlib.sha256(json.dumps([top, dict(params), _BUILD_FLAGS], sort_keys=True).encode())
    for src in [*sources, *includes]:
        h.update(src.read_bytes())
    out_dir = paths.BUILD_DIR / "harness" / f"{top}-{h.hexdigest()[:16]}"
    binary = out_dir / "harness"
    out_dir.mkdir(parents=True, exist_ok=True)
    # One build at a time per folder: under pytest -n 2 two tests may ask for the same
    # harness at once, and one must not run the binary while the other still links it.
    with open(out_dir.parent / f"{out_dir.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not binary.exists():
            tools.run(
                [
                    "verilator", *_BUILD_FLAGS, "--top-module", top,
                    *_param_args(params),
                    *sorted({f"-I{p.parent}" for p in includes}),
                    "--Mdir", str(out_dir), "-o", "harness",
                    *[str(s) for s in sources],
                ],
                log=out_dir / "build.log",
            )
    return binary


def build_core_harness(params: Mapping[str, object]) -> Path:
    """Build (or reuse) the harness binary for one aes_core parameter set."""
    full = {**CORE_DEFAULTS, **params, "TAG_WIDTH": TAG_WIDTH}
    unknown = set(full) - set(CORE_DEFAULTS) - {"TAG_WIDTH"}
    if unknown:
        raise ValueError(f"unknown aes_core parameters: {sorted(unknown)}")
    return build_harness("aes_core", "core_harness.cpp", full)


@dataclass
class RunResult:
    """What came out of one run: (tag, data) per output beat in order, and clock counts."""

    outputs: list[tuple[int, bytes]]
    sent_tags: list[int]
    cycles: int
    first_in: int
    last_out: int

    def data_in_order(self) -> list[bytes]:
        """The output data, after checking that every tag came back once, in order."""
        got = [tag for tag, _ in self.outputs]
        if got != self.sent_tags:
            raise AssertionError(f"output order or count differs: sent {len(self.sent_tags)}, got {len(got)}")
        return [data for _, data in self.outputs]


class CoreSim:
    """One running aes_core harness. Use as a context manager."""

    def __init__(self, params: Mapping[str, object], *, seed: int = 1, p_valid: int = 100, p_ready: int = 100):
        self.params = {**CORE_DEFAULTS, **params}
        self.lanes = int(self.params["LANES"])
        binary = build_core_harness(params)
        self._proc = subprocess.Popen(
            [str(binary)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self._expect("READY")
        self.set_random(seed, p_valid, p_ready)
        self._next_tag = 0

    @staticmethod
    def defaults() -> dict[str, object]:
        """The aes_core parameters and their default values."""
        return dict(CORE_DEFAULTS)

    def __enter__(self) -> "CoreSim":
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

    def _line(self) -> str:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError(f"aes_core harness exited with {self._proc.wait()}")
        if line.startswith("E "):
            raise RuntimeError(f"aes_core harness: {line[2:].strip()}")
        return line.strip()

    def _expect(self, word: str) -> str:
        line = self._line()
        if not line.startswith(word):
            raise RuntimeError(f"aes_core harness: expected {word!r}, got {line!r}")
        return line

    def set_random(self, seed: int, p_valid: int, p_ready: int) -> None:
        """Input beats offered with p_valid percent, output ready with p_ready percent."""
        self._send(f"S {seed} {p_valid} {p_ready}")

    def load_key(self, slot: int, key: bytes) -> int:
        """Load `key` (16, 24 or 32 bytes) into `slot`; return the clocks it took (HW).

        With KEY_EXPANSION="HOST" the slot is cleared, the round keys computed by the
        Python key schedule (itself proven against OpenSSL in tests/model/test_model.py) are
        written one by one, and the slot is committed, as the host driver does; 0 is
        returned.
        """
        length = {16: 0, 24: 1, 32: 2}[len(key)]
        if self.params["KEY_EXPANSION"] == "HOST":
            from aescores import model

            self.clear(1 << slot)
            for idx, rk in enumerate(model.expand_key(key)):
                self._send(f"W {slot} {idx} 0 {rk.hex()}")
                self._expect("W")
            if int(self.params["DECRYPT"]):
                for idx, rk in enumerate(model.decryption_round_keys(key)):
                    self._send(f"W {slot} {idx} 1 {rk.hex()}")
                    self._expect("W")
            self._send(f"M {slot} {length}")
            self._expect("M")
            return 0
        self._send(f"K {slot} {length} {key.hex()}")
        return int(self._expect("K").split()[1])

    def clear(self, mask: int) -> None:
        """Zeroize the slots in `mask` and wait until done."""
        self._send(f"C {mask}")
        self._expect("C")

    def run(self, beats: Iterable[tuple]) -> RunResult:
        """Send beats (slot, decrypt, LANES*16 bytes[, chain]) and collect the outputs in
        order. With chain, the engine XORs lane 0 with its last output (aes_core s_chain)."""
        count = 0
        tags = []
        for slot, decrypt, data, *chain in beats:
            if len(data) != 16 * self.lanes:
                raise ValueError(f"a beat is {16 * self.lanes} bytes, got {len(data)}")
            tag = self._next_tag
            self._next_tag = (self._next_tag + 1) % (1 << TAG_WIDTH)
            tags.append(tag)
            self._send(f"B {slot} {int(decrypt) | (2 if chain and chain[0] else 0)} {tag} {data.hex()}")
            count += 1
        self._send("R")
        outputs = []
        for _ in range(count):
            _, tag, hexdata = self._expect("O").split()
            outputs.append((int(tag), bytes.fromhex(hexdata)))
        _, cycles, first_in, last_out = self._expect("D").split()
        return RunResult(outputs, tags, int(cycles), int(first_in), int(last_out))
