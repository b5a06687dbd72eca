"""Around the game, on the open pages: a player a moderator removes is told so there and then, with the
reason, and offered nothing that cannot act; a block withdraws the invitation the blocked player was
looking at, and the badge that counted it; a chat line the site refuses is answered at the chat box,
in the reader's language, and keeps its text.

The removal concerns every game's page (its prompt, its choices): one test per game of the registry,
so that one game's failure does not hide another's."""
from __future__ import annotations

from games import rules

from .test_every_page import mid_game
from .test_play import LIVE_SECONDS, BrowserTestCase, make_player, settle

REFUSED_REQUEST = "the server responded with a status of 403"  # Chromium logs a refused fetch as an error


def each_game(cls):
    """A test method `test_<what>_<game>` per game of the registry for each `per_game_<what>(self, name)`
    (unittest test cases take no pytest parameters: these are the parametrized tests)."""
    for attr in [a for a in vars(cls) if a.startswith("per_game_")]:
        for name in rules.names():
            def test(self, check=getattr(cls, attr), name=name):  # noqa: B008 - binds this pass's check, as name=name
                check(self, name)
            test.__name__ = f"test_{attr.removeprefix('per_game_')}_{name}"
            setattr(cls, test.__name__, test)
    return cls


def open_game(case, user, game_id):
    page = case.page_for(user.username)
    page.goto(f"{case.live_server_url}/games/{game_id}/")
    page.wait_for_selector("#connection[data-state=open]")
    settle(page)
    return page


@each_game
class RemovedPlayer(BrowserTestCase):
    def per_game_a_removed_player_is_told_why_and_offered_nothing(self, name):
        from django.contrib.auth import get_user_model

        from games import services
        from games.models import Seat
        alice, bob = make_player("alice"), make_player("bob")
        game_id = mid_game(name, [alice, bob], decisions=4)
        page = open_game(self, alice, game_id)
        assert page.is_visible("#chat-form") and page.is_visible("#resign")
        moderator = get_user_model().objects.create_user("moderator", is_staff=True)
        services.remove_player(moderator, Seat.objects.get(game_id=game_id, user=alice).pk, "playing two accounts")

        page.wait_for_function("() => document.querySelector('#prompt').textContent.includes('removed you')",
                               timeout=LIVE_SECONDS * 1000)
        settle(page)
        for when in ("live", "after a reload"):
            prompt = page.inner_text("#prompt")
            assert "A moderator removed you from this game" in prompt and "playing two accounts" in prompt, (when, prompt)
            assert "Waiting for" not in prompt, (when, prompt)
            assert not page.is_visible("#chat-form") and page.is_visible("#chat-closed"), when
            assert not page.is_visible("#resign") and not page.is_visible("#undo"), when
            assert page.locator("#game-root .choice").count() == 0, when
            assert page.get_attribute("#game-root", "data-my-turn") == "no", when
            page.reload()
            page.wait_for_selector("#connection[data-state=open]")
            settle(page)

        page.goto(f"{self.live_server_url}/games/mine/")
        assert page.locator(f"#finished a[href='/games/{game_id}/']").count() == 1
        assert page.locator(f"#waiting a[href='/games/{game_id}/']").count() == 0
        assert "a moderator removed you" in page.inner_text("#finished")
        assert page.errors == []


def prompt_after_leaving(case, name, leave, language="en") -> str:
    """Alice leaves a game in progress (`leave(alice, game_id)`); her page's prompt, once it is
    checked to offer nothing."""
    alice = make_player("alice", language=language)
    game_id = mid_game(name, [alice, make_player("bob")], decisions=4)
    leave(alice, game_id)
    page = open_game(case, alice, game_id)
    assert not page.is_visible("#resign") and not page.is_visible("#undo")
    assert page.locator("#game-root .choice").count() == 0 and page.errors == []
    return page.inner_text("#prompt")


def run_out_of_time(user, game_id):
    from django.db import transaction

    from games import services
    from games.models import Seat
    with transaction.atomic():
        game = services.locked(game_id)
        services.hand_seat_to_bot(game, game.seats.get(user=user), Seat.Status.TIMED_OUT)


@each_game
class LeftPlayer(BrowserTestCase):
    def per_game_a_resigned_player_is_told_so_not_whom_the_game_waits_for(self, name):
        from games import services
        prompt = prompt_after_leaving(self, name, services.resign)
        assert prompt == "You resigned this game: the bot plays your seat, and you rank last.", prompt

    def test_a_player_out_of_time_is_told_so_in_their_language(self):
        prompt = prompt_after_leaving(self, rules.names()[0], run_out_of_time, language="de")
        assert prompt.startswith("Deine Zeit in dieser Partie ist abgelaufen") and "Warten auf" not in prompt, prompt


class RefusedAndWithdrawn(BrowserTestCase):
    def setUp(self):
        self.alice, self.bob = make_player("alice"), make_player("bob", language="de")

    def test_a_refused_chat_line_is_answered_at_the_chat_box_and_keeps_its_text(self):
        from friends import services as friends
        game_id = mid_game(rules.names()[0], [self.alice, self.bob], decisions=4)
        page = open_game(self, self.bob, game_id)
        prompt = page.inner_text("#prompt")
        page.fill("#chat-text", "hallo")
        page.click("#chat-form button[type=submit]")
        page.wait_for_selector("#chat li >> text=hallo")
        assert page.input_value("#chat-text") == "" and not page.is_visible("#chat-refusal")

        friends.block(self.alice, "bob")  # her game's chat no longer takes his lines
        page.fill("#chat-text", "noch eine Zeile")
        page.click("#chat-form button[type=submit]")
        page.wait_for_selector("#chat-refusal", state="visible")
        assert page.inner_text("#chat-refusal") == "ein Spieler dieser Partie nimmt keine Nachrichten von dir an"
        assert page.input_value("#chat-text") == "noch eine Zeile"  # kept, to send elsewhere or later
        assert page.inner_text("#prompt") == prompt and "error" not in (page.get_attribute("#prompt", "class") or "")
        assert "noch eine Zeile" not in page.inner_text("#chat")
        assert [e for e in page.errors if REFUSED_REQUEST not in e] == [], page.errors

    def test_a_block_withdraws_the_open_invitation_on_the_invitees_page_and_badge(self):
        from friends import services as friends
        from games import services
        game = services.create_game(self.alice, game=rules.names()[0], players=3, invite=["bob"])
        page = self.page_for("bob")
        page.goto(f"{self.live_server_url}/games/{game.pk}/")
        page.wait_for_selector("#connection[data-state=open]")
        page.wait_for_selector("html[data-user-socket=open]")
        assert page.is_visible("#join") and page.is_visible("#decline")
        assert (page.inner_text("#waiting-badge"), page.is_visible("#waiting-badge")) == ("1", True)

        friends.block(self.alice, "bob")
        page.wait_for_selector("#join", state="detached", timeout=LIVE_SECONDS * 1000)
        page.wait_for_selector("#waiting-badge", state="hidden", timeout=LIVE_SECONDS * 1000)
        assert not page.is_visible("#decline") and page.locator("#lobby-invited").count() == 0
        assert page.inner_text("#join-refused") == "Dieses Spiel steht dir nicht offen."
        assert not page.title().startswith("(")
        assert page.errors == []
