from django.apps import AppConfig


class QuickMatchConfig(AppConfig):
    name = "quickmatch"
    verbose_name = "Quick match"
    default_auto_field = "django.db.models.BigAutoField"
