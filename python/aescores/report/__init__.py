# SPDX-License-Identifier: Apache-2.0
"""The results report: implement presets, then write docs/RESULTS.md, results.json and a plot.

`collect` runs the flow (and, through `simulate`, the conformance simulation) for each
preset; `write` turns the collected data into the three files. The data can be written
again from a saved results.json without running any tool (`aescores report --from-json`).
"""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import Callable, Iterable, Mapping

from aescores import configs, paths, tools
from aescores.configs import Preset

from .plot import Series, scatter_svg

RESULTS_MD = "RESULTS.md"
RESULTS_JSON = "results.json"
PLOT_SVG = "throughput_vs_area.svg"

Progress = Callable[[str], None]


def simulate(preset: Preset) -> dict | None:
    """Conformance summary of `preset`: `aescores sim` (cached by the simulated binary)."""
    from aescores.sim.command import run_conformance

    return run_conformance(preset.name)


# The figures of a row kept in results.json (the flow's full result stays in build/).
_FLOW_KEEP = ("top_module", "top_parameters", "io", "clock_net", "totals", "available", "wrapper",
              "critical_path", "utilization", "tool_versions", "seconds", "cache_key", "ebr_pinned")


def collect(
    presets: Iterable[Preset],
    *,
    target: str | None = None,
    seed: int = 1,
    sim: bool = True,
    force: bool = False,
    xc7: bool = True,
    ip: bool = True,
    progress: Progress | None = None,
) -> dict[str, object]:
    """Implement (and simulate) each preset; failures are recorded, not raised.

    With `ip`, a preset whose top is the core is built a second time as the whole IP
    (`aes_axi`, same parameters): its figures go into the row's "ip" entry (or the
    error, when that build fails), beside the core's; a preset with `ip_not_built`
    gets that reason instead of the build.
    """
    from aescores.flow import FlowError, implement_preset

    say = progress or (lambda _msg: None)
    presets = list(presets)
    rows: list[dict] = []
    failed: list[dict] = []
    t0 = time.monotonic()
    for i, preset in enumerate(presets, 1):
        tag = f"[{i}/{len(presets)}] {preset.name}: "
        try:
            row = implement_preset(preset, target, seed=seed, force=force, xc7=xc7,
                                   progress=lambda m: say(tag + m))
        except (FlowError, tools.ToolError) as exc:
            say(tag + f"FAILED: {exc}")
            failed.append({"preset": preset.name, "target": target or preset.target, "error": str(exc)})
            continue
        conformance = None
        if sim:
            say(tag + "conformance simulation")
            conformance = simulate(preset)
        row = report_row(row, conformance)
        rows.append(row)
        say(tag + f"{row['lut4']:,} LUT4, {row['fmax_mhz']:.1f} MHz, {row['gbps']:.2f} Gbit/s"
            + (" (cached)" if row.get("cached") else ""))
        if ip and preset.top != IP_TOP:
            row["ip"] = _whole_ip(preset, target, seed=seed, force=force, say=lambda m: say(tag + f"{IP_TOP}: " + m))
    return report_data(rows, failed, simulated=sim, seconds=time.monotonic() - t0)


# The top of the whole IP, and the figures of its build kept in a row's "ip" entry.
IP_TOP = "aes_axi"
_IP_KEEP = ("top", "lut4", "ff", "ebr", "dsp", "fmax_mhz", "freq_goal_mhz", "gbps", "mbps_per_lut",
            "cached", "seconds")


def _whole_ip(preset: Preset, target: str | None, *, seed: int, force: bool, say: Progress) -> dict:
    """A row's "ip" entry: `preset` built as the whole IP (no xc7 counts), or the reason
    it is not built (`ip_not_built`), or the error of its build."""
    from aescores.flow import FlowError, implement_preset

    if preset.ip_not_built:
        say(f"not built: {preset.ip_not_built}")
        return {"top": IP_TOP, "error": preset.ip_not_built}
    try:
        figures = implement_preset(dataclasses.replace(preset, top=IP_TOP), target, seed=seed, force=force,
                                   xc7=False, progress=say)
    except (FlowError, tools.ToolError) as exc:
        say(f"FAILED: {exc}")
        return {"top": IP_TOP, "error": str(exc)}
    say(f"{figures['lut4']:,} LUT4, {figures['fmax_mhz']:.1f} MHz" + (" (cached)" if figures.get("cached") else ""))
    return {k: figures[k] for k in _IP_KEEP}


def report_row(figures: Mapping, conformance: Mapping | None) -> dict:
    """A results.json row from `flow.implement_preset`'s figures: the flow's details trimmed."""
    row = {k: v for k, v in figures.items() if k != "flow"}
    flow = figures.get("flow") or {}
    row["flow"] = {k: flow.get(k) for k in _FLOW_KEEP}
    row["conformance"] = dict(conformance) if conformance is not None else None
    return row


def report_data(rows: list[dict], failed: list[dict], *, simulated: bool, seconds: float) -> dict[str, object]:
    """The whole of results.json from its rows."""
    versions: dict[str, str] = {}
    for row in rows:
        versions.update(row["flow"].get("tool_versions") or {})
    return {
        "generated_by": "aescores report",
        "top": configs.DEFAULT_TOP,
        "throughput": "Gbit/s = 128 x lanes x Fmax[MHz] / clocks_per_block / 1000",
        "tool_versions": versions,
        "simulated": simulated,
        "presets": rows,
        "failed": failed,
        "seconds": round(seconds, 1),
    }


def _n(v: object, fmt: str = ",") -> str:
    if v is None:
        return "—"
    if isinstance(v, float) and fmt == ",":
        return f"{v:,.2f}".rstrip("0").rstrip(".")
    return format(v, fmt)


def _conformance_text(c: Mapping | None) -> str:
    if not c:
        return "—"
    if "passed" in c and "total" in c:
        ok = c.get("ok", c["passed"] == c["total"])
        return f"{c['passed']:,}/{c['total']:,} {'pass' if ok else 'FAIL'}"
    if "ok" in c:
        return "pass" if c["ok"] else "FAIL"
    return ", ".join(f"{k} {v}" for k, v in c.items())


def render_markdown(data: Mapping) -> str:
    """docs/RESULTS.md from collected data."""
    rows = data.get("presets", [])
    tops = sorted({r.get("top", data.get("top")) for r in rows}) or [data.get("top")]
    versions = ", ".join(f"{k} {v}" for k, v in sorted((data.get("tool_versions") or {}).items()))
    lines = [
        "# Implementation results",
        "",
        "Generated by `aescores report` (do not edit by hand; see [flow.md](flow.md) for how the",
        "figures are made). Run `aescores report` again to refresh it.",
        "",
        f"- Top implemented: `{'`, `'.join(str(t) for t in tops)}`"
        + (" (the datapath: key slots and cipher engine, without the AXI logic of `aes_axi`)."
           if "aes_core" in tops else "."),
        f"- Tools: {versions or '—'}.",
        "- Area: LUT4 and FF after place and route, without the registers the implementation",
        "  wrapper puts on the ports; EBR are 18 Kbit block RAMs. xc7: Yosys `synth_xilinx`",
        "  cell counts (LUT1-6 and LUT-RAM/SRL as LUTs), for comparison with Xilinx figures.",
        "- Fmax: nextpnr's post-route figure for the design clock (all paths register to",
        "  register). Throughput = 128 × lanes × Fmax / clocks per block; latency in clocks",
        "  from a block's input to its output (ECB, no backpressure).",
        *_floorplan_note(rows),
        "",
        "## Our presets",
        "",
        "| preset | architecture | target | LUT4 | FF | EBR | Fmax (MHz) | Gbit/s | Mbit/s per LUT4 "
        "| latency clk (ns) | xc7 LUT / FF | conformance |",
        "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|",
    ]
    for r in rows:
        lines.append(
            f"| `{r['preset']}` | {r['arch']} | {r['target']} | {_n(r['lut4'])} | {_n(r['ff'])} | {_n(r['ebr'])} "
            f"| {r['fmax_mhz']:.1f} | {r['gbps']:.2f} | {_n(r.get('mbps_per_lut'), '.3g')} "
            f"| {r['latency_clocks']} ({_n(r.get('latency_ns'), '.0f')}) "
            f"| {_n(r.get('xc7_luts'))} / {_n(r.get('xc7_ff'))} | {_conformance_text(r.get('conformance'))} |"
        )
    lines += [
        "",
        "Conformance: blocks that passed the NIST vector set of `aescores sim PRESET` on the same"
        + (" parameters." if data.get("simulated") else
           " parameters (not run for this report, `--no-sim`: shown as —)."),
        "",
        "## Beside the published designs",
        "",
        "| preset | reference system | its device | published MHz | published Gbit/s | published area "
        "| our MHz | our Gbit/s | our LUT4 / FF | our xc7 LUT / FF |",
        "|---|---|---|--:|--:|---|--:|--:|--:|--:|",
    ]
    for r in rows:
        pub = r.get("published")
        if not pub:
            continue
        area = _published_area(pub)
        lines.append(
            f"| `{r['preset']}` | {pub['ref']}: {pub['system']} | {pub['device']} | {_n(pub.get('mhz'))} "
            f"| {_n(pub.get('gbps'))} | {area} | {r['fmax_mhz']:.1f} | {r['gbps']:.2f} "
            f"| {_n(r['lut4'])} / {_n(r['ff'])} | {_n(r.get('xc7_luts'))} / {_n(r.get('xc7_ff'))} |"
        )
    lines += _ip_table(rows)
    notes = [f"{r['published']['ref']}: {r['published']['note']}" for r in rows
             if r.get("published") and r["published"].get("note")]
    if notes:
        lines += ["", "Notes: " + "; ".join(notes) + "."]
    lines += [
        "",
        f"![Throughput against area]({PLOT_SVG})",
        "",
        "Published designs without an area figure are in the table but not in the plot; those",
        "published in slices only are drawn hollow at slices × LUTs per slice (an upper bound).",
    ]
    failed = data.get("failed") or []
    if failed:
        lines += ["", "## Not built", ""]
        lines += [f"- `{f['preset']}` on {f['target']}: {f['error'].splitlines()[0]}" for f in failed]
    return "\n".join(lines) + "\n"


def _floorplan_note(rows: list[Mapping]) -> list[str]:
    """The header line naming the presets whose round block RAMs the flow placed."""
    pinned = [(r["preset"], (r.get("flow") or {}).get("ebr_pinned")) for r in rows]
    pinned = [(name, n) for name, n in pinned if n]
    if not pinned:
        return []
    names = ", ".join(f"`{name}` ({n})" for name, n in pinned)
    return [
        "- Floorplan: the flow gives the block RAMs of TTABLE rounds their sites, round by",
        f"  round ([flow.md](flow.md#block-ram-floorplan)): {names}; their whole-IP builds too.",
    ]


def _ip_table(rows: list[Mapping]) -> list[str]:
    """The whole-IP section: each preset built again with the `aes_axi` top (rows with "ip")."""
    with_ip = [r for r in rows if r.get("ip")]
    if not with_ip:
        return []
    lines = [
        "",
        f"## The whole IP (`{IP_TOP}`)",
        "",
        f"The same parameters built with the `{IP_TOP}` top: the core above plus the AXI4-Lite",
        "register file, the mode unit (message framing, IV and counter, CBC/CFB/OFB feedback,",
        "result codes) and, where the preset has SELFTEST=1, the power-on self-test. Gbit/s is the",
        "full rate of ECB, CTR and the decryption of CBC and CFB at this Fmax; CBC and CFB",
        "encryption and OFB run one block per engine pass (docs/messages.md).",
        "",
        "| preset | LUT4 | FF | EBR | Fmax (MHz) | Gbit/s | Mbit/s per LUT4 | LUT4 beyond the core |",
        "|---|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for r in with_ip:
        ip = r["ip"]
        if ip.get("error"):
            lines.append(f"| `{r['preset']}` | not built: {ip['error'].splitlines()[0]} |||||||")
            continue
        lines.append(
            f"| `{r['preset']}` | {_n(ip['lut4'])} | {_n(ip['ff'])} | {_n(ip['ebr'])} | {ip['fmax_mhz']:.1f} "
            f"| {ip['gbps']:.2f} | {_n(ip.get('mbps_per_lut'), '.3g')} | {_n(ip['lut4'] - r['lut4'])} |"
        )
    return lines


def _published_area(pub: Mapping) -> str:
    parts = []
    if pub.get("luts") is not None:
        parts.append(f"{pub['luts']:,} {pub.get('lut_kind', 'LUT')}")
    if pub.get("slices") is not None:
        parts.append(f"{pub['slices']:,} slices")
    if pub.get("ff") is not None:
        parts.append(f"{pub['ff']:,} FF")
    return " / ".join(parts) if parts else "—"


def render_plot(data: Mapping) -> str:
    """The throughput-against-area SVG from collected data."""
    ours = Series("aescores presets (LUT4, ECP5 post-route)", "#1f5fa8", "circle")
    whole = Series(f"the same, whole IP ({IP_TOP})", "#1f5fa8", "square", hollow=True)
    pub_exact = Series("published (LUTs of their device)", "#d0661c", "triangle")
    pub_bound = Series("published, from slices (upper bound)", "#d0661c", "triangle", hollow=True)
    seen: set[str] = set()
    for r in data.get("presets", []):
        if r.get("lut4") and r.get("gbps"):
            ours.points.append((float(r["lut4"]), float(r["gbps"]), r["preset"]))
        ip = r.get("ip") or {}
        if ip.get("lut4") and ip.get("gbps"):
            whole.points.append((float(ip["lut4"]), float(ip["gbps"]), f"{r['preset']} ({IP_TOP})"))
        pub = r.get("published")
        if not pub or pub["ref"] in seen or not pub.get("gbps"):
            continue
        seen.add(pub["ref"])
        if pub.get("luts"):
            pub_exact.points.append((float(pub["luts"]), float(pub["gbps"]), f"{pub['ref']} {pub['device']}"))
        elif pub.get("slices") and pub.get("luts_per_slice"):
            pub_bound.points.append((float(pub["slices"] * pub["luts_per_slice"]), float(pub["gbps"]),
                                     f"{pub['ref']} {pub['device']}"))
    series = [s for s in (ours, whole, pub_exact, pub_bound) if s.points] or [ours]
    return scatter_svg(
        series,
        "AES throughput against area",
        "LUTs (log scale)",
        "throughput, Gbit/s (log scale)",
        caption="Throughput = 128 x lanes x Fmax / clocks per block. Ours: LUT4 on the preset's target.",
    )


def write(data: Mapping, out_dir: Path | None = None) -> list[Path]:
    """Write RESULTS.md, results.json and the plot into `out_dir` (default docs/)."""
    out = Path(out_dir or paths.DOCS_DIR)
    out.mkdir(parents=True, exist_ok=True)
    files = [out / RESULTS_MD, out / RESULTS_JSON, out / PLOT_SVG]
    files[0].write_text(render_markdown(data))
    files[1].write_text(json.dumps(data, indent=2, sort_keys=False) + "\n")
    files[2].write_text(render_plot(data))
    return files


def load(path: Path) -> dict:
    """Collected data saved by `write` (a results.json)."""
    return json.loads(Path(path).read_text())
