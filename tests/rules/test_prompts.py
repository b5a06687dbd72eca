"""The pending question as those who are not deciding read it (`prompt_for_others`): the other players
and spectators read it after "Waiting for Carol: ", so it never speaks to the reader ("Your single
action this first turn…", "choose your team's sector"). Over bot games of every game and table size,
in every language; per game, so that one game's fault does not hide another's."""
from __future__ import annotations

import re

import pytest

from games import rules

DECISIONS = 400
# The second person: a pronoun, or a clause opening with a verb in the imperative.
SECOND_PERSON = {
    "en": re.compile(r"\b(you|your|yours)\b|(^|[:;] )(choose|move|place|confirm|play|use|spend|take|bring|"
                     r"upgrade|stay|stop|continue)\b", re.I),
    "de": re.compile(r"\b(du|dein\w*|dich|dir)\b|(^|[:;] )(wähle|bewege|lege|bestätige|spiele|nutze|setze|"
                     r"nimm|bringe|werte|ziehe)\b", re.I),
}


def positions(module, players: int, seed: int):
    state = module.new_game(players, seed)
    deciders = [module.bot("random", seed + seat) for seat in range(players)]
    for _ in range(DECISIONS):
        if module.current_seat(state) is None:
            return
        yield state
        state, _ = module.apply(state, deciders[module.current_seat(state)].choose(state))


def cases():
    for name in rules.names():
        module = rules.get(name)
        for players in range(module.min_players, module.max_players + 1):
            yield pytest.param(name, players, id=f"{name}-{players}p")


@pytest.mark.parametrize("name, players", list(cases()))
def test_the_others_read_the_pending_question_in_the_third_person(name, players):
    module = rules.get(name)
    shown = rules.presentation(name)
    asked = set()
    for state in positions(module, players, 71_300 + players):
        for lang, second_person in SECOND_PERSON.items():
            words = shown.prompt_for_others(state, lang)
            assert isinstance(words, str) and words.strip(), lang
            assert not second_person.search(words), (lang, words)
            asked.add(shown.prompt(state, lang))
    assert asked


def test_the_first_turn_of_argo_as_its_players_met_it():
    module = rules.get("argo")
    shown = rules.presentation("argo")
    state = module.new_game(2, 5)
    while module.question(state)["q"] != "action":
        state, _ = module.apply(state, module.bot("random", 5).choose(state))
    assert shown.prompt(state).startswith("Your single action this first turn")
    assert shown.prompt_for_others(state) == "The single action of the first turn: moving an astronaut"
    assert shown.prompt_for_others(state, "de") == "Die einzige Aktion im ersten Zug: einen Astronauten bewegen"
