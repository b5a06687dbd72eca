"""The site's forms as a player meets them: the new-game form offers a choice for each seat the chosen
table has, and its controls wear the site's look on a desktop as on the account pages."""
from __future__ import annotations

from .test_play import BrowserTestCase, make_player


class NewGameForm(BrowserTestCase):
    def setUp(self):
        make_player("alice")

    def test_the_seats_follow_the_number_of_players(self):
        from games import rules
        from games.models import Game
        page = self.page_for("alice")
        page.set_viewport_size({"width": 1920, "height": 1080})
        for name in rules.names():
            module = rules.get(name)
            page.goto(f"{self.live_server_url}/games/new/{name}/")
            for players in range(module.min_players, module.max_players + 1):
                page.select_option("#create-game select[name=players]", str(players))
                shown = [n for n in range(2, module.max_players + 1) if page.is_visible(f"select[name=seat_{n}]")]
                assert shown == list(range(2, players + 1)), (name, players, shown)
            # A bot chosen for the last seat, then a smaller table: the hidden seat sends nothing.
            page.select_option("#create-game select[name=players]", str(module.max_players))
            page.select_option(f"select[name=seat_{module.max_players}]", module.bot_kinds[0])
            page.select_option("#create-game select[name=players]", str(module.max_players - 1))
            page.click("#create-game button[type=submit]")
            page.wait_for_url(lambda url: "/games/new/" not in url)
            game = Game.objects.filter(name=name).order_by("-pk").first()
            assert game.players == module.max_players - 1 and game.seats.count() == 1, (name, game.players)
        assert page.errors == []

    def test_the_options_follow_the_number_of_players(self):
        """Only the options that apply at the chosen table show (no teams of four, no faction of a
        fourth seat at a table of two), and the game's header then names none left at its default."""
        from games import rules
        from games.models import Game
        from tests.site.integration.test_options import at_every_table
        page = self.page_for("alice")
        wrong = {}
        for name in rules.names():
            module = rules.get(name)
            page.goto(f"{self.live_server_url}/games/new/{name}/")
            for players in range(module.max_players, module.min_players - 1, -1):
                page.select_option("#create-game select[name=players]", str(players))
                shown = [key for key in module.options_schema() if page.is_visible(f"select[name=option_{key}]")]
                if shown != module.options_for(players):
                    wrong[(name, players)] = shown
            page.click("#create-game button[type=submit]")
            page.wait_for_url(lambda url: "/games/new/" not in url)
            game = Game.objects.filter(name=name).order_by("-pk").first()
            meta = page.inner_text(".game-head p.meta >> nth=0")
            named = [spec["label"]["en"] for spec in module.options_schema().values() if spec["label"]["en"] in meta]
            if named:
                wrong[(name, game.players, "header")] = named
            page.goto(f"{self.live_server_url}/tournaments/new/{name}/")  # a tournament's tables alike
            for seats in range(module.max_players, module.min_players - 1, -1):
                page.select_option("#create-tournament select[name=seats]", str(seats))
                shown = [key for key in module.options_schema() if page.is_visible(f"select[name=option_{key}]")]
                if shown != at_every_table(module, seats):
                    wrong[(name, seats, "tournament")] = shown
        assert wrong == {}, wrong  # every game checked before failing: one game's fault hides no other's
        assert page.errors == []

    def test_the_form_wears_the_sites_look_on_a_desktop(self):
        from games import rules
        page = self.page_for("alice")
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.goto(f"{self.live_server_url}/games/new/{rules.names()[0]}/")
        look = page.evaluate("""() => {
          const select = document.querySelector('#create-game select[name=players]');
          const field = select.closest('.field');
          const label = field.querySelector('label');
          const submit = document.querySelector('#create-game button[type=submit]');
          const s = getComputedStyle(select);
          return {radius: s.borderTopLeftRadius,
                  fills: Math.abs(select.getBoundingClientRect().width - field.getBoundingClientRect().width) < 2,
                  labelWeight: getComputedStyle(label).fontWeight, labelBlock: getComputedStyle(label).display,
                  submit: getComputedStyle(submit).backgroundColor, page: getComputedStyle(document.body).backgroundColor};
        }""")
        assert look["radius"] == "6px" and look["fills"], look
        assert look["labelWeight"] == "600" and look["labelBlock"] == "block", look
        assert look["submit"] not in (look["page"], "rgba(0, 0, 0, 0)"), look
