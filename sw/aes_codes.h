// SPDX-License-Identifier: Apache-2.0
/*
 * aes_codes.h: the encodings of the aescores AES IP's register map, for C.
 *
 * Generated from rdl/aes.rdl by `python -m aescores.regmap` (aescores.regmap.encodings):
 * do not edit. Value V of encoding E is AES_<E>_<V>. The registers themselves (offsets,
 * field masks) are in aes_regs.h, which PeakRDL-cheader writes and which has no enums.
 */
#ifndef AES_CODES_H
#define AES_CODES_H

/* arch: codes of CAPS.arch. */
/* ARCH="ITERATIVE": one round per clock, one round unit reused. */
#define AES_ARCH_ITERATIVE 0u
/* ARCH="PIPELINED": Nr round units, STAGES_PER_ROUND registers in each. */
#define AES_ARCH_PIPELINED 1u

/* key_len: codes of CAPS.max_key, KEY_CTRL.len, RK_CTRL.len. */
/* 128-bit key, Nr = 10 rounds. */
#define AES_KEY_LEN_K128 0u
/* 192-bit key, Nr = 12 rounds. */
#define AES_KEY_LEN_K192 1u
/* 256-bit key, Nr = 14 rounds. */
#define AES_KEY_LEN_K256 2u

/* sbox: codes of CAPS.sbox. */
/* SBOX="LUT": 256x8 tables. */
#define AES_SBOX_LUT       0u
/* SBOX="TTABLE": SubBytes and MixColumns merged into 32-bit tables. */
#define AES_SBOX_TTABLE    1u
/* SBOX="COMPOSITE": GF((2^4)^2) logic. */
#define AES_SBOX_COMPOSITE 2u

/* rk_table: codes of RK_CTRL.table. */
/* Encryption round keys: index r holds rk[r] (FIPS-197 w[4r..4r+3]). */
#define AES_RK_TABLE_ENC 0u
/* Decryption round keys in equivalent-inverse-cipher order: index 0 holds rk[Nr], index i (0
 * < i < Nr) holds InvMixColumns(rk[Nr-i]), index Nr holds rk[0]. */
#define AES_RK_TABLE_DEC 1u

/* mode: codes of the AXI4-Stream side band (docs/specification.md §3). */
/* Electronic codebook. */
#define AES_MODE_ECB    0u
/* Cipher block chaining; IV in lane 0 of the first beat. */
#define AES_MODE_CBC    1u
/* Cipher feedback, 128-bit segments; IV in lane 0 of the first beat. */
#define AES_MODE_CFB128 2u
/* Output feedback; IV in lane 0 of the first beat. */
#define AES_MODE_OFB    3u
/* Counter; initial counter block in lane 0 of the first beat, incremented as a 128-bit
 * big-endian integer. */
#define AES_MODE_CTR    4u
/* Galois/counter mode (SP 800-38D), builds with CAPS.gcm = 1: the 96-bit IV and the AAD
 * length in lane 0 of the first beat, then the AAD beats, the payload and the tag beat
 * (docs/specification.md §3a). */
#define AES_MODE_GCM    5u

/* dir: codes of the AXI4-Stream side band (docs/specification.md §3). */
/* Encrypt. */
#define AES_DIR_ENCRYPT 0u
/* Decrypt. */
#define AES_DIR_DECRYPT 1u

/* tuser_shift: codes of the AXI4-Stream side band (docs/specification.md §3). */
/* s_axis_tuser[2:0]: mode (see mode codes), on the message's first beat. */
#define AES_TUSER_SHIFT_MODE   0u
/* s_axis_tuser[3]: direction (see dir codes). */
#define AES_TUSER_SHIFT_DIR    3u
/* s_axis_tuser[7:4]: key slot. */
#define AES_TUSER_SHIFT_SLOT   4u
/* m_axis_tuser[15:8] on the tlast beat: the message's result code. m_axis_tuser[7:0] echoes
 * s_axis_tuser. */
#define AES_TUSER_SHIFT_RESULT 8u

/* result: codes of the AXI4-Stream side band (docs/specification.md §3). */
/* The message was processed. */
#define AES_RESULT_OK            0u
/* A beat before the last (the IV beat included) that is not full, a last beat whose kept
 * bytes are not 0..n-1, a partial block in ECB or CBC, or a message that has only its IV
 * beat; in GCM, a message that ends before its tag beat, a payload beat before the last that
 * is not full, or a tag beat whose tkeep is not bytes 0..t-1 with t a tag length (4, 8, 12
 * to 16). */
#define AES_RESULT_BAD_LENGTH    1u
/* Mode code 6 or 7. */
#define AES_RESULT_BAD_MODE      2u
/* The key slot is empty, being cleared, or not below KEY_SLOTS. */
#define AES_RESULT_SLOT_EMPTY    3u
/* The CTR counter wrapped from 2^128-1 to 0 inside the message, or a GCM payload has more
 * than 2^32 - 2 blocks (data still processed). */
#define AES_RESULT_CTR_WRAP      4u
/* Not in this build: ECB or CBC decryption with DECRYPT=0, or mode 5 (GCM) with GCM=0. (A
 * key longer than MAX_KEY_BITS never reaches a message: its KEY_CTRL commit is refused with
 * SLVERR.) */
#define AES_RESULT_NOT_BUILT     5u
/* The power-up self-test failed; all output data is zero. */
#define AES_RESULT_SELFTEST_FAIL 6u
/* GCM decryption: the tag does not match the first t bytes of the computed tag. Only the tag
 * beat is zeroed: the plaintext has gone out, and a receiver must discard it. */
#define AES_RESULT_TAG_MISMATCH  7u

#endif /* AES_CODES_H */
