"""The contract every game's rules module fulfils, and the one error it raises.

A rules module is pure: it takes a state (plain JSON) and a decision (a small JSON object) and
returns a new state and the events the decision caused. It never touches a database, the clock,
the network or global randomness, and it never imports Django.

The site knows a game only through this contract (and the game's board module in the browser, see
docs/games.md), so everything it shows about a game comes from here: names, options, questions,
views, sentences and outcomes.
"""
from __future__ import annotations

import json
from typing import Any, Protocol

State = dict[str, Any]
Decision = dict[str, Any]
Event = dict[str, Any]
Texts = dict[str, str]  # one text per language: {"en": ..., "de": ...}

SEAT_NAME_LENGTH = 16  # the longest seat name the site stores
LONGEST_GAME = 5000    # decisions: every bot game ends within them

# The players' colours as the page writes them, on its light and on its dark background (a red and
# a blue light enough to read on the dark one). A game's `client_data()["seat_colours"]` takes its
# seats' colours from here, or gives its own.
NAMED_COLOURS = {
    "red": {"light": "#D62728", "dark": "#ff7a7a"},
    "yellow": {"light": "#E6C700", "dark": "#E6C700"},
    "green": {"light": "#009E73", "dark": "#009E73"},
    "blue": {"light": "#0072B2", "dark": "#4fa8e8"},
}


class IllegalAction(ValueError):
    """A decision that is malformed or not legal now; the message says why in plain words."""


class MalformedDecision(IllegalAction):
    """A decision of the wrong shape, legal in no position: not an object, an unknown type, a
    missing or extra field, a field of the wrong JSON type. What `decision_schema()` describes."""


class ImpossiblePosition(ValueError):
    """A state no game could reach, or one play could not go on from: malformed, a disconnected
    station, a tile over capacity, a card in two places, a pending question with no legal answer.
    Raised by `load()`, `check()` and `at_phase()`; the message names the first reason found."""


class GameRules(Protocol):
    name: str          # the game's key: in URLs, stored games and ratings
    version: int       # the current rules version, stamped on every new game; raised whenever play changes
    versions: tuple    # every published version: a game plays to its end under the one it started with
    min_players: int
    max_players: int
    title: Texts       # the game's name as players read it
    summary: Texts     # one line for the lobby
    # Ranked participants that are not seats (a game's own opponent): key -> name. Empty for most games.
    participants: dict[str, Texts]

    def options_schema(self) -> dict:
        """The game's options: {key: {"choices": [...], "default": value, "label": Texts,
        "choice_labels": {"en": [...], "de": [...]}}}, one label per choice in the same order."""

    def check_options(self, players: int, options: dict | None) -> dict:
        """Every option filled in with its default; raises IllegalAction naming a bad option."""

    def new_game(self, players: int, seed: int, options: dict | None = None, version: int | None = None) -> State:
        """The starting position under rules `version` (default: the current one; IllegalAction for
        one never published); all randomness comes from `seed`. The state carries that version as
        its top-level "rules_version" (the site reads it back), and a decision is pending: no game is
        over before its first decision. A game may be short: the site never counts on a number of
        decisions."""

    def replay(self, players: int, seed: int, options: dict | None, decisions, version: int | None = None) -> State:
        """The state after `decisions` under rules `version`, each decision checked again as it is applied."""

    def seat_names(self, state: State) -> list[str]:
        """The name each seat goes by in events and outcomes (a colour), in seat order: at most
        SEAT_NAME_LENGTH characters, each coloured by `client_data()["seat_colours"]`."""

    def current_seat(self, state: State) -> int | None:
        """Seat (0-based) that must decide next, or None when the game is over. Not always the
        seat whose turn it is: a card may make another player decide in the middle of a turn."""

    def question(self, state: State) -> dict | None:
        """The pending question as the deciding player sees it (it may show that player's own
        secrets, e.g. the missions he may keep); None when the game is over."""

    def prompt(self, state: State, lang: str = "en") -> str:
        """The pending decision in one line; public: it never reveals hidden information."""

    def legal_actions(self, state: State) -> list[Decision]:
        """Every legal decision for the player who must decide."""

    def decision_schema(self) -> dict:
        """A JSON Schema of one decision (`oneOf` its types): exactly the shapes `apply` accepts
        without raising MalformedDecision. A decision of this shape may still be illegal now."""

    def apply(self, state: State, decision: Decision) -> tuple[State, list[Event]]:
        """A new state and the events; raises IllegalAction; never mutates `state`.
        Events are public: every player and spectator may read them."""

    def public_decision(self, decision: Decision) -> Decision:
        """What any other player may see of a stored decision (secret fields left out)."""

    def view(self, state: State, seat: int | None) -> dict:
        """What that seat (or a spectator, None) may see: never the seed or any hidden order,
        never another seat's secrets. It holds "you": `seat` (the API's clients read their seat there).
        Until the game ends it is the same for `twin(state, seat)`; the outcome may reveal all."""

    def twin(self, state: State, seat: int | None) -> State:
        """A position that seat (or a spectator, None) cannot tell from `state`: everything hidden
        from it changed (the seed, any generator, the order of face-down decks, the other seats'
        hands and secret choices), everything it may see kept, and `check` still passing."""

    def undoable(self, state: State) -> int:
        """How many of the latest decisions the deciding player may still take back; never one
        made by another player and never across a reveal."""

    def outcome(self, state: State) -> dict | None:
        """None before the end; then {"scores": {who: n}, "winners": [who], "ranking":
        [{"who": who, "rank": r, "score": n}, ...], ...}, where `who` is a seat name or a key of
        `participants`, best first, tied entries sharing a rank."""

    def render(self, event: Event, lang: str = "en") -> str:
        """One event as a short sentence."""

    def client_data(self, lang: str = "en") -> dict:
        """Public, unchanging data the game's board module needs in the browser (names, pieces),
        and "seat_colours": {seat name: {"light": colour, "dark": colour}}, a "#rrggbb" colour for
        every seat name the game uses, in which the page writes that seat on its light and on its
        dark background (NAMED_COLOURS has the usual four)."""

    def dump(self, state: State) -> str: ...

    def load(self, text: str) -> State:
        """The state in `text` (a dump, or written by hand), checked as by `check`."""

    def check(self, state: State) -> None:
        """Raise ImpossiblePosition, naming the reason, unless `state` is a position real play could
        hold: well formed, every component where it can be, and a pending question with a legal answer."""

    def at_phase(self, state: State, phase: str) -> State:
        """A new state: `state`'s turn started afresh at `phase` (any pending question, queue and
        chain dropped), run on to its first question (a step that cannot be taken lapses) and checked.
        The public way to start a hand-written position; phases per game in docs/rules/<game>-state.md."""

    bot_kinds: tuple[str, ...]  # the bots `bot` makes, weakest first: the site offers each as an opponent

    def bot(self, kind: str, seed: int):
        """A player for tests and absent users: an object with choose(state) -> decision.
        Kinds: at least "random" and "greedy"."""


class BotMaker:
    """`bot_kinds` and `bot` for a rules class from its `BOTS`: kind -> a class taking a seed,
    weakest first."""

    BOTS: dict

    @property
    def bot_kinds(self) -> tuple[str, ...]:
        return tuple(self.BOTS)

    def bot(self, kind: str, seed: int = 0):
        try:
            return self.BOTS[kind](seed)
        except KeyError:
            raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(self.BOTS)}") from None


class JsonPositions:
    """`dump` and `load` for a rules class whose states are plain JSON and which has `check`."""

    def dump(self, state) -> str:
        return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def load(self, text: str) -> dict:
        """A dumped or hand-written state, refused (ImpossiblePosition naming the reason) unless
        `check` passes. Not on the replay path: games are rebuilt from their decisions."""
        try:
            state = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ImpossiblePosition(f"not JSON: {exc}") from None
        self.check(state)
        return state


class RulesVersions:
    """A game's published rules versions and the version each of its rulings came with
    (docs/rules-versions.md): a game keeps the version it started with, and the code that changed
    asks `holds(state, ruling)` where the versions differ."""

    def __init__(self, game: str, current: int, published: tuple[int, ...], since: dict[str, int]):
        self.game, self.current, self.published, self.since = game, current, published, since

    def holds(self, state, ruling: str) -> bool:
        return state["rules_version"] >= self.since[ruling]

    def check(self, version: int | None) -> int:
        """The version a new game starts under: the current one unless a published one is named."""
        if version is None:
            return self.current
        if version not in self.published:
            raise IllegalAction(f"{self.game} has no published rules version {version!r}; published: {self.published}")
        return version
