# SPDX-License-Identifier: Apache-2.0
"""Build and run a cocotb testbench on Verilator or Icarus, and check its results.

Used by the pytest files in tests/: each one names a top-level module, the Python
module that holds its cocotb tests, and the Verilog parameters to sweep.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Mapping, Sequence

from aescores import paths, tools

SIMULATORS = ("verilator", "icarus")

# Verilator warnings are checked by the lint test (-Wall, zero warnings); the
# simulation build only needs to be quiet and fast.
_VERILATOR_BUILD_ARGS = ("-Wno-fatal", "-O2", "--x-assign", "unique", "--x-initial", "unique")


def build_dir_for(
    toplevel: str, sim: str, parameters: Mapping[str, object], sources: Sequence[Path], tag: str = ""
) -> Path:
    """A build folder unique to a top-level, simulator, parameter set and source contents."""
    h = hashlib.sha256()
    h.update(json.dumps({"p": {k: str(v) for k, v in sorted(parameters.items())}, "t": tag}).encode())
    for src in sources:
        h.update(Path(src).read_bytes())
    digest = h.hexdigest()[:12]
    return paths.BUILD_DIR / "cocotb" / f"{toplevel}-{sim}-{digest}"


def run_cocotb(
    toplevel: str,
    test_module: str,
    *,
    parameters: Mapping[str, object] | None = None,
    sim: str = "verilator",
    sources: Sequence[Path] | None = None,
    test_dir: Path | None = None,
    testcase: str | Sequence[str] | None = None,
    extra_env: Mapping[str, str] | None = None,
    tag: str = "",
) -> None:
    """Build `toplevel` with `parameters` and run the cocotb tests in `test_module`.

    Raises AssertionError when a test fails or when the module ran no test at all.
    """
    from cocotb_tools.runner import get_results, get_runner

    if sim not in SIMULATORS:
        raise ValueError(f"unknown simulator {sim!r}; use one of {SIMULATORS}")
    tools.apply_environment()
    # Verilog string parameters reach both simulators' command lines as "quoted" text.
    params = {k: (f'"{v}"' if isinstance(v, str) else v) for k, v in (parameters or {}).items()}
    srcs = list(sources or paths.rtl_sources())
    build_dir = build_dir_for(toplevel, sim, params, srcs, tag)
    runner = get_runner(sim)
    build_args = list(_VERILATOR_BUILD_ARGS) if sim == "verilator" else []
    runner.build(
        sources=[str(s) for s in srcs],
        hdl_toplevel=toplevel,
        parameters=params,
        build_dir=build_dir,
        build_args=build_args,
        timescale=("1ns", "1ps"),
        always=False,
    )
    tests_dir = test_dir or (paths.ROOT / "tests")
    results = runner.test(
        hdl_toplevel=toplevel,
        test_module=test_module,
        build_dir=build_dir,
        test_dir=build_dir,
        testcase=testcase,
        parameters=params,
        extra_env={"PYTHONPATH": str(tests_dir), **(extra_env or {})},
        timescale=("1ns", "1ps"),
    )
    num_tests, num_failed = get_results(results)
    assert num_tests > 0, f"{test_module} ran no test on {toplevel}"
    assert num_failed == 0, f"{num_failed} of {num_tests} cocotb tests failed ({results})"
