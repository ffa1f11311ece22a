# SPDX-License-Identifier: Apache-2.0
"""Structure of the two-entry buffer aes_skid_pp that the whole IP's timing relies on.

Each entry's clock enable is a function of the buffer's own flip-flops (the entry loads
while it is empty, docs/architecture.md, "Registered layers"), so the deep decision
that writes a beat (s_valid) or pops one (m_ready) reaches the valid flags only, never
the enables of the wide entries. Checked with Yosys on the elaborated netlist: the
combinational input cone of every entry flip-flop's enable reaches no input port. The
check is shown to fail on a copy of the RTL whose entries load on a write, as they did
before.
"""

from __future__ import annotations

from pathlib import Path

from aescores import paths
from aescores.flow import netlist

ENTRIES = ("ent0_reg", "ent1_reg")
SCOPE = "gen_two"  # the two-entry form (FULL_RATE=1, the default)


def enable_cone_ports(rtl_dir: Path, workdir: Path) -> dict[str, set[str]]:
    """For each entry register of aes_skid_pp (WIDTH=8, from the RTL in `rtl_dir`): the
    input ports in the combinational input cone of its flip-flops' enables (the cone
    stops at flip-flops, as in test_registered_io.py)."""
    found: dict[str, set[str]] = {}
    for name in ENTRIES:
        cone = netlist.query("aes_skid_pp", {"WIDTH": 8}, rtl_dir, workdir / name, [
            "opt",
            "opt_clean -purge",
            # the wires on the EN pins of the cells that drive the entry
            f"select -set en w:{SCOPE}.{name} %ci1 %ci1:+[EN] w:* %i w:{SCOPE}.{name} %d",
            "select -assert-min 1 @en",
            f"select -write cone.txt @en %ci*:-{netlist.REGISTER_CELLS} i:* %i",
        ], "cone.txt", timeout=600)
        found[name] = {line.split("/", 1)[1] for line in cone.split() if line.startswith("aes_skid_pp/")}
    return found


def test_entry_enables_come_from_the_buffers_flip_flops(tmp_path: Path) -> None:
    found = enable_cone_ports(paths.RTL_DIR, tmp_path)
    assert found == {name: set() for name in ENTRIES}, f"input ports reach the entries' enables: {found}"


def test_check_finds_entries_that_load_on_a_write(tmp_path: Path) -> None:
    rtl = netlist.changed_rtl(tmp_path, "aes_skid_pp.v", "                if (!vld1_reg) begin",
                              "                if (wr && wr_sel) begin")
    found = enable_cone_ports(rtl, tmp_path / "work")
    assert "s_valid" in found["ent1_reg"], f"the check missed an enable decided by the write: {found}"
