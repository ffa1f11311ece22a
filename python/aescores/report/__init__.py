# SPDX-License-Identifier: Apache-2.0
"""The results report: implement presets, then write docs/RESULTS.md, results.json and a plot.

`collect` runs the flow (and, through `simulate`, the conformance simulation, and through
`measure_cbc`, the whole IP's CBC-encryption rate) for each preset; `write` turns the
collected data into the three files. The data can be written again from a saved
results.json without running any tool (`aescores report --from-json`).

Each row records what it was built from (`built_from`: a digest of the RTL sources of its
top and the flow's digest, as the result cache key covers them). A report of some presets
only is merged into the saved one (`merge`): the rows built replace theirs, the others are
kept, and a kept row built from other sources or another flow than the current tree's is
marked stale (`staleness`), never shown as if it were fresh.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from pathlib import Path
from typing import Callable, Iterable, Mapping

from aescores import configs, paths, tools
from aescores.configs import Preset
from aescores.pool import failure_text, run_pool

from .cbc_rate import BLOCKS as CBC_BLOCKS
from .cbc_rate import CbcRate, RateCheckError, measure_cbc_encrypt
from .plot import Series, scatter_svg

RESULTS_MD = "RESULTS.md"
RESULTS_JSON = "results.json"
PLOT_SVG = "throughput_vs_area.svg"

Progress = Callable[[str], None]


def simulate(preset: Preset) -> dict | None:
    """Conformance summary of `preset`: `aescores sim` (cached by the simulated binary)."""
    from aescores.sim.command import run_conformance

    return run_conformance(preset.name if configs.is_named_preset(preset) else preset)


def measure_cbc(preset: Preset) -> CbcRate:
    """The whole IP's CBC encryption of one message for `preset`'s parameters, on the
    Verilator harness, checked against the model (`cbc_rate.measure_cbc_encrypt`)."""
    return measure_cbc_encrypt(preset.full_params, key_bits=preset.key_bits)


def _sources_digest(digests: Mapping[str, str]) -> str:
    """One sha256 over per-file digests (file name: sha256), in name order."""
    text = "\n".join(f"{name} {digest}" for name, digest in sorted(digests.items()))
    return hashlib.sha256(text.encode()).hexdigest()


def built_from(top: str) -> dict[str, str]:
    """What a build of `top` from the current tree is built from: a digest of the RTL
    sources of its hierarchy (those the flow reads) and the flow's digest (`flow.cache`)."""
    from aescores.flow.cache import file_digests, flow_digest

    return {"rtl": _sources_digest(file_digests(paths.rtl_sources_for(top))), "flow": flow_digest()}


def recorded_built_from(flow_result: Mapping, top: str) -> dict[str, str]:
    """What a flow result was built from: the sources and flow digest of the cache key its
    folder records (key.json), or, without that file, those of the current tree (a
    result comes from the cache only when they match)."""
    folder = flow_result.get("folder")
    if folder:
        try:
            fields = json.loads((Path(str(folder)) / "key.json").read_text())
            return {"rtl": _sources_digest(fields["sources"]), "flow": str(fields["flow"])}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            pass
    return built_from(top)


# The figures of a row kept in results.json (the flow's full result stays in build/).
_FLOW_KEEP = ("top_module", "top_parameters", "io", "clock_net", "totals", "available", "wrapper",
              "critical_path", "utilization", "tool_versions", "seconds", "cache_key", "ebr_pinned")


@dataclasses.dataclass(frozen=True)
class _PresetJob:
    """One preset's row to build, as sent to a worker process."""

    index: int
    tag: str
    preset: Preset
    target: str | None
    seed: int
    sim: bool
    force: bool
    xc7: bool
    ip: bool
    core_row: dict | None = None  # a saved row whose core figures are kept (only the IP is built)


def collect(
    presets: Iterable[Preset],
    *,
    target: str | None = None,
    seed: int = 1,
    sim: bool = True,
    force: bool = False,
    xc7: bool = True,
    ip: bool = True,
    jobs: int = 1,
    expected_seconds: Mapping[str, float] | None = None,
    core_rows: Mapping[str, Mapping] | None = None,
    progress: Progress | None = None,
) -> dict[str, object]:
    """Implement (and simulate) each preset; failures are recorded, not raised.

    A preset named in `core_rows` (its saved row, `saved_core_rows`) keeps that row's
    core figures and conformance, and only its whole IP is built (and, with `sim`, its
    CBC rate measured): for a change of the layers around the core.

    With `ip`, a preset whose top is the core is built a second time as the whole IP
    (`aes_axi`, same parameters): its figures go into the row's "ip" entry (or the
    error, when that build fails), beside the core's. With `sim` too, the IP's
    CBC-encryption rate is measured (`measure_cbc`) and recorded in the "ip" entry
    (`cbc_enc_clocks_per_block`, `cbc_enc_gbps`), or the reason it could not be
    (`cbc_enc_error`, e.g. an output that differs from the model's).

    With `jobs` above 1, `jobs` presets are built at once, each in a process of its own
    (`pool.run_pool`) that prints its progress to stderr; the longest first, by
    `expected_seconds` (a preset's seconds in an earlier report; unknown ones first).
    `progress` then hears the line that ends each preset. Rows come in the order of
    `presets` whatever the order of building, and the figures are those of a build one
    at a time (every tool is deterministic).
    """
    presets = list(presets)
    say = progress or (lambda _msg: None)
    kept = core_rows or {}
    todo = [_PresetJob(i, f"[{i + 1}/{len(presets)}] {p.name}: ", p, target, seed, sim, force, xc7, ip,
                       dict(kept[p.name]) if p.name in kept else None)
            for i, p in enumerate(presets)]
    outcomes: dict[int, dict] = {}
    t0 = time.monotonic()
    if jobs <= 1 or len(todo) <= 1:
        for job in todo:
            outcomes[job.index] = _build_row(job, say)
    else:
        known = expected_seconds or {}
        order = sorted(todo, key=lambda j: -known.get(j.preset.name, float("inf")))

        def finish(outcome: dict) -> None:
            outcomes[outcome["index"]] = outcome
            job = todo[outcome["index"]]
            row = outcome.get("row")
            say(job.tag + (_row_summary(row) if row else f"FAILED: {outcome['failed']['error']}"))

        def failed(job: _PresetJob, exc: Exception) -> dict:
            return {"index": job.index, "failed": {"preset": job.preset.name, "target": target or job.preset.target,
                                                   "error": failure_text(exc)}}

        run_pool(_build_row_in_worker, order, min(jobs, len(todo)), finish, failed)
    rows = [outcomes[i]["row"] for i in sorted(outcomes) if "row" in outcomes[i]]
    failures = [outcomes[i]["failed"] for i in sorted(outcomes) if "failed" in outcomes[i]]
    return report_data(rows, failures, simulated=sim, seconds=time.monotonic() - t0)


def _core_summary(row: Mapping) -> str:
    return f"{row['lut4']:,} LUT4, {row['fmax_mhz']:.1f} MHz, {row['gbps']:.2f} Gbit/s"


def _row_summary(row: Mapping) -> str:
    ip = row.get("ip") or {}
    text = _core_summary(row)
    if ip.get("lut4") is not None:
        text += f"; {IP_TOP}: {ip['lut4']:,} LUT4, {ip['fmax_mhz']:.1f} MHz"
    return text


def _build_row_in_worker(job: _PresetJob) -> dict:
    """`_build_row` in a worker process: its progress to stderr, timed from its start."""
    from aescores.flow.command import stderr_progress

    return _build_row(job, stderr_progress())


def _build_row(job: _PresetJob, say: Progress) -> dict:
    """One preset's row ({"index", "row"}) or its failure ({"index", "failed"})."""
    from aescores.flow import FlowError, implement_preset

    preset, tag = job.preset, job.tag
    if job.core_row is not None:
        row = {k: v for k, v in job.core_row.items() if k not in ("ip", "stale", "stale_reason")}
        say(tag + _core_summary(row) + " (core kept from the saved report)")
    else:
        try:
            row = implement_preset(preset, job.target, seed=job.seed, force=job.force, xc7=job.xc7,
                                   progress=lambda m: say(tag + m))
        except (FlowError, tools.ToolError) as exc:
            say(tag + f"FAILED: {exc}")
            return {"index": job.index,
                    "failed": {"preset": preset.name, "target": job.target or preset.target, "error": str(exc)}}
        conformance = None
        if job.sim:
            say(tag + "conformance simulation")
            conformance = simulate(preset)
        row = report_row(row, conformance)
        say(tag + _core_summary(row) + (" (cached)" if row.get("cached") else ""))
    if job.ip and preset.top != IP_TOP:
        def ip_say(msg: str) -> None:
            say(tag + f"{IP_TOP}: " + msg)

        row["ip"] = _whole_ip(preset, job.target, seed=job.seed, force=job.force, say=ip_say)
        if job.sim and not row["ip"].get("error"):
            row["ip"].update(_cbc_figures(preset, float(row["ip"]["fmax_mhz"]), ip_say))
    return {"index": job.index, "row": row}


def saved_core_rows(previous: Mapping | None, presets: Iterable[Preset], *, target: str | None, seed: int,
                    current: Callable[[str], Mapping[str, str]] = built_from) -> dict[str, dict]:
    """The saved rows whose core figures a run that builds only the whole IP keeps, by
    preset name. ValueError, naming the preset, when one has no saved row or its saved
    core does not describe what would be built now: another target, seed or parameters,
    or (`staleness`) other RTL sources of the core or another flow."""
    rows = {r["preset"]: r for r in (previous or {}).get("presets", [])}
    kept: dict[str, dict] = {}
    for preset in presets:
        row = rows.get(preset.name)
        if row is None:
            raise ValueError(f"{preset.name}: no saved row to keep the core of")
        want_target = target or preset.target
        if row.get("target") != want_target:
            raise ValueError(f"{preset.name}: the saved core was built for {row.get('target')}, not {want_target}")
        if row.get("seed") != seed:
            raise ValueError(f"{preset.name}: the saved core was placed with seed {row.get('seed')}, not {seed}")
        if dict(row.get("params") or {}) != dict(preset.full_params):
            raise ValueError(f"{preset.name}: the saved core has other parameters")
        reason = staleness({"top": row.get("top"), "built_from": row.get("built_from")}, current)
        if reason:
            raise ValueError(f"{preset.name}: the saved core is stale ({reason})")
        kept[preset.name] = dict(row)
    return kept


def expected_seconds(data: Mapping | None) -> dict[str, float]:
    """Each preset's build time in a saved report (core and whole IP, as run then): what
    `collect` orders the builds of a parallel run by."""
    out: dict[str, float] = {}
    for r in (data or {}).get("presets", []):
        try:
            total = float(r["seconds"]["total"])
            ip = r.get("ip")
            if isinstance(ip, Mapping) and isinstance(ip.get("seconds"), Mapping):
                total += float(ip["seconds"].get("total") or 0.0)
            out[str(r["preset"])] = total
        except (KeyError, TypeError, ValueError):
            continue
    return out


def _cbc_figures(preset: Preset, fmax_mhz: float, say: Progress) -> dict[str, object]:
    """The "ip" entry's CBC-encryption figures of `preset` at the IP's Fmax, or the error."""
    say("CBC encryption of one message (Verilator)")
    try:
        rate = measure_cbc(preset)
    except (RateCheckError, RuntimeError, OSError, tools.ToolError) as exc:
        say(f"CBC measurement FAILED: {exc}")
        return {"cbc_enc_error": str(exc)}
    say(f"CBC encryption: {rate.clocks_per_block:.2f} clocks per block, {rate.gbps(fmax_mhz):.2f} Gbit/s")
    return {
        "cbc_enc_clocks_per_block": round(rate.clocks_per_block, 3),
        "cbc_enc_gbps": round(rate.gbps(fmax_mhz), 3),
        "cbc_enc_blocks": rate.blocks,
    }


# The top of the whole IP, and the figures of its build kept in a row's "ip" entry.
IP_TOP = "aes_axi"
_IP_KEEP = ("top", "lut4", "ff", "ebr", "dsp", "fmax_mhz", "freq_goal_mhz", "gbps", "mbps_per_lut",
            "cached", "seconds")


def _whole_ip(preset: Preset, target: str | None, *, seed: int, force: bool, say: Progress) -> dict:
    """A row's "ip" entry: `preset` built as the whole IP (no xc7 counts), or the error
    of its build."""
    from aescores.flow import FlowError, implement_preset

    try:
        figures = implement_preset(dataclasses.replace(preset, top=IP_TOP), target, seed=seed, force=force,
                                   xc7=False, progress=say)
    except (FlowError, tools.ToolError) as exc:
        say(f"FAILED: {exc}")
        return {"top": IP_TOP, "error": str(exc)}
    say(f"{figures['lut4']:,} LUT4, {figures['fmax_mhz']:.1f} MHz" + (" (cached)" if figures.get("cached") else ""))
    entry = {k: figures[k] for k in _IP_KEEP}
    entry["cache_key"] = (figures.get("flow") or {}).get("cache_key")
    worst = (figures.get("flow") or {}).get("critical_path")
    if worst:
        entry["critical_path"] = worst  # what sets the whole IP's Fmax (docs name it)
    entry["built_from"] = recorded_built_from(figures.get("flow") or {}, IP_TOP)
    return entry


def report_row(figures: Mapping, conformance: Mapping | None) -> dict:
    """A results.json row from `flow.implement_preset`'s figures: the flow's details trimmed."""
    row = {k: v for k, v in figures.items() if k != "flow"}
    flow = figures.get("flow") or {}
    row["flow"] = {k: flow.get(k) for k in _FLOW_KEEP}
    row["conformance"] = dict(conformance) if conformance is not None else None
    row["built_from"] = recorded_built_from(flow, str(row.get("top") or configs.DEFAULT_TOP))
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


def staleness(row: Mapping, current: Callable[[str], Mapping[str, str]] = built_from) -> str | None:
    """Why `row` does not describe the current tree, or None: its build (or its whole-IP
    build) was made from other RTL sources or another flow than `current(top)` gives, or
    it does not record what it was built from."""
    checks = [(str(row.get("top") or configs.DEFAULT_TOP), row.get("built_from"))]
    ip = row.get("ip")
    if isinstance(ip, Mapping) and ip.get("lut4") is not None:
        checks.append((str(ip.get("top") or IP_TOP), ip.get("built_from")))
    for top, recorded in checks:
        if not isinstance(recorded, Mapping):
            return "sources not recorded"
        now = current(top)
        if recorded.get("rtl") != now["rtl"]:
            return "built on other RTL"
        if recorded.get("flow") != now["flow"]:
            return "built with another flow"
    return None


def merge(previous: Mapping | None, fresh: Mapping,
          current: Callable[[str], Mapping[str, str]] = built_from) -> dict[str, object]:
    """Results of a partial run (`fresh`) merged into a saved report (`previous`).

    The rows `fresh` built replace the saved rows of the same name; the other saved rows
    are kept, each marked stale (`"stale": true` and a `stale_reason`) when `staleness`
    finds it built from other sources or another flow than `current(top)` gives, or when
    `fresh` tried to rebuild it and failed. Saved failures of the presets `fresh` tried
    are dropped. Rows are ordered as the default presets, then the others in the order
    they were first reported.
    """
    previous = previous or {}
    fresh_rows = {r["preset"]: r for r in fresh.get("presets", [])}
    failed_now = {f["preset"] for f in fresh.get("failed", [])}
    tried = set(fresh_rows) | failed_now
    memo: dict[str, Mapping[str, str]] = {}

    def now(top: str) -> Mapping[str, str]:
        if top not in memo:
            memo[top] = current(top)
        return memo[top]

    rows: list[dict] = []
    for old in previous.get("presets", []):
        name = old["preset"]
        if name in fresh_rows:
            continue
        kept = {k: v for k, v in old.items() if k not in ("stale", "stale_reason")}
        reason = "its rebuild failed" if name in failed_now else staleness(kept, now)
        if reason:
            kept["stale"] = True
            kept["stale_reason"] = reason
        rows.append(kept)
    rows += [{k: v for k, v in r.items() if k not in ("stale", "stale_reason")} for r in fresh_rows.values()]
    order = {p.name: i for i, p in enumerate(configs.default_report_presets())}
    rows = [r for _, r in sorted(enumerate(rows), key=lambda ir: (order.get(ir[1]["preset"], len(order)), ir[0]))]
    failed = [f for f in previous.get("failed", []) if f["preset"] not in tried] + list(fresh.get("failed", []))
    merged = report_data(rows, failed, simulated=bool(rows) and all(r.get("conformance") is not None for r in rows),
                         seconds=float(fresh.get("seconds") or 0.0))
    return merged


def _name_cell(r: Mapping) -> str:
    """A row's preset cell: its name, and the stale marker when it is stale."""
    text = f"`{r['preset']}`"
    if r.get("stale"):
        text += f" (stale: {r.get('stale_reason') or 'built on other RTL'})"
    return text


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
            f"| {_name_cell(r)} | {r['arch']} | {r['target']} | {_n(r['lut4'])} | {_n(r['ff'])} | {_n(r['ebr'])} "
            f"| {r['fmax_mhz']:.1f} | {r['gbps']:.2f} | {_n(r.get('mbps_per_lut'), '.3g')} "
            f"| {r['latency_clocks']} ({_n(r.get('latency_ns'), '.0f')}) "
            f"| {_n(r.get('xc7_luts'))} / {_n(r.get('xc7_ff'))} | {_conformance_text(r.get('conformance'))} |"
        )
    if data.get("simulated"):
        sim_note = " parameters."
    elif any(r.get("conformance") for r in rows):
        sim_note = " parameters (— : not run for that row, `--no-sim`)."
    else:
        sim_note = " parameters (not run for this report, `--no-sim`: shown as —)."
    lines += [
        "",
        "Conformance: blocks that passed the NIST vector set of `aescores sim PRESET` on the same"
        + sim_note,
        *_stale_note(rows),
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
            f"| {_name_cell(r)} | {pub['ref']}: {pub['system']} | {pub['device']} | {_n(pub.get('mhz'))} "
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


def _stale_note(rows: list[Mapping]) -> list[str]:
    """The paragraph that explains the rows marked stale, when there are any."""
    stale = [f"`{r['preset']}`" for r in rows if r.get("stale")]
    if not stale:
        return []
    return [
        "",
        f"Stale rows ({', '.join(stale)}): kept from an earlier report when only some presets were",
        "rebuilt, and built from other RTL sources or another flow than the rest (or their",
        "rebuild failed, or they do not record what they were built from). Their figures may",
        "not hold for the current RTL: `aescores report PRESET` rebuilds one.",
    ]


def _floorplan_note(rows: list[Mapping]) -> list[str]:
    """The header line naming the presets whose table block RAMs the flow placed."""
    pinned = [(r["preset"], (r.get("flow") or {}).get("ebr_pinned")) for r in rows]
    pinned = [(name, n) for name, n in pinned if n]
    if not pinned:
        return []
    names = ", ".join(f"`{name}` ({n})" for name, n in pinned)
    return [
        "- Floorplan: the flow gives the T-table block RAMs of some engines their sites",
        f"  ([flow.md](flow.md#block-ram-floorplan)): {names}; their whole-IP builds too.",
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
        "encryption and OFB run one block per engine pass (docs/messages.md). CBC enc: the",
        f"encryption of one CBC message of {CBC_BLOCKS} blocks on the Verilator model of the IP (AES-128 key,",
        "no gaps, no backpressure, output checked against OpenSSL), clocks per block from its",
        "first beat in to its last beat out, and Gbit/s = 128 × Fmax / those clocks (lanes do not",
        "help a chained mode); — when not simulated (`--no-sim`).",
        "",
        "| preset | LUT4 | FF | EBR | Fmax (MHz) | Gbit/s | Mbit/s per LUT4 | LUT4 beyond the core "
        "| CBC enc clk/block | CBC enc Gbit/s |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for r in with_ip:
        ip = r["ip"]
        if ip.get("error"):
            lines.append(f"| {_name_cell(r)} | not built: {ip['error'].splitlines()[0]} |||||||||")
            continue
        if ip.get("cbc_enc_error"):
            cbc = f"FAIL: {str(ip['cbc_enc_error']).splitlines()[0]} |"
        else:
            cbc = f"{_n(ip.get('cbc_enc_clocks_per_block'), '.2f')} | {_n(ip.get('cbc_enc_gbps'), '.2f')}"
        lines.append(
            f"| {_name_cell(r)} | {_n(ip['lut4'])} | {_n(ip['ff'])} | {_n(ip['ebr'])} | {ip['fmax_mhz']:.1f} "
            f"| {ip['gbps']:.2f} | {_n(ip.get('mbps_per_lut'), '.3g')} | {_n(ip['lut4'] - r['lut4'])} | {cbc} |"
        )
    return lines + _ip_worst_paths(with_ip)


def _ip_worst_paths(rows: list[Mapping]) -> list[str]:
    """The worst path of each whole-IP build that records it: what sets its Fmax."""
    found = [(r, r["ip"]["critical_path"]) for r in rows if (r.get("ip") or {}).get("critical_path")]
    if not found:
        return []
    lines = [
        "",
        "Worst path of each whole IP (nextpnr's critical path at the Fmax above: the cell it",
        "starts from, the cell it ends in, its delay and how much of it is routing):",
        "",
        "| preset | from | to | ns | logic ns | routing ns |",
        "|---|---|---|--:|--:|--:|",
    ]
    for r, path in found:
        lines.append(
            f"| {_name_cell(r)} | `{path['from']}` | `{path['to']}` | {path['delay_ns']:.2f} "
            f"| {path['logic_ns']:.2f} | {path['routing_ns']:.2f} |"
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
        name = f"{r['preset']} (stale)" if r.get("stale") else r["preset"]
        if r.get("lut4") and r.get("gbps"):
            ours.points.append((float(r["lut4"]), float(r["gbps"]), name))
        ip = r.get("ip") or {}
        if ip.get("lut4") and ip.get("gbps"):
            whole.points.append((float(ip["lut4"]), float(ip["gbps"]), f"{name} ({IP_TOP})"))
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
