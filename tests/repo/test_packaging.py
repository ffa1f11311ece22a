# SPDX-License-Identifier: Apache-2.0
"""Repository hygiene: the FuseSoC core lists every RTL file, generated files are
fresh, nothing machine-specific is tracked."""

from __future__ import annotations

import re
import subprocess

from aescores import paths


def test_fusesoc_core_lists_exactly_the_rtl_files() -> None:
    text = (paths.ROOT / "aescores.core").read_text()
    listed = sorted(re.findall(r"^\s+- (rtl/\S+\.v)$", text, re.M))
    present = sorted(f"rtl/{p.name}" for p in paths.rtl_sources())
    assert listed == present


def test_no_absolute_paths_of_a_machine_in_tracked_files() -> None:
    files = subprocess.run(["git", "ls-files"], cwd=paths.ROOT, capture_output=True, text=True, check=True).stdout
    offenders = []
    for name in files.split():
        path = paths.ROOT / name
        if not path.is_file() or path.suffix in {".svg", ".png"}:
            continue
        text = path.read_text(errors="ignore")
        if re.search(r"/(root|home/\w+|work/main)/", text):
            offenders.append(name)
    assert not offenders, offenders
