# SPDX-License-Identifier: Apache-2.0
"""Register map tests: rdl/aes.rdl against docs/specification.md §5, the generated files
(rtl/aes_csr.v, sw/aes_regs.h, sw/aes_codes.h, docs/registers.md) are fresh.

The register file it generates, rtl/aes_csr.v, is tested on its own in tests/rtl/csr/;
the C headers, compiled, against the .rdl in tests/sw/.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from aescores import paths, tools
from aescores.regmap import regs

# docs/specification.md §5, copied by hand: offset, name, access.
SPEC_REGISTERS = [
    (0x000, "ID", "RO"),
    (0x004, "CAPS", "RO"),
    (0x008, "LATENCY", "RO"),
    (0x00C, "STATUS", "RO"),
    (0x010, "KEY_CTRL", "WO"),
    (0x014, "KEY_CLEAR", "WO"),
    (0x018, "SLOTS", "RO"),
    (0x01C, "ERR", "RW1C"),
    *[(0x020 + 4 * w, f"KEY{w}", "WO") for w in range(8)],
    (0x040, "IRQ_EN", "RW"),
    (0x044, "MSGS", "RO"),
    (0x048, "BLOCKS", "RO"),
    (0x04C, "CTRL", "RW"),
]

# docs/specification.md §5 field positions: register -> {field: (msb, lsb)}.
SPEC_FIELDS = {
    "CAPS": {"arch": (1, 0), "stages": (4, 2), "lanes": (8, 5), "max_key": (10, 9), "key_slots": (15, 11),
             "decrypt": (16, 16), "host_keys": (17, 17), "selftest": (18, 18), "sbox": (20, 19), "gcm": (21, 21)},
    "STATUS": {"selftest_done": (0, 0), "selftest_passed": (1, 1), "busy": (2, 2)},
    "KEY_CTRL": {"slot": (3, 0), "len": (5, 4), "commit": (8, 8)},
    "KEY_CLEAR": {"slots": (15, 0)},
    "SLOTS": {"loaded": (15, 0), "loading": (31, 16)},
    "CTRL": {"selftest": (0, 0)},
}


def test_register_offsets_and_access_match_spec() -> None:
    for offset, name, access in SPEC_REGISTERS:
        reg = regs.MAP.at(offset)
        assert reg is not None and reg.name == name, f"{offset:#05x}: {reg and reg.name}, the specification says {name}"
        assert reg.access == access, f"{name}: {reg.access}, the specification says {access}"
    # Everything else sits after CTRL (the KEY_EXPANSION="HOST" registers).
    spec_offsets = {o for o, _, _ in SPEC_REGISTERS}
    assert all(r.offset > 0x04C for r in regs.REGISTERS if r.offset not in spec_offsets)


def test_register_fields_match_spec() -> None:
    for name, fields in SPEC_FIELDS.items():
        got = {f.name: (f.msb, f.lsb) for f in regs.MAP[name].fields}
        assert got == fields, f"{name}: {got}"
    # ERR bit c is result code c, c = 1..7 (7: the GCM tag mismatch); IRQ_EN enables the same bits.
    for f in regs.ERR.fields:
        assert f.width == 1 and regs.Result[f.name.upper()] == f.lsb
        assert regs.IRQ_EN.field(f.name).lsb == f.lsb
    assert {f.lsb for f in regs.ERR.fields} == set(range(1, 8))
    assert {f.lsb for f in regs.IRQ_EN.fields} == set(range(1, 8))
    assert regs.Result.TAG_MISMATCH == 7 and regs.ERR.field("tag_mismatch").mask == 0x80
    assert regs.ID_VALUE == 0x41455331 == int.from_bytes(b"AES1", "big")
    assert [regs.KeyLen.K128, regs.KeyLen.K192, regs.KeyLen.K256] == [0, 1, 2]
    assert [regs.Arch.ITERATIVE, regs.Arch.PIPELINED] == [0, 1]
    assert [regs.Sbox.LUT, regs.Sbox.TTABLE, regs.Sbox.COMPOSITE] == [0, 1, 2]
    assert [m.value for m in regs.Mode] == [0, 1, 2, 3, 4, 5] and regs.Mode.GCM == 5
    assert regs.TuserShift.DIR == 3 and regs.TuserShift.SLOT == 4 and regs.TuserShift.RESULT == 8


def test_host_round_key_registers_follow_ctrl() -> None:
    assert [r.offset for r in regs.RK] == [0x050, 0x054, 0x058, 0x05C]
    assert all(r.access == "WO" and r.secret == "rk_stage" for r in regs.RK)
    assert regs.RK_CTRL.offset == 0x060 and regs.RK_CTRL.refusable
    assert regs.RK_CTRL.decode(regs.RK_CTRL.encode(slot=15, index=14, table=1, write=1)) == {
        "slot": 15, "len": 0, "commit": 0, "write": 1, "table": 1, "index": 14}


def test_every_register_and_field_has_a_description() -> None:
    for reg in regs.REGISTERS:
        assert reg.desc, reg.name
        for f in reg.fields:
            assert f.desc, f"{reg.name}.{f.name}"


def test_regs_publishes_every_register_array_and_encoding() -> None:
    for reg in regs.REGISTERS:
        assert getattr(regs, reg.name) is reg
    assert [r.name for r in regs.KEY] == [f"KEY{w}" for w in range(8)]
    for enum in regs.MAP.enums:
        cls = getattr(regs, regs.class_name(enum.name))
        assert [(m.name, m.value) for m in cls] == [(v.name, v.value) for v in enum.values]


def test_generated_files_are_fresh() -> None:
    proc = tools.run([sys.executable, "-m", "aescores.regmap", "--check"], cwd=paths.ROOT, check=False)
    assert proc.returncode == 0, proc.stdout


def test_check_finds_a_stale_file(tmp_path: Path) -> None:
    from aescores.regmap.generate import stale

    rdl = (paths.ROOT / "rdl" / "aes.rdl").read_text()
    changed = tmp_path / "aes.rdl"
    changed.write_text(rdl.replace("32'h41455331", "32'h41455332"))
    # The ID value is in the CSR's read mux, the C header (its reset) and the page; no
    # encoding changes.
    assert sorted(p.relative_to(paths.ROOT).as_posix() for p in stale(changed)) == [
        "docs/registers.md", "rtl/aes_csr.v", "sw/aes_regs.h"]


def test_generator_refuses_what_it_does_not_implement(tmp_path: Path) -> None:
    from aescores.regmap.load import RegmapError, load

    bad = tmp_path / "bad.rdl"
    bad.write_text(
        'addrmap m { reg { desc = "c"; field { sw = r; hw = w; counter; desc = "x"; } n[7:0] = 0; } C @ 0x0; };'
    )
    with pytest.raises(RegmapError, match="counter"):
        load(bad)


def test_python_driver_decodes_caps_gcm_and_clears_every_err_bit() -> None:
    """aescores.driver (the cocotb driver of aes_axi): CAPS[21] is `Caps.gcm`, and
    `clear_errors()` writes 1 to ERR bits 7:1, result codes 1 to 7 (docs/specification.md
    §3 and §5; 7 is the GCM tag mismatch)."""
    import asyncio

    from aescores.driver import AesAxiDriver, Caps

    assert Caps.decode(1 << 21).gcm is True
    assert Caps.decode((1 << 21) - 1).gcm is False
    caps = Caps.decode((1 << 21) | (2 << 5) | (1 << 16))
    assert (caps.gcm, caps.lanes, caps.decrypt, caps.selftest) == (True, 2, True, False)

    class Writes:
        def __init__(self) -> None:
            self.log: list[tuple[str, int]] = []

        async def write(self, name: str, value: int) -> None:
            self.log.append((name, value))

    bus = Writes()
    asyncio.run(AesAxiDriver.clear_errors(bus))  # type: ignore[arg-type]
    assert bus.log == [("ERR", 0xFE)]
    assert sum(f.mask for f in regs.ERR.fields) == 0xFE


def test_python_driver_gcm_helpers_use_the_gcm_model() -> None:
    """aescores.driver's GCM helpers: `submit_gcm` queues the frame of
    `gcm.message_frame` (tkeep included) with mode 5, and `gcm_result` takes (payload,
    tag, result) out of the answer with `gcm.split_output`; the answer here is the one
    `gcm.expect_message` says the IP gives (a good encryption, a decryption with a wrong tag)."""
    from collections import deque

    from aescores import gcm
    from aescores.driver import AesAxiDriver

    class Source:
        def __init__(self) -> None:
            self.frames: list = []

        def send_nowait(self, frame) -> None:
            self.frames.append(frame)

    drv = AesAxiDriver.__new__(AesAxiDriver)  # no simulator: only what submit touches
    drv.lanes, drv.beat_bytes, drv.source = 2, 32, Source()
    drv.messages, drv._in_flight, drv._awaiting = [], deque(), deque()
    key, iv, aad, text = bytes(range(16)), bytes(range(12)), b"a" * 20, b"p" * 37
    ct, tag = gcm.gcm_encrypt(key, iv, text, aad, 12)
    for decrypt, tag_or_len, want in ((False, 12, (ct, tag, 0)), (True, bytes(12), (text, bytes(12), 7))):
        msg = drv.submit_gcm(3, iv, aad, ct if decrypt else text, tag_or_len, decrypt)
        frame = gcm.message_frame(iv, aad, ct if decrypt else text, tag_or_len, lanes=2)
        assert msg.tuser == regs.Mode.GCM | int(decrypt) << regs.TuserShift.DIR | 3 << regs.TuserShift.SLOT
        assert (msg.payload, tuple(msg.tkeep)) == (frame.data, frame.keep)
        assert list(drv.source.frames[-1].tkeep) == list(frame.keep)
        code, out = gcm.expect_message(frame, key, decrypt)
        msg.out_data, msg.out_tkeep = out, list(frame.keep)
        msg.out_tuser = [msg.tuser] * (frame.beats - 1) + [msg.tuser | code << regs.TuserShift.RESULT]
        assert not msg.protocol_errors()
        assert tuple(AesAxiDriver.gcm_result(msg)) == want
