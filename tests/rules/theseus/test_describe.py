"""The board in words (`describe(view, lang, names)`) for Theseus: what a player who cannot see the
station reads. Positions from positions.py (a duel, Alice the Marines in seat 0, Bob the Greys in
seat 1, unless told); each place's id must be the words board.js gives its `data-place`."""

from __future__ import annotations

from games.rules.theseus import PRESENTATION, RULES
from games.rules.theseus.components import DATA

from .positions import SEAT_0_STARTS, position, started

NAMES = ["Alice", "Bob", "Carol", "Dave"]
TEAMS = {"teams": True, "faction1": "marines", "faction2": "aliens", "faction3": "scientists", "faction4": "greys"}


def words(s, seat, lang="en", players=2):
    return PRESENTATION.describe(RULES.view(s, seat), lang, NAMES[:players])


def place(text, place_id):
    return next(p for p in text["places"] if p["place"] == place_id)


def every_line(text):
    return [*text["mine"], *text["scores"], *(line for p in text["places"] for line in [p["name"], *p["lines"]])]


def board_places(s, lang: str) -> set[str]:
    """The data-place values board.js draws for a view, built as its roomName, unitName and placeName
    build them from client_data() and its words: "<sector name> room 2", "<faction name> unit 1",
    "<sector name> slot 3"."""
    data, view = PRESENTATION.client_data(lang), RULES.view(s, 0)
    sectors, words = data["sectors"], data["words"]
    out = {sectors[sid]["name"] for sid in view["ring"]}
    out |= {words["room"].format(sector=sectors[r.rstrip("0123456789")]["name"], n=r[-1]) for r in view["rooms"]}
    for where, word in ((view["slots"], "slot"), (view["pending"], "pending")):
        out |= {words[word].format(sector=sectors[p.split(".")[0]]["name"], n=p.split(".")[1][1:]) for p in where}
    letters = {"M": "marines", "A": "aliens", "S": "scientists", "G": "greys"}
    out |= {words["unit"].format(faction=data["factions"][letters[u[0]]]["name"], n=u[1:]) for u in view["units"]}
    return out


def test_every_place_id_is_the_data_place_board_js_gives_it_in_english_and_german():
    s = position(units={"M1": "COR2", "G1": "WRECK1"}, slots={"COR.s2": "MAR01a"})
    for lang, room in (("en", "Corridors room 2"), ("de", "Korridore Raum 2")):
        ids = {p["place"] for p in words(s, 0, lang)["places"]}
        assert room in ids
        assert ids == board_places(s, lang), (lang, ids ^ board_places(s, lang))


def test_a_unit_is_said_in_its_room_with_its_owner_and_its_attack_in_its_own_place_too():
    s = position(units={"M1": ("COR2", {"up": True, "parasites": 1}), "G1": "COR3"})
    text = words(s, 1)
    assert place(text, "Corridors room 2")["lines"][0] == (
        "Marines unit 1 of Alice (Marines), upgraded, 1 parasite; attacks up to 3 enemies in range, 1 damage each"
    )
    assert place(text, "Corridors room 3")["lines"][0] == "Your Greys unit 1; does not attack"
    unit = place(text, "Marines unit 1")
    assert unit["name"] == "Marines unit 1 in Corridors room 2"
    assert unit["lines"][0] == "A unit of Alice (Marines): 20 LP"


def test_a_room_says_the_rooms_its_connections_lead_to_and_what_is_in_range_th4():
    """TH4: range is the group of rooms linked by connections inside one sector."""
    text = words(position(), 0)
    lines = place(text, "Corridors room 2")["lines"]
    assert "Connected to Corridors room 1 to the west and Corridors room 3 to the south" in lines
    assert "Also in range through the connections: Corridors room 4" in lines
    assert place(text, "Greys' Shipwreck room 3")["lines"][1].startswith("No connection to another room")
    assert place(text, "Loading Dock room 1")["lines"][1] == (
        "Connected to Loading Dock room 2 to the east and Loading Dock room 4 to the south"
    )


def test_places_go_round_the_ring_clockwise_sector_by_sector():
    s = position(units={"M1": "COR1"})
    ids = [p["place"] for p in words(s, 0)["places"]]
    ring = [DATA.sectors[sid].name["en"] for sid in s["ring"]]
    assert [i for i in ids if i in ring] == ring
    assert ids[:3] == ["Corridors", "Corridors room 1", "Marines unit 1"]
    assert place(words(s, 0), "Corridors")["lines"][1] == (
        "Clockwise the next sector is Control Room; the one before is Greys' Shipwreck"
    )


def test_mine_says_the_readers_units_hand_deck_and_supply_and_nothing_of_a_deck_below_its_top():
    s = position(units={"M1": "COR2"}, held={0: ["BON3a"]}, decks={0: ["MAR01a", "MAR05a"]})
    mine = words(s, 0)["mine"]
    assert "Your Marines unit 1 in Corridors room 2" in mine
    assert "Your Marines unit 2 in space" in mine
    assert "In your hand: Upgrade, bonus card" in mine
    assert any(
        line.startswith("Your deck: 15 cards; on top: Landmine, your card: trap, one-shot, X = 2") for line in mine
    )
    assert "In your supply: 4 deactivation tiles" in mine
    under = DATA.card("MAR05a").name["en"]
    assert not any(under in line for line in every_line(words(s, 0))), under
    assert words(s, None)["mine"] == []


def test_an_installed_card_says_its_owner_x_with_its_tiles_the_disc_and_the_bonus_card_beside():
    """8.2: X is the printed number plus the tiles on the card; a card under the disc is switched off."""
    s = position(
        slots={"COR.s2": ("MAR01a", {"tiles": 2}), "COR.s4": "GRE02a"}, bonus={"COR.s1": "BON2a"}, disc="COR.s4"
    )
    text = words(s, 1)
    slot = place(text, "Corridors slot 2")["lines"]
    assert slot[0] == f"Landmine, card of Alice (Marines): trap, one-shot, X = {DATA.card('MAR01a').number + 2}"
    assert "Upgrade tiles on it: 2" in slot and "Beside Corridors slot 1, Corridors slot 3 and Corridors slot 4" in slot
    assert "The malfunction disc lies on it: the card is switched off" in place(text, "Corridors slot 4")["lines"]
    assert "Bonus card here: Passage; installing a card here takes it" in place(text, "Corridors slot 1")["lines"]
    assert "Your Probe is installed on Corridors slot 4" in text["mine"]


def test_scores_name_each_player_with_lp_and_dp():
    s = position(lp=[17, 20], dp=[0, 6])
    scores = words(s, 0)["scores"]
    assert scores[0] == "Alice (Marines), you: 17 LP, collects no DP, 0 upgrade tiles; to play"
    assert scores[1] == "Bob (Greys): 20 LP, 6 DP, 0 upgrade tiles"
    assert words(s, None)["scores"][0].startswith("Alice (Marines): 17 LP")


def test_in_teams_the_scores_name_both_partners_of_each_team_13():
    """13 and TH33: partners are ranked by their team's sum; they share one supply of upgrade tiles."""
    s = position(4, SEAT_0_STARTS, TEAMS, units={"M1": "COR1", "S1": "COR2"}, lp=[18, 20, 20, 20], dp=[0, 0, 3, 0])
    text = words(s, 0, players=4)
    assert (
        text["scores"][0]
        == "Team of Alice (Marines) and Carol (Scientists): 41 points of LP and DP together, 0 upgrade tiles"
    )
    assert any(line.startswith("Team of Bob (Aliens) and Dave (Greys)") for line in text["scores"])
    assert "In your team: Carol (Scientists)" in text["mine"] and "Your team's sector: Loading Dock" in text["mine"]
    assert place(text, "Loading Dock")["lines"][1] == "Team sector of Alice (Marines) and Carol (Scientists)"


def test_before_the_team_sectors_are_chosen_the_seats_own_sectors_are_the_places():
    s = RULES.new_game(4, SEAT_0_STARTS, TEAMS)
    text = words(s, 0, players=4)
    heads = [p["place"] for p in text["places"] if "room" not in p["place"] and "unit" not in p["place"]]
    assert heads == ["Loading Dock", "Alien Nest", "Research Lab", "Greys' Shipwreck"]
    assert "Not in the ring yet: the team sectors are still being chosen" in place(text, "Loading Dock")["lines"]


def test_german_says_du_and_the_places_in_german():
    s = position(units={"M1": "COR2", "G1": "COR3"})
    text = words(s, 0, "de")
    assert "Deine Marines Einheit 1 in Korridore Raum 2" in text["mine"]
    lines = place(text, "Korridore Raum 2")["lines"]
    assert lines[0].startswith("Deine Marines Einheit 1; greift 1 Feind in Reichweite an")
    assert "Verbunden mit Korridore Raum 1 im Westen und Korridore Raum 3 im Süden" in lines
    assert place(text, "Korridore Raum 3")["lines"][0] == "Greys Einheit 1 von Bob (Greys); greift nicht an"
    assert text["scores"][0].startswith("Alice (Marines), du: 20 LP, sammelt keine DP")


def test_without_names_a_player_is_their_faction():
    text = PRESENTATION.describe(RULES.view(started(), 1), "en")
    assert text["scores"][0].startswith("Marines: 20 LP")
