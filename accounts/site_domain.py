"""The sites framework's record (allauth's emails say "Hello from <domain>") follows SITE_URL.

It is written after every `migrate`, so changing SITE_URL and migrating is all a deployment does;
a system check stops a production site that still carries the framework's example.com.
"""
from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.core import checks


def site_domain() -> str:
    """The host (and port, if any) of SITE_URL."""
    return urlsplit(settings.SITE_URL).netloc or "localhost"


def set_site_domain(sender=None, using="default", **kwargs) -> None:
    from django.contrib.sites.models import Site
    domain = site_domain()
    Site.objects.using(using).update_or_create(pk=settings.SITE_ID,
                                               defaults={"domain": domain, "name": "Argo Station"})


@checks.register(checks.Tags.compatibility, deploy=True)
def check_site_url(app_configs=None, **kwargs):
    host = site_domain().split(":")[0]
    if host in ("localhost", "127.0.0.1", "example.com", ""):
        return [checks.Warning(
            f"SITE_URL names {host or 'no host'}: links and the site's name in emails would point there",
            hint="set SITE_URL to the public address, e.g. https://play.example.org", id="accounts.W001")]
    return []
