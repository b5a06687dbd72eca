"""Game records replayed with the rules alone (docs/game-record.md, games/rules/record.py): for every
registered game, a bot game written as a record replays through `python -m games.rules.<game> replay`
to the log and outcome `play` printed for it, and a record that was tampered with, is of another
game or format version, or has no seed is refused with the reason. No Django here."""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from games import rules
from games.rules import cli, record as records

ROOT = Path(__file__).resolve().parents[2]
GAMES = rules.names()
SEED = 3


def bot_record(name: str, players: int | None = None, seed: int = SEED) -> dict:
    """A game of greedy bots played as `play --bot greedy --seed <seed>` plays it, written as the site
    writes a finished game's record."""
    module = rules.get(name)
    players = players or module.min_players
    options = module.check_options(players, None)
    state = module.new_game(players, seed, options)
    bots = [module.bot("greedy", seed * 10 + seat) for seat in range(players)]
    decisions = []
    while (seat := module.current_seat(state)) is not None:
        decision = bots[seat].choose(state)
        state, _ = module.apply(state, decision)
        decisions.append({"number": len(decisions) + 1, "seat": seat, "by_bot": False, "decision": decision,
                          "at": "2025-03-01T09:30:00.000Z"})
    teams = module.teams(players, options)
    return {
        "format": records.FORMAT, "version": records.VERSION, "game": name, "id": 42, "status": "finished",
        "rules_version": state["rules_version"], "options": options,
        "clock": {"kind": "bank", "bank_hours": 72, "increment_hours": 24, "cap_hours": 168},
        "started_at": "2025-03-01T09:00:00.000Z", "finished_at": "2025-03-01T10:00:00.000Z",
        "players": [{"seat": i, "username": f"bot{i}", "colour": colour, "bot": "greedy",
                     "team": next((t for t, team in enumerate(teams or ()) if i in team), None),
                     "status": "active", "place": None, "score": None}
                    for i, colour in enumerate(module.seat_names(state))],
        "seed": seed, "decisions": decisions, "outcome": json.loads(json.dumps(module.outcome(state))),
    }


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    return request.param, bot_record(request.param)


def write(tmp_path: Path, record: dict) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def replayed(capsys, name: str, path: Path, *extra: str) -> tuple[int, str, str]:
    code = cli.main(name, ["replay", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def outcome_lines(name: str, outcome: dict, lang: str = "en") -> list[str]:
    module = rules.get(name)
    return cli.command_line(module).outcome(outcome, lang)


def test_a_record_replays_to_the_log_and_outcome_play_printed(game, tmp_path, capsys):
    name, record = game
    players = str(len(record["players"]))
    assert cli.main(name, ["play", "--players", players, "--seed", str(SEED), "--bot", "greedy"]) == 0
    played = capsys.readouterr().out
    code, out, err = replayed(capsys, name, write(tmp_path, record))
    assert code == 0, err
    assert err == ""
    assert out == played  # every event rendered, then the final scores and places
    assert out.splitlines()[-len(outcome_lines(name, record["outcome"])):] == outcome_lines(name, record["outcome"])


def test_a_record_replays_in_german(game, tmp_path, capsys):
    name, record = game
    code, out, _ = replayed(capsys, name, write(tmp_path, record), "--lang", "de")
    assert code == 0
    assert out.splitlines()[-len(outcome_lines(name, record["outcome"], "de")):] == outcome_lines(name, record["outcome"], "de")
    assert "Ergebnis:" in out


def test_the_pure_replay_reaches_the_recorded_outcome(game):
    name, record = game
    module = rules.get(name)
    state = records.replay(module, record)
    assert module.outcome(state) == record["outcome"]


def test_the_command_replays_a_record_in_its_own_process(game, tmp_path):
    name, record = game
    done = subprocess.run([sys.executable, "-m", f"games.rules.{name}", "replay", str(write(tmp_path, record))],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    tail = outcome_lines(name, record["outcome"])
    assert done.stdout.splitlines()[-len(tail):] == tail
    from_stdin = subprocess.run([sys.executable, "-m", "games.rules.cli", name, "replay", "-"], input=json.dumps(record),
                                cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert from_stdin.returncode == 0 and from_stdin.stdout == done.stdout


def test_a_changed_decision_is_refused(game, tmp_path, capsys):
    """Another legal first decision: the rest of the game no longer follows from it, or it ends
    elsewhere; either way the replay says so and exits 1."""
    name, record = game
    module = rules.get(name)
    start = module.new_game(len(record["players"]), record["seed"], record["options"])
    others = [d for d in module.legal_actions(start) if d != record["decisions"][0]["decision"]]
    assert others, f"{name}: a single legal first decision"
    tampered = copy.deepcopy(record)
    tampered["decisions"][0]["decision"] = others[-1]
    code, out, err = replayed(capsys, name, write(tmp_path, tampered))
    assert code == 1
    assert err.startswith("cannot replay ") and ("is illegal" in err or "recorded for seat" in err
                                                 or "outcome differs" in err or "end before" in err
                                                 or "after the game's end" in err), err
    assert "Outcome:" not in out


def test_an_illegal_decision_is_named(game, tmp_path, capsys):
    name, record = game
    tampered = copy.deepcopy(record)
    tampered["decisions"][4]["decision"] = {"type": "teleport_home"}
    code, _, err = replayed(capsys, name, write(tmp_path, tampered))
    assert code == 1
    assert "decision 5 by seat" in err and "is illegal" in err, err


def test_a_decision_given_to_another_seat_is_refused(game, tmp_path, capsys):
    name, record = game
    tampered = copy.deepcopy(record)
    tampered["decisions"][0]["seat"] = 1 - tampered["decisions"][0]["seat"]
    code, _, err = replayed(capsys, name, write(tmp_path, tampered))
    assert code == 1 and "decision 1 is recorded for seat" in err, err


def test_a_changed_outcome_is_refused(game, tmp_path, capsys):
    name, record = game
    tampered = copy.deepcopy(record)
    winner = tampered["outcome"]["ranking"][0]["who"]
    tampered["outcome"]["scores"][winner] = tampered["outcome"]["scores"].get(winner, 0) + 100
    code, out, err = replayed(capsys, name, write(tmp_path, tampered))
    assert code == 1 and "the replayed outcome differs from the record's" in err, err
    assert "Outcome:" not in out


def test_a_record_cut_short_is_refused(game, tmp_path, capsys):
    name, record = game
    tampered = copy.deepcopy(record)
    del tampered["decisions"][-1]
    code, _, err = replayed(capsys, name, write(tmp_path, tampered))
    assert code == 1 and "decisions end before the game does" in err, err


def test_a_record_of_another_game_is_refused(game, tmp_path, capsys):
    name, record = game
    other = next(g for g in GAMES if g != name)
    code, out, err = replayed(capsys, other, write(tmp_path, record))
    assert code == 1 and out == ""
    assert f"the record is a game of '{name}', not of '{other}'" in err
    assert f"python -m games.rules.{name} replay" in err


def test_a_record_without_a_seed_is_refused(game, tmp_path, capsys):
    """What the site writes while a game is in progress (or for one aborted before its end)."""
    name, record = game
    tampered = {k: v for k, v in record.items() if k != "seed"}
    code, out, err = replayed(capsys, name, write(tmp_path, tampered))
    assert code == 1 and out == ""
    assert "the record has no seed: the game was not over when it was written" in err


def test_a_changed_seed_is_refused(game, tmp_path, capsys):
    name, record = game
    code, _, err = replayed(capsys, name, write(tmp_path, {**record, "seed": record["seed"] + 1}))
    assert code == 1 and err.startswith("cannot replay "), err


@pytest.mark.parametrize("version,reason", [
    (3, "unknown record format version 3: this program reads versions 1, 2 (written by a newer site"),
    (0, "unknown record format version 0"),
    ("1", "unknown record format version '1'"),
    (True, "unknown record format version True"),
])
def test_an_unknown_format_version_is_refused(tmp_path, capsys, version, reason):
    record = bot_record("argo")
    code, _, err = replayed(capsys, "argo", write(tmp_path, {**record, "version": version}))
    assert code == 1 and reason in err, err


def test_a_record_of_version_1_still_replays(tmp_path, capsys):
    """Version 1 had no clock: its records replay as before."""
    record = bot_record("argo")
    del record["clock"]
    code, _, err = replayed(capsys, "argo", write(tmp_path, {**record, "version": 1}))
    assert code == 0, err


def test_a_rules_version_this_program_lacks_is_refused(tmp_path, capsys):
    record = bot_record("argo")
    code, _, err = replayed(capsys, "argo", write(tmp_path, {**record, "rules_version": 999}))
    assert code == 1 and "rules version 999 of argo, which this program does not have" in err, err


@pytest.mark.parametrize("text,reason", [
    ("{not json", "not a game record: not JSON"),
    ("[1, 2]", "not a game record: a record is a JSON object"),
    ('{"format": "pgn"}', "not a game record: its format is 'pgn'"),
])
def test_what_is_no_record_is_refused(tmp_path, capsys, text, reason):
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    code, _, err = replayed(capsys, "argo", path)
    assert code == 1 and reason in err, err


def test_a_malformed_record_names_what_it_lacks(tmp_path, capsys):
    record = bot_record("argo")
    broken = {**record, "decisions": [{"seat": "0", "decision": {}}], "options": None}
    code, _, err = replayed(capsys, "argo", write(tmp_path, broken))
    assert code == 1 and "a malformed record: it needs options (an object); decisions" in err, err


def test_a_missing_file_is_refused_with_the_reason(tmp_path, capsys):
    code, _, err = replayed(capsys, "argo", tmp_path / "nowhere.json")
    assert code == 1 and "cannot read the record" in err and "nowhere.json" in err


def test_every_player_count_replays():
    """The seats of a record are its player count: the largest tables replay as well as the smallest."""
    for name in GAMES:
        module = rules.get(name)
        record = bot_record(name, module.max_players, seed=5)
        assert module.outcome(records.replay(module, record)) == record["outcome"]
