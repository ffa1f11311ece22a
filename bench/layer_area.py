#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Area of each layer of the whole IP (aes_axi) of a preset, after synth_ecp5.

Yosys `synth_ecp5` maps a preset's `aes_axi` flattened, as the implementation flow
synthesizes it (without the flow's port registers; the same synthesis as
bench/layer_depth.py), and this script gives each mapped cell to a layer and to an
instance inside it, then adds them up. A cell goes by its name, which Yosys takes from
the instance path of the net it drives (u_mode.u_side.mem.0.0: the mode unit's side
FIFO), so logic is counted in the layer of the register or memory it feeds; a register
named after a net of another layer goes by its RTL file, as in bench/layer_depth.py, and
a cell named after a port of aes_axi goes to the layer that drives the port (m_axis: the
mode unit's output buffer).
Area is in LUT4 as nextpnr counts logic cells (TRELLIS_COMB): a LUT4 one, a CCU2C carry
cell two, a TRELLIS_DPR16X4 distributed RAM four; PFUMX and L6MUX21 take none of their
own. FF and EBR are counted apart.

    python3 bench/layer_area.py                        # the presets of the report
    python3 bench/layer_area.py min-area gcm-iterative --depth 2
    python3 bench/layer_area.py gcm-pipelined --set KEY_SLOTS=4   # any configuration

Synthesis only: placement adds route-through cells, so the total is 4 to 11 % below the
post-route figure (`aescores implement PRESET --top aes_axi`), which the heading
gives from docs/results.json. This is the table that says where the whole IP's area
goes, and so from which layer an area target must come. Runs in build/layer_depth, and
reads a netlist bench/layer_depth.py left there while the RTL and Yosys are unchanged.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from aescores import paths, report  # noqa: E402
from layer_depth import LAYERS, OTHER, add_config_arguments, configs_from_args, layer_of, synthesize  # noqa: E402  (the bench beside this file)
from round_depth import top_module  # noqa: E402

# Logic cells (TRELLIS_COMB) each mapped cell takes when nextpnr packs it.
LUT4_COST = {"LUT4": 1, "CCU2C": 2, "TRELLIS_DPR16X4": 4}
FF_CELLS = ("TRELLIS_FF",)
EBR_CELLS = ("DP16KD",)
OWN = "(its own logic)"
REST = "rest of aes_axi"  # the cells of aes_axi itself
PREFIX = dict(LAYERS)
# Cells named after a port of aes_axi: the layer and instance whose registers drive that
# port (the mode unit's output buffer drives m_axis, so the logic that completes a result
# into it carries m_axis_tdata's name).
PORTS = (
    ("m_axis_", "mode unit", "u_out"),
    ("s_axis_", "framer", OWN),
    ("s_axil_", "csr", OWN),
)


class Area:
    """Mapped cells by type, and what they come to: LUT4 (as nextpnr counts), FF, EBR."""

    def __init__(self) -> None:
        self.cells: Counter = Counter()

    @property
    def lut4(self) -> int:
        return sum(n * LUT4_COST.get(t, 0) for t, n in self.cells.items())

    @property
    def ff(self) -> int:
        return sum(self.cells[t] for t in FF_CELLS)

    @property
    def ebr(self) -> int:
        return sum(self.cells[t] for t in EBR_CELLS)


def instance_groups(name: str) -> list[str]:
    """The instance path of a flattened cell's name, one entry per instance: our RTL names
    every instance u_*, and a generate scope before one stays with it
    (u_core.gen_interleaved.u_engine.u_fifo.mem.0.1: u_core, gen_interleaved.u_engine,
    u_fifo). What follows the last instance is the cell's own name."""
    groups, pending = [], []
    for part in name.split("."):
        pending.append(part)
        if part.startswith("u_"):
            groups.append(".".join(pending))
            pending = []
    return groups


def sub_instance(layer: str, name: str) -> str:
    """The instance inside `layer` that holds the cell `name`, or OWN for the layer's own
    cells (and for a cell given to the layer by its RTL file whatever its name)."""
    prefix = PREFIX.get(layer)
    if prefix is None or not name.startswith(prefix):
        return OWN
    depth = len(instance_groups(prefix))
    groups = instance_groups(name)
    return groups[depth] if len(groups) > depth else OWN


def layer_areas(netlist: dict) -> dict[str, dict[str, Area]]:
    """Per layer, per instance inside it (OWN for the rest), the area of its cells."""
    out: dict[str, dict[str, Area]] = defaultdict(lambda: defaultdict(Area))
    for name, cell in top_module(netlist)["cells"].items():
        layer, part = place(name, cell)
        out[layer][part].cells[cell["type"]] += 1
    return out


def place(name: str, cell: dict) -> tuple[str, str]:
    """The layer and the instance inside it of one flattened cell."""
    layer = layer_of(name, cell)
    if layer == OTHER:
        for prefix, port_layer, part in PORTS:
            if name.startswith(prefix):
                return port_layer, part
    return layer, sub_instance(layer, name)


def layer_rows(netlist: dict, depth: int) -> list[tuple[int, str, Area]]:
    """(level, name, area) rows: the layers, the largest first (aes_axi's own cells last),
    with their instances below when `depth` is 2; then the total."""
    areas = layer_areas(netlist)
    total = Area()
    layers = []
    for layer, parts in areas.items():
        area = Area()
        for part in parts.values():
            area.cells.update(part.cells)
        total.cells.update(area.cells)
        layers.append((layer, area, parts))
    layers.sort(key=lambda it: (it[0] == OTHER, -it[1].lut4))
    rows: list[tuple[int, str, Area]] = []
    for layer, area, parts in layers:
        rows.append((0, REST if layer == OTHER else layer, area))
        if depth > 1 and set(parts) != {OWN}:
            for part, sub in sorted(parts.items(), key=lambda it: -it[1].lut4):
                if sub.lut4 or sub.ff or sub.ebr:  # not only multiplexer cells
                    rows.append((1, part, sub))
    rows.append((0, "total", total))
    return rows


def routed_lut4() -> dict[str, int]:
    """Per preset, the whole IP's post-route LUT4 from docs/results.json, where the report
    has it."""
    path = paths.DOCS_DIR / report.RESULTS_JSON
    rows = report.load(path).get("presets", []) if path.exists() else []
    return {r["preset"]: r["ip"]["lut4"] for r in rows if (r.get("ip") or {}).get("lut4")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_config_arguments(ap)
    ap.add_argument("--depth", type=int, choices=(1, 2), default=1,
                    help="1: the layers; 2: and the instances inside each")
    ap.add_argument("--json", type=Path, help="write the rows here")
    args = ap.parse_args(argv)
    presets = configs_from_args(args)

    out = []
    routed_by_preset = routed_lut4()
    for preset in presets:
        rows = layer_rows(synthesize(preset, paths.BUILD_DIR / "layer_depth" / preset.name), args.depth)
        routed = routed_by_preset.get(preset.name)
        print(f"{preset.name}: whole IP after synthesis, by layer"
              + (f" (post-route, docs/results.json: {routed:,} LUT4)" if routed else ""))
        print(f"  {'layer':40} {'LUT4':>8} {'FF':>8} {'EBR':>5} {'share':>6}")
        grand = rows[-1][2].lut4 or 1
        for level, name, area in rows:
            label = "  " * level + name
            print(f"  {label:40} {area.lut4:8,} {area.ff:8,} {area.ebr:5} {100 * area.lut4 / grand:5.1f}%")
        print(flush=True)
        out.append({"preset": preset.name, "routed_lut4": routed,
                    "rows": [{"level": lv, "name": n, "lut4": a.lut4, "ff": a.ff, "ebr": a.ebr}
                             for lv, n, a in rows]})
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
