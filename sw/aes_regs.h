// SPDX-License-Identifier: Apache-2.0
/*
 * aes_regs.h: the register map of the aescores AES IP (aes_axi), for C.
 *
 * Generated from rdl/aes.rdl by `python -m aescores.regmap`: do not edit. The map
 * for people is docs/registers.md.
 *
 * AES_REG_<R> is the byte offset of register R from the IP's base address; every
 * register is 32 bits. Field F of R has AES_<R>_<F>_SHIFT (its lowest bit) and
 * AES_<R>_<F>_MASK (its bits in place): AES_FIELD_GET(AES_KEY_CTRL_SLOT, v) reads a
 * field of the value v, AES_FIELD_PREP(AES_KEY_CTRL_SLOT, 3) places one. Encodings
 * are AES_<ENCODING>_<NAME>.
 */
#ifndef AES_REGS_H
#define AES_REGS_H

#include <stdint.h>

#define AES_FIELD_GET(field, value)  ((((uint32_t)(value)) & field##_MASK) >> field##_SHIFT)
#define AES_FIELD_PREP(field, x)     ((((uint32_t)(x)) << field##_SHIFT) & field##_MASK)


/*
 * ID (0x000, RO): Identification. Always reads 0x41455331, "AES1" in ASCII. A driver
 * checks it before anything else.
 */
#define AES_REG_ID                           0x000u
/* [31:0] id: The identification word 0x41455331. */
#define AES_ID_ID_SHIFT                      0u
#define AES_ID_ID_MASK                       0xffffffffu
#define AES_ID_VALUE                         0x41455331u     /* the value it reads */

/*
 * CAPS (0x004, RO): Capabilities. The parameters this IP was built with, so that one
 * driver serves every build.
 */
#define AES_REG_CAPS                         0x004u
/* [1:0] arch: Architecture (ARCH). */
#define AES_CAPS_ARCH_SHIFT                  0u
#define AES_CAPS_ARCH_MASK                   0x00000003u
/*
 * [4:2] stages: Register stages per round (STAGES_PER_ROUND, 1 to 4) of a pipelined
 * build; 1 for an iterative build.
 */
#define AES_CAPS_STAGES_SHIFT                2u
#define AES_CAPS_STAGES_MASK                 0x0000001cu
/* [8:5] lanes: Blocks per beat (LANES: 1, 2, 4 or 8). */
#define AES_CAPS_LANES_SHIFT                 5u
#define AES_CAPS_LANES_MASK                  0x000001e0u
/* [10:9] max_key: The longest key this build accepts (MAX_KEY_BITS). */
#define AES_CAPS_MAX_KEY_SHIFT               9u
#define AES_CAPS_MAX_KEY_MASK                0x00000600u
/* [15:11] key_slots: Number of key slots (KEY_SLOTS, 1 to 16). */
#define AES_CAPS_KEY_SLOTS_SHIFT             11u
#define AES_CAPS_KEY_SLOTS_MASK              0x0000f800u
/* [16] decrypt: 1 when the build decrypts (DECRYPT=1). */
#define AES_CAPS_DECRYPT_SHIFT               16u
#define AES_CAPS_DECRYPT_MASK                0x00010000u
/*
 * [17] host_keys: 1 when the host writes the round keys (KEY_EXPANSION="HOST"): load
 * keys with RK0..RK3 and RK_CTRL instead of KEY0..KEY7 and KEY_CTRL.
 */
#define AES_CAPS_HOST_KEYS_SHIFT             17u
#define AES_CAPS_HOST_KEYS_MASK              0x00020000u
/* [18] selftest: 1 when the build runs the power-up self-test (SELFTEST=1). */
#define AES_CAPS_SELFTEST_SHIFT              18u
#define AES_CAPS_SELFTEST_MASK               0x00040000u
/* [20:19] sbox: S-box implementation (SBOX). */
#define AES_CAPS_SBOX_SHIFT                  19u
#define AES_CAPS_SBOX_MASK                   0x00180000u

/*
 * LATENCY (0x008, RO): Latency. Clocks from a block's input handshake to its output
 * beat in ECB encryption without backpressure.
 */
#define AES_REG_LATENCY                      0x008u
/* [31:0] clocks: Latency in clocks. */
#define AES_LATENCY_CLOCKS_SHIFT             0u
#define AES_LATENCY_CLOCKS_MASK              0xffffffffu

/* STATUS (0x00C, RO): Status. Self-test result and activity. */
#define AES_REG_STATUS                       0x00cu
/*
 * [0] selftest_done: 1 once the self-test has finished (also 1 in a build without
 * self-test). Falls in the clock after a CTRL[0] write, also while a message in flight
 * keeps the rerun waiting, and rises when the rerun ends.
 */
#define AES_STATUS_SELFTEST_DONE_SHIFT       0u
#define AES_STATUS_SELFTEST_DONE_MASK        0x00000001u
/*
 * [1] selftest_passed: 1 when the self-test has finished and passed (also 1 in a build
 * without self-test); 0 while selftest_done is 0. After a failed self-test every
 * message ends with result code 6 and zero data, up to the next self-test run (a
 * message in flight when a rerun is requested keeps that verdict).
 */
#define AES_STATUS_SELFTEST_PASSED_SHIFT     1u
#define AES_STATUS_SELFTEST_PASSED_MASK      0x00000002u
/* [2] busy: 1 while a message is in flight (accepted but its last beat not yet out). */
#define AES_STATUS_BUSY_SHIFT                2u
#define AES_STATUS_BUSY_MASK                 0x00000004u

/*
 * KEY_CTRL (0x010, WO): Key control. Commits the staging words KEY0..KEY7 into a key
 * slot (HW key expansion builds). A write with commit set copies the staging words
 * into the slot with the given key length, clears the staging words and expands the
 * round keys in the background (SLOTS shows the slot loading, then loaded). Messages
 * that started before the commit finish with the old key; a message that selects a
 * slot still loading waits for the load. A write with commit clear does nothing. The
 * IP refuses a commit (SLVERR, nothing happens, the staging words are kept) while the
 * key-expansion unit is busy, while a self-test is due or running (from the CTRL[0]
 * write until STATUS.selftest_done rises again: the self-test empties every slot), for
 * a slot not below KEY_SLOTS, a key length above MAX_KEY_BITS, and in a
 * KEY_EXPANSION="HOST" build. Reads return 0.
 */
#define AES_REG_KEY_CTRL                     0x010u
/* [3:0] slot: Key slot to load (0 to KEY_SLOTS-1). */
#define AES_KEY_CTRL_SLOT_SHIFT              0u
#define AES_KEY_CTRL_SLOT_MASK               0x0000000fu
/*
 * [5:4] len: Key length: the first 16, 24 or 32 bytes of the staging words are the
 * key.
 */
#define AES_KEY_CTRL_LEN_SHIFT               4u
#define AES_KEY_CTRL_LEN_MASK                0x00000030u
/* [8] commit: 1: commit the staging words into the slot. */
#define AES_KEY_CTRL_COMMIT_SHIFT            8u
#define AES_KEY_CTRL_COMMIT_MASK             0x00000100u

/*
 * KEY_CLEAR (0x014, WO): Key clear. Zeroizes key slots: each slot whose bit is written
 * 1 loses its key and round keys and becomes empty (SLOTS shows it loading while it is
 * being cleared). Messages that select a slot being cleared or empty end with result
 * code 3. Bits of slots not below KEY_SLOTS are ignored. Reads return 0.
 */
#define AES_REG_KEY_CLEAR                    0x014u
/* [15:0] slots: Bit s set: zeroize slot s. */
#define AES_KEY_CLEAR_SLOTS_SHIFT            0u
#define AES_KEY_CLEAR_SLOTS_MASK             0x0000ffffu

/*
 * SLOTS (0x018, RO): Slot state. Which key slots hold a usable key, and which are
 * busy: being loaded (KEY_CTRL commit, key expansion running) or being cleared
 * (KEY_CLEAR). A slot that the host is filling through RK_CTRL shows neither until its
 * commit.
 */
#define AES_REG_SLOTS                        0x018u
/* [15:0] loaded: Bit s set: slot s holds a usable key. */
#define AES_SLOTS_LOADED_SHIFT               0u
#define AES_SLOTS_LOADED_MASK                0x0000ffffu
/*
 * [31:16] loading: Bit s set: slot s is being loaded or cleared; messages that select
 * it wait (load) or fail with code 3 (clear).
 */
#define AES_SLOTS_LOADING_SHIFT              16u
#define AES_SLOTS_LOADING_MASK               0xffff0000u

/*
 * ERR (0x01C, RW1C): Errors. Bit c is set when a message ends with result code c
 * (docs/specification.md §3) and stays set until software writes 1 to it (write 1 to
 * clear; writing 0 changes nothing). An error in the same clock as the clear is kept.
 * The output `irq` is high while ERR & IRQ_EN is non-zero.
 */
#define AES_REG_ERR                          0x01cu
/*
 * [1] bad_length: A message ended with result code 1: partial block in ECB/CBC, or
 * only the IV beat.
 */
#define AES_ERR_BAD_LENGTH_SHIFT             1u
#define AES_ERR_BAD_LENGTH_MASK              0x00000002u
/* [2] bad_mode: A message ended with result code 2: invalid mode. */
#define AES_ERR_BAD_MODE_SHIFT               2u
#define AES_ERR_BAD_MODE_MASK                0x00000004u
/*
 * [3] slot_empty: A message ended with result code 3: key slot empty, being cleared,
 * or not below KEY_SLOTS.
 */
#define AES_ERR_SLOT_EMPTY_SHIFT             3u
#define AES_ERR_SLOT_EMPTY_MASK              0x00000008u
/* [4] ctr_wrap: A message ended with result code 4: CTR counter wrapped. */
#define AES_ERR_CTR_WRAP_SHIFT               4u
#define AES_ERR_CTR_WRAP_MASK                0x00000010u
/* [5] not_built: A message ended with result code 5: feature not in this build. */
#define AES_ERR_NOT_BUILT_SHIFT              5u
#define AES_ERR_NOT_BUILT_MASK               0x00000020u
/* [6] selftest_fail: A message ended with result code 6: self-test failed. */
#define AES_ERR_SELFTEST_FAIL_SHIFT          6u
#define AES_ERR_SELFTEST_FAIL_MASK           0x00000040u

/*
 * KEY0..KEY7 (0x020-0x03C, WO): Key staging word. Write-only staging words of the key
 * for KEY_CTRL: KEYw holds key bytes 4w..4w+3, byte 4w in bits [7:0] (what a
 * little-endian CPU's memcpy of the key writes). Written byte by byte under wstrb.
 * Never readable: reads return 0. Cleared by a KEY_CTRL commit and by reset.
 */
#define AES_REG_KEY(n)                       (0x020u + 4u * (uint32_t)(n))
#define AES_REG_KEY_COUNT                    8u
#define AES_REG_KEY0                         0x020u
#define AES_REG_KEY1                         0x024u
#define AES_REG_KEY2                         0x028u
#define AES_REG_KEY3                         0x02cu
#define AES_REG_KEY4                         0x030u
#define AES_REG_KEY5                         0x034u
#define AES_REG_KEY6                         0x038u
#define AES_REG_KEY7                         0x03cu
/* [31:0] data: Key bytes 4w (bits 7:0) to 4w+3 (bits 31:24). */
#define AES_KEY_DATA_SHIFT                   0u
#define AES_KEY_DATA_MASK                    0xffffffffu

/*
 * IRQ_EN (0x040, RW): Interrupt enable. The ERR bits that raise `irq`; bit c enables
 * ERR bit c. Read-write, written byte by byte under wstrb.
 */
#define AES_REG_IRQ_EN                       0x040u
/* [1] bad_length: ERR.bad_length raises irq. */
#define AES_IRQ_EN_BAD_LENGTH_SHIFT          1u
#define AES_IRQ_EN_BAD_LENGTH_MASK           0x00000002u
/* [2] bad_mode: ERR.bad_mode raises irq. */
#define AES_IRQ_EN_BAD_MODE_SHIFT            2u
#define AES_IRQ_EN_BAD_MODE_MASK             0x00000004u
/* [3] slot_empty: ERR.slot_empty raises irq. */
#define AES_IRQ_EN_SLOT_EMPTY_SHIFT          3u
#define AES_IRQ_EN_SLOT_EMPTY_MASK           0x00000008u
/* [4] ctr_wrap: ERR.ctr_wrap raises irq. */
#define AES_IRQ_EN_CTR_WRAP_SHIFT            4u
#define AES_IRQ_EN_CTR_WRAP_MASK             0x00000010u
/* [5] not_built: ERR.not_built raises irq. */
#define AES_IRQ_EN_NOT_BUILT_SHIFT           5u
#define AES_IRQ_EN_NOT_BUILT_MASK            0x00000020u
/* [6] selftest_fail: ERR.selftest_fail raises irq. */
#define AES_IRQ_EN_SELFTEST_FAIL_SHIFT       6u
#define AES_IRQ_EN_SELFTEST_FAIL_MASK        0x00000040u

/* MSGS (0x044, RO): Messages. Messages completed since reset (wraps at 2^32). */
#define AES_REG_MSGS                         0x044u
/* [31:0] count: Message count. */
#define AES_MSGS_COUNT_SHIFT                 0u
#define AES_MSGS_COUNT_MASK                  0xffffffffu

/*
 * BLOCKS (0x048, RO): Blocks. Blocks processed since reset, IV beats not counted
 * (wraps at 2^32).
 */
#define AES_REG_BLOCKS                       0x048u
/* [31:0] count: Block count. */
#define AES_BLOCKS_COUNT_SHIFT               0u
#define AES_BLOCKS_COUNT_MASK                0xffffffffu

/* CTRL (0x04C, RW): Control. Actions. Reads return 0. */
#define AES_REG_CTRL                         0x04cu
/*
 * [0] selftest: Write 1: rerun the self-test. STATUS.selftest_done falls at once; the
 * run starts when no message is in the IP (a new message is not started meanwhile) and
 * empties every key slot; key commands are refused until it ends.
 */
#define AES_CTRL_SELFTEST_SHIFT              0u
#define AES_CTRL_SELFTEST_MASK               0x00000001u

/*
 * RK0..RK3 (0x050-0x05C, WO): Round-key staging word. KEY_EXPANSION="HOST" builds:
 * write-only staging words of one 128-bit round key for RK_CTRL. RKw holds round-key
 * bytes 4w..4w+3, byte 4w in bits [7:0]; round-key byte i is the AES state byte i (row
 * i%4, column i/4). Written byte by byte under wstrb. Never readable: reads return 0.
 * Cleared by each RK_CTRL write and by reset.
 */
#define AES_REG_RK(n)                        (0x050u + 4u * (uint32_t)(n))
#define AES_REG_RK_COUNT                     4u
#define AES_REG_RK0                          0x050u
#define AES_REG_RK1                          0x054u
#define AES_REG_RK2                          0x058u
#define AES_REG_RK3                          0x05cu
/* [31:0] data: Round-key bytes 4w (bits 7:0) to 4w+3 (bits 31:24). */
#define AES_RK_DATA_SHIFT                    0u
#define AES_RK_DATA_MASK                     0xffffffffu

/*
 * RK_CTRL (0x060, WO): Round-key control. KEY_EXPANSION="HOST" builds: stores
 * host-computed round keys into an empty slot. A write with `write` set stores
 * RK0..RK3 as round key `index` of table `table` of slot `slot` and clears RK0..RK3. A
 * write with `commit` set marks the slot loaded with key length `len`: messages may
 * use it from then on. Both set: the round key is stored, then the slot marked loaded.
 * Neither set: nothing happens (OKAY, in every build). Round keys may only be written
 * into an empty slot: clear it first with KEY_CLEAR and wait until SLOTS shows it
 * neither loaded nor loading. The IP refuses (SLVERR, nothing happens) a write or
 * commit to a slot that is loaded, loading or being cleared, a slot not below
 * KEY_SLOTS, an index above 14 or above the Nr of MAX_KEY_BITS, table DEC in a
 * DECRYPT=0 build, a commit length above MAX_KEY_BITS, every write or commit while a
 * self-test is due or running, and every write or commit in a KEY_EXPANSION="HW"
 * build. Round keys not written before the commit are zero. Load sequence for a key of
 * Nr rounds: for r = 0..Nr write RK0..RK3 with rk[r] and RK_CTRL (slot, index r, table
 * ENC, write); if CAPS.decrypt, for i = 0..Nr write the decryption key of index i and
 * RK_CTRL (slot, index i, table DEC, write); then RK_CTRL (slot, len, commit). Reads
 * return 0.
 */
#define AES_REG_RK_CTRL                      0x060u
/* [3:0] slot: Key slot (0 to KEY_SLOTS-1). */
#define AES_RK_CTRL_SLOT_SHIFT               0u
#define AES_RK_CTRL_SLOT_MASK                0x0000000fu
/* [5:4] len: Key length recorded by commit (Nr = 10, 12, 14). */
#define AES_RK_CTRL_LEN_SHIFT                4u
#define AES_RK_CTRL_LEN_MASK                 0x00000030u
/* [8] commit: 1: mark the slot loaded with key length len. */
#define AES_RK_CTRL_COMMIT_SHIFT             8u
#define AES_RK_CTRL_COMMIT_MASK              0x00000100u
/* [12] write: 1: store RK0..RK3 as round key index of table table. */
#define AES_RK_CTRL_WRITE_SHIFT              12u
#define AES_RK_CTRL_WRITE_MASK               0x00001000u
/*
 * [13] table: Which round-key table the write goes to: 0 encryption, 1 decryption
 * (equivalent inverse cipher order).
 */
#define AES_RK_CTRL_TABLE_SHIFT              13u
#define AES_RK_CTRL_TABLE_MASK               0x00002000u
/* [19:16] index: Round-key index 0..Nr: round i of either direction uses index i. */
#define AES_RK_CTRL_INDEX_SHIFT              16u
#define AES_RK_CTRL_INDEX_MASK               0x000f0000u

/* Encoding arch: codes of CAPS.arch. */
/* ARCH="ITERATIVE": one round per clock, one round unit reused. */
#define AES_ARCH_ITERATIVE                   0u
/* ARCH="PIPELINED": Nr round units, STAGES_PER_ROUND registers in each. */
#define AES_ARCH_PIPELINED                   1u

/* Encoding key_len: codes of CAPS.max_key, KEY_CTRL.len, RK_CTRL.len. */
/* 128-bit key, Nr = 10 rounds. */
#define AES_KEY_LEN_K128                     0u
/* 192-bit key, Nr = 12 rounds. */
#define AES_KEY_LEN_K192                     1u
/* 256-bit key, Nr = 14 rounds. */
#define AES_KEY_LEN_K256                     2u

/* Encoding sbox: codes of CAPS.sbox. */
/* SBOX="LUT": 256x8 tables. */
#define AES_SBOX_LUT                         0u
/* SBOX="TTABLE": SubBytes and MixColumns merged into 32-bit tables. */
#define AES_SBOX_TTABLE                      1u
/* SBOX="COMPOSITE": GF((2^4)^2) logic. */
#define AES_SBOX_COMPOSITE                   2u

/* Encoding rk_table: codes of RK_CTRL.table. */
/* Encryption round keys: index r holds rk[r] (FIPS-197 w[4r..4r+3]). */
#define AES_RK_TABLE_ENC                     0u
/*
 * Decryption round keys in equivalent-inverse-cipher order: index 0 holds rk[Nr],
 * index i (0 < i < Nr) holds InvMixColumns(rk[Nr-i]), index Nr holds rk[0].
 */
#define AES_RK_TABLE_DEC                     1u

/* Encoding mode: stream constants (docs/specification.md §3). */
/* Electronic codebook. */
#define AES_MODE_ECB                         0u
/* Cipher block chaining; IV in lane 0 of the first beat. */
#define AES_MODE_CBC                         1u
/* Cipher feedback, 128-bit segments; IV in lane 0 of the first beat. */
#define AES_MODE_CFB128                      2u
/* Output feedback; IV in lane 0 of the first beat. */
#define AES_MODE_OFB                         3u
/*
 * Counter; initial counter block in lane 0 of the first beat, incremented as a 128-bit
 * big-endian integer.
 */
#define AES_MODE_CTR                         4u

/* Encoding dir: stream constants (docs/specification.md §3). */
/* Encrypt. */
#define AES_DIR_ENCRYPT                      0u
/* Decrypt. */
#define AES_DIR_DECRYPT                      1u

/* Encoding tuser_shift: stream constants (docs/specification.md §3). */
/* s_axis_tuser[2:0]: mode (see mode codes), on the message's first beat. */
#define AES_TUSER_SHIFT_MODE                 0u
/* s_axis_tuser[3]: direction (see dir codes). */
#define AES_TUSER_SHIFT_DIR                  3u
/* s_axis_tuser[7:4]: key slot. */
#define AES_TUSER_SHIFT_SLOT                 4u
/*
 * m_axis_tuser[15:8] on the tlast beat: the message's result code. m_axis_tuser[7:0]
 * echoes s_axis_tuser.
 */
#define AES_TUSER_SHIFT_RESULT               8u

/* Encoding result: stream constants (docs/specification.md §3). */
/* The message was processed. */
#define AES_RESULT_OK                        0u
/* A partial block in ECB or CBC, or a message that has only its IV beat. */
#define AES_RESULT_BAD_LENGTH                1u
/* Mode code 5, 6 or 7. */
#define AES_RESULT_BAD_MODE                  2u
/* The key slot is empty, being cleared, or not below KEY_SLOTS. */
#define AES_RESULT_SLOT_EMPTY                3u
/* The CTR counter wrapped from 2^128-1 to 0 inside the message (data still processed). */
#define AES_RESULT_CTR_WRAP                  4u
/* Not in this build: decrypt with DECRYPT=0, or a key longer than MAX_KEY_BITS. */
#define AES_RESULT_NOT_BUILT                 5u
/* The power-up self-test failed; all output data is zero. */
#define AES_RESULT_SELFTEST_FAIL             6u

#endif /* AES_REGS_H */
