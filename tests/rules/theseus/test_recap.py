"""The recap of a turn (`recap(events, viewer, lang, names)`): what a player who was away reads of
another's turn. The event lists are turns of bot games as the log recorded them; the seats are
Alice, Bob, Carol and Dave in seat order."""
from __future__ import annotations

import pytest

from games.rules.base import RECAP_LINE
from games.rules.theseus import PRESENTATION, RULES
from games.rules.theseus.log import room_name, sector_name

from ..test_recap import turns

NAMES = ["Alice", "Bob", "Carol", "Dave"]

# A duel, Alice (the Marines) to play: a move of two steps, a combat with a hit on a unit of Bob's (the
# Greys), a pending card of Bob's discarded and the position refilled, and Bob's turn header.
DUEL_TURN = [
    {"kind": "move", "unit": "M1", "start": "DOCK", "points": 2},
    {"kind": "pass", "unit": "M1", "sector": "TEC"},
    {"kind": "enter", "unit": "M1", "room": "WRECK2", "how": "move"},
    {"kind": "combat", "seat": 0, "sector": "WRECK"},
    {"kind": "hit", "unit": "G3", "damage": 1, "by": "M1"},
    {"kind": "lp", "seat": 1, "delta": -1, "total": 19, "cause": "M1"},
    {"kind": "discard", "card": "GRE03a", "place": "WRECK.p2"},
    {"kind": "refill", "seat": 0, "card": "MAR07a", "place": "WRECK.p2", "top": "MAR01a"},
    {"kind": "turn", "seat": 1, "round": 3},
]


def recap(events, viewer, lang="en", players=2):
    return PRESENTATION.recap(events, viewer, lang, NAMES[:players])


def log(events, lang="en", players=2):
    return [PRESENTATION.render(e, lang, NAMES[:players]) for e in events]


def test_a_turn_read_by_the_player_it_hit_says_your():
    assert recap(DUEL_TURN, 1) == [
        "Alice moved Marines unit 1 from Loading Dock to Greys' Shipwreck room 2.",
        "Marines unit 1 hit your Greys unit 3: you lost 1 LP (19 left).",
        "Alice discarded your Chamber from Greys' Shipwreck pending position 2 and put Team Tactics in its place.",
    ]


def test_the_same_turn_read_by_a_spectator_names_the_player():
    assert recap(DUEL_TURN, None) == [
        "Alice moved Marines unit 1 from Loading Dock to Greys' Shipwreck room 2.",
        "Marines unit 1 hit Greys unit 3: Bob lost 1 LP (19 left).",
        "Alice discarded Chamber from Greys' Shipwreck pending position 2 and put Team Tactics in its place.",
    ]


def test_german_lines_are_german_and_say_du():
    assert recap(DUEL_TURN, 1, "de") == [
        "Alice zog Marines Einheit 1 von Ladedock nach Schiffswrack der Greys Raum 2.",
        "Marines Einheit 1 traf deine Greys Einheit 3: du hast 1 LP verloren (noch 19).",
        "Alice warf deine Karte Kammer von Schiffswrack der Greys Warteplatz 2 ab und legte Teamtaktik nach.",
    ]
    assert recap(DUEL_TURN, None, "de")[1] == "Marines Einheit 1 traf Greys Einheit 3: Bob verlor 1 LP (noch 19)."


@pytest.mark.parametrize("lang", ["en", "de"])
def test_round_and_combat_headers_are_gone(lang):
    lines = recap(DUEL_TURN, 1, lang)
    assert len(lines) < len(log(DUEL_TURN, lang)) - 3  # move, pass and enter in one; the hit with its LP
    assert not any(line.startswith(("Round", "Runde", "Combat", "Kampf")) for line in lines)
    assert not any(word in line for line in lines for word in ("passes", "durchquert", "Bob's turn", "am Zug"))


def test_a_push_names_the_pushed_unit_as_the_readers():
    turn = [{"kind": "move", "unit": "M1", "start": "NEST", "points": 1},
            {"kind": "eject", "piece": "A1", "room": "COR3"},
            {"kind": "enter", "unit": "M1", "room": "COR3", "how": "move"},
            {"kind": "pending", "seat": 0, "card": "MAR01a", "place": "COR.p1"}]
    # the Marines' card shows Alice to be the Marines: in a duel the Aliens are Bob's
    assert recap(turn, 1)[0] == \
        "Alice moved Marines unit 1 from Alien Nest to Corridors room 3, ejecting your Aliens unit 1."
    assert recap(turn, 1, "de")[0] == \
        "Alice zog Marines Einheit 1 von Aliennest nach Korridore Raum 3 und stieß deine Aliens Einheit 1 hinaus."
    assert recap(turn, None)[0] == \
        "Alice moved Marines unit 1 from Alien Nest to Corridors room 3, ejecting Aliens unit 1."


def test_a_card_that_moves_an_enemy_unit_is_named_as_the_mover():
    turn = [{"kind": "action", "card": "MAR07a", "copy": None},
            {"kind": "move", "unit": "A2", "start": "WRECK", "points": 1},
            {"kind": "enter", "unit": "A2", "room": "TEC2", "how": "move"},
            {"kind": "card_damage", "unit": "A2", "damage": 1, "card": "MAR01a"},
            {"kind": "lp", "seat": 2, "delta": -1, "total": 12, "cause": "MAR01a"}]
    assert recap(turn, 2, players=3) == [
        "Team Tactics moved your Aliens unit 2 from Greys' Shipwreck to Tech Dock room 2.",
        "Landmine hit your Aliens unit 2: you lost 1 LP (12 left).",
    ]
    assert recap(turn, 2, "de", players=3) == [
        "Teamtaktik zog deine Aliens Einheit 2 von Schiffswrack der Greys nach Technologiedock Raum 2.",
        "Landmine traf deine Aliens Einheit 2: du hast 1 LP verloren (noch 12).",
    ]


def test_in_teams_your_is_the_readers_own_seat_not_the_partners():
    # Bob (the Greys) hits a unit of Alice's (the Marines) and one of her partner Carol's (the Scientists)
    turn = [{"kind": "combat", "seat": 1, "sector": None},
            {"kind": "hit", "unit": "M2", "damage": 1, "by": "G1"},
            {"kind": "lp", "seat": 0, "delta": -1, "total": 17, "cause": "G1"},
            {"kind": "hit", "unit": "S1", "damage": 1, "by": "G1"},
            {"kind": "lp", "seat": 2, "delta": -1, "total": 15, "cause": "G1"}]
    assert recap(turn, 0, players=4) == ["Greys unit 1 hit your Marines unit 2: you lost 1 LP (17 left).",
                                         "Greys unit 1 hit Scientists unit 1: Carol lost 1 LP (15 left)."]
    assert recap(turn, 2, players=4) == ["Greys unit 1 hit Marines unit 2: Alice lost 1 LP (17 left).",
                                         "Greys unit 1 hit your Scientists unit 1: you lost 1 LP (15 left)."]


def test_hits_in_a_row_on_one_player_are_one_line():
    turn = [{"kind": "combat", "seat": 0, "sector": None},
            {"kind": "hit", "unit": "G2", "damage": 1, "by": "M3"},
            {"kind": "lp", "seat": 1, "delta": -1, "total": 14, "cause": "M3"},
            {"kind": "hit", "unit": "G2", "damage": 1, "by": "M1"},
            {"kind": "lp", "seat": 1, "delta": -1, "total": 13, "cause": "M1"}]
    assert recap(turn, 1) == ["Marines unit 3 and Marines unit 1 hit your Greys unit 2: you lost 2 LP (13 left)."]
    assert recap(turn, 1, "de") == \
        ["Marines Einheit 3 und Marines Einheit 1 trafen deine Greys Einheit 2: du hast 2 LP verloren (noch 13)."]


def test_points_gained_say_you_to_their_player():
    turn = [{"kind": "move", "unit": "S2", "start": "LAB", "points": 2},
            {"kind": "pass", "unit": "S2", "sector": "TEC"},
            {"kind": "enter", "unit": "S2", "room": "WRECK3", "how": "move"},
            {"kind": "dp", "seat": 2, "delta": 2, "total": 6, "cause": "GRE13a"}]
    assert recap(turn, 2, players=3)[1] == "You gained 2 DP from Psi Field (now 6)."
    assert recap(turn, 2, "de", players=3)[1] == "Du hast 2 DP durch Psi-Feld erhalten (jetzt 6)."
    assert recap(turn, 0, players=3)[1] == "Carol gained 2 DP from Psi Field (now 6)."


def test_installs_take_their_bonus_card_and_upgrades_their_unit_in_one_line():
    turn = [{"kind": "upgrades", "seat": 1, "delta": 1, "cause": "upgrade"},
            {"kind": "flip", "unit": "G2"},
            {"kind": "take_bonus", "seat": 1, "card": "BON3a"},
            {"kind": "install", "seat": 1, "card": "GRE09a", "place": "TEC.s3"}]
    assert recap(turn, 0) == ["Bob took 1 upgrade tile and upgraded Greys unit 2.",
                              "Bob installed Teleporter on Tech Dock slot 3 and took the bonus card Upgrade."]
    assert recap(turn, 0, "de") == [
        "Bob nahm 1 Upgrade-Plättchen und wertete Greys Einheit 2 auf.",
        "Bob installierte Teleportation auf Technologiedock Feld 3 und nahm die Bonuskarte Upgrade.",
    ]


def test_a_turn_of_bookkeeping_alone_says_the_one_thing_that_happened():
    assert recap([{"kind": "combat", "seat": 2, "sector": None}, {"kind": "turn", "seat": 0, "round": 4}], 1,
                 players=3) == ["Carol ended the turn."]
    assert recap([{"kind": "combat", "seat": 2, "sector": None}], 1, "de", players=3) == ["Carol beendete den Zug."]
    header = [{"kind": "turn", "seat": 1, "round": 2}]
    assert recap(header, 1) == ["Then it was your turn."]
    assert recap(header, 0) == ["Then it was Bob's turn."]
    assert recap(header, 1, "de") == ["Danach warst du am Zug."]


def test_a_move_begun_for_the_next_player_is_on_its_way():
    # his only unit set off at the end of the turn before; where it stops is his own next question
    turn = [{"kind": "refill", "seat": 1, "card": "SCI04a", "place": "CTL.p1", "top": "SCI10a"},
            {"kind": "turn", "seat": 2, "round": 7},
            {"kind": "move", "unit": "A1", "start": "LAB", "points": 1}]
    assert recap(turn, 2, players=4)[-1] == "Your Aliens unit 1 is on its way from Research Lab."
    assert recap(turn, 0, "de", players=4)[-1] == "Aliens Einheit 1 ist von Forschungslabor aus unterwegs."


def moves_to_rooms(events):
    """(start sector, room) of each move in the events that ends in a room."""
    for i, e in enumerate(events):
        if e["kind"] != "move":
            continue
        for f in events[i + 1:]:
            if f["kind"] == "enter" and f["unit"] == e["unit"]:
                yield e["start"], f["room"]
                break
            if f["kind"] in ("move", "turn", "extra_turn"):
                break


@pytest.mark.parametrize("players, options", [(2, {}), (3, {}), (4, {"teams": True})])
def test_each_move_of_a_bot_game_is_one_line_from_its_start_to_its_room(players, options):
    names = NAMES[:players]
    for seat, events in turns(RULES, players, 7, options):
        viewer = (seat + 1) % players
        for lang in ("en", "de"):
            lines = PRESENTATION.recap(events, viewer, lang, names)
            assert lines == PRESENTATION.recap(events, viewer, lang, names)
            assert all(len(line) <= RECAP_LINE for line in lines)
            for start, room in moves_to_rooms(events):
                start, room = sector_name(start, lang), room_name(room, lang)
                assert any(start in line and room in line for line in lines), (events, lines)
            assert not any(line.startswith(("Round ", "Runde ")) for line in lines)
            assert not any(" passes " in line or " durchquert " in line for line in lines)
