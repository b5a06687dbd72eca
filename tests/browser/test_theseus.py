"""Theseus played through the pages, in Debian's Chromium.

Two people play a game of two: each click on a lit card, room, slot or button is a decision the
other sees arrive live, the turn passes between them in sight, and the other's log names the card or
room chosen. Then two partners play a team game of four against two bots to its end: the page says
which team won ("Winner: ann, ben (Team A)", or the bots' Team B) and how their ratings moved, together.
"""
from __future__ import annotations

import random
from unittest import mock

from .test_against_bots import QuickBotsTestCase
from .test_play import LIVE_SECONDS, make_player, next_mover, seq_of, settle, until_seq, until_started, within

SEED = 33  # the games' seed (the server draws it with lobby.secrets.randbits): the same deal every run, a short one
NAMED = {"setup_card", "setup_slot", "setup_room", "room", "install_slot"}  # decisions the log names by their pick
OFFERED = "#board .choice, #controls .choice, #game-panel .choice"


def click_offered(page, rng: random.Random) -> bool:
    """Click one lit choice (a card, room, slot, unit or button); False when, once idle, the page says
    it is no longer this player's turn."""
    choices = page.locator(OFFERED)
    count = choices.count()
    if count == 0:
        settle(page)
        if page.get_attribute("#game-root", "data-my-turn") != "yes":
            return False
        count = choices.count()
    assert count > 0, f"nothing offered; tokens: {page.get_attribute('#game-root', 'data-choices')}"
    choices.nth(rng.randrange(count)).dispatch_event("click")
    return True


def decide(page, rng: random.Random, before: int) -> int | None:
    """One click on the page at decision `before` and its answer: the new seq when it completed a
    decision, None for a step of one."""
    click_offered(page, rng)
    settle(page)
    after = seq_of(page)
    return after if after != before else None


def game_of(page) -> int:
    return int(page.url.rstrip("/").split("/")[-1])


class TheseusThroughThePages(QuickBotsTestCase):
    @classmethod
    def setUpClass(cls):
        # The server process is forked by the base class: the seed and the bots' delay go in first.
        from games.services import lobby
        seed = mock.patch.object(lobby.secrets, "randbits", return_value=SEED)
        seed.start()
        cls.addClassCleanup(seed.stop)
        super().setUpClass()

    def ann_creates_and_ben_joins(self, form: dict[str, str], join: str) -> dict:
        """ann fills the new-game form (select id -> value) and ben joins with the button `join`;
        returns both pages once the game has started on them."""
        make_player("ann"), make_player("ben")
        pages = {"ann": self.page_for("ann"), "ben": self.page_for("ben")}
        ann, ben = pages["ann"], pages["ben"]
        ann.click("#new-theseus")
        for select, value in form.items():
            ann.select_option(select, value)
        ann.click("#create-game button[type=submit]")
        ann.wait_for_selector("#lobby")
        ben.goto(ann.url)
        ben.click(join)
        for page in pages.values():
            until_started(page, ann.url)
        return pages

    def test_two_people_see_each_others_decisions_arrive_and_the_turn_pass(self):
        from games.models import Decision
        from games.rules.theseus.log import token_name
        pages = self.ann_creates_and_ben_joins({"#id_players": "2"}, "#join")
        ann = pages["ann"]
        for page in pages.values():
            page.evaluate("window.notReloaded = true")  # gone if the page were loaded again
        self.shot(ann, "theseus-01-start")

        rng, still = random.Random(5), within(4)
        made, named, switches = {"ann": 0, "ben": 0}, 0, 0
        while min(made.values()) < 30:
            still("thirty decisions each were not made")
            turn = next_mover(game_of(ann), pages, ann)
            assert turn is not None, f"the game ended after {made} decisions"
            mover, before = turn
            name = next(n for n, p in pages.items() if p is mover)
            other_name = "ben" if name == "ann" else "ann"
            other = pages[other_name]
            seq = decide(mover, rng, before)
            if seq is None:
                continue
            made[name] += 1
            until_seq(other, seq)  # live, well before the 15 s poll
            settle(other)
            decision = Decision.objects.filter(game__name="theseus").latest("number")
            if decision.data["type"] in NAMED:  # the other's log says what was chosen, and by whom
                entry = other.locator(f'#log li[data-number="{decision.number}"]')
                entry.wait_for()
                words = entry.inner_text()
                assert words.startswith(f"{name}:") and token_name(decision.data["pick"], "en") in words, words
                named += 1
            if other.get_attribute("#game-root", "data-my-turn") == "yes":  # the turn passed: both pages say so
                switches += 1
                assert other.inner_text("#prompt").startswith("Your turn"), other.inner_text("#prompt")
                assert mover.get_attribute("#game-root", "data-my-turn") == "no"
                for page in (mover, other):
                    assert page.inner_text("#turn strong") == other_name
            if sum(made.values()) == 20:
                self.shot(other, "theseus-02-after-20-decisions")
        assert named >= 10 and switches >= 10, (named, switches)
        for page in pages.values():
            assert page.evaluate("window.notReloaded === true") and not page.errors, page.errors

    def test_two_partners_and_two_bots_play_a_team_game_to_its_end(self):
        from games.models import Game
        # Team A: seats 1 and 3 (ann, and ben joining it), the bots in seats 2 and 4 are Team B
        form = {"#id_players": "4", "#id_option_teams": "1", "#id_seat_2": "random", "#id_seat_4": "random"}  # teams: yes
        pages = self.ann_creates_and_ben_joins(form, "#join-team-0")
        ann = pages["ann"]
        game = Game.objects.get(status="active")
        team_a = ann.inner_text('#teams [data-team="0"]')
        assert team_a == "Team A: ann, ben", team_a
        assert ann.locator("#players").inner_text().count("(bot)") == 2 and game.seats.filter(bot_account=True).count() == 2

        rng, still, made = random.Random(9), within(12), 0  # a bound for a hung page, not a target
        while (turn := next_mover(game.pk, pages, ann)) is not None:  # the bots' moves arrive by themselves
            still("the team game did not end")
            mover, before = turn
            made += decide(mover, rng, before) is not None
            assert made < 1000, "the game does not end"
        for page in pages.values():
            page.wait_for_selector("#outcome:not([hidden])", timeout=LIVE_SECONDS * 1000)
            page.wait_for_selector("#rating-changes li")
        self.shot(ann, "theseus-03-team-game-over")

        game.refresh_from_db()
        assert game.status == "finished" and game.rated
        winners = {s.user.username for s in game.seats.select_related("user") if s.colour in game.outcome["winners"]}
        ours = winners == {"ann", "ben"}
        assert ours or winners.isdisjoint({"ann", "ben"}), winners
        winner_line = ann.inner_text("#winner")
        assert winner_line.startswith("Winner: Team A (" if ours else "Winner: Team B ("), winner_line
        for page in pages.values():  # both partners read the same outcome and their ratings moving together
            assert page.inner_text("#winner") == winner_line
            lines = {line.split(":")[0]: line for line in page.locator("#rating-changes li").all_inner_texts()}
            for name in ("ann", "ben"):
                change = lines[name].rsplit("(", 1)[1]
                assert change.startswith("+" if ours else "-"), lines[name]
        ann.goto(f"{self.live_server_url}/players/ann/")
        card = ann.locator('.rating-card[data-game="theseus"]')
        assert "1 rated games" in card.inner_text(), card.inner_text()
        for page in pages.values():
            assert not page.errors, page.errors
