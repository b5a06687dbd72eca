"""Ladders (docs/ladders.md): joining at the bottom, leaving, challenging a player up to `reach`
places above, and a challenge's result moving places.

Every change of places locks the ladder's row first, so that places stay 1..n without a gap or a
double. A result is applied by a task that the listener of games.signals.game_finished (and
game_aborted) queues after the game's commit, so that a game's end costs its transaction nothing more;
the periodic `sweep` decides any game over whose challenge is still open (a task lost with a
restarted worker). Both call `decide`, which locks the ladder and the challenge and checks again that
it is open: a challenge is decided once however often either runs."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, F, Q
from django.utils import timezone
from django.utils.translation import gettext

from games import gates, rules, services as games
from games.models import Game, Rating, Seat

from .models import Challenge, Ladder, Move, Rung
from .notices import ladder_changed

SHIFT = 1_000_000  # places are moved through this offset, so that no two rungs ever hold one place at once


def ladder_of(ladder_id) -> Ladder:
    found = Ladder.objects.filter(pk=ladder_id).first()
    if found is None:
        raise games.NotFound(gettext("no such ladder"))
    return found


def _locked(ladder_id) -> Ladder:
    found = Ladder.objects.select_for_update().filter(pk=ladder_id).first()
    if found is None:
        raise games.NotFound(gettext("no such ladder"))
    return found


def _shift(ladder: Ladder, low: int, high: int, by: int) -> None:
    """Every rung from place `low` to `high` moves `by` places, in two statements that never clash."""
    Rung.objects.filter(ladder=ladder, place__gte=low, place__lte=high).update(place=F("place") + SHIFT)
    Rung.objects.filter(ladder=ladder, place__gte=low + SHIFT).update(place=F("place") - SHIFT + by)


def create_ladder(user, *, game: str, title: str, reach: int = 5, open_limit: int = 3, time_control=None,
                  hours_per_move=None, bank_hours=None, increment_hours=None, cap_hours=None) -> Ladder:
    """A new ladder, made by a moderator (403 for anyone else): a game two can play, and the clock of
    its challenges' games, checked as a new game's (games.services.clock_fields, 400 naming the field)."""
    moderators_only(user)
    if game not in duel_games():
        raise games.Invalid(gettext("game must be one that two can play: %(names)s") % {"names": ", ".join(duel_games())})
    title = " ".join(str(title or "").split())
    if not 1 <= len(title) <= 100:
        raise games.Invalid(gettext("title must have 1 to 100 characters"))
    for name, value in (("reach", reach), ("open_limit", open_limit)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
            raise games.Invalid(gettext("%(name)s must be a whole number from 1 to 100") % {"name": name})
    timing = games.clock_fields(time_control, hours_per_move, bank_hours, increment_hours, cap_hours)
    return Ladder.objects.create(game=game, title=title, reach=reach, open_limit=open_limit, **timing)


def moderators_only(user) -> None:
    if not user.is_staff:
        raise games.NotAllowed(gettext("only moderators make ladders"))


def duel_games() -> list[str]:
    """The games of the registry two can play: a ladder's games are duels."""
    return [name for name in rules.names() if rules.get(name).min_players <= 2 <= rules.get(name).max_players]


def join(user, ladder_id) -> Rung:
    with transaction.atomic():
        ladder = _locked(ladder_id)
        if Rung.objects.filter(ladder=ladder, user=user).exists():
            raise games.Conflict(gettext("you are on this ladder already"))
        place = Rung.objects.filter(ladder=ladder).count() + 1
        rung = Rung.objects.create(ladder=ladder, user=user, place=place)
        Move.objects.create(ladder=ladder, user=user, to_place=place, why=Move.Why.JOINED)
        ladder_changed(ladder.pk)
    return rung


def leave(user, ladder_id) -> None:
    """The player's rung goes, everyone below moves up one, and their open challenges become void:
    the games play on as ordinary games, counting for nothing on the ladder."""
    with transaction.atomic():
        ladder = _locked(ladder_id)
        rung = Rung.objects.filter(ladder=ladder, user=user).first()
        if rung is None:
            raise games.Conflict(gettext("you are not on this ladder"))
        now = timezone.now()
        Challenge.objects.filter(Q(challenger=user) | Q(defender=user), ladder=ladder, decided_at=None).update(
            decided_at=now, result=Challenge.Result.VOID)
        below = list(Rung.objects.filter(ladder=ladder, place__gt=rung.place))
        rung.delete()
        _shift(ladder, rung.place + 1, SHIFT - 1, -1)
        Move.objects.bulk_create(
            [Move(ladder=ladder, user=user, from_place=rung.place, why=Move.Why.LEFT)]
            + [Move(ladder=ladder, user_id=r.user_id, from_place=r.place, to_place=r.place - 1, why=Move.Why.CLOSED_UP,
                    other=user) for r in below])
        ladder_changed(ladder.pk)


def open_count(ladder: Ladder, user_id: int) -> int:
    return Challenge.objects.filter(Q(challenger_id=user_id) | Q(defender_id=user_id), ladder=ladder,
                                    decided_at=None).count()


def challenge(user, ladder_id, username: str) -> Challenge:
    """Start a two-player game against the player `username`, who stands at most `reach` places above."""
    with transaction.atomic():
        ladder = _locked(ladder_id)
        defender = get_user_model().objects.filter(username=username).first()
        if defender is None:
            raise games.NotFound(gettext("no player is called %(name)s") % {"name": str(username)[:40]})
        refusal = challenge_refusal(ladder, user, defender)
        if refusal is not None:
            raise refusal
        game = games.start_arranged_game(user, game=ladder.game, users=[user, defender],
                                         hours_per_move=ladder.hours_per_move, clock=games.clock_of(ladder))
        chal = Challenge.objects.create(ladder=ladder, challenger=user, defender=defender, game=game)
        ladder_changed(ladder.pk)
        return chal


def challenge_refusal(ladder: Ladder, user, defender) -> games.GameError | None:
    """Why `user` may not challenge `defender` now, or None. The pages ask it to show the buttons."""
    places = dict(Rung.objects.filter(ladder=ladder, user__in=[user, defender]).values_list("user_id", "place"))
    if user.pk not in places:
        return games.NotAllowed(gettext("you are not on this ladder: join it first"))
    if defender.pk == user.pk:
        return games.Invalid(gettext("you cannot challenge yourself"))
    if defender.pk not in places:
        return games.Invalid(gettext("%(name)s is not on this ladder") % {"name": defender.username})
    if not 1 <= places[user.pk] - places[defender.pk] <= ladder.reach:
        return games.Invalid(gettext("you may challenge only the %(reach)s places above yours") % {"reach": ladder.reach})
    if Challenge.objects.filter(Q(challenger=user, defender=defender) | Q(challenger=defender, defender=user),
                                ladder=ladder, decided_at=None).exists():
        return games.Conflict(gettext("you and %(name)s have a challenge open already") % {"name": defender.username})
    if open_count(ladder, defender.pk) >= ladder.open_limit:
        return games.Conflict(gettext("%(name)s has %(count)s open games on this ladder: try again when one ends")
                              % {"name": defender.username, "count": ladder.open_limit})
    blocked = gates.refusal(gates.INVITE, user.pk, [defender.pk])
    if blocked:
        return games.NotAllowed(blocked)
    return None


def challengeable(ladder: Ladder, user) -> set[int]:
    """The players `user` may challenge now (their user ids): what the page shows a button beside."""
    mine = Rung.objects.filter(ladder=ladder, user=user).values_list("place", flat=True).first()
    if mine is None:
        return set()
    above = Rung.objects.filter(ladder=ladder, place__lt=mine, place__gte=mine - ladder.reach).select_related("user")
    return {r.user_id for r in above if challenge_refusal(ladder, user, r.user) is None}


# --- results ---------------------------------------------------------------------------------------

def decide(game_id: int) -> Challenge | None:
    """A finished or aborted game's challenge decided, if it is one still open; None otherwise. The
    listener's task and the sweep both call it: a second call changes nothing."""
    with transaction.atomic():
        found = Challenge.objects.filter(game_id=game_id, decided_at=None).values_list("pk", "ladder_id").first()
        if found is None:
            return None
        pk, ladder_id = found
        _locked(ladder_id)
        chal = Challenge.objects.select_for_update().select_related("ladder").get(pk=pk)
        if chal.decided_at is not None:
            return None
        status = Game.objects.filter(pk=game_id).values_list("status", flat=True).get()
        if status == Game.Status.ABORTED:
            chal.result = Challenge.Result.VOID
        elif status == Game.Status.FINISHED:
            chal.result = _decide(chal)
        else:
            return None
        chal.decided_at = timezone.now()
        chal.save(update_fields=["result", "decided_at"])
        ladder_changed(ladder_id)
    return chal


def _decide(chal: Challenge) -> str:
    """The result from the seats' ranks (a seat that timed out or resigned ranks last): when the
    challenger ranks better and still stands below the defender, they take the defender's place and
    everyone from it down to the challenger's old place moves down one."""
    ranks = dict(Seat.objects.filter(game_id=chal.game_id).values_list("user_id", "rank"))
    if ranks.get(chal.challenger_id) is None or ranks.get(chal.defender_id) is None \
            or ranks[chal.challenger_id] >= ranks[chal.defender_id]:
        return Challenge.Result.DEFENDER
    places = dict(Rung.objects.filter(ladder=chal.ladder, user__in=[chal.challenger_id, chal.defender_id])
                  .values_list("user_id", "place"))
    mine, theirs = places.get(chal.challenger_id), places.get(chal.defender_id)
    if mine is not None and theirs is not None and mine > theirs:
        _climb(chal, mine, theirs)
    return Challenge.Result.CHALLENGER


def _climb(chal: Challenge, mine: int, theirs: int) -> None:
    ladder = chal.ladder
    pushed = list(Rung.objects.filter(ladder=ladder, place__gte=theirs, place__lt=mine))
    Rung.objects.filter(ladder=ladder, user_id=chal.challenger_id).update(place=0)  # out of the way a moment
    _shift(ladder, theirs, mine - 1, 1)
    Rung.objects.filter(ladder=ladder, user_id=chal.challenger_id).update(place=theirs)
    Move.objects.bulk_create(
        [Move(ladder=ladder, user_id=chal.challenger_id, from_place=mine, to_place=theirs, why=Move.Why.WON,
              other_id=chal.defender_id, challenge=chal)]
        + [Move(ladder=ladder, user_id=r.user_id, from_place=r.place, to_place=r.place + 1, why=Move.Why.PUSHED,
                other_id=chal.challenger_id, challenge=chal) for r in pushed])


def sweep() -> int:
    """Every open challenge whose game is over decided now, in the order the games ended: what a lost
    task or a restarted worker left undone. How many."""
    over = (Challenge.objects.filter(decided_at=None, game__status__in=[Game.Status.FINISHED, Game.Status.ABORTED])
            .order_by("game__finished_at", "game_id").values_list("game_id", flat=True))
    return sum(decide(game_id) is not None for game_id in list(over))


# --- reads -----------------------------------------------------------------------------------------

def ladders() -> list[Ladder]:
    return list(Ladder.objects.annotate(players=Count("rungs")))


def standings(ladder: Ladder) -> list[dict]:
    """Every rung, top first, with the player's rating at the game (None: none yet) and open challenges."""
    rungs = list(Rung.objects.filter(ladder=ladder).select_related("user"))
    ratings = {r.user_id: r for r in Rating.objects.filter(game=ladder.game, user__in=[r.user_id for r in rungs])}
    opened = open_challenges(ladder)
    return [{"place": r.place, "user": r.user, "rating": ratings[r.user_id].display if r.user_id in ratings else None,
             "provisional": r.user_id in ratings and ratings[r.user_id].provisional,
             "challenges": [c for c in opened if r.user_id in (c.challenger_id, c.defender_id)]} for r in rungs]


def open_challenges(ladder: Ladder) -> list[Challenge]:
    return list(Challenge.objects.filter(ladder=ladder, decided_at=None).select_related("challenger", "defender"))


def history(ladder: Ladder, limit: int = 100) -> list[Move]:
    return list(Move.objects.filter(ladder=ladder).select_related("user", "other")[:limit])


def games_of(ladder: Ladder, username: str | None = None, limit: int = 100) -> list[Challenge]:
    """The ladder's challenges, latest first; with `username`, that player's only."""
    found = Challenge.objects.filter(ladder=ladder).select_related("challenger", "defender", "game")
    if username:
        found = found.filter(Q(challenger__username=username) | Q(defender__username=username))
    return list(found[:limit])
