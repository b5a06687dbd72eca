from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self):
        from django.db.models.signals import post_migrate

        from . import signals  # noqa: F401
        from .site_domain import set_site_domain
        post_migrate.connect(set_site_domain, sender=self, dispatch_uid="accounts.site_domain")
