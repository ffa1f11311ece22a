# SPDX-License-Identifier: Apache-2.0
"""bench/pnr_options.py's summary of router2's congestion heat maps (no tool runs)."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench_module import load

pnr_options = load("pnr_options")


@pytest.mark.parametrize("net, signal", [
    ("u_top.u_mode.u_side.valid_reg_LUT4_D_Z[4]", "u_top.u_mode.u_side.valid_reg"),
    ("u_top.u_mode.a_par_LUT4_D_1_Z_PFUMX_BLUT_Z[3]", "u_top.u_mode.a_par"),
    ("u_top.u_mode.u_side.wr_data[17]", "u_top.u_mode.u_side.wr_data"),
    ("u_top.u_mode.a_ctr", "u_top.u_mode.a_ctr"),
    ("$PACKER_GND_NET", "$PACKER_GND_NET"),
])
def test_a_net_goes_to_its_signal(net: str, signal: str) -> None:
    assert pnr_options.signal_of(net) == signal


def test_the_last_pass_is_summed_by_signal_and_instance(tmp_path: Path) -> None:
    # An earlier pass that must be ignored, and pass 10 (numbered, not sorted as text).
    (tmp_path / "heat_congestion_by_net_2.csv").write_text("u_top.u_csr.x,999\n")
    (tmp_path / "heat_congestion_by_net_10.csv").write_text("\n".join([
        "u_top.u_mode.u_side.wr_data[0],5",
        "u_top.u_mode.u_side.wr_data[1],4",
        "u_top.u_mode.a_ctr,3",
        "u_top.u_core.gen_interleaved.u_engine.a_load,6",
        "u_top.u_core.gen_interleaved.u_engine.gen_lane[2].u_lookup.gen_col[1].q_reg[7],2",
        "u_top.u_mode.gen_gcm.k_tag,1",
        "$PACKER_GND_NET,1",
        "not a row",
    ]) + "\n")
    c = pnr_options.congestion(tmp_path)
    assert c["pass"] == 10
    assert c["overused"] == 22
    assert c["signals"][0] == ("u_top.u_mode.u_side.wr_data", 9)
    # By instance, three deep, a generate scope with the instance after it; a signal in
    # a generate scope of its own (gen_gcm) counts in the instance around it.
    assert dict(c["instances"]) == {
        "u_top.u_mode.u_side": 9,
        "u_top.u_core.gen_interleaved.u_engine": 8,
        "u_top.u_mode": 4,
        "$PACKER_GND_NET": 1,
    }
    text = pnr_options.show_congestion(c)
    assert "pass 10: 22 uses of overused wires" in text
    assert "40.9 %  u_top.u_mode.u_side.wr_data" in text


def test_no_heat_map_no_summary(tmp_path: Path) -> None:
    assert pnr_options.congestion(tmp_path) is None


def test_a_stopped_run_says_how_far_its_router_got() -> None:
    row = {"options": "router2-heatmap", "seed": 1, "timeout_s": 600.0, "ripup_rounds": 0, "router2_passes": 9}
    assert "stopped after 600 s (9 router2 passes)" in pnr_options.show(row)
    row = {"options": "default", "seed": 2, "timeout_s": 600.0, "ripup_rounds": 3, "router2_passes": 0}
    assert "stopped after 600 s (3 rip-up rounds)" in pnr_options.show(row)
