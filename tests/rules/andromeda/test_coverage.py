"""Everything the game has happens in bot games: Skip, SWAP, WARP, the Lost Ship, every card, every mission.

RULES.md asks to report it if the board were too roomy for some of it; the counts printed here are
in games/rules/andromeda/docs/choices.md.
"""
from collections import Counter

import pytest

from games.rules.andromeda.ships import BOARD

from .play import steps


def count(games: int) -> Counter:
    seen: Counter = Counter()
    for g in range(games):
        for _, decision, _, events in steps(2 + g % 3, g, "mixed"):
            seen[f"decision {decision['type']}"] += 1
            for e in events:
                seen[e["e"]] += 1
                if e["e"] == "card":
                    seen[f"card {e['card']}"] += 1
                elif e["e"] == "mission":
                    seen[f"mission {e['mission']}"] += 1
                elif e["e"] == "skip":
                    seen[f"skip to {BOARD.skip_fields[e['field']]}"] += 1
    return seen


@pytest.mark.slow
def test_skip_swap_warp_the_lost_ship_every_card_and_every_mission_happen():
    seen = count(150)
    print(dict(sorted(seen.items())))
    for what in ("decision skip", "decision swap", "decision raise", "decision warp", "lost_found", "lost_alone",
                 "lost_placed", "lost_due", "reshuffle", "block", "unblock", "decision shift", "decision keep",
                 "skip to swap", "skip to wait", "skip to warp", "all_saved", "last_place"):
        assert seen[what] > 0, what
    for card in BOARD.cards:
        assert seen[f"card {card}"] > 0, card
    for mission in BOARD.missions:
        assert seen[f"mission {mission}"] > 0, mission
