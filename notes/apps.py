from django.apps import AppConfig


class NotesConfig(AppConfig):
    name = "notes"
    verbose_name = "Private notes"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from foundation import export
        from notes.export import notes
        export.register("notes", notes)
