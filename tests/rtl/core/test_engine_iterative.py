# SPDX-License-Identifier: Apache-2.0
"""ITERATIVE engines through aes_core on the fast Verilator harness: NIST conformance for
every S-box implementation (TTABLE is the interleaved engine with tables in block RAM),
random differential tests against OpenSSL, the rate and the latency."""

from __future__ import annotations

import random

import pytest

from aescores.sim.conformance import conformance, expected_block, random_cases
from aescores.sim.core import CoreSim


@pytest.mark.parametrize("sbox", ["LUT", "COMPOSITE", "TTABLE"])
def test_iterative_ecb_conformance_fips197_cavp_mct(sbox: str) -> None:
    results = conformance({"ARCH": "ITERATIVE", "SBOX": sbox}, seed=11, p_valid=70, p_ready=60)
    names = {r.name for r in results}
    # Every vector group ran: 3 FIPS-197, 15 CAVP ECB files, 6 Monte Carlo tests.
    assert len(results) == 24, sorted(names)
    bad = [f"{r.name}: {r.passed}/{r.total} {r.failures}" for r in results if not r.ok]
    assert not bad, "\n".join(bad)


def _differential(params: dict[str, object], blocks_per_size: int, seed: int, decrypt: bool = True) -> None:
    rng = random.Random(seed)
    max_bits = int(params.get("MAX_KEY_BITS", 256))
    sizes = [b // 8 for b in (128, 192, 256) if b <= max_bits]
    slots = int(params.get("KEY_SLOTS", 4))
    keys = [rng.randbytes(sizes[i % len(sizes)]) for i in range(slots)]
    with CoreSim(params, seed=seed, p_valid=55, p_ready=45) as sim:
        for slot, key in enumerate(keys):
            sim.load_key(slot, key)
        lanes = sim.lanes
        count = blocks_per_size * len(sizes) // lanes
        beats = []
        for slot, dec, _ in random_cases(rng, count, keys, decrypt):
            beats.append((slot, dec, rng.randbytes(16 * lanes)))
        got = sim.run(beats).data_in_order()
    assert len(got) == len(beats)
    mismatches = 0
    for (slot, dec, data), out in zip(beats, got):
        want = b"".join(expected_block(keys[slot], data[i:i + 16], dec) for i in range(0, len(data), 16))
        mismatches += out != want
    assert mismatches == 0, f"{mismatches} of {len(beats)} beats differ from OpenSSL"


def test_iterative_random_differential_10k_blocks_per_key_size_mixed_slots() -> None:
    _differential({"ARCH": "ITERATIVE", "SBOX": "LUT", "KEY_SLOTS": 4}, 10_000, seed=2024)


@pytest.mark.parametrize(
    "params",
    [
        {"ARCH": "ITERATIVE", "SBOX": "COMPOSITE", "LANES": 4, "KEY_SLOTS": 3},
        {"ARCH": "ITERATIVE", "SBOX": "TTABLE", "MAX_KEY_BITS": 128, "KEY_SLOTS": 1, "DECRYPT": 0},
        {"ARCH": "ITERATIVE", "SBOX": "LUT", "MAX_KEY_BITS": 192, "KEY_SLOTS": 16},
        {"ARCH": "ITERATIVE", "SBOX": "TTABLE", "LANES": 2, "MAX_KEY_BITS": 192, "KEY_SLOTS": 2},
        {"ARCH": "ITERATIVE", "SBOX": "TTABLE", "KEY_EXPANSION": "HOST", "KEY_SLOTS": 3},
    ],
    ids=["lanes4-composite", "enc-only-128-ttable", "192-16slots", "lanes2-192-ttable", "host-ttable"],
)
def test_iterative_configurations_match_openssl(params: dict[str, object]) -> None:
    _differential(params, 1_500, seed=7, decrypt=bool(params.get("DECRYPT", 1)))


@pytest.mark.parametrize("sbox", ["LUT", "TTABLE"])
@pytest.mark.parametrize("key_bytes,nr", [(16, 10), (24, 12), (32, 14)])
def test_iterative_back_to_back_takes_nr_plus_1_clocks_per_block(key_bytes: int, nr: int, sbox: str) -> None:
    """Back to back, one block every Nr+1 clocks. Latency: Nr+2 for the single-context
    engine; 3 Nr + 6 for the interleaved one (TTABLE: three blocks share the tables, each
    taking three clocks per round) when the block finds it idle."""
    rng = random.Random(key_bytes)
    key = rng.randbytes(key_bytes)
    n = 200
    with CoreSim({"ARCH": "ITERATIVE", "SBOX": sbox}, seed=1, p_valid=100, p_ready=100) as sim:
        sim.load_key(0, key)
        blocks = [rng.randbytes(16) for _ in range(n)]
        res = sim.run([(0, False, b) for b in blocks])
        single = sim.run([(0, True, blocks[0])])
    assert res.data_in_order() == [expected_block(key, b, False) for b in blocks]
    assert single.data_in_order() == [expected_block(key, blocks[0], True)]
    latency = nr + 2 if sbox == "LUT" else 3 * nr + 6
    assert single.last_out - single.first_in == latency
    span = res.last_out - res.first_in
    if sbox == "LUT":
        assert span == (n - 1) * (nr + 1) + latency
    else:
        # Three contexts take the blocks in turn, each one block per 3 (Nr+1) clocks,
        # started 4 clocks apart (a block enters the input register once the previous
        # one has left it): block k leaves 4 (k mod 3) + 3 (Nr+1) (k div 3) clocks after
        # block 0, which leaves one latency after the start.
        k = n - 1
        assert span == latency + 4 * (k % 3) + 3 * (nr + 1) * (k // 3)


def test_interleaved_random_differential_10k_blocks_per_key_size_mixed_slots() -> None:
    """The interleaved TTABLE engine: 10,000 blocks per key size, four slots of mixed key
    lengths (blocks of different Nr meet in the two contexts), both directions, random
    input gaps and output backpressure: every block equal to OpenSSL, in order."""
    _differential({"ARCH": "ITERATIVE", "SBOX": "TTABLE", "KEY_SLOTS": 4}, 10_000, seed=77)


def test_interleaved_mixed_key_lengths_back_to_back_keep_order() -> None:
    """AES-256 and AES-128 blocks alternating at full rate: a short block committed right
    after a long one must not overtake it (the engine holds it back)."""
    rng = random.Random(3)
    keys = [rng.randbytes(32), rng.randbytes(16), rng.randbytes(24)]
    with CoreSim({"ARCH": "ITERATIVE", "SBOX": "TTABLE", "KEY_SLOTS": 3}, seed=3, p_valid=100, p_ready=100) as sim:
        for slot, key in enumerate(keys):
            sim.load_key(slot, key)
        beats = [(i % 3 if i % 5 else 1, bool(i % 7 == 3), rng.randbytes(16)) for i in range(600)]
        got = sim.run(beats).data_in_order()
    assert got == [expected_block(keys[s], b, d) for s, d, b in beats]


def test_iterative_host_written_round_keys_match_openssl() -> None:
    """KEY_EXPANSION="HOST": no expansion logic; round keys written through the host
    port (as the driver does) give the same ciphertexts as OpenSSL, all key sizes."""
    _differential({"ARCH": "ITERATIVE", "SBOX": "LUT", "KEY_EXPANSION": "HOST", "KEY_SLOTS": 3}, 500, seed=5)
