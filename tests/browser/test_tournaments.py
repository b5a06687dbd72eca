"""A round robin of Argo through its page, in Debian's Chromium: a player signs up with the button,
the page shows round 1's pairing as soon as the worker starts the tournament (over its socket, no
reload), the pairing's link opens her game, and the standings fill in as the games end.

The worker's side runs in the test as the worker would run it: `tournaments.tick` once sign-up has
closed, and the games ended through the games' services (the loser resigns, the winner plays on
against the bot in the loser's seat); the next round follows by itself (eager Celery).
"""
from __future__ import annotations

from datetime import timedelta

import pytest

from .test_every_page import AXE, describe
from .test_play import LIVE_SECONDS, PUSHED_FROM_THE_TEST, BrowserTestCase, make_player, within

# The order the games are decided in: at each table the player nearer the end of this list resigns.
STRENGTH = ("ann", "ben", "cat")


def finish(game_id: int) -> None:
    """The game played to its end: the weaker player resigns (the site's bot finishes their seat and
    they rank last), the stronger plays the greedy bot's choices."""
    from games import rules, services
    from games.models import Game
    game = services.game_with_seats(game_id)
    players = sorted((s.user for s in game.seats.all()), key=lambda u: STRENGTH.index(u.username))
    winner, loser = players[0], players[-1]
    services.resign(loser, game_id)
    chooser = rules.get(game.name).bot("greedy", 1)
    still = within(1)
    game = services.game_with_seats(game_id)
    while game.status == Game.Status.ACTIVE:
        still(f"game {game_id} did not end")
        seat = game.deciding_seat
        if seat.user == winner:
            services.submit_decision(winner, game_id, game.seq, chooser.choose(services.current_state(game)))
        else:  # the bot plays the resigned seat on its own (no delay in the tests); nudge it if not
            services.play_bot_turn(game_id)
        game = services.game_with_seats(game_id)


def standings(page) -> list[list[str]]:
    """The standings table as a reader sees it: place, player, points, games (tie-breaks left out)."""
    return page.eval_on_selector_all(
        "#standings tr:not(:first-child)", "rows => rows.map(r => [...r.cells].slice(0, 4).map(c => c.innerText.trim()))")


@pytest.mark.skipif(not AXE.exists(), reason="needs node_modules/axe-core (npm install; bin/test does it)")
class TournamentThroughItsPage(BrowserTestCase):
    def axe(self, page, what: str) -> None:
        page.add_script_tag(path=str(AXE))
        found = page.evaluate("async () => (await axe.run(document, { resultTypes: ['violations'] })).violations")
        assert not found, f"{what}:\n{describe(found)}"

    def open_live(self, page, url: str):
        """The tournament's page, once its socket has joined the tournament's group (the server
        answered its first ping): from then on a change is told to it."""
        with page.expect_websocket(lambda ws: "/ws/tournaments/" in ws.url) as opened:
            page.goto(url)
        opened.value.wait_for_event("framereceived", predicate=lambda frame: '"pong"' in str(frame))

    @PUSHED_FROM_THE_TEST
    def test_sign_up_rounds_and_standings_on_the_tournament_page(self):
        from django.utils import timezone

        from tournaments import services, tasks
        from tournaments.models import Table, Tournament
        organiser = make_player("olga")
        ben, cat = make_player("ben"), make_player("cat")
        make_player("ann")
        t = services.create_tournament(organiser, title="Autumn Round Robin", game="argo", format="round_robin",
                                       seats=2, signup_closes=timezone.now() + timedelta(hours=1), min_players=3)
        for user in (ben, cat):  # entries in this order: round 1 is cat against ann, ben sits out
            services.sign_up(user, t.pk)
        url = f"{self.live_server_url}/tournaments/{t.pk}/"

        # (1) Ann signs up with the button: the page says so, and offers to withdraw instead.
        context = self.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)  # axe's script
        page = self.watched(context.new_page())
        self.sign_in(page, "ann")
        page.goto(url)
        assert page.inner_text("#tournament-state").count("2 players signed up") == 1
        page.click("#sign-up")
        page.wait_for_selector("#withdraw")
        assert page.url == url and page.locator("#sign-up").count() == 0
        assert page.inner_text("#withdraw") == "Withdraw"
        assert "You are signed up." in page.inner_text("body")
        assert "3 players signed up" in page.inner_text("#tournament-state")
        assert sorted(row[1] for row in standings(page)) == ["ann", "ben", "cat"]
        assert [row[0] for row in standings(page)] == ["—"] * 3  # no game yet: nobody is first
        assert "Head-to-head" in page.inner_text("#tiebreak-notes")  # what the tie-breaks mean
        self.shot(page, "tournament-01-signed-up")
        self.axe(page, "the tournament open for sign-up")

        # (2) Sign-up closes and the worker's tick starts round 1: the open page shows it by itself.
        self.open_live(page, url)
        Tournament.objects.filter(pk=t.pk).update(signup_closes=timezone.now() - timedelta(seconds=1))
        assert tasks.tick() == 1
        page.wait_for_selector("#round-1", timeout=LIVE_SECONDS * 1000)
        table = Table.objects.get(round__tournament=t, round__number=1)
        pairing = page.locator("#round-1 .pairings li")
        assert pairing.count() == 1
        assert pairing.inner_text().startswith("cat – ann")
        assert f"game #{table.game_id} (in progress)" in pairing.inner_text()
        assert "Sitting out: ben" in page.inner_text("#round-1")
        assert "Running" in page.inner_text("#tournament-state")
        assert page.inner_text("#withdraw") == "Withdraw (forfeit the rest)"
        self.shot(page, "tournament-02-round-1")
        self.axe(page, "the running tournament")

        # Her game is a click away, and the link leads to it.
        link = pairing.locator("a")
        assert link.get_attribute("href") == f"/games/{table.game_id}/"
        link.click()
        page.wait_for_url(f"{self.live_server_url}/games/{table.game_id}/")
        page.wait_for_selector("#board svg [data-token]", state="attached")
        assert "ann" in page.inner_text("#players") and "cat" in page.inner_text("#players")

        # (3) Round 1's game ends: the standings and round 2 appear on the open page.
        self.open_live(page, url)
        finish(table.game_id)
        page.wait_for_selector("#round-2", timeout=LIVE_SECONDS * 1000)
        page.wait_for_function("() => !document.querySelector('#round-1 h2').textContent.includes('in progress')",
                               timeout=LIVE_SECONDS * 1000)
        assert standings(page) == [["1", "ann", "1", "1"], ["2", "ben", "0", "0"], ["2", "cat", "0", "1"]]
        # The points the table gave, in the players' order: cat lost, ann won.
        assert "cat – ann · 0 : 1 · game" in page.inner_text("#round-1 .pairings")
        assert "(finished)" in page.inner_text("#round-1 .pairings")
        assert "Sitting out: cat" in page.inner_text("#round-2")

        # The other rounds end too: the tournament is over, the table in the order of the points.
        for number in (2, 3):
            finish(Table.objects.get(round__tournament=t, round__number=number).game_id)
        page.wait_for_function("() => document.querySelector('#tournament-state').innerText.includes('Finished')",
                               timeout=LIVE_SECONDS * 1000)
        assert standings(page) == [["1", "ann", "2", "2"], ["2", "ben", "1", "2"], ["3", "cat", "0", "2"]]
        assert page.locator("#shared-first").count() == 0  # Ann alone is first
        assert page.locator("#withdraw").count() == 0 and page.locator("#sign-up").count() == 0
        assert page.locator(".round").count() == 3 and "in progress" not in page.inner_text("#tournament-live")
        self.shot(page, "tournament-03-finished")
        self.axe(page, "the finished tournament")

        # A reload shows the same: what was redrawn live is what the server serves.
        page.reload()
        assert standings(page) == [["1", "ann", "2", "2"], ["2", "ben", "1", "2"], ["3", "cat", "0", "2"]]
        assert not page.errors, page.errors
