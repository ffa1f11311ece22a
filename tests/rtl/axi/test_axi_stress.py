# SPDX-License-Identifier: Apache-2.0
"""aes_axi through its real ports on the fast Verilator harness: random messages, framing
fuzz with every result code, key changes under load, reset in mid-message, and a faulty
datapath caught by the self-test. Expected values: the `cryptography` package."""

from __future__ import annotations

import random

import pytest

from aescores import gcm, vectors
from aescores.regmap import regs
from aescores.sim.axi import AxiSim, key_items, kept_item, tuser_of, unkept
from aescores.sim.traffic import SELFTEST, expect, gcm_expected, random_gcm_frame, random_traffic

ITER = {"ARCH": "ITERATIVE"}
PIPE = {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 1}
ITER4 = {"ARCH": "ITERATIVE", "LANES": 4, "SBOX": "COMPOSITE"}


def _full(params: dict) -> dict:
    from aescores.sim.axi import AXI_DEFAULTS

    return {**AXI_DEFAULTS, **params}


def _start(sim: AxiSim, rng: random.Random, params: dict) -> dict[int, bytes]:
    done, passed = sim.wait_selftest()
    assert done and passed, "self-test did not pass"
    keys = {}
    for slot in range(int(params["KEY_SLOTS"])):
        keys[slot] = rng.randbytes(rng.choice([16, 24, 32]))
        assert sim.load_key(slot, keys[slot]) == 0
    return keys


def _check(got, expected) -> None:
    assert len(got) == len(expected), f"{len(got)} messages out, {len(expected)} in"
    bad = [i for i, (g, e) in enumerate(zip(got, expected)) if g.data != e.data or g.code != e.code]
    assert not bad, (f"{len(bad)} of {len(expected)} messages wrong; first #{bad[0]}: code {got[bad[0]].code} "
                     f"want {expected[bad[0]].code}, data {got[bad[0]].data.hex()[:96]} "
                     f"want {expected[bad[0]].data.hex()[:96]}")


@pytest.mark.parametrize("params", [ITER, PIPE, ITER4], ids=["iterative", "pipelined", "iterative-lanes4"])
def test_axi_gcm_random_messages_mixed_with_every_mode_match_openssl(params: dict) -> None:
    """2,000 random GCM messages (`random_gcm_frame`: AAD and payload of 0 to a few beats
    with partial blocks, every tag length, both directions, every slot and key size,
    tampered ciphertext, AAD or tag, frames cut short, short payload beats, illegal tag
    tkeep) mixed with 500 messages of the other modes, under random gaps and
    backpressure: every output and result code as `aescores.gcm.expect_message` (GCM,
    OpenSSL's AES) and the `cryptography` package (the others) say; MSGS and BLOCKS
    count them all, ERR has the bits of the codes seen."""
    rng = random.Random(57)
    full = _full(params)
    lanes = int(full["LANES"])
    with AxiSim(params, seed=6, p_valid=75, p_ready=65) as sim:
        keys = _start(sim, rng, full)
        mixed = random_traffic(rng, full, 500, keys)
        others = list(zip(mixed.items, mixed.expected))
        items, expected = [], []
        for _ in range(2000):
            if others and rng.random() < 0.2:
                item, want = others.pop()
                items.append(item)
                expected.append(want)
            slot = rng.randrange(int(full["KEY_SLOTS"]))
            frame, dec = random_gcm_frame(rng, lanes, keys[slot], prefix_only=True)
            # The harness drives zeros in the bytes a beat does not keep (the AAD length
            # of an IV beat that is not full, too).
            frame = gcm.GcmFrame(bytes(d if k else 0 for d, k in zip(frame.data, frame.keep)), frame.keep, 16 * lanes)
            items.append(kept_item(tuser_of(5, dec, slot), frame.data, frame.keep, 16 * lanes))
            expected.append(gcm_expected(frame, keys[slot], dec))
        for item, want in others:
            items.append(item)
            expected.append(want)
        got, _, _ = sim.messages(items)
        _check(got, expected)
        codes = {e.code for e in expected}
        assert {0, 1, 7} <= codes, f"the traffic provoked only codes {sorted(codes)}"
        assert sim.read(regs.MSGS.offset)[0] == len(items)
        assert sim.read(regs.BLOCKS.offset)[0] == sum(e.blocks for e in expected)
        assert sim.read(regs.ERR.offset)[0] == sum(1 << c for c in codes if c)


@pytest.mark.parametrize("params", [ITER, PIPE], ids=["iterative", "pipelined"])
def test_axi_gcm_every_cavp_record(params: dict) -> None:
    """Every record with a 96-bit IV of NIST's six CAVP GCM files (gcmEncryptExtIV and
    gcmDecrypt, 128/192/256-bit keys, every payload, AAD and tag length of the files),
    each one GCM message with its key loaded into the next slot just before it: the
    ciphertext or plaintext and the tag are NIST's, and a FAIL record ends with code 7
    and a zero tag."""
    full = _full(params)
    lanes = int(full["LANES"])
    slots = int(full["KEY_SLOTS"])
    with AxiSim(params, seed=8, p_valid=90, p_ready=80) as sim:
        done, passed = sim.wait_selftest()
        assert done and passed
        items, cases = [], []
        for path in vectors.gcm_files():
            for rec in vectors.load_gcm_rsp(path):
                if rec.iv_bits != 96:
                    continue
                slot = len(cases) % slots
                text = rec.ciphertext if rec.decrypt else rec.plaintext
                frame = gcm.message_frame(rec.iv, rec.aad, text, rec.tag if rec.decrypt else len(rec.tag), lanes)
                items += key_items(slot, rec.key)
                items.append(kept_item(tuser_of(5, rec.decrypt, slot), frame.data, frame.keep, 16 * lanes))
                cases.append((rec, frame))
        got, _, _ = sim.messages(items)
        assert len(got) == len(cases)
        fails = 0
        for (rec, frame), out in zip(cases, got):
            payload, tag = gcm.split_output(frame, unkept(out.data, frame.keep))
            if rec.decrypt and not rec.passes:
                assert out.code == 7 and tag == bytes(len(rec.tag)), f"{rec.name}: FAIL record, code {out.code}"
                fails += 1
            else:
                want = rec.plaintext if rec.decrypt else rec.ciphertext
                assert (out.code, payload, tag) == (0, want, rec.tag), f"{rec.name}: code {out.code}"
        assert len(cases) == 6 * 2625 and fails > 1000, (len(cases), fails)


@pytest.mark.parametrize("params", [ITER, PIPE, ITER4], ids=["iterative", "pipelined", "iterative-lanes4"])
def test_axi_random_messages_every_mode_match_openssl(params: dict) -> None:
    rng = random.Random(31)
    full = _full(params)
    with AxiSim(params, seed=4, p_valid=75, p_ready=65) as sim:
        keys = _start(sim, rng, full)
        t = random_traffic(rng, full, 2000, keys)
        got, _, _ = sim.messages(t.items)
        _check(got, t.expected)
        msgs, _ = sim.read(regs.MSGS.offset)
        blocks, _ = sim.read(regs.BLOCKS.offset)
        assert msgs == 2000 and blocks == sum(e.blocks for e in t.expected)


@pytest.mark.parametrize("params", [ITER, PIPE], ids=["iterative", "pipelined"])
def test_axi_fuzz_framing_result_codes_zeroed_data_and_counters(params: dict) -> None:
    """Random tuser (invalid modes, empty and missing slots), lengths (partial blocks
    where illegal, IV-only messages), CTR counters about to wrap: the IP never hangs,
    every error message comes out all zero with its code, the counters and ERR agree
    with what the sink saw."""
    rng = random.Random(77)
    full = _full({**params, "KEY_SLOTS": 4})
    with AxiSim(full, seed=9, p_valid=60, p_ready=50) as sim:
        keys = _start(sim, rng, full)
        sim.write(regs.KEY_CLEAR.offset, 1 << 3)  # slot 3 empty
        sim.wait_slots_idle()
        del keys[3]
        sim.write(regs.IRQ_EN.offset, 0xFE)
        t = random_traffic(rng, full, 1500, keys, invalid=True, ctr_near_wrap=0.2)
        got, _, _ = sim.messages(t.items)
        _check(got, t.expected)
        codes = {e.code for e in t.expected}
        assert codes >= {0, 1, 2, 3, 4}, f"traffic provoked only codes {sorted(codes)}"
        err, resp = sim.read(regs.ERR.offset)
        assert resp == 0 and err == sum(1 << c for c in codes if c)
        assert sim.read(regs.MSGS.offset)[0] == len(got)
        assert sim.read(regs.BLOCKS.offset)[0] == sum(e.blocks for e in t.expected)
        assert sim.write(regs.ERR.offset, err) == 0 and sim.read(regs.ERR.offset)[0] == 0


@pytest.mark.parametrize("params", [ITER, PIPE], ids=["iterative", "pipelined"])
def test_axi_key_change_under_load_loses_and_mixes_nothing(params: dict) -> None:
    """Keys are committed and slots cleared between messages while earlier messages are
    still in flight; every message must use the key current when it started."""
    rng = random.Random(5)
    full = _full(params)
    with AxiSim(full, seed=6, p_valid=80, p_ready=60) as sim:
        keys = _start(sim, rng, full)
        t = random_traffic(rng, full, 1500, keys, key_changes=0.08, max_blocks=6)
        changes = sum(1 for item in t.items if item[0] == "write" and item[1] in
                      (regs.KEY_CTRL.offset, regs.KEY_CLEAR.offset))
        assert changes > 50
        got, _, _ = sim.messages(t.items)
        _check(got, t.expected)


def test_axi_reset_mid_message_zeroizes_and_traffic_resumes() -> None:
    rng = random.Random(8)
    full = _full(PIPE)
    with AxiSim(full, seed=3, p_valid=70, p_ready=70) as sim:
        for trial in range(4):
            keys = _start(sim, rng, full)
            t = random_traffic(rng, full, 200, keys)
            got, _, beats = sim.messages(t.items, reset_after_beats=rng.randrange(1, 300))
            assert beats == -1
            # What came out before the reset is whole, correct and in order.
            assert len(got) < len(t.expected)
            for g, e in zip(got, t.expected):
                assert (g.data, g.code) == (e.data, e.code)
            slots, _ = sim.read(regs.SLOTS.offset)
            assert slots & 0xFFFF == 0, f"trial {trial}: slots still loaded after reset"
            assert sim.read(regs.MSGS.offset)[0] == 0
            # A message to a slot emptied by the reset ends with code 3 and zeros.
            msg = bytes(range(32))
            (out,), _, _ = sim.messages([(tuser_of(0, False, 0), msg)])
            assert out.code == 3 and out.data == bytes(32)


def test_axi_faulty_datapath_fails_selftest_and_zeroes_every_message() -> None:
    full = _full({**ITER, "FAULT_INJECT": 1})
    rng = random.Random(2)
    with AxiSim(full) as sim:
        done, passed = sim.wait_selftest()
        assert done and not passed
        key = rng.randbytes(16)
        assert sim.load_key(0, key) == 0
        msgs = [(tuser_of(m, False, 0), rng.randbytes(48)) for m in (0, 1, 4)]
        got, _, _ = sim.messages(msgs)
        for (tuser, message), g in zip(msgs, got):
            e = expect(tuser, message, key, full, selftest_failed=True)
            assert (g.code, g.data) == (SELFTEST, bytes(len(message))) == (e.code, e.data)
        assert sim.read(regs.ERR.offset)[0] == 1 << SELFTEST
