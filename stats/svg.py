"""Plots drawn on the server as SVG, a pure module (no Django): no script, no external file.

The pictures scale to the width of the page (``viewBox``, no fixed size), so the same markup
reads on a phone and on a desk. Colours and sizes are presentation attributes, which the site's
content security policy allows (it forbids inline ``style``); text is escaped here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH = 360
ROW = 22
LABEL = 112
RIGHT = 14
TOP = 18
INK = "#1f2328"
MUTED = "#5f6670"
LINE = "#d9d5cc"
ACCENT = "#2f6f3a"


@dataclass(frozen=True)
class Interval:
    label: str
    value: float | None
    low: float | None
    high: float | None
    colour: str = ACCENT


def _fmt(x: float, percent: bool) -> str:
    return f"{100 * x:.0f}%" if percent else f"{x:.3g}"


def _ticks(lo: float, hi: float, count: int = 4) -> list[float]:
    """Round tick values inside [lo, hi]: the 1-2-2.5-5 step giving closest to ``count``."""
    span = hi - lo
    if span <= 0:
        return [lo]
    base = 10 ** math.floor(math.log10(span / count))
    steps = [m * base for m in (0.5, 1, 2, 2.5, 5, 10, 20)]
    step = min(steps, key=lambda st: abs(span / st - count))
    first = math.ceil(lo / step - 1e-9) * step
    return [round(first + i * step, 10) for i in range(int((hi - first) / step + 1e-9) + 1)]


def interval_chart(
    rows: Sequence[Interval],
    *,
    title: str,
    reference: float | None = None,
    percent: bool = False,
    domain: tuple[float, float] | None = None,
    chart_id: str = "",
) -> str:
    """One row per item: a dot at the value and a bar over its confidence interval, with an
    optional dashed reference line (e.g. the share of wins an average seat gets)."""
    shown = [r for r in rows if r.value is not None]
    height = TOP + ROW * max(1, len(shown)) + 22
    values = [v for r in shown for v in (r.value, r.low, r.high) if v is not None]
    if reference is not None:
        values.append(reference)
    if domain is None:
        lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
        pad = (hi - lo) * 0.05 or 1.0
        lo, hi = lo - pad, hi + pad
    else:
        lo, hi = domain
    plot = WIDTH - LABEL - RIGHT

    def x(v: float) -> float:
        return LABEL + plot * (min(max(v, lo), hi) - lo) / (hi - lo)

    out = [
        f'<svg class="stats-chart" id="{escape(chart_id)}" viewBox="0 0 {WIDTH} {height}" '
        f'role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="system-ui, sans-serif" font-size="11">',
        f"<title>{escape(title)}</title>",
    ]
    axis_y = TOP + ROW * max(1, len(shown))
    for t in _ticks(lo, hi):
        out.append(
            f'<line x1="{x(t):.1f}" y1="{TOP - 6}" x2="{x(t):.1f}" y2="{axis_y}" stroke="{LINE}"/>'
            f'<text x="{x(t):.1f}" y="{axis_y + 14}" text-anchor="middle" fill="{MUTED}">'
            f"{escape(_fmt(t, percent))}</text>"
        )
    if reference is not None and lo <= reference <= hi:
        out.append(
            f'<line class="reference" x1="{x(reference):.1f}" y1="{TOP - 8}" '
            f'x2="{x(reference):.1f}" y2="{axis_y}" stroke="{INK}" stroke-dasharray="3 3"/>'
        )
    for i, r in enumerate(shown):
        y = TOP + ROW * i + ROW / 2
        label = r.label if len(r.label) <= 18 else r.label[:17] + "…"
        out.append(
            f'<g class="row"><text x="{LABEL - 6}" y="{y + 4:.1f}" text-anchor="end" '
            f'fill="{INK}">{escape(label)}</text>'
        )
        if r.low is not None and r.high is not None:
            out.append(
                f'<line x1="{x(r.low):.1f}" y1="{y:.1f}" x2="{x(r.high):.1f}" y2="{y:.1f}" '
                f'stroke="{r.colour}" stroke-width="3" stroke-opacity="0.45" '
                f'stroke-linecap="round"/>'
            )
        value = r.value if r.value is not None else 0.0
        out.append(
            f'<circle cx="{x(value):.1f}" cy="{y:.1f}" r="4" fill="{r.colour}" stroke="{INK}" '
            f'stroke-width="0.6"><title>{escape(r.label)}: {escape(_fmt(value, percent))}'
            + (
                f" ({escape(_fmt(r.low, percent))} \u2013 {escape(_fmt(r.high, percent))})"
                if r.low is not None and r.high is not None
                else ""
            )
            + "</title></circle></g>"
        )
    out.append("</svg>")
    return "".join(out)


def line_chart(
    points: Sequence[tuple[str, float]], *, title: str, chart_id: str = "", height: int = 180
) -> str:
    """A line through ``(label, value)`` points in order (e.g. a rating after each game), with
    the first and last labels under the axis."""
    left, bottom, top = 44, 26, 12
    plot_w, plot_h = WIDTH - left - RIGHT, height - top - bottom
    out = [
        f'<svg class="stats-chart" id="{escape(chart_id)}" viewBox="0 0 {WIDTH} {height}" '
        f'role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="system-ui, sans-serif" font-size="11">',
        f"<title>{escape(title)}</title>",
    ]
    if points:
        values = [v for _, v in points]
        lo, hi = min(values), max(values)
        pad = (hi - lo) * 0.1 or 10.0
        lo, hi = lo - pad, hi + pad
        n = len(points)

        def x(i: int) -> float:
            return left + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

        def y(v: float) -> float:
            return top + plot_h * (hi - v) / (hi - lo)

        for t in _ticks(lo, hi):
            out.append(
                f'<line x1="{left}" y1="{y(t):.1f}" x2="{WIDTH - RIGHT}" y2="{y(t):.1f}" '
                f'stroke="{LINE}"/><text x="{left - 4}" y="{y(t) + 4:.1f}" text-anchor="end" '
                f'fill="{MUTED}">{escape(f"{t:.0f}")}</text>'
            )
        path = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, (_, v) in enumerate(points))
        out.append(f'<polyline points="{path}" fill="none" stroke="{ACCENT}" stroke-width="2"/>')
        for i, (label, v) in enumerate(points):
            out.append(
                f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.5" fill="{ACCENT}">'
                f"<title>{escape(label)}: {v:.0f}</title></circle>"
            )
        base = height - 8
        out.append(
            f'<text x="{left}" y="{base}" fill="{MUTED}">{escape(points[0][0])}</text>'
            f'<text x="{WIDTH - RIGHT}" y="{base}" text-anchor="end" fill="{MUTED}">'
            f"{escape(points[-1][0])}</text>"
        )
    out.append("</svg>")
    return "".join(out)
