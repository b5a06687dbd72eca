"""A whole game by keyboard alone, against a bot, as a player who does not look at the board plays it
(docs/frontend.md, "Keys and the board in words"). The player never clicks: T goes to the first
offered target, the arrows move among the targets (the shorter way round), Enter chooses, and a tile
being turned is turned with Enter on ⟳ and confirmed. Which target to take is drawn at random from
what is offered. The test checks what such a player relies on: the game finishes; every decision
that came after the page opened (the bot's and the player's own) is said once in the live region;
after each choice the focus is never on <body>. It prints the key presses of each own turn, the
median per game (the aim is 8 or fewer), and writes them to keys-per-turn.json among the test
artifacts (ARTIFACTS).

A second test reads the board in words: its text view names every place a target stands on, and the
keys M, I, S, L and C answer in the live region #answer. One game of the registry is played in German."""
from __future__ import annotations

import json
import random
import statistics

from games import rules

from .test_against_bots import QuickBotsTestCase
from .test_left_and_refused import each_game
from .test_play import ARTIFACTS, make_player, settle, within

KEYS_AIM = 8
TARGETS = "#game-root .choice[data-token]:not([disabled])"
WHERE = """() => { const a = document.activeElement;
  return a === document.body ? "body" : a.id === "prompt" ? "prompt" : a.id === "cycle" ? "cycle" : a.id === "confirm" ? "confirm"
       : a.matches(".choice[data-token]") ? "target" : (a.id || a.tagName); }"""
AT = f"() => [...document.querySelectorAll('{TARGETS}')].indexOf(document.activeElement)"
# Every announcement the live region gets, kept by the page's own observer: the region keeps only its latest.
HEARD = """() => { window.heard = [];
  new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
    if (n.dataset && n.dataset.number) window.heard.push(Number(n.dataset.number)); })
  .observe(document.getElementById("announce"), { childList: true }); }"""
MY_TURN_OR_END = """() => { const root = document.querySelector("#game-root");
  const offered = "#game-root .choice[data-token]:not([disabled]), #cycle:not([hidden]), #confirm:not([hidden])";
  return (root.dataset.myTurn === "yes" && document.querySelector(offered)) || !document.querySelector("#outcome").hidden; }"""


def language_of(name: str) -> str:
    return "de" if name == rules.names()[-1] else "en"


def new_game_against_a_bot(name: str, user):
    from games import services
    return services.create_game(user, game=name, players=2, bots=["greedy"])


class KeyboardPlayer:
    """Presses keys on a page as a player without a mouse, counting them toward the decision they make:
    a key pressed while the page shows version `seq` goes toward decision `seq + 1`."""

    def __init__(self, page, rng: random.Random):
        self.page, self.rng, self.keys, self.choices = page, rng, {}, {}

    def press(self, key: str) -> None:
        toward = int(self.page.get_attribute("#game-root", "data-seq") or 0) + 1
        self.keys[toward] = self.keys.get(toward, 0) + 1
        if key == "Enter":  # a choice: a step of a decision, a turn of a tile, or its Confirm
            self.choices[toward] = self.choices.get(toward, 0) + 1
        self.page.keyboard.press(key)

    def where(self) -> str:
        return self.page.evaluate(WHERE)

    def step(self) -> str:
        """One choice from where the focus is; where the focus is after it."""
        where = self.where()
        if where in ("cycle", "confirm"):  # a tile being turned: a turn or two, then Confirm
            for _ in range(self.rng.randrange(3) if where == "cycle" else 0):
                self.press("Enter")
                settle(self.page)
            if self.where() == "cycle":
                self.press("Tab")
            self.press("Enter")
        elif where == "target":
            count, at = self.page.locator(TARGETS).count(), self.page.evaluate(AT)
            wanted = self.rng.randrange(count)
            ahead = (wanted - at) % count
            for _ in range(min(ahead, count - ahead)):
                self.press("ArrowRight" if ahead <= count - ahead else "ArrowLeft")
            self.press("Enter")
        else:  # the prompt, or anywhere else: T goes to the first target
            self.press("t")
            return self.where()
        settle(self.page)
        return self.where()


def turns_of(game, seat: int) -> list[list[int]]:
    """The numbers of the seat's decisions, turn by turn (its decisions in a row)."""
    runs: list[list[int]] = []
    last = None
    for number, by in game.decisions.filter(undone=False).order_by("number").values_list("number", "seat"):
        if by == seat:
            if last != seat:
                runs.append([])
            runs[-1].append(number)
        last = by
    return runs


def keys_table(name: str, per_turn: list[int], choices: list[int]) -> dict:
    """The game's figures, kept beside the other games' in keys-per-turn.json among the artifacts."""
    path = ARTIFACTS / "keys-per-turn.json"
    table = json.loads(path.read_text()) if path.exists() else {}
    table[name] = {"turns": len(per_turn), "median": statistics.median(per_turn), "max": max(per_turn),
                   "median_choices": statistics.median(choices)}
    ARTIFACTS.mkdir(exist_ok=True)
    path.write_text(json.dumps(table, indent=1, sort_keys=True))
    return table[name]


@each_game
class KeyboardOnly(QuickBotsTestCase):
    def per_game_a_whole_game_by_keyboard_alone(self, name):
        from games.models import Game
        alice = make_player("alice", language_of(name))
        game = new_game_against_a_bot(name, alice)
        page = self.page_for("alice")
        page.goto(f"{self.live_server_url}/games/{game.pk}/")
        settle(page)
        page.evaluate(HEARD)
        first_seq = int(page.get_attribute("#game-root", "data-seq"))
        player, still, places = KeyboardPlayer(page, random.Random(7)), within(8), []
        while page.is_hidden("#outcome"):
            still(f"the {name} game by keyboard did not end")
            page.wait_for_function(MY_TURN_OR_END, timeout=60_000)
            settle(page)
            if page.is_visible("#outcome"):
                break
            if page.get_attribute("#game-root", "data-my-turn") != "yes":
                continue
            where = player.step()
            places.append(where)
            # a target of the next step, a tile to turn, or the prompt when the turn passed; never <body>
            assert where in ("target", "cycle", "confirm", "prompt"), (name, places[-5:])
        game = Game.objects.get(pk=game.pk)
        assert game.status == Game.Status.FINISHED, game.status
        seat = game.seats.get(user=alice).order
        runs = turns_of(game, seat)
        per_turn = [sum(player.keys.get(n, 0) for n in run) for run in runs]
        figures = keys_table(name, per_turn, [sum(player.choices.get(n, 0) for n in run) for run in runs])
        # the choices (Enter) are the floor: a turn of six decisions of two steps each takes twelve
        print(f"\nkeys per own turn, {name} ({language_of(name)}): median {figures['median']}, "
              f"max {figures['max']}, over {figures['turns']} turns, of which choices (Enter) median "
              f"{figures['median_choices']} (aim: {KEYS_AIM} or fewer keys)", flush=True)
        numbers = list(game.decisions.filter(undone=False, number__gt=first_seq).values_list("number", flat=True))
        page.wait_for_function(f"() => window.heard.includes({numbers[-1]})")  # the log follows the outcome
        heard = page.evaluate("() => window.heard")
        assert len(heard) == len(set(heard)), "no decision is said twice"
        assert set(numbers) <= set(heard), sorted(set(numbers) - set(heard))[:10]
        assert page.errors == [], page.errors


@each_game
class BoardInWords(QuickBotsTestCase):
    def per_game_the_board_in_words_and_the_keys_that_say_it(self, name):
        alice = make_player("alice", language_of(name))
        game = new_game_against_a_bot(name, alice)
        page = self.page_for("alice")
        page.goto(f"{self.live_server_url}/games/{game.pk}/")
        settle(page)
        page.wait_for_selector("#game-root[data-my-turn=yes] .choice[data-token]:not([disabled])")
        page.keyboard.press("b")
        page.wait_for_selector("#board-words-body li[data-place]")
        assert page.evaluate("() => document.activeElement.id") == "board-words-start"
        described = set(page.eval_on_selector_all("#board-words-body li[data-place]", "(items) => items.map((i) => i.dataset.place)"))
        # every target that stands on a place of the board is named in the text view, with that place's words
        on_board = page.eval_on_selector_all("#board .choice[data-token]", """(nodes) => nodes
            .map((n) => n.closest("[data-cell], [data-place], [data-at]")).filter(Boolean)
            .map((n) => n.getAttribute("data-cell") ?? n.getAttribute("data-place") ?? n.getAttribute("data-at"))""")
        assert set(on_board) <= described, sorted(set(on_board) - described)[:5]

        def answer(key: str) -> str:
            page.evaluate("() => { document.getElementById('answer').textContent = ''; }")
            page.keyboard.press(key)
            page.wait_for_function("() => document.getElementById('answer').textContent.trim() !== ''")
            return page.inner_text("#answer")

        page.keyboard.press("t")
        assert page.evaluate("() => document.activeElement.matches('.choice[data-token]')")
        page.keyboard.press("ArrowRight")
        assert page.evaluate("() => document.activeElement.matches('.choice[data-token]')")
        mine = answer("m")
        assert mine.startswith("Du spielst" if language_of(name) == "de" else "You play"), mine
        if on_board:
            page.focus("#board .choice[data-token]")
            here = answer("i")
            assert len(here) > 3 and here not in (mine,), here
        assert answer("s")
        assert answer("c")
        page.keyboard.press("?")
        assert page.evaluate("() => document.getElementById('keys-help').open")
        assert page.errors == [], page.errors
