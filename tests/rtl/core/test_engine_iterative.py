# SPDX-License-Identifier: Apache-2.0
"""ITERATIVE engines through aes_core on the fast Verilator harness: NIST conformance for
every S-box implementation (TTABLE: the single-context engine with tables in block RAM,
and with three stages per round the interleaved engine), random differential tests
against OpenSSL, the chaining of feedback blocks, the rate and the latency."""

from __future__ import annotations

import random

import pytest

from aescores import model
from aescores.model import Mode
from aescores.sim.conformance import conformance, expected_block, random_cases
from aescores.sim.core import CoreSim


INTERLEAVED = {"ARCH": "ITERATIVE", "SBOX": "TTABLE", "STAGES_PER_ROUND": 3}


@pytest.mark.parametrize("params", [{"ARCH": "ITERATIVE", "SBOX": s} for s in ("LUT", "COMPOSITE", "TTABLE")]
                         + [INTERLEAVED], ids=["LUT", "COMPOSITE", "TTABLE", "TTABLE-interleaved"])
def test_iterative_ecb_conformance_fips197_cavp_mct(params: dict[str, object]) -> None:
    results = conformance(params, seed=11, p_valid=70, p_ready=60)
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
        {**INTERLEAVED, "LANES": 2, "MAX_KEY_BITS": 192, "KEY_SLOTS": 2},
        {**INTERLEAVED, "KEY_EXPANSION": "HOST", "KEY_SLOTS": 3},
        {"ARCH": "ITERATIVE", "SBOX": "TTABLE", "LANES": 4, "KEY_SLOTS": 3},
        {"ARCH": "ITERATIVE", "SBOX": "TTABLE", "KEY_EXPANSION": "HOST", "KEY_SLOTS": 2},
    ],
    ids=["lanes4-composite", "enc-only-128-ttable", "192-16slots", "lanes2-192-interleaved", "host-interleaved",
         "lanes4-ttable", "host-ttable"],
)
def test_iterative_configurations_match_openssl(params: dict[str, object]) -> None:
    _differential(params, 1_500, seed=7, decrypt=bool(params.get("DECRYPT", 1)))


@pytest.mark.parametrize("sbox", ["LUT", "TTABLE", "TTABLE-interleaved"])
@pytest.mark.parametrize("key_bytes,nr", [(16, 10), (24, 12), (32, 14)])
def test_iterative_back_to_back_takes_nr_plus_1_clocks_per_block(key_bytes: int, nr: int, sbox: str) -> None:
    """Back to back, one block every Nr+1 clocks. Latency: Nr+2 for the single-context
    engines (LUT, TTABLE); 3 Nr + 6 for the interleaved one (three blocks share the
    tables, each taking three clocks per round) when the block finds it idle."""
    rng = random.Random(key_bytes)
    key = rng.randbytes(key_bytes)
    n = 200
    params = INTERLEAVED if sbox == "TTABLE-interleaved" else {"ARCH": "ITERATIVE", "SBOX": sbox}
    with CoreSim(params, seed=1, p_valid=100, p_ready=100) as sim:
        sim.load_key(0, key)
        blocks = [rng.randbytes(16) for _ in range(n)]
        res = sim.run([(0, False, b) for b in blocks])
        single = sim.run([(0, True, blocks[0])])
    assert res.data_in_order() == [expected_block(key, b, False) for b in blocks]
    assert single.data_in_order() == [expected_block(key, blocks[0], True)]
    latency = 3 * nr + 6 if params is INTERLEAVED else nr + 2
    assert single.last_out - single.first_in == latency
    span = res.last_out - res.first_in
    if params is not INTERLEAVED:
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
    _differential({**INTERLEAVED, "KEY_SLOTS": 4}, 10_000, seed=77)


def test_interleaved_mixed_key_lengths_back_to_back_keep_order() -> None:
    """AES-256 and AES-128 blocks alternating at full rate: a short block committed right
    after a long one must not overtake it (the engine holds it back)."""
    rng = random.Random(3)
    keys = [rng.randbytes(32), rng.randbytes(16), rng.randbytes(24)]
    with CoreSim({**INTERLEAVED, "KEY_SLOTS": 3}, seed=3, p_valid=100, p_ready=100) as sim:
        for slot, key in enumerate(keys):
            sim.load_key(slot, key)
        beats = [(i % 3 if i % 5 else 1, bool(i % 7 == 3), rng.randbytes(16)) for i in range(600)]
        got = sim.run(beats).data_in_order()
    assert got == [expected_block(keys[s], b, d) for s, d, b in beats]


def test_iterative_host_written_round_keys_match_openssl() -> None:
    """KEY_EXPANSION="HOST": no expansion logic; round keys written through the host
    port (as the driver does) give the same ciphertexts as OpenSSL, all key sizes."""
    _differential({"ARCH": "ITERATIVE", "SBOX": "LUT", "KEY_EXPANSION": "HOST", "KEY_SLOTS": 3}, 500, seed=5)



@pytest.mark.parametrize("sbox", ["LUT", "TTABLE"])
@pytest.mark.parametrize("lanes", [1, 4])
@pytest.mark.parametrize("key_bytes", [16, 32])
def test_iterative_chained_blocks_give_cbc_cfb_ofb_encryption(key_bytes: int, lanes: int, sbox: str) -> None:
    """s_chain: the engine XORs lane 0 of a block with lane 0 of its last output (the
    feedback modes' chain, aes_mode_unit ENGINE_CHAIN). CBC, CFB-128 and OFB encryption
    of a message sent as the mode unit sends it (the first block from the IV, the next
    ones chained) equal OpenSSL's, under random input gaps and output backpressure; the
    other lanes, which no chain touches, give ECB."""
    rng = random.Random(key_bytes + lanes)
    key = rng.randbytes(key_bytes)
    iv = rng.randbytes(16)
    n = 40
    message = [rng.randbytes(16) for _ in range(n)]
    others = [rng.randbytes(16 * (lanes - 1)) for _ in range(n)]

    def zero() -> bytes:
        return bytes(16)

    def xor(a: bytes, b: bytes) -> bytes:
        return bytes(x ^ y for x, y in zip(a, b))

    # Lane 0 of each beat: CBC P ^ IV, then P; CFB the IV, then the plaintext before; OFB
    # the IV, then zero (lane 0 is the low 16 bytes of a beat).
    operands = {
        "CBC": [xor(message[0], iv)] + message[1:],
        "CFB": [iv] + message[:-1],
        "OFB": [iv] + [zero() for _ in range(n - 1)],
    }
    with CoreSim({"ARCH": "ITERATIVE", "SBOX": sbox, "LANES": lanes, "KEY_SLOTS": 1},
                 seed=key_bytes, p_valid=60, p_ready=50) as sim:
        sim.load_key(0, key)
        outs = {m: sim.run([(0, False, op + others[i], i > 0) for i, op in enumerate(ops)]).data_in_order()
                for m, ops in operands.items()}
    plain = b"".join(message)
    want_cbc = model.process(Mode.CBC, key, iv, plain)
    want_cfb = model.process(Mode.CFB, key, iv, plain)
    want_ofb = model.process(Mode.OFB, key, iv, plain)
    assert b"".join(o[:16] for o in outs["CBC"]) == want_cbc
    # CFB and OFB: the engine gives the keystream; the result is it XOR the plaintext.
    assert b"".join(xor(o[:16], p) for o, p in zip(outs["CFB"], message)) == want_cfb
    assert b"".join(xor(o[:16], p) for o, p in zip(outs["OFB"], message)) == want_ofb
    for m in operands:
        rest = [o[16:] for o in outs[m]]
        want = [b"".join(expected_block(key, x[j:j + 16], False) for j in range(0, len(x), 16)) for x in others]
        assert rest == want, m
