from django.apps import AppConfig


class LaddersConfig(AppConfig):
    name = "ladders"
    verbose_name = "Ladders"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Connects the listeners of games.signals, registers the admin pages, the Celery tasks and the
        # data export's section; the games app never imports this one (docs/ladders.md).
        from foundation import export
        from ladders import admin, reactions, tasks  # noqa: F401
        from ladders.export import ladders
        export.register("ladders", ladders)
