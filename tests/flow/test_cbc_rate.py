# SPDX-License-Identifier: Apache-2.0
"""The whole IP's CBC-encryption rate the report records (`ip.cbc_enc_clocks_per_block`,
`ip.cbc_enc_gbps`): measured on the Verilator harness of aes_axi, its output checked."""

from __future__ import annotations

import pytest

from aescores import configs, model
from aescores.report import cbc_rate
from aescores.report.cbc_rate import RateCheckError, measure_cbc_encrypt

# A small ITERATIVE IP: the s1-iterative preset's parameters (one lane, AES-128, one slot).
PARAMS = configs.PRESETS["s1-iterative"].full_params


@pytest.fixture(scope="module")
def measured() -> cbc_rate.CbcRate:
    return measure_cbc_encrypt(PARAMS)  # one message of cbc_rate.BLOCKS blocks, as the report


def test_cbc_encryption_of_one_message_takes_a_plausible_number_of_clocks(measured: cbc_rate.CbcRate) -> None:
    # One block per pass through the engine: at least the engine's Nr + 1 = 11 clocks a
    # block, and not much beyond the IP's latency (docs/messages.md).
    assert measured.blocks == cbc_rate.BLOCKS == 64 and measured.key_bits == 128
    assert 11 <= measured.clocks_per_block <= 40
    assert measured.gbps(150.0) == pytest.approx(128 * 150.0 / measured.clocks_per_block / 1000)


def test_the_output_is_checked_against_the_model(monkeypatch: pytest.MonkeyPatch,
                                                 measured: cbc_rate.CbcRate) -> None:
    real = model.process

    def one_bit_off(mode, key, iv, data, decrypt=False):
        out = bytearray(real(mode, key, iv, data, decrypt))
        out[16 * 5 + 3] ^= 0x10
        return bytes(out)

    monkeypatch.setattr(model, "process", one_bit_off)
    with pytest.raises(RateCheckError, match="differs from the model's from block 5"):
        measure_cbc_encrypt(PARAMS)


def test_message_data_and_arguments() -> None:
    data = cbc_rate.message_data(4)
    assert len(data) == 64 and len(set(data[i:i + 16] for i in range(0, 64, 16))) == 4
    with pytest.raises(ValueError):
        measure_cbc_encrypt(PARAMS, blocks=0)
