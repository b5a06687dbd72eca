"""Two players play a whole game of Argo through the pages, in Debian's Chromium.

The site runs in a Daphne process (HTTP and WebSockets) on the test database; each player has a
browser context of their own. Screenshots go to tests/artifacts/.
"""
from __future__ import annotations

import inspect
import os
import random
import re
import shutil
import time
from functools import partial
from pathlib import Path

import pytest
from channels.testing import ChannelsLiveServerTestCase
from daphne.testing import DaphneProcess

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
PASSWORD = "pass-word-1"
LIVE_SECONDS = 10  # the pages poll every 15 s without their socket: faster means the socket told them
START_SECONDS = 30  # a lobby page becoming the game, by whichever way the start reaches it

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs Debian's chromium (installed by .ci/run)")


def _layer_reaches_the_server() -> bool:
    from django.conf import settings
    return not settings.CHANNEL_LAYERS["default"]["BACKEND"].endswith("InMemoryChannelLayer")


# For a check whose change is made by the test itself (services called in this process) and must
# reach the open pages live: the server runs in a process of its own, and only a channel layer
# outside both (Redis, REDIS_URL, as CI sets it) carries the message there. The embedded in-memory
# layer lives inside one process. Changes made through the pages reach them on either layer.
PUSHED_FROM_THE_TEST = pytest.mark.skipif(
    not _layer_reaches_the_server(),
    reason="the test's own change reaches the server's process only through a shared channel layer: set REDIS_URL")


def make_player(username: str, language: str = "en"):
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model
    user = get_user_model().objects.create_user(username, f"{username}@example.org", PASSWORD)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    user.profile.language = language
    user.profile.save()
    return user


def _known_sourceless_frames() -> None:
    """Let Playwright's every call read the test's stack at the cost of its frames alone.

    Each call of Playwright's sync API records the caller's stack (`inspect.stack`). For a frame whose
    file is not on disk (xdist's workers run from execnet's `<string>`, `python -m` from `<frozen
    runpy>`) inspect looks for a module of that name through all of `sys.modules` (some 2,700 in a
    browser test's process), on every call and without keeping the miss: 10 ms of the 13 ms a call
    cost. Here the miss is looked up once and kept, so the stack reads the same, in 3 ms a call."""
    frame = inspect.currentframe()
    while frame is not None:
        name = frame.f_code.co_filename
        if not os.path.exists(name) and inspect.getmodule(frame, name) is None:
            inspect.modulesbyfile.setdefault(name, "")  # no module of that name: getmodule answers None at once
        frame = frame.f_back


def _pooled(setup) -> None:
    """In the live server's process, after its own setup (the test database's name): PostgreSQL through
    psycopg's pool, as argo_site/asgi.py has the deployed server reach it (DATABASE_POOL, the values
    of argo_site/settings.py). The settings were read before the test process forked the server, with
    one connection per thread; each HTTP request runs in a thread of its own, so without the pool every
    request opened a connection of its own (1,312 in a game of Argo through the pages, 10 pooled)."""
    setup()
    from django.conf import settings
    database = settings.DATABASES["default"]
    if database["ENGINE"] == "argo_site.postgresql":
        database["CONN_MAX_AGE"] = 0
        database.setdefault("OPTIONS", {})["pool"] = {"min_size": 2, "max_size": 16, "timeout": 10}


class LiveServerProcess(DaphneProcess):
    """Daphne serving the site to the browser tests, its database pooled (`_pooled`)."""

    def __init__(self, host, get_application, kwargs=None, setup=None, teardown=None, port=None):
        super().__init__(host, get_application, kwargs, setup=partial(_pooled, setup or (lambda: None)),
                         teardown=teardown, port=port)


class BrowserTestCase(ChannelsLiveServerTestCase):
    host = "127.0.0.1"
    serve_static = True
    ProtocolServerProcess = LiveServerProcess

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        _known_sourceless_frames()
        # Playwright's sync API runs an event loop in this thread; the ORM calls made here by the
        # test itself are still plain synchronous ones (the server process is not affected).
        cls._async_unsafe_was = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        from playwright.sync_api import sync_playwright
        cls._playwright = sync_playwright().start()
        cls.browser = cls._playwright.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-quic"])
        ARTIFACTS.mkdir(exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls._playwright.stop()
        # Not left to the tests after this class (a process they start, such as check --deploy,
        # would inherit it).
        if cls._async_unsafe_was is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = cls._async_unsafe_was
        super().tearDownClass()

    def _fixture_teardown(self):
        """Empty the database, again if the server's last work deadlocked with the emptying.

        Closing the contexts (new_context) ends their sockets, and the server answers a socket's end
        after the test: a player who left gets the turn notices the open site held back
        (tasks.user_left). That notice's insert checks its foreign keys while TRUNCATE takes the
        tables one by one, and PostgreSQL may end the TRUNCATE as the deadlock's victim. The
        server's transaction then finishes, and a second TRUNCATE finds the tables free."""
        from django.core.management.base import CommandError
        from psycopg.errors import DeadlockDetected
        for attempt in range(1, 4):
            try:
                return super()._fixture_teardown()
            except CommandError as error:
                if attempt == 3 or not isinstance(getattr(error.__cause__, "__cause__", None), DeadlockDetected):
                    raise

    def new_context(self, **options):
        """A browser context closed before the test's database is emptied: a page left open keeps
        reading the site (its socket, its next fetch) while the tables are truncated, and the two can
        deadlock."""
        context = self.browser.new_context(**options)
        self.addCleanup(context.close)
        return context

    def page_for(self, username: str, mobile: bool = False):
        size = {"width": 390, "height": 844} if mobile else {"width": 1280, "height": 900}
        context = self.new_context(viewport=size, is_mobile=mobile, has_touch=mobile)
        page = self.watched(context.new_page())
        self.sign_in(page, username)
        return page

    @staticmethod
    def watched(page):
        """The page, with its JavaScript errors and console errors collected in `page.errors`."""
        page.set_default_timeout(20_000)
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.on("console", lambda message: page.errors.append(message.text) if _is_error(message) else None)
        return page

    def sign_in(self, page, username: str) -> None:
        page.goto(f"{self.live_server_url}/accounts/login/")
        page.fill("input[name=login]", username)
        page.fill("input[name=password]", PASSWORD)
        page.click("form button[type=submit]")
        page.wait_for_url(f"{self.live_server_url}/")

    def shot(self, page, name: str):
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


# The game page reads the question after the game (two requests): when the game moves on between them,
# the question's 403 or 409 is the page's cue to read the game again (game.js, actionsAt), not an error;
# Chromium still logs the refused request.
_TURN_RACE = re.compile(r"status of (403|409) ")


def _is_error(message) -> bool:
    if message.type != "error":
        return False
    url = (message.location or {}).get("url", "")
    return not (_TURN_RACE.search(message.text) and url.split("?")[0].endswith("/actions/"))


def within(minutes: float):
    """A check for a loop that waits on pages: past the time, the test fails saying what did not
    happen, instead of a page that stopped answering holding the whole run until CI's end."""
    ends = time.monotonic() + minutes * 60

    def check(what: str) -> None:
        assert time.monotonic() < ends, f"{what} within {minutes} minutes"
    return check


IDLE = """() => {
  const busy = document.getElementById("busy");
  return (!busy || busy.hidden || !busy.getClientRects().length)
    && !document.body.classList.contains("posting") && !document.querySelector("#game-root .queued");
}"""


def settle(page):
    """Until the page is idle: not loading, no decision of its own on the way, no tap kept for later
    (a tap made while it reloaded is taken after the redraw, and may make a decision then). All three
    are looked at together, in one wait on the page."""
    page.wait_for_function(IDLE)


def until_started(page, game_url: str) -> None:
    """Bring the page to the started game; an open lobby reloads itself at the start, so wait for that.
    The start may reach it by the socket, or by the lobby's own look when its socket opens (lobby.js):
    either will do here, so the wait is START_SECONDS, longer than a live update's under a loaded CI."""
    if page.url != game_url:
        page.goto(game_url)
    page.wait_for_selector("#lobby", state="detached", timeout=START_SECONDS * 1000)
    page.wait_for_selector("#connection[data-state=open]", timeout=START_SECONDS * 1000)
    settle(page)


def seq_of(page) -> int:
    return int(page.get_attribute("#game-root", "data-seq") or -1)


def until_seq(page, seq: int) -> None:
    """The page shows decision `seq` (or a later one) without a reload: the socket brought it."""
    page.wait_for_function(f"() => Number(document.querySelector('#game-root').dataset.seq) >= {seq}",
                           timeout=LIVE_SECONDS * 1000)


def next_mover(game_id: int, pages: dict, watch):
    """(page, seq): the page of the player to decide now, once it says it is their turn at decision
    `seq`, the game's present one; None once the game is over. While a bot decides, the wait is on
    the page `watch` for its decision to arrive live. Every wait is on what the pages set
    (data-my-turn, data-seq), none on a clock."""
    from games.models import Game
    while True:
        game = Game.objects.get(pk=game_id)
        if game.status != "active":
            return None
        seat = game.seats.select_related("user").get(order=game.current_seat)
        page = None if seat.bot_account else pages.get(seat.user.username)
        if page is None:  # a bot's turn: the next decision comes by itself
            until_seq(watch, game.seq + 1)
            continue
        page.wait_for_function(f"""() => {{ const root = document.querySelector('#game-root');
            return root.dataset.myTurn === 'yes' && Number(root.dataset.seq) >= {game.seq}; }}""",
                               timeout=LIVE_SECONDS * 1000)
        return page, game.seq


def choose_one(page, rng: random.Random) -> None:
    """Click one of the highlighted choices; a tile placed on the board is turned, then confirmed."""
    if page.is_visible("#confirm"):
        for _ in range(rng.randrange(3)):
            if page.is_visible("#cycle"):
                page.click("#cycle")
        page.click("#confirm")
        return
    choices = page.locator("#board .choice, #controls .choice, #game-panel .choice")
    count = choices.count()
    if count == 0:  # the page may have moved on since its turn was read: look again once it is idle
        settle(page)
        if page.get_attribute("#game-root", "data-my-turn") != "yes":
            return
        count = choices.count()
    if count == 0:
        page.screenshot(path=str(ARTIFACTS / "nothing-offered.png"), full_page=True)
    assert count > 0, f"it is my turn but nothing is offered; tokens: {page.get_attribute('#game-root', 'data-choices')}"
    choices.nth(rng.randrange(count)).dispatch_event("click")


class PlayThroughThePages(BrowserTestCase):
    def test_two_players_play_a_whole_game(self):
        make_player("alice")
        make_player("bob")
        alice, bob = self.page_for("alice"), self.page_for("bob")

        alice.click("#new-argo")
        alice.select_option("#id_players", "2")
        alice.select_option("#id_option_difficulty", label="hard")  # the aliens fill their track sooner
        alice.click("#create-game button[type=submit]")
        alice.wait_for_selector("#lobby")
        game_url = alice.url
        bob.goto(f"{self.live_server_url}/")
        bob.click("#open-games button")  # join: the game is full and starts
        bob.wait_for_url(game_url)
        for page in (alice, bob):
            until_started(page, game_url)
        self.shot(alice, "01-start-alice")

        rng = random.Random(7)
        pages = {"alice": alice, "bob": bob}
        game_id = int(game_url.rstrip("/").split("/")[-1])
        decisions, still = 0, within(15)
        while (turn := next_mover(game_id, pages, alice)) is not None:
            still("the game did not end")
            mover, before = turn
            other = bob if mover is alice else alice
            choose_one(mover, rng)
            settle(mover)
            after = seq_of(mover)
            if after != before:
                decisions += 1
                # The other player sees the decision arrive over the socket, well before any poll.
                until_seq(other, after)
                settle(other)
            if os.environ.get("ARGO_BROWSER_TRACE"):
                print(f"decision {decisions} seq {after}", flush=True)
            if decisions in (10, 60):
                self.shot(mover, f"02-after-{decisions}-decisions")
            assert decisions < 1500, "the game does not end"
        for page in (alice, bob):
            page.wait_for_selector("#outcome:not([hidden])")
        self.shot(alice, "03-finished")

        assert alice.is_visible("#winner") and alice.locator(".ranking li").count() == 3  # two players and the aliens
        from games.models import Game
        game = Game.objects.get()
        assert game.status == "finished" and game.seats.filter(rank__isnull=False).count() == 2

        # The replay steps back to the start and forward again, redrawing the board.
        alice.click("#replay-first")
        settle(alice)
        tiles_at_start = alice.locator("#board .tile").count()
        alice.click("#replay-next")
        alice.click("#replay-next")
        settle(alice)
        assert "2 /" in alice.inner_text("#replay-pos")
        alice.click("#replay-last")
        assert alice.locator("#board .tile").count() > tiles_at_start
        self.shot(alice, "04-replay")
        assert not alice.errors and not bob.errors, alice.errors + bob.errors


class GermanInterface(BrowserTestCase):
    def test_the_german_interface_renders(self):
        make_player("dora", language="de")
        page = self.page_for("dora")
        assert page.locator("html").get_attribute("lang") == "de"
        assert page.is_visible("text=Meine Spiele") and page.is_visible("text=Wähle ein Spiel")
        page.click("#new-argo")
        assert page.is_visible("text=Spiel erstellen") and page.is_visible("text=Schwierigkeit")
        page.click("#create-game button[type=submit]")
        page.wait_for_selector("#lobby")
        assert page.is_visible("text=Warten auf Spieler")
        page.goto(f"{self.live_server_url}/rules/argo/")
        assert page.is_visible("text=Argo, wie es hier gespielt wird")
        assert page.locator(".tile-card svg .tile").count() >= 28
        self.shot(page, "05-german-rules")
        assert not page.errors, page.errors


class GermanGamePage(BrowserTestCase):
    def test_a_german_game_page_speaks_german_and_cuts_no_header(self):
        from games import services
        dora, erik = make_player("dora", language="de"), make_player("erik", language="de")
        # Not the default difficulty: the header names only options that differ from their defaults.
        game = services.create_game(dora, game="argo", players=2, options={"difficulty": "hard"})
        services.join_game(erik, game.pk)
        for mobile in (False, True):
            page = self.page_for("dora", mobile=mobile)
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            settle(page)
            page.wait_for_selector("#players th")
            cut = page.evaluate("() => [...document.querySelectorAll('#players th')]"
                                ".filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent)")
            assert cut == [], cut
            words = page.inner_text("body")
            assert "entkommen" in words and "schwer" in words and "getötete Astronauten" in words
            assert "[0]" not in words  # the alien track says what its slots are
            assert page.text_content('#board [data-figure="red-pilot"] title') == "die rote Pilotin"
            for english in ("(yellow)", "hard", "Refused", "Your turn", "Waiting for"):
                assert english not in words, english
            assert not page.errors, page.errors


class RulesPage(BrowserTestCase):
    def test_the_rules_draw_each_role_and_module_and_fit_a_phone(self):
        from django.conf import settings
        for lang, _ in settings.LANGUAGES:
            context = self.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                               locale=lang, extra_http_headers={"Accept-Language": lang})
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))  # noqa: B023 - this pass's page and list
            page.goto(f"{self.live_server_url}/rules/argo/")
            page.wait_for_selector("svg[data-role=robot] .piece")
            drawn = page.evaluate("""() => ({
              roles: [...document.querySelectorAll("svg[data-role]")].filter((s) => s.querySelector(".piece")).length,
              modules: [...document.querySelectorAll("#modules ~ dl svg[data-tile]")].filter((s) => s.querySelector(".tile")
                && getComputedStyle(s.querySelector(".tile-lit")).fill === "none").length,
              covered: [...document.querySelectorAll("svg .ring")].filter((r) => getComputedStyle(r).fill !== "rgba(0, 0, 0, 0)").length,
              width: document.documentElement.scrollWidth })""")
            assert drawn == {"roles": 6, "modules": 10, "covered": 0, "width": 390}, (lang, drawn)
            self.shot(page, f"06-rules-phone-{lang}")
            assert not errors, errors
            context.close()


class LiveLobby(BrowserTestCase):
    def test_the_lobby_shows_joins_and_declines_at_once_and_turns_into_the_game(self):
        from games import services
        alice, _bob, _ = make_player("alice"), make_player("bob"), make_player("carol")
        game = services.create_game(alice, game="argo", players=3, invite=["bob", "carol"])
        url = f"{self.live_server_url}/games/{game.pk}/"
        host = self.page_for("alice")
        host.goto(url)
        host.wait_for_selector("#connection[data-state=open]")
        assert host.inner_text("#lobby-invited") == "Invited: bob, carol" and not host.is_visible("#start")

        guest = self.page_for("bob")
        guest.goto(url)
        assert guest.is_visible("#decline")
        guest.click("#join")
        guest.wait_for_selector("#leave")
        assert not guest.is_visible("#join") and not guest.is_visible("#decline")
        host.wait_for_selector("#lobby-seats li:nth-child(2)", timeout=LIVE_SECONDS * 1000)
        host.wait_for_selector("#start")
        assert host.inner_text("#lobby-invited") == "Invited: carol"

        carol = self.page_for("carol")
        carol.goto(url)
        carol.click("#decline")
        carol.wait_for_url(f"{self.live_server_url}/games/mine/")
        assert f"/games/{game.pk}/" not in carol.content()
        host.wait_for_selector("#lobby-declined", timeout=LIVE_SECONDS * 1000)
        assert host.inner_text("#lobby-declined") == "Declined: carol" and not host.is_visible("#lobby-invited")

        guest.wait_for_selector("#connection[data-state=open]")
        host.click("#start")
        host.wait_for_selector("#game-root")
        guest.wait_for_selector("#game-root", timeout=LIVE_SECONDS * 1000)  # the lobby became the game
        assert not host.errors and not guest.errors, (host.errors, guest.errors)


class NewPlayer(BrowserTestCase):
    def test_a_new_player_signs_up_in_her_time_zone_and_the_confirmation_link_signs_her_in(self):
        from allauth.account.models import EmailAddress, EmailConfirmationHMAC

        from accounts.models import Profile
        context = self.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                           timezone_id="America/New_York")
        page = context.new_page()
        page.goto(f"{self.live_server_url}/accounts/signup/")
        page.fill("input[name=email]", "nora@example.org")
        page.fill("input[name=username]", "nora")
        page.fill("input[name=password1]", "short")
        page.fill("input[name=password2]", "short")
        page.click("main form button[type=submit]")
        error = page.locator(".field-errors").first
        assert error.is_visible() and error.evaluate("e => getComputedStyle(e).color") == "rgb(176, 0, 32)"
        assert page.get_attribute("input[name=password1]", "aria-invalid") == "true"
        page.fill("input[name=password1]", PASSWORD + "-nora")
        page.fill("input[name=password2]", PASSWORD + "-nora")
        page.click("main form button[type=submit]")
        page.wait_for_url("**/accounts/confirm-email/")
        assert Profile.objects.get(user__username="nora").time_zone == "America/New_York"

        key = EmailConfirmationHMAC(EmailAddress.objects.get(email="nora@example.org")).key
        page.goto(f"{self.live_server_url}/accounts/confirm-email/{key}/")
        page.click("main form button[type=submit]")
        page.wait_for_url(f"{self.live_server_url}/")
        assert page.get_attribute("body", "data-user") == "nora"
        context.close()
