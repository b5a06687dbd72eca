"""The recap (`recap(events, viewer, lang, names)`): what a player's turn did, for a player who was
away, over whole bot games of every registered game and mode. Each turn that the log tells in
lines is told by the recap too, in no more lines, each short and none empty, naming no seat by its
number; a line never says more than the log of that turn could (it is built from the same public
events). Each game gives a concise recap of its own, not the toolkit's list of log lines. Pure."""
from __future__ import annotations

import pytest

from games import rules
from games.rules.base import RECAP_LINE, Presentation

from .test_log_lines import LANGUAGES, SEAT_NUMBER, SEEDS, modes, names_for


def turns(module, players: int, seed: int, options: dict):
    """(seat, events) of each turn of a random bot game: the decisions one seat takes in a row."""
    state = module.new_game(players, seed, options)
    bots = [module.bot("random", seed + seat) for seat in range(players)]
    seat, events = None, []
    while (deciding := module.current_seat(state)) is not None:
        if deciding != seat and seat is not None:
            yield seat, events
            events = []
        seat = deciding
        state, caused = module.apply(state, bots[deciding].choose(state))
        events += caused
    yield seat, events


@pytest.mark.parametrize("name", rules.names())
def test_each_game_recaps_its_turns_in_its_own_words(name):
    assert type(rules.presentation(name)).recap is not Presentation.recap


@pytest.mark.parametrize("name, players, options", modes())
def test_a_turns_recap_is_short_and_never_longer_than_its_log(name, players, options):
    module = rules.get(name)
    shown = rules.presentation(name)
    names = names_for(players)
    for seed in SEEDS:
        for seat, events in turns(module, players, seed, options):
            viewer = (seat + 1) % players
            for lang in LANGUAGES:
                log = [line for line in (shown.render(e, lang, names) for e in events) if line]
                recap = shown.recap(events, viewer, lang, names)
                assert recap == shown.recap(events, viewer, lang, names)  # the same turn, the same words
                assert all(isinstance(line, str) and line.strip() for line in recap), (events, recap)
                assert len(recap) <= len(log), (lang, log, recap)
                assert not log or recap, ("a turn the log tells is recapped", lang, log)
                for line in recap:
                    assert len(line) <= RECAP_LINE, (lang, line)
                    assert not SEAT_NUMBER.search(line), (lang, line)
