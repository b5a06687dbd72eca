from django.apps import AppConfig


class RematchesConfig(AppConfig):
    name = "rematches"
    verbose_name = "Rematches"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Connects the listeners of games.signals and registers the Celery tasks; the games app never
        # imports this one (docs/rematches.md).
        from foundation import export
        from rematches import reactions, tasks  # noqa: F401
        from rematches.export import rematches
        export.register("rematches", rematches)
        from games.reactions import held
        from rematches.notices import HELD, release
        held.register(HELD, release)  # a rematch's end waits for the proposer's quiet time to end
