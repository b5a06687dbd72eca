"""Ratings per user per game, with openskill's Thurstone-Mosteller model (TrueSkill-like).

A game's own participants that are not seats (an opponent the game plays, as on Yucata) take part as one more
rated participant each game, with the place the rules give them. A seat a bot took over rates as its
original player, in the place games.standings gives it (last). Ratings change once per finished
game, inside the transaction that records the outcome (games.services.play calls rate_game); when a
moderator reverts a game's result, every rating of that game is recomputed from the remaining games
in order.
"""
from __future__ import annotations

from django.dispatch import receiver
from openskill.models import ThurstoneMostellerFull

from games import rules, signals
from games.models import PROVISIONAL_GAMES, Decision, Game, Rating, RatingChange
from games.models import rating_display as display
from games.standings import standings as places

MODEL = ThurstoneMostellerFull()
ACTIVE_DAYS = 90
PARTICIPANT = None  # the rating row of a game's own participant has no user

__all__ = ["PROVISIONAL_GAMES", "display", "rate_game", "recompute", "changes_for", "standings"]


def eligible(game: Game) -> bool:
    """Rated: a finished game in which every seat made at least one decision of its own."""
    if game.status != Game.Status.FINISHED or not game.outcome:
        return False
    human = set(Decision.objects.filter(game=game, by_bot=False, undone=False).values_list("seat", flat=True))
    return all(seat.order in human for seat in game.seats.all())


def standings(game: Game) -> list[tuple[object, int]]:
    """(user id, or PARTICIPANT for the game's own participant, rank): the places of games.standings,
    the same the service stored on the seats. A ranking entry is a seat by its name, or one of the
    rules module's `participants` by its key."""
    own = rules.get(game.name).participants
    best: dict[object, int] = {}
    for who, seat, rank in places(game.outcome, game.seats.all()):
        if seat or who in own:
            key = seat.user_id if seat else PARTICIPANT
            best.setdefault(key, rank)  # best first: a bot holding two seats rates once, by its better place
    return list(best.items())


def _rating(game_name: str, who) -> Rating:
    """The participant's rating row, created at need and locked for this transaction; two games
    ending at once both find the one row (get_or_create retries after a clash)."""
    rating, _ = Rating.objects.get_or_create(game=game_name, user_id=who,
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
    pairs = [(_rating(game.name, who), rank) for who, rank in sorted(standings(game), key=lambda p: str(p[0] or ""))]
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
    matches = (Game.objects.filter(name=game_name, rated=True).order_by("finished_at", "pk")
               .prefetch_related("rating_changes"))
    for match in matches:
        changes = sorted((c for c in match.rating_changes.all() if not c.reverted),
                         key=lambda c: str(ratings[c.rating_id].user_id or ""))
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
    """The key the rules give their own participant, if any."""
    return next(iter(rules.get(game.name).participants), "")


@receiver(signals.result_reverted)
def _take_back(sender, game, **kwargs):
    if game.rated:
        RatingChange.objects.filter(match=game).update(reverted=True)
        game.rated = False
        game.save(update_fields=["rated"])
        recompute(game.name)
