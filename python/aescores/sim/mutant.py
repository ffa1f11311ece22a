# SPDX-License-Identifier: Apache-2.0
"""A copy of the RTL with one bug, for the tests that show a check would find it.

The mutation tests of tests/ (the bus fuzz, the self-test, the GHASH bench, the
GHASH multiplier's proof) each run their check on such a copy and expect it to fail.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Sequence

from aescores import paths


def mutant_sources(folder: Path, rtl_file: str, old: str, new: str,
                   sources: Sequence[Path] | None = None) -> list[Path]:
    """Copy `sources` (default: every RTL file of the core) into `folder`, emptied first,
    with `old` replaced by `new` in the file named `rtl_file`, where it must stand
    exactly once; return the copies. Tools run by YoWASP do not see /tmp: a copy they
    read belongs under the repository's build folder."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    copies = []
    for src in paths.rtl_sources() if sources is None else sources:
        text = Path(src).read_text()
        if Path(src).name == rtl_file:
            assert text.count(old) == 1, f"the text to change is not in {rtl_file} exactly once: {old!r}"
            text = text.replace(old, new)
        copy = folder / Path(src).name
        copy.write_text(text)
        copies.append(copy)
    if rtl_file not in {c.name for c in copies}:
        raise AssertionError(f"{rtl_file} is not among the sources copied")
    return copies
