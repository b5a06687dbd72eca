"""The site as an installable web app: the manifest, the service worker and its offline page.

The service worker lives at /sw.js (its scope is the whole site); it is a template so that it
names the static files it keeps by their served (hashed) names and changes, and so updates itself
in the browsers, whenever one of them does."""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from django.contrib.staticfiles import finders
from django.http import JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control

# What the offline page needs, and nothing else: pages and API answers are always fetched fresh,
# since a game shown from a cache could be a move behind and a stale page could show another
# player's session.
OFFLINE_ASSETS = ("css/site.css", "js/offline.js", "icons/icon.svg", "icons/icon-192.png", "favicon.svg")
THEME = "#1d2433"


@lru_cache(maxsize=1)
def assets_version() -> str:
    digest = hashlib.sha256()
    for name in OFFLINE_ASSETS:
        path = finders.find(name)
        digest.update(Path(path).read_bytes() if path else name.encode())
    return digest.hexdigest()[:12]


@cache_control(no_cache=True)
def service_worker(request):
    response = render(request, "pwa/sw.js", {"assets": [static(name) for name in OFFLINE_ASSETS],
                                            "version": assets_version()},
                      content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


def offline(request):
    return render(request, "pwa/offline.html", {"theme": THEME})


def _icon(name: str, size: str, purpose: str = "any") -> dict:
    kind = "image/svg+xml" if name.endswith(".svg") else "image/png"
    return {"src": static(f"icons/{name}"), "sizes": size, "type": kind, "purpose": purpose}


@cache_control(max_age=3600)
def manifest(request):
    icon = _icon
    return JsonResponse({
        "name": "Argo Station", "short_name": "Argo Station", "id": "/",
        "description": _("Board games by turns: play when it suits you, on any device."),
        "lang": request.LANGUAGE_CODE, "start_url": "/games/mine/", "scope": "/",
        "display": "standalone", "background_color": THEME, "theme_color": THEME,
        "icons": [icon("icon-192.png", "192x192"), icon("icon-512.png", "512x512"),
                  icon("icon-512.png", "512x512", "maskable"), icon("icon.svg", "any")],
    }, content_type="application/manifest+json")
