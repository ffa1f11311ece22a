# SPDX-License-Identifier: Apache-2.0
"""AES-GCM (NIST SP 800-38D) written out in Python: the reference for the GHASH unit.

What is here follows SP 800-38D §6-§7 step by step, with the AES block cipher taken
from `aescores.model` (OpenSSL):

- `gf128_mul`: the product of two blocks in GF(2^128) (§6.3, Algorithm 1), in the
  standard's bit order: bit 0 of a block is the most significant bit of byte 0 and is
  the coefficient of x^0; the field is reduced by x^128 + x^7 + x^2 + x + 1, whose low
  terms are the constant R = 11100001 || 0^120 of the standard.
- `ghash` (§6.4), `inc32` (§6.2), `gctr` (§6.5).
- `gcm_encrypt` / `gcm_decrypt` (§7.1, §7.2) for 96-bit IVs, with tags of 4, 8 and 12
  to 16 bytes (§5.2.1.2; the lengths docs/specification.md §3a allows), plus the pieces
  a hardware test needs on their own: `hash_key` (H = E_K(0^128)), `j0`, and
  `ghash_input` (the blocks GHASH reads: pad(A) || pad(C) || [len(A)]_64 || [len(C)]_64).

Blocks are 16-byte strings. `to_poly` / `from_poly` give the integer whose bit k is
the coefficient of x^k (what rtl/aes_gf128_mul.v computes on); `model.to_port` gives
the integer a port carries in the IP's byte order (docs/specification.md §1).

tests/model/test_gcm.py checks all of it against OpenSSL's AES-GCM and NIST's CAVP
GCM response files.
"""

from __future__ import annotations

from typing import Iterable

from aescores import model

BLOCK_BYTES = 16
"""Bytes in a block."""

IV_BYTES = 12
"""The IV length this model (and the IP, docs/specification.md §3a) supports: 96 bits."""

TAG_LENGTHS = (4, 8, 12, 13, 14, 15, 16)
"""Tag lengths in bytes that SP 800-38D §5.2.1.2 allows (4 and 8 only for some uses)."""

R = 0xE1 << 120
"""SP 800-38D's R = 11100001 || 0^120, as an integer of a block read big-endian."""

_MASK128 = (1 << 128) - 1


def _check_block(block: bytes, what: str = "block") -> bytes:
    block = bytes(block)
    if len(block) != BLOCK_BYTES:
        raise ValueError(f"{what} must be {BLOCK_BYTES} bytes, not {len(block)}")
    return block


# --------------------------------------------------------------------------------------
# GF(2^128)
# --------------------------------------------------------------------------------------


def gf128_mul(x: bytes, y: bytes) -> bytes:
    """X • Y in GF(2^128), SP 800-38D §6.3 Algorithm 1.

    Bit i of a block (i = 0 the most significant bit of byte 0) is the coefficient of
    x^i. Z starts at 0 and V at Y; for each bit x_i of X in turn, Z ^= V when x_i is 1,
    then V becomes V • x: a right shift of the big-endian integer, and when the bit
    shifted out (V_127) was 1, an XOR with R.
    """
    xi = int.from_bytes(_check_block(x, "X"), "big")
    v = int.from_bytes(_check_block(y, "Y"), "big")
    z = 0
    for i in range(128):
        if (xi >> (127 - i)) & 1:
            z ^= v
        v = (v >> 1) ^ R if v & 1 else v >> 1
    return z.to_bytes(BLOCK_BYTES, "big")


def to_poly(block: bytes) -> int:
    """The integer whose bit k is the coefficient of x^k of `block` (bit k of the
    standard's bit string: bit 7 - (k mod 8) of byte k // 8)."""
    value = int.from_bytes(_check_block(block), "big")
    return int(f"{value:0128b}"[::-1], 2)


def from_poly(value: int) -> bytes:
    """The block whose coefficient of x^k is bit k of `value` (inverse of `to_poly`)."""
    if not 0 <= value <= _MASK128:
        raise ValueError("a polynomial of GF(2^128) has degree below 128")
    return int(f"{value:0128b}"[::-1], 2).to_bytes(BLOCK_BYTES, "big")


def xor(a: bytes, b: bytes) -> bytes:
    """Bytewise XOR of two strings of the same length."""
    return bytes(p ^ q for p, q in zip(a, b, strict=True))


# --------------------------------------------------------------------------------------
# GHASH, inc32, GCTR
# --------------------------------------------------------------------------------------


def blocks_of(data: bytes) -> list[bytes]:
    """`data` cut into 16-byte blocks, the last one padded with zeros (pad(.) of §7.1)."""
    data = bytes(data)
    return [data[i : i + BLOCK_BYTES].ljust(BLOCK_BYTES, b"\0") for i in range(0, len(data), BLOCK_BYTES)]


def ghash(h: bytes, blocks: Iterable[bytes]) -> bytes:
    """GHASH_H(X_1 || ... || X_m), SP 800-38D §6.4: Y_0 = 0, Y_i = (Y_(i-1) xor X_i) • H.

    `blocks` is a sequence of 16-byte blocks (use `blocks_of` on a byte string of a
    whole number of blocks). No block gives the zero block.
    """
    h = _check_block(h, "H")
    y = bytes(BLOCK_BYTES)
    for block in blocks:
        y = gf128_mul(xor(y, _check_block(block)), h)
    return y


def inc32(block: bytes) -> bytes:
    """inc_32 of §6.2: the low 32 bits, a big-endian integer, plus one modulo 2^32."""
    block = _check_block(block, "counter block")
    low = (int.from_bytes(block[12:], "big") + 1) & 0xFFFFFFFF
    return block[:12] + low.to_bytes(4, "big")


def gctr(key: bytes, icb: bytes, data: bytes) -> bytes:
    """GCTR_K(ICB, X), §6.5: X xor E_K(ICB), E_K(inc32(ICB)), ...; a partial last block
    takes the leading bytes of its key-stream block. An empty X gives an empty result."""
    counter = _check_block(icb, "ICB")
    out = bytearray()
    data = bytes(data)
    for i in range(0, len(data), BLOCK_BYTES):
        chunk = data[i : i + BLOCK_BYTES]
        stream = model.encrypt_block(key, counter)
        out += xor(chunk, stream[: len(chunk)])
        counter = inc32(counter)
    return bytes(out)


# --------------------------------------------------------------------------------------
# GCM
# --------------------------------------------------------------------------------------


def hash_key(key: bytes) -> bytes:
    """H = E_K(0^128), the hash subkey (§7.1 step 1)."""
    return model.encrypt_block(key, bytes(BLOCK_BYTES))


def _check_iv(iv: bytes) -> bytes:
    iv = bytes(iv)
    if len(iv) != IV_BYTES:
        raise ValueError(f"this model supports 96-bit IVs only (12 bytes), not {len(iv)} bytes")
    return iv


def j0(iv: bytes) -> bytes:
    """The pre-counter block of a 96-bit IV, J0 = IV || 0^31 || 1 (§7.1 step 2)."""
    return _check_iv(iv) + b"\0\0\0\1"


def length_block(aad_bytes: int, text_bytes: int) -> bytes:
    """[len(A)]_64 || [len(C)]_64, the lengths in bits (§7.1 step 5)."""
    if aad_bytes < 0 or text_bytes < 0:
        raise ValueError("lengths must not be negative")
    return (8 * aad_bytes).to_bytes(8, "big") + (8 * text_bytes).to_bytes(8, "big")


def ghash_input(aad: bytes, ciphertext: bytes) -> list[bytes]:
    """The blocks GHASH reads for a message: pad(A), pad(C), then the length block."""
    return blocks_of(aad) + blocks_of(ciphertext) + [length_block(len(aad), len(ciphertext))]


def _check_tag_length(tag_len: int) -> int:
    if tag_len not in TAG_LENGTHS:
        raise ValueError(f"tag length must be one of {TAG_LENGTHS} bytes, not {tag_len!r}")
    return tag_len


def _tag(key: bytes, iv: bytes, aad: bytes, ciphertext: bytes, tag_len: int) -> bytes:
    s = ghash(hash_key(key), ghash_input(aad, ciphertext))
    return gctr(key, j0(iv), s)[:tag_len]


def gcm_encrypt(key: bytes, iv: bytes, plaintext: bytes, aad: bytes = b"", tag_len: int = 16) -> tuple[bytes, bytes]:
    """GCM-AE_K(IV, P, A), §7.1: (C, T) with T the first `tag_len` bytes of the tag."""
    _check_tag_length(tag_len)
    ciphertext = gctr(key, inc32(j0(iv)), plaintext)
    return ciphertext, _tag(key, iv, bytes(aad), ciphertext, tag_len)


def gcm_decrypt(key: bytes, iv: bytes, ciphertext: bytes, aad: bytes, tag: bytes) -> tuple[bytes, bool]:
    """GCM-AD_K(IV, C, A, T), §7.2: (P, True) when T matches the first len(T) bytes of
    the computed tag, (P, False) when it does not.

    The standard returns FAIL instead of P on a mismatch; the plaintext is returned
    either way because the IP streams it out before the tag is known (docs/specification.md §3a)
    and a test needs both.
    """
    tag = bytes(tag)
    _check_tag_length(len(tag))
    plaintext = gctr(key, inc32(j0(iv)), ciphertext)
    return plaintext, _tag(key, iv, bytes(aad), bytes(ciphertext), len(tag)) == tag
