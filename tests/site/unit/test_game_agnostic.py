"""The site's own code names no game: the check of the team's before-stop hook, enforced in CI.

Models, services, API, pages, emails, admin, consumers, tasks, ratings, templates and shared scripts
and styles know a game only through the registry (games.rules) and the game's own package. A file in
a game's own folder (games/rules/<game>/, static/<game>/, ...), the registry, migrations and
translations may name games; the site's name ("Argo Station", argo_site, argo-station) does not count.

The words looked for come from the registry: every game's name and its titles in every language, and
the game announced next, so a game added to the registry is looked for without editing this file.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from games import rules

ROOT = Path(__file__).resolve().parents[3]
SITE_DIRS = ["games", "accounts", "argo_site", "templates", "static"]
SUFFIXES = (".py", ".html", ".js", ".txt", ".css")
NEXT_GAMES: dict[str, dict[str, str]] = {}  # a game announced before its package is registered
SITE_NAME = re.compile(r"argo station|argo_site|argo-station|argostation", re.I)


def game_titles() -> dict[str, dict[str, str]]:
    """Every game's name and its titles per language: the registered ones and the one announced next."""
    return {**NEXT_GAMES, **{name: rules.presentation(name).title for name in rules.names()}}


def game_words() -> re.Pattern:
    words = {word for name, title in game_titles().items() for word in (name, *title.values())}
    # Where a word begins: a game called "Pile" is not named by "compile" (nor Argo by "cargo").
    return re.compile("(?<![a-z])(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")", re.I)


def own_place(path: str) -> bool:
    """A game's own folder or file, the registry, migrations and translations."""
    games = "|".join(re.escape(n) for n in game_titles())
    return bool(re.search(rf"(^|/)({games})(/|\.|_)|/migrations/|/locale/|^games/rules/__init__\.py$", path))


def site_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", *SITE_DIRS],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return sorted(p for p in set(listed) if p.endswith(SUFFIXES) and not own_place(p) and (ROOT / p).exists())


def naming_lines(path: str, root: Path = ROOT) -> list[str]:
    words = game_words()
    return [f"{path}:{number}: {line.strip()}"
            for number, line in enumerate((root / path).read_text(encoding="utf-8").splitlines(), 1)
            if words.search(line) and not SITE_NAME.search(line)]


def test_the_check_sees_the_sites_code():
    files = site_files()
    for expected in ("games/services/play.py", "games/models.py", "games/entry/api/views.py", "games/entry/admin.py",
                     "games/ratings.py", "games/reactions/emails.py", "templates/base.html", "static/js/game.js",
                     "static/css/site.css"):
        assert expected in files
    assert not any(p.startswith("games/rules/argo/") for p in files)


def test_the_check_finds_a_game_name():
    assert naming_lines("games/rules/__init__.py"), "the registry names the games: the check would see them"


def test_the_words_are_every_games_name_and_titles():
    words = game_words()
    for name in rules.names():
        assert words.fullmatch(name) and all(words.fullmatch(t) for t in rules.presentation(name).title.values()), name
    assert words.fullmatch("Theseus")


def test_a_game_added_to_the_registry_is_looked_for(monkeypatch, tmp_path):
    """A site file naming a game registered after this test was written, by its key or its German
    title, is found; without that game in the registry the same file passes."""
    path = "static/js/lobby_extra.js"
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text('const first = "zephyr";\nconst second = "Westwindlauf";\nconst site = "Argo Station";\n')
    assert not own_place(path) and naming_lines(path, tmp_path) == []
    monkeypatch.setitem(rules._PACKAGES, "zephyr", "zephyr_rules")
    monkeypatch.setitem(sys.modules, "zephyr_rules",
                        SimpleNamespace(PRESENTATION=SimpleNamespace(title={"en": "Zephyr Run", "de": "Westwindlauf"})))
    assert [line.split(":")[1] for line in naming_lines(path, tmp_path)] == ["1", "2"]
    assert own_place("games/rules/zephyr/board.py") and not own_place(path)


def test_the_sites_own_code_names_no_game():
    naming = [line for path in site_files() for line in naming_lines(path)]
    assert naming == [], "site files that name a game:\n" + "\n".join(naming)
