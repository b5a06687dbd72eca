"""The moderators' desk for ladders: moderators create a ladder (its game, time control, reach and
open-game limit); rungs, challenges and the history are read only, changed by the services alone."""
from __future__ import annotations

from django import forms
from django.contrib import admin

from games import rules
from games.entry.admin import ReadOnlyInline, ReadOnlyPage

from .models import Challenge, Ladder, Move, Rung


def two_player_games() -> list[tuple[str, str]]:
    return [(name, rules.title(name, "en")) for name in rules.names()
            if rules.get(name).min_players <= 2 <= rules.get(name).max_players]


class LadderForm(forms.ModelForm):
    game = forms.ChoiceField(choices=two_player_games, help_text="a game played by two (the ladder's games are duels)")
    hours_per_move = forms.IntegerField(min_value=1, max_value=720, initial=72)
    reach = forms.IntegerField(min_value=1, max_value=100, initial=5)
    open_limit = forms.IntegerField(min_value=1, max_value=100, initial=3)

    class Meta:
        model = Ladder
        fields = ["game", "title", "hours_per_move", "reach", "open_limit"]


class RungInline(ReadOnlyInline):
    model = Rung
    fields = ["place", "user", "joined_at"]


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    form = LadderForm
    list_display = ["id", "title", "game", "hours_per_move", "reach", "open_limit", "created_at"]
    list_filter = ["game"]
    search_fields = ["title"]
    inlines = [RungInline]

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
