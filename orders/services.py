"""Standing orders: placed, replaced and withdrawn by the player who keeps them; compared with what
happens after every decision of their game, and played when every expected decision happened.

Nothing else reads an order: no answer, page, record, email, push or socket message of the site
carries one to anyone but its player (docs/orders.md)."""
from __future__ import annotations

import hashlib
import json

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_lazy

from games import services
from games.entry.tasks import after_commit, turn_email
from games.models import Game, Seat
from games.rules.base import IllegalAction, MalformedDecision
from games.rules.rng import SeededRandom
from games.services.errors import spend

from .models import MAX_LINE, MAX_WAITING, Order

Status = Order.Status


def digest(view: dict) -> str:
    """sha256 of the view as canonical JSON (keys sorted, no spaces): what an expected decision keeps
    of what the player saw after it."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def plan(module, world: dict, seat: int, line: list) -> tuple[list, list]:
    """The line played from `world`: (expected, answer). The answer is the line's last run of `seat`'s
    own decisions; expected, for each decision before it, [the deciding seat, the digest of `seat`'s
    view after it]. A line that cannot be played there, that ends with another seat's decision or
    that expects none of another seat is refused (Invalid)."""
    if not line:
        raise services.Invalid(gettext("a standing order needs a line of at least one decision"))
    if len(line) > MAX_LINE:
        raise services.Invalid(gettext("a line has at most %(n)s decisions") % {"n": MAX_LINE})
    played: list[tuple[int, str]] = []
    for number, decision in enumerate(line, 1):
        deciding = module.current_seat(world)
        if deciding is None:
            raise services.Invalid(gettext("decision %(n)s of the line comes after the end of the game") % {"n": number})
        if not isinstance(decision, dict):
            raise services.Invalid(gettext("decision %(n)s of the line is not a decision") % {"n": number})
        try:
            world, _ = module.apply(world, decision)
        except (MalformedDecision, IllegalAction) as refused:
            raise services.Invalid(gettext("decision %(n)s of the line cannot be played there: %(why)s")
                                   % {"n": number, "why": refused}) from None
        played.append((deciding, digest(module.view(world, seat))))
    mine = len(played)
    while mine > 0 and played[mine - 1][0] == seat:
        mine -= 1
    if mine == len(played):
        raise services.Invalid(gettext("a standing order's line must end with a decision of yours: its answer"))
    if all(deciding == seat for deciding, _ in played[:mine]):
        raise services.Invalid(gettext("a standing order's line expects at least one decision of another player"))
    return [list(p) for p in played[:mine]], list(line[mine:])


def _players_seat(game: Game, user) -> Seat:
    """The user's seat in the game: orders are for its players, not for watchers."""
    seat = game.seat_of(user)
    if seat is None or not user.is_authenticated:
        raise services.NotAllowed(gettext("standing orders are for the game's players"))
    return seat


def orders_of(user, game_id) -> list[Order]:
    """The user's own orders in the game, newest first."""
    game = services.game_with_seats(game_id)  # NotFound for no such game
    _players_seat(game, user)
    return list(Order.objects.filter(user=user, game=game).order_by("-pk"))


def _placed(user, game_id, line: list, deal: int, world: dict | None, replacing: int | None = None) -> Order:
    if len(line) > MAX_LINE:
        raise services.Invalid(gettext("a line has at most %(n)s decisions") % {"n": MAX_LINE})
    with transaction.atomic():
        game = services.locked(game_id)  # the order starts from this version; decisions wait meanwhile
        seat = _players_seat(game, user)
        if game.status != Game.Status.ACTIVE:
            raise services.Conflict(gettext("only a game in progress takes standing orders"))
        if seat.abandoned:
            raise services.NotAllowed(gettext("your seat is %(status)s: the bot plays it now") % {"status": seat.get_status_display()})
        order = None
        if replacing is not None:
            order = _own_waiting(user, game, replacing)
        elif Order.objects.filter(user=user, game=game, status=Status.WAITING).count() >= MAX_WAITING:
            raise services.Conflict(gettext("at most %(n)s standing orders wait in one game; withdraw one first")
                                    % {"n": MAX_WAITING})
        spend(user, "standing_order", gettext_lazy("standing orders"))
        module = services.rules_of(game)
        if world is None:
            view = module.view(services.current_state(game), seat.order)
            world = module.guessed_world(view, seat.order, SeededRandom(deal))
        expected, answer = plan(module, world, seat.order, line)
        order = order or Order(user=user, game=game, seat=seat.order)
        order.base, order.deal, order.line, order.expected, order.answer = game.seq, deal, line, expected, answer
        order.save()
        _counted(order)
    return order


def place(user, game_id, line: list, deal: int = 0, world: dict | None = None) -> Order:
    """A new standing order from the present position. The line is played in the world of `deal`,
    guessed from the player's view as the analysis board guesses it; `world`, the position to play it
    in instead, is for tests, which build orders from the true future."""
    return _placed(user, game_id, line, deal, world)


def replace(user, game_id, order_id: int, line: list, deal: int = 0) -> Order:
    """A waiting order's line replaced: played again from the present position, which it starts from now."""
    return _placed(user, game_id, line, deal, None, replacing=order_id)


def withdraw(user, game_id, order_id: int) -> Order:
    with transaction.atomic():
        game = services.game_with_seats(game_id)
        _players_seat(game, user)
        order = _own_waiting(user, game, order_id)
        _end(order, Status.WITHDRAWN, "")
    return order


def _own_waiting(user, game: Game, order_id: int) -> Order:
    """The user's order in the game, locked, if it still waits (else a 404 or a 409)."""
    order = None
    if 0 < order_id < 2 ** 63:  # a number no row can have is no order either (never a database error)
        order = Order.objects.select_for_update().filter(pk=order_id, user=user, game=game).first()
    if order is None:
        raise services.NotFound(gettext("you have no such standing order in this game"))
    if order.status != Status.WAITING:
        raise services.Conflict(gettext("the standing order is %(status)s: only a waiting one can change or be withdrawn")
                                % {"status": order.get_status_display()})
    return order


def _end(order: Order, status: str, reason: str) -> None:
    order.status, order.reason, order.ended_at = status, reason[:1000], timezone.now()
    order.save(update_fields=["status", "reason", "ended_at", "updated_at"])
    _counted(order)


def _counted(order: Order) -> None:
    """My games shows how many of the player's orders wait in the game: kept in their turn inbox."""
    waiting = Order.objects.filter(user_id=order.user_id, game_id=order.game_id, status=Status.WAITING).count()
    services.inbox.keep_orders(order.user_id, order.game_id, waiting)


# --- comparing and firing -------------------------------------------------------------------

MATCHED, PARTLY = "matched", "partly"


def _verdict(game: Game, order: Order, seen: dict) -> tuple[str, str]:
    """(MATCHED, "") when every expected decision happened as expected, (PARTLY, "") while the true
    ones so far match, or (MISSED, why): the true decisions since the order's base compared one by one
    with the expected ones, through the player's true view after each. `seen` keeps each (base, seat)'s
    decisions and views for the orders that share them."""
    if game.decisions.filter(undone=True, undone_at__gte=order.updated_at).exists():  # since it was placed (or replaced)
        return Status.MISSED, gettext("a decision was taken back")
    key = (order.base, order.seat)
    if key not in seen:
        seen[key] = services.states_since(game, order.base, order.seat)
    decisions, views = seen[key]
    for number, (decision, view) in enumerate(zip(decisions, views), 1):
        if number > len(order.expected):
            return Status.MISSED, gettext("the game went on past the line without the order")
        seat, expected = order.expected[number - 1]
        if decision.seat != seat or digest(view) != expected:
            return Status.MISSED, gettext("decision %(n)s since the order went otherwise than the line") % {"n": number}
    return (MATCHED, "") if len(decisions) == len(order.expected) else (PARTLY, "")


def _waiting(game_id: int):
    return Order.objects.filter(game_id=game_id, status=Status.WAITING)


def has_waiting(game_id: int) -> bool:
    return _waiting(game_id).exists()


def fire(game_id: int) -> int:
    """Compare the game's waiting orders with what happened (a difference: missed), and play the
    first order that matched in full of the player who decides now: its answer's decisions one after
    the other through the decisions' service (marked as made by a standing order), as long as each is
    legal and the player still decides. The number of decisions played."""
    if not has_waiting(game_id):
        return 0
    with transaction.atomic():
        game = services.locked(game_id)
        orders = list(_waiting(game_id).select_for_update(of=("self",)).select_related("user__profile").order_by("pk"))
        if game.status != Game.Status.ACTIVE:
            for order in orders:
                with translation.override(_language(order)):
                    _end(order, Status.MISSED, gettext("the game ended before the line"))
            return 0
        seen: dict = {}
        matched = []
        for order in orders:
            with translation.override(_language(order)):
                verdict, why = _verdict(game, order, seen)
            if verdict == Status.MISSED:
                _end(order, Status.MISSED, why)
            elif verdict == MATCHED:
                matched.append(order)
        deciding = game.deciding_seat
        order = next((o for o in matched if deciding is not None and o.seat == deciding.order), None)
        if order is None or deciding.played_by_bot or deciding.abandoned or deciding.user_id != order.user_id:
            return 0
        return _play(game, order, deciding)


def _language(order: Order) -> str:
    return getattr(getattr(order.user, "profile", None), "language", None) or "en"


def _play(game: Game, order: Order, seat: Seat) -> int:
    """The answer of `order`, whose player decides now in `game` (locked by the caller)."""
    user, lang, seq = seat.user, _language(order), game.seq
    played, reason = 0, ""
    with translation.override(lang):  # the reason and the rules' refusal in it speak the player's language
        for number, decision in enumerate(order.answer, 1):
            if number > 1 and (game.status != Game.Status.ACTIVE or game.current_seat != seat.order):
                reason = gettext("the turn passed before decision %(n)s of the answer") % {"n": number}
                break
            try:
                applied = services.submit_decision(user, game.pk, seq, decision, lang, by_order=True)
            except services.GameError as refused:
                reason = gettext("decision %(n)s of the answer could not be played: %(why)s") % {"n": number, "why": refused}
                break
            game, seq, played = applied.game, applied.game.seq, played + 1
    if reason:
        _end(order, Status.STOPPED, reason)
        if game.status == Game.Status.ACTIVE and game.current_seat == seat.order:
            after_commit(turn_email, game.pk)  # the usual "your turn" notice, now that no order answers
    else:
        _end(order, Status.FIRED, "")
    return played


def answers_now(game: Game, seat: Seat) -> bool:
    """Whether a waiting order of the seat's player matched in full and answers the turn at once (the
    "your turn" notice waits: games.answering)."""
    orders = list(_waiting(game.pk).filter(user_id=seat.user_id, seat=seat.order))
    if not orders or seat.played_by_bot:
        return False
    seen: dict = {}
    return any(_verdict(game, order, seen)[0] == MATCHED for order in orders)
