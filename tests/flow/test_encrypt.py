# SPDX-License-Identifier: Apache-2.0
"""`aescores encrypt`: a file through a preset's aes_axi RTL, and its error messages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from aescores import model
from aescores.model import Mode

KEY = "2b7e151628aed2a6abf7158809cf4f3c"
IV = "000102030405060708090a0b0c0d0e0f"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "aescores.cli", "encrypt", *args], capture_output=True, text=True)


@pytest.mark.parametrize(
    "preset,mode,decrypt",
    [("s1-iterative", "cbc", False), ("s1-iterative", "ctr", True), ("s4-iterative-ctr4", "ctr", False),
     ("s4-iterative-ctr4", "cfb", True)],
)
def test_encrypt_file_matches_openssl(tmp_path: Path, preset: str, mode: str, decrypt: bool) -> None:
    data = bytes(range(256)) * 3 + (b"" if mode == "cbc" else b"tail")
    src, dst = tmp_path / "in.bin", tmp_path / "out.bin"
    src.write_bytes(data)
    flags = ["--decrypt"] if decrypt else []
    proc = _run("--preset", preset, "--mode", mode, *flags, "--key", KEY, "--iv", IV, str(src), str(dst))
    assert proc.returncode == 0, proc.stderr
    want = model.process(Mode.parse(mode), bytes.fromhex(KEY), bytes.fromhex(IV), data, decrypt)
    assert dst.read_bytes() == want
    assert "matches OpenSSL" in proc.stdout and "blocks/clock" in proc.stdout


@pytest.mark.parametrize(
    "args,message",
    [
        (["--mode", "ecb", "--key", "00"], "--key must be"),
        (["--mode", "ecb", "--key", "zz" * 16], "not hexadecimal"),
        (["--mode", "cbc", "--key", KEY], "needs --iv"),
        (["--mode", "ecb", "--key", KEY, "--iv", IV], "ECB takes no --iv"),
        (["--mode", "xts", "--key", KEY], "unknown mode"),
        (["--mode", "ctr", "--key", KEY, "--iv", "00"], "--iv must be"),
        (["--mode", "ecb", "--key", KEY + "0011223344556677"], "--key must be"),
    ],
)
def test_encrypt_bad_arguments_give_one_line_error(tmp_path: Path, args: list[str], message: str) -> None:
    src = tmp_path / "in.bin"
    src.write_bytes(bytes(32))
    proc = _run("--preset", "s1-iterative", *args, str(src), str(tmp_path / "out.bin"))
    assert proc.returncode == 2
    assert message in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_encrypt_missing_file_unknown_preset_and_partial_block(tmp_path: Path) -> None:
    out = str(tmp_path / "out.bin")
    proc = _run("--preset", "s1-iterative", "--mode", "ecb", "--key", KEY, str(tmp_path / "nope.bin"), out)
    assert proc.returncode == 2 and "not found" in proc.stderr and "Traceback" not in proc.stderr
    proc = _run("--preset", "nope", "--mode", "ecb", "--key", KEY, str(tmp_path / "nope.bin"), out)
    assert proc.returncode == 2 and "unknown preset" in proc.stderr
    odd = tmp_path / "odd.bin"
    odd.write_bytes(bytes(20))
    proc = _run("--preset", "s1-iterative", "--mode", "cbc", "--key", KEY, "--iv", IV, str(odd), out)
    assert proc.returncode == 2 and "whole 16-byte blocks" in proc.stderr
    assert not Path(out).exists()


# --------------------------------------------------------------------------- GCM

GCM_PRESET = "gcm-iterative"  # the smallest preset with GCM=1 (AES-128, one lane)
GCM_IV = "cafebabefacedbaddecaf888"


def _openssl_gcm_encrypt(data: bytes, aad: bytes, tag_len: int) -> tuple[bytes, bytes]:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    sealed = AESGCM(bytes.fromhex(KEY)).encrypt(bytes.fromhex(GCM_IV), data, aad)
    return sealed[:-16], sealed[-16:][:tag_len]


def test_encrypt_gcm_round_trip_matches_openssl(tmp_path: Path) -> None:
    """GCM with AAD, a partial last block and a 12-byte tag: encryption gives OpenSSL's
    ciphertext and tag, decryption with that tag gives the plaintext back; a changed tag
    or ciphertext is a one-line error and writes nothing."""
    data = bytes(range(256)) + b"partial block"
    aad = b"header of 20 bytes.."
    src, aad_file, ct_file = tmp_path / "in.bin", tmp_path / "aad.bin", tmp_path / "ct.bin"
    tag_file, back = tmp_path / "tag.txt", tmp_path / "back.bin"
    src.write_bytes(data)
    aad_file.write_bytes(aad)
    gcm_args = ("--preset", GCM_PRESET, "--mode", "gcm", "--key", KEY, "--iv", GCM_IV, "--aad", str(aad_file))
    proc = _run(*gcm_args, "--tag-bytes", "12", "--tag-out", str(tag_file), str(src), str(ct_file))
    assert proc.returncode == 0, proc.stderr
    want_ct, want_tag = _openssl_gcm_encrypt(data, aad, 12)
    assert ct_file.read_bytes() == want_ct
    assert tag_file.read_text() == want_tag.hex() + "\n"
    assert f"tag {want_tag.hex()}" in proc.stdout.splitlines()
    assert "matches OpenSSL" in proc.stdout and f"blocks {-(-len(data) // 16)} (payload" in proc.stdout

    proc = _run(*gcm_args, "--decrypt", "--tag", want_tag.hex(), str(ct_file), str(back))
    assert proc.returncode == 0, proc.stderr
    assert back.read_bytes() == data and "tag matches" in proc.stdout

    bad_tag = bytes([want_tag[0] ^ 1]) + want_tag[1:]
    bad_ct = tmp_path / "bad_ct.bin"
    bad_ct.write_bytes(want_ct[:-1] + bytes([want_ct[-1] ^ 0x80]))
    for ct, tag in ((ct_file, bad_tag), (bad_ct, want_tag)):
        out = tmp_path / "never.bin"
        proc = _run(*gcm_args, "--decrypt", "--tag", tag.hex(), str(ct), str(out))
        assert proc.returncode == 2 and "the tag does not match" in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
        assert not out.exists()


def test_encrypt_gmac_without_payload(tmp_path: Path) -> None:
    """An empty file is GMAC: the tag of the AAD alone, with a 4-byte tag and no AAD file
    needed for the payload."""
    src, dst, aad_file = tmp_path / "empty.bin", tmp_path / "out.bin", tmp_path / "aad.bin"
    src.write_bytes(b"")
    aad_file.write_bytes(b"only authenticated")
    proc = _run("--preset", GCM_PRESET, "--mode", "gcm", "--key", KEY, "--iv", GCM_IV, "--aad", str(aad_file),
                "--tag-bytes", "4", str(src), str(dst))
    assert proc.returncode == 0, proc.stderr
    assert dst.read_bytes() == b""
    assert f"tag {_openssl_gcm_encrypt(b'', b'only authenticated', 4)[1].hex()}" in proc.stdout


@pytest.mark.parametrize(
    "args,message",
    [
        (["--mode", "gcm", "--key", KEY, "--iv", IV], "--iv must be 96 bits (24 hex digits)"),
        (["--mode", "gcm", "--key", KEY], "GCM needs --iv"),
        (["--mode", "gcm", "--key", KEY, "--iv", GCM_IV, "--tag-bytes", "7"], "--tag-bytes must be 4, 8 or 12 to 16"),
        (["--mode", "gcm", "--key", KEY, "--iv", GCM_IV, "--tag-bytes", "x"], "--tag-bytes must be"),
        (["--mode", "gcm", "--key", KEY, "--iv", GCM_IV, "--tag", "00" * 16], "--tag is the expected tag of --decrypt"),
        (["--mode", "gcm", "--decrypt", "--key", KEY, "--iv", GCM_IV], "needs --tag HEX"),
        (["--mode", "gcm", "--decrypt", "--key", KEY, "--iv", GCM_IV, "--tag", "00" * 6], "--tag must be 4, 8 or"),
        (["--mode", "gcm", "--decrypt", "--key", KEY, "--iv", GCM_IV, "--tag", "zz"], "--tag is not hexadecimal"),
        (["--mode", "gcm", "--decrypt", "--key", KEY, "--iv", GCM_IV, "--tag", "00" * 16, "--tag-bytes", "16"],
         "--tag-bytes is for encryption"),
        (["--mode", "gcm", "--key", KEY, "--iv", GCM_IV, "--aad", "/nonexistent/aad.bin"], "AAD file not found"),
        (["--mode", "ctr", "--key", KEY, "--iv", IV, "--aad", "x.bin"], "--aad is for --mode gcm only"),
        (["--mode", "cbc", "--key", KEY, "--iv", IV, "--tag", "00" * 16], "--tag is for --mode gcm only"),
        (["--set", "GCM=0", "--mode", "gcm", "--key", KEY, "--iv", GCM_IV], "built without GCM (GCM=0)"),
    ],
)
def test_encrypt_gcm_bad_arguments_give_one_line_error(tmp_path: Path, args: list[str], message: str) -> None:
    src, dst = tmp_path / "in.bin", tmp_path / "out.bin"
    src.write_bytes(bytes(32))
    proc = _run("--preset", GCM_PRESET, *args, str(src), str(dst))
    assert proc.returncode == 2
    assert message in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert not dst.exists()


def test_kept_item_and_unkept_carry_gcm_frames() -> None:
    """The harness items of a GCM frame: kept bytes and a count per beat, and back."""
    from aescores import gcm
    from aescores.sim.axi import kept_item, unkept

    frame = gcm.message_frame(bytes(12), b"a" * 20, b"p" * 37, 12, lanes=2)
    tuser, kept, counts = kept_item(5, frame.data, frame.keep, frame.beat_bytes)
    assert (tuser, counts) == (5, [32, 32, 32, 5, 12])
    assert unkept(kept, frame.keep) == bytes(d if m else 0 for d, m in zip(frame.data, frame.keep))
    with pytest.raises(ValueError, match="not 0..n-1"):
        kept_item(5, bytes(16), [0] + [1] * 15, 16)
    with pytest.raises(ValueError, match="bytes kept"):
        unkept(kept[:-1], frame.keep)
