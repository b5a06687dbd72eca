"""The recap of a turn (`PRESENTATION.recap`): what a player who was away reads of another player's turn.

Turns played by the rules from hand-written positions, and turns of real bot games written out as
their events. Alice, Bob, Carol and Dave sit in the board's order of colours: red, yellow, green, blue.
"""
from games.rules.andromeda import PRESENTATION, RULES
from games.rules.base import RECAP_LINE

from .positions import position

NAMES = ["Alice", "Bob", "Carol"]
ALICE, BOB, CAROL = 0, 1, 2


def played(s, *decisions) -> list[dict]:
    events = []
    for decision in decisions:
        s, caused = RULES.apply(s, decision)
        events += caused
    return events


def recap(events, viewer, lang="en"):
    return PRESENTATION.recap(events, viewer, lang, NAMES)


def boost_and_move() -> list[dict]:
    """Bob boosts his ship B4 → B7 with A6, moves it on to B9 and ends the turn."""
    s = position(3, seat=BOB, board={"B4": "yellow", "A9": "red", "C3": "green"}, hands={"yellow": ["A6"]})
    return played(s, {"type": "play", "card": "A6", "ship": "B4", "to": "B7"},
                  {"type": "move", "from": "B7", "to": "B9"}, {"type": "end_turn"})


def test_a_ships_steps_in_one_turn_are_one_flight_from_its_start_to_its_end():
    events = boost_and_move()
    assert [e["e"] for e in events] == ["card", "ship", "ship", "end_turn", "turn"]
    assert recap(events, CAROL) == ["Bob played A6 «Boost» (-1 VP).", "Bob moved a ship from B4 to B9."]
    assert recap(events, CAROL, "de") == ["Bob hat A6 «Schub» gespielt (-1 SP).",
                                          "Bob hat ein Schiff von B4 nach B9 gezogen."]


def test_the_turns_header_and_its_end_are_left_out():
    events = boost_and_move()
    log = [PRESENTATION.render(e, "en", NAMES) for e in events]
    assert "Bob ends the turn." in log and "Turn 6: Carol." in log
    for lang in ("en", "de"):
        lines = recap(events, ALICE, lang)
        assert not any("Turn" in line or "Zug" in line or "ends" in line for line in lines), lines
        assert len(lines) < len(log)


def test_a_ship_pushed_in_is_yours_for_its_owner_and_named_for_the_others():
    s = position(3, seat=CAROL, board={"B11": "red", "A9": "red", "C3": "green"}, hands={"green": ["W7"]})
    events = played(s, {"type": "play", "card": "W7", "ship": "B11", "to": "W"})
    assert recap(events, ALICE) == ["Carol played W7 «Tow» (+0 VP).",
                                    "Carol moved your ship from B11 into the wormhole: saved."]
    assert recap(events, ALICE, "de") == ["Carol hat W7 «Abschleppen» gespielt (+0 SP).",
                                          "Carol hat dein Schiff von B11 ins Wurmloch gezogen: gerettet."]
    assert recap(events, BOB)[1] == "Carol moved Alice's ship from B11 into the wormhole: saved."
    assert recap(events, BOB, "de")[1] == "Carol hat das Schiff von Alice von B11 ins Wurmloch gezogen: gerettet."
    assert recap(events, CAROL)[1] == "You moved Alice's ship from B11 into the wormhole: saved."
    assert recap(events, None)[1] == "Carol moved Alice's ship from B11 into the wormhole: saved."


# The end of a real bot game (3 players): Bob's W7 saves Alice's last ship, and the game is over.
LAST_TURN = [
    {"e": "card", "colour": "yellow", "card": "W7", "vp": 0, "ship": "B11", "to": "W"},
    {"e": "saved", "colour": "red", "from": "B11"},
    {"e": "all_saved", "colour": "red", "place": 1},
    {"e": "last_place", "colour": "yellow", "place": 2},
    {"e": "mission", "colour": "red", "mission": 9, "vp": 5},
    {"e": "game_over", "winners": ["red"]},
]


def test_the_readers_own_place_points_and_win_say_you():
    assert recap(LAST_TURN, ALICE) == [
        "Bob played W7 «Tow» (+0 VP).", "Bob moved your ship from B11 into the wormhole: saved.",
        "You saved every ship: 1st place on the Last Ship track.",
        "Bob stayed last on the board: 2nd place on the Last Ship track.",
        "You revealed mission 9 «Swap ready»: +5 VP.", "The game is over. You won."]
    assert recap(LAST_TURN, ALICE, "de")[2:] == [
        "Du hast alle Schiffe gerettet: 1. Platz der Last-Ship-Leiste.",
        "Bob ist als Letzter auf dem Spielplan geblieben: 2. Platz der Last-Ship-Leiste.",
        "Du hast Mission 9 «Tausch bereit» aufgedeckt: +5 SP.", "Das Spiel ist zu Ende. Du hast gewonnen."]
    assert recap(LAST_TURN, CAROL)[2:] == [
        "Alice saved every ship: 1st place on the Last Ship track.",
        "Bob stayed last on the board: 2nd place on the Last Ship track.",
        "Alice revealed mission 9 «Swap ready»: +5 VP.", "The game is over. Winner: Alice."]


def test_a_warp_into_the_wormhole_is_one_line_and_the_bookkeeping_after_it_is_gone():
    events = [  # a real bot game's turn
        {"e": "warp", "colour": "red", "from": "A10", "to": "W"}, {"e": "saved", "colour": "red", "from": "A10"},
        {"e": "take", "colour": "red", "card": "A8"}, {"e": "reshuffle", "deck": "warning"},
        {"e": "refill", "warning": "W3", "alert": "A10"}, {"e": "end_turn", "colour": "red"},
        {"e": "turn", "colour": "yellow", "number": 103}]
    assert recap(events, BOB) == ["Alice warped a ship from A10 into the wormhole: saved.",
                                  "Alice took the open card A8 «Confusion»."]
    assert recap(events, BOB, "de") == ["Alice ist per Warp von A10 ins Wurmloch gesprungen: gerettet.",
                                        "Alice hat die offene Karte A8 «Verwirrung» genommen."]


def test_ships_brought_into_play_and_the_lost_ship_found_and_placed_are_told_together():
    events = [
        {"e": "card", "colour": "red", "card": "A5", "vp": -1, "to": "A1"},
        {"e": "enter", "colour": "red", "to": "A1", "how": "card"},
        {"e": "enter", "colour": "red", "to": "C2", "how": "enter"}, {"e": "lost_found", "colour": "red"},
        {"e": "lost_placed", "colour": "red", "to": "C3"}, {"e": "end_turn", "colour": "red"},
        {"e": "turn", "colour": "yellow", "number": 4}]
    assert recap(events, BOB) == ["Alice played A5 «Launch» (-1 VP).", "Alice brought ships into play on A1 and C2.",
                                  "Alice found the Lost Ship and placed it on C3."]
    assert recap(events, BOB, "de") == ["Alice hat A5 «Start» gespielt (-1 SP).",
                                        "Alice hat Schiffe auf A1 und C2 ins Spiel gebracht.",
                                        "Alice hat das Lost Ship gefunden und auf C3 gesetzt."]


def test_a_kept_mission_stays_secret():
    s = position(3, seat=BOB, board={"B4": "yellow"}, hands={"yellow": ["A2"]})
    s, drawn = RULES.apply(s, {"type": "play", "card": "A2"})
    s, kept = RULES.apply(s, RULES.legal_actions(s)[0])
    events = drawn + kept
    assert kept[0] == {"e": "mission_kept", "colour": "yellow"}  # the log says no more than this
    lines = recap(events, ALICE) + recap(events, ALICE, "de")
    assert lines == ["Bob played A2 «New orders» (-2 VP).", "Bob drew 3 missions and kept one.",
                     "Bob hat A2 «Neue Befehle» gespielt (-2 SP).", "Bob hat 3 Missionen gezogen und eine behalten."]
    assert recap([{"e": "mission_kept", "colour": "yellow"}], ALICE) == ["Bob kept one of the drawn missions."]


def test_a_trade_names_both_ships_and_yours_as_yours():
    events = [{"e": "card", "colour": "red", "card": "A3", "vp": -1, "ship": "C9", "with": "C11"},
              {"e": "trade", "colour": "red", "ship": "C9", "other": "yellow", "with": "C11"}]
    assert recap(events, BOB)[1] == "Alice's ship on C9 and your ship on C11 traded places."
    assert recap(events, BOB, "de")[1] == "Das Schiff von Alice auf C9 und dein Schiff auf C11 haben die Plätze getauscht."
    assert recap(events, ALICE)[1] == "Your ship on C9 and Bob's ship on C11 traded places."


def test_a_turn_of_bookkeeping_only_still_says_what_its_player_did():
    events = [{"e": "end_turn", "colour": "green"}, {"e": "turn", "colour": "red", "number": 9}]
    assert recap(events, ALICE) == ["Carol ended the turn."]
    assert recap(events, ALICE, "de") == ["Carol hat den Zug beendet."]
    assert recap([], ALICE) == []


def test_without_names_the_players_are_their_colours():
    assert PRESENTATION.recap(boost_and_move(), None, "de") == ["Gelb hat A6 «Schub» gespielt (-1 SP).",
                                                          "Gelb hat ein Schiff von B4 nach B9 gezogen."]


def test_a_whole_bot_game_is_recapped_in_short_lines_of_its_own_words():
    state = RULES.new_game(4, 7)
    bots = [RULES.bot("greedy", seat) for seat in range(4)]
    names = [*NAMES, "Dave"]
    seat, events, turns = None, [], 0
    while (deciding := RULES.current_seat(state)) is not None:
        if deciding != seat and seat is not None:
            turns += 1
            for lang in ("en", "de"):
                lines = PRESENTATION.recap(events, deciding, lang, names)
                log = [PRESENTATION.render(e, lang, names) for e in events]
                assert 0 < len(lines) <= len(log) and all(0 < len(x) <= RECAP_LINE for x in lines), (log, lines)
                assert not [x for x in lines if x in log and ("Turn " in x or "Zug " in x)], lines
            events = []
        seat = deciding
        state, caused = RULES.apply(state, bots[deciding].choose(state))
        events += caused
    assert turns > 20


def test_a_ship_moved_away_and_back_says_so():
    events = [{"e": "card", "colour": "red", "card": "W8", "vp": 0, "ship": "A9", "to": "A7"},
              {"e": "ship", "colour": "red", "from": "A9", "to": "A7", "how": "back"},
              {"e": "ship", "colour": "red", "from": "A7", "to": "A9", "how": "move"}]
    assert recap(events, BOB) == ["Alice played W8 «Reverse thrust» (+0 VP).",
                                  "Alice moved a ship away from A9 and back again."]
    assert recap(events, BOB, "de")[1] == "Alice hat ein Schiff von A9 weg und wieder zurück gezogen."
