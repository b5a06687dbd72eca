"""The proposer hears that a rematch is off (declined, or unanswered for ANSWER_DAYS), by email and
push, once (Rematch.told_at is claimed, and committed, before anything is sent). In the proposer's
quiet hours or on a day off it waits for their end (games.reactions.held: `release` sends it then)."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext, override

from games import rules
from games.reactions import emails, held, push

from . import services
from .models import Rematch

HELD = "rematches"  # the kind of the notices quiet time holds (games.reactions.held)


def rematch_off(rematch_id: int, declined_by: int | None) -> bool:
    rematch = Rematch.objects.filter(pk=rematch_id).select_related("proposed_by__profile", "game").first()
    if rematch is None or not rematch.proposed_by.is_active or rematch.told_at is not None:
        return False
    if held.hold_if_quiet(rematch.proposed_by, HELD, f"{rematch_id}-{declined_by or ''}"):
        return False
    if not services.claim_telling(rematch_id):
        return False
    user = rematch.proposed_by
    who = get_user_model().objects.filter(pk=declined_by).select_related("profile").first() if declined_by else None
    context = {"rematch": rematch, "of": rematch.of_id, "game": rematch.game,
               "who": who.profile.name if who else "", "days": services.ANSWER_DAYS,
               "title": rules.title(rematch.game.name, user.profile.language)}
    subject = emails.email_user(user, "rematch_off", context)
    with override(user.profile.language):
        push.send(user, push.message(gettext("Argo Station"), subject, f"/games/{rematch.of_id}/", f"game-{rematch.of_id}"))
    return True


def release(user, ref: str) -> bool:
    """The notice that quiet time held (registered with games.reactions.held): the rematch's number
    and who declined it (nobody when it went unanswered), as rematch_off was asked."""
    rematch_id, _, declined_by = ref.partition("-")
    if not rematch_id.isdigit() or not Rematch.objects.filter(pk=int(rematch_id), proposed_by=user).exists():
        return False
    return rematch_off(int(rematch_id), int(declined_by) if declined_by.isdigit() else None)
