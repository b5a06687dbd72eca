"""'Round 3 of the Spring Swiss: your game against bob': each player of a round's games hears of it
by email and push, once (RoundNotice is claimed, and committed, before anything is sent). In the
player's quiet hours or on a day off it waits for their end (games.reactions.held: `release` sends it
then)."""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext, override

from games import rules
from games.reactions import emails, held, push

from .models import Round, RoundNotice

HELD = "tournaments"  # the kind of the notices quiet time holds (games.reactions.held)


def round_notices(round_id: int, user_id: int | None = None) -> int:
    """Each player of the round's games (with `user_id`, that player alone) hears of it; how many did."""
    current = Round.objects.filter(pk=round_id).select_related("tournament").first()
    if current is None:
        return 0
    sent = 0
    for table in current.tables.filter(replaced=False, game__isnull=False).select_related("game"):
        seats = list(table.game.seats.select_related("user__profile"))
        for seat in seats:
            if seat.bot_account or not seat.user.is_active or user_id not in (None, seat.user_id):
                continue
            others = [s.user.profile.name for s in seats if s.pk != seat.pk]
            sent += _notice(current, table.game, seat.user, others)
    return sent


def release(user, ref: str) -> bool:
    """A round's notice that the player's quiet time held goes now (registered with games.reactions.held)."""
    return ref.isdigit() and round_notices(int(ref), user.pk) > 0


def _notice(current: Round, game, user, others: list[str]) -> int:
    if held.hold_if_quiet(user, HELD, current.pk):
        return 0
    try:
        with transaction.atomic():
            RoundNotice.objects.create(round=current, user=user)
    except IntegrityError:
        return 0  # told already
    t = current.tournament
    context = {"tournament": t, "round": current.number, "game": game, "opponents": ", ".join(others),
               "title": rules.title(t.game, user.profile.language)}
    subject = emails.email_user(user, "tournament_round", context)
    with override(user.profile.language):
        push.send(user, push.message(gettext("Argo Station"), subject, f"/games/{game.pk}/", f"game-{game.pk}"))
    return 1
