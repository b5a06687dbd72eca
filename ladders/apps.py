from django.apps import AppConfig


class LaddersConfig(AppConfig):
    name = "ladders"
    verbose_name = "Ladders"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Connects the listeners of games.signals and registers the admin pages and the Celery task;
        # the games app never imports this one (docs/ladders.md).
        from ladders import admin, reactions, tasks  # noqa: F401
