"""The log as players read it, over whole bot games of every registered game and of each of its
modes (each player count, and play in teams where a game has it): every decision logs at least one
line, no line is empty, and none names a player by a seat's number ("seat 2", "Seat 1", "Platz 2"):
the site passes the players' names (`render(event, lang, names)`), and a decision that caused no
event is said by `render_decision`; and each game says why it ended (`ending`). Pure: no Django.
"""
from __future__ import annotations

import re

import pytest

from games import rules
from games.rules.base import option_sets

LANGUAGES = ("en", "de")
SEEDS = (41_000_003, 41_000_004)
SEAT_NUMBER = re.compile(r"\b(seat|platz|sitz)\s*#?\d", re.IGNORECASE)


def modes():
    """Each game at each player count with its default options, and in teams where it has them."""
    for name in rules.names():
        module = rules.get(name)
        for players in range(module.min_players, module.max_players + 1):
            sets = option_sets(module, players)
            teams = [o for o in sets if module.teams(players, o) is not None]
            for options, mode in [(sets[0], "")] + [(o, "-teams") for o in teams[:1]]:
                yield pytest.param(name, players, options, id=f"{name}-{players}p{mode}")


def names_for(players: int) -> list[str]:
    return [f"Player{chr(65 + seat)}" for seat in range(players)]  # "PlayerA": no digit to mistake


def lines_of(module, decision: dict, events: list, lang: str, names: list[str]) -> list[str]:
    """What the site's log shows for a decision (games.services.reads.log_lines)."""
    shown = rules.presentation(module.name)
    lines = [shown.render(e, lang, names) for e in events]
    return lines or [shown.render_decision(module.public_decision(decision), lang, names)]


@pytest.mark.parametrize("name, players, options", modes())
def test_every_log_line_says_what_happened_and_names_no_seat_by_number(name, players, options):
    module = rules.get(name)
    shown = rules.presentation(name)
    names = names_for(players)
    for seed in SEEDS:  # random bots: quick whole games that wander into every corner of the rules
        state = module.new_game(players, seed, options)
        bots = [module.bot("random", seed + seat) for seat in range(players)]
        named = set()
        while module.current_seat(state) is not None:
            decision = bots[module.current_seat(state)].choose(state)
            state, events = module.apply(state, decision)
            for lang in LANGUAGES:
                lines = lines_of(module, decision, events, lang, names)
                assert lines and all(line.strip() for line in lines), (decision, events, lang)
                for line in lines:
                    assert not SEAT_NUMBER.search(line), (line, lang)
                    named.update(n for n in names if n in line)
        assert named, "the log names the players by the names it is given"
        for lang in LANGUAGES:  # and the end is explained in the game's words (`ending`)
            why = shown.ending(module.outcome(state), lang)
            assert why.strip() and why.endswith("."), (seed, lang, why)
