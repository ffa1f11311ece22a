# SPDX-License-Identifier: Apache-2.0
"""Generate every file that depends on rdl/aes.rdl, or check that they are fresh."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Callable

from aescores import paths
from aescores.regmap import c_header, markdown, python_module, verilog
from aescores.regmap.load import RDL_FILE, load
from aescores.regmap.model import RegisterMap

#: Each generated file (relative to the repository root) and its renderer.
OUTPUTS: dict[str, Callable[[RegisterMap], str]] = {
    "rtl/aes_csr.v": verilog.render,
    "sw/aes_regs.h": c_header.render,
    "python/aescores/regmap/regs.py": python_module.render,
    "docs/registers.md": markdown.render,
}


def render_all(rdl_file: Path = RDL_FILE) -> dict[Path, str]:
    """The text of every generated file, by absolute path."""
    regmap = load(rdl_file)
    return {paths.ROOT / rel: render(regmap) for rel, render in OUTPUTS.items()}


def write_all(rdl_file: Path = RDL_FILE) -> list[Path]:
    """Write the generated files; return those whose content changed."""
    changed = []
    for path, text in render_all(rdl_file).items():
        if not path.exists() or path.read_text() != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            changed.append(path)
    return changed


def stale(rdl_file: Path = RDL_FILE) -> dict[Path, str]:
    """The generated files that differ from what the .rdl generates, with a diff each."""
    out = {}
    for path, text in render_all(rdl_file).items():
        current = path.read_text() if path.exists() else ""
        if current != text:
            rel = path.relative_to(paths.ROOT)
            diff = difflib.unified_diff(
                current.splitlines(keepends=True), text.splitlines(keepends=True),
                fromfile=f"{rel} (checked in)", tofile=f"{rel} (from {RDL_FILE.name})", n=1,
            )
            out[path] = "".join(diff)
    return out
