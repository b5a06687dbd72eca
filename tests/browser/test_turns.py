"""What a player sees of the others' turns: every place their decisions named since her own last one is
marked, unlike her own moves; what she watched live is not news after a reload; and a finished game's
replay steps by turns and jumps to a decision picked in the log. Every registered game, set up through
the service layer and looked at in Debian's Chromium.
"""
from __future__ import annotations

import random

from .test_play import LIVE_SECONDS, PUSHED_FROM_THE_TEST, BrowserTestCase, make_player, settle

# The places a board module's own pattern finds in the log lines of some decisions.
PLACES = """async (numbers) => {
  const config = JSON.parse(document.getElementById("page-config").textContent);
  const module = await import(config.module);
  const log = await (await fetch(`/api/games/${config.id}/moves/?lang=${config.lang}`)).json();
  const lines = log.filter((d) => numbers.includes(d.number)).flatMap((d) => d.log);
  const found = lines.flatMap((line) => [...line.matchAll(new RegExp(module.placePattern.source, "g"))].map((m) => m[0]));
  return [...new Set(found)].sort();
}"""
MARKED = """(kind) => [...new Set([...document.querySelectorAll(`#board .${kind}`)]
  .map((n) => n.dataset.cell || n.dataset.place))].sort()"""


def game_of(game_id):
    from games.models import Game
    return Game.objects.get(pk=game_id)


def decide(game_id, rng, user=None):
    """One legal decision by `user` (whoever is to move if None); returns its number."""
    from games import services
    game = game_of(game_id)
    user = user or game.seats.get(order=game.current_seat).user
    services.submit_decision(user, game_id, game.seq, rng.choice(services.legal_for(game, user)["actions"]))
    return game_of(game_id).decisions.filter(undone=False).order_by("number").last().number


def finished_game(name, alice, bob):
    """A game of `name` between Alice and Bob, played to its end by random decisions; its id."""
    from games import services
    game = services.create_game(alice, game=name, players=2)
    services.join_game(bob, game.pk)
    rng = random.Random(3)
    for _ in range(4000):
        if game_of(game.pk).status == "finished":
            break
        decide(game.pk, rng)
    assert game_of(game.pk).status == "finished", name
    return game.pk


def to_move(game_id):
    game = game_of(game_id)
    return game.seats.get(order=game.current_seat).user if game.status == "active" else None


class TheOthersTurn(BrowserTestCase):
    def setUp(self):
        from games import rules
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.names = rules.names()

    def new_game(self, name):
        from games import services
        game = services.create_game(self.alice, game=name, players=2)
        services.join_game(self.bob, game.pk)
        return game.pk

    def wait_for_decision(self, page, number):
        page.wait_for_selector(f'#log li[data-number="{number}"]', timeout=LIVE_SECONDS * 1000)
        settle(page)

    def alice_watches_bobs_turn(self, name, rng):
        """Alice, on her second visit to the game's page, watches Bob play his turn; returns her page,
        the game and the numbers of Bob's decisions."""
        game_id = self.new_game(name)
        # Past the opening (a few decisions), Alice has decided at least once and it is Bob's turn.
        alice_decided = False
        for played in range(200):
            if played >= 4 and alice_decided and to_move(game_id) == self.bob:
                break
            alice_decided |= to_move(game_id) == self.alice
            decide(game_id, rng)
        page = self.page_for("alice")
        page.goto(f"{self.live_server_url}/games/{game_id}/")
        page.wait_for_selector("#connection[data-state=open]")
        settle(page)
        page.reload()  # this browser has seen the game before
        page.wait_for_selector("#connection[data-state=open]")
        settle(page)
        bobs = []
        for _ in range(40):
            if to_move(game_id) != self.bob:
                break
            bobs.append(decide(game_id, rng))
        assert len(bobs) >= 1, name
        self.wait_for_decision(page, bobs[-1])
        return page, game_id, bobs

    @PUSHED_FROM_THE_TEST
    def test_the_others_decisions_since_mine_stay_marked_until_i_act(self):
        for name in self.names:
            rng = random.Random(7)
            # Each game is dealt from a seed of its own: a turn of Bob's may name no place (an
            # Andromeda turn of cards alone did, once in CI). Another game then, up to five.
            for _ in range(5):
                page, game_id, bobs = self.alice_watches_bobs_turn(name, rng)
                named = page.evaluate(PLACES, bobs)
                if named:
                    break
                page.context.close()
            assert named, f"{name}: Bob's turn named no place in five games, nothing to check"
            assert page.evaluate(MARKED, "others-move") == named, name
            assert page.evaluate(MARKED, "own-move") == [], name
            page.reload()
            page.wait_for_selector(f'#log li[data-number="{bobs[-1]}"]')
            settle(page)
            assert page.evaluate(MARKED, "others-move") == named, name

            mine = decide(game_id, rng, self.alice)
            self.wait_for_decision(page, mine)
            assert page.evaluate(MARKED, "others-move") == [], name
            assert page.evaluate(MARKED, "own-move") == page.evaluate(PLACES, [mine]), name
            assert not page.errors, (name, page.errors)
            page.context.close()

    @PUSHED_FROM_THE_TEST
    def test_decisions_watched_live_are_no_news_now_or_after_a_reload(self):
        for name in self.names:
            page, game_id, bobs = self.alice_watches_bobs_turn(name, random.Random(7))
            assert not page.is_visible("#log-news") and page.locator("#log li.new").count() == 0, name
            page.reload()
            page.wait_for_selector(f'#log li[data-number="{bobs[-1]}"]')
            settle(page)
            assert not page.is_visible("#log-news") and page.locator("#log li.new").count() == 0, name
            # What came while the page was closed is news, once.
            page.close()
            later = decide(game_id, random.Random(1))
            page = self.watched(page.context.new_page())
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            page.wait_for_selector(f'#log li[data-number="{later}"]')
            settle(page)
            assert page.locator("#log li.new").count() == 1 and "1" in page.inner_text("#log-news"), name
            page.context.close()

    @PUSHED_FROM_THE_TEST
    def test_decisions_that_came_while_the_page_was_hidden_are_news_until_it_shows_again(self):
        name = self.names[0]
        page, game_id, bobs = self.alice_watches_bobs_turn(name, random.Random(7))
        # The tab goes to the background; a decision comes meanwhile.
        page.evaluate("""() => { Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
                                 document.dispatchEvent(new Event("visibilitychange")); }""")
        later = decide(game_id, random.Random(1))
        self.wait_for_decision(page, later)
        assert page.locator("#log li.new").count() == 1 and "1" in page.inner_text("#log-news")
        page.evaluate("""() => { Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
                                 document.dispatchEvent(new Event("visibilitychange")); }""")
        page.reload()
        page.wait_for_selector(f'#log li[data-number="{later}"]')
        settle(page)
        assert page.locator("#log li.new").count() == 0 and not page.is_visible("#log-news")
        assert not page.errors, page.errors

    def test_a_spectator_sees_the_last_turn_of_whoever_moved_last(self):
        make_player("carol")
        for name in self.names:
            rng = random.Random(11)
            game_id = self.new_game(name)
            for _ in range(6):
                decide(game_id, rng)
            page = self.page_for("carol")
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            settle(page)
            done = list(game_of(game_id).decisions.filter(undone=False).order_by("number").values_list("number", "seat"))
            turn = []
            for number, seat in reversed(done):
                if seat != done[-1][1]:
                    break
                turn.append(number)
            page.wait_for_selector(f'#log li[data-number="{done[-1][0]}"]')
            named = page.evaluate(PLACES, turn)
            assert page.evaluate(MARKED, "others-move") == named, (name, turn)
            assert page.evaluate(MARKED, "own-move") == [], name
            assert not page.errors, (name, page.errors)
            page.context.close()


class ReplayByTurnAndFromTheLog(BrowserTestCase):
    def setUp(self):
        from games import rules
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.games = {name: finished_game(name, self.alice, self.bob) for name in rules.names()}

    def position(self, page, expected):
        page.wait_for_function(f"() => document.querySelector('#replay-pos').textContent.startsWith('{expected} /')")
        settle(page)

    def test_the_replay_steps_by_turns_and_a_log_line_shows_its_decision(self):
        page = self.page_for("alice")
        for name, game_id in self.games.items():
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            page.wait_for_selector("#outcome:not([hidden])")
            settle(page)
            done = list(game_of(game_id).decisions.filter(undone=False).order_by("number").values_list("number", "seat"))
            total = len(done)
            # Turn ends: positions after which another seat decides (the start and the end included).
            ends = [0] + [p for p in range(1, total) if done[p - 1][1] != done[p][1]] + [total]
            assert len(ends) > 3, name

            page.click("#replay-prev-turn")
            self.position(page, ends[-2])
            page.click("#replay-prev-turn")
            self.position(page, ends[-3])
            page.click("#replay-next-turn")
            self.position(page, ends[-2])
            page.keyboard.press("Shift+ArrowLeft")
            self.position(page, ends[-3])
            # The turn shown is marked: its decisions up to the one shown, whoever's kind it is.
            at = ends[-3]
            turn = [n for n, seat in done[ends[-4]:at]]
            kind = "own-move" if done[at - 1][1] == game_of(game_id).seat_of(self.alice).order else "others-move"
            assert page.evaluate(MARKED, kind) == page.evaluate(PLACES, turn), name

            # A log line replays the game up to its decision, by click and by Enter.
            pick = total // 2
            page.click(f'#log li[data-number="{done[pick - 1][0]}"] .log-jump')
            self.position(page, pick)
            assert page.locator("#log li.current").get_attribute("data-number") == str(done[pick - 1][0]), name
            page.focus(f'#log li[data-number="{done[2][0]}"] .log-jump')
            page.keyboard.press("Enter")
            self.position(page, 3)
            assert page.inner_text("#prompt").startswith(f"decision 3 of {total}"), name
            page.click("#replay-last")
            assert not page.errors, (name, page.errors)


def held_replays(page) -> list:
    """The page's replay requests from now on, held unanswered in the list returned."""
    held: list = []
    page.route("**/replay/**", lambda route: held.append(route))
    return held


@PUSHED_FROM_THE_TEST
class ReplayAnswerOnItsWay(BrowserTestCase):
    def test_the_page_stays_busy_while_a_replay_is_on_its_way_though_a_live_reload_ends(self):
        """A live update's reload that ends while the replay's answer is still coming does not say
        the page is ready: the spinner stays until the replayed position is drawn."""
        from games import rules
        from games.reactions import notify
        alice, bob = make_player("alice"), make_player("bob")
        page = self.page_for("alice")
        for name in rules.names():
            game_id = finished_game(name, alice, bob)
            page.goto(f"{self.live_server_url}/games/{game_id}/")
            page.wait_for_selector("#outcome:not([hidden])")
            page.wait_for_selector("#connection[data-state=open]")
            settle(page)
            held = held_replays(page)
            page.click("#replay-first")
            # The reload draws the game, then asks for its log: by then it has said what it had to.
            with page.expect_request(f"**/api/games/{game_id}/moves/?lang=*", timeout=LIVE_SECONDS * 1000):
                notify.game_event(game_id, "note")  # any news but chat reloads the game
            assert held and page.is_visible("#busy"), name
            held[0].continue_()
            page.unroute("**/replay/**")
            settle(page)
            assert page.inner_text("#replay-pos").startswith("0 /"), name
            assert not page.errors, (name, page.errors)
