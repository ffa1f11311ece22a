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
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from aescores import model, paths
from aescores.cli import CliError, add_set_option, preset_from_args
from aescores.model import Mode

MODES = {"ecb": Mode.ECB, "cbc": Mode.CBC, "cfb": Mode.CFB, "cfb128": Mode.CFB, "ofb": Mode.OFB, "ctr": Mode.CTR}


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


def run(args: argparse.Namespace) -> int:
    """`aescores encrypt`: the file through the configuration's IP, checked, then written."""
    from aescores.sim.axi import AxiSim, tuser_of

    preset = preset_from_args(args.preset, args.set, what="--preset")
    mode = MODES.get(args.mode.lower())
    if mode is None:
        raise CliError(f"unknown mode {args.mode!r}; use one of {', '.join(sorted(MODES))}")
    params = preset.full_params
    max_bytes = int(params["MAX_KEY_BITS"]) // 8
    key = _hex_arg(args.key, "--key", tuple(n for n in (16, 24, 32) if n <= max_bytes))
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
    rate = blocks / cycles
    print(f"{preset.name}: {mode.name} {'decrypt' if args.decrypt else 'encrypt'}, {len(data)} bytes, "
          f"matches OpenSSL; wrote {args.output}")
    print(f"blocks {blocks}  clocks {cycles}  beats {beats}  blocks/clock {rate:.3f}  "
          f"(simulated in {seconds:.1f} s)")
    found = published_fmax(preset.name)
    if found:
        fmax, which = found
        print(f"at {which} post-route Fmax {fmax:.1f} MHz: {128 * rate * fmax / 1000:.2f} Gbit/s")
    else:
        print("Fmax unknown: run `aescores report` with this configuration for the Gbit/s figure")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `encrypt` sub-command."""
    p = sub.add_parser("encrypt", help="stream a file through a preset's aes_axi RTL (Verilator), checked by OpenSSL")
    p.add_argument("--preset", help="preset name (optional with --set: the defaults)")
    add_set_option(p)
    p.add_argument("--mode", required=True, help="ecb, cbc, cfb, ofb or ctr")
    p.add_argument("--decrypt", action="store_true", help="decrypt instead of encrypt")
    p.add_argument("--key", required=True, help="key, 32/48/64 hex digits")
    p.add_argument("--iv", help="IV (CTR: initial counter block), 32 hex digits; not for ECB")
    p.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    p.add_argument("input", help="input file")
    p.add_argument("output", help="output file")
    p.set_defaults(func=run)
