"""Token authentication that fetches the user's profile in the same query (every answer needs it).

Every API request of a program asks it, so the query is written by hand (foundation.rows): the
ORM's select_related cost more CPU than PostgreSQL's answer (docs/performance.md)."""
from datetime import timedelta
from functools import cache

from django.utils import timezone, translation
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from accounts.credentials import token_digest, token_expired
from accounts.models import ApiToken, Profile
from foundation.rows import Columns, cache_related, database

LAST_USED_STEP = timedelta(hours=1)


@cache
def _token_query():
    from django.contrib.auth import get_user_model

    token, user, profile = Columns(ApiToken, "t"), Columns(get_user_model(), "u"), Columns(Profile, "p")
    sql = (f"SELECT {token.sql}, {user.sql}, {profile.sql} FROM {token.table} "
           f"JOIN {user.table} ON u.id = t.user_id LEFT JOIN {profile.table} ON p.user_id = u.id "
           f"WHERE t.digest = %s")
    return sql, token, user, profile


def token_user(key: str):
    """(user, token) of a token key, the user's profile at hand, or None for an unknown key."""
    sql, token_columns, user_columns, profile_columns = _token_query()
    with database().cursor() as cursor:
        cursor.execute(sql, [token_digest(key)])
        row = cursor.fetchone()
    if row is None:
        return None
    token = token_columns.instance(row)
    user = user_columns.instance(row, token_columns.width)
    profile = profile_columns.instance(row, token_columns.width + user_columns.width)
    cache_related(token, "user", user)
    cache_related(user, "profile", profile)
    return user, token


def _note_use(token) -> None:
    """When the token was last used, to the hour (the list of sign-ins shows it): one write an
    hour per device, not one per request."""
    now = timezone.now()
    if token.last_used is None or now - token.last_used >= LAST_USED_STEP:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        token.last_used = now


def usable(user, token) -> bool:
    """Whether the API takes this token: its user active, the token not expired."""
    return user.is_active and not token_expired(token)


def admit(user, token):
    """What taking a token does besides naming its user (games.entry.api.decisions shares it):
    note its use, and speak the profile's language (accounts.models.language_of), as
    UserPreferencesMiddleware does for a signed-in page, which the answer's Content-Language then
    says; times stay in UTC."""
    _note_use(token)
    if getattr(user, "profile", None) is not None:
        translation.activate(user.profile.language)
    return user


class ProfileTokenAuthentication(TokenAuthentication):
    model = ApiToken  # looked up by the digest of the key, never by the key

    def authenticate_credentials(self, key):
        found = token_user(key)
        if found is None:
            raise AuthenticationFailed("Invalid token.")
        if not found[0].is_active:
            raise AuthenticationFailed("User inactive or deleted.")
        if not usable(*found):
            # Its open sockets close with it (games.reactions.notify listens for the deletion).
            found[1].delete()
            raise AuthenticationFailed("Token has expired; POST /api/auth/token/ for a new one.")
        return admit(*found), found[1]
