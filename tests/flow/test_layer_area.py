# SPDX-License-Identifier: Apache-2.0
"""The area sums of bench/layer_area.py, on a small hand-made flattened netlist in
Yosys's JSON form (no tool runs here)."""

from __future__ import annotations

from bench_module import load


def _netlist(cells: dict[str, tuple[str, str]]) -> dict:
    """A flattened top module of `cells`: name -> (type, RTL source)."""
    return {"modules": {"aes_axi": {"attributes": {"top": "1"}, "cells": {
        name: {"type": kind, "attributes": {"src": src} if src else {}} for name, (kind, src) in cells.items()
    }}}}


NETLIST = _netlist({
    "u_mode.u_side.mem.0.0": ("TRELLIS_DPR16X4", ""),
    "u_mode.u_side.rd_ptr_TRELLIS_FF_Q": ("TRELLIS_FF", ""),
    "u_mode.fb_pop_reg_TRELLIS_FF_Q_DI_LUT4_Z": ("LUT4", ""),
    "u_mode.fb_pop_reg_TRELLIS_FF_Q_DI_PFUMX_Z": ("PFUMX", ""),
    "u_mode.gen_gcm.len_CCU2C_S0": ("CCU2C", ""),
    "u_mode.gen_gcm.u_ghash.z_reg_TRELLIS_FF_Q_DI_LUT4_Z": ("LUT4", ""),
    "u_mode.gen_gcm.u_ghash.u_mul.p_LUT4_Z": ("LUT4", ""),
    "u_mode.gen_gcm.u_ghash.u_mul.p_L6MUX21_Z": ("L6MUX21", ""),
    "u_core.gen_interleaved.u_engine.u_fifo.mem.0.1": ("TRELLIS_DPR16X4", ""),
    "u_core.u_slots.u_store.mem.0.0": ("DP16KD", ""),
    # a register named after aes_axi's port it drives, from the register block's file
    "s_axil_rdata_TRELLIS_FF_Q_3": ("TRELLIS_FF", "../../../rtl/aes_csr.v:812.5-830.8"),
    "busy_reg_TRELLIS_FF_Q": ("TRELLIS_FF", "../../../rtl/aes_axi.v:9.1"),
    "aresetn_LUT4_D": ("LUT4", ""),
    # a wide multiplexer cell alone under an instance: no row of its own
    "u_framer.u_in.sel_PFUMX_Z": ("PFUMX", ""),
    # the completion of a result into the output buffer, named after the port it drives
    "m_axis_tdata_TRELLIS_FF_Q_7_DI_LUT4_Z": ("LUT4", ""),
})


def test_instance_path_of_a_flattened_name() -> None:
    area = load("layer_area")
    assert area.instance_groups("u_core.gen_interleaved.u_engine.u_fifo.mem.0.1") == \
        ["u_core", "gen_interleaved.u_engine", "u_fifo"]
    assert area.instance_groups("u_mode.gen_gcm.len_block_TRELLIS_FF_Q_35") == ["u_mode"]
    assert area.instance_groups("aresetn_LUT4_D") == []


def test_cells_sum_by_layer_and_instance_as_nextpnr_counts_logic() -> None:
    area = load("layer_area")
    rows, layer = {}, None
    for lv, name, a in area.layer_rows(NETLIST, depth=2):
        layer = name if lv == 0 else layer
        rows[(0, name) if lv == 0 else (layer, name)] = (a.lut4, a.ff, a.ebr)
    # LUT4 1 each, CCU2C 2, TRELLIS_DPR16X4 4; PFUMX and L6MUX21 none; FF and EBR apart
    assert rows[(0, "mode unit")] == (4 + 1 + 2 + 1, 1, 0)
    assert rows[("mode unit", "u_out")] == (1, 0, 0)
    assert rows[("mode unit", "u_side")] == (4, 1, 0)
    assert rows[("mode unit", area.OWN)] == (1 + 2, 0, 0)
    # the GHASH unit is its own layer, and its multiplier an instance inside it
    assert rows[(0, "ghash")] == (2, 0, 0)
    assert rows[("ghash", "u_mul")] == (1, 0, 0)
    assert rows[("ghash", area.OWN)] == (1, 0, 0)
    assert rows[(0, "core")] == (4, 0, 1)
    assert rows[("core", "gen_interleaved.u_engine")] == (4, 0, 0)
    assert rows[("core", "u_slots")] == (0, 0, 1)
    assert rows[(0, "csr")] == (0, 1, 0)
    assert rows[(0, area.REST)] == (1, 1, 0)
    assert rows[(0, "framer")] == (0, 0, 0) and ("framer", "u_in") not in rows
    assert rows[(0, "total")] == (8 + 2 + 4 + 1, 3, 1)


def test_depth_one_gives_the_layers_largest_first_and_aes_axi_last() -> None:
    area = load("layer_area")
    names = [name for _, name, _ in area.layer_rows(NETLIST, depth=1)]
    assert names == ["mode unit", "core", "ghash", "csr", "framer", area.REST, "total"]
