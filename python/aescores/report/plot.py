# SPDX-License-Identifier: Apache-2.0
"""A small SVG scatter plot with log-scaled axes (no plotting library needed).

`scatter_svg` draws labelled points of several series on log10 x and y axes, with
decade grid lines (and 2x, 5x ticks when the range is short), axis titles, a legend,
and labels placed so that they do not overlap each other where avoidable.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 760, 500
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_BOTTOM = 70, 24, 62
FONT = "font-family=\"Helvetica, Arial, sans-serif\""
CHAR_W = 6.2  # mean width of one 11 px character, for label boxes


@dataclass
class Series:
    """Points drawn with one marker: 'circle', 'triangle' or 'square'; hollow = outline only."""

    name: str
    color: str
    marker: str = "circle"
    hollow: bool = False
    points: list[tuple[float, float, str]] = field(default_factory=list)  # (x, y, label)


def _nice(v: float, up: bool) -> float:
    """The next 1-2-5 step at or above (up) or at or below v."""
    e = math.floor(math.log10(v))
    steps = [m * 10.0**k for k in (e - 1, e, e + 1) for m in (1, 2, 5)]
    return min(x for x in steps if x >= v) if up else max(x for x in steps if x <= v)


def _log_range(values: list[float]) -> tuple[float, float]:
    """log10 of 1-2-5 bounds around the values, with a little room on both sides."""
    lo, hi = _nice(min(values) / 1.15, up=False), _nice(max(values) * 1.15, up=True)
    if hi <= lo:
        hi = _nice(lo * 2.1, up=True)
    return math.log10(lo), math.log10(hi)


def _ticks(lo_e: float, hi_e: float) -> list[tuple[float, bool]]:
    """(value, major) ticks in range: every decade, plus 2x and 5x when there are few decades."""
    out = []
    for e in range(math.floor(lo_e), math.ceil(hi_e) + 1):
        out.append((10.0**e, True))
        if hi_e - lo_e <= 3.5:
            out += [(2 * 10.0**e, False), (5 * 10.0**e, False)]
    eps = 1e-9
    return [(v, major) for v, major in out if lo_e - eps <= math.log10(v) <= hi_e + eps]


def _fmt(v: float) -> str:
    if v >= 1000:
        return f"{v:,.0f}"
    if v >= 1:
        return f"{v:g}"
    return f"{v:.2g}"


def _marker(kind: str, x: float, y: float, color: str, hollow: bool) -> str:
    fill = "white" if hollow else color
    style = f'fill="{fill}" stroke="{color}" stroke-width="1.6"'
    if kind == "triangle":
        pts = f"{x:.1f},{y - 6:.1f} {x - 5.5:.1f},{y + 4:.1f} {x + 5.5:.1f},{y + 4:.1f}"
        return f'<polygon points="{pts}" {style}/>'
    if kind == "square":
        return f'<rect x="{x - 4.5:.1f}" y="{y - 4.5:.1f}" width="9" height="9" {style}/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" {style}/>'


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def frame_svg(title: str, title_y: float, x_range: tuple[float, float], y_range: tuple[float, float],
              px: Callable[[float], float], py: Callable[[float], float],
              top: float, plot_w: float, plot_h: float,
              size: tuple[int, int] = (WIDTH, HEIGHT), left: float = MARGIN_LEFT) -> list[str]:
    """The opening SVG lines of a log-log plot on a page of `size`: the page and its title,
    the grid with its tick labels (decades major), and the frame of the plot area (`left`,
    `top`, `plot_w`, `plot_h`); `px`/`py` map data values to page coordinates."""
    width, height = size
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2:.0f}" y="{title_y:.0f}" text-anchor="middle" font-size="16" font-weight="bold" {FONT}>'
        f"{escape(title)}</text>",
    ]
    for v, major in _ticks(*x_range):
        x = px(v)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + plot_h}" '
                   f'stroke="{"#cccccc" if major else "#eeeeee"}" stroke-width="1"/>')
        out.append(f'<text x="{x:.1f}" y="{top + plot_h + 16}" text-anchor="middle" font-size="11" '
                   f'fill="{"#333333" if major else "#888888"}" {FONT}>{escape(_fmt(v))}</text>')
    for v, major in _ticks(*y_range):
        y = py(v)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" '
                   f'stroke="{"#cccccc" if major else "#eeeeee"}" stroke-width="1"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11" '
                   f'fill="{"#333333" if major else "#888888"}" {FONT}>{escape(_fmt(v))}</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" '
               f'stroke="#333333" stroke-width="1"/>')
    return out


def scatter_svg(series: list[Series], title: str, x_title: str, y_title: str, caption: str = "") -> str:
    """The SVG text of a log-log scatter plot of `series`."""
    xs = [p[0] for s in series for p in s.points if p[0] > 0 and p[1] > 0]
    ys = [p[1] for s in series for p in s.points if p[0] > 0 and p[1] > 0]
    if not xs:
        xs, ys = [100.0, 100000.0], [0.1, 100.0]
    x_lo, x_hi = _log_range(xs)
    y_lo, y_hi = _log_range(ys)
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    legend_at: list[tuple[float, float]] = []
    lx, ly = float(MARGIN_LEFT), 48.0
    for s_ in series:
        w = 16 + CHAR_W * len(s_.name) + 18
        if lx + w > MARGIN_LEFT + plot_w and lx > MARGIN_LEFT:
            lx, ly = float(MARGIN_LEFT), ly + 18
        legend_at.append((lx, ly))
        lx += w
    top = int(ly) + 14  # the plot starts under the legend
    plot_h = HEIGHT - top - MARGIN_BOTTOM

    def px(x: float) -> float:
        return MARGIN_LEFT + (math.log10(x) - x_lo) / (x_hi - x_lo) * plot_w

    def py(y: float) -> float:
        return top + plot_h - (math.log10(y) - y_lo) / (y_hi - y_lo) * plot_h

    out = frame_svg(title, 24, (x_lo, x_hi), (y_lo, y_hi), px, py, top, plot_w, plot_h)
    out.append(f'<text x="{MARGIN_LEFT + plot_w / 2:.0f}" y="{HEIGHT - 26}" text-anchor="middle" font-size="13" '
               f"{FONT}>{escape(x_title)}</text>")
    cy = top + plot_h / 2
    out.append(f'<text x="18" y="{cy:.0f}" text-anchor="middle" font-size="13" transform="rotate(-90 18 {cy:.0f})" '
               f"{FONT}>{escape(y_title)}</text>")
    if caption:
        out.append(f'<text x="{MARGIN_LEFT}" y="{HEIGHT - 8}" font-size="10" fill="#555555" {FONT}>'
                   f"{escape(caption)}</text>")

    # points, then labels placed around them without overlapping earlier labels or points
    placed: list[tuple[float, float, float, float]] = []
    dots = [(px(x), py(y)) for s in series for x, y, _ in s.points if x > 0 and y > 0]
    placed += [(x - 6, y - 6, x + 6, y + 6) for x, y in dots]
    labels = []
    for s in series:
        for x, y, label in s.points:
            if x <= 0 or y <= 0:
                continue
            X, Y = px(x), py(y)
            out.append(_marker(s.marker, X, Y, s.color, s.hollow))
            w = CHAR_W * len(label)
            candidates = [
                (X + 8, Y + 4, "start"), (X - 8, Y + 4, "end"), (X + 6, Y - 9, "start"),
                (X + 6, Y + 17, "start"), (X - 6, Y - 9, "end"), (X - 6, Y + 17, "end"),
            ]
            chosen = candidates[0]
            for tx, ty, anchor in candidates:
                x0 = tx if anchor == "start" else tx - w
                box = (x0, ty - 10, x0 + w, ty + 2)
                inside = box[0] >= 2 and box[2] <= WIDTH - 2 and box[1] >= top and box[3] <= HEIGHT - 40
                if inside and not any(_overlaps(box, b) for b in placed):
                    chosen = (tx, ty, anchor)
                    break
            tx, ty, anchor = chosen
            x0 = tx if anchor == "start" else tx - w
            placed.append((x0, ty - 10, x0 + w, ty + 2))
            labels.append(f'<text x="{tx:.1f}" y="{ty:.1f}" text-anchor="{anchor}" font-size="11" '
                          f'fill="{s.color}" {FONT}>{escape(label)}</text>')
    out += labels

    # legend: one row (or more) under the title, outside the plot so it hides no point
    for s_, (lx, ly) in zip(series, legend_at):
        out.append(_marker(s_.marker, lx + 6, ly - 4, s_.color, s_.hollow))
        out.append(f'<text x="{lx + 16}" y="{ly:.0f}" font-size="11" {FONT}>{escape(s_.name)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
