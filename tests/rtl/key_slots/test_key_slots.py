# SPDX-License-Identifier: Apache-2.0
"""aes_key_slots on its own (Icarus): after a load the store holds the key's round keys
in both tables, a clear writes zeros to every index of the cleared slot and of no other,
a reset zeroizes every slot, and a held slot is not written until its hold drops. The
checks read the store through its read ports; they are in cocotb_slots.py beside this file,
which builds on the aes_core bench's KeyBench (tests/rtl/core/cocotb_core.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aescores.sim.cocotb_run import run_cocotb

HERE = Path(__file__).resolve().parent
BENCH_DIRS = (HERE, HERE.parent / "core")  # cocotb_slots.py and the cocotb_core.py it imports

# The key slots of each engine family: single read port (ITERATIVE) or one per index
# (PIPELINED); the block-RAM SubWord (TTABLE: five clocks a word) and the logic one;
# host-written round keys.
CONFIGS = [
    {"KEY_SLOTS": 4, "MAX_KEY_BITS": 256, "DECRYPT": 1, "SBOX": "TTABLE", "KEY_EXPANSION": "HW", "PER_INDEX_PORTS": 0},
    {"KEY_SLOTS": 3, "MAX_KEY_BITS": 192, "DECRYPT": 1, "SBOX": "LUT", "KEY_EXPANSION": "HW", "PER_INDEX_PORTS": 1},
    {"KEY_SLOTS": 2, "MAX_KEY_BITS": 128, "DECRYPT": 0, "SBOX": "TTABLE", "KEY_EXPANSION": "HW", "PER_INDEX_PORTS": 1},
    {"KEY_SLOTS": 2, "MAX_KEY_BITS": 128, "DECRYPT": 1, "SBOX": "LUT", "KEY_EXPANSION": "HOST", "PER_INDEX_PORTS": 1},
]


@pytest.mark.parametrize("params", CONFIGS, ids=lambda p: "-".join(str(v) for v in p.values()))
def test_key_slots_store_contents(params: dict) -> None:
    run_cocotb(
        "aes_key_slots", "cocotb_slots", parameters=params, sim="icarus",
        extra_env={f"AESCORES_{k}": str(v) for k, v in params.items()}, test_dir=BENCH_DIRS,
    )
