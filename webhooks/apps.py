from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "webhooks"
    verbose_name = "Webhooks"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Connects the listener of games.signals.turn_notice_sent and registers the Celery task; the
        # games app never imports this one (docs/webhooks.md).
        from foundation import export
        from webhooks import reactions, tasks  # noqa: F401
        from webhooks.export import webhooks
        export.register("webhooks", webhooks)
