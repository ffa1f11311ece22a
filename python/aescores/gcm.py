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
- The GCM message of the IP (docs/specification.md §3a) beat by beat: `message_frame`
  builds the input frame of a message, `expect_message` says what the IP answers to any
  frame (result code and output data, errors included), `split_output` takes the
  payload and the tag out of an output frame.

Blocks are 16-byte strings. `to_poly` / `from_poly` give the integer whose bit k is
the coefficient of x^k (what rtl/aes_gf128_mul.v computes on); `model.to_port` gives
the integer a port carries in the IP's byte order (docs/specification.md §1).

tests/model/test_gcm.py checks all of it against OpenSSL's AES-GCM and NIST's CAVP
GCM response files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

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


# --------------------------------------------------------------------------------------
# The GCM message of aes_axi (docs/specification.md §3a), beat by beat
# --------------------------------------------------------------------------------------

#: Result codes a GCM message can end with (docs/specification.md §3).
CODE_OK, CODE_LENGTH, CODE_SLOT, CODE_COUNT, CODE_NOT_BUILT, CODE_SELFTEST, CODE_TAG = 0, 1, 3, 4, 5, 6, 7

#: Payload blocks one message may have: inc32 must not come back to J0's low word.
MAX_PAYLOAD_BLOCKS = 2**32 - 2


def _prefix_length(keep: Sequence[int]) -> int | None:
    """n when `keep` keeps exactly bytes 0..n-1, None when the kept bytes are not a prefix."""
    n = sum(1 for k in keep if k)
    return n if all(keep[:n]) and not any(keep[n:]) else None


@dataclass(frozen=True)
class GcmFrame:
    """A GCM message as beats: every byte of every beat, and tkeep per byte."""

    data: bytes
    keep: tuple[int, ...]
    beat_bytes: int

    @property
    def beats(self) -> int:
        return len(self.data) // self.beat_bytes

    def beat(self, k: int) -> tuple[bytes, tuple[int, ...]]:
        b = self.beat_bytes
        return self.data[k * b : (k + 1) * b], self.keep[k * b : (k + 1) * b]


def message_frame(iv: bytes, aad: bytes, text: bytes, tag: bytes | int, lanes: int = 1) -> GcmFrame:
    """The input frame of a GCM message (§3a): the IV beat (IV, then len(A) as a 32-bit
    big-endian integer), the AAD beats (A padded with zeros to whole beats), the payload
    (`text`: plaintext to encrypt or ciphertext to decrypt; its last beat keeps only its
    bytes) and the tag beat. `tag` is the expected tag (decryption, its length the tag
    length) or, to encrypt, the tag length in bytes (the beat's data is then zero)."""
    b = BLOCK_BYTES * lanes
    iv, aad, text = _check_iv(iv), bytes(aad), bytes(text)
    if len(aad) >= 2**32:
        raise ValueError("the AAD length is a 32-bit count of bytes")
    tag_bytes = bytes(tag) if not isinstance(tag, int) else bytes(_check_tag_length(tag))
    _check_tag_length(len(tag_bytes))
    data = bytearray((iv + len(aad).to_bytes(4, "big")).ljust(b, b"\0"))
    keep = [1] * b
    padded_aad = aad.ljust(-(-len(aad) // b) * b, b"\0")
    data += padded_aad
    keep += [1] * len(padded_aad)
    for i in range(0, len(text), b):
        chunk = text[i : i + b]
        data += chunk.ljust(b, b"\0")
        keep += [1] * len(chunk) + [0] * (b - len(chunk))
    data += tag_bytes.ljust(b, b"\0")
    keep += [1] * len(tag_bytes) + [0] * (b - len(tag_bytes))
    return GcmFrame(bytes(data), tuple(keep), b)


def expect_message(frame: GcmFrame, key: bytes | None, decrypt: bool, *, gcm_built: bool = True,
                   selftest_ok: bool = True) -> tuple[int, bytes]:
    """What aes_axi answers to the GCM message `frame` (its last beat has tlast) when the
    message's slot holds `key` (None: empty, being cleared or not a slot): (result code,
    the output frame with the bytes not kept zero). The rules of docs/specification.md
    §3 and §3a, with the choices docs/gcm.md ("Messages") states where §3a is silent:

    - codes 6, 5 and 3 (self-test failed, GCM not built, no key), in that order, zero
      the whole message;
    - code 1 zeroes the output from the bad beat to the end: an IV or AAD beat that is
      not full or has tlast (that beat is the bad one), a payload beat whose kept bytes
      are not 0..n-1 with n >= 1, a beat after a partial payload beat that is not the
      tag beat (the partial beat itself is processed: only the beat after it shows that
      it was not the payload's last), a tag beat whose tkeep is not bytes 0..t-1 with t
      a tag length (the tag beat alone);
    - code 7 (decryption, the tag does not match) zeroes the tag beat alone;
    - code 4 (more than 2^32 - 2 payload blocks): the data is still processed.
    """
    b = frame.beat_bytes
    n = frame.beats
    zero = bytes(n * b)
    if not selftest_ok:
        return CODE_SELFTEST, zero
    if not gcm_built:
        return CODE_NOT_BUILT, zero
    if key is None:
        return CODE_SLOT, zero
    out = bytearray(zero)

    def put(k: int, data: bytes) -> None:
        keep = frame.keep[k * b : (k + 1) * b]
        out[k * b : (k + 1) * b] = bytes(d if m else 0 for d, m in zip(data.ljust(b, b"\0"), keep))

    def length_error() -> tuple[int, bytes]:
        return CODE_LENGTH, bytes(out)

    iv_beat, iv_keep = frame.beat(0)
    if n == 1 or not all(iv_keep):
        return length_error()
    put(0, iv_beat)
    aad_len = int.from_bytes(iv_beat[12:16], "big")
    aad_beats = -(-aad_len // b)
    aad = b""
    for k in range(1, 1 + aad_beats):
        data, keep = frame.beat(k)
        if k == n - 1 or not all(keep):
            return length_error()
        put(k, data)
        aad += data
    aad = aad[:aad_len]

    # Payload: beats 1 + aad_beats .. n - 2; all full but the last, which keeps 0..m-1.
    # A payload beat is known to be the last only when the next beat has tlast, so a
    # partial beat is processed, and the beat after it is the bad one unless it is the
    # tag beat.
    text = b""
    first_payload = 1 + aad_beats
    after_partial = False
    for k in range(first_payload, n - 1):
        data, keep = frame.beat(k)
        kept = _prefix_length(keep)
        if after_partial or kept is None or kept == 0:
            break
        text += data[:kept]
        after_partial = kept < b
    else:
        k = n - 1
    bad_payload = k if k < n - 1 else None
    if bad_payload is not None:
        # Only the beats before the bad one are computed (and counted for inc32).
        good = text
        result = gctr(key, inc32(j0(iv_beat[:IV_BYTES])), good)
        for i in range(first_payload, bad_payload):
            put(i, result[(i - first_payload) * b : (i - first_payload + 1) * b])
        return length_error()

    result = gctr(key, inc32(j0(iv_beat[:IV_BYTES])), text)
    for i in range(first_payload, n - 1):
        put(i, result[(i - first_payload) * b : (i - first_payload + 1) * b])
    code = CODE_COUNT if -(-len(text) // BLOCK_BYTES) > MAX_PAYLOAD_BLOCKS else CODE_OK

    tag_data, tag_keep = frame.beat(n - 1)
    tag_len = _prefix_length(tag_keep)
    if tag_len not in TAG_LENGTHS:
        return length_error()
    ciphertext = text if decrypt else result
    tag = _tag(key, iv_beat[:IV_BYTES], aad, ciphertext, tag_len)
    if decrypt and tag != tag_data[:tag_len]:
        return CODE_TAG, bytes(out)
    put(n - 1, tag)
    return code, bytes(out)


def payload_blocks(frame: GcmFrame) -> int:
    """Blocks of the payload beats of `frame` (the beats after the IV beat and the AAD
    beats its IV beat announces, before the last beat), each lane with a kept byte one
    block: what a GCM message adds to the BLOCKS counter (docs/specification.md §5),
    whatever its result code. IV, AAD and tag beats count no blocks."""
    b = frame.beat_bytes
    first = 1 + -(-int.from_bytes(frame.data[12:16], "big") // b)
    return sum(1 for k in range(first, frame.beats - 1) for j in range(k * b, (k + 1) * b, BLOCK_BYTES)
               if any(frame.keep[j : j + BLOCK_BYTES]))


def split_output(frame: GcmFrame, out_data: bytes) -> tuple[bytes, bytes]:
    """(payload, tag) of an output frame of the same shape as the input `frame`: the
    kept bytes of the payload beats and of the tag beat."""
    b = frame.beat_bytes
    aad_len = int.from_bytes(frame.data[12:16], "big")
    first = 1 + -(-aad_len // b)
    kept = [d for d, m in zip(out_data, frame.keep) if m]
    payload_bytes = sum(frame.keep[first * b : (frame.beats - 1) * b])
    tag_len = sum(frame.keep[(frame.beats - 1) * b :])
    start = first * b
    return bytes(kept[start : start + payload_bytes]), bytes(kept[start + payload_bytes :][:tag_len])
