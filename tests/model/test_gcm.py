# SPDX-License-Identifier: Apache-2.0
"""The GCM reference model (aescores.gcm) against OpenSSL and NIST's CAVP GCM files.

The GF(2^128) product is also checked against a carry-less multiplication written
here from the field's definition (x^128 + x^7 + x^2 + x + 1, bit order of SP 800-38D
§6.3), so the two formulations stand or fall independently. Everything else (GHASH,
GCTR, tags of every allowed length, decryption) is compared with the `cryptography`
package's AES-GCM (OpenSSL) on random messages and with every 96-bit-IV record of the
six CAVP GCM response files shipped by `cryptography-vectors`.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from aescores import gcm, paths, vectors
from aescores.vectors import RspFormatError

KEY_SIZES = (16, 24, 32)


def rand_bytes(rng: random.Random, n: int) -> bytes:
    return rng.randbytes(n)


# --------------------------------------------------------------------------------------
# GF(2^128)
# --------------------------------------------------------------------------------------


def coefficients(block: bytes) -> int:
    """Bit k = coefficient of x^k: bit k of the block's bit string, leftmost bit first."""
    bits = "".join(f"{byte:08b}" for byte in block)
    return sum(1 << k for k, bit in enumerate(bits) if bit == "1")


def block_of(poly: int) -> bytes:
    bits = "".join("1" if poly >> k & 1 else "0" for k in range(128))
    return bytes(int(bits[8 * i : 8 * i + 8], 2) for i in range(16))


def clmul_mod_p(a: int, b: int) -> int:
    """a(x) * b(x) mod x^128 + x^7 + x^2 + x + 1, by schoolbook carry-less product."""
    product = 0
    for i in range(128):
        if a >> i & 1:
            product ^= b << i
    modulus = (1 << 128) | 0x87
    for degree in range(254, 127, -1):
        if product >> degree & 1:
            product ^= modulus << (degree - 128)
    return product


def test_gf128_mul_agrees_with_carryless_product_mod_p() -> None:
    rng = random.Random(1)
    for _ in range(300):
        x, y = rand_bytes(rng, 16), rand_bytes(rng, 16)
        assert coefficients(gcm.gf128_mul(x, y)) == clmul_mod_p(coefficients(x), coefficients(y))


def test_gf128_field_laws_in_the_standards_bit_order() -> None:
    one = bytes([0x80]) + bytes(15)  # the coefficient of x^0 is the first bit
    x = bytes([0x40]) + bytes(15)
    x127 = bytes(15) + b"\x01"  # the last bit: x^127
    assert gcm.gf128_mul(x127, x) == bytes([0xE1]) + bytes(15)  # x^128 = 1 + x + x^2 + x^7 = R
    rng = random.Random(2)
    for _ in range(50):
        a, b, c = (rand_bytes(rng, 16) for _ in range(3))
        assert gcm.gf128_mul(a, one) == a == gcm.gf128_mul(one, a)
        assert gcm.gf128_mul(a, b) == gcm.gf128_mul(b, a)
        assert gcm.gf128_mul(a, gcm.xor(b, c)) == gcm.xor(gcm.gf128_mul(a, b), gcm.gf128_mul(a, c))
        assert gcm.gf128_mul(gcm.gf128_mul(a, b), c) == gcm.gf128_mul(a, gcm.gf128_mul(b, c))


def test_poly_form_puts_the_first_bit_at_x0() -> None:
    assert gcm.to_poly(bytes([0x80]) + bytes(15)) == 1
    assert gcm.to_poly(bytes(15) + b"\x01") == 1 << 127
    assert gcm.to_poly(bytes([0x01]) + bytes(15)) == 1 << 7
    rng = random.Random(3)
    for _ in range(50):
        block = rand_bytes(rng, 16)
        assert gcm.to_poly(block) == coefficients(block)
        assert gcm.from_poly(gcm.to_poly(block)) == block
        assert block_of(coefficients(block)) == block


# --------------------------------------------------------------------------------------
# inc32, GHASH and GCM against OpenSSL
# --------------------------------------------------------------------------------------


def test_inc32_counts_the_low_32_bits_modulo_2_32() -> None:
    assert gcm.inc32(bytes(12) + b"\0\0\0\1") == bytes(12) + b"\0\0\0\2"
    high = bytes(range(1, 13))
    assert gcm.inc32(high + b"\xff\xff\xff\xff") == high + bytes(4)
    assert gcm.inc32(high + b"\x00\xff\xff\xff") == high + b"\x01\0\0\0"


def openssl_tag(key: bytes, iv: bytes, pt: bytes, aad: bytes) -> tuple[bytes, bytes]:
    sealed = AESGCM(key).encrypt(iv, pt, aad)
    return sealed[:-16], sealed[-16:]


def message_lengths() -> list[tuple[int, int]]:
    """(AAD bytes, payload bytes): empty, partial and whole blocks on both sides."""
    sizes = (0, 1, 15, 16, 17, 31, 32, 33, 64, 95)
    return [(a, p) for a in sizes for p in sizes]


@pytest.mark.parametrize("key_bytes", KEY_SIZES)
def test_gcm_encrypt_matches_openssl(key_bytes: int) -> None:
    rng = random.Random(key_bytes)
    checked = 0
    for aad_len, pt_len in message_lengths():
        key, iv = rand_bytes(rng, key_bytes), rand_bytes(rng, 12)
        pt, aad = rand_bytes(rng, pt_len), rand_bytes(rng, aad_len)
        want_ct, want_tag = openssl_tag(key, iv, pt, aad)
        assert gcm.gcm_encrypt(key, iv, pt, aad) == (want_ct, want_tag), (aad_len, pt_len)
        checked += 1
    assert checked == 100


@pytest.mark.parametrize("key_bytes", KEY_SIZES)
def test_ghash_of_the_message_blocks_is_tag_xor_ek_j0(key_bytes: int) -> None:
    """What the GHASH unit's bench relies on: S = T xor E_K(J0), T from OpenSSL."""
    rng = random.Random(100 + key_bytes)
    for aad_len, pt_len in message_lengths():
        key, iv, aad = rand_bytes(rng, key_bytes), rand_bytes(rng, 12), rand_bytes(rng, aad_len)
        ct, tag = openssl_tag(key, iv, rand_bytes(rng, pt_len), aad)
        ecb = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
        h = ecb.update(bytes(16))
        ek_j0 = ecb.update(iv + b"\0\0\0\1")
        blocks = gcm.ghash_input(aad, ct)
        assert len(blocks) == -(-aad_len // 16) + -(-pt_len // 16) + 1
        assert gcm.ghash(h, blocks) == gcm.xor(tag, ek_j0)


@pytest.mark.parametrize("tag_len", gcm.TAG_LENGTHS)
def test_truncated_tags_are_accepted_by_openssl_and_a_flipped_bit_is_not(tag_len: int) -> None:
    rng = random.Random(tag_len)
    for key_bytes in KEY_SIZES:
        key, iv = rand_bytes(rng, key_bytes), rand_bytes(rng, 12)
        pt, aad = rand_bytes(rng, 40), rand_bytes(rng, 20)
        ct, tag = gcm.gcm_encrypt(key, iv, pt, aad, tag_len)
        assert len(tag) == tag_len
        assert tag == openssl_tag(key, iv, pt, aad)[1][:tag_len]
        ctx = Cipher(algorithms.AES(key), modes.GCM(iv, tag, min_tag_length=4)).decryptor()
        ctx.authenticate_additional_data(aad)
        assert ctx.update(ct) + ctx.finalize() == pt
        bad = bytes([tag[0] ^ 0x01]) + tag[1:]
        ctx = Cipher(algorithms.AES(key), modes.GCM(iv, bad, min_tag_length=4)).decryptor()
        ctx.authenticate_additional_data(aad)
        ctx.update(ct)
        with pytest.raises(InvalidTag):
            ctx.finalize()
        assert gcm.gcm_decrypt(key, iv, ct, aad, tag) == (pt, True)
        assert gcm.gcm_decrypt(key, iv, ct, aad, bad) == (pt, False)


@pytest.mark.parametrize("key_bytes", KEY_SIZES)
def test_gcm_decrypt_matches_openssl_and_rejects_any_change(key_bytes: int) -> None:
    rng = random.Random(200 + key_bytes)
    for aad_len, pt_len in message_lengths()[::7]:
        key, iv = rand_bytes(rng, key_bytes), rand_bytes(rng, 12)
        pt, aad = rand_bytes(rng, pt_len), rand_bytes(rng, aad_len)
        ct, tag = openssl_tag(key, iv, pt, aad)
        assert AESGCM(key).decrypt(iv, ct + tag, aad) == pt
        assert gcm.gcm_decrypt(key, iv, ct, aad, tag) == (pt, True)
        if ct:
            changed = bytes([ct[0] ^ 0x80]) + ct[1:]
            assert gcm.gcm_decrypt(key, iv, changed, aad, tag)[1] is False
        if aad:
            assert gcm.gcm_decrypt(key, iv, ct, bytes([aad[-1] ^ 1]) + aad[1:], tag)[1] is False
        assert gcm.gcm_decrypt(key, iv, ct, aad + b"\0", tag)[1] is False  # padding is not free


def test_model_refuses_other_iv_and_tag_lengths() -> None:
    key = bytes(16)
    with pytest.raises(ValueError, match="96-bit"):
        gcm.gcm_encrypt(key, bytes(16), b"")
    for bad in (0, 3, 5, 11, 17):
        with pytest.raises(ValueError, match="tag length"):
            gcm.gcm_encrypt(key, bytes(12), b"", tag_len=bad)
    with pytest.raises(ValueError, match="tag length"):
        gcm.gcm_decrypt(key, bytes(12), b"", b"", bytes(7))


# --------------------------------------------------------------------------------------
# NIST CAVP GCM files
# --------------------------------------------------------------------------------------

CAVP_96_BIT_RECORDS_PER_FILE = 2625  # 7875 records, a third of them with 96-bit IVs


@pytest.mark.parametrize("source", vectors.gcm_files(), ids=lambda s: Path(s).stem)
def test_cavp_gcm_file_96_bit_iv_records(source: str) -> None:
    records = [r for r in vectors.load_gcm_rsp(source) if r.iv_bits == 96]
    assert len(records) == CAVP_96_BIT_RECORDS_PER_FILE, f"{source}: {len(records)} records with 96-bit IVs"
    failing = 0
    for r in records:
        if r.decrypt:
            plaintext, ok = gcm.gcm_decrypt(r.key, r.iv, r.ciphertext, r.aad, r.tag)
            assert ok == r.passes, r.name
            if ok:
                assert plaintext == r.plaintext, r.name
            else:
                failing += 1
        else:
            assert gcm.gcm_encrypt(r.key, r.iv, r.plaintext, r.aad, len(r.tag)) == (r.ciphertext, r.tag), r.name
    if "Decrypt" in source:
        assert 0 < failing < len(records), f"{source}: {failing} FAIL records of {len(records)}"
    tag_lengths = {len(r.tag) for r in records}
    assert tag_lengths == {4, 8, 12, 13, 14, 15, 16}, tag_lengths
    assert {len(r.ciphertext) for r in records} >= {0, 13, 16, 32, 51}
    assert {len(r.aad) for r in records} >= {0, 16, 20, 48, 90}


def test_cavp_gcm_files_are_the_six_of_the_package() -> None:
    files = vectors.gcm_files()
    assert len(files) == 6 and all((vectors.VECTORS_ROOT / f).is_file() for f in files)
    assert vectors.gcm_files(decrypt=True, key_bits=[256]) == ["ciphers/AES/GCM/gcmDecrypt256.rsp"]
    with pytest.raises(ValueError):
        vectors.gcm_files(key_bits=[64])


GOOD_RECORD = """[Keylen = 128]
[IVlen = 96]
[PTlen = 0]
[AADlen = 0]
[Taglen = 128]

Count = 0
Key = 11754cd72aec309bf52f7687212e8957
IV = 3c819d9a9bed087615030b65
PT =
AAD =
CT =
Tag = 250327c674aaf477aef2675748cf6971
"""


def test_gcm_loader_reads_a_record_and_refuses_broken_ones(tmp_path: Path) -> None:
    good = tmp_path / "gcmEncryptExtIV128.rsp"
    good.write_text(GOOD_RECORD)
    (record,) = vectors.load_gcm_rsp(good)
    assert record.iv_bits == 96 and record.plaintext == b"" and record.passes and not record.decrypt
    assert gcm.gcm_encrypt(record.key, record.iv, b"", b"") == (b"", record.tag)  # Count 0 of NIST's gcmEncryptExtIV128.rsp
    broken = {
        "no tag": GOOD_RECORD.replace("Tag = 250327c674aaf477aef2675748cf6971\n", ""),
        "short tag": GOOD_RECORD.replace("Tag = 250327c674aaf477aef2675748cf69", "Tag = "),
        "IV length": GOOD_RECORD.replace("[IVlen = 96]", "[IVlen = 64]"),
        "unknown field": GOOD_RECORD + "Nonce = 00\n",
        "FAIL in an encryption file": GOOD_RECORD + "FAIL\n",
        "bad hex": GOOD_RECORD.replace("Key = 11", "Key = zz"),
    }
    for what, text in broken.items():
        path = tmp_path / "gcmEncryptExtIV128.rsp"
        path.write_text(text)
        try:
            vectors.load_gcm_rsp(path)
        except RspFormatError:
            continue
        pytest.fail(f"the loader read a file with a broken record ({what})")


def test_gcm_loader_reads_fail_records_of_a_decryption_file(tmp_path: Path) -> None:
    path = tmp_path / "gcmDecrypt128.rsp"
    path.write_text(GOOD_RECORD.replace("PT =\n", "") + "FAIL\n")
    (record,) = vectors.load_gcm_rsp(path)
    assert record.decrypt and not record.passes and record.plaintext is None
    path.write_text(GOOD_RECORD + "FAIL\n")  # both PT and FAIL
    with pytest.raises(RspFormatError):
        vectors.load_gcm_rsp(path)


# --------------------------------------------------------------------------------------
# The GCM message of aes_axi (docs/specification.md §3a), beat by beat
# --------------------------------------------------------------------------------------

LANE_COUNTS = (1, 2, 4, 8)


def random_message(rng: random.Random) -> tuple[bytes, bytes, bytes, bytes, int, int]:
    """(key, iv, aad, plaintext, tag length, lanes): lengths 0 included, partial last blocks."""
    key = rand_bytes(rng, rng.choice(KEY_SIZES))
    aad = rand_bytes(rng, rng.choice((0, 1, 15, 16, 17, 31, 64, 65, rng.randrange(200))))
    pt = rand_bytes(rng, rng.choice((0, 1, 15, 16, 17, 33, 128, 129, rng.randrange(300))))
    return key, rand_bytes(rng, 12), aad, pt, rng.choice(gcm.TAG_LENGTHS), rng.choice(LANE_COUNTS)


def test_message_frame_encrypts_and_decrypts_as_openssl() -> None:
    """Encrypt frames give OpenSSL's ciphertext and truncated tag, the IV and AAD beats
    unchanged; decrypt frames of that ciphertext and tag give the plaintext back, code 0."""
    rng = random.Random(38)
    for _ in range(300):
        key, iv, aad, pt, tag_len, lanes = random_message(rng)
        ct_tag = AESGCM(key).encrypt(iv, pt, aad)
        ct, tag = ct_tag[: len(pt)], ct_tag[len(pt) :][:tag_len]
        frame = gcm.message_frame(iv, aad, pt, tag_len, lanes)
        b = 16 * lanes
        assert frame.beats == 1 + -(-len(aad) // b) + -(-len(pt) // b) + 1
        code, out = gcm.expect_message(frame, key, decrypt=False)
        assert code == gcm.CODE_OK
        assert gcm.split_output(frame, out) == (ct, tag)
        head = (1 + -(-len(aad) // b)) * b
        assert out[:head] == frame.data[:head]  # IV beat and AAD beats unchanged
        assert out[12:16] == len(aad).to_bytes(4, "big")

        back = gcm.message_frame(iv, aad, ct, tag, lanes)
        code, out = gcm.expect_message(back, key, decrypt=True)
        assert code == gcm.CODE_OK
        assert gcm.split_output(back, out) == (pt, tag)


def test_tampered_message_ends_with_code_7_and_only_the_tag_beat_zero() -> None:
    """A changed bit of the ciphertext, the AAD or the tag gives code 7 (as OpenSSL refuses
    it); the payload is still decrypted (released before the tag is known) and only the
    tag beat is zero."""
    rng = random.Random(7)
    for what in ("ciphertext", "aad", "tag") * 40:
        key, iv, aad, pt, tag_len, lanes = random_message(rng)
        aad = aad or b"a"
        pt = pt or b"p"
        ct_tag = AESGCM(key).encrypt(iv, pt, aad)
        ct, tag = ct_tag[: len(pt)], ct_tag[len(pt) :][:tag_len]
        bit = 1 << rng.randrange(8)
        if what == "ciphertext":
            i = rng.randrange(len(ct))
            ct = ct[:i] + bytes([ct[i] ^ bit]) + ct[i + 1 :]
        elif what == "aad":
            i = rng.randrange(len(aad))
            aad = aad[:i] + bytes([aad[i] ^ bit]) + aad[i + 1 :]
        else:
            i = rng.randrange(tag_len)
            tag = tag[:i] + bytes([tag[i] ^ bit]) + tag[i + 1 :]
        frame = gcm.message_frame(iv, aad, ct, tag, lanes)
        code, out = gcm.expect_message(frame, key, decrypt=True)
        assert code == gcm.CODE_TAG, what
        payload, out_tag = gcm.split_output(frame, out)
        assert payload == gcm.gctr(key, gcm.inc32(gcm.j0(iv)), ct)
        assert out_tag == bytes(tag_len)
        assert out[: -16 * lanes] != bytes(len(out) - 16 * lanes) or not ct


def test_cavp_gcm_records_through_message_frames() -> None:
    """Every 96-bit-IV record of the CAVP files as a message, of 1 and of 4 lanes in turn:
    the encryption records' C and T, the decryption records' P, and code 7 for the FAIL
    ones."""
    for source in vectors.gcm_files():
        for i, r in enumerate(r for r in vectors.load_gcm_rsp(source) if r.iv_bits == 96):
            for lanes in ((1, 4)[i % 2],):
                if r.decrypt:
                    frame = gcm.message_frame(r.iv, r.aad, r.ciphertext, r.tag, lanes)
                    code, out = gcm.expect_message(frame, r.key, decrypt=True)
                    assert code == (gcm.CODE_OK if r.passes else gcm.CODE_TAG), r.name
                    payload, tag = gcm.split_output(frame, out)
                    assert tag == (r.tag if r.passes else bytes(len(r.tag))), r.name
                    if r.passes:
                        assert payload == r.plaintext, r.name
                else:
                    frame = gcm.message_frame(r.iv, r.aad, r.plaintext, len(r.tag), lanes)
                    code, out = gcm.expect_message(frame, r.key, decrypt=False)
                    assert (code, gcm.split_output(frame, out)) == (gcm.CODE_OK, (r.ciphertext, r.tag)), r.name


def _with_keep(frame: gcm.GcmFrame, beat: int, keep: list[int]) -> gcm.GcmFrame:
    b = frame.beat_bytes
    new = list(frame.keep)
    new[beat * b : (beat + 1) * b] = keep
    data = bytes(d if k else 0 for d, k in zip(frame.data, new))
    return gcm.GcmFrame(data, tuple(new), b)


def _truncated(frame: gcm.GcmFrame, beats: int) -> gcm.GcmFrame:
    b = frame.beat_bytes
    return gcm.GcmFrame(frame.data[: beats * b], frame.keep[: beats * b], b)


@pytest.mark.parametrize("lanes", (1, 2))
def test_length_errors_zero_from_the_bad_beat(lanes: int) -> None:
    """Code 1 (§3a): the IV or an AAD beat with tlast, a short beat before the payload's
    last, an empty or non-prefix last payload beat, an illegal tag tkeep; the output is
    zero from the bad beat on, the beats before it as in a good message."""
    b = 16 * lanes
    key, iv = bytes(range(16)), bytes(range(100, 112))
    aad, pt = bytes(range(40)), bytes(range(3 * b + 5))
    good = gcm.message_frame(iv, aad, pt, 16, lanes)
    _, good_out = gcm.expect_message(good, key, decrypt=False)
    n_aad = -(-len(aad) // b)
    first_payload = 1 + n_aad
    n = good.beats
    cases = {
        "iv beat alone": (_truncated(good, 1), 0),
        "tlast on an aad beat": (_truncated(good, 1 + n_aad), n_aad),
        "iv beat not full": (_with_keep(good, 0, [1] * 15 + [0] * (b - 15)), 0),
        "aad beat not full": (_with_keep(good, 1, [1] * (b - 1) + [0]), 1),
        # The short beat is processed; the beat after it, not the tag beat, is the bad one.
        "short payload beat before the last": (_with_keep(good, first_payload, [1] * (b - 3) + [0] * 3),
                                               first_payload + 1),
        "empty last payload beat": (_with_keep(good, n - 2, [0] * b), n - 2),
        "last payload beat not a prefix": (_with_keep(good, n - 2, [0] + [1] * 4 + [0] * (b - 5)), n - 2),
        "tag of 5 bytes": (_with_keep(good, n - 1, [1] * 5 + [0] * (b - 5)), n - 1),
        "tag of 0 bytes": (_with_keep(good, n - 1, [0] * b), n - 1),
        "tag not a prefix": (_with_keep(good, n - 1, [0] + [1] * 15 + [0] * (b - 16)), n - 1),
    }
    if lanes > 1:
        cases["tag beat keeps lane 1"] = (_with_keep(good, n - 1, [1] * 17 + [0] * (b - 17)), n - 1)
    for name, (frame, bad) in cases.items():
        for decrypt in (False, True):
            code, out = gcm.expect_message(frame, key, decrypt=decrypt)
            assert code == gcm.CODE_LENGTH, name
            assert out[bad * b :] == bytes(len(out) - bad * b), name
            if not decrypt:
                want = bytes(d if k else 0 for d, k in zip(good_out[: bad * b], frame.keep))
                assert out[: bad * b] == want, name
    # A short payload beat followed by the tag beat is the payload's last: no error.
    short_last = gcm.message_frame(iv, aad, pt[: b - 3], 16, lanes)
    assert gcm.expect_message(short_last, key, decrypt=False)[0] == gcm.CODE_OK


def test_codes_that_zero_the_whole_message() -> None:
    """Self-test failed (6), no key in the slot (3), GCM not in this build (5): all zero."""
    frame = gcm.message_frame(bytes(12), b"aad", b"payload", 16, 1)
    zero = bytes(len(frame.data))
    key = bytes(16)
    assert gcm.expect_message(frame, key, False, selftest_ok=False) == (gcm.CODE_SELFTEST, zero)
    assert gcm.expect_message(frame, None, False) == (gcm.CODE_SLOT, zero)
    assert gcm.expect_message(frame, key, True, gcm_built=False) == (gcm.CODE_NOT_BUILT, zero)
    # The order of §3: 6, then 5, then 3.
    assert gcm.expect_message(frame, None, True, gcm_built=False, selftest_ok=False)[0] == gcm.CODE_SELFTEST
    assert gcm.expect_message(frame, None, True, gcm_built=False) == (gcm.CODE_NOT_BUILT, zero)


def test_gmac_message_is_the_iv_beat_and_the_tag_beat() -> None:
    """No AAD and no payload: two beats, the tag of the empty message (OpenSSL)."""
    key, iv = bytes(range(32)), bytes(12)
    frame = gcm.message_frame(iv, b"", b"", 16, 2)
    assert frame.beats == 2
    code, out = gcm.expect_message(frame, key, decrypt=False)
    assert code == gcm.CODE_OK and gcm.split_output(frame, out) == (b"", AESGCM(key).encrypt(iv, b"", b""))


def test_message_frame_refuses_what_the_ip_cannot_carry() -> None:
    with pytest.raises(ValueError):
        gcm.message_frame(bytes(16), b"", b"", 16)  # a 128-bit IV
    with pytest.raises(ValueError):
        gcm.message_frame(bytes(12), b"", b"", 5)  # a tag length SP 800-38D does not allow


def test_worked_example_of_the_docs_is_openssls() -> None:
    """docs/gcm.md, "Worked example": SP 800-38D test case 4 beat by beat; each tdata
    literal of its table is what message_frame sends and what OpenSSL's AESGCM gives."""
    text = (paths.DOCS_DIR / "gcm.md").read_text()
    key = bytes.fromhex("feffe9928665731c6d6a8f9467308308")
    iv = bytes.fromhex("cafebabefacedbaddecaf888")
    aad = bytes.fromhex("feedfacedeadbeeffeedfacedeadbeefabaddad2")
    pt = bytes.fromhex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                       "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
    sealed = AESGCM(key).encrypt(iv, pt, aad)
    ct, tag = sealed[:-16], sealed[-16:]
    frame = gcm.message_frame(iv, aad, pt, 16, 1)
    beats_in = [frame.beat(k)[0] for k in range(frame.beats - 1)]
    beats_out = [c.ljust(16, b"\0") for c in (ct[i : i + 16] for i in range(0, len(ct), 16))] + [tag]
    for beat in beats_in + beats_out:
        assert f"128'h{beat[::-1].hex()}" in text
    assert tag.hex() in text and ct.hex()[:64] in text and ct.hex()[64:] in text
    assert gcm.hash_key(key).hex() in text
