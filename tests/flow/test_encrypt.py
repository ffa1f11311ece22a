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
