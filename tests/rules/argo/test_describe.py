"""The station in words (`PRESENTATION.describe`): what a player who cannot see the board reads on the game
page, from positions written out by hand. The contract over whole bot games is
tests/rules/test_describe.py."""

from __future__ import annotations

from games.rules.argo import PRESENTATION, RULES

from .positions import play, position

NAMES = ["Alice", "Bob"]  # red, yellow
ALICE, BOB = 0, 1


def station(**kwargs):
    """Alice's Chief in the cross corridor north of the Waking Room, her Pilot seated in pod P1 south
    of the Lab, Bob's Grunt in the Lab he has activated, Alien 1 in the corridor C06, Bob's Chief on
    the alien track. The Waking Room's east door faces the Lab's west wall."""
    return position(
        {
            "0|0": "WR",
            "0|-1": "C08",
            "1|-1": ("C06", 2),
            "1|0": ("LAB", 0, ["yellow"]),
            "1|1": ("P1", 0, ["red-pilot", None]),
        },
        {
            "red-chief": "0|-1",
            "red-explorer": "0|0",
            "red-grunt": "0|0",
            "red-robot": "0|0",
            "yellow-grunt": "1|0",
            "yellow-chief": "dead",
            "yellow-explorer": "0|0",
            "yellow-pilot": "0|0",
            "yellow-robot": "escaped",
        },
        {"alien-1": "1|-1"},
        track=["yellow-chief"],
        scores={"red": 3, "yellow": 2},
        **{"display": ("C03", "JUMP"), "stack": ("C04", "C05"), "pod_stack": ("P2",), **kwargs},
    )


def words(state, seat, lang="en", names=NAMES):
    return PRESENTATION.describe(RULES.view(state, seat), lang, names)


def place(text, cell):
    return next(p for p in text["places"] if p["place"] == cell)


def test_the_readers_crew_is_said_where_it_stands_with_the_coordinates_in_words():
    mine = words(station(), ALICE)["mine"]
    assert mine[:5] == [
        "Your Chief is at column 0, row -1, in the corridor C08",
        "Your Explorer is at column 0, row 0, in the Waking Room WR",
        "Your Pilot sits in the escape pod P1 at column 1, row 1, on its 1-point seat",
        "Your Grunt is at column 0, row 0, in the Waking Room WR",
        "Your Robot is at column 0, row 0, in the Waking Room WR",
    ]
    bob = words(station(), BOB)["mine"]
    assert bob[0] == "Your Chief was killed and lies on the alien track"
    assert "Your Robot escaped in a pod" in bob


def test_the_modules_on_offer_say_their_doors_room_and_alien_symbol_and_the_stack_only_its_count():
    mine = words(station(), ALICE)["mine"]
    assert mine[5:] == [
        "On offer to place: corridor C03, doors on two opposite sides, room for 1",
        "On offer to place: Jump Room JUMP, doors on all four sides, room for 2, brings an alien",
        "Top pod to place: escape pod P2, seats of 2 and 3 points",
        "Face-down modules left: 2",
    ]
    assert not any("C04" in line or "C05" in line for line in mine)


def test_each_tile_says_its_doors_by_direction_and_what_lies_behind_each():
    text = words(station(), ALICE)
    wr = place(text, "0|0")
    assert wr["name"] == "Waking Room WR at column 0, row 0"
    assert wr["lines"][0] == (
        "Doors: north to the corridor C08; east onto a wall of the Lab LAB; "
        "south to an empty cell; west to an empty cell"
    )
    assert place(text, "1|1")["lines"][0] == "Door: north to the Lab LAB"


def test_a_tile_says_its_room_whose_crew_stands_there_and_the_alien():
    text = words(station(), ALICE)
    assert place(text, "0|0")["lines"][1:] == [
        "Room for any number of astronauts, 5 here",
        "Your crew: Explorer, Grunt, Robot",
        "Crew of Bob (yellow): Explorer, Pilot",
    ]
    assert place(text, "1|-1")["lines"][1:] == ["Room for 1 astronaut, no one here", "Alien 1 is here"]
    assert place(text, "1|1")["lines"][1] == "Seats: 1 point, your Pilot; 2 points, free"


def test_a_module_says_who_activated_it_and_what_is_left_of_it():
    """Section 8: a module takes two activations, from two different players."""
    assert (
        place(words(station(), ALICE), "1|0")["lines"][-1]
        == "Activated once, by Bob: one activation left, for another player"
    )
    assert (
        place(words(station(), BOB), "1|0")["lines"][-1]
        == "Activated once, by you: one activation left, for another player"
    )


def test_the_empty_cells_beside_the_station_are_places_saying_the_doors_and_walls_that_face_them():
    text = words(station(), ALICE)
    empty = place(text, "0|1")
    assert empty["name"] == "Empty cell at column 0, row 1"
    assert empty["lines"] == [
        "Beside it: the Waking Room WR to the north, its door facing this cell; "
        "the escape pod P1 to the east, a wall facing this cell"
    ]
    cells = [p["place"] for p in text["places"]]
    assert cells[:4] == ["0|-2", "1|-2", "-1|-1", "0|-1"], "row by row from the north, west to east"
    assert "5|5" not in cells


def test_the_scores_name_each_player_with_their_colour_and_the_aliens_after_them():
    """R12: the alien score is the first uncovered slot (two players, medium: two covered, one dead: 11)."""
    assert words(station(), ALICE)["scores"] == [
        "Alice (red, you): 3 points, 0 activations; astronauts: 4 on the station, 1 in a pod; to play",
        "Bob (yellow): 2 points, 1 activation; astronauts: 3 on the station, 1 killed, 1 escaped",
        "The aliens: alien score 11; 3 of 9 track slots taken, they win when all are; aliens on the station: 1",
        "Killed astronauts on the alien track: the yellow Chief",
    ]


def test_a_spectator_has_no_crew_and_without_names_the_players_are_their_colours():
    text = words(station(), None, names=None)
    assert text["mine"] == []
    assert text["scores"][0].startswith("Red: 3 points")
    assert "Yellow crew: Explorer, Pilot" in place(text, "0|0")["lines"]


def test_the_order_of_the_face_down_modules_changes_no_word():
    assert words(station(), ALICE) == words(station(stack=("C05", "C04")), ALICE)


def test_an_astronaut_on_its_way_through_a_teleporter_is_said_there():
    state = position({"0|0": "WR", "0|-1": "T1", "0|1": "T2"}, rest="0|0")
    state, _ = play(state, {"type": "step", "figure": "red-explorer", "to": "0|-1"})
    assert state["ask"]["q"] == "teleport"
    text = words(state, ALICE)
    assert "Your Explorer is at column 0, row -1, in the teleporter T1, about to be teleported" in text["mine"]
    assert place(text, "0|-1")["lines"][1:] == [
        "Room for 1 astronaut, no one here",
        "Your crew: Explorer, about to be teleported",
    ]


def test_german_says_du_and_columns_and_rows():
    text = words(station(), ALICE, "de")
    assert text["mine"][0] == "Dein Kommandant ist in Spalte 0, Reihe -1, im Korridor C08"
    assert text["mine"][2] == "Deine Pilotin sitzt in der Rettungskapsel P1 in Spalte 1, Reihe 1, auf dem 1-Punkt-Platz"
    assert place(text, "0|0")["lines"][0] == (
        "Türen: nach Norden zum Korridor C08; nach Osten auf eine Wand (Labor LAB); "
        "nach Süden zu einem leeren Feld; nach Westen zu einem leeren Feld"
    )
    assert place(text, "0|0")["name"] == "Aufwachraum WR in Spalte 0, Reihe 0"
    assert text["scores"][0].startswith("Alice (rot, du): 3 Punkte")
    assert (
        place(words(station(), BOB, "de"), "1|0")["lines"][-1]
        == "Einmal aktiviert, von dir: eine Aktivierung übrig, für einen anderen Spieler"
    )


def test_the_end_says_the_ranks_and_the_aliens_win():
    """Section 11: the aliens rank as one more player, and above the best player's score they win."""
    state, _ = play(station(phase="end", actions=0, final=[]), {"type": "end_turn"})
    assert state["over"] == {"reason": "last_turns"}
    scores = words(state, ALICE)["scores"]
    assert scores[0].endswith("1 in a pod; rank 2") and scores[1].endswith("rank 3")
    assert scores[2].endswith("the aliens win; rank 1")
    assert "to play" not in " ".join(scores)
