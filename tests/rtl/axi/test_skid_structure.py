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

import json
from pathlib import Path

from aescores import paths
from aescores.flow import netlist

ENTRIES = ("ent0_reg", "ent1_reg")


def enable_cone_ports(rtl_dir: Path, workdir: Path) -> dict[str, set[str]]:
    """For each entry register of aes_skid_pp (WIDTH=8, from the RTL in `rtl_dir`): the
    input ports its flip-flops' enables depend on through logic (not through flip-flops)."""
    text = netlist.query("aes_skid_pp", {"WIDTH": 8}, rtl_dir, workdir, [
        "opt",
        "opt_clean -purge",
        "write_json -noscopeinfo net.json",
    ], "net.json", timeout=600)
    module = json.loads(text)["modules"]["aes_skid_pp"]
    ports = {bit: name for name, port in module["ports"].items() if port["direction"] == "input"
             for bit in port["bits"]}
    driver: dict[int, dict] = {}
    for cell in module["cells"].values():
        for pin, bits in cell["connections"].items():
            if cell["port_directions"].get(pin) == "output":
                driver.update((b, cell) for b in bits if isinstance(b, int))
    found: dict[str, set[str]] = {}
    for name in ENTRIES:
        # Entry flip-flops: those whose Q drives a bit of the entry's net.
        entry_bits = set(module["netnames"][name]["bits"])
        ffs = [c for c in module["cells"].values()
               if c["type"] in netlist.FLIP_FLOP_CELLS and set(c["connections"]["Q"]) & entry_bits]
        assert ffs, f"no flip-flops of {name} (see {workdir})"
        reached: set[str] = set()
        todo = [b for c in ffs for b in c["connections"].get("EN", []) if isinstance(b, int)]
        assert todo, f"{name}: its flip-flops have no enable (types {sorted({c['type'] for c in ffs})})"
        seen: set[int] = set()
        while todo:
            bit = todo.pop()
            if bit in seen:
                continue
            seen.add(bit)
            if bit in ports:
                reached.add(ports[bit])
            cell = driver.get(bit)
            if cell is None or cell["type"] in netlist.FLIP_FLOP_CELLS:
                continue
            for pin, bits in cell["connections"].items():
                if cell["port_directions"].get(pin) == "input":
                    todo.extend(b for b in bits if isinstance(b, int))
        found[name] = reached
    return found


def test_entry_enables_come_from_the_buffers_flip_flops(tmp_path: Path) -> None:
    found = enable_cone_ports(paths.RTL_DIR, tmp_path)
    assert found == {name: set() for name in ENTRIES}, f"input ports reach the entries' enables: {found}"


def test_check_finds_entries_that_load_on_a_write(tmp_path: Path) -> None:
    rtl = netlist.changed_rtl(tmp_path, "aes_skid_pp.v", "        if (!vld1_reg) begin",
                              "        if (wr && wr_sel) begin")
    found = enable_cone_ports(rtl, tmp_path / "work")
    assert "s_valid" in found["ent1_reg"], f"the check missed an enable decided by the write: {found}"
