# SPDX-License-Identifier: Apache-2.0
"""`--set NAME=VALUE` on implement, sim, encrypt and report: the parameter table, its
checks (one-line errors), presets changed by it, the defaults without a preset, and what
reaches the flow and the simulators (stood in here: no tool runs)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from aescores import cli, configs, model
from aescores.flow import DEFAULT_TARGET, get_target

ROOT = Path(__file__).resolve().parents[2]


def _rtl_parameters() -> dict[str, object]:
    """The parameter list of rtl/aes_axi.v with its defaults (strings unquoted)."""
    text = (ROOT / "rtl" / "aes_axi.v").read_text()
    header = text[text.index("module aes_axi #("):text.index(") (")]
    found: dict[str, object] = {}
    for name, value in re.findall(r"parameter\s+(?:\[[^\]]*\]\s*)?(\w+)\s*=\s*([^,\s]+)", header):
        found[name] = value.strip('"') if value.startswith('"') else int(value)
    return found


def test_parameter_table_matches_the_rtl_and_the_presets() -> None:
    rtl = _rtl_parameters()
    rtl.pop("FAULT_INJECT")  # test hook, not a product parameter
    assert list(configs.PARAMETERS) == list(rtl)
    assert {name: spec.default for name, spec in configs.PARAMETERS.items()} == rtl == configs.AES_AXI_DEFAULTS
    for spec in configs.PARAMETERS.values():
        assert spec.default in spec.legal
    for preset in configs.PRESETS.values():
        configs.validate_params(preset.full_params)


def test_legal_values_are_the_ones_the_rtl_checks() -> None:
    legal = {name: spec.legal for name, spec in configs.PARAMETERS.items()}
    assert legal["ARCH"] == ("ITERATIVE", "PIPELINED")
    assert legal["STAGES_PER_ROUND"] == (1, 2, 3, 4)
    assert legal["SBOX"] == ("LUT", "TTABLE", "COMPOSITE")
    assert legal["LANES"] == (1, 2, 4, 8)
    assert legal["MAX_KEY_BITS"] == (128, 192, 256)
    assert legal["KEY_SLOTS"] == tuple(range(1, 17))
    assert legal["DECRYPT"] == legal["SELFTEST"] == (0, 1)
    assert legal["KEY_EXPANSION"] == ("HW", "HOST")
    assert configs.PARAMETERS["LANES"].legal_text() == "1, 2, 4 or 8"
    assert configs.PARAMETERS["KEY_SLOTS"].legal_text() == "1 to 16"
    assert configs.PARAMETERS["ARCH"].legal_text() == "ITERATIVE or PIPELINED"


def test_parse_sets_takes_good_values_in_any_case() -> None:
    assert configs.parse_sets([]) == {}
    got = configs.parse_sets(["LANES=2", "arch=iterative", "SBOX=ttable", "KEY_SLOTS=16", "decrypt=0",
                              "KEY_EXPANSION=HOST", "MAX_KEY_BITS=192", "STAGES_PER_ROUND=4", "SELFTEST=0",
                              "LANES=2"])
    assert got == {"LANES": 2, "ARCH": "ITERATIVE", "SBOX": "TTABLE", "KEY_SLOTS": 16, "DECRYPT": 0,
                   "KEY_EXPANSION": "HOST", "MAX_KEY_BITS": 192, "STAGES_PER_ROUND": 4, "SELFTEST": 0}


BAD = [
    ("LANES=3", "--set LANES=3: LANES takes 1, 2, 4 or 8"),
    ("LANES=two", "--set LANES=two: LANES takes 1, 2, 4 or 8"),
    ("LANES=", "--set LANES=: LANES takes 1, 2, 4 or 8"),
    ("KEY_SLOTS=17", "--set KEY_SLOTS=17: KEY_SLOTS takes 1 to 16"),
    ("KEY_SLOTS=0", "--set KEY_SLOTS=0: KEY_SLOTS takes 1 to 16"),
    ("STAGES_PER_ROUND=5", "--set STAGES_PER_ROUND=5: STAGES_PER_ROUND takes 1, 2, 3 or 4"),
    ("MAX_KEY_BITS=512", "--set MAX_KEY_BITS=512: MAX_KEY_BITS takes 128, 192 or 256"),
    ("ARCH=UNROLLED", "--set ARCH=UNROLLED: ARCH takes ITERATIVE or PIPELINED"),
    ("SBOX=ROM", "--set SBOX=ROM: SBOX takes LUT, TTABLE or COMPOSITE"),
    ("DECRYPT=2", "--set DECRYPT=2: DECRYPT takes 0 or 1"),
    ("KEY_EXPANSION=SW", "--set KEY_EXPANSION=SW: KEY_EXPANSION takes HW or HOST"),
    ("SELFTEST=yes", "--set SELFTEST=yes: SELFTEST takes 0 or 1"),
    ("FAULT_INJECT=1", "--set FAULT_INJECT=1: unknown parameter FAULT_INJECT; the parameters are ARCH, "),
    ("WIDTH=8", "--set WIDTH=8: unknown parameter WIDTH"),
    ("LANES", "--set LANES: expected NAME=VALUE"),
    ("=2", "--set =2: expected NAME=VALUE"),
]


@pytest.mark.parametrize("item, message", BAD)
def test_parse_sets_rejects_with_the_legal_values(item: str, message: str) -> None:
    with pytest.raises(configs.ConfigError) as exc:
        configs.parse_sets([item])
    assert str(exc.value).startswith(message)
    assert "\n" not in str(exc.value)


def test_a_name_set_twice_to_different_values_is_an_error() -> None:
    with pytest.raises(configs.ConfigError, match=r"--set lanes=4: LANES is already set to 2"):
        configs.parse_sets(["LANES=2", "lanes=4"])


def _forbid_tools(monkeypatch: pytest.MonkeyPatch) -> list:
    """Stand in for the flow and the simulators: record what they would be given."""
    import aescores.flow as flow
    import aescores.sim.command as sim_command

    calls: list = []

    def no_flow(design, target, **kwargs):
        calls.append(("flow", design, target, kwargs))
        raise flow.FlowError("stop here")

    monkeypatch.setattr(flow, "implement", no_flow)
    monkeypatch.setattr(sim_command, "run_conformance",
                        lambda preset, **kw: calls.append(("sim", preset)) or pytest.fail("simulated"))
    return calls


@pytest.mark.parametrize("command", [["implement"], ["sim"], ["report", "--no-sim"],
                                     ["encrypt", "--mode", "ecb", "--key", "00" * 16, "in", "out"]])
@pytest.mark.parametrize("item, message", [BAD[0], BAD[3], BAD[7], BAD[12], BAD[14]])
def test_every_command_gives_the_one_line_error(
    command: list[str], item: str, message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    calls = _forbid_tools(monkeypatch)
    assert cli.main([*command, "--set", "SBOX=LUT", "--set", item]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"aescores {command[0]}: error: {message}")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert calls == []


@pytest.mark.parametrize("command", [["implement"], ["sim"], ["encrypt", "--mode", "ecb", "--key", "00" * 16,
                                                                "in", "out"]])
def test_neither_preset_nor_set_is_a_one_line_error(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    _forbid_tools(monkeypatch)
    assert cli.main(command) == 2
    err = capsys.readouterr().err
    assert "or give --set NAME=VALUE" in err and len(err.strip().splitlines()) == 1


def test_unknown_preset_with_set_is_a_one_line_error(capsys: pytest.CaptureFixture,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    _forbid_tools(monkeypatch)
    assert cli.main(["sim", "nope", "--set", "LANES=2"]) == 2
    err = capsys.readouterr().err
    assert "unknown preset 'nope'" in err and len(err.strip().splitlines()) == 1


def test_set_overrides_a_preset() -> None:
    base = configs.PRESETS["min-area"]
    p = cli.preset_from_args("min-area", ["LANES=2", "decrypt=0"])
    assert p.name == "min-area+LANES=2+DECRYPT=0"  # in the table's order
    assert p.full_params == {**base.full_params, "LANES": 2, "DECRYPT": 0}
    assert (p.target, p.freq_mhz, p.key_bits, p.top) == (base.target, base.freq_mhz, base.key_bits, base.top)
    assert p.published is None and not p.in_default_report and not configs.is_named_preset(p)
    # Stable: the same settings in another order give the same name.
    assert cli.preset_from_args("min-area", ["DECRYPT=0", "LANES=2"]).name == p.name
    # A preset's own values change nothing: the preset itself, published figures and all.
    same = cli.preset_from_args("s1-iterative", ["ARCH=ITERATIVE", "LANES=1"])
    assert same is configs.PRESETS["s1-iterative"] and configs.is_named_preset(same)


def test_set_without_a_preset_is_the_defaults_on_the_default_target() -> None:
    p = cli.preset_from_args(None, ["ARCH=ITERATIVE", "LANES=2"])
    assert p.name == "defaults+ARCH=ITERATIVE+LANES=2"
    assert p.full_params == {**configs.AES_AXI_DEFAULTS, "ARCH": "ITERATIVE", "LANES": 2}
    assert p.target == DEFAULT_TARGET and p.freq_mhz == get_target(DEFAULT_TARGET).freq_mhz
    assert p.top == configs.DEFAULT_TOP and p.key_bits == 128
    assert cli.preset_from_args(None, ["LANES=1"]).name == "defaults"  # nothing changed


def _fake_result(design, target) -> dict:
    return {
        "design": design.name, "top": design.top, "params": dict(design.params), "target": target.name,
        "device": target.device, "seed": 1, "lut4": 3000, "ff": 900, "ebr": 2, "dsp": 0, "fmax_mhz": 150.0,
        "freq_goal_mhz": 150.0, "xc7": None, "tool_versions": {}, "seconds": {"total": 1.0},
        "cache_key": "0" * 64, "folder": "build/flow/x", "cached": True,
    }


def test_implement_set_json_passes_the_full_parameter_set(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    import aescores.flow as flow

    seen: list = []

    def fake_implement(design, target, **kwargs):
        seen.append((design, target, kwargs))
        return _fake_result(design, target)

    monkeypatch.setattr(flow, "implement", fake_implement)
    # No preset: the defaults plus the --set values, on the default target.
    assert cli.main(["implement", "--set", "ARCH=ITERATIVE", "--set", "LANES=2", "--set", "SELFTEST=0",
                     "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    full = {**configs.AES_AXI_DEFAULTS, "ARCH": "ITERATIVE", "LANES": 2, "SELFTEST": 0}
    assert out["params"] == full
    assert out["preset"] == "defaults+ARCH=ITERATIVE+LANES=2+SELFTEST=0"
    # aes_core has no self-test and no GCM (both belong to aes_axi)
    assert out["params_not_applied"] == {"SELFTEST": 0, "GCM": 1}
    design, target, kwargs = seen[-1]
    assert design.top == "aes_core" and design.label == out["preset"]
    assert dict(design.params) == {k: v for k, v in full.items() if k not in ("SELFTEST", "GCM")}
    assert target.name == DEFAULT_TARGET and kwargs["freq_mhz"] == get_target(DEFAULT_TARGET).freq_mhz
    assert out["lanes"] == 2 and out["clocks_per_block"] == 11
    # A preset with --set over it, as the whole IP: every aes_axi parameter reaches the flow.
    assert cli.main(["implement", "s3-subpipelined", "--set", "KEY_SLOTS=2", "--set", "SELFTEST=1",
                     "--top", "aes_axi", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    full = {**configs.PRESETS["s3-subpipelined"].full_params, "KEY_SLOTS": 2, "SELFTEST": 1}
    assert out["params"] == full and out["params_not_applied"] == {}
    design, target, kwargs = seen[-1]
    assert design.top == "aes_axi" and dict(design.params) == full
    assert design.label == "s3-subpipelined+KEY_SLOTS=2+SELFTEST=1"
    assert kwargs["freq_mhz"] == configs.PRESETS["s3-subpipelined"].freq_mhz  # the preset's goal, kept
    # Text output names the configuration and lists its parameters.
    assert cli.main(["implement", "min-area", "--set", "LANES=2"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("min-area+LANES=2 on ecp5-85k") and "  params      ARCH=ITERATIVE, " in text
    assert "LANES=2, MAX_KEY_BITS=128" in text


def test_sim_set_runs_the_changed_configuration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture) -> None:
    import aescores.sim.command as sim_command

    seen: list = []

    def fake_build(params) -> Path:
        seen.append(dict(params))
        return tmp_path / f"harness-{len(seen)}" / "harness"

    class Group:
        name, passed, total, ok, failures = "FIPS-197 C", 3, 3, True, []

    monkeypatch.setattr(sim_command, "build_core_harness", fake_build)
    monkeypatch.setattr(sim_command, "CACHE_DIR", tmp_path / "conformance")
    monkeypatch.setattr(sim_command.conf, "conformance", lambda params, progress=None: [Group()])
    assert cli.main(["sim", "s1-iterative", "--set", "LANES=4", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["preset"] == "s1-iterative+LANES=4" and summary["params"]["LANES"] == 4
    assert seen == [{k: v for k, v in {**configs.PRESETS["s1-iterative"].full_params, "LANES": 4}.items()
                     if k not in ("SELFTEST", "GCM")}]
    assert cli.main(["sim", "--set", "ARCH=ITERATIVE"]) == 0
    assert seen[-1]["ARCH"] == "ITERATIVE" and seen[-1]["KEY_SLOTS"] == configs.AES_AXI_DEFAULTS["KEY_SLOTS"]


class _FakeAxiSim:
    """Stands in for the aes_axi harness: records its parameters, answers as the model."""

    made: list[dict] = []

    def __init__(self, params, **kwargs) -> None:
        self.params = dict(params)
        _FakeAxiSim.made.append(self.params)

    def __enter__(self) -> "_FakeAxiSim":
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def wait_selftest(self) -> tuple[bool, bool]:
        return True, True

    def load_key(self, slot: int, key: bytes) -> int:
        self.key = key
        return 0

    def messages(self, items):
        from aescores.sim.axi import OutMessage

        ((tuser, data),) = items
        mode, decrypt = model.Mode(tuser & 7), bool(tuser >> 3 & 1)
        beat = 16 * int(self.params["LANES"])
        iv = None if mode == model.Mode.ECB else data[:16]
        body = data if iv is None else data[beat:]
        head = b"" if iv is None else data[:beat]
        return [OutMessage(0, head + model.process(mode, self.key, iv, body, decrypt))], 100, len(data) // beat


def test_encrypt_set_builds_the_changed_configuration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture) -> None:
    import aescores.sim.axi as axi

    monkeypatch.setattr(axi, "AxiSim", _FakeAxiSim)
    _FakeAxiSim.made.clear()
    src, dst = tmp_path / "in.bin", tmp_path / "out.bin"
    src.write_bytes(bytes(range(64)))
    key, iv = "2b7e151628aed2a6abf7158809cf4f3c", "000102030405060708090a0b0c0d0e0f"
    assert cli.main(["encrypt", "--preset", "s1-iterative", "--set", "LANES=4", "--mode", "cbc", "--key", key,
                     "--iv", iv, str(src), str(dst)]) == 0
    assert _FakeAxiSim.made[-1] == {**configs.PRESETS["s1-iterative"].full_params, "LANES": 4}
    assert dst.read_bytes() == model.process(model.Mode.CBC, bytes.fromhex(key), bytes.fromhex(iv), src.read_bytes())
    assert capsys.readouterr().out.startswith("s1-iterative+LANES=4: CBC encrypt")
    assert cli.main(["encrypt", "--set", "ARCH=ITERATIVE", "--mode", "ecb", "--key", key, str(src), str(dst)]) == 0
    assert _FakeAxiSim.made[-1] == {**configs.AES_AXI_DEFAULTS, "ARCH": "ITERATIVE"}
    # What the IP cannot do is refused before any simulation, in one line.
    made = len(_FakeAxiSim.made)
    assert cli.main(["encrypt", "--set", "KEY_EXPANSION=HOST", "--mode", "ecb", "--key", key, str(src),
                     str(dst)]) == 2
    assert cli.main(["encrypt", "--preset", "s1-iterative", "--set", "DECRYPT=0", "--decrypt", "--mode", "cbc",
                     "--key", key, "--iv", iv, str(src), str(dst)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert "has host key expansion" in err[0] and "built without decryption (DECRYPT=0)" in err[1]
    assert len(_FakeAxiSim.made) == made


def test_encrypt_reads_the_fmax_of_the_configuration_from_the_report(tmp_path: Path) -> None:
    from aescores.encrypt import published_fmax

    path = tmp_path / "results.json"
    path.write_text(json.dumps({"presets": [
        {"preset": "min-area", "fmax_mhz": 200.0, "ip": {"fmax_mhz": 180.0}},
        {"preset": "min-area+LANES=2", "fmax_mhz": 190.0, "ip": {"top": "aes_axi", "error": "not built"}},
    ]}))
    assert published_fmax("min-area", path) == (180.0, "the whole IP's")
    assert published_fmax("min-area+LANES=2", path) == (190.0, "the core's")
    assert published_fmax("s1-iterative", path) is None
    assert published_fmax("min-area", tmp_path / "missing.json") is None


@pytest.mark.parametrize("stages", [2, 4])
def test_an_iterative_ttable_build_takes_one_or_three_stages_per_round(
    stages: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    """Each value is legal alone; the RTL refuses the combination (aes_core elaborates a
    missing module), so the CLI answers with one line before any tool runs."""
    with pytest.raises(configs.ConfigError, match=r"^STAGES_PER_ROUND=\d: an ITERATIVE build with SBOX=TTABLE "
                                                  r"takes 1 \(one block, a round per clock\) or 3 "):
        configs.configure(None, {"ARCH": "ITERATIVE", "SBOX": "TTABLE", "STAGES_PER_ROUND": stages})
    with pytest.raises(configs.ConfigError, match=r"^STAGES_PER_ROUND=\d: an ITERATIVE build"):
        configs.configure("min-area", {"STAGES_PER_ROUND": stages})
    assert configs.configure("min-area", {"STAGES_PER_ROUND": 1}).params["STAGES_PER_ROUND"] == 1
    calls = _forbid_tools(monkeypatch)
    code = cli.main(["implement", "--set", "ARCH=ITERATIVE", "--set", "SBOX=TTABLE", "--set",
                     f"STAGES_PER_ROUND={stages}"])
    err = capsys.readouterr().err
    assert code != 0 and calls == []
    assert err.count("\n") == 1 and "takes 1 (one block, a round per clock) or 3" in err
