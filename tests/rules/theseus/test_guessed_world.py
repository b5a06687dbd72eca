"""A guessed world read from one seat's view (`guessed_world(view, seat, rng)`, guess.py): RULES.md 16
hides from everyone, the owner included, each deck's order below its top, team play's set-aside cards
(TH3) and the seed; there are no hands. The guess keeps all that shows, deals the rest anew from the
unseen cards, and plays on from it: the turn is carried out again from where it began (play.py)."""

from __future__ import annotations

import json

import pytest

from games.rules.base import ImpossiblePosition
from games.rules.rng import SeededRandom
from games.rules.theseus import RULES

from .bot_games import SETTINGS, bot_game
from .positions import SEAT_0_STARTS, legal, play, position, started

TEAMS = {"teams": True, "faction1": "marines", "faction2": "aliens", "faction3": "scientists", "faction4": "greys"}


def guess(s, seat=0, seed=5):
    return RULES.guessed_world(RULES.view(s, seat), seat, SeededRandom(seed))


def unseen(s, seat):
    return sorted(s["decks"][seat][1:] + s["aside"][seat])


def test_each_deck_keeps_its_top_and_size_and_its_unseen_cards_are_dealt_anew():
    s = started()
    guesses = [guess(s, seed=seed) for seed in range(4)]
    for g in guesses:
        for seat in range(2):
            assert g["decks"][seat][0] == s["decks"][seat][0]
            assert len(g["decks"][seat]) == len(s["decks"][seat])
            assert unseen(g, seat) == unseen(s, seat)  # drawn from the same unseen cards only
    assert len({json.dumps(g["decks"]) for g in guesses}) > 1  # two generators, two deals
    assert len({g["seed"] for g in guesses}) > 1  # the seed is a guess too


def test_team_play_set_aside_cards_are_dealt_anew_and_keep_their_count_th3():
    s = started(4, SEAT_0_STARTS, TEAMS)
    guesses = [guess(s, seed=seed) for seed in range(4)]
    for g in guesses:
        RULES.check(g)
        assert [len(a) for a in g["aside"]] == [5, 5, 5, 5]
        assert all(unseen(g, seat) == unseen(s, seat) for seat in range(4))
    assert len({json.dumps(g["aside"]) for g in guesses}) > 1


def test_every_seat_and_a_spectator_get_the_same_guess_spec_16():
    s = started(3, SEAT_0_STARTS, {})
    assert all(guess(s, seat) == guess(s, 0) for seat in (1, 2, None))


def test_the_view_is_read_never_changed():
    s = started()
    view = RULES.view(s, 1)
    seen = json.dumps(view, sort_keys=True)
    RULES.guessed_world(view, 1, SeededRandom(3))
    assert json.dumps(view, sort_keys=True) == seen


def test_a_guess_plays_on_as_the_real_position_does_until_a_card_is_revealed():
    s = position(units={"M1": "TEC1", "G1": "COR1"}, pending={"WRECK.p2": "GRE02a"})
    g = guess(s)
    real, real_events = play(s, "M1", "WRECK1")
    guessed, guessed_events = play(g, "M1", "WRECK1")
    assert guessed_events == real_events and RULES.view(guessed, 0) == RULES.view(real, 0)
    assert RULES.undoable(guessed) == RULES.undoable(real)
    real, real_events = play(real, "B:WRECK.p2")  # the refill shows the deck's next card (6.9): a guess
    guessed, guessed_events = play(guessed, "B:WRECK.p2")
    assert [e | {"top": None} for e in guessed_events] == [e | {"top": None} for e in real_events]
    assert guessed["pending"]["WRECK.p2"] == real["pending"]["WRECK.p2"]


def test_a_card_drawn_in_the_guess_is_a_guessed_card_th7():
    # A puts the deck's top on an empty position and shows the next card: in the guess that is a guess
    s = position(units={"M1": "TEC1", "G1": "COR1"}, pending={"WRECK.p2": "GRE02a"})
    s, _ = play(s, "M1", "WRECK1")
    assert "A:WRECK.p1" in legal(s)
    tops = set()
    for seed in range(6):
        after, _ = play(guess(s, seed=seed), "A:WRECK.p1")
        assert after["pending"]["WRECK.p1"] == s["decks"][0][0]  # the top everyone saw
        RULES.check(after)
        tops.add(after["decks"][0][0])
    assert len(tops) > 1 and tops <= set(s["decks"][0][1:])


def test_a_guess_in_the_middle_of_a_turn_keeps_the_turn_so_far():
    s = position(units={"M1": "TEC1", "G1": "COR1"}, pending={"WRECK.p2": "GRE02a"})
    s, _ = play(s, "M1")
    g = guess(s)
    assert g["answers"] == s["answers"] and g["seq"] == s["seq"]
    assert RULES.view(g["mark"], 0) | {"turn_start": None} == RULES.view(s["mark"], 0) | {"turn_start": None}
    assert legal(g) == legal(s)


def test_team_play_bonus_cards_are_dealt_anew_until_laid_out_then_kept():
    s = RULES.new_game(4, SEAT_0_STARTS, TEAMS)
    assert s["ask"]["type"] == "team_sector" and s["bonus_supply"]
    orders = {json.dumps(guess(s, seed=seed)["bonus_supply"]) for seed in range(4)}
    assert len(orders) > 1
    while s["ring"] == []:
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])
    g = guess(s)
    RULES.check(g)
    assert g["mark"]["bonus_supply"] == s["mark"]["bonus_supply"]  # laid out for all to see
    assert {p: v["bonus"] for p, v in g["slots"].items()} == {p: v["bonus"] for p, v in s["slots"].items()}


def test_a_finished_game_is_guessed_too():
    *_, (s, _, _) = bot_game(2, 7, {})
    assert s["over"] is not None
    g = guess(s, None)
    RULES.check(g)
    assert RULES.view(g, None) == RULES.view(s, None)


def test_a_view_with_more_unseen_cards_than_there_are_is_refused():
    view = RULES.view(started(), 0)
    view["aside"][0] += 1
    with pytest.raises(ImpossiblePosition):
        RULES.guessed_world(view, 0, SeededRandom(1))


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_every_state_of_a_bot_game_is_guessed_whole(setting):
    """The public and derivable keys the view does not carry come back as they were."""
    players, options = SETTINGS[setting]
    for n, (s, decision, _) in enumerate(bot_game(players, 11, options)):
        if decision is None or n % 3:
            continue
        g = guess(s, n % players, n)
        RULES.check(g)
        assert RULES.view(g, None) == RULES.view(s, None)
        assert (g["seq"], g["undo_floor"], g["answers"]) == (s["seq"], s["undo_floor"], s["answers"])
        assert sorted(g["bonus_supply"]) == sorted(s["bonus_supply"])
        RULES.check(RULES.apply(g, decision)[0])
