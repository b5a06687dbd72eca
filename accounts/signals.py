from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_save, pre_save
from django.dispatch import Signal, receiver

from .models import ApiToken, Profile

# user_id: the account's password changed; every session signed in with the old one ends (Django's
# session auth hash changes with it), and so do the sockets those sessions opened (games.reactions.notify).
password_changed = Signal()
# user_id: a moderator suspended the account, or made it inactive: its tokens and sockets end.
account_suspended = Signal()
# user_id: the player signed out everywhere (accounts.sign_ins): every socket of the account closes.
signed_out_everywhere = Signal()


@receiver(user_logged_in)
def note_sign_in(sender, request, user, **kwargs):
    if request is not None and hasattr(request, "session"):
        from accounts import sign_ins
        sign_ins.note_sign_in(request.session)


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender, instance, created, **kwargs):
    if created:
        Profile.objects.get_or_create(user=instance)


@receiver(pre_save, sender=settings.AUTH_USER_MODEL)
def revoke_tokens_on_new_password(sender, instance, update_fields=None, **kwargs):
    """A new password (any way: the form, a reset, the admin) ends every API token of the account:
    whoever knew the old password may have taken a token with it. The next POST /api/auth/token/
    issues a fresh key."""
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    from django.contrib.auth.hashers import check_password
    stored = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is None or stored == instance.password:
        return
    raw = getattr(instance, "_password", None)
    if raw is not None and check_password(raw, stored):
        return  # the same password hashed anew (a stronger hasher after an upgrade): not a change
    ApiToken.objects.filter(user_id=instance.pk).delete()
    instance._password_changed = True


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def announce_new_password(sender, instance, **kwargs):
    if instance.__dict__.pop("_password_changed", False):
        password_changed.send(sender, user_id=instance.pk)


@receiver(account_suspended)
def revoke_tokens_of_suspended(sender, user_id, **kwargs):
    """Lifting the suspension later does not bring the old keys back: the player signs in anew."""
    ApiToken.objects.filter(user_id=user_id).delete()
