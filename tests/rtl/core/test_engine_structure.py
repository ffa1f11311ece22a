# SPDX-License-Identifier: Apache-2.0
"""Structure of the interleaved ITERATIVE engine that its timing relies on.

The engine's round-key read address (rk_slot, rk_idx, rk_dec: the key store's block-RAM
address) comes straight from flip-flops, chosen a clock ahead (docs/engines.md,
"Keys"), so that no commit decision reaches the block RAM's address. Checked with
Yosys on the elaborated netlist: every cell driving those ports is a flip-flop. The
check is shown to fail on a copy of the RTL that chooses the address in the clock it
is used, as the engine did before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aescores import paths
from aescores.flow import netlist

PORTS = ("rk_slot", "rk_idx", "rk_dec")


def address_drivers(rtl_dir: Path, workdir: Path, params: dict[str, int]) -> list[str]:
    """Types of the cells of aes_engine_interleaved (with `params`) that drive a bit of its
    key-read ports, from the RTL files in `rtl_dir`."""
    dump = netlist.query("aes_engine_interleaved", params, rtl_dir, workdir, [
        "opt",
        "memory -nomap",
        "opt_clean -purge",   # port names only: a driver's output is then the port's wire
        # the output ports rk_slot, rk_idx and rk_dec (rk_key is an input), and their drivers
        "tee -q -o cells.txt dump o:rk_* %ci1 t:* %i",
    ], "cells.txt", timeout=600)
    types, driven = [], set()
    for line in dump.splitlines():
        words = line.split()
        if len(words) >= 3 and words[0] == "cell":
            types.append(words[1])
        elif len(words) >= 3 and words[0] == "connect":
            driven.update(p for p in PORTS if f"\\{p}" in words[2:])
    assert driven == set(PORTS), f"drivers of {sorted(set(PORTS) - driven)} not found (see {workdir})"
    return types


@pytest.mark.parametrize("params", [
    {"LANES": 1, "MAX_KEY_BITS": 128, "DECRYPT": 1},
    {"LANES": 4, "MAX_KEY_BITS": 256, "DECRYPT": 0},
], ids=["min-area-like", "s4-like"])
def test_interleaved_key_read_address_comes_from_flip_flops(params: dict[str, int], tmp_path: Path) -> None:
    types = address_drivers(paths.RTL_DIR, tmp_path, params)
    logic = sorted(set(t for t in types if t not in netlist.FLIP_FLOP_CELLS))
    assert not logic, f"cells other than flip-flops drive the key-read address: {logic}"


def test_check_finds_an_address_chosen_in_the_clock_it_is_used(tmp_path: Path) -> None:
    rtl = netlist.changed_rtl(tmp_path, "aes_engine_interleaved.v", "    assign rk_idx = rk_idx_reg;",
                              "    assign rk_idx = commit ? 4'd0 : a_rnd_inc_reg;")
    types = address_drivers(rtl, tmp_path / "work", {"LANES": 1, "MAX_KEY_BITS": 128, "DECRYPT": 1})
    assert any(t not in netlist.FLIP_FLOP_CELLS for t in types), f"the check missed a multiplexed address: {types}"
