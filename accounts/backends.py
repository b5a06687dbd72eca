"""The site's sign-in backends: Django's and allauth's as they are, except that a signed-in user is
read with their profile in one query. Every page reads the profile (language, time zone, name:
accounts.middleware), which cost a query of its own on every request (docs/performance.md)."""
from allauth.account.auth_backends import AuthenticationBackend
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class ReadsTheProfile:
    """get_user, the documented hook of a backend for the user of a session, joined to the profile."""

    def get_user(self, user_id):
        users = get_user_model()._default_manager.select_related("profile")
        user = users.filter(pk=user_id).first()
        return user if user is not None and self.user_can_authenticate(user) else None


class PasswordBackend(ReadsTheProfile, ModelBackend):
    """Django's: the admin's sign-in and the API's token exchange."""


class AccountBackend(ReadsTheProfile, AuthenticationBackend):
    """allauth's: sign-in by username or email on the site's pages."""
