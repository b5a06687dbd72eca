from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        # Connects the listeners of games.signals and registers the admin pages and Celery tasks; the
        # games app never imports this one (docs/tournaments.md).
        from games import gates
        from tournaments import admin, reactions, tasks  # noqa: F401
        from tournaments.services import entry_refusal
        gates.register_own(entry_refusal)  # no account turns into a bot while signed up
        from games import groupings
        from tournaments.my_games import GROUPING
        groupings.register(GROUPING)  # My games kept to one tournament
        from foundation import export
        from tournaments.export import tournaments
        export.register("tournaments", tournaments)
        from games.reactions import held
        from tournaments.notices import HELD, release
        held.register(HELD, release)  # a round's notice waits for the player's quiet time to end
