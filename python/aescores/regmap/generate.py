# SPDX-License-Identifier: Apache-2.0
"""Generate every file that depends on rdl/aes.rdl, or check that they are fresh.

| file | written by |
|---|---|
| `rtl/aes_csr.v` | ours, `verilog` (why it is ours: that module's docstring) |
| `sw/aes_regs.h` | PeakRDL-cheader: offsets (the struct `aes_t`), field masks, positions, widths, resets |
| `sw/aes_codes.h` | ours, `encodings`: the encodings, which no exporter publishes |
| `docs/registers.md` | PeakRDL-markdown, followed by the encodings (`encodings`) |

The Python map is not generated: `aescores.regmap.regs` reads the .rdl when imported.
The exporters' output is kept as they write it: we only put lines above it (the SPDX
line and where the file comes from; the page's title and links) and the encodings
after the page.
"""

from __future__ import annotations

import difflib
import tempfile
from pathlib import Path
from typing import Any

from aescores import paths
from aescores.regmap import encodings, verilog
from aescores.regmap.load import RDL_FILE, compile_rdl, import_exporter, load

#: The generated files, relative to the repository root.
OUTPUTS = ("rtl/aes_csr.v", "sw/aes_regs.h", "sw/aes_codes.h", "docs/registers.md")

C_HEAD = """\
// SPDX-License-Identifier: Apache-2.0
// Generated from rdl/aes.rdl by PeakRDL-cheader (`python -m aescores.regmap`): do not edit.
"""

MARKDOWN_HEAD = """\
# Registers

<!-- Generated from rdl/aes.rdl by PeakRDL-markdown and aescores.regmap.encodings
(`python -m aescores.regmap`): do not edit. -->

Every register of `aes_axi` (docs/specification.md §5) with its fields, then the
encodings. C: `sw/aes_regs.h` (offsets and fields) and `sw/aes_codes.h` (encodings);
Python: `aescores.regmap.regs`; RTL: `rtl/aes_csr.v`. The access rules and what each
kind of field does in hardware are in docs/architecture.md, "Register block".

"""


def _label(rdl_file: Path) -> str:
    """How the generated files name their source: relative to the repository root."""
    try:
        return rdl_file.resolve().relative_to(paths.ROOT).as_posix()
    except ValueError:
        return rdl_file.name


def c_header(root: Any) -> str:
    """sw/aes_regs.h: PeakRDL-cheader's header of the elaborated map `root`, C99, with
    struct and macro names from the hierarchy (AES__<REG>__<FIELD>_bm, ..._bp)."""
    import_exporter("peakrdl_cheader", "the C header (sw/aes_regs.h)")
    from peakrdl_cheader.c_standards import CStandard
    from peakrdl_cheader.exporter import CHeaderExporter

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "aes_regs.h"
        # reuse_typedefs=False: ERR gets its plain name (its type is changed by the
        # `->enable` assignments, which gives the lexical name a hash).
        CHeaderExporter().export(root.top, str(out), std=CStandard.gnu99, reuse_typedefs=False)
        return C_HEAD + out.read_text()


def markdown(root: Any, rdl_label: str) -> str:
    """The register tables of docs/registers.md: PeakRDL-markdown's page of `root`."""
    MarkdownExporter = import_exporter("peakrdl_markdown", "the register page (docs/registers.md)").MarkdownExporter

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "registers.md"
        MarkdownExporter().export(root.top, str(out), input_files=[rdl_label])
        return out.read_text()


def render_all(rdl_file: Path = RDL_FILE) -> dict[Path, str]:
    """The text of every generated file, by absolute path."""
    compiled = compile_rdl(rdl_file)
    regmap = load(rdl_file, compiled)
    root = compiled[1]
    texts = {
        "rtl/aes_csr.v": verilog.render(regmap),
        "sw/aes_regs.h": c_header(root),
        "sw/aes_codes.h": encodings.c_header(regmap),
        "docs/registers.md": MARKDOWN_HEAD + markdown(root, _label(rdl_file)).lstrip("\n") + encodings.markdown(regmap),
    }
    assert tuple(texts) == OUTPUTS
    return {paths.ROOT / rel: text for rel, text in texts.items()}


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
                fromfile=f"{rel} (checked in)", tofile=f"{rel} (from {rdl_file.name})", n=1,
            )
            out[path] = "".join(diff)
    return out
