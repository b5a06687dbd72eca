"""The moderators' desk. Every action asks for a reason and is recorded as a ModeratorAction."""
from __future__ import annotations

from datetime import timedelta

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.views.main import ChangeList
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.shortcuts import get_object_or_404, redirect, render
from django.template.response import TemplateResponse
from django.templatetags.static import static
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join, json_script

from accounts.models import Profile, display_name
from foundation.api import counted_ahead
from games import rules, services
from games.entry.forms import BATCH_FIELDS, CALENDAR_FIELDS
from games.models import ChatMessage, Digest, Game, ModeratorAction, Rating, RatingChange, Seat, TurnNotice
from games.services import lists
from games.standings import team_letter, team_of, teams_of
from games.templatetags.site_tags import board_style


def board_html(game: Game, view: dict) -> str:
    """The board as the game's own module draws it (read-only), from the spectator's view."""
    config = {"module": static(f"{game.name}/board.js"), "view": view, "lang": "en",
              "data": services.presentation_of(game).client_data("en")}
    style = board_style(game.name)
    return format_html('{}<div data-board data-label="{}" class="desk-board">{}</div>'
                       '<script type="module" src="{}"></script>',
                       format_html('<link rel="stylesheet" href="{}">', style) if style else "",
                       f"board of game {game.pk}", json_script(config), static("js/admin_board.js"))


class ReasonForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3, "cols": 60}), max_length=2000)


class ExtendForm(ReasonForm):
    hours = forms.IntegerField(min_value=1, max_value=24 * 30, initial=24)


def with_reason(title: str, form_class=ReasonForm):
    """An admin action that first asks why (and any extra fields), then calls `apply` per object."""
    def decorate(apply):
        def action(modeladmin, request, queryset):
            form = form_class(request.POST if "confirm" in request.POST else None)
            if form.is_valid():
                done = 0
                for obj in queryset:
                    try:
                        apply(request.user, obj, **form.cleaned_data)
                        done += 1
                    except services.GameError as exc:
                        modeladmin.message_user(request, f"{obj}: {exc.detail}", messages.WARNING)
                modeladmin.message_user(request, f"{title}: {done} done.", messages.SUCCESS)
                return None
            return render(request, "admin/games/reason.html", {
                "title": title, "objects": queryset, "form": form, "action": request.POST.get("action"),
                "opts": modeladmin.model._meta, "selected": request.POST.getlist(admin.helpers.ACTION_CHECKBOX_NAME),
            })
        action.short_description = title
        action.__name__ = apply.__name__
        return action
    return decorate


class StaleFilter(admin.SimpleListFilter):
    title = "staleness"
    parameter_name = "stale"

    def lookups(self, request, model_admin):
        return [("1", "no move for 1 day+"), ("3", "no move for 3 days+"), ("7", "no move for 7 days+"),
                ("overdue", "deadline passed")]

    def queryset(self, request, queryset):
        value = self.value()
        if value not in ("1", "3", "7", "overdue"):
            return queryset
        active = queryset.filter(status=Game.Status.ACTIVE)
        if value == "overdue":
            return active.filter(deadline__lt=timezone.now())
        return active.filter(last_move_at__lt=timezone.now() - timedelta(days=int(value)))


class GameNameFilter(admin.SimpleListFilter):
    """By game, under the address moderators have always used (?game=<name>)."""
    title = "game"
    parameter_name = "game"

    def lookups(self, request, model_admin):
        return [(name, rules.title(name, "en")) for name in rules.names()]

    def queryset(self, request, queryset):
        return queryset.filter(name=self.value()) if self.value() else queryset


class ReadOnlyPage:
    """A change page that only shows: no Save buttons, since no field can be changed there, and no
    adding or deleting (a change is an action with a reason; nothing is deleted)."""

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = {**(extra_context or {}), "show_save": False, "show_save_and_continue": False,
                         "show_save_and_add_another": False, "show_delete": False}
        return super().change_view(request, object_id, form_url, extra_context)


def status_filter(title: str):
    """A filter of a choice field under its own title: a seat's and its game's status read apart."""
    class Titled(admin.ChoicesFieldListFilter):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.title = title
    return Titled


class SeatTeam:
    """A seat's team in a game played in teams ("A", "B"...), "-" without teams."""

    @admin.display(description="team")
    def team(self, seat) -> str:
        team = team_of(teams_of(seat.game), seat.order)
        return "-" if team is None else team_letter(team)


class ReadOnlyInline(admin.TabularInline):
    """Rows shown beside their parent, every field read-only, none added or deleted; a subclass names
    its `model` and `fields`."""

    extra = 0
    can_delete = False

    def get_readonly_fields(self, request, obj=None):
        return self.fields

    def has_add_permission(self, request, obj=None):
        return False


class SeatInline(SeatTeam, ReadOnlyInline):
    model = Seat
    fields = ["order", "colour", "team", "user", "status", "score", "rank"]


class GameChangeList(ChangeList):
    """The desk's list of games reads no snapshot: the biggest column, and none of its columns."""

    def get_queryset(self, request, exclude_parameters=None):
        return super().get_queryset(request, exclude_parameters).defer("snapshot")


@admin.register(Game)
class GameAdmin(ReadOnlyPage, admin.ModelAdmin):
    list_display = ["id", "name", "status", "players_list", "deciding_player", "deadline", "last_move_at", "seq"]
    list_filter = ["status", GameNameFilter, StaleFilter]
    list_per_page = 50  # a page costs what it shows; 100 rows took 80 ms, the desk's slowest list (docs/performance.md)
    search_fields = ["seats__user__username", "id"]  # read by get_search_results: exact, by index
    search_help_text = "a game's number, or a player's username (exact)"
    show_full_result_count = False  # no COUNT(*) of every game ever played beside the filtered one
    inlines = [SeatInline]
    readonly_fields = ["name", "rules_version", "options", "players", "status", "created_by", "time_control", "hours_per_move",
                       "bank_hours", "increment_hours", "cap_hours", "created_at", "started_at", "finished_at",
                       "last_move_at", "seq", "deciding_player",
                       "deadline", "turn_started_at", "extra_hours", "rated", "outcome", "board", "log",
                       "replay_link", "moderation"]
    # Every field is read-only: a change to a game is an action with a reason that takes effect and is
    # recorded (abort, extend the deadline, revert the rating), never a silent edit of the form.
    exclude = ["snapshot", "snapshot_seq", "seed", "current_seat"]  # current_seat: shown as deciding_player
    actions = ["abort", "extend", "revert_rating"]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related(lists.seats_with_players())

    def get_changelist(self, request, **kwargs):
        return GameChangeList

    def get_search_results(self, request, queryset, search_term):
        """A number is a game's, anything else a player's exact username: found by index. A search
        by part of a name or of a number (Django's icontains) read every game and every seat."""
        term = search_term.strip()
        if not term:
            return queryset, False
        if term.isascii() and term.isdigit():
            return queryset.filter(pk=int(term)), False
        return queryset.filter(pk__in=Seat.objects.filter(user__username=term).values("game_id")), False

    def get_paginator(self, request, queryset, per_page, orphans=0, allow_empty_first_page=True):
        # The count of games found stops ten pages past the one shown (foundation.api.CountedAhead).
        return counted_ahead(request.GET.get("p"), per_page)(queryset, per_page, orphans, allow_empty_first_page)

    @admin.display(description="players")
    def players_list(self, game):
        return ", ".join(f"{display_name(s.user)}{'' if s.status == 'active' else ' (' + s.status + ')'}"
                         for s in game.seats.all())

    @admin.display(description="current seat")
    def deciding_player(self, game):
        seat = game.deciding_seat
        if seat is None:
            return "-"
        return f"{seat.user.profile.name} ({seat.colour or 'seat ' + str(seat.order)})"

    @admin.display(description="board")
    def board(self, game):
        view = services.view_for(game, None)
        return "not started" if view is None else board_html(game, view)

    @admin.display(description="log")
    def log(self, game):
        names = {seat.order: f"{seat.user.profile.name} ({seat.colour})" for seat in game.seats.all()}
        lines = []
        for entry in services.decision_log(game):
            mark = " (undone)" if entry["undone"] else ""
            bot = " [bot]" if entry["by_bot"] else ""
            lines.append((entry["number"], names.get(entry["seat"], entry["seat"]), bot, mark, " ".join(entry["log"])))
        return format_html("<ol class='desk-log'>{}</ol>", format_html_join(
            "", "<li value='{}'>{}{}{}: {}</li>", lines)) if lines else "no decisions yet"

    @admin.display(description="inspect")
    def replay_link(self, game):
        if game.seed is None:
            return "-"
        return format_html('<a href="{}">replay to a chosen decision</a>',
                           reverse("admin:games_game_replay", args=[game.pk]))

    @admin.display(description="moderator actions")
    def moderation(self, game):
        rows = [(a.created_at.strftime("%Y-%m-%d %H:%M"), a.moderator, a.get_kind_display(), a.reason)
                for a in game.moderator_actions.all()]
        return format_html_join("", "<div>{} {} — {}: {}</div>", rows) if rows else "none"

    @with_reason("Abort the selected games")
    def abort(moderator, game, reason):
        services.abort_game(moderator, game.pk, reason)

    @with_reason("Extend the deadline of the selected games", ExtendForm)
    def extend(moderator, game, reason, hours):
        services.extend_deadline(moderator, game.pk, hours, reason)

    @with_reason("Abort the selected finished games (cheating) and revert their rating effect")
    def revert_rating(moderator, game, reason):
        services.revert_result(moderator, game.pk, reason)

    def get_urls(self):
        return [path("<int:game_id>/replay/", self.admin_site.admin_view(self.replay_view),
                     name="games_game_replay"), *super().get_urls()]

    def replay_view(self, request, game_id):
        """The board as it stood after decision N (read-only; nothing is changed)."""
        game = get_object_or_404(Game, pk=game_id)
        if game.seed is None:
            messages.warning(request, "This game has not started: there is nothing to replay.")
            return redirect("admin:games_game_change", game.pk)
        numbers = list(services.active_decisions(game).values_list("number", flat=True))
        try:
            upto = int(request.GET.get("to", numbers[-1] if numbers else 0))
        except ValueError:
            upto = 0
        state = services.replay(game, upto)
        module = services.rules_of(game)
        position = sum(1 for n in numbers if n <= upto)
        earlier = [n for n in numbers if n < upto]
        later = [n for n in numbers if n > upto]
        return TemplateResponse(request, "admin/games/replay.html", {
            **self.admin_site.each_context(request), "opts": Game._meta, "game": game, "upto": upto,
            "position": position, "total": len(numbers), "board": board_html(game, module.view(state, None)),
            "prompt": services.presentation_of(game).prompt(state), "previous": earlier[-1] if earlier else (0 if numbers else None),
            "next": later[0] if later else None, "title": f"Game {game.pk} after decision {position} of {len(numbers)}",
        })


@admin.register(Seat)
class SeatAdmin(SeatTeam, ReadOnlyPage, admin.ModelAdmin):
    list_display = ["game", "order", "colour", "team", "user", "status", "score", "rank"]
    list_filter = [("status", status_filter("seat status")), ("game__status", status_filter("game status"))]
    search_fields = ["user__username"]
    readonly_fields = ["game", "user", "order", "colour", "status", "joined_at", "score", "rank"]
    actions = ["remove_player"]

    @with_reason("Remove the selected players (the bot plays their seats)")
    def remove_player(moderator, seat, reason):
        services.remove_player(moderator, seat.pk, reason)


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyPage, admin.ModelAdmin):
    list_display = ["created_at", "game", "user", "text", "hidden"]
    list_filter = ["hidden"]
    search_fields = ["text", "user__username"]
    readonly_fields = ["game", "user", "text", "created_at", "hidden"]
    actions = ["hide", "show"]

    @with_reason("Hide the selected messages")
    def hide(moderator, message, reason):
        services.set_chat_hidden(moderator, message, True, reason)

    @with_reason("Show the selected messages again")
    def show(moderator, message, reason):
        services.set_chat_hidden(moderator, message, False, reason)


@admin.register(ModeratorAction)
class ModeratorActionAdmin(admin.ModelAdmin):
    list_display = ["created_at", "moderator", "kind", "game", "target_user", "reason"]
    list_filter = ["kind"]
    search_fields = ["reason", "moderator__username", "target_user__username"]
    readonly_fields = ["created_at", "moderator", "kind", "game", "target_user", "reason", "details"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class FailedFilter(admin.SimpleListFilter):
    title = "sent"
    parameter_name = "failed"

    def lookups(self, request, model_admin):
        return [("yes", "failed"), ("no", "sent")]

    def queryset(self, request, queryset):
        if self.value() in ("yes", "no"):
            return queryset.filter(failed_at__isnull=self.value() == "no")
        return queryset


@admin.register(TurnNotice)
class TurnNoticeAdmin(ReadOnlyAdmin):
    """The notices sent, and the emails that failed (kept, not retried: see games.reactions.emails)."""

    list_display = ["sent_at", "user", "game", "kind", "failed_at", "error"]
    list_filter = [FailedFilter, "kind"]
    search_fields = ["user__username", "error"]
    list_select_related = ["user", "game"]


@admin.register(Digest)
class DigestAdmin(ReadOnlyAdmin):
    list_display = ["sent_at", "user", "day", "failed_at", "error"]
    list_filter = [FailedFilter]
    search_fields = ["user__username", "error"]
    list_select_related = ["user"]


class RatingChangeInline(ReadOnlyInline):
    model = RatingChange
    fields = ["match", "rank", "before", "after", "reverted", "created_at"]


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["game", "participant", "display", "mu", "sigma", "games", "last_played"]
    list_filter = ["game"]
    search_fields = ["user__username"]
    readonly_fields = ["game", "user", "mu", "sigma", "games", "last_played", "display"]
    inlines = [RatingChangeInline]

    @admin.display(description="player")
    def participant(self, rating):
        if rating.user:
            return rating.user
        return next((v["en"] for v in rules.presentation(rating.game).participants.values()), "participant")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False
    readonly_fields = ("bot",)  # set by the site (its bots) or by the account itself (POST /api/me/bot/)


User = get_user_model()
admin.site.unregister(User)


ACCESS_FIELDS = ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")


def access_of(user) -> dict:
    """What decides what an account may do, as plain data for the record."""
    return {"is_active": user.is_active, "is_staff": user.is_staff, "is_superuser": user.is_superuser,
            "groups": sorted(g.name for g in user.groups.all()),
            "user_permissions": sorted(f"{p.content_type.app_label}.{p.codename}" for p in user.user_permissions.all())}


class AuditedUserForm(UserChangeForm):
    """The user form asks why whenever it changes an account's access (ACCESS_FIELDS)."""

    reason = forms.CharField(required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 2, "cols": 60}),
                             help_text="Needed when active, staff status, superuser status, groups or permissions change: "
                                       "the change is recorded with it.")

    def clean(self):
        cleaned = super().clean()
        if set(self.changed_data) & set(ACCESS_FIELDS) and not cleaned.get("reason", "").strip():
            self.add_error("reason", "Say why: a change of access is recorded with its reason.")
        return cleaned


@admin.register(User)
class PlayerAdmin(UserAdmin):
    inlines = [ProfileInline]
    form = AuditedUserForm
    list_display = ["username", "email", "is_active", "is_staff", "date_joined", "last_login"]
    actions = ["suspend", "unsuspend"]
    fieldsets = (*(UserAdmin.fieldsets or ()), ("Why (recorded for any change of access)", {"fields": ["reason"]}))

    def save_related(self, request, form, formsets, change):
        # Groups and permissions are saved here, after the user row: compare once everything is stored.
        super().save_related(request, form, formsets, change)
        profile_changed = {name for formset in formsets if formset.model is Profile
                           for profile_form in formset.forms for name in profile_form.changed_data}
        # as the settings page and PATCH /api/me/ do: the running deadlines move with the calendar,
        # and a reader of batches is due at their next hour
        if profile_changed & set(CALENDAR_FIELDS):
            services.calendar_changed(form.instance)
        if profile_changed & set(BATCH_FIELDS):
            services.notices_changed(form.instance)
        if change:
            after = access_of(form.instance)
            changes = {k: [form.access_before[k], after[k]] for k in after if form.access_before[k] != after[k]}
            if changes:
                services.record_access_change(request.user, form.instance, changes, form.cleaned_data["reason"])

    def get_form(self, request, obj=None, **kwargs):
        form_class = super().get_form(request, obj, **kwargs)
        access_before = access_of(obj) if obj is not None else None  # read before the form touches obj

        class Form(form_class):
            def __init__(self, *args, **kw):
                super().__init__(*args, **kw)
                self.access_before = access_before
        return Form

    @with_reason("Suspend the selected users")
    def suspend(moderator, user, reason):
        services.set_suspended(moderator, user, True, reason)

    @with_reason("Lift the suspension of the selected users")
    def unsuspend(moderator, user, reason):
        services.set_suspended(moderator, user, False, reason)


admin.site.site_header = "Argo Station — moderators' desk"
admin.site.site_title = "Argo Station admin"
