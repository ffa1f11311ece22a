# SPDX-License-Identifier: Apache-2.0
"""Formal proofs (formal/*.sby, SymbiYosys from YoWASP with Boolector): each task passes,
and each proof catches a bug put into the RTL on purpose.

The properties, their methods, depths and measured times are listed in
docs/verification.md, "Formal". Every task of every .sby file is run here; the three long
ones (the deep bounded check of the PIPELINED engine, the top-level proof with the
PIPELINED engine and the GHASH multiplier with PIPE=2) only with --runslow. A task
passes when SymbiYosys ends with PASS: a proof (k-induction) holds, a bounded check
finds no counterexample, or every cover statement is reached.

The mutation tests put one bug at a time into a copy of the RTL and run the matching
check as a bounded model check from reset: it must FAIL, with a counterexample trace,
on the property meant to catch that bug. So no property here passes because it cannot
fail (a proof that is vacuous, or whose assumptions rule the bug out, would let the
mutation pass too).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from aescores import paths, tools

FORMAL_DIR = paths.ROOT / "formal"
WORK_DIR = paths.BUILD_DIR / "formal"

# Every task of every formal/*.sby file with its wall time in seconds on the 2-core
# development machine (docs/verification.md, "What is proved", lists the same).
TASK_SECONDS = {
    ("sbox", "comb"): 3,
    ("sbox", "rom"): 7,
    ("engine_stream", "iterative"): 2,
    ("engine_stream", "pipelined"): 37,
    ("engine_stream", "pipelined_deep"): 5510,  # slow: bounded to 32 clocks, 92 minutes on a loaded machine
    ("engine_stream", "iterative_cover"): 2,
    ("engine_stream", "pipelined_cover"): 36,
    ("csr_axil", "prove"): 2,
    ("csr_axil", "cover"): 2,
    ("mode_axis", "prove"): 2,
    ("mode_axis", "prove_half"): 2,
    ("mode_axis", "prove_chain"): 2,
    ("mode_axis", "cover"): 2,
    ("mode_axis", "prove_gcm"): 5,
    ("mode_axis", "prove_gcm_half"): 5,
    ("mode_axis", "cover_gcm"): 10,
    ("mode_axis", "prove_slots2"): 2,
    ("mode_axis", "prove_gcm_slots2"): 2,
    ("mode_axis", "prove_gcm_half_slots2"): 2,
    ("mode_axis", "prove_gcm_pows_slots2"): 2,
    ("mode_axis", "cover_gcm_slots2"): 5,
    ("mode_axis", "cover_gcm_pows_slots2"): 7,
    ("axi_top", "iterative"): 14,
    ("axi_top", "pipelined"): 105,              # slow: the whole IP with the PIPELINED engine, 2 minutes
    ("csr_key_leak", "prove"): 2,
    ("csr_key_leak", "cover"): 2,
    ("gf128_mul", "full"): 17,
    ("gf128_mul", "full_pipe2"): 288,           # slow: the product with PIPE=2, 8 bits per query, 5 minutes
    ("gf128_mul", "serial64"): 12,
    ("gf128_mul", "serial32"): 10,
    ("gf128_mul", "serial16"): 9,
    ("gf128_mul", "serial8"): 9,
    ("gf128_mul", "serial64_pipe2"): 34,        # the four PIPE=2 steps: on a loaded machine
    ("gf128_mul", "serial32_pipe2"): 42,
    ("gf128_mul", "serial16_pipe2"): 39,
    ("gf128_mul", "serial8_pipe2"): 27,
    ("ghash_ctrl", "full"): 111,
    ("ghash_ctrl", "full_pipe2_lanes2"): 102,
    ("ghash_ctrl", "full_pipe2_lanes2_pows"): 110,
    ("ghash_ctrl", "serial16"): 148,
    ("ghash_ctrl", "serial16_pipe2"): 405,      # on a loaded machine (two builds beside it)
    ("ghash_ctrl", "cover"): 10,
}
SLOW_TASKS = {("engine_stream", "pipelined_deep"), ("axi_top", "pipelined"), ("gf128_mul", "full_pipe2")}


def _task_param(name: str, task: str) -> object:
    if (name, task) in SLOW_TASKS:
        return pytest.param(name, task, marks=pytest.mark.slow)
    return (name, task)


def timeout_for(seconds: float) -> float:
    """A task ten times slower than measured has a problem worth a failure (a change in
    the RTL that the solver no longer closes); at least 5 minutes for a loaded machine."""
    return max(300.0, 10.0 * seconds)


def sby_tasks(sby: Path) -> list[str]:
    """The task names of the [tasks] section of an .sby file."""
    text = sby.read_text()
    match = re.search(r"^\[tasks\]\n(.*?)(?:^\[|\Z)", text, re.M | re.S)
    if not match:
        return []
    return [line.split(":")[0].split()[0] for line in match.group(1).splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def bounded_config(sby: Path, mode: str, depth: int) -> str:
    """The text of `sby` with its [options] section's mode and depth (for every task)
    replaced by `mode` and `depth`."""
    out, section = [], ""
    for line in sby.read_text().splitlines():
        head = re.match(r"^\[(\w+)\]", line)
        if head:
            section = head.group(1)
            out.append(line)
            if section == "options":
                out += [f"mode {mode}", f"depth {depth}"]
            continue
        if section == "options" and re.match(r"^(\w+:\s*)?(mode|depth)\s", line):
            continue
        out.append(line)
    return "\n".join(out) + "\n"


def run_sby(sby: Path, task: str, workdir: Path, timeout: float, config: str | None = None) -> str:
    """Run one SymbiYosys task (from `config`, the text of an .sby file, when given);
    return its output. On timeout SymbiYosys is stopped with SIGTERM, on which it stops
    its solvers too, and the test fails. (Not through `tools.run`: on a timeout it kills
    only the process it started, and SymbiYosys runs its solvers in process groups of
    their own, which would go on running.)"""
    workdir.parent.mkdir(parents=True, exist_ok=True)
    args = ["yowasp-sby", "-f", "-d", str(workdir)] + ([sby.name, task] if config is None else ["-T", task])
    proc = subprocess.Popen(args, cwd=sby.parent, env=tools.setup_environment(), text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        out, _ = proc.communicate(config, timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
        pytest.fail(f"{sby.name} {task} did not finish within {timeout:.0f} s (log: {workdir}/logfile.txt)")
    (workdir.parent / f"{workdir.name}.log").write_text(out)
    return out


def status(output: str) -> str:
    """PASS, FAIL, UNKNOWN, ERROR ... from the DONE line of a SymbiYosys run."""
    found = re.findall(r"DONE \((\w+)", output)
    return found[-1] if found else "NO STATUS"


def failed_assertions(output: str) -> set[str]:
    """The names (last component) of the assertions a failed run reports. A name may hold
    an escaped identifier with a space, from an assertion inside a generate block
    (`fv_gf128_mul.\\gen_group[0].u_check .a_product`)."""
    found = re.findall(r"failed assertion (.+) at \S+(?: step \d+)?$", output, re.M)
    return {m.split(".")[-1].strip() for m in found}


def summary(output: str) -> str:
    return "\n".join(line for line in output.splitlines() if "summary" in line or "DONE" in line or "ERROR" in line)


def sby_section(sby: Path, name: str) -> list[str]:
    """The lines of one [section] of an .sby file, task prefixes ("comb: ") removed."""
    match = re.search(rf"^\[{name}\]\n(.*?)(?:^\[|\Z)", sby.read_text(), re.M | re.S)
    lines = match.group(1).splitlines() if match else []
    return [re.sub(r"^\w+:\s*", "", line).strip() for line in lines if line.strip() and not line.startswith("#")]


def test_every_sby_reads_the_core_files_its_rtl_needs() -> None:
    """SymbiYosys takes its files from the .sby, so each lists RTL files; they follow the
    one list, aescores.core: every file an .sby copies from ../rtl is in the core, with
    every file `paths.rtl_sources_for` names for it (submodules, include files), and
    every Verilog file copied is read by the script."""
    problems = []
    for sby in sorted(FORMAL_DIR.glob("*.sby")):
        copied = {line.split()[-1].removeprefix("../rtl/") for line in sby_section(sby, "files")
                  if line.split()[-1].startswith("../rtl/")}
        read = {word for line in sby_section(sby, "script") if line.startswith("read")
                for word in line.split() if word.endswith(".v")}
        for name in sorted(n for n in copied if n.endswith(".v")):
            try:
                needed = {p.name for p in paths.rtl_sources_for(Path(name).stem)}
            except KeyError:
                problems.append(f"{sby.name}: ../rtl/{name} is not a file of aescores.core")
                continue
            if needed - copied:
                problems.append(f"{sby.name}: {name} needs {sorted(needed - copied)}, not in [files]")
            if name not in read:
                problems.append(f"{sby.name}: {name} is copied, not read")
    assert not problems, "\n".join(problems)


def test_every_sby_task_is_run_here() -> None:
    on_disk = {(sby.stem, task) for sby in FORMAL_DIR.glob("*.sby") for task in sby_tasks(sby)}
    assert on_disk == set(TASK_SECONDS)


def test_every_sby_file_is_documented() -> None:
    doc = (paths.DOCS_DIR / "verification.md").read_text()
    for sby in FORMAL_DIR.glob("*.sby"):
        assert f"formal/{sby.name}" in doc, f"{sby.name} is not in docs/verification.md"


@pytest.mark.parametrize(
    "name,task",
    [_task_param(n, t) for n, t in TASK_SECONDS],
)
def test_formal_task_passes(name: str, task: str) -> None:
    out = run_sby(FORMAL_DIR / f"{name}.sby", task, WORK_DIR / f"{name}_{task}",
                  timeout=timeout_for(TASK_SECONDS[(name, task)]))
    assert status(out) == "PASS", f"{name}.sby {task}:\n{summary(out)}"


# A bug put into one RTL file (old text -> new text), the .sby file and task whose
# property must catch it, the depth of the bounded check from reset, and the assertions
# of which at least one must be reported failed.
SBOX_LUT_ASSERTS = {"a_fwd_lut_eq_composite", "a_fwd_lut_fips197", "a_fwd_known_value", "a_round_trip_lut",
                    "a_round_trip_lut_comp", "a_inv_round_trip_lut", "a_t0_s", "a_t0_2s", "a_t0_3s",
                    "a_inv_round_trip_comp", "a_round_trip_comp_lut"}
MUTATIONS = {
    # a wrong S-box table entry (FIPS-197 5.1.1: S(0x53) = 0xed)
    "sbox_lut_entry": ("aes_sbox.v", "8'h53: lut_out = 8'hed", "8'h53: lut_out = 8'hec",
                       "sbox", "comb", 1, SBOX_LUT_ASSERTS),
    # one wrong entry in the PIPELINED engine's registered tables (2·S(0x53))
    "pipe_rom_entry": ("aes_rom.v", "        s2 = xtime(s);\n",
                       "        s2 = xtime(s) ^ ((a == 83) ? 8'h01 : 8'h00);\n",
                       "sbox", "rom", 3, {"a_enc16_a", "a_enc16_b", "a_encdec32_a", "a_encdec32_b"}),
    # RDATA follows the read mux while RVALID waits for RREADY
    "csr_rdata_changes_while_rvalid": (
        "aes_csr.v", "        r_valid_next = 1'b0;\n    end\n",
        "        r_valid_next = 1'b0;\n    end\n    r_data_next = rd_data;\n",
        "csr_axil", "prove", 10, {"a_r_hold"}),
    # a second write response with no write: BVALID rises again after being taken
    "csr_second_write_response": (
        "aes_csr.v", "    end else if (s_axil_bready) begin\n        b_valid_next = 1'b0;\n",
        "    end else if (s_axil_bready) begin\n        b_valid_next = !b_valid_reg;\n",
        "csr_axil", "prove", 10, {"a_b_needs_write"}),
    # KEY3 in the read mux
    "csr_key_word_readable": (
        "aes_csr.v", "always @* begin\n    rd_data = 32'd0;\n",
        "reg ar_key3_reg;\nalways @(posedge clk) ar_key3_reg <= (s_axil_araddr[11:2] == ADDR_KEY3);\n"
        "always @* begin\n    rd_data = {32{ar_key3_reg}} & key3_reg;\n",
        "csr_key_leak", "prove", 10, {"a_rdata"}),
    # the ITERATIVE engine delivers every other block twice
    "iterative_duplicates_a_block": (
        "aes_engine_iterative.v", "    out_valid_next = out_valid_reg && !m_ready;",
        "    out_valid_next = out_valid_reg && !(m_ready && out_tag_reg[0]);",
        "engine_stream", "iterative", 24, {"a_order", "a_seq"}),
    # the PIPELINED engine loses every block whose tag is even (the first one included)
    "pipelined_drops_a_block": (
        "aes_engine_pipelined.v", ".wr_valid(valid_reg[LAST]),",
        ".wr_valid(valid_reg[LAST] && tag_reg[TAG_WIDTH*LAST]),",
        "engine_stream", "pipelined", 24, {"a_order", "a_seq", "a_bounded", "a_latency_max"}),
    # a skid buffer lets a new beat overwrite the one it offers (m_axis of aes_axi)
    "skid_overwrites_offered_beat": (
        "aes_skid.v", "            if (m_ready || !out_valid_reg) begin",
        "            if (m_ready || !out_valid_reg || s_valid) begin",
        "mode_axis", "prove", 16, {"a_payload_stable", "a_tvalid_held"}),
    # the framer loads a new classified beat over one the mode unit has not taken
    "framer_overwrites_offered_beat": (
        "aes_axis_framer.v", "    wire f1_free = !o_valid_reg || ((FULL_RATE != 0) && m_ready);",
        "    wire f1_free = 1'b1;",
        "mode_axis", "prove", 12, {"a_payload_stable"}),
    # the RDATA bug again, caught on aes_axi's own ports
    "top_rdata_changes_while_rvalid": (
        "aes_csr.v", "        r_valid_next = 1'b0;\n    end\n",
        "        r_valid_next = 1'b0;\n    end\n    r_data_next = rd_data;\n",
        "axi_top", "iterative", 10, {"a_r_hold"}),
    # one wrong bit of the reduction: x^128 taken as x^7 + x + 1 (x^2 dropped) in the
    # masks of the GHASH multiplier
    "gf128_reduction_mask_bit": (
        "aes_gf128_mul.v", "(power[127] ? 128'h87 : 128'h0)", "(power[127] ? 128'h83 : 128'h0)",
        "gf128_mul", "full", 1, {"a_product"}),
    # one partial product dropped: a_0 b_100 missing from the coefficient of x^100 (added
    # twice), caught on a digit-serial step
    "gf128_product_term_dropped": (
        "aes_clmul.v", "assign prod[k] = ^(a_q & b_rev[(N + M - 2 - k) +: N]);",
        "assign prod[k] = ^(a_q & b_rev[(N + M - 2 - k) +: N])\n"
        "                    ^ ((k == 100 && M > 100) ? (a_q[0] & b_q[(M > 100) ? 100 : 0]) : 1'b0);",
        "gf128_mul", "serial16", 1, {"a_product"}),
    # PIPE=2 adds c * x^128 from the current clock to the partial products of the last
    "gf128_pipe2_c_not_registered": (
        "aes_gf128_mul.v", "aes_delay #(.WIDTH(128), .CLOCKS(PIPE - 1)) u_c_reg (",
        "aes_delay #(.WIDTH(128), .CLOCKS(0)) u_c_reg (",
        "gf128_mul", "full_pipe2", 2, {"a_product"}),
    # the GHASH unit takes a last block while its result queue is full
    "ghash_queue_overflow": (
        "aes_ghash.v", "assign s_ready = key_ok_reg && take_ok && (pending_reg < QUEUE_LIMIT);",
        "assign s_ready = key_ok_reg && take_ok;",
        "ghash_ctrl", "full", 12, {"a_owed_bound"}),
    # a result that reaches the queue in the clock of a key load is lost
    "ghash_result_lost_on_load": (
        "aes_ghash.v", "if (res_valid && !q_moved[qi]",
        "if (res_valid && !h_load && !q_moved[qi]",
        "ghash_ctrl", "full", 12, {"a_latency"}),
}


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_formal_check_catches_injected_bug(mutation: str, tmp_path: Path) -> None:
    rtl_file, old, new, name, task, depth, expected = MUTATIONS[mutation]
    shutil.copytree(FORMAL_DIR, tmp_path / "formal")
    shutil.copytree(paths.RTL_DIR, tmp_path / "rtl")
    target = tmp_path / "rtl" / rtl_file
    text = target.read_text()
    assert text.count(old) == 1, f"{mutation}: the text to change is not in {rtl_file} exactly once"
    target.write_text(text.replace(old, new))
    sby = tmp_path / "formal" / f"{name}.sby"
    workdir = tmp_path / "work" / f"{name}_{task}"
    out = run_sby(sby, task, workdir, timeout=timeout_for(TASK_SECONDS[(name, task)]),
                  config=bounded_config(sby, "bmc", depth))
    failed = failed_assertions(out)
    assert status(out) == "FAIL", (f"{mutation}: {name}.sby {task}, bounded to {depth} clocks, does not fail on "
                                   f"the mutated RTL:\n{summary(out)}")
    assert failed & expected, (
        f"{mutation}: failed assertions {sorted(failed)}, expected one of {sorted(expected)}:\n{summary(out)}")
    assert list(workdir.glob("engine_*/trace*.vcd")), f"{mutation}: no counterexample trace in {workdir}"


def test_bounded_config_replaces_mode_and_depth() -> None:
    text = bounded_config(FORMAL_DIR / "csr_axil.sby", "bmc", 7)
    options = text.split("[options]")[1].split("[")[0]
    assert [line for line in options.splitlines() if line.strip()] == ["mode bmc", "depth 7"]
    assert "[script]" in text and "[files]" in text and "../rtl/aes_csr.v" in text
