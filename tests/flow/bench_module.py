# SPDX-License-Identifier: Apache-2.0
"""A script of bench/ as a module, for the tests that check its code (bench/ is not a package)."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from aescores import paths

BENCH = paths.ROOT / "bench"


def load(name: str) -> ModuleType:
    """bench/`name`.py, run as the module `name`. It is registered under that name, where
    its dataclasses look their module up, and bench/ goes on the import path, where a
    script finds the one beside it (layer_depth imports round_depth)."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod
