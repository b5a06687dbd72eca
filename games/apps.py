from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        # Importing them connects the listeners of games.signals (live updates, emails, pushes, bots)
        # and registers the system checks, the admin pages and the Celery tasks. Here, not at the top:
        # they use the models, which exist only once every app is loaded.
        from foundation import export
        from games import checks  # noqa: F401
        from games.entry import admin, tasks  # noqa: F401
        from games.reactions import notify  # noqa: F401
        from games.services.own_data import own_data
        export.register("games", own_data)
