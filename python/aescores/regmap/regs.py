# SPDX-License-Identifier: Apache-2.0
"""The aescores register map for Python: offsets, fields and encodings (docs/specification.md §5).

Generated from rdl/aes.rdl by `python -m aescores.regmap`: do not edit. The map for
people is docs/registers.md.

    from aescores.regmap import regs
    regs.KEY_CTRL.offset                                        # 0x010
    regs.KEY_CTRL.encode(slot=1, len=regs.KeyLen.K256, commit=1)
    regs.CAPS.decode(value)["lanes"]
    regs.MAP.at(0x01C).name                                     # "ERR"
"""

from __future__ import annotations

from enum import IntEnum

from aescores.regmap.model import EnumType, EnumValue, Field, Register, RegisterMap


# Registers, in offset order.

ID = Register(
    name='ID',
    offset=0x000,
    access='RO',
    title='Identification',
    desc='Always reads 0x41455331, "AES1" in ASCII. A driver checks it before anything else.',
    fields=(
        Field('id', lsb=0, width=32, kind='const', reset=0x41455331, hw='na', desc='The identification word 0x41455331.'),
    ),
)

CAPS = Register(
    name='CAPS',
    offset=0x004,
    access='RO',
    title='Capabilities',
    desc='The parameters this IP was built with, so that one driver serves every build.',
    fields=(
        Field('arch', lsb=0, width=2, kind='status', enum='arch', hw='w', desc='Architecture (ARCH).'),
        Field('stages', lsb=2, width=3, kind='status', hw='w', desc='Register stages per round (STAGES_PER_ROUND, 1 to 4) of a pipelined build; 1 for an iterative build.'),
        Field('lanes', lsb=5, width=4, kind='status', hw='w', desc='Blocks per beat (LANES: 1, 2, 4 or 8).'),
        Field('max_key', lsb=9, width=2, kind='status', enum='key_len', hw='w', desc='The longest key this build accepts (MAX_KEY_BITS).'),
        Field('key_slots', lsb=11, width=5, kind='status', hw='w', desc='Number of key slots (KEY_SLOTS, 1 to 16).'),
        Field('decrypt', lsb=16, width=1, kind='status', hw='w', desc='1 when the build decrypts (DECRYPT=1).'),
        Field('host_keys', lsb=17, width=1, kind='status', hw='w', desc='1 when the host writes the round keys (KEY_EXPANSION="HOST"): load keys with RK0..RK3 and RK_CTRL instead of KEY0..KEY7 and KEY_CTRL.'),
        Field('selftest', lsb=18, width=1, kind='status', hw='w', desc='1 when the build runs the power-up self-test (SELFTEST=1).'),
        Field('sbox', lsb=19, width=2, kind='status', enum='sbox', hw='w', desc='S-box implementation (SBOX).'),
    ),
)

LATENCY = Register(
    name='LATENCY',
    offset=0x008,
    access='RO',
    title='Latency',
    desc="Clocks from a block's input handshake to its output beat in ECB encryption without backpressure.",
    fields=(
        Field('clocks', lsb=0, width=32, kind='status', hw='w', desc='Latency in clocks.'),
    ),
)

STATUS = Register(
    name='STATUS',
    offset=0x00C,
    access='RO',
    title='Status',
    desc='Self-test result and activity.',
    fields=(
        Field('selftest_done', lsb=0, width=1, kind='status', hw='w', desc='1 once the self-test has finished (also 1 in a build without self-test). Falls in the clock after a CTRL[0] write, also while a message in flight keeps the rerun waiting, and rises when the rerun ends.'),
        Field('selftest_passed', lsb=1, width=1, kind='status', hw='w', desc='1 when the self-test has finished and passed (also 1 in a build without self-test); 0 while selftest_done is 0. After a failed self-test every message ends with result code 6 and zero data, up to the next self-test run (a message in flight when a rerun is requested keeps that verdict).'),
        Field('busy', lsb=2, width=1, kind='status', hw='w', desc='1 while a message is in flight (accepted but its last beat not yet out).'),
    ),
)

KEY_CTRL = Register(
    name='KEY_CTRL',
    offset=0x010,
    access='WO',
    title='Key control',
    desc='Commits the staging words KEY0..KEY7 into a key slot (HW key expansion builds). A write with commit set copies the staging words into the slot with the given key length, clears the staging words and expands the round keys in the background (SLOTS shows the slot loading, then loaded). Messages that started before the commit finish with the old key; a message that selects a slot still loading waits for the load. A write with commit clear does nothing. The IP refuses a commit (SLVERR, nothing happens, the staging words are kept) while the key-expansion unit is busy, while a self-test is due or running (from the CTRL[0] write until STATUS.selftest_done rises again: the self-test empties every slot), for a slot not below KEY_SLOTS, a key length above MAX_KEY_BITS, and in a KEY_EXPANSION="HOST" build. Reads return 0.',
    fields=(
        Field('slot', lsb=0, width=4, kind='command', hw='r', desc='Key slot to load (0 to KEY_SLOTS-1).'),
        Field('len', lsb=4, width=2, kind='command', enum='key_len', hw='r', desc='Key length: the first 16, 24 or 32 bytes of the staging words are the key.'),
        Field('commit', lsb=8, width=1, kind='command', hw='r', desc='1: commit the staging words into the slot.'),
    ),
    refusable=True,
)

KEY_CLEAR = Register(
    name='KEY_CLEAR',
    offset=0x014,
    access='WO',
    title='Key clear',
    desc='Zeroizes key slots: each slot whose bit is written 1 loses its key and round keys and becomes empty (SLOTS shows it loading while it is being cleared). Messages that select a slot being cleared or empty end with result code 3. Bits of slots not below KEY_SLOTS are ignored. Reads return 0.',
    fields=(
        Field('slots', lsb=0, width=16, kind='command', hw='r', desc='Bit s set: zeroize slot s.'),
    ),
)

SLOTS = Register(
    name='SLOTS',
    offset=0x018,
    access='RO',
    title='Slot state',
    desc='Which key slots hold a usable key, and which are busy: being loaded (KEY_CTRL commit, key expansion running) or being cleared (KEY_CLEAR). A slot that the host is filling through RK_CTRL shows neither until its commit.',
    fields=(
        Field('loaded', lsb=0, width=16, kind='status', hw='w', desc='Bit s set: slot s holds a usable key.'),
        Field('loading', lsb=16, width=16, kind='status', hw='w', desc='Bit s set: slot s is being loaded or cleared; messages that select it wait (load) or fail with code 3 (clear).'),
    ),
)

ERR = Register(
    name='ERR',
    offset=0x01C,
    access='RW1C',
    title='Errors',
    desc='Bit c is set when a message ends with result code c (docs/specification.md §3) and stays set until software writes 1 to it (write 1 to clear; writing 0 changes nothing). An error in the same clock as the clear is kept. The output `irq` is high while ERR & IRQ_EN is non-zero.',
    fields=(
        Field('bad_length', lsb=1, width=1, kind='event', reset=0x0, enable='IRQ_EN.bad_length', hw='w', desc='A message ended with result code 1: partial block in ECB/CBC, or only the IV beat.'),
        Field('bad_mode', lsb=2, width=1, kind='event', reset=0x0, enable='IRQ_EN.bad_mode', hw='w', desc='A message ended with result code 2: invalid mode.'),
        Field('slot_empty', lsb=3, width=1, kind='event', reset=0x0, enable='IRQ_EN.slot_empty', hw='w', desc='A message ended with result code 3: key slot empty, being cleared, or not below KEY_SLOTS.'),
        Field('ctr_wrap', lsb=4, width=1, kind='event', reset=0x0, enable='IRQ_EN.ctr_wrap', hw='w', desc='A message ended with result code 4: CTR counter wrapped.'),
        Field('not_built', lsb=5, width=1, kind='event', reset=0x0, enable='IRQ_EN.not_built', hw='w', desc='A message ended with result code 5: feature not in this build.'),
        Field('selftest_fail', lsb=6, width=1, kind='event', reset=0x0, enable='IRQ_EN.selftest_fail', hw='w', desc='A message ended with result code 6: self-test failed.'),
    ),
)

KEY0 = Register(
    name='KEY0',
    offset=0x020,
    access='WO',
    title='Key staging word 0',
    desc="Write-only staging words of the key for KEY_CTRL: KEYw holds key bytes 4w..4w+3, byte 4w in bits [7:0] (what a little-endian CPU's memcpy of the key writes). Written byte by byte under wstrb. Never readable: reads return 0. Cleared by a KEY_CTRL commit and by reset.",
    fields=(
        Field('data', lsb=0, width=32, kind='secret', hw='r', desc='Key bytes 4w (bits 7:0) to 4w+3 (bits 31:24).'),
    ),
    secret='key_stage',
    array='KEY',
    index=0,
)

KEY1 = Register(
    name='KEY1',
    offset=0x024,
    access='WO',
    title='Key staging word 1',
    desc="Write-only staging words of the key for KEY_CTRL: KEYw holds key bytes 4w..4w+3, byte 4w in bits [7:0] (what a little-endian CPU's memcpy of the key writes). Written byte by byte under wstrb. Never readable: reads return 0. Cleared by a KEY_CTRL commit and by reset.",
    fields=(
        Field('data', lsb=0, width=32, kind='secret', hw='r', desc='Key bytes 4w (bits 7:0) to 4w+3 (bits 31:24).'),
    ),
    secret='key_stage',
    array='KEY',
    index=1,
)

KEY2 = Register(
    name='KEY2',
    offset=0x028,
    access='WO',
    title='Key staging word 2',
    desc="Write-only staging words of the key for KEY_CTRL: KEYw holds key bytes 4w..4w+3, byte 4w in bits [7:0] (what a little-endian CPU's memcpy of the key writes). Written byte by byte under wstrb. Never readable: reads return 0. Cleared by a KEY_CTRL commit and by reset.",
    fields=(
        Field('data', lsb=0, width=32, kind='secret', hw='r', desc='Key bytes 4w (bits 7:0) to 4w+3 (bits 31:24).'),
    ),
    secret='key_stage',
    array='KEY',
    index=2,
)

KEY3 = Register(
    name='KEY3',
    offset=0x02C,
    access='WO',
    title='Key staging word 3',
    desc="Write-only staging words of the key for KEY_CTRL: KEYw holds key bytes 4w..4w+3, byte 4w in bits [7:0] (what a little-endian CPU's memcpy of the key writes). Written byte by byte under wstrb. Never readable: reads return 0. Cleared by a KEY_CTRL commit and by reset.",
    fields=(
        Field('data', lsb=0, width=32, kind='secret', hw='r', desc='Key bytes 4w (bits 7:0) to 4w+3 (bits 31:24).'),
    ),
    secret='key_stage',
    array='KEY',
    index=3,
)

KEY4 = Register(
    name='KEY4',
    offset=0x030,
    access='WO',
    title='Key staging word 4',
    desc="Write-only staging words of the key for KEY_CTRL: KEYw holds key bytes 4w..4w+3, byte 4w in bits [7:0] (what a little-endian CPU's memcpy of the key writes). Written byte by byte under wstrb. Never readable: reads return 0. Cleared by a KEY_CTRL commit and by reset.",
    fields=(
        Field('data', lsb=0, width=32, kind='secret', hw='r', desc='Key bytes 4w (bits 7:0) to 4w+3 (bits 31:24).'),
    ),
    secret='key_stage',
    array='KEY',
    index=4,
)

KEY5 = Register(
    name='KEY5',
    offset=0x034,
    access='WO',
    title='Key staging word 5',
    desc="Write-only staging words of the key for KEY_CTRL: KEYw holds key bytes 4w..4w+3, byte 4w in bits [7:0] (what a little-endian CPU's memcpy of the key writes). Written byte by byte under wstrb. Never readable: reads return 0. Cleared by a KEY_CTRL commit and by reset.",
    fields=(
        Field('data', lsb=0, width=32, kind='secret', hw='r', desc='Key bytes 4w (bits 7:0) to 4w+3 (bits 31:24).'),
    ),
    secret='key_stage',
    array='KEY',
    index=5,
)

KEY6 = Register(
    name='KEY6',
    offset=0x038,
    access='WO',
    title='Key staging word 6',
    desc="Write-only staging words of the key for KEY_CTRL: KEYw holds key bytes 4w..4w+3, byte 4w in bits [7:0] (what a little-endian CPU's memcpy of the key writes). Written byte by byte under wstrb. Never readable: reads return 0. Cleared by a KEY_CTRL commit and by reset.",
    fields=(
        Field('data', lsb=0, width=32, kind='secret', hw='r', desc='Key bytes 4w (bits 7:0) to 4w+3 (bits 31:24).'),
    ),
    secret='key_stage',
    array='KEY',
    index=6,
)

KEY7 = Register(
    name='KEY7',
    offset=0x03C,
    access='WO',
    title='Key staging word 7',
    desc="Write-only staging words of the key for KEY_CTRL: KEYw holds key bytes 4w..4w+3, byte 4w in bits [7:0] (what a little-endian CPU's memcpy of the key writes). Written byte by byte under wstrb. Never readable: reads return 0. Cleared by a KEY_CTRL commit and by reset.",
    fields=(
        Field('data', lsb=0, width=32, kind='secret', hw='r', desc='Key bytes 4w (bits 7:0) to 4w+3 (bits 31:24).'),
    ),
    secret='key_stage',
    array='KEY',
    index=7,
)

IRQ_EN = Register(
    name='IRQ_EN',
    offset=0x040,
    access='RW',
    title='Interrupt enable',
    desc='The ERR bits that raise `irq`; bit c enables ERR bit c. Read-write, written byte by byte under wstrb.',
    fields=(
        Field('bad_length', lsb=1, width=1, kind='storage', reset=0x0, hw='na', desc='ERR.bad_length raises irq.'),
        Field('bad_mode', lsb=2, width=1, kind='storage', reset=0x0, hw='na', desc='ERR.bad_mode raises irq.'),
        Field('slot_empty', lsb=3, width=1, kind='storage', reset=0x0, hw='na', desc='ERR.slot_empty raises irq.'),
        Field('ctr_wrap', lsb=4, width=1, kind='storage', reset=0x0, hw='na', desc='ERR.ctr_wrap raises irq.'),
        Field('not_built', lsb=5, width=1, kind='storage', reset=0x0, hw='na', desc='ERR.not_built raises irq.'),
        Field('selftest_fail', lsb=6, width=1, kind='storage', reset=0x0, hw='na', desc='ERR.selftest_fail raises irq.'),
    ),
)

MSGS = Register(
    name='MSGS',
    offset=0x044,
    access='RO',
    title='Messages',
    desc='Messages completed since reset (wraps at 2^32).',
    fields=(
        Field('count', lsb=0, width=32, kind='status', hw='w', desc='Message count.'),
    ),
)

BLOCKS = Register(
    name='BLOCKS',
    offset=0x048,
    access='RO',
    title='Blocks',
    desc='Blocks processed since reset, IV beats not counted (wraps at 2^32).',
    fields=(
        Field('count', lsb=0, width=32, kind='status', hw='w', desc='Block count.'),
    ),
)

CTRL = Register(
    name='CTRL',
    offset=0x04C,
    access='RW',
    title='Control',
    desc='Actions. Reads return 0.',
    fields=(
        Field('selftest', lsb=0, width=1, kind='pulse', hw='r', desc='Write 1: rerun the self-test. STATUS.selftest_done falls at once; the run starts when no message is in the IP (a new message is not started meanwhile) and empties every key slot; key commands are refused until it ends.'),
    ),
)

RK0 = Register(
    name='RK0',
    offset=0x050,
    access='WO',
    title='Round-key staging word 0',
    desc='KEY_EXPANSION="HOST" builds: write-only staging words of one 128-bit round key for RK_CTRL. RKw holds round-key bytes 4w..4w+3, byte 4w in bits [7:0]; round-key byte i is the AES state byte i (row i%4, column i/4). Written byte by byte under wstrb. Never readable: reads return 0. Cleared by each RK_CTRL write and by reset.',
    fields=(
        Field('data', lsb=0, width=32, kind='secret', hw='r', desc='Round-key bytes 4w (bits 7:0) to 4w+3 (bits 31:24).'),
    ),
    secret='rk_stage',
    array='RK',
    index=0,
)

RK1 = Register(
    name='RK1',
    offset=0x054,
    access='WO',
    title='Round-key staging word 1',
    desc='KEY_EXPANSION="HOST" builds: write-only staging words of one 128-bit round key for RK_CTRL. RKw holds round-key bytes 4w..4w+3, byte 4w in bits [7:0]; round-key byte i is the AES state byte i (row i%4, column i/4). Written byte by byte under wstrb. Never readable: reads return 0. Cleared by each RK_CTRL write and by reset.',
    fields=(
        Field('data', lsb=0, width=32, kind='secret', hw='r', desc='Round-key bytes 4w (bits 7:0) to 4w+3 (bits 31:24).'),
    ),
    secret='rk_stage',
    array='RK',
    index=1,
)

RK2 = Register(
    name='RK2',
    offset=0x058,
    access='WO',
    title='Round-key staging word 2',
    desc='KEY_EXPANSION="HOST" builds: write-only staging words of one 128-bit round key for RK_CTRL. RKw holds round-key bytes 4w..4w+3, byte 4w in bits [7:0]; round-key byte i is the AES state byte i (row i%4, column i/4). Written byte by byte under wstrb. Never readable: reads return 0. Cleared by each RK_CTRL write and by reset.',
    fields=(
        Field('data', lsb=0, width=32, kind='secret', hw='r', desc='Round-key bytes 4w (bits 7:0) to 4w+3 (bits 31:24).'),
    ),
    secret='rk_stage',
    array='RK',
    index=2,
)

RK3 = Register(
    name='RK3',
    offset=0x05C,
    access='WO',
    title='Round-key staging word 3',
    desc='KEY_EXPANSION="HOST" builds: write-only staging words of one 128-bit round key for RK_CTRL. RKw holds round-key bytes 4w..4w+3, byte 4w in bits [7:0]; round-key byte i is the AES state byte i (row i%4, column i/4). Written byte by byte under wstrb. Never readable: reads return 0. Cleared by each RK_CTRL write and by reset.',
    fields=(
        Field('data', lsb=0, width=32, kind='secret', hw='r', desc='Round-key bytes 4w (bits 7:0) to 4w+3 (bits 31:24).'),
    ),
    secret='rk_stage',
    array='RK',
    index=3,
)

RK_CTRL = Register(
    name='RK_CTRL',
    offset=0x060,
    access='WO',
    title='Round-key control',
    desc='KEY_EXPANSION="HOST" builds: stores host-computed round keys into an empty slot. A write with `write` set stores RK0..RK3 as round key `index` of table `table` of slot `slot` and clears RK0..RK3. A write with `commit` set marks the slot loaded with key length `len`: messages may use it from then on. Both set: the round key is stored, then the slot marked loaded. Neither set: nothing happens (OKAY, in every build). Round keys may only be written into an empty slot: clear it first with KEY_CLEAR and wait until SLOTS shows it neither loaded nor loading. The IP refuses (SLVERR, nothing happens) a write or commit to a slot that is loaded, loading or being cleared, a slot not below KEY_SLOTS, an index above 14 or above the Nr of MAX_KEY_BITS, table DEC in a DECRYPT=0 build, a commit length above MAX_KEY_BITS, every write or commit while a self-test is due or running, and every write or commit in a KEY_EXPANSION="HW" build. Round keys not written before the commit are zero. Load sequence for a key of Nr rounds: for r = 0..Nr write RK0..RK3 with rk[r] and RK_CTRL (slot, index r, table ENC, write); if CAPS.decrypt, for i = 0..Nr write the decryption key of index i and RK_CTRL (slot, index i, table DEC, write); then RK_CTRL (slot, len, commit). Reads return 0.',
    fields=(
        Field('slot', lsb=0, width=4, kind='command', hw='r', desc='Key slot (0 to KEY_SLOTS-1).'),
        Field('len', lsb=4, width=2, kind='command', enum='key_len', hw='r', desc='Key length recorded by commit (Nr = 10, 12, 14).'),
        Field('commit', lsb=8, width=1, kind='command', hw='r', desc='1: mark the slot loaded with key length len.'),
        Field('write', lsb=12, width=1, kind='command', hw='r', desc='1: store RK0..RK3 as round key index of table table.'),
        Field('table', lsb=13, width=1, kind='command', enum='rk_table', hw='r', desc='Which round-key table the write goes to: 0 encryption, 1 decryption (equivalent inverse cipher order).'),
        Field('index', lsb=16, width=4, kind='command', hw='r', desc='Round-key index 0..Nr: round i of either direction uses index i.'),
    ),
    refusable=True,
)

#: The words of the KEY array, index order.
KEY = (KEY0, KEY1, KEY2, KEY3, KEY4, KEY5, KEY6, KEY7,)

#: The words of the RK array, index order.
RK = (RK0, RK1, RK2, RK3,)


# Encodings, as IntEnum for use in code.


class Arch(IntEnum):
    """Encoding arch of rdl/aes.rdl."""

    ITERATIVE = 0
    PIPELINED = 1


class KeyLen(IntEnum):
    """Encoding key_len of rdl/aes.rdl."""

    K128 = 0
    K192 = 1
    K256 = 2


class Sbox(IntEnum):
    """Encoding sbox of rdl/aes.rdl."""

    LUT = 0
    TTABLE = 1
    COMPOSITE = 2


class RkTable(IntEnum):
    """Encoding rk_table of rdl/aes.rdl."""

    ENC = 0
    DEC = 1


class Mode(IntEnum):
    """Encoding mode of rdl/aes.rdl."""

    ECB = 0
    CBC = 1
    CFB128 = 2
    OFB = 3
    CTR = 4


class Dir(IntEnum):
    """Encoding dir of rdl/aes.rdl."""

    ENCRYPT = 0
    DECRYPT = 1


class TuserShift(IntEnum):
    """Encoding tuser_shift of rdl/aes.rdl."""

    MODE = 0
    DIR = 3
    SLOT = 4
    RESULT = 8


class Result(IntEnum):
    """Encoding result of rdl/aes.rdl."""

    OK = 0
    BAD_LENGTH = 1
    BAD_MODE = 2
    SLOT_EMPTY = 3
    CTR_WRAP = 4
    NOT_BUILT = 5
    SELFTEST_FAIL = 6


ENUMS = (
    EnumType('arch', (
        EnumValue('ITERATIVE', 0, 'ARCH="ITERATIVE": one round per clock, one round unit reused.'),
        EnumValue('PIPELINED', 1, 'ARCH="PIPELINED": Nr round units, STAGES_PER_ROUND registers in each.'),
    )),
    EnumType('key_len', (
        EnumValue('K128', 0, '128-bit key, Nr = 10 rounds.'),
        EnumValue('K192', 1, '192-bit key, Nr = 12 rounds.'),
        EnumValue('K256', 2, '256-bit key, Nr = 14 rounds.'),
    )),
    EnumType('sbox', (
        EnumValue('LUT', 0, 'SBOX="LUT": 256x8 tables.'),
        EnumValue('TTABLE', 1, 'SBOX="TTABLE": SubBytes and MixColumns merged into 32-bit tables.'),
        EnumValue('COMPOSITE', 2, 'SBOX="COMPOSITE": GF((2^4)^2) logic.'),
    )),
    EnumType('rk_table', (
        EnumValue('ENC', 0, 'Encryption round keys: index r holds rk[r] (FIPS-197 w[4r..4r+3]).'),
        EnumValue('DEC', 1, 'Decryption round keys in equivalent-inverse-cipher order: index 0 holds rk[Nr], index i (0 < i < Nr) holds InvMixColumns(rk[Nr-i]), index Nr holds rk[0].'),
    )),
    EnumType('mode', (
        EnumValue('ECB', 0, 'Electronic codebook.'),
        EnumValue('CBC', 1, 'Cipher block chaining; IV in lane 0 of the first beat.'),
        EnumValue('CFB128', 2, 'Cipher feedback, 128-bit segments; IV in lane 0 of the first beat.'),
        EnumValue('OFB', 3, 'Output feedback; IV in lane 0 of the first beat.'),
        EnumValue('CTR', 4, 'Counter; initial counter block in lane 0 of the first beat, incremented as a 128-bit big-endian integer.'),
    )),
    EnumType('dir', (
        EnumValue('ENCRYPT', 0, 'Encrypt.'),
        EnumValue('DECRYPT', 1, 'Decrypt.'),
    )),
    EnumType('tuser_shift', (
        EnumValue('MODE', 0, "s_axis_tuser[2:0]: mode (see mode codes), on the message's first beat."),
        EnumValue('DIR', 3, 's_axis_tuser[3]: direction (see dir codes).'),
        EnumValue('SLOT', 4, 's_axis_tuser[7:4]: key slot.'),
        EnumValue('RESULT', 8, "m_axis_tuser[15:8] on the tlast beat: the message's result code. m_axis_tuser[7:0] echoes s_axis_tuser."),
    )),
    EnumType('result', (
        EnumValue('OK', 0, 'The message was processed.'),
        EnumValue('BAD_LENGTH', 1, 'A partial block in ECB or CBC, or a message that has only its IV beat.'),
        EnumValue('BAD_MODE', 2, 'Mode code 5, 6 or 7.'),
        EnumValue('SLOT_EMPTY', 3, 'The key slot is empty, being cleared, or not below KEY_SLOTS.'),
        EnumValue('CTR_WRAP', 4, 'The CTR counter wrapped from 2^128-1 to 0 inside the message (data still processed).'),
        EnumValue('NOT_BUILT', 5, 'Not in this build: decrypt with DECRYPT=0, or a key longer than MAX_KEY_BITS.'),
        EnumValue('SELFTEST_FAIL', 6, 'The power-up self-test failed; all output data is zero.'),
    )),
)

MAP = RegisterMap(
    name='aes',
    title='aescores AES IP',
    desc='The AXI4-Lite register block of `aes_axi` (docs/specification.md §5): 32-bit registers at a 12-bit byte address. Unmapped reads return 0 with SLVERR; writes to unmapped or read-only registers have no effect and answer SLVERR. Write-only registers read as 0 with OKAY. `wstrb` is honoured: read-write registers and the key staging words are written byte by byte; a command register sees the bytes not strobed as zero. Address bits [1:0] and the protection bits (awprot, arprot) are ignored.',
    registers=(
        ID, CAPS, LATENCY, STATUS, KEY_CTRL, KEY_CLEAR, SLOTS, ERR, KEY0, KEY1, KEY2,
        KEY3, KEY4, KEY5, KEY6, KEY7, IRQ_EN, MSGS, BLOCKS, CTRL, RK0, RK1, RK2, RK3,
        RK_CTRL,
    ),
    enums=ENUMS,
    constants=('mode', 'dir', 'tuser_shift', 'result'),
)

REGISTERS = MAP.registers
ID_VALUE = 0x41455331
