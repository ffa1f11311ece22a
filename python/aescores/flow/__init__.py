# SPDX-License-Identifier: Apache-2.0
"""The open implementation flow: Yosys and nextpnr from PyPI, results cached under build/.

`implement(design, target)` runs the tools on any top (see `flow.run`);
`implement_preset(preset)` builds a named preset (`aescores.configs`) and adds the
figures the report shows: throughput, Mbit/s per LUT4 and latency. How the flow works
is described in docs/flow.md.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from pathlib import Path

from aescores import configs, paths
from aescores.configs import Preset

from .run import Design, DoesNotFit, FlowError, Progress, implement
from .targets import DEFAULT_TARGET, TARGETS, Target, get_target

__all__ = [
    "DEFAULT_TARGET", "TARGETS", "Design", "DoesNotFit", "FlowError", "Target",
    "get_target", "implement", "implement_preset", "preset_design", "preset_figures",
    "preset_target",
]


def preset_design(preset: Preset) -> Design:
    """The top, parameters, clock and sources (those of the top's hierarchy) the flow
    implements for `preset`."""
    top = preset.top_module
    return Design(top=top.name, params=preset.top_params(), clock=top.clock, label=preset.name,
                  sources=paths.rtl_sources_for(top.name))


def implement_preset(
    preset: Preset | str,
    target: str | None = None,
    *,
    seed: int = 1,
    freq_mhz: float | None = None,
    force: bool = False,
    xc7: bool = True,
    build_dir: Path | None = None,
    progress: Progress | None = None,
    use_floorplan: bool = True,
) -> dict[str, object]:
    """Implement a preset on its target (or `target`) and return its figures.

    The frequency goal is, in order: `freq_mhz`, the preset's own goal when built on its
    own target, the target's default. The preset's `synth_options` for the target's
    family are appended to the target's synthesis command.
    """
    p = configs.get_preset(preset) if isinstance(preset, str) else preset
    tgt, goal = preset_target(p, target, freq_mhz)
    result = implement(
        preset_design(p), tgt, seed=seed, freq_mhz=goal, force=force, xc7=xc7,
        build_dir=build_dir, progress=progress, use_floorplan=use_floorplan,
    )
    return preset_figures(p, result)


def preset_target(preset: Preset, target: str | None = None, freq_mhz: float | None = None) -> tuple[Target, float]:
    """The target (with the preset's synthesis options for its family) and the frequency
    goal a preset is built with; see `implement_preset`."""
    tgt = get_target(target or preset.target)
    if tgt.iterative_only and preset.full_params["ARCH"] != "ITERATIVE":
        raise FlowError(f"{tgt.name} is for ITERATIVE builds only; {preset.name} is {preset.full_params['ARCH']}")
    if freq_mhz is None:
        freq_mhz = preset.freq_mhz if tgt.name == preset.target else tgt.freq_mhz
    extra = preset.synth_options.get(tgt.family, "")
    if extra:
        tgt = replace(tgt, synth=f"{tgt.synth} {extra}")
    return tgt, float(freq_mhz)


def preset_figures(preset: Preset, result: dict[str, object]) -> dict[str, object]:
    """The report's row for `preset` from a flow result: area, Fmax, throughput, latency."""
    fmax = float(result["fmax_mhz"])
    clocks = preset.clocks_per_block
    gbps = configs.throughput_gbps(fmax, preset.lanes, clocks)
    lut4 = int(result["lut4"])
    latency = preset.latency_clocks
    xc7 = result.get("xc7") or {}
    return {
        "preset": preset.name,
        "description": preset.description,
        "arch": preset.arch_text,
        "top": result["top"],
        "params": preset.full_params,
        "params_not_applied": preset.unapplied_params(),
        "synth_options": dict(preset.synth_options),
        "key_bits": preset.key_bits,
        "target": result["target"],
        "device": result["device"],
        "seed": result["seed"],
        "lut4": lut4,
        "ff": result["ff"],
        "ebr": result["ebr"],
        "dsp": result["dsp"],
        "fmax_mhz": fmax,
        "freq_goal_mhz": result["freq_goal_mhz"],
        "clocks_per_block": clocks,
        "lanes": preset.lanes,
        "gbps": round(gbps, 3),
        "mbps_per_lut": round(gbps * 1000 / lut4, 3) if lut4 else None,
        "latency_clocks": latency,
        "latency_ns": round(latency * 1000 / fmax, 1) if fmax else None,
        "xc7_luts": xc7.get("luts"),
        "xc7_ff": xc7.get("ff"),
        "xc7_bram36": xc7.get("bram36"),
        "xc7_dsp": xc7.get("dsp"),
        "published": asdict(preset.published) if preset.published else None,
        "cached": result.get("cached", False),
        "seconds": result.get("seconds", {}),
        "flow": {k: v for k, v in result.items() if k not in ("cached",)},
    }
