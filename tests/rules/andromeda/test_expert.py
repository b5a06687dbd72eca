"""The expert bot (games/rules/andromeda/expert.py): it decides only on what its seat may see, the
same way every time from its seed, always legally, and it takes a win when one is offered.

Small budgets keep these tests quick; docs/bots.md gives its strength at the real budget.
"""
import copy

from games.rules.andromeda import RULES
from games.rules.andromeda.expert import ExpertBot
from games.rules.base import SeatedBot

from .play import steps
from .positions import do, position
from .test_section_10_hidden import twin


def small(seed: int) -> SeatedBot:
    return SeatedBot(RULES, ExpertBot(seed, worlds=2, width=4, turns=1))


def choices(players: int, seed: int, every: int = 4):
    """States of a bot game where the deciding player has a real choice."""
    for n, (before, _, _, _) in enumerate(steps(players, seed, "mixed")):
        if n % every == 0 and len(RULES.legal_actions(before)) > 1:
            yield before


def test_it_is_offered_by_the_rules_module():
    assert isinstance(RULES.bot("expert", 3).player, ExpertBot)


def test_it_is_handed_the_deciding_seats_view_and_nothing_else():
    """Section 10: the view of the seat that decides is its only way in, read and never changed."""
    assert not hasattr(ExpertBot(1), "choose")
    for s in list(choices(3, 5, every=15))[:4]:
        view = RULES.view(s, RULES.current_seat(s))
        seen = copy.deepcopy(view)
        assert small(9).decide(view) == small(9).choose(s) and view == seen


def test_hidden_information_does_not_change_its_decision():
    for players, seed in ((2, 3), (3, 4)):
        for s in list(choices(players, seed, every=9))[:5]:
            seat = RULES.current_seat(s)
            assert small(11).choose(s) == small(11).choose(twin(s, seat))


def test_the_same_seed_decides_the_same():
    for s in list(choices(2, 8, every=11))[:5]:
        assert small(4).choose(s) == small(4).choose(s)


def test_it_only_ever_makes_legal_decisions():
    state = RULES.new_game(2, 21)
    bots = [small(1), RULES.bot("greedy", 2)]
    for _ in range(120):
        if RULES.outcome(state) is not None:
            break
        decision = bots[RULES.current_seat(state)].choose(state)
        assert decision in RULES.legal_actions(state)
        state, _ = RULES.apply(state, decision)


def test_it_saves_its_last_ship_when_that_wins_the_game():
    s = position(2, board={"A11": "red", "B6": "yellow"}, platform={"red": 0}, saved={"red": 9},
                 lost={"red": "placed"}, vp={"red": 7, "yellow": 2}, hands={"red": ["W1"], "yellow": ["A2"]},
                 missions={"red": [], "yellow": [9]})
    assert len(RULES.legal_actions(s)) > 1
    decision = small(5).choose(s)
    assert decision == {"type": "move", "from": "A11", "to": "W"}
    after, _ = do(s, **decision)
    assert RULES.outcome(after)["winners"] == ["red"]
