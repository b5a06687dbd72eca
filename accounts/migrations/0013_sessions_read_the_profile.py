"""The sessions signed in so far name the sign-in backend that made them; the site's backends now
have their own names (accounts.backends), and a session whose backend is not in
AUTHENTICATION_BACKENDS signs its user out. Each open session is given the new name of its own
backend, so that nobody is signed out by this change."""
from django.db import migrations

RENAMED = {"django.contrib.auth.backends.ModelBackend": "accounts.backends.PasswordBackend",
           "allauth.account.auth_backends.AuthenticationBackend": "accounts.backends.AccountBackend"}
BACKEND = "_auth_user_backend"  # django.contrib.auth.BACKEND_SESSION_KEY


def rename(apps, schema_editor, names):
    from django.contrib.sessions.backends.db import SessionStore

    Session = apps.get_model("sessions", "Session")
    store = SessionStore()
    for session in Session.objects.iterator():
        data = store.decode(session.session_data)
        if data.get(BACKEND) in names:
            data[BACKEND] = names[data[BACKEND]]
            session.session_data = store.encode(data)
            session.save(update_fields=["session_data"])


class Migration(migrations.Migration):
    dependencies = [("accounts", "0012_notice_policy"), ("sessions", "0001_initial")]
    operations = [migrations.RunPython(lambda apps, editor: rename(apps, editor, RENAMED),
                                       lambda apps, editor: rename(apps, editor, {v: k for k, v in RENAMED.items()}))]
