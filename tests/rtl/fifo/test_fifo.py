# SPDX-License-Identifier: Apache-2.0
"""The PIPELINED engine's output FIFO (rtl/aes_fifo.v) on its own: order, data,
no loss, occupancy up to DEPTH and the two-clock read, at every depth the engines use
(8: the interleaved ITERATIVE engine; 16-64: the PIPELINED engine; 4-32: the mode unit's
side FIFO), the smallest, and 80 (five banks, whose select pads to eight). The checks are
in cocotb_fifo.py beside this file."""

from __future__ import annotations

from pathlib import Path

import pytest

from aescores.sim.cocotb_run import run_cocotb

HERE = Path(__file__).resolve().parent  # the bench beside this file


@pytest.mark.parametrize("depth,reset_reg", [(4, 0), (8, 0), (16, 1), (32, 1), (48, 1), (64, 1), (80, 1)])
def test_fifo_keeps_order_data_and_timing(depth: int, reset_reg: int) -> None:
    run_cocotb(
        "aes_fifo", "cocotb_fifo", parameters={"WIDTH": 12, "DEPTH": depth, "RESET_REG": reset_reg},
        sim="icarus", test_dir=HERE,
    )
