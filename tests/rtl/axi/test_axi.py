# SPDX-License-Identifier: Apache-2.0
"""aes_axi, the AES IP, under cocotb on Verilator through its real buses (cocotb_axi.py,
beside this file).

A handful of builds cover the parameter space that changes behaviour: ITERATIVE with
one lane, PIPELINED with four, an encryption-only 128-bit build without self-test, a
fault-injected build, a host-key-expansion build, and the interleaved ITERATIVE engine
(SBOX TTABLE). Each pytest test runs a group of
cocotb tests on one build; builds are cached under build/cocotb and shared by every
test that uses the same parameters. Tests on the same build take turns (a file lock),
since a build folder holds one simulation's results at a time; under `pytest -n 2` the
two workers mostly run different builds.

Wider sweeps (more parameter sets, the full AESAVS Monte Carlo 100 x 1000, more random
messages) are marked slow: `pytest --runslow tests/rtl/axi/test_axi.py`.
"""

from __future__ import annotations

import fcntl
import json
import re
import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Mapping

import pytest

from aescores import paths
from aescores.sim.cocotb_run import run_cocotb

HERE = Path(__file__).resolve().parent  # the benches beside this file

BUILDS: dict[str, dict[str, object]] = {
    "iter": {"ARCH": "ITERATIVE"},
    "pipe4": {"ARCH": "PIPELINED", "LANES": 4},
    "enc128": {"ARCH": "ITERATIVE", "DECRYPT": 0, "MAX_KEY_BITS": 128, "KEY_SLOTS": 2, "SELFTEST": 0},
    "fault": {"ARCH": "ITERATIVE", "FAULT_INJECT": 1},
    "host": {"ARCH": "ITERATIVE", "KEY_EXPANSION": "HOST", "MAX_KEY_BITS": 192},
    # Slow sweep only.
    "pipe1-s2-ttable": {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 2, "SBOX": "TTABLE"},
    "pipe2-s4-composite": {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 4, "SBOX": "COMPOSITE", "LANES": 2,
                           "KEY_SLOTS": 16},
    "iter8-composite": {"ARCH": "ITERATIVE", "SBOX": "COMPOSITE", "LANES": 8, "KEY_SLOTS": 1},
    "pipe4-host-enc": {"ARCH": "PIPELINED", "LANES": 4, "KEY_EXPANSION": "HOST", "DECRYPT": 0},
    # The interleaved engine (T-tables in block RAM), as the min-area preset builds it.
    "iter-ttable": {"ARCH": "ITERATIVE", "SBOX": "TTABLE", "MAX_KEY_BITS": 128, "KEY_SLOTS": 2},
}

VECTORS = ["test_sp800_38a_every_mode_direction_and_key_size", "test_cavp_mmt_cbc_cfb128_ofb",
           "test_aesavs_monte_carlo_cbc_cfb128_ofb"]
RANDOM = ["test_random_messages_match_openssl"]
KEYS = ["test_key_change_under_load_loses_nothing", "test_loading_slot_waits_and_cleared_slot_gives_code_3",
        "test_message_taken_before_key_change_keeps_old_key", "test_message_to_loading_slot_waits_with_tready_low"]
REGS = ["test_id_caps_and_measured_latency_match_parameters", "test_register_access_rules_wstrb_and_slverr",
        "test_result_codes_zero_data_err_bits_and_irq", "test_status_busy_while_message_in_flight",
        "test_selftest_gates_input_and_rerun_empties_slots"]
RATE = ["test_pipelined_rate_one_beat_per_clock"]
FAULT = ["test_fault_injection_fails_selftest_and_every_message_code_6",
         "test_id_caps_and_measured_latency_match_parameters", "test_selftest_gates_input_and_rerun_empties_slots"]
HOST = ["test_host_round_keys_only_into_empty_slots", "test_id_caps_and_measured_latency_match_parameters",
        "test_register_access_rules_wstrb_and_slverr", "test_selftest_gates_input_and_rerun_empties_slots",
        "test_sp800_38a_every_mode_direction_and_key_size", "test_random_messages_match_openssl"]


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


def run(build: str, testcases: list[str], env: Mapping[str, str] | None = None, module: str = "cocotb_axi") -> None:
    params = BUILDS[build]
    with build_lock(build):
        run_cocotb(
            "aes_axi", module, parameters=params, sim="verilator", testcase=testcases,
            extra_env={"AESCORES_PARAMS": json.dumps(params), **(env or {})}, test_dir=HERE,
        )


def _param(build: str, group: str, *marks) -> object:
    return pytest.param(build, group, marks=list(marks), id=f"{build}-{group}")


GROUPS = {"vectors": VECTORS, "random": RANDOM, "keys": KEYS, "regs": REGS, "regs+rate": REGS + RATE,
          "fault": FAULT, "host": HOST}

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
]


@pytest.mark.parametrize("build,group", CI_RUNS)
def test_axi(build: str, group: str) -> None:
    env = {}
    if build == "host" or build == "enc128":
        env["AESCORES_RANDOM_MSGS"] = "600"
    testcases = list(GROUPS[group])
    if build == "enc128" and group == "keys":
        env["AESCORES_KEYCHANGE_MSGS"] = "200"
    run(build, testcases, env)


SLOW_BUILDS = ["pipe1-s2-ttable", "pipe2-s4-composite", "iter8-composite"]


@pytest.mark.slow
@pytest.mark.parametrize("build,group", [_param(b, "all") for b in SLOW_BUILDS])
def test_axi_sweep(build: str, group: str) -> None:
    tests = VECTORS + RANDOM + KEYS + REGS + (RATE if BUILDS[build]["ARCH"] == "PIPELINED" else [])
    run(build, tests, {"AESCORES_RANDOM_MSGS": "3000"})


@pytest.mark.slow
def test_axi_pipelined_host_encrypt_only() -> None:
    run("pipe4-host-enc", HOST + RANDOM)


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["CBC", "CFB128", "OFB"])
def test_axi_monte_carlo_full(mode: str) -> None:
    """The AESAVS Monte Carlo Test in full (100 x 1000) for CBC, CFB128 and OFB, both
    directions, every key size, on the ITERATIVE build (the IP as the block cipher, one
    ECB block per message: 600,000 messages per mode, about half an hour each); final
    answers against NIST's published results."""
    run("iter", ["test_aesavs_monte_carlo_cbc_cfb128_ofb"], {"AESCORES_MCT": "full", "AESCORES_MCT_ONLY": mode})


@pytest.mark.slow
@pytest.mark.parametrize("build", ["iter", "pipe4"])
def test_axi_random_long(build: str) -> None:
    run(build, RANDOM + KEYS, {"AESCORES_RANDOM_MSGS": "20000", "AESCORES_KEYCHANGE_MSGS": "3000",
                               "AESCORES_SEED": "7"})


# --------------------------------------------------------------------------- bus fuzz
# cocotb_axil_fuzz.py: random AXI4-Lite traffic (addresses, strobes, AW/W order and
# timing, reads beside writes) with messages running, against a register model of the
# documents and OpenSSL. CI runs one seed on the ITERATIVE build (the build is shared
# with the tests above); the sweep runs more seeds, more rounds and other builds.
FUZZ = "cocotb_axil_fuzz"


def test_axil_fuzz() -> None:
    run("iter", ["test_axil_fuzz_with_stream_traffic"], {"AESCORES_FUZZ_EPOCHS": "150", "AESCORES_SEED": "1"},
        module=FUZZ)


def test_selftest_rerun_during_traffic() -> None:
    run("iter", ["test_selftest_rerun_requested_while_a_message_is_in_flight"], module=FUZZ)


@pytest.mark.slow
@pytest.mark.parametrize("build,seed", [("iter", 2), ("iter", 3), ("pipe4", 1), ("pipe4", 2), ("enc128", 1),
                                        ("pipe2-s4-composite", 1), ("iter8-composite", 1)])
def test_axil_fuzz_sweep(build: str, seed: int) -> None:
    run(build, ["test_axil_fuzz_with_stream_traffic"], {"AESCORES_FUZZ_EPOCHS": "300", "AESCORES_SEED": str(seed)},
        module=FUZZ)


# Bugs put into a copy of the RTL (file, old text, new text) and what the fuzz must
# report for each (a regular expression): it must fail, for the right reason.
FUZZ_MUTATIONS = {
    "key3_readable": ("aes_csr.v", "        ADDR_MSGS: begin\n            rd_data[31:0] = msgs_count;",
                      "        ADDR_KEY3: begin\n            rd_data[31:0] = key3_reg;\n        end\n"
                      "        ADDR_MSGS: begin\n            rd_data[31:0] = msgs_count;", "KEY MATERIAL read back: read of 0x02"),
    "key_word_ignores_wstrb": ("aes_csr.v", "if (hit_key1) key1_next = (key1_next & ~wr_mask) | wr_bits;",
                               "if (hit_key1) key1_next = w_data_reg;", r"stream: .* code 0: beat \d+ lane \d+ is"),
    "irq_en_ignores_wstrb": ("aes_csr.v", "hit_irq_en ? ((irq_en_ctr_wrap_reg & ~wr_mask[4]) | wr_bits[4])",
                             "hit_irq_en ? w_data_reg[4]", r"\(IRQ_EN\) at AR .*: expected one of"),
    "err_clear_ignores_wstrb": ("aes_csr.v", "(err_bad_mode_reg & ~(hit_err & wr_bits[2]))",
                                "(err_bad_mode_reg & ~(hit_err & w_data_reg[2]))", r"\(ERR\) at AR .*: expected ERR\[2\]"),
    "unmapped_read_okay": ("aes_csr.v", "rd_resp = RESP_SLVERR;  // unmapped: 0 with SLVERR", "rd_resp = RESP_OKAY;",
                           "unmapped read must be 0 with SLVERR"),
    "rdata_changes_while_rvalid": ("aes_csr.v", "        r_valid_next = 1'b0;\n    end\n",
                                   "        r_valid_next = 1'b0;\n    end\n    r_data_next = rd_data;\n",
                                   "RDATA/RRESP changed"),
    "commit_while_busy_answers_okay": ("aes_axi.v", "!kc_len_ok || !core_load_ready);", "!kc_len_ok);",
                                       r"stream: |slot \d settled|slot \d loaded="),
    "message_to_empty_slot_3_waits": (
        "aes_mode_unit.v", "!(next_is_first && new_slot_loading);",
        "!(next_is_first && (new_slot_loading || (s_axis_tuser[7:4] == 4'd3 && !(|(new_slot_bit & slot_loaded)))));",
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
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    sources = []
    for src in paths.rtl_sources():
        text = src.read_text()
        if src.name == rtl_file:
            assert text.count(old) == 1, f"{mutation}: the text to change is not in {rtl_file} exactly once"
            text = text.replace(old, new)
        (folder / src.name).write_text(text)
        sources.append(folder / src.name)
    report = folder / "report.txt"
    params = BUILDS["iter"]
    with build_lock(f"mutant-{mutation}"):
        with pytest.raises((AssertionError, SystemExit)):
            run_cocotb("aes_axi", FUZZ, parameters=params, sim="verilator", sources=sources,
                       testcase=["test_axil_fuzz_with_stream_traffic"], tag=mutation, test_dir=HERE,
                       extra_env={"AESCORES_PARAMS": json.dumps(params), "AESCORES_FUZZ_EPOCHS": "30",
                                  "AESCORES_FUZZ_REPORT": str(report)})
    text = report.read_text() if report.exists() else "(no report)"
    assert re.search(expected, text), f"{mutation}: the fuzz failed, but not on {expected!r}:\n{text[:3000]}"
