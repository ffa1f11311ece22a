# SPDX-License-Identifier: Apache-2.0
"""The AESAVS Monte Carlo Test procedure of aescores.mct.

(a) Against independent expectations: the ECB procedure against a plain loop on an
OpenSSL ECB context, and the CBC/CFB-128/OFB inner loop against OpenSSL's own mode
context fed one block at a time (AESAVS chains across the inner loop exactly as the
mode does), with the outer loop rewritten here from AESAVS §6.4.
(b) Against NIST's published results: every entry of PUBLISHED_MCT, run in full
(100 x 1000); about 0.1-0.2 s each.
"""

from __future__ import annotations

import random
import time

import pytest
from cryptography.hazmat.decrepit.ciphers import modes as decrepit_modes
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aescores import mct, model
from aescores.model import Mode

RNG_SEED = 0x3C7
CHAINED = [Mode.CBC, Mode.CFB, Mode.OFB]
OPENSSL_MODE = {Mode.CBC: modes.CBC, Mode.CFB: decrepit_modes.CFB, Mode.OFB: decrepit_modes.OFB}


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def _key_update(key: bytes, last: bytes, previous: bytes) -> bytes:
    """AESAVS §6.4, spelled out per key size."""
    if len(key) == 16:
        return _xor(key, last)
    if len(key) == 24:
        return _xor(key, previous[8:] + last)
    return _xor(key, previous + last)


# --------------------------------------------------------------------------------------
# (a) independent expectations
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("nbytes", [16, 24, 32])
@pytest.mark.parametrize("decrypt", [False, True], ids=["enc", "dec"])
def test_ecb_mct_matches_a_plain_openssl_loop(nbytes, decrypt):
    rng = random.Random(RNG_SEED + nbytes)
    key, block = rng.randbytes(nbytes), rng.randbytes(16)
    outer, inner = 6, 25
    got = mct.run_mct(Mode.ECB, key, None, block, decrypt, outer=outer, inner=inner)

    expected = []
    for count in range(outer):
        cipher = Cipher(algorithms.AES(key), modes.ECB())
        ctx = cipher.decryptor() if decrypt else cipher.encryptor()
        outs = [block]
        for _ in range(inner):
            outs.append(ctx.update(outs[-1]))
        expected.append((count, key, block, outs[-1]))
        key = _key_update(key, outs[-1], outs[-2])
        block = outs[-1]
    assert [(r.count, r.key, r.input, r.output) for r in got] == expected
    assert all(r.iv is None and r.mode is Mode.ECB and r.decrypt is decrypt for r in got)


def _openssl_chain(mode: Mode, key: bytes, iv: bytes, first: bytes, decrypt: bool, inner: int) -> list[bytes]:
    """The AESAVS inner loop on OpenSSL's mode context, one block per update()."""
    cipher = Cipher(algorithms.AES(key), OPENSSL_MODE[mode](iv))
    ctx = cipher.decryptor() if decrypt else cipher.encryptor()
    outs: list[bytes] = []
    block = first
    for j in range(inner):
        outs.append(ctx.update(block))
        block = iv if j == 0 else outs[j - 1]
    return outs


@pytest.mark.parametrize("mode", CHAINED, ids=lambda m: m.name)
@pytest.mark.parametrize("nbytes", [16, 24, 32])
@pytest.mark.parametrize("decrypt", [False, True], ids=["enc", "dec"])
def test_inner_loop_matches_openssl_mode_context(mode, nbytes, decrypt):
    rng = random.Random(RNG_SEED * nbytes + int(mode))
    key, iv, first = rng.randbytes(nbytes), rng.randbytes(16), rng.randbytes(16)
    got = mct.mct_chain(mode, key, iv, first, decrypt, inner=60)
    assert got == _openssl_chain(mode, key, iv, first, decrypt, 60)


@pytest.mark.parametrize("mode", CHAINED, ids=lambda m: m.name)
@pytest.mark.parametrize("nbytes", [16, 24, 32])
@pytest.mark.parametrize("decrypt", [False, True], ids=["enc", "dec"])
def test_outer_loop_matches_aesavs(mode, nbytes, decrypt):
    rng = random.Random(RNG_SEED + nbytes + int(mode))
    key, iv, block = rng.randbytes(nbytes), rng.randbytes(16), rng.randbytes(16)
    outer, inner = 5, 30
    got = mct.run_mct(mode, key, iv, block, decrypt, outer=outer, inner=inner)
    expected = []
    for count in range(outer):
        outs = _openssl_chain(mode, key, iv, block, decrypt, inner)
        expected.append((count, key, iv, block, outs[-1]))
        key = _key_update(key, outs[-1], outs[-2])
        iv, block = outs[-1], outs[-2]
    assert [(r.count, r.key, r.iv, r.input, r.output) for r in got] == expected


def test_record_fields_follow_the_direction():
    enc = mct.run_mct(Mode.CBC, bytes(16), bytes(16), bytes(16), False, outer=1, inner=2)[0]
    assert enc.plaintext == bytes(16) and enc.ciphertext == enc.output
    dec = mct.run_mct(Mode.CBC, bytes(16), bytes(16), bytes(16), True, outer=1, inner=2)[0]
    assert dec.ciphertext == bytes(16) and dec.plaintext == dec.output


# --------------------------------------------------------------------------------------
# The block function is pluggable
# --------------------------------------------------------------------------------------


def test_pure_python_block_fn_gives_the_same_records():
    def py_block_fn(key: bytes, block: bytes, decrypt: bool) -> bytes:
        return model.py_decrypt_block(key, block) if decrypt else model.py_encrypt_block(key, block)

    for mode in mct.MCT_MODES:
        iv = None if mode is Mode.ECB else bytes(range(16))
        for decrypt in (False, True):
            args = (mode, bytes(range(24)), iv, bytes(16), decrypt)
            assert mct.run_mct(*args, block_fn=py_block_fn, outer=2, inner=4) == mct.run_mct(*args, outer=2, inner=4)


@pytest.mark.parametrize("mode", mct.MCT_MODES, ids=lambda m: m.name)
@pytest.mark.parametrize("decrypt", [False, True], ids=["enc", "dec"])
def test_block_fn_calls_one_per_inner_step_and_only_forward_for_cfb_ofb(mode, decrypt):
    calls = []

    def counting(key: bytes, block: bytes, inverse: bool) -> bytes:
        calls.append(inverse)
        return mct.reference_block_fn(key, block, inverse)

    iv = None if mode is Mode.ECB else bytes(16)
    mct.run_mct(mode, bytes(32), iv, bytes(16), decrypt, block_fn=counting, outer=3, inner=7)
    assert len(calls) == 3 * 7
    uses_inverse = decrypt and mode in (Mode.ECB, Mode.CBC)
    assert set(calls) == {uses_inverse}


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError):
        mct.run_mct(Mode.CTR, bytes(16), bytes(16), bytes(16))
    with pytest.raises(ValueError):
        mct.run_mct(Mode.ECB, bytes(16), bytes(16), bytes(16))  # ECB with an IV
    with pytest.raises(ValueError):
        mct.run_mct(Mode.CBC, bytes(16), None, bytes(16))
    with pytest.raises(ValueError):
        mct.run_mct(Mode.ECB, bytes(16), None, bytes(16), inner=1)
    with pytest.raises(ValueError):
        mct.run_mct(Mode.ECB, bytes(16), None, bytes(16), outer=0)
    with pytest.raises(ValueError):
        mct.run_mct(Mode.ECB, bytes(20), None, bytes(16))


# --------------------------------------------------------------------------------------
# (b) NIST's published results, full length
# --------------------------------------------------------------------------------------


def test_published_results_cover_every_mode_size_and_direction():
    seen = {(p.mode, 8 * len(p.key), p.decrypt) for p in mct.PUBLISHED_MCT}
    assert seen == {(m, b, d) for m in mct.MCT_MODES for b in (128, 192, 256) for d in (False, True)}
    assert len(mct.PUBLISHED_MCT) == len(seen)


@pytest.mark.parametrize("pub", mct.PUBLISHED_MCT, ids=lambda p: p.name.replace(" ", "-"))
def test_full_mct_reproduces_nist_result(pub):
    start = time.perf_counter()
    records = mct.run_mct(pub.mode, pub.key, pub.iv, pub.seed, pub.decrypt)
    elapsed = time.perf_counter() - start
    assert len(records) == mct.OUTER
    assert [r.count for r in records] == list(range(mct.OUTER))
    if pub.first_output is not None:
        assert records[0].output == pub.first_output
    assert records[-1].output == pub.last_output
    assert elapsed < 10, f"a full MCT took {elapsed:.1f} s"
