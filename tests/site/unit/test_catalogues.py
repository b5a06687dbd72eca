"""Every language of settings.LANGUAGES speaks in every catalogue of the site: the site's own
(`locale/`) and each app's (`<app>/locale/`). A catalogue of one language holds the same messages as
the others', each translated (no empty or fuzzy entry, every plural form), with the placeholders of
its English text, and its committed `.mo` says what its `.po` says (compiled after the last edit).

So a message added to one language's catalogue and not to another's fails here, and so does a new
language in settings.LANGUAGES without its catalogues (docs/frontend.md, "Adding a language"). The
games' own texts are not here: each game says which languages it speaks (its rules' `languages`)."""
from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings

ROOT = Path(__file__).resolve().parents[3]
TRANSLATED = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]")


def catalogue_folders() -> list[Path]:
    """The site's `locale` folders that hold a catalogue of some language (the games' apart)."""
    found = {Path(p) for p in settings.LOCALE_PATHS} | {Path(app.path) / "locale" for app in apps.get_app_configs()}
    return sorted(f for f in found if ROOT in f.parents and ".venv" not in f.parts
                  and (ROOT / "games" / "rules") not in f.parents and any(f.glob("*/LC_MESSAGES/django.po")))


def entries(path: Path) -> tuple[dict[str, str], list[dict]]:
    """The header's fields and the entries of a .po file ({"msgctxt"?, "msgid", "msgid_plural"?,
    "msgstr" or "msgstr[n]", "fuzzy"}); obsolete (#~) entries are left out."""
    found: list[dict] = []
    entry: dict = {}
    key = ""
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip() or (line.startswith("#") and "msgid" in entry):
            if "msgid" in entry:
                found.append(entry)
            entry, key = ({"fuzzy": "fuzzy" in line} if line.startswith("#,") else {}), ""
        elif line.startswith("#,") and "fuzzy" in line:
            entry["fuzzy"] = True
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[key] += ast.literal_eval(line)
        else:
            key, _, text = line.partition(" ")
            if key == "msgctxt" and "msgid" in entry:
                found.append(entry)
                entry = {}
            entry[key] = ast.literal_eval(text)
    header = next(e for e in found if e["msgid"] == "" and "msgctxt" not in e)
    fields = dict(line.split(": ", 1) for line in header["msgstr"].splitlines() if ": " in line)
    return fields, [e for e in found if e is not header]


def key(entry: dict) -> tuple[str, str]:
    return entry.get("msgctxt", ""), entry["msgid"]


def translations(entry: dict) -> list[str]:
    return [entry[k] for k in sorted(entry) if k.startswith("msgstr")]


FOLDERS = catalogue_folders()


@pytest.mark.parametrize("folder", FOLDERS, ids=[str(f.relative_to(ROOT)) for f in FOLDERS])
def test_each_language_holds_every_message_translated_and_compiled(folder):
    assert TRANSLATED, "settings.LANGUAGES names no language besides English"
    messages: dict[str, set] = {}
    for code in TRANSLATED:
        po = folder / code / "LC_MESSAGES" / "django.po"
        assert po.exists(), f"{po.relative_to(ROOT)} is missing: every language has every catalogue"
        fields, found = entries(po)
        assert fields.get("Language") == code and fields.get("Plural-Forms", "").startswith("nplurals="), fields
        messages[code] = {key(e) for e in found}
        assert len(messages[code]) == len(found), f"{code}: a message twice"
        with (po.with_suffix(".mo")).open("rb") as compiled:
            mo = gettext.GNUTranslations(compiled)
        for entry in found:
            said = translations(entry)
            assert not entry.get("fuzzy") and said and all(said), f"{code}: not translated: {key(entry)}"
            # every placeholder of the English, but a plural form may leave the number out ("une fois")
            wanted = set(PLACEHOLDER.findall(entry["msgid"] + entry.get("msgid_plural", "")))
            for text in said:
                named = set(PLACEHOLDER.findall(text))
                assert named <= wanted if "msgid_plural" in entry else named == wanted, \
                    f"{code}: the placeholders of {key(entry)}: {text!r}"
            context, msgid = key(entry)
            if "msgid_plural" in entry:
                shown = [mo.npgettext(context, msgid, entry["msgid_plural"], n) if context else
                         mo.ngettext(msgid, entry["msgid_plural"], n) for n in (1, 2)]
                assert set(shown) <= set(said), f"{code}: {po.with_suffix('.mo').name} not compiled from its .po: {msgid!r}"
            else:
                shown = [mo.pgettext(context, msgid) if context else mo.gettext(msgid)]
                assert shown == said, f"{code}: {po.with_suffix('.mo').name} not compiled from its .po: {msgid!r}"
    first, *others = TRANSLATED
    for code in others:
        assert messages[code] == messages[first], (
            f"{first} alone: {sorted(messages[first] - messages[code])[:5]}; "
            f"{code} alone: {sorted(messages[code] - messages[first])[:5]}")
