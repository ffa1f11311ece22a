#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""nextpnr's placer and router options on one preset: what each does to Fmax.

The preset is synthesized once, exactly as the flow does it (`aescores.flow`: the same
Yosys scripts, registered wrapper, the preset's synthesis options, block-RAM output
registers moved into the DP16KD); then nextpnr runs on that one netlist with each set of
options and each seed. The flow itself always runs nextpnr with its defaults (the
`default` row here); the other rows say whether a different placer or router would
change a figure of docs/RESULTS.md, and at what cost in run time.

    python3 bench/pnr_options.py                                 # s3-subpipelined, seed 1
    python3 bench/pnr_options.py --preset s0-pipelined-ttable --seeds 1 2
    python3 bench/pnr_options.py --only default tmg-ripup --seeds 1 2 3
    python3 bench/pnr_options.py --list
    python3 bench/pnr_options.py --preset s0-pipelined-ttable --no-floorplan   # block RAMs left to the placer
    python3 bench/pnr_options.py --preset min-area --top aes_axi --only default --seeds 1 2 3   # the whole IP
    python3 bench/pnr_options.py --preset s2-phase-pipelined-hostkey --top aes_axi --only default --replicate 24

`--replicate N` places and routes a copy of the netlist in which every net of the IP
with more than N sinks is split among copies of its driver (bench/replicate.py); the
rows are named `OPTIONS, repN`.

Printed per run: Fmax, the worst path's logic and routing delay, the router's time and
the whole run's time. A run that exceeds --timeout is shown as such. Results are kept
under build/pnr-options/PRESET/ (the netlist is made again when the sources change).

The option set `router2-heatmap` also has router2 write its congestion per net after
each pass (`heat_congestion_by_net_N.csv`); after the run, finished or stopped, the nets
of the last pass are summed by signal and by the instance that holds it (its first three
instances) and the largest shares of the overused wires are printed: where a design that
does not route is congested.

    python3 bench/pnr_options.py --preset s4-iterative-ctr4 --top aes_axi --only router2-heatmap --timeout 600

Not a test: the numbers depend on the tools' versions and seeds (docs/flow.md).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from aescores import configs, paths, tools  # noqa: E402
from aescores.flow import FlowError, Target, cache, preset_design, preset_target, run  # noqa: E402
from layer_area import instance_groups  # noqa: E402  (the bench beside this file)
from replicate import replicate_file  # noqa: E402

# Extra nextpnr arguments per option set; "default" is what the flow runs.
OPTION_SETS: dict[str, tuple[str, ...]] = {
    "default": (),
    "tmg-ripup": ("--tmg-ripup",),
    "router2": ("--router", "router2"),
    "router2-heatmap": ("--router", "router2", "--router2-heatmap", "heat"),
    "heap-timingweight-30": ("--placer-heap-timingweight", "30"),
    "heap-beta-0.95": ("--placer-heap-beta", "0.95"),
    "heap-alpha-0.2": ("--placer-heap-alpha", "0.2"),
    "placer-static": ("--placer", "static"),
    "placer-sa": ("--placer", "sa"),
}


def synthesize(preset: configs.Preset, folder: Path,
               use_floorplan: bool = True) -> tuple[run.Design, Target, float, dict[str, object]]:
    """Synthesize `preset` for its own target into folder/netlist.json with the flow's
    own steps (`run.synthesize`, with the block-RAM floorplan unless `use_floorplan` is
    false), unless the netlist there was made from the same sources, parameters, target
    and flow. Returns the design, target and frequency goal and the figures of the
    synthesis."""
    design = preset_design(preset)
    tgt, goal = preset_target(preset)
    if tgt.io != "registered":
        raise FlowError(f"{preset.name}: this benchmark runs out-of-context targets only, not {tgt.name}")
    key = cache.cache_key(run.cache_fields(design, tgt, 0, goal, False, use_floorplan=use_floorplan))
    stamp = folder / "netlist.key"
    info = folder / "netlist.json.info"
    if stamp.exists() and stamp.read_text() == key and (folder / "netlist.json").exists():
        return design, tgt, goal, json.loads(info.read_text())
    folder.mkdir(parents=True, exist_ok=True)
    stamp.unlink(missing_ok=True)
    t0 = time.monotonic()
    syn = run.synthesize(design, tgt, folder, use_floorplan=use_floorplan)
    figures = {"synth_s": round(time.monotonic() - t0, 1), "ebr_outreg_ports": syn.outreg_ports,
               "ebr_pinned": syn.ebr_pinned, "target": tgt.name}
    info.write_text(json.dumps(figures))
    stamp.write_text(key)
    return design, tgt, goal, figures


def route_seconds(log: str) -> float | None:
    m = re.search(r"Router[12] time ([0-9.]+)s", log)
    return float(m.group(1)) if m else None


def netlist_name(replicate: int | None) -> str:
    """The netlist a run places: the flow's, or its copy split at `replicate` sinks."""
    return "netlist.json" if replicate is None else f"netlist-rep{replicate}.json"


def run_folder(folder: Path, options: str, seed: int, replicate: int | None) -> Path:
    """Where one run of place_and_route keeps its results."""
    return folder / (f"{options}-seed{seed}" if replicate is None else f"{options}-rep{replicate}-seed{seed}")


def place_and_route(design: run.Design, tgt: Target, folder: Path, options: str, seed: int, goal: float,
                    timeout: float, replicate: int | None = None) -> dict[str, object]:
    out = run_folder(folder, options, seed, replicate)
    out.mkdir(parents=True, exist_ok=True)
    netlist = netlist_name(replicate)
    args = [a if a != "netlist.json" else f"../{netlist}" for a in run.nextpnr_args(tgt, seed, goal, None)]
    cmd = [run.tool_path(tgt.nextpnr), *args, *OPTION_SETS[options], "-l", "nextpnr.log"]
    t0 = time.monotonic()
    label = options if replicate is None else f"{options}, rep{replicate}"
    row: dict[str, object] = {"options": label, "seed": seed}
    try:
        tools.run(cmd, cwd=out, timeout=timeout)
    except tools.ToolError as exc:
        if isinstance(exc.__cause__, subprocess.TimeoutExpired):
            log = (out / "nextpnr.log").read_text() if (out / "nextpnr.log").exists() else ""
            return {**row, "timeout_s": timeout, "ripup_rounds": log.count("arcs ripped up"),
                    "router2_passes": log.count(" iter=")}
        return {**row, "error": str(exc).splitlines()[0]}
    report = json.loads((out / "pnr_report.json").read_text())
    _, fmax = run.design_clock_fmax(report, design.clock)
    worst = run.critical_path(report) or {}
    return {
        **row,
        "fmax_mhz": round(fmax, 1),
        "logic_ns": worst.get("logic_ns"),
        "routing_ns": worst.get("routing_ns"),
        "worst_from": worst.get("from"),
        "route_s": route_seconds((out / "nextpnr.log").read_text()),
        "total_s": round(time.monotonic() - t0, 1),
    }


# Yosys and nextpnr suffixes after a signal's name in a net name (the cell a net was
# named after, a bit index).
_NET_SUFFIX = re.compile(r"(_LUT4|_TRELLIS|_PFUMX|_L6MUX|_CCU2C|_DP16KD|_DPR16X4)\S*$|\[\d+\]$")


def signal_of(net: str) -> str:
    """The RTL signal a net of the placed netlist belongs to: its name without the
    suffixes Yosys and nextpnr add (u_top.u_mode.u_side.valid_reg_LUT4_D_Z[4] ->
    u_top.u_mode.u_side.valid_reg)."""
    prev = None
    while prev != net:
        prev, net = net, _NET_SUFFIX.sub("", net)
    return net


def _pass_number(heat_map: Path) -> int:
    """N of heat_congestion_by_net_N.csv."""
    return int(heat_map.stem.rsplit("_", 1)[1])


def congestion(folder: Path, most: int = 12) -> dict[str, object] | None:
    """The uses of overused wires by nets in router2's last pass in `folder`
    (heat_congestion_by_net_N.csv: per net, the overused wires it takes), summed by
    signal and by the instance that holds the signal (its first three instances, as
    `layer_area.instance_groups` splits a name: a generate scope stays with the instance
    after it), largest first, `most` of each; None when the run wrote no heat map."""
    maps = sorted(folder.glob("heat_congestion_by_net_*.csv"), key=_pass_number)
    if not maps:
        return None
    by_signal: dict[str, int] = {}
    by_instance: dict[str, int] = {}
    for line in maps[-1].read_text().splitlines():
        net, _, count = line.rpartition(",")
        if not net or not count.strip().isdigit():
            continue
        n = int(count)
        sig = signal_of(net)
        inst = ".".join(instance_groups(sig)[:3]) or sig
        by_signal[sig] = by_signal.get(sig, 0) + n
        by_instance[inst] = by_instance.get(inst, 0) + n
    total = sum(by_signal.values())

    def top(d: dict[str, int]) -> list[tuple[str, int]]:
        return sorted(d.items(), key=lambda kv: (-kv[1], kv[0]))[:most]

    return {"pass": _pass_number(maps[-1]), "overused": total,
            "instances": top(by_instance), "signals": top(by_signal)}


def show_congestion(c: dict[str, object]) -> str:
    total = max(1, int(c["overused"]))
    lines = [f"router2's pass {c['pass']}: {c['overused']:,} uses of overused wires by nets; the largest shares:"]
    for title in ("instances", "signals"):
        lines.append(f"  by {title[:-1]}:")
        lines += [f"    {n:7,}  {100 * n / total:5.1f} %  {name}" for name, n in c[title]]
    return "\n".join(lines)


def show(row: dict[str, object]) -> str:
    head = f"| {row['options']} | {row['seed']} "
    if "timeout_s" in row:
        done = (f"{row['router2_passes']} router2 passes" if row.get("router2_passes")
                else f"{row['ripup_rounds']} rip-up rounds")
        return head + f"| stopped after {row['timeout_s']:.0f} s ({done}) | | | |"
    if "error" in row:
        return head + f"| failed: {row['error']} | | | |"
    return head + (f"| {row['fmax_mhz']:.1f} | {row['logic_ns']:.2f} / {row['routing_ns']:.2f} "
                   f"| {row['route_s']:.0f} | {row['total_s']:.0f} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="s3-subpipelined", help="a preset (its own target)")
    ap.add_argument("--top", choices=sorted(configs.TOPS), default=configs.DEFAULT_TOP,
                    help="the top to implement: the core (default) or the whole IP")
    ap.add_argument("--only", nargs="+", choices=sorted(OPTION_SETS),
                    help="option sets to run (default: all but router2-heatmap, which is router2 again)")
    ap.add_argument("--seeds", nargs="+", type=int, default=[1])
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds per nextpnr run")
    ap.add_argument("--no-floorplan", action="store_true",
                    help="leave the TTABLE rounds' block RAMs to the placer (the flow pins them)")
    ap.add_argument("--replicate", type=int, metavar="N",
                    help="split every net of the IP with more than N sinks among copies of its "
                         "driver (bench/replicate.py) before place and route")
    ap.add_argument("--list", action="store_true", help="print the option sets and stop")
    a = ap.parse_args(argv)
    if a.list:
        for name, extra in OPTION_SETS.items():
            print(f"{name:22} {' '.join(extra) or '(nextpnr defaults: the flow)'}")
        return 0
    preset = dataclasses.replace(configs.get_preset(a.preset), top=a.top)
    folder = paths.BUILD_DIR / "pnr-options" / (preset.name + ("" if a.top == configs.DEFAULT_TOP else "-ip")
                                                + ("-no-floorplan" if a.no_floorplan else ""))
    design, tgt, goal, figures = synthesize(preset, folder, use_floorplan=not a.no_floorplan)
    pinned = f"; {figures['ebr_pinned']} block RAMs pinned" if figures.get("ebr_pinned") else ""
    print(f"{preset.name} as {a.top} on {figures['target']}, goal {goal:g} MHz "
          f"(synthesis {figures['synth_s']:.0f} s{pinned}; results in {folder.relative_to(paths.ROOT)})")
    if a.replicate is not None:
        stats = replicate_file(folder / "netlist.json", folder / netlist_name(a.replicate), a.replicate)
        print(f"replication at {a.replicate} sinks: {stats['nets_split']} nets split, "
              f"{stats['copies']} driver copies added")
    print("| options | seed | Fmax (MHz) | worst path logic / routing (ns) | router (s) | run (s) |")
    print("|---|--:|--:|--:|--:|--:|")
    rows = []
    for options in a.only or [o for o in OPTION_SETS if o != "router2-heatmap"]:
        for seed in a.seeds:
            row = place_and_route(design, tgt, folder, options, seed, goal, a.timeout, a.replicate)
            heat = congestion(run_folder(folder, options, seed, a.replicate))
            if heat is not None:
                row["congestion"] = heat
            rows.append(row)
            print(show(row), flush=True)
            if heat is not None:
                print(show_congestion(heat), flush=True)
    (folder / "rows.json").write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
