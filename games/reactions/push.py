"""Web Push: a notice sent to every device a player turned pushes on for (accounts.PushDevice).

The payload is encrypted for each device (RFC 8291, aes128gcm) and signed with the site's VAPID
key (RFC 8292) by pywebpush; it carries the notice's title, a line of text and the page to open,
nothing hidden.

The site posts only to the push services' own hosts (`endpoint_allowed`, settings.PUSH_SERVICE_HOSTS),
so a subscription cannot make it reach anything else. A device the push service refuses for good
is deleted: 404 or 410 (the browser dropped the subscription) and any other 4xx but 408, 425 and
429 (a bad or expired subscription, keys that no longer match), and so is one whose keys cannot
encrypt a message or whose endpoint is no longer allowed. Other failures (5xx, 429, the network)
are logged and the device kept. No failure fails the notice's email.
"""
from __future__ import annotations

import json
import logging
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.utils import timezone
from pywebpush import WebPushException, webpush

from accounts.models import PushDevice
from accounts.push_endpoints import endpoint_allowed

log = logging.getLogger(__name__)
GONE = {404, 410}
PASSING = {408, 425, 429}  # client errors that say "later", not "never"
TTL = 24 * 3600  # seconds the push service keeps a push for a device that is off
TIMEOUT = 10
def enabled() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def message(title: str, body: str, path: str, tag: str) -> dict:
    """What the service worker shows (templates/pwa/sw.js): `tag` makes a newer notice of the same game
    replace the older one instead of stacking up."""
    return {"title": title, "body": body, "url": f"{settings.SITE_URL}{path}", "tag": tag}


def send(user, payload: dict) -> int:
    """Push `payload` to each of the user's devices; the number that took it."""
    if not enabled():
        return 0
    delivered = 0
    for device in PushDevice.objects.filter(user=user):
        if _deliver(device, payload):
            delivered += 1
    return delivered


def _deliver(device: PushDevice, payload: dict) -> bool:
    if not endpoint_allowed(device.endpoint):
        _drop(device, "its endpoint is not a push service's")
        return False
    endpoint = urlsplit(device.endpoint)
    claims = {"sub": settings.VAPID_SUBJECT, "aud": f"{endpoint.scheme}://{endpoint.netloc}"}
    try:
        webpush(device.subscription(), json.dumps(payload), vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims=claims, ttl=TTL, timeout=TIMEOUT)
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in GONE or (status is not None and 400 <= status < 500 and status not in PASSING):
            _drop(device, f"the push service answered {status}")
        else:
            log.warning("push to device %s failed: %s", device.pk, status or exc)
        return False
    except requests.RequestException as exc:  # network trouble: the push service is someone else's server
        log.warning("push to device %s failed: %r", device.pk, exc)
        return False
    except ValueError as exc:  # its keys cannot encrypt a message: they never will
        _drop(device, f"its keys are unusable ({exc})")
        return False
    PushDevice.objects.filter(pk=device.pk).update(last_push_at=timezone.now())
    return True


def _drop(device: PushDevice, why: str) -> None:
    device.delete()
    log.info("push device %s of user %s deleted: %s", device.pk, device.user_id, why)
