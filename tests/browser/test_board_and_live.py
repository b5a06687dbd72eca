"""What players meet on the game page between moves: crowded tiles, chat while choosing, the board
keeping itself in view, a moderator's abort, what happened since the last visit, the replay, the
finished game's result and the keyboard order. Games are set up through the service layer; the
players look at them in Debian's Chromium.
"""
from __future__ import annotations

import random
import re

from .test_play import LIVE_SECONDS, PUSHED_FROM_THE_TEST, BrowserTestCase, make_player, seq_of, settle

CROWD = """async () => {
  const config = JSON.parse(document.getElementById("page-config").textContent);
  const module = await import(config.module);
  const game = await (await fetch(`/api/games/${config.id}/`)).json();
  const view = structuredClone(game.view);
  const cells = Object.keys(view.board).filter((c) => view.board[c].kind !== "pod");
  const room = cells.find((c) => view.board[c].kind === "waking_room");
  const other = cells.find((c) => c !== room);
  for (const figure of Object.keys(view.astronauts)) view.astronauts[figure] = room;
  view.aliens = { "alien-4": other, "alien-5": other };
  const holder = document.createElement("div");
  holder.style.cssText = "position:fixed;left:0;top:0;width:900px;height:900px;z-index:99;background:#fff";
  holder.id = "crowd";
  document.body.appendChild(holder);
  const board = module.createBoard({ board: holder, panel: null }, { data: config.data, lang: config.lang, you: 0 });
  board.draw(view, { fit: true });
  const pieces = [...holder.querySelectorAll("[data-figure]")];
  const hidden = pieces.filter((piece) => {
    const box = piece.querySelector(".piece").getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return !hit || hit.closest("[data-figure]") !== piece;
  }).map((piece) => piece.dataset.figure);
  return { count: pieces.length, hidden };
}"""


# A WebSocket whose server is unreachable: it closes at once, every time the page retries.
ASGI_DOWN = """
window.WebSocket = class {
  constructor() { this.closers = []; setTimeout(() => this.closers.forEach((f) => f()), 50); }
  addEventListener(kind, f) { if (kind === "close") this.closers.push(f); }
  send() {}
  close() {}
};
"""


class GameOnThePage(BrowserTestCase):
    def setUp(self):
        from games import services
        self.services = services
        self.alice, self.bob = make_player("alice"), make_player("bob")
        for user, name in ((self.alice, "Alice Arden"), (self.bob, "Bob Baker")):
            user.profile.display_name = name
            user.profile.save()
        game = services.create_game(self.alice, game="argo", players=2, options={"difficulty": "medium"})
        services.join_game(self.bob, game.pk)
        self.game_id = game.pk
        self.url = f"{self.live_server_url}/games/{game.pk}/"

    # --- playing through the service layer -----------------------------------------------------

    def game(self):
        from games.models import Game
        return Game.objects.get(pk=self.game_id)

    def to_move(self):
        game = self.game()
        return game.seats.get(order=game.current_seat).user

    def legal(self):
        return self.services.legal_for(self.game(), self.to_move())["actions"]

    def play(self, decision):
        self.services.submit_decision(self.to_move(), self.game_id, self.game().seq, decision)

    def play_until(self, wanted, limit=400):
        for _ in range(limit):
            legal = self.legal()
            hit = next((d for d in legal if wanted(d)), None)
            if hit:
                return hit
            self.play(legal[0])
        raise AssertionError("no such decision came up")

    def open(self, user, **kwargs):
        page = self.page_for(user.username, **kwargs)
        page.goto(self.url)
        page.wait_for_selector("#connection[data-state=open]")
        settle(page)
        return page

    def mover_and_other(self):
        mover = self.to_move()
        return mover, self.bob if mover == self.alice else self.alice

    # --- the tests -----------------------------------------------------------------------------

    def test_every_piece_on_a_crowded_tile_can_be_seen_and_clicked(self):
        page = self.open(self.alice)
        crowd = page.evaluate(CROWD)
        self.shot(page, "10-crowded-tiles")
        assert crowd["count"] == 10 + 2  # two players' five astronauts in the Waking Room, two aliens elsewhere
        assert crowd["hidden"] == []
        assert not page.errors, page.errors

    @PUSHED_FROM_THE_TEST
    def test_chat_keeps_a_half_made_decision_and_a_piece_on_a_lit_tile_does_not_block_it(self):
        # Figures step out of the Waking Room until one of them may step back into it.
        for _ in range(200):
            legal = self.legal()
            back = [d for d in legal if d["type"] == "step" and d["to"] == "0|0"]
            if back:
                break
            steps = [d for d in legal if d["type"] == "step"]
            self.play(steps[0] if steps else legal[0])
        step = back[0]
        mover, other = self.mover_and_other()
        page = self.open(mover)
        figure = page.locator(f'#board [data-token="fig:{step["figure"]}"]')
        ring = page.locator(f'#board [data-token="fig:{step["figure"]}"] .ring')
        # An offered piece stands on a disc in the choice colour, lit as offered cells are, with an edge
        # that keeps its width on screen at any zoom (even a black alien shows a clear ring).
        fill = ring.evaluate("n => getComputedStyle(n).fill")
        edge = ring.evaluate("n => getComputedStyle(n).stroke")
        width = ring.evaluate("n => parseFloat(getComputedStyle(n).strokeWidth)")
        choice = page.evaluate("""() => { const probe = document.createElement('span'); probe.style.color = 'var(--choice)';
          document.body.append(probe); const c = getComputedStyle(probe).color; probe.remove(); return c; }""")
        body = figure.locator(".piece").evaluate("n => getComputedStyle(n).fill")
        assert fill == edge == choice and width >= 4, (fill, edge, width, choice, body)
        figure.dispatch_event("click")
        page.wait_for_selector('#board [data-token="cell:0|0"].choice')

        self.services.post_chat(other, self.game_id, "good luck")
        page.wait_for_selector("#chat >> text=good luck", timeout=LIVE_SECONDS * 1000)
        assert page.locator(f'#board [data-token="fig:{step["figure"]}"].selected').count() == 1
        assert page.locator('#board [data-token="cell:0|0"].choice').count() == 1

        # Click where another player's piece stands in the lit Waking Room: the room is chosen.
        room = page.locator('#board .tile[data-cell="0|0"] .tile-bg').bounding_box()
        pieces = page.locator(f'#board .figure[data-figure^="{self.colour_of(other)}-"] .piece')
        boxes = [pieces.nth(i).bounding_box() for i in range(pieces.count())]
        box = next(b for b in boxes if room["x"] < b["x"] < room["x"] + room["width"]
                   and room["y"] < b["y"] < room["y"] + room["height"])
        before = seq_of(page)
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function(f"() => Number(document.querySelector('#game-root').dataset.seq) > {before}")
        settle(page)
        from games.services import current_state
        assert current_state(self.game())["astronauts"][step["figure"]] == "0|0"
        assert not page.errors, page.errors

    def colour_of(self, user):
        return self.game().seats.get(user=user).colour

    @PUSHED_FROM_THE_TEST
    def test_the_board_keeps_the_station_in_view_unless_the_player_zoomed(self):
        mover, other = self.mover_and_other()
        page = self.open(other)
        fit_before = page.get_attribute("#board svg", "data-fit")
        self.play(max(self.legal(), key=lambda d: max(abs(int(v)) for v in d["cell"].split("|"))))  # widens the station
        page.wait_for_function(f"() => document.querySelector('#board svg').dataset.fit !== '{fit_before}'",
                               timeout=LIVE_SECONDS * 1000)
        settle(page)
        assert page.get_attribute("#board svg", "viewBox") == page.get_attribute("#board svg", "data-fit")

        page.click("[data-zoom=in]")
        zoomed = page.get_attribute("#board svg", "viewBox")
        seq = seq_of(page)
        self.play(self.legal()[0])
        page.wait_for_function(f"() => Number(document.querySelector('#game-root').dataset.seq) > {seq}",
                               timeout=LIVE_SECONDS * 1000)
        settle(page)
        assert page.get_attribute("#board svg", "viewBox") == zoomed  # the player's zoom is kept
        page.click("[data-zoom=fit]")
        assert page.get_attribute("#board svg", "viewBox") == page.get_attribute("#board svg", "data-fit")
        assert not page.errors, page.errors

    @PUSHED_FROM_THE_TEST
    def test_an_abort_reaches_open_pages_with_its_reason(self):
        from django.contrib.auth import get_user_model
        moderator = get_user_model().objects.create_user("mod", "mod@example.org", "x", is_staff=True)
        mover, other = self.mover_and_other()
        page = self.open(mover)
        assert page.locator("#game-root .choice").count() > 0
        self.services.abort_game(moderator, self.game_id, "a bug in the setup")
        page.wait_for_selector("#game-status.status-aborted", timeout=LIVE_SECONDS * 1000)
        settle(page)
        assert "a bug in the setup" in page.inner_text("#prompt")
        assert page.locator("#board .choice").count() == 0
        assert page.locator("#board .tile").count() > 0 and page.is_visible(".log-area")
        page.reload()
        settle(page)
        assert "a bug in the setup" in page.inner_text("#prompt") and page.locator("#board .tile").count() > 0
        assert not page.is_visible("#chat-form") and page.is_visible("#chat-closed")  # the chat is closed
        assert not [e for e in page.errors if "WebSocket" not in e], page.errors

    def test_with_the_socket_server_down_the_page_polls_says_so_and_moves_still_work(self):
        mover, other = self.mover_and_other()
        page = self.page_for(other.username)
        page.add_init_script(ASGI_DOWN)  # every socket fails as if the ASGI tier were gone
        page.goto(self.url)
        page.wait_for_selector("#connection[data-state=reconnecting]")
        assert "every 15 s" in page.inner_text("#connection")
        before = seq_of(page)
        self.play(self.legal()[0])  # the other player moves: the page learns it by polling
        page.wait_for_function(f"() => Number(document.querySelector('#game-root').dataset.seq) > {before}",
                               timeout=25000)
        assert not [e for e in page.errors if "WebSocket" not in e], page.errors

    @PUSHED_FROM_THE_TEST
    def test_a_long_chat_shows_the_latest_messages_and_the_earlier_ones_on_request(self):
        from games.models import ChatMessage
        ChatMessage.objects.bulk_create(ChatMessage(game_id=self.game_id, user=self.bob, text=f"line {n}")
                                        for n in range(60))
        page = self.open(self.alice)
        page.wait_for_selector("#chat li >> text=line 59")
        assert page.locator("#chat li strong").count() == 50 and page.is_visible("#chat-older")
        self.services.post_chat(self.bob, self.game_id, "one more")
        page.wait_for_selector("#chat li >> text=one more", timeout=LIVE_SECONDS * 1000)
        page.click("#chat-older")
        page.wait_for_selector("#chat li >> text=line 0")
        texts = page.locator("#chat li span").all_inner_texts()
        assert texts == [f"line {n}" for n in range(60)] + ["one more"] and not page.is_visible("#chat-older")
        assert not page.errors, page.errors

    def test_a_player_coming_back_sees_what_happened_since_and_the_others_moves_are_lit(self):
        mover, other = self.mover_and_other()
        page = self.open(other)
        page.close()
        self.play(self.legal()[0])  # a tile is placed
        step = self.play_until(lambda d: d["type"] == "step")
        self.play(step)
        page = page.context.new_page()
        page.goto(self.url)
        settle(page)
        page.wait_for_selector("#log li")
        assert page.locator("#log li.new").count() == 2
        assert page.is_visible("#log-news") and "2" in page.inner_text("#log-news")
        lit = page.locator("#board .others-move")
        assert lit.count() >= 1
        assert step["to"] in [lit.nth(i).get_attribute("data-cell") for i in range(lit.count())]
        page.reload()
        settle(page)
        page.wait_for_selector("#log li")
        assert page.locator("#log li.new").count() == 0 and not page.is_visible("#log-news")

    def test_keyboard_order_board_targets_first_and_log_places_are_not_tab_stops(self):
        self.play(self.legal()[0])
        mover, other = self.mover_and_other()
        page = self.open(mover)
        order = page.evaluate("""() => [...document.querySelectorAll('#game-root [tabindex="0"], #game-root button, #game-root input')]
            .filter((n) => !n.disabled && n.offsetParent !== null || n.closest('svg'))
            .map((n) => n.closest('#board') ? 'board' : n.id || n.className || n.tagName)""")
        assert order[0] == "board"
        first_other = next(i for i, what in enumerate(order) if what != "board")
        assert "board" not in order[first_other:], order
        assert page.locator("#log .coord[tabindex]").count() == 0
        page.keyboard.press("Tab")
        for _ in range(30):
            if page.evaluate("() => Boolean(document.activeElement.closest('#board'))"):
                break
            page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.closest('#board .choice') !== null")

    def test_the_finished_game_shows_its_result_first_and_the_replay_steps_back_one_decision(self):
        rng = random.Random(3)
        for _ in range(3000):
            if self.game().status == "finished":
                break
            self.play(rng.choice(self.legal()))
        assert self.game().status == "finished"
        page = self.open(self.alice, mobile=True)
        page.wait_for_selector("#outcome:not([hidden])")
        assert page.locator("#outcome").bounding_box()["y"] < page.locator("#board").bounding_box()["y"]
        assert page.locator("text=Game over").count() == 1
        lines = page.locator(".ranking li").all_inner_texts()
        assert re.fullmatch(r"1\. .+ — \d+", lines[0]), lines
        names = " ".join(lines) + page.inner_text("#outcome")
        assert "Alice Arden" in names and "Bob Baker" in names and "alice:" not in page.inner_text("#outcome")
        self.shot(page, "11-finished-phone")

        total = len([d for d in self.game().decisions.all() if not d.undone])
        page.click("#replay-prev")
        page.wait_for_function(f"() => document.querySelector('#replay-pos').textContent.startsWith('{total - 1} /')")
        settle(page)
        current = page.locator("#log li.current")
        assert current.count() == 1
        assert page.inner_text("#prompt").startswith(f"decision {total - 1} of {total}")
        assert page.get_attribute("#board svg", "viewBox") == page.get_attribute("#board svg", "data-fit")
        page.keyboard.press("ArrowLeft")
        page.wait_for_function(f"() => document.querySelector('#replay-pos').textContent.startsWith('{total - 2} /')")
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => document.querySelector('#replay-pos').textContent.startsWith('{total - 1} /')")
        assert not page.errors, page.errors
