"""Standing orders (orders/, docs/orders.md), per game of the registry: a player against the greedy bot
keeps orders built from the true future (orders.services.place with the true position, which the API's
guess goes through too). They fire exactly when every expected decision happened, as ordinary decisions
for everyone else; they stop at the first decision that cannot be played; they never fire once the others
went otherwise (missed); a seat whose time runs out plays its matching order before the bot; the stored
game replays to the same state. Then the API's refusals, one game being enough for them."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client

from games import rules, services
from games.models import Decision, Game, TurnNotice
from games.reactions import emails
from games.rules.rng import SeededRandom
from orders import reactions, services as orders
from orders.models import Order
from tests.django_fixtures import token_client as api

pytestmark = pytest.mark.django_db
DECISIONS_IN = 6  # past any opening setup


@pytest.fixture(params=rules.names())
def game(request, make_user):
    """Ann against the greedy bot, a few decisions in, Ann to decide."""
    ann = make_user("ann")
    made = services.create_game(ann, game=request.param, players=2, bots=["greedy"])
    module = rules.get(request.param)
    game = services.game_with_seats(made.pk)
    while game.seq < DECISIONS_IN or game.deciding_seat.user != ann:
        if game.deciding_seat.user == ann:
            services.submit_decision(ann, game.pk, game.seq, ann_choice(module, game, services.current_state(game)))
        else:
            services.play_bot_turn(game.pk)
        game = services.game_with_seats(game.pk)
    return ann, game, module


def ann_choice(module, game, state) -> dict:
    return module.bot("greedy", game.seq).choose(state)


def future(module, game, ann_seat: int, swap: bool = False) -> tuple[list, int]:
    """Ann's present turn, the others' decisions up to her next turn and that turn (the answer), as the
    site's bot and Ann's greedy choices will play them (Ann's with the seed the test plays them with):
    (the line, how many of it are Ann's present turn). With `swap`, the first of the others' decisions
    that has an alternative changing what Ann sees is that alternative instead (the others deviate
    from what happens)."""
    state, seq, line, phase, own = services.current_state(game), game.seq, [], 0, 0
    kind = next(s.bot_kind for s in game.seats.all() if s.order != ann_seat)
    while module.current_seat(state) is not None and len(line) < 40:
        seat = module.current_seat(state)
        if (seat == ann_seat) != (phase != 1):
            phase += 1
            if phase == 3:
                break
        if seat == ann_seat:
            decision = module.bot("greedy", seq).choose(state)
            own += phase == 0
        else:
            decision = module.bot(kind, seed=(game.seed or 0) + seq).decide(module.view(state, seat))
            if swap:
                seen = orders.digest(module.view(module.apply(state, decision)[0], ann_seat))
                other = next((d for d in module.legal_actions(state)
                              if orders.digest(module.view(module.apply(state, d)[0], ann_seat)) != seen), None)
                if other is not None:
                    decision, swap = other, False
        line.append(decision)
        state, _ = module.apply(state, decision)
        seq += 1
    return line, own


def ann_plays(ann, game, module, count: int, callbacks) -> Game:
    """Ann's first `count` decisions as `future` has them; every reaction runs after each commit."""
    for _ in range(count):
        game = services.game_with_seats(game.pk)
        with callbacks(execute=True):
            services.submit_decision(ann, game.pk, game.seq, ann_choice(module, game, services.current_state(game)))
    return services.game_with_seats(game.pk)


def replays_the_same(game) -> bool:
    """The stored decisions, those of the orders among them, replay to the stored state. A list of
    names a state fills from one of its mappings (Theseus's rooms to choose from) comes in the order the
    mapping had, which the stored snapshot's JSON column does not keep: such lists are compared as sets."""
    game = Game.objects.get(pk=game.pk)
    return as_sets(services.replay(game)) == as_sets(game.snapshot)


def as_sets(value):
    if isinstance(value, dict):
        return {key: as_sets(item) for key, item in value.items()}
    if isinstance(value, list):
        items = [as_sets(item) for item in value]
        return sorted(items) if all(isinstance(item, str) for item in items) else items
    return value


def test_an_order_fires_when_matched_and_is_an_ordinary_decision_to_others(game, django_capture_on_commit_callbacks):
    ann, game, module = game
    seat = game.seat_of(ann).order
    line, own = future(module, game, seat)
    order = orders.place(ann, game.pk, line, world=services.current_state(game))
    assert len(order.answer) >= 1 and any(s != seat for s, _ in order.expected)
    base = game.seq
    game = ann_plays(ann, game, module, own, django_capture_on_commit_callbacks)
    order.refresh_from_db()
    assert order.status == Order.Status.FIRED, order.reason
    since = list(Decision.objects.filter(game=game, number__gt=base).order_by("number"))
    assert [d.data for d in since[:len(line)]] == line, "the line happened, its answer played by the order"
    assert [d.by_order for d in since[:len(line)]] == [False] * len(order.expected) + [True] * len(order.answer)
    assert replays_the_same(game)
    number = since[len(order.expected)].number
    mine = next(e for e in services.decision_log(game, "de", seat) if e["number"] == number)
    theirs = next(e for e in services.decision_log(game, "en", 1 - seat) if e["number"] == number)
    assert mine["by_order"] and mine["log"][0].endswith("(Dauerauftrag)")
    assert not theirs["by_order"] and not any("standing order" in line for line in theirs["log"])
    turns = list(TurnNotice.objects.filter(user=ann, kind=TurnNotice.Kind.TURN).values_list("turn_key", flat=True))
    assert turns == ([emails.turn_key(game)] if game.current_seat == seat else []), \
        "no notice of the turn the order answered at once"


def test_an_order_stops_at_the_first_decision_not_legal(game, django_capture_on_commit_callbacks):
    ann, game, module = game
    seat = game.seat_of(ann).order
    line, own = future(module, game, seat)
    order = orders.place(ann, game.pk, line, world=services.current_state(game))
    Order.objects.filter(pk=order.pk).update(answer=[{"type": "no such decision"}, *order.answer])
    game = ann_plays(ann, game, module, own, django_capture_on_commit_callbacks)
    order.refresh_from_db()
    assert order.status == Order.Status.STOPPED and order.reason.startswith("decision 1 of the answer"), order.reason
    assert game.current_seat == seat and not Decision.objects.filter(game=game, by_order=True).exists()
    assert TurnNotice.objects.filter(user=ann, kind=TurnNotice.Kind.TURN, turn_key=emails.turn_key(game)).exists(), \
        "the usual notice, once the order stopped"
    assert replays_the_same(game)


def test_an_order_never_fires_once_the_others_went_otherwise(game, django_capture_on_commit_callbacks):
    ann, game, module = game
    seat = game.seat_of(ann).order
    line, own = future(module, game, seat, swap=True)
    order = orders.place(ann, game.pk, line, world=services.current_state(game))
    game = ann_plays(ann, game, module, own, django_capture_on_commit_callbacks)
    order.refresh_from_db()
    assert order.status == Order.Status.MISSED and order.reason
    assert not Decision.objects.filter(game=game, by_order=True).exists()


def test_a_seat_that_times_out_plays_its_matching_order_first(game, django_capture_on_commit_callbacks, monkeypatch):
    ann, game, module = game
    seat = game.seat_of(ann).order
    line, own = future(module, game, seat)
    order = orders.place(ann, game.pk, line, world=services.current_state(game))
    monkeypatch.setattr(reactions, "_fire", lambda game_id: None)  # the order's task lost (the broker away)
    game = ann_plays(ann, game, module, own, django_capture_on_commit_callbacks)
    assert game.current_seat == seat and game.deadline is not None
    monkeypatch.undo()
    with django_capture_on_commit_callbacks(execute=True):
        timed_out = services.enforce_deadline(game.pk, game.deadline + timedelta(seconds=1))
    order.refresh_from_db()
    assert order.status == Order.Status.FIRED and not timed_out
    assert services.game_with_seats(game.pk).seat_of(ann).status == "active"
    assert replays_the_same(game)


def test_the_api_keeps_orders_to_their_player_and_refuses_with_a_detail(make_user, settings):
    """One game is enough for the API's refusals."""
    ann, bob, carol = make_user("ann"), make_user("bob"), make_user("carol")
    made = services.create_game(ann, game="argo", players=2)
    services.join_game(bob, made.pk)
    if Game.objects.get(pk=made.pk).status == Game.Status.OPEN:
        services.start_game(ann, made.pk)
    game = services.game_with_seats(made.pk)
    module, seat = rules.get("argo"), game.seat_of(ann).order
    url = f"/api/games/{game.pk}/orders/"
    # a line up to Ann's first decision after one of Bob's, in the world of deal 0 as the API guesses it
    world = module.guessed_world(module.view(services.current_state(game), seat), seat, SeededRandom(0))
    line, others = [], False
    while not (others and module.current_seat(world) == seat):
        others = others or module.current_seat(world) != seat
        line.append(module.legal_actions(world)[0])
        world, _ = module.apply(world, line[-1])
    line.append(module.legal_actions(world)[0])
    placed = api(ann).post(url, {"line": line, "deal": 0}, format="json")
    assert placed.status_code == 201, placed.content
    body = placed.json()
    assert body["status"] == "waiting" and body["line"] == line and body["answer"]
    assert [o["id"] for o in api(ann).get(url).json()] == [body["id"]]
    assert api(bob).get(url).json() == [], "each player reads their own"
    for refused, status in [
            (api(carol).get(url), 403), (api(carol).post(url, {"line": line}, format="json"), 403),
            (api().get(url), 401), (api(ann).get("/api/games/999999/orders/"), 404),
            (api(ann).post(url, {"line": []}, format="json"), 400),
            (api(ann).post(url, {"line": [{"type": "pass"}] * 41}, format="json"), 400),
            (api(ann).post(url, {"line": [{"type": "no such decision"}]}, format="json"), 400),
            (api(ann).post(url, {"line": line[:1], "deal": -1}, format="json"), 400),
            (api(bob).delete(f"{url}{body['id']}/"), 404),
            (api(ann).delete(f"/api/games/{game.pk}/orders/999999/"), 404),
            (api(ann).put(f"{url}{2 ** 70}/", {"line": line}, format="json"), 404)]:
        assert refused.status_code == status and refused.json()["detail"], (status, refused.content)
    one = api(ann).post(url, {"line": line[:1]}, format="json")  # Ann's own decision only, or Bob's last
    assert one.status_code == 400 and one.json()["detail"]
    replaced = api(ann).put(f"{url}{body['id']}/", {"line": line, "deal": 3}, format="json")
    assert replaced.status_code == 200 and replaced.json()["deal"] == 3
    for _ in range(9):
        assert api(ann).post(url, {"line": line}, format="json").status_code == 201
    eleventh = api(ann).post(url, {"line": line}, format="json")
    assert eleventh.status_code == 409 and eleventh.json()["detail"]
    withdrawn = api(ann).delete(f"{url}{body['id']}/")
    assert withdrawn.status_code == 200 and withdrawn.json()["status"] == "withdrawn"
    again = api(ann).delete(f"{url}{body['id']}/")
    assert again.status_code == 409 and again.json()["detail"]
    assert api(ann).get("/api/me/games/").json()["games"][0]["standing_orders"] == 9
    for player, shown in ((ann, True), (bob, False)):
        browser = Client()
        browser.force_login(player)
        assert ("9 standing orders" in browser.get("/games/mine/").content.decode()) is shown
    exported = api(ann).get("/api/me/export/").json()["standing_orders"]
    assert len(exported) == 10 and exported[-1]["line"] == line and api(bob).get("/api/me/export/").json()["standing_orders"] == []
    settings.USER_LIMITS = {**settings.USER_LIMITS, "standing_order": (0, 60)}
    limited = api(ann).put(f"{url}{api(ann).get(url).json()[0]['id']}/", {"line": line}, format="json")
    assert limited.status_code == 429 and limited.json()["detail"]
    assert Game.objects.get(pk=game.pk).seq == game.seq, "the game untouched"


def test_an_undo_of_a_decision_the_order_counted_misses_it(game, django_capture_on_commit_callbacks):
    """At the first of Ann's next turns whose first decision she may take back (the rules' `undoable`)."""
    ann, game, module = game
    seat = game.seat_of(ann).order
    for _ in range(6):
        line, own = future(module, game, seat)
        order = orders.place(ann, game.pk, line, world=services.current_state(game))
        game = ann_plays(ann, game, module, 1, django_capture_on_commit_callbacks)
        if game.current_seat == seat and module.undoable(services.current_state(game)) >= 1:
            break
        game = ann_plays(ann, game, module, own - 1, django_capture_on_commit_callbacks)
        if game.current_seat != seat:
            pytest.fail("the seeded game ended before a turn of Ann's could be taken back: choose another seed")
    else:
        pytest.fail("none of Ann's next six turns in the seeded game had a decision to take back: choose another seed")
    with django_capture_on_commit_callbacks(execute=True):
        services.undo(ann, game.pk, game.seq)
    order.refresh_from_db()
    assert order.status == Order.Status.MISSED and order.reason == "a decision was taken back"


def test_nothing_fires_for_a_seat_a_bot_keeps(game, django_capture_on_commit_callbacks, monkeypatch):
    ann, game, module = game
    seat = game.seat_of(ann).order
    line, own = future(module, game, seat)
    order = orders.place(ann, game.pk, line, world=services.current_state(game))
    monkeypatch.setattr(reactions, "_fire", lambda game_id: None)  # matched, not fired yet
    game = ann_plays(ann, game, module, own, django_capture_on_commit_callbacks)
    assert game.current_seat == seat
    with django_capture_on_commit_callbacks(execute=False):  # the stand-in does not move yet
        services.stand_in(ann, game.pk, "greedy")
    game = services.game_with_seats(game.pk)
    assert orders.fire(game.pk) == 0 and not orders.answers_now(game, game.seat_of(ann))
    order.refresh_from_db()
    assert order.status == Order.Status.WAITING and not Decision.objects.filter(game=game, by_order=True).exists()


def test_a_decision_where_no_order_waits_asks_nothing_of_the_orders(game, django_capture_on_commit_callbacks, monkeypatch):
    """The turn inbox counted the game's waiting orders in the decision's own statement: none, and
    nothing after the commit probes the game's orders (the probe cost each decision a round trip)."""
    ann, game, module = game
    probed = []
    monkeypatch.setattr(orders, "has_waiting", lambda game_id: probed.append(game_id) or False)
    ann_plays(ann, game, module, 1, django_capture_on_commit_callbacks)
    assert probed == []


def test_a_game_that_ends_otherwise_misses_its_orders(game, django_capture_on_commit_callbacks):
    ann, game, module = game
    line, _ = future(module, game, game.seat_of(ann).order)
    order = orders.place(ann, game.pk, line, world=services.current_state(game))
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(ann, game.pk)
    order.refresh_from_db()
    assert order.status == Order.Status.MISSED and order.reason == "the game ended before the line"
