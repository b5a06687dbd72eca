"""Ratings per user per game, with openskill's Thurstone-Mosteller model (TrueSkill-like).

As on Yucata, the aliens of a game take part as one more rated participant: first when they win,
otherwise ranked by their score (RULES.md section 11). A seat a bot took over rates as its original
player, ranked last. Ratings change once per finished game, inside the transaction that records the
outcome; a moderator can revert a game's effect, which recomputes every rating of that game from
the remaining games in order.
"""
from __future__ import annotations

from django.db import transaction
from openskill.models import ThurstoneMostellerFull

from .models import Decision, Game, ModeratorAction, Rating, RatingChange

MODEL = ThurstoneMostellerFull()
PROVISIONAL_GAMES = 5
ACTIVE_DAYS = 90
ALIENS = "aliens"


def display(mu: float, sigma: float) -> int:
    """The conservative estimate mu - 3 sigma, scaled so that a new player starts at 1000."""
    return round(1000 + 40 * (mu - 3 * sigma))


def eligible(game: Game) -> bool:
    """Rated: a finished game in which every seat made at least one decision of its own."""
    if game.status != Game.Status.FINISHED or not game.outcome:
        return False
    human = set(Decision.objects.filter(game=game, by_bot=False, undone=False).values_list("seat", flat=True))
    return all(seat.order in human for seat in game.seats.all())


def standings(game: Game) -> list[tuple[object, int]]:
    """(user id or ALIENS, rank) from the outcome; bot-played seats last, sharing the last rank."""
    seats = {s.colour: s for s in game.seats.all()}
    playing = [e for e in game.outcome["ranking"] if e["who"] == ALIENS or not seats[e["who"]].played_by_bot]
    out = [(ALIENS if e["who"] == ALIENS else seats[e["who"]].user_id, e["rank"]) for e in playing]
    # Ranks as the rules gave them, closed up where bot seats were taken out.
    distinct = sorted({rank for _, rank in out})
    out = [(who, distinct.index(rank) + 1) for who, rank in out]
    last = len(distinct) + 1
    out += [(s.user_id, last) for s in seats.values() if s.played_by_bot]
    return out


def _rating(game_name: str, who) -> Rating:
    """The participant's rating row, created at need and locked for this transaction; two games
    ending at once both find the one row (get_or_create retries after a clash)."""
    user_id = None if who == ALIENS else who
    rating, _ = Rating.objects.get_or_create(game=game_name, user_id=user_id,
                                             defaults={"mu": MODEL.mu, "sigma": MODEL.sigma})
    return Rating.objects.select_for_update().get(pk=rating.pk)


def _update(pairs: list[tuple[Rating, int]]) -> list[tuple[float, float]]:
    teams = [[MODEL.create_rating([r.mu, r.sigma])] for r, _ in pairs]
    rated = MODEL.rate(teams, ranks=[rank for _, rank in pairs])
    return [(team[0].mu, team[0].sigma) for team in rated]


def rate_game(game: Game) -> bool:
    """Apply a finished game to its participants' ratings, once; True if it changed them."""
    if game.rated is not None or RatingChange.objects.filter(match=game).exists():
        return False
    if not eligible(game):
        game.rated = False
        game.save(update_fields=["rated"])
        return False
    pairs = [(_rating(game.game, who), rank) for who, rank in sorted(standings(game), key=lambda p: str(p[0]))]
    for (rating, rank), (mu, sigma) in zip(pairs, _update(pairs)):
        RatingChange.objects.create(match=game, rating=rating, rank=rank, mu_before=rating.mu,
                                    sigma_before=rating.sigma, mu_after=mu, sigma_after=sigma)
        rating.mu, rating.sigma = mu, sigma
        rating.games += 1
        rating.last_played = game.finished_at
        rating.save()
    game.rated = True
    game.save(update_fields=["rated"])
    return True


def recompute(game_name: str) -> None:
    """Every rating of one game rebuilt from its rated, unreverted games in the order they ended."""
    ratings = {r.pk: r for r in Rating.objects.select_for_update().filter(game=game_name)}
    for r in ratings.values():
        r.mu, r.sigma, r.games, r.last_played = MODEL.mu, MODEL.sigma, 0, None
    matches = (Game.objects.filter(game=game_name, rated=True).order_by("finished_at", "pk")
               .prefetch_related("rating_changes"))
    for match in matches:
        changes = sorted((c for c in match.rating_changes.all() if not c.reverted),
                         key=lambda c: str(ratings[c.rating_id].user_id or ALIENS))
        if not changes:
            continue
        pairs = [(ratings[c.rating_id], c.rank) for c in changes]
        for (rating, _), (mu, sigma), change in zip(pairs, _update(pairs), changes):
            change.mu_before, change.sigma_before, change.mu_after, change.sigma_after = rating.mu, rating.sigma, mu, sigma
            change.save(update_fields=["mu_before", "sigma_before", "mu_after", "sigma_after"])
            rating.mu, rating.sigma = mu, sigma
            rating.games += 1
            rating.last_played = match.finished_at
    for r in ratings.values():
        r.save()


def revert(moderator, game_id: int, reason: str) -> Game:
    """Abort a finished game (for cheating) and take its effect out of every rating."""
    from . import services
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.FINISHED:
            raise services.Conflict("only a finished game can have its rating effect reverted")
        services._log(moderator, ModeratorAction.Kind.REVERT_RATING, reason, game=game)
        game.status = Game.Status.ABORTED
        game.save(update_fields=["status"])
        if game.rated:
            RatingChange.objects.filter(match=game).update(reverted=True)
            game.rated = False
            game.save(update_fields=["rated"])
            recompute(game.game)
    return game


def changes_for(game: Game) -> list[dict]:
    """The finished game's effect on every participant, for pages, the API and notifications."""
    out = []
    for c in game.rating_changes.select_related("rating__user").all():
        user = c.rating.user
        out.append({"who": user.username if user else ALIENS, "user_id": user.pk if user else None,
                    "rank": c.rank, "before": c.before, "after": c.after, "change": c.after - c.before,
                    "reverted": c.reverted})
    return out
