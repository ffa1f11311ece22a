# SPDX-License-Identifier: Apache-2.0
"""The path walk of bench/round_depth.py and the layers of bench/layer_depth.py, on small
hand-made netlists in Yosys's JSON form (no tool runs here)."""

from __future__ import annotations

import argparse

import pytest

from bench_module import load


def _cell(kind: str, inputs: dict[str, list[int]], outputs: dict[str, list[int]], src: str = "") -> dict:
    return {
        "type": kind,
        "port_directions": {**{p: "input" for p in inputs}, **{p: "output" for p in outputs}},
        "connections": {**inputs, **outputs},
        "attributes": {"src": src} if src else {},
    }


def _module(cells: dict[str, dict], outputs: dict[str, list[int]] | None = None) -> dict:
    ports = {name: {"direction": "output", "bits": bits} for name, bits in (outputs or {}).items()}
    return {"attributes": {"top": "1"}, "ports": ports, "cells": cells, "netnames": {}}


def test_levels_count_luts_and_a_carry_chain_once() -> None:
    depth = load("round_depth")
    cells = {
        # register q (bit 2) -> LUT -> LUT -> register d: two levels
        "r0": _cell("TRELLIS_FF", {"DI": [10]}, {"Q": [2]}),
        "l1": _cell("LUT4", {"A": [2]}, {"Z": [3]}),
        "l2": _cell("LUT4", {"A": [3]}, {"Z": [4]}),
        "r1": _cell("TRELLIS_FF", {"DI": [4]}, {"Q": [11]}),
        # register q (bit 11) -> three CCU2C chained by their carries -> register: one
        # level for the chain, then a LUT: two
        "c0": _cell("CCU2C", {"A0": [11], "CIN": []}, {"S0": [20], "COUT": [21]}),
        "c1": _cell("CCU2C", {"A0": [11], "CIN": [21]}, {"S0": [22], "COUT": [23]}),
        "c2": _cell("CCU2C", {"A0": [11], "CIN": [23]}, {"S0": [24], "COUT": [25]}),
        "l3": _cell("LUT4", {"A": [24]}, {"Z": [26]}),
        "r2": _cell("TRELLIS_FF", {"DI": [26]}, {"Q": [10]}),
    }
    levels = {name: lv for name, lv, _ in depth.end_levels(_module(cells))}
    assert levels == {"r0": 0, "r1": 2, "r2": 2}


def test_a_carry_in_from_a_register_counts_a_level() -> None:
    depth = load("round_depth")
    cells = {
        "r0": _cell("TRELLIS_FF", {"DI": [3]}, {"Q": [2]}),
        "c0": _cell("CCU2C", {"A0": [], "CIN": [2]}, {"S0": [3], "COUT": []}),
    }
    assert [(n, lv) for n, lv, _ in depth.end_levels(_module(cells))] == [("r0", 1)]


def test_layers_by_source_file_then_instance_name() -> None:
    layers = load("layer_depth")
    assert layers.layer_of("u_mode.gen_gcm.u_ghash.acc_reg_TRELLIS_FF_Q", None) == "ghash"
    assert layers.layer_of("u_mode.gen_gcm.len_block_TRELLIS_FF_Q_35", None) == "mode unit"
    assert layers.layer_of("u_mode.fb_pop_reg_TRELLIS_FF_Q", None) == "mode unit"
    assert layers.layer_of("u_framer.msg_err_reg_TRELLIS_FF_Q", None) == "framer"
    assert layers.layer_of("u_core.gen_pipelined.x_TRELLIS_FF_Q", None) == "core"
    # a register named after a port of aes_axi, from the register block's file
    csr = {"attributes": {"src": "../../../rtl/aes_csr.v:812.5-830.8|../../../rtl/aes_axi.v:300.1"}}
    assert layers.layer_of("s_axil_rdata_TRELLIS_FF_Q_15", csr) == "csr"
    assert layers.layer_of("busy_reg_TRELLIS_FF_Q", {"attributes": {"src": "../../../rtl/aes_axi.v:9.1"}}) == "aes_axi"
    # the framer's register named after the mode unit's net it drives
    framer = {"attributes": {"src": "../../../rtl/aes_axis_framer.v:530.9-560.12"}}
    assert layers.layer_of("u_mode.s_k_iv_TRELLIS_FF_Q", framer) == "framer"
    # a file two layers share: by name
    skid = {"attributes": {"src": "../../../rtl/aes_skid.v:70.5-90.8"}}
    assert layers.layer_of("u_mode.u_in.gen_full.out_valid_reg_TRELLIS_FF_Q", skid) == "mode unit"


def test_a_netlist_is_read_again_only_for_its_own_script_and_sources(tmp_path) -> None:
    """bench/round_depth.py's reuse rule (layer_depth and layer_area share netlists): a
    kept netlist is read only under the key of the same script and source contents; any
    other script, a changed source or no netlist means a new synthesis."""
    depth = load("round_depth")
    src = tmp_path / "top.v"
    src.write_text("module top; endmodule\n")
    folder = tmp_path / "run"
    folder.mkdir()
    key = depth.netlist_key("script\n", [src])
    assert depth.kept_netlist(folder, key) is None                      # nothing made yet
    (folder / "netlist.json").write_text('{"modules": {}}')
    assert depth.kept_netlist(folder, key) is None                      # no key: unfinished
    (folder / "netlist.key").write_text(key)
    assert depth.kept_netlist(folder, key) == {"modules": {}}
    assert depth.kept_netlist(folder, depth.netlist_key("other script\n", [src])) is None
    src.write_text("module top(input a); endmodule\n")                 # the RTL changed
    assert depth.netlist_key("script\n", [src]) != key
    assert depth.kept_netlist(folder, depth.netlist_key("script\n", [src])) is None


def _bench_args(layers, argv: list[str]):
    ap = argparse.ArgumentParser()
    layers.add_config_arguments(ap)
    return layers.configs_from_args(ap.parse_args(argv))


def test_layer_benches_build_presets_with_set_parameters_over_them() -> None:
    layers = load("layer_depth")
    named = _bench_args(layers, ["gcm-pipelined", "min-area", "--set", "KEY_SLOTS=4"])
    assert [p.full_params["KEY_SLOTS"] for p in named] == [4, 4]
    assert [p.name for p in named] == ["gcm-pipelined+KEY_SLOTS=4", "min-area+KEY_SLOTS=4"]
    assert [p.full_params["GCM"] for p in named] == [1, 0]  # the rest of each preset kept
    alone = _bench_args(layers, ["--set", "ARCH=ITERATIVE"])
    assert len(alone) == 1 and alone[0].full_params["ARCH"] == "ITERATIVE"
    assert [p.name for p in _bench_args(layers, ["s1-iterative"])] == ["s1-iterative"]
    with pytest.raises(SystemExit, match="LANES takes 1, 2, 4 or 8"):
        _bench_args(layers, ["--set", "LANES=3"])
