"""The moderators' desk for tournaments: cancel one, remove a player, replace a pairing; each asks
why and is recorded (ModeratorNote), as the games' desk does."""
from __future__ import annotations

from django import forms
from django.contrib import admin

from games.entry.admin import ReadOnlyInline, ReadOnlyPage, ReasonForm, with_reason

from . import services
from .models import Entry, ModeratorNote, Table, Tournament


class EntryInline(ReadOnlyInline):
    model = Entry
    fields = ["user", "status", "rating", "byes", "joined_at"]


class NoteInline(ReadOnlyInline):
    model = ModeratorNote
    fields = ["created_at", "moderator", "kind", "target_user", "reason", "details"]


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyPage, admin.ModelAdmin):
    list_display = ["id", "title", "game", "format", "status", "signup_closes", "started_at", "finished_at"]
    list_filter = ["status", "format", "game"]
    search_fields = ["title", "created_by__username"]
    readonly_fields = [f.name for f in Tournament._meta.fields]
    inlines = [EntryInline, NoteInline]
    actions = ["cancel"]

    @with_reason("Cancel the selected tournaments (their games in progress are aborted)")
    def cancel(moderator, tournament, reason):
        services.cancel(moderator, tournament.pk, reason)


@admin.register(Entry)
class EntryAdmin(ReadOnlyPage, admin.ModelAdmin):
    list_display = ["id", "tournament", "user", "status", "rating", "joined_at"]
    list_filter = ["status"]
    search_fields = ["user__username", "tournament__title"]
    readonly_fields = [f.name for f in Entry._meta.fields]
    actions = ["remove_player"]

    @with_reason("Remove the selected players from their tournaments (a bot finishes their game in progress)")
    def remove_player(moderator, entry, reason):
        services.remove_player(moderator, entry.pk, reason)


class ReplaceForm(ReasonForm):
    players = forms.CharField(help_text="entry ids of the new pairing in seat order, comma-separated "
                                        "(players at this table or sitting out the round)")

    def clean_players(self):
        try:
            return [int(part) for part in self.cleaned_data["players"].split(",") if part.strip()]
        except ValueError:
            raise forms.ValidationError("entry ids are whole numbers, separated by commas") from None


@admin.register(Table)
class TableAdmin(ReadOnlyPage, admin.ModelAdmin):
    list_display = ["id", "round", "number", "entries", "game", "places", "replaced"]
    list_filter = ["replaced"]
    search_fields = ["round__tournament__title"]
    readonly_fields = [f.name for f in Table._meta.fields]
    actions = ["replace_pairing"]

    @with_reason("Replace the selected pairing (its game is aborted; a new game starts)", ReplaceForm)
    def replace_pairing(moderator, table, reason, players):
        services.replace_pairing(moderator, table.pk, players, reason)
