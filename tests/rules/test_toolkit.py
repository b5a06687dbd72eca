"""The toolkit a game builds on (games.rules.base.Rules and Presentation, games/rules/cli.py): what a new game gets
without writing it, shown on a toy game, and the one command line every game answers to."""
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules import IllegalAction
from games.rules.base import Presentation, Rules, RulesVersions

ROOT = Path(__file__).resolve().parents[2]


class Race(Rules):
    """Two players take turns adding 1 or 2; whoever reaches 5 wins."""
    name, min_players, max_players = "race", 2, 2
    called = "Race to five"
    VERSIONS, BOTS = RulesVersions("Race to five", current=1, published=(1,), since={}), {}

    def setup(self, players, seed, options, version):
        return {"colours": ["red", "blue"], "ask": {"q": "add"}, "over": None, "seq": 0, "undo_floor": 0,
                "total": 0, "rules_version": version}

    def check_shape(self, decision):
        if not isinstance(decision, dict) or decision.get("add") not in (1, 2):
            raise IllegalAction("add 1 or 2")

    def advance(self, state, decision, events):
        state["total"] += decision["add"]
        state["seq"] += 1
        events.append({"e": "added", "total": state["total"]})
        if state["total"] >= 5:
            state.update(over={"winner": state["seq"] % 2}, ask=None)
        return state


class RaceWords(Presentation):
    """What Race says: its prompt and its one event; the rest is the toolkit's."""
    name = "race"
    title = {"en": "Race to five", "de": "Wettlauf bis fünf"}

    def prompt(self, state, lang="en"):
        return "Add 1 or 2"

    def render(self, event, lang="en", names=None):
        return f"The total is {event['total']}." if event["e"] == "added" else ""


def test_a_new_game_gets_the_checks_and_the_play_loop():
    race = Race()
    assert (race.version, race.versions, race.check_options(2, None)) == (1, (1,), {})
    with pytest.raises(IllegalAction, match=r"^Race to five is played by 2 players$"):
        race.new_game(3, 1)
    with pytest.raises(IllegalAction, match=r"^Race to five has no options; got speed$"):
        race.new_game(2, 1, {"speed": 2})
    with pytest.raises(IllegalAction, match="no published rules version 2"):
        race.new_game(2, 1, version=2)
    start = race.new_game(2, 1)
    state, events = race.apply(start, {"add": 2})
    assert start["total"] == 0 and state["total"] == 2 and events == [{"e": "added", "total": 2}]
    assert race.undoable(state) == 1 and race.seat_names(state) == ["red", "blue"]
    final = race.replay(2, 1, None, [{"add": 2}] * 3)
    assert final["total"] == 6 and race.undoable(final) == 0 and race.question(final) is None
    with pytest.raises(IllegalAction, match=r"^the game is over$"):
        race.apply(final, {"add": 1})


def test_a_new_presentation_gets_the_words_a_game_may_leave_unsaid():
    words, state = RaceWords(), Race().new_game(2, 1)
    assert words.prompt_for_others(state) == words.prompt(state) == "Add 1 or 2"
    assert words.recap([{"e": "added", "total": 1}, {"e": "other"}], None) == ["The total is 1."]
    assert words.render_decision({"add": 1}) == "" and words.ending({"winner": 0}) == ""
    assert words.describe({"you": None}) == {"mine": [], "scores": [], "places": []}
    assert words.participants == {} and words.languages == ("en", "de")


@pytest.mark.parametrize("game", ["argo", "andromeda"])
def test_the_shared_command_line_is_each_games_own(game):
    def run(*module):
        return subprocess.run([sys.executable, "-m", *module, "play", "--players", "2", "--seed", "5", "--bot", "random"],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)
    shared, own = run("games.rules.cli", game), run(f"games.rules.{game}")
    assert shared.returncode == own.returncode == 0, shared.stderr + own.stderr
    assert shared.stdout == own.stdout and "Outcome:" in shared.stdout


def test_the_command_line_names_the_games_when_none_is_given():
    done = subprocess.run([sys.executable, "-m", "games.rules.cli"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode != 0 and "andromeda,argo" in done.stderr
