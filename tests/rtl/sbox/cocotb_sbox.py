# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for tb_sbox: aes_sbox, aes_inv_sbox, aes_sub_bytes, aes_inv_sub_bytes.

Expected values come from aescores.model (computed from the FIPS-197 definitions;
tests/model/test_model.py checks them against the entries FIPS-197 prints), never from the RTL.
"""

from __future__ import annotations

import random

import cocotb
from cocotb.triggers import Timer

from aescores import model

RANDOM_STATES = 200
MAX_REPORTED = 8


async def settle() -> None:
    """Let the combinational logic under test propagate."""
    await Timer(1, "ns")


def report(what: str, bad: list[str]) -> str:
    return f"{len(bad)} {what} mismatches: " + "; ".join(bad[:MAX_REPORTED])


@cocotb.test()
async def sbox_and_inv_sbox_match_fips197_on_all_256_inputs(dut) -> None:
    bad = []
    for x in range(256):
        dut.sbox_in.value = x
        await settle()
        got = int(dut.sbox_out.value)
        if got != model.SBOX[x]:
            bad.append(f"S({x:#04x}) = {got:#04x}, expected {model.SBOX[x]:#04x}")
        got = int(dut.inv_sbox_out.value)
        if got != model.INV_SBOX[x]:
            bad.append(f"Si({x:#04x}) = {got:#04x}, expected {model.INV_SBOX[x]:#04x}")
    assert not bad, report("S-box", bad)


@cocotb.test()
async def sub_bytes_and_inverse_match_reference_on_every_byte_value_and_random_states(dut) -> None:
    # 256 states that put every byte value in every position, then random states
    states = [bytes((k + 17 * i) & 0xFF for i in range(16)) for k in range(256)]
    states += [random.randbytes(16) for _ in range(RANDOM_STATES)]
    bad = []
    for s in states:
        dut.state.value = model.to_port(s)
        await settle()
        got = model.from_port(int(dut.sub_bytes_out.value))
        if got != model.sub_bytes(s):
            bad.append(f"SubBytes({s.hex()}) = {got.hex()}, expected {model.sub_bytes(s).hex()}")
        got = model.from_port(int(dut.inv_sub_bytes_out.value))
        if got != model.inv_sub_bytes(s):
            bad.append(f"InvSubBytes({s.hex()}) = {got.hex()}, expected {model.inv_sub_bytes(s).hex()}")
    assert not bad, report("SubBytes", bad)
