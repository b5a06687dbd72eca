"""RULES.md section 12 and the log: every event as a sentence in English and German, the prompts,
and the registry of rules modules."""
from __future__ import annotations

import functools
import re

import pytest

from games.rules import get, names
from games.rules.argo import PRESENTATION, RULES
from games.rules.argo.components import is_cell
from games.rules.argo.log import _key

from .positions import loose_position, play, position

END = {"type": "end_turn"}
LANGS = ("en", "de")


@functools.lru_cache(maxsize=1)
def bot_games():
    """Events and states from a few bot games of every size, both bots, both teleporter rules."""
    events, states = [], []
    for seed in range(24):
        kind = "greedy" if seed % 4 == 3 else "random"
        s = RULES.new_game(2 + seed % 3, seed, {"mean_teleporters": seed % 2 == 1})
        bot = RULES.bot(kind, seed)
        states.append(s)
        while s["over"] is None:
            s, ev = RULES.apply(s, bot.choose(s))
            events.extend(ev)
            states.append(s)
    return events, states


def scenario_events():
    """Events that bot games rarely show, from hand-built positions."""
    out = []
    # Two grunts kill the alien at the kill step (R6), after no alien could move (R1).
    s = loose_position({"0|0": "WR", "1|0": ("WH2", 0)},
                 {"red-chief": "0|0", "yellow-grunt": "1|0", "green-grunt": "1|0"},
                 {"alien-1": "1|0"}, players=3, seat=1, phase="end")
    s, ev = play(s, END)
    out.extend(ev)
    # Nothing can be placed (R2).
    sealed = {"0|0": "WR", "0|-1": ("P1", 2), "1|0": ("P2", 3), "0|1": ("P3", 0), "-1|0": ("P4", 1)}
    s = loose_position(sealed, {"red-grunt": "0|0", "yellow-grunt": "0|0"}, seat=1, phase="end",
                 display=["C01"], stack=["INF"])
    s, ev = play(s, END)
    out.extend(ev)
    # A Pilot sits alone in a pod: stays; another flies it elsewhere.
    board = {"0|0": "WR", "0|1": "C01", "0|2": "C02", "0|3": "C03", "0|4": ("P1", 0),
             "1|0": ("C01", 1), "2|0": ("C02", 1)}
    s = loose_position(board, {"red-pilot": "0|3", "yellow-grunt": "0|0"})
    s2, ev = play(s, {"type": "step", "figure": "red-pilot", "to": "0|4"},
                  {"type": "pilot", "choice": "stay"})
    out.extend(ev)
    s3, ev = play(s, {"type": "step", "figure": "red-pilot", "to": "0|4"})
    move = next(d for d in RULES.legal_actions(s3) if d["choice"] == "move")
    s3, ev2 = play(s3, move)
    out.extend(ev + ev2)
    # A Grunt that starts and ends the turn in the Core Room (walled off here) dies.
    s = loose_position({"0|0": "WR", "1|0": ("C01", 1), "5|5": "CORE"},
                 {"red-chief": "0|0", "red-grunt": "5|5", "yellow-grunt": "0|0"}, seat=1, phase="end")
    s, ev = play(s, END, {"type": "step", "figure": "red-chief", "to": "1|0"}, END)
    assert s["astronauts"]["red-grunt"] == "dead"
    out.extend(ev)
    return out


def all_events():
    return bot_games()[0] + scenario_events()


@pytest.mark.slow
def test_bot_games_and_scenarios_show_every_kind_of_event():
    seen = {_key(e) for e in all_events()}
    expected = {
        "turn", "turn_end", "lapse.alien_move", "lapse.build", "lapse.action.1", "alien_moves",
        "alien_pushed", "alien_arrives", "alien_dies.laser", "alien_dies.grunts", "alien_dies",
        "dies.alien", "dies.space", "dies.core", "score.kill", "score.alien", "score.escape",
        "score.warehouse", "placed", "revealed", "steps", "stops", "pushed", "teleports", "seated",
        "launch", "pod_moved", "pilot_stays", "activates", "swapped", "healed", "tile_moved",
        "final_round.last_module", "final_round.no_placement", "final_round.no_astronauts",
        "no_astronauts", "game_over.track_full", "game_over.all_pods", "game_over.last_turns",
    }
    assert expected - seen == set()


def cells_in(value):
    if isinstance(value, str):
        return [value] if is_cell(value) else []
    if isinstance(value, dict):
        return [c for v in value.values() for c in cells_in(v)]
    if isinstance(value, list):
        return [c for v in value for c in cells_in(v)]
    return []


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_renders_as_a_sentence_with_its_cells(lang):
    done = set()
    for event in all_events():
        key = (_key(event), tuple(sorted(k for k in event)))
        text = PRESENTATION.render(event, lang)
        assert isinstance(text, str) and text.strip(), event
        assert "{" not in text and "}" not in text, text
        assert text.rstrip().endswith("."), text
        for cell in cells_in(event):
            assert re.search(rf"(?<![\d-]){re.escape(cell)}(?!\d)", text), (event, text)
        done.add(key)
    assert len(done) > 30


def test_english_and_german_differ_for_every_kind_of_event():
    seen = {}
    for event in all_events():
        seen.setdefault(_key(event), event)
    for key, event in seen.items():
        assert PRESENTATION.render(event, "en") != PRESENTATION.render(event, "de"), key


def test_german_names_colours_and_roles_in_german():
    turn = {"e": "turn", "colour": "red", "number": 3, "last": True}
    assert PRESENTATION.render(turn, "de") == "Zug 3: Rot ist am Zug (letzter Zug)."
    assert PRESENTATION.render(turn, "en") == "Turn 3: Red to play (last turn)."
    step = {"e": "steps", "figure": "yellow-pilot", "from": "0|0", "to": "-1|0"}
    assert PRESENTATION.render(step, "en") == "The yellow Pilot steps 0|0 → -1|0."
    assert PRESENTATION.render(step, "de") == "Die gelbe Pilotin geht 0|0 → -1|0."


def test_launch_sentence_names_who_escaped():
    event = {"e": "launch", "pod": "P2", "cell": "3|4", "why": "full",
             "escaped": [{"figure": "red-chief", "points": 4}, {"figure": "yellow-robot", "points": 3}]}
    assert PRESENTATION.render(event, "en") == "Pod P2 launches from 3|4, carrying the red Chief and the yellow Robot."
    assert PRESENTATION.render(event, "de") == "Kapsel P2 startet von 3|4 mit dem roten Kommandanten und dem gelben Roboter."


def test_players_never_read_internal_ids_or_ruling_numbers():
    """Role names with colours, no "red-pilot", no "(R1)"; every event type in both languages."""
    for event in all_events():
        for lang in LANGS:
            text = PRESENTATION.render(event, lang)
            assert not re.search(r"\b(red|yellow|green|blue)-(chief|explorer|pilot|grunt|robot)\b", text), text
            assert not re.search(r"\(R\d+\)", text), text
            assert text[0].isupper(), text


def test_german_sentences_read_as_german():
    cases = {
        "Gelb erhält 2 Punkte für den Abschuss.": {"e": "score", "colour": "yellow", "points": 2, "reason": "kill"},
        "Rot erhält 1 Punkt aus dem Warenlager.": {"e": "score", "colour": "red", "points": 1, "reason": "warehouse"},
        "Der rote Roboter aktiviert das Labor auf 2|0.": {"e": "activates", "figure": "red-robot", "module": "LAB",
                                                           "kind": "lab", "cell": "2|0"},
        "Die Krankenstation holt den gelben Soldaten zurück auf 0|0; Alienwertung 9.": {
            "e": "healed", "figure": "yellow-grunt", "cell": "0|0", "alien_score": 9, "moved": None},
        "Der rote Soldat wird 0|2 → -1|1 teleportiert.": {"e": "teleports", "figure": "red-grunt", "from": "0|2",
                                                          "to": "-1|1"},
        "Das Labor tauscht den roten Soldaten (jetzt auf 2|1) mit Alien 3 (jetzt auf 1|1).": {
            "e": "swapped", "figure": "red-grunt", "figure_to": "2|1", "alien": "alien-3", "alien_to": "1|1"},
        "Die rote Pilotin setzt sich auf den 2-Punkte-Platz der Kapsel P2 auf 4|1.": {
            "e": "seated", "figure": "red-pilot", "pod": "P2", "cell": "4|1", "seat": 2},
        "Das Labor wird auf 1|1 gelegt.": {"e": "placed", "tile": "LAB", "cell": "1|1", "rotation": 0},
        "Die Krankenstation (INF) wird vom verdeckten Stapel aufgedeckt.": {"e": "revealed", "tile": "INF"},
    }
    for sentence, event in cases.items():
        assert PRESENTATION.render(event, "de") == sentence


def test_R1_log_says_the_aliens_still_kill():
    assert PRESENTATION.render({"e": "lapse", "what": "alien_move"}, "en") == "No alien can move; the aliens still kill."


def test_R2_lapse_and_final_round_say_different_things():
    building = PRESENTATION.render({"e": "lapse", "what": "build"}, "en")
    final = PRESENTATION.render({"e": "final_round", "reason": "no_placement"}, "en")
    assert "building is over" in building and "one more turn" in final and "one more turn" not in building


def test_R3_log_counts_the_actions_that_lapse():
    assert PRESENTATION.render({"e": "lapse", "what": "action", "left": 1}, "en").endswith("the remaining action lapses.")
    assert PRESENTATION.render({"e": "lapse", "what": "action", "left": 2}, "en").endswith("both actions lapse.")
    assert PRESENTATION.render({"e": "lapse", "what": "action", "left": 2}, "de").endswith("Beide Aktionen verfallen.")


def test_turning_a_tile_in_place_says_so():
    event = {"e": "tile_moved", "tile": "C06", "from": "0|1", "to": "0|1", "rotation": 1}
    assert PRESENTATION.render(event, "en") == "The Control Room turns a corridor on 0|1."
    assert PRESENTATION.render({**event, "to": "2|1"}, "en") == "The Control Room moves a corridor from 0|1 to 2|1."


def test_infirmary_sentence_gives_the_new_score_and_who_moved_up():
    event = {"e": "healed", "figure": "red-chief", "cell": "0|0", "alien_score": 11, "moved": "blue-robot"}
    assert PRESENTATION.render(event, "en") == ("The Infirmary brings the red Chief back to 0|0; the blue Robot moves up "
                                         "on the alien track, alien score 11.")


def test_the_death_that_fills_the_track_says_the_aliens_win():
    event = {"e": "dies", "figure": "red-chief", "cause": "alien", "cell": "1|0", "alien_score": 26, "full": True}
    assert PRESENTATION.render(event, "en") == "An alien kills the red Chief on 1|0: the alien track is full, the aliens win."
    assert "26" not in PRESENTATION.render(event, "en") and "die Aliens gewinnen" in PRESENTATION.render(event, "de")


def test_R6_two_grunts_kill_the_alien_at_the_kill_step():
    s = position({"0|0": "WR", "1|0": ("WH2", 0)},
                 {"red-chief": "0|0", "yellow-grunt": "1|0", "green-grunt": "1|0"},
                 {"alien-1": "1|0"}, players=3, seat=1, phase="end")
    s, events = play(s, END)  # green's turn: no alien can move (R1), the kill step comes
    assert "alien-1" not in s["aliens"]
    assert s["scores"]["green"] == 1
    assert s["astronauts"]["yellow-grunt"] == "1|0" and s["astronauts"]["green-grunt"] == "1|0"
    dies = next(e for e in events if e["e"] == "alien_dies")
    assert PRESENTATION.render(dies, "en") == "Two Grunts kill Alien 1 on 1|0."


def test_R12_death_sentence_shows_the_first_visible_slot():
    # Two players, easy: the token covers 0, the aliens start at 7; the first death shows 9.
    s = position({"0|0": "WR", "1|0": ("C09", 1)},
                 {"red-chief": "0|0", "yellow-pilot": "1|0"}, {"alien-1": "1|0"},
                 seat=1, phase="end", options={"difficulty": "easy"})
    s, events = play(s, END)
    dies = next(e for e in events if e["e"] == "dies")
    assert dies["alien_score"] == 9
    assert PRESENTATION.render(dies, "en").endswith("alien score 9.")
    assert PRESENTATION.render(dies, "de").endswith("Alienwertung 9.")


def test_game_over_sentences():
    for reason, words in (("track_full", "aliens win"), ("all_pods", "last pod"),
                          ("last_turns", "last turns")):
        event = {"e": "game_over", "reason": reason, "alien_score": 9}
        assert words in PRESENTATION.render(event, "en")
        assert PRESENTATION.render(event, "de")


# --- prompts ---------------------------------------------------------------------------------------

def test_prompts_in_both_languages_for_every_question():
    _, states = bot_games()
    seen = set()
    for s in states:
        q = None if s["ask"] is None else s["ask"]["q"]
        en, de = PRESENTATION.prompt(s, "en"), PRESENTATION.prompt(s, "de")
        assert en.strip() and de.strip()
        assert "{" not in en + de and "}" not in en + de
        assert en != de
        if s["ask"] is not None and "cell" in s["ask"] and q in ("alien_push", "victim", "push",
                                                               "relocate"):
            assert s["ask"]["cell"] in en and s["ask"]["cell"] in de
        seen.add(q)
    assert {"alien_move", "alien_push", "build", "action", "step", "push", "teleport", "target",
            "end_turn", None} <= seen


def test_prompt_defaults_to_english():
    s = RULES.new_game(2, 1)
    assert PRESENTATION.prompt(s) == PRESENTATION.prompt(s, "en") == "Place a module from the supply or the top pod"
    assert PRESENTATION.prompt(s, "de") == "Lege ein Modul aus dem Vorrat oder die oberste Kapsel an"


def test_prompt_when_the_game_is_over():
    s = position({"0|0": "WR"}, {}, phase="end")
    s, _ = play(s, END)
    assert s["over"] is not None
    assert PRESENTATION.prompt(s, "en") == "The game is over"
    assert PRESENTATION.prompt(s, "de") == "Das Spiel ist zu Ende"


def test_prompt_for_a_victim_names_the_alien_and_cell():
    s = position({"0|0": "WR", "1|0": ("WH2", 0)},
                 {"red-chief": "0|0", "yellow-pilot": "1|0", "yellow-chief": "1|0"},
                 {"alien-1": "1|0"}, seat=1, phase="end")
    s, _ = play(s, END)
    assert s["ask"]["q"] == "victim"
    assert PRESENTATION.prompt(s, "en") == "Choose whom Alien 1 kills on 1|0"
    assert "1|0" in PRESENTATION.prompt(s, "de")


# --- the registry ----------------------------------------------------------------------------------

def test_registry_serves_argo():
    assert "argo" in names()
    assert get("argo") is RULES
    assert get("argo").name == "argo"
    assert (RULES.min_players, RULES.max_players) == (2, 4)


def test_registry_unknown_name_is_an_error():
    with pytest.raises(KeyError) as info:
        get("chess")
    assert "chess" in str(info.value) and "argo" in str(info.value)


def test_unknown_bot_is_an_error():
    with pytest.raises(ValueError) as info:
        RULES.bot("genius")
    assert "genius" in str(info.value)
