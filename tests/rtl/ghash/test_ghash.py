# SPDX-License-Identifier: Apache-2.0
"""The GHASH unit rtl/aes_ghash.v (with rtl/aes_gf128_mul.v) on its own, on Verilator
and Icarus, for every DIGIT/PIPE it accepts: the full-rate unit with one to four
register stages in its multiplier loop, with one lane and with several (LANES blocks a
beat), and the digit-serial unit at each digit width, with each digit's product added
in the clock it is formed (PIPE=1) or registered first (PIPE=2).
The checks are in cocotb_ghash.py beside this file; expected hashes come from the GCM
model (aescores.gcm, itself checked against OpenSSL and NIST in tests/model/test_gcm.py)
and, for whole GCM messages, from OpenSSL's tags alone.

Also here: values the unit does not support stop elaboration, naming the problem; and
the bench, on a copy of the RTL with one bug, reports a wrong hash: a multiplier whose
reduction polynomial is wrong (CI), and with --runslow a two-stage loop that keeps an
open hash's slot where a new hash starts, or that counts a slot written before a short
hash's first block.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import ModuleType

import pytest

import cocotb_ghash as ghash_bench  # the bench beside this file
from aescores import paths, tools
from aescores.sim.cocotb_run import build_dir_for, group_problems, group_test_names, run_cocotb
from aescores.sim.mutant import mutant_sources

HERE = Path(__file__).resolve().parent  # the bench beside this file
TOP = "aes_ghash"

BUILDS: dict[str, dict[str, int]] = {
    "d128-p1": {"DIGIT": 128, "PIPE": 1},
    "d128-p2": {"DIGIT": 128, "PIPE": 2},
    "d128-p2-schoolbook": {"DIGIT": 128, "PIPE": 2, "KARATSUBA": 0},
    "d128-p3": {"DIGIT": 128, "PIPE": 3},
    "d128-p4": {"DIGIT": 128, "PIPE": 4},
    "d128-p1-l4": {"DIGIT": 128, "PIPE": 1, "LANES": 4},
    "d128-p3-l2": {"DIGIT": 128, "PIPE": 3, "LANES": 2},
    "d128-p4-l2": {"DIGIT": 128, "PIPE": 4, "LANES": 2},
    "d64": {"DIGIT": 64, "PIPE": 1},
    "d64-p2": {"DIGIT": 64, "PIPE": 2},
    "d32": {"DIGIT": 32, "PIPE": 1},
    "d32-p2": {"DIGIT": 32, "PIPE": 2},
    "d16": {"DIGIT": 16, "PIPE": 1},
    "d16-p2": {"DIGIT": 16, "PIPE": 2},
    "d8": {"DIGIT": 8, "PIPE": 1},
    "d8-p2": {"DIGIT": 8, "PIPE": 2},
    # The direct load of a stored key and its powers (POW_LOAD, aes_axi's full-rate GCM
    # builds of several key slots): four stages, and three with two lanes.
    "d128-p4-pows": {"DIGIT": 128, "PIPE": 4, "POW_LOAD": 1},
    "d128-p3-l2-pows": {"DIGIT": 128, "PIPE": 3, "LANES": 2, "POW_LOAD": 1},
}
ALL_GROUPS = ("hash", "key", "gcm", "timing")
POW_GROUPS = ("pows",)


# Icarus evaluates the 128 x 128 multiplier about a hundred times slower than Verilator:
# as the second opinion it runs a quarter of the random traffic on the full-rate builds.
ICARUS_FULL_RATE_SCALE = "0.25"


def run(build: str, sim: str, groups: tuple[str, ...] = ALL_GROUPS, sources: list[Path] | None = None,
        tag: str = "") -> None:
    params = BUILDS[build]
    env = {"AESCORES_GHASH": json.dumps(params)}
    if sim == "icarus" and params["DIGIT"] == 128:
        env["AESCORES_GHASH_SCALE"] = ICARUS_FULL_RATE_SCALE
    run_cocotb(
        TOP, ghash_bench.__name__, parameters=params, sim=sim,
        sources=sources or paths.rtl_sources_for(TOP), testcase=group_test_names(ghash_bench, *groups),
        extra_env=env, test_dir=HERE, tag=tag,
    )


@pytest.mark.parametrize("sim", ["verilator", "icarus"])
@pytest.mark.parametrize("build", list(BUILDS))
def test_ghash(build: str, sim: str) -> None:
    run(build, sim, ALL_GROUPS + (POW_GROUPS if BUILDS[build].get("POW_LOAD") else ()))


# --------------------------------------------------------------------------- parameters

BAD_PARAMETERS = [
    ({"DIGIT": 48}, "aes_ghash_invalid_DIGIT_must_be_8_16_32_64_or_128"),
    ({"DIGIT": 4}, "aes_ghash_invalid_DIGIT_must_be_8_16_32_64_or_128"),
    ({"PIPE": 5}, "aes_ghash_invalid_PIPE_must_be_1_to_4_and_at_most_2_without_KARATSUBA"),
    ({"PIPE": 0}, "aes_ghash_invalid_PIPE_must_be_1_to_4_and_at_most_2_without_KARATSUBA"),
    ({"PIPE": 3, "KARATSUBA": 0}, "aes_ghash_invalid_PIPE_must_be_1_to_4_and_at_most_2_without_KARATSUBA"),
    ({"PIPE": 4, "KARATSUBA": 0}, "aes_ghash_invalid_PIPE_must_be_1_to_4_and_at_most_2_without_KARATSUBA"),
    ({"DIGIT": 32, "PIPE": 3}, "aes_ghash_invalid_PIPE_must_be_1_or_2_when_DIGIT_is_below_128"),
    ({"KARATSUBA": 5}, "aes_ghash_invalid_KARATSUBA_must_be_0_to_4"),
    ({"LANES": 0}, "aes_ghash_invalid_LANES_must_be_1_to_8"),
    ({"LANES": 9}, "aes_ghash_invalid_LANES_must_be_1_to_8"),
    ({"DIGIT": 16, "LANES": 2}, "aes_ghash_invalid_LANES_must_be_1_when_DIGIT_is_below_128"),
    ({"DIGIT": 16, "PIPE": 2, "POW_LOAD": 1}, "aes_ghash_invalid_POW_LOAD_must_be_0_or_1_with_DIGIT_128"),
    ({"POW_LOAD": 2}, "aes_ghash_invalid_POW_LOAD_must_be_0_or_1_with_DIGIT_128"),
]


@pytest.mark.parametrize(("params", "message"), BAD_PARAMETERS,
                         ids=["-".join(f"{k}={v}" for k, v in p.items()) for p, _ in BAD_PARAMETERS])
def test_unsupported_parameters_stop_elaboration(params: dict[str, int], message: str) -> None:
    args = ["iverilog", "-g2005", "-o", "/dev/null", "-s", TOP]
    args += [f"-P{TOP}.{name}={value}" for name, value in params.items()]
    args += [str(p) for p in paths.rtl_sources_for(TOP)]
    proc = tools.run(args, check=False, timeout=120)
    assert proc.returncode != 0, f"{params} elaborated"
    assert message in proc.stdout, proc.stdout


# --------------------------------------------------------------------------- mutations

MUTATIONS = {
    # the low terms of the field polynomial: x^7 + x^2 + 1 instead of x^7 + x^2 + x + 1
    "reduction": ("aes_gf128_mul.v", "128'h87 : 128'h0", "128'h85 : 128'h0", "d32"),
    # a new hash's first block clears its own slot but not the other one
    "first-drop": ("aes_ghash.v", "drop = drop | added_first_reg[m-1];", "drop = drop;", "d128-p2"),
    # a hash shorter than the loop counts a slot that still holds the hash before it
    "stale-share": ("aes_ghash.v", "fin_reg ^ (p & {128{!stale}})", "fin_reg ^ p", "d128-p2"),
}


@pytest.mark.parametrize("mutation", [
    pytest.param(name, marks=[pytest.mark.slow] if MUTATIONS[name][3] == "d128-p2" else [])
    for name in MUTATIONS
])
def test_bench_finds_a_broken_unit(mutation: str, tmp_path: Path) -> None:
    """The bench's "hash" group on a copy of the RTL with one bug must fail on a wrong
    hash (the two-stage loop's mutations need their own Verilator build: --runslow)."""
    name, old, new, build = MUTATIONS[mutation]
    sources = mutant_sources(tmp_path / "rtl", name, old, new, paths.rtl_sources_for(TOP))
    tag = f"mutation-{mutation}"
    with pytest.raises((AssertionError, SystemExit)):  # the runner exits when a test fails
        run(build, "verilator", ("hash",), sources=sources, tag=tag)
    # It failed for the right reason: a wrong hash, reported by the bench.
    folder = build_dir_for(TOP, "verilator", BUILDS[build], sources, tag)
    results = "".join(f.read_text() for f in folder.glob("*.xml"))
    assert re.search(r'<failure message="clock \d+: hash \d+ is [0-9a-f]{32}, expected [0-9a-f]{32}', results), (
        f"{mutation}: the bench did not report a wrong hash:\n{results[:3000]}"
    )


# --------------------------------------------------------------------------- the groups
# The groups the bench's tests are run in above.
GROUPS_RUN = {ghash_bench: set(ALL_GROUPS) | set(POW_GROUPS)}


@pytest.mark.parametrize("bench", list(GROUPS_RUN), ids=lambda m: m.__name__)
def test_bench_groups_hold_every_cocotb_test_and_all_run_here(bench: ModuleType) -> None:
    problems = group_problems(bench)
    assert not problems, f"{bench.__name__}: " + "; ".join(problems)
    assert sorted(GROUPS_RUN[bench]) == sorted(bench.GROUPS)
