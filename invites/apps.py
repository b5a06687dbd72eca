from django.apps import AppConfig


class InvitesConfig(AppConfig):
    name = "invites"
    verbose_name = "Invitation links"
    default_auto_field = "django.db.models.BigAutoField"
