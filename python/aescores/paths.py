# SPDX-License-Identifier: Apache-2.0
"""Where the repository's files are, seen from the installed package.

The package is installed in editable mode from a checkout (`pip install -e .`), so the
RTL and the docs are found relative to this file.

The RTL files are those of the `rtl` fileset of the FuseSoC core `aescores.core`: that
list is the only one. The flow, the simulators, the lint and formal tests and the
bundles of `aescores generate` take their files from `rtl_sources()` and
`rtl_sources_for(top)`, and `tests/repo/test_packaging.py` checks that the core lists
every file of rtl/ and nothing else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RTL_DIR = ROOT / "rtl"
DOCS_DIR = ROOT / "docs"
BUILD_DIR = ROOT / "build"
CORE_FILE = ROOT / "aescores.core"


class CoreError(ValueError):
    """The FuseSoC core cannot be read as CAPI=2 (or lacks the fileset asked for)."""


@dataclass(frozen=True)
class CoreFile:
    """One file of a fileset of a FuseSoC core."""

    path: Path
    #: `is_include_file: true`: read through `include by the files that use it, never
    #: compiled on its own.
    include: bool = False


def core_files(fileset: str = "rtl", core: Path = CORE_FILE) -> list[CoreFile]:
    """The files of `fileset` in the CAPI=2 core `core`, in the order listed, with paths
    relative to the core's folder made absolute. An entry is a path, or a path with
    attributes (`- rtl/x.vh: {is_include_file: true}`)."""
    import yaml

    try:
        data = yaml.safe_load(core.read_text())
        entries = data["filesets"][fileset]["files"]
    except (OSError, yaml.YAMLError, KeyError, TypeError) as exc:
        raise CoreError(f"{core.name}: no fileset {fileset!r} with files ({exc})") from exc
    files = []
    for entry in entries:
        if isinstance(entry, str):
            name, attrs = entry, {}
        elif isinstance(entry, dict) and len(entry) == 1:
            ((name, attrs),) = entry.items()
            attrs = attrs or {}
        else:
            raise CoreError(f"{core.name}: fileset {fileset!r}: cannot read the entry {entry!r}")
        files.append(CoreFile(core.parent / name, include=bool(attrs.get("is_include_file", False))))
    return files


def rtl_sources(core: Path = CORE_FILE) -> list[Path]:
    """Every synthesizable Verilog file of the library (one module per file), by name:
    the compile units of the core's `rtl` fileset, its include files left out."""
    return sorted(f.path for f in core_files("rtl", core) if not f.include)


def rtl_include_files(core: Path = CORE_FILE) -> list[Path]:
    """The include files of the core's `rtl` fileset, by name."""
    return sorted(f.path for f in core_files("rtl", core) if f.include)


# Verilog comments: /* ... */ and // to the end of the line.
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_INCLUDE = re.compile(r"`include\s+\"([^\"]+)\"")


def rtl_sources_for(top: str, core: Path = CORE_FILE) -> list[Path]:
    """The files of `top` and of every module it may instantiate, below any parameters,
    with the include files they read; by name.

    It narrows the core's `rtl` fileset. One module per file, named as the file: a file
    is taken when its module's name appears as a word in the code (comments left out) of
    a file already taken, starting from `top`'s; an include file is taken when a file
    taken names it in an `include. Every generate branch counts, so the set can be
    larger than the hierarchy of given parameters, never smaller.
    The flow reads (and its cache key covers) these files only, so that a change to the
    AXI logic does not rebuild the cores; tools read the compile units (`.v`) and find
    the include files beside them.
    """
    listed = core_files("rtl", core)
    units = {f.path.stem: f.path for f in listed if not f.include}
    includes = {f.path.name: f.path for f in listed if f.include}
    if top not in units:
        raise KeyError(f"{core.name} lists no rtl/{top}.v")
    taken: set[Path] = {units[top]}
    todo = [units[top]]
    while todo:
        code = _COMMENT.sub(" ", todo.pop().read_text())
        words = set(re.findall(r"\b\w+\b", code))
        found = [units[n] for n in sorted(words & units.keys())]
        found += [includes[Path(n).name] for n in _INCLUDE.findall(code) if Path(n).name in includes]
        for path in found:
            if path not in taken:
                taken.add(path)
                todo.append(path)
    return sorted(taken)
