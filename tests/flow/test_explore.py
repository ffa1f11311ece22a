# SPDX-License-Identifier: Apache-2.0
"""`aescores explore`: the grid and its checks, the named sweeps, the Pareto front, the
progress lines, failed builds, the output files and parallel builds. The flow is stood
in for by `fake_implement` (synthetic figures, no tool runs)."""

from __future__ import annotations

import csv
import json
import os
import re
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from aescores import cli, configs, explore, paths
from aescores.configs import ConfigError, Preset
from aescores.explore import plot as explore_plot
from aescores.flow import DoesNotFit

SVG_NS = "{http://www.w3.org/2000/svg}"

# The S-box whose builds the fake fails (no fit), and a folder where the fake's calls meet
# (parallel test): environment variables, so that worker processes see them too.
FAIL_ENV = "AESCORES_TEST_EXPLORE_FAIL_SBOX"
MEET_ENV = "AESCORES_TEST_EXPLORE_MEET_DIR"


def fake_implement(preset: Preset, target: str | None = None, *, seed: int = 1, freq_mhz: float | None = None,
                   xc7: bool = True, **_: Any) -> dict[str, Any]:
    """Synthetic figures for `preset`, in the shape of `flow.implement_preset`'s.

    Fails with DoesNotFit for the S-box named in FAIL_ENV. With MEET_ENV set, waits (up
    to 30 s) until two calls have started, recording this process's id: two calls run at
    once only if they can meet.
    """
    p = preset.full_params
    if os.environ.get(FAIL_ENV) == p["SBOX"]:
        raise DoesNotFit(f"{preset.name} does not fit ecp5-85k (LFE5U-85F-8BG381C): TRELLIS_COMB 120% (logs in x)")
    meet = os.environ.get(MEET_ENV)
    if meet:
        Path(meet, f"start-{os.getpid()}-{p['SBOX']}").write_text("")
        deadline = time.monotonic() + 30
        while len(list(Path(meet).glob("start-*"))) < 2:
            if time.monotonic() > deadline:
                raise RuntimeError("no other build started meanwhile")
            time.sleep(0.02)
    per_sbox = {"LUT": 3000, "TTABLE": 1200, "COMPOSITE": 2400}[str(p["SBOX"])]
    if p["ARCH"] == "PIPELINED":
        stages = int(p["STAGES_PER_ROUND"])
        lut4, fmax = per_sbox * 8 + 400 * stages, 60.0 + 30.0 * stages
    else:
        lut4, fmax = per_sbox, 100.0
    ebr = {"TTABLE": 40, "LUT": 4}.get(str(p["SBOX"]), 0)
    gbps = configs.throughput_gbps(fmax, preset.lanes, preset.clocks_per_block)
    return {
        "preset": preset.name, "target": target or preset.target, "lut4": lut4, "ff": lut4 // 2, "ebr": ebr,
        "fmax_mhz": fmax, "freq_goal_mhz": freq_mhz or preset.freq_mhz, "gbps": round(gbps, 3),
        "mbps_per_lut": round(gbps * 1000 / lut4, 3), "clocks_per_block": preset.clocks_per_block,
        "cached": False, "flow": {"seconds": {"total": 1.0}, "folder": f"pid-{os.getpid()}"},
    }


def no_cache(*_args: Any, **_kwargs: Any) -> None:
    return None


@pytest.fixture
def fake_flow(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The fake flow in place of the real one, an empty cache, no saved report; the
    output folder."""
    monkeypatch.setattr(explore, "implement_preset", fake_implement)
    monkeypatch.setattr(explore, "cached_folder", no_cache)
    monkeypatch.setattr(paths, "DOCS_DIR", tmp_path / "docs")
    monkeypatch.delenv(FAIL_ENV, raising=False)
    monkeypatch.delenv(MEET_ENV, raising=False)
    return tmp_path / "out"


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(["explore", *argv])
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------- the grid


def test_grid_values_are_parsed_like_set_values() -> None:
    assert explore.parse_grid([]) == {}
    assert explore.parse_grid(["lanes=1,2,2", "arch=iterative,PIPELINED", "SBOX=ttable"]) == {
        "LANES": (1, 2), "ARCH": ("ITERATIVE", "PIPELINED"), "SBOX": ("TTABLE",)}
    assert explore.expand({"A": (1, 2), "B": ("x", "y")}) == [
        {"A": 1, "B": "x"}, {"A": 1, "B": "y"}, {"A": 2, "B": "x"}, {"A": 2, "B": "y"}]


@pytest.mark.parametrize("item, message", [
    ("LANES=1,3", "--grid LANES=1,3: LANES takes 1, 2, 4 or 8"),
    ("LANES=", "--grid LANES=: LANES takes 1, 2, 4 or 8"),
    ("ARCH=ITERATIVE,SERIAL", "--grid ARCH=ITERATIVE,SERIAL: ARCH takes ITERATIVE or PIPELINED"),
    ("WIDTH=1,2", "--grid WIDTH=1,2: unknown parameter WIDTH; the parameters are " + ", ".join(configs.PARAMETERS)),
    ("LANES", "--grid LANES: expected NAME=V1,V2,..., e.g. --grid LANES=1,2,4"),
])
def test_a_bad_grid_item_is_a_one_line_error(item: str, message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        explore.parse_grid([item])
    assert str(exc.value) == message


@pytest.mark.parametrize("argv, message", [
    (["--grid", "LANES=1,3"], "--grid LANES=1,3: LANES takes 1, 2, 4 or 8"),
    (["--grid", "LANES=1", "--grid", "lanes=2"], "--grid lanes=2: LANES is already swept"),
    (["--set", "LANES=3", "--grid", "SBOX=LUT"], "--set LANES=3: LANES takes 1, 2, 4 or 8"),
    (["--set", "LANES=2", "--grid", "LANES=1,2"], "LANES is both set (--set) and swept; give its values to --grid only"),
    (["--sweep", "aes128-enc", "--set", "SBOX=LUT"],
     "SBOX is both set (--set) and swept; give its values to --grid only"),
    ([], "give --grid NAME=V1,V2,... or --sweep NAME (aes128-enc, iterative)"),
    (["nosuch", "--grid", "LANES=1"], "unknown preset 'nosuch'; known: " + ", ".join(configs.PRESETS)),
    (["--grid", "LANES=1", "-j", "0"], "-j must be at least 1"),
])
def test_the_command_gives_one_line_errors_and_exit_2(
    fake_flow: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run_cli([*argv, "--out", str(fake_flow)], capsys)
    assert code == 2
    assert err == f"aescores explore: error: {message}\n"
    assert not fake_flow.exists()


def test_equivalent_combinations_are_dropped() -> None:
    got, dropped = explore.make_configs(None, [], {"ARCH": ("ITERATIVE",), "STAGES_PER_ROUND": (1, 2, 3, 4)})
    assert (len(got), dropped) == (1, 3)
    assert got[0].params["STAGES_PER_ROUND"] == configs.AES_AXI_DEFAULTS["STAGES_PER_ROUND"]
    # SELFTEST is not a parameter of aes_core: one build there, two of the whole IP
    assert len(explore.make_configs(None, [], {"SELFTEST": (0, 1)}, top="aes_core")[0]) == 1
    assert len(explore.make_configs(None, [], {"SELFTEST": (0, 1)}, top="aes_axi")[0]) == 2


def test_the_base_is_a_preset_with_set_values_and_the_names_are_the_implement_names() -> None:
    got, _ = explore.make_configs("min-area", ["KEY_SLOTS=2"], {"LANES": (1, 2)})
    assert [c.name for c in got] == ["min-area+KEY_SLOTS=2", "min-area+LANES=2+KEY_SLOTS=2"]
    assert [c.label for c in got] == ["lanes=1", "lanes=2"]
    assert all(c.preset.top == "aes_axi" and c.preset.freq_mhz == configs.PRESETS["min-area"].freq_mhz for c in got)
    assert got[1].name == cli.preset_from_args("min-area", ["KEY_SLOTS=2", "LANES=2"]).name
    # COMPOSITE configurations get the synthesis options of the COMPOSITE presets
    comp, _ = explore.make_configs(None, [], {"SBOX": ("LUT", "COMPOSITE")})
    assert [dict(c.preset.synth_options) for c in comp] == [{}, {"ecp5": "-nowidelut"}]
    plain, _ = explore.make_configs(None, [], {"SBOX": ("LUT", "COMPOSITE")}, sbox_synth=False)
    assert [dict(c.preset.synth_options) for c in plain] == [{}, {}]


@pytest.mark.parametrize("name", sorted(explore.SWEEPS))
@pytest.mark.parametrize("top", sorted(configs.TOPS))
def test_a_named_sweep_has_no_duplicate_configuration(name: str, top: str) -> None:
    sweep = explore.SWEEPS[name]
    got, _ = explore.make_configs(None, [], sweep.axes, fixed=sweep.fixed, top=top)
    builds = [(tuple(sorted(c.preset.top_params().items())), tuple(sorted(c.preset.synth_options.items())))
              for c in got]
    assert len(set(builds)) == len(builds)
    assert len({c.name for c in got}) == len({c.label for c in got}) == len(got)
    for c in got:
        assert {k: c.params[k] for k in sweep.fixed} == dict(sweep.fixed)


def test_the_aes128_sweep_varies_stages_for_pipelined_and_iterative_ttable_engines_only() -> None:
    sweep = explore.SWEEPS["aes128-enc"]
    assert sweep.fixed == {"MAX_KEY_BITS": 128, "DECRYPT": 0, "KEY_SLOTS": 1, "SELFTEST": 0, "LANES": 1}
    got, dropped = explore.make_configs(None, [], sweep.axes, fixed=sweep.fixed)
    iterative = [c for c in got if c.params["ARCH"] == "ITERATIVE"]
    pipelined = [c for c in got if c.params["ARCH"] == "PIPELINED"]
    # ITERATIVE: LUT and COMPOSITE once (stages do not matter), TTABLE with 1 and 3
    # stages (2 and 4 are refused): 3 + 3 equivalent and 2 illegal combinations dropped.
    assert (len(iterative), len(pipelined), dropped) == (4, 12, 8)
    assert {(c.params["SBOX"], c.params["STAGES_PER_ROUND"]) for c in iterative} == {
        ("LUT", 1), ("COMPOSITE", 1), ("TTABLE", 1), ("TTABLE", 3)}
    assert {(c.params["SBOX"], c.params["STAGES_PER_ROUND"]) for c in pipelined} == {
        (s, n) for s in ("LUT", "TTABLE", "COMPOSITE") for n in (1, 2, 3, 4)}
    assert "iterative" in explore.SWEEPS


# --------------------------------------------------------------------------- Pareto front


def test_pareto_front_of_a_hand_made_set() -> None:
    points = [
        (100, 1.0),   # 0 front
        (200, 3.0),   # 1 front
        (150, 0.5),   # 2 beaten by 0
        (200, 2.0),   # 3 beaten by 1 (same area, less throughput)
        (300, 3.0),   # 4 beaten by 1 (same throughput, more area)
        (400, 10.0),  # 5 front
        (50, 0.2),    # 6 front: the smallest
        (400, 10.0),  # 7 equal to 5: the first is kept
        (0, 50.0),    # 8 no area: left out
        (500, 9.0),   # 9 beaten by 5
    ]
    assert explore.pareto_front(points) == [6, 0, 1, 5]
    assert explore.pareto_front([]) == []
    assert explore.pareto_front([(10, 1.0)]) == [0]
    # on the front, throughput rises with area
    front = [points[i] for i in explore.pareto_front(points)]
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in zip(front, front[1:]))


# --------------------------------------------------------------------------- progress


def test_eta_is_the_mean_build_time_times_the_remaining_over_the_jobs() -> None:
    assert explore.eta_seconds([100.0, 200.0], remaining=4, jobs=2) == 300.0
    assert explore.eta_seconds([100.0, 200.0], remaining=1, jobs=2) == 150.0  # one build left: one at a time
    assert explore.eta_seconds([], remaining=4, jobs=2) is None
    assert explore.eta_seconds([], remaining=0, jobs=2) == 0.0
    assert explore.format_eta(754.4) == "12:34"
    assert explore.format_eta(0.0) == "00:00"
    assert explore.format_eta(6000) == "100:00"
    assert explore.format_eta(None) == "--:--"


def test_progress_line_format() -> None:
    row = {"label": "PIPELINED LUT stages=2", "lut4": 12345, "fmax_mhz": 123.44, "gbps": 15.8, "cached": False,
           "seconds": 215.2, "error": None}
    assert explore.progress_line(3, 10, row, 754) == (
        "[3/10] PIPELINED LUT stages=2: 12,345 LUT4, 123.4 MHz, 15.80 Gbit/s (built in 215 s), ETA 12:34")
    assert explore.progress_line(1, 10, {**row, "cached": True, "seconds": 0.01}, None) == (
        "[1/10] PIPELINED LUT stages=2: 12,345 LUT4, 123.4 MHz, 15.80 Gbit/s (cached), ETA --:--")
    failed = {**row, "lut4": None, "error": "x does not fit ecp5-85k\nmore"}
    assert explore.progress_line(4, 10, failed, 60) == (
        "[4/10] PIPELINED LUT stages=2: FAILED after 215 s: x does not fit ecp5-85k, ETA 01:00")


# --------------------------------------------------------------------------- runs


LINE = re.compile(r"^\[(\d+)/(\d+)\] (.+?): (?:[\d,]+ LUT4, [\d.]+ MHz, [\d.]+ Gbit/s \((?:cached|built in \d+ s)\)"
                  r"|FAILED after \d+ s: .+), ETA (?:\d\d+:\d\d|--:--)$")


def test_a_failed_build_is_recorded_and_the_sweep_goes_on(
    fake_flow: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(FAIL_ENV, "TTABLE")
    code, out, err = run_cli(["--grid", "SBOX=LUT,TTABLE,COMPOSITE", "--grid", "ARCH=ITERATIVE",
                              "-j", "1", "--out", str(fake_flow)], capsys)
    assert code == 1
    lines = [line for line in err.splitlines() if line.startswith("[")]
    matches = [LINE.match(line) for line in lines]
    assert [m.group(1, 2) if m else line for m, line in zip(matches, lines)] == [("1", "3"), ("2", "3"), ("3", "3")]
    assert "TTABLE: FAILED after" in lines[1] and "does not fit" in lines[1]
    assert err.splitlines()[-1] == "aescores explore: 1 of 3 builds failed: TTABLE"
    rows = json.loads((fake_flow / "results.json").read_text())["rows"]
    assert [r["SBOX"] for r in rows] == ["LUT", "TTABLE", "COMPOSITE"]
    assert "does not fit" in rows[1]["error"] and rows[1]["lut4"] is None and not rows[1]["pareto"]
    assert rows[0]["lut4"] == 3000 and rows[2]["lut4"] == 2400 and rows[0]["error"] is None


def test_cached_results_come_first_and_do_not_count_in_the_eta(
    fake_flow: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def cached_fake(preset: Preset, *args: Any, **kwargs: Any) -> dict[str, Any]:
        fig = fake_implement(preset, *args, **kwargs)
        return {**fig, "cached": preset.full_params["SBOX"] == "COMPOSITE"}

    def probe(preset: Preset, *_args: Any, **_kwargs: Any) -> Path | None:
        return None if preset.full_params["SBOX"] != "COMPOSITE" else Path("nowhere")

    said: list[str] = []
    got, _ = explore.make_configs(None, [], {"SBOX": ("LUT", "TTABLE", "COMPOSITE")})
    rows = explore.run_configs(got, jobs=1, implement=cached_fake, probe=probe, say=said.append)
    assert [r["SBOX"] for r in rows] == ["LUT", "TTABLE", "COMPOSITE"]  # in the order given
    assert said[0].startswith("[1/3] COMPOSITE: ") and "(cached), ETA --:--" in said[0]
    assert all(LINE.match(line) for line in said)
    assert [r["cached"] for r in rows] == [False, False, True]


def test_csv_json_and_svg_are_written(fake_flow: Path, capsys: pytest.CaptureFixture[str]) -> None:
    docs = paths.DOCS_DIR
    docs.mkdir()
    (docs / "results.json").write_text(json.dumps({"presets": [
        {"preset": "min-area", "top": "aes_core", "target": "ecp5-85k", "lut4": 1942, "gbps": 2.23,
         "ip": {"top": "aes_axi", "lut4": 5679, "gbps": 1.155}},
        {"preset": "max-throughput", "top": "aes_core", "target": "ecp5-85k", "lut4": 63897, "gbps": 88.0,
         "ip": {"top": "aes_axi", "error": "not built"}},
    ]}))
    code, out, err = run_cli(["--sweep", "aes128-enc", "-j", "1", "--out", str(fake_flow)], capsys)
    assert code == 0
    assert out.splitlines()[:3] == [str(fake_flow / n) for n in ("results.csv", "results.json", "plot.svg")]
    assert "Pareto front (most Gbit/s for the LUT4):" in out

    with (fake_flow / "results.csv").open() as f:
        table = list(csv.DictReader(f))
    assert tuple(table[0]) == explore.CSV_COLUMNS
    assert len(table) == 16
    assert {"ARCH", "SBOX", "STAGES_PER_ROUND", "lut4", "ff", "ebr", "fmax_mhz", "gbps", "mbps_per_lut4", "cached",
            "seconds", "error"} <= set(table[0])

    data = json.loads((fake_flow / "results.json").read_text())
    assert data["sweep"] == "aes128-enc" and data["top"] == "aes_axi" and data["configurations"] == 16
    rows = data["rows"]
    front = explore.pareto_front([(r["lut4"], r["gbps"]) for r in rows])
    assert data["pareto"] == [rows[i]["name"] for i in front]
    assert [r["name"] for r in rows if r["pareto"]] == sorted(data["pareto"], key=[r["name"] for r in rows].index)
    assert all(r["top"] == "aes_axi" and r["error"] is None for r in rows)

    svg = (fake_flow / "plot.svg").read_text()
    root = ET.fromstring(svg)
    groups = {g.get("id"): g for g in root.iter(f"{SVG_NS}g")}
    ring = [c for c in groups["pareto-front"].iter(f"{SVG_NS}circle") if c.get("class") == "front"]
    assert len(ring) == len(front) >= 2
    path = groups["pareto-front"].find(f"{SVG_NS}path")
    assert path is not None and path.get("d", "").startswith("M ") and " H " in path.get("d", "")
    texts = [t.text or "" for t in root.iter(f"{SVG_NS}text")]
    assert "Pareto front: most Gbit/s for the LUT4" in texts
    assert "min-area" in texts and "max-throughput" not in texts  # the whole IP's figures only
    assert any(t.startswith("S0 ") for t in texts) and any(t.startswith("S3 ") for t in texts)
    assert any(t.endswith("40 EBR") for t in texts)


def test_the_plot_draws_no_failed_build(tmp_path: Path) -> None:
    rows: list[dict[str, Any]] = [
        {"label": "a", "lut4": 1000, "gbps": 1.0, "ebr": 0, "error": None},
        {"label": "b", "lut4": None, "gbps": None, "ebr": None, "error": "does not fit"},
    ]
    svg = explore_plot.render_svg(rows, title="t", top="aes_axi", target="ecp5-85k")
    root = ET.fromstring(svg)
    texts = [t.text or "" for t in root.iter(f"{SVG_NS}text")]
    assert "a" in texts and "b" not in texts
    assert any("1 build(s) failed, not drawn" in t for t in texts)
    assert ET.fromstring(explore_plot.render_svg([], title="t", top="aes_core", target=None)) is not None


def test_minus_j_2_runs_two_builds_at_once(
    fake_flow: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    meet = tmp_path / "meet"
    meet.mkdir()
    monkeypatch.setenv(MEET_ENV, str(meet))
    code, out, err = run_cli(["--grid", "SBOX=LUT,COMPOSITE", "--grid", "ARCH=ITERATIVE", "-j", "2",
                              "--out", str(fake_flow)], capsys)
    rows = json.loads((fake_flow / "results.json").read_text())["rows"]
    assert code == 0, [r["error"] for r in rows]
    assert [r["error"] for r in rows] == [None, None]
    pids = {r["folder"] for r in rows}
    assert len(pids) == 2 and f"pid-{os.getpid()}" not in pids  # two worker processes
    assert len(list(meet.glob("start-*"))) == 2
    assert len([line for line in err.splitlines() if LINE.match(line)]) == 2


def test_dry_run_lists_the_configurations_and_builds_nothing(
    fake_flow: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def must_not_run(*_args: Any, **_kwargs: Any) -> dict[str, Any]:
        raise AssertionError("a dry run built something")

    def probe(preset: Preset, *_args: Any, **_kwargs: Any) -> Path | None:
        return Path("somewhere") if preset.full_params["SBOX"] == "LUT" else None

    monkeypatch.setattr(explore, "implement_preset", must_not_run)
    monkeypatch.setattr(explore, "cached_folder", probe)
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    code, out, err = run_cli(["--sweep", "aes128-enc", "--grid", "ARCH=PIPELINED", "--grid", "STAGES_PER_ROUND=1,4",
                              "--dry-run", "-j", "2", "--out", str(fake_flow)], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("aes128-enc: 6 configurations, top aes_axi")
    listed = [line.split() for line in lines[1:-1]]
    # the label names the values that vary (ARCH is one value now)
    assert [(w[1], w[2]) for w in listed] == [
        ("LUT", "stages=1"), ("LUT", "stages=4"), ("TTABLE", "stages=1"), ("TTABLE", "stages=4"),
        ("COMPOSITE", "stages=1"), ("COMPOSITE", "stages=4")]
    assert ["cached" in line and "to build" not in line for line in lines[1:-1]] == [True, True] + [False] * 4
    assert lines[-1].startswith("2 cached, 4 to build with -j 2: roughly 6 to 12 min (2 at once)")
    assert not fake_flow.exists()


def test_preset_points_take_the_figures_of_the_top(tmp_path: Path) -> None:
    saved = tmp_path / "results.json"
    saved.write_text(json.dumps({"presets": [
        {"preset": "a", "top": "aes_core", "target": "ecp5-85k", "lut4": 100, "gbps": 1.0,
         "ip": {"top": "aes_axi", "lut4": 300, "gbps": 0.9}},
        {"preset": "b", "top": "aes_core", "target": "ecp5-25k", "lut4": 200, "gbps": 2.0, "stale": True},
    ]}))
    assert explore.preset_points(saved, "aes_axi", "ecp5-85k") == [(300.0, 0.9, "a")]
    assert explore.preset_points(saved, "aes_core", None) == [(100.0, 1.0, "a"), (200.0, 2.0, "b (stale)")]
    assert explore.preset_points(tmp_path / "missing.json", "aes_core", None) == []
    pub = explore.published_points()
    assert {p[2].split()[0] for p in pub} == {"S0", "S2", "S3"}  # S1, S4: no area published
    assert [p[3] for p in pub if p[2].startswith("S2")] == [False]


def test_a_result_cached_under_another_name_is_found_and_built_under_that_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from aescores.flow import cache, preset_design, preset_target
    from aescores.flow.run import XC7_TIMEOUT_S, cache_fields

    monkeypatch.setattr(paths, "BUILD_DIR", tmp_path / "build")
    got, _ = explore.make_configs(None, [], {"SBOX": ("LUT", "TTABLE")})
    preset = got[1].preset
    assert explore.cached_folder(preset, None, seed=1, freq_mhz=None, xc7=False) is None
    tgt, goal = preset_target(preset)
    key = cache.cache_key(cache_fields(preset_design(preset), tgt, 1, goal, False, XC7_TIMEOUT_S, True))
    folder = tmp_path / "build" / "flow" / f"some-preset-{tgt.name}-{key[:16]}"
    folder.mkdir(parents=True)
    cache.store(folder, {"design": "some-preset", "cache_key": key})
    assert explore.cached_folder(preset, None, seed=1, freq_mhz=None, xc7=False) == folder
    assert explore.cached_folder(got[0].preset, None, seed=1, freq_mhz=None, xc7=False) is None
    assert explore.cached_folder(preset, None, seed=2, freq_mhz=None, xc7=False) is None  # another key

    names: list[str] = []

    def recording(p: Preset, *args: Any, **kwargs: Any) -> dict[str, Any]:
        names.append(p.name)
        return fake_implement(p, *args, **kwargs)

    rows = explore.run_configs(got, implement=recording)
    assert names == ["some-preset", got[0].name]  # the cached one first, under its folder's name
    assert [r["name"] for r in rows] == [got[0].name, got[1].name]


def test_result_folders_are_named_relative_to_the_repository(tmp_path: Path) -> None:
    """results.json names a result folder inside the repository by its relative path (a
    sweep checked into docs/ carries no folder of one machine); others stay as they are."""
    inside = paths.ROOT / "build" / "flow" / "x-ecp5-85k-0123"
    assert explore.repo_relative(str(inside)) == "build/flow/x-ecp5-85k-0123"
    assert explore.repo_relative(str(tmp_path)) == str(tmp_path)
    assert explore.repo_relative(None) is None
