"""Every card is readable where it is chosen, in every game whose board draws cards (one test class per
game of the registry, so that one game's failure does not hide another's): on a 1920×1080 screen the
board takes the width it has, the cards' names are drawn at 12 px or more, and in the first turn the
board stays in the first screen under a lone Resign button; a click on a card that is not offered, or
on the "i" of one that is, opens the card's whole text with its numbers in a dialog that Escape
closes, in the player's language; on a 390×844 touch screen a tap does the same."""
from __future__ import annotations

import re

from games import rules

from .test_every_page import mid_game
from .test_play import BrowserTestCase, make_player, seq_of, settle

WIDE = {"width": 1920, "height": 1080}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
MIN_NAME_PX = 12

# Each card's name as drawn on screen, in CSS px: an SVG card's largest text (its font size times the
# drawing's scale), a card in HTML its font size; only cards in sight.
NAME_SIZES = """() => [...document.querySelectorAll("#game-root [data-card]")].map((card) => {
  const box = card.getBoundingClientRect();
  if (!box.width || box.bottom < 0 || box.top > innerHeight || box.right < 0 || box.left > innerWidth) return null;
  if (!(card instanceof SVGElement)) return parseFloat(getComputedStyle(card).fontSize);
  const sizes = [...card.querySelectorAll("text")].map((t) => parseFloat(t.getAttribute("font-size")) * t.getScreenCTM().a);
  return sizes.length ? Math.max(...sizes) : null;
}).filter((size) => size !== null)"""

# The numbers a card's text must show, from the game's own data in the page, by the card's key.
NUMBERS = """(key) => {
  const data = JSON.parse(document.getElementById("page-config").textContent).data;
  const [kind, id] = key.includes(":") ? key.split(":") : ["", key.split("@")[0]];
  if (kind === "card") return [data.cards[id].played];
  if (kind === "mission") return [data.missions[id].vp];
  const card = data.cards[id];
  return card && card.number !== null && card.number !== undefined ? [card.number] : [];
}"""


class CardsReadable:
    game: str

    def setUp(self):
        self.alice, self.bob = make_player("alice"), make_player("bob", language="de")

    def open_game(self, decisions: int, **context):
        from games.models import Game
        game_id = mid_game(self.game, [self.alice, self.bob], decisions=decisions)
        game = Game.objects.get(pk=game_id)
        mover = game.seats.get(order=game.current_seat).user.username
        page = self.watched(self.new_context(**context).new_page())
        self.sign_in(page, mover)
        page.goto(f"{self.live_server_url}/games/{game_id}/")
        page.wait_for_selector("#connection[data-state=open]")
        settle(page)
        return page, mover

    def has_cards(self, page) -> bool:
        """Whether the game has cards (its data in the page lists them); then the board marks them."""
        if not page.evaluate("() => 'cards' in JSON.parse(document.getElementById('page-config').textContent).data"):
            return False
        assert page.locator("#game-root [data-card]").count() > 0, (self.game, "no card is marked data-card")
        return True

    def check_dialog(self, page, key: str, mover: str) -> None:
        dialog = page.locator("dialog#card-text")
        dialog.wait_for(state="visible")
        words = dialog.inner_text()
        for number in page.evaluate(NUMBERS, key):
            assert re.search(rf"(?<!\d){abs(number)}(?!\d)", words), (self.game, key, number, words)
        close = "Schließen" if mover == "bob" else "Close"
        assert dialog.locator("button.card-dialog-close").inner_text() == close, (self.game, words)

    def test_on_a_wide_screen_the_board_is_wide_and_the_names_large(self):
        page, mover = self.open_game(14, viewport=WIDE)
        board = page.locator("#board svg").bounding_box()
        assert board["width"] >= WIDE["width"] * 2 / 3, (self.game, board)
        assert board["y"] + board["height"] <= WIDE["height"], (self.game, board)
        if not self.has_cards(page):
            self.skipTest(f"{self.game} has no cards: its tiles' names are drawn on the board itself")
        sizes = page.evaluate(NAME_SIZES)
        if not sizes:  # this position's cards sit below the first screen (a long panel): the reader scrolls to them
            page.locator("#game-root [data-card]").first.scroll_into_view_if_needed()
            sizes = page.evaluate(NAME_SIZES)
        assert sizes and min(sizes) >= MIN_NAME_PX, (self.game, sorted(sizes)[:5])

        # A card that is not offered opens by a click, an offered one by its "i": neither chooses.
        seq = seq_of(page)
        quiet = page.locator("#board [data-card]:not(.choice), #game-root [data-card-info]").first
        key = quiet.get_attribute("data-card") or quiet.get_attribute("data-card-info")
        quiet.click()
        self.check_dialog(page, key, mover)
        page.keyboard.press("Escape")
        page.locator("dialog#card-text").wait_for(state="hidden")
        assert seq_of(page) == seq and not page.locator("#game-root .selected").count(), self.game
        assert page.errors == [], page.errors

    def test_the_first_turn_keeps_the_board_in_the_first_screen_and_offered_cards_readable(self):
        page, mover = self.open_game(0, viewport=WIDE)
        resign = page.locator("#resign").bounding_box()
        board = page.locator("#board svg").bounding_box()
        assert resign["height"] < 60, (self.game, resign)
        assert board["y"] + board["height"] <= WIDE["height"], (self.game, board)
        offered = list(page.eval_on_selector_all("#game-root .choice[data-card]", "ns => ns.map(n => n.dataset.card)"))
        if not self.has_cards(page) or not offered:
            self.skipTest(f"{self.game} offers no card in its first turn")
        seq = seq_of(page)
        info = page.locator(f'[data-card-info="{offered[0]}"]').first
        info.focus()
        page.keyboard.press("Enter")
        self.check_dialog(page, offered[0], mover)
        page.keyboard.press("Escape")
        page.locator("dialog#card-text").wait_for(state="hidden")
        assert page.evaluate("() => document.activeElement.dataset.cardInfo") == offered[0], self.game
        assert seq_of(page) == seq, self.game
        assert page.errors == [], page.errors

    def test_on_a_phone_a_tap_opens_a_card(self):
        page, mover = self.open_game(14, **PHONE)
        if not self.has_cards(page):
            self.skipTest(f"{self.game} has no cards")
        seq = seq_of(page)
        info = page.locator("#game-root [data-card-info]").last
        key = info.get_attribute("data-card-info")
        info.scroll_into_view_if_needed()
        info.tap()
        self.check_dialog(page, key, mover)
        self.shot(page, f"card-text-phone-{self.game}")
        page.locator("dialog#card-text button.card-dialog-close").tap()
        page.locator("dialog#card-text").wait_for(state="hidden")
        assert seq_of(page) == seq, self.game
        assert page.errors == [], page.errors


for _name in rules.names():
    globals()[f"CardsReadable_{_name}"] = type(f"CardsReadable_{_name}", (CardsReadable, BrowserTestCase), {"game": _name})
