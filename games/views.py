"""Pages. Thin: they read through services and render templates; the game page plays through the API."""
from __future__ import annotations

import zoneinfo

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games import rules
from games.rules.argo.components import load_station
from games.rules.argo.log import KINDS

from . import clock, emails, services
from .forms import CreateGameForm, ProfileForm, VacationForm
from .models import Game, Rating, RatingChange


GAME_TEXTS = {
    "yourTurn": gettext_lazy("Your turn"), "waitingFor": gettext_lazy("Waiting for"),
    "deadline": gettext_lazy("Deadline"), "score": gettext_lazy("score"),
    "activations": gettext_lazy("activations"), "escaped": gettext_lazy("escaped"),
    "alienScore": gettext_lazy("Alien score"), "dead": gettext_lazy("dead"),
    "facedown": gettext_lazy("face-down modules"), "podsWaiting": gettext_lazy("Pods waiting"),
    "gameOver": gettext_lazy("Game over"), "aliensWin": gettext_lazy("The aliens win."),
    "winners": gettext_lazy("Winner"), "rank": gettext_lazy("Rank"), "aliens": gettext_lazy("Aliens"),
    "online": gettext_lazy("live"), "offline": gettext_lazy("offline"), "reconnecting": gettext_lazy("reconnecting"),
    "endTurn": gettext_lazy("End turn"), "stop": gettext_lazy("Stop here"), "activate": gettext_lazy("Activate"),
    "stay": gettext_lazy("Stay"), "launch": gettext_lazy("Launch now"),
    "resignConfirm": gettext_lazy("Resign this game? The bot will play your seat and you rank last."),
    "bot": gettext_lazy("bot"), "decision": gettext_lazy("decision"), "of": gettext_lazy("of"),
    "notifyTitle": gettext_lazy("Argo Station: your turn"), "notifyBody": gettext_lazy("It is your turn in game"),
    "error": gettext_lazy("Refused"), "last": gettext_lazy("last turn"), "you": gettext_lazy("you"),
    "heal": gettext_lazy("Bring back"), "undone": gettext_lazy("undone"),
    "waiting": gettext_lazy("Waiting for the other players."), "player": gettext_lazy("Player"),
    "seated": gettext_lazy("seated"), "botPlays": gettext_lazy("played by the bot"),
    "awayUntil": gettext_lazy("on vacation until"),
    "ratingChanges": gettext_lazy("Ratings"), "reverted": gettext_lazy("reverted"),
    "unrated": gettext_lazy("This game was not rated."),
}


def _games(qs):
    return qs.select_related("created_by").prefetch_related("seats__user__profile")


def home(request):
    form = CreateGameForm()
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('account_login')}?next=/")
        form = CreateGameForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                game = services.create_game(
                    request.user, players=data["players"], hours_per_move=data["hours_per_move"],
                    options={"difficulty": data["difficulty"], "mean_teleporters": data["mean_teleporters"]},
                    invite=form.invitees())
            except services.GameError as exc:
                form.add_error(None, exc.detail)
            else:
                return redirect("game", game.pk)
    return render(request, "games/home.html", {
        "form": form,
        "open_games": _games(Game.objects.filter(status=Game.Status.OPEN))[:50],
        "active_games": _games(Game.objects.filter(status=Game.Status.ACTIVE).order_by("-last_move_at"))[:50],
    })


@login_required
def my_games(request):
    user = request.user
    mine = _games(Game.objects.filter(Q(seats__user=user) | Q(invitations__user=user)).distinct())
    my_turn = services.waiting_games(user)
    turn_ids = {g.pk for g in my_turn}
    waiting = [g for g in mine if g.status in (Game.Status.ACTIVE, Game.Status.OPEN) and g.pk not in turn_ids]
    waiting.sort(key=lambda g: (g.status != Game.Status.ACTIVE, g.pk))
    finished = [g for g in mine if g.status in (Game.Status.FINISHED, Game.Status.ABORTED)]
    finished.sort(key=lambda g: g.finished_at or g.created_at, reverse=True)
    return render(request, "games/my_games.html", {"my_turn": my_turn, "waiting": waiting, "finished": finished})


def game_page(request, game_id):
    game = get_object_or_404(_games(Game.objects.all()), pk=game_id)
    seat = game.seat_of(request.user)
    return render(request, "games/game.html", {
        "game": game, "seat": seat,
        "page_config": {
            "game": game.pk, "status": game.status, "yourSeat": seat.order if seat else None,
            "lang": request.LANGUAGE_CODE if request.LANGUAGE_CODE in ("en", "de") else "en",
            "user": request.user.username if request.user.is_authenticated else None,
            "kinds": {k: str(v) for k, v in KINDS.get(request.LANGUAGE_CODE, KINDS["en"]).items()},
            "tiles": _tile_specs(),
            "timeZone": request.user.profile.time_zone if request.user.is_authenticated else None,
        },
        "texts": {**{k: str(v) for k, v in GAME_TEXTS.items()},
                  "status": {k: str(v) for k, v in Game.Status.choices}},
        "can_join": (request.user.is_authenticated and game.status == Game.Status.OPEN and seat is None
                     and game.seats.count() < game.players),
        "can_start": (game.status == Game.Status.OPEN and seat is not None and len(game.seats.all()) >= 2
                      and request.user.pk == services.starter_id(game)),
    })


def _lobby_action(request, game_id, action):
    try:
        action(request.user, game_id)
    except services.GameError as exc:
        messages.error(request, exc.detail)
    return redirect("game", game_id)


@login_required
@require_POST
def join(request, game_id):
    return _lobby_action(request, game_id, services.join_game)


@login_required
@require_POST
def leave(request, game_id):
    return _lobby_action(request, game_id, services.leave_game)


@login_required
@require_POST
def start(request, game_id):
    return _lobby_action(request, game_id, services.start_game)


def _tile_specs() -> dict:
    """The public tile set, for drawing tiles that are not on the board yet."""
    return {t.id: {"tile": t.id, "kind": t.kind, "capacity": t.capacity, "doors": t.doors,
                   "alien_symbol": t.alien_symbol, "seats": list(t.seats), "min_players": t.min_players}
            for t in load_station("station").tiles.values()}


def rules_page(request):
    kinds = KINDS.get(request.LANGUAGE_CODE, KINDS["en"])
    station = load_station("station")
    tiles = [dict(spec, kind_name=kinds[spec["kind"]]) for spec in _tile_specs().values()]
    return render(request, "games/rules.html", {
        "tiles": tiles, "tracks": {n: list(v) for n, v in station.tracks.items()},
        "page_config": {"kinds": {k: str(v) for k, v in kinds.items()}},
    })


@login_required
def settings_page(request):
    profile = request.user.profile
    form = ProfileForm(request.POST if "save_profile" in request.POST else None, instance=profile)
    vacation = VacationForm(request.POST if "add_vacation" in request.POST else None)
    if request.method == "POST":
        if "save_profile" in request.POST and form.is_valid():
            form.save()
            messages.success(request, _("Your settings are saved."))
            return redirect("settings")
        if "add_vacation" in request.POST and vacation.is_valid():
            try:
                services.add_vacation(request.user, vacation.cleaned_data["start"], vacation.cleaned_data["end"])
            except services.GameError as exc:
                vacation.add_error(None, exc.detail)
            else:
                messages.success(request, _("Your vacation is saved: your deadlines move with it."))
                return redirect("settings")
        if "delete_vacation" in request.POST:
            try:
                services.cancel_vacation(request.user, int(request.POST.get("delete_vacation", "")))
            except ValueError:
                pass
            return redirect("settings")
    today = timezone.localdate()
    return render(request, "games/settings.html", {
        "form": form, "vacation_form": vacation, "time_zones": sorted(zoneinfo.available_timezones()),
        "vacations": request.user.vacations.filter(end__gte=today), "today": today,
        "days_left": clock.vacation_days_left(request.user, today.year),
    })


def email_preferences(request, token):
    """The one-click link of every email: no login needed, the signed token names the user."""
    user = emails.user_for_token(token)
    if user is None:
        raise Http404(_("This link is not valid any more."))
    profile = user.profile
    choice = request.POST.get("notify_turn")
    if request.method == "POST" and choice in dict(profile.Notify.choices):
        profile.notify_turn = choice
        profile.save(update_fields=["notify_turn"])
        messages.success(request, _("Saved."))
        return redirect("email_preferences", token=token)
    return render(request, "games/email_preferences.html", {
        "who": profile.name, "current": profile.notify_turn, "choices": profile.Notify.choices})


def player_page(request, username):
    user = get_object_or_404(get_user_model().objects.select_related("profile"), username=username)
    if not user.is_active:
        raise Http404(_("No such player."))
    seats = (user.seats.filter(game__status=Game.Status.FINISHED).select_related("game")
             .prefetch_related("game__seats__user").order_by("-game__finished_at"))
    history = list(RatingChange.objects.filter(rating__user=user, reverted=False)
                   .select_related("match", "rating").order_by("match__finished_at", "match_id"))
    return render(request, "games/player.html", {
        "player": user, "seats": seats, "ratings": user.ratings.all(),
        "chart": rating_chart(history) if history else None,
        "changes": {c.match_id: c.after - c.before for c in history},
    })


def rating_chart(history, width: int = 640, height: int = 180, pad: int = 28) -> dict:
    """Points of a small SVG line chart: one per rated game, each linked to its game."""
    values = [history[0].before] + [c.after for c in history]
    low, high = min(values) - 10, max(values) + 10
    step = (width - 2 * pad) / max(1, len(values) - 1)

    def y(v):
        return round(height - pad - (v - low) * (height - 2 * pad) / (high - low), 1)
    points = [{"x": round(pad + i * step, 1), "y": y(v), "value": v,
               "game": history[i - 1].match_id if i else None} for i, v in enumerate(values)]
    return {"width": width, "height": height, "points": points, "low": low, "high": high,
            "polyline": " ".join(f"{p['x']},{p['y']}" for p in points), "y_low": y(low + 10), "y_high": y(high - 10)}


def leaderboard_page(request, game_name: str = "argo"):
    from .api.ratings import leaderboard
    if game_name not in rules.names():
        raise Http404(_("No such game."))
    active = request.GET.get("active") == "1"
    rows = leaderboard(game_name, active)
    aliens = Rating.objects.filter(game=game_name, user__isnull=True).first()
    return render(request, "games/leaderboard.html", {"rows": rows, "aliens": aliens, "active": active,
                                                      "game_name": game_name})
