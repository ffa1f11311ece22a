# SPDX-License-Identifier: Apache-2.0
"""The ECP5 netlist pass that moves block-RAM output registers into the DP16KD
(python/aescores/flow/ebr_outreg.py): which ports it converts, how it rewires them, and
every case it must leave alone. The netlists are small hand-written Yosys JSON modules
in the shape `synth_ecp5` writes."""

from __future__ import annotations

import copy

import pytest

from aescores.flow.ebr_outreg import absorb

CLK, OTHER_CLK = 2, 3


def ebr(do_a: list[int], do_b: list[int], **params: str) -> dict:
    conn: dict[str, list] = {"CLKA": [CLK], "CLKB": [CLK], "OCEA": ["1"], "OCEB": ["1"],
                             "RSTA": ["0"], "RSTB": ["0"], "CEA": ["1"], "CEB": ["1"]}
    for i, bit in enumerate(do_a):
        conn[f"DOA{i}"] = [bit]
    for i, bit in enumerate(do_b):
        conn[f"DOB{i}"] = [bit]
    dirs = {p: ("output" if p.startswith("DO") else "input") for p in conn}
    return {"type": "DP16KD", "parameters": {"REGMODE_A": "NOREG", "REGMODE_B": "NOREG", **params},
            "port_directions": dirs, "connections": conn}


def ff(d: int, q: int, clk: int = CLK, **params: str) -> dict:
    p = {"CEMUX": "1 ", "CLKMUX": "CLK", "GSR": "DISABLED", "LSRMUX": "LSR", "REGSET": "RESET", **params}
    return {"type": "TRELLIS_FF", "parameters": p,
            "port_directions": {"CLK": "input", "DI": "input", "LSR": "input", "Q": "output"},
            "connections": {"CLK": [clk], "DI": [d], "LSR": ["0"], "Q": [q]}}


def lut(a: int, z: int) -> dict:
    return {"type": "LUT4", "parameters": {}, "port_directions": {"A": "input", "Z": "output"},
            "connections": {"A": [a], "Z": [z]}}


def netlist(cells: dict, ports: dict | None = None) -> dict:
    return {"modules": {"top": {"ports": ports or {}, "cells": cells}}}


def cells_of(n: dict) -> dict:
    return n["modules"]["top"]["cells"]


def test_port_whose_outputs_each_feed_one_plain_ff_moves_into_the_ebr() -> None:
    n = netlist({
        "ram": ebr(do_a=[], do_b=[10, 11]),
        "r0": ff(10, 20), "r1": ff(11, 21),
        "use0": lut(20, 30), "use1": lut(21, 31),
    })
    assert absorb(n) == 1
    c = cells_of(n)
    assert "r0" not in c and "r1" not in c
    assert c["ram"]["parameters"]["REGMODE_B"] == "OUTREG"
    assert c["ram"]["parameters"]["REGMODE_A"] == "NOREG"  # port A drives nothing: left alone
    # The EBR now drives the nets the flip-flops drove; their loads are untouched.
    assert c["ram"]["connections"]["DOB0"] == [20] and c["ram"]["connections"]["DOB1"] == [21]
    assert c["use0"]["connections"]["A"] == [20]


def test_both_ports_convert_independently() -> None:
    n = netlist({"ram": ebr(do_a=[10], do_b=[11]), "ra": ff(10, 20), "rb": ff(11, 21)})
    assert absorb(n) == 2
    p = cells_of(n)["ram"]["parameters"]
    assert (p["REGMODE_A"], p["REGMODE_B"]) == ("OUTREG", "OUTREG")


def test_unused_output_bits_do_not_prevent_the_move() -> None:
    n = netlist({"ram": ebr(do_a=[10, 12], do_b=[]), "r0": ff(10, 20)})
    assert absorb(n) == 1
    assert cells_of(n)["ram"]["connections"]["DOA0"] == [20]


@pytest.mark.parametrize(
    "case",
    ["fanout", "logic", "enable", "reset", "other_clock", "falling_edge", "module_port", "oce", "rst", "one_bad_bit",
     "already_outreg", "width36"],
)
def test_anything_but_a_plain_register_every_clock_is_left_alone(case: str) -> None:
    cells = {"ram": ebr(do_a=[10, 11], do_b=[]), "r0": ff(10, 20), "r1": ff(11, 21)}
    ports: dict = {}
    if case == "fanout":       # the output also feeds logic
        cells["x"] = lut(10, 30)
    elif case == "logic":      # the output feeds logic, not a flip-flop
        cells["r1"] = lut(11, 21)
    elif case == "enable":     # the flip-flop has a clock enable
        cells["r0"] = ff(10, 20, CEMUX="CE")
    elif case == "reset":      # the flip-flop's set/reset is used
        cells["r0"]["connections"]["LSR"] = [40]
    elif case == "other_clock":
        cells["r0"] = ff(10, 20, clk=OTHER_CLK)
    elif case == "falling_edge":
        cells["r0"] = ff(10, 20, CLKMUX="INV")
    elif case == "module_port":  # the output leaves the module
        ports = {"q": {"direction": "output", "bits": [11]}}
    elif case == "oce":        # the EBR's output enable is not constant
        cells["ram"]["connections"]["OCEA"] = [41]
    elif case == "rst":        # the EBR's output reset is used
        cells["ram"]["connections"]["RSTA"] = [42]
    elif case == "one_bad_bit":  # one bit of the port registered with an enable
        cells["r1"] = ff(11, 21, CEMUX="CE")
    elif case == "already_outreg":
        cells["ram"]["parameters"]["REGMODE_A"] = "OUTREG"
    elif case == "width36":    # 36-bit pseudo-dual-port use: read data on both ports' pins
        cells["ram"]["parameters"]["DATA_WIDTH_B"] = "00000000000000000000000000100100"
    n = netlist(cells, ports)
    before = copy.deepcopy(n)
    assert absorb(n) == 0
    assert n == before
