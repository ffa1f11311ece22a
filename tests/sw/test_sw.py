# SPDX-License-Identifier: Apache-2.0
"""Host software tests: the generated headers (sw/aes_regs.h from PeakRDL-cheader,
sw/aes_codes.h) compiled give the offsets, fields and codes of rdl/aes.rdl;
sw/aes_driver.c compiles warning-free as C99 and passes its unit test against a
register mock (sw/tests/test_driver.c), and the round keys it writes
for a KEY_EXPANSION="HOST" build encrypt and decrypt as OpenSSL does. The GCM frames the
driver lays out (aes_gcm_frame: the beats and tkeep of docs/specification.md §3a) and the
payload and tag it takes out of an answer (aes_gcm_split) are those of aescores.gcm's
`message_frame` and `split_output`, for every lane count, AAD and payload lengths around
the beat boundaries (0 included) and every tag length.

The last check is independent of the C code: the rounds of aescores.model (written from
FIPS-197, proven against OpenSSL in tests/model/test_model.py) run the forward cipher with the
driver's encryption round keys and the equivalent inverse cipher (FIPS-197 §5.3.5) with
its decryption round keys, and OpenSSL (the `cryptography` package) supplies the
expected ciphertext and plaintext.
"""

from __future__ import annotations

import random
import shutil
from collections import Counter
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aescores import gcm, model, paths, tools
from aescores.regmap import regs
from aescores.regmap.model import Register

SW = paths.ROOT / "sw"
CFLAGS = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"]
CC = "cc"


def _cc(*args: str | Path, cwd: Path) -> None:
    tools.run([CC, *CFLAGS, "-I", SW, *args], cwd=cwd)


@pytest.fixture(scope="module")
def test_driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sw") / "test_driver"
    _cc("-O2", "-DAES_DRIVER_MOCK", SW / "aes_driver.c", SW / "tests" / "test_driver.c", "-o", out, cwd=out.parent)
    return out


def test_driver_compiles_for_memory_mapped_registers(tmp_path: Path) -> None:
    _cc("-O2", "-c", SW / "aes_driver.c", "-o", tmp_path / "aes_driver.o", cwd=tmp_path)


# Each header compiles on its own (C99 and C++), with a use of what it defines.
HEADER_USES = {
    "aes_regs.h": "#include <stddef.h>\n#include \"aes_regs.h\"\n"
                  "unsigned aes_use(void) { return (unsigned)offsetof(aes_t, CTRL) + AES__CTRL__SELFTEST_bm; }\n",
    "aes_codes.h": "#include \"aes_codes.h\"\nunsigned aes_use(void) { return AES_RESULT_SLOT_EMPTY; }\n",
    "aes_driver.h": "#include \"aes_driver.h\"\nunsigned aes_use(void) { return AES_REG_OFFSET(CTRL); }\n",
}


def test_headers_stand_alone(tmp_path: Path) -> None:
    for header, use in HEADER_USES.items():
        src = tmp_path / f"use_{header}.c"
        src.write_text(use)
        _cc("-c", src, "-o", tmp_path / f"{src.stem}.o", cwd=tmp_path)
    if shutil.which("c++"):
        src = tmp_path / "use.cpp"
        src.write_text('#include "aes_driver.h"\nint main() { return AES_FIELD_GET(AES__CAPS__LANES, 0x20u) == 1u ? 0 : 1; }\n')
        tools.run(["c++", "-std=c++11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", SW, "-c", src,
                   "-o", tmp_path / "use.o"], cwd=tmp_path)


def _c_field(reg: Register, name: str) -> str:
    """PeakRDL-cheader's macro stem of a field: AES__<REG>__<FIELD>, AES__<ARRAY>X__<FIELD>
    for the words of a register array."""
    return f"AES__{reg.array + 'X' if reg.array else reg.name}__{name.upper()}"


def test_c_headers_match_the_rdl(tmp_path: Path) -> None:
    """Compiled, the generated headers (through the driver's macros) give every register's
    offset, every field's position, width, mask and reset, every encoding's values and
    the register arrays' lengths as systemrdl-compiler reads them from rdl/aes.rdl."""
    expected: list[str] = []
    prints: list[str] = []

    for reg in regs.MAP:
        where = f"{reg.array}[{reg.index}]" if reg.array else reg.name
        expected.append(f"{reg.name} at {reg.offset}")
        prints.append(f'    printf("{reg.name} at %lu\\n", (unsigned long)AES_REG_OFFSET({where}));')
        for f in reg.fields:
            stem = _c_field(reg, f.name)
            expected.append(f"{reg.name}.{f.name} {f.lsb} {f.width} {f.mask}")
            prints.append(f'    printf("{reg.name}.{f.name} %lu %lu %lu\\n", (unsigned long){stem}_bp, '
                          f'(unsigned long){stem}_bw, (unsigned long){stem}_bm);')
            if f.reset is not None:
                expected.append(f"{reg.name}.{f.name} reset {f.reset}")
                prints.append(f'    printf("{reg.name}.{f.name} reset %lu\\n", (unsigned long){stem}_reset);')
    words = Counter(r.array for r in regs.MAP if r.array)
    for array, count in words.items():
        expected.append(f"{array} has {count}")
        prints.append(f'    printf("{array} has %lu\\n", (unsigned long)AES_REG_COUNT({array}));')
    for enum in regs.MAP.enums:
        for v in enum.values:
            name = f"AES_{enum.name}_{v.name}".upper()
            expected.append(f"{name} {v.value}")
            prints.append(f'    printf("{name} %lu\\n", (unsigned long){name});')
    src = tmp_path / "print_map.c"
    src.write_text("#include <stdio.h>\n#include \"aes_driver.h\"\nint main(void)\n{\n" + "\n".join(prints)
                   + "\n    return 0;\n}\n")
    _cc(src, "-o", tmp_path / "print_map", cwd=tmp_path)
    got = tools.run([tmp_path / "print_map"]).stdout.splitlines()
    assert got == expected


def test_driver_unit_test_passes(test_driver: Path) -> None:
    proc = tools.run([test_driver], check=False)
    assert proc.returncode == 0, proc.stdout
    assert " 0 failed" in proc.stdout


def test_driver_unit_test_passes_under_sanitizers(tmp_path: Path) -> None:
    probe = tmp_path / "probe.c"
    probe.write_text("int main(void) { return 0; }\n")
    san = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
    if tools.run([CC, *san, probe, "-o", tmp_path / "probe"], check=False).returncode != 0:
        pytest.skip("this compiler has no address/undefined sanitizer runtime")
    exe = tmp_path / "test_driver_san"
    _cc("-O1", "-g", *san, "-DAES_DRIVER_MOCK", SW / "aes_driver.c", SW / "tests" / "test_driver.c", "-o", exe,
        cwd=tmp_path)
    proc = tools.run([exe], check=False)
    assert proc.returncode == 0, proc.stdout


# --------------------------------------------------------------------------- an AES of our own


def encrypt_with(round_keys: list[bytes], block: bytes) -> bytes:
    """The forward cipher on the given round keys (aescores.model's rounds)."""
    nr = len(round_keys) - 1
    s = model.add_round_key(block, round_keys[0])
    for r in range(1, nr + 1):
        s = model.enc_round(s, round_keys[r], last=r == nr)
    return s


def equivalent_inverse_decrypt_with(dec_keys: list[bytes], block: bytes) -> bytes:
    """The equivalent inverse cipher (FIPS-197 §5.3.5) on the given round keys."""
    nr = len(dec_keys) - 1
    s = model.add_round_key(block, dec_keys[0])
    for r in range(1, nr + 1):
        s = model.dec_round(s, dec_keys[r], last=r == nr)
    return s


def _driver_round_keys(test_driver: Path, key: bytes) -> tuple[list[bytes], list[bytes]]:
    proc = tools.run([test_driver, "dump", key.hex()])
    enc: dict[int, bytes] = {}
    dec: dict[int, bytes] = {}
    for line in proc.stdout.split("\n"):
        if line.strip():
            table, index, hexkey = line.split()
            (enc if table == "enc" else dec)[int(index)] = bytes.fromhex(hexkey)
    nr = len(key) // 4 + 6
    assert sorted(enc) == sorted(dec) == list(range(nr + 1))
    return [enc[i] for i in range(nr + 1)], [dec[i] for i in range(nr + 1)]


KEYS = [
    bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c"),  # FIPS-197 A.1
    bytes.fromhex("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b"),  # A.2
    bytes.fromhex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"),  # A.3
    *[random.Random(n).randbytes(n) for n in (16, 24, 32)],
]


@pytest.mark.parametrize("key", KEYS, ids=lambda k: f"{8 * len(k)}-{k[:2].hex()}")
def test_host_round_keys_encrypt_and_decrypt_like_openssl(test_driver: Path, key: bytes) -> None:
    enc_keys, dec_keys = _driver_round_keys(test_driver, key)
    assert enc_keys[0] == key[:16]
    rng = random.Random(key)
    blocks = [rng.randbytes(16) for _ in range(8)]
    aes = Cipher(algorithms.AES(key), modes.ECB())
    for block in blocks:
        ciphertext = aes.encryptor().update(block)
        assert encrypt_with(enc_keys, block) == ciphertext
        assert equivalent_inverse_decrypt_with(dec_keys, ciphertext) == block


# --------------------------------------------------------------------------- GCM frames

AES_OK = 0
GCM_LANES = (1, 2, 4, 8)


def _gcm_lengths(beat: int) -> list[int]:
    """AAD and payload lengths for beats of `beat` bytes: none, less than a block, a block
    and around it, around a beat, several beats and a partial one."""
    return sorted({0, 1, 12, 15, 16, 17, beat - 1, beat, beat + 1, 3 * beat + 5})


def _hex(data: bytes) -> str:
    return data.hex() or "-"


def _unhex(text: str) -> bytes:
    return b"" if text == "-" else bytes.fromhex(text)


def _gcm_run(test_driver: Path, lines: list[str]) -> list[str]:
    proc = tools.run([test_driver, "gcm"], input_text="".join(f"{line}\n" for line in lines))
    answers = proc.stdout.splitlines()
    assert len(answers) == len(lines), proc.stdout[-2000:]
    return answers


def _gcm_cases() -> list[tuple[int, bytes, bytes, bytes, bytes | int]]:
    """(lanes, IV, AAD, payload, tag) for every lane count, AAD and payload length: the tag
    an expected tag (decryption) or a tag length (encryption), every length in turn."""
    rng = random.Random(38)
    cases = []
    k = 0
    for lanes in GCM_LANES:
        lengths = _gcm_lengths(16 * lanes)
        for aad_len in lengths:
            for payload_len in lengths:
                tag_len = gcm.TAG_LENGTHS[k % len(gcm.TAG_LENGTHS)]
                tag: bytes | int = rng.randbytes(tag_len) if k % 2 else tag_len
                cases.append((lanes, rng.randbytes(12), rng.randbytes(aad_len), rng.randbytes(payload_len), tag))
                k += 1
    return cases


def test_gcm_frame_matches_the_model(test_driver: Path) -> None:
    """aes_gcm_frame's frame, frame length, kept bytes and tkeep of every beat are
    aescores.gcm.message_frame's; aes_gcm_split gives split_output's payload and tag
    from an output frame of the same shape."""
    cases = _gcm_cases()
    frames = [gcm.message_frame(iv, aad, text, tag, lanes) for lanes, iv, aad, text, tag in cases]
    lines = [f"frame {lanes} {_hex(iv)} {_hex(aad)} {_hex(text)} "
             + (f"enc{tag}" if isinstance(tag, int) else _hex(tag))
             for lanes, iv, aad, text, tag in cases]
    rng = random.Random(39)
    outs = [rng.randbytes(len(f.data)) for f in frames]  # an answer of the frame's shape
    lines += [f"split {lanes} {len(aad)} {len(text)} {tag if isinstance(tag, int) else len(tag)} {out.hex()}"
              for (lanes, _, aad, text, tag), out in zip(cases, outs)]
    answers = _gcm_run(test_driver, lines)
    bad = []
    for case, frame, out, made, split in zip(cases, frames, outs, answers[:len(cases)], answers[len(cases):]):
        lanes, _, aad, text, tag = case
        what = f"lanes {lanes}, AAD {len(aad)}, payload {len(text)}, tag {tag if isinstance(tag, int) else tag.hex()}"
        rc, nbytes, keeps, tkeeps, data = made.split()
        b = frame.beat_bytes
        want_keeps = [sum(frame.keep[k * b:(k + 1) * b]) for k in range(frame.beats)]
        # tkeep bit i keeps byte i: the model's keep list is every beat's tkeep, bit by bit.
        want_tkeeps = [sum(m << i for i, m in enumerate(frame.keep[k * b:(k + 1) * b])) for k in range(frame.beats)]
        got_tkeeps = [sum(int(w, 16) << (32 * j) for j, w in enumerate(t.split("."))) for t in tkeeps.split(",")]
        if (int(rc), int(nbytes), _unhex(data)) != (AES_OK, len(frame.data), frame.data):
            bad.append(f"{what}: frame differs (rc {rc}, {nbytes} bytes, model {len(frame.data)})")
        elif [int(n) for n in keeps.split(",")] != want_keeps or got_tkeeps != want_tkeeps:
            bad.append(f"{what}: kept bytes {keeps}, model {want_keeps}")
        # Only the kept bytes of a beat count: a beat keeps bytes 0..n-1, as the C says.
        assert all(frame.keep[k * b:(k + 1) * b] == (1,) * n + (0,) * (b - n) for k, n in enumerate(want_keeps))
        payload, tag_out = gcm.split_output(frame, out)
        if split.split() != ["0", _hex(payload), _hex(tag_out)]:
            bad.append(f"{what}: split {split[:80]}, model {_hex(payload)[:40]} {_hex(tag_out)}")
    assert not bad, f"{len(bad)} of {len(cases)} GCM cases differ: " + "; ".join(bad[:5])


def test_gcm_frame_refuses_what_the_model_refuses(test_driver: Path) -> None:
    """An IV not of 12 bytes and a tag length not in gcm.TAG_LENGTHS: message_frame raises
    ValueError and aes_gcm_frame returns AES_E_IVLEN (-7) or AES_E_TAGLEN (-8)."""
    iv_cases = [(bytes(n), 16) for n in (0, 8, 11, 13, 16)]
    tag_cases = [(bytes(12), t) for t in (0, 1, 5, 9, 11, 17, 32)] + [(bytes(12), bytes(t)) for t in (3, 10, 20)]
    lines, expected = [], []
    for lanes in GCM_LANES:
        for (iv, tag), rc in [(c, -7) for c in iv_cases] + [(c, -8) for c in tag_cases]:
            with pytest.raises(ValueError):
                gcm.message_frame(iv, b"aad", b"payload", tag, lanes)
            lines.append(f"frame {lanes} {_hex(iv)} {_hex(b'aad')} {_hex(b'payload')} "
                         + (f"enc{tag}" if isinstance(tag, int) else _hex(tag)))
            expected.append(str(rc))
    # Lanes the IP does not have (CAPS.lanes is 1, 2, 4 or 8): AES_E_LANES.
    for lanes in (0, 3, 16):
        lines.append(f"frame {lanes} {bytes(12).hex()} - - enc16")
        expected.append("-10")
    assert _gcm_run(test_driver, lines) == expected
