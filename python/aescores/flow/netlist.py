# SPDX-License-Identifier: Apache-2.0
"""Questions about the structure of an elaborated module, answered by Yosys.

The structural tests (a port driven only by flip-flops, no combinational path from an
input port to an output port) ask them of the library's RTL, or of a changed copy of it
that shows the check can fail. `query` elaborates `top` with its parameters from the
core's files as they are in a given folder, flattens it, runs the caller's Yosys
commands and returns the text of the file they write; `changed_rtl` makes such a
changed copy.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Mapping, Sequence

from aescores import paths, tools

from .run import YOSYS, _chparam

# Every flip-flop cell type Yosys's proc and opt passes produce (latches included: they
# end a combinational path too).
FLIP_FLOP_CELLS = ("$dff", "$dffe", "$adff", "$adffe", "$sdff", "$sdffe", "$sdffce",
                   "$aldff", "$aldffe", "$dffsr", "$dffsre", "$ff", "$dlatch")
# The same, as the cell list of a Yosys selection rule: `%ci*:-REGISTER_CELLS` follows a
# combinational input cone and stops at flip-flops.
REGISTER_CELLS = ",".join(FLIP_FLOP_CELLS)


def query(
    top: str,
    params: Mapping[str, object],
    rtl_dir: Path,
    workdir: Path,
    commands: Sequence[str],
    output: str,
    *,
    timeout: float = 1800,
) -> str:
    """Elaborate and flatten `top` (with `params`) from the core's files (`paths.rtl_sources`)
    as they are in `rtl_dir`, run `commands` after `proc` and `flatten`, and return the
    text of the file `output` they write in `workdir`."""
    workdir.mkdir(parents=True, exist_ok=True)
    # Paths relative to the work folder: YoWASP's tools see the folder they run in.
    rel = Path(os.path.relpath(rtl_dir, workdir))
    files = " ".join(str(rel / f.name) for f in paths.rtl_sources())
    script = [
        f"read_verilog -I{rel} {files}",
        *_chparam(top, params),
        f"hierarchy -top {top}",
        "proc",
        "flatten",
        *commands,
    ]
    (workdir / "query.ys").write_text("\n".join(script) + "\n")
    (workdir / output).unlink(missing_ok=True)
    tools.run([YOSYS, "-q", "-s", "query.ys"], cwd=workdir, log=workdir / "query.log", timeout=timeout)
    return (workdir / output).read_text()


def changed_rtl(workdir: Path, file: str, old: str, new: str) -> Path:
    """A copy of rtl/ in `workdir`/rtl with the one occurrence of `old` in `file` replaced
    by `new`: the design a structural check is shown to fail on."""
    rtl = workdir / "rtl"
    shutil.copytree(paths.RTL_DIR, rtl)
    text = (rtl / file).read_text()
    if text.count(old) != 1:
        raise ValueError(f"{file}: {old!r} occurs {text.count(old)} times, not once")
    (rtl / file).write_text(text.replace(old, new))
    return rtl
