# SPDX-License-Identifier: Apache-2.0
"""aes_core under cocotb on both simulators: the ECB conformance set on Icarus (second
opinion beside the Verilator harness), key-slot behaviour on both."""

from __future__ import annotations

from pathlib import Path

import pytest

from aescores.sim.cocotb_run import run_cocotb

HERE = Path(__file__).resolve().parent  # the bench beside this file


# Icarus runs the tower-field S-box about ten times slower than the table: it gets the
# FIPS-197 vectors and the key-slot tests; the full CAVP set runs on it with LUT S-boxes.
@pytest.mark.parametrize(
    "sim,sbox,vectors",
    [
        ("verilator", "LUT", "all"),
        ("verilator", "COMPOSITE", "all"),
        ("icarus", "LUT", "all"),
        ("icarus", "COMPOSITE", "fips197"),
    ],
)
def test_core_cocotb(sim: str, sbox: str, vectors: str) -> None:
    run_cocotb(
        "aes_core", "cocotb_core", parameters={"ARCH": "ITERATIVE", "SBOX": sbox, "KEY_SLOTS": 4}, sim=sim,
        extra_env={"AESCORES_VECTORS": vectors}, test_dir=HERE,
    )


def test_core_cocotb_lanes2_ttable_icarus() -> None:
    run_cocotb(
        "aes_core", "cocotb_core", parameters={"ARCH": "ITERATIVE", "SBOX": "TTABLE", "LANES": 2}, sim="icarus",
        extra_env={"AESCORES_VECTORS": "fips197"}, test_dir=HERE,
    )
