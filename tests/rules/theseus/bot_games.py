"""Seeded random-bot games for the sanity and view tests (RULES.md 19): each game yields its states with the
decision taken there and the events it brought. THESEUS_GAMES=<n> plays n games per setting instead of the
default few (e.g. THESEUS_GAMES=500 for a long run)."""
from __future__ import annotations

import os

from games.rules.theseus import RULES

from ..random_player import RandomPlayer

SETTINGS = {
    "duel": (2, {}),
    "duel_no_bonus": (2, {"no_bonus": True}),
    "duel_random_ring": (2, {"random_ring": True}),
    "three": (3, {}),
    "three_random_ring": (3, {"random_ring": True}),
    "four": (4, {}),
    "teams": (4, {"teams": True}),
}
GAMES = int(os.environ.get("THESEUS_GAMES", "20"))


def bot_game(players: int, seed: int, options: dict):
    """(state, decision, events) for each decision, then (final state, None, [])."""
    s = RULES.new_game(players, seed, options)
    bot = RandomPlayer(RULES, seed)  # the random bot's picks, without a view and a guess at every step
    while s["over"] is None:
        d = bot.choose(s)
        after, events = RULES.apply(s, d)
        yield s, d, events
        s = after
    yield s, None, []
