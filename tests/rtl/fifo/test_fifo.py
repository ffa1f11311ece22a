# SPDX-License-Identifier: Apache-2.0
"""The engines' output FIFO (rtl/aes_fifo.v) and the half-rate FIFO (rtl/aes_fifo_half.v)
each on its own: order, data, no loss, occupancy up to DEPTH and the two-clock read, at
every depth the engines use (8: the interleaved ITERATIVE engine; 16-64: the PIPELINED
engine; 16-32: the mode unit's side FIFO in PIPELINED builds), the smallest, and 80
(five banks, whose select pads to eight); aes_fifo_half (the side FIFO of ITERATIVE
builds) at its three depths, with its pause after each pop. The checks are in
cocotb_fifo.py beside this file."""

from __future__ import annotations

from pathlib import Path

import pytest

from aescores import paths, tools
from aescores.flow import netlist
from aescores.sim.cocotb_run import run_cocotb

HERE = Path(__file__).resolve().parent  # the bench beside this file


@pytest.mark.parametrize("depth,reset_reg", [(4, 0), (8, 0), (16, 1), (32, 1), (48, 1), (64, 1), (80, 1)])
def test_fifo_keeps_order_data_and_timing(depth: int, reset_reg: int) -> None:
    run_cocotb(
        "aes_fifo", "cocotb_fifo", parameters={"WIDTH": 12, "DEPTH": depth, "RESET_REG": reset_reg},
        sim="icarus", test_dir=HERE,
    )


@pytest.mark.parametrize("depth", [4, 8, 16])
def test_half_rate_fifo_keeps_order_data_and_timing(depth: int) -> None:
    run_cocotb(
        "aes_fifo_half", "cocotb_fifo", parameters={"WIDTH": 12, "DEPTH": depth},
        sim="icarus", test_dir=HERE,
    )


def m_valid_flip_flop(rtl_dir: Path, workdir: Path, reset_reg: int) -> str:
    """The one cell that drives aes_fifo's m_valid (from the RTL in `rtl_dir`, Yosys after
    proc, flatten and opt), which must be a flip-flop: Yosys stops with an error
    otherwise."""
    return netlist.query("aes_fifo", {"WIDTH": 4, "DEPTH": 16, "RESET_REG": reset_reg}, rtl_dir, workdir, [
        "opt",
        "opt_clean -purge",
        "select -set drv o:m_valid %ci1 o:m_valid %d",
        "select -assert-count 1 @drv",
        "select -assert-count 1 @drv t:$*dff* %i",
        "select -write drv.txt @drv",
    ], "drv.txt", timeout=300)


@pytest.mark.parametrize("reset_reg", [0, 1])
def test_m_valid_is_a_flip_flop(reset_reg: int, tmp_path: Path) -> None:
    """m_valid is the output of a flip-flop with no gate after it, with either reset form
    (the engine's FIFO sits at the far end of the pipeline, and its m_valid goes to the
    mode unit's result buffer)."""
    assert m_valid_flip_flop(paths.RTL_DIR, tmp_path, reset_reg).strip()


def test_check_finds_m_valid_behind_a_gate(tmp_path: Path) -> None:
    rtl = netlist.changed_rtl(tmp_path, "aes_fifo.v", "    assign m_valid = valid_reg;",
                              "    assign m_valid = valid_reg && !valid_clr;")
    with pytest.raises(tools.ToolError):
        m_valid_flip_flop(rtl, tmp_path / "work", 1)
