"""The command line (`python -m games.rules.argo play|bench`) and the rules package's independence
from Django."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
RULES_DIR = ROOT / "games" / "rules"


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "games.rules.argo", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def greedy_3p():
    return run("play", "--players", "3", "--seed", "7", "--bot", "greedy")


def test_play_exits_zero_with_log_and_outcome(greedy_3p):
    result = greedy_3p
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Turn 1:"), lines[:3]
    assert "Outcome:" in lines
    log = lines[:lines.index("Outcome:")]
    assert len([line for line in log if line.strip()]) > 20, "the log is too short for a whole game"
    assert any(line.startswith("Turn ") for line in log[1:])
    tail = lines[lines.index("Outcome:") + 1:]
    ranked = [line for line in tail if line.strip()[:1].isdigit()]
    # three players and the aliens are ranked
    assert len(ranked) == 4, tail
    assert any("Aliens" in line for line in ranked)
    assert any(line.strip().startswith(("Winner(s):", "The aliens win.")) for line in tail), tail


def test_play_is_deterministic(greedy_3p):
    again = run("play", "--players", "3", "--seed", "7", "--bot", "greedy")
    assert again.returncode == 0
    assert again.stdout == greedy_3p.stdout


def test_play_in_german():
    result = run("play", "--players", "2", "--seed", "7", "--bot", "random", "--lang", "de")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Ergebnis:" in out and "Outcome:" not in out
    assert "Zug" in out or "Runde" in out, out[:500]
    english = run("play", "--players", "2", "--seed", "7", "--bot", "random").stdout
    assert out != english
    assert "to play" not in out


@pytest.mark.parametrize("players,bot,extra", [(2, "random", ["--mean", "--difficulty", "hard"]),
                                               (4, "random", ["--difficulty", "easy"])])
def test_play_other_setups(players, bot, extra):
    result = run("play", "--players", str(players), "--seed", "3", "--bot", bot, *extra)
    assert result.returncode == 0, result.stderr
    assert "Outcome:" in result.stdout


def test_play_rejects_bad_arguments():
    result = run("play", "--players", "5")
    assert result.returncode != 0
    assert "players" in result.stderr


def test_bench_prints_one_json_object():
    result = run("bench", "--players", "2", "--games", "3")
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, result.stdout
    data = json.loads(lines[0])
    assert isinstance(data, dict)
    expected = {
        "games": int, "decisions_median": (int, float), "playout_ms_median": (int, float),
        "legal_actions_us_median": (int, float), "replay_ms_median": (int, float),
        "state_bytes_median": (int, float),
    }
    for key, kind in expected.items():
        assert key in data, f"bench output lacks {key!r}: {data}"
        assert isinstance(data[key], kind) and not isinstance(data[key], bool), (key, data[key])
    assert data["games"] == 3
    assert data["decisions_median"] > 0 and data["state_bytes_median"] > 0
    for key in ("playout_ms_median", "legal_actions_us_median", "replay_ms_median"):
        assert data[key] >= 0


def _docstrings(tree) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                ids.add(id(body[0].value))
    return ids


def django_in_code(source: str) -> list[str]:
    """Every mention of django in code: imports, names, attributes and string constants
    (import_module("django...")); comments and docstrings may say "never imports Django"."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            texts = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            texts = [node.module or "", *(a.name for a in node.names)]
        elif isinstance(node, ast.Name):
            texts = [node.id]
        elif isinstance(node, ast.Attribute):
            texts = [node.attr]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            texts = [node.value]
        else:
            continue
        found += [f"line {node.lineno}: {t!r}" for t in texts if "django" in t.lower()]
    return found


def test_django_in_code_finds_imports():
    assert django_in_code("import django.db\n")
    assert django_in_code("from django import forms\n")
    assert django_in_code("import importlib\nimportlib.import_module('django.conf')\n")
    assert not django_in_code('"""This never imports Django."""\nx = 1  # nor django\n')


def test_rules_source_never_uses_django():
    sources = sorted(RULES_DIR.rglob("*.py"))
    assert len(sources) > 10, sources
    offenders = {str(p.relative_to(ROOT)): django_in_code(p.read_text()) for p in sources}
    offenders = {k: v for k, v in offenders.items() if v}
    assert not offenders, f"the rules package uses django: {offenders}"
    # the data files of the rules package are not Django fixtures or settings either
    data = [p for p in RULES_DIR.rglob("*") if p.is_file() and p.suffix in (".json", ".toml", ".cfg")]
    assert not [p for p in data if "django" in p.read_text().lower()]


def test_importing_the_rules_loads_no_django():
    code = (
        "import sys\n"
        "import games.rules, games.rules.argo, games.rules.argo.__main__\n"
        "from games.rules.argo import RULES\n"
        "s = RULES.new_game(2, 1)\n"
        "b = RULES.bot('greedy', 1)\n"
        "while s['over'] is None:\n"
        "    s, _ = RULES.apply(s, b.choose(s))\n"
        "RULES.view(s, None); RULES.outcome(s)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(repr(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]", result.stdout


def test_the_german_outcome_block_is_german():
    import io
    from contextlib import redirect_stdout

    from games.rules.argo.__main__ import main
    out = io.StringIO()
    with redirect_stdout(out):
        main(["play", "--players", "2", "--seed", "3", "--lang", "de"])
    tail = out.getvalue().split("Ergebnis:")[1]
    assert "Winner" not in tail and "yellow" not in tail and "red" not in tail
    assert "Gewinner:" in tail or "Die Aliens gewinnen." in tail


def test_output_piped_into_head_ends_quietly():
    import subprocess
    run = subprocess.run(f"{sys.executable} -m games.rules.argo play --players 4 --seed 2 | head -2",
                         shell=True, capture_output=True, text=True)
    assert len(run.stdout.splitlines()) == 2 and "BrokenPipe" not in run.stderr and "Traceback" not in run.stderr
