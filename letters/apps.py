from django.apps import AppConfig


class LettersConfig(AppConfig):
    name = "letters"
    verbose_name = "Messages between players"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Registers the Celery task that tells the recipient, and the player's own conversations in
        # their data export; the games app never imports this one (docs/letters.md).
        from foundation import export
        from letters import tasks  # noqa: F401
        from letters.export import letters
        export.register("letters", letters)
        from games.reactions import held
        from letters.notices import HELD, release
        held.register(HELD, release)  # a message's email and push wait for the recipient's quiet time to end
