# SPDX-License-Identifier: Apache-2.0
"""Structure of the buffers between the layers of aes_axi that the whole IP's timing relies on.

The ready of aes_skid, in both its forms, is driven by a flip-flop, with no gate
between it and the upstream decision that reads it (the two-entry aes_skid_pp's ready
is one gate of its two valid flags). In the two-entry aes_skid_pp, and in aes_skid's one
entry, each entry's clock enable is a function of the buffer's own flip-flops (the entry loads
while it is empty, docs/architecture.md, "Registered layers"), so the deep decision
that writes a beat (s_valid) or pops one (m_ready) reaches the valid flags only, never
the enables of the wide entries. Checked with Yosys on the elaborated netlist: the
combinational input cone of every entry flip-flop's enable reaches no input port. The
check is shown to fail on a copy of the RTL whose entries load on a write, as they did
before. In the two-entry aes_skid, the output entry's data input is the upstream beat
or the skid entry, chosen by a flip-flop, so the pop reaches that entry's enable only:
the input ports in the cone of its data inputs are s_data alone (and the check fails on
a copy whose choice is made by the pop).

The framer's output register F1 (aes_axis_framer) follows the same rule: its data
registers load whenever F1 is free, so the cone of their enables holds F1's valid flag
and the mode unit's ready and nothing else (not F0's valid, not the wait for a slot's
load); the check fails on a copy that loads them on the take. Without FULL_RATE (the
ITERATIVE builds) F1 is free only when empty: the mode unit's ready reaches F1's valid
flag and no other flip-flop of the framer (not the message state, not the data
registers' enables), which the same check finds untrue of the FULL_RATE build.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aescores import paths
from aescores.flow import netlist

ENTRIES = ("ent0_reg", "ent1_reg")
SCOPE = "gen_two"  # the two-entry form (FULL_RATE=1, the default)
# aes_skid's one entry (FULL_RATE=0, the layers of an ITERATIVE build), which loads while
# it is empty too; its register drives m_data, whose name it keeps in the netlist
ONE_ENTRY = ("aes_skid", {"WIDTH": 8, "FULL_RATE": 0}, "", ("m_data",))


def enable_cone_ports(rtl_dir: Path, workdir: Path, top: str = "aes_skid_pp",
                      params: dict[str, int] | None = None, scope: str = SCOPE,
                      entries: tuple[str, ...] = ENTRIES) -> dict[str, set[str]]:
    """For each entry register of `top` (aes_skid_pp with WIDTH=8 unless given, from the
    RTL in `rtl_dir`): the input ports in the combinational input cone of its flip-flops'
    enables (the cone stops at flip-flops, as in test_registered_io.py)."""
    found: dict[str, set[str]] = {}
    for name in entries:
        wire = f"{scope}.{name}" if scope else name
        cone = netlist.query(top, params or {"WIDTH": 8}, rtl_dir, workdir / name, [
            "opt",
            "opt_clean -purge",
            # the wires on the EN pins of the cells that drive the entry
            f"select -set en w:{wire} %ci1 %ci1:+[EN] w:* %i w:{wire} %d",
            "select -assert-min 1 @en",
            f"select -write cone.txt @en %ci*:-{netlist.REGISTER_CELLS} i:* %i",
        ], "cone.txt", timeout=600)
        found[name] = {line.split("/", 1)[1] for line in cone.split() if line.startswith(f"{top}/")}
    return found


def test_entry_enables_come_from_the_buffers_flip_flops(tmp_path: Path) -> None:
    found = enable_cone_ports(paths.RTL_DIR, tmp_path)
    assert found == {name: set() for name in ENTRIES}, f"input ports reach the entries' enables: {found}"


def test_check_finds_entries_that_load_on_a_write(tmp_path: Path) -> None:
    rtl = netlist.changed_rtl(tmp_path, "aes_skid_pp.v", "                if (!vld1_reg) begin",
                              "                if (wr && wr_sel) begin")
    found = enable_cone_ports(rtl, tmp_path / "work")
    assert "s_valid" in found["ent1_reg"], f"the check missed an enable decided by the write: {found}"


def test_one_entry_enable_comes_from_its_valid_flag(tmp_path: Path) -> None:
    top, params, scope, entries = ONE_ENTRY
    found = enable_cone_ports(paths.RTL_DIR, tmp_path, top, params, scope, entries)
    assert found == {name: set() for name in entries}, f"input ports reach the entry's enable: {found}"


def test_check_finds_a_one_entry_that_loads_on_a_write(tmp_path: Path) -> None:
    top, params, scope, entries = ONE_ENTRY
    rtl = netlist.changed_rtl(tmp_path, "aes_skid.v", "                if (!one_valid_reg) begin",
                              "                if (one_take) begin")
    found = enable_cone_ports(rtl, tmp_path / "work", top, params, scope, entries)
    assert "s_valid" in found["m_data"], f"the check missed an enable decided by the write: {found}"


def output_data_ports(rtl_dir: Path, workdir: Path) -> set[str]:
    """The input ports in the combinational cone of the data inputs (not the enables) of
    the two-entry aes_skid's output entry (WIDTH=8, from the RTL in `rtl_dir`)."""
    cone = netlist.query("aes_skid", {"WIDTH": 8}, rtl_dir, workdir, [
        "opt",
        "opt_clean -purge",
        # the output entry's flip-flops drive m_data (Yosys keeps the port's name for
        # the net), and the wires on their D pins (which Yosys may share with the skid
        # entry's next value, under an internal name)
        "select -set ff o:m_data %ci1 o:m_data %d",
        "select -assert-min 1 @ff",
        "select -set d @ff %ci1:+[D] @ff %d",
        "select -assert-min 1 @d",
        f"select -write cone.txt @d %ci*:-{netlist.REGISTER_CELLS} i:* %i",
    ], "cone.txt", timeout=600)
    return {line.split("/", 1)[1] for line in cone.split() if line.startswith("aes_skid/")}


def test_output_entry_data_comes_from_the_input_and_registers(tmp_path: Path) -> None:
    """The output entry takes the upstream beat or the skid entry, chosen by a register:
    the downstream ready (the pop, a deep decision) reaches its enable only."""
    found = output_data_ports(paths.RTL_DIR, tmp_path)
    assert found == {"s_data"}, f"input ports reach the output entry's data: {found}"


def test_check_finds_a_data_select_made_by_the_pop(tmp_path: Path) -> None:
    rtl = netlist.changed_rtl(tmp_path, "aes_skid.v",
                              "                    out_data_reg <= s_ready_reg ? s_data : temp_data_reg;",
                              "                    out_data_reg <= store_in_to_out ? s_data : temp_data_reg;")
    found = output_data_ports(rtl, tmp_path / "work")
    assert "m_ready" in found, f"the check missed a data select decided by the pop: {found}"


def ready_drivers(top: str, full_rate: int, rtl_dir: Path, workdir: Path) -> list[str]:
    """The cells that drive `top`'s s_ready (WIDTH=8, FULL_RATE as given) and are not
    flip-flops, after Yosys's opt."""
    not_flip_flops = " ".join(f"t:{cell} %d" for cell in netlist.FLIP_FLOP_CELLS)
    out = netlist.query(top, {"WIDTH": 8, "FULL_RATE": full_rate}, rtl_dir, workdir, [
        "opt",
        "opt_clean -purge",
        # the cells whose outputs drive the port
        "select -set drv o:s_ready %ci1 c:* %i",
        "select -assert-min 1 @drv",
        f"select -write gates.txt @drv {not_flip_flops}",
    ], "gates.txt", timeout=600)
    return out.split()


@pytest.mark.parametrize("top,full_rate", [("aes_skid", 0), ("aes_skid", 1), ("aes_skid_pp", 0)])
def test_ready_is_a_flip_flop(top: str, full_rate: int, tmp_path: Path) -> None:
    gates = ready_drivers(top, full_rate, paths.RTL_DIR, tmp_path)
    assert gates == [], f"{top} FULL_RATE={full_rate}: s_ready goes through {gates}"


def test_check_finds_a_ready_behind_a_gate(tmp_path: Path) -> None:
    rtl = netlist.changed_rtl(tmp_path, "aes_skid.v", "            assign s_ready = one_ready_reg;",
                              "            assign s_ready = one_ready_reg && !one_valid_reg;")
    gates = ready_drivers("aes_skid", 0, rtl, tmp_path / "work")
    assert gates, "the check missed a gate between the one-entry buffer's ready and its flip-flops"


# F1's data registers (aes_axis_framer) and the signals their enable may read: its valid
# flag, the mode unit's ready (m_ready) and the gate of the two (f1_free).
F1_DATA = ("o_data_reg", "o_op_reg", "o_prev_reg")
F1_ENABLE = {"o_valid_reg", "m_ready", "f1_free"}


def framer_cones(params: dict[str, int], names: tuple[str, ...], pins: str, rtl_dir: Path,
                 workdir: Path) -> dict[str, set[str]]:
    """For each register of `names` in aes_axis_framer with `params` (from the RTL in
    `rtl_dir`, one Yosys run): the named wires in the combinational input cone of the
    pins `pins` of the cells that drive it ("" every input pin, "+[EN]" the enable; the
    cone stops at flip-flops, whose outputs it names)."""
    rule = f":{pins}" if pins else ""
    commands = ["opt"]
    for k, name in enumerate(names):
        commands += [
            f"select -set in{k} w:{name} %ci1 %ci1{rule} w:* %i w:{name} %d",
            f"select -assert-min 1 @in{k}",
            f"select -write cone{k}.txt @in{k} %ci*:-{netlist.REGISTER_CELLS} w:* %i",
        ]
    netlist.query("aes_axis_framer", params, rtl_dir, workdir, commands, f"cone{len(names) - 1}.txt", timeout=600)
    found: dict[str, set[str]] = {}
    for k, name in enumerate(names):
        wires = (line.split("/", 1)[1] for line in (workdir / f"cone{k}.txt").read_text().split()
                 if line.startswith("aes_axis_framer/"))
        found[name] = {w for w in wires if not w.startswith("$")}
    return found


def f1_enable_cone(rtl_dir: Path, workdir: Path) -> dict[str, set[str]]:
    """For each of F1_DATA: the named wires in the combinational input cone of its
    flip-flops' enables."""
    return framer_cones({"LANES": 4, "GCM": 1}, F1_DATA, "+[EN]", rtl_dir, workdir)


def test_f1_data_enables_read_only_f1_valid_and_the_mode_units_ready(tmp_path: Path) -> None:
    found = f1_enable_cone(paths.RTL_DIR, tmp_path)
    for name, wires in found.items():
        assert "o_valid_reg" in wires and "m_ready" in wires, f"{name}: enable cone {sorted(wires)}"
        assert wires <= F1_ENABLE, f"{name}: more than F1's valid and the ready reach its enable: {sorted(wires)}"


def test_check_finds_f1_data_that_load_on_the_take(tmp_path: Path) -> None:
    rtl = netlist.changed_rtl(tmp_path, "aes_axis_framer.v", "        if (f1_free) begin\n            o_data_reg <= b_data;",
                              "        if (f1_take) begin\n            o_data_reg <= b_data;")
    found = f1_enable_cone(rtl, tmp_path / "work")
    assert not found["o_data_reg"] <= F1_ENABLE, f"the check missed an enable decided by the take: {found}"
    assert "loading_reg" in found["o_data_reg"], found


# Flip-flops of the framer that the mode unit's ready must not reach without FULL_RATE:
# the message state the take writes, and F1's data registers.
TAKE_STATE = ("msg_code_reg", "msg_err_reg", "msg_active_reg", "msg_prev_reg", "msg_aad_reg", "o_data_reg")


def regs_reading_m_ready(full_rate: int, rtl_dir: Path, workdir: Path) -> set[str]:
    """Of TAKE_STATE and F1's valid flag (o_valid_reg): those whose flip-flops' inputs
    (data and enable) have the mode unit's ready in their combinational input cone, in a
    four-lane GCM framer with `full_rate`."""
    cones = framer_cones({"LANES": 4, "GCM": 1, "FULL_RATE": full_rate}, (*TAKE_STATE, "o_valid_reg"), "",
                         rtl_dir, workdir)
    return {name for name, wires in cones.items() if "m_ready" in wires}


def test_without_full_rate_the_mode_units_ready_reaches_only_f1s_valid_flag(tmp_path: Path) -> None:
    assert regs_reading_m_ready(0, paths.RTL_DIR, tmp_path) == {"o_valid_reg"}


def test_check_finds_the_ready_in_the_take_of_a_full_rate_framer(tmp_path: Path) -> None:
    # With FULL_RATE, F1 takes a beat in the clock the mode unit takes its own: the
    # ready is in the take's cone, and so in the message state's and the data enables'.
    assert regs_reading_m_ready(1, paths.RTL_DIR, tmp_path) == {*TAKE_STATE, "o_valid_reg"}
