// SPDX-License-Identifier: Apache-2.0
/*
 * aes_driver.c: the aescores AES IP driver (see aes_driver.h).
 */
#include "aes_driver.h"

/* ------------------------------------------------------------------------------------
 * Register access: the only two places that touch the bus.
 */
#if defined(AES_DRIVER_MOCK)
#define AES_REG_READ(base, offset)         aes_mock_read((base), (offset))
#define AES_REG_WRITE(base, offset, value) aes_mock_write((base), (offset), (value))
#elif !defined(AES_REG_READ) || !defined(AES_REG_WRITE)
#define AES_REG_READ(base, offset)         ((base)[(offset) / 4u])
#define AES_REG_WRITE(base, offset, value) ((base)[(offset) / 4u] = (value))
#endif

static inline uint32_t reg_read(const aes_dev_t *dev, uint32_t offset)
{
    return AES_REG_READ(dev->base, offset);
}

static inline void reg_write(const aes_dev_t *dev, uint32_t offset, uint32_t value)
{
    AES_REG_WRITE(dev->base, offset, value);
}

/* ------------------------------------------------------------------------------------
 * Helpers.
 */

/* Little-endian word of 4 bytes (docs/specification.md §1: byte 4w in bits [7:0] of word w). */
static uint32_t le32(const uint8_t *b)
{
    return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) | ((uint32_t)b[3] << 24);
}

/* Zero a buffer in a way the compiler may not drop. */
static void scrub(void *p, size_t n)
{
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--) {
        *v++ = 0;
    }
}

/* The key length code (AES_KEY_LEN_*) of a key of n bytes, or -1. */
static int key_len_code(size_t n)
{
    switch (n) {
    case 16: return (int)AES_KEY_LEN_K128;
    case 24: return (int)AES_KEY_LEN_K192;
    case 32: return (int)AES_KEY_LEN_K256;
    default: return -1;
    }
}

static int check_key(const aes_dev_t *dev, unsigned slot, const uint8_t *key, size_t key_len)
{
    if (dev == NULL || dev->base == NULL || key == NULL) {
        return AES_E_NULL;
    }
    if (slot >= dev->key_slots) {
        return AES_E_SLOT;
    }
    if (key_len_code(key_len) < 0 || key_len > dev->max_key_bytes) {
        return AES_E_KEYLEN;
    }
    return AES_OK;
}

/* Poll SLOTS until (SLOTS & mask) == want, at most dev->poll_limit reads. */
static int wait_slots_state(const aes_dev_t *dev, uint32_t mask, uint32_t want)
{
    unsigned long n;
    for (n = 0; n < dev->poll_limit; n++) {
        if ((reg_read(dev, AES_REG_OFFSET(SLOTS)) & mask) == want) {
            return AES_OK;
        }
    }
    return AES_E_TIMEOUT;
}

/* ------------------------------------------------------------------------------------
 * Key expansion (FIPS-197 §5.2) and the equivalent inverse cipher's keys (§5.3.5),
 * with no table and no branch on key data.
 */

/* Multiplication by x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1. */
static uint8_t xtime(uint8_t a)
{
    return (uint8_t)((a << 1) ^ (0x1bu & (0u - (unsigned)(a >> 7))));
}

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint8_t p = 0;
    int i;
    for (i = 0; i < 8; i++) {
        p ^= (uint8_t)(a & (0u - (unsigned)(b & 1u)));
        a = xtime(a);
        b = (uint8_t)(b >> 1);
    }
    return p;
}

/* The S-box: multiplicative inverse (a^254, with 0 -> 0), then the affine map. */
static uint8_t sub_byte(uint8_t a)
{
    uint8_t r = 1, s = a, b;
    int i;
    for (i = 0; i < 7; i++) { /* r = a^2 * a^4 * ... * a^128 = a^254 */
        s = gf_mul(s, s);
        r = gf_mul(r, s);
    }
    b = r;
    return (uint8_t)(b ^ (uint8_t)((b << 1) | (b >> 7)) ^ (uint8_t)((b << 2) | (b >> 6)) ^
                     (uint8_t)((b << 3) | (b >> 5)) ^ (uint8_t)((b << 4) | (b >> 4)) ^ 0x63u);
}

/* InvMixColumns of one 16-byte round key, in place. */
static void inv_mix_columns(uint8_t k[AES_BLOCK_BYTES])
{
    int c;
    for (c = 0; c < 4; c++) {
        uint8_t *col = &k[4 * c];
        uint8_t a0 = col[0], a1 = col[1], a2 = col[2], a3 = col[3];
        col[0] = (uint8_t)(gf_mul(a0, 14) ^ gf_mul(a1, 11) ^ gf_mul(a2, 13) ^ gf_mul(a3, 9));
        col[1] = (uint8_t)(gf_mul(a0, 9) ^ gf_mul(a1, 14) ^ gf_mul(a2, 11) ^ gf_mul(a3, 13));
        col[2] = (uint8_t)(gf_mul(a0, 13) ^ gf_mul(a1, 9) ^ gf_mul(a2, 14) ^ gf_mul(a3, 11));
        col[3] = (uint8_t)(gf_mul(a0, 11) ^ gf_mul(a1, 13) ^ gf_mul(a2, 9) ^ gf_mul(a3, 14));
    }
}

int aes_expand_key(const uint8_t *key, size_t key_len,
                   uint8_t enc[AES_MAX_ROUND_KEYS][AES_BLOCK_BYTES],
                   uint8_t dec[AES_MAX_ROUND_KEYS][AES_BLOCK_BYTES])
{
    uint8_t w[4 * AES_MAX_ROUND_KEYS][4]; /* the key schedule words w[i] */
    uint8_t rcon = 1;
    int nk, nr, i, j, r;

    if (key == NULL || enc == NULL) {
        return AES_E_NULL;
    }
    if (key_len_code(key_len) < 0) {
        return AES_E_KEYLEN;
    }
    nk = (int)(key_len / 4u);
    nr = nk + 6;
    for (i = 0; i < nk; i++) {
        for (j = 0; j < 4; j++) {
            w[i][j] = key[4 * i + j];
        }
    }
    for (i = nk; i < 4 * (nr + 1); i++) {
        uint8_t t[4];
        for (j = 0; j < 4; j++) {
            t[j] = w[i - 1][j];
        }
        if (i % nk == 0) { /* RotWord, SubWord, Rcon */
            uint8_t t0 = t[0];
            t[0] = (uint8_t)(sub_byte(t[1]) ^ rcon);
            t[1] = sub_byte(t[2]);
            t[2] = sub_byte(t[3]);
            t[3] = sub_byte(t0);
            rcon = xtime(rcon);
        } else if (nk > 6 && i % nk == 4) { /* SubWord (AES-256) */
            for (j = 0; j < 4; j++) {
                t[j] = sub_byte(t[j]);
            }
        }
        for (j = 0; j < 4; j++) {
            w[i][j] = (uint8_t)(w[i - nk][j] ^ t[j]);
        }
    }
    for (r = 0; r <= nr; r++) {
        for (i = 0; i < 4; i++) {
            for (j = 0; j < 4; j++) {
                enc[r][4 * i + j] = w[4 * r + i][j];
            }
        }
    }
    if (dec != NULL) {
        for (r = 0; r <= nr; r++) {
            for (i = 0; i < (int)AES_BLOCK_BYTES; i++) {
                dec[r][i] = enc[nr - r][i];
            }
            if (r != 0 && r != nr) {
                inv_mix_columns(dec[r]);
            }
        }
    }
    scrub(w, sizeof w);
    return nr;
}

/* ------------------------------------------------------------------------------------
 * The driver.
 */

int aes_init(aes_dev_t *dev, volatile uint32_t *base)
{
    uint32_t caps;
    if (dev == NULL || base == NULL) {
        return AES_E_NULL;
    }
    dev->base = base;
    dev->poll_limit = AES_DEFAULT_POLL_LIMIT;
    dev->caps = 0;
    dev->key_slots = 0; /* no slot usable until the IP is identified */
    dev->max_key_bytes = 0;
    dev->decrypt = 0;
    dev->host_keys = 0;
    dev->gcm = 0;
    dev->lanes = 0;
    if (reg_read(dev, AES_REG_OFFSET(ID)) != AES__ID__ID_reset) {
        return AES_E_NODEV;
    }
    caps = reg_read(dev, AES_REG_OFFSET(CAPS));
    dev->caps = caps;
    dev->key_slots = (unsigned)AES_FIELD_GET(AES__CAPS__KEY_SLOTS, caps);
    if (dev->key_slots > 16u) {
        dev->key_slots = 16u; /* KEY_CTRL.slot has 4 bits */
    }
    switch (AES_FIELD_GET(AES__CAPS__MAX_KEY, caps)) {
    case AES_KEY_LEN_K128: dev->max_key_bytes = 16u; break;
    case AES_KEY_LEN_K192: dev->max_key_bytes = 24u; break;
    case AES_KEY_LEN_K256: dev->max_key_bytes = 32u; break;
    default: dev->max_key_bytes = 0u; break; /* unknown code: accept no key */
    }
    dev->decrypt = AES_FIELD_GET(AES__CAPS__DECRYPT, caps) != 0u;
    dev->host_keys = AES_FIELD_GET(AES__CAPS__HOST_KEYS, caps) != 0u;
    dev->gcm = AES_FIELD_GET(AES__CAPS__GCM, caps) != 0u;
    dev->lanes = (unsigned)AES_FIELD_GET(AES__CAPS__LANES, caps);
    return AES_OK;
}

int aes_status(const aes_dev_t *dev, uint32_t *status)
{
    if (dev == NULL || dev->base == NULL || status == NULL) {
        return AES_E_NULL;
    }
    *status = reg_read(dev, AES_REG_OFFSET(STATUS));
    return AES_OK;
}

int aes_slots(const aes_dev_t *dev, uint32_t *slots)
{
    if (dev == NULL || dev->base == NULL || slots == NULL) {
        return AES_E_NULL;
    }
    *slots = reg_read(dev, AES_REG_OFFSET(SLOTS));
    return AES_OK;
}

int aes_load_key(const aes_dev_t *dev, unsigned slot, const uint8_t *key, size_t key_len)
{
    int rc = check_key(dev, slot, key, key_len);
    unsigned w;
    if (rc != AES_OK) {
        return rc;
    }
    if (dev->host_keys) {
        return AES_E_UNSUPPORTED; /* no key-expansion unit: use aes_load_round_keys */
    }
    /* A commit is refused while the key-expansion unit is busy: wait for it. */
    rc = wait_slots_state(dev, AES__SLOTS__LOADING_bm, 0u);
    if (rc != AES_OK) {
        return rc;
    }
    for (w = 0; w < key_len / 4u; w++) {
        reg_write(dev, AES_REG_WORD(KEY, w), le32(&key[4u * w]));
    }
    reg_write(dev, AES_REG_OFFSET(KEY_CTRL),
              AES_FIELD_PREP(AES__KEY_CTRL__SLOT, slot) |
              AES_FIELD_PREP(AES__KEY_CTRL__LEN, key_len_code(key_len)) |
              AES__KEY_CTRL__COMMIT_bm);
    return AES_OK;
}

int aes_clear_key(const aes_dev_t *dev, uint32_t slot_mask)
{
    if (dev == NULL || dev->base == NULL) {
        return AES_E_NULL;
    }
    if (dev->key_slots == 0u || (slot_mask >> dev->key_slots) != 0u) {
        return AES_E_SLOT;
    }
    reg_write(dev, AES_REG_OFFSET(KEY_CLEAR), AES_FIELD_PREP(AES__KEY_CLEAR__SLOTS, slot_mask));
    return AES_OK;
}

int aes_wait_slots(const aes_dev_t *dev, uint32_t slot_mask)
{
    uint32_t loaded, loading;
    if (dev == NULL || dev->base == NULL) {
        return AES_E_NULL;
    }
    if (dev->key_slots == 0u || (slot_mask >> dev->key_slots) != 0u) {
        return AES_E_SLOT;
    }
    loaded = AES_FIELD_PREP(AES__SLOTS__LOADED, slot_mask);
    loading = AES_FIELD_PREP(AES__SLOTS__LOADING, slot_mask);
    return wait_slots_state(dev, loaded | loading, loaded);
}

int aes_read_errors(const aes_dev_t *dev, uint32_t *errors)
{
    if (dev == NULL || dev->base == NULL || errors == NULL) {
        return AES_E_NULL;
    }
    *errors = reg_read(dev, AES_REG_OFFSET(ERR));
    return AES_OK;
}

int aes_clear_errors(const aes_dev_t *dev, uint32_t mask)
{
    if (dev == NULL || dev->base == NULL) {
        return AES_E_NULL;
    }
    reg_write(dev, AES_REG_OFFSET(ERR), mask);
    return AES_OK;
}

/* Write one round key into RK0..RK3 and store it with RK_CTRL. */
static void write_round_key(const aes_dev_t *dev, unsigned slot, unsigned table, unsigned index,
                            const uint8_t rk[AES_BLOCK_BYTES])
{
    unsigned w;
    for (w = 0; w < AES_REG_COUNT(RK); w++) {
        reg_write(dev, AES_REG_WORD(RK, w), le32(&rk[4u * w]));
    }
    reg_write(dev, AES_REG_OFFSET(RK_CTRL),
              AES_FIELD_PREP(AES__RK_CTRL__SLOT, slot) |
              AES_FIELD_PREP(AES__RK_CTRL__TABLE, table) |
              AES_FIELD_PREP(AES__RK_CTRL__INDEX, index) |
              AES__RK_CTRL__WRITE_bm);
}

int aes_load_round_keys(const aes_dev_t *dev, unsigned slot, const uint8_t *key, size_t key_len)
{
    uint8_t enc[AES_MAX_ROUND_KEYS][AES_BLOCK_BYTES];
    uint8_t dec[AES_MAX_ROUND_KEYS][AES_BLOCK_BYTES];
    uint32_t bit;
    int rc = check_key(dev, slot, key, key_len);
    int nr, r;
    if (rc != AES_OK) {
        return rc;
    }
    if (!dev->host_keys) {
        return AES_E_UNSUPPORTED; /* on-chip expansion: use aes_load_key */
    }
    /* Round keys go only into an empty slot: clear it and wait until it is empty. */
    bit = 1u << slot;
    reg_write(dev, AES_REG_OFFSET(KEY_CLEAR), AES_FIELD_PREP(AES__KEY_CLEAR__SLOTS, bit));
    rc = wait_slots_state(dev, AES_FIELD_PREP(AES__SLOTS__LOADED, bit) | AES_FIELD_PREP(AES__SLOTS__LOADING, bit), 0u);
    if (rc != AES_OK) {
        return rc;
    }
    nr = aes_expand_key(key, key_len, enc, dev->decrypt ? dec : NULL);
    for (r = 0; r <= nr; r++) {
        write_round_key(dev, slot, AES_RK_TABLE_ENC, (unsigned)r, enc[r]);
    }
    if (dev->decrypt) {
        for (r = 0; r <= nr; r++) {
            write_round_key(dev, slot, AES_RK_TABLE_DEC, (unsigned)r, dec[r]);
        }
    }
    reg_write(dev, AES_REG_OFFSET(RK_CTRL),
              AES_FIELD_PREP(AES__RK_CTRL__SLOT, slot) |
              AES_FIELD_PREP(AES__RK_CTRL__LEN, key_len_code(key_len)) |
              AES__RK_CTRL__COMMIT_bm);
    scrub(enc, sizeof enc);
    scrub(dec, sizeof dec);
    return AES_OK;
}

/* ------------------------------------------------------------------------------------
 * GCM frames (docs/specification.md §3a). No register access.
 */

/* 1 when n is a tag length SP 800-38D §5.2.1.2 allows (and the IP takes). */
static int gcm_tag_len_ok(size_t n)
{
    return n == 4u || n == 8u || (n >= 12u && n <= 16u);
}

/* Copy n bytes; the buffers do not overlap. */
static void copy_bytes(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        dst[i] = src[i];
    }
}

int aes_gcm_layout(unsigned lanes, size_t aad_len, size_t payload_len, size_t tag_len,
                   aes_gcm_layout_t *layout)
{
    size_t bb, aad_beats, payload_beats, max_beats;
    if (layout == NULL) {
        return AES_E_NULL;
    }
    if (lanes != 1u && lanes != 2u && lanes != 4u && lanes != 8u) {
        return AES_E_LANES;
    }
    if (!gcm_tag_len_ok(tag_len)) {
        return AES_E_TAGLEN;
    }
    if ((uint64_t)aad_len > 0xFFFFFFFFu) { /* bytes 12-15 of the IV beat count it */
        return AES_E_AADLEN;
    }
    bb = AES_BLOCK_BYTES * lanes;
    aad_beats = aad_len / bb + (aad_len % bb != 0u);
    payload_beats = payload_len / bb + (payload_len % bb != 0u);
    /* beats = 2 + aad_beats + payload_beats, and beats * bb, must fit in a size_t. */
    max_beats = SIZE_MAX / bb;
    if (aad_beats > max_beats - 2u || payload_beats > max_beats - 2u - aad_beats) {
        return AES_E_SPACE;
    }
    layout->beat_bytes = bb;
    layout->aad_len = aad_len;
    layout->payload_len = payload_len;
    layout->tag_len = tag_len;
    layout->aad_beats = aad_beats;
    layout->payload_beats = payload_beats;
    layout->beats = 2u + aad_beats + payload_beats;
    layout->frame_bytes = layout->beats * bb;
    layout->payload_offset = (1u + aad_beats) * bb;
    layout->tag_offset = (layout->beats - 1u) * bb;
    return AES_OK;
}

int aes_gcm_frame(unsigned lanes, const uint8_t *iv, size_t iv_len,
                  const uint8_t *aad, size_t aad_len,
                  const uint8_t *payload, size_t payload_len,
                  const uint8_t *tag, size_t tag_len,
                  uint8_t *frame, size_t frame_size, aes_gcm_layout_t *layout)
{
    aes_gcm_layout_t l;
    size_t i;
    int rc;
    if (iv == NULL || frame == NULL || layout == NULL || (aad == NULL && aad_len != 0u) ||
        (payload == NULL && payload_len != 0u)) {
        return AES_E_NULL;
    }
    if (iv_len != AES_GCM_IV_BYTES) {
        return AES_E_IVLEN;
    }
    rc = aes_gcm_layout(lanes, aad_len, payload_len, tag_len, &l);
    if (rc != AES_OK) {
        return rc;
    }
    if (frame_size < l.frame_bytes) {
        return AES_E_SPACE;
    }
    for (i = 0; i < l.frame_bytes; i++) {
        frame[i] = 0;
    }
    /* IV beat: the IV, then A as a 32-bit big-endian integer, in lane 0. */
    copy_bytes(frame, iv, AES_GCM_IV_BYTES);
    frame[12] = (uint8_t)((uint64_t)aad_len >> 24);
    frame[13] = (uint8_t)(aad_len >> 16);
    frame[14] = (uint8_t)(aad_len >> 8);
    frame[15] = (uint8_t)aad_len;
    /* The AAD from beat 1, the payload after it, both padded with the zeros above. */
    if (aad_len != 0u) {
        copy_bytes(frame + l.beat_bytes, aad, aad_len);
    }
    if (payload_len != 0u) {
        copy_bytes(frame + l.payload_offset, payload, payload_len);
    }
    /* The tag beat: the expected tag to decrypt, zeros to encrypt. */
    if (tag != NULL) {
        copy_bytes(frame + l.tag_offset, tag, tag_len);
    }
    *layout = l;
    return AES_OK;
}

size_t aes_gcm_beat_keep(const aes_gcm_layout_t *layout, size_t beat)
{
    size_t p;
    if (layout == NULL || beat >= layout->beats) {
        return 0u;
    }
    if (beat == layout->beats - 1u) {
        return layout->tag_len;
    }
    if (beat <= layout->aad_beats) {
        return layout->beat_bytes; /* the IV beat and the AAD beats are full */
    }
    p = beat - 1u - layout->aad_beats; /* payload beat p, before the tag beat */
    if (p + 1u < layout->payload_beats) {
        return layout->beat_bytes;
    }
    return layout->payload_len - p * layout->beat_bytes;
}

uint32_t aes_gcm_tkeep_word(const aes_gcm_layout_t *layout, size_t beat, unsigned w)
{
    size_t n = aes_gcm_beat_keep(layout, beat);
    size_t lo = 32u * (size_t)w;
    if (n <= lo) {
        return 0u;
    }
    if (n - lo >= 32u) {
        return 0xFFFFFFFFu;
    }
    return ((uint32_t)1u << (n - lo)) - 1u;
}

int aes_gcm_split(const aes_gcm_layout_t *layout, const uint8_t *out, size_t out_size,
                  uint8_t *payload, uint8_t *tag)
{
    if (layout == NULL || out == NULL) {
        return AES_E_NULL;
    }
    if (out_size < layout->frame_bytes) {
        return AES_E_SPACE;
    }
    /* The payload beats are contiguous and hold the payload from their first byte. */
    if (payload != NULL) {
        copy_bytes(payload, out + layout->payload_offset, layout->payload_len);
    }
    if (tag != NULL) {
        copy_bytes(tag, out + layout->tag_offset, layout->tag_len);
    }
    return AES_OK;
}
