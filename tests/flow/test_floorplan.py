# SPDX-License-Identifier: Apache-2.0
"""The block-RAM floorplan of TTABLE rounds (python/aescores/flow/floorplan.py): the
LFE5U-85F site grid (checked against nextpnr-ecp5 itself), the order in which rounds and
their tables take sites, what it leaves alone, and the flow's synthesis of
`s0-pipelined-ttable`, whose 80 round block RAMs it pins."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from aescores import configs, tools
from aescores.flow import floorplan, preset_design, preset_target, run, targets
from aescores.flow.floorplan import ECP5_85K, EbrGrid

TOP_ATTR = {"top": "00000000000000000000000000000001"}


def dp16kd() -> dict:
    return {"type": "DP16KD", "parameters": {}, "attributes": {}, "port_directions": {}, "connections": {}}


def table_name(lane: int, rnd: int, lookup: int) -> str:
    return (f"u_top.genblk3.gen_pipelined.u_engine.gen_lane[{lane}].gen_round[{rnd}].u_round"
            f".gen_ttable.u_ttable.gen_ttable.gen_table[{lookup}].gen_enc.u_rom.mem.0.0")


def flat_netlist(cells: dict) -> dict:
    return {"modules": {"LUT4": {"cells": {}}, "top": {"attributes": TOP_ATTR, "cells": cells}}}


def bel(n: dict, name: str) -> str | None:
    return n["modules"]["top"]["cells"][name]["attributes"].get("BEL")


def test_grid_has_every_site_of_the_lfe5u_85f_once() -> None:
    sites = ECP5_85K.sites()
    assert len(sites) == len(set(sites)) == 208  # the device's DP16KD count (targets.py)
    # One round's eight sites: one group of four in each row of the first pair.
    assert sites[:8] == ["X4/Y70/EBR0", "X6/Y70/EBR1", "X8/Y70/EBR2", "X10/Y70/EBR3",
                         "X4/Y82/EBR0", "X6/Y82/EBR1", "X8/Y82/EBR2", "X10/Y82/EBR3"]
    assert sites[8] == "X13/Y70/EBR0"
    # The second pair is taken from the right, where the first pair ended.
    assert sites[104] == "X114/Y22/EBR0" and sites[-1] == "X10/Y46/EBR3"


def _place_only(folder: Path, sites: list[str]) -> subprocess.CompletedProcess[str]:
    cells = {f"ram{i}": {**dp16kd(), "attributes": {"BEL": s}, "port_directions": {"CLKA": "input"},
                         "connections": {"CLKA": [2]}} for i, s in enumerate(sites)}
    top = {"attributes": TOP_ATTR, "ports": {"clk": {"direction": "input", "bits": [2]}}, "cells": cells,
           "netnames": {"clk": {"bits": [2], "hide_name": 0, "attributes": {}}}}
    (folder / "grid.json").write_text(json.dumps({"modules": {"top": top}}))
    tgt = targets.TARGETS["ecp5-85k"]  # the device and options the flow places on
    return tools.run([run.tool_path(tgt.nextpnr), *tgt.nextpnr_args, "--json", "grid.json", "--no-route",
                      "--timing-allow-fail", "-l", "nextpnr.log"], cwd=folder, check=False)


def test_nextpnr_places_a_block_ram_on_every_grid_site(tmp_path: Path) -> None:
    proc = _place_only(tmp_path, ECP5_85K.sites())
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert "Placed 208 cells based on constraints" in (tmp_path / "nextpnr.log").read_text()


def test_nextpnr_rejects_a_site_that_is_not_on_the_device(tmp_path: Path) -> None:
    # The check above can fail: a row without block RAMs is refused by name.
    proc = _place_only(tmp_path, ["X4/Y34/EBR0"])
    assert proc.returncode != 0
    assert "No Bel named 'X4/Y34/EBR0'" in (tmp_path / "nextpnr.log").read_text()


def test_rounds_take_sites_in_order_and_tables_by_state_column() -> None:
    cells = {table_name(0, r, j): dp16kd() for r in (2, 1) for j in range(0, 16, 2)}
    n = flat_netlist(cells)
    assert floorplan.pin(n, ECP5_85K) == 16
    sites = ECP5_85K.sites()
    # Round 1 first; its tables by state column 0, 1, 3, 2 (lookup 4c + r), pair by pair.
    for k, j in enumerate((0, 2, 4, 6, 12, 14, 8, 10)):
        assert bel(n, table_name(0, 1, j)) == sites[k]
        assert bel(n, table_name(0, 2, j)) == sites[8 + k]


def test_lanes_follow_one_another_and_other_cells_are_left_alone() -> None:
    expander = "u_top.u_slots.gen_expand.u_expand.gen_subword_rom.gen_pair[0].u_rom.mem.0.0"
    lut = {"type": "LUT4", "parameters": {}, "attributes": {}, "port_directions": {}, "connections": {}}
    cells = {table_name(lane, 1, j): dp16kd() for lane in (1, 0) for j in range(0, 16, 2)}
    cells[expander] = dp16kd()
    cells["u_top.gen_round[1].u_round.logic"] = lut
    n = flat_netlist(cells)
    assert floorplan.pin(n, ECP5_85K) == 16
    sites = ECP5_85K.sites()
    assert bel(n, table_name(0, 1, 0)) == sites[0] and bel(n, table_name(1, 1, 0)) == sites[8]
    assert bel(n, expander) is None
    assert bel(n, "u_top.gen_round[1].u_round.logic") is None


def test_more_tables_than_sites_pins_none() -> None:
    small = EbrGrid(row_pairs=((70, 82),), groups=(4,))  # 8 sites
    cells = {table_name(0, r, j): dp16kd() for r in (1, 2) for j in range(0, 16, 2)}
    n = flat_netlist(cells)
    assert floorplan.pin(n, small) == 0
    assert all(bel(n, name) is None for name in cells)


def test_only_round_units_with_block_rams_ask_for_the_floorplan() -> None:
    with_tables = {"modules": {
        "$paramod$0f\\aes_pipe_round_ttable": {"cells": {"gen_ttable.gen_table[0].gen_enc.u_rom.mem.0.0": dp16kd()}},
        "top": {"attributes": TOP_ATTR, "cells": {}},
    }}
    composite = {"modules": {
        "$paramod$0f\\aes_pipe_round_composite": {"cells": {"x": {**dp16kd(), "type": "LUT4"}}},
        "top": {"attributes": TOP_ATTR, "cells": {"expander_rom": dp16kd()}},
    }}
    assert floorplan.has_tables_to_pin(with_tables)
    assert not floorplan.has_tables_to_pin(composite)


def iterative_table_name(engine: str, lane: int, col: int, rom: int) -> str:
    return (f"u_top.u_core.{engine}.u_engine.gen_lane[{lane}].gen_ttable.u_lookup"
            f".gen_col[{col}].gen_rom[{rom}].u_rom.mem.0.0")


def test_iterative_tables_then_the_key_store_take_the_first_sites() -> None:
    store = [f"u_top.u_core.u_slots.u_store.mem.{k}.0" for k in (1, 0)]
    expander = "u_top.u_core.u_slots.gen_expand.u_expand.u_rom.mem.0.0"
    cells = {iterative_table_name("gen_iterative", 0, c, r): dp16kd() for c in (3, 1, 0, 2) for r in (2, 0)}
    cells.update({name: dp16kd() for name in [*store, expander]})
    n = flat_netlist(cells)
    assert floorplan.has_tables_to_pin(n)
    assert floorplan.pin(n, ECP5_85K) == 10
    sites = ECP5_85K.sites()
    order = [iterative_table_name("gen_iterative", 0, c, r) for c in range(4) for r in (0, 2)]
    assert [bel(n, name) for name in order] == sites[:8]
    assert [bel(n, name) for name in sorted(store)] == sites[8:10]
    assert bel(n, expander) is None


def interleaved_table_name(lane: int, col: int, rom: int, half: int = 0) -> str:
    return (f"u_top.u_core.gen_interleaved.u_engine.gen_lane[{lane}].u_lookup"
            f".gen_col[{col}].gen_rom[{rom}].u_rom.mem.0.{half}")


def interleaved_netlist(lanes: int, roms: tuple[int, ...] = (0, 2)) -> dict:
    """An interleaved engine's 16 tables a lane (four columns, two ROMs, two halves, as
    synthesis names them for `s4-iterative-ctr4`), the key store's eight block RAMs and
    the key expander's two SubWord ROMs."""
    cells = {interleaved_table_name(lane, c, r, h): dp16kd()
             for lane in range(lanes) for c in (3, 0, 2, 1) for r in roms for h in (1, 0)}
    cells.update({f"u_top.u_core.u_slots.u_store.gen_single.gen_slice[{k}].mem.0.0": dp16kd() for k in range(8)})
    cells.update({f"u_top.u_core.u_slots.gen_expand.u_expand.gen_subword_rom.gen_pair[{k}].u_rom.mem.0.0": dp16kd()
                  for k in (0, 2)})
    return flat_netlist(cells)


def test_the_interleaved_engine_of_one_lane_and_a_lone_key_store_are_left_to_the_placer() -> None:
    n = interleaved_netlist(1)
    assert not floorplan.has_tables_to_pin(n)
    assert floorplan.pin(n, ECP5_85K) == 0
    assert all(bel(n, name) is None for name in n["modules"]["top"]["cells"])


def test_interleaved_lanes_take_one_ebr_row_each_around_the_middle_of_the_device() -> None:
    n = interleaved_netlist(4)
    assert floorplan.has_tables_to_pin(n)
    assert floorplan.pin(n, ECP5_85K) == 4 * 16 + 8  # the expander's two ROMs are left to the placer
    rows = (82, 70, 46, 22)  # the LFE5U-85F's EBR rows, top first
    middle = (40, 49, 58, 69)  # the four groups around the middle of a row (of 13)
    for lane, y in enumerate(rows):
        # a lane's tables fill its row's middle groups in state-column order
        order = [interleaved_table_name(lane, c, r, h) for c in range(4) for r in (0, 2) for h in (0, 1)]
        assert [bel(n, name) for name in order] == [f"X{x0 + 2 * k}/Y{y}/EBR{k}" for x0 in middle for k in range(4)]
    store = [f"u_top.u_core.u_slots.u_store.gen_single.gen_slice[{k}].mem.0.0" for k in range(8)]
    # the key store in the next group to the right, the middle rows first
    assert [bel(n, name) for name in store] == [f"X{78 + 2 * k}/Y{y}/EBR{k}" for y in (70, 46) for k in range(4)]
    assert bel(n, "u_top.u_core.u_slots.gen_expand.u_expand.gen_subword_rom.gen_pair[0].u_rom.mem.0.0") is None
    pinned = [c["attributes"]["BEL"] for c in n["modules"]["top"]["cells"].values() if "BEL" in c["attributes"]]
    assert len(set(pinned)) == len(pinned) and set(pinned) <= set(ECP5_85K.sites())


def test_two_interleaved_lanes_take_the_middle_rows_and_eight_share_them() -> None:
    two = interleaved_netlist(2)
    assert floorplan.pin(two, ECP5_85K) == 2 * 16 + 8
    assert bel(two, interleaved_table_name(0, 0, 0)) == "X40/Y70/EBR0"
    assert bel(two, interleaved_table_name(1, 0, 0)) == "X40/Y46/EBR0"
    eight = interleaved_netlist(8)
    assert floorplan.pin(eight, ECP5_85K) == 8 * 16 + 8
    # two lanes a row, side by side in the eight middle groups
    assert bel(eight, interleaved_table_name(0, 0, 0)) == "X22/Y82/EBR0"
    assert bel(eight, interleaved_table_name(1, 0, 0)) == "X58/Y82/EBR0"
    assert bel(eight, interleaved_table_name(7, 0, 0)) == "X58/Y22/EBR0"


def test_interleaved_lanes_that_do_not_fit_are_left_to_the_placer() -> None:
    # eight lanes of 32 tables (encryption and decryption) need more groups than a row has
    n = interleaved_netlist(8, roms=(0, 1, 2, 3))
    assert floorplan.has_tables_to_pin(n)
    assert floorplan.pin(n, ECP5_85K) == 0
    assert all(bel(n, name) is None for name in n["modules"]["top"]["cells"])


def test_flow_pins_the_iterative_tables_and_key_store_of_s1(tmp_path: Path) -> None:
    preset = configs.get_preset("s1-iterative")
    tgt, _goal = preset_target(preset)
    syn = run.synthesize(preset_design(preset), tgt, tmp_path)
    n = json.loads((tmp_path / "netlist.json").read_text())
    cells = n["modules"]["aescores_impl_top"]["cells"]
    rams = {name: c for name, c in cells.items() if c["type"] == "DP16KD"}
    tables = [name for name in rams if ".u_lookup." in name]
    store = [name for name in rams if ".u_slots.u_store." in name]
    assert len(tables) == 16 and store  # one lane of T-tables in block RAM, the key store
    assert syn.ebr_pinned == len(tables) + len(store)
    pinned = {c["attributes"]["BEL"] for c in rams.values() if "BEL" in c["attributes"]}
    assert pinned == set(ECP5_85K.sites()[:syn.ebr_pinned])


def test_flow_pins_the_80_round_block_rams_of_s0(tmp_path: Path) -> None:
    # Yosys synthesis of the preset as the flow runs it (about a minute), nextpnr not run.
    preset = configs.get_preset("s0-pipelined-ttable")
    tgt, _goal = preset_target(preset)
    syn = run.synthesize(preset_design(preset), tgt, tmp_path)
    assert syn.ebr_pinned == 80  # 10 rounds x 8 DP16KD; the expander's two are not pinned
    n = json.loads((tmp_path / "netlist.json").read_text())
    cells = n["modules"]["aescores_impl_top"]["cells"]
    pinned = {c["attributes"]["BEL"] for c in cells.values() if "BEL" in c.get("attributes", {})}
    assert pinned == set(ECP5_85K.sites()[:80])
    assert sum(c["type"] == "DP16KD" for c in cells.values()) == 82


def test_flow_leaves_the_netlist_alone_without_the_floorplan(tmp_path: Path) -> None:
    preset = configs.get_preset("s0-pipelined-ttable")
    tgt, _goal = preset_target(preset)
    syn = run.synthesize(preset_design(preset), tgt, tmp_path, use_floorplan=False)
    assert syn.ebr_pinned == 0
    text = (tmp_path / "netlist.json").read_text()
    assert '"BEL"' not in text and "aes_pipe_round" in text  # hierarchical, as synthesized
