"""Hand-written Theseus positions for tests: a started duel (Marines seat 0, Greys seat 1 unless told)
with the parts a test names replaced, started with the public `RULES.at_phase`.

    s = position(units={"M1": "DOCK1", "G1": "TEC2"}, slots={"TEC.s1": "GRE02a"}, phase="move")

By default the station is cleared: every unit not named is in space, no card on a slot, position or
before a player, no bonus card out; every faction card not named lies in its owner's deck (deck order
kept, named `decks` on top), every bonus card not named is out of the game. So each card is in one
place and the position is one play could hold.
"""
from __future__ import annotations

from games.rules.base import clone
from games.rules.theseus import RULES
from games.rules.theseus.components import DATA

DUEL = {"faction1": "marines", "faction2": "greys"}


# a seed whose first draw makes seat 0 the first to play with 2, 3 or 4 players (TH29)
SEAT_0_STARTS = 19


def started(players: int = 2, seed: int = SEAT_0_STARTS, options: dict | None = None) -> dict:
    """Setup played with the first legal option to the first question of the first main turn."""
    s = RULES.new_game(players, seed, DUEL if options is None and players == 2 else options)
    while (s["over"] is None and s["turn"]["phase"] == "setup") or s["turn"]["phase"] == "setup":
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])
    return s


def _spec(value):
    return (value, {}) if isinstance(value, str) else (value[0], dict(value[1]))


def position(players: int = 2, seed: int = SEAT_0_STARTS, options: dict | None = None, *, seat: int = 0, phase: str = "move",
             units=None, slots=None, bonus=None, pending=None, held=None, decks=None, lp=None, dp=None,
             tiles=None, disc=None, turn=None, check: bool = True, **extra) -> dict:
    """units: {unit: room | "space" | (room, {"up": True, ...})}; slots: {place: card | (card, {"tiles": 2})};
    bonus: {place: bonus card}; pending: {place: card}; held: {seat: [cards]}; decks: {seat: [top cards]}."""
    s = clone(started(players, seed, options))
    named = set()
    for group in (slots or {}), (bonus or {}), (pending or {}):
        named |= {_spec(v)[0] for v in group.values()}
    for cards in list((held or {}).values()) + list((decks or {}).values()):
        named |= set(cards)
    for room in s["rooms"]:
        s["rooms"][room] = None
    for v in s["units"].values():
        v.update(at="space", up=False, parasites=0, gripped=False, invisible=False)
    for u, where in (units or {}).items():
        room, attrs = _spec(where)
        s["units"][u].update(at=room, **attrs)
        if room != "space":
            s["rooms"][room] = u
    for slot in s["slots"].values():
        slot.update(card=None, bonus=None, tiles=0, counter=0, deact=0)
    for place in s["pending"]:
        s["pending"][place] = None
    for seat_ in range(s["players"]):
        # a card the position names cannot stay set aside (team play): an unnamed one takes its place
        spare = [c for c in s["decks"][seat_] if c not in named]
        s["aside"][seat_] = [c if c not in named else spare.pop() for c in s["aside"][seat_]]
        order = s["decks"][seat_] + s["discards"][seat_] + s["held"][seat_] + s["drawn"][seat_]
        order += [c for c in DATA.decks[s["colours"][seat_]] if c not in order and c not in s["aside"][seat_]]
        top = list((decks or {}).get(seat_, []))
        s["decks"][seat_] = top + [c for c in order if c not in named and c not in s["aside"][seat_]]
        s["discards"][seat_], s["held"][seat_], s["drawn"][seat_] = [], [], []
    s["bonus_supply"], s["spent"] = [], [c for c in DATA.bonus_deck if c not in named]
    for place, value in (slots or {}).items():
        card, attrs = _spec(value)
        s["slots"][place].update(card=card, **attrs)
    for place, card in (bonus or {}).items():
        s["slots"][place]["bonus"] = card
    for place, card in (pending or {}).items():
        s["pending"][place] = card
    for seat_, cards in (held or {}).items():
        s["held"][seat_] = list(cards)
    for key, value in (("lp", lp), ("dp", dp), ("tiles", tiles)):
        if value is not None:
            s[key] = list(value)
    s["disc"] = disc
    s["turn"] = {"seat": seat, "phase": phase, "sub": 1, "unit": None, "moved": [], "dest": None, "rush": [],
                 "remote": [], "cashed": {}, **(turn or {})}
    s.update(extra)
    s["undo_floor"] = s["seq"]
    return RULES.at_phase(s, phase, check=check)


def number(card: str) -> int:
    """A card's printed X from the data, so that a test states what X does, whatever X is tuned to."""
    return DATA.card(card).number


def legal(s) -> list[str]:
    return [d["pick"] for d in RULES.legal_actions(s)]


def ask(s) -> str | None:
    return None if s["ask"] is None else s["ask"]["type"]


def play(s, *picks):
    """Answer the open questions with `picks` in turn (each the pick of the question asked then)."""
    events = []
    for pick in picks:
        assert pick in legal(s), f"{pick!r} not among {s['ask']}"
        s, ev = RULES.apply(s, {"type": s["ask"]["type"], "pick": pick})
        events += ev
    return s, events


def until(s, kind: str, pick_first: bool = True):
    """Answer every question before the first `kind` question with its first option ('continue' etc. last)."""
    events = []
    while s["over"] is None and s["ask"]["type"] != kind:
        s, ev = RULES.apply(s, RULES.legal_actions(s)[0])
        events += ev
    return s, events


def kinds(events) -> list[str]:
    return [e["kind"] for e in events]
