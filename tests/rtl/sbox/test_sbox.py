# SPDX-License-Identifier: Apache-2.0
"""S-box tests: aes_sbox and aes_inv_sbox (every SBOX), aes_sub_bytes and aes_inv_sub_bytes,
against the S-box aescores.model computes from the FIPS-197 definition (checked against
the entries FIPS-197 prints by tests/model/test_model.py).

One build per SBOX and simulator (tb_sbox.v beside this file holds all four modules); the
cocotb checks are in cocotb_sbox.py, also beside it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aescores import paths
from aescores.sim.cocotb_run import run_cocotb

HERE = Path(__file__).resolve().parent  # the bench beside this file
SBOXES = ("LUT", "COMPOSITE")


@pytest.mark.parametrize("sim", ["verilator", "icarus"])
@pytest.mark.parametrize("sbox", SBOXES)
def test_sbox_and_sub_bytes_match_fips197(sbox: str, sim: str) -> None:
    run_cocotb(
        "tb_sbox",
        "cocotb_sbox",
        parameters={"SBOX": sbox},
        sim=sim,
        sources=[*paths.rtl_sources(), HERE / "tb_sbox.v"],
        test_dir=HERE,
    )
