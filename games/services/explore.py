"""The analysis board's positions (POST /api/games/<id>/explore/, docs/api.md): a line of decisions, for
any seat, played from the present position as the reader sees it.

The line runs in a world guessed from the reader's view alone (the rules' `guessed_world`, dealt by a
generator seeded with the line's `deal`, so one deal gives the same world on every call and "deal
again" is another number): nothing hidden from the reader can reach the answer, and what it shows of
hidden things is a guess, marked as such. Nothing is stored and nobody else is told."""
from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from games.models import Game
from games.rules.base import IllegalAction, MalformedDecision
from games.rules.rng import SeededRandom

from .errors import Conflict, Invalid, spend
from .reads import game_language, log_lines, player_names, presentation_of, rules_of, view_for

EXPLORE_DEPTH = 200  # the longest line: a few turns of the longest game, well inside the time target


def explore(game: Game, user, decisions: list, deal: int, lang: str = "en") -> dict:
    """The position at the end of `decisions` in the world of `deal`: its deciding seat, that seat's view
    of it (a guess), the legal decisions there with the rules' question (which the board draws by),
    the game's own prompt, the last decision's log lines, and the outcome if the line ended the game.
    A decision that cannot be played there is a 400 naming its place in the line."""
    if len(decisions) > EXPLORE_DEPTH:
        raise Invalid(gettext("a line has at most %(n)s decisions") % {"n": EXPLORE_DEPTH})
    view = view_for(game, user)
    if view is None:
        raise Conflict(gettext("the game has not started: there is no position to explore"))
    spend(user, "explore", gettext_lazy("explored positions"))
    module, shown, names = rules_of(game), presentation_of(game), player_names(game, lang)
    world = module.guessed_world(view, view.get("you"), SeededRandom(deal))
    last: list[str] = []
    for number, decision in enumerate(decisions, 1):
        if module.outcome(world) is not None:
            raise Invalid(gettext("decision %(n)s of the line comes after the end of the game") % {"n": number})
        try:
            world, events = module.apply(world, decision)
        except (MalformedDecision, IllegalAction) as refused:
            raise Invalid(gettext("decision %(n)s of the line cannot be played there: %(why)s")
                          % {"n": number, "why": refused}) from None
        last = log_lines(module, shown, events, decision, lang, names)
    seat = module.current_seat(world)
    return {
        "deal": deal, "depth": len(decisions), "guess": True, "seat": seat,
        "view": module.view(world, seat), "actions": module.legal_actions(world) if seat is not None else [],
        "prompt": shown.prompt(world, game_language(shown, lang)) if seat is not None else "", "last": last,
        "question": module.question(world) if seat is not None else None,
        "outcome": module.outcome(world),
    }
