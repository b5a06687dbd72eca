"""The Celery app: broker from REDIS_URL; without it tasks run eagerly in the web process."""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "argo_site.settings")

app = Celery("argo_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
