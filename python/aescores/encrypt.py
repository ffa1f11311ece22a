# SPDX-License-Identifier: Apache-2.0
"""`aescores encrypt`: stream a file through a preset's aes_axi RTL under Verilator.

The configuration is `--preset NAME`, changed by `--set NAME=VALUE` options, or the
`aes_axi` defaults with the `--set` values when no preset is named.

The IP does the real job through its AXI ports: the key is staged and committed over
AXI4-Lite, the file goes in as one AXI4-Stream message (IV beat first for every mode
but ECB) and the output message, less its IV beat, is written to OUT. The output is
checked against OpenSSL (the `cryptography` package) before anything is written, and
the command prints the blocks, the clocks, blocks per clock and the throughput this
rate gives at the preset's post-route Fmax (from docs/results.json, when the preset
has been implemented).

GCM (`--mode gcm`, mode 5, builds with GCM=1) sends the message of
docs/specification.md §3a as `aescores.gcm.message_frame` lays it out: the IV beat
(the 96-bit `--iv` and the AAD length), the AAD beats (`--aad FILE`, default none),
the file as payload and the tag beat. Encryption writes the ciphertext to OUT and
prints the tag (`--tag-bytes`, default 16), also written as hex to `--tag-out FILE`
when given. Decryption takes the expected tag (`--tag HEX`, whose length is the tag
length) and writes the plaintext only when the IP ended the message with code 0 (the
tag matched); a tag mismatch (code 7) is an error and nothing is written. The blocks
of the rate line are the payload blocks; the clocks include the IV, AAD and tag beats.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

from aescores import gcm, model, paths
from aescores.cli import CliError, add_set_option, preset_from_args
from aescores.model import Mode

if TYPE_CHECKING:
    from aescores.configs import Preset

MODES = {"ecb": Mode.ECB, "cbc": Mode.CBC, "cfb": Mode.CFB, "cfb128": Mode.CFB, "ofb": Mode.OFB, "ctr": Mode.CTR}
GCM = "gcm"
"""`--mode gcm`: mode code 5 (docs/specification.md §3a), which `model.Mode` does not list."""
GCM_MODE = 5
"""regs.Mode.GCM, without loading the register map at import."""
GCM_ONLY = ("aad", "tag", "tag_bytes", "tag_out")
"""Options that only `--mode gcm` takes (argument names)."""
TAG_LENGTHS_TEXT = "4, 8 or 12 to 16"


def _hex_arg(text: str, what: str, lengths: tuple[int, ...]) -> bytes:
    try:
        value = bytes.fromhex(text)
    except ValueError:
        raise CliError(f"{what} is not hexadecimal: {text!r}") from None
    if len(value) not in lengths:
        want = " or ".join(str(8 * n) for n in lengths)
        raise CliError(f"{what} must be {want} bits ({' or '.join(str(2 * n) for n in lengths)} hex digits), "
                       f"got {8 * len(value)}")
    return value


def published_fmax(preset: str, results: Path | None = None) -> tuple[float, str] | None:
    """Post-route Fmax of a configuration from the last report (docs/results.json, or
    `results`), if it is there: (MHz, what was built). The whole IP's Fmax (its
    `aes_axi` build, what `encrypt` simulates) when the report has it, else the core's."""
    path = results or paths.DOCS_DIR / "results.json"
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    rows = data.get("presets", []) if isinstance(data, dict) else []
    for row in rows if isinstance(rows, list) else []:
        if not isinstance(row, dict) or row.get("preset") != preset:
            continue
        ip = row.get("ip") or {}
        if isinstance(ip, dict) and ip.get("fmax_mhz"):
            return float(ip["fmax_mhz"]), "the whole IP's"
        if row.get("fmax_mhz"):
            return float(row["fmax_mhz"]), "the core's"
    return None


def openssl_gcm(key: bytes, iv: bytes, aad: bytes, data: bytes, decrypt: bool, tag: bytes | int
                ) -> tuple[bytes, bytes, bool]:
    """OpenSSL's answer to a GCM message: (payload, tag, tag matched).

    Encryption (`tag` the tag length): AESGCM's ciphertext and the first `tag` bytes of
    its tag (matched is True). Decryption (`tag` the expected tag): the plaintext and
    the expected tag, and whether OpenSSL's GCM decryption accepts that tag (AESGCM
    takes 16-byte tags only, so its GCM mode with `min_tag_length=4` checks truncated
    ones); the plaintext is given either way, as the IP streams it before the check.
    """
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    if not decrypt:
        sealed = AESGCM(key).encrypt(iv, data, aad)
        return sealed[:-16], sealed[-16:][: int(tag)], True
    tag = bytes(tag)
    dec = Cipher(algorithms.AES(key), modes.GCM(iv, tag, min_tag_length=4)).decryptor()
    dec.authenticate_additional_data(aad)
    plain = dec.update(data)
    try:
        dec.finalize()
    except InvalidTag:
        return plain, tag, False
    return plain, tag, True


def _gcm_args(args: argparse.Namespace, params: dict, name: str) -> tuple[bytes, bytes, bytes | int]:
    """(IV, AAD, expected tag or tag length) of `--mode gcm`, checked; CliError otherwise."""
    if args.iv is None:
        raise CliError("GCM needs --iv (24 hex digits)")
    iv = _hex_arg(args.iv, "--iv", (gcm.IV_BYTES,))
    if args.decrypt:
        if args.tag is None:
            raise CliError("GCM decryption needs --tag HEX, the expected tag")
        if args.tag_bytes is not None:
            raise CliError("--tag-bytes is for encryption; decryption takes the tag length from --tag")
        if args.tag_out is not None:
            raise CliError("--tag-out is for encryption; decryption checks --tag")
        try:
            tag: bytes | int = bytes.fromhex(args.tag)
        except ValueError:
            raise CliError(f"--tag is not hexadecimal: {args.tag!r}") from None
        if len(tag) not in gcm.TAG_LENGTHS:
            raise CliError(f"--tag must be {TAG_LENGTHS_TEXT} bytes (8, 16 or 24 to 32 hex digits), got {len(tag)}")
    else:
        if args.tag is not None:
            raise CliError("--tag is the expected tag of --decrypt; encryption computes the tag (length: --tag-bytes)")
        text = "16" if args.tag_bytes is None else args.tag_bytes
        tag = int(text) if text.strip().isdigit() else -1
        if tag not in gcm.TAG_LENGTHS:
            raise CliError(f"--tag-bytes must be {TAG_LENGTHS_TEXT}, got {text!r}")
    aad = b""
    if args.aad is not None:
        path = Path(args.aad)
        if not path.is_file():
            raise CliError(f"AAD file not found: {path}")
        aad = path.read_bytes()
        if len(aad) >= 2**32:
            raise CliError(f"the AAD is {len(aad)} bytes; a GCM message carries fewer than 2^32")
    if not int(params.get("GCM", 1)):
        raise CliError(f"{name} is built without GCM (GCM=0): a mode 5 message would end with result code 5")
    return iv, aad, tag


def _print_rate(preset_name: str, blocks: int, cycles: int, beats: int, seconds: float, what: str = "") -> None:
    rate = blocks / cycles
    print(f"blocks {blocks}{what}  clocks {cycles}  beats {beats}  blocks/clock {rate:.3f}  "
          f"(simulated in {seconds:.1f} s)")
    if not blocks:
        return
    found = published_fmax(preset_name)
    if found:
        fmax, which = found
        print(f"at {which} post-route Fmax {fmax:.1f} MHz: {128 * rate * fmax / 1000:.2f} Gbit/s")
    else:
        print("Fmax unknown: run `aescores report` with this configuration for the Gbit/s figure")


def run(args: argparse.Namespace) -> int:
    """`aescores encrypt`: the file through the configuration's IP, checked, then written."""
    from aescores.sim.axi import AxiSim, tuser_of

    preset = preset_from_args(args.preset, args.set, what="--preset")
    is_gcm = args.mode.lower() == GCM
    mode = MODES.get(args.mode.lower())
    if mode is None and not is_gcm:
        raise CliError(f"unknown mode {args.mode!r}; use one of {', '.join(sorted([*MODES, GCM]))}")
    if not is_gcm:
        for name in GCM_ONLY:
            if getattr(args, name, None) is not None:
                raise CliError(f"--{name.replace('_', '-')} is for --mode gcm only")
    params = preset.full_params
    max_bytes = int(params["MAX_KEY_BITS"]) // 8
    key = _hex_arg(args.key, "--key", tuple(n for n in (16, 24, 32) if n <= max_bytes))
    if is_gcm:
        return _run_gcm(args, preset, key)
    if mode == Mode.ECB:
        if args.iv is not None:
            raise CliError("ECB takes no --iv")
        iv = None
    else:
        if args.iv is None:
            raise CliError(f"{mode.name} needs --iv (32 hex digits)")
        iv = _hex_arg(args.iv, "--iv", (16,))
    if args.decrypt and not int(params["DECRYPT"]) and mode in (Mode.ECB, Mode.CBC):
        raise CliError(f"{preset.name} is built without decryption (DECRYPT=0)")
    if str(params["KEY_EXPANSION"]) == "HOST":
        raise CliError(f"{preset.name} has host key expansion; `encrypt` loads keys through KEY_CTRL")
    src = Path(args.input)
    if not src.is_file():
        raise CliError(f"input file not found: {src}")
    data = src.read_bytes()
    if not data:
        raise CliError("the input file is empty")
    if mode in (Mode.ECB, Mode.CBC) and len(data) % 16:
        raise CliError(f"{mode.name} needs whole 16-byte blocks; {src} has {len(data)} bytes")

    expected = model.process(mode, key, iv, data, args.decrypt)
    lanes = int(params["LANES"])
    beat = 16 * lanes
    message = data if iv is None else iv + bytes(beat - 16) + data

    start = time.monotonic()
    with AxiSim(params, seed=args.seed, p_valid=100, p_ready=100) as sim:
        done, passed = sim.wait_selftest() if int(params["SELFTEST"]) else (True, True)
        if not (done and passed):
            raise CliError("the IP's self-test did not pass")
        if sim.load_key(0, key) != 0:
            raise CliError("the IP refused the key (SLVERR)")
        (out,), cycles, beats = sim.messages([(tuser_of(int(mode), args.decrypt, 0), message)])
    seconds = time.monotonic() - start
    if out.code != 0:
        raise CliError(f"the IP ended the message with result code {out.code}")
    result = out.data if iv is None else out.data[beat:]
    if result != expected:
        raise CliError("the IP's output differs from OpenSSL's: nothing written")
    Path(args.output).write_bytes(result)

    blocks = (len(data) + 15) // 16
    print(f"{preset.name}: {mode.name} {'decrypt' if args.decrypt else 'encrypt'}, {len(data)} bytes, "
          f"matches OpenSSL; wrote {args.output}")
    _print_rate(preset.name, blocks, cycles, beats, seconds)
    return 0


def _run_gcm(args: argparse.Namespace, preset: "Preset", key: bytes) -> int:
    """`--mode gcm`: one GCM message (docs/specification.md §3a) through the IP, checked
    against OpenSSL; the payload (and, encrypting, the tag) written only when all agree."""
    from aescores.regmap import regs
    from aescores.sim.axi import AxiSim, kept_item, tuser_of, unkept

    params = preset.full_params
    iv, aad, tag = _gcm_args(args, params, preset.name)
    if str(params["KEY_EXPANSION"]) == "HOST":
        raise CliError(f"{preset.name} has host key expansion; `encrypt` loads keys through KEY_CTRL")
    src = Path(args.input)
    if not src.is_file():
        raise CliError(f"input file not found: {src}")
    data = src.read_bytes()  # may be empty: GMAC, the tag of the AAD alone

    want_payload, want_tag, want_ok = openssl_gcm(key, iv, aad, data, args.decrypt, tag)
    frame = gcm.message_frame(iv, aad, data, tag, int(params["LANES"]))
    item = kept_item(tuser_of(GCM_MODE, args.decrypt, 0), frame.data, frame.keep, frame.beat_bytes)

    start = time.monotonic()
    with AxiSim(params, seed=args.seed, p_valid=100, p_ready=100) as sim:
        done, passed = sim.wait_selftest() if int(params["SELFTEST"]) else (True, True)
        if not (done and passed):
            raise CliError("the IP's self-test did not pass")
        caps, _ = sim.read(regs.CAPS.offset)
        if not regs.CAPS.decode(caps)["gcm"]:
            raise CliError(f"{preset.name}: CAPS says the IP has no GCM (CAPS[21] = 0)")
        if sim.load_key(0, key) != 0:
            raise CliError("the IP refused the key (SLVERR)")
        (out,), cycles, beats = sim.messages([item])
    seconds = time.monotonic() - start
    try:
        payload, out_tag = gcm.split_output(frame, unkept(out.data, frame.keep))
    except ValueError:
        raise CliError("the IP's output frame does not have the input's shape: nothing written") from None
    if out.code == regs.Result.TAG_MISMATCH and args.decrypt:
        if want_ok or payload != want_payload:
            raise CliError("the IP's output differs from OpenSSL's: nothing written")
        raise CliError("the tag does not match (result code 7, as OpenSSL finds): the key, IV, AAD, "
                       "ciphertext or tag is wrong; nothing written")
    if out.code == regs.Result.NOT_BUILT:
        raise CliError("the IP answered result code 5: it has no GCM")
    if out.code != 0:
        raise CliError(f"the IP ended the message with result code {out.code}")
    if not want_ok or payload != want_payload or out_tag != want_tag:
        raise CliError("the IP's output differs from OpenSSL's: nothing written")
    Path(args.output).write_bytes(payload)
    if args.tag_out is not None:
        Path(args.tag_out).write_text(out_tag.hex() + "\n")

    direction = "decrypt" if args.decrypt else "encrypt"
    print(f"{preset.name}: GCM {direction}, {len(data)} bytes, AAD {len(aad)} bytes, {len(out_tag)}-byte tag, "
          f"matches OpenSSL{', tag matches' if args.decrypt else ''}; wrote {args.output}"
          f"{'' if args.tag_out is None else f' and {args.tag_out}'}")
    if not args.decrypt:
        print(f"tag {out_tag.hex()}")
    aad_blocks = -(-len(aad) // 16)
    what = f" (payload only{': GMAC' if not data else ''}; AAD {aad_blocks} block{'' if aad_blocks == 1 else 's'})"
    _print_rate(preset.name, -(-len(data) // 16), cycles, beats, seconds, what)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `encrypt` sub-command."""
    p = sub.add_parser("encrypt", help="stream a file through a preset's aes_axi RTL (Verilator), checked by OpenSSL")
    p.add_argument("--preset", help="preset name (optional with --set: the defaults)")
    add_set_option(p)
    p.add_argument("--mode", required=True, help="ecb, cbc, cfb, ofb, ctr or gcm")
    p.add_argument("--decrypt", action="store_true", help="decrypt instead of encrypt")
    p.add_argument("--key", required=True, help="key, 32/48/64 hex digits")
    p.add_argument("--iv", help="IV (CTR: initial counter block), 32 hex digits; GCM: 96-bit IV, 24 hex digits; "
                                "not for ECB")
    p.add_argument("--aad", metavar="FILE", help="GCM: additional authenticated data (default: none)")
    p.add_argument("--tag-bytes", metavar="N", help="GCM encryption: tag length, 4, 8 or 12 to 16 (default 16)")
    p.add_argument("--tag", metavar="HEX", help="GCM decryption (required): the expected tag; its length is "
                                                "the tag length")
    p.add_argument("--tag-out", metavar="FILE", help="GCM encryption: also write the tag, as hex, to FILE "
                                                     "(it is always printed)")
    p.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    p.add_argument("input", help="input file")
    p.add_argument("output", help="output file")
    p.set_defaults(func=run)
