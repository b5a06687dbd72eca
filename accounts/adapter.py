"""The door every password goes through (the login form, reauthentication, POST /api/auth/token/):
allauth's adapter with atomic failed-login limits (games/limits.py) and the client's address as
the site's own proxies saw it."""
from __future__ import annotations

import ipaddress

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.utils import filter_users_by_email
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from accounts.models import language_of
from games import limits


def client_address(request) -> str:
    """The address that connected to the outermost of our TRUSTED_PROXY_COUNT proxies; the peer's
    own when the peer is not one of them.

    Each proxy appends the address it saw to X-Forwarded-For (ours sets it), so only the last
    TRUSTED_PROXY_COUNT entries are ours; anything left of them is whatever the client wrote."""
    remote = request.META.get("REMOTE_ADDR", "")
    count = settings.TRUSTED_PROXY_COUNT
    if count <= 0 or not from_proxy(remote):
        return remote
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
    if not forwarded:
        return remote  # reached without the proxy: the peer is the client
    seen = forwarded[-min(count, len(forwarded))]
    try:
        return str(ipaddress.ip_address(seen))
    except ValueError:
        return remote


def from_proxy(peer: str) -> bool:
    """Whether the peer is one of our proxies (settings.TRUSTED_PROXY_ADDRESSES), whose
    X-Forwarded-For is believed."""
    trusted = settings.TRUSTED_PROXY_ADDRESSES
    return "*" in trusted or peer in trusted


def account_key(credentials: dict) -> str:
    """One counter per account, however it is named (username or email, any case); a login that
    names no account is counted by what was typed."""
    login = (credentials.get("email") or credentials.get("username") or "").strip()
    if "@" in login:
        users = filter_users_by_email(login)
    else:
        users = list(get_user_model().objects.filter(username__iexact=login)[:2])
    if len(users) == 1:
        return f"account:{users[0].pk}"
    return f"login:{login.lower()}"


class AccountAdapter(DefaultAccountAdapter):
    error_messages = {**DefaultAccountAdapter.error_messages,
                      "too_many_sign_ins": _("Too many sign-ins to this account or from this place. Try again later.")}

    def get_client_ip(self, request) -> str:
        return client_address(request)

    def add_message(self, request, level, message_template=None, message_context=None, extra_tags="", message=None):
        """A message about a user (signed in as ...) in their own language: the request that signs them
        in still speaks the visitor's, and the next page theirs."""
        user = (message_context or {}).get("user")
        language = language_of(user, request) if user is not None else translation.get_language()
        with translation.override(language):
            super().add_message(request, level, message_template, message_context, extra_tags, message)

    def pre_authenticate(self, request, **credentials):
        """Count the sign-in per address and per account, and reserve one failed attempt of each,
        before the password is checked, so that parallel guesses cannot all be checked while the
        count still looks low. A refused attempt counts nowhere: it checks no password."""
        self._reserved = []
        try:
            # `code` stays that of the counter that refused: the error below names it.
            for name, (allowed, seconds), code, kept in self._login_counters(request, credentials):  # noqa: B007
                self._reserved.append((limits.take(name, allowed, seconds), kept))
        except limits.Exceeded as exc:
            self._give_back(everything=True)
            request.login_retry_after = exc.wait  # Retry-After (accounts.middleware.LoginLimitStatus)
            raise self.validation_error(code) from None

    def authenticate(self, request, **credentials):
        user = super().authenticate(request, **credentials)
        if user is not None:
            # Not a reset: a correct password between guesses must not buy an attacker more guesses.
            self._give_back(everything=False)
        return user

    def _delete_login_attempts_cached_email(self, request, **credentials):
        # allauth calls this after a successful password reset: the account starts afresh.
        limits.forget(f"login-{account_key(credentials)}", settings.LOGIN_LIMITS["account"][1])

    def _login_counters(self, request, credentials):
        """(counter, limit, refusal, kept): every password check counts toward the sign-in limits
        whatever its result (each costs the server about half a second of CPU: docs/security.md);
        a failed one toward the failed-login limits too, whose use a right password gives back."""
        address, account = client_address(request), account_key(credentials)
        return [(f"signin-address:{address}", settings.LOGIN_LIMITS["sign_ins_address"], "too_many_sign_ins", True),
                (f"signin-{account}", settings.LOGIN_LIMITS["sign_ins_account"], "too_many_sign_ins", True),
                (f"login-address:{address}", settings.LOGIN_LIMITS["address"], "too_many_login_attempts", False),
                (f"login-{account}", settings.LOGIN_LIMITS["account"], "too_many_login_attempts", False)]

    def _give_back(self, everything: bool):
        for key, kept in getattr(self, "_reserved", []):
            if everything or not kept:
                limits.give_back(key)
        self._reserved = []
