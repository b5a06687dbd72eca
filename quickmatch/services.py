"""Quick match (docs/quickmatch.md): "Play <game> now" with a time a move and an optional rating window.

It joins the fitting open game whose creator's rating is closest to the player's (the lobby's own
selection, so never one of the player's games nor one a block closes to them), through the games'
own join; or, with none fitting, it opens a game that the next fitting quick match joins. The game's
queue row is locked while it looks, so two people asking at once end in one game."""
from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from games import rules, services as games
from games.models import Game, Rating
from games.services import lists

from .models import Queue, Seek

WINDOWS = (100, 200, 400)       # the rating windows offered on the page (the API takes any from 1 to 5000)


@dataclass(frozen=True)
class Match:
    game: Game
    joined: bool  # True: a seat in a game someone had opened; False: a game of one's own, waiting


def quick_match(user, *, game: str, hours_per_move: int | None = None, window: int | None = None,
                time_control: str | None = None, bank_hours: int | None = None, increment_hours: int | None = None,
                cap_hours: int | None = None) -> Match:
    """The clock: hours per move (the default kind, and then its hours are needed), or a time bank
    (its hours at the start, after each turn, at most: the site's default bank for those not given).
    Only a game of exactly that clock fits."""
    if game not in rules.names():
        raise games.Invalid(gettext("no game is called %(name)s") % {"name": str(game)[:40]})
    per_turn = time_control in (None, Game.TimeControl.PER_TURN)
    if per_turn and (isinstance(hours_per_move, bool) or not isinstance(hours_per_move, int) or not 1 <= hours_per_move <= 720):
        raise games.Invalid(gettext("hours_per_move must be a whole number of hours from 1 to 720"))
    timing = games.clock_fields(time_control, hours_per_move, bank_hours, increment_hours, cap_hours)
    if window is not None and (isinstance(window, bool) or not isinstance(window, int) or not 1 <= window <= 5000):
        raise games.Invalid(gettext("the rating window must be a whole number from 1 to 5000, or none"))
    Queue.objects.get_or_create(game=game)  # made the first time; two first askers at once meet on one row
    with transaction.atomic():
        Queue.objects.select_for_update().get(game=game)  # one quick match of this game at a time
        mine = rating_of(user, game)
        waiting = own_seek(user, game, timing)
        if waiting is not None:  # asked again while waiting: the same game
            return Match(waiting, joined=False)
        found = best_fit(user, game, timing, window, mine)
        if found is not None:
            return Match(games.join_game(user, found.pk), joined=True)
        asked = {k: v for k, v in timing.items() if k != "hours_per_move" or timing["time_control"] != Game.TimeControl.BANK}
        opened = games.create_game(user, game=game, players=rules.get(game).min_players, **asked)
        Seek.objects.create(game=opened, rating=mine, window=window)
        return Match(opened, joined=False)


def rating_of(user, game: str) -> int:
    rating = Rating.objects.filter(user=user, game=game).first()
    return rating.display if rating else lists.NEW_RATING


def own_seek(user, game: str, timing: dict) -> Game | None:
    seek = (Seek.objects.select_related("game").filter(game__created_by=user, game__name=game,
                                                      game__status=Game.Status.OPEN,
                                                      **{f"game__{k}": v for k, v in timing.items()}).first())
    return seek.game if seek else None


def fits(game: Game, timing: dict) -> bool:
    """The game's clock is the one asked for (the lobby's choice has its kind and pace already)."""
    return all(getattr(game, k) == v for k, v in timing.items())


def best_fit(user, game: str, timing: dict, window: int | None, mine: int) -> Game | None:
    """The open game of `game` with the clock `timing` (games.services.clock_fields) and a free seat
    for the player, its creator within the player's window and the player within the creator's (a
    quick match's), the closest rating first, then the longest waiting."""
    hours = timing["hours_per_move"]  # a bank's is its increment
    chosen = lists.LobbyChoice(game=game, min_hours=hours, max_hours=hours, time_control=timing["time_control"],
                               rating_min=None if window is None else mine - window,
                               rating_max=None if window is None else mine + window)
    candidates = [g for g in lists.open_games(user, chosen)
                  if g.created_by_id != user.pk and len(g.seats.all()) < g.players and fits(g, timing)
                  and all(s.user_id != user.pk for s in g.seats.all())]
    if not candidates:
        return None
    invited = lists.games_with_pending_invitations([g.pk for g in candidates])  # their free seats are kept
    seeks = {s.game_id: s for s in Seek.objects.filter(game__in=candidates)}
    standing = lists.creators_standing(candidates)
    fitting = [g for g in candidates if g.pk not in invited and (g.pk not in seeks or seeks[g.pk].admits(mine))]
    return min(fitting, key=lambda g: (abs(standing[g.pk].rating - mine), g.pk), default=None)
