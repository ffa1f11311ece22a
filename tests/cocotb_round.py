# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for tb_round: aes_enc_round and aes_dec_round of one SBOX, the T-tables,
ShiftRows, MixColumns and their inverses.

Expected values come from tests/aes_ref.py (the FIPS-197 definitions, proven against
OpenSSL by test_round.py) and from the round values printed in FIPS-197 Appendices B
and C.1, never from the RTL.
"""

from __future__ import annotations

import random

import cocotb
from cocotb.triggers import Timer

import aes_ref as ref

RANDOM_STATES = 250  # per check and per value of `last`
MAX_REPORTED = 8


async def settle() -> None:
    """Let the combinational logic under test propagate."""
    await Timer(1, "ns")


def report(what: str, bad: list[str]) -> str:
    return f"{len(bad)} {what} mismatches: " + "; ".join(bad[:MAX_REPORTED])


async def run_round(dut, state: bytes, round_key: bytes, last: bool) -> tuple[bytes, bytes]:
    """Drive one state and key; return (enc_out, dec_out) as 16-byte blocks."""
    dut.state.value = ref.to_int(state)
    dut.round_key.value = ref.to_int(round_key)
    dut.last.value = int(last)
    await settle()
    return ref.to_bytes(int(dut.enc_out.value)), ref.to_bytes(int(dut.dec_out.value))


@cocotb.test()
async def ttables_match_reference_on_all_256_inputs(dut) -> None:
    bad = []
    for x in range(256):
        dut.table_in.value = x
        await settle()
        got = int(dut.ttable_out.value)
        if got != ref.ttable(x):
            bad.append(f"T0({x:#04x}) = {got:#010x}, expected {ref.ttable(x):#010x}")
        got = int(dut.inv_ttable_out.value)
        if got != ref.inv_ttable(x):
            bad.append(f"Td0({x:#04x}) = {got:#010x}, expected {ref.inv_ttable(x):#010x}")
    assert not bad, report("T-table", bad)


@cocotb.test()
async def shift_rows_and_mix_columns_match_reference_on_random_states(dut) -> None:
    checks = (
        ("ShiftRows", dut.shift_rows_out, ref.shift_rows),
        ("InvShiftRows", dut.inv_shift_rows_out, ref.inv_shift_rows),
        ("MixColumns", dut.mix_columns_out, ref.mix_columns),
        ("InvMixColumns", dut.inv_mix_columns_out, ref.inv_mix_columns),
    )
    states = [bytes(range(16)), bytes(16), bytes([0xFF] * 16)]
    states += [random.randbytes(16) for _ in range(RANDOM_STATES)]
    bad = []
    for s in states:
        dut.state.value = ref.to_int(s)
        await settle()
        for name, port, model in checks:
            got = ref.to_bytes(int(port.value))
            if got != model(s):
                bad.append(f"{name}({s.hex()}) = {got.hex()}, expected {model(s).hex()}")
    assert not bad, report("transform", bad)


@cocotb.test()
async def enc_and_dec_rounds_match_reference_on_random_states(dut) -> None:
    bad = []
    for last in (False, True):
        for _ in range(RANDOM_STATES):
            s, k = random.randbytes(16), random.randbytes(16)
            enc, dec = await run_round(dut, s, k, last)
            if enc != ref.enc_round(s, k, last):
                bad.append(f"enc(last={int(last)}, {s.hex()}, {k.hex()}) = {enc.hex()}")
            if dec != ref.dec_round(s, k, last):
                bad.append(f"dec(last={int(last)}, {s.hex()}, {k.hex()}) = {dec.hex()}")
    assert not bad, report("round", bad)


@cocotb.test()
async def rounds_compute_fips197_appendix_b_and_c1_round_values(dut) -> None:
    # Appendix B: round 1 of the cipher example
    enc, _ = await run_round(dut, ref.APPENDIX_B_ROUND1_START, ref.APPENDIX_B_ROUND1_KEY, last=False)
    assert enc == ref.APPENDIX_B_ROUND2_START, f"Appendix B round 1 gives {enc.hex()}"
    # Appendix C.1: the last cipher round
    enc, _ = await run_round(dut, ref.APPENDIX_C1_ROUND10_START, ref.APPENDIX_C1_ROUND10_KEY, last=True)
    assert enc == ref.APPENDIX_C1_OUTPUT, f"Appendix C.1 round 10 gives {enc.hex()}"
    # Appendix C.1, inverse cipher round 1, as the equivalent inverse cipher computes it
    # (round key InvMixColumns'd, as the key schedule stores it)
    dk = ref.inv_mix_columns(ref.APPENDIX_C1_INV_ROUND1_KEY)
    _, dec = await run_round(dut, ref.APPENDIX_C1_INV_ROUND1_START, dk, last=False)
    assert dec == ref.APPENDIX_C1_INV_ROUND2_START, f"Appendix C.1 inverse round 1 gives {dec.hex()}"
    # Appendix C.1: the last inverse round gives the plaintext
    _, dec = await run_round(dut, ref.APPENDIX_C1_INV_ROUND10_START, ref.APPENDIX_C1_KEY, last=True)
    assert dec == ref.APPENDIX_C1_PLAINTEXT, f"Appendix C.1 inverse round 10 gives {dec.hex()}"
