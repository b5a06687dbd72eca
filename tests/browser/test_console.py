"""Every page of the site, signed in and as a visitor, read in every language of settings.LANGUAGES:
none logs a console error (an SVG coordinate with a German or French decimal comma logs one per
attribute; a script that fails logs one too, and so does a breach of the content security policy).

A page is read once in each language for this check, here or by a test that reads it anyway and
fails on its console errors too: in English, the pages of test_every_page.py (at each of its sizes,
signed in, and the sign-in page as a visitor); in German, those of test_german_pages.py. Here the
others, each in the language no other test reads it in (in any other language, every page)."""
from __future__ import annotations

from django.conf import settings

from . import test_every_page as every, test_german_pages as german
from .test_charts import finished_games
from .test_play import BrowserTestCase, make_player

VISITORS_PAGES = ("/accounts/login/", "/accounts/signup/", "/accounts/password/reset/", "/rules/", "/offline/")


class NoConsoleErrorInAnyLanguage(BrowserTestCase):
    def setUp(self):
        from django.utils import timezone

        from games import rules
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.game_ids = {name: every.mid_game(name, [self.alice, self.bob]) for name in rules.names()}
        for name in rules.names():
            finished_games(name, [self.alice, self.bob], timezone.now())

    def pages(self) -> list[str]:
        from games import rules
        more = ["/stats/", "/players/alice/stats/", "/players/bob/", "/friends/", "/tournaments/", "/rules/",
                "/accounts/email/", "/accounts/password/change/"]
        more += [f"/stats/{name}/" for name in rules.names()] + [f"/games/new/{name}/" for name in rules.names()]
        return list(every.EveryPage.pages(self).values()) + more

    def errors_on(self, page, paths) -> dict[str, list[str]]:
        found = {}
        for path in paths:
            every.EveryPage.visit(self, page, path)
            if page.errors:
                found[path] = [*page.errors[:3], f"({len(page.errors)} in all)"]
                page.errors.clear()
        return found

    def read_elsewhere(self) -> dict[str, tuple[set[str], set[str]]]:
        """Per language, the pages (signed in, as a visitor) another test reads and fails on console errors."""
        english = set(every.EveryPage.pages(self).values()), {"/accounts/login/"}
        if not every.AXE.exists():  # the every-page check is skipped without axe-core: its pages are read here
            english = set(), set()
        elsewhere = {"en": english, "de": (set(german.GermanPages.pages(self).values()), set())}
        return {code: elsewhere.get(code, (set(), set())) for code, _ in settings.LANGUAGES}

    def test_no_page_logs_an_error_in_any_language(self):
        from accounts.models import Profile
        problems = {}
        for lang, (signed_in, visiting) in self.read_elsewhere().items():
            Profile.objects.filter(user=self.alice).update(language=lang)
            paths = [p for p in self.pages() if p not in signed_in]
            problems[f"alice, {lang}"] = self.errors_on(self.page_for("alice"), paths)
            visitor = self.watched(self.new_context(locale=lang, extra_http_headers={"Accept-Language": lang}).new_page())
            problems[f"a visitor, {lang}"] = self.errors_on(visitor, [p for p in VISITORS_PAGES if p not in visiting])
            assert visitor.evaluate("() => document.documentElement.lang") == lang
        assert not any(problems.values()), problems

    def test_the_chat_names_its_author_by_display_name(self):
        from accounts.models import Profile
        from games import services
        Profile.objects.filter(user=self.bob).update(display_name="Bob B.")
        game_id = next(iter(self.game_ids.values()))
        services.post_chat(self.bob, game_id, "hello")
        page = self.page_for("alice")
        every.EveryPage.visit(self, page, f"/games/{game_id}/")
        page.wait_for_selector("#chat li")
        assert page.inner_text("#chat li strong").strip() == "Bob B.:"
