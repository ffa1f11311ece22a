# SPDX-License-Identifier: Apache-2.0
"""Repository hygiene: the FuseSoC core lists every RTL file (it is the one list, read by
`aescores.paths`), nothing machine-specific is tracked."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from aescores import paths


def test_fusesoc_core_lists_exactly_the_rtl_files() -> None:
    """aescores.core is the one list of RTL files (`paths` reads it): every rtl/*.v and
    rtl/*.vh once, nothing else, the include files marked as such."""
    listed = paths.core_files("rtl")
    names = [f.path.relative_to(paths.ROOT).as_posix() for f in listed]
    assert len(names) == len(set(names)), f"listed twice: {sorted({n for n in names if names.count(n) > 1})}"
    on_disk = sorted(f"rtl/{p.name}" for p in [*paths.RTL_DIR.glob("*.v"), *paths.RTL_DIR.glob("*.vh")])
    assert sorted(names) == on_disk
    wrong = [n for n, f in zip(names, listed) if f.include != n.endswith(".vh")]
    assert not wrong, f"is_include_file must be set on the .vh files and only on them: {wrong}"


def test_core_include_files_are_read_and_followed(tmp_path: Path) -> None:
    """CAPI=2 include entries (`- rtl/x.vh: {is_include_file: true}`) are no compile
    units, and `rtl_sources_for` takes one when a file of the top's hierarchy includes it."""
    (tmp_path / "rtl").mkdir()
    (tmp_path / "rtl" / "top.v").write_text('module top; sub u_sub (); endmodule\n')
    (tmp_path / "rtl" / "sub.v").write_text('module sub;\n`include "tower.vh"\nendmodule\n')
    (tmp_path / "rtl" / "other.v").write_text('module other; // sub\nendmodule\n')
    (tmp_path / "rtl" / "tower.vh").write_text("function f; input a; f = a; endfunction\n")
    core = tmp_path / "x.core"
    core.write_text(
        "CAPI=2:\nname: x:y:z:0\nfilesets:\n  rtl:\n    files:\n      - rtl/top.v\n      - rtl/sub.v\n"
        "      - rtl/other.v\n      - rtl/tower.vh: {is_include_file: true}\n    file_type: verilogSource\n"
    )
    rtl = tmp_path / "rtl"
    assert paths.rtl_sources(core) == [rtl / "other.v", rtl / "sub.v", rtl / "top.v"]
    assert paths.rtl_include_files(core) == [rtl / "tower.vh"]
    assert paths.rtl_sources_for("top", core) == [rtl / "sub.v", rtl / "top.v", rtl / "tower.vh"]
    assert paths.rtl_sources_for("other", core) == [rtl / "other.v"]
    with pytest.raises(KeyError):
        paths.rtl_sources_for("tower", core)


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
