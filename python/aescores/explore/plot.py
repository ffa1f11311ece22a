# SPDX-License-Identifier: Apache-2.0
"""The SVG of `aescores explore`: Gbit/s against LUT4, both on log scales.

Each configuration built is a circle, filled when it uses block RAM (its EBR count is in
its label), hollow when it does not. The Pareto front (the most Gbit/s for the LUT4) is a
step line through its points, which are ringed. The named presets of the report
(docs/results.json) are squares and the published reference designs triangles, beside
them. The axes, ticks and markers are those of the report's plot (`report.plot`).
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence
from xml.sax.saxutils import escape

from aescores.report.plot import CHAR_W, FONT, _fmt, _log_range, _marker, _overlaps, frame_svg

WIDTH, HEIGHT = 880, 600
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_BOTTOM = 72, 24, 78

CONFIG_COLOR = "#1f5fa8"
FRONT_COLOR = "#c0392b"
PRESET_COLOR = "#2e8b57"
PUBLISHED_COLOR = "#d0661c"

# Above this many configurations, only those on the front are labelled; below, the others
# are labelled where there is room (each marker has its label as a tooltip too).
LABEL_ALL_UP_TO = 30


def _config_label(row: Mapping[str, Any]) -> str:
    ebr = int(row.get("ebr") or 0)
    return f"{row['label']}, {ebr} EBR" if ebr else str(row["label"])


def render_svg(
    rows: Sequence[Mapping[str, Any]],
    *,
    title: str,
    top: str,
    target: str | None,
    presets: Sequence[tuple[float, float, str]] = (),
    published: Sequence[tuple[float, float, str, bool]] = (),
) -> str:
    """The SVG text of the plot of the explore rows (those with an error are not drawn),
    with the named presets (LUT4, Gbit/s, name) and the published designs (LUTs, Gbit/s,
    label, exact) beside them."""
    from . import pareto_front

    ok = [r for r in rows if not r.get("error") and (r.get("lut4") or 0) > 0 and (r.get("gbps") or 0) > 0]
    front = [ok[i] for i in pareto_front([(float(r["lut4"]), float(r["gbps"])) for r in ok])]
    on_front = {id(r) for r in front}
    presets = [p for p in presets if p[0] > 0 and p[1] > 0]
    published = [p for p in published if p[0] > 0 and p[1] > 0]

    xs = [float(r["lut4"]) for r in ok] + [p[0] for p in presets] + [p[0] for p in published]
    ys = [float(r["gbps"]) for r in ok] + [p[1] for p in presets] + [p[1] for p in published]
    if not xs:
        xs, ys = [1000.0, 100000.0], [0.1, 100.0]
    x_lo, x_hi = _log_range(xs)
    y_lo, y_hi = _log_range(ys)
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT

    # legend entries: (kind, color, hollow, text); kind "line" is the front's step line
    legend: list[tuple[str, str, bool, str]] = [
        ("circle", CONFIG_COLOR, False, "configuration using block RAM (EBR in label)"),
        ("circle", CONFIG_COLOR, True, "configuration without block RAM"),
        ("line", FRONT_COLOR, False, "Pareto front: most Gbit/s for the LUT4"),
    ]
    if presets:
        legend.append(("square", PRESET_COLOR, False, f"named presets ({top}, docs/results.json)"))
    if any(p[3] for p in published):
        legend.append(("triangle", PUBLISHED_COLOR, False, "published (LUTs of their device)"))
    if any(not p[3] for p in published):
        legend.append(("triangle", PUBLISHED_COLOR, True, "published, from slices (upper bound)"))
    legend_at: list[tuple[float, float]] = []
    lx, ly = float(MARGIN_LEFT), 50.0
    for _kind, _color, _hollow, text in legend:
        w = 22 + CHAR_W * len(text) + 18
        if lx + w > MARGIN_LEFT + plot_w and lx > MARGIN_LEFT:
            lx, ly = float(MARGIN_LEFT), ly + 18
        legend_at.append((lx, ly))
        lx += w
    top_y = int(ly) + 16
    plot_h = HEIGHT - top_y - MARGIN_BOTTOM

    def px(x: float) -> float:
        return MARGIN_LEFT + (math.log10(x) - x_lo) / (x_hi - x_lo) * plot_w

    def py(y: float) -> float:
        return top_y + plot_h - (math.log10(y) - y_lo) / (y_hi - y_lo) * plot_h

    out = frame_svg(title, 26, (x_lo, x_hi), (y_lo, y_hi), px, py, top_y, plot_w, plot_h,
                    size=(WIDTH, HEIGHT), left=MARGIN_LEFT)
    out.append(f'<text x="{MARGIN_LEFT + plot_w / 2:.0f}" y="{top_y + plot_h + 38}" text-anchor="middle" '
               f'font-size="13" {FONT}>LUT4 (log scale)</text>')
    cy = top_y + plot_h / 2
    out.append(f'<text x="18" y="{cy:.0f}" text-anchor="middle" font-size="13" transform="rotate(-90 18 {cy:.0f})" '
               f"{FONT}>throughput, Gbit/s (log scale)</text>")
    failed = sum(1 for r in rows if r.get("error"))
    captions = [
        f"128 x lanes x Fmax / clocks per block, AES-128 keys; LUT4 after place and route of {top}"
        + (f" on {target}" if target else "") + (f"; {failed} build(s) failed, not drawn" if failed else "") + ".",
        "Published designs: LUTs of their own devices (mostly LUT6), not LUT4; those without an area are left out.",
    ]
    for i, text in enumerate(captions):
        out.append(f'<text x="{MARGIN_LEFT}" y="{HEIGHT - 22 + 13 * i}" font-size="10" fill="#555555" {FONT}>'
                   f"{escape(text)}</text>")

    # the front: a step line (the best throughput for each LUT4 budget) and its points ringed
    line_boxes: list[tuple[float, float, float, float]] = []  # kept clear of labels
    if front:
        pts = [(px(float(r["lut4"])), py(float(r["gbps"]))) for r in front]
        steps = [*pts, (MARGIN_LEFT + plot_w, pts[-1][1])]
        for (x0, y0), (x1, y1) in zip(steps, steps[1:]):
            line_boxes += [(x0, y0 - 2, x1, y0 + 2), (x1 - 2, y1, x1 + 2, y0)]
        d = f"M {pts[0][0]:.1f} {pts[0][1]:.1f}"
        for x, y in pts[1:]:
            d += f" H {x:.1f} V {y:.1f}"
        d += f" H {MARGIN_LEFT + plot_w:.1f}"
        out.append('<g id="pareto-front">')
        out.append(f'<path d="{d}" fill="none" stroke="{FRONT_COLOR}" stroke-width="2" stroke-opacity="0.8"/>')
        for (x, y), r in zip(pts, front):
            out.append(f'<circle class="front" cx="{x:.1f}" cy="{y:.1f}" r="8.5" fill="none" stroke="{FRONT_COLOR}" '
                       f'stroke-width="2"><title>{escape(_config_label(r))}: {int(r["lut4"]):,} LUT4, '
                       f'{float(r["gbps"]):.2f} Gbit/s</title></circle>')
        out.append("</g>")

    # markers, then labels (front first) placed where they overlap nothing placed before
    marks: list[tuple[float, float, str, str, bool, str, int]] = []  # x, y, kind, color, hollow, label, priority
    label_all = len(ok) <= LABEL_ALL_UP_TO
    for r in ok:
        label = _config_label(r) if (label_all or id(r) in on_front) else ""
        marks.append((px(float(r["lut4"])), py(float(r["gbps"])), "circle", CONFIG_COLOR,
                      not int(r.get("ebr") or 0), label, 0 if id(r) in on_front else 2))
    for x, y, name in presets:
        marks.append((px(x), py(y), "square", PRESET_COLOR, False, name, 1))
    for x, y, name, exact in published:
        marks.append((px(x), py(y), "triangle", PUBLISHED_COLOR, not exact, name, 1))
    out.append('<g id="points">')
    for x, y, kind, color, hollow, label, _prio in marks:
        tip = f"<title>{escape(label)}</title>" if label else ""
        out.append(f"<g>{tip}{_marker(kind, x, y, color, hollow)}</g>")
    out.append("</g>")
    placed = [(x - 6, y - 6, x + 6, y + 6) for x, y, *_ in marks] + line_boxes
    labels = []
    for x, y, _kind, color, _hollow, label, prio in sorted(marks, key=lambda m: m[6]):
        if not label:
            continue
        w = CHAR_W * len(label)
        candidates = [(x + 10, y + 4, "start"), (x - 10, y + 4, "end"), (x + 7, y - 10, "start"),
                      (x + 7, y + 19, "start"), (x - 7, y - 10, "end"), (x - 7, y + 19, "end"),
                      (x + 4, y - 22, "start"), (x + 4, y + 31, "start"), (x - 4, y - 22, "end"), (x - 4, y + 31, "end")]
        chosen = None
        first_inside = None
        for tx, ty, anchor in candidates:
            x0 = tx if anchor == "start" else tx - w
            box = (x0, ty - 10, x0 + w, ty + 2)
            inside = box[0] >= 2 and box[2] <= WIDTH - 2 and box[1] >= top_y and box[3] <= top_y + plot_h
            if inside and first_inside is None:
                first_inside = (tx, ty, anchor)
            if inside and not any(_overlaps(box, b) for b in placed):
                chosen = (tx, ty, anchor)
                break
        if chosen is None:
            if prio > 1:  # no room: the marker's tooltip still names it
                continue
            chosen = first_inside or candidates[0]
        tx, ty, anchor = chosen
        x0 = tx if anchor == "start" else tx - w
        placed.append((x0, ty - 10, x0 + w, ty + 2))
        labels.append(f'<text x="{tx:.1f}" y="{ty:.1f}" text-anchor="{anchor}" font-size="11" fill="{color}" '
                      f"{FONT}>{escape(label)}</text>")
    out += labels

    for (kind, color, hollow, text), (lx, ly) in zip(legend, legend_at):
        if kind == "line":
            out.append(f'<path d="M {lx:.1f} {ly - 1:.1f} H {lx + 8:.1f} V {ly - 9:.1f} H {lx + 16:.1f}" fill="none" '
                       f'stroke="{color}" stroke-width="2"/>')
        else:
            out.append(_marker(kind, lx + 8, ly - 4, color, hollow))
        out.append(f'<text x="{lx + 22:.1f}" y="{ly:.0f}" font-size="11" {FONT}>{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
