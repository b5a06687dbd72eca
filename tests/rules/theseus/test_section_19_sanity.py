"""RULES.md section 19: seeded random-bot games over 2, 3 and 4 players, teams, no_bonus and random_ring.
Every non-final state passes RULES.check and offers a decision of the active seat (TH2); every game ends
within the backstop's bound; replaying the decisions gives the same state; the invariants of 19.4 hold; and
the cards that acted are counted (coverage, 19.6). The default run plays bot_games.GAMES games per setting;
THESEUS_GAMES=<n> plays more."""
from __future__ import annotations

from collections import Counter

import pytest

from games.rules.theseus import RULES
from games.rules.theseus.components import DATA, TILE_KINDS
from games.rules.theseus.station import tile_supply, upgrade_supply

from .bot_games import GAMES, SETTINGS, bot_game

COVERAGE: Counter = Counter()
MOVE_EVENTS = ("move", "relocate")


def invariants(s, previous_end: int) -> None:
    """19.4 on one state (check_pieces covers rooms, every card in one place and 15 per player)."""
    units = 2 if s["mode"] == "teams" else 3
    for seat in range(s["players"]):
        assert sum(1 for u in s["units"].values() if u["seat"] == seat) == units
    assert upgrade_supply(s) >= 0 and sum(s["tiles"]) >= 0
    assert all(tile_supply(s, kind) >= 0 for kind in TILE_KINDS)
    if s["mode"] != "deathmatch":
        assert all(0 <= lp <= 20 for lp in s["lp"])
    if s["disc"] is not None:
        holder = s["slots"][s["disc"]]["card"] if s["disc"] in s["slots"] else s["pending"][s["disc"]]
        assert holder is not None and DATA.card(holder).faction is not None
    assert s["end"] >= previous_end
    assert len(s["turn"]["moved"]) == len(set(s["turn"]["moved"]))
    per_player = 10 if s["mode"] == "teams" else 15
    for seat in range(s["players"]):
        assert len(DATA.decks[s["colours"][seat]]) - len(s["aside"][seat]) == per_player


def play_out(players: int, seed: int, options: dict):
    decisions, end, moved_this_turn, final = [], 0, [], None
    for s, d, events in bot_game(players, seed, options):
        if d is None:
            final = s
            break
        RULES.check(s)
        assert s["ask"]["seat"] == s["turn"]["seat"], "a decision of another seat than the active one (TH2)"
        assert d in RULES.legal_actions(s)
        invariants(s, end)
        end = s["end"]
        decisions.append(d)
        for e in events:
            if e["kind"] == "turn":
                moved_this_turn = []
            elif e["kind"] in MOVE_EVENTS or (e["kind"] == "enter" and e.get("how") == "place"):
                assert e["unit"] not in moved_this_turn, f"{e['unit']} moved twice in a turn (TH12)"
                moved_this_turn.append(e["unit"])
            COVERAGE[e["kind"]] += 1
            if e.get("card") and e["kind"] in ("action", "play", "card_damage", "dp", "lp", "counter", "remote",
                                               "tile_on_unit", "deactivation", "spawn", "move_card"):
                COVERAGE["card:" + DATA.card(e["card"]).id] += 1
            if e["kind"] in ("dp", "lp") and isinstance(e.get("cause"), str) and e["cause"][:3].isalpha() \
                    and e["cause"][:3].isupper() and e["cause"] in DATA.instances:
                COVERAGE["card:" + DATA.card(e["cause"]).id] += 1
        assert len(decisions) < 20000
    assert final["over"] is not None
    assert final["round"] <= DATA.setup["backstop_round"] + 4
    return final, decisions


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_random_bot_games_end_and_stay_valid(setting):
    players, options = SETTINGS[setting]
    for seed in range(GAMES):
        final, decisions = play_out(players, 1000 + seed, options)
        COVERAGE["why:" + final["over"]["why"]] += 1
        if seed < 3:
            again = RULES.replay(players, 1000 + seed, options, decisions)
            assert again == final


def test_coverage_counts_of_cards_acting():
    """Most card kinds act in a default run: the games above counted them; run alone, it plays them."""
    if not COVERAGE:
        for players, options in SETTINGS.values():
            for seed in range(GAMES):
                play_out(players, 1000 + seed, options)
    acted = {k[5:] for k in COVERAGE if k.startswith("card:")}
    kinds = set(DATA.kinds)
    print("\ncards never seen acting:", sorted(kinds - acted))
    print("ends:", {k: v for k, v in COVERAGE.items() if k.startswith("why:")})
    assert len(acted) >= len(kinds) // 2
    for kind in ("eject", "combat", "install", "disc", "extra_turn", "end_tile"):
        assert COVERAGE[kind] > 0, kind
