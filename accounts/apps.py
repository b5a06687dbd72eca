from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self):
        from django.db.models.signals import post_migrate

        from foundation import export

        from . import (
            export as own_data,
            signals,  # noqa: F401
        )
        export.register("account", own_data.account)
        from .site_domain import set_site_domain
        post_migrate.connect(set_site_domain, sender=self, dispatch_uid="accounts.site_domain")
