# SPDX-License-Identifier: Apache-2.0
"""`aescores explore`: implement a grid of configurations and plot throughput against area.

A sweep is a base configuration (an optional preset, with `--set NAME=VALUE` values over
it, or the `aes_axi` defaults) and axes (`--grid NAME=V1,V2,...`, or a named sweep of
`SWEEPS`). Every combination of the axes' values is one configuration; combinations that
build the same design are dropped (`make_configs`): STAGES_PER_ROUND only matters for
PIPELINED engines and ITERATIVE TTABLE ones, and a top is given only the parameters it
declares. Combinations the RTL refuses (ITERATIVE TTABLE with 2 or 4 stages per round,
`configs.check_combination`) are dropped too.

Each configuration is built by the flow's `implement_preset` (cached results are
returned as they are), several at once in a process pool (`run_configs`); a build that
fails is recorded with its error and the sweep goes on. The results go to
`results.csv`, `results.json` and `plot.svg` (`explore.plot`): Gbit/s against LUT4 with
the Pareto front (`pareto_front`), the named presets and the published reference
designs. docs/explore.md describes the command.
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import io
import itertools
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from aescores import configs, paths
from aescores.configs import PARAMETERS, ConfigError, ParamValue, Preset
from aescores.errors import CliError
from aescores.flow import implement_preset
from aescores.pool import failure_text, run_pool

Say = Callable[[str], None]
# The flow's `implement_preset`, or a stand-in with its signature (module-level, so that
# it can be sent to a worker process).
Implement = Callable[..., Mapping[str, Any]]
# Whether a configuration's result is in the cache: its folder, or None.
CacheProbe = Callable[..., Path | None]


@dataclass(frozen=True)
class Sweep:
    """A named sweep: fixed parameter values over the base, and the axes swept."""

    name: str
    description: str
    fixed: Mapping[str, ParamValue]
    axes: Mapping[str, tuple[ParamValue, ...]]


SWEEPS: dict[str, Sweep] = {
    s.name: s
    for s in (
        Sweep(
            "aes128-enc",
            "AES-128 encryption, one lane, one key slot, no self-test: both engines with every "
            "S-box, every number of stages per round for PIPELINED, and both ITERATIVE TTABLE "
            "engines (1 stage per round, or 3 with three blocks interleaved)",
            {"MAX_KEY_BITS": 128, "DECRYPT": 0, "KEY_SLOTS": 1, "SELFTEST": 0, "LANES": 1},
            {"ARCH": ("ITERATIVE", "PIPELINED"), "SBOX": ("LUT", "TTABLE", "COMPOSITE"),
             "STAGES_PER_ROUND": (1, 2, 3, 4)},
        ),
        Sweep(
            "iterative",
            "the small cores: ITERATIVE engine, one lane, one key slot, no self-test, with every "
            "S-box (TTABLE: one block, or three interleaved), encryption only or both directions, "
            "AES-128 keys only or keys up to 256 bits",
            {"ARCH": "ITERATIVE", "LANES": 1, "KEY_SLOTS": 1, "SELFTEST": 0},
            {"SBOX": ("LUT", "TTABLE", "COMPOSITE"), "STAGES_PER_ROUND": (1, 3), "DECRYPT": (0, 1),
             "MAX_KEY_BITS": (128, 256)},
        ),
    )
}

# Synthesis options by S-box, applied to every configuration unless --base-synth: the
# tower-field logic of COMPOSITE S-boxes maps to fewer LUT4 and fewer levels without the
# ECP5 wide multiplexers (docs/engines.md), as the COMPOSITE presets are built.
SBOX_SYNTH_OPTIONS: dict[str, dict[str, str]] = {"COMPOSITE": {"ecp5": "-nowidelut"}}

# Short names of integer parameters in the labels of configurations.
_LABEL_NAMES = {"STAGES_PER_ROUND": "stages", "MAX_KEY_BITS": "key", "KEY_SLOTS": "slots", "DECRYPT": "dec",
                "SELFTEST": "selftest", "LANES": "lanes"}

# The columns of results.csv (results.json rows have a few more).
CSV_COLUMNS = ("name", "label", *PARAMETERS, "top", "target", "synth_options", "lut4", "ff", "ebr", "fmax_mhz",
               "gbps", "mbps_per_lut4", "pareto", "cached", "seconds", "error")

THROUGHPUT = "Gbit/s = 128 x lanes x Fmax[MHz] / clocks_per_block / 1000 (AES-128 keys)"


@dataclass(frozen=True)
class Config:
    """One configuration of a sweep: a short label (the swept values) and what is built."""

    label: str
    preset: Preset

    @property
    def name(self) -> str:
        """The configuration's name (`configs.config_name`), which names its build folder."""
        return self.preset.name

    @property
    def params(self) -> dict[str, ParamValue]:
        """Every `aes_axi` parameter of the configuration."""
        return self.preset.full_params


# --------------------------------------------------------------------------- the grid


def parse_grid(items: Sequence[str]) -> dict[str, tuple[ParamValue, ...]]:
    """The axes of `--grid NAME=V1,V2,...` options, checked against PARAMETERS.

    Names and string values are matched in any case; a value given twice in one axis is
    taken once. ConfigError (one line, quoting the option, as `--set` does) for a
    malformed item, an unknown name, an illegal value or a name given twice.
    """
    axes: dict[str, tuple[ParamValue, ...]] = {}
    for item in items:
        name, spec, text = configs.split_option("--grid", item, "NAME=V1,V2,..., e.g. --grid LANES=1,2,4")
        if name in axes:
            raise ConfigError(f"--grid {item}: {name} is already swept")
        values: list[ParamValue] = []
        for part in text.split(","):
            try:
                value = spec.parse(part)
            except ConfigError as exc:
                raise ConfigError(f"--grid {item}: {exc}") from None
            if value not in values:
                values.append(value)
        axes[name] = tuple(values)
    return axes


def expand(axes: Mapping[str, Sequence[ParamValue]]) -> list[dict[str, ParamValue]]:
    """Every combination of the axes' values, the last axis varying fastest."""
    names = list(axes)
    return [dict(zip(names, values)) for values in itertools.product(*(axes[n] for n in names))]


def _stages_matter(params: Mapping[str, ParamValue]) -> bool:
    """Whether STAGES_PER_ROUND changes the design: PIPELINED engines, ITERATIVE TTABLE."""
    return params.get("ARCH") == "PIPELINED" or configs.iterative_tables(params)


def _canonical(params: Mapping[str, ParamValue], base: Mapping[str, ParamValue]) -> dict[str, ParamValue]:
    """`params` with the values that do not change the design set to the base's:
    STAGES_PER_ROUND of an ITERATIVE engine without T-tables."""
    out = dict(params)
    if not _stages_matter(out):
        out["STAGES_PER_ROUND"] = base["STAGES_PER_ROUND"]
    return out


def label_of(preset: Preset, swept: Iterable[str]) -> str:
    """A short label of the swept values (in the order of `swept`) that matter for `preset`,
    e.g. 'PIPELINED LUT stages=2'.

    Values that do not change the design (STAGES_PER_ROUND of an ITERATIVE engine without
    T-tables, a parameter the top does not declare) are left out; with nothing swept, the
    name.
    """
    params = preset.full_params
    unapplied = preset.unapplied_params()
    parts = []
    for name in swept:
        if name not in PARAMETERS or name in unapplied:
            continue
        if name == "STAGES_PER_ROUND" and not _stages_matter(params):
            continue
        value = params[name]
        parts.append(str(value) if isinstance(value, str) else f"{_LABEL_NAMES.get(name, name)}={value}")
    return " ".join(parts) or preset.name


def make_configs(
    preset: str | None,
    sets: Sequence[str],
    axes: Mapping[str, Sequence[ParamValue]],
    *,
    fixed: Mapping[str, ParamValue] | None = None,
    top: str = "aes_axi",
    target: str | None = None,
    sbox_synth: bool = True,
) -> tuple[list[Config], int]:
    """The configurations of a sweep and how many equivalent combinations were dropped.

    Each combination of `axes` is set over the base: the preset `preset` (or the
    `aes_axi` defaults on `target`, default the default target), then `fixed`, then the
    `--set` items `sets`. The top implemented is `top`; with `sbox_synth`, the synthesis
    options are those of the configuration's S-box (SBOX_SYNTH_OPTIONS), else the base's.
    A combination that builds the same design as an earlier one (the same parameters
    given to the top, the same synthesis options), or that the RTL refuses
    (`configs.check_combination`), is dropped.

    ConfigError (one line) for an unknown preset or parameter, an illegal value, or a
    parameter both set and swept.
    """
    from aescores.flow.targets import DEFAULT_TARGET, get_target

    set_values = configs.parse_sets(sets)
    both = [name for name in set_values if name in axes]
    if both:
        raise ConfigError(f"{', '.join(both)} is both set (--set) and swept; give its values to --grid only")
    overrides = {**(fixed or {}), **set_values}
    for name, values in axes.items():
        for value in values:
            configs.validate_params({name: value})
    if configs.TOPS.get(top) is None:
        raise ConfigError(f"unknown top {top!r}; known: {', '.join(configs.TOPS)}")
    tgt = target or DEFAULT_TARGET
    base = configs.configure(preset, overrides, target=tgt, freq_mhz=get_target(tgt).freq_mhz)
    out: list[Config] = []
    seen: set[tuple[object, ...]] = set()
    dropped = 0
    for point in expand(axes):
        merged = {**base.full_params, **point}
        full = _canonical(merged, base.full_params)
        try:
            configs.check_combination(full)
        except ConfigError:
            dropped += 1
            continue
        changed = {**overrides, **{k: v for k, v in full.items() if k in point or v != merged[k]}}
        p = configs.configure(preset, changed, target=tgt, freq_mhz=get_target(tgt).freq_mhz)
        p = dataclasses.replace(p, top=top)
        if sbox_synth:
            p = dataclasses.replace(p, synth_options=dict(SBOX_SYNTH_OPTIONS.get(str(full["SBOX"]), {})))
        key = (tuple(sorted(p.top_params().items())), tuple(sorted(p.synth_options.items())))
        if key in seen:
            dropped += 1
            continue
        seen.add(key)
        out.append(Config(label_of(p, [n for n, v in axes.items() if len(v) > 1]), p))
    return out, dropped


# --------------------------------------------------------------------------- Pareto front


def pareto_front(points: Sequence[tuple[float, float]]) -> list[int]:
    """The indices of the points (area, throughput) no other point beats: none has less
    or equal area and more or equal throughput, one of them strictly.

    Sorted by area (ascending, so throughput ascends too). Of equal points the first is
    kept. Points with an area or a throughput that is not positive are left out.
    """
    order = sorted((i for i, (x, y) in enumerate(points) if x > 0 and y > 0),
                   key=lambda i: (points[i][0], -points[i][1], i))
    front: list[int] = []
    best = float("-inf")
    for i in order:
        if points[i][1] > best:
            front.append(i)
            best = points[i][1]
    return front


# --------------------------------------------------------------------------- progress


def eta_seconds(build_seconds: Sequence[float], remaining: int, jobs: int) -> float | None:
    """Seconds left: the mean time of the builds so far (not the cached ones) times the
    builds remaining, divided by the builds that run at once (`jobs`, or fewer when fewer
    remain). None before the first build; 0 when none remain."""
    if remaining <= 0:
        return 0.0
    if not build_seconds:
        return None
    mean = sum(build_seconds) / len(build_seconds)
    return mean * remaining / max(1, min(jobs, remaining))


def format_eta(seconds: float | None) -> str:
    """'mm:ss' (minutes may pass 59), or '--:--' when not known yet."""
    if seconds is None:
        return "--:--"
    total = int(round(seconds))
    return f"{total // 60:02d}:{total % 60:02d}"


def progress_line(k: int, n: int, row: Mapping[str, Any], eta: float | None) -> str:
    """`[k/n] LABEL: LUT4, Fmax, Gbit/s (cached|built in S s), ETA mm:ss`, or the error
    (its first line) of a build that failed."""
    head = f"[{k}/{n}] {row['label']}: "
    if row.get("error"):
        first = str(row["error"]).strip().splitlines()[0] if str(row["error"]).strip() else "failed"
        return head + f"FAILED after {float(row['seconds']):.0f} s: {first}, ETA {format_eta(eta)}"
    how = "cached" if row.get("cached") else f"built in {float(row['seconds']):.0f} s"
    return (head + f"{int(row['lut4']):,} LUT4, {float(row['fmax_mhz']):.1f} MHz, {float(row['gbps']):.2f} Gbit/s "
            f"({how}), ETA {format_eta(eta)}")


# --------------------------------------------------------------------------- building


def cached_folder(preset: Preset, target: str | None, *, seed: int, freq_mhz: float | None,
                  xc7: bool) -> Path | None:
    """The result folder of `preset` in the flow's cache, or None when it would be built.

    The key is computed as `implement_preset` computes it; a folder with that key under
    another name (the same design built as a preset, say) counts too: its name is the
    folder's first part, and the build is then made under that name to find it.
    """
    from aescores.flow import FlowError, preset_design, preset_target
    from aescores.flow import cache as flow_cache
    from aescores.flow.run import XC7_TIMEOUT_S, cache_fields, result_folder

    try:
        tgt, goal = preset_target(preset, target, freq_mhz)
        design = preset_design(preset)
        key = flow_cache.cache_key(cache_fields(design, tgt, seed, goal, xc7, XC7_TIMEOUT_S, True))
    except (FlowError, KeyError, OSError):
        return None
    own = result_folder(design, tgt, key)
    if flow_cache.load(own) is not None:
        return own
    for folder in sorted(own.parent.glob(f"*-{tgt.name}-{key[:16]}")):
        hit = flow_cache.load(folder)
        if hit is not None and hit.get("cache_key") == key and folder.name == f"{hit.get('design')}-{tgt.name}-{key[:16]}":
            return folder
    return None


def _build_name(folder: Path | None, preset: Preset) -> str:
    """The design name a cached `folder` was built under (the preset's own without one)."""
    if folder is None:
        return preset.name
    from aescores.flow import cache as flow_cache

    hit = flow_cache.load(folder) or {}
    return str(hit.get("design") or preset.name)


@dataclass(frozen=True)
class _Task:
    """One build, as sent to a worker process."""

    index: int
    preset: Preset
    target: str | None
    seed: int
    freq_mhz: float | None
    xc7: bool
    implement: Implement


_FIGURES = ("target", "lut4", "ff", "ebr", "fmax_mhz", "freq_goal_mhz", "gbps", "mbps_per_lut", "clocks_per_block",
            "cached")


def _build(task: _Task) -> dict[str, Any]:
    """Run one build (in a worker process or here): its figures or its error, and the
    seconds it took. Every exception but an interrupt is caught: the sweep goes on."""
    t0 = time.monotonic()
    try:
        figures = task.implement(task.preset, task.target, seed=task.seed, freq_mhz=task.freq_mhz, xc7=task.xc7)
    except Exception as exc:  # noqa: BLE001 - a failed build is a result of the sweep
        from aescores import tools
        from aescores.flow import FlowError

        known = isinstance(exc, (FlowError, tools.ToolError))
        text = str(exc) if known else f"{type(exc).__name__}: {exc}"
        return {"index": task.index, "error": text or type(exc).__name__, "seconds": time.monotonic() - t0}
    flow = figures.get("flow") or {}
    kept = {k: figures.get(k) for k in _FIGURES}
    kept["build_seconds"] = (flow.get("seconds") or {}).get("total") if isinstance(flow, Mapping) else None
    kept["folder"] = flow.get("folder") if isinstance(flow, Mapping) else None
    return {"index": task.index, "figures": kept, "error": None, "seconds": time.monotonic() - t0}


def make_row(config: Config, outcome: Mapping[str, Any], target: str | None) -> dict[str, Any]:
    """A results row: the configuration's parameters, its figures or its error."""
    from aescores.flow.targets import get_target

    p = config.preset
    tgt = target or p.target
    figures = outcome.get("figures") or {}
    try:
        family = get_target(tgt).family
    except KeyError:
        family = ""
    row: dict[str, Any] = {"name": config.name, "label": config.label, **config.params, "top": p.top,
                           "target": figures.get("target") or tgt,
                           "synth_options": p.synth_options.get(family, "")}
    for key in ("lut4", "ff", "ebr", "fmax_mhz", "gbps"):
        row[key] = figures.get(key)
    row["mbps_per_lut4"] = figures.get("mbps_per_lut")
    row["pareto"] = False
    row["cached"] = bool(figures.get("cached", False))
    row["seconds"] = round(float(outcome.get("seconds") or 0.0), 1)
    row["error"] = outcome.get("error")
    row["freq_goal_mhz"] = figures.get("freq_goal_mhz")
    row["clocks_per_block"] = figures.get("clocks_per_block", p.clocks_per_block)
    row["build_seconds"] = figures.get("build_seconds")
    row["folder"] = repo_relative(figures.get("folder"))
    return row


def repo_relative(folder: str | None) -> str | None:
    """A result folder as a path relative to the repository when it is inside it (so
    that a results file written into docs/ names no folder of one machine)."""
    if not folder:
        return folder
    try:
        return Path(folder).resolve().relative_to(paths.ROOT).as_posix()
    except ValueError:
        return folder


def run_configs(
    configs_: Sequence[Config],
    *,
    target: str | None = None,
    seed: int = 1,
    freq_mhz: float | None = None,
    xc7: bool = False,
    jobs: int = 1,
    implement: Implement | None = None,
    probe: CacheProbe | None = None,
    say: Say | None = None,
    on_row: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Build every configuration and return their rows, in the order given.

    The configurations found in the cache (`probe`, default `cached_folder`) are read
    first, here; the others are built `jobs` at a time in a process pool (here, one after
    the other, when `jobs` is 1). Each finished build is reported by one `progress_line`
    to `say` and passed to `on_row`. A build that fails is a row with its error.
    """
    implement = implement or implement_preset
    probe = probe or cached_folder
    say = say or (lambda _msg: None)
    n = len(configs_)
    rows: list[dict[str, Any] | None] = [None] * n
    tasks: list[tuple[_Task, bool]] = []
    for i, config in enumerate(configs_):
        folder = probe(config.preset, target, seed=seed, freq_mhz=freq_mhz, xc7=xc7)
        name = _build_name(folder, config.preset)
        preset = config.preset if name == config.preset.name else dataclasses.replace(config.preset, name=name)
        tasks.append((_Task(i, preset, target, seed, freq_mhz, xc7, implement), folder is not None))
    build_seconds: list[float] = []
    done = 0

    def finish(outcome: Mapping[str, Any]) -> None:
        nonlocal done
        i = int(outcome["index"])
        row = make_row(configs_[i], outcome, target)
        rows[i] = row
        done += 1
        if not row["cached"]:
            build_seconds.append(float(outcome.get("seconds") or 0.0))
        say(progress_line(done, n, row, eta_seconds(build_seconds, n - done, jobs)))
        if on_row is not None:
            on_row(row)

    for task, hit in tasks:
        if hit:
            finish(_build(task))
    to_build = [task for task, hit in tasks if not hit]
    if jobs <= 1 or len(to_build) <= 1:
        for task in to_build:
            finish(_build(task))
    else:
        _run_pool(to_build, min(jobs, len(to_build)), finish)
    return [r for r in rows if r is not None]


def _run_pool(tasks: Sequence[_Task], workers: int, finish: Callable[[Mapping[str, Any]], None]) -> None:
    """Run `tasks` in a pool of `workers` processes, passing each outcome to `finish` as
    it ends; a worker that dies is recorded as the error of its build."""
    def failed(task: _Task, exc: Exception) -> dict[str, Any]:
        return {"index": task.index, "seconds": 0.0, "error": failure_text(exc)}

    run_pool(_build, tasks, workers, finish, failed)


def mark_pareto(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Set `pareto` on the rows of the front (LUT4 against Gbit/s; failed rows are not
    on it) and return those rows, by LUT4."""
    ok = [r for r in rows if not r.get("error") and r.get("lut4") and r.get("gbps")]
    front = [ok[i] for i in pareto_front([(float(r["lut4"]), float(r["gbps"])) for r in ok])]
    for r in rows:
        r["pareto"] = any(r is f for f in front)
    return front


# --------------------------------------------------------------------------- output


def to_csv(rows: Sequence[Mapping[str, Any]]) -> str:
    """results.csv: one line per row, the columns of CSV_COLUMNS (empty for None)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in rows:
        writer.writerow(["" if r.get(c) is None else r.get(c) for c in CSV_COLUMNS])
    return buf.getvalue()


def preset_points(results_json: Path, top: str, target: str | None) -> list[tuple[float, float, str]]:
    """(LUT4, Gbit/s, name) of the named presets in a report's results.json, built with
    `top` (a row's own figures, or its whole-IP entry "ip" for `aes_axi`) on `target`
    (any target when None). Empty when the file is missing or unreadable."""
    try:
        data = json.loads(Path(results_json).read_text())
    except (OSError, ValueError):
        return []
    points = []
    for r in data.get("presets", []) if isinstance(data, dict) else []:
        if not isinstance(r, dict) or (target is not None and r.get("target") != target):
            continue
        fig = r if r.get("top") == top else r.get("ip") if isinstance(r.get("ip"), dict) else None
        if not fig or fig.get("top", r.get("top")) != top or not fig.get("lut4") or not fig.get("gbps"):
            continue
        name = f"{r.get('preset')} (stale)" if r.get("stale") else str(r.get("preset"))
        points.append((float(fig["lut4"]), float(fig["gbps"]), name))
    return points


def published_points() -> list[tuple[float, float, str, bool]]:
    """(LUTs, Gbit/s, label, exact) of the published reference designs of the presets that
    have an area: exact LUTs, or slices times LUTs per slice (an upper bound)."""
    out = []
    seen: set[str] = set()
    for p in configs.PRESETS.values():
        pub = p.published
        if pub is None or pub.ref in seen or not pub.gbps:
            continue
        seen.add(pub.ref)
        est = pub.lut_estimate()
        if est is not None:
            out.append((float(est[0]), float(pub.gbps), f"{pub.ref} {pub.device}", est[1]))
    return out


def write_outputs(out_dir: Path, data: Mapping[str, Any], svg: str) -> list[Path]:
    """Write results.csv, results.json and plot.svg into `out_dir`; their paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    files = [out / "results.csv", out / "results.json", out / "plot.svg"]
    files[0].write_text(to_csv(data["rows"]))
    files[1].write_text(json.dumps(data, indent=2) + "\n")
    files[2].write_text(svg)
    return files


# --------------------------------------------------------------------------- command


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the `explore` sub-command."""
    from aescores.cli import add_set_option
    from aescores.flow.targets import TARGETS

    sweeps = "; ".join(f"{s.name}: {s.description}" for s in SWEEPS.values())
    p = subparsers.add_parser(
        "explore",
        help="implement a grid of configurations; CSV, JSON and a throughput-against-area plot",
        description="Implement every combination of parameter values (--grid, or a named --sweep) over a "
        "base configuration (a preset and --set, or the defaults), several builds at once, and write "
        "results.csv, results.json and plot.svg (Gbit/s against LUT4 with the Pareto front). Cached "
        "results are reused. See docs/explore.md.",
    )
    p.add_argument("preset", metavar="PRESET", nargs="?",
                   help=f"base configuration (default: the aes_axi defaults): {', '.join(configs.PRESETS)}")
    add_set_option(p)
    p.add_argument("--grid", action="append", default=[], metavar="NAME=V1,V2,...",
                   help="sweep a parameter over these values (repeatable; every combination is built)")
    p.add_argument("--sweep", choices=sorted(SWEEPS), metavar="NAME",
                   help=f"a named sweep (--grid may add or change axes): {sweeps}")
    p.add_argument("--top", choices=sorted(configs.TOPS), default="aes_axi",
                   help="Verilog top to implement (default aes_axi: the whole IP)")
    p.add_argument("--target", metavar="T", help=f"device (default: the base's): {', '.join(TARGETS)}")
    p.add_argument("--seed", type=int, default=1, metavar="N", help="nextpnr placement seed (default 1)")
    p.add_argument("--freq", type=float, metavar="MHZ",
                   help="frequency goal for nextpnr (default: the base preset's, or the target's)")
    p.add_argument("--xc7", action=argparse.BooleanOptionalAction, default=False,
                   help="also count Yosys synth_xilinx cells (default --no-xc7: quicker)")
    p.add_argument("--base-synth", action="store_true",
                   help="keep the base's synthesis options for every configuration (default: by S-box, "
                        "COMPOSITE with synth_ecp5 -nowidelut as the COMPOSITE presets)")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                   help="builds at once, each one process (default: the number of CPUs)")
    p.add_argument("--out", type=Path, metavar="DIR", help="where to write (default build/explore/<sweep or grid>)")
    p.add_argument("--dry-run", action="store_true", help="list the configurations and which are cached; build nothing")
    p.set_defaults(func=run)


def _stderr(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    """`aescores explore`: build the configurations, write the results and the plot."""
    from aescores.flow.command import check_names

    from .plot import render_svg

    check_names(args.preset, args.target)
    if args.jobs < 1:
        raise CliError("-j must be at least 1")
    if args.seed < 0:
        raise CliError("--seed must be a non-negative integer")
    if args.freq is not None and args.freq <= 0:
        raise CliError("--freq must be positive")
    sweep = SWEEPS[args.sweep] if args.sweep else None
    try:
        grid = parse_grid(args.grid)
        if sweep is None and not grid:
            raise CliError(f"give --grid NAME=V1,V2,... or --sweep NAME ({', '.join(SWEEPS)})")
        axes = {**(sweep.axes if sweep else {}), **grid}
        config_list, dropped = make_configs(
            args.preset, args.set, axes, fixed=sweep.fixed if sweep else None, top=args.top, target=args.target,
            sbox_synth=not args.base_synth,
        )
    except ConfigError as exc:
        raise CliError(str(exc)) from None
    what = sweep.name if sweep else "grid"
    xc7 = bool(args.xc7)
    if args.dry_run:
        return _dry_run(config_list, dropped, what, args, xc7)

    out_dir = args.out or paths.BUILD_DIR / "explore" / what
    _stderr(f"aescores explore {what}: {len(config_list)} configurations"
            + (f" ({dropped} equivalent combinations dropped)" if dropped else "")
            + f", top {args.top}, -j {args.jobs}")
    done: list[dict[str, Any]] = []
    t0 = time.monotonic()
    meta = {
        "generated_by": "aescores explore",
        "sweep": sweep.name if sweep else None,
        "base": {"preset": args.preset, "set": list(args.set), "fixed": dict(sweep.fixed) if sweep else {}},
        "axes": {k: list(v) for k, v in axes.items()},
        "top": args.top,
        "target": args.target,
        "seed": args.seed,
        "freq_goal_mhz": args.freq,
        "xc7": xc7,
        "jobs": args.jobs,
        "throughput": THROUGHPUT,
        "configurations": len(config_list),
        "dropped_equivalent": dropped,
    }
    interrupted = True
    try:
        rows = run_configs(config_list, target=args.target, seed=args.seed, freq_mhz=args.freq, xc7=xc7,
                           jobs=args.jobs, implement=implement_preset, probe=cached_folder, say=_stderr,
                           on_row=done.append)
        interrupted = False
    finally:
        if interrupted:  # write what was done before the interrupt
            order = {c.name: i for i, c in enumerate(config_list)}
            rows = sorted(done, key=lambda r: order.get(r["name"], 0))
            _stderr(f"aescores explore: interrupted; the {len(rows)} results done are written to {out_dir}")
        front = mark_pareto(rows)
        data = {**meta, "interrupted": interrupted, "seconds": round(time.monotonic() - t0, 1),
                "pareto": [r["name"] for r in front], "rows": rows}
        target_name = args.target or (config_list[0].preset.target if config_list else None)
        svg = render_svg(rows, title=f"aescores explore {what}: throughput against area",
                         top=args.top, target=target_name,
                         presets=preset_points(paths.DOCS_DIR / "results.json", args.top, target_name),
                         published=published_points())
        files = write_outputs(out_dir, data, svg)
    for f in files:
        print(f)
    if front:
        print("Pareto front (most Gbit/s for the LUT4):")
        for r in front:
            print(f"  {int(r['lut4']):>7,} LUT4  {float(r['gbps']):7.2f} Gbit/s  {r['ebr']} EBR  {r['label']}")
    failed = [r for r in rows if r.get("error")]
    if failed:
        _stderr(f"aescores explore: {len(failed)} of {len(rows)} builds failed: "
                + ", ".join(r["label"] for r in failed))
    return 1 if failed else 0


# Typical cold build times in minutes (docs/explore.md), for the dry run's rough estimate.
BUILD_MINUTES = {"ITERATIVE": (1.0, 4.0), "PIPELINED": (3.0, 6.0)}


def _dry_run(config_list: Sequence[Config], dropped: int, what: str, args: argparse.Namespace, xc7: bool) -> int:
    """List the configurations and whether each is cached; nothing is built."""
    print(f"{what}: {len(config_list)} configurations"
          + (f" ({dropped} equivalent combinations dropped)" if dropped else "")
          + f", top {args.top}, seed {args.seed}, {'with' if xc7 else 'no'} xc7 counts")
    width = max((len(c.label) for c in config_list), default=0)
    todo = []
    for i, c in enumerate(config_list, 1):
        folder = cached_folder(c.preset, args.target, seed=args.seed, freq_mhz=args.freq, xc7=xc7)
        if folder is None:
            todo.append(c)
        print(f"{i:4d}  {c.label:<{width}}  {'cached' if folder else 'to build'}  {c.name}")
    n = len(todo)
    line = f"{len(config_list) - n} cached, {n} to build"
    if n:
        workers = max(1, min(args.jobs, os.cpu_count() or 1, n))
        lo = sum(BUILD_MINUTES.get(str(c.params["ARCH"]), (1.0, 6.0))[0] for c in todo) / workers
        hi = sum(BUILD_MINUTES.get(str(c.params["ARCH"]), (1.0, 6.0))[1] for c in todo) / workers
        line += (f" with -j {args.jobs}: roughly {lo:.0f} to {hi:.0f} min ({workers} at once) from typical cold "
                 "build times (docs/explore.md), more when the CPUs are shared")
    print(line)
    return 0
