"""The arrows of docs/architecture.md point one way: no module imports a layer above its own.

Read from the source (every import, at the top or inside a function), so a cycle cannot hide in a
function body."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

# Highest first. A module may import its own layer and any layer after it in this list.
LAYERS = [
    ("entry", ["games.entry", "games.templatetags", "games.management", "accounts.api", "accounts.adapter",
               "accounts.forms", "accounts.middleware"]),
    ("reactions", ["games.reactions"]),
    ("services", ["games.services"]),
    ("below the services", ["games.ratings", "games.standings", "games.clock", "games.presence", "games.limits",
                            "games.checks", "games.gates", "games.answering", "games.signals", "games.models"]),
    ("rules", ["games.rules"]),
    ("accounts", ["accounts"]),
    ("foundation", ["foundation"]),
]


def layer_of(module: str) -> int | None:
    """The index in LAYERS of the most specific prefix naming `module`."""
    best, found = -1, None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), index
    return found


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, source: str | None = None) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
    package = module_name(path)
    if path.name != "__init__.py":
        package = package.rsplit(".", 1)[0]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            names += [f"{base}.{a.name}" for a in node.names]
    return names


def site_modules() -> list[Path]:
    return sorted(p for folder in ("games", "accounts", "foundation") for p in (ROOT / folder).rglob("*.py")
                  if "migrations" not in p.parts and p.name != "apps.py")


def upward_imports(paths, source: str | None = None) -> list[str]:
    found = []
    for path in paths:
        own = layer_of(module_name(path))
        for name in imported(path, source):
            target = layer_of(name)
            if own is not None and target is not None and target < own:
                found.append(f"{module_name(path)} ({LAYERS[own][0]}) imports {name} ({LAYERS[target][0]})")
    return found


def test_no_module_imports_a_layer_above_its_own():
    assert upward_imports(site_modules()) == []


def test_the_pure_rules_import_no_django_and_nothing_of_the_site():
    rules = list((ROOT / "games" / "rules").rglob("*.py"))
    wrong = [f"{module_name(p)}: {n}" for p in rules for n in imported(p)
             if n.split(".")[0] in ("django", "accounts", "foundation", "argo_site")
             or (n.startswith("games.") and not n.startswith("games.rules"))]
    assert wrong == []


def test_no_app_imports_the_project_package():
    wrong = [f"{module_name(p)}: {n}" for p in site_modules() for n in imported(p) if n.startswith("argo_site")]
    assert wrong == []


@pytest.mark.parametrize("source,expected", [
    ("from games.entry import views\n", "games.services.x (services) imports games.entry.views (entry)"),
    ("def f():\n    from games.reactions import notify\n", "games.services.x (services) imports games.reactions.notify (reactions)"),
])
def test_the_check_sees_an_upward_import_even_inside_a_function(source, expected):
    assert upward_imports([ROOT / "games" / "services" / "x.py"], source) == [expected]
