# SPDX-License-Identifier: Apache-2.0
"""Pure-Python AES reference for the primitive tests, independent of the RTL.

Everything here is computed from the FIPS-197 definitions (GF(2^8) arithmetic, the
affine transform, the round transformations); the RTL's tables are never read. The
module proves itself in two ways: `check_published_sbox_entries` compares the S-box
with entries printed in FIPS-197, and `check_against_openssl` builds a full AES-128
encryption and an equivalent-inverse-cipher decryption from these functions and
compares them with the `cryptography` package (OpenSSL).

Byte order (docs/architecture.md): a 128-bit value holds FIPS-197 byte i in bits
[8i+7:8i], so `int.from_bytes(block, "little")` converts a 16-byte block to the value a
port carries. State column c is bytes 4c..4c+3; row r of column c is byte 4c+r.
"""

from __future__ import annotations

import os
from typing import Sequence

AES_POLY = 0x11B  # x^8 + x^4 + x^3 + x + 1
AFFINE_CONSTANT = 0x63


# ---- GF(2^8) ---------------------------------------------------------------------

def gf_mul(a: int, b: int) -> int:
    """Product of two bytes in GF(2^8) modulo the AES polynomial."""
    result = 0
    while b:
        if b & 1:
            result ^= a
        a <<= 1
        if a & 0x100:
            a ^= AES_POLY
        b >>= 1
    return result


def gf_inv(a: int) -> int:
    """Multiplicative inverse in GF(2^8) (a^254), with 0 mapped to 0."""
    result = 1
    for _ in range(254):
        result = gf_mul(result, a)
    return result if a else 0


def affine(b: int) -> int:
    """The S-box affine transform of FIPS-197 5.1.1 (eq. 5.2)."""
    out = 0
    for i in range(8):
        bit = 0
        for k in (0, 4, 5, 6, 7):
            bit ^= (b >> ((i + k) % 8)) & 1
        out |= bit << i
    return out ^ AFFINE_CONSTANT


SBOX: tuple[int, ...] = tuple(affine(gf_inv(x)) for x in range(256))
INV_SBOX: tuple[int, ...] = tuple(SBOX.index(y) for y in range(256))

# A few entries of FIPS-197 Figure 7 (S-box) and Figure 14 (inverse S-box).
PUBLISHED_SBOX = {0x00: 0x63, 0x01: 0x7C, 0x10: 0xCA, 0x53: 0xED, 0x9A: 0xB8, 0xC9: 0xDD, 0xFF: 0x16}
PUBLISHED_INV_SBOX = {0x00: 0x52, 0x01: 0x09, 0x53: 0x50, 0xED: 0x53, 0xFF: 0x7D}


def check_published_sbox_entries() -> None:
    """Assert that the computed tables agree with entries printed in FIPS-197."""
    for x, y in PUBLISHED_SBOX.items():
        assert SBOX[x] == y, f"S({x:#04x}) = {SBOX[x]:#04x}, FIPS-197 says {y:#04x}"
    for x, y in PUBLISHED_INV_SBOX.items():
        assert INV_SBOX[x] == y, f"Si({x:#04x}) = {INV_SBOX[x]:#04x}, FIPS-197 says {y:#04x}"
    assert sorted(SBOX) == list(range(256)), "the S-box is not a permutation"


# ---- T-tables ------------------------------------------------------------------------

def ttable(x: int) -> int:
    """T0(x) as aes_ttable outputs it: byte 0 2S, byte 1 S, byte 2 S, byte 3 3S."""
    s = SBOX[x]
    return gf_mul(2, s) | s << 8 | s << 16 | gf_mul(3, s) << 24


def inv_ttable(x: int) -> int:
    """Td0(x) as aes_inv_ttable outputs it: bytes 0e, 09, 0d, 0b times Si(x)."""
    s = INV_SBOX[x]
    return gf_mul(0x0E, s) | gf_mul(0x09, s) << 8 | gf_mul(0x0D, s) << 16 | gf_mul(0x0B, s) << 24


# ---- state conversions ---------------------------------------------------------------

def to_int(block: Sequence[int] | bytes) -> int:
    """16 bytes (FIPS-197 order) -> the 128-bit port value."""
    return int.from_bytes(bytes(block), "little")


def to_bytes(value: int) -> bytes:
    """128-bit port value -> 16 bytes (FIPS-197 order)."""
    return value.to_bytes(16, "little")


def from_hex(text: str) -> int:
    """A FIPS-197 hex string (byte 0 first) -> the 128-bit port value."""
    return to_int(bytes.fromhex(text))


# ---- round transformations on 16-byte blocks ------------------------------------------

def sub_bytes(s: bytes) -> bytes:
    return bytes(SBOX[b] for b in s)


def inv_sub_bytes(s: bytes) -> bytes:
    return bytes(INV_SBOX[b] for b in s)


def shift_rows(s: bytes) -> bytes:
    """s'[r][c] = s[r][(c + r) mod 4] (FIPS-197 5.1.2)."""
    return bytes(s[4 * ((c + r) % 4) + r] for c in range(4) for r in range(4))


def inv_shift_rows(s: bytes) -> bytes:
    """s'[r][c] = s[r][(c - r) mod 4] (FIPS-197 5.3.1)."""
    return bytes(s[4 * ((c - r) % 4) + r] for c in range(4) for r in range(4))


def _mix_with(s: bytes, coeffs: Sequence[int]) -> bytes:
    """Multiply each column by the circulant matrix whose first row is `coeffs`."""
    out = []
    for c in range(4):
        col = s[4 * c:4 * c + 4]
        for r in range(4):
            v = 0
            for k in range(4):
                v ^= gf_mul(coeffs[(k - r) % 4], col[k])
            out.append(v)
    return bytes(out)


def mix_columns(s: bytes) -> bytes:
    """FIPS-197 5.1.3: each column times the circulant (02 03 01 01)."""
    return _mix_with(s, (0x02, 0x03, 0x01, 0x01))


def inv_mix_columns(s: bytes) -> bytes:
    """FIPS-197 5.3.3: each column times the circulant (0e 0b 0d 09)."""
    return _mix_with(s, (0x0E, 0x0B, 0x0D, 0x09))


def add_round_key(s: bytes, k: bytes) -> bytes:
    return bytes(a ^ b for a, b in zip(s, k))


def enc_round(state: bytes, round_key: bytes, last: bool) -> bytes:
    """One encryption round as aes_enc_round computes it."""
    t = shift_rows(sub_bytes(state))
    if not last:
        t = mix_columns(t)
    return add_round_key(t, round_key)


def dec_round(state: bytes, round_key: bytes, last: bool) -> bytes:
    """One round of the equivalent inverse cipher (FIPS-197 5.3.5) as aes_dec_round computes it."""
    t = inv_shift_rows(inv_sub_bytes(state))
    if not last:
        t = inv_mix_columns(t)
    return add_round_key(t, round_key)


# ---- AES-128 from the pieces above ---------------------------------------------------------

def expand_key_128(key: bytes) -> list[bytes]:
    """The 11 AES-128 round keys rk[0..10] (FIPS-197 5.2)."""
    assert len(key) == 16
    words = [key[4 * i:4 * i + 4] for i in range(4)]
    rcon = 1
    for i in range(4, 44):
        t = words[i - 1]
        if i % 4 == 0:
            t = bytes(SBOX[b] for b in t[1:] + t[:1])
            t = bytes([t[0] ^ rcon]) + t[1:]
            rcon = gf_mul(rcon, 2)
        words.append(bytes(a ^ b for a, b in zip(words[i - 4], t)))
    return [b"".join(words[4 * r:4 * r + 4]) for r in range(11)]


def encrypt_128(key: bytes, block: bytes) -> bytes:
    """AES-128 encryption built from enc_round."""
    rk = expand_key_128(key)
    s = add_round_key(block, rk[0])
    for r in range(1, 11):
        s = enc_round(s, rk[r], last=(r == 10))
    return s


def decrypt_128(key: bytes, block: bytes) -> bytes:
    """AES-128 decryption by the equivalent inverse cipher built from dec_round."""
    rk = expand_key_128(key)
    dk = [rk[10]] + [inv_mix_columns(rk[10 - i]) for i in range(1, 10)] + [rk[0]]
    s = add_round_key(block, dk[0])
    for i in range(1, 11):
        s = dec_round(s, dk[i], last=(i == 10))
    return s


# FIPS-197 Appendix B: the cipher example, with the state after round 1.
APPENDIX_B_KEY = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")
APPENDIX_B_INPUT = bytes.fromhex("3243f6a8885a308d313198a2e0370734")
APPENDIX_B_ROUND1_START = bytes.fromhex("193de3bea0f4e22b9ac68d2ae9f84808")  # input ^ rk[0]
APPENDIX_B_ROUND1_KEY = bytes.fromhex("a0fafe1788542cb123a339392a6c7605")
APPENDIX_B_ROUND2_START = bytes.fromhex("a49c7ff2689f352b6b5bea43026a5049")  # state after round 1
APPENDIX_B_OUTPUT = bytes.fromhex("3925841d02dc09fbdc118597196a0b32")

# FIPS-197 Appendix C.1 (AES-128, key 000102..0f): round values used as fixed checks.
APPENDIX_C1_KEY = bytes(range(16))
APPENDIX_C1_PLAINTEXT = bytes.fromhex("00112233445566778899aabbccddeeff")
APPENDIX_C1_ROUND10_START = bytes.fromhex("bd6e7c3df2b5779e0b61216e8b10b689")  # cipher round 10
APPENDIX_C1_ROUND10_KEY = bytes.fromhex("13111d7fe3944a17f307a78b4d2b30c5")
APPENDIX_C1_OUTPUT = bytes.fromhex("69c4e0d86a7b0430d8cdb78070b4c55a")
APPENDIX_C1_INV_ROUND1_START = bytes.fromhex("7ad5fda789ef4e272bca100b3d9ff59f")  # inverse cipher
APPENDIX_C1_INV_ROUND1_KEY = bytes.fromhex("549932d1f08557681093ed9cbe2c974e")  # rk[9], before InvMixColumns
APPENDIX_C1_INV_ROUND2_START = bytes.fromhex("54d990a16ba09ab596bbf40ea111702f")
APPENDIX_C1_INV_ROUND10_START = bytes.fromhex("6353e08c0960e104cd70b751bacad0e7")


def check_against_openssl(blocks: int = 50, seed: bytes | None = None) -> None:
    """Assert that AES-128 built from this module equals OpenSSL's, both directions.

    Uses the FIPS-197 Appendix B example and `blocks` random keys and blocks.
    """
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    import random

    rng = random.Random(seed if seed is not None else os.urandom(8))
    cases = [(APPENDIX_B_KEY, APPENDIX_B_INPUT)]
    cases += [(rng.randbytes(16), rng.randbytes(16)) for _ in range(blocks)]
    for key, pt in cases:
        cipher = Cipher(algorithms.AES(key), modes.ECB())
        enc = cipher.encryptor()
        ct = enc.update(pt) + enc.finalize()
        assert encrypt_128(key, pt) == ct, f"reference encrypt differs from OpenSSL for key {key.hex()}"
        assert decrypt_128(key, ct) == pt, f"reference decrypt differs from OpenSSL for key {key.hex()}"
    rk = expand_key_128(APPENDIX_B_KEY)
    assert add_round_key(APPENDIX_B_INPUT, rk[0]) == APPENDIX_B_ROUND1_START
    assert rk[1] == APPENDIX_B_ROUND1_KEY
    assert enc_round(APPENDIX_B_ROUND1_START, rk[1], last=False) == APPENDIX_B_ROUND2_START
    assert encrypt_128(APPENDIX_B_KEY, APPENDIX_B_INPUT) == APPENDIX_B_OUTPUT
    rk = expand_key_128(APPENDIX_C1_KEY)
    assert rk[10] == APPENDIX_C1_ROUND10_KEY and rk[9] == APPENDIX_C1_INV_ROUND1_KEY
    assert enc_round(APPENDIX_C1_ROUND10_START, rk[10], last=True) == APPENDIX_C1_OUTPUT
    # equivalent inverse cipher rounds produce the inverse cipher's round states
    assert add_round_key(APPENDIX_C1_OUTPUT, rk[10]) == APPENDIX_C1_INV_ROUND1_START
    dk1 = inv_mix_columns(APPENDIX_C1_INV_ROUND1_KEY)
    assert dec_round(APPENDIX_C1_INV_ROUND1_START, dk1, last=False) == APPENDIX_C1_INV_ROUND2_START
    assert dec_round(APPENDIX_C1_INV_ROUND10_START, rk[0], last=True) == APPENDIX_C1_PLAINTEXT
