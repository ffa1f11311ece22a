# SPDX-License-Identifier: Apache-2.0
"""The golden AES model: what every test compares the RTL against.

Two independent halves:

- **OpenSSL** (through the `cryptography` package) computes the answers:
  `encrypt_block`, `decrypt_block` and `process` for the five modes of docs/specification.md §3
  (ECB, CBC, CFB-128, OFB, CTR with the full 128-bit big-endian counter).
- **FIPS-197 written out in pure Python** gives what OpenSSL hides and the RTL needs:
  the S-boxes (computed from the GF(2^8) inverse and the affine map, not typed in),
  the T-table words `ttable`/`inv_ttable`, the round transformations and single rounds
  (`enc_round`, `dec_round`), the key schedule `expand_key`, the decryption round keys
  of the equivalent inverse cipher `decryption_round_keys`, and a round-by-round cipher
  (`cipher_rounds`, `eq_inv_cipher_rounds`) for locating the first wrong round of a
  failing block. tests/model/test_model.py proves the pure-Python half against OpenSSL
  and FIPS-197; the RTL benches of the S-boxes, the rounds and the key slots take their
  expected values from it.

Byte order is FIPS-197's and docs/architecture.md's: a block or round key is a
16-byte string, byte i is `in[i]`, state column c is bytes 4c..4c+3 (row r of column c
is byte 4c+r), key word w[i] is bytes 4i..4i+3. Round key r is w[4r..4r+3].
`to_port`/`from_port` convert to and from the integer a port or `tdata` carries
(byte i in bits [8i+7:8i], docs/specification.md §1).
"""

from __future__ import annotations

import enum
from functools import lru_cache

from cryptography.hazmat.decrepit.ciphers import modes as decrepit_modes
from cryptography.hazmat.primitives.ciphers import Cipher, CipherContext, algorithms, modes

BLOCK_BYTES = 16
"""Bytes in an AES block."""

# --------------------------------------------------------------------------------------
# Modes and key lengths (docs/specification.md §3 and §5 codes)
# --------------------------------------------------------------------------------------


class Mode(enum.IntEnum):
    """Mode of operation, numbered as in `s_axis_tuser[2:0]` (docs/specification.md §3)."""

    ECB = 0
    CBC = 1
    CFB = 2
    """CFB-128 (SP 800-38A with s = 128)."""
    OFB = 3
    CTR = 4

    @property
    def has_iv(self) -> bool:
        """True for every mode but ECB: the message starts with an IV beat."""
        return self is not Mode.ECB

    @property
    def whole_blocks(self) -> bool:
        """True for ECB and CBC, where a partial block is an error (code 1)."""
        return self in (Mode.ECB, Mode.CBC)

    @classmethod
    def parse(cls, name: str | int | Mode) -> Mode:
        """`Mode` from its code or its name ("cbc", "CFB128", "cfb-128" and "CFB" all work)."""
        if isinstance(name, int):
            return cls(name)
        key = name.strip().upper().replace("-", "")
        if key == "CFB128":
            key = "CFB"
        try:
            return cls[key]
        except KeyError:
            raise ValueError(f"unknown mode {name!r}") from None


LEN_CODES = (0, 1, 2)
"""Key length codes of KEY_CTRL[5:4] and CAPS[10:9]: 0 = 128, 1 = 192, 2 = 256 bits."""


def _check_len_code(len_code: int) -> int:
    if len_code not in LEN_CODES:
        raise ValueError(f"key length code must be 0, 1 or 2, not {len_code!r}")
    return len_code


def key_bits(len_code: int) -> int:
    """Key size in bits of a key length code (0 -> 128, 1 -> 192, 2 -> 256)."""
    return 128 + 64 * _check_len_code(len_code)


def key_bytes(len_code: int) -> int:
    """Key size in bytes of a key length code (16, 24 or 32)."""
    return key_bits(len_code) // 8


def nk(len_code: int) -> int:
    """FIPS-197 Nk: 32-bit words in the key (4, 6 or 8)."""
    return key_bits(len_code) // 32


def nr(len_code: int) -> int:
    """FIPS-197 Nr: number of rounds (10, 12 or 14), = 10 + 2*len_code."""
    return 10 + 2 * _check_len_code(len_code)


def len_code_of_bits(bits: int) -> int:
    """Key length code of a key size in bits (128 -> 0, 192 -> 1, 256 -> 2)."""
    if bits not in (128, 192, 256):
        raise ValueError(f"AES keys are 128, 192 or 256 bits, not {bits!r}")
    return (bits - 128) // 64


def len_code_of_key(key: bytes) -> int:
    """Key length code of a key given as bytes (16, 24 or 32 of them)."""
    return len_code_of_bits(8 * len(key))


def to_port(data: bytes) -> int:
    """The integer a Verilog port or `tdata` carries for a byte string (docs/specification.md §1).

    Byte i goes to bits [8i+7:8i]: FIPS-197 plaintext 00112233...ff is
    128'hffeeddccbbaa99887766554433221100. Works for blocks, keys and whole beats.
    """
    return int.from_bytes(bytes(data), "little")


def from_port(value: int, nbytes: int = BLOCK_BYTES) -> bytes:
    """The byte string of `nbytes` bytes a port value carries (inverse of `to_port`)."""
    return int(value).to_bytes(nbytes, "little")


# --------------------------------------------------------------------------------------
# OpenSSL half: blocks and modes
# --------------------------------------------------------------------------------------


def _check_key(key: bytes) -> bytes:
    key = bytes(key)
    len_code_of_key(key)
    return key


def _check_block(block: bytes, what: str = "block") -> bytes:
    block = bytes(block)
    if len(block) != BLOCK_BYTES:
        raise ValueError(f"{what} must be {BLOCK_BYTES} bytes, not {len(block)}")
    return block


@lru_cache(maxsize=256)
def _ecb_context(key: bytes, decrypt: bool) -> CipherContext:
    """A reusable OpenSSL ECB context (ECB keeps no state between blocks)."""
    cipher = Cipher(algorithms.AES(key), modes.ECB())
    return cipher.decryptor() if decrypt else cipher.encryptor()


def encrypt_block(key: bytes, block: bytes) -> bytes:
    """AES forward cipher of one 16-byte block (OpenSSL)."""
    return _ecb_context(_check_key(key), False).update(_check_block(block))


def decrypt_block(key: bytes, block: bytes) -> bytes:
    """AES inverse cipher of one 16-byte block (OpenSSL)."""
    return _ecb_context(_check_key(key), True).update(_check_block(block))


def _openssl_mode(mode: Mode, iv: bytes | None) -> modes.Mode:
    if mode is Mode.ECB:
        return modes.ECB()
    if iv is None:
        raise ValueError(f"{mode.name} needs a 16-byte IV")
    iv = _check_block(iv, "IV")
    if mode is Mode.CBC:
        return modes.CBC(iv)
    if mode is Mode.CFB:
        return decrepit_modes.CFB(iv)  # CFB-128; cryptography 48 moved CFB/OFB to "decrepit"
    if mode is Mode.OFB:
        return decrepit_modes.OFB(iv)
    return modes.CTR(iv)  # full 128-bit big-endian counter, wraps to 0


def process(mode: Mode | int, key: bytes, iv: bytes | None, data: bytes, decrypt: bool = False) -> bytes:
    """Encrypt (or decrypt) a whole message in `mode`, as OpenSSL does.

    `iv` is ignored for ECB (pass None) and is the initial counter block for CTR.
    CFB, OFB and CTR take any length (a partial final block is handled as a stream
    cipher would); ECB and CBC need whole blocks and raise ValueError otherwise.
    An empty message gives an empty result.
    """
    mode = Mode(mode)
    key = _check_key(key)
    data = bytes(data)
    if mode.whole_blocks and len(data) % BLOCK_BYTES:
        raise ValueError(f"{mode.name} needs whole 16-byte blocks; got {len(data)} bytes")
    cipher = Cipher(algorithms.AES(key), _openssl_mode(mode, iv))
    ctx = cipher.decryptor() if decrypt else cipher.encryptor()
    return ctx.update(data) + ctx.finalize()


def nblocks(nbytes: int) -> int:
    """Blocks a message of `nbytes` occupies (a partial final block counts as one)."""
    return -(-nbytes // BLOCK_BYTES)


def ctr_add(counter: bytes, n: int = 1) -> bytes:
    """`counter` + n as a 128-bit big-endian integer, modulo 2^128 (SP 800-38A F.5)."""
    value = (int.from_bytes(_check_block(counter, "counter"), "big") + n) % (1 << 128)
    return value.to_bytes(BLOCK_BYTES, "big")


def ctr_wraps(iv: bytes, nblocks: int) -> bool:
    """True when the counter wraps from 2^128-1 to 0 within a message of `nblocks` blocks.

    The blocks use counters iv, iv+1, ..., iv+nblocks-1; the message is flagged with
    code 4 (docs/specification.md §3) when one of them is past the wrap. Count a partial final block as a
    block (see `nblocks()`).
    """
    if nblocks < 0:
        raise ValueError("nblocks must not be negative")
    if nblocks == 0:
        return False
    return int.from_bytes(_check_block(iv, "IV"), "big") + nblocks - 1 >= 1 << 128


# --------------------------------------------------------------------------------------
# FIPS-197 half: GF(2^8), S-boxes, MixColumns, key schedule, rounds
# --------------------------------------------------------------------------------------


def xtime(a: int) -> int:
    """Multiply a GF(2^8) element by x (FIPS-197 §4.2.1), modulo x^8+x^4+x^3+x+1."""
    a <<= 1
    return (a ^ 0x11B) if a & 0x100 else a


def gmul(a: int, b: int) -> int:
    """Product of two GF(2^8) elements (FIPS-197 §4.2)."""
    product = 0
    while b:
        if b & 1:
            product ^= a
        a = xtime(a)
        b >>= 1
    return product


def _ginv(a: int) -> int:
    """Multiplicative inverse in GF(2^8), with 0 mapped to 0: a^254."""
    result, power, exp = 1, a, 254
    while exp:
        if exp & 1:
            result = gmul(result, power)
        power = gmul(power, power)
        exp >>= 1
    return result if a else 0


def _affine(b: int) -> int:
    """The S-box affine map of FIPS-197 §5.1.1: b'_i = b_i ^ b_(i+4) ^ ... ^ b_(i+7) ^ c_i, c = 0x63."""
    out = 0
    for i in range(8):
        bit = 0
        for k in (0, 4, 5, 6, 7):
            bit ^= (b >> ((i + k) % 8)) & 1
        out |= bit << i
    return out ^ 0x63


SBOX: tuple[int, ...] = tuple(_affine(_ginv(x)) for x in range(256))
"""SubBytes table, computed from FIPS-197 §5.1.1 (not typed in)."""

INV_SBOX: tuple[int, ...] = tuple(SBOX.index(y) for y in range(256))
"""InvSubBytes table: the inverse permutation of SBOX."""


def ttable(x: int) -> int:
    """T-table word of byte x (the encryption round as table look-ups): the column
    MixColumns makes of (S(x), 0, 0, 0), byte r in bits [8r+7:8r]: {02}S(x), S(x), S(x),
    {03}S(x) from the low byte up (what aes_ttable outputs)."""
    s = SBOX[x]
    return gmul(2, s) | s << 8 | s << 16 | gmul(3, s) << 24


def inv_ttable(x: int) -> int:
    """Inverse T-table word of byte x: the column InvMixColumns makes of (Si(x), 0, 0, 0),
    {0e}Si(x), {09}Si(x), {0d}Si(x), {0b}Si(x) from the low byte up (what aes_inv_ttable
    outputs)."""
    s = INV_SBOX[x]
    return gmul(0x0E, s) | gmul(0x09, s) << 8 | gmul(0x0D, s) << 16 | gmul(0x0B, s) << 24


def sub_bytes(state: bytes) -> bytes:
    """SubBytes (FIPS-197 §5.1.1) on any number of bytes."""
    return bytes(SBOX[b] for b in state)


def inv_sub_bytes(state: bytes) -> bytes:
    """InvSubBytes (FIPS-197 §5.3.2) on any number of bytes."""
    return bytes(INV_SBOX[b] for b in state)


def shift_rows(state: bytes) -> bytes:
    """ShiftRows (FIPS-197 §5.1.2): row r rotates left by r; s'[r,c] = s[r,(c+r) mod 4]."""
    return bytes(state[r + 4 * ((c + r) % 4)] for c in range(4) for r in range(4))


def inv_shift_rows(state: bytes) -> bytes:
    """InvShiftRows (FIPS-197 §5.3.1): row r rotates right by r; s'[r,c] = s[r,(c-r) mod 4]."""
    return bytes(state[r + 4 * ((c - r) % 4)] for c in range(4) for r in range(4))


def _mix(state: bytes, coeffs: tuple[int, int, int, int]) -> bytes:
    out = bytearray(len(state))
    for c in range(0, len(state), 4):
        col = state[c : c + 4]
        for r in range(4):
            acc = 0
            for k in range(4):
                acc ^= gmul(coeffs[(k - r) % 4], col[k])
            out[c + r] = acc
    return bytes(out)


def mix_columns(state: bytes) -> bytes:
    """MixColumns (FIPS-197 §5.1.3): each 4-byte column times {03}x^3+{01}x^2+{01}x+{02}."""
    return _mix(state, (0x02, 0x03, 0x01, 0x01))


def inv_mix_columns(state: bytes) -> bytes:
    """InvMixColumns (FIPS-197 §5.3.3): each 4-byte column times {0b}x^3+{0d}x^2+{09}x+{0e}."""
    return _mix(state, (0x0E, 0x0B, 0x0D, 0x09))


def add_round_key(state: bytes, round_key: bytes) -> bytes:
    """AddRoundKey (FIPS-197 §5.1.4): bytewise XOR."""
    return bytes(a ^ b for a, b in zip(state, round_key, strict=True))


def enc_round(state: bytes, round_key: bytes, last: bool = False) -> bytes:
    """One cipher round (FIPS-197 §5.1): SubBytes, ShiftRows, MixColumns (not in the last
    round), AddRoundKey."""
    state = shift_rows(sub_bytes(state))
    if not last:
        state = mix_columns(state)
    return add_round_key(state, round_key)


def dec_round(state: bytes, round_key: bytes, last: bool = False) -> bytes:
    """One round of the equivalent inverse cipher (FIPS-197 §5.3.5): InvSubBytes,
    InvShiftRows, InvMixColumns (not in the last round), AddRoundKey. `round_key` is the
    one `decryption_round_keys` gives for the round (InvMixColumns already applied)."""
    state = inv_shift_rows(inv_sub_bytes(state))
    if not last:
        state = inv_mix_columns(state)
    return add_round_key(state, round_key)


def _rcon_words(count: int) -> list[bytes]:
    """Rcon[1..count] (FIPS-197 §5.2): [x^(i-1), 0, 0, 0]."""
    out, rc = [], 1
    for _ in range(count):
        out.append(bytes((rc, 0, 0, 0)))
        rc = xtime(rc)
    return out


def key_words(key: bytes) -> list[bytes]:
    """The expanded key w[0 .. 4*(Nr+1)-1] of FIPS-197 §5.2, each word 4 bytes."""
    key = _check_key(key)
    n_k = len(key) // 4
    n_r = nr(len_code_of_key(key))
    rcon = _rcon_words(4 * (n_r + 1) // n_k)
    w = [key[4 * i : 4 * i + 4] for i in range(n_k)]
    for i in range(n_k, 4 * (n_r + 1)):
        temp = w[i - 1]
        if i % n_k == 0:
            temp = add_round_key(sub_bytes(temp[1:] + temp[:1]), rcon[i // n_k - 1])  # RotWord, SubWord, Rcon
        elif n_k > 6 and i % n_k == 4:
            temp = sub_bytes(temp)
        w.append(add_round_key(w[i - n_k], temp))
    return w


def expand_key(key: bytes) -> list[bytes]:
    """Encryption round keys rk[0..Nr] (16 bytes each), rk[r] = w[4r..4r+3] (FIPS-197 §5.2)."""
    w = key_words(key)
    return [b"".join(w[4 * r : 4 * r + 4]) for r in range(len(w) // 4)]


def decryption_round_keys(key: bytes) -> list[bytes]:
    """Round keys in the order the equivalent inverse cipher (FIPS-197 §5.3.5) uses them.

    Index 0 is rk[Nr], index i (0 < i < Nr) is InvMixColumns(rk[Nr-i]), index Nr is
    rk[0], so decryption round i reads index i (docs/architecture.md).
    """
    rk = expand_key(key)
    n_r = len(rk) - 1
    return [rk[n_r]] + [inv_mix_columns(rk[n_r - i]) for i in range(1, n_r)] + [rk[0]]


def cipher_rounds(key: bytes, block: bytes) -> list[bytes]:
    """Pure-Python AES encryption (FIPS-197 §5.1), returning the state after each round.

    Element 0 is the state after the initial AddRoundKey, element r (1..Nr) the state
    after round r; the last element is the ciphertext. For finding the first round at
    which an RTL datapath goes wrong.
    """
    rk = expand_key(key)
    n_r = len(rk) - 1
    state = add_round_key(_check_block(block), rk[0])
    states = [state]
    for r in range(1, n_r + 1):
        state = enc_round(state, rk[r], last=r == n_r)
        states.append(state)
    return states


def eq_inv_cipher_rounds(key: bytes, block: bytes) -> list[bytes]:
    """Pure-Python AES decryption in the equivalent-inverse form (FIPS-197 §5.3.5).

    Uses `decryption_round_keys(key)`: element 0 is the state after AddRoundKey with
    index 0, element i (1..Nr) the state after decryption round i; the last element is
    the plaintext. Round i is InvSubBytes, InvShiftRows, InvMixColumns (not in round Nr),
    AddRoundKey(index i): the structure of an encryption round, which is why the RTL's
    decryption rounds read the keys in this order.
    """
    dk = decryption_round_keys(key)
    n_r = len(dk) - 1
    state = add_round_key(_check_block(block), dk[0])
    states = [state]
    for i in range(1, n_r + 1):
        state = dec_round(state, dk[i], last=i == n_r)
        states.append(state)
    return states


def py_encrypt_block(key: bytes, block: bytes) -> bytes:
    """Pure-Python AES encryption of one block (the last of `cipher_rounds`)."""
    return cipher_rounds(key, block)[-1]


def py_decrypt_block(key: bytes, block: bytes) -> bytes:
    """Pure-Python AES decryption of one block by the equivalent inverse cipher."""
    return eq_inv_cipher_rounds(key, block)[-1]
