"""The site's own code names no game: the check of the team's before-stop hook, enforced in CI.

Models, services, API, pages, emails, admin, consumers, tasks, ratings, templates and shared scripts
and styles know a game only through the registry (games.rules) and the game's own package. A file in
a game's own folder (games/rules/<game>/, static/<game>/, ...), the registry, migrations and
translations may name games; the site's name ("Argo Station", argo_site, argo-station) does not count.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from games import rules

ROOT = Path(__file__).resolve().parents[2]
SITE_DIRS = ["games", "accounts", "argo_site", "templates", "static"]
SUFFIXES = (".py", ".html", ".js", ".txt", ".css")
GAME_WORDS = re.compile(r"argo|andromeda|theseus", re.I)
SITE_NAME = re.compile(r"argo station|argo_site|argo-station|argostation", re.I)


def own_place(path: str) -> bool:
    """A game's own folder or file, the registry, migrations and translations."""
    games = "|".join(re.escape(n) for n in {*rules.names(), "argo", "andromeda", "theseus"})
    return bool(re.search(rf"(^|/)({games})(/|\.|_)|/migrations/|/locale/|^games/rules/__init__\.py$", path))


def site_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", *SITE_DIRS],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return sorted(p for p in set(listed) if p.endswith(SUFFIXES) and not own_place(p) and (ROOT / p).exists())


def naming_lines(path: str) -> list[str]:
    return [f"{path}:{number}: {line.strip()}"
            for number, line in enumerate((ROOT / path).read_text(encoding="utf-8").splitlines(), 1)
            if GAME_WORDS.search(line) and not SITE_NAME.search(line)]


def test_the_check_sees_the_sites_code():
    files = site_files()
    for expected in ("games/services/play.py", "games/models.py", "games/api/views.py", "games/admin.py",
                     "games/ratings.py", "games/emails.py", "templates/base.html", "static/js/game.js",
                     "static/css/site.css"):
        assert expected in files
    assert not any(p.startswith("games/rules/argo/") for p in files)


def test_the_check_finds_a_game_name():
    assert naming_lines("games/rules/__init__.py"), "the registry names the games: the check would see them"


def test_the_sites_own_code_names_no_game():
    naming = [line for path in site_files() for line in naming_lines(path)]
    assert naming == [], "site files that name a game:\n" + "\n".join(naming)
