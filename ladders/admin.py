"""The moderators' desk for ladders: moderators create a ladder (its game, clock, reach and
open-game limit); rungs, challenges and the history are read only, changed by the services alone."""
from __future__ import annotations

from django import forms
from django.contrib import admin

from games import rules, services as games
from games.entry.admin import ReadOnlyInline, ReadOnlyPage
from games.entry.forms import ClockFields
from games.templatetags.site_tags import time_control

from . import services
from .models import Challenge, Ladder, Move, Rung


def two_player_games() -> list[tuple[str, str]]:
    return [(name, rules.title(name, "en")) for name in services.duel_games()]


class LadderForm(ClockFields, forms.ModelForm):
    """The clock's fields are the new-game form's (ClockFields), checked by games.services.clock_fields
    as the API's ladders and games are: those of the clock not chosen are left out (stored as 0)."""

    game = forms.ChoiceField(choices=two_player_games, help_text="a game played by two (the ladder's games are duels)")
    reach = forms.IntegerField(min_value=1, max_value=100, initial=5)
    open_limit = forms.IntegerField(min_value=1, max_value=100, initial=3)

    class Meta:
        model = Ladder
        fields = ["game", "title", *ClockFields.CLOCK_FIELDS, "reach", "open_limit"]

    def clean(self):
        data = super().clean()
        if any(name in self.errors for name in self.CLOCK_FIELDS):
            return data
        try:
            timing = games.clock_fields(**self.clock())
        except games.Invalid as exc:
            raise forms.ValidationError(exc.detail) from None
        data.update({"bank_hours": 0, "increment_hours": 0, "cap_hours": 0, **timing})
        return data


class RungInline(ReadOnlyInline):
    model = Rung
    fields = ["place", "user", "joined_at"]


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    form = LadderForm
    list_display = ["id", "title", "game", "clock", "reach", "open_limit", "created_at"]
    list_filter = ["game"]
    search_fields = ["title"]
    inlines = [RungInline]

    @admin.display(description="clock")
    def clock(self, ladder) -> str:
        return time_control(ladder)

    def get_readonly_fields(self, request, obj=None):
        return ["game"] if obj is not None else []  # a ladder's games are of one game for good


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyPage, admin.ModelAdmin):
    list_display = ["id", "ladder", "challenger", "defender", "game", "created_at", "decided_at", "result"]
    list_filter = ["result", "ladder"]
    readonly_fields = [f.name for f in Challenge._meta.fields]


@admin.register(Move)
class MoveAdmin(ReadOnlyPage, admin.ModelAdmin):
    list_display = ["id", "ladder", "user", "from_place", "to_place", "why", "other", "at"]
    list_filter = ["why", "ladder"]
    readonly_fields = [f.name for f in Move._meta.fields]
