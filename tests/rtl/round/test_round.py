# SPDX-License-Identifier: Apache-2.0
"""Round tests: aes_round (INVERSE 0 and 1) for every SBOX, with the T-tables,
ShiftRows, MixColumns and their inverses, against aescores.model and the rounds FIPS-197
prints (aescores.vectors.FIPS197_ROUNDS).

One build per SBOX (tb_round.v beside this file holds all the modules); the cocotb
checks are in cocotb_round.py, also beside it. The model's rounds are proven against
FIPS-197 and OpenSSL by tests/model/test_model.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aescores import paths
from aescores.sim.cocotb_run import run_cocotb

HERE = Path(__file__).resolve().parent  # the bench beside this file
SBOXES = ("LUT", "COMPOSITE", "TTABLE")


@pytest.mark.parametrize("sbox", SBOXES)
def test_rounds_ttables_and_mix_columns_match_reference(sbox: str) -> None:
    run_cocotb(
        "tb_round",
        "cocotb_round",
        parameters={"SBOX": sbox},
        sources=[*paths.rtl_sources(), HERE / "tb_round.v"],
        test_dir=HERE,
    )
