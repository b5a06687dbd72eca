"""RULES.md section 5: setup (TH29, TH30, TH55; teams TH3, TH31)."""
from __future__ import annotations

from games.rules.theseus import PRESENTATION, RULES
from games.rules.theseus.components import DATA

from .positions import SEAT_0_STARTS, started

DUEL = {"faction1": "marines", "faction2": "greys"}


def test_start_lp_dp_end_tile_and_disc():
    s = RULES.new_game(2, SEAT_0_STARTS, DUEL)
    assert s["lp"] == [20, 20] and s["dp"] == [0, 0] and s["end"] == 0 and s["disc"] is None
    assert s["tiles"] == [0, 0]
    s = RULES.new_game(3, SEAT_0_STARTS)
    assert s["lp"] == [0, 0, 0]


def test_bonus_cards_from_the_control_room_clockwise_leftovers_leave():
    s = RULES.new_game(2, SEAT_0_STARTS, DUEL)
    assert len(s["spent"]) == 2 and s["bonus_supply"] == []
    s = RULES.new_game(2, SEAT_0_STARTS, {**DUEL, "no_bonus": True})
    assert not any(slot["bonus"] for slot in s["slots"].values()) and len(s["spent"]) == 9


def test_each_draws_three_installs_one_off_bonus_slots_and_pends_two_in_draw_order_th55():
    s = RULES.new_game(2, SEAT_0_STARTS, DUEL)
    drawn = list(s["drawn"][0])
    assert s["ask"]["type"] == "setup_card" and s["ask"]["options"] == drawn
    card = drawn[1]
    s, _ = RULES.apply(s, {"type": "setup_card", "pick": card})
    if not DATA.card(card).has("special"):
        assert s["ask"]["type"] == "setup_slot"
        assert not any(s["slots"][p]["bonus"] for p in s["ask"]["options"])  # TH30
        s, _ = RULES.apply(s, {"type": "setup_slot", "pick": s["ask"]["options"][0]})
    assert [s["pending"]["DOCK.p1"], s["pending"]["DOCK.p2"]] == [drawn[0], drawn[2]]
    assert len(s["decks"][0]) == 12


def test_units_two_in_the_own_sector_then_one_anywhere():
    s = RULES.new_game(2, SEAT_0_STARTS, DUEL)
    while s["ask"]["type"] != "setup_room":
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])
    assert all(r.startswith("DOCK") for r in s["ask"]["options"])
    for _ in range(4):
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])
    assert s["ask"]["type"] == "setup_room" and len(s["ask"]["options"]) == 20 - 4


def test_team_setup_five_aside_two_drawn_one_installed_one_pending_th3_th55():
    s = started(4, SEAT_0_STARTS, {"teams": True})
    assert all(len(a) == 5 for a in s["aside"]) and all(len(d) == 8 for d in s["decks"])
    team_a = s["team_sectors"][0]
    assert sum(1 for p, c in s["pending"].items() if c and p.startswith(team_a)) == 2


def test_setup_decisions_belong_to_the_seat_whose_step_it_is_th55():
    s = RULES.new_game(2, 2, DUEL)
    while s["turn"]["phase"] == "setup":
        assert s["ask"]["seat"] == s["turn"]["seat"]
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])


def test_seat_factions_random_from_the_seed_th29():
    seen = {tuple(RULES.new_game(2, seed)["colours"]) for seed in range(12)}
    assert len(seen) > 1 and all(len(set(c)) == 2 for c in seen)


def test_the_first_player_is_drawn_from_the_seed_th29():
    for players, options in ((2, DUEL), (3, None), (4, None), (4, {"teams": True})):
        firsts = {RULES.new_game(players, seed, options)["order"][0] for seed in range(24)}
        assert firsts == set(range(players)), (players, options, firsts)
    for seed in range(12):
        order = RULES.new_game(4, seed, {"teams": True})["order"]
        assert [seat % 2 for seat in order] in ([0, 1, 0, 1], [1, 0, 1, 0])  # teams still alternate (13)
        s = RULES.new_game(2, seed, DUEL)
        first = DATA.factions[s["colours"][s["order"][0]]]["sector"]
        assert s["ring"][2] == first and s["turn"]["seat"] == s["order"][0]  # F1 is seat 1's sector (3)


def test_the_setup_card_choice_is_in_the_log_at_once():
    s = RULES.new_game(2, 1, DUEL)
    card = s["ask"]["options"][0]
    _, events = RULES.apply(s, {"type": "setup_card", "pick": card})
    lines = [PRESENTATION.render(e, "en") for e in events if e["kind"] == "setup_card"]
    assert lines and DATA.card(card).name["en"] in lines[0]
    assert DATA.card(card).name["de"] in PRESENTATION.render(events[0], "de")
