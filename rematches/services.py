"""Proposing a rematch, and closing one nobody answered; the lobby's arranged games do the rest
(games.services.arrange_game: kept seats, the start when the last invitee takes theirs, the close
when one declines)."""
from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from games import services
from games.models import Game

from .models import Rematch

ANSWER_DAYS = 7  # an invitation to a rematch not taken by then closes it


def seating(game: Game) -> list:
    """The same players, seats rotated by one: who sat second sits first, the first sits last."""
    users = [seat.user for seat in sorted(game.seats.all(), key=lambda s: s.order)]
    return users[1:] + users[:1]


def propose(user, game_id) -> tuple[Rematch, bool]:
    """The rematch of a finished game the user played in, and whether this call proposed it (the
    second of two players pressing at once gets the first one's)."""
    with transaction.atomic():
        services.locked(game_id)  # two proposals queue here (a 404 for no such game)
        game = services.game_with_seats(game_id)
        if game.seat_of(user) is None or user.profile.bot:
            raise services.NotAllowed(gettext("only the game's players can propose a rematch"))
        existing = Rematch.objects.filter(of=game).select_related("game").first()
        if existing is not None:
            return existing, False
        if game.status != Game.Status.FINISHED:
            raise services.Conflict(gettext("only a finished game can be played again"))
        players = seating(game)
        gone = [u.profile.name for u in players if not u.is_active]
        if gone:
            raise services.Conflict(gettext("%(names)s can no longer play") % {"names": ", ".join(gone)})
        new = services.arrange_game(user, like=game, seating=players)
        return Rematch.objects.create(of=game, game=new, proposed_by=user), True


def rematch_of(game_id: int) -> Rematch | None:
    return Rematch.objects.filter(of_id=game_id).select_related("game").first()


def unanswered(now=None) -> list[int]:
    """The rematches still open after ANSWER_DAYS: each is closed by `close_unanswered`."""
    since = (now or timezone.now()) - timedelta(days=ANSWER_DAYS)
    return list(Rematch.objects.filter(created_at__lt=since, game__status=Game.Status.OPEN)
                .values_list("pk", flat=True))


def close_unanswered(rematch_id: int) -> bool:
    with transaction.atomic():
        rematch = Rematch.objects.get(pk=rematch_id)
        return services.close_open_game(rematch.game_id).status == Game.Status.ABORTED


def claim_telling(rematch_id: int) -> bool:
    """Whether this caller is the one to tell the proposer that the rematch is off (at most once)."""
    return bool(Rematch.objects.filter(pk=rematch_id, told_at=None).update(told_at=timezone.now()))
