from django.apps import AppConfig


class StatsConfig(AppConfig):
    """Players' and games' statistics, read from the games app's tables and from the summary of each
    game's figures that it keeps as games finish (docs/stats.md)."""

    name = "stats"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Connects the listeners of games.signals; the games app never imports this one.
        from stats import reactions  # noqa: F401
