"""Every ruling number and every repository path that the docs and the tests name leads somewhere.

- A ruling cited as R<n> (Argo), AE<n> (Andromeda Escape) or TH<n> (Theseus) in the code, the tests or
  the docs has its entry in docs/rules/<game>.md, the rulings in short: the team's rulings files live
  outside the repository, and a reader of it looks the numbers up there.
- A repository path that a page of documentation (every tracked .md file) names in backticks or in a
  link exists; `path::name` names a function or class of that file.
- The same for the paths named in the tests' docstrings and comments.

Plain files only: no database, nothing of Django.
"""
from __future__ import annotations

import ast
import io
import os
import posixpath
import re
import subprocess
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
THIS = Path(__file__).resolve().relative_to(ROOT).as_posix()

GAMES = {"R": "argo", "AE": "andromeda", "TH": "theseus"}
# A ruling as the code cites it: "R12", "(AE7)", "R1-R16", `holds(state, "TH60")`. The word boundary
# keeps out card ids that end like one (MAR10, SCI06) and the like.
CITED = re.compile(r"\b(R|AE|TH)(\d+[a-z]?)\b")
# Rulings are cited where games are: the rules packages and the games app, the tests, the docs. The
# other apps know nothing of a game's rules, so an "R2" there would be something else.
CITING = ("games/", "tests/", "docs/")
# Matches of CITED that are no ruling of the site, each with its reason.
NOT_RULINGS = {
    ("docs/rules-versions.md", "R23"): "the publishing checklist's example of a ruling still to come",
}
ENTRY = re.compile(r"^- \*\*((R|AE|TH)(\d+)([a-z]?))\*\* \u2014 \S", re.M)

# The top-level folders a path in the docs may start with; a top-level file counts when it exists.
FOLDERS = ("argo_site/", "games/", "foundation/", "accounts/", "tournaments/", "friends/", "stats/", "notes/",
           "rematches/", "templates/", "static/", "tests/", "benchmarks/", "docs/", "bin/", "deploy/", "locale/",
           ".ci/")
# Written by the test runs and ignored by git: named in the docs as where to look, never tracked.
GENERATED = ("tests/artifacts/",)
SKIPPED_DIRS = {".git", "node_modules", "__pycache__", ".hypothesis", ".pytest_cache", "staticfiles", "build",
                "dist"}
CODE_SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
IN_PROSE = re.compile(r"(?<![\w./{}<-])((?:" + "|".join(re.escape(f) for f in FOLDERS)
                      + r")[\w./-]*\.(?:py|md|json|js|mjs|html|txt|toml|css|sh|conf))(::[\w\[\].-]+)?(?![\w{<])")
MIGRATION = re.compile(r"^(\w+)/(\d{4}_\w+)$")


def tracked() -> list[str]:
    """The repository's files: git's list, or, outside a checkout, a walk that leaves out what git ignores."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        listed = b""
    if listed:
        return [name for name in listed.decode().split("\0") if name and (ROOT / name).is_file()]
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS and not d.startswith(".venv") and not d.endswith(".egg-info")]
        base = Path(folder).relative_to(ROOT).as_posix()
        found += [name for f in files if not (name := posixpath.join(base, f).removeprefix("./")).startswith(GENERATED)]
    return found


FILES = tracked()


def read(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def written_up() -> dict[str, set[str]]:
    return {game: {m.group(1) for m in ENTRY.finditer(read(f"docs/rules/{game}.md"))} for game in GAMES.values()}


def citations() -> list[tuple[str, int, str]]:
    """(file, line, ruling) for every ruling cited in the tracked .py and .md files that cite rulings."""
    found = []
    for name in FILES:
        if name.endswith((".py", ".md")) and name.startswith(CITING) and name != THIS:
            for number, line in enumerate(read(name).splitlines(), 1):
                found += [(name, number, m.group(0)) for m in CITED.finditer(line)]
    return found


def test_each_game_writes_up_its_rulings_once_each_without_a_gap():
    for prefix, game in GAMES.items():
        text = read(f"docs/rules/{game}.md")
        entries = ENTRY.findall(text)
        assert entries, f"docs/rules/{game}.md has no entry of the form '- **{prefix}1** \u2014 ...'"
        names = [entry[0] for entry in entries]
        assert {entry[1] for entry in entries} == {prefix}, f"docs/rules/{game}.md holds another game's rulings"
        assert len(names) == len(set(names)), f"docs/rules/{game}.md writes a ruling up twice"
        numbers = {int(entry[2]) for entry in entries}
        assert numbers == set(range(1, max(numbers) + 1)), \
            f"docs/rules/{game}.md skips {sorted(set(range(1, max(numbers) + 1)) - numbers)}"


def test_every_ruling_the_repository_cites_is_written_up():
    rulings = written_up()
    cited = citations()
    assert len({ruling for _, _, ruling in cited}) > 50, "the scan found almost no ruling: the pattern is off"
    missing = [f"{name}:{line}: {ruling}" for name, line, ruling in cited
               if (name, ruling) not in NOT_RULINGS
               and ruling not in rulings[GAMES[CITED.fullmatch(ruling).group(1)]]]
    assert missing == [], "cited but not in docs/rules/<game>.md:\n" + "\n".join(missing)
    stale = sorted(set(NOT_RULINGS) - {(name, ruling) for name, _, ruling in cited})
    assert stale == [], f"NOT_RULINGS entries that match nothing any more: {stale}"


def lacks(path: str, name: str) -> str | None:
    """Why `path` (with `::name`, if given) leads nowhere; None when it leads to a file or folder (and name)."""
    target = ROOT / path
    if not target.exists():
        template = [f for f in FILES if f.endswith("/templates/" + path)] if path.endswith((".html", ".txt")) else []
        migration = MIGRATION.match(path)
        if template or (migration and (ROOT / migration[1] / "migrations" / f"{migration[2]}.py").is_file()):
            return None  # a Django template's name, an app's migration (accounts/0007_hashed_api_tokens)
        return "no such file"
    if name:
        name = name.split("::")[-1].split("[")[0]
        if not target.is_file() or not re.search(rf"^\s*(?:async\s+)?(?:def|class)\s+{re.escape(name)}\b",
                                                 target.read_text(encoding="utf-8"), re.M):
            return f"no def or class {name}"
    return None


def named_in_code_spans(page: str, text: str) -> list[str]:
    names = []
    for span in CODE_SPAN.findall(text):
        for word in span.split():
            word = word.strip("\"'(),;").rstrip(":.").removeprefix("./")
            path = word.split("::")[0]
            if not path or re.search(r"[*<>{}]|\.\.\.|…", path) or path.startswith(GENERATED):
                continue
            if path.startswith(FOLDERS) or ("/" not in path and (ROOT / path).is_file()):
                names.append(word)
    return names


def named_in_links(page: str, text: str) -> list[str]:
    names = []
    for target in LINK.findall(text):
        if re.match(r"[a-z][a-z+.-]*:", target) or target.startswith(("#", "/")):
            continue  # a URL, an anchor of the page itself, a path on the site
        path = posixpath.normpath(posixpath.join(posixpath.dirname(page), target.split("#")[0]))
        if not path.startswith("../"):
            names.append(path)
    return names


def test_every_path_the_docs_name_exists():
    pages = [name for name in FILES if name.endswith(".md")]
    assert "README.md" in pages and "docs/testing.md" in pages
    broken = []
    for page in pages:
        text = read(page)
        for named in named_in_code_spans(page, text) + named_in_links(page, text):
            path, _, name = named.partition("::")
            if why := lacks(path, name):
                broken.append(f"{page}: {named} ({why})")
    assert broken == [], "paths the docs name that lead nowhere:\n" + "\n".join(broken)


def prose(source: str) -> list[str]:
    """The docstrings and comments of a module."""
    texts = [ast.get_docstring(node, clean=False) or "" for node in ast.walk(ast.parse(source))
             if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)]
    return texts + [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type == tokenize.COMMENT]


def test_every_path_the_tests_docstrings_and_comments_name_exists():
    broken, checked = [], 0
    for name in FILES:
        if name.startswith("tests/") and name.endswith(".py") and name != THIS:
            for text in prose(read(name)):
                for m in IN_PROSE.finditer(text):
                    checked += 1
                    if why := lacks(m.group(1), (m.group(2) or "").removeprefix("::")):
                        broken.append(f"{name}: {m.group(0)} ({why})")
    assert checked > 20, "the scan found almost no path in the tests: the pattern is off"
    assert broken == [], "paths the tests' docstrings and comments name that lead nowhere:\n" + "\n".join(broken)
