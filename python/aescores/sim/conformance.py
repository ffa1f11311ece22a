# SPDX-License-Identifier: Apache-2.0
"""NIST conformance of aes_core builds: FIPS-197 Appendix C, the CAVP ECB KAT and MMT
files, the AESAVS ECB Monte Carlo test and a random differential test, every result
checked against NIST's published values or the `cryptography` package (OpenSSL).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

from aescores import mct, model, vectors
from aescores.model import Mode
from aescores.sim.core import CoreSim


@dataclass(frozen=True)
class BlockCase:
    """One block through the engine in one direction, with its expected output."""

    group: str
    key: bytes
    data: bytes
    expected: bytes
    decrypt: bool


@dataclass
class GroupResult:
    """Pass count of one vector group (a file, a vector set or a procedure)."""

    name: str
    passed: int = 0
    total: int = 0
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.total > 0 and self.passed == self.total


def fips197_cases(max_key_bits: int = 256, decrypt: bool = True) -> list[BlockCase]:
    """FIPS-197 C.1-C.3 in both directions (decryption only if the build has it)."""
    cases = []
    for vec in vectors.FIPS197_C:
        if 8 * len(vec.key) > max_key_bits:
            continue
        cases.append(BlockCase(f"FIPS-197 {vec.name}", vec.key, vec.plaintext, vec.ciphertext, False))
        if decrypt:
            cases.append(BlockCase(f"FIPS-197 {vec.name}", vec.key, vec.ciphertext, vec.plaintext, True))
    return cases


def cavp_ecb_cases(max_key_bits: int = 256, decrypt: bool = True) -> list[BlockCase]:
    """Every block of every CAVP ECB KAT and MMT file, in the direction of its section."""
    cases = []
    for cav in vectors.catalogue(modes=[Mode.ECB], key_bits=[b for b in (128, 192, 256) if b <= max_key_bits]):
        for rec in cav.load():
            if rec.decrypt and not decrypt:
                continue
            src, dst = rec.input, rec.output
            for i in range(0, len(src), 16):
                cases.append(BlockCase(cav.stem, rec.key, src[i:i + 16], dst[i:i + 16], rec.decrypt))
    return cases


def run_cases(sim: CoreSim, cases: Sequence[BlockCase], key_slots: int) -> dict[str, GroupResult]:
    """Run block cases through the engine, loading keys into the slots in turn.

    Cases are taken in order in batches that need at most `key_slots` distinct keys; a
    batch is one run, so blocks under different keys and directions are interleaved
    exactly as listed, under the simulator's gaps and backpressure.
    """
    results: dict[str, GroupResult] = {}
    lanes = sim.lanes
    i = 0
    while i < len(cases):
        slots: dict[bytes, int] = {}
        batch: list[list[BlockCase]] = []
        while i < len(cases):
            beat = list(cases[i:i + lanes])
            # A beat shares one key and direction: fill the other lanes with copies.
            beat = [c for c in beat if c.key == beat[0].key and c.decrypt == beat[0].decrypt]
            if beat[0].key not in slots:
                if len(slots) == key_slots:
                    break
                slots[beat[0].key] = len(slots)
            batch.append(beat)
            i += len(beat)
        for key, slot in slots.items():
            sim.load_key(slot, key)
        beats = []
        for beat in batch:
            data = b"".join(c.data for c in beat) + beat[0].data * (lanes - len(beat))
            beats.append((slots[beat[0].key], beat[0].decrypt, data))
        got = sim.run(beats).data_in_order()
        for beat, out in zip(batch, got):
            for lane, case in enumerate(beat):
                res = results.setdefault(case.group, GroupResult(case.group))
                res.total += 1
                if out[16 * lane:16 * lane + 16] == case.expected:
                    res.passed += 1
                elif len(res.failures) < 5:
                    res.failures.append(
                        f"{'dec' if case.decrypt else 'enc'} key={case.key.hex()} in={case.data.hex()} "
                        f"got={out[16 * lane:16 * lane + 16].hex()} want={case.expected.hex()}"
                    )
    return results


def engine_block_fn(sim: CoreSim) -> mct.BlockFn:
    """A block function on the engine (slot 0), reloading the key only when it changes."""
    current: list[bytes] = []

    def block_fn(key: bytes, block: bytes, decrypt: bool) -> bytes:
        if current != [key]:
            sim.load_key(0, key)
            current[:] = [key]
        out = sim.run([(0, decrypt, block * sim.lanes)]).data_in_order()[0]
        return out[:16]

    return block_fn


def run_ecb_mct(sim: CoreSim, max_key_bits: int = 256, decrypt: bool = True,
                outer: int = 100, inner: int = 1000) -> dict[str, GroupResult]:
    """The AESAVS ECB Monte Carlo test on the engine, checked record by record against
    the same procedure on OpenSSL, and the final record against NIST's published value."""
    results: dict[str, GroupResult] = {}
    block_fn = engine_block_fn(sim)
    for pub in mct.PUBLISHED_MCT:
        if pub.mode != Mode.ECB or 8 * len(pub.key) > max_key_bits or (pub.decrypt and not decrypt):
            continue
        name = f"ECB MCT {8 * len(pub.key)} {'dec' if pub.decrypt else 'enc'}"
        res = results.setdefault(name, GroupResult(name))
        got = mct.run_mct(Mode.ECB, pub.key, None, pub.seed, pub.decrypt, block_fn, outer, inner)
        want = mct.run_mct(Mode.ECB, pub.key, None, pub.seed, pub.decrypt, mct.reference_block_fn, outer, inner)
        for g, w in zip(got, want):
            res.total += 1
            if g == w:
                res.passed += 1
            elif len(res.failures) < 5:
                res.failures.append(f"COUNT {w.count}: got {g.output.hex()} want {w.output.hex()}")
        if outer == 100 and inner == 1000:
            res.total += 1
            if got[-1].output == pub.last_output:
                res.passed += 1
            else:
                res.failures.append(f"COUNT 99 differs from the published {pub.last_output.hex()}")
    return results


def random_cases(rng: random.Random, count: int, keys: Sequence[bytes], decrypt: bool = True) -> list[tuple[int, bool, bytes]]:
    """Random (slot, direction, block) triples over the given slot keys."""
    out = []
    for _ in range(count):
        slot = rng.randrange(len(keys))
        dec = decrypt and rng.random() < 0.5
        out.append((slot, dec, rng.randbytes(16)))
    return out


def expected_block(key: bytes, block: bytes, decrypt: bool) -> bytes:
    """One block through OpenSSL in either direction."""
    return model.decrypt_block(key, block) if decrypt else model.encrypt_block(key, block)


def summarize(results: Iterable[Mapping[str, GroupResult]]) -> list[GroupResult]:
    """Flatten result dictionaries into one list, in order."""
    out: list[GroupResult] = []
    for part in results:
        out.extend(part.values())
    return out


def conformance(params: Mapping[str, object], *, seed: int = 1, p_valid: int = 70, p_ready: int = 70,
                mct_outer: int = 100, progress: Callable[[str], None] | None = None) -> list[GroupResult]:
    """The whole ECB conformance set on one aes_core parameter set."""
    full = {**CoreSim.defaults(), **params}
    max_bits = int(full["MAX_KEY_BITS"])
    dec = bool(int(full["DECRYPT"]))
    slots = int(full["KEY_SLOTS"])
    say = progress or (lambda _msg: None)
    with CoreSim(params, seed=seed, p_valid=p_valid, p_ready=p_ready) as sim:
        say("FIPS-197 Appendix C")
        parts = [run_cases(sim, fips197_cases(max_bits, dec), slots)]
        say("CAVP ECB KAT and MMT files")
        parts.append(run_cases(sim, cavp_ecb_cases(max_bits, dec), slots))
        say("AESAVS ECB Monte Carlo")
        parts.append(run_ecb_mct(sim, max_bits, dec, outer=mct_outer))
    return summarize(parts)


def cpu_count() -> int:
    """Cores this process may use."""
    return len(os.sched_getaffinity(0))
