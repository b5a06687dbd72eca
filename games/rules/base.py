"""The contract every game's rules module fulfils, and the one error it raises.

A rules module is pure: it takes a state (plain JSON) and a decision (a small JSON object) and
returns a new state and the events the decision caused. It never touches a database, the clock,
the network or global randomness, and it never imports Django.

A game's contract has two halves: its rules (`GameRules`: players, options, play, views,
outcomes, bots) and its presentation (`GamePresentation`: its name, languages and every sentence it
says: prompts, log lines, recaps, the board in words and the data its board module draws with). The
site knows a game only through them (and the game's board module in the browser, see
docs/games.md), so everything it shows about a game comes from here.
"""
from __future__ import annotations

import gettext
import json
import marshal
from collections.abc import Callable, Iterable, Iterator
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

import jsonschema_rs

if TYPE_CHECKING:
    import argparse

    from .rng import SeededRandom

State = dict[str, Any]
Decision = dict[str, Any]
Event = dict[str, Any]
Texts = dict[str, str]  # one text per language: {"en": ..., "de": ...}, as `Catalogue.texts` makes it

SEAT_NAME_LENGTH = 16  # the longest seat name the site stores
LONGEST_GAME = 5000    # decisions: every bot game ends within them
RECAP_LINE = 120       # characters: a recap's line fits a line of My games and of an email
DESCRIBE_LINE = 200    # characters: one line of the board in words, said at once by a screen reader

# The players' colours as the page writes them, on its light and on its dark background (a red and
# a blue light enough to read on the dark one). A game's `client_data()["seat_colours"]` takes its
# seats' colours from here, or gives its own.
NAMED_COLOURS = {
    "red": {"light": "#D62728", "dark": "#ff7a7a"},
    "yellow": {"light": "#E6C700", "dark": "#E6C700"},
    "green": {"light": "#009E73", "dark": "#009E73"},
    "blue": {"light": "#0072B2", "dark": "#4fa8e8"},
}


def N_(msgid: str) -> str:
    """A text marked for a game's catalogue where it is written (a table of English texts), and
    translated where it is read: `bin/game-texts` extracts it, the code passes it to `Catalogue`."""
    return msgid


def pN_(context: str, msgid: str) -> str:
    """A marked text with its context, for a table: the one English text that two places say
    differently in another language ("you" as the subject, "you" after "by"). `Catalogue.gettext`
    reads the pair as `pgettext(context, msgid)`."""
    return f"{context}\x04{msgid}"


class Named(str):
    """A name in one language (its nominative, what it reads as a string) with the forms a
    sentence may ask of it by attribute: "{figure.acc}" in a German sentence, "{tile.inside}". A
    form the language does not have is the name itself (`Catalogue.named`)."""

    def __new__(cls, text: str, forms: dict[str, str] | None = None) -> Named:
        named = super().__new__(cls, text)
        named.forms = dict(forms or {})
        return named

    forms: dict[str, str]

    def __getattr__(self, form: str) -> str:
        if form.startswith("__"):
            raise AttributeError(form)
        return self.forms.get(form, str(self))


class Catalogue:
    """A game's texts in every language it has: its gettext catalogue
    `<package>/locale/<lang>/LC_MESSAGES/<domain>.mo`, read with the standard `gettext` module and
    kept per language. The code writes its texts in English (the msgids); a language with no
    catalogue, or a text its catalogue lacks, reads in English. How to extract, translate and
    compile: docs/games.md, "A game's texts in other languages"."""

    FORMS = ("acc", "dat", "inside", "towards", "bare")  # the forms `named` asks for, by context
    VARIANTS = ("you",)  # a sentence's own variants a language may add (`variant`): its subject the reader

    def __init__(self, package_file: str, domain: str) -> None:
        self.localedir = Path(package_file).resolve().parent / "locale"
        self.domain = domain
        self._translations: dict[str, gettext.NullTranslations] = {}

    @cached_property
    def languages(self) -> tuple[str, ...]:
        """English, then every language with a compiled catalogue, in alphabetical order."""
        found = sorted(p.parent.parent.name for p in self.localedir.glob(f"*/LC_MESSAGES/{self.domain}.mo"))
        return ("en", *(lang for lang in found if lang != "en"))

    def translation(self, lang: str) -> gettext.NullTranslations:
        try:
            return self._translations[lang]
        except KeyError:
            found = gettext.translation(self.domain, str(self.localedir), languages=[lang], fallback=True)
            return self._translations.setdefault(lang, found)

    def gettext(self, lang: str, msgid: str) -> str:
        if "\x04" in msgid:  # marked with its context (pN_)
            context, _, text = msgid.partition("\x04")
            return self.pgettext(lang, context, text)
        return self.translation(lang).gettext(msgid) if msgid else msgid  # "": the catalogue's header

    def pgettext(self, lang: str, context: str, msgid: str) -> str:
        return self.translation(lang).pgettext(context, msgid) if msgid else msgid

    def ngettext(self, lang: str, singular: str, plural: str, n: int) -> str:
        return self.translation(lang).ngettext(singular, plural, n)

    def variant(self, lang: str, context: str, msgid: str) -> str:
        """`msgid` as the language says it in `context` (one of VARIANTS), where its catalogue has an
        entry for it (German's "Du hast …" for the reader), else as it says it anywhere."""
        translation = self.translation(lang)
        said = translation.pgettext(context, msgid)
        return said if said != msgid else translation.gettext(msgid)

    def named(self, lang: str, msgid: str, **values: Any) -> Named:
        """`msgid` translated as a name, with each form of FORMS the language gives it (the
        catalogue's entry of that context, e.g. msgctxt "acc"), formatted with `values`."""
        translation = self.translation(lang)
        text = translation.gettext(msgid)
        forms = {}
        for form in self.FORMS:
            declined = translation.pgettext(form, msgid)
            if declined != msgid:
                forms[form] = declined.format(**values)
        return Named(text.format(**values), forms)

    def texts(self, msgid: str) -> Texts:
        """`msgid` in every language of the catalogue: {"en": ..., "de": ...}, as a presentation's
        `title` and option labels are."""
        return {lang: self.gettext(lang, msgid) for lang in self.languages}

    def each(self, msgids: Iterable[str]) -> dict[str, list[str]]:
        """Several msgids in every language, in order: option choices' labels."""
        listed = list(msgids)
        return {lang: [self.gettext(lang, msgid) for msgid in listed] for lang in self.languages}


TOOLKIT = Catalogue(__file__, "rules")  # the toolkit's own words (games/rules/locale/), in every game's languages


class IllegalAction(ValueError):
    """A decision that is malformed or not legal now; the message says why in plain words."""


class MalformedDecision(IllegalAction):
    """A decision of the wrong shape, legal in no position: not an object, an unknown type, a
    missing or extra field, a field of the wrong JSON type. What `decision_schema()` describes."""


class ImpossiblePosition(ValueError):
    """A state no game could reach, or one play could not go on from: malformed, a disconnected
    station, a tile over capacity, a card in two places, a pending question with no legal answer.
    Raised by `load()`, `check()` and `at_phase()`; the message names the first reason found."""


class SeatPlayer(Protocol):
    """A game's own bot (a class of its `BOTS`): it decides from the view of the seat that must
    decide (`view(state, seat)`, `view["you"]` that seat) and nothing else; where it looks ahead it
    plans in worlds it guesses from that view (`guessed_world`), never in the true state."""

    def decide(self, view: dict[str, Any]) -> Decision: ...


class Bot(Protocol):
    """A player for tests and absent users (what `GameRules.bot` makes): `decide(view)` as its game's
    bot, and `choose(state)`, which hands `decide` the deciding seat's view alone."""

    def decide(self, view: dict[str, Any]) -> Decision: ...

    def choose(self, state: State) -> Decision: ...


class GameRules(Protocol):
    name: str          # the game's key: in URLs, stored games and ratings
    version: int       # the current rules version, stamped on every new game; raised whenever play changes
    versions: tuple[Any, ...]    # every published version: a game plays to its end under the one it started with
    min_players: int
    max_players: int

    def options_schema(self) -> dict[str, Any]:
        """The game's options: {key: {"choices": [...], "default": value, "label": Texts,
        "choice_labels": {"en": [...], "de": [...]}}}, one label per choice in the same order."""

    def check_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Every option filled in with its default; raises IllegalAction naming a bad option. Each
        refusal comes from one option at that player count or from a pair of options together (the
        API's schema lists exactly those, so a refusal needing three options would surprise a client
        that follows it; tests/site/unit/test_api_schema_options.py checks every combination)."""

    def options_for(self, players: int) -> list[str]:
        """The keys of the options that mean something at a table of `players`, in the schema's order:
        the new-game form shows only those for the chosen player count. By default (`Rules`) each
        option of which `check_options` takes a choice other than the default at that size."""

    def teams(self, players: int, options: dict[str, Any]) -> list[list[int]] | None:
        """The seats that play together, from the player count and the options as `check_options`
        returned them (so the lobby knows the teams before the game starts): a list of at least two
        teams, each a non-empty list of seats (0-based), every seat in exactly one, e.g.
        [[0, 2], [1, 3]] for seats 0 and 2 against 1 and 3. None (the default): every seat plays for
        itself. In a team game `outcome()` still ranks every seat, partners sharing a place (the
        same rank, the winners naming all of them); the site shows, rates and tells each team as one
        (docs/games.md, "Team play")."""

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None, version: int | None = None) -> State:
        """The starting position under rules `version` (default: the current one; IllegalAction for
        one never published); all randomness comes from `seed`. The state carries that version as
        its top-level "rules_version" (the site reads it back), and a decision is pending: no game is
        over before its first decision. A game may be short: the site never counts on a number of
        decisions."""

    def replay(self, players: int, seed: int, options: dict[str, Any] | None, decisions: Iterable[Decision],
               version: int | None = None) -> State:
        """The state after `decisions` under rules `version`, each decision checked again as it is applied."""

    def seat_names(self, state: State) -> list[str]:
        """The name each seat goes by in events and outcomes (a colour), in seat order: at most
        SEAT_NAME_LENGTH characters, each coloured by the presentation's `client_data()["seat_colours"]`."""

    def current_seat(self, state: State) -> int | None:
        """Seat (0-based) that must decide next, or None when the game is over. Not always the
        seat whose turn it is: a card may make another player decide in the middle of a turn."""

    def question(self, state: State) -> dict[str, Any] | None:
        """The pending question as the deciding player sees it (it may show that player's own
        secrets, e.g. the missions he may keep); None when the game is over."""

    def legal_actions(self, state: State) -> list[Decision]:
        """Every legal decision for the player who must decide."""

    def decision_schema(self) -> dict[str, Any]:
        """A JSON Schema of one decision (`oneOf` its types): exactly the shapes `apply` accepts
        without raising MalformedDecision. A decision of this shape may still be illegal now."""

    def apply(self, state: State, decision: Decision) -> tuple[State, list[Event]]:
        """A new state and the events; raises IllegalAction; never mutates `state`.
        Events are public: every player and spectator may read them."""

    def public_decision(self, decision: Decision) -> Decision:
        """What any other player may see of a stored decision (secret fields left out)."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
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

    def outcome(self, state: State) -> dict[str, Any] | None:
        """None before the end; then {"scores": {who: n}, "winners": [who], "ranking":
        [{"who": who, "rank": r, "score": n}, ...], ...}, where `who` is a seat name or a key of
        the presentation's `participants`, best first, tied entries sharing a rank."""

    def guessed_world(self, view: dict[str, Any], seat: int | None, rng: SeededRandom) -> State:
        """A whole position consistent with everything `view` (what `view(state, seat)` shows the seat,
        or a spectator) shows, its hidden parts (deck orders, the others' hands and secret choices,
        set-aside cards, the seed and any generator) dealt anew from `rng`: what a bot plans in and an
        analysis board explores, so that no exploration can reveal what the seat may not see. It reads
        `view` alone, so two true positions that look the same to the seat give the same guesses;
        the guess passes `check` and shows the seat exactly `view`."""

    def dump(self, state: State) -> str: ...

    def load(self, text: str) -> State:
        """The state in `text` (a dump, or written by hand), checked as by `check`."""

    def check(self, state: State) -> None:
        """Raise ImpossiblePosition, naming the reason, unless `state` is a position real play could
        hold: well formed, every component where it can be, and a pending question with a legal answer."""

    def at_phase(self, state: State, phase: str) -> State:
        """A new state: `state`'s turn started afresh at `phase` (any pending question, queue and
        chain dropped), run on to its first question (a step that cannot be taken lapses) and checked.
        The public way to start a hand-written position; phases per game in
        games/rules/<game>/docs/state.md."""

    bot_kinds: tuple[str, ...]  # the bots `bot` makes, weakest first: the site offers each as an opponent

    def bot(self, kind: str, seed: int) -> Bot:
        """A player for tests and absent users (`Bot`): decide(view) -> decision from the deciding
        seat's view, and choose(state), the same from a state. Kinds: at least "random" and "greedy"."""


class GamePresentation(Protocol):
    """The other half of a game's contract: how it reads to people. Everything here is words and
    pictures of what the rules decide (`GameRules`), in the game's languages; nothing here changes
    play, so a game's rules never need it to play on."""

    name: str          # the game's key, as its rules'
    title: Texts       # the game's name as players read it
    summary: Texts     # one line for the lobby
    # Ranked participants that are not seats (a game's own opponent): key -> name. Empty for most games.
    participants: dict[str, Texts]
    languages: tuple[str, ...]  # the languages its texts speak; the site hands any other one "en"
    catalogue: Catalogue  # the game's texts in its languages (its package's locale/)
    command_line: Callable[[GameRules, GamePresentation], CommandLine]  # `play`'s options and words

    def prompt(self, state: State, lang: str = "en") -> str:
        """The pending decision in one line, as the deciding player reads it ("Choose a room"); public:
        it never reveals hidden information."""

    def prompt_for_others(self, state: State, lang: str = "en") -> str:
        """The pending decision as everyone else reads it (the other players, spectators), after the
        site's "Waiting for Carol: ": never in the second person ("choosing a room", "Red takes one of
        the open cards."). By default (`Presentation`) `prompt`, for a game whose prompt names the deciding
        seat in the third person already. Public as `prompt` is."""

    def render(self, event: Event, lang: str = "en", names: list[str] | None = None) -> str:
        """One event as a short sentence. `names`: the players' names in seat order (the site gives
        their display names); a sentence about a player names them by it, or without `names` by the
        game's own word for the seat (its colour, its faction), never by the seat's number."""

    def render_decision(self, decision: Decision, lang: str = "en", names: list[str] | None = None) -> str:
        """A decision that caused no event, as a short sentence of what its player chose ("Ends the
        phase."): the log's line for it, so that no decision logs as a bare name; `names` as for
        `render`. A game whose every decision causes an event never needs it (the toolkit's default
        says nothing)."""

    def recap(self, events: list[Event], viewer: int | None, lang: str = "en", names: list[str] | None = None) -> list[str]:
        """What one player's turn did, for a player who was away ("Since you last looked", the turn
        email): a few short lines, at most RECAP_LINE characters each, in the order it happened.
        `events`: the turn's events, of every decision it took; `viewer`: the reader's seat (None
        for a spectator), so a line may say "your"; `names` as for `render`. Only what the log
        tells everyone. The toolkit's default is the log's lines; a game says its turns more
        concisely (a piece's steps as one move, no turn headers)."""

    def describe(self, view: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> dict[str, Any]:
        """The board in words, for a player who cannot see it (the game page's text view and its
        keys), from `view` alone (what `view(state, seat)` shows its reader, so nothing hidden can
        reach it; `view["you"]` is the reader's seat or None). `names` as for `render`. Returns
        {"mine": [line], "scores": [line], "places": [{"place", "name", "lines"}]}:
        - "mine": the reader's own pieces, cards and supply, each with where it is (empty for a
          spectator);
        - "scores": each seat's score or standing so far, one line a seat, named by `names`;
        - "places": every place of the board, `place` being the value its board module gives the
          place's attribute (`boardShell`'s `place`), `name` the place in words, and `lines` what
          stands there and where one can go from it (by direction where the game has directions).
        Every line is at most DESCRIBE_LINE characters; coordinates are said in words ("column 0,
        row -1"), never as symbols a screen reader spells out."""

    def ending(self, outcome: dict[str, Any], lang: str = "en") -> str:
        """Why the finished game ended, in one sentence of the game's own words ("The Greys lost
        their last LP."), from `outcome()`: the finished game's page shows it above the result. The
        toolkit's default says nothing."""

    def client_data(self, lang: str = "en") -> dict[str, Any]:
        """Public, unchanging data the game's board module needs in the browser (names, pieces),
        and "seat_colours": {seat name: {"light": colour, "dark": colour}}, a "#rrggbb" colour for
        every seat name the game uses, in which the page writes that seat on its light and on its
        dark background (NAMED_COLOURS has the usual four)."""


class SeatedBot:
    """A game's bot as `GameRules.bot` returns it: handed a state, it passes its bot only the view of
    the seat that must decide, so no bot can plan on what that seat cannot see (docs/bots.md)."""

    def __init__(self, rules: GameRules, player: SeatPlayer) -> None:
        self.rules, self.player = rules, player

    def decide(self, view: dict[str, Any]) -> Decision:
        return self.player.decide(view)

    def choose(self, state: State) -> Decision:
        return self.player.decide(self.rules.view(state, self.rules.current_seat(state)))

    def __getattr__(self, name: str) -> Any:
        # the bot's own settings and generator (a test reads `rng`), as if unwrapped
        if name == "player":  # not set yet (a copy being built): no bot to ask
            raise AttributeError(name)
        return getattr(self.player, name)


class BotMaker:
    """`bot_kinds` and `bot` for a rules class from its `BOTS`: kind -> a class taking a seed,
    weakest first."""

    BOTS: dict[str, Callable[[int], SeatPlayer]]

    @property
    def bot_kinds(self) -> tuple[str, ...]:
        return tuple(self.BOTS)

    def bot(self, kind: str, seed: int = 0) -> Bot:
        try:
            player = self.BOTS[kind](seed)
        except KeyError:
            raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(self.BOTS)}") from None
        return SeatedBot(cast("GameRules", self), player)


class JsonPositions:
    """`dump` and `load` for a rules class whose states are plain JSON and which has `check`."""

    if TYPE_CHECKING:
        def check(self, state: State) -> None: ...

    def dump(self, state: State) -> str:
        return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def load(self, text: str) -> dict[str, Any]:
        """A dumped or hand-written state, refused (ImpossiblePosition naming the reason) unless
        `check` passes. Not on the replay path: games are rebuilt from their decisions."""
        try:
            state: State = json.loads(text)
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

    def holds(self, state: State, ruling: str) -> bool:
        version: int = state["rules_version"]
        return version >= self.since[ruling]

    def check(self, version: int | None) -> int:
        """The version a new game starts under: the current one unless a published one is named."""
        if version is None:
            return self.current
        if version not in self.published:
            raise IllegalAction(f"{self.game} has no published rules version {version!r}; published: {self.published}")
        return version


class CommandLine:
    """What the command line's `play` (games/rules/cli.py) asks and says of one game. A game's
    presentation names a subclass as `command_line` to add arguments for its options and its own
    words to the outcome; by default every option keeps its default and the outcome names seats as
    they are."""

    def __init__(self, rules: GameRules, presentation: GamePresentation) -> None:
        self.rules, self.presentation = rules, presentation
        self.catalogue = TOOLKIT  # its own words; the game's come from its presentation

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        """`play`'s arguments that set the game's options."""

    def options(self, args: argparse.Namespace) -> dict[str, Any] | None:
        return None

    def opening(self, state: State) -> list[Any]:
        """Events that set the game going, printed before the first decision's."""
        return []

    def seat(self, name: str, lang: str) -> str:
        return name

    def names(self, state: State, lang: str) -> list[str]:
        """The seats' names in words, in seat order: who the log's sentences name."""
        return [self.seat(name, lang) for name in self.rules.seat_names(state)]

    def who(self, who: str, lang: str) -> str:
        participant = self.presentation.participants.get(who)
        return participant.get(lang, participant["en"]) if participant else self.seat(who, lang)

    def ranked(self, entry: dict[str, Any], lang: str) -> str:
        return f"  {entry['rank']}. {self.who(entry['who'], lang)}: {entry['score']}"

    def verdict(self, result: dict[str, Any], lang: str) -> str:
        winners = ", ".join(self.who(c, lang) for c in result["winners"])
        return "  " + self.catalogue.gettext(lang, "Winner(s): {winners}").format(winners=winners)

    def outcome(self, result: dict[str, Any], lang: str) -> list[str]:
        heading = self.catalogue.gettext(lang, "Outcome:")
        return ["", heading, *(self.ranked(e, lang) for e in result["ranking"]), self.verdict(result, lang)]


class HasOptions(Protocol):
    def options_schema(self) -> dict[str, Any]: ...

    def check_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]: ...


def option_sets(rules: HasOptions, players: int) -> list[dict[str, Any]]:
    """The options of a game of `players` one at a time, as `check_options` returns them: the
    defaults, then each choice of each option with the others at their defaults, leaving out what
    `check_options` refuses. Where a mode such as play in teams is one option, it is among them
    (the contract test and the create form ask `teams` of each)."""
    schema = rules.options_schema()
    wanted: list[dict[str, Any]] = [{}] + [{key: choice} for key, spec in schema.items()
                                           for choice in spec["choices"] if choice != spec["default"]]
    out: list[dict[str, Any]] = []
    for options in wanted:
        try:
            out.append(rules.check_options(players, options))
        except IllegalAction:
            continue
    return out


def clone(state: State) -> State:
    """A deep copy of a JSON state (marshal keeps it fast: copying dominates play otherwise)."""
    copied: State = marshal.loads(marshal.dumps(state))
    return copied


def _counts(low: int, high: int) -> str:
    """The player counts a game takes, in words: "2, 3 or 4"."""
    numbers = [str(n) for n in range(low, high + 1)]
    return numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} or {numbers[-1]}"


class Rules(BotMaker, JsonPositions):
    """What a game's rules class gets by subclassing: the options check, versions, `new_game`,
    `apply`, `replay`, `check` and `at_phase` on the game's own hooks, `dump`/`load`, bots from
    `BOTS`, and seat names, the question and undo read from the state's common keys (docs/games.md,
    "The toolkit").

    The game supplies `VERSIONS` (a RulesVersions), `BOTS`, `setup`, `decision_schema` (which
    `check_shape` compiles: a decision's shape is stated there alone), `advance`, `called` and the
    rest of GameRules. Its states are plain JSON holding `colours` (the seats' names), `ask`
    (the pending question, None at the end), `over` (None until the end), and `seq` and
    `undo_floor` (decisions so far, and how far back undo may go); a game whose states differ
    overrides the members that read them. By default a game has no options and no teams (`teams`
    answers None); a game played in teams in some mode overrides `teams`. What the game says
    (its title, prompts, log) is its `Presentation`.
    """

    VERSIONS: RulesVersions
    # The rest of GameRules that the toolkit reads, which the game supplies.
    name: str
    version: int
    versions: tuple[int, ...]
    min_players: int
    max_players: int
    called: str  # the game's name in the English refusals of `check_options`: its presentation's title["en"]

    if TYPE_CHECKING:
        def decision_schema(self) -> dict[str, Any]: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Plain attributes, not properties: the site reads them as any rules module's, and a test
        # sets `version` on one game to stand for the site before a version was published.
        super().__init_subclass__(**kwargs)
        if "VERSIONS" in cls.__dict__:
            cls.version, cls.versions = cls.VERSIONS.current, cls.VERSIONS.published

    def options_schema(self) -> dict[str, Any]:
        return {}

    def teams(self, players: int, options: dict[str, Any]) -> list[list[int]] | None:
        """No teams: every seat plays for itself. A game with a team mode overrides it."""
        return None

    def options_for(self, players: int) -> list[str]:
        """An option applies where one of its other choices is taken alone (a mode for 4 players
        only, a faction for a seat the table lacks, apply nowhere else). Override to say otherwise."""
        schema = self.options_schema()
        changed = {key for options in option_sets(self, players)
                   for key, choice in options.items() if choice != schema[key]["default"]}
        return [key for key in schema if key in changed]

    def check_options(self, players: object, options: dict[str, Any] | None) -> dict[str, Any]:
        if not isinstance(players, int) or isinstance(players, bool) \
                or not self.min_players <= players <= self.max_players:
            counts = _counts(self.min_players, self.max_players)
            raise IllegalAction(f"{self.called} is played by {counts} players")
        schema = self.options_schema()
        if not schema:
            if options:
                raise IllegalAction(f"{self.called} has no options; got {', '.join(map(str, options))}")
            return {}
        options = dict(options or {})
        for key, value in options.items():
            _check_option(schema, key, value)
        return {k: options.get(k, v["default"]) for k, v in schema.items()}

    # --- the game's hooks ---------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: dict[str, Any], version: int) -> State:
        """The starting position, run on to its first question; options checked and filled in."""
        raise NotImplementedError

    def check_shape(self, decision: Decision) -> None:
        """Raise MalformedDecision unless `decision` has a shape `decision_schema()` allows: checked
        by the schema compiled once (`shape`), on every decision of every replay, so the way through
        is one look-up and one call; the refusal is worded by `shape_refusal`."""
        try:
            if self.shape.by_type[decision["type"]].is_valid(decision):
                return
        except (KeyError, TypeError):  # no object, no type, an unknown or unhashable one
            pass
        raise MalformedDecision(self.shape_refusal(decision))

    @cached_property
    def shape(self) -> DecisionShape:
        """`decision_schema()` compiled, on first use."""
        return DecisionShape(self.decision_schema())

    def shape_refusal(self, decision: object) -> str:
        """Why `decision` has no shape of `decision_schema()`, in words, from the validator's first
        error: not an object, an unknown type (listing the types), a missing field, an extra field,
        or a field of the wrong kind (what it must be: `field_words`)."""
        shape = self.shape
        if not isinstance(decision, dict):
            return "a decision must be a JSON object with a 'type'"
        types = ", ".join(shape.by_type)
        if "type" not in decision:
            return f"a decision needs the field 'type'; known types: {types}"
        kind = decision["type"]
        if not isinstance(kind, str) or kind not in shape.by_type:
            return f"unknown decision type {kind!r}; known types: {types}"
        floats = [name for name in shape.whole[kind] if type(decision.get(name)) is float]
        if floats and next(shape.by_type[kind].iter_errors(decision), None) is None:  # of the right shape else
            return f"field {floats[0]!r} of a {kind!r} decision must be {self.field_words(shape.field(kind, floats[0]))}"
        branch, error = shape.first_error(kind, decision)
        if error is None:  # valid in more than one shape of its type
            return f"a {kind!r} decision fits more than one shape: {error_message(shape, kind, decision)}"
        if isinstance(error.kind, jsonschema_rs.ValidationErrorKind.Required):
            return f"a {kind!r} decision needs the field {error.kind.property!r}"
        if isinstance(error.kind, jsonschema_rs.ValidationErrorKind.AdditionalProperties):
            return f"a {kind!r} decision has no field {error.kind.unexpected[0]!r}"
        if error.instance_path:
            name = str(error.instance_path[0])
            field = branch["properties"][name]
            if "enum" in field and name != "type":  # a field that tells the shapes of a type apart
                field = {**field, "enum": [value for b in shape.branches[kind]
                                           for value in b["properties"].get(name, {}).get("enum", ())]}
            return f"field {name!r} of a {kind!r} decision must be {self.field_words(field)}"
        return f"a {kind!r} decision is malformed: {error.message}"

    def field_words(self, field: dict[str, Any]) -> str:
        """What a field of a decision must be, from its schema: its "description" where it has one
        (a game words its fields there, and the API's schema shows the same words), else the words
        of its type and bounds ("a text of 1 to 16 characters")."""
        described = field.get("description")
        return str(described) if described else schema_words(field)

    def advance(self, state: State, decision: Decision, events: list[Event]) -> State:
        """Carry out a well-shaped decision in a game not over, on `state` (the caller's own: it may
        be changed and returned), adding its events; IllegalAction saying why it is not legal now."""
        raise NotImplementedError

    clone = staticmethod(clone)

    # --- built on the hooks -------------------------------------------------------------------

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None, version: int | None = None) -> State:
        return self.setup(players, seed, self.check_options(players, options), version=self.VERSIONS.check(version))

    def apply(self, state: State, decision: Decision) -> tuple[State, list[Event]]:
        events: list[Event] = []
        return self._advance(self.clone(state), decision, events), events

    def replay(self, players: int, seed: int, options: dict[str, Any] | None, decisions: Iterable[Decision],
               version: int | None = None) -> State:
        """Rebuild a game from its setup and decisions, checking each again as it goes, under the
        rules version it was played with."""
        state = self.new_game(players, seed, options, version)
        for decision in decisions:
            state = self._advance(state, decision, [])
        return state

    def _advance(self, state: State, decision: Decision, events: list[Event]) -> State:
        self.check_shape(decision)
        if self.over(state):
            raise IllegalAction("the game is over")
        return self.advance(state, decision, events)

    # --- positions written by hand -------------------------------------------------------------

    phases: tuple[str, ...] = ()  # where `at_phase` may restart a turn

    def validate(self, state: State) -> None:
        """ImpossiblePosition unless `state` is well formed: every key, of the right type."""
        raise NotImplementedError

    def check_pieces(self, state: State) -> None:
        """ImpossiblePosition unless every component of a well-formed `state` is where it can be."""
        raise NotImplementedError

    def check_question(self, state: State) -> None:
        """ImpossiblePosition unless the pending question is one play could ask and has a legal answer."""
        raise NotImplementedError

    def restart(self, state: State, phase: str) -> None:
        """Start `state`'s turn afresh at `phase`: drop what was pending, queue what the phase does first."""
        raise NotImplementedError

    def run(self, state: State, events: list[Event]) -> None:
        """Play on from what is queued to the next question (a step that cannot be taken lapses)."""
        raise NotImplementedError

    def check(self, state: State) -> None:
        """Raise ImpossiblePosition naming the first reason `state` is no position of real play: its
        shape, the pieces, then the pending question, which must have a legal answer."""
        self.validate(state)
        self.check_pieces(state)
        self.check_question(state)

    def at_phase(self, state: State, phase: str, check: bool = True) -> State:
        """A new state: `state`'s turn restarted at `phase` (one of `phases`), run on to its first
        question and checked. How a hand-written position is started. `check=False` skips every check
        (a test of one rule on a position play could not reach)."""
        if phase not in self.phases:
            raise ImpossiblePosition(f"unknown phase {phase!r}; phases: {', '.join(self.phases)}")
        s = self.clone(state)
        if check:
            self.validate(s)
        if self.over(s):
            raise ImpossiblePosition("the game is over: no phase can start")
        self.restart(s, phase)
        if check:
            self.check_pieces(s)
        self.run(s, [])
        if check:
            self.check(s)
        return s

    # --- the states' common keys --------------------------------------------------------------

    def over(self, state: State) -> bool:
        return state["over"] is not None

    def seat_names(self, state: State) -> list[str]:
        return list(state["colours"])

    def question(self, state: State) -> dict[str, Any] | None:
        return None if state["ask"] is None else dict(state["ask"])

    def undoable(self, state: State) -> int:
        """Back to `undo_floor`, which the game's turn raises where undo must stop (a new turn, a reveal)."""
        return 0 if self.over(state) else state["seq"] - state["undo_floor"]


class Presentation:
    """What a game's presentation class gets by subclassing (docs/games.md, "The toolkit"): no
    participants, English and German, the command line's plain words, `prompt` for the others too,
    a recap of the log's lines, and nothing said of a decision without events, of the board or of
    why a game ended until the game says it.

    The game supplies `name`, `title`, `summary`, `catalogue`, `prompt`, `render`, `describe`,
    `ending` and `client_data`, and whatever it says better than these defaults."""

    name: str
    title: Texts
    summary: Texts
    participants: dict[str, Texts] = {}
    languages: tuple[str, ...] = ("en", "de")  # a game that speaks more lists them
    catalogue: Catalogue
    command_line = CommandLine  # a subclass: the game's options and words on the command line

    if TYPE_CHECKING:
        def prompt(self, state: State, lang: str = "en") -> str: ...
        def render(self, event: Event, lang: str = "en", names: list[str] | None = None) -> str: ...

    def prompt_for_others(self, state: State, lang: str = "en") -> str:
        return self.prompt(state, lang)

    def render_decision(self, decision: Decision, lang: str = "en", names: list[str] | None = None) -> str:
        """Nothing: a game with decisions that cause no event says what they chose."""
        return ""

    def recap(self, events: list[Event], viewer: int | None, lang: str = "en", names: list[str] | None = None) -> list[str]:
        """The log's lines of the turn's events, none empty."""
        return [line for line in (self.render(e, lang, names) for e in events) if line]

    def describe(self, view: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> dict[str, Any]:
        """Nothing: each game says its board in its own words."""
        return {"mine": [], "scores": [], "places": []}

    def ending(self, outcome: dict[str, Any], lang: str = "en") -> str:
        """Nothing: each game says why its games end in its own words."""
        return ""


class DecisionShape:
    """A game's `decision_schema()` compiled for `Rules.check_shape`: each branch of its `oneOf`
    names its type (`"type": {"enum": [kind]}` or `"const"`), and each type's branches are compiled
    on their own, so a decision is checked against its type's shape alone (the same verdict as the
    whole schema's, in a fraction of its time)."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self.branches: dict[str, list[dict[str, Any]]] = {}
        for branch in schema["oneOf"]:
            named = branch.get("properties", {}).get("type", {})
            kinds = named["enum"] if "enum" in named else [named["const"]] if "const" in named else None
            if branch.get("type") != "object" or not kinds:
                raise TypeError(f"a branch of a decision schema names no type: {branch.get('title', branch)}")
            for kind in kinds:
                self.branches.setdefault(kind, []).append(branch)
        # JSON Schema counts 1.0 as an integer; the rules index and compare with whole numbers, so a
        # field of type "integer" takes an int alone (checked only for the types that have one)
        self.whole = {kind: tuple(dict.fromkeys(name for b in branches for name, field in b["properties"].items()
                                                if field.get("type") == "integer"))
                      for kind, branches in self.branches.items()}
        self.by_type: dict[str, jsonschema_rs.Validator | _WholeNumbers] = {}
        for kind, branches in self.branches.items():
            compiled = _compiled(branches[0] if len(branches) == 1 else {"oneOf": branches})
            self.by_type[kind] = _WholeNumbers(compiled, self.whole[kind]) if self.whole[kind] else compiled
        self._each = {kind: [_compiled(b) for b in branches] for kind, branches in self.branches.items()}

    def field(self, kind: str, name: str) -> dict[str, Any]:
        """The schema of field `name` in the first of `kind`'s branches that has it."""
        schema: dict[str, Any] = next(b["properties"][name] for b in self.branches[kind] if name in b["properties"])
        return schema

    def first_error(self, kind: str, decision: Decision) -> tuple[dict[str, Any], jsonschema_rs.ValidationError | None]:
        """The branch of `kind` that `decision` comes nearest to and the validator's first error
        against it (None: it fits that branch). Nearest: the fewest fields that tell the type's
        branches apart (an `enum` or `const` other than the type) gone wrong, then the fewest errors."""
        telling = (jsonschema_rs.ValidationErrorKind.Enum, jsonschema_rs.ValidationErrorKind.Constant)

        def rank(i: int) -> tuple[int, int]:
            errors = list(self._each[kind][i].iter_errors(decision))
            return sum(isinstance(e.kind, telling) for e in errors), len(errors)
        best = min(range(len(self.branches[kind])), key=rank)
        return self.branches[kind][best], next(self._each[kind][best].iter_errors(decision), None)


class _WholeNumbers:
    """A type's compiled shape whose integer fields also refuse a float (1.0)."""

    __slots__ = ("validator", "names")

    def __init__(self, validator: jsonschema_rs.Validator, names: tuple[str, ...]) -> None:
        self.validator, self.names = validator, names

    def is_valid(self, decision: Decision) -> bool:
        return self.validator.is_valid(decision) and not any(type(decision.get(n)) is float for n in self.names)

    def iter_errors(self, decision: Decision) -> Iterator[jsonschema_rs.ValidationError]:
        return self.validator.iter_errors(decision)


def _compiled(schema: dict[str, Any]) -> jsonschema_rs.Validator:
    return jsonschema_rs.Draft202012Validator(schema)


def error_message(shape: DecisionShape, kind: str, decision: Decision) -> str:
    """The validator's own words for a decision its type's shape refuses."""
    return next((e.message for e in shape.by_type[kind].iter_errors(decision)), "")


def schema_words(field: dict[str, Any]) -> str:
    """A field's schema in words: "one of W1, W2", "a whole number from 0 to 3", "a text of 1 to 64
    characters"."""
    if "enum" in field:
        return "one of " + ", ".join(v if isinstance(v, str) else json.dumps(v) for v in field["enum"])
    if "const" in field:
        return json.dumps(field["const"])
    kind = field.get("type")
    if kind == "integer":
        low, high = field.get("minimum"), field.get("maximum")
        return ("a whole number" + (f" from {low}" if low is not None else "")
                + (f" to {high}" if high is not None else ""))
    if kind == "string":
        low, high = field.get("minLength", 0), field.get("maxLength")
        if "pattern" in field:
            return f"a text matching {field['pattern']}"
        if high is not None:
            return f"a text of {low} to {high} characters"
        return "a text" + (f" of at least {low} characters" if low else "")
    if kind == "boolean":
        return "true or false"
    return f"of the JSON type {kind}" if kind else "something else"


def _check_option(schema: dict[str, Any], key: str, value: object) -> None:
    if key not in schema:
        raise IllegalAction(f"unknown option {key!r}; options: {', '.join(schema)}")
    if value not in schema[key]["choices"] or type(value) is not type(schema[key]["default"]):
        choices = ", ".join(json.dumps(c) for c in schema[key]["choices"])
        raise IllegalAction(f"option {key!r} must be one of {choices}")
