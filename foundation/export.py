"""A player's own data, gathered from every app into one document they may download (the settings
page, and GET /api/me/export/). Each app registers what it keeps of the player (in its
AppConfig.ready): `register(section, collect)`, `collect(user)` returning plain JSON data. No app's
section holds another player's private data (their notes, messages, hands) nor any secret (seeds,
keys, password hashes)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import timezone

FORMAT = 1
Collect = Callable[[Any], Any]
_sections: dict[str, Collect] = {}


def register(section: str, collect: Collect) -> None:
    """Once per section, however often an app's ready() runs (tests reload apps)."""
    _sections[section] = collect


def export_of(user) -> dict:
    """The player's document: its format, when it was made, and each app's section by name."""
    return {"format": FORMAT, "exported_at": timezone.now(), "username": user.username,
            **{section: collect(user) for section, collect in sorted(_sections.items())}}


def filename(user) -> str:
    return f"argo-station-{user.username}-{timezone.now():%Y-%m-%d}.json"
