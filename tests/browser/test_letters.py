"""Direct messages in Debian's Chromium (letters/, docs/letters.md): a message to a player who blocked
the sender is refused on the page with the reason, and no form is offered; a message to another player
reaches them live: the menu's count on the page they have open, then the conversation itself."""
from __future__ import annotations

from .test_play import LIVE_SECONDS, BrowserTestCase, make_player


class Letters(BrowserTestCase):
    def test_a_blocked_sender_is_told_why_and_a_message_arrives_live(self):
        from friends import services as friends
        alice, _, carol = make_player("alice"), make_player("bob"), make_player("carol")
        friends.block(carol, "alice")
        writer = self.page_for("alice")
        writer.goto(f"{self.live_server_url}/letters/carol/")
        assert "does not accept messages from you" in writer.inner_text("#letters-refusal")
        assert not writer.is_visible("#letters-form")

        reader = self.page_for("bob")
        reader.goto(f"{self.live_server_url}/")
        reader.wait_for_selector("html[data-user-socket=open]", state="attached")  # told live from here on
        writer.goto(f"{self.live_server_url}/letters/bob/")
        writer.fill("#letters-text", "Shall we play Argo tonight?")
        with writer.expect_navigation():
            writer.click("#letters-form button[type=submit]")
        assert "Shall we play Argo tonight?" in writer.inner_text("#letters")
        reader.wait_for_function("() => document.getElementById('letters-badge').textContent === '1'",
                                 timeout=LIVE_SECONDS * 1000)  # the count, told live; never the text
        reader.goto(f"{self.live_server_url}/letters/alice/")
        assert "Shall we play Argo tonight?" in reader.inner_text("#letters")
        assert alice.username in reader.inner_text("main")
