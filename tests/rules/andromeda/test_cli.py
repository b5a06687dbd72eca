"""The command line: play and bench, as for Argo."""
import json
import subprocess
import sys

from games.rules.andromeda.__main__ import main


def test_play_prints_the_log_and_the_outcome(capsys):
    assert main(["play", "--players", "2", "--seed", "3", "--bot", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "Turn 1:" in out and "Outcome:" in out and "Winner(s):" in out and "into the wormhole" in out


def test_play_in_german_says_everything_in_german(capsys):
    main(["play", "--players", "3", "--seed", "4", "--bot", "random", "--lang", "de"])
    out = capsys.readouterr().out
    assert "Zug 1:" in out and "Ergebnis:" in out and "Gewinner:" in out
    assert "Outcome" not in out and "Winner" not in out and "Red" not in out


def test_bench_prints_one_json_line_with_the_figures(capsys):
    assert main(["bench", "--players", "4", "--games", "3"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"players", "games", "decisions_median", "playout_ms_median", "legal_actions_us_median",
                            "legal_actions_us_p99", "replay_ms_median", "state_bytes_median"}
    assert figures["games"] == 3 and figures["decisions_median"] > 50


def test_output_piped_into_head_ends_quietly():
    run = subprocess.run(f"{sys.executable} -m games.rules.andromeda play --players 4 --seed 2 | head -3",
                         shell=True, capture_output=True, text=True)
    assert len(run.stdout.splitlines()) == 3 and "BrokenPipe" not in run.stderr and "Traceback" not in run.stderr
