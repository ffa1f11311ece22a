# SPDX-License-Identifier: Apache-2.0
"""Figures of a configuration already built, found without running any tool.

Two places hold them:

- docs/results.json (`aescores report`): a row whose `params` and `target` equal the
  configuration's gives the figures of its top (the core, `aes_core`) and, in its `ip`
  entry, those of the whole IP (`aes_axi`);
- build/flow/ (the flow's result cache, `flow.cache`): a folder whose key.json names the
  same top, the same parameters (those the top declares) and the same target, and which
  holds a result.json.

Each find says whether it was built from the RTL and the flow of the current tree
(`report.staleness`); a fresh one is preferred to a stale one, then the report's row to
a cache folder, then the newest folder.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from aescores import configs, paths
from aescores.configs import ParamValue, Preset

#: The tops a bundle quotes figures for: the cipher core and the whole IP.
CORE_TOP = "aes_core"
IP_TOP = "aes_axi"


@dataclass(frozen=True)
class Figures:
    """Post-route figures of one top of a configuration, and where they were found."""

    top: str
    lut4: int
    ff: int
    ebr: int
    fmax_mhz: float
    gbps: float
    source: str  # where, in the aescores tree: "docs/results.json" or "build/flow/<folder>"
    seed: int | None = None
    freq_goal_mhz: float | None = None
    stale: str | None = None  # why it may not describe the current RTL, or None
    detail: str = ""  # which part of the source: "row min-area", "row min-area, ip entry"


def top_params(config: Preset, top: str) -> dict[str, ParamValue]:
    """The parameters of `config` that `top` declares (those the flow sets on it)."""
    accepted = set(configs.TOPS[top].params)
    return {k: v for k, v in config.full_params.items() if k in accepted}


def implement_command(preset: str | None, config: Preset, top: str = IP_TOP) -> str:
    """The `aescores implement` command line that builds `config` as `top`: the preset
    named (if any), a `--set` for each parameter that differs from its values (or from the
    defaults), and `--top`."""
    base = configs.get_preset(preset).full_params if preset else configs.AES_AXI_DEFAULTS
    words = ["aescores", "implement"]
    if preset:
        words.append(preset)
    sets = [f"{k}={v}" for k, v in config.full_params.items() if base.get(k) != v]
    if not preset and not sets:  # the defaults as they are: one --set says so
        first = next(iter(configs.PARAMETERS))
        sets.append(f"{first}={config.full_params[first]}")
    for item in sets:
        words += ["--set", item]
    words += ["--top", top]
    return shlex.join(words)


def _freshness(top: str, built_from: object) -> str | None:
    """Why figures built from `built_from` (a report's record) may not describe the current
    tree, or None when they do (`report.staleness` on that one build)."""
    from aescores import report

    return report.staleness({"top": top, "built_from": built_from})


def _gbps(config: Preset, fmax_mhz: float) -> float:
    return round(configs.throughput_gbps(fmax_mhz, config.lanes, config.clocks_per_block), 3)


def _from_results(config: Preset, results: Path) -> Iterator[Figures]:
    try:
        data = json.loads(results.read_text())
    except (OSError, ValueError):
        return
    rows = data.get("presets", []) if isinstance(data, dict) else []
    where = _shown(results)
    for row in rows if isinstance(rows, list) else []:
        if not isinstance(row, dict) or row.get("params") != config.full_params:
            continue
        if row.get("target") != config.target:
            continue
        entries = [row]
        if isinstance(row.get("ip"), dict):
            entries.append(row["ip"])
        for entry in entries:
            top = str(entry.get("top") or configs.DEFAULT_TOP)
            if entry.get("lut4") is None or not entry.get("fmax_mhz"):
                continue
            fmax = float(entry["fmax_mhz"])
            yield Figures(
                top=top, lut4=int(entry["lut4"]), ff=int(entry["ff"]), ebr=int(entry.get("ebr") or 0),
                fmax_mhz=fmax, gbps=float(entry.get("gbps") or _gbps(config, fmax)),
                source=where, detail=f"row {row.get('preset')}" + (", ip entry" if entry is not row else ""),
                seed=row.get("seed"), freq_goal_mhz=entry.get("freq_goal_mhz"),
                stale=_freshness(top, entry.get("built_from")),
            )


def _from_cache(config: Preset, flow_dir: Path) -> Iterator[tuple[float, Figures]]:
    """(result time, figures) of every cache folder built from `config`'s parameters."""
    from aescores import report

    if not flow_dir.is_dir():
        return
    for folder in sorted(flow_dir.iterdir()):
        result_file = folder / "result.json"
        try:
            key = json.loads((folder / "key.json").read_text())
            result = json.loads(result_file.read_text())
        except (OSError, ValueError):
            continue
        top = key.get("top") if isinstance(key, dict) else None
        if top not in configs.TOPS or not isinstance(result, dict):
            continue
        target = key.get("target")
        if not isinstance(target, dict) or target.get("name") != config.target:
            continue
        if key.get("params") != top_params(config, str(top)):
            continue
        try:
            fmax = float(result["fmax_mhz"])
            figures = Figures(
                top=str(top), lut4=int(result["lut4"]), ff=int(result["ff"]), ebr=int(result.get("ebr") or 0),
                fmax_mhz=fmax, gbps=_gbps(config, fmax), source=_shown(folder),
                seed=result.get("seed"), freq_goal_mhz=result.get("freq_goal_mhz"),
                stale=_freshness(str(top), report.recorded_built_from({"folder": str(folder)}, str(top))),
            )
        except (KeyError, TypeError, ValueError):
            continue
        yield result_file.stat().st_mtime, figures


def _shown(path: Path) -> str:
    """`path` relative to the repository when it is inside it (no machine paths in a bundle)."""
    try:
        return path.resolve().relative_to(paths.ROOT).as_posix()
    except ValueError:
        return path.name


def find_figures(
    config: Preset, results: Path | None = None, flow_dir: Path | None = None
) -> dict[str, Figures]:
    """The best figures found for each top of `config` (keys `aes_core`, `aes_axi`; a top
    with none found is absent), from `results` (default docs/results.json) and the flow
    cache `flow_dir` (default build/flow/)."""
    results = results or paths.DOCS_DIR / "results.json"
    flow_dir = flow_dir or paths.BUILD_DIR / "flow"
    ranked: list[tuple[bool, int, float, Figures]] = []
    for f in _from_results(config, results):
        ranked.append((f.stale is not None, 0, 0.0, f))
    for mtime, f in _from_cache(config, flow_dir):
        ranked.append((f.stale is not None, 1, -mtime, f))
    best: dict[str, Figures] = {}
    for _, _, _, f in sorted(ranked, key=lambda r: r[:3]):
        best.setdefault(f.top, f)
    return {top: best[top] for top in (CORE_TOP, IP_TOP) if top in best}
