"""WSGI entry point: pages and the REST API (gunicorn in production)."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "argo_site.settings")
application = get_wsgi_application()

from foundation import heap  # noqa: E402

heap.settle()
