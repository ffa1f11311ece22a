# SPDX-License-Identifier: Apache-2.0
"""Pin the block RAMs of the PIPELINED engine's TTABLE rounds to ECP5 sites, round by round.

A TTABLE round with one register (`STAGES_PER_ROUND=1`, `s0-pipelined-ttable`) is a
path from one round's DP16KD (4.26 ns from the clock in nextpnr's model) through the
XOR network into the next round's DP16KD address: every round's eight block RAMs feed
the next round's eight. Left to itself, nextpnr's placer spreads the 80 block RAMs of
AES-128 over all four EBR rows of an LFE5U-85F, and the worst path between two rounds
has 4.5 to 4.75 ns of routing (seeds 1-3: 104.6 to 106.8 MHz). This pass gives each
round's block RAMs sites of their own, next to the previous round's, before nextpnr
runs: the cell attribute `BEL`, which nextpnr obeys for any cell (docs/flow.md,
"Block-RAM floorplan"; with it, 122.6 to 124.8 MHz).

The sites are taken in an order that keeps consecutive rounds close (`EbrGrid.sites`):
the device's EBR sites come in groups of four along a row; two rows close to each other
(12 tiles apart on the LFE5U-85F) form a pair, and one group of each row of the pair
gives eight sites in 9 x 12 tiles, exactly one encryption round of AES. Rounds take
these eight-site columns left to right along the first pair, then right to left along
the second (lane after lane, round after round). Within a round the tables are ordered
by the state column they read, in the column order 0, 1, 3, 2, as measured.

Only block RAMs under `gen_lane[L].gen_round[R].u_round.gen_ttable.u_ttable.gen_ttable`
(the TTABLE implementation of the round unit, `aes_pipe_round_ttable`) are pinned; every
other cell (the key expander's tables, all logic) is left to the placer.

The single-context ITERATIVE engine with T-tables (`aes_engine_iterative`, `s1-iterative`)
has the same kind of path within one unit: its round runs from the tables' and the key
store's unregistered outputs back into the tables' address. When a netlist has no
pipelined round tables, that engine's tables (lane by lane, state column 0..3) and then
the key store's block RAMs take the first sites of the grid, next to each other
(`iterative_tables`). The interleaved engine (`aes_engine_interleaved`), whose table
outputs are registered, is left to the placer with one lane (`min-area`,
`gcm-iterative`: pinned, it measured slower). With several lanes (`s4-iterative-ctr4`) nextpnr's placer packs the whole IP
against the device's left edge, where it does not route (overused wires that the
router does not clear in an hour); its tables get sites near the middle of the device
instead (`interleaved_sites`): each lane one EBR row, in the groups of four sites around
the row's middle (lanes 0..3 from the top row down; more lanes share rows), then the key
store's block RAMs in the next groups to the right. The IP then routes in two minutes.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence, TypeVar

from .wrapper import top_module

T = TypeVar("T")

# Yosys script that flattens the synthesized netlist (the round units are kept as modules
# of their own in synthesis, and a BEL attribute names one instance, not a module).
FLATTEN_SCRIPT = "\n".join([
    "read_json netlist.json",
    "setattr -mod -unset keep_hierarchy A:keep_hierarchy",
    "hierarchy -top {top}",
    "flatten",
    "write_json netlist.json",
]) + "\n"

_ROUND_TABLE = re.compile(
    r"gen_lane\[(\d+)\]\.gen_round\[(\d+)\]\.u_round\.gen_ttable\.u_ttable\.gen_ttable\.gen_table\[(\d+)\]\."
)
_ITERATIVE_TABLE = re.compile(
    r"gen_iterative\.u_engine\.gen_lane\[(\d+)\]\.gen_ttable\.u_lookup\.gen_col\[(\d+)\]\.gen_rom\[(\d+)\]\."
)
_INTERLEAVED_TABLE = re.compile(
    r"gen_interleaved\.u_engine\.gen_lane\[(\d+)\]\.u_lookup\.gen_col\[(\d+)\]\.gen_rom\[(\d+)\]\."
)
_KEY_STORE = "u_slots.u_store."
_COLUMN_ORDER = (0, 1, 3, 2)  # state columns 0..3 in the order their tables are placed


@dataclass(frozen=True)
class EbrGrid:
    """A device's DP16KD sites, as nextpnr-ecp5 names them: `X{x}/Y{y}/EBR{k}`."""

    row_pairs: tuple[tuple[int, int], ...]  # Y of two EBR rows close together; pairs in the order filled
    groups: tuple[int, ...]  # X of EBR0 in each group of four sites, left to right
    step: int = 2  # X from EBRk to EBRk+1 within a group

    def sites(self) -> list[str]:
        """Every site, in the order rounds take them: per pair, one group of each row (8
        sites) after the other, the first pair left to right, the next right to left."""
        out: list[str] = []
        for i, rows in enumerate(self.row_pairs):
            for x0 in (self.groups if i % 2 == 0 else tuple(reversed(self.groups))):
                for y in rows:
                    out += self.group_sites(x0, y)
        return out

    def group_sites(self, x0: int, y: int) -> list[str]:
        """The four sites of the group whose EBR0 is at X `x0` in row `y`."""
        return [f"X{x0 + self.step * k}/Y{y}/EBR{k}" for k in range(4)]

    def rows(self) -> list[int]:
        """Y of every EBR row, top (highest Y) first."""
        return sorted((y for pair in self.row_pairs for y in pair), reverse=True)

    def middle_groups(self, count: int) -> tuple[int, ...]:
        """X of `count` neighbouring groups around the middle of a row (left to right)."""
        return _middle(self.groups, count)


def _middle(items: Sequence[T], count: int) -> Sequence[T]:
    """The `count` neighbouring items around the middle of `items` (all when fewer)."""
    first = max(0, (len(items) - count) // 2)
    return items[first:first + count]


# LFE5U-85F: 4 EBR rows x 13 groups x 4 = 208 sites (every one checked with nextpnr-ecp5).
ECP5_85K = EbrGrid(row_pairs=((70, 82), (22, 46)),
                   groups=(4, 13, 22, 31, 40, 49, 58, 69, 78, 87, 96, 105, 114))


def _block_rams(module: dict) -> list[str]:
    return [name for name, c in module.get("cells", {}).items() if c["type"] == "DP16KD"]


def has_tables_to_pin(netlist: dict) -> bool:
    """Whether the (hierarchical) netlist has block RAMs to pin: in a pipelined round unit
    (the modules `aes_pipe_round` and its implementations, `aes_pipe_round_ttable` among
    them), or as the tables of the single-context iterative engine or of an interleaved
    engine with several lanes (flattened into the top by synthesis)."""
    if any(
        any("aes_pipe_round" in name or _ITERATIVE_TABLE.search(c) for c in _block_rams(m))
        for name, m in netlist["modules"].items()
    ):
        return True
    cells = [c for m in netlist["modules"].values() for c in _block_rams(m)]
    return _several_even_lanes(_interleaved_lanes(cells))


def round_tables(netlist: dict) -> dict[tuple[int, int], list[str]]:
    """The DP16KD cells of each (lane, round) in the flattened top, in placement order."""
    found: dict[tuple[int, int], list[tuple[tuple[int, int, str], str]]] = {}
    for name in _block_rams(netlist["modules"][top_module(netlist)]):
        m = _ROUND_TABLE.search(name)
        if m is None:
            continue
        lane, rnd, lookup = (int(g) for g in m.groups())
        order = (_COLUMN_ORDER.index(lookup // 4), lookup % 4, name)
        found.setdefault((lane, rnd), []).append((order, name))
    return {k: [name for _, name in sorted(v)] for k, v in sorted(found.items())}


def iterative_tables(netlist: dict) -> list[str]:
    """The DP16KD cells of the single-context iterative engine's T-tables in the flattened
    top (lane, state column, table), then the key store's (by name); empty when the
    engine has no T-tables in block RAM."""
    cells = _block_rams(netlist["modules"][top_module(netlist)])
    tables = sorted((tuple(int(g) for g in m.groups()), name)
                    for name in cells if (m := _ITERATIVE_TABLE.search(name)) is not None)
    if not tables:
        return []
    return [name for _, name in tables] + sorted(n for n in cells if _KEY_STORE in n)


def interleaved_tables(netlist: dict) -> dict[int, list[str]]:
    """The DP16KD cells of the interleaved engine's T-tables in the flattened top, by lane
    (state column, table, name order within each)."""
    return _interleaved_lanes(_block_rams(netlist["modules"][top_module(netlist)]))


def _interleaved_lanes(cells: list[str]) -> dict[int, list[str]]:
    """The interleaved engine's T-table cells among `cells`, by lane (`interleaved_tables`)."""
    found: dict[int, list[tuple[tuple[int, int, str], str]]] = {}
    for name in cells:
        m = _INTERLEAVED_TABLE.search(name)
        if m is not None:
            lane, col, rom = (int(g) for g in m.groups())
            found.setdefault(lane, []).append(((col, rom, name), name))
    return {lane: [name for _, name in sorted(v)] for lane, v in sorted(found.items())}


def _several_even_lanes(lanes: dict[int, list[str]]) -> bool:
    """Whether `lanes` (`interleaved_tables`) are two or more, numbered 0.., of as many
    tables each: the interleaved builds whose tables are pinned."""
    return (len(lanes) >= 2 and sorted(lanes) == list(range(len(lanes)))
            and len({len(v) for v in lanes.values()}) == 1)


def interleaved_sites(grid: EbrGrid, lanes: int, per_lane: int, others: int) -> tuple[list[list[str]], list[str]]:
    """Sites for `lanes` lanes of `per_lane` tables each and `others` more block RAMs:
    the lanes spread over the grid's rows (each row holds ceil(lanes / rows) lanes side by
    side), in the groups around the rows' middle; the others in the groups to the right
    of those, in the middle rows first. Empty lists when they do not fit."""
    rows = grid.rows()
    rows_used = _middle(rows, lanes)                 # with fewer lanes than rows, the middle rows
    per_row = -(-lanes // len(rows_used))
    width = -(-per_row * per_lane // 4)              # groups of four sites a row
    extra_width = -(-others // (4 * len(rows))) if others else 0
    if width + extra_width > len(grid.groups):
        return [], []
    window = grid.middle_groups(width + extra_width)
    lane_groups, extra_groups = window[:width], window[width:]
    row_sites = {y: [s for x0 in lane_groups for s in grid.group_sites(x0, y)] for y in rows_used}
    lane_sites = []
    for lane in range(lanes):
        y = rows_used[lane // per_row]
        start = (lane % per_row) * per_lane
        lane_sites.append(row_sites[y][start:start + per_lane])
    by_middle = sorted(rows, key=lambda y: abs(rows.index(y) - (len(rows) - 1) / 2))
    other_sites = [s for x0 in extra_groups for y in by_middle for s in grid.group_sites(x0, y)]
    return lane_sites, other_sites[:others]


def _pin_interleaved(netlist: dict, grid: EbrGrid) -> list[tuple[str, str]]:
    """(cell, site) for the tables of an interleaved engine of several lanes and the key
    store (`interleaved_sites`); empty with one lane, uneven lanes or too few sites."""
    lanes = interleaved_tables(netlist)
    if not _several_even_lanes(lanes):
        return []
    cells = _block_rams(netlist["modules"][top_module(netlist)])
    store = sorted(n for n in cells if _KEY_STORE in n)
    lane_sites, other_sites = interleaved_sites(grid, len(lanes), len(lanes[0]), len(store))
    if not lane_sites:
        return []
    pairs = [pair for lane, names in lanes.items() for pair in zip(names, lane_sites[lane])]
    return pairs + list(zip(store, other_sites))


def pin(netlist: dict, grid: EbrGrid) -> int:
    """Give every round table of the flattened netlist its site (attribute `BEL`), or, with
    none, the iterative engine's tables and key store (`iterative_tables`), or those of an
    interleaved engine of several lanes (`interleaved_sites`); return how many were
    pinned. Nothing is pinned when they need more sites than the grid has."""
    tables = [name for names in round_tables(netlist).values() for name in names]
    if not tables:
        tables = iterative_tables(netlist)
    sites = grid.sites()
    if len(tables) > len(sites):
        return 0
    pairs = list(zip(tables, sites)) if tables else _pin_interleaved(netlist, grid)
    cells = netlist["modules"][top_module(netlist)]["cells"]
    for name, site in pairs:
        cells[name].setdefault("attributes", {})["BEL"] = site
    return len(pairs)


def top_to_flatten(path: Path) -> str | None:
    """The top module of the hierarchical netlist in `path` when it has pipelined round
    tables to pin (flatten it, then `pin_file`); None when there is nothing to pin."""
    netlist = json.loads(path.read_text())
    return top_module(netlist) if has_tables_to_pin(netlist) else None


def pin_file(path: Path, grid: EbrGrid) -> int:
    """`pin` on the flattened JSON netlist in `path`, in place."""
    netlist = json.loads(path.read_text())
    pinned = pin(netlist, grid)
    if pinned:
        path.write_text(json.dumps(netlist))
    return pinned
