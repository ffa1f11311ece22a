#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fan-out of the nets of the whole IP (aes_axi) of a preset, after synth_ecp5.

The whole IP's worst paths run mostly in routing, from one control register to the
clock enables or resets of hundreds of data flip-flops (docs/architecture.md,
"Limitations"). This script maps a preset's `aes_axi` as bench/layer_depth.py does (the
same flattened synthesis, and the netlist it kept is read again) and lists the nets
with the most sinks: for each, the cell that drives it, the layer that cell belongs to
(bench/layer_depth.py's rule), and what its sinks are: flip-flop clock enables (CE),
flip-flop resets (LSR), flip-flop data inputs, block-RAM ports and logic (LUT, carry
and multiplexer inputs). Clock nets and constants are left out.

    python3 bench/fanout.py                             # the presets of the report
    python3 bench/fanout.py s2-phase-pipelined-hostkey s4-iterative-ctr4 --most 15
    python3 bench/fanout.py gcm-pipelined --set KEY_SLOTS=4 --json fanout.json

Nothing is placed: a net's sinks are where placement must spread it, and a register
driving many clock enables is the candidate for copies kept apart in synthesis. Runs
in build/layer_depth, beside the layer benches.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from aescores import paths  # noqa: E402
from layer_depth import add_config_arguments, configs_from_args, layer_of, synthesize  # noqa: E402
from round_depth import EBR, top_module  # noqa: E402  (the benches beside this file)

FF = "TRELLIS_FF"
# The kinds of sink a net can have, in the order they are printed.
KINDS = ("ce", "lsr", "ff data", "ebr", "logic")


@dataclass
class Net:
    """One net of the flattened netlist: its driver and its sinks by kind."""

    driver: str
    driver_type: str
    layer: str
    sinks: Counter = field(default_factory=Counter)

    @property
    def fanout(self) -> int:
        return sum(self.sinks.values())


def sink_kind(cell_type: str, port: str) -> str | None:
    """What a cell's input port is as a sink, or None for a clock input (CLK..., and the
    distributed RAM's write clock WCK)."""
    if port.upper().startswith("CLK") or port == "WCK":
        return None
    if cell_type == FF:
        return {"CE": "ce", "LSR": "lsr"}.get(port, "ff data")
    return "ebr" if cell_type in EBR else "logic"


def nets(mod: dict) -> list[Net]:
    """Every net driven by a cell of `mod` that has at least one sink, by bit."""
    drivers: dict[int, Net] = {}
    for name, cell in mod["cells"].items():
        for port, direction in cell.get("port_directions", {}).items():
            if direction != "output":
                continue
            for bit in cell["connections"].get(port, []):
                if isinstance(bit, int):
                    drivers[bit] = Net(name, cell["type"], layer_of(name, cell))
    for cell in mod["cells"].values():
        for port, direction in cell.get("port_directions", {}).items():
            if direction != "input":
                continue
            kind = sink_kind(cell["type"], port)
            if kind is None:
                continue
            for bit in cell["connections"].get(port, []):
                if isinstance(bit, int) and bit in drivers:
                    drivers[bit].sinks[kind] += 1
    return [n for n in drivers.values() if n.fanout]


def widest(found: list[Net], most: int) -> list[Net]:
    """The `most` nets of `found` with the most sinks, the largest first (ties by driver name)."""
    return sorted(found, key=lambda n: (-n.fanout, n.driver))[:most]


def wide_by_layer(found: list[Net], over: int) -> Counter:
    """How many nets of `found` of at least `over` sinks each layer drives."""
    return Counter(n.layer for n in found if n.fanout >= over)


def short(name: str, width: int = 70) -> str:
    """A cell name cut from the left to `width` characters (its end says what it is)."""
    return name if len(name) <= width else "..." + name[-(width - 3):]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_config_arguments(ap)
    ap.add_argument("--most", type=int, default=10, metavar="N", help="nets listed per preset (default 10)")
    ap.add_argument("--over", type=int, default=256, metavar="N",
                    help="also count, by the driver's layer, the nets with at least N sinks (default 256)")
    ap.add_argument("--json", type=Path, help="write the rows here")
    args = ap.parse_args(argv)
    out = []
    for preset in configs_from_args(args):
        found = nets(top_module(synthesize(preset, paths.BUILD_DIR / "layer_depth" / preset.name)))
        top = widest(found, args.most)
        wide = wide_by_layer(found, args.over)
        print(f"{preset.name}: the {len(top)} nets of the whole IP with the most sinks (after synthesis); "
              f"nets of {args.over} sinks or more by layer: "
              + (", ".join(f"{layer} {count}" for layer, count in wide.most_common()) or "none"))
        print(f"  {'fan-out':>7} " + " ".join(f"{k:>7}" for k in KINDS) + f"  {'layer':10} driver")
        for n in top:
            kinds = " ".join(f"{n.sinks.get(k, 0):>7}" for k in KINDS)
            print(f"  {n.fanout:>7} {kinds}  {n.layer:10} {short(n.driver)} ({n.driver_type})")
        print(flush=True)
        out.append({"preset": preset.name, "over": args.over, "wide_by_layer": dict(wide),
                    "nets": [{"driver": n.driver, "type": n.driver_type, "layer": n.layer, "fanout": n.fanout,
                              "sinks": dict(n.sinks)} for n in top]})
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
