"""What anyone may see (spec 16): everything but the decks below their top cards, the cards set aside
and the seed. Built by picking what may be shown."""
from __future__ import annotations

from typing import Any

from ..base import State, clone
from .board_words import board_words
from .components import CATALOGUE, DATA

t_ = CATALOGUE.gettext

SHOWN = ("rules_version", "colours", "players", "mode", "options", "ring", "order", "sides", "side_of",
         "team_sectors", "rooms", "slots", "pending", "units", "discards", "held", "drawn", "spent", "lp", "dp",
         "tiles", "disc", "end", "round", "out", "tie", "turn", "ask", "over", "seq")


def view(s: State, seat: int | None) -> dict[str, Any]:
    out = _shown(s)
    out["turn_start"] = None if s["mark"] is None else _turn_start(s["mark"], s)
    out["turn_decisions"] = clone(s["answers"])
    out["you"] = seat
    return out


def _shown(s: State) -> dict[str, Any]:
    # One copy of all shown fields at once: a copy per field cost most of the view's time.
    out = clone({k: s[k] for k in SHOWN})
    out["options"] = dict(s["options"])
    out["decks"] = [{"top": d[0] if d else None, "size": len(d)} for d in s["decks"]]
    out["aside"] = [len(a) for a in s["aside"]]
    return out


def _turn_start(mark: State, s: State) -> dict[str, Any]:
    """The position the turn (or the setup) began from as everyone saw it, and what of its unseen parts
    has shown since: the cards taken from each deck's top, in order, and the bonus cards dealt out (team
    play's setup). With the turn's decisions, all of them public, a guess can play the turn on."""
    out = _shown(mark)
    out["revealed"] = [d[:len(d) - len(now)] for d, now in zip(mark["decks"], s["decks"])]
    out["bonus_revealed"] = mark["bonus_supply"][:len(mark["bonus_supply"]) - len(s["bonus_supply"])]
    return out


def twin(s: State, seat: int | None) -> State:
    """A position no viewer can tell from `s`: the decks' order below the top reversed, the set-aside
    cards swapped with deck cards where possible, another seed."""
    t = clone(s)
    t["seed"] = s["seed"] + 1
    for i, deck in enumerate(t["decks"]):
        if len(deck) > 2:
            t["decks"][i] = [deck[0], *reversed(deck[1:])]
        if t["aside"][i] and len(deck) > 1:
            t["aside"][i][0], t["decks"][i][-1] = t["decks"][i][-1], t["aside"][i][0]
    return t


def client_data(lang: str, colours: dict[str, Any]) -> dict[str, Any]:
    """What the board module needs beside the view, in `lang`: the station's parts and cards with their
    names and texts from the catalogue, and every word the module says (board_words.py)."""
    return {
        "sectors": {sid: {"name": t_(lang, sec.name["en"]), "kind": sec.kind, "faction": sec.faction,
                          "rooms": list(sec.rooms), "connections": [list(c) for c in sec.connections],
                          "slots": list(sec.slots), "pending": sec.pending, "action": sec.action}
                    for sid, sec in DATA.sectors.items()},
        "factions": {fid: {"name": t_(lang, f["name"]["en"]), "sector": f["sector"], "dp": f["dp"]}
                     for fid, f in DATA.factions.items()},
        "cards": {iid: {"kind": c.id, "name": t_(lang, c.name["en"]), "text": t_(lang, c.text["en"]), "faction": c.faction,
                        "types": list(c.types), "number": c.number, "one_shot": c.one_shot}
                  for iid, c in DATA.instances.items()},
        "end_track": DATA.setup["end_track"],
        "seat_colours": colours,
        "words": board_words(lang),
    }
