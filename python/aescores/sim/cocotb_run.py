# SPDX-License-Identifier: Apache-2.0
"""Build and run a cocotb testbench on Verilator or Icarus, and check its results.

Used by the pytest files in tests/: each one names a top-level module, the Python
module that holds its cocotb tests (the bench, kept in the runner's folder and passed
as `test_dir`), and the Verilog parameters to sweep.

A runner that runs only some of a bench's tests names them through the bench's
`GROUPS`: a dictionary from a group name to the cocotb test objects themselves (not
their names), so that renaming or deleting a test breaks the bench's import instead of
silently dropping it from a run. `group_test_names` turns groups into names,
`group_problems` checks that every cocotb test of the bench is in a group, and
`run_cocotb` fails when the simulation ran other tests than the ones it was asked for.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Iterable, Mapping, Sequence
from xml.etree import ElementTree

from aescores import paths, tools

SIMULATORS = ("verilator", "icarus")

# Verilator warnings are checked by the lint test (-Wall, zero warnings); the
# simulation build only needs to be quiet and fast.
_VERILATOR_BUILD_ARGS = ("-Wno-fatal", "-O2", "--x-assign", "unique", "--x-initial", "unique")


def build_dir_for(
    toplevel: str, sim: str, parameters: Mapping[str, object], sources: Sequence[Path], tag: str = ""
) -> Path:
    """A build folder unique to a top-level, simulator, parameter set and source contents
    (the RTL's include files, which every build reads from their folder, included)."""
    h = hashlib.sha256()
    h.update(json.dumps({"p": {k: str(v) for k, v in sorted(parameters.items())}, "t": tag}).encode())
    for src in [*sources, *paths.rtl_include_files()]:
        h.update(Path(src).read_bytes())
    digest = h.hexdigest()[:12]
    return paths.BUILD_DIR / "cocotb" / f"{toplevel}-{sim}-{digest}"


def verilog_parameters(parameters: Mapping[str, object] | None) -> dict[str, object]:
    """`parameters` as the simulators take them: Verilog string parameters reach both
    simulators' command lines as "quoted" text."""
    return {k: (f'"{v}"' if isinstance(v, str) else v) for k, v in (parameters or {}).items()}


def results_files(toplevel: str, sim: str, parameters: Mapping[str, object] | None,
                  sources: Sequence[Path] | None = None, tag: str = "") -> list[Path]:
    """The results files of `run_cocotb`'s runs with these arguments, oldest first (the
    runner names each after the pytest test that ran it)."""
    folder = build_dir_for(toplevel, sim, verilog_parameters(parameters), list(sources or paths.rtl_sources()), tag)
    return sorted(folder.glob("*.xml"), key=lambda f: f.stat().st_mtime)


def run_cocotb(
    toplevel: str,
    test_module: str,
    *,
    parameters: Mapping[str, object] | None = None,
    sim: str = "verilator",
    sources: Sequence[Path] | None = None,
    test_dir: Path | Sequence[Path] | None = None,
    testcase: str | Sequence[str] | None = None,
    extra_env: Mapping[str, str] | None = None,
    tag: str = "",
) -> None:
    """Build `toplevel` with `parameters` and run the cocotb tests in `test_module`.

    `test_dir` is the folder that holds `test_module` and whatever it imports beside it
    (or several folders, when the bench imports another unit's bench); `testcase` names the tests to run (all of the module's when None), exactly:
    each name is a whole test name, and the run must consist of exactly those tests.

    Raises AssertionError when a test fails, when the module ran no test at all, or when
    it ran other tests than `testcase` names.
    """
    from cocotb_tools.runner import get_results, get_runner

    if sim not in SIMULATORS:
        raise ValueError(f"unknown simulator {sim!r}; use one of {SIMULATORS}")
    tools.apply_environment()
    params = verilog_parameters(parameters)
    srcs = list(sources or paths.rtl_sources())
    # The RTL's include files (`include'd by the compile units) are found in their folder;
    # the build folder's name covers their contents too (build_dir_for).
    includes = paths.rtl_include_files()
    build_dir = build_dir_for(toplevel, sim, params, srcs, tag)
    runner = get_runner(sim)
    build_args = list(_VERILATOR_BUILD_ARGS) if sim == "verilator" else []
    runner.build(
        sources=[str(s) for s in srcs],
        includes=sorted({str(p.parent) for p in includes}),
        hdl_toplevel=toplevel,
        parameters=params,
        build_dir=build_dir,
        build_args=build_args,
        timescale=("1ns", "1ps"),
        always=False,
    )
    names = _testcase_names(testcase)
    test_filter = None
    if names is not None:
        test_filter = rf"^{re.escape(test_module)}\.(?:{'|'.join(re.escape(n) for n in names)})$"
    # cocotb_tools' runner gives the simulator this process's sys.path as PYTHONPATH (a
    # PYTHONPATH in extra_env is overwritten), so the bench's folders go there for the run.
    if test_dir is None:
        bench_dirs = []
    else:
        bench_dirs = [test_dir] if isinstance(test_dir, (str, Path)) else list(test_dir)
    added = [d for d in dict.fromkeys(str(Path(d).resolve()) for d in bench_dirs) if d not in sys.path]
    sys.path[:0] = added
    try:
        results = runner.test(
            hdl_toplevel=toplevel,
            test_module=test_module,
            build_dir=build_dir,
            test_dir=build_dir,
            test_filter=test_filter,
            parameters=params,
            extra_env=dict(extra_env or {}),
            timescale=("1ns", "1ps"),
        )
    finally:
        for folder in added:
            sys.path.remove(folder)
    num_tests, num_failed = get_results(results)
    assert num_tests > 0, f"{test_module} ran no test on {toplevel}"
    assert num_failed == 0, f"{num_failed} of {num_tests} cocotb tests failed ({results})"
    if names is not None:
        ran = _ran_test_names(Path(results))
        assert sorted(ran) == sorted(names), (
            f"{test_module} on {toplevel} was asked for {sorted(names)} and ran {sorted(ran)}: "
            f"missing {sorted(set(names) - set(ran))}, not asked for {sorted(set(ran) - set(names))}"
        )


def _testcase_names(testcase: str | Sequence[str] | None) -> list[str] | None:
    """Test names from `testcase` ("a,b" or a sequence), each once, in the order given."""
    if testcase is None:
        return None
    items = testcase.split(",") if isinstance(testcase, str) else list(testcase)
    names = list(dict.fromkeys(n.strip() for n in items if n.strip()))
    if not names:
        raise ValueError("testcase names no test")
    return names


def _ran_test_names(results: Path) -> list[str]:
    """The names of the tests a cocotb results file records (one <testcase> each)."""
    root = ElementTree.parse(results).getroot()
    return [case.get("name", "") for case in root.iter("testcase")]


# ---------------------------------------------------------------------- test groups


def cocotb_tests(module: ModuleType) -> dict[str, object]:
    """The cocotb tests `module` defines, by test name: what cocotb's discovery registers
    from the module's attributes (one test per `@cocotb.test()`; a parametrized one
    gives several names for the same object)."""
    from cocotb.regression import Test, TestGenerator

    found: dict[str, object] = {}
    for obj in vars(module).values():
        if isinstance(obj, TestGenerator):
            for test in obj.generate_tests():
                found[test.name] = obj
        elif isinstance(obj, Test):
            found[obj.name] = obj
    return found


def _names_of(module: ModuleType, tests: Iterable[object]) -> list[str]:
    known = cocotb_tests(module)
    names = []
    for test in tests:
        own = [name for name, obj in known.items() if obj is test]
        if not own:
            raise ValueError(f"{test!r} is not a cocotb test of {module.__name__}")
        names += own
    return names


def group_test_names(module: ModuleType, *groups: str) -> list[str]:
    """The names of the cocotb tests in `groups` of the bench `module` (its GROUPS
    dictionary), each once, in the order the module defines them (the order cocotb runs
    them in). An unknown group raises KeyError."""
    table = module.GROUPS
    unknown = [g for g in groups if g not in table]
    if unknown:
        raise KeyError(f"{module.__name__} has no test group {unknown}; its groups are {sorted(table)}")
    wanted = {name for g in groups for name in _names_of(module, table[g])}
    return [name for name in cocotb_tests(module) if name in wanted]


def group_problems(module: ModuleType) -> list[str]:
    """What is wrong with the bench `module`'s GROUPS: a group that is empty or holds
    something other than a cocotb test of the module, and a cocotb test of the module that
    no group holds (it would run in no selection). Empty when all is well."""
    table = getattr(module, "GROUPS", None)
    if not isinstance(table, dict) or not table:
        return [f"{module.__name__} has no GROUPS dictionary"]
    known = cocotb_tests(module)
    problems = []
    grouped: set[str] = set()
    for group, tests in table.items():
        if not tests:
            problems.append(f"group {group!r} is empty")
        for test in tests:
            own = [name for name, obj in known.items() if obj is test]
            if not own:
                problems.append(f"group {group!r} holds {test!r}, which is not a cocotb test of {module.__name__}")
            grouped.update(own)
    problems += [f"cocotb test {name!r} is in no group" for name in known if name not in grouped]
    return problems
