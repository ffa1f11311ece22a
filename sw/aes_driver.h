// SPDX-License-Identifier: Apache-2.0
/*
 * aes_driver.h: a small C driver for the aescores AES IP (aes_axi).
 *
 * The IP is reached through its AXI4-Lite registers (docs/registers.md) at a
 * memory-mapped base address. Both headers it includes are generated from rdl/aes.rdl:
 * aes_regs.h by PeakRDL-cheader (the registers as the struct aes_t; field F of register
 * R as AES__R__F_bm, its bits in place, and AES__R__F_bp, its lowest bit) and
 * aes_codes.h (the encodings, AES_<ENCODING>_<NAME>, which PeakRDL-cheader does not
 * write). The macros below read them. Data goes through
 * the AXI4-Stream ports and is not the driver's business: the driver identifies the
 * IP, loads and clears keys, and reads and clears the error flags. The one exception is
 * the frame of a GCM message (mode 5, docs/specification.md §3a), which has a shape of
 * its own: aes_gcm_frame lays one out in a buffer for a DMA or a stream writer to send,
 * and aes_gcm_split takes the payload and the tag out of the IP's answer. These
 * functions touch no register.
 *
 * Every register access goes through AES_REG_READ(base, offset) and
 * AES_REG_WRITE(base, offset, value). By default they are volatile 32-bit loads and
 * stores at base + offset; define both before compiling aes_driver.c to use your
 * platform's accessors (with barriers, if its device memory needs them), or define
 * AES_DRIVER_MOCK to route them to aes_mock_read/aes_mock_write, which a host unit
 * test provides (sw/tests/test_driver.c).
 *
 * The driver keeps no copy of a key: the buffers it uses are zeroed before it
 * returns. Functions return AES_OK (0) or a negative AES_E_* code; a call that
 * returns an error on its arguments has not touched the IP.
 *
 * C99, no allocation, no library beyond <stddef.h> and <stdint.h>.
 */
#ifndef AES_DRIVER_H
#define AES_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "aes_codes.h"
#include "aes_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Register offsets and fields, from the generated aes_regs.h:
 *   AES_REG_OFFSET(R)           byte offset of register R from the base (R may be KEY[3])
 *   AES_REG_WORD(A, w)          byte offset of word w of the register array A (KEY, RK)
 *   AES_REG_COUNT(A)            number of words of the register array A
 *   AES_FIELD_GET(AES__R__F, v) field F of register R in the register value v
 *   AES_FIELD_PREP(AES__R__F, x) x placed in field F of register R
 */
#define AES_REG_OFFSET(reg)         ((uint32_t)offsetof(aes_t, reg))
#define AES_REG_WORD(array, w)      (AES_REG_OFFSET(array) + 4u * (uint32_t)(w))
#define AES_REG_COUNT(array)        ((uint32_t)(sizeof(((aes_t *)0)->array) / sizeof(uint32_t)))
#define AES_FIELD_GET(field, value) ((((uint32_t)(value)) & (uint32_t)field##_bm) >> field##_bp)
#define AES_FIELD_PREP(field, x)    ((((uint32_t)(x)) << field##_bp) & (uint32_t)field##_bm)

/* Return codes. */
#define AES_OK             0
#define AES_E_NULL        (-1) /* a pointer argument is NULL */
#define AES_E_SLOT        (-2) /* a slot (or slot mask bit) not below the build's KEY_SLOTS */
#define AES_E_KEYLEN      (-3) /* key length not 16, 24 or 32 bytes, or above MAX_KEY_BITS */
#define AES_E_NODEV       (-4) /* the ID register does not read its value (AES__ID__ID_reset) */
#define AES_E_UNSUPPORTED (-5) /* not in this build (e.g. aes_load_key on a HOST-key build) */
#define AES_E_TIMEOUT     (-6) /* the IP did not get ready within poll_limit register reads */
#define AES_E_IVLEN       (-7) /* GCM: the IV is not 12 bytes (the IP takes 96-bit IVs only) */
#define AES_E_TAGLEN      (-8) /* GCM: tag length not 4, 8, 12, 13, 14, 15 or 16 bytes */
#define AES_E_AADLEN      (-9) /* GCM: AAD of 2^32 bytes or more (its length is a 32-bit count) */
#define AES_E_LANES       (-10) /* GCM: lanes not 1, 2, 4 or 8 */
#define AES_E_SPACE       (-11) /* GCM: the buffer is shorter than the frame, or the frame's
                                   length does not fit in a size_t */

/* Longest key schedule: AES-256 has Nr = 14, so 15 round keys of 16 bytes. */
#define AES_MAX_ROUND_KEYS 15u
#define AES_BLOCK_BYTES    16u

/* Default number of SLOTS reads a wait may take before AES_E_TIMEOUT. */
#define AES_DEFAULT_POLL_LIMIT 1000000ul

/* One IP instance. aes_init fills it in from the ID and CAPS registers. */
typedef struct aes_dev {
    volatile uint32_t *base; /* the IP's register base address */
    uint32_t caps;           /* CAPS as read at aes_init */
    unsigned key_slots;      /* CAPS.key_slots */
    unsigned max_key_bytes;  /* 16, 24 or 32, from CAPS.max_key */
    int decrypt;             /* CAPS.decrypt: the build decrypts */
    int host_keys;           /* CAPS.host_keys: the host writes the round keys */
    int gcm;                 /* CAPS.gcm: the build has GCM (mode 5; without it, code 5) */
    unsigned lanes;          /* CAPS.lanes: blocks per beat, for aes_gcm_layout */
    unsigned long poll_limit; /* SLOTS reads before a wait gives up (AES_E_TIMEOUT) */
} aes_dev_t;

/*
 * Bind dev to the IP at base: check ID, read CAPS. poll_limit is set to
 * AES_DEFAULT_POLL_LIMIT; change it afterwards if you like.
 */
int aes_init(aes_dev_t *dev, volatile uint32_t *base);

/* Read STATUS (self-test done and passed, a message in flight) into *status. */
int aes_status(const aes_dev_t *dev, uint32_t *status);

/* Read SLOTS (bits 15:0 loaded, 31:16 loading or being cleared) into *slots. */
int aes_slots(const aes_dev_t *dev, uint32_t *slots);

/*
 * Load key (key_len bytes: 16, 24 or 32, key byte 0 first, as FIPS-197 writes it)
 * into slot, on a build with on-chip key expansion. Waits until no slot is loading
 * (the key-expansion unit is free), writes KEY0..KEY(key_len/4 - 1) and commits with
 * KEY_CTRL. It returns once the commit is written: the expansion then runs in the
 * background, and a message that selects the slot waits for it in hardware. Call
 * aes_wait_slots to wait for it in software. Messages already running on the slot
 * finish with the old key.
 */
int aes_load_key(const aes_dev_t *dev, unsigned slot, const uint8_t *key, size_t key_len);

/*
 * Zeroize the slots whose bits are set in slot_mask (KEY_CLEAR). Returns once the
 * command is written; the slots read loading while they are being cleared, then
 * empty. Messages that select them end with result code 3.
 */
int aes_clear_key(const aes_dev_t *dev, uint32_t slot_mask);

/* Wait until every slot in slot_mask is loaded and none of them is loading. */
int aes_wait_slots(const aes_dev_t *dev, uint32_t slot_mask);

/* Read ERR (bit c: a message ended with result code c) into *errors. */
int aes_read_errors(const aes_dev_t *dev, uint32_t *errors);

/* Clear the ERR bits set in mask (write 1 to clear). */
int aes_clear_errors(const aes_dev_t *dev, uint32_t mask);

/*
 * Load key into slot on a KEY_EXPANSION="HOST" build: the driver expands the key
 * itself and writes the round keys through RK0..RK3 and RK_CTRL. Round keys may only
 * go into an empty slot, so this first clears the slot (KEY_CLEAR) and waits until it
 * is empty: messages on that slot end with result code 3 until the commit. Then it
 * writes the encryption round keys (index 0..Nr), the decryption round keys in
 * equivalent-inverse-cipher order if the build decrypts, and commits the slot with its
 * key length. The slot is usable when this returns AES_OK.
 */
int aes_load_round_keys(const aes_dev_t *dev, unsigned slot, const uint8_t *key, size_t key_len);

/*
 * The FIPS-197 key expansion, as aes_load_round_keys writes it: enc[r] is round key
 * rk[r] (FIPS-197 w[4r..4r+3], byte 4c+j = row j of column c) for r = 0..Nr; dec[0]
 * is rk[Nr], dec[i] is InvMixColumns(rk[Nr-i]) for 0 < i < Nr, dec[Nr] is rk[0]
 * (the equivalent inverse cipher's order, FIPS-197 §5.3.5). dec may be NULL. Returns
 * Nr (10, 12 or 14), or a negative AES_E_* code. Runs in time independent of the key.
 */
int aes_expand_key(const uint8_t *key, size_t key_len,
                   uint8_t enc[AES_MAX_ROUND_KEYS][AES_BLOCK_BYTES],
                   uint8_t dec[AES_MAX_ROUND_KEYS][AES_BLOCK_BYTES]);

/*
 * GCM messages (mode 5, docs/specification.md §3a). A message is one AXI4-Stream frame of
 * beats of 16 * lanes bytes (lanes = CAPS.lanes), s_axis_tuser[2:0] = AES_MODE_GCM on its
 * first beat:
 *
 *   beat 0          IV beat: lane 0 bytes 0-11 the 96-bit IV, bytes 12-15 the AAD length
 *                   A in bytes as a 32-bit big-endian integer; the other lanes zero.
 *   aad_beats       the AAD, padded with zeros to whole beats (none when A = 0).
 *   payload_beats   the payload (plaintext to encrypt, ciphertext to decrypt), every beat
 *                   full but the last, which keeps bytes 0..n-1 (none when it is empty:
 *                   GMAC).
 *   last beat       tag beat (tlast): lane 0 holds the expected tag (decryption) or zeros
 *                   (encryption); it keeps bytes 0..t-1, t the tag length.
 *
 * Every beat keeps bytes 0..n-1 of itself for some n (aes_gcm_beat_keep), so its tkeep is
 * the n low bits (aes_gcm_tkeep_word). The frame buffer holds every beat whole, bytes not
 * kept zero: beat k at byte k * beat_bytes. The IP answers with a frame of the same beats
 * and tkeep: IV and AAD beats echoed, the payload transformed, the computed tag in the
 * tag beat (encryption; decryption echoes the expected tag when it matches, code 0, and
 * gives zeros and code 7, AES_RESULT_TAG_MISMATCH, when it does not: the plaintext must
 * then be discarded). The answer can go into the same buffer: aes_gcm_split, or the
 * payload and tag in place at payload_offset and tag_offset.
 */
#define AES_GCM_IV_BYTES 12u

/* The shape of one GCM frame; aes_gcm_layout and aes_gcm_frame fill it in. */
typedef struct aes_gcm_layout {
    size_t beat_bytes;     /* 16 * lanes */
    size_t aad_len;        /* A: AAD bytes (the IV beat's bytes 12-15) */
    size_t payload_len;    /* payload bytes */
    size_t tag_len;        /* t: tag bytes */
    size_t aad_beats;      /* ceil(A / beat_bytes) */
    size_t payload_beats;  /* ceil(payload_len / beat_bytes) */
    size_t beats;          /* beats in the frame: 1 + aad_beats + payload_beats + 1 */
    size_t frame_bytes;    /* beats * beat_bytes: the length of the frame buffer */
    size_t payload_offset; /* the payload's first byte in the frame: (1 + aad_beats) * beat_bytes */
    size_t tag_offset;     /* the tag beat's first byte: (beats - 1) * beat_bytes */
} aes_gcm_layout_t;

/*
 * The shape of a GCM frame with aad_len bytes of AAD, payload_len bytes of payload and
 * a tag of tag_len bytes on an IP of `lanes` lanes, into *layout. Errors: AES_E_NULL,
 * AES_E_LANES, AES_E_TAGLEN, AES_E_AADLEN, AES_E_SPACE (the frame's length overflows
 * size_t).
 */
int aes_gcm_layout(unsigned lanes, size_t aad_len, size_t payload_len, size_t tag_len,
                   aes_gcm_layout_t *layout);

/*
 * Lay out the input frame of a GCM message in frame[0 .. layout->frame_bytes) (every byte
 * written: data, or zero where nothing is kept) and fill in *layout. iv: iv_len bytes,
 * which must be AES_GCM_IV_BYTES. aad and payload may be NULL when their length is 0.
 * tag: the expected tag of tag_len bytes to decrypt, or NULL to encrypt (the tag beat's
 * data is then zero and tag_len is the tag length asked for). Buffers must not overlap.
 * Errors (nothing written): those of aes_gcm_layout, AES_E_NULL, AES_E_IVLEN, and
 * AES_E_SPACE when frame_size < layout->frame_bytes (call aes_gcm_layout first to size
 * the buffer).
 */
int aes_gcm_frame(unsigned lanes, const uint8_t *iv, size_t iv_len,
                  const uint8_t *aad, size_t aad_len,
                  const uint8_t *payload, size_t payload_len,
                  const uint8_t *tag, size_t tag_len,
                  uint8_t *frame, size_t frame_size, aes_gcm_layout_t *layout);

/*
 * Bytes kept by beat `beat` of the frame (its tkeep keeps bytes 0..n-1): beat_bytes for
 * the IV, AAD and full payload beats, the rest of the payload for its last beat, tag_len
 * for the tag beat; 0 past the last beat or when layout is NULL.
 */
size_t aes_gcm_beat_keep(const aes_gcm_layout_t *layout, size_t beat);

/* Bits 32w .. 32w+31 of beat `beat`'s tkeep (bit i keeps byte i): a tkeep of beat_bytes
 * bits is words w = 0 .. (beat_bytes + 31) / 32 - 1 (one word for 1 or 2 lanes). */
uint32_t aes_gcm_tkeep_word(const aes_gcm_layout_t *layout, size_t beat, unsigned w);

/*
 * Take the payload (layout->payload_len bytes) and the tag (layout->tag_len bytes) out of
 * the output frame `out` of a message whose input frame had this layout. payload or tag
 * may be NULL to skip it; they must not overlap `out`. Errors: AES_E_NULL (out or layout),
 * AES_E_SPACE (out_size < layout->frame_bytes). The result code of the message (the last
 * beat's m_axis_tuser[15:8]) says whether they are valid: only code 0 (AES_RESULT_OK)
 * gives a tag and a payload to use.
 */
int aes_gcm_split(const aes_gcm_layout_t *layout, const uint8_t *out, size_t out_size,
                  uint8_t *payload, uint8_t *tag);

#ifdef AES_DRIVER_MOCK
/* Provided by a host unit test when aes_driver.c is compiled with AES_DRIVER_MOCK. */
uint32_t aes_mock_read(volatile uint32_t *base, uint32_t offset);
void aes_mock_write(volatile uint32_t *base, uint32_t offset, uint32_t value);
#endif

#ifdef __cplusplus
}
#endif

#endif /* AES_DRIVER_H */
