"""The site's code stays on the public surface of the libraries it is built on.

A private name (`_name`, not a dunder) of Django, DRF, psycopg, gunicorn, Channels, channels_redis,
Daphne or Celery may change in any release without a word in the release notes. The scanner below
reads every first-party module with `ast` and reports, as path:line and the name:

(a) an import of a private name or module of those libraries, and `<library module>._name`;
(b) a method `_name` of a class whose library base defines `_name` (a private method overridden),
    the bases resolved by importing them;
(c) `obj._name`, read or written (also through getattr/setattr/hasattr), where no first-party code
    defines `_name` (a function, class, assignment, `self._name =` or parameter) and the
    libraries' source uses it as an attribute.

Django documents `_meta`, `_default_manager` and `_base_manager` as its API. Anything else that must
stay is listed in ALLOWED with its reason.
"""
from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FIRST_PARTY = ("argo_site", "accounts", "games", "foundation", "tournaments", "friends", "stats", "notes",
               "rematches", "benchmarks")
LIBRARIES = ("django", "rest_framework", "psycopg", "gunicorn", "channels", "channels_redis", "daphne", "celery")
DOCUMENTED = {"_meta", "_default_manager", "_base_manager"}

# (path, name): why it stays. A reason of speed gives its measurement.
ALLOWED = {
    ("accounts/api/views.py", "_request"):
        "DRF's Request has no public name for the HttpRequest it wraps, and allauth's adapter must have "
        "that one: the sign-in limits write login_retry_after on it for accounts.middleware.LoginLimitStatus.",
    ("accounts/signals.py", "_password"):
        "AbstractBaseUser keeps the raw password given to set_password() in _password until the save; only "
        "with it can pre_save tell a rehash (the same password, a stronger hasher) from a new password, "
        "which ends the account's API tokens.",
    ("games/models.py", "_state"):
        "Decision.insert_saving stores a decision and its game in one hand-written statement where "
        "save() took two (docs/performance.md, 'Queries per decision'), and then marks the instance "
        "stored as save() would (_state.adding, _state.db); Django offers no public way to do that.",
    ("foundation/rows.py", "_result_cache"):
        "keep_prefetched sets what a prefetch of a game's seats would set, from the locked read that "
        "already brought them: the prefetch's query cost a decision about a third of its CPU under "
        "the profiler and a round trip (its docstring has the measurement). It also writes the instance's "
        "_prefetched_objects_cache, through __dict__.",
    ("foundation/rows.py", "_prefetch_done"): "keep_prefetched, as _result_cache above.",
    ("foundation/rows.py", "_state"):
        "insert_each stores a game's end's new rows in one statement and marks them stored as "
        "bulk_create would (_state.adding, _state.db): bulk_create cost a game's end 1.40 ms of CPU "
        "against 0.48 for three rating changes (its docstring has the measurement).",
    ("games/reactions/notify.py", "_state"):
        "Model._state.fields_cache (undocumented) tells whether the locked read of a decision already "
        "brought the seats' users and profiles: a turn's notice then names the game in the player's "
        "language without the query of the profiles it would cost otherwise, one a turn change.",
}


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    name: str
    how: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.how} {self.name}"


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__")) and name not in DOCUMENTED


def is_library(dotted: str | None) -> bool:
    return bool(dotted) and dotted.split(".")[0] in LIBRARIES


def first_party_files() -> list[Path]:
    return sorted(p for package in FIRST_PARTY for p in (ROOT / package).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def first_party_names() -> frozenset[str]:
    """Every private name the site defines itself."""
    names: set[str] = set()
    for path in first_party_files():
        names |= defined_names(ast.parse(path.read_text(), str(path)))
    return frozenset(n for n in names if n.startswith("_"))


def defined_names(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
              and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names


@cache
def library_attributes() -> frozenset[str]:
    """The private names the libraries' own source uses as attributes (or defines as methods, classes
    and class or module variables)."""
    used = re.compile(r"(?:\.|\bdef |\bclass |^[ \t]*)(_[A-Za-z]\w*)", re.MULTILINE)
    names: set[str] = set()
    for library in LIBRARIES:
        spec = importlib.util.find_spec(library)
        for folder in (spec.submodule_search_locations or []) if spec else []:
            for path in Path(folder).rglob("*.py"):
                names.update(used.findall(path.read_text(errors="replace")))
    return frozenset(names)


def scan(source: str, path: str, module: str, defined: frozenset[str], library: frozenset[str]) -> list[Finding]:
    """What `source` (the module `module`, shown as `path`) reaches of the libraries' private names."""
    scanner = _Scanner(ast.parse(source, path), path, module, defined, library)
    return sorted(set(scanner.findings), key=lambda f: (f.line, f.name))


class _Scanner:
    def __init__(self, tree: ast.Module, path: str, module: str, defined: frozenset[str], library: frozenset[str]):
        self.path, self.module, self.defined, self.library = path, module, defined, library
        self.bound = self._imports(tree)
        self.classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
        self.findings: list[Finding] = []
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                self._import(node)
            elif isinstance(node, ast.Attribute) and is_private(node.attr):
                self._attribute(node, node.attr)
            elif isinstance(node, ast.Call):
                self._getattr(node)
            elif isinstance(node, ast.ClassDef):
                self._overrides(node)

    def _found(self, node: ast.AST, name: str, how: str) -> None:
        self.findings.append(Finding(self.path, node.lineno, name, how))

    def _absolute(self, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        package = self.module.split(".")
        if not self.path.endswith("__init__.py"):
            package = package[:-1]  # a module's own package is its parent; a package's is itself
        package = package[: len(package) - node.level + 1]
        return ".".join([*package, *([node.module] if node.module else [])])

    def _imports(self, tree: ast.Module) -> dict[str, str]:
        """Each name an import binds, and the dotted name it stands for."""
        bound = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    bound[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    bound[alias.asname or alias.name] = f"{self._absolute(node)}.{alias.name}"
        return bound

    def _dotted(self, node: ast.expr) -> str | None:
        if isinstance(node, ast.Name):
            return self.bound.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self._dotted(node.value)
            return f"{base}.{node.attr}" if base else None
        return None

    def _import(self, node: ast.Import | ast.ImportFrom) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if is_library(alias.name):
                    for part in alias.name.split(".")[1:]:
                        if is_private(part):
                            self._found(node, part, "imports the private module")
            return
        module = self._absolute(node)
        if not is_library(module):
            return
        for part in module.split(".")[1:]:
            if is_private(part):
                self._found(node, part, "imports from the private module")
        for alias in node.names:
            if is_private(alias.name):
                self._found(node, alias.name, f"imports from {module} the private")

    def _attribute(self, node: ast.Attribute, name: str) -> None:
        base = self._dotted(node.value)
        if is_library(base):
            self._found(node, name, f"reaches on {base} the private")
        elif base is None and name not in self.defined and name in self.library:  # not another module's
            self._found(node, name, "reaches the libraries' private attribute")

    def _getattr(self, node: ast.Call) -> None:
        if (isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str) and is_private(node.args[1].value)):
            name = node.args[1].value
            if name not in self.defined and name in self.library:
                self._found(node, name, f"{node.func.id} of the libraries' private attribute")

    def _overrides(self, node: ast.ClassDef) -> None:
        methods = [m for m in node.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and is_private(m.name)]
        if not methods:
            return
        for base in self._library_bases(node, set()):
            for method in methods:
                if method.name in vars(base):
                    self._found(method, method.name,
                                f"overrides {base.__module__}.{base.__qualname__}'s private method")

    def _library_bases(self, node: ast.ClassDef, seen: set[str]) -> list[type]:
        """The library classes among the bases of `node` and theirs (a class of this module is read
        from its own source, any other imported)."""
        found: list[type] = []
        for base in node.bases:
            if isinstance(base, ast.Name) and base.id in self.classes and base.id not in seen:
                found += self._library_bases(self.classes[base.id], seen | {base.id})
                continue
            resolved = _resolve(self._dotted(base))
            if inspect.isclass(resolved):
                found += [k for k in resolved.__mro__ if is_library(k.__module__)]
        return found


def _resolve(dotted: str | None):
    """The object a dotted name stands for, imported; None if it cannot be."""
    if not dotted:
        return None
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except Exception:  # not a module (or one that cannot be imported here)
            continue
        try:
            for part in parts[cut:]:
                found = getattr(found, part)
        except AttributeError:
            return None
        return found
    return None


def reported(finding: Finding) -> bool:
    return (finding.path, finding.name) not in ALLOWED


def test_the_site_reaches_no_private_name_of_its_libraries():
    defined, library = first_party_names(), library_attributes()
    findings = []
    for path in first_party_files():
        relative = str(path.relative_to(ROOT))
        findings += scan(path.read_text(), relative, module_name(path), defined, library)
    unexpected = [str(f) for f in findings if reported(f)]
    assert not unexpected, "private names of the libraries reached:\n" + "\n".join(unexpected)
    still_used = {(f.path, f.name) for f in findings}
    assert set(ALLOWED) <= still_used, f"allowed but no longer used: {set(ALLOWED) - still_used}"


def _scan_snippet(source: str) -> list[str]:
    """The findings in `source`, as if it were the site's only code."""
    defined = frozenset(n for n in defined_names(ast.parse(source)) if n.startswith("_"))
    return [str(f) for f in scan(source, "snippet.py", "snippet", defined, library_attributes())]


def test_the_scanner_finds_a_private_method_called_on_a_library_object():
    found = _scan_snippet("from django.db import connection\n\ndef cursor():\n    return connection._cursor()\n")
    assert found == ["snippet.py:4: reaches on django.db.connection the private _cursor"]
    found = _scan_snippet("def cursor(connection):\n    return connection._cursor()\n")
    assert found == ["snippet.py:2: reaches the libraries' private attribute _cursor"]


def test_the_scanner_finds_an_overridden_private_method_of_a_library_class():
    found = _scan_snippet("import psycopg\n\nclass Base(psycopg.Connection):\n    pass\n\n"
                          "class Quick(Base):\n    def _start_query(self):\n        yield from super()._start_query()\n")
    assert "snippet.py:7: overrides psycopg._connection_base.BaseConnection's private method _start_query" in found


def test_the_scanner_finds_private_imports_and_leaves_the_public_api_alone():
    found = _scan_snippet("from django.db.models.query import _chain\nfrom psycopg._encodings import x\n")
    assert found == ["snippet.py:1: imports from django.db.models.query the private _chain",
                     "snippet.py:2: imports from the private module _encodings"]
    assert _scan_snippet("def f(model):\n    return model._meta.db_table, model._default_manager, model.__class__\n"
                         "\nclass Own:\n    def _mine(self):\n        return self._mine\n") == []
