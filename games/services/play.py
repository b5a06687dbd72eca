"""Deciding: a decision checked by the game's rules, stored with the new snapshot, and the
game's turn, deadline and outcome that follow; undo."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import jsonschema
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext

from foundation.rows import update_each
from games import ratings, rules, signals
from games.models import Decision, Game
from games.rules import IllegalAction, MalformedDecision
from games.standings import standings

from . import inbox
from .deadlines import turn_begins, turn_ends
from .errors import Conflict, Invalid
from .reads import (
    active_decisions,
    check_turn,
    current_state,
    locked,
    log_lines,
    player_names,
    presentation_of,
    question_for,
    replay,
    rules_of,
)


@dataclass
class Applied:
    game: Game
    state: dict
    events: list
    decision: Decision
    answer: dict | None = None  # what the player who decided is told (submit_decision, undo)


def _answer(applied: Applied, user, lang: str) -> dict:
    """All the deciding player's page needs next, from the state in hand (no second read): the log
    lines, the new view, and the next question when the same player decides again."""
    game, module = applied.game, rules_of(applied.game)
    seat = game.seat_of(user)
    again = (game.status == Game.Status.ACTIVE and seat is not None and not seat.played_by_bot
             and game.current_seat == seat.order)
    return {"seq": game.seq, "number": applied.decision.number,
            "log": log_lines(module, presentation_of(game), applied.events, applied.decision.data, lang,
                             player_names(game, lang)),
            "view": module.view(applied.state, seat.order if seat else None),
            "next": question_for(game, applied.state, seat, lang) if again and seat is not None else None}


@cache
def _decision_validator(name: str):
    return jsonschema.Draft202012Validator(rules.get(name).decision_schema())


def _games_whose_decision(decision, besides: str) -> list[str]:
    """The titles of the other games whose decisions have this shape (shapes may overlap)."""
    return [rules.title(name, get_language() or "en") for name in rules.names()
            if name != besides and _decision_validator(name).is_valid(decision)]


def submit_decision(user, game_id, seq, decision, lang: str = "en", by_order: bool = False) -> Applied:
    """Apply one decision for `user`, who expects the game to be at version `seq`; the answer
    speaks `lang`. `by_order`: the player's standing order sends it (stored so, shown so to them alone)."""
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise Invalid(gettext("seq must be the game's current seq, a whole number"))
    if not isinstance(decision, dict):
        raise Invalid(gettext("action must be a JSON object with a 'type'"))
    try:
        with transaction.atomic():
            game = locked(game_id)
            if game.status != Game.Status.ACTIVE:
                raise Conflict(gettext("the game is %(status)s: no decision can be made") % {"status": game.get_status_display()})
            check_turn(game, game.seat_of(user), seq)
            applied = apply_decision(game, decision, by_bot=False, by_order=by_order)
    except IntegrityError:
        raise Conflict(gettext("another decision was stored first; reload and decide again")) from None
    applied.answer = _answer(applied, user, lang)
    return applied


def apply_decision(game: Game, decision: dict, by_bot: bool, bot_turn: bool = False, by_order: bool = False) -> Applied:
    module = rules_of(game)
    state = current_state(game)
    seat = game.current_seat
    try:
        new_state, events = module.apply(state, decision)
    except MalformedDecision as exc:
        others = _games_whose_decision(decision, game.name)
        if others:  # the API's schema allows every game's decisions; this game is the wrong one
            raise Conflict(gettext("%(refusal)s: that is a decision of %(others)s, and this game is %(game)s") % {
                "refusal": exc, "others": gettext(" or ").join(others),
                "game": rules.title(game.name, get_language() or "en")}) from None
        raise Invalid(str(exc)) from None  # legal in no position of any game: the request is wrong
    except IllegalAction as exc:
        raise Conflict(str(exc)) from None  # well formed, but the position does not allow it now
    # The row lock makes a clash impossible; the unique (game, number) constraint stays as the
    # last guard, and its IntegrityError aborts the whole transaction (see submit_decision).
    assert seat is not None  # a game in play has a seat deciding (None: it is over)
    stored = Decision(game=game, number=game.seq + 1, seat=seat, by_bot=by_bot, by_order=by_order, data=decision,
                      events=events)
    record(game, module, new_state, bot_turn, stored)
    return Applied(game, new_state, events, stored)


def record(game: Game, module, state: dict, bot_turn: bool = False, stored: Decision | None = None) -> None:
    """Store the new version of the game (snapshot, whose turn, deadline, outcome) and `stored`,
    the decision that made it, if any."""
    now = timezone.now()
    previous_seat = game.current_seat
    game.seq += 1
    game.snapshot, game.snapshot_seq = state, game.seq
    game.last_move_at = now
    game.current_seat = module.current_seat(state)
    turn_changed = game.current_seat != previous_seat
    if turn_changed and game.banked:
        turn_ends(game, next((s for s in game.seats.all() if s.order == previous_seat), None), now)
    if game.current_seat is None:
        _finish(game, module, state, now)
    elif turn_changed:
        turn_begins(game, list(game.seats.all()), now)
    if stored is not None:
        stored.insert_saving(game)
    else:
        game.save()
    orders_waiting = inbox.decided(game, stored.seat if stored is not None else None, turn_changed)
    if game.current_seat is None:
        signals.game_finished.send(Game, game=game)
    elif turn_changed:
        signals.turn_began.send(Game, game=game)
    signals.decision_stored.send(Game, game=game, turn_changed=turn_changed, by_bot=bot_turn,
                                 orders_waiting=orders_waiting)


def _finish(game: Game, module, state: dict, now) -> None:
    """Scores and places on the seats (games.standings), then the ratings, in the same transaction
    and before anyone is told: the news of the finish carries the rating changes. The caller saves
    the game and says game_finished."""
    outcome = module.outcome(state)
    game.status = Game.Status.FINISHED
    game.finished_at = now
    game.set_clock(None)
    game.turn_notice_due = False
    game.outcome = outcome
    placed = []
    for _, seat, rank in standings(outcome, list(game.seats.all())):
        if seat is not None:
            seat.score, seat.rank = outcome["scores"].get(seat.colour), rank
            placed.append(seat)
    update_each(placed, ["score", "rank"])  # one statement for every seat
    ratings.rate_game(game, save=False)  # `rated` is stored with the game's other changes (record)


def undo(user, game_id, seq=None, lang: str = "en") -> Applied:
    """Take back the caller's latest decision, while the rules allow it (RULES.md section 9)."""
    with transaction.atomic():
        game = locked(game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict(gettext("the game is %(status)s: nothing can be undone") % {"status": game.get_status_display()})
        check_turn(game, game.seat_of(user), seq)
        module = rules_of(game)
        if module.undoable(current_state(game)) < 1:
            raise Conflict(gettext("nothing to undo: your turn has just begun, or a revealed module cannot be taken back"))
        last = active_decisions(game).last()
        last.undone, last.undone_at = True, timezone.now()
        last.save(update_fields=["undone", "undone_at"])
        state = replay(game)
        record(game, module, state)
    applied = Applied(game, state, [], last)
    applied.answer = _answer(applied, user, lang)
    return applied
