#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Register and LUT replication on a synthesized netlist: each high-fanout net split.

The whole IP's worst paths (docs/architecture.md, "Limitations") are mostly routing: a
layer's ready, valid or control register, or one LUT of two or three of them, drives
the clock enables of a few hundred flip-flops spread over the device. Yosys merges
registers of equal input (a copy written in the RTL becomes one register again), and
nextpnr places but does not replicate. This pass does what a vendor tool's fanout limit
does, on the flow's Yosys netlist (`write_json` after `synth_ecp5`), before nextpnr:

- a net whose driver is a LUT4 or a TRELLIS_FF inside the IP (its cell name starts
  with `prefix`, so the wrapper's port registers stay as they are) and which has more
  than `limit` sinks gets copies of its driver, one for every `limit` sinks;
- a copy has the driver's type, parameters and input connections (a flip-flop the same
  clock, enable, reset and data), so it computes the same function in every clock;
- the sinks are shared out in the order of their cell names, which keeps the bits of
  one register bank together, `limit` to a copy; a sink that must stay with its driver
  (a PFUMX or L6MUX input, a CCU2C, a distributed RAM's or a submodule's port) stays
  on the original net.

Nothing else changes: the netlist computes what it did, and each copy can be placed
beside its own share of the sinks. `python bench/pnr_options.py --replicate N` places
and routes the preset with it.
"""

from __future__ import annotations

import copy
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from round_depth import top_module  # noqa: E402  (the bench beside this file)

# Cells whose output a copy can stand in for, and each one's output port.
_DRIVERS = {"LUT4": "Z", "TRELLIS_FF": "Q"}
# Rounds of splitting at most (one or two suffice: see replicate()).
_ROUNDS = 4
# Sink cells that can move to a copy's net: plain logic and flip-flops (any input).
_MOVABLE_SINKS = {"LUT4", "TRELLIS_FF"}


def net_users(module: dict) -> tuple[dict[int, tuple[str, str]], dict[int, list[tuple[str, str, int]]]]:
    """Each net's driver (cell, port) and its sinks (cell, port, bit of the port)."""
    drivers: dict[int, tuple[str, str]] = {}
    sinks: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for name, cell in module["cells"].items():
        dirs = cell.get("port_directions", {})
        for port, bits in cell["connections"].items():
            for i, bit in enumerate(bits):
                if not isinstance(bit, int):
                    continue  # a constant
                if dirs.get(port) == "output":
                    drivers[bit] = (name, port)
                else:
                    sinks[bit].append((name, port, i))
    return drivers, sinks


def replicate(netlist: dict, limit: int, prefix: str = "u_top.") -> dict[str, int]:
    """Split every net of the top module with more than `limit` movable sinks, as the
    module docstring says; returns how many nets were split and copies made."""
    if limit < 2:
        raise ValueError("the fanout limit must be 2 or more")
    module = top_module(netlist)
    cells = module["cells"]
    next_bit = 1 + max(b for c in cells.values() for bits in c["connections"].values()
                       for b in bits if isinstance(b, int))
    for n in module.get("netnames", {}).values():
        next_bit = max(next_bit, 1 + max((b for b in n["bits"] if isinstance(b, int)), default=0))
    split = 0
    copies: dict[str, int] = {}  # copies made of each original driver
    # A copy of a LUT or flip-flop adds a sink to each net it reads: a net split in an
    # earlier round can grow past the limit again, and the next round splits it.
    for _ in range(_ROUNDS):
        drivers, sinks = net_users(module)
        round_split = 0
        for net in sorted(sinks, key=lambda b: (-len(sinks[b]), b)):
            if net not in drivers:
                continue
            dname, dport = drivers[net]
            dcell = cells[dname]
            if not dname.startswith(prefix) or _DRIVERS.get(dcell["type"]) != dport:
                continue
            movable = sorted((s for s in sinks[net] if cells[s[0]]["type"] in _MOVABLE_SINKS
                              and s[0] != dname and s[1] != "CLK"), key=lambda s: (s[0], s[1], s[2]))
            if len(movable) <= limit:
                continue
            fixed = len(sinks[net]) - len(movable)
            # The original keeps the fixed sinks and fills up to the limit with movable ones.
            keep = max(0, limit - fixed)
            groups = [movable[i:i + limit] for i in range(keep, len(movable), limit)]
            root = dcell.get("attributes", {}).get("replica_of", dname)
            for group in groups:
                clone = copy.deepcopy(dcell)
                clone["connections"][dport] = [next_bit]
                clone.setdefault("attributes", {})["replica_of"] = root
                copies[root] = copies.get(root, 0) + 1
                cname = f"{root}_rep{copies[root]}"
                cells[cname] = clone
                module.setdefault("netnames", {})[f"{cname}_{dport}"] = {
                    "hide_name": 0, "bits": [next_bit], "attributes": {}}
                for sname, sport, i in group:
                    cells[sname]["connections"][sport][i] = next_bit
                next_bit += 1
            split += 1
            round_split += 1
        if round_split == 0:
            break
    return {"nets_split": split, "copies": sum(copies.values())}


def replicate_file(src: Path, dst: Path, limit: int) -> dict[str, int]:
    netlist = json.loads(src.read_text())
    stats = replicate(netlist, limit)
    dst.write_text(json.dumps(netlist))
    return stats
