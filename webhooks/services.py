"""A player's webhooks: adding one (its address checked and a test message taken), removing one, and
posting a turn notice to one (docs/webhooks.md)."""
from __future__ import annotations

import json
import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_lazy

from games import services
from games.services.errors import spend

from . import delivery
from .addresses import Refused, target
from .models import MAX_HOOKS, Webhook

log = logging.getLogger(__name__)
GIVE_UP = 3  # lasting refusals in a row after which a webhook is removed


def hooks_of(user):
    return Webhook.objects.filter(user=user)


def body(format: str, payload: dict) -> bytes:
    """What a webhook receives: the push's words and its link, nothing more (docs/webhooks.md)."""
    text = f"{payload['body']}\n{payload['url']}"
    if format == Webhook.Format.DISCORD:
        return json.dumps({"content": text, "allowed_mentions": {"parse": []}}).encode()
    return json.dumps({"text": text, "url": payload["url"]}).encode()


def test_payload(user) -> dict:
    with translation.override(user.profile.language):
        words = gettext("Argo Station: your turn notices come to this address from now on.")
    return {"body": words, "url": f"{settings.SITE_URL}/settings/"}


def add(user, url: str, format: str = Webhook.Format.TEXT) -> Webhook:
    """Check the address, post the test message to it and keep it when it was taken (a 2xx)."""
    url = url.strip()
    if hooks_of(user).count() >= MAX_HOOKS:
        raise services.Conflict(gettext("at most %(n)s webhooks; remove one first") % {"n": MAX_HOOKS})
    if hooks_of(user).filter(url=url).exists():
        raise services.Conflict(gettext("you have this webhook already"))
    try:
        checked = target(url)
    except Refused as exc:
        raise services.Invalid(exc.detail) from None
    spend(user, "webhook", gettext_lazy("test messages to webhooks"))
    outcome = delivery.post(checked, body(format, test_payload(user)))
    if not outcome.ok:
        raise services.Invalid(gettext("the address did not take the test message: %(why)s") % {"why": why(outcome)})
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()  # one add at a time per player
        if hooks_of(user).count() >= MAX_HOOKS:
            raise services.Conflict(gettext("at most %(n)s webhooks; remove one first") % {"n": MAX_HOOKS})
        try:
            with transaction.atomic():
                return Webhook.objects.create(user=user, url=url, format=format, last_posted_at=timezone.now())
        except IntegrityError:
            raise services.Conflict(gettext("you have this webhook already")) from None


def why(outcome: delivery.Outcome) -> str:
    if outcome.status is None:
        return gettext("it could not be reached (%(error)s)") % {"error": outcome.error}
    if 300 <= outcome.status < 400:
        return gettext("it answered with a redirect (%(status)s), which is never followed") % {"status": outcome.status}
    return gettext("it answered %(status)s") % {"status": outcome.status}


def remove(user, hook_id: int) -> None:
    if not hooks_of(user).filter(pk=hook_id).delete()[0]:
        raise services.NotFound(gettext("you have no such webhook"))


def deliver(hook_id: int, payload: dict) -> bool:
    """Post a turn notice to the webhook, its address checked again first; whether it was taken.
    A lasting refusal is counted and the webhook removed at the GIVE_UP-th in a row; a passing one
    (5xx, 408, 425, 429, the network, a host not found) is logged and changes nothing."""
    hook = Webhook.objects.filter(pk=hook_id).first()
    if hook is None:
        return False
    try:
        outcome = delivery.post(target(hook.url), body(hook.format, payload))
    except Refused as exc:
        outcome = delivery.Outcome(None, exc.detail)
        lasting = exc.lasting
    else:
        lasting = outcome.lasting
    if outcome.ok:
        Webhook.objects.filter(pk=hook.pk).update(failures=0, last_posted_at=timezone.now())
        return True
    if not lasting:
        log.warning("webhook %s of user %s failed for now: %s", hook.pk, hook.user_id, outcome.status or outcome.error)
        return False
    Webhook.objects.filter(pk=hook.pk).update(failures=F("failures") + 1)
    if Webhook.objects.filter(pk=hook.pk, failures__gte=GIVE_UP).delete()[0]:
        log.info("webhook %s of user %s removed: refused %s times in a row, last %s", hook.pk, hook.user_id,
                 GIVE_UP, outcome.status or outcome.error)
    else:
        log.warning("webhook %s of user %s refused: %s", hook.pk, hook.user_id, outcome.status or outcome.error)
    return False
