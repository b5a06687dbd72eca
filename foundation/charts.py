"""The site's small server-drawn SVG charts: pure functions from figures to coordinates, which a
template draws (includes/rating_chart.html, stats/bar_chart.html). No style attribute anywhere: the
strict CSP forbids them, so positions are SVG attributes and looks are classes."""
from __future__ import annotations

import math
from collections.abc import Sequence


def rating_chart(history, width: int = 640, height: int = 200, left: int = 56, right: int = 16, above: int = 12,
                 below: int = 36) -> dict:
    """Points of a small SVG line chart: one per rated game, each linked to its game. `history`:
    rating changes (`before`, `after`, `match_id`), oldest first. The margins hold the axes' marks
    and titles: the rating on the left, the games along the bottom."""
    values = [history[0].before] + [c.after for c in history]
    low, high = min(values) - 10, max(values) + 10
    base = height - below
    step = (width - left - right) / max(1, len(values) - 1)

    def y(v):
        return round(base - (v - low) * (base - above) / (high - low), 1)
    points = [{"x": round(left + i * step, 1), "y": y(v), "value": v,
               "game": history[i - 1].match_id if i else None} for i, v in enumerate(values)]
    return {"width": width, "height": height, "points": points, "low": low + 10, "high": high - 10,
            "polyline": " ".join(f"{p['x']},{p['y']}" for p in points), "y_low": y(low + 10), "y_high": y(high - 10),
            **_axes(width, height, left, right, above, base)}


def _axes(width: int, height: int, left: int, right: int, above: int, base: int) -> dict:
    """Where a chart's axes and their titles go: the x axis's title under its marks, the y axis's
    turned upright beside them (`y_title_x` is in the turned text's own coordinates)."""
    return {"left": left, "right": width - right, "top": above, "base": base, "tick_x": left - 6,
            "x_title_x": round((left + width - right) / 2, 1), "x_title_y": height - 6,
            "y_title_x": -round((above + base) / 2, 1), "y_title_y": 14}


def whole_ticks(top: float) -> list[tuple[int, str]]:
    """The y axis's marks of a chart of counts: 0 and whole steps of 1, 2 or 5 (times 10, 100 ...) up
    to `top` or just past it, at most five steps."""
    step = next(s * 10 ** m for m in range(15) for s in (1, 2, 5) if s * 10 ** m * 5 >= top)
    return [(i * step, str(i * step)) for i in range(max(1, math.ceil(top / step)) + 1)]


def bar_chart(bars: list[tuple[str, float, str, str]], top: float | None = None,
              ticks: Sequence[tuple[float, str]] | None = None, width: int = 400, height: int = 240, left: int = 60,
              right: int = 28, above: int = 24, below: int = 52) -> dict:
    """Rectangles of a bar chart, one per (label under the bar, value, text over the bar, tooltip;
    label and text may be ""), left to right, with the y axis's marks (`ticks`: (value, text); whole
    numbers by default); `top`: the value at the chart's top (the top mark's when None). Narrow by
    default: on a phone's 390 px the chart is drawn at about its own size."""
    ticks = ticks or whole_ticks(max([bar[1] for bar in bars] + [1]))
    top = top or ticks[-1][0]
    base = height - below
    slot = (width - left - right) / max(1, len(bars))
    room = base - above

    def y(value):
        return round(base - room * min(value, top) / top, 1)
    out = []
    for i, (label, value, text, tip) in enumerate(bars):
        x = round(left + i * slot + slot * 0.15, 1)
        out.append({"x": x, "y": y(value), "text_y": round(y(value) - 6, 1), "width": round(slot * 0.7, 1),
                    "height": round(base - y(value), 1), "centre": round(x + slot * 0.35, 1), "label": label,
                    "text": text, "tip": tip, "value": value})
    return {"width": width, "height": height, "bars": out, "label_y": base + 18,
            "ticks": [{"y": y(v), "text": t} for v, t in ticks], **_axes(width, height, left, right, above, base)}
