"""What follows a change, after its commit: the next round queued when a table is decided, the
players told of their new game (email and push, at most once each), and open tournament pages
redrawn over their socket."""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.dispatch import receiver
from django.utils.translation import gettext, override

from games import rules, signals as game_signals
from games.entry.tasks import enqueue
from games.reactions import emails, notify, push

from . import services, signals
from .models import Round, RoundNotice


def group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


@receiver(game_signals.game_finished)
@receiver(game_signals.game_aborted)
def _game_ended(sender, game, **kwargs):
    decided = services.table_decided(game)
    if decided is not None:
        from .tasks import advance  # the tasks module imports this one
        transaction.on_commit(lambda: enqueue(advance, decided.pk))


@receiver(signals.round_started)
def _round_started(sender, tournament, round, **kwargs):
    from .tasks import round_notices
    transaction.on_commit(lambda: enqueue(round_notices, round.pk))


@receiver(signals.tournament_changed)
def _changed(sender, tournament, **kwargs):
    tid = tournament.pk
    transaction.on_commit(lambda: notify.send(group(tid), {"event": "tournament", "tournament": tid}))


def round_notices(round_id: int) -> int:
    """"Round 3 of the Spring Swiss: your game against bob" to each player of the round's games."""
    current = Round.objects.filter(pk=round_id).select_related("tournament").first()
    if current is None:
        return 0
    sent = 0
    for table in current.tables.filter(replaced=False, game__isnull=False).select_related("game"):
        seats = list(table.game.seats.select_related("user__profile"))
        for seat in seats:
            if seat.bot_account or not seat.user.is_active:
                continue
            others = [s.user.profile.name for s in seats if s.pk != seat.pk]
            sent += _notice(current, table.game, seat.user, others)
    return sent


def _notice(current: Round, game, user, others: list[str]) -> int:
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
