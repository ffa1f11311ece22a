// SPDX-License-Identifier: Apache-2.0
/*
 * test_driver.c: host unit test of sw/aes_driver.c against a register mock.
 *
 * Build: cc -std=c99 -Wall -Wextra -Werror -pedantic -DAES_DRIVER_MOCK -I sw \
 *           sw/aes_driver.c sw/tests/test_driver.c -o test_driver
 * Run:   ./test_driver               self-checks; exit status 0 when all pass
 *        ./test_driver dump KEYHEX   load KEYHEX with aes_load_round_keys and print the
 *                                    round keys the mock IP received, one per line:
 *                                    "enc|dec INDEX HEX" (checked by tests/test_sw.py
 *                                    against OpenSSL, independently of this C code)
 *        ./test_driver gcm           read GCM frame cases from stdin, one per line, and
 *                                    answer each on a line of stdout (see gcm_cases);
 *                                    tests/sw/test_sw.py compares the answers with
 *                                    aescores.gcm's message_frame and split_output
 *
 * The mock models what the driver relies on: ID and CAPS, KEY0..KEY7 staging and the
 * KEY_CTRL commit (slot loading for a few SLOTS reads, then loaded), KEY_CLEAR (slot
 * loading for a few reads, then empty), RK0..RK3 and RK_CTRL with the rule that round
 * keys only go into an empty slot. A write the real IP would answer with SLVERR is
 * counted in mock.refused; every write is logged in order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes_driver.h"

/* ------------------------------------------------------------------------------------
 * The register mock.
 */

#define LOG_MAX 1024
#define SLOTS_MAX 16

typedef struct {
    uint32_t offset, value;
} reg_write_t;

static struct {
    uint32_t id, caps;
    uint32_t key_stage[8], rk_stage[4];
    uint32_t loaded, loading;
    int busy_reads[SLOTS_MAX];     /* SLOTS reads left until a loading slot settles */
    int clearing[SLOTS_MAX];       /* the loading slot is being cleared (else loaded) */
    int load_delay, clear_delay;   /* SLOTS reads a load / clear takes */
    int stuck;                     /* loading bits never settle */
    uint32_t slot_key[SLOTS_MAX][8];
    unsigned slot_len[SLOTS_MAX];
    uint32_t rk[SLOTS_MAX][2][AES_MAX_ROUND_KEYS][4];
    uint32_t err;
    int refused;                   /* writes the IP would answer with SLVERR */
    reg_write_t log[LOG_MAX];
    int nlog;
    int reads;
} mock;

static uint32_t fake_regs[1024]; /* the base address handed to the driver; never touched */

static uint32_t caps_word(unsigned slots, unsigned max_key_code, int decrypt, int host_keys)
{
    return AES_FIELD_PREP(AES__CAPS__ARCH, AES_ARCH_PIPELINED) | AES_FIELD_PREP(AES__CAPS__STAGES, 1) |
           AES_FIELD_PREP(AES__CAPS__LANES, 1) | AES_FIELD_PREP(AES__CAPS__MAX_KEY, max_key_code) |
           AES_FIELD_PREP(AES__CAPS__KEY_SLOTS, slots) | AES_FIELD_PREP(AES__CAPS__DECRYPT, decrypt) |
           AES_FIELD_PREP(AES__CAPS__HOST_KEYS, host_keys) | AES_FIELD_PREP(AES__CAPS__SELFTEST, 1);
}

static void mock_reset(uint32_t caps)
{
    memset(&mock, 0, sizeof mock);
    mock.id = AES__ID__ID_reset;
    mock.caps = caps;
    mock.load_delay = 3;
    mock.clear_delay = 2;
}

static void settle_slots(void)
{
    int s;
    for (s = 0; s < SLOTS_MAX; s++) {
        uint32_t bit = 1u << s;
        if (!(mock.loading & bit) || mock.stuck) {
            continue;
        }
        if (mock.busy_reads[s] > 0) {
            mock.busy_reads[s]--;
            continue;
        }
        mock.loading &= ~bit;
        if (mock.clearing[s]) {
            mock.loaded &= ~bit;
        } else {
            mock.loaded |= bit;
        }
    }
}

uint32_t aes_mock_read(volatile uint32_t *base, uint32_t offset)
{
    (void)base;
    mock.reads++;
    switch (offset) {
    case AES_REG_OFFSET(ID): return mock.id;
    case AES_REG_OFFSET(CAPS): return mock.caps;
    case AES_REG_OFFSET(STATUS): return AES__STATUS__SELFTEST_DONE_bm | AES__STATUS__SELFTEST_PASSED_bm;
    case AES_REG_OFFSET(SLOTS): {
        uint32_t v = AES_FIELD_PREP(AES__SLOTS__LOADED, mock.loaded) | AES_FIELD_PREP(AES__SLOTS__LOADING, mock.loading);
        settle_slots();
        return v;
    }
    case AES_REG_OFFSET(ERR): return mock.err;
    default: return 0; /* write-only registers read 0 (unmapped ones too, here) */
    }
}

void aes_mock_write(volatile uint32_t *base, uint32_t offset, uint32_t value)
{
    unsigned slots = (unsigned)AES_FIELD_GET(AES__CAPS__KEY_SLOTS, mock.caps);
    (void)base;
    if (mock.nlog < LOG_MAX) {
        mock.log[mock.nlog].offset = offset;
        mock.log[mock.nlog].value = value;
        mock.nlog++;
    }
    if (offset >= AES_REG_OFFSET(KEY[0]) && offset <= AES_REG_OFFSET(KEY[7])) {
        mock.key_stage[(offset - AES_REG_OFFSET(KEY[0])) / 4u] = value;
    } else if (offset >= AES_REG_OFFSET(RK[0]) && offset <= AES_REG_OFFSET(RK[3])) {
        mock.rk_stage[(offset - AES_REG_OFFSET(RK[0])) / 4u] = value;
    } else if (offset == AES_REG_OFFSET(KEY_CTRL)) {
        unsigned slot = (unsigned)AES_FIELD_GET(AES__KEY_CTRL__SLOT, value);
        if (!(value & AES__KEY_CTRL__COMMIT_bm)) {
            return;
        }
        if (mock.loading || slot >= slots || AES_FIELD_GET(AES__CAPS__HOST_KEYS, mock.caps) ||
            AES_FIELD_GET(AES__KEY_CTRL__LEN, value) > AES_FIELD_GET(AES__CAPS__MAX_KEY, mock.caps)) {
            mock.refused++;
            return;
        }
        memcpy(mock.slot_key[slot], mock.key_stage, sizeof mock.key_stage);
        memset(mock.key_stage, 0, sizeof mock.key_stage);
        mock.slot_len[slot] = (unsigned)AES_FIELD_GET(AES__KEY_CTRL__LEN, value);
        mock.loading |= 1u << slot;
        mock.clearing[slot] = 0;
        mock.busy_reads[slot] = mock.load_delay;
    } else if (offset == AES_REG_OFFSET(KEY_CLEAR)) {
        unsigned s;
        for (s = 0; s < slots; s++) {
            if (value & (1u << s)) {
                memset(mock.slot_key[s], 0, sizeof mock.slot_key[s]);
                memset(mock.rk[s], 0, sizeof mock.rk[s]);
                mock.loading |= 1u << s;
                mock.clearing[s] = 1;
                mock.busy_reads[s] = mock.clear_delay;
            }
        }
    } else if (offset == AES_REG_OFFSET(RK_CTRL)) {
        unsigned slot = (unsigned)AES_FIELD_GET(AES__RK_CTRL__SLOT, value);
        unsigned table = (unsigned)AES_FIELD_GET(AES__RK_CTRL__TABLE, value);
        unsigned index = (unsigned)AES_FIELD_GET(AES__RK_CTRL__INDEX, value);
        uint32_t bit = 1u << slot;
        if (slot >= slots || ((mock.loaded | mock.loading) & bit) || index >= AES_MAX_ROUND_KEYS ||
            !AES_FIELD_GET(AES__CAPS__HOST_KEYS, mock.caps) ||
            (table == AES_RK_TABLE_DEC && !AES_FIELD_GET(AES__CAPS__DECRYPT, mock.caps))) {
            mock.refused++;
            return;
        }
        if (value & AES__RK_CTRL__WRITE_bm) {
            memcpy(mock.rk[slot][table][index], mock.rk_stage, sizeof mock.rk_stage);
            memset(mock.rk_stage, 0, sizeof mock.rk_stage);
        }
        if (value & AES__RK_CTRL__COMMIT_bm) {
            mock.loaded |= bit;
            mock.slot_len[slot] = (unsigned)AES_FIELD_GET(AES__RK_CTRL__LEN, value);
        }
    } else if (offset == AES_REG_OFFSET(ERR)) {
        mock.err &= ~value;
    } else {
        mock.refused++; /* read-only or unmapped */
    }
}

/* ------------------------------------------------------------------------------------
 * Checks.
 */

static int passed, failed;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (cond) {                                                                   \
            passed++;                                                                 \
        } else {                                                                      \
            failed++;                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                             \
    } while (0)

static const uint8_t FIPS_A1_KEY[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                        0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
static const uint8_t FIPS_A2_KEY[24] = {0x8e, 0x73, 0xb0, 0xf7, 0xda, 0x0e, 0x64, 0x52,
                                        0xc8, 0x10, 0xf3, 0x2b, 0x80, 0x90, 0x79, 0xe5,
                                        0x62, 0xf8, 0xea, 0xd2, 0x52, 0x2c, 0x6b, 0x7b};
static const uint8_t FIPS_A3_KEY[32] = {0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe,
                                        0x2b, 0x73, 0xae, 0xf0, 0x85, 0x7d, 0x77, 0x81,
                                        0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61, 0x08, 0xd7,
                                        0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4};

/* FIPS-197 word w[i] as written in Appendix A ("b6630ca6": bytes b6 63 0c a6), as the
 * RK register holding it reads (byte 0 in bits 7:0). */
static uint32_t fips_word(uint32_t printed)
{
    return ((printed >> 24) & 0xffu) | ((printed >> 8) & 0xff00u) | ((printed << 8) & 0xff0000u) | (printed << 24);
}

/* w[i] of slot's encryption schedule, as the mock IP received it. */
static uint32_t received_w(unsigned slot, unsigned i)
{
    return mock.rk[slot][AES_RK_TABLE_ENC][i / 4u][i % 4u];
}

static void test_init(void)
{
    aes_dev_t dev;
    mock_reset(caps_word(4, AES_KEY_LEN_K256, 1, 0));
    CHECK(aes_init(NULL, fake_regs) == AES_E_NULL);
    CHECK(aes_init(&dev, NULL) == AES_E_NULL);
    CHECK(aes_init(&dev, fake_regs) == AES_OK);
    CHECK(dev.key_slots == 4 && dev.max_key_bytes == 32 && dev.decrypt == 1 && dev.host_keys == 0);
    mock_reset(caps_word(16, AES_KEY_LEN_K128, 0, 1));
    CHECK(aes_init(&dev, fake_regs) == AES_OK);
    CHECK(dev.key_slots == 16 && dev.max_key_bytes == 16 && dev.decrypt == 0 && dev.host_keys == 1);
    CHECK(dev.gcm == 0 && dev.lanes == 1);
    /* CAPS[21]: the build has GCM; CAPS[8:5]: lanes. */
    mock_reset((caps_word(2, AES_KEY_LEN_K128, 1, 0) & ~AES__CAPS__LANES_bm) | (1u << 21) |
               AES_FIELD_PREP(AES__CAPS__LANES, 4));
    CHECK(aes_init(&dev, fake_regs) == AES_OK);
    CHECK(dev.gcm == 1 && dev.lanes == 4 && dev.key_slots == 2);
    mock.id = 0x12345678u;
    CHECK(aes_init(&dev, fake_regs) == AES_E_NODEV);
    CHECK(dev.key_slots == 0); /* unusable after a failed init */
    CHECK(mock.nlog == 0);
}

static void test_bad_arguments_are_refused_before_any_write(void)
{
    aes_dev_t dev;
    uint8_t key[32] = {0};
    uint32_t v;
    mock_reset(caps_word(4, AES_KEY_LEN_K192, 1, 0));
    CHECK(aes_init(&dev, fake_regs) == AES_OK);
    CHECK(aes_load_key(NULL, 0, key, 16) == AES_E_NULL);
    CHECK(aes_load_key(&dev, 0, NULL, 16) == AES_E_NULL);
    CHECK(aes_load_key(&dev, 4, key, 16) == AES_E_SLOT);
    CHECK(aes_load_key(&dev, 99, key, 16) == AES_E_SLOT);
    CHECK(aes_load_key(&dev, 0, key, 0) == AES_E_KEYLEN);
    CHECK(aes_load_key(&dev, 0, key, 15) == AES_E_KEYLEN);
    CHECK(aes_load_key(&dev, 0, key, 20) == AES_E_KEYLEN);
    CHECK(aes_load_key(&dev, 0, key, 32) == AES_E_KEYLEN); /* above MAX_KEY_BITS = 192 */
    CHECK(aes_load_round_keys(&dev, 0, key, 16) == AES_E_UNSUPPORTED); /* HW build */
    CHECK(aes_load_round_keys(&dev, 5, key, 16) == AES_E_SLOT);
    CHECK(aes_clear_key(&dev, 0x10u) == AES_E_SLOT);
    CHECK(aes_clear_key(NULL, 1u) == AES_E_NULL);
    CHECK(aes_wait_slots(&dev, 0x100u) == AES_E_SLOT);
    CHECK(aes_status(&dev, NULL) == AES_E_NULL);
    CHECK(aes_slots(NULL, &v) == AES_E_NULL);
    CHECK(aes_read_errors(&dev, NULL) == AES_E_NULL);
    CHECK(aes_clear_errors(NULL, 1u) == AES_E_NULL);
    CHECK(aes_expand_key(NULL, 16, NULL, NULL) == AES_E_NULL);
    CHECK(mock.nlog == 0);
    mock_reset(caps_word(4, AES_KEY_LEN_K256, 1, 1));
    CHECK(aes_init(&dev, fake_regs) == AES_OK);
    CHECK(aes_load_key(&dev, 0, key, 16) == AES_E_UNSUPPORTED); /* HOST build */
    CHECK(aes_load_round_keys(&dev, 0, key, 17) == AES_E_KEYLEN);
    CHECK(mock.nlog == 0);
}

static void test_load_key_writes_little_endian_words_then_commits(void)
{
    aes_dev_t dev;
    uint8_t key[32];
    unsigned i;
    for (i = 0; i < 32; i++) {
        key[i] = (uint8_t)i;
    }
    mock_reset(caps_word(4, AES_KEY_LEN_K256, 1, 0));
    CHECK(aes_init(&dev, fake_regs) == AES_OK);
    CHECK(aes_load_key(&dev, 2, key, 32) == AES_OK);
    CHECK(mock.nlog == 9);
    for (i = 0; i < 8; i++) { /* docs/specification.md §1: KEY0 = bytes 0..3 with byte 0 in [7:0] */
        CHECK(mock.log[i].offset == AES_REG_WORD(KEY, i));
        CHECK(mock.log[i].value == (uint32_t)(4u * i) * 0x01010101u + 0x03020100u);
    }
    CHECK(mock.log[0].value == 0x03020100u && mock.log[7].value == 0x1f1e1d1cu);
    CHECK(mock.log[8].offset == AES_REG_OFFSET(KEY_CTRL));
    CHECK(mock.log[8].value == (2u | (AES_KEY_LEN_K256 << AES__KEY_CTRL__LEN_bp) | AES__KEY_CTRL__COMMIT_bm));
    CHECK(mock.refused == 0);
    CHECK(mock.slot_key[2][0] == 0x03020100u && mock.slot_len[2] == AES_KEY_LEN_K256);
    CHECK(aes_wait_slots(&dev, 1u << 2) == AES_OK);
    CHECK(mock.loaded == (1u << 2) && mock.loading == 0);

    /* AES-128: four words, length code 0. */
    mock.nlog = 0;
    CHECK(aes_load_key(&dev, 3, FIPS_A1_KEY, 16) == AES_OK);
    CHECK(mock.nlog == 5 && mock.log[0].value == 0x16157e2bu && mock.log[3].value == 0x3c4fcf09u);
    CHECK(mock.log[4].value == (3u | AES__KEY_CTRL__COMMIT_bm));
    CHECK(mock.refused == 0);
}

static void test_load_key_waits_for_the_expander(void)
{
    aes_dev_t dev;
    int i;
    mock_reset(caps_word(4, AES_KEY_LEN_K128, 1, 0));
    CHECK(aes_init(&dev, fake_regs) == AES_OK);
    mock.load_delay = 50;
    CHECK(aes_load_key(&dev, 0, FIPS_A1_KEY, 16) == AES_OK);
    mock.nlog = 0;
    mock.reads = 0;
    /* Slot 0 is still expanding: the next load waits, then commits once it is free. */
    CHECK(aes_load_key(&dev, 1, FIPS_A1_KEY, 16) == AES_OK);
    CHECK(mock.reads > 50);
    CHECK(mock.refused == 0 && mock.nlog == 5);
    for (i = 0; i < 4; i++) {
        CHECK(mock.log[i].offset == AES_REG_WORD(KEY, i));
    }
    /* A loading bit that never clears ends in a timeout, with nothing written. */
    mock.stuck = 1;
    mock.loading = 1u;
    mock.nlog = 0;
    dev.poll_limit = 100;
    CHECK(aes_load_key(&dev, 2, FIPS_A1_KEY, 16) == AES_E_TIMEOUT);
    CHECK(mock.nlog == 0);
    CHECK(aes_wait_slots(&dev, 1u) == AES_E_TIMEOUT);
}

static void test_clear_key_and_errors(void)
{
    aes_dev_t dev;
    uint32_t v = 0;
    mock_reset(caps_word(16, AES_KEY_LEN_K256, 1, 0));
    CHECK(aes_init(&dev, fake_regs) == AES_OK);
    CHECK(aes_load_key(&dev, 15, FIPS_A3_KEY, 32) == AES_OK);
    CHECK(aes_wait_slots(&dev, 0x8000u) == AES_OK);
    mock.nlog = 0;
    CHECK(aes_clear_key(&dev, 0x8001u) == AES_OK);
    CHECK(mock.nlog == 1 && mock.log[0].offset == AES_REG_OFFSET(KEY_CLEAR) && mock.log[0].value == 0x8001u);
    CHECK(aes_slots(&dev, &v) == AES_OK && (v >> 16) == 0x8001u);
    CHECK(mock.slot_key[15][0] == 0);
    mock.err = AES__ERR__BAD_LENGTH_bm | AES__ERR__CTR_WRAP_bm;
    CHECK(aes_read_errors(&dev, &v) == AES_OK && v == mock.err);
    CHECK(aes_clear_errors(&dev, AES__ERR__CTR_WRAP_bm) == AES_OK);
    CHECK(mock.err == AES__ERR__BAD_LENGTH_bm);
    /* ERR[7]: result code 7, the GCM tag mismatch. */
    CHECK(AES__ERR__TAG_MISMATCH_bm == 0x80u && AES_RESULT_TAG_MISMATCH == 7u);
    CHECK(AES__IRQ_EN__TAG_MISMATCH_bm == 0x80u && AES__CAPS__GCM_bm == (1u << 21));
    mock.err |= AES__ERR__TAG_MISMATCH_bm;
    CHECK(aes_read_errors(&dev, &v) == AES_OK && v == (AES__ERR__BAD_LENGTH_bm | 0x80u));
    CHECK(aes_clear_errors(&dev, 0x80u) == AES_OK);
    CHECK(mock.err == AES__ERR__BAD_LENGTH_bm);
    CHECK(aes_status(&dev, &v) == AES_OK && (v & AES__STATUS__SELFTEST_PASSED_bm));
    CHECK(mock.refused == 0);
}

/* Load key into slot 1 of a HOST build and check the sequence of register writes. */
static void check_round_key_sequence(const uint8_t *key, size_t key_len, int decrypt)
{
    aes_dev_t dev;
    int nr = (int)(key_len / 4u) + 6, r, i, n = 0;
    int tables = decrypt ? 2 : 1, t;
    mock_reset(caps_word(4, AES_KEY_LEN_K256, decrypt, 1));
    CHECK(aes_init(&dev, fake_regs) == AES_OK);
    mock.loaded = 1u << 1; /* a key is in the slot: the driver must clear it first */
    CHECK(aes_load_round_keys(&dev, 1, key, key_len) == AES_OK);
    CHECK(mock.refused == 0);
    CHECK(mock.nlog == 1 + tables * (nr + 1) * 5 + 1);
    CHECK(mock.log[n].offset == AES_REG_OFFSET(KEY_CLEAR) && mock.log[n].value == (1u << 1));
    n++;
    for (t = 0; t < tables; t++) {
        for (r = 0; r <= nr; r++) {
            for (i = 0; i < 4; i++, n++) {
                CHECK(mock.log[n].offset == AES_REG_WORD(RK, i));
            }
            CHECK(mock.log[n].offset == AES_REG_OFFSET(RK_CTRL));
            CHECK(mock.log[n].value == (1u | ((uint32_t)t << AES__RK_CTRL__TABLE_bp) |
                                        ((uint32_t)r << AES__RK_CTRL__INDEX_bp) | AES__RK_CTRL__WRITE_bm));
            n++;
        }
    }
    CHECK(mock.log[n].offset == AES_REG_OFFSET(RK_CTRL));
    CHECK(mock.log[n].value == (1u | ((uint32_t)(nr - 10) / 2u << AES__RK_CTRL__LEN_bp) | AES__RK_CTRL__COMMIT_bm));
    CHECK(mock.loaded == (1u << 1) && mock.slot_len[1] == (unsigned)(nr - 10) / 2u);
    /* Round key 0 is the key itself; the equivalent-inverse table starts at rk[Nr]
     * and ends with rk[0]. */
    for (i = 0; i < 4; i++) {
        uint32_t word = (uint32_t)key[4 * i] | ((uint32_t)key[4 * i + 1] << 8) |
                        ((uint32_t)key[4 * i + 2] << 16) | ((uint32_t)key[4 * i + 3] << 24);
        CHECK(mock.rk[1][AES_RK_TABLE_ENC][0][i] == word);
        if (decrypt) {
            CHECK(mock.rk[1][AES_RK_TABLE_DEC][nr][i] == word);
            CHECK(mock.rk[1][AES_RK_TABLE_DEC][0][i] == mock.rk[1][AES_RK_TABLE_ENC][nr][i]);
        } else {
            CHECK(mock.rk[1][AES_RK_TABLE_DEC][nr][i] == 0);
        }
    }
}

static void test_load_round_keys_fips197_appendix_a(void)
{
    /* A.1, AES-128: w4 = a0fafe17, w10 = 5935807a, w43 = b6630ca6. */
    check_round_key_sequence(FIPS_A1_KEY, 16, 1);
    CHECK(received_w(1, 4) == fips_word(0xa0fafe17u));
    CHECK(received_w(1, 10) == fips_word(0x5935807au));
    CHECK(received_w(1, 43) == fips_word(0xb6630ca6u));
    /* A.2, AES-192: w6 = fe0c91f7, w51 = 01002202. */
    check_round_key_sequence(FIPS_A2_KEY, 24, 1);
    CHECK(received_w(1, 6) == fips_word(0xfe0c91f7u));
    CHECK(received_w(1, 51) == fips_word(0x01002202u));
    /* A.3, AES-256: w8 = 9ba35411, w12 = a8b09c1a, w59 = 706c631e. */
    check_round_key_sequence(FIPS_A3_KEY, 32, 1);
    CHECK(received_w(1, 8) == fips_word(0x9ba35411u));
    CHECK(received_w(1, 12) == fips_word(0xa8b09c1au));
    CHECK(received_w(1, 59) == fips_word(0x706c631eu));
    /* An encrypt-only build gets no decryption table. */
    check_round_key_sequence(FIPS_A1_KEY, 16, 0);
    CHECK(received_w(1, 43) == fips_word(0xb6630ca6u));
}

static void test_load_round_keys_waits_for_the_clear(void)
{
    aes_dev_t dev;
    mock_reset(caps_word(2, AES_KEY_LEN_K128, 1, 1));
    CHECK(aes_init(&dev, fake_regs) == AES_OK);
    mock.loaded = 1u;
    mock.clear_delay = 40;
    CHECK(aes_load_round_keys(&dev, 0, FIPS_A1_KEY, 16) == AES_OK);
    CHECK(mock.refused == 0 && mock.reads > 40);
    /* A clear that never ends: timeout after the KEY_CLEAR, no round key written. */
    mock.stuck = 1;
    mock.loading = 1u;
    mock.nlog = 0;
    dev.poll_limit = 10;
    CHECK(aes_load_round_keys(&dev, 0, FIPS_A1_KEY, 16) == AES_E_TIMEOUT);
    CHECK(mock.nlog == 1 && mock.log[0].offset == AES_REG_OFFSET(KEY_CLEAR));
}

/* ------------------------------------------------------------------------------------
 * GCM frames.
 */

static void test_gcm_bad_arguments_write_nothing(void)
{
    static const uint8_t iv[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    static const uint8_t tag[16] = {0};
    uint8_t data[64] = {0}, frame[512], out[16];
    aes_gcm_layout_t l;
    size_t i, n;
    int untouched = 1;
    static const size_t bad_tags[] = {0, 1, 3, 5, 6, 7, 9, 10, 11, 17, 32};
    static const unsigned bad_lanes[] = {0, 3, 5, 16};
    memset(frame, 0xA5, sizeof frame);
    CHECK(aes_gcm_frame(1, iv, 11, data, 4, data, 4, NULL, 16, frame, sizeof frame, &l) == AES_E_IVLEN);
    CHECK(aes_gcm_frame(1, iv, 13, data, 4, data, 4, NULL, 16, frame, sizeof frame, &l) == AES_E_IVLEN);
    CHECK(aes_gcm_frame(1, iv, 16, data, 4, data, 4, NULL, 16, frame, sizeof frame, &l) == AES_E_IVLEN);
    CHECK(aes_gcm_frame(1, iv, 0, data, 4, data, 4, NULL, 16, frame, sizeof frame, &l) == AES_E_IVLEN);
    for (i = 0; i < sizeof bad_tags / sizeof bad_tags[0]; i++) {
        CHECK(aes_gcm_frame(1, iv, 12, data, 4, data, 4, NULL, bad_tags[i], frame, sizeof frame, &l) == AES_E_TAGLEN);
        CHECK(aes_gcm_frame(1, iv, 12, data, 4, data, 4, tag, bad_tags[i], frame, sizeof frame, &l) == AES_E_TAGLEN);
        CHECK(aes_gcm_layout(2, 0, 0, bad_tags[i], &l) == AES_E_TAGLEN);
    }
    for (i = 0; i < sizeof bad_lanes / sizeof bad_lanes[0]; i++) {
        CHECK(aes_gcm_frame(bad_lanes[i], iv, 12, data, 4, data, 4, NULL, 16, frame, sizeof frame, &l) == AES_E_LANES);
    }
    CHECK(aes_gcm_frame(1, NULL, 12, data, 4, data, 4, NULL, 16, frame, sizeof frame, &l) == AES_E_NULL);
    CHECK(aes_gcm_frame(1, iv, 12, NULL, 4, data, 4, NULL, 16, frame, sizeof frame, &l) == AES_E_NULL);
    CHECK(aes_gcm_frame(1, iv, 12, data, 4, NULL, 4, NULL, 16, frame, sizeof frame, &l) == AES_E_NULL);
    CHECK(aes_gcm_frame(1, iv, 12, data, 4, data, 4, NULL, 16, NULL, sizeof frame, &l) == AES_E_NULL);
    CHECK(aes_gcm_frame(1, iv, 12, data, 4, data, 4, NULL, 16, frame, sizeof frame, NULL) == AES_E_NULL);
    CHECK(aes_gcm_layout(1, 0, 0, 16, NULL) == AES_E_NULL);
    /* 16 bytes of AAD and 17 of payload on one lane: 1 + 1 + 2 + 1 beats, 80 bytes. */
    CHECK(aes_gcm_frame(1, iv, 12, data, 16, data, 17, NULL, 16, frame, 79, &l) == AES_E_SPACE);
    /* The AAD length is a 32-bit count (the layout needs no buffer, so try 2^32 here). */
#if SIZE_MAX > 0xFFFFFFFFu
    CHECK(aes_gcm_layout(1, (size_t)1 << 32, 0, 16, &l) == AES_E_AADLEN);
    CHECK(aes_gcm_layout(8, ((size_t)1 << 32) + 5, 0, 16, &l) == AES_E_AADLEN);
    CHECK(aes_gcm_frame(1, iv, 12, data, (size_t)1 << 32, data, 4, NULL, 16, frame, sizeof frame, &l) == AES_E_AADLEN);
#endif
    CHECK(aes_gcm_layout(8, 0xFFFFFFFFu, 0, 16, &l) == AES_OK && l.aad_beats == 0x2000000u);
    /* A frame longer than memory. */
    CHECK(aes_gcm_layout(1, 0, SIZE_MAX, 16, &l) == AES_E_SPACE);
    CHECK(aes_gcm_layout(8, 0, SIZE_MAX - 300u, 4, &l) == AES_E_SPACE);
    for (n = 0; n < sizeof frame; n++) {
        untouched &= frame[n] == 0xA5u;
    }
    CHECK(untouched);
    /* split: NULLs and a short output buffer. */
    CHECK(aes_gcm_layout(1, 0, 0, 16, &l) == AES_OK && l.frame_bytes == 32u);
    CHECK(aes_gcm_split(NULL, frame, sizeof frame, out, out) == AES_E_NULL);
    CHECK(aes_gcm_split(&l, NULL, sizeof frame, out, out) == AES_E_NULL);
    CHECK(aes_gcm_split(&l, frame, 31, out, out) == AES_E_SPACE);
    CHECK(aes_gcm_split(&l, frame, 32, NULL, NULL) == AES_OK);
    CHECK(aes_gcm_beat_keep(NULL, 0) == 0u && aes_gcm_tkeep_word(NULL, 0, 0) == 0u);
}

static void test_gcm_frame_layout(void)
{
    uint8_t iv[12], aad[40], payload[70], tag[13], frame[512], got_payload[70], got_tag[13];
    aes_gcm_layout_t l;
    size_t i;
    int ok = 1;
    for (i = 0; i < sizeof iv; i++) {
        iv[i] = (uint8_t)(0xA0u + i);
    }
    for (i = 0; i < sizeof aad; i++) {
        aad[i] = (uint8_t)(0x10u + i);
    }
    for (i = 0; i < sizeof payload; i++) {
        payload[i] = (uint8_t)(0x80u + i);
    }
    for (i = 0; i < sizeof tag; i++) {
        tag[i] = (uint8_t)(0xF0u + i);
    }
    memset(frame, 0xA5, sizeof frame);
    /* Two lanes (32-byte beats), 33 bytes of AAD (2 beats), 70 of payload (3 beats, the
     * last keeping 6 bytes), a 13-byte expected tag: 1 + 2 + 3 + 1 = 7 beats. */
    CHECK(aes_gcm_frame(2, iv, 12, aad, 33, payload, 70, tag, 13, frame, sizeof frame, &l) == AES_OK);
    CHECK(l.beat_bytes == 32u && l.aad_beats == 2u && l.payload_beats == 3u && l.beats == 7u);
    CHECK(l.frame_bytes == 224u && l.payload_offset == 96u && l.tag_offset == 192u);
    CHECK(l.aad_len == 33u && l.payload_len == 70u && l.tag_len == 13u);
    CHECK(memcmp(frame, iv, 12) == 0);
    CHECK(frame[12] == 0 && frame[13] == 0 && frame[14] == 0 && frame[15] == 33);
    for (i = 16; i < 32; i++) { /* lane 1 of the IV beat */
        ok &= frame[i] == 0;
    }
    CHECK(ok);
    CHECK(memcmp(frame + 32, aad, 33) == 0);
    for (i = 65; i < 96; i++) { /* AAD padding */
        ok &= frame[i] == 0;
    }
    CHECK(ok);
    CHECK(memcmp(frame + 96, payload, 70) == 0);
    for (i = 166; i < 192; i++) { /* past the payload */
        ok &= frame[i] == 0;
    }
    CHECK(ok);
    CHECK(memcmp(frame + 192, tag, 13) == 0);
    for (i = 205; i < 224; i++) {
        ok &= frame[i] == 0;
    }
    CHECK(ok);
    CHECK(frame[224] == 0xA5u); /* nothing past the frame */
    CHECK(aes_gcm_beat_keep(&l, 0) == 32u && aes_gcm_beat_keep(&l, 1) == 32u && aes_gcm_beat_keep(&l, 2) == 32u);
    CHECK(aes_gcm_beat_keep(&l, 3) == 32u && aes_gcm_beat_keep(&l, 4) == 32u && aes_gcm_beat_keep(&l, 5) == 6u);
    CHECK(aes_gcm_beat_keep(&l, 6) == 13u && aes_gcm_beat_keep(&l, 7) == 0u);
    CHECK(aes_gcm_tkeep_word(&l, 0, 0) == 0xFFFFFFFFu && aes_gcm_tkeep_word(&l, 5, 0) == 0x3Fu);
    CHECK(aes_gcm_tkeep_word(&l, 6, 0) == 0x1FFFu && aes_gcm_tkeep_word(&l, 6, 1) == 0u);
    /* The answer in the same shape: payload and tag come back out. */
    CHECK(aes_gcm_split(&l, frame, l.frame_bytes, got_payload, got_tag) == AES_OK);
    CHECK(memcmp(got_payload, payload, 70) == 0 && memcmp(got_tag, tag, 13) == 0);
    /* Encryption, no AAD, no payload (GMAC of nothing), eight lanes: IV beat and tag beat. */
    CHECK(aes_gcm_frame(8, iv, 12, NULL, 0, NULL, 0, NULL, 4, frame, 256, &l) == AES_OK);
    CHECK(l.beats == 2u && l.frame_bytes == 256u && l.payload_offset == 128u && l.tag_offset == 128u);
    CHECK(frame[15] == 0 && frame[128] == 0 && aes_gcm_beat_keep(&l, 1) == 4u);
    CHECK(aes_gcm_tkeep_word(&l, 0, 3) == 0xFFFFFFFFu && aes_gcm_tkeep_word(&l, 1, 0) == 0xFu);
    CHECK(aes_gcm_tkeep_word(&l, 1, 1) == 0u);
}

/*
 * gcm mode: one case per line of stdin, one answer per line of stdout; hex strings, "-"
 * for an empty one.
 *   frame LANES IV AAD PAYLOAD TAG    TAG: the expected tag (hex), or encN to encrypt with a
 *                                     tag of N bytes. Answer: "RC" when it fails, else
 *                                     "0 FRAME_BYTES KEEPS TKEEPS FRAME", KEEPS the kept
 *                                     bytes of each beat and TKEEPS each beat's tkeep words
 *                                     (aes_gcm_tkeep_word, hex, word 0 first, joined by
 *                                     '.'), both comma-separated
 *   split LANES A P T OUT             lengths of the input frame; OUT the output frame.
 *                                     Answer: "RC" or "0 PAYLOAD TAG"
 */
#define GCM_MAX 8192

static int parse_hex(const char *hex, uint8_t *out, size_t max, size_t *len)
{
    size_t n = strlen(hex), i;
    if (strcmp(hex, "-") == 0) {
        *len = 0;
        return 0;
    }
    if (n % 2u || n / 2u > max) {
        return -1;
    }
    for (i = 0; i < n / 2u; i++) {
        unsigned b;
        if (sscanf(hex + 2 * i, "%2x", &b) != 1) {
            return -1;
        }
        out[i] = (uint8_t)b;
    }
    *len = n / 2u;
    return 0;
}

static void print_hex(const uint8_t *b, size_t n)
{
    size_t i;
    if (n == 0) {
        printf("-");
    }
    for (i = 0; i < n; i++) {
        printf("%02x", (unsigned)b[i]);
    }
}

static int gcm_cases(void)
{
    static char line[4 * GCM_MAX];
    static uint8_t iv[GCM_MAX], aad[GCM_MAX], payload[GCM_MAX], tag[GCM_MAX], frame[GCM_MAX];
    while (fgets(line, sizeof line, stdin) != NULL) {
        char *tok[7];
        int ntok = 0;
        char *t = strtok(line, " \n");
        aes_gcm_layout_t l;
        int rc;
        while (t != NULL && ntok < 7) {
            tok[ntok++] = t;
            t = strtok(NULL, " \n");
        }
        if (ntok == 6 && strcmp(tok[0], "frame") == 0) {
            size_t niv, naad, npay, ntag, k;
            unsigned w;
            const uint8_t *tagp = tag;
            if (parse_hex(tok[2], iv, GCM_MAX, &niv) || parse_hex(tok[3], aad, GCM_MAX, &naad) ||
                parse_hex(tok[4], payload, GCM_MAX, &npay)) {
                return 2;
            }
            if (strncmp(tok[5], "enc", 3) == 0) { /* no hex string starts so */
                ntag = (size_t)strtoul(tok[5] + 3, NULL, 10);
                tagp = NULL;
            } else if (parse_hex(tok[5], tag, GCM_MAX, &ntag)) {
                return 2;
            }
            rc = aes_gcm_frame((unsigned)strtoul(tok[1], NULL, 10), iv, niv, naad ? aad : NULL, naad,
                               npay ? payload : NULL, npay, tagp, ntag, frame, sizeof frame, &l);
            printf("%d", rc);
            if (rc == AES_OK) {
                printf(" %lu ", (unsigned long)l.frame_bytes);
                for (k = 0; k < l.beats; k++) {
                    printf("%s%lu", k ? "," : "", (unsigned long)aes_gcm_beat_keep(&l, k));
                }
                printf(" ");
                for (k = 0; k < l.beats; k++) {
                    printf("%s", k ? "," : "");
                    for (w = 0; w < (l.beat_bytes + 31u) / 32u; w++) {
                        printf("%s%lx", w ? "." : "", (unsigned long)aes_gcm_tkeep_word(&l, k, w));
                    }
                }
                printf(" ");
                print_hex(frame, l.frame_bytes);
            }
            printf("\n");
        } else if (ntok == 6 && strcmp(tok[0], "split") == 0) {
            size_t nout;
            if (parse_hex(tok[5], frame, GCM_MAX, &nout)) {
                return 2;
            }
            rc = aes_gcm_layout((unsigned)strtoul(tok[1], NULL, 10), (size_t)strtoul(tok[2], NULL, 10),
                                (size_t)strtoul(tok[3], NULL, 10), (size_t)strtoul(tok[4], NULL, 10), &l);
            if (rc == AES_OK) {
                rc = aes_gcm_split(&l, frame, nout, payload, tag);
            }
            printf("%d", rc);
            if (rc == AES_OK) {
                printf(" ");
                print_hex(payload, l.payload_len);
                printf(" ");
                print_hex(tag, l.tag_len);
            }
            printf("\n");
        } else {
            fprintf(stderr, "bad gcm case\n");
            return 2;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------------------
 * dump mode.
 */

static int parse_hex_key(const char *hex, uint8_t *key, size_t *len)
{
    size_t n = strlen(hex), i;
    if (n % 2u || n / 2u > 32u) {
        return -1;
    }
    for (i = 0; i < n / 2u; i++) {
        unsigned b;
        if (sscanf(hex + 2 * i, "%2x", &b) != 1) {
            return -1;
        }
        key[i] = (uint8_t)b;
    }
    *len = n / 2u;
    return 0;
}

static int dump(const char *hex)
{
    aes_dev_t dev;
    uint8_t key[32];
    size_t len = 0;
    int nr, t, r, i;
    if (parse_hex_key(hex, key, &len) != 0) {
        fprintf(stderr, "bad key %s\n", hex);
        return 2;
    }
    mock_reset(caps_word(4, AES_KEY_LEN_K256, 1, 1));
    if (aes_init(&dev, fake_regs) != AES_OK || aes_load_round_keys(&dev, 0, key, len) != AES_OK || mock.refused) {
        fprintf(stderr, "load failed\n");
        return 1;
    }
    nr = (int)(len / 4u) + 6;
    for (t = 0; t < 2; t++) {
        for (r = 0; r <= nr; r++) {
            printf("%s %d ", t ? "dec" : "enc", r);
            for (i = 0; i < 16; i++) { /* bytes in FIPS-197 order */
                printf("%02x", (unsigned)(mock.rk[0][t][r][i / 4] >> (8 * (i % 4))) & 0xffu);
            }
            printf("\n");
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "dump") == 0) {
        return dump(argv[2]);
    }
    if (argc == 2 && strcmp(argv[1], "gcm") == 0) {
        return gcm_cases();
    }
    test_init();
    test_bad_arguments_are_refused_before_any_write();
    test_load_key_writes_little_endian_words_then_commits();
    test_load_key_waits_for_the_expander();
    test_clear_key_and_errors();
    test_load_round_keys_fips197_appendix_a();
    test_load_round_keys_waits_for_the_clear();
    test_gcm_bad_arguments_write_nothing();
    test_gcm_frame_layout();
    printf("test_driver: %d passed, %d failed\n", passed, failed);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
