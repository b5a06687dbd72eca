"""A plain HTML grid of an Argo view, for the moderators' desk (the players' board is SVG)."""
from __future__ import annotations

from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from games.rules.argo.components import cell_xy

SIDES = ((1, "N"), (2, "E"), (4, "S"), (8, "W"))


def _cell(view: dict, cell: str) -> str:
    tile = view["board"].get(cell)
    if tile is None:
        return mark_safe('<td class="argo-empty"></td>')
    doors = "".join(side for bit, side in SIDES if tile["doors"] & bit)
    who = [f for f, where in view["astronauts"].items() if where == cell]
    aliens = [a for a, where in view["aliens"].items() if where == cell]
    marks = ", ".join(tile.get("marks", []))
    return format_html(
        '<td class="argo-tile" title="{}"><b>{}</b> {}<br><small>{} · doors {}{}</small><br>{}{}</td>',
        cell, tile["tile"], cell, tile["kind"], doors, f" · marks {marks}" if marks else "",
        format_html_join(" ", "<span>{}</span>", ((w,) for w in who)),
        format_html_join(" ", ' <strong style="color:#a00">{}</strong>', ((a,) for a in aliens)))


def board_table(view: dict) -> str:
    cells = [cell_xy(c) for c in view["board"]]
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    rows = []
    for y in range(min(ys), max(ys) + 1):
        row = format_html_join("", "{}", ((_cell(view, f"{x}|{y}"),) for x in range(min(xs), max(xs) + 1)))
        rows.append(format_html("<tr><th>{}</th>{}</tr>", y, row))
    header = format_html_join("", "<th>{}</th>", ((x,) for x in range(min(xs), max(xs) + 1)))
    return format_html(
        '<table class="argo-board" style="border-collapse:collapse;font-size:11px">'
        "<tr><th></th>{}</tr>{}</table>"
        "<p>Scores: {} · alien score {} · dead: {} · display: {} · pods waiting: {} · face down ({}): {}</p>",
        header, format_html_join("", "{}", ((r,) for r in rows)),
        ", ".join(f"{c} {s}" for c, s in view["scores"].items()), view["alien_track"]["score"],
        ", ".join(view["alien_track"]["dead"]) or "none", ", ".join(view["display"]) or "none",
        ", ".join(view["pods_waiting"]) or "none", len(view["face_down"]), ", ".join(view["face_down"]))
