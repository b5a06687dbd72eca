"""The board in words (`PRESENTATION.describe`): what a player who cannot see the board reads of a position.

Hand-written positions (positions.py); Alice, Bob and Carol sit in the board's order of colours: red,
yellow, green. The contract over bot games is tests/rules/test_describe.py.
"""

from games.rules.andromeda import PRESENTATION, RULES
from games.rules.andromeda.ships import BOARD
from games.rules.base import DESCRIBE_LINE

from .positions import position, started

NAMES = ["Alice", "Bob", "Carol"]
ALICE, BOB, CAROL = 0, 1, 2


def words(s, seat, lang="en", names=NAMES) -> dict:
    return PRESENTATION.describe(RULES.view(s, seat), lang, names)


def place(text: dict, node: str) -> dict:
    return next(p for p in text["places"] if p["place"] == node)


def every_line(text: dict) -> list[str]:
    return [*text["mine"], *text["scores"], *(line for p in text["places"] for line in [p["name"], *p["lines"]])]


def crowded():
    """Alice holds A11 and B6 (upright since turn 3), Bob A9, Carol A8; Bob blocked A8 → B9 and holds W7."""
    return position(
        3,
        seat=ALICE,
        board={"A11": "red", "B6": "red", "A9": "yellow", "A8": "green"},
        upright={"B6": 3},
        hands={"red": ["A4"], "yellow": ["W7"]},
        blocked=[{"link": "A8>B9", "by": "yellow"}],
    )


def test_every_node_and_the_wormhole_is_a_place_named_as_the_board_names_it():
    text = words(crowded(), ALICE)
    ids = [p["place"] for p in text["places"]]
    assert sorted(ids) == sorted(BOARD.raw["nodes"])  # board.js: data-place is the node's name, W included
    assert ids[:3] == ["A1", "A2", "A3"] and ids[-2:] == ["C11", "W"], "zone by zone from the outside in"
    assert place(text, "A3")["name"] == "A3, outer ring of zone A"
    assert place(text, "B7")["name"] == "B7, zone B, 3 steps from the wormhole"
    assert place(text, "C11")["name"] == "C11, inner ring of zone C, next to the wormhole"
    assert place(text, "W")["name"] == "The wormhole, in the centre of the board"


def test_a_ship_is_said_on_its_node_the_readers_own_as_yours():
    s = crowded()
    text = words(s, BOB)
    assert place(text, "A9")["lines"][0] == "Your ship."
    assert place(text, "A11")["lines"][0] == "Ship of Alice."
    assert place(text, "A1")["lines"][0] == "Free."
    assert "Your ship at A9, zone A, 2 steps from the wormhole." in text["mine"]
    assert place(words(s, BOB, names=None), "A11")["lines"][0] == "Ship of Red.", "without names: the colour"


def test_an_upright_ship_is_said_upright_for_a_warp():
    """An upright ship warps one or two links inward in a later turn (AE7)."""
    text = words(crowded(), ALICE)
    assert place(text, "B6")["lines"][0] == "Your ship, upright for a warp."
    assert "Your ship at B6, zone B, 3 steps from the wormhole, upright for a warp." in text["mine"]


def test_the_links_of_a_node_inward_outward_and_dotted_into_the_next_zone():
    text = words(crowded(), CAROL)
    assert place(text, "A7")["lines"][1:] == ["Links inward to A9 and A10.", "Reached from A2, A3 and A4."]
    assert place(text, "A5")["lines"][1:] == [
        "Link inward to A8.",
        "Dotted link inward to B6 in zone B.",
        "Ships enter here from the platforms.",
    ]
    assert "Dotted link in from C8 in zone C." in place(text, "A9")["lines"]
    assert "Links inward into the wormhole." in place(text, "A11")["lines"]
    assert place(text, "W")["lines"][0].startswith("Reached from A11, B11 and C11")


def test_a_blocked_dotted_link_says_until_whose_turn():
    """Card A9 blocks a dotted link until the next turn of the player who played it."""
    s = crowded()
    assert "Dotted link inward to B9 in zone B, blocked until Bob's next turn." in place(words(s, ALICE), "A8")["lines"]
    assert "Dotted link in from A8 in zone A, blocked until your next turn." in place(words(s, BOB), "B9")["lines"]


def test_the_readers_hand_and_missions_are_said_and_nobody_elses():
    s = crowded()
    alice = words(s, ALICE)
    assert any(line.startswith("In your hand: A4 Leap ahead (ALERT; -1 VP when played") for line in alice["mine"])
    for mission in s["missions"]["red"]:
        assert any(line.startswith(f"Your mission {mission} ") for line in alice["mine"])
    assert not any("W7" in line or "Tow" in line for line in every_line(alice)), "Bob's card stays hidden"
    for mission in s["missions"]["yellow"]:
        assert not any(f"mission {mission} " in line for line in every_line(alice)), "Bob's missions too"
    assert "Bob (Yellow): 3 VP" in alice["scores"][BOB] and "1 card in hand, 2 missions kept" in alice["scores"][BOB]
    assert alice["scores"][ALICE].startswith("Alice (Red, you): ")


def test_a_spectator_reads_no_hand_and_every_players_standing():
    text = words(crowded(), None)
    assert text["mine"] == []
    assert [line.split(":")[0] for line in text["scores"]] == ["Alice (Red)", "Bob (Yellow)", "Carol (Green)"]


def test_the_wormhole_lists_the_open_cards_the_decks_and_the_last_ship_track():
    """A saved ship takes one of the open cards (AE3); the Last Ship track pays 9, 4 and 2 VP."""
    s = position(
        3,
        seat=ALICE,
        open={"warning": "W4", "alert": None},
        saved={"green": 8},
        lost={"green": "placed"},
        last_ship=["green"],
        check=False,
    )
    lines = place(words(s, ALICE), "W")["lines"]
    assert "Ships saved: Alice 0, Bob 0, Carol 8." in lines
    assert any(line.startswith("Open card, taken for a saved ship: W4 Drift (WARNING") for line in lines)
    assert "Last Ship track: 1st place, 9 VP: Carol; 2nd place, 4 VP: free; 3rd place, 2 VP: free." in lines
    assert "1st place on the Last Ship track" in words(s, ALICE)["scores"][CAROL]


def test_the_lost_ship_is_said_as_its_owner_stands_with_it():
    """Found once its owner has ships in all three zones, placed on a free outer-ring node (AE4)."""
    s = position(3, seat=ALICE, lost={"red": "due"}, check=False)
    assert "Your Lost Ship: found, to be placed on a free node of the outer ring." in words(s, ALICE)["mine"]
    assert "Lost Ship found, to be placed" in words(s, BOB)["scores"][ALICE]


def test_the_setup_says_the_three_missions_dealt_and_that_one_goes_back():
    s = RULES.new_game(3, 5)
    seat = RULES.current_seat(s)
    mine = words(s, seat)["mine"]
    assert sum(line.startswith("Dealt to you: mission ") for line in mine) == 3
    assert "Give back one of the three missions dealt to you; you keep the other two." in mine
    assert "3 missions dealt" in words(s, seat)["scores"][seat]


def test_the_end_says_each_players_points_rank_and_their_parts():
    """Equal points: more ships saved ranks first (AE5)."""
    s = started(3, 2)
    bots = [RULES.bot("random", 2 + seat) for seat in range(3)]
    while RULES.current_seat(s) is not None:
        s, _ = RULES.apply(s, bots[RULES.current_seat(s)].choose(s))
    outcome = RULES.outcome(s)
    winner = outcome["winners"][0]
    line = words(s, None)["scores"][s["colours"].index(winner)]
    assert f"{outcome['scores'][winner]} points in the end (track " in line and "rank 1, winner" in line


def test_german_words_with_du():
    s = crowded()
    text = words(s, ALICE, "de")
    assert place(text, "A11")["name"] == "A11, innerer Ring der Zone A, direkt am Wurmloch"
    assert place(text, "A9")["lines"][0] == "Schiff von Bob."
    assert place(text, "B6")["lines"][0] == "Dein Schiff, aufgestellt für einen Warp."
    assert (
        "Gepunktete Verbindung nach innen zu B9 in Zone B, gesperrt bis zum nächsten Zug von Bob."
        in place(text, "A8")["lines"]
    )
    assert text["scores"][ALICE].startswith("Alice (Rot, du): 3 SP, ")
    assert any(line.startswith("Auf deiner Hand: A4 Vorsprung (ALERT; gespielt -1 SP") for line in text["mine"])


def test_a_card_too_long_for_one_line_takes_two():
    s = position(3, seat=ALICE, hands={"red": ["W3"]})
    mine = words(s, ALICE, "de")["mine"]
    at = mine.index("Auf deiner Hand: W3 Platz machen (WARNING; gespielt +2 SP, am Ende auf der Hand -1 SP).")
    assert mine[at + 1].startswith("Ein anderer Spieler zieht")
    assert all(len(line) <= DESCRIBE_LINE for line in every_line(words(s, ALICE, "de")))
