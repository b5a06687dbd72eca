"""Ratings per user per game, with openskill's Thurstone-Mosteller model (TrueSkill-like).

In a game played in teams (its rules module's `teams`), each team is one of openskill's teams, made of
its players' ratings and ranked by the team's place: openskill's own team model, in which partners
win and lose together. A player whose seat a bot took over rates alone in the last place.

A game's own participants that are not seats (an opponent the game plays, as on Yucata) take part as one more
rated participant each game, with the place the rules give them. A seat a bot took over rates as its
original player, in the place games.standings gives it (last). Ratings change once per finished
game, inside the transaction that records the outcome (games.services.play calls rate_game); when a
moderator reverts a game's result, every rating of that game is recomputed from the remaining games
in order.
"""
from __future__ import annotations

from functools import cache
from typing import cast

from django.db import connection, transaction
from django.dispatch import receiver
from openskill.models import ThurstoneMostellerFull

from foundation.rows import Columns, database, insert_each, update_each
from games import rules, signals
from games.models import PROVISIONAL_GAMES, Decision, Game, Rating, RatingChange, rating_display as display
from games.standings import standings as places, team_of, teams_of

MODEL = ThurstoneMostellerFull()
ACTIVE_DAYS = 90
PARTICIPANT = None  # the rating row of a game's own participant has no user

__all__ = ["PROVISIONAL_GAMES", "display", "rate_game", "recompute", "changes_for", "rating_moves", "standings"]


def eligible(game: Game) -> bool:
    """Rated: a finished game in which every seat made at least one decision of its own."""
    if game.status != Game.Status.FINISHED or not game.outcome:
        return False
    with database().cursor() as cursor:
        cursor.execute(_seats_that_decided(), [game.pk, False, False])
        human = {seat for seat, in cursor.fetchall()}
    return all(seat.order in human for seat in game.seats.all())


# The end of every game asks these two, inside the decision that ends it: written once, where the
# ORM compiled each for a millisecond of CPU (docs/performance.md).
@cache
def _seats_that_decided() -> str:
    decision = connection.ops.quote_name(Decision._meta.db_table)
    return f"SELECT DISTINCT seat FROM {decision} WHERE game_id = %s AND by_bot = %s AND undone = %s"


@cache
def _ratings_query(users: int, participant: bool) -> tuple[str, Columns]:
    """The rating rows of one game for `users` user ids and, with `participant`, the row without a
    user, locked in the order of their keys."""
    rating = Columns(Rating, "r")
    chosen = [f"r.user_id IN ({', '.join(['%s'] * users)})"] if users else []
    chosen += ["r.user_id IS NULL"] if participant else []
    locked = " FOR UPDATE" if connection.features.has_select_for_update else ""
    sql = (f"SELECT {rating.sql} FROM {rating.table} WHERE r.{connection.ops.quote_name('game')} = %s "
           f"AND ({' OR '.join(chosen) or 'FALSE'}) ORDER BY r.id{locked}")
    return sql, rating


def standings(game: Game) -> list[tuple[object, int]]:
    """(user id, or PARTICIPANT for the game's own participant, rank): the places of games.standings,
    the same the service stored on the seats. A ranking entry is a seat by its name, or one of the
    game's `participants` (its presentation's) by its key."""
    own = rules.presentation(game.name).participants
    best: dict[object, int] = {}
    assert game.outcome is not None  # a finished game's
    for who, seat, rank in places(game.outcome, game.seats.all()):
        if seat or who in own:
            key = seat.user_id if seat else PARTICIPANT
            best.setdefault(key, rank)  # best first: a bot holding two seats rates once, by its better place
    return list(best.items())


def _ratings(game_name: str, participants: list) -> dict:
    """{participant: their rating row} for the game's participants (user ids, None for the game's
    own opponents), created at need and locked for this transaction in the order of their keys; two
    games ending at once both find the one row (get_or_create retries after a clash)."""
    users = [who for who in participants if who is not None]
    found = _locked_ratings(game_name, users, None in participants)
    missing = [who for who in participants if who not in found]
    for who in missing:  # a first game of this game: the row is made, then locked with the others
        Rating.objects.get_or_create(game=game_name, user_id=who, defaults={"mu": MODEL.mu, "sigma": MODEL.sigma})
    return _locked_ratings(game_name, users, None in participants) if missing else found


def _locked_ratings(game_name: str, users: list, participant: bool) -> dict:
    if not transaction.get_connection().in_atomic_block:  # as select_for_update() says
        raise transaction.TransactionManagementError("locking ratings outside a transaction holds no lock")
    sql, rating = _ratings_query(len(users), participant)
    with database().cursor() as cursor:
        cursor.execute(sql, [game_name, *users])
        rows = [rating.instance(row) for row in cursor.fetchall()]
    return {row.user_id: row for row in rows}


def sides(game: Game) -> dict[int, int] | None:
    """Who rates together: {user id: team index} in a game played in teams, None in one without.
    The players of the seats still theirs at the end, each in the team of their best-placed seat (a
    bot account may hold two); a player whose seat a bot took over is in no team and rates alone."""
    teams = teams_of(game)
    if teams is None:
        return None
    side: dict[int, int] = {}
    for seat in sorted(game.seats.all(), key=lambda s: (s.rank is None, s.rank or 0, s.order)):
        if not seat.abandoned:
            side.setdefault(seat.user_id, cast(int, team_of(teams, seat.order)))  # every seat is in a team
    return side


def _units(players: list, side: dict[int, int] | None) -> list[list[int]]:
    """The indexes of `players` (user ids, None for the game's own participant) that openskill rates
    as one team: without `side` each alone, with it the players of one side together."""
    units: dict[tuple, list[int]] = {}
    for i, who in enumerate(players):
        team = side.get(who) if side and who is not None else None
        units.setdefault(("team", team) if team is not None else ("alone", i), []).append(i)
    return list(units.values())


def _update(pairs: list[tuple[Rating, int]], side: dict[int, int] | None = None) -> list[tuple[float, float]]:
    """(mu, sigma) after the game for each (rating, rank) of `pairs`. Without `side`, each is one of
    openskill's teams alone; with it, the players of one side form one team, ranked by its best place."""
    members = _units([rating.user_id for rating, _ in pairs], side)
    teams = [[MODEL.create_rating([pairs[i][0].mu, pairs[i][0].sigma]) for i in unit] for unit in members]
    rated = MODEL.rate(teams, ranks=[min(pairs[i][1] for i in unit) for unit in members])
    out: list = [None] * len(pairs)
    for unit, team in zip(members, rated):
        for i, new in zip(unit, team):
            out[i] = (new.mu, new.sigma)
    return out


def rate_game(game: Game, save: bool = True) -> bool:
    """Apply a finished game to its participants' ratings, once; True if it changed them. Without
    `save`, `game.rated` is set and the caller saves it (the decision that ends a game stores it with
    the game's other changes, Game.DECISION_FIELDS); that caller read the game under its lock in
    this transaction, so its `rated` is the stored one. Another's copy may be older than the rating:
    the changes stored are asked too."""
    if game.rated is not None or (save and RatingChange.objects.filter(match=game).exists()):
        return False
    placed = sorted(standings(game), key=lambda p: str(p[0] or "")) if eligible(game) else []
    side = sides(game) if placed else None
    # One account on every side (a bot account holding a person's partner seat and both opponents'):
    # nobody to be rated against, so nothing is rated.
    if len(_units([who for who, _ in placed], side)) < 2:
        game.rated = False
        if save:
            game.save(update_fields=["rated"])
        return False
    rows = _ratings(game.name, [who for who, _ in placed])
    pairs = [(rows[who], rank) for who, rank in placed]
    changes = []
    for (rating, rank), (mu, sigma) in zip(pairs, _update(pairs, side)):
        changes.append(RatingChange(match=game, rating=rating, rank=rank, mu_before=rating.mu,
                                    sigma_before=rating.sigma, mu_after=mu, sigma_after=sigma))
        rating.mu, rating.sigma = mu, sigma
        rating.games += 1
        rating.last_played = game.finished_at
    insert_each(changes)
    update_each([rating for rating, _ in pairs], ["mu", "sigma", "games", "last_played"])
    # kept on this instance for rating_moves, which reads it from there
    game.__dict__["_rating_moves"] = _moves((c.rating.user_id, c.mu_before, c.sigma_before, c.mu_after,
                                             c.sigma_after) for c in changes)
    game.rated = True
    if save:
        game.save(update_fields=["rated"])
    return True


def recompute(game_name: str) -> None:
    """Every rating of one game rebuilt from its rated, unreverted games in the order they ended."""
    ratings = {r.pk: r for r in Rating.objects.select_for_update().filter(game=game_name)}
    for r in ratings.values():
        r.mu, r.sigma, r.games, r.last_played = MODEL.mu, MODEL.sigma, 0, None
    matches = (Game.objects.filter(name=game_name, rated=True).order_by("finished_at", "pk")
               .prefetch_related("rating_changes", "seats"))
    for match in matches:
        changes = sorted((c for c in match.rating_changes.all() if not c.reverted),
                         key=lambda c: str(ratings[c.rating_id].user_id or ""))
        if not changes:
            continue
        pairs = [(ratings[c.rating_id], c.rank) for c in changes]
        for (rating, _), (mu, sigma), change in zip(pairs, _update(pairs, sides(match)), changes):
            change.mu_before, change.sigma_before, change.mu_after, change.sigma_after = rating.mu, rating.sigma, mu, sigma
            change.save(update_fields=["mu_before", "sigma_before", "mu_after", "sigma_after"])
            rating.mu, rating.sigma = mu, sigma
            rating.games += 1
            rating.last_played = match.finished_at
    for r in ratings.values():
        r.save()


def changes_for(game: Game) -> list[dict]:
    """The finished game's effect on every participant, for pages, the API and notifications."""
    out = []
    changes = list(game.rating_changes.select_related("rating__user", "match").all())
    rated_through = _games_rated_through(changes)
    for c in changes:
        user = c.rating.user
        out.append({"who": user.username if user else participant_of(game), "user_id": user.pk if user else None,
                    "rank": c.rank, "before": c.before, "after": c.after, "change": c.after - c.before,
                    "reverted": c.reverted, "provisional": rated_through[c.pk] < PROVISIONAL_GAMES})
    return out


def rating_moves(game: Game) -> list[tuple[int, int, int]]:
    """(user id, rating shown before, after) for each player the finished game rated: what the news
    of the finish says, in one read, without changes_for's count of each player's earlier games. A
    game rated by this very instance (rate_game) knows them without reading them back."""
    known = game.__dict__.get("_rating_moves")
    if known is not None:
        return known
    return _moves(RatingChange.objects.filter(match=game, rating__user__isnull=False).order_by().values_list(
        "rating__user_id", "mu_before", "sigma_before", "mu_after", "sigma_after"))


def _moves(changes) -> list[tuple[int, int, int]]:
    return [(user_id, display(mu, sigma), display(mu_after, sigma_after))
            for user_id, mu, sigma, mu_after, sigma_after in changes if user_id is not None]


def _games_rated_through(changes: list[RatingChange]) -> dict[int, int]:
    """How many rated games each rating had counted once the change's game was rated: under
    PROVISIONAL_GAMES the figure after the game was still provisional (and moved a lot)."""
    def when(finished_at, match_id):  # the order in which games are rated (RatingChange.Meta.ordering)
        return (finished_at.timestamp() if finished_at else 0.0, match_id)

    order = {c.pk: when(c.match.finished_at, c.match_id) for c in changes}
    earlier = (RatingChange.objects.filter(rating_id__in={c.rating_id for c in changes}, reverted=False)
               .values_list("rating_id", "match__finished_at", "match_id"))
    counts = dict.fromkeys(order, 1)
    for rating_id, finished_at, match_id in earlier:
        for c in changes:
            if c.rating_id == rating_id and match_id != c.match_id and when(finished_at, match_id) < order[c.pk]:
                counts[c.pk] += 1
    return counts


def participant_of(game: Game) -> str:
    """The key of the game's own participant (its presentation names it), if any."""
    return next(iter(rules.presentation(game.name).participants), "")


@receiver(signals.result_reverted)
def _take_back(sender, game, **kwargs):
    if game.rated:
        RatingChange.objects.filter(match=game).update(reverted=True)
        game.rated = False
        game.save(update_fields=["rated"])
        recompute(game.name)
