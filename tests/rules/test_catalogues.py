"""Each game's texts come from its own gettext catalogue (games/rules/<game>/locale/, docs/games.md "A
game's texts in other languages"): every text the code uses is translated into every language the game
declares, the compiled .mo says what the .po says, a language the game does not have reads in English,
and no table or branch of a language is left in the code."""
from __future__ import annotations

import ast
import gettext
import json
import re
from importlib import import_module
from pathlib import Path

import pytest

from games import rules
from games.rules.base import Catalogue

ROOT = Path(__file__).resolve().parents[2]
GAMES = rules.names()  # every game: none reads its texts any other way
TOOLKIT = "rules"  # the toolkit's own words (games/rules/locale/), in every language of any game
# helper name -> (index of the context, index of the msgid); None: no context
KEYWORDS = {"t_": (None, 1), "N_": (None, 0), "pN_": (0, 1), "p_": (1, 2), "n_": (None, 1), "gettext": (None, 1),
            "pgettext": (1, 2), "ngettext": (None, 1), "named": (None, 1)}
PLURALS = {"n_": 2, "ngettext": 2}  # index of the plural msgid


def package(game: str) -> Path:
    return ROOT / "games" / "rules" / (game if game != TOOLKIT else "")


def used(game: str) -> set[tuple[str | None, str]]:
    """(context, msgid) of every literal text the game's code hands its catalogue, and the texts its
    data files name (the package's `data_texts()`)."""
    found: set[tuple[str | None, str]] = set()
    data_texts = getattr(import_module(f"games.rules.{game}"), "data_texts", None) if game != TOOLKIT else None
    found |= {(None, text) for text in (data_texts() if data_texts else ())}
    for path in sorted(package(game).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in KEYWORDS:
                continue
            context_at, msgid_at = KEYWORDS[name]
            args = node.args
            if len(args) <= msgid_at or not isinstance(args[msgid_at], ast.Constant) or not isinstance(args[msgid_at].value, str):
                continue
            context = None
            if context_at is not None:
                if not isinstance(args[context_at], ast.Constant):
                    continue
                context = args[context_at].value
            if args[msgid_at].value:
                found.add((context, args[msgid_at].value))
            if name in PLURALS and isinstance(args[PLURALS[name]], ast.Constant):
                found.add((context, args[PLURALS[name]].value))
    return found


def unquote(text: str) -> str:
    return json.loads(text)


def entries(po: Path, plurals: bool = True) -> dict[tuple[str | None, str], list[str]]:
    """(context, msgid) -> its msgstr (a plural's forms in order; its plural msgid is an entry too
    unless `plurals` is false)."""
    out: dict[tuple[str | None, str], list[str]] = {}
    for block in po.read_text().split("\n\n"):
        fields: dict[str, str] = {}
        last = None
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            match = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) (".*")$', line)
            if match:
                last = match.group(1)
                fields[last] = unquote(match.group(2))
            elif line.startswith('"') and last:
                fields[last] += unquote(line)
        if fields.get("msgid"):
            forms = [fields[k] for k in sorted(fields) if k.startswith("msgstr")]
            out[(fields.get("msgctxt"), fields["msgid"])] = forms
            if "msgid_plural" in fields and plurals:
                out[(fields.get("msgctxt"), fields["msgid_plural"])] = forms
    return out


def placeholders(text: str) -> set[str]:
    """The names a text fills, a form asked by attribute counted as its name: "{figure.acc}" -> figure."""
    return {re.split(r"[.\[:!]", name)[0] for name in re.findall(r"\{([^{}]*)\}", text)}


def languages(game: str) -> list[str]:
    if game == TOOLKIT:
        return sorted({lang for name in rules.names() for lang in rules.presentation(name).languages} - {"en"})
    return [lang for lang in rules.presentation(game).languages if lang != "en"]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_declares_the_languages_of_its_catalogue(game):
    catalogue: Catalogue = rules.presentation(game).catalogue
    assert catalogue.languages == rules.presentation(game).languages
    assert rules.presentation(game).languages[0] == "en"


@pytest.mark.parametrize("game", [*GAMES, TOOLKIT])
def test_every_text_the_code_uses_is_translated_into_each_language(game):
    texts = used(game)
    assert len(texts) > (50 if game != TOOLKIT else 1), "the extraction found the game's texts"
    for lang in languages(game):
        po = entries(package(game) / "locale" / lang / "LC_MESSAGES" / f"{game}.po")
        untranslated = sorted(str(t) for t in texts if not all(po.get(t, [""])))
        assert not untranslated, f"{game} {lang}: {untranslated}"
        partners: dict[int, set[str]] = {}  # a plural's forms may fill what its singular or plural msgid names
        for (_context, msgid), forms in po.items():
            partners.setdefault(id(forms), set()).update(placeholders(msgid))
        for (context, msgid), forms in po.items():
            by_hand = (*Catalogue.FORMS, *Catalogue.VARIANTS)
            wanted = partners[id(forms)] | ({""} if context in by_hand else set())
            for form in forms:
                assert placeholders(form) <= wanted, (game, lang, msgid, form)
            if context in by_hand:
                assert (None, msgid) in po, f"a form of {msgid!r}, which is no text of the game"


@pytest.mark.parametrize("game", [*GAMES, TOOLKIT])
def test_the_compiled_catalogue_says_what_the_po_says(game):
    """The game's catalogue, and its templates' (Django's domain, where the game's templates have text),
    compiled from their .po, every entry of the templates' translated too."""
    for lang in languages(game):
        folder = package(game) / "locale" / lang / "LC_MESSAGES"
        domains = [game] + (["django"] if (folder / "django.po").exists() else [])
        for domain in domains:
            check_compiled(folder, domain)


def check_compiled(folder: Path, domain: str) -> None:
    with open(folder / f"{domain}.mo", "rb") as compiled:
        mo = gettext.GNUTranslations(compiled)
    for (context, msgid), forms in entries(folder / f"{domain}.po", plurals=False).items():
        assert all(forms), f"{folder}/{domain}.po: {msgid!r} is not translated"
        said = mo.pgettext(context, msgid) if context else mo.gettext(msgid)
        assert said in forms, f"{folder}/{domain}: {msgid!r} reads {said!r}; run bin/game-texts or msgfmt"
        if msgid.endswith(".html"):  # a template the language has a whole document of (the rules page's)
            assert (folder.parents[2] / "templates" / said).exists(), said


@pytest.mark.parametrize("game", GAMES)
def test_a_language_the_game_does_not_have_reads_in_english(game):
    module = rules.get(game)
    shown = rules.presentation(game)
    state = module.new_game(module.min_players, 7)
    for _ in range(12):
        if module.current_seat(state) is None:
            break
        state, events = module.apply(state, module.bot("random", 1).choose(state))
        for event in events:
            assert shown.render(event, "xx") == shown.render(event, "en")
        assert shown.recap(events, 0, "xx") == shown.recap(events, 0, "en")
    assert shown.prompt(state, "xx") == shown.prompt(state, "en")
    assert shown.describe(module.view(state, 0), "xx") == shown.describe(module.view(state, 0), "en")
    assert shown.client_data("xx") == shown.client_data("en")
    assert shown.catalogue.gettext("xx", "no such text") == "no such text"
    outcome = {"ranking": [], "winners": [], "alien_victory": False}
    line = shown.command_line(module, shown)
    assert line.outcome(outcome, "xx") == line.outcome(outcome, "en")


@pytest.mark.parametrize("game", GAMES)
def test_the_javascript_tests_read_the_words_client_data_hands_the_board(game):
    for lang in rules.presentation(game).languages:
        words = rules.presentation(game).client_data(lang).get("words")
        if words is None:
            continue
        written = ROOT / "tests" / "js" / "words" / f"{game}.{lang}.json"
        assert json.loads(written.read_text()) == json.loads(json.dumps(words)), f"run bin/game-texts {game}"


@pytest.mark.parametrize("game", GAMES)
def test_no_table_or_branch_of_a_language_is_left_in_the_code(game):
    """Every text a player reads comes from the catalogue: no {"en": ..., "de": ...} table, no branch
    on the language, in the game's modules and its board module."""
    sources = [*package(game).glob("*.py"), *package(game).glob("static/*/*.js"), *package(game).glob("templates/*/*.html")]
    for path in sources:
        text = path.read_text()
        for pattern in (r'"de"\s*:', r"\bde\s*:\s*\{", r'==\s*"de"', r'!=\s*"de"', r'===\s*"de"', r'!==\s*"de"',
                        r"\bDE\s*=", r'in \("de"', r"LANGUAGE_CODE\s*==", r"==\s*'de'"):
            assert not re.search(pattern, text), f"{path.relative_to(ROOT)}: {pattern}"
