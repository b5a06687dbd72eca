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
