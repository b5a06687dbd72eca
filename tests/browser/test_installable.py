"""The site as an app on a phone-sized Chromium: the service worker, the permission asked only on a
click, a device that subscribes and is listed, and a turn push shown by the service worker.

This machine has no route to the browser maker's push service, so one piece stands in for it: the
page's PushManager hands out a subscription of the test's local push service (with real keys), and
what the site posts there is decrypted and given to the service worker through the DevTools
protocol, as the push service would. Everything of the site's own runs for real.
"""
from __future__ import annotations

import json
import tempfile

from django.test import override_settings
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from games.management.commands.vapid_keys import new_pair

from .test_play import ARTIFACTS, CHROMIUM, BrowserTestCase, make_player

PUBLIC, PRIVATE = new_pair()

STAND_IN_PUSH_SERVICE = """
(() => {
  const subscription = %s;
  PushManager.prototype.getSubscription = async function () { return null; };
  PushManager.prototype.subscribe = async function (options) {
    if (!options || !options.userVisibleOnly || !options.applicationServerKey) throw new Error("bad options");
    window.__serverKey = Array.from(new Uint8Array(options.applicationServerKey));
    return { endpoint: subscription.endpoint, toJSON: () => subscription };
  };
})();
"""

# The notifications the service worker shows, once it shows any: each poll asks for them and reads
# the answer of the poll before (getNotifications answers later than a poll may wait).
SHOWN_NOTIFICATIONS = """() => {
  navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => {
    window.shownNotifications = list.map((n) => ({title: n.title, body: n.body, tag: n.tag, url: n.data.url}));
  });
  return window.shownNotifications && window.shownNotifications.length ? window.shownNotifications : null;
}"""


@override_settings(VAPID_PUBLIC_KEY=PUBLIC, VAPID_PRIVATE_KEY=PRIVATE, PUSH_ALLOW_HTTP=True,
                   PUSH_SERVICE_HOSTS=["127.0.0.1"])
class InstallableSite(BrowserTestCase):
    def phone(self):
        # A persistent profile: Chromium has no Push API in its incognito-like default contexts.
        context = self._playwright.chromium.launch_persistent_context(
            tempfile.mkdtemp(), executable_path=CHROMIUM, viewport={"width": 390, "height": 844},
            is_mobile=True, has_touch=True, args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
        self.addCleanup(context.close)
        return context, self.watched(context.new_page())

    def test_a_player_turns_on_pushes_and_a_turn_push_shows_as_a_notification(self):
        from accounts.models import PushDevice
        from games import services
        from tests.site.integration.test_push import Browser, PushService

        alice, bob = make_player("alice"), make_player("bob")
        service = PushService()
        self.addCleanup(service.close)
        device = Browser(service, "alice-phone")
        context, page = self.phone()
        context.add_init_script(STAND_IN_PUSH_SERVICE % json.dumps(device.subscription()))
        self.sign_in(page, "alice")

        page.goto(f"{self.live_server_url}/settings/")
        assert page.evaluate("Notification.permission") == "default", "the page asked before the click"
        worker = page.evaluate("navigator.serviceWorker.ready.then(r => r.active.scriptURL)")
        assert worker == f"{self.live_server_url}/sw.js"
        context.grant_permissions(["notifications"], origin=self.live_server_url)
        with page.expect_navigation():
            page.click("#push-on")
        assert "Chrome" in page.text_content("#device-list")
        stored = PushDevice.objects.get(user=alice)
        assert stored.endpoint == device.endpoint

        # The game starts with someone's turn: alice's phone gets a push when it is hers (her
        # settings page is still open, so she asks for notices even then).
        type(alice.profile).objects.filter(user=alice).update(notify_while_online=True)
        game = services.create_game(bob, game="argo", players=2, hours_per_move=24)
        services.join_game(alice, game.pk)
        game.refresh_from_db()
        if game.deciding_seat.user_id != alice.pk:
            from tests.site.integration.test_async_play import decide
            while game.deciding_seat.user_id != alice.pk:
                decide(bob, game)
                game.refresh_from_db()
        assert len(service.received) == 1, "one push, when the turn came to alice"
        notice = device.read(service.received[0])
        assert notice["url"].endswith(f"/games/{game.pk}/")

        # The push service hands the message to the service worker, which shows it.
        session = context.new_cdp_session(page)
        registration = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        ids = []

        def deliver():
            session.send("ServiceWorker.deliverPushMessage", {
                "origin": self.live_server_url, "registrationId": ids[-1], "data": json.dumps(notice)})

        def reported(event):  # the push goes out as soon as the protocol names the registration
            first = not ids
            ids.extend(r["registrationId"] for r in event["registrations"]
                       if r["scopeURL"] == registration and not r.get("isDeleted"))
            if first and ids:
                deliver()
        session.on("ServiceWorker.workerRegistrationUpdated", reported)
        session.send("ServiceWorker.enable")
        shown = None
        for _ in range(4):
            try:
                shown = page.wait_for_function(SHOWN_NOTIFICATIONS, polling=100, timeout=5000).json_value()
                break
            except PlaywrightTimeoutError:
                # Chromium can drop a push handed over while the worker is still starting: hand it
                # over again every five seconds (a notification with the same tag replaces the last).
                assert ids, "the service worker's registration was not reported"
                deliver()
        # the body says whose turn, and, when bob moved first, what he did ("Since you last looked")
        assert notice["body"].split("\n")[0] == f"Your turn in Argo #{game.pk}", notice["body"]
        assert shown == [{"title": "Argo Station", "body": notice["body"], "tag": f"game-{game.pk}", "url": notice["url"]}]
        page.screenshot(path=str(ARTIFACTS / "push-settings-phone.png"), full_page=True)
        assert page.errors == [], page.errors

    def test_the_service_worker_keeps_the_offline_page_and_nothing_else(self):
        make_player("alice")
        context, page = self.phone()
        self.sign_in(page, "alice")
        page.evaluate("navigator.serviceWorker.ready")
        page.reload()
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        kept = page.evaluate("""caches.keys().then(names => Promise.all(names.map(n => caches.open(n)
            .then(c => c.keys()).then(rs => rs.map(r => new URL(r.url).pathname))))).then(l => l.flat())""")
        assert "/offline/" in kept
        assert not [path for path in kept if not (path == "/offline/" or path.startswith("/static/"))], kept
        offline = page.evaluate("caches.match('/offline/').then(r => r.text())")
        assert "You are offline" in offline and "alice" not in offline, "the offline page names no one"
