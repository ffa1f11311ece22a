# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for tb_round: aes_round (INVERSE 0 and 1) of one SBOX, the T-tables,
ShiftRows, MixColumns and their inverses.

Expected values come from aescores.model (the FIPS-197 definitions, proven against
OpenSSL and FIPS-197 by tests/model/test_model.py) and from the round values printed in
FIPS-197 Appendices B and C.1 (aescores.vectors.FIPS197_ROUNDS), never from the RTL.
"""

from __future__ import annotations

import random

import cocotb
from cocotb.triggers import Timer

from aescores import model, vectors

RANDOM_STATES = 250  # per check and per value of `last`
MAX_REPORTED = 8


async def settle() -> None:
    """Let the combinational logic under test propagate."""
    await Timer(1, "ns")


def report(what: str, bad: list[str]) -> str:
    return f"{len(bad)} {what} mismatches: " + "; ".join(bad[:MAX_REPORTED])


async def run_round(dut, state: bytes, round_key: bytes, last: bool) -> tuple[bytes, bytes]:
    """Drive one state and key; return (enc_out, dec_out) as 16-byte blocks."""
    dut.state.value = model.to_port(state)
    dut.round_key.value = model.to_port(round_key)
    dut.last.value = int(last)
    await settle()
    return model.from_port(int(dut.enc_out.value)), model.from_port(int(dut.dec_out.value))


@cocotb.test()
async def ttables_match_reference_on_all_256_inputs(dut) -> None:
    bad = []
    for x in range(256):
        dut.table_in.value = x
        await settle()
        got = int(dut.ttable_out.value)
        if got != model.ttable(x):
            bad.append(f"T0({x:#04x}) = {got:#010x}, expected {model.ttable(x):#010x}")
        got = int(dut.inv_ttable_out.value)
        if got != model.inv_ttable(x):
            bad.append(f"Td0({x:#04x}) = {got:#010x}, expected {model.inv_ttable(x):#010x}")
    assert not bad, report("T-table", bad)


@cocotb.test()
async def shift_rows_and_mix_columns_match_reference_on_random_states(dut) -> None:
    checks = (
        ("ShiftRows", dut.shift_rows_out, model.shift_rows),
        ("InvShiftRows", dut.inv_shift_rows_out, model.inv_shift_rows),
        ("MixColumns", dut.mix_columns_out, model.mix_columns),
        ("InvMixColumns", dut.inv_mix_columns_out, model.inv_mix_columns),
    )
    states = [bytes(range(16)), bytes(16), bytes([0xFF] * 16)]
    states += [random.randbytes(16) for _ in range(RANDOM_STATES)]
    bad = []
    for s in states:
        dut.state.value = model.to_port(s)
        await settle()
        for name, port, transform in checks:
            got = model.from_port(int(port.value))
            if got != transform(s):
                bad.append(f"{name}({s.hex()}) = {got.hex()}, expected {transform(s).hex()}")
    assert not bad, report("transform", bad)


@cocotb.test()
async def enc_and_dec_rounds_match_reference_on_random_states(dut) -> None:
    bad = []
    for last in (False, True):
        for _ in range(RANDOM_STATES):
            s, k = random.randbytes(16), random.randbytes(16)
            enc, dec = await run_round(dut, s, k, last)
            if enc != model.enc_round(s, k, last):
                bad.append(f"enc(last={int(last)}, {s.hex()}, {k.hex()}) = {enc.hex()}")
            if dec != model.dec_round(s, k, last):
                bad.append(f"dec(last={int(last)}, {s.hex()}, {k.hex()}) = {dec.hex()}")
    assert not bad, report("round", bad)


@cocotb.test()
async def rounds_compute_fips197_appendix_b_and_c1_round_values(dut) -> None:
    # Appendix B round 1, the last cipher round of C.1, and the first and last rounds of
    # C.1's equivalent inverse cipher (round keys as the key schedule stores them)
    for vec in vectors.FIPS197_ROUNDS:
        enc, dec = await run_round(dut, vec.state, vec.round_key, vec.last)
        got = dec if vec.decrypt else enc
        assert got == vec.output, f"{vec.name} gives {got.hex()}, FIPS-197 prints {vec.output.hex()}"
