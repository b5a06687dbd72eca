"""Web Push: a notice sent to every device a player turned pushes on for (accounts.PushDevice).

The payload is encrypted for each device (RFC 8291, aes128gcm) and signed with the site's VAPID
key (RFC 8292) by pywebpush; it carries the notice's title, a line of text and the page to open,
nothing hidden. The push service answering 404 or 410 means the browser dropped the subscription:
the device is deleted. Any other failure is logged and never fails the notice's email.
"""
from __future__ import annotations

import json
import logging
from urllib.parse import urlsplit

from django.conf import settings
from django.utils import timezone
from pywebpush import WebPushException, webpush

from accounts.models import PushDevice

log = logging.getLogger(__name__)
GONE = {404, 410}
TTL = 24 * 3600  # seconds the push service keeps a push for a device that is off
TIMEOUT = 10


def enabled() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def message(title: str, body: str, path: str, tag: str) -> dict:
    """What the service worker shows (static/sw.js): `tag` makes a newer notice of the same game
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
    endpoint = urlsplit(device.endpoint)
    claims = {"sub": settings.VAPID_SUBJECT, "aud": f"{endpoint.scheme}://{endpoint.netloc}"}
    try:
        webpush(device.subscription(), json.dumps(payload), vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims=claims, ttl=TTL, timeout=TIMEOUT)
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in GONE:
            device.delete()
            log.info("push device %s is gone (%s): deleted", device.pk, status)
        else:
            log.warning("push to device %s failed: %s", device.pk, status or exc)
        return False
    except Exception as exc:  # network trouble: the push service is someone else's server
        log.warning("push to device %s failed: %r", device.pk, exc)
        return False
    PushDevice.objects.filter(pk=device.pk).update(last_push_at=timezone.now())
    return True
