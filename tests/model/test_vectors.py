# SPDX-License-Identifier: Apache-2.0
"""NIST vectors and their loaders, each proven against OpenSSL (the `cryptography` package).

A typo in the written-in SP 800-38A data, or a loader that drops, mixes or misreads a
field, makes a record disagree with OpenSSL here.
"""

from __future__ import annotations

import pytest
from cryptography.hazmat.decrepit.ciphers import modes as decrepit_modes
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from aescores import model, vectors
from aescores.model import Mode
from aescores.vectors import CavpRecord, ModeVector, RspFormatError


def openssl(record: ModeVector) -> bytes:
    """`record.input` through OpenSSL directly (not through aescores.model)."""
    mode = {
        Mode.ECB: lambda iv: modes.ECB(),
        Mode.CBC: modes.CBC,
        Mode.CFB: decrepit_modes.CFB,
        Mode.OFB: decrepit_modes.OFB,
        Mode.CTR: modes.CTR,
    }[record.mode](record.iv)
    cipher = Cipher(algorithms.AES(record.key), mode)
    ctx = cipher.decryptor() if record.decrypt else cipher.encryptor()
    return ctx.update(record.input) + ctx.finalize()


# --------------------------------------------------------------------------------------
# FIPS-197 Appendix C
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("vec", vectors.FIPS197_C, ids=lambda v: v.name)
def test_fips197_appendix_c(vec):
    assert len(vec.key) in (16, 24, 32)
    ecb = Cipher(algorithms.AES(vec.key), modes.ECB())
    assert ecb.encryptor().update(vec.plaintext) == vec.ciphertext
    assert ecb.decryptor().update(vec.ciphertext) == vec.plaintext
    assert model.py_encrypt_block(vec.key, vec.plaintext) == vec.ciphertext
    assert model.py_decrypt_block(vec.key, vec.ciphertext) == vec.plaintext


def test_fips197_appendix_c_covers_the_three_key_sizes():
    assert [len(v.key) for v in vectors.FIPS197_C] == [16, 24, 32]


# --------------------------------------------------------------------------------------
# SP 800-38A Appendix F
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("vec", vectors.SP800_38A, ids=lambda v: v.name.split(" ", 2)[2])
def test_sp800_38a_vector_agrees_with_openssl(vec):
    assert openssl(vec) == vec.output
    assert model.process(vec.mode, vec.key, vec.iv, vec.input, vec.decrypt) == vec.output


def test_sp800_38a_is_complete():
    names = [v.name.split()[2] for v in vectors.SP800_38A]
    expected = (
        [f"F.{m}.{n}" for m in (1, 2) for n in range(1, 7)]
        + [f"F.3.{n}" for n in range(13, 19)]
        + [f"F.{m}.{n}" for m in (4, 5) for n in range(1, 7)]
    )
    assert names == expected
    for vec in vectors.SP800_38A:
        assert len(vec.plaintext) == len(vec.ciphertext) == 64
        assert vec.plaintext == vectors.SP800_38A_PLAINTEXT
        assert vec.key == vectors.SP800_38A_KEYS[vec.key_bits]
        assert (vec.iv is None) == (vec.mode is Mode.ECB)
        direction = "Decrypt" if vec.decrypt else "Encrypt"
        assert vec.name.endswith(f"-AES{vec.key_bits}.{direction}")
    # odd section numbers encrypt, even ones decrypt
    assert all(v.decrypt == (int(v.name.split()[2].split(".")[2]) % 2 == 0) for v in vectors.SP800_38A)


def test_sp800_38a_ctr_starts_at_f0f1():
    ctr = [v for v in vectors.SP800_38A if v.mode is Mode.CTR]
    assert len(ctr) == 6
    assert all(v.iv.hex() == "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff" for v in ctr)


# --------------------------------------------------------------------------------------
# CAVP catalogue and loader
# --------------------------------------------------------------------------------------

# records per [ENCRYPT] section (the [DECRYPT] section has as many)
EXPECTED_PER_SECTION = {
    ("GFSbox", 128): 7, ("GFSbox", 192): 6, ("GFSbox", 256): 5,
    ("KeySbox", 128): 21, ("KeySbox", 192): 24, ("KeySbox", 256): 16,
    ("VarKey", 128): 128, ("VarKey", 192): 192, ("VarKey", 256): 256,
    ("VarTxt", 128): 128, ("VarTxt", 192): 128, ("VarTxt", 256): 128,
    ("MMT", 128): 10, ("MMT", 192): 10, ("MMT", 256): 10,
}


def test_catalogue_default_lists_every_kat_and_mmt_file():
    files = vectors.catalogue()
    assert len(files) == 4 * 5 * 3
    assert len({f.source for f in files}) == len(files)
    for f in files:
        assert f.path.is_file(), f.source
    assert {f.mode for f in files} == {Mode.ECB, Mode.CBC, Mode.CFB, Mode.OFB}


def test_catalogue_filters():
    ecb_kat = vectors.catalogue(modes=[Mode.ECB], kinds=["KAT"])
    assert [f.stem for f in ecb_kat] == [
        f"ECB{t}{b}" for t in ("GFSbox", "KeySbox", "VarKey", "VarTxt") for b in (128, 192, 256)
    ]
    mmt = vectors.catalogue(kinds=["MMT"])
    assert [f.stem for f in mmt] == [f"{p}MMT{b}" for p in ("ECB", "CBC", "CFB128", "OFB") for b in (128, 192, 256)]
    assert [f.stem for f in vectors.catalogue(modes=["cfb128"], kinds=["MMT"], key_bits=[192])] == ["CFB128MMT192"]
    with pytest.raises(ValueError):
        vectors.catalogue(modes=[Mode.CTR])
    with pytest.raises(ValueError):
        vectors.catalogue(kinds=["MCT"])


@pytest.mark.parametrize("cavp_file", vectors.catalogue(), ids=lambda f: f.stem)
def test_cavp_file_loads_with_expected_counts_and_agrees_with_openssl(cavp_file):
    records = cavp_file.load()
    per_section = EXPECTED_PER_SECTION[(cavp_file.test, cavp_file.key_bits)]
    assert len(records) == 2 * per_section
    for decrypt in (False, True):
        section = [r for r in records if r.decrypt is decrypt]
        assert [r.count for r in section] == list(range(per_section))
    for r in records:
        assert isinstance(r, CavpRecord)
        assert r.mode is cavp_file.mode and r.source == cavp_file.source
        assert r.key_bits == cavp_file.key_bits
        assert (r.iv is None) == (r.mode is Mode.ECB)
        if cavp_file.test == "MMT":
            assert len(r.plaintext) == 16 * (r.count + 1)  # MMT record i has i+1 blocks
        else:
            assert len(r.plaintext) == 16
        assert openssl(r) == r.output, r.name


def test_load_rsp_reads_fields_exactly():
    records = vectors.load_rsp("ciphers/AES/CBC/CBCGFSbox128.rsp")
    first = records[0]
    assert first.name == "CBCGFSbox128/ENCRYPT/0"
    assert first.mode is Mode.CBC and first.decrypt is False and first.count == 0
    assert first.key == bytes(16) and first.iv == bytes(16)
    assert first.plaintext.hex() == "f34481ec3cc627bacd5dc3fb08f273e6"
    assert first.ciphertext.hex() == "0336763e966d92595a567cc9ce537f5e"
    assert first.input == first.plaintext and first.output == first.ciphertext
    decrypt = [r for r in records if r.decrypt]
    assert decrypt[0].input == decrypt[0].ciphertext


def test_load_catalogue_total():
    records = vectors.load_catalogue()
    assert len(records) == 4 * 2 * sum(EXPECTED_PER_SECTION.values())


def _write(tmp_path, name, text, newline="\n"):
    path = tmp_path / name
    path.write_bytes(text.replace("\n", newline).encode("ascii"))
    return path


GOOD = """# header
[ENCRYPT]

COUNT = 0
KEY = 00000000000000000000000000000000
IV = 00000000000000000000000000000000
PLAINTEXT = f34481ec3cc627bacd5dc3fb08f273e6
CIPHERTEXT = 0336763e966d92595a567cc9ce537f5e

[DECRYPT]

COUNT = 0
KEY = 00000000000000000000000000000000
IV = 00000000000000000000000000000000
CIPHERTEXT = 0336763e966d92595a567cc9ce537f5e
PLAINTEXT = f34481ec3cc627bacd5dc3fb08f273e6
"""


@pytest.mark.parametrize("newline", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_load_rsp_outside_the_package_and_with_crlf(tmp_path, newline):
    path = _write(tmp_path, "CBCGFSbox128.rsp", GOOD, newline)
    records = vectors.load_rsp(path)
    assert [(r.decrypt, r.count) for r in records] == [(False, 0), (True, 0)]
    assert records[0].plaintext == records[1].plaintext
    # mode from the argument, whatever the file is called
    assert vectors.load_rsp(path, mode="OFB")[0].mode is Mode.OFB


@pytest.mark.parametrize(
    "broken",
    [
        GOOD.replace("IV = 00000000000000000000000000000000\nPLAINTEXT = f344", "PLAINTEXT = f344", 1),  # no IV
        GOOD.replace("PLAINTEXT = f34481ec3cc627bacd5dc3fb08f273e6\n", "", 1),  # no PLAINTEXT
        GOOD.replace("CIPHERTEXT = 0336763e966d92595a567cc9ce537f5e", "CIPHERTEXT = 0336", 1),  # length
        GOOD.replace("KEY = 00000000000000000000000000000000", "KEY = 0000", 1),  # key size
        GOOD.replace("KEY = 0", "KEY = x", 1),  # hex
        GOOD.replace("[ENCRYPT]", "[SIGN]"),  # section
        GOOD.replace("[ENCRYPT]\n", ""),  # COUNT outside a section
        GOOD.replace("COUNT = 0\nKEY", "COUNT = 0\nTAG = 00\nKEY", 1),  # unknown field
        GOOD.replace("PLAINTEXT = f344", "PLAINTEXT = 00\nPLAINTEXT = f344", 1),  # twice
    ],
    ids=["no-iv", "no-pt", "len", "key", "hex", "section", "no-section", "field", "twice"],
)
def test_load_rsp_rejects_malformed_records(tmp_path, broken):
    path = _write(tmp_path, "CBCbroken128.rsp", broken)
    with pytest.raises(RspFormatError):
        vectors.load_rsp(path)


def test_load_rsp_rejects_an_iv_in_ecb_and_cfb1(tmp_path):
    path = _write(tmp_path, "ECBbroken128.rsp", GOOD)
    with pytest.raises(RspFormatError):
        vectors.load_rsp(path)
    with pytest.raises(ValueError):
        vectors.load_rsp("ciphers/AES/CFB/CFB8MMT128.rsp")
