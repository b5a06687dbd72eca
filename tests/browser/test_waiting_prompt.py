"""Who is not deciding reads the pending question in the third person: a waiting player and a
spectator see "Waiting for Carol: " and the rules' prompt_for_others, never the words addressed to the
deciding player ("Your single action this first turn…"). Every game's page, at the start and mid-game."""
from __future__ import annotations

from .test_every_page import mid_game
from .test_play import BrowserTestCase, make_player, settle


class WaitingPrompt(BrowserTestCase):
    def setUp(self):
        from games import rules
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.games = {(name, decisions): mid_game(name, [self.alice, self.bob], decisions=decisions)
                      for name in rules.names() for decisions in (0, 9)}

    def prompt_on(self, page, game_id: int) -> str:
        page.goto(f"{self.live_server_url}/games/{game_id}/")
        page.wait_for_selector("#connection[data-state=open]")
        settle(page)
        return page.inner_text("#prompt")

    def test_a_waiting_player_and_a_spectator_read_the_third_person(self):
        from games import services
        from games.models import Game
        waiting = {user.pk: self.page_for(user.username) for user in (self.alice, self.bob)}
        spectator = self.watched(self.new_context(viewport={"width": 1280, "height": 900}).new_page())
        wrong = {}
        for (name, decisions), game_id in self.games.items():
            game = Game.objects.get(pk=game_id)
            if game.status != Game.Status.ACTIVE:
                continue
            mover = game.seats.get(order=game.current_seat).user
            state = services.current_state(game)
            words = services.presentation_of(game)
            expected = f"Waiting for {mover.profile.name}: {words.prompt_for_others(state, 'en')}"
            other = self.bob if mover == self.alice else self.alice
            for who, page in (("player", waiting[other.pk]), ("spectator", spectator)):
                shown = self.prompt_on(page, game_id)
                if shown != expected:
                    wrong[(name, decisions, who)] = (shown, expected, words.prompt(state, "en"))
        assert wrong == {}, wrong  # every game checked before failing: one game's fault hides no other's
        assert all(page.errors == [] for page in [*waiting.values(), spectator])
