"""Where an account is signed in: the browsers whose sessions allauth.usersessions lists, and the
programs holding its API tokens, one token per device. Ending one of them, or all at once.

Every ending closes the sockets opened with it (games.reactions.notify hears the deletion of the
session's row or of the token), and "everywhere" closes all the account's sockets besides."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from allauth.usersessions.models import UserSession
from django.contrib.auth import get_user_model, logout
from django.db import transaction
from django.utils import timezone

from accounts import credentials
from accounts.models import ApiToken
from accounts.signals import signed_out_everywhere

# The session's own record of the key it was listed under: a session whose key changed (a new
# password cycles it) or that was never listed (signed in before the list existed) is listed anew.
LISTED = "_listed_as"
SIGNED_IN_AT = "_signed_in_at"

# What a browser calls itself, told briefly: the first pattern that matches names it. Edge and
# Opera say "Chrome" too, and Chrome says "Safari", hence the order.
BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrom", "Chrome"), ("Safari/", "Safari"))
SYSTEMS = (("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Windows", "Windows"),
           ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))


@dataclass(frozen=True)
class Browser:
    pk: int
    browser: str  # "Firefox", or "" when the browser is not one the site knows by name
    system: str
    address: str
    since: datetime
    current: bool


@dataclass(frozen=True)
class Program:
    handle: str
    device: str
    since: datetime
    last_used: datetime | None
    expires: datetime
    current: bool


def _first_named(user_agent: str, table) -> str:
    return next((name for mark, name in table if mark in user_agent), "")


def browsers(user, current_session_key: str | None) -> list[Browser]:
    """The account's signed-in browsers, newest first; sessions ended meanwhile drop off the list."""
    listed = sorted(UserSession.objects.purge_and_list(user), key=lambda s: s.created_at, reverse=True)
    return [Browser(s.pk, _first_named(s.user_agent, BROWSERS), _first_named(s.user_agent, SYSTEMS), s.ip,
                    s.created_at, s.session_key == current_session_key) for s in listed]


def programs(user, current_token: ApiToken | None = None) -> list[Program]:
    """The account's API tokens still valid, newest first."""
    tokens = [t for t in user.api_tokens.order_by("-created") if not credentials.token_expired(t)]
    return [Program(t.handle, t.device, t.created, t.last_used, credentials.token_expires(t),
                    current_token is not None and t.digest == current_token.digest) for t in tokens]


def end_browser(request, pk: int) -> bool:
    """Sign out one of the account's browsers (this one too); False if it is not one of them (any more)."""
    session = UserSession.objects.filter(user=request.user, pk=pk).first()
    if session is None:
        return False
    current = session.session_key == request.session.session_key
    session.end()
    if current:
        # The request's session must not be saved again under the key just ended.
        logout(request)
    return True


def end_program(user, handle: str) -> bool:
    """End one of the account's tokens; False if it names none of them."""
    return ApiToken.objects.of_handle(handle).filter(user=user).delete()[0] > 0


def sign_out_everywhere(request) -> None:
    """Every session and token of the request's account ends, this one's too, with every socket."""
    user = request.user
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        type(user.profile).objects.filter(user=user).update(signed_out_everywhere=timezone.now())
        ApiToken.objects.filter(user=user).delete()
        for session in UserSession.objects.filter(user=user):
            session.end()
        signed_out_everywhere.send(type(user), user_id=user.pk)
    if request.session.session_key:
        logout(request)  # this request's session is not saved again under its ended key


def note_sign_in(session) -> None:
    """When this session signed in: one signed in before the player last signed out everywhere but
    not yet on the list (it made no request since) ends at its next request."""
    session[SIGNED_IN_AT] = timezone.now().timestamp()


def keep_listed(request) -> None:
    """Put a signed-in browser's session on its account's list, once per session key. A session
    not on the list that signed in before the player last signed out everywhere (or before the
    list existed) ends now instead."""
    session = request.session
    if session.get(LISTED) == session.session_key:
        return
    out = getattr(request.user.profile, "signed_out_everywhere", None)
    if out is not None and session.get(SIGNED_IN_AT, 0) < out.timestamp():
        logout(request)
        return
    UserSession.objects.create_from_request(request)
    session[LISTED] = session.session_key
