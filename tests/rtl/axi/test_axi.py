# SPDX-License-Identifier: Apache-2.0
"""aes_axi, the AES IP, under cocotb on Verilator through its real buses (cocotb_axi.py,
beside this file).

A handful of builds cover the parameter space that changes behaviour: ITERATIVE with
one lane, PIPELINED with four, an encryption-only 128-bit build without self-test, a
fault-injected build, a host-key-expansion build, and the interleaved ITERATIVE engine
(SBOX TTABLE). Each pytest test runs one or more groups of cocotb tests on one build
(the benches' GROUPS: group name to the cocotb tests themselves, so that a renamed test
fails the import rather than dropping out of a run; test_bench_groups_* below check that
every cocotb test is in a group that runs here); builds are cached under build/cocotb
and shared by every test that uses the same parameters. Tests on the same build take turns (a file lock),
since a build folder holds one simulation's results at a time; under `pytest -n 2` the
two workers mostly run different builds.

Wider sweeps (more parameter sets, the full AESAVS Monte Carlo 100 x 1000, more random
messages) are marked slow: `pytest --runslow tests/rtl/axi/test_axi.py`.
"""

from __future__ import annotations

import fcntl
import json
import re
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Iterator, Mapping, Sequence

import cocotb
import pytest

import cocotb_axi as axi_bench  # the benches beside this file
import cocotb_axil_fuzz as fuzz_bench
from aescores import configs, paths
from aescores.sim.cocotb_run import group_problems, results_files, run_cocotb, group_test_names
from aescores.sim.mutant import mutant_sources

HERE = Path(__file__).resolve().parent  # the benches beside this file

BUILDS: dict[str, dict[str, object]] = {
    "iter": {"ARCH": "ITERATIVE"},
    "pipe4": {"ARCH": "PIPELINED", "LANES": 4},
    "enc128": {"ARCH": "ITERATIVE", "DECRYPT": 0, "MAX_KEY_BITS": 128, "KEY_SLOTS": 2, "SELFTEST": 0, "GCM": 0},
    "fault": {"ARCH": "ITERATIVE", "FAULT_INJECT": 1},
    "host": {"ARCH": "ITERATIVE", "KEY_EXPANSION": "HOST", "MAX_KEY_BITS": 192},
    # The gcm-pipelined preset's engine (its GHASH multiplier in four stages): GCM in CI, the
    # rest in the slow sweep.
    "pipe1-s2-ttable": {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 2, "SBOX": "TTABLE"},
    # The gcm-2lane preset's engine (a GHASH multiplier per lane) and an ITERATIVE build of
    # four lanes (its GHASH unit 64 bits a clock, a lane at a time): GCM in CI, and the
    # vectors on the four lanes.
    "pipe2-s2-ttable": {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 2, "SBOX": "TTABLE", "LANES": 2},
    "iter4": {"ARCH": "ITERATIVE", "LANES": 4},
    # The max-throughput preset: two lanes of the four-stage T-table round, one beat per
    # clock.
    "max-throughput": dict(configs.PRESETS["max-throughput"].params),
    # Slow sweep only.
    "pipe2-s4-composite": {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 4, "SBOX": "COMPOSITE", "LANES": 2,
                           "KEY_SLOTS": 16},
    "iter8-composite": {"ARCH": "ITERATIVE", "SBOX": "COMPOSITE", "LANES": 8, "KEY_SLOTS": 1},
    "pipe4-host-enc": {"ARCH": "PIPELINED", "LANES": 4, "KEY_EXPANSION": "HOST", "DECRYPT": 0},
    # The interleaved engine (T-tables in block RAM), as the min-area preset builds it.
    "iter-ttable": {"ARCH": "ITERATIVE", "STAGES_PER_ROUND": 3, "SBOX": "TTABLE", "MAX_KEY_BITS": 128,
                    "KEY_SLOTS": 2},
    # The single-context T-table engine (a round per clock, feedback modes chained in the
    # engine), as the s1-iterative preset builds it.
    "iter-ttable1": {"ARCH": "ITERATIVE", "SBOX": "TTABLE", "MAX_KEY_BITS": 128, "KEY_SLOTS": 1},
}



@contextmanager
def build_lock(name: str) -> Iterator[None]:
    """One simulation at a time per build (they share the build folder and results.xml)."""
    lock_dir = paths.BUILD_DIR / "cocotb"
    lock_dir.mkdir(parents=True, exist_ok=True)
    with open(lock_dir / f"aes_axi-{name}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def run(build: str, groups: Sequence[str], env: Mapping[str, str] | None = None,
        bench: ModuleType = axi_bench) -> None:
    """The cocotb tests of `groups` of `bench` on `build`."""
    params = BUILDS[build]
    with build_lock(build):
        run_cocotb(
            "aes_axi", bench.__name__, parameters=params, sim="verilator", testcase=group_test_names(bench, *groups),
            extra_env={"AESCORES_PARAMS": json.dumps(params), **(env or {})}, test_dir=HERE,
        )


def _param(build: str, groups: str, *marks) -> object:
    """One build and the bench groups to run on it, joined by "+" ("regs+rate")."""
    return pytest.param(build, groups, marks=list(marks), id=f"{build}-{groups}")


# Ordered for `pytest -n 2`: the PIPELINED build (the longest) starts first on one
# worker while the other builds and runs the small ITERATIVE builds; the remaining
# PIPELINED groups come last, once its build is cached.
CI_RUNS = [
    _param("pipe4", "regs+rate"), _param("iter", "regs"), _param("iter", "vectors"),
    _param("enc128", "regs"), _param("fault", "fault"), _param("host", "host"),
    _param("iter", "random"), _param("enc128", "vectors"), _param("iter", "keys"),
    _param("enc128", "random"), _param("enc128", "keys"),
    _param("pipe4", "vectors"), _param("pipe4", "random"), _param("pipe4", "keys"),
    _param("iter-ttable", "regs"), _param("iter-ttable", "vectors"), _param("iter-ttable", "keys"),
    _param("iter-ttable1", "vectors"), _param("iter-ttable1", "random"),
    _param("iter", "gcm"), _param("pipe4", "gcm"), _param("pipe1-s2-ttable", "gcm"),
    _param("pipe2-s2-ttable", "gcm"), _param("iter4", "gcm"),
    # Feedback modes chained in the engine on lanes 1 to 3 of a beat (CFB's block before).
    _param("iter4", "vectors"),
    _param("max-throughput", "rate+random"),
]


@pytest.mark.parametrize("build,group", CI_RUNS)
def test_axi(build: str, group: str) -> None:
    env = {}
    if build == "host" or build == "enc128":
        env["AESCORES_RANDOM_MSGS"] = "600"
    if build == "enc128" and group == "keys":
        env["AESCORES_KEYCHANGE_MSGS"] = "200"
    if build == "iter" and group == "gcm":
        env["AESCORES_GCM_CAVP"] = "all"  # every 96-bit-IV record of the six files (about a minute)
    run(build, group.split("+"), env)


SLOW_BUILDS = ["pipe1-s2-ttable", "pipe2-s4-composite", "iter8-composite"]
SWEEP_GROUPS = ("vectors", "random", "keys", "regs")
SWEEP_PIPELINED_GROUPS = ("rate",)
HOST_ENCRYPT_ONLY_GROUPS = ("host", "random")
MONTE_CARLO_GROUPS = ("monte_carlo",)
RANDOM_LONG_GROUPS = ("random", "keys")


@pytest.mark.slow
@pytest.mark.parametrize("build,group", [_param(b, "all") for b in SLOW_BUILDS])
def test_axi_sweep(build: str, group: str) -> None:
    pipelined = BUILDS[build]["ARCH"] == "PIPELINED"
    run(build, SWEEP_GROUPS + (SWEEP_PIPELINED_GROUPS if pipelined else ()), {"AESCORES_RANDOM_MSGS": "3000"})


@pytest.mark.slow
def test_axi_pipelined_host_encrypt_only() -> None:
    run("pipe4-host-enc", HOST_ENCRYPT_ONLY_GROUPS)


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["CBC", "CFB128", "OFB"])
def test_axi_monte_carlo_full(mode: str) -> None:
    """The AESAVS Monte Carlo Test in full (100 x 1000) for CBC, CFB128 and OFB, both
    directions, every key size, on the ITERATIVE build (the IP as the block cipher, one
    ECB block per message: 600,000 messages per mode, about half an hour each); final
    answers against NIST's published results."""
    run("iter", MONTE_CARLO_GROUPS, {"AESCORES_MCT": "full", "AESCORES_MCT_ONLY": mode})


@pytest.mark.slow
@pytest.mark.parametrize("build", ["iter", "pipe4"])
def test_axi_random_long(build: str) -> None:
    run(build, RANDOM_LONG_GROUPS, {"AESCORES_RANDOM_MSGS": "20000", "AESCORES_KEYCHANGE_MSGS": "3000",
                                     "AESCORES_SEED": "7"})


# --------------------------------------------------------------------------- bus fuzz
# cocotb_axil_fuzz.py: random AXI4-Lite traffic (addresses, strobes, AW/W order and
# timing, reads beside writes) with messages running, against a register model of the
# documents and OpenSSL. CI runs one seed on the ITERATIVE build (the build is shared
# with the tests above); the sweep runs more seeds, more rounds and other builds.
FUZZ_GROUPS = ("fuzz",)
SELFTEST_RERUN_GROUPS = ("selftest_rerun",)


def test_axil_fuzz() -> None:
    run("iter", FUZZ_GROUPS, {"AESCORES_FUZZ_EPOCHS": "150", "AESCORES_SEED": "1"}, bench=fuzz_bench)


def test_selftest_rerun_during_traffic() -> None:
    run("iter", SELFTEST_RERUN_GROUPS, bench=fuzz_bench)


@pytest.mark.slow
@pytest.mark.parametrize("build,seed", [("iter", 2), ("iter", 3), ("pipe4", 1), ("pipe4", 2), ("enc128", 1),
                                        ("pipe2-s4-composite", 1), ("iter8-composite", 1)])
def test_axil_fuzz_sweep(build: str, seed: int) -> None:
    run(build, FUZZ_GROUPS, {"AESCORES_FUZZ_EPOCHS": "300", "AESCORES_SEED": str(seed)}, bench=fuzz_bench)


# Bugs put into a copy of the RTL (file, old text, new text) and what the fuzz must
# report for each (a regular expression): it must fail, for the right reason.
FUZZ_MUTATIONS = {
    "key3_readable": ("aes_csr.v", "always @* begin\n    rd_data = 32'd0;\n",
                      "reg ar_key3_reg;\nalways @(posedge clk) ar_key3_reg <= (s_axil_araddr[11:2] == ADDR_KEY3);\n"
                      "always @* begin\n    rd_data = {32{ar_key3_reg}} & key3_reg;\n",
                      "KEY MATERIAL read back: read of 0x02"),
    "key_word_ignores_wstrb": ("aes_csr.v", "wire [3:0] key1_wr_bytes = {4{hit_key1}} & w_strb_reg;",
                               "wire [3:0] key1_wr_bytes = {4{hit_key1}};", r"stream: .* code 0: beat \d+ lane \d+ is"),
    "irq_en_ignores_wstrb": ("aes_csr.v", "hit_irq_en ? ((irq_en_ctr_wrap_reg & ~wr_mask[4]) | wr_bits[4])",
                             "hit_irq_en ? w_data_reg[4]", r"\(IRQ_EN\) at AR .*: expected one of"),
    "err_clear_ignores_wstrb": ("aes_csr.v", "(err_bad_mode_reg & ~(hit_err & wr_bits[2]))",
                                "(err_bad_mode_reg & ~(hit_err & w_data_reg[2]))", r"\(ERR\) at AR .*: expected ERR\[2\]"),
    "unmapped_read_okay": ("aes_csr.v", "wire ar_unmapped = !(|ar_dec) && !ar_write_only;", "wire ar_unmapped = 1'b0;",
                           "unmapped read must be 0 with SLVERR"),
    "rdata_changes_while_rvalid": ("aes_csr.v", "        r_valid_next = 1'b0;\n    end\n",
                                   "        r_valid_next = 1'b0;\n    end\n    r_data_next = rd_data;\n",
                                   "RDATA/RRESP changed"),
    "commit_while_busy_answers_okay": ("aes_axi.v", "!kc_len_ok || ld_cmd_reg || clr_cmd_reg ||\n         !keys_idle || !keys_idle_reg);",
                                       "!kc_len_ok);",
                                       r"stream: |slot \d settled|slot \d loaded="),
    "message_to_empty_slot_3_waits": (
        "aes_axis_framer.v", "    wire wait_load = |(b_wait_slot & loading_reg);",
        "    wire wait_load = |(b_wait_slot & loading_reg) || (b_first && b_user[7:4] == 4'd3 && !slot_ok);",
        r"hang: nothing moved"),
    "msgs_counts_bad_mode_twice": ("aes_axi.v", "msgs_reg <= msgs_reg + {31'd0, out_msg_done};",
                                   "msgs_reg <= msgs_reg + {31'd0, out_msg_done} + {31'd0, out_msg_done && out_code == 3'd2};",
                                   r"\(MSGS\) at AR .*: expected between"),
}


@pytest.mark.slow
@pytest.mark.parametrize("mutation", sorted(FUZZ_MUTATIONS))
def test_axil_fuzz_catches_injected_bug(mutation: str) -> None:
    """The fuzz on a copy of the RTL with one bug: it must fail, naming that bug."""
    rtl_file, old, new, expected = FUZZ_MUTATIONS[mutation]
    folder = paths.BUILD_DIR / "fuzz_mutants" / mutation
    sources = mutant_sources(folder, rtl_file, old, new)
    report = folder / "report.txt"
    params = BUILDS["iter"]
    with build_lock(f"mutant-{mutation}"):
        with pytest.raises((AssertionError, SystemExit)):
            run_cocotb("aes_axi", fuzz_bench.__name__, parameters=params, sim="verilator", sources=sources,
                       testcase=group_test_names(fuzz_bench, *FUZZ_GROUPS), tag=mutation, test_dir=HERE,
                       extra_env={"AESCORES_PARAMS": json.dumps(params), "AESCORES_FUZZ_EPOCHS": "30",
                                  "AESCORES_FUZZ_REPORT": str(report)})
    text = report.read_text() if report.exists() else "(no report)"
    assert re.search(expected, text), f"{mutation}: the fuzz failed, but not on {expected!r}:\n{text[:3000]}"


# Bugs the power-up self-test must catch (file, old text, new text): it must fail, and
# every message must then end with code 6 (the "fault" group on the ITERATIVE build).
SELFTEST_MUTATIONS = {
    # the GHASH multiplier's field polynomial: x^7 + x^2 + 1 instead of x^7 + x^2 + x + 1
    # (only the GCM known-answer test sees it: the AES vectors do not use the GHASH unit)
    "ghash_reduction": ("aes_gf128_mul.v", "128'h87 : 128'h0", "128'h85 : 128'h0"),
}


@pytest.mark.slow
@pytest.mark.parametrize("mutation", sorted(SELFTEST_MUTATIONS))
def test_selftest_catches_injected_bug(mutation: str) -> None:
    """The "fault" group on a copy of the RTL with one bug the self-test must find."""
    rtl_file, old, new = SELFTEST_MUTATIONS[mutation]
    sources = mutant_sources(paths.BUILD_DIR / "selftest_mutants" / mutation, rtl_file, old, new)
    params = BUILDS["iter"]
    with build_lock(f"selftest-mutant-{mutation}"):
        run_cocotb("aes_axi", axi_bench.__name__, parameters=params, sim="verilator", sources=sources,
                   testcase=group_test_names(axi_bench, "fault"), tag=f"selftest-{mutation}", test_dir=HERE,
                   extra_env={"AESCORES_PARAMS": json.dumps(params), "AESCORES_SELFTEST_BROKEN": mutation})


# Bugs in the GCM hash key's life the GCM key test must catch (file, old text, new text,
# what the test must report): H never zeroized, H kept across a change of its slot's
# key, the H store never zeroized, the H store not used (H computed again at each
# change of slot), and the same two for the store's powers of H.
GCM_KEY_GROUPS = ("gcm_keys",)
GCM_KEY_MUTATIONS = {
    "h_never_zeroized": ("aes_mode_unit.v", "wire        h_clear_now = drop_pend_reg && !gm_in_use && !st_own;",
                         "wire        h_clear_now = 1'b0;", "after KEY_CLEAR: not zeroized"),
    "h_kept_across_key_change": ("aes_mode_unit.v",
                                 "ha_valid_reg <= h_pass ? a_loaded : (ha_valid_reg && ha_loaded && !h_clear_now);",
                                 "ha_valid_reg <= h_pass ? 1'b1 : ha_valid_reg;",
                                 "not OpenSSL's tag|Timeout|does not hold the H"),
    "h_store_never_zeroized": ("aes_mode_unit.v", "if (rst || (!slot_loaded[hw] && !slot_held[hw])) begin",
                               "if (rst) begin", "stored H is not zeroized|not zeroized"),
    "h_store_unused": ("aes_mode_unit.v", "assign g_hr = a_hs && !a_gjob;", "assign g_hr = 1'b0;",
                       "no H pass"),
    # the stored powers of H (full-rate units: run on the gcm-pipelined preset's engine)
    "h_powers_never_zeroized": ("aes_mode_unit.v", "if (rst || (!slot_loaded[pw] && !slot_held[pw])) begin",
                                "if (rst) begin", "stored powers of H are not zeroized|not zeroized"),
    "h_powers_unused": ("aes_mode_unit.v", "wire direct = o1_bypass && o1_hp_ok;", "wire direct = 1'b0;",
                        "loads of a stored set"),
}
# The build each mutation runs on: the ITERATIVE four-lane build unless named here.
GCM_KEY_MUTATION_BUILDS = {"h_powers_never_zeroized": "pipe1-s2-ttable", "h_powers_unused": "pipe1-s2-ttable"}


@pytest.mark.slow
@pytest.mark.parametrize("mutation", sorted(GCM_KEY_MUTATIONS))
def test_gcm_key_test_catches_injected_bug(mutation: str) -> None:
    """The GCM key test on a copy of the RTL with one bug in H's life: it must fail, for
    that bug."""
    rtl_file, old, new, expected = GCM_KEY_MUTATIONS[mutation]
    sources = mutant_sources(paths.BUILD_DIR / "gcm_key_mutants" / mutation, rtl_file, old, new)
    params = BUILDS[GCM_KEY_MUTATION_BUILDS.get(mutation, "iter4")]
    tag = f"gcm-key-{mutation}"
    with build_lock(f"gcm-key-mutant-{mutation}"):
        with pytest.raises((AssertionError, SystemExit)):
            run_cocotb("aes_axi", axi_bench.__name__, parameters=params, sim="verilator", sources=sources,
                       testcase=group_test_names(axi_bench, *GCM_KEY_GROUPS), tag=tag, test_dir=HERE,
                       extra_env={"AESCORES_PARAMS": json.dumps(params)})
        found = results_files("aes_axi", "verilator", params, sources, tag)
        text = found[-1].read_text() if found else "(no results file)"
    assert re.search(expected, text), f"{mutation}: the test failed, but not on {expected!r}:\n{text[:3000]}"


@pytest.mark.parametrize("table", ["FUZZ_MUTATIONS", "SELFTEST_MUTATIONS", "GCM_KEY_MUTATIONS"])
def test_every_mutation_applies_to_the_rtl(table: str) -> None:
    """The mutation tests above run with --runslow only: CI checks here that the text
    each one changes still stands exactly once in its RTL file, so that a change to the
    RTL cannot leave one of them unable to run."""
    missing = [name for name, (rtl_file, old, *_rest) in globals()[table].items()
               if (paths.RTL_DIR / rtl_file).read_text().count(old) != 1]
    assert not missing, f"{table}: the text to change is not in the RTL exactly once for {missing}"


# --------------------------------------------------------------------------- the groups
# The groups each bench's tests are run in above, CI and slow runs alike.
GROUPS_RUN = {
    axi_bench: {g for p in CI_RUNS for g in p.values[1].split("+")} | set(SWEEP_GROUPS) | set(SWEEP_PIPELINED_GROUPS)
    | set(HOST_ENCRYPT_ONLY_GROUPS) | set(MONTE_CARLO_GROUPS) | set(RANDOM_LONG_GROUPS) | set(GCM_KEY_GROUPS),
    fuzz_bench: set(FUZZ_GROUPS) | set(SELFTEST_RERUN_GROUPS),
}


@pytest.mark.parametrize("bench", list(GROUPS_RUN), ids=lambda m: m.__name__)
def test_bench_groups_hold_every_cocotb_test_and_all_run_here(bench: ModuleType) -> None:
    """Every group holds only the bench's own cocotb tests, every cocotb test of the bench
    is in a group, and every group is run by a test of this file (with --runslow or not),
    so that no cocotb test is left out of every run."""
    problems = group_problems(bench)
    assert not problems, f"{bench.__name__}: " + "; ".join(problems)
    assert sorted(GROUPS_RUN[bench]) == sorted(bench.GROUPS), (
        f"{bench.__name__}: groups no test here runs: {sorted(set(bench.GROUPS) - GROUPS_RUN[bench])}, "
        f"groups run here that the bench lacks: {sorted(GROUPS_RUN[bench] - set(bench.GROUPS))}"
    )


def test_bench_group_check_finds_an_ungrouped_test_a_stranger_and_an_unknown_group() -> None:
    @cocotb.test()
    async def grouped(dut) -> None:  # pragma: no cover - never simulated
        pass

    @cocotb.test()
    async def ungrouped(dut) -> None:  # pragma: no cover - never simulated
        pass

    bench = ModuleType("made_up_bench")
    bench.grouped, bench.ungrouped = grouped, ungrouped
    bench.GROUPS = {"a": (grouped,), "b": (axi_bench.GROUPS["rate"][0],), "c": ()}
    problems = group_problems(bench)
    assert any(p.endswith("ungrouped' is in no group") for p in problems), problems
    assert any("group 'b' holds" in p and "not a cocotb test of made_up_bench" in p for p in problems), problems
    assert any("group 'c' is empty" in p for p in problems), problems
    assert len(problems) == 3, problems
    assert group_test_names(bench, "a") == [grouped.name]
    with pytest.raises(KeyError, match="no test group"):
        group_test_names(bench, "d")
    with pytest.raises(ValueError, match="not a cocotb test"):
        group_test_names(bench, "b")
