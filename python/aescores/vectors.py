# SPDX-License-Identifier: Apache-2.0
"""NIST's published AES vectors, as typed records.

- `FIPS197_C`: FIPS-197 Appendix C.1-C.3, one block per key size (what the IP's power-up
  self-test runs, docs/specification.md §6).
- `FIPS197_ROUNDS`: single rounds printed in FIPS-197 Appendix B and C.1 (state in,
  round key, state out), for checking one round at a time.
- `SP800_38A`: SP 800-38A Appendix F, ECB, CBC, CFB-128, OFB and CTR, AES-128/192/256,
  encrypt and decrypt (F.1.1-F.5.6 without CFB1/CFB8): 30 four-block messages. The
  `cryptography-vectors` package does not ship them, so they are written in here;
  tests/model/test_vectors.py proves every one against OpenSSL.
- CAVP AESAVS response files (`.rsp`) shipped by `cryptography-vectors`: `load_rsp`
  reads one into `CavpRecord`s, `catalogue` lists the KAT and MMT files per mode and key
  size, `load_catalogue` reads a selection of them. The Monte Carlo files are not
  shipped; see `aescores.mct` for the procedure.
- CAVP GCM response files (`gcmEncryptExtIV*.rsp`, `gcmDecrypt*.rsp`, also in
  `cryptography-vectors`): `gcm_files` lists them, `load_gcm_rsp` reads one into
  `GcmRecord`s (every IV length; the IP's GCM takes 96-bit IVs, `GcmRecord.iv_bits`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

import cryptography_vectors

from aescores.model import Mode

# --------------------------------------------------------------------------------------
# Record types
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BlockVector:
    """One block under one key (FIPS-197 Appendix C)."""

    name: str
    key: bytes
    plaintext: bytes
    ciphertext: bytes


@dataclass(frozen=True)
class RoundVector:
    """One round printed in FIPS-197: `output = enc_round(state, round_key, last)`, or
    `dec_round` when `decrypt` (the equivalent inverse cipher, whose round keys have
    InvMixColumns applied: the `ik_sch` values of Appendix C)."""

    name: str
    decrypt: bool
    last: bool
    state: bytes
    round_key: bytes
    output: bytes


@dataclass(frozen=True)
class ModeVector:
    """One message in one mode: `ciphertext = process(mode, key, iv, plaintext)`.

    `decrypt` says which direction the source presents (for SP 800-38A the .Decrypt
    sections); the pair is the same either way. `input`/`output` give the message
    that goes in and the one that should come out in that direction.
    """

    name: str
    mode: Mode
    key: bytes
    iv: bytes | None
    plaintext: bytes
    ciphertext: bytes
    decrypt: bool

    @property
    def input(self) -> bytes:
        """The message fed to the cipher in this record's direction."""
        return self.ciphertext if self.decrypt else self.plaintext

    @property
    def output(self) -> bytes:
        """The message expected from the cipher in this record's direction."""
        return self.plaintext if self.decrypt else self.ciphertext

    @property
    def key_bits(self) -> int:
        """Key size in bits."""
        return 8 * len(self.key)


@dataclass(frozen=True)
class CavpRecord(ModeVector):
    """One record of a CAVP `.rsp` file; `name` is "<file stem>/<ENCRYPT|DECRYPT>/<count>"."""

    source: str = ""
    """File name inside cryptography_vectors, e.g. "ciphers/AES/CBC/CBCMMT128.rsp"."""
    count: int = 0
    """The record's COUNT (numbered from 0 again in each [ENCRYPT]/[DECRYPT] section)."""


def _h(text: str) -> bytes:
    return bytes.fromhex("".join(text.split()))


# --------------------------------------------------------------------------------------
# FIPS-197 Appendix C
# --------------------------------------------------------------------------------------

_FIPS197_PLAINTEXT = _h("00112233445566778899aabbccddeeff")

FIPS197_C: tuple[BlockVector, ...] = (
    BlockVector("FIPS-197 C.1 AES-128", bytes(range(16)), _FIPS197_PLAINTEXT, _h("69c4e0d86a7b0430d8cdb78070b4c55a")),
    BlockVector("FIPS-197 C.2 AES-192", bytes(range(24)), _FIPS197_PLAINTEXT, _h("dda97ca4864cdfe06eaf70a0ec0d7191")),
    BlockVector("FIPS-197 C.3 AES-256", bytes(range(32)), _FIPS197_PLAINTEXT, _h("8ea2b7ca516745bfeafc49904b496089")),
)
"""FIPS-197 Appendix C example vectors: key 000102..., plaintext 00112233...ff."""

FIPS197_ROUNDS: tuple[RoundVector, ...] = (
    # Appendix B (key 2b7e1516...): round[1].start, round[1].k_sch, round[2].start.
    RoundVector("FIPS-197 B round 1", False, False, _h("193de3bea0f4e22b9ac68d2ae9f84808"),
                _h("a0fafe1788542cb123a339392a6c7605"), _h("a49c7ff2689f352b6b5bea43026a5049")),
    # Appendix C.1 cipher: round[10].start, round[10].k_sch, round[10].output.
    RoundVector("FIPS-197 C.1 round 10", False, True, _h("bd6e7c3df2b5779e0b61216e8b10b689"),
                _h("13111d7fe3944a17f307a78b4d2b30c5"), _h("69c4e0d86a7b0430d8cdb78070b4c55a")),
    # Appendix C.1 equivalent inverse cipher: round[1].istart, round[1].ik_sch, round[2].istart.
    RoundVector("FIPS-197 C.1 inverse round 1", True, False, _h("7ad5fda789ef4e272bca100b3d9ff59f"),
                _h("13aa29be9c8faff6f770f58000f7bf03"), _h("54d990a16ba09ab596bbf40ea111702f")),
    # Appendix C.1 equivalent inverse cipher: round[10].istart, round[10].ik_sch, round[10].ioutput.
    RoundVector("FIPS-197 C.1 inverse round 10", True, True, _h("6353e08c0960e104cd70b751bacad0e7"),
                _h("000102030405060708090a0b0c0d0e0f"), _FIPS197_PLAINTEXT),
)
"""Single rounds printed in FIPS-197 Appendices B and C.1, both directions, last round or not."""

# --------------------------------------------------------------------------------------
# SP 800-38A Appendix F
# --------------------------------------------------------------------------------------

SP800_38A_PLAINTEXT = _h(
    "6bc1bee22e409f96e93d7e117393172a"
    "ae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52ef"
    "f69f2445df4f9b17ad2b417be66c3710"
)
"""The four-block plaintext shared by every example of SP 800-38A Appendix F."""

SP800_38A_KEYS: dict[int, bytes] = {
    128: _h("2b7e151628aed2a6abf7158809cf4f3c"),
    192: _h("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b"),
    256: _h("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"),
}
"""The example keys of SP 800-38A Appendix F (also FIPS-197 Appendix A)."""

_IV = _h("000102030405060708090a0b0c0d0e0f")
_CTR_IV = _h("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")

# (mode, first section number of the mode's six, IV or initial counter block,
#  {key bits: ciphertext}); sections go 128 enc, 128 dec, 192 enc, 192 dec, 256 enc, 256 dec.
_SP800_38A_TABLE: tuple[tuple[Mode, str, bytes | None, dict[int, str]], ...] = (
    (Mode.ECB, "F.1", None, {
        128: "3ad77bb40d7a3660a89ecaf32466ef97 f5d3d58503b9699de785895a96fdbaaf"
             "43b1cd7f598ece23881b00e3ed030688 7b0c785e27e8ad3f8223207104725dd4",
        192: "bd334f1d6e45f25ff712a214571fa5cc 974104846d0ad3ad7734ecb3ecee4eef"
             "ef7afd2270e2e60adce0ba2face6444e 9a4b41ba738d6c72fb16691603c18e0e",
        256: "f3eed1bdb5d2a03c064b5a7e3db181f8 591ccb10d410ed26dc5ba74a31362870"
             "b6ed21b99ca6f4f9f153e7b1beafed1d 23304b7a39f9f3ff067d8d8f9e24ecc7",
    }),
    (Mode.CBC, "F.2", _IV, {
        128: "7649abac8119b246cee98e9b12e9197d 5086cb9b507219ee95db113a917678b2"
             "73bed6b8e3c1743b7116e69e22229516 3ff1caa1681fac09120eca307586e1a7",
        192: "4f021db243bc633d7178183a9fa071e8 b4d9ada9ad7dedf4e5e738763f69145a"
             "571b242012fb7ae07fa9baac3df102e0 08b0e27988598881d920a9e64f5615cd",
        256: "f58c4c04d6e5f1ba779eabfb5f7bfbd6 9cfc4e967edb808d679f777bc6702c7d"
             "39f23369a9d9bacfa530e26304231461 b2eb05e2c39be9fcda6c19078c6a9d1b",
    }),
    (Mode.CFB, "F.3", _IV, {  # CFB128: sections F.3.13-F.3.18
        128: "3b3fd92eb72dad20333449f8e83cfb4a c8a64537a0b3a93fcde3cdad9f1ce58b"
             "26751f67a3cbb140b1808cf187a4f4df c04b05357c5d1c0eeac4c66f9ff7f2e6",
        192: "cdc80d6fddf18cab34c25909c99a4174 67ce7f7f81173621961a2b70171d3d7a"
             "2e1e8a1dd59b88b1c8e60fed1efac4c9 c05f9f9ca9834fa042ae8fba584b09ff",
        256: "dc7e84bfda79164b7ecd8486985d3860 39ffed143b28b1c832113c6331e5407b"
             "df10132415e54b92a13ed0a8267ae2f9 75a385741ab9cef82031623d55b1e471",
    }),
    (Mode.OFB, "F.4", _IV, {
        128: "3b3fd92eb72dad20333449f8e83cfb4a 7789508d16918f03f53c52dac54ed825"
             "9740051e9c5fecf64344f7a82260edcc 304c6528f659c77866a510d9c1d6ae5e",
        192: "cdc80d6fddf18cab34c25909c99a4174 fcc28b8d4c63837c09e81700c1100401"
             "8d9a9aeac0f6596f559c6d4daf59a5f2 6d9f200857ca6c3e9cac524bd9acc92a",
        256: "dc7e84bfda79164b7ecd8486985d3860 4febdc6740d20b3ac88f6ad82a4fb08d"
             "71ab47a086e86eedf39d1c5bba97c408 0126141d67f37be8538f5a8be740e484",
    }),
    (Mode.CTR, "F.5", _CTR_IV, {
        128: "874d6191b620e3261bef6864990db6ce 9806f66b7970fdff8617187bb9fffdff"
             "5ae4df3edbd5d35e5b4f09020db03eab 1e031dda2fbe03d1792170a0f3009cee",
        192: "1abc932417521ca24f2b0459fe7e6e0b 090339ec0aa6faefd5ccc2c6f4ce8e94"
             "1e36b26bd1ebc670d1bd1d665620abf7 4f78a7f6d29809585a97daec58c6b050",
        256: "601ec313775789a5b7a7f504bbf3d228 f443e3ca4d62b59aca84e990cacaf5c5"
             "2b0930daa23de94ce87017ba2d84988d dfc9c58db67aada613c2dd08457941a6",
    }),
)


def _sp800_38a() -> tuple[ModeVector, ...]:
    out = []
    for mode, section, iv, cts in _SP800_38A_TABLE:
        first = 13 if mode is Mode.CFB else 1
        label = "CFB128" if mode is Mode.CFB else mode.name
        for k, bits in enumerate((128, 192, 256)):
            for decrypt in (False, True):
                number = first + 2 * k + int(decrypt)
                direction = "Decrypt" if decrypt else "Encrypt"
                out.append(ModeVector(
                    name=f"SP 800-38A {section}.{number} {label}-AES{bits}.{direction}",
                    mode=mode,
                    key=SP800_38A_KEYS[bits],
                    iv=iv,
                    plaintext=SP800_38A_PLAINTEXT,
                    ciphertext=_h(cts[bits]),
                    decrypt=decrypt,
                ))
    return tuple(out)


SP800_38A: tuple[ModeVector, ...] = _sp800_38a()
"""SP 800-38A F.1.1-F.5.6 (CFB128 as F.3.13-F.3.18): 5 modes x 3 key sizes x 2 directions."""

# --------------------------------------------------------------------------------------
# CAVP AESAVS response files
# --------------------------------------------------------------------------------------

VECTORS_ROOT = Path(cryptography_vectors.__file__).resolve().parent
"""Where the cryptography-vectors package keeps its files."""

KAT_TESTS = ("GFSbox", "KeySbox", "VarKey", "VarTxt")
"""The AESAVS known-answer tests (AESAVS §6.2)."""

CAVP_MODES = (Mode.ECB, Mode.CBC, Mode.CFB, Mode.OFB)
"""Modes with AESAVS files in cryptography-vectors (CFB as CFB128; CTR has none)."""

_MODE_PREFIX = {Mode.ECB: "ECB", Mode.CBC: "CBC", Mode.CFB: "CFB128", Mode.OFB: "OFB"}
_MODE_DIR = {Mode.ECB: "ECB", Mode.CBC: "CBC", Mode.CFB: "CFB", Mode.OFB: "OFB"}


@dataclass(frozen=True)
class CavpFile:
    """One AESAVS response file of the catalogue."""

    mode: Mode
    test: str
    """"GFSbox", "KeySbox", "VarKey", "VarTxt" (KAT) or "MMT"."""
    key_bits: int
    source: str
    """Path inside cryptography_vectors, e.g. "ciphers/AES/ECB/ECBVarKey192.rsp"."""

    @property
    def kind(self) -> str:
        """"KAT" or "MMT"."""
        return "MMT" if self.test == "MMT" else "KAT"

    @property
    def path(self) -> Path:
        """Absolute path of the file."""
        return VECTORS_ROOT / self.source

    @property
    def stem(self) -> str:
        """File name without extension, e.g. "CBCMMT256"."""
        return Path(self.source).stem

    def load(self) -> list[CavpRecord]:
        """The file's records (see `load_rsp`)."""
        return load_rsp(self.source, mode=self.mode)


def catalogue(
    modes: Iterable[Mode | int | str] | None = None,
    kinds: Iterable[str] = ("KAT", "MMT"),
    key_bits: Iterable[int] = (128, 192, 256),
) -> list[CavpFile]:
    """The AESAVS KAT and MMT files in cryptography-vectors, filtered.

    By default every KAT (GFSbox, KeySbox, VarKey, VarTxt) and MMT file of ECB, CBC,
    CFB128 and OFB for the three key sizes: 60 files, ordered mode, test, key size.
    `catalogue(modes=[Mode.ECB], kinds=["KAT"])` gives the 12 ECB KAT files.
    """
    wanted_modes = CAVP_MODES if modes is None else tuple(Mode.parse(m) for m in modes)
    kinds = tuple(k.upper() for k in kinds)
    for k in kinds:
        if k not in ("KAT", "MMT"):
            raise ValueError(f"kind must be 'KAT' or 'MMT', not {k!r}")
    sizes = tuple(key_bits)
    out = []
    for mode in wanted_modes:
        if mode not in CAVP_MODES:
            raise ValueError(f"cryptography-vectors has no AESAVS files for {mode.name}")
        tests = (KAT_TESTS if "KAT" in kinds else ()) + (("MMT",) if "MMT" in kinds else ())
        for test in tests:
            for bits in sizes:
                if bits not in (128, 192, 256):
                    raise ValueError(f"key size must be 128, 192 or 256, not {bits!r}")
                source = f"ciphers/AES/{_MODE_DIR[mode]}/{_MODE_PREFIX[mode]}{test}{bits}.rsp"
                out.append(CavpFile(mode=mode, test=test, key_bits=bits, source=source))
    return out


def mode_of_rsp_name(name: str) -> Mode:
    """The mode an AESAVS file name stands for ("CBCMMT128.rsp" -> CBC, "CFB128..." -> CFB)."""
    stem = Path(name).name.upper()
    if stem.startswith("CFB128"):
        return Mode.CFB
    if stem.startswith(("CFB1", "CFB8")):
        raise ValueError(f"{name}: CFB1 and CFB8 are not modes of this IP")
    for prefix, mode in (("ECB", Mode.ECB), ("CBC", Mode.CBC), ("OFB", Mode.OFB)):
        if stem.startswith(prefix):
            return mode
    raise ValueError(f"{name}: cannot tell the mode from the file name; pass mode=")


class RspFormatError(ValueError):
    """A response file does not read as AESAVS KAT/MMT records."""


_LINE = re.compile(r"^([A-Z]+)\s*=\s*(\S*)$")
_FIELDS = ("KEY", "IV", "PLAINTEXT", "CIPHERTEXT")


def _resolve(path: str | Path) -> tuple[Path, str]:
    p = Path(path)
    if not p.is_absolute():
        p = VECTORS_ROOT / p
    try:
        source = p.resolve().relative_to(VECTORS_ROOT).as_posix()
    except ValueError:
        source = str(p)
    return p, source


def _parse(lines: Iterable[str], where: str) -> Iterator[tuple[int, str, int, dict[str, str]]]:
    """Yield (line number, section, count, fields) per record."""
    section: str | None = None
    count: int | None = None
    fields: dict[str, str] = {}
    start = 0

    def flush() -> Iterator[tuple[int, str, int, dict[str, str]]]:
        if count is not None:
            assert section is not None
            yield start, section, count, fields

    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            if not line.endswith("]"):
                raise RspFormatError(f"{where}:{number}: bad section line {line!r}")
            yield from flush()
            count, fields = None, {}
            section = line[1:-1].strip().upper()
            if section not in ("ENCRYPT", "DECRYPT"):
                raise RspFormatError(f"{where}:{number}: unknown section [{section}]")
            continue
        match = _LINE.match(line)
        if not match:
            raise RspFormatError(f"{where}:{number}: cannot read {line!r}")
        name, value = match.groups()
        if name == "COUNT":
            if section is None:
                raise RspFormatError(f"{where}:{number}: COUNT before any [ENCRYPT]/[DECRYPT]")
            yield from flush()
            count, fields, start = int(value), {}, number
        elif name in _FIELDS:
            if count is None:
                raise RspFormatError(f"{where}:{number}: {name} outside a COUNT record")
            if name in fields:
                raise RspFormatError(f"{where}:{number}: {name} twice in one record")
            fields[name] = value
        else:
            raise RspFormatError(f"{where}:{number}: unexpected field {name}")
    yield from flush()


def load_rsp(path: str | Path, mode: Mode | int | str | None = None) -> list[CavpRecord]:
    """Read an AESAVS KAT or MMT response file into records, in file order.

    `path` is absolute or relative to the cryptography_vectors package (e.g.
    "ciphers/AES/ECB/ECBGFSbox128.rsp"). `mode` defaults to the one the file name
    names. Records keep their section's direction ([DECRYPT] gives `decrypt=True`);
    ECB records have `iv=None`, every other mode needs an IV in each record.
    Multi-block (MMT) records keep their whole messages. Raises RspFormatError on
    anything that is not KEY/IV/PLAINTEXT/CIPHERTEXT records of matching lengths.
    """
    p, source = _resolve(path)
    mode = mode_of_rsp_name(p.name) if mode is None else Mode.parse(mode)
    records = []
    with open(p, encoding="ascii") as handle:
        for line, section, count, fields in _parse(handle, source):
            where = f"{source}:{line}"
            missing = {"KEY", "PLAINTEXT", "CIPHERTEXT"} - fields.keys()
            if mode.has_iv and "IV" not in fields:
                missing.add("IV")
            if missing:
                raise RspFormatError(f"{where}: record lacks {', '.join(sorted(missing))}")
            if not mode.has_iv and "IV" in fields:
                raise RspFormatError(f"{where}: IV in an ECB file")
            try:
                key = bytes.fromhex(fields["KEY"])
                iv = bytes.fromhex(fields["IV"]) if mode.has_iv else None
                pt = bytes.fromhex(fields["PLAINTEXT"])
                ct = bytes.fromhex(fields["CIPHERTEXT"])
            except ValueError as exc:
                raise RspFormatError(f"{where}: bad hex: {exc}") from None
            if len(key) not in (16, 24, 32):
                raise RspFormatError(f"{where}: key of {len(key)} bytes")
            if iv is not None and len(iv) != 16:
                raise RspFormatError(f"{where}: IV of {len(iv)} bytes")
            if len(pt) != len(ct) or not pt or (mode.whole_blocks and len(pt) % 16):
                raise RspFormatError(f"{where}: plaintext {len(pt)} / ciphertext {len(ct)} bytes")
            records.append(CavpRecord(
                name=f"{p.stem}/{section}/{count}",
                mode=mode,
                key=key,
                iv=iv,
                plaintext=pt,
                ciphertext=ct,
                decrypt=section == "DECRYPT",
                source=source,
                count=count,
            ))
    return records


def load_catalogue(
    modes: Iterable[Mode | int | str] | None = None,
    kinds: Iterable[str] = ("KAT", "MMT"),
    key_bits: Iterable[int] = (128, 192, 256),
) -> list[CavpRecord]:
    """Every record of the files `catalogue(modes, kinds, key_bits)` lists, in order."""
    return [record for f in catalogue(modes, kinds, key_bits) for record in f.load()]


# --------------------------------------------------------------------------------------
# CAVP GCM response files
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GcmRecord:
    """One record of a CAVP GCM response file (SP 800-38D test vectors, GCMVS).

    An encryption record gives C and T for (K, IV, P, A). A decryption record gives
    (K, IV, C, A, T) and either P, or `passes=False` where the file says FAIL (the tag
    does not authenticate; `plaintext` is then None). `tag` has the record's tag length.
    """

    name: str
    """"<file stem>/<record number in the file>", e.g. "gcmDecrypt128/12"."""
    key: bytes
    iv: bytes
    plaintext: bytes | None
    aad: bytes
    ciphertext: bytes
    tag: bytes
    decrypt: bool
    passes: bool
    source: str
    """File name inside cryptography_vectors."""
    count: int
    """The record's Count (numbered from 0 again in each parameter section)."""

    @property
    def iv_bits(self) -> int:
        """IV length in bits (the files hold 8, 96 and 1024)."""
        return 8 * len(self.iv)


GCM_DIR = "ciphers/AES/GCM"
"""Where cryptography-vectors keeps the CAVP GCM files."""


def gcm_files(decrypt: bool | None = None, key_bits: Iterable[int] = (128, 192, 256)) -> list[str]:
    """The CAVP GCM files (paths inside cryptography_vectors): encryption
    (`gcmEncryptExtIV<bits>.rsp`) when `decrypt` is False, decryption (`gcmDecrypt<bits>.rsp`)
    when True, both (encryption first) when None; key sizes in the order given."""
    sizes = tuple(key_bits)
    for bits in sizes:
        if bits not in (128, 192, 256):
            raise ValueError(f"key size must be 128, 192 or 256, not {bits!r}")
    kinds = (("EncryptExtIV", "Decrypt") if decrypt is None else ("Decrypt",) if decrypt else ("EncryptExtIV",))
    return [f"{GCM_DIR}/gcm{kind}{bits}.rsp" for kind in kinds for bits in sizes]


_GCM_LINE = re.compile(r"^(\w+)\s*=\s*(\S*)$")
_GCM_SECTION = re.compile(r"^\[(\w+)\s*=\s*(\d+)\]$")
_GCM_FIELDS = ("Key", "IV", "PT", "AAD", "CT", "Tag")
_GCM_SECTION_FIELDS = {"Keylen": "Key", "IVlen": "IV", "PTlen": "PT", "AADlen": "AAD", "Taglen": "Tag"}


def load_gcm_rsp(path: str | Path) -> list[GcmRecord]:
    """Read a CAVP GCM response file into records, in file order.

    `path` is absolute or relative to the cryptography_vectors package (e.g.
    "ciphers/AES/GCM/gcmDecrypt128.rsp"). The direction comes from the file name
    ("Decrypt" in it: decryption records, which carry PT or a FAIL line). Every field
    is checked against its section header's length ([Keylen = 128], [IVlen = 96],
    [PTlen = ...], [AADlen = ...], [Taglen = ...], all in bits); anything else raises
    RspFormatError.
    """
    p, source = _resolve(path)
    decrypt = "decrypt" in p.name.lower()
    records: list[GcmRecord] = []
    lengths: dict[str, int] = {}
    fields: dict[str, str] = {}
    failed = False
    count: int | None = None
    start = 0

    def flush() -> None:
        if count is None:
            return
        where = f"{source}:{start}"
        wanted = set(_GCM_FIELDS) - ({"PT"} if decrypt else set())
        missing = wanted - fields.keys()
        if missing:
            raise RspFormatError(f"{where}: record lacks {', '.join(sorted(missing))}")
        if decrypt and failed == ("PT" in fields):
            raise RspFormatError(f"{where}: a decryption record has either PT or FAIL")
        try:
            data = {name: bytes.fromhex(value) for name, value in fields.items()}
        except ValueError as exc:
            raise RspFormatError(f"{where}: bad hex: {exc}") from None
        for section_name, field in _GCM_SECTION_FIELDS.items():
            if section_name not in lengths:
                raise RspFormatError(f"{where}: no [{section_name} = ...] before the record")
            if field in data and 8 * len(data[field]) != lengths[section_name]:
                raise RspFormatError(f"{where}: {field} of {8 * len(data[field])} bits under "
                                     f"[{section_name} = {lengths[section_name]}]")
        if len(data["CT"]) != lengths["PTlen"] // 8:
            raise RspFormatError(f"{where}: CT of {8 * len(data['CT'])} bits under [PTlen = {lengths['PTlen']}]")
        records.append(GcmRecord(
            name=f"{p.stem}/{len(records)}",
            key=data["Key"],
            iv=data["IV"],
            plaintext=data.get("PT"),
            aad=data["AAD"],
            ciphertext=data["CT"],
            tag=data["Tag"],
            decrypt=decrypt,
            passes=not failed,
            source=source,
            count=count,
        ))

    with open(p, encoding="ascii") as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            section = _GCM_SECTION.match(line)
            if section:
                flush()
                count, fields, failed = None, {}, False
                name, value = section.groups()
                if name not in _GCM_SECTION_FIELDS:
                    raise RspFormatError(f"{source}:{number}: unknown section [{name}]")
                lengths[name] = int(value)
                continue
            if line == "FAIL":
                if count is None or not decrypt:
                    raise RspFormatError(f"{source}:{number}: FAIL outside a decryption record")
                failed = True
                continue
            match = _GCM_LINE.match(line)
            if not match:
                raise RspFormatError(f"{source}:{number}: cannot read {line!r}")
            name, value = match.groups()
            if name == "Count":
                flush()
                count, fields, failed, start = int(value), {}, False, number
            elif name in _GCM_FIELDS:
                if count is None:
                    raise RspFormatError(f"{source}:{number}: {name} outside a Count record")
                if name in fields:
                    raise RspFormatError(f"{source}:{number}: {name} twice in one record")
                fields[name] = value
            else:
                raise RspFormatError(f"{source}:{number}: unexpected field {name}")
    flush()
    return records
