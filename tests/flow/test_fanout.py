# SPDX-License-Identifier: Apache-2.0
"""bench/fanout.py on a small hand-made netlist in Yosys's JSON form (no tool runs here):
each net's sinks by kind, clocks and constants left out, the widest nets first."""

from __future__ import annotations

from bench_module import load


def _cell(kind: str, inputs: dict[str, list], outputs: dict[str, list]) -> dict:
    return {
        "type": kind,
        "port_directions": {**{p: "input" for p in inputs}, **{p: "output" for p in outputs}},
        "connections": {**inputs, **outputs},
        "attributes": {},
    }


def _module() -> dict:
    cells = {
        # a clock buffer drives the clock (net 1): clock inputs are not sinks
        "clk_buf": _cell("DCCA", {"CLKI": [11]}, {"CLKO": [1]}),
        # u_mode.ready_reg (net 2) enables three data flip-flops and feeds one LUT
        "u_mode.ready_reg_TRELLIS_FF_Q": _cell("TRELLIS_FF", {"CLK": [1], "DI": [9], "CE": ["1"]}, {"Q": [2]}),
        "u_mode.l0": _cell("LUT4", {"A": [2], "B": [7], "C": ["0"]}, {"Z": [3]}),
        # the framer's reset LUT (net 7) resets the three flip-flops
        "u_framer.rst_LUT4_Z": _cell("LUT4", {"A": [8]}, {"Z": [7]}),
        "u_core.x_TRELLIS_FF_Q": _cell("TRELLIS_FF", {"CLK": [1], "DI": [3], "CE": [2], "LSR": [7]}, {"Q": [4]}),
        "u_core.y_TRELLIS_FF_Q": _cell("TRELLIS_FF", {"CLK": [1], "DI": [4], "CE": [2], "LSR": [7]}, {"Q": [5]}),
        "u_core.z_TRELLIS_FF_Q": _cell("TRELLIS_FF", {"CLK": [1], "DI": [5], "CE": [2], "LSR": [7]}, {"Q": [6]}),
        # a block RAM reads its address from net 4; its clock (net 1) is not a sink
        "u_core.ram": _cell("DP16KD", {"CLKA": [1], "ADA0": [4]}, {"DOA0": [10]}),
        "u_csr.q_TRELLIS_FF_Q": _cell("TRELLIS_FF", {"CLK": [1], "DI": [10]}, {"Q": [8]}),
    }
    return {"attributes": {"top": "1"}, "ports": {}, "cells": cells, "netnames": {}}


def test_sinks_are_counted_by_kind_without_clocks_or_constants() -> None:
    fan = load("fanout")
    by_driver = {n.driver: n for n in fan.nets(_module())}
    ready = by_driver["u_mode.ready_reg_TRELLIS_FF_Q"]
    assert (ready.layer, dict(ready.sinks), ready.fanout) == ("mode unit", {"ce": 3, "logic": 1}, 4)
    reset = by_driver["u_framer.rst_LUT4_Z"]
    assert (reset.layer, dict(reset.sinks)) == ("framer", {"lsr": 3, "logic": 1})
    assert dict(by_driver["u_core.x_TRELLIS_FF_Q"].sinks) == {"ff data": 1, "ebr": 1}
    assert dict(by_driver["u_core.ram"].sinks) == {"ff data": 1}
    assert "u_core.z_TRELLIS_FF_Q" not in by_driver  # no sink: not a net of interest
    assert "clk_buf" not in by_driver  # the clock reaches clock inputs only


def test_widest_nets_come_first_and_are_counted_by_layer() -> None:
    fan = load("fanout")
    found = fan.nets(_module())
    # two nets of four sinks (ties by driver name), then the flip-flop with two
    assert [(n.driver, n.fanout) for n in fan.widest(found, 3)] == [
        ("u_framer.rst_LUT4_Z", 4), ("u_mode.ready_reg_TRELLIS_FF_Q", 4), ("u_core.x_TRELLIS_FF_Q", 2)]
    assert dict(fan.wide_by_layer(found, 4)) == {"mode unit": 1, "framer": 1}
    assert dict(fan.wide_by_layer(found, 5)) == {}
    assert fan.short("u_mode.a_reg", 70) == "u_mode.a_reg"
    assert fan.short("x" * 80, 10) == "..." + "x" * 7
