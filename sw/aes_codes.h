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
#define AES_ARCH_ITERATIVE 0u
#define AES_ARCH_PIPELINED 1u

/* key_len: codes of CAPS.max_key, KEY_CTRL.len, RK_CTRL.len. */
#define AES_KEY_LEN_K128 0u
#define AES_KEY_LEN_K192 1u
#define AES_KEY_LEN_K256 2u

/* sbox: codes of CAPS.sbox. */
#define AES_SBOX_LUT       0u
#define AES_SBOX_TTABLE    1u
#define AES_SBOX_COMPOSITE 2u

/* rk_table: codes of RK_CTRL.table. */
#define AES_RK_TABLE_ENC 0u
#define AES_RK_TABLE_DEC 1u

/* mode: codes of the AXI4-Stream side band (docs/specification.md §3). */
#define AES_MODE_ECB    0u
#define AES_MODE_CBC    1u
#define AES_MODE_CFB128 2u
#define AES_MODE_OFB    3u
#define AES_MODE_CTR    4u

/* dir: codes of the AXI4-Stream side band (docs/specification.md §3). */
#define AES_DIR_ENCRYPT 0u
#define AES_DIR_DECRYPT 1u

/* tuser_shift: codes of the AXI4-Stream side band (docs/specification.md §3). */
#define AES_TUSER_SHIFT_MODE   0u
#define AES_TUSER_SHIFT_DIR    3u
#define AES_TUSER_SHIFT_SLOT   4u
#define AES_TUSER_SHIFT_RESULT 8u

/* result: codes of the AXI4-Stream side band (docs/specification.md §3). */
#define AES_RESULT_OK            0u
#define AES_RESULT_BAD_LENGTH    1u
#define AES_RESULT_BAD_MODE      2u
#define AES_RESULT_SLOT_EMPTY    3u
#define AES_RESULT_CTR_WRAP      4u
#define AES_RESULT_NOT_BUILT     5u
#define AES_RESULT_SELFTEST_FAIL 6u

#endif /* AES_CODES_H */
