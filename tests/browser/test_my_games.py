"""\"My games\" in Chromium: the heading's badge shows the count the menu's shows (a turn and an
invitation: 2 in both), and each game's finished draw reads "draw", not "won by" everyone. Every game."""
from __future__ import annotations

from .test_play import BrowserTestCase, make_player


def drawn(name: str, players) -> int:
    """A finished game of `name` between `players`, every seat sharing first place."""
    from games import services
    from games.models import Game
    game = services.create_game(players[0], game=name, players=len(players))
    for user in players[1:]:
        services.join_game(user, game.pk)
    game = Game.objects.get(pk=game.pk)
    colours = [s.colour for s in game.seats.order_by("order")]
    game.outcome = {"scores": dict.fromkeys(colours, 5), "winners": colours,
                    "ranking": [{"who": c, "rank": 1, "score": 5} for c in colours]}
    game.status = Game.Status.FINISHED
    game.save()
    services.inbox.keep(game)  # ended here without the services, which keep the turn inbox
    return game.pk


class MyGames(BrowserTestCase):
    def setUp(self):
        from games import rules, services
        from games.models import Game
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.draws = {name: drawn(name, [self.alice, self.bob]) for name in rules.names()}
        name = rules.names()[0]
        game = services.create_game(self.bob, game=name, players=2)
        services.join_game(self.alice, game.pk)
        for _ in range(50):  # Bob decides until it is Alice's turn
            game = Game.objects.get(pk=game.pk)
            mover = game.seats.get(order=game.current_seat).user
            if mover == self.alice:
                break
            decision = services.rules_of(game).bot("greedy", game.seq).choose(services.current_state(game))
            services.submit_decision(mover, game.pk, game.seq, decision)
        services.create_game(self.bob, game=name, players=2, invite=["alice"])

    def test_one_count_and_draws_that_read_draw(self):
        page = self.page_for("alice")
        page.goto(f"{self.live_server_url}/games/mine/")
        assert page.inner_text("#waiting-badge") == "2" and page.inner_text("#my-games-badge") == "2"
        wrong = {}
        for name, game_id in self.draws.items():
            line = page.inner_text(f"#finished li:has(a[href='/games/{game_id}/'])")
            if "draw" not in line or "won by" in line:
                wrong[name] = line
        assert wrong == {}, wrong  # every game checked before failing
        assert page.errors == []


class TwelveGames(BrowserTestCase):
    """A player with twelve games of every kind in all of My games' states reads them in the order of
    urgency, each row with what it must say: where she decides, the soonest deadline first and red
    under 12 hours; invitations, the newest first; games waiting for Bob, the latest move first, with
    his time left and his last move; finished games with her result. Every started game's row gets
    its board's picture once scrolled into view, and the page fits a 390 px phone."""

    def setUp(self):
        from datetime import timedelta

        from django.conf import settings
        from django.test import override_settings
        from django.utils import timezone

        from games import rules, services
        from games.models import Game

        from .test_next_game import end_my_turn
        # Games are made until the bots' turns leave enough of each kind: more than the new-game limit
        # allows a player in an hour when their choices happen to leave few.
        roomy = override_settings(USER_LIMITS={**settings.USER_LIMITS, "create_game": (200, 3600)})
        roomy.enable()
        self.addCleanup(roomy.disable)
        self.alice, self.bob, self.carol = (make_player(n) for n in ("alice", "bob", "carol"))
        for user, shown in ((self.alice, "Alice"), (self.bob, "Bob"), (self.carol, "Carol")):
            user.profile.display_name = shown
            user.profile.save()
        now, names = timezone.now(), rules.names()
        mine, theirs = [], []
        while len(mine) < 3 or len(theirs) < 4:
            game = services.create_game(self.alice, game=names[(len(mine) + len(theirs)) % len(names)], players=2)
            services.join_game(self.bob, game.pk)
            if Game.objects.get(pk=game.pk).deciding_seat.user == self.alice and len(mine) < 3:
                mine.append(game.pk)
                continue
            end_my_turn(game.pk, self.alice)  # her last move stands in the row of a game waiting for Bob
            after = Game.objects.get(pk=game.pk)
            if after.deciding_seat.user == self.bob and after.decisions.exists() and len(theirs) < 4:
                theirs.append(game.pk)
            else:
                Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED, finished_at=now - timedelta(days=30))
                services.inbox.rebuild([game.pk])  # ended here without the services
        for pk, hours in zip(mine, (30, 2, 5)):
            Game.objects.filter(pk=pk).update(deadline=now + timedelta(hours=hours))
        for pk, hours in zip(theirs, (4, 1, 3, 2)):
            Game.objects.filter(pk=pk).update(last_move_at=now - timedelta(hours=hours), deadline=now + timedelta(hours=20))
        invited = [services.create_game(self.carol, game=names[i], players=2, invite=["alice"]).pk for i in range(2)]
        Game.objects.filter(pk=invited[0]).update(created_at=now - timedelta(days=1))
        finished = []
        for days, rank in ((3, 1), (1, 2), (2, 1)):
            game = services.create_game(self.alice, game=names[days % len(names)], players=2)
            services.join_game(self.carol, game.pk)
            seats = list(Game.objects.get(pk=game.pk).seats.order_by("order"))
            ranks = {s.colour: (rank if s.user_id == self.alice.pk else 3 - rank) for s in seats}
            if days == 2:
                ranks = dict.fromkeys(ranks, 1)  # a draw
            Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=now - timedelta(days=days), outcome={
                "winners": [c for c, r in ranks.items() if r == 1], "ranking": [{"who": c, "rank": r} for c, r in ranks.items()]})
            services.inbox.rebuild([game.pk])
            finished.append(game.pk)
        self.order = {"my-turn": [mine[1], mine[2], mine[0]], "invitations": invited[::-1],
                      "waiting": [theirs[1], theirs[3], theirs[2], theirs[0]],
                      "finished": [finished[1], finished[2], finished[0]]}

    def rows(self, page, section: str) -> list[int]:
        hrefs = page.eval_on_selector_all(f"#{section} li > a[href^='/games/']", "links => links.map(a => a.getAttribute('href'))")
        return [int(h.strip("/").split("/")[-1]) for h in hrefs]

    def test_the_order_of_urgency_and_every_rows_fields(self):
        page = self.page_for("alice")
        page.goto(f"{self.live_server_url}/games/mine/")
        sections = page.eval_on_selector_all("main section[id]", "s => s.map(e => e.id)")
        assert sections == ["my-turn", "invitations", "waiting", "finished"], sections
        for name, expected in self.order.items():  # (the games set aside, aborted a month ago, come last)
            assert self.rows(page, name)[:len(expected)] == expected, name
        assert len(self.rows(page, "my-turn")) == 3 and len(self.rows(page, "waiting")) == 4

        urgent = [page.locator(f"#my-turn li:has(a[href='/games/{pk}/']) time[data-countdown]").get_attribute("class") or ""
                  for pk in self.order["my-turn"]]
        assert ["urgent-time" in c for c in urgent] == [True, True, False], urgent
        for pk in self.order["waiting"]:
            row = page.inner_text(f"#waiting li:has(a[href='/games/{pk}/'])")
            assert "Bob to decide" in row and "time left" in row, row
            assert page.inner_text(f"#waiting li:has(a[href='/games/{pk}/']) .last-move").startswith("Alice: ")
        for pk in self.order["invitations"]:
            assert "from Carol" in page.inner_text(f"#invitations li:has(a[href='/games/{pk}/'])")
        results = [page.inner_text(f"#finished li:has(a[href='/games/{pk}/']) .result") for pk in self.order["finished"]]
        assert results == ["won by Carol", "draw", "you won"], results

        pictures = page.locator("svg[data-row-picture]")
        assert page.locator("#invitations svg[data-row-picture]").count() == 0  # a game not started has no board
        for name in ("my-turn", "waiting", "finished"):
            for pk in self.order[name]:
                assert page.locator(f"#{name} svg[data-row-picture='{pk}']").count() == 1, (name, pk)
        for i in range(pictures.count()):
            pictures.nth(i).scroll_into_view_if_needed()
            page.wait_for_selector(f"svg[data-row-picture='{pictures.nth(i).get_attribute('data-row-picture')}'][data-drawn=yes]")
        assert page.errors == [], page.errors

    def test_the_list_fits_a_phone(self):
        page = self.page_for("alice", mobile=True)
        page.goto(f"{self.live_server_url}/games/mine/")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        first = page.locator("#my-turn li").first.bounding_box()
        assert first["width"] <= 390 and first["height"] < 400, first
        assert page.errors == [], page.errors
