from django.apps import AppConfig


class ReliabilityConfig(AppConfig):
    """How reliably each player plays on the clock: a summary row per player and finished game with a
    clock, kept as games finish, read over their last 100 such games (docs/reliability.md)."""

    name = "reliability"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Connects the listeners of games.signals and answers games.reputation; the games app never
        # imports this one.
        from foundation import export
        from games import reputation
        from reliability import queries, reactions  # noqa: F401
        from reliability.export import reliability

        reputation.register(queries.for_api)
        export.register("reliability", reliability)
