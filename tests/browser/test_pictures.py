"""Every game's board drawn read-only, where no game page's styles surround it: the moderators' desk
(a game's change view and its replay) and the lobby's small picture of each game. Each is drawn in its
own colours, never as a solid black shape (a drawing whose styles name only the game page's board
fills its sectors, rings and paths with SVG's default black), and the replay names itself once.
One test class per game (the registry's names), so that one game's failure does not hide another's."""
from __future__ import annotations

import re

from games import rules

from .test_every_page import mid_game
from .test_play import BrowserTestCase, make_player

# The share of the drawing's painted area (its shapes' boxes, weighted by size) filled in pure black.
BLACK_SHARE = """(svg) => {
  let all = 0, black = 0;
  for (const shape of svg.querySelectorAll("rect, circle, ellipse, polygon, path")) {
    const style = getComputedStyle(shape);
    if (style.fill === "none" || style.display === "none" || style.visibility === "hidden") continue;
    const box = shape.getBoundingClientRect(), area = box.width * box.height;
    all += area;
    if (style.fill === "rgb(0, 0, 0)" && Number(style.fillOpacity) > 0 && Number(style.opacity) > 0) black += area;
  }
  return all ? black / all : 1;
}"""
MAX_BLACK = 0.05


class DrawnInColours:
    game: str

    def setUp(self):
        self.alice, self.bob = make_player("alice"), make_player("bob")
        self.game_id = mid_game(self.game, [self.alice, self.bob], decisions=6)
        moderator = make_player("moderator")
        moderator.is_staff = moderator.is_superuser = True
        moderator.save()

    def open(self, page, path: str, selector: str):
        page.goto(f"{self.live_server_url}{path}")
        page.wait_for_function(f"() => document.querySelector({selector!r}) && "
                               f"document.querySelector({selector!r}).childElementCount > 0")
        return page.evaluate(BLACK_SHARE, page.query_selector(selector))

    def test_the_desk_and_the_lobby_draw_the_board_in_its_colours(self):
        page = self.page_for("moderator")
        change = self.open(page, f"/admin/games/game/{self.game_id}/change/", "svg.desk-picture")
        assert change < MAX_BLACK, (self.game, "change view", change)
        replay = self.open(page, f"/admin/games/game/{self.game_id}/replay/?to=3", "svg.desk-picture")
        assert replay < MAX_BLACK, (self.game, "replay", replay)
        assert page.locator("h1").count() == 1, page.locator("h1").all_inner_texts()
        self.shot(page, f"desk-replay-{self.game}")
        lobby = self.open(page, "/", f"svg[data-picture={self.game}]")
        assert lobby < MAX_BLACK, (self.game, "lobby picture", lobby)
        assert page.errors == [], page.errors

    def test_my_games_draws_each_rows_board_and_says_the_players_standing(self):
        """The row's picture comes in as the row comes into view (static/js/my_games.js), in the
        game's colours, with the player's first column of the players table beside it."""
        page = self.page_for("alice")
        row = f"svg[data-row-picture='{self.game_id}']"
        mine = self.open(page, "/games/mine/", row)
        assert mine < MAX_BLACK, (self.game, "My games' row", mine)
        page.wait_for_selector(f"{row}[data-drawn=yes]")
        standing = page.inner_text(f"li:has({row}) [data-row-standing]")
        assert re.fullmatch(r"\S.* -?\d+", standing), (self.game, standing)  # "Score 0", "VP 0", "LP 20"
        label = page.get_attribute(row, "aria-label")
        assert label.startswith("The board of ") and label.endswith(f"#{self.game_id}"), label
        assert page.errors == [], page.errors


for _name in rules.names():
    globals()[f"DrawnInColours_{_name}"] = type(f"DrawnInColours_{_name}", (DrawnInColours, BrowserTestCase), {"game": _name})
