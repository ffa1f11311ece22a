"""Where the repository's files are, seen from the installed package.

The package is installed in editable mode from a checkout (`pip install -e .`), so the
RTL and the docs are found relative to this file.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RTL_DIR = ROOT / "rtl"
DOCS_DIR = ROOT / "docs"
BUILD_DIR = ROOT / "build"


def rtl_sources() -> list[Path]:
    """Every synthesizable Verilog file of the library (one module per file)."""
    return sorted(RTL_DIR.glob("*.v"))
