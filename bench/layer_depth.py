#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Logic depth of each layer of the whole IP (aes_axi) of a preset, after synth_ecp5.

Yosys `synth_ecp5` maps a preset's `aes_axi` (flattened, as the implementation flow
synthesizes it, without the flow's port registers) and bench/round_depth.py's path walk
reads the netlist. Every end of a combinational path (a flip-flop, block-RAM or
distributed-RAM input, or an output port) is given to the layer whose instance holds it
(u_framer, u_mode and its GHASH unit, u_csr, the self-test, u_core, the rest of
aes_axi), and this script prints, per layer, the longest path that ends in it, in cells
(LUT4, PFUMX and L6MUX21 each count one, a carry chain of CCU2C one), and where the
deepest path outside the core ends:

    python3 bench/layer_depth.py                       # the presets of the report
    python3 bench/layer_depth.py s3-subpipelined gcm-pipelined
    python3 bench/layer_depth.py gcm-pipelined --set KEY_SLOTS=4   # any configuration

A path is given to the layer where it ends, whatever layer it starts in, so paths that
cross a layer boundary count too. Nothing is placed or routed: this is the logic between
registers, the part of a whole-IP path that placement cannot change (its routing is the
rest; `aescores implement PRESET --top aes_axi` gives post-route Fmax). The whole IP
can run at its core's clock only if no layer is deeper than the core. ABC maps the
flattened design as a whole, so a layer's figure can move by a level or two when
another layer changes. Runs in build/layer_depth, where a preset's netlist is kept and
read again while its script, the RTL and Yosys are unchanged (bench/layer_area.py reads
the same netlists, so the two benches synthesize a preset once).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from aescores import configs, paths  # noqa: E402
from aescores.cli import CliError, preset_from_args  # noqa: E402
from aescores.flow.run import _chparam  # noqa: E402
from round_depth import end_levels, top_module, yosys_netlist  # noqa: E402  (the bench beside this file)

TOP = "aes_axi"
# Layers by the instance path of the end's cell name, most specific first.
LAYERS = (
    ("ghash", "u_mode.gen_gcm.u_ghash."),
    ("mode unit", "u_mode."),
    ("framer", "u_framer."),
    ("csr", "u_csr."),
    ("selftest", "gen_selftest."),
    ("core", "u_core."),
)
OTHER = "aes_axi"
# The RTL files that belong to one layer: an end from one of them is that layer's
# whatever Yosys named its cell (files shared by layers, such as aes_skid.v, are not here:
# their ends go by name).
LAYER_FILES = {
    "aes_axis_framer.v": "framer",
    "aes_mode_unit.v": "mode unit",
    "aes_ghash.v": "ghash",
    "aes_gf128_mul.v": "ghash",
    "aes_clmul.v": "ghash",
    "aes_csr.v": "csr",
    "aes_selftest.v": "selftest",
}


def synthesize(preset: configs.Preset, folder: Path) -> dict:
    """Run synth_ecp5 on the preset's aes_axi in `folder`; return the netlist (Yosys JSON)."""
    sources = [s for s in paths.rtl_sources_for(TOP) if s.suffix == ".v"]
    params = {k: v for k, v in preset.full_params.items() if k in configs.TOPS[TOP].params}
    return yosys_netlist(folder, sources, [
        *_chparam(TOP, params),
        f"hierarchy -top {TOP}",
        f"synth_ecp5 -top {TOP} {preset.synth_options.get('ecp5', '')}".rstrip(),
        "setattr -mod -unset keep_hierarchy A:keep_hierarchy",
        "flatten",
    ], timeout=3600, reuse=True)


def layer_of(name: str, cell: dict | None) -> str:
    """The layer an end belongs to: from the RTL file its cell comes from when that file is
    one layer's own, else from its hierarchical name. (Yosys names a register after the
    net its output drives, which can be the next layer's: the framer's operation
    register may carry a name of the mode unit's.)"""
    src = str((cell or {}).get("attributes", {}).get("src", ""))
    for part in src.split("|"):
        layer = LAYER_FILES.get(Path(part.split(":", 1)[0]).name)
        if layer:
            return layer
    for layer, prefix in LAYERS:
        if name.startswith(prefix):
            return layer
    return OTHER


def deepest_by_layer(netlist: dict) -> dict[str, tuple[int, str]]:
    """Per layer: the longest path that ends in it, in levels, and the end's name."""
    worst: dict[str, tuple[int, str]] = {}
    mod = top_module(netlist)
    for name, levels, _ in end_levels(mod):
        layer = layer_of(name, mod["cells"].get(name))
        if levels > worst.get(layer, (-1, ""))[0]:
            worst[layer] = (levels, name)
    return worst


def add_config_arguments(ap: argparse.ArgumentParser) -> None:
    """The configurations a layer bench builds: preset names, and `--set NAME=VALUE`
    parameters over each of them (over the defaults when no preset is named)."""
    ap.add_argument("presets", nargs="*", help="preset names (default: those of `aescores report`)")
    ap.add_argument("--set", dest="set", action="append", default=[], metavar="NAME=VALUE",
                    help="an aes_axi parameter over each preset's value, or over the defaults when no "
                         "preset is named (repeatable)")


def configs_from_args(args: argparse.Namespace) -> list[configs.Preset]:
    """The configurations of `add_config_arguments`' options, as the CLI's `--set` makes
    them (`aescores.cli.preset_from_args`); SystemExit with the reason for an unknown
    preset or parameter or an illegal value."""
    if not args.presets and not args.set:
        return configs.default_report_presets()
    try:
        return [preset_from_args(name, args.set) for name in (args.presets or [None])]
    except CliError as exc:
        raise SystemExit(f"{Path(sys.argv[0]).name}: {exc}") from None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_config_arguments(ap)
    ap.add_argument("--json", type=Path, help="write the rows here")
    args = ap.parse_args(argv)
    presets = configs_from_args(args)

    order = [layer for layer, _ in LAYERS] + [OTHER]
    rows = []
    print(f"{'preset':28} " + " ".join(f"{layer:>9}" for layer in order) + "  deepest outside the core")
    for preset in presets:
        worst = deepest_by_layer(synthesize(preset, paths.BUILD_DIR / "layer_depth" / preset.name))
        rows.append({"preset": preset.name, **{layer: {"levels": lv, "end": end} for layer, (lv, end) in worst.items()}})
        outside = max((v for k, v in worst.items() if k != "core"), default=(0, ""))
        cols = " ".join(f"{worst[layer][0] if layer in worst else '-':>9}" for layer in order)
        print(f"{preset.name:28} {cols}  {outside[1]}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
