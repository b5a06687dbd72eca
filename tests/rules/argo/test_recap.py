"""The recap of a turn (`PRESENTATION.recap`): what a player who was away reads under "Since you last looked"
and in the turn email. Turns from real bot games, and a few written out by hand."""
from __future__ import annotations

import re

from games.rules.argo import PRESENTATION, RULES
from games.rules.base import RECAP_LINE

from ..test_recap import turns

NAMES = ["Alice", "Bob", "Carol"]
ALICE, BOB, CAROL = 0, 1, 2  # red, yellow, green

# Carol's turn 12 of a random bot game (3 players, seed 7): the alien she moves kills Bob's Chief,
# her Explorer steps twice and pushes Alice's Chief on the way, her own Chief walks into an alien.
CAROLS_TURN = [
    {"e": "alien_moves", "alien": "alien-4", "from": "-1|1", "to": "0|1"},
    {"e": "dies", "figure": "yellow-chief", "cause": "alien", "cell": "0|1", "alien_score": 18, "full": False},
    {"e": "score", "colour": "green", "points": 2, "reason": "kill"},
    {"e": "placed", "tile": "JUMP", "cell": "0|-3", "rotation": 0},
    {"e": "revealed", "tile": "C14"},
    {"e": "alien_arrives", "alien": "alien-6", "cell": "0|-3"},
    {"e": "steps", "figure": "green-explorer", "from": "-2|0", "to": "-1|0"},
    {"e": "pushed", "figure": "red-chief", "from": "-1|0", "to": "0|0"},
    {"e": "steps", "figure": "green-explorer", "from": "-1|0", "to": "0|0"},
    {"e": "steps", "figure": "green-chief", "from": "0|0", "to": "0|1"},
    {"e": "dies", "figure": "green-chief", "cause": "alien", "cell": "0|1", "alien_score": 21, "full": False},
    {"e": "turn_end", "colour": "green"},
    {"e": "turn", "colour": "red", "number": 13, "last": False},
]
# Bob's Grunt kills an alien on its way; his Grunt fills pod P1, which takes Alice's Robot along.
BOBS_TURN = [
    {"e": "steps", "figure": "yellow-grunt", "from": "0|0", "to": "-1|0"},
    {"e": "alien_dies", "alien": "alien-2", "cause": "yellow-grunt", "cell": "-1|0"},
    {"e": "score", "colour": "yellow", "points": 1, "reason": "alien"},
    {"e": "steps", "figure": "yellow-grunt", "from": "-1|0", "to": "2|-2"},
    {"e": "seated", "figure": "yellow-grunt", "pod": "P1", "cell": "2|-2", "seat": 2},
    {"e": "launch", "pod": "P1", "cell": "2|-2", "why": "full",
     "escaped": [{"figure": "red-robot", "points": 1}, {"figure": "yellow-grunt", "points": 2}]},
    {"e": "score", "colour": "red", "points": 1, "reason": "escape"},
    {"e": "score", "colour": "yellow", "points": 2, "reason": "escape"},
    {"e": "turn_end", "colour": "yellow"},
    {"e": "turn", "colour": "green", "number": 14, "last": False},
]


def log(events, lang="en"):
    return [PRESENTATION.render(e, lang, NAMES) for e in events]


def test_a_chain_of_steps_is_one_move_from_where_it_started_to_where_it_ended():
    assert PRESENTATION.recap(CAROLS_TURN, ALICE, "en", NAMES) == [
        "Carol moved Alien 4 from -1|1 to 0|1.",
        "An alien killed the yellow Chief on 0|1; Carol scored 2 points.",
        "Carol placed the Jump Room on 0|-3; Alien 6 appeared there.",
        "Carol moved the green Explorer from -2|0 to 0|0 and pushed your Chief to 0|0.",
        "Carol moved the green Chief from 0|0 to 0|1.",
        "An alien killed the green Chief on 0|1.",
    ]
    assert len(log(CAROLS_TURN)) == 13


def test_the_turn_header_and_its_end_are_gone():
    for lang in ("en", "de"):
        said = " ".join(PRESENTATION.recap(CAROLS_TURN, ALICE, lang, NAMES))
        assert "Turn 13" not in said and "Zug 13" not in said
        assert "ends the turn" not in said and "beendet den Zug" not in said
        assert "turned up" not in said and "aufgedeckt" not in said


def test_a_hit_on_the_readers_piece_says_your_and_another_reader_reads_the_players_name():
    assert PRESENTATION.recap(CAROLS_TURN, BOB, "en", NAMES)[1] == "An alien killed your Chief on 0|1; Carol scored 2 points."
    assert PRESENTATION.recap(CAROLS_TURN, BOB, "de", NAMES)[1] == \
        "Ein Alien tötete deinen Kommandanten auf 0|1; Carol erhielt 2 Punkte."
    assert PRESENTATION.recap(CAROLS_TURN, ALICE, "de", NAMES)[1] == \
        "Ein Alien tötete den gelben Kommandanten auf 0|1; Carol erhielt 2 Punkte."
    assert PRESENTATION.recap(CAROLS_TURN, None, "en", NAMES)[3] == \
        "Carol moved the green Explorer from -2|0 to 0|0 and pushed the red Chief to 0|0."


def test_german_lines_are_german():
    assert PRESENTATION.recap(CAROLS_TURN, ALICE, "de", NAMES) == [
        "Carol zog Alien 4 von -1|1 nach 0|1.",
        "Ein Alien tötete den gelben Kommandanten auf 0|1; Carol erhielt 2 Punkte.",
        "Carol legte den Sprungraum auf 0|-3; Alien 6 erschien dort.",
        "Carol zog die grüne Kundschafterin von -2|0 nach 0|0 und schob deinen Kommandanten nach 0|0.",
        "Carol zog den grünen Kommandanten von 0|0 nach 0|1.",
        "Ein Alien tötete den grünen Kommandanten auf 0|1.",
    ]


def test_a_kill_on_the_way_and_a_launch_keep_their_points():
    assert PRESENTATION.recap(BOBS_TURN, ALICE, "en", NAMES) == [
        "Bob moved the yellow Grunt from 0|0 to 2|-2 (the 2-point seat of pod P1) and killed Alien 2 (1 point).",
        "Pod P1 launched from 2|-2, carrying your Robot (1 point) and the yellow Grunt (2 points).",
    ]
    assert PRESENTATION.recap(BOBS_TURN, ALICE, "de", NAMES)[1] == \
        "Kapsel P1 startete von 2|-2 mit deinem Roboter (1 Punkt) und dem gelben Soldaten (2 Punkte)."


def test_the_players_own_turn_is_told_to_them_as_du():
    assert PRESENTATION.recap(BOBS_TURN, BOB, "de", NAMES)[0] == \
        "Du zogst deinen Soldaten von 0|0 nach 2|-2 (2-Punkte-Platz der Kapsel P1) und tötetest Alien 2 (1 Punkt)."
    assert PRESENTATION.recap(BOBS_TURN, BOB, "en", NAMES)[0].startswith("You moved your Grunt from 0|0 to 2|-2")


def test_a_turn_of_bookkeeping_only_says_that_it_ended():
    events = [{"e": "lapse", "what": "action", "left": 2}, {"e": "turn_end", "colour": "red"},
              {"e": "turn", "colour": "yellow", "number": 5, "last": False}]
    assert PRESENTATION.recap(events, BOB, "en", NAMES) == ["Alice ended the turn."]
    assert PRESENTATION.recap(events, BOB, "de", NAMES) == ["Alice beendete den Zug."]
    assert PRESENTATION.recap(events, ALICE, "de", NAMES) == ["Du beendetest den Zug."]


def test_a_step_out_and_back_and_a_teleporter_say_so():
    events = [{"e": "steps", "figure": "red-explorer", "from": "0|0", "to": "0|-1"},
              {"e": "steps", "figure": "red-explorer", "from": "0|-1", "to": "0|0"},
              {"e": "steps", "figure": "red-robot", "from": "0|1", "to": "1|1"},
              {"e": "teleports", "figure": "red-robot", "from": "1|1", "to": "0|0"}]
    assert PRESENTATION.recap(events, BOB, "en", NAMES) == [
        "Alice moved the red Explorer out of 0|0 and back.",
        "Alice moved the red Robot from 0|1 to 0|0 through a teleporter.",
    ]
    assert PRESENTATION.recap(events, BOB, "de", NAMES) == [
        "Alice zog die rote Kundschafterin aus 0|0 hinaus und wieder zurück.",
        "Alice zog den roten Roboter von 0|1 durch einen Teleporter nach 0|0.",
    ]


def test_a_long_chain_of_pushes_is_said_shorter_not_cut():
    pushes = [("red-chief", "0|2"), ("red-pilot", "-1|2"), ("green-chief", "-2|1"), ("green-robot", "-2|2")]
    events = [{"e": "steps", "figure": "yellow-robot", "from": "0|0", "to": "0|1"}]
    events += [{"e": "pushed", "figure": f, "from": "0|1", "to": to} for f, to in pushes]
    for lang in ("en", "de"):
        [line] = PRESENTATION.recap(events, ALICE, lang, NAMES)
        assert len(line) <= RECAP_LINE and line.endswith(".")
    assert PRESENTATION.recap(events, ALICE, "en", NAMES) == [
        "Bob moved the yellow Robot from 0|0 to 0|1 and pushed your Chief, your Pilot, the green Chief and the green Robot."]
    assert PRESENTATION.recap(events, ALICE, "de", NAMES) == ["Bob zog den gelben Roboter von 0|0 nach 0|1 und schob 4 Astronauten."]


def test_a_real_games_turns_tell_each_moved_astronaut_once_and_no_bookkeeping():
    header = re.compile(r"^(Turn \d+|Zug \d+)|ends the turn|beendet den Zug|stops\.|bleibt stehen")
    for seat, events in turns(RULES, 3, 7, None):
        viewer = (seat + 1) % 3
        for lang in ("en", "de"):
            lines = PRESENTATION.recap(events, viewer, lang, NAMES)
            assert 0 < len(lines) <= len(log(events, lang))
            assert not any(header.search(line) for line in lines), lines
        moved = {e["figure"] for e in events if e["e"] == "steps"}
        lines = PRESENTATION.recap(events, viewer, "en", NAMES)
        for figure in moved:
            colour, role = figure.split("-")
            assert sum(f"moved the {colour} {role.capitalize()} " in line for line in lines) == 1, (figure, lines)


def test_the_recap_is_pure():
    before = [dict(e) for e in CAROLS_TURN]
    assert PRESENTATION.recap(CAROLS_TURN, ALICE, "en", NAMES) == PRESENTATION.recap(CAROLS_TURN, ALICE, "en", NAMES)
    assert CAROLS_TURN == before
