# SPDX-License-Identifier: Apache-2.0
"""The golden model: codes, the OpenSSL half, and the pure-Python FIPS-197 half.

The key schedule is proven twice: against values printed in FIPS-197 (Appendix A key
expansions, Appendix C round traces), and by a pure-Python cipher and equivalent
inverse cipher built on those round keys matching OpenSSL on random keys and blocks.
"""

from __future__ import annotations

import random

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aescores import model, vectors
from aescores.model import Mode

RNG_SEED = 0xAE5

# --------------------------------------------------------------------------------------
# Codes
# --------------------------------------------------------------------------------------


def test_mode_codes_are_those_of_spec_tuser():
    assert [(m.name, int(m)) for m in Mode] == [("ECB", 0), ("CBC", 1), ("CFB", 2), ("OFB", 3), ("CTR", 4)]
    assert [m for m in Mode if m.whole_blocks] == [Mode.ECB, Mode.CBC]
    assert [m for m in Mode if not m.has_iv] == [Mode.ECB]


@pytest.mark.parametrize("name, mode", [("ecb", Mode.ECB), ("CFB128", Mode.CFB), ("cfb-128", Mode.CFB),
                                        ("CFB", Mode.CFB), (4, Mode.CTR), (Mode.OFB, Mode.OFB)])
def test_mode_parse_accepts_names_and_codes(name, mode):
    assert Mode.parse(name) is mode


@pytest.mark.parametrize("bad", ["CFB8", "GCM", 7])
def test_mode_parse_rejects_unknown(bad):
    with pytest.raises(ValueError):
        Mode.parse(bad)


def test_key_length_codes():
    assert [model.key_bits(c) for c in model.LEN_CODES] == [128, 192, 256]
    assert [model.key_bytes(c) for c in model.LEN_CODES] == [16, 24, 32]
    assert [model.nk(c) for c in model.LEN_CODES] == [4, 6, 8]
    assert [model.nr(c) for c in model.LEN_CODES] == [10, 12, 14]
    assert [model.len_code_of_bits(b) for b in (128, 192, 256)] == [0, 1, 2]
    assert [model.len_code_of_key(bytes(n)) for n in (16, 24, 32)] == [0, 1, 2]
    for bad in (-1, 3):
        with pytest.raises(ValueError):
            model.nr(bad)
    with pytest.raises(ValueError):
        model.len_code_of_key(bytes(20))


# --------------------------------------------------------------------------------------
# FIPS-197 arithmetic and tables
# --------------------------------------------------------------------------------------


def test_gf_multiplication_examples_of_fips197_4_2():
    assert model.gmul(0x57, 0x83) == 0xC1
    assert model.xtime(0x57) == 0xAE
    assert model.xtime(0xAE) == 0x47
    assert model.gmul(0x57, 0x13) == 0xFE


def test_sbox_matches_fips197_figure7():
    assert bytes(model.SBOX[:16]).hex() == "637c777bf26b6fc53001672bfed7ab76"
    assert bytes(model.SBOX[0xF0:]).hex() == "8ca1890dbfe6426841992d0fb054bb16"
    assert model.SBOX[0x53] == 0xED  # the worked example of §5.1.1
    assert sorted(model.SBOX) == list(range(256))
    assert all(model.INV_SBOX[model.SBOX[x]] == x for x in range(256))
    assert bytes(model.INV_SBOX[:16]).hex() == "52096ad53036a538bf40a39e81f3d7fb"


# A few entries of FIPS-197 Figure 7 (S-box) and Figure 14 (inverse S-box).
PUBLISHED_SBOX = {0x00: 0x63, 0x01: 0x7C, 0x10: 0xCA, 0x53: 0xED, 0x9A: 0xB8, 0xC9: 0xDD, 0xFF: 0x16}
PUBLISHED_INV_SBOX = {0x00: 0x52, 0x01: 0x09, 0x53: 0x50, 0xED: 0x53, 0xFF: 0x7D}


def test_sbox_matches_published_fips197_entries():
    """The S-boxes the RTL benches (tests/rtl/sbox/cocotb_sbox.py) compare against."""
    for x, y in PUBLISHED_SBOX.items():
        assert model.SBOX[x] == y, f"S({x:#04x}) = {model.SBOX[x]:#04x}, FIPS-197 says {y:#04x}"
    for x, y in PUBLISHED_INV_SBOX.items():
        assert model.INV_SBOX[x] == y, f"Si({x:#04x}) = {model.INV_SBOX[x]:#04x}, FIPS-197 says {y:#04x}"
    assert sorted(model.SBOX) == list(range(256)), "the S-box is not a permutation"


def test_mix_columns_known_column_and_inverse():
    column = bytes.fromhex("db135345")
    assert model.mix_columns(column * 4) == bytes.fromhex("8e4da1bc") * 4
    rng = random.Random(RNG_SEED)
    for _ in range(20):
        state = rng.randbytes(16)
        assert model.inv_mix_columns(model.mix_columns(state)) == state
        assert model.inv_shift_rows(model.shift_rows(state)) == state


def test_shift_rows_moves_row_r_left_by_r():
    state = bytes(range(16))  # byte 4c+r holds 4c+r
    assert model.shift_rows(state).hex() == "00050a0f04090e03080d02070c01060b"


# --------------------------------------------------------------------------------------
# Key schedule against FIPS-197
# --------------------------------------------------------------------------------------

# (key, {word index: FIPS-197 Appendix A value}, last round key rk[Nr])
FIPS197_APPENDIX_A = [
    pytest.param(
        "2b7e151628aed2a6abf7158809cf4f3c",
        {0: "2b7e1516", 3: "09cf4f3c", 4: "a0fafe17", 43: "b6630ca6"},
        "d014f9a8c9ee2589e13f0cc8b6630ca6",
        id="A.1-AES128",
    ),
    pytest.param(
        "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
        {0: "8e73b0f7", 5: "522c6b7b", 51: "01002202"},
        "e98ba06f448c773c8ecc720401002202",
        id="A.2-AES192",
    ),
    pytest.param(
        "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
        {0: "603deb10", 7: "0914dff4", 8: "9ba35411", 59: "706c631e"},
        "fe4890d1e6188d0b046df344706c631e",
        id="A.3-AES256",
    ),
]


@pytest.mark.parametrize("key_hex, words, last_round_key", FIPS197_APPENDIX_A)
def test_key_expansion_matches_fips197_appendix_a(key_hex, words, last_round_key):
    key = bytes.fromhex(key_hex)
    w = model.key_words(key)
    n_r = model.nr(model.len_code_of_key(key))
    assert len(w) == 4 * (n_r + 1)
    for index, value in words.items():
        assert w[index].hex() == value, f"w[{index}]"
    rk = model.expand_key(key)
    assert len(rk) == n_r + 1 and all(len(k) == 16 for k in rk)
    assert rk[0] == key[:16]
    assert rk[n_r].hex() == last_round_key
    assert b"".join(rk) == b"".join(w)


# FIPS-197 Appendix C: last round key (round[Nr].k_sch)
FIPS197_C_LAST_ROUND_KEY = {
    16: "13111d7fe3944a17f307a78b4d2b30c5",
    24: "a4970a331a78dc09c418c271e3a41d5d",
    32: "24fc79ccbf0979e9371ac23c6d68de36",
}


@pytest.mark.parametrize("nbytes", [16, 24, 32])
def test_last_round_key_matches_fips197_appendix_c(nbytes):
    assert model.expand_key(bytes(range(nbytes)))[-1].hex() == FIPS197_C_LAST_ROUND_KEY[nbytes]


def test_decryption_round_keys_match_fips197_c1_ik_sch():
    """FIPS-197 C.1 equivalent inverse cipher: round[r].ik_sch for r = 0..10."""
    expected = [
        "13111d7fe3944a17f307a78b4d2b30c5",
        "13aa29be9c8faff6f770f58000f7bf03",
        "1362a4638f2586486bff5a76f7874a83",
        "8d82fc749c47222be4dadc3e9c7810f5",
        "72e3098d11c5de5f789dfe1578a2cccb",
        "2ec410276326d7d26958204a003f32de",
        "a8a2f5044de2c7f50a7ef79869671294",
        "c7c6e391e54032f1479c306d6319e50c",
        "a0db02992286d160a2dc029c2485d561",
        "8c56dff0825dd3f9805ad3fc8659d7fd",
        "000102030405060708090a0b0c0d0e0f",
    ]
    assert [k.hex() for k in model.decryption_round_keys(bytes(range(16)))] == expected


@pytest.mark.parametrize("nbytes", [16, 24, 32])
def test_decryption_round_keys_are_the_architecture_order(nbytes):
    rng = random.Random(RNG_SEED + nbytes)
    key = rng.randbytes(nbytes)
    rk = model.expand_key(key)
    dk = model.decryption_round_keys(key)
    n_r = len(rk) - 1
    assert len(dk) == n_r + 1
    assert dk[0] == rk[n_r] and dk[n_r] == rk[0]
    for i in range(1, n_r):
        assert dk[i] == model.inv_mix_columns(rk[n_r - i])


def test_round_states_match_fips197_c1_trace():
    key, pt = bytes(range(16)), bytes.fromhex("00112233445566778899aabbccddeeff")
    states = model.cipher_rounds(key, pt)
    assert states[0].hex() == "00102030405060708090a0b0c0d0e0f0"  # round[1].start
    assert states[1].hex() == "89d810e8855ace682d1843d8cb128fe4"  # round[2].start
    assert states[-1].hex() == "69c4e0d86a7b0430d8cdb78070b4c55a"
    inv = model.eq_inv_cipher_rounds(key, states[-1])
    assert inv[0].hex() == "7ad5fda789ef4e272bca100b3d9ff59f"  # round[1].istart
    assert inv[1].hex() == "54d990a16ba09ab596bbf40ea111702f"  # round[2].istart
    assert inv[-1] == pt


FIPS197_APPENDIX_B = ("2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734",
                      "3925841d02dc09fbdc118597196a0b32")  # key, input, output


def test_single_rounds_and_ttables_match_fips197_and_build_aes128_equal_to_openssl():
    """The rounds and T-tables the RTL benches (tests/rtl/round/cocotb_round.py) compare against:
    the rounds FIPS-197 prints, the T-table words as the MixColumns of one S-box byte, and
    AES-128 as `py_encrypt_block`/`py_decrypt_block` assemble it from `enc_round` and
    `dec_round`, against Appendix B's example and OpenSSL on 100 random keys and blocks."""
    for vec in vectors.FIPS197_ROUNDS:
        step = model.dec_round if vec.decrypt else model.enc_round
        assert step(vec.state, vec.round_key, vec.last) == vec.output, vec.name
    for x in range(256):
        assert model.ttable(x).to_bytes(4, "little") == model.mix_columns(bytes((model.SBOX[x], 0, 0, 0)))
        assert model.inv_ttable(x).to_bytes(4, "little") == model.inv_mix_columns(bytes((model.INV_SBOX[x], 0, 0, 0)))
    key, pt, ct = (bytes.fromhex(h) for h in FIPS197_APPENDIX_B)
    assert model.py_encrypt_block(key, pt) == ct and model.py_decrypt_block(key, ct) == pt
    rng = random.Random(RNG_SEED + 197)
    for _ in range(100):
        key, block = rng.randbytes(16), rng.randbytes(16)
        ct = Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(block)
        assert model.py_encrypt_block(key, block) == ct, f"rounds differ from OpenSSL for key {key.hex()}"
        assert model.py_decrypt_block(key, ct) == block, f"inverse rounds differ from OpenSSL for key {key.hex()}"


# --------------------------------------------------------------------------------------
# Pure-Python cipher on our round keys against OpenSSL: proves every round key
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("nbytes", [16, 24, 32])
def test_pure_python_cipher_on_our_round_keys_matches_openssl(nbytes):
    rng = random.Random(RNG_SEED * nbytes)
    for _ in range(25):
        key, block = rng.randbytes(nbytes), rng.randbytes(16)
        ecb = Cipher(algorithms.AES(key), modes.ECB())
        ct = ecb.encryptor().update(block)
        assert model.py_encrypt_block(key, block) == ct
        assert model.py_decrypt_block(key, ct) == block
        other = rng.randbytes(16)
        assert model.py_decrypt_block(key, other) == ecb.decryptor().update(other)


# --------------------------------------------------------------------------------------
# OpenSSL half
# --------------------------------------------------------------------------------------


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def _mode_by_hand(mode: Mode, key: bytes, iv: bytes | None, data: bytes, decrypt: bool) -> bytes:
    """SP 800-38A §6 definitions on model.encrypt_block/decrypt_block."""
    out = b""
    reg = iv
    for start in range(0, len(data), 16):
        chunk = data[start : start + 16]
        if mode is Mode.ECB:
            out += model.decrypt_block(key, chunk) if decrypt else model.encrypt_block(key, chunk)
        elif mode is Mode.CBC:
            if decrypt:
                out += _xor(model.decrypt_block(key, chunk), reg)
                reg = chunk
            else:
                reg = model.encrypt_block(key, _xor(chunk, reg))
                out += reg
        elif mode is Mode.CFB:
            res = _xor(chunk, model.encrypt_block(key, reg))
            out += res
            reg = chunk if decrypt else res
        elif mode is Mode.OFB:
            reg = model.encrypt_block(key, reg)
            out += _xor(chunk, reg)
        else:
            out += _xor(chunk, model.encrypt_block(key, model.ctr_add(iv, start // 16)))
    return out


@pytest.mark.parametrize("mode", list(Mode), ids=lambda m: m.name)
@pytest.mark.parametrize("decrypt", [False, True], ids=["enc", "dec"])
def test_process_matches_the_mode_definitions(mode, decrypt):
    rng = random.Random(RNG_SEED + int(mode))
    for nbytes in (16, 24, 32):
        key, iv = rng.randbytes(nbytes), (rng.randbytes(16) if mode.has_iv else None)
        data = rng.randbytes(16 * 5)
        assert model.process(mode, key, iv, data, decrypt) == _mode_by_hand(mode, key, iv, data, decrypt)


@pytest.mark.parametrize("mode", [Mode.CFB, Mode.OFB, Mode.CTR], ids=lambda m: m.name)
def test_stream_modes_take_a_partial_final_block(mode):
    rng = random.Random(RNG_SEED)
    key, iv = rng.randbytes(32), rng.randbytes(16)
    data = rng.randbytes(64)
    full_ct = model.process(mode, key, iv, data)
    for n in (1, 15, 17, 31, 33, 63):
        ct = model.process(mode, key, iv, data[:n])
        assert ct == full_ct[:n]
        assert model.process(mode, key, iv, ct, decrypt=True) == data[:n]


@pytest.mark.parametrize("mode", [Mode.ECB, Mode.CBC], ids=lambda m: m.name)
@pytest.mark.parametrize("nbytes", [1, 15, 17, 47])
def test_ecb_cbc_reject_a_partial_block(mode, nbytes):
    with pytest.raises(ValueError):
        model.process(mode, bytes(16), None if mode is Mode.ECB else bytes(16), bytes(nbytes))


def test_process_checks_key_and_iv():
    with pytest.raises(ValueError):
        model.process(Mode.CBC, bytes(16), None, bytes(16))
    with pytest.raises(ValueError):
        model.process(Mode.CTR, bytes(16), bytes(12), bytes(16))
    with pytest.raises(ValueError):
        model.process(Mode.ECB, bytes(17), None, bytes(16))
    assert model.process(Mode.CBC, bytes(16), bytes(16), b"") == b""


def test_ctr_counter_is_the_full_128_bit_big_endian_block_and_wraps_to_zero():
    key = bytes(range(16))
    iv = bytes.fromhex("ff" * 15 + "fe")
    keystream = model.process(Mode.CTR, key, iv, bytes(64))
    counters = ["ff" * 15 + "fe", "ff" * 16, "00" * 16, "00" * 15 + "01"]
    assert keystream == b"".join(model.encrypt_block(key, bytes.fromhex(c)) for c in counters)
    # a carry out of the low 64 bits propagates into the high half
    iv = bytes.fromhex("0123456789abcdef" + "ff" * 8)
    keystream = model.process(Mode.CTR, key, iv, bytes(32))
    assert keystream[16:] == model.encrypt_block(key, bytes.fromhex("0123456789abcdf0" + "00" * 8))


def test_ctr_carry_iv_carries_into_each_chunk_of_the_upper_96_bits():
    """The random traffic's near-carry counters (aescores.sim.traffic.ctr_carry_iv): the
    low 32 bits carry within the blocks asked for, and over a few hundred draws each
    upper chunk is both all ones (a carry passes on into the next chunk) and not."""
    from aescores.sim.traffic import ctr_carry_iv

    rng = random.Random(5)
    seen: set[tuple[int, bool]] = set()
    for _ in range(300):
        within = rng.randrange(1, 40)
        iv = ctr_carry_iv(rng, within)
        low = int.from_bytes(iv[12:], "big")
        assert 2**32 - within <= low < 2**32
        upper_plus_one = (int.from_bytes(iv[:12], "big") + 1) % 2**96
        assert model.ctr_add(iv, within)[:12] == upper_plus_one.to_bytes(12, "big")
        seen |= {(k, iv[4 * k:4 * k + 4] == b"\xff" * 4) for k in range(3)}
    assert seen == {(k, ones) for k in range(3) for ones in (False, True)}


def test_ctr_add():
    assert model.ctr_add(bytes(16)) == bytes(15) + b"\x01"
    assert model.ctr_add(b"\xff" * 16) == bytes(16)
    assert model.ctr_add(b"\xff" * 16, 3) == bytes(15) + b"\x02"


@pytest.mark.parametrize(
    "iv_hex, nblocks, wraps",
    [
        ("ff" * 16, 0, False),
        ("ff" * 16, 1, False),
        ("ff" * 16, 2, True),
        ("ff" * 15 + "fe", 2, False),
        ("ff" * 15 + "fe", 3, True),
        ("ff" * 15 + "00", 256, False),
        ("ff" * 15 + "00", 257, True),
        ("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", 4, False),  # SP 800-38A F.5: no wrap
        ("00" * 16, 1000, False),
    ],
)
def test_ctr_wraps(iv_hex, nblocks, wraps):
    assert model.ctr_wraps(bytes.fromhex(iv_hex), nblocks) is wraps


def test_nblocks_counts_a_partial_block():
    assert [model.nblocks(n) for n in (0, 1, 16, 17, 32, 33)] == [0, 1, 1, 2, 2, 3]


def test_port_byte_order_is_spec_section_1():
    pt = bytes.fromhex("00112233445566778899aabbccddeeff")
    assert model.to_port(pt) == 0xFFEEDDCCBBAA99887766554433221100
    assert model.from_port(0xFFEEDDCCBBAA99887766554433221100) == pt
    key = bytes(range(32))
    assert model.to_port(key) & 0xFF == 0x00 and model.to_port(key) >> 248 == 0x1F
    assert model.from_port(model.to_port(key), 32) == key


def test_block_functions_check_lengths():
    with pytest.raises(ValueError):
        model.encrypt_block(bytes(16), bytes(15))
    with pytest.raises(ValueError):
        model.decrypt_block(bytes(15), bytes(16))
