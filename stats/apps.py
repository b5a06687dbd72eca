from django.apps import AppConfig


class StatsConfig(AppConfig):
    """Players' and games' statistics, read from the games app's tables (docs/stats.md)."""

    name = "stats"
    default_auto_field = "django.db.models.BigAutoField"
