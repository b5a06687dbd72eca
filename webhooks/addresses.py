"""Where a webhook may post: https on the default port, to a host whose every address is on the public
internet. The host is resolved here (socket.getaddrinfo) and the post goes to the address checked
(webhooks.delivery), so that a name cannot point somewhere else between the check and the connect.

settings.WEBHOOKS_ALLOW_LOCAL (tests and development only, off by default) also lets in http, any port
and any address, for a stand-in server on the same machine."""
from __future__ import annotations

import ipaddress
import re
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext

from .models import MAX_URL

# A host name (or an IPv4 address), an optional port, and a path and query of printable characters.
SHAPE = re.compile(r"^https?://[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?(/[!-~]*)?$")
NAT64 = ipaddress.ip_network("64:ff9b::/96")
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class Refused(Exception):
    """An address a webhook may not post to; `lasting`: whether trying later could not help (a host
    not found may be found again, an address in a private network stays refused)."""

    def __init__(self, detail: str, lasting: bool = True):
        super().__init__(detail)
        self.detail = detail
        self.lasting = lasting


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str
    port: int
    path: str          # path and query, as sent in the request line
    address: str       # the checked address the post connects to

    @property
    def host_header(self) -> str:
        default = 443 if self.scheme == "https" else 80
        return self.host if self.port == default else f"{self.host}:{self.port}"


def target(url: str) -> Target:
    """Where `url` posts to, its host resolved and every address checked; Refused otherwise."""
    if len(url) > MAX_URL or not SHAPE.fullmatch(url):
        raise Refused(gettext("a webhook's address is a web address such as https://chat.example.org/hooks/…"))
    parts = urlsplit(url)
    local = settings.WEBHOOKS_ALLOW_LOCAL
    if parts.scheme != "https" and not local:
        raise Refused(gettext("a webhook's address begins with https://"))
    try:
        port = parts.port
    except ValueError:
        port = -1
    if port is not None and (port == -1 or (port != 443 and not local)):
        raise Refused(gettext("a webhook's address has no port of its own: https's is used"))
    host = (parts.hostname or "").rstrip(".").lower()
    port = port or (443 if parts.scheme == "https" else 80)
    addresses = resolve(host, port)
    if not local and not all(public(a) for a in addresses):
        raise Refused(gettext("%(host)s is in a private network or has an address that is not on the public internet")
                      % {"host": host})
    path = parts.path or "/"
    return Target(parts.scheme, host, port, f"{path}?{parts.query}" if parts.query else path, str(addresses[0]))


def resolve(host: str, port: int) -> list[Address]:
    """Every address of the host (an address stands for itself), in the resolver's order."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):  # socket.gaierror is an OSError
        raise Refused(gettext("%(host)s is not found") % {"host": host}, lasting=False) from None
    found: list[Address] = []
    for info in infos:
        try:
            address = ipaddress.ip_address(str(info[4][0]).partition("%")[0])
        except ValueError:
            continue
        if address not in found:
            found.append(address)
    if not found:
        raise Refused(gettext("%(host)s is not found") % {"host": host}, lasting=False)
    return found


def public(address: Address) -> bool:
    """On the public internet: never private, loopback, link-local, multicast, reserved or unspecified,
    nor an IPv6 address that carries such an IPv4 one (mapped, 6to4, Teredo, NAT64)."""
    if isinstance(address, ipaddress.IPv6Address):
        inner = address.ipv4_mapped or address.sixtofour or (address.teredo[1] if address.teredo else None)
        if address in NAT64:
            inner = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        if inner is not None and not public(inner):
            return False
    return address.is_global and not (address.is_private or address.is_loopback or address.is_link_local
                                      or address.is_multicast or address.is_reserved or address.is_unspecified)
