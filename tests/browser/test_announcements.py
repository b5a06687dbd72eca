"""A screen reader hears the game as it goes: each decision that arrives while the game page is open is
said once in its live region (#announce, role "log"), with its player's name and its log sentence,
the others' and the reader's own alike; none from before the page opened, none twice however often the
page reads the log again; a chat message from another player is said there too. One test per game of
the registry."""
from __future__ import annotations

from .test_left_and_refused import each_game
from .test_play import LIVE_SECONDS, PUSHED_FROM_THE_TEST, BrowserTestCase, make_player, settle

ANNOUNCED = "() => [...document.querySelectorAll('#announce p[data-number]')].map(p => [Number(p.dataset.number), p.textContent])"


@each_game
class Announced(BrowserTestCase):
    @PUSHED_FROM_THE_TEST
    def per_game_each_decision_that_arrives_is_said_once_with_its_player(self, name):
        from games import services
        from games.models import Decision, Game

        from .test_next_game import end_my_turn
        me, rival = make_player("me"), make_player("rival")
        game = services.create_game(rival, game=name, players=2)
        services.join_game(me, game.pk)
        end_my_turn(game.pk, rival)  # where the rival begins, that turn is before the page opened
        before = Game.objects.get(pk=game.pk).seq
        page = self.page_for("me")
        page.goto(f"{self.live_server_url}/games/{game.pk}/")
        settle(page)
        assert page.get_attribute("#announce", "role") == "log" and page.evaluate(ANNOUNCED) == []
        end_my_turn(game.pk, me)  # my turn, made elsewhere (another tab): said too, once it arrives
        end_my_turn(game.pk, rival)
        end_my_turn(game.pk, me)
        made = list(Decision.objects.filter(game_id=game.pk, number__gt=before, undone=False)
                    .order_by("number").values_list("number", "seat"))
        page.wait_for_function(f"() => document.querySelectorAll('#announce p').length >= {len(made)}",
                               timeout=LIVE_SECONDS * 1000)
        settle(page)
        said = page.evaluate(ANNOUNCED)
        assert [n for n, _ in said] == [n for n, _ in made], (said, made)
        names = {seat: user.username for seat, user in ((s.order, s.user) for s in Game.objects.get(pk=game.pk).seats.all())}
        for (number, line), (_, seat) in zip(said, made):
            assert line.startswith(f"{names[seat]}: ") and len(line) > len(names[seat]) + 2, (number, line)

        services.post_chat(rival, game.pk, "Good luck!")  # a message from another player is said too
        page.wait_for_selector("#announce p[data-chat]", state="attached", timeout=LIVE_SECONDS * 1000)
        assert page.text_content("#announce p[data-chat]") == "Chat, rival: Good luck!"

        page.reload()  # a new page starts from the present: nothing of before is said
        settle(page)
        assert page.evaluate(ANNOUNCED) == []
        assert page.errors == []
