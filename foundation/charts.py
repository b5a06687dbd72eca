"""The site's small server-drawn SVG charts: pure functions from figures to coordinates, which a
template draws (includes/rating_chart.html, stats/bar_chart.html). No style attribute anywhere: the
strict CSP forbids them, so positions are SVG attributes and looks are classes."""
from __future__ import annotations


def rating_chart(history, width: int = 640, height: int = 180, pad: int = 28) -> dict:
    """Points of a small SVG line chart: one per rated game, each linked to its game. `history`:
    rating changes (`before`, `after`, `match_id`), oldest first."""
    values = [history[0].before] + [c.after for c in history]
    low, high = min(values) - 10, max(values) + 10
    step = (width - 2 * pad) / max(1, len(values) - 1)

    def y(v):
        return round(height - pad - (v - low) * (height - 2 * pad) / (high - low), 1)
    points = [{"x": round(pad + i * step, 1), "y": y(v), "value": v,
               "game": history[i - 1].match_id if i else None} for i, v in enumerate(values)]
    return {"width": width, "height": height, "points": points, "low": low, "high": high,
            "polyline": " ".join(f"{p['x']},{p['y']}" for p in points), "y_low": y(low + 10), "y_high": y(high - 10)}


def bar_chart(bars: list[tuple[str, float, str, str]], top: float | None = None, width: int = 400,
              height: int = 200, pad: int = 24) -> dict:
    """Rectangles of a bar chart, one per (label under the bar, value, text over the bar, tooltip;
    label and text may be ""), left to right; `top`: the value at the chart's top (the largest value when None, at
    least 1). Narrow by default: on a phone's 390 px the chart is drawn at about its own size."""
    top = top or max([bar[1] for bar in bars] + [1])
    slot = (width - 2 * pad) / max(1, len(bars))
    room = height - 2 * pad
    out = []
    for i, (label, value, text, tip) in enumerate(bars):
        h = round(room * min(value, top) / top, 1)
        x = round(pad + i * slot + slot * 0.15, 1)
        out.append({"x": x, "y": round(height - pad - h, 1), "text_y": round(height - pad - h - 6, 1), "width": round(slot * 0.7, 1), "height": h,
                    "centre": round(x + slot * 0.35, 1), "label": label, "text": text, "tip": tip, "value": value})
    return {"width": width, "height": height, "bars": out, "base": height - pad, "label_y": height - pad + 18,
            "right": width - pad, "pad": pad}
