# SPDX-License-Identifier: Apache-2.0
"""Where the repository's files are, seen from the installed package.

The package is installed in editable mode from a checkout (`pip install -e .`), so the
RTL and the docs are found relative to this file.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RTL_DIR = ROOT / "rtl"
DOCS_DIR = ROOT / "docs"
BUILD_DIR = ROOT / "build"


def rtl_sources() -> list[Path]:
    """Every synthesizable Verilog file of the library (one module per file)."""
    return sorted(RTL_DIR.glob("*.v"))


# Verilog comments: /* ... */ and // to the end of the line.
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def rtl_sources_for(top: str) -> list[Path]:
    """The files of `top` and of every module it may instantiate, below any parameters.

    One module per file, named as the file: a file is taken when its module's name
    appears as a word in the code (comments left out) of a file already taken, starting
    from `top`'s. Every generate branch counts, so the set can be larger than the
    hierarchy of given parameters, never smaller.
    The flow reads (and its cache key covers) these files only, so that a change to the
    AXI logic does not rebuild the cores.
    """
    files = {p.stem: p for p in rtl_sources()}
    if top not in files:
        raise KeyError(f"no rtl/{top}.v")
    taken = {top}
    todo = [top]
    while todo:
        code = _COMMENT.sub(" ", files[todo.pop()].read_text())
        words = set(re.findall(r"\b\w+\b", code))
        for name in sorted((words & files.keys()) - taken):
            taken.add(name)
            todo.append(name)
    return sorted(files[n] for n in taken)
