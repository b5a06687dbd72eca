"""Focus stays where a keyboard player is: after each choice made with Enter, the focus is on the first
target of the next step (on ⟳ when a tile is to be turned), on the prompt when the turn passed, or on
Confirm when the decision waits for it; never on the page's <body>, from where the next Tab would start over. Each key is pressed from
where the focus is, as a player without a mouse presses it. One test per game of the registry,
against a bot."""
from __future__ import annotations

from .test_against_bots import QuickBotsTestCase
from .test_left_and_refused import each_game
from .test_play import make_player, settle

CHOICES = 8  # the keyboard player's choices per game
# Where the focus is: an offered target (or Argo's ⟳ and Confirm of a tile being turned, "turn"), the
# prompt, the Confirm of a decision held (the preference), or anything else by its id or tag.
WHERE = """() => { const a = document.activeElement;
  return a === document.body ? "body" : a.id === "prompt" ? "prompt" : a.id === "turn-end-confirm" ? "held"
       : a.id === "cycle" || a.id === "confirm" ? "turn" : a.matches(".choice[data-token]") ? "target" : (a.id || a.tagName); }"""


@each_game
class FocusKept(QuickBotsTestCase):
    def per_game_focus_follows_each_choice_made_with_the_keyboard(self, name):
        from games import services
        alice = make_player("alice")
        game = services.create_game(alice, game=name, players=2, bots=["greedy"])
        page = self.page_for("alice")
        page.goto(f"{self.live_server_url}/games/{game.pk}/")
        settle(page)
        page.wait_for_selector("#game-root[data-my-turn=yes] .choice[data-token]")
        page.focus("#game-root .choice[data-token]")  # the first target, as a Tab would reach it
        places, tabs = [], 0
        while len(places) < CHOICES:
            page.keyboard.press("Enter")
            settle(page)
            where = page.evaluate(WHERE)
            places.append(where)
            assert where in ("target", "turn", "prompt", "held"), (name, places)
            if where == "turn":  # a tile to turn: from ⟳ a Tab reaches Confirm, which takes it as it stands
                if page.evaluate("() => document.activeElement.id") == "cycle":
                    page.keyboard.press("Tab")
                assert page.evaluate("() => document.activeElement.id") == "confirm", (name, places)
                continue
            while where != "target" and tabs < 200:  # the turn passed: Tab on from the prompt to a target
                page.wait_for_selector("#game-root[data-my-turn=yes] .choice[data-token]")
                page.keyboard.press("Tab")
                tabs += 1
                where = page.evaluate(WHERE)
        assert "target" in places, (name, places)
        assert page.errors == [], page.errors
