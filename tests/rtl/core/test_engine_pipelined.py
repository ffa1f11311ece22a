# SPDX-License-Identifier: Apache-2.0
"""PIPELINED engine through aes_core on the fast Verilator harness (aescores.sim.core).

Every expected value comes from NIST (FIPS-197 Appendix C, the CAVP ECB KAT and MMT
files, the published AESAVS ECB Monte Carlo results) or from OpenSSL through the
`cryptography` package, never from our RTL.

CI runs a representative subset: each S-box implementation and each STAGES_PER_ROUND
at least once through the whole ECB conformance set, a 100,000-block random
differential test with mixed slots, key sizes and directions under random gaps and
backpressure, the full-rate and latency checks for LANES 1 and 4, an encryption-only
AES-128 build and a saturated output FIFO. `--runslow` adds the full cross product of
S-box implementations and stage counts, and more lane / key-size / decrypt variants.

Harness builds are cached per parameter set, so the tests below share builds on purpose:
the same parameter dictionaries appear in several tests.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from aescores import mct
from aescores.model import Mode
from aescores.sim.conformance import (
    GroupResult,
    cavp_ecb_cases,
    expected_block,
    fips197_cases,
    random_cases,
    run_cases,
)
from aescores.sim.core import CoreSim


def pipelined(sbox: str, stages: int, **extra: object) -> dict[str, object]:
    """aes_core parameters of a PIPELINED build."""
    return {"ARCH": "PIPELINED", "SBOX": sbox, "STAGES_PER_ROUND": stages, **extra}


def latency(params: dict[str, object]) -> int:
    """Documented latency (docs/engines.md): Nr of MAX_KEY_BITS times the stages, plus 3."""
    nr = {128: 10, 192: 12, 256: 14}[int(params.get("MAX_KEY_BITS", 256))]
    return nr * int(params.get("STAGES_PER_ROUND", 1)) + 4


# The CI builds (each one is compiled once and shared by the tests that use it).
# (COMPOSITE is the slowest to simulate, about 10x LUT per clock: it runs one lane and
# few Monte Carlo records in CI.)
LUT_S1 = pipelined("LUT", 1, KEY_SLOTS=8)
COMPOSITE_S2 = pipelined("COMPOSITE", 2, KEY_SLOTS=8)
TTABLE_S3_LANES4 = pipelined("TTABLE", 3, LANES=4, KEY_SLOTS=8)
LUT_S4 = pipelined("LUT", 4, KEY_SLOTS=8)
ENC128_TTABLE_S1 = pipelined("TTABLE", 1, MAX_KEY_BITS=128, DECRYPT=0, KEY_SLOTS=2)
# The engine of the s3-subpipelined preset (max-throughput: two such lanes): the TTABLE
# round at four stages (registered block-RAM table reads), a 48-entry output FIFO.
ENC128_TTABLE_S4 = pipelined("TTABLE", 4, MAX_KEY_BITS=128, DECRYPT=0, KEY_SLOTS=1)
# The engine of the subpipelined-logic preset: the folded COMPOSITE round at four stages.
ENC128_COMPOSITE_S4 = pipelined("COMPOSITE", 4, MAX_KEY_BITS=128, DECRYPT=0, KEY_SLOTS=1)

# (build, MCT records per chain): CI runs a few of the 100 Monte Carlo records per chain
# (each checked against OpenSSL) except on one build, which runs all 100 and so also
# checks NIST's published results; the slow sweep runs all 100 everywhere.
CI_CONFORMANCE = [
    pytest.param(LUT_S1, 100, id="lut-s1"),
    pytest.param(COMPOSITE_S2, 3, id="composite-s2"),
    pytest.param(TTABLE_S3_LANES4, 10, id="ttable-s3-lanes4"),
    pytest.param(LUT_S4, 10, id="lut-s4"),
]
_IN_CI = {("LUT", 1), ("COMPOSITE", 2), ("TTABLE", 3), ("LUT", 4)}
SLOW_CONFORMANCE = [
    pytest.param(pipelined(sbox, stages, KEY_SLOTS=8), 100, id=f"{sbox.lower()}-s{stages}", marks=pytest.mark.slow)
    for sbox in ("LUT", "COMPOSITE", "TTABLE")
    for stages in (1, 2, 3, 4)
    if (sbox, stages) not in _IN_CI
]


# --------------------------------------------------------------------------------------
# ECB Monte Carlo, every published chain at once
# --------------------------------------------------------------------------------------


@dataclass
class _Chain:
    pub: mct.PublishedMct
    key: bytes
    block: bytes
    records: list[bytes]


def run_ecb_mct_interleaved(sim: CoreSim, max_key_bits: int, decrypt: bool,
                            outer: int = mct.OUTER, inner: int = mct.INNER) -> dict[str, GroupResult]:
    """The AESAVS ECB Monte Carlo test for every published key size and direction.

    Each chain is sequential (every block is the previous output), so one chain alone
    would leave the pipeline empty; the chains run side by side instead, one slot each,
    one block of every chain per run. Every record is checked against the same
    procedure on OpenSSL (aescores.mct), and with the full 100 x 1000 the last record
    against NIST's published value.
    """
    pubs = [p for p in mct.PUBLISHED_MCT
            if p.mode == Mode.ECB and 8 * len(p.key) <= max_key_bits and (decrypt or not p.decrypt)]
    chains = [_Chain(p, p.key, p.seed, []) for p in pubs]
    lanes = sim.lanes
    for _ in range(outer):
        for slot, ch in enumerate(chains):
            sim.load_key(slot, ch.key)
        outs: list[list[bytes]] = [[] for _ in chains]
        for _ in range(inner):
            beats = [(slot, ch.pub.decrypt, ch.block * lanes) for slot, ch in enumerate(chains)]
            got = sim.run(beats).data_in_order()
            for slot, ch in enumerate(chains):
                beat = got[slot]
                assert all(beat[16 * i:16 * i + 16] == beat[:16] for i in range(lanes)), "lanes differ"
                ch.block = beat[:16]
                outs[slot].append(ch.block)
        for ch, out in zip(chains, outs):
            ch.records.append(out[-1])
            ch.key = mct.next_key(ch.key, out[-1], out[-2])
            ch.block = out[-1]
    results = {}
    for ch in chains:
        name = f"ECB MCT {8 * len(ch.pub.key)} {'dec' if ch.pub.decrypt else 'enc'}"
        res = results[name] = GroupResult(name)
        want = mct.run_mct(Mode.ECB, ch.pub.key, None, ch.pub.seed, ch.pub.decrypt,
                           mct.reference_block_fn, outer, inner)
        for got_out, rec in zip(ch.records, want):
            res.total += 1
            if got_out == rec.output:
                res.passed += 1
            elif len(res.failures) < 5:
                res.failures.append(f"COUNT {rec.count}: got {got_out.hex()} want {rec.output.hex()}")
        if outer == mct.OUTER and inner == mct.INNER:
            res.total += 1
            if ch.records[-1] == ch.pub.last_output:
                res.passed += 1
            else:
                res.failures.append(f"COUNT 99 differs from the published {ch.pub.last_output.hex()}")
    return results


def ecb_conformance(params: dict[str, object], *, seed: int, p_valid: int, p_ready: int,
                    mct_outer: int = mct.OUTER) -> list[GroupResult]:
    """FIPS-197 C.1-C.3, every CAVP ECB KAT/MMT file and the ECB MCT on one build."""
    full = {**CoreSim.defaults(), **params}
    max_bits, dec, slots = int(full["MAX_KEY_BITS"]), bool(int(full["DECRYPT"])), int(full["KEY_SLOTS"])
    with CoreSim(params, seed=seed, p_valid=p_valid, p_ready=p_ready) as sim:
        parts = [run_cases(sim, fips197_cases(max_bits, dec), slots),
                 run_cases(sim, cavp_ecb_cases(max_bits, dec), slots)]
        # The Monte Carlo chains are latency-bound: run them without gaps.
        sim.set_random(seed, 100, 100)
        parts.append(run_ecb_mct_interleaved(sim, max_bits, dec, outer=mct_outer))
    return [r for part in parts for r in part.values()]


def _check_groups(results: list[GroupResult], expected_groups: int) -> None:
    names = sorted(r.name for r in results)
    assert len(results) == expected_groups, names
    bad = [f"{r.name}: {r.passed}/{r.total} {r.failures}" for r in results if not r.ok]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("params", "mct_outer"), CI_CONFORMANCE + SLOW_CONFORMANCE)
def test_pipelined_ecb_conformance_fips197_cavp_mct(params: dict[str, object], mct_outer: int) -> None:
    results = ecb_conformance(params, seed=5, p_valid=70, p_ready=60, mct_outer=mct_outer)
    # 3 FIPS-197 groups, 15 CAVP ECB files, 6 Monte Carlo chains.
    _check_groups(results, 24)


@pytest.mark.parametrize("params", [ENC128_TTABLE_S1, ENC128_TTABLE_S4, ENC128_COMPOSITE_S4],
                         ids=["ttable-s1", "ttable-s4", "composite-s4"])
def test_pipelined_enc_only_aes128_conformance(params: dict[str, object]) -> None:
    results = ecb_conformance(params, seed=9, p_valid=80, p_ready=50, mct_outer=10)
    # C.1 encrypt, 5 CAVP ECB files of 128-bit keys (encrypt sections), 1 MCT chain.
    _check_groups(results, 7)


# --------------------------------------------------------------------------------------
# Random differential tests against OpenSSL
# --------------------------------------------------------------------------------------


def differential(params: dict[str, object], blocks: int, seed: int, p_valid: int = 55, p_ready: int = 45) -> None:
    """`blocks` random blocks (LANES per beat) with slots, key sizes and directions mixed
    beat by beat, under random input gaps and output backpressure; every output checked
    against OpenSSL, in order and count."""
    full = {**CoreSim.defaults(), **params}
    rng = random.Random(seed)
    max_bits = int(full["MAX_KEY_BITS"])
    decrypt = bool(int(full["DECRYPT"]))
    sizes = [b // 8 for b in (128, 192, 256) if b <= max_bits]
    slots = int(full["KEY_SLOTS"])
    keys = [rng.randbytes(sizes[i % len(sizes)]) for i in range(slots)]
    with CoreSim(params, seed=seed, p_valid=p_valid, p_ready=p_ready) as sim:
        for slot, key in enumerate(keys):
            sim.load_key(slot, key)
        lanes = sim.lanes
        beats = [(slot, dec, rng.randbytes(16 * lanes))
                 for slot, dec, _ in random_cases(rng, blocks // lanes, keys, decrypt)]
        got = sim.run(beats).data_in_order()
    assert len(got) == len(beats)
    bad = []
    for (slot, dec, data), out in zip(beats, got):
        want = b"".join(expected_block(keys[slot], data[i:i + 16], dec) for i in range(0, len(data), 16))
        if out != want:
            bad.append(f"slot {slot} ({8 * len(keys[slot])}-bit) {'dec' if dec else 'enc'} in={data.hex()} "
                       f"got={out.hex()} want={want.hex()}")
    assert not bad, f"{len(bad)} of {len(beats)} beats differ from OpenSSL:\n" + "\n".join(bad[:5])


def test_pipelined_random_differential_100k_blocks_mixed_slots_sizes_directions() -> None:
    # 8 slots holding 128/192/256-bit keys, both directions, 4 lanes: 25,000 beats.
    differential(TTABLE_S3_LANES4, 100_000, seed=2025)


def test_pipelined_saturated_output_fifo_loses_nothing() -> None:
    # Output ready 7 % of the clocks, input always offered: the FIFO fills and the credits
    # hold s_ready low for most of the run.
    differential(LUT_S1, 3_000, seed=77, p_valid=100, p_ready=7)


def test_pipelined_sparse_input_and_output_loses_nothing() -> None:
    differential(LUT_S4, 3_000, seed=78, p_valid=12, p_ready=30)


def test_pipelined_enc_only_aes128_matches_openssl() -> None:
    differential(ENC128_TTABLE_S1, 10_000, seed=79)


SLOW_VARIANTS = [
    pipelined("COMPOSITE", 2, LANES=4, KEY_SLOTS=8),
    pipelined("LUT", 2, LANES=2, MAX_KEY_BITS=192),
    pipelined("COMPOSITE", 3, LANES=2, MAX_KEY_BITS=128, DECRYPT=0, KEY_SLOTS=1),
    pipelined("LUT", 2, LANES=8, MAX_KEY_BITS=128, DECRYPT=0, KEY_SLOTS=1),
    pipelined("TTABLE", 4, LANES=4, MAX_KEY_BITS=256, KEY_SLOTS=16),
    pipelined("COMPOSITE", 1, MAX_KEY_BITS=192, DECRYPT=0),
    pipelined("TTABLE", 2, LANES=2, MAX_KEY_BITS=128),
    pipelined("LUT", 3, LANES=4, DECRYPT=0),
]


@pytest.mark.slow
@pytest.mark.parametrize("params", SLOW_VARIANTS,
                         ids=[f"{p['SBOX']}-s{p['STAGES_PER_ROUND']}-l{p.get('LANES', 1)}-k{p.get('MAX_KEY_BITS', 256)}"
                              f"-d{p.get('DECRYPT', 1)}" for p in SLOW_VARIANTS])
def test_pipelined_variants_match_openssl(params: dict[str, object]) -> None:
    differential(params, 20_000, seed=11)


# --------------------------------------------------------------------------------------
# Rate and latency
# --------------------------------------------------------------------------------------


def full_rate(params: dict[str, object], beats: int, key_bytes: int) -> None:
    """`beats` back-to-back beats with input always valid and output always ready: the
    last leaves `latency` clocks after the first enters plus one clock per beat."""
    rng = random.Random(beats)
    key = rng.randbytes(key_bytes)
    with CoreSim(params, seed=1, p_valid=100, p_ready=100) as sim:
        sim.load_key(0, key)
        lanes = sim.lanes
        data = [rng.randbytes(16 * lanes) for _ in range(beats)]
        res = sim.run([(0, False, d) for d in data])
    want = [b"".join(expected_block(key, d[i:i + 16], False) for i in range(0, len(d), 16)) for d in data]
    assert res.data_in_order() == want
    assert res.last_out - res.first_in == (beats - 1) + latency(params)


@pytest.mark.parametrize("key_bytes", [16, 24, 32])
def test_pipelined_lanes1_one_beat_per_clock_constant_latency(key_bytes: int) -> None:
    # The latency is the same for every key length (short keys pass the last units).
    full_rate(LUT_S1, 2_000, key_bytes)


def test_pipelined_lanes4_one_beat_per_clock_constant_latency() -> None:
    full_rate(TTABLE_S3_LANES4, 2_000, 32)


@pytest.mark.parametrize("params", [ENC128_TTABLE_S1, ENC128_TTABLE_S4], ids=["ttable-s1", "ttable-s4"])
def test_pipelined_enc_only_aes128_one_beat_per_clock(params: dict[str, object]) -> None:
    full_rate(params, 2_000, 16)


@pytest.mark.slow
@pytest.mark.parametrize("stages", [1, 2, 3, 4])
@pytest.mark.parametrize("sbox", ["LUT", "COMPOSITE", "TTABLE"])
def test_pipelined_full_rate_every_sbox_and_stage_count(sbox: str, stages: int) -> None:
    full_rate(pipelined(sbox, stages, KEY_SLOTS=8), 1_000, 24)
