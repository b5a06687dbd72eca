"""Which credential a socket came in with, so that ending the credential ends the socket too.

A credential is named by its kind and a digest of its secret ("token:…", "session:…"): the name
travels through the channel layer and sits on consumers, the secret never does."""
from __future__ import annotations

import hashlib
from datetime import datetime

from django.conf import settings
from django.utils import timezone

TOKEN, SESSION = "token", "session"


def name(kind: str, secret: str) -> str:
    return f"{kind}:{hashlib.sha256(secret.encode()).hexdigest()[:32]}"


def token_digest(key: str) -> str:
    """What the site stores of an API token's key (accounts.models.ApiToken): its SHA-256."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def token_name(token) -> str:
    """The name of an API token, from its stored digest: name(TOKEN, key) without the key."""
    return f"{TOKEN}:{token.digest[:32]}"


def token_expires(token) -> datetime:
    return token.created + settings.API_TOKEN_LIFETIME


def token_expired(token) -> bool:
    return token_expires(token) <= timezone.now()


def still_holds(user, credential: str, session_key: str | None = None) -> bool:
    """Whether the token or session named `credential` still signs `user` in: the token is still
    one of the account's and has not expired, or the session still exists, is the user's, and was
    signed in with the password the account has now (Django's session auth hash)."""
    from accounts.models import ApiToken
    if credential.startswith(TOKEN + ":"):
        digest_start = credential.removeprefix(TOKEN + ":")
        token = ApiToken.objects.filter(user=user, digest__startswith=digest_start).first()
        return token is not None and token_name(token) == credential and not token_expired(token)
    if not session_key or name(SESSION, session_key) != credential:
        return False
    return _session_holds(user, session_key)


def _session_holds(user, session_key: str) -> bool:
    from importlib import import_module

    from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
    from django.utils.crypto import constant_time_compare
    data = import_module(settings.SESSION_ENGINE).SessionStore(session_key).load()  # {} once gone
    return (data.get(SESSION_KEY) == user._meta.pk.value_to_string(user)
            and constant_time_compare(data.get(HASH_SESSION_KEY) or "", user.get_session_auth_hash()))
