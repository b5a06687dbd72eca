from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        # The listeners of games.signals: ratings in the transaction, the rest after the commit.
        from . import checks, notify, ratings, tasks  # noqa: F401
