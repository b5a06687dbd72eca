"""Three players play a game of Andromeda Escape through the pages to its end, in Debian's Chromium.

They create and join it through the pages; its first PLAYED_AHEAD decisions are made through the
service layer, as from other devices (a whole game by one person through a page, from its setup, is
test_keyboard_game.py's); then each sees the others' decisions arrive live, plays cards from the hand
by clicking them, and the finished game shows its outcome and replay. Another test checks that no
page shows one player another's hand or missions.
"""
from __future__ import annotations

import json
import os
import random

from .test_every_page import play_some
from .test_play import (
    ARTIFACTS,
    BrowserTestCase,
    make_player,
    next_mover,
    seq_of,
    settle,
    until_seq,
    until_started,
    within,
)

OFFERED = "#board .choice, #controls .choice, #game-panel .choice"
PLAYED_AHEAD = 200  # decisions made before the pages play on: a three-player game takes about 280
# The tokens of the lit choices and of the lit cards in the hand, in the page's order: one look.
TOKENS = "(selectors) => selectors.map((s) => [...document.querySelectorAll(s)].map((n) => n.dataset.token))"


def choose(page, rng: random.Random) -> str:
    """Click one highlighted choice, a card from the hand now and then; returns its token ("" when the
    page, once idle, says it is no longer this player's turn)."""
    offered, hand = page.evaluate(TOKENS, [OFFERED, "#hand .choice"])
    if not offered:  # the page may have moved on since its turn was read: look again once it is idle
        settle(page)
        if page.get_attribute("#game-root", "data-my-turn") != "yes":
            return ""
        offered, hand = page.evaluate(TOKENS, [OFFERED, "#hand .choice"])
    assert offered, f"nothing offered; tokens: {page.get_attribute('#game-root', 'data-choices')}"
    if hand and rng.random() < 0.3:
        at = rng.randrange(len(hand))
        target, token = page.locator("#hand .choice").nth(at), hand[at]
    else:
        at = rng.randrange(len(offered))
        target, token = page.locator(OFFERED).nth(at), offered[at]
    target.dispatch_event("click")
    return token


def secrets_of_others(game_id: int, seat: int) -> tuple[set, set]:
    """The other players' kept (unmet) missions and hand cards, straight from the stored game."""
    from games.models import Game
    from games.services import current_state
    state = current_state(Game.objects.get(pk=game_id))
    mine = state["colours"][seat]
    missions = {m for c in state["colours"] if c != mine for m in state["missions"][c]}
    cards = {card for c in state["colours"] if c != mine for card in state["hands"][c]}
    return missions, cards


class PlayAndromedaThroughThePages(BrowserTestCase):
    def check_nothing_hidden(self, page, game_id: int, seat: int):
        """The page's own data and words never show another player's missions or hand."""
        from games.rules.andromeda import PRESENTATION
        data = PRESENTATION.client_data("en")
        missions, _ = secrets_of_others(game_id, seat)
        text = page.inner_text("#game-root")
        for m in missions:
            assert data["missions"][m]["name"] not in text, f"mission {m} of another player shows on seat {seat}'s page"
        tokens = set(page.eval_on_selector_all("#hand [data-token]", "nodes => nodes.map(n => n.dataset.token)"))
        view = json.loads(page.evaluate(f"fetch('/api/games/{game_id}/').then(r => r.text())"))["view"]
        me = view["colours"][seat]
        assert tokens == {f"hand:{c}" for c in view["hands"][me]}, "\n".join(page.errors)
        assert all(isinstance(v, int) for c, v in view["hands"].items() if c != me)
        assert all(isinstance(v, int) for c, v in view["missions"].items() if c != me)

    def test_three_players_play_a_whole_game(self):
        for name in ("ann", "ben", "cat"):
            make_player(name)
        pages = {name: self.page_for(name) for name in ("ann", "ben", "cat")}
        ann = pages["ann"]
        ann.click("#new-andromeda")
        ann.select_option("#id_players", "3")
        ann.fill("#id_invite", "ben, cat")
        ann.click("#create-game button[type=submit]")
        ann.wait_for_selector("#lobby")
        game_url = ann.url
        game_id = int(game_url.rstrip("/").split("/")[-1])
        for name in ("ben", "cat"):
            pages[name].goto(game_url)
            pages[name].click("#join")
        for page in pages.values():
            until_started(page, game_url)
        self.shot(ann, "andromeda-01-start")

        from games.models import Game
        seats = {s.user.username: s.order for s in Game.objects.get(pk=game_id).seats.select_related("user")}
        play_some(game_id, PLAYED_AHEAD)
        ahead = Game.objects.get(pk=game_id).seq
        for page in pages.values():
            until_seq(page, ahead)  # the pages follow, live
        rng = random.Random(11)
        decisions, cards_clicked, still = 0, 0, within(15)
        while (turn := next_mover(game_id, pages, ann)) is not None:
            still("the game did not end")
            mover, before = turn
            token = choose(mover, rng)
            cards_clicked += token.startswith("hand:")
            settle(mover)
            after = seq_of(mover)
            if after != before:
                decisions += 1
                for other in pages.values():
                    if other is not mover:
                        until_seq(other, after)
            if decisions in (1, 30, 80):
                for name, page in pages.items():
                    settle(page)
                    self.check_nothing_hidden(page, game_id, seats[name])
                self.shot(mover, f"andromeda-02-after-{decisions}-decisions")
            if os.environ.get("STATION_BROWSER_TRACE"):
                print(f"decision {decisions} seq {after} {token}", flush=True)
            assert decisions < 2000, "the game does not end"
        for page in pages.values():
            page.wait_for_selector("#outcome:not([hidden])")
        self.shot(ann, "andromeda-03-finished")

        game = Game.objects.get(pk=game_id)
        assert game.status == "finished" and game.seats.filter(rank__isnull=False).count() == 3
        assert cards_clicked > 0 and game.decisions.filter(data__type="play").exists()
        assert ann.locator(".ranking li").count() == 3 and ann.is_visible("#breakdown")
        ann.click("#replay-first")
        settle(ann)
        assert ann.locator("#board .node .ship").count() == 0
        ann.click("#replay-next")
        settle(ann)
        assert "1 /" in ann.inner_text("#replay-pos")
        ann.click("#replay-last")
        self.shot(ann, "andromeda-04-replay")
        for page in pages.values():
            assert not page.errors, page.errors

    def test_a_players_page_never_shows_another_players_hand_or_missions(self):
        from games import services
        from games.models import Game
        users = [make_player(name) for name in ("dan", "eve")]
        game = services.create_game(users[0], game="andromeda", players=2)
        services.join_game(users[1], game.pk)
        for _ in range(6):  # both players return a mission and play on a little
            game = Game.objects.get(pk=game.pk)
            seat = game.seats.get(order=game.current_seat)
            state = services.current_state(game)
            services.submit_decision(seat.user, game.pk, game.seq, services.rules_of(game).bot("greedy", game.seq).choose(state))
        for user in users:
            page = self.page_for(user.username)
            api_bodies = []
            # (B023: the handler fills this pass's list: the page is this user's.)
            page.on("response", lambda r: api_bodies.append(r.text()) if "/api/games/" in r.url and r.ok else None)  # noqa: B023
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            settle(page)
            seat = Game.objects.get(pk=game.pk).seats.get(user=user).order
            self.check_nothing_hidden(page, game.pk, seat)
            missions, _ = secrets_of_others(game.pk, seat)
            for body in api_bodies:
                data = json.loads(body)
                views = [data.get("view")] if isinstance(data, dict) else []
                for view in filter(None, views):
                    other = view["colours"][1 - seat]
                    assert isinstance(view["hands"][other], int) and isinstance(view["missions"][other], int)
            assert not page.errors, "\n".join(page.errors)
        assert ARTIFACTS.exists()
