"""Which addresses a browser may register for pushes: only a push service's, so that the site never
posts to a place a user named (checked when a device is stored, and again before every push)."""
from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

from django.conf import settings

# A host name, an optional port and a path of printable characters: what push services hand out.
ENDPOINT_SHAPE = re.compile(r"^https?://[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?(/[!-~]*)?$")


def endpoint_allowed(url: str) -> bool:
    """Whether `url` is a push service's: https on the default port, on a host that is one of
    settings.PUSH_SERVICE_HOSTS or below one, never an address. PUSH_ALLOW_HTTP (development and
    tests) also lets in http, other ports and an address listed as it is, for a local stand-in."""
    if not ENDPOINT_SHAPE.fullmatch(url):
        return False
    parts = urlsplit(url)
    local = settings.PUSH_ALLOW_HTTP
    try:
        port = parts.port
    except ValueError:
        return False
    if not (parts.scheme == "https" or local) or not (port in (None, 443) or local):
        return False
    host = (parts.hostname or "").lower()
    allowed = [h.strip().lower() for h in settings.PUSH_SERVICE_HOSTS if h.strip()]
    if _is_address(host):
        return local and host in allowed
    return any(host == h or host.endswith("." + h) for h in allowed)


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return host.replace(".", "").isdigit()  # 2130706433 and the like are addresses too
    return True
