"""The board in words (`RULES.describe`), for a player who cannot see it, from one reader's view alone.

"mine": the reader's platform, ships on the board, saved ships, Lost Ship, Skip disc, hand and
missions; "scores": each player's standing as the view shows it; "places": every node of the board
zone by zone from the outer ring inward, then the wormhole, each with the ship on it and its links
(inward, outward, dotted ones with their zone and a block). Each place's id is the node's name, as
board.js gives it in `data-place`. Nothing here reads a hidden field: the view holds only counts of
the other players' hands and missions, and so do these lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..base import DESCRIBE_LINE
from .components import WORMHOLE
from .ships import BOARD

View = dict[str, Any]
Lines = list[str]

EN: dict[str, Any] = {
    "and": "and",
    "field": {1: "field 1 (SWAP)", 2: "field 2 (wait)", 3: "field 3 (WARP)"},
    "deck": {"warning": "WARNING", "alert": "ALERT"},
    "when": {"play": "scored when met", "end": "judged at the end"},
    "place": {1: "1st", 2: "2nd", 3: "3rd"},
    # mine
    "platform": lambda n: f"Your platform: {n} ship{'s' if n != 1 else ''} waiting to enter the outer ring.",
    "platform_empty": "Your platform is empty.",
    "my_ship": lambda n, where, up: f"Your ship at {n}, {where}{', upright for a warp' if up else ''}.",
    "my_saved": lambda n, fleet: f"Ships you saved through the wormhole: {n} of {fleet}.",
    "my_lost": {
        "aside": "Your Lost Ship: not found yet; it is found once you have ships in all three zones.",
        "due": "Your Lost Ship: found, to be placed on a free node of the outer ring.",
        "placed": "Your Lost Ship: found and placed; it is one of your ships.",
    },
    "my_skip": lambda f: f"Your Skip disc: {f}.",
    "card": lambda c, name, deck, p, h: f"{c} {name} ({deck}; {p} VP when played, {h} VP if in hand at the end)",
    "in_hand": lambda card: f"In your hand: {card}",
    "no_cards": "Your hand: no cards.",
    "mission": lambda m, name, vp, when: f"mission {m} {name} (+{vp} VP, {when})",
    "my_mission": lambda m: f"Your {m}",
    "dealt": lambda m: f"Dealt to you: {m}",
    "give_back": "Give back one of the three missions dealt to you; you keep the other two.",
    "drawn": lambda m: f"Drawn for you to keep one: {m}",
    "no_missions": "Your missions: none kept.",
    "my_met": "Missions you met:",
    # scores
    "who": lambda name, colour, you: (
        f"{name} ({colour}{', you' if you else ''})" if name else (f"{colour} (you)" if you else colour)
    ),
    "vp_of": lambda n: f"{n} VP",
    "saved_of": lambda n, fleet: f"{n} of {fleet} ships saved",
    "on_platform": lambda n: f"{n} on the platform",
    "lost": {"aside": "Lost Ship not found", "due": "Lost Ship found, to be placed", "placed": "Lost Ship placed"},
    "skip": lambda f: f"Skip disc on {f}",
    "hand": lambda n: f"{n} card{'s' if n != 1 else ''} in hand",
    "kept": lambda n: f"{n} mission{'s' if n != 1 else ''} kept",
    "dealt_n": lambda n: f"{n} missions dealt",
    "met": lambda ms: f"missions met: {ms}",
    "track": lambda p: f"{p} place on the Last Ship track",
    "first_empty": "first to empty the platform",
    "final": lambda score, b: (
        f"{score} points in the end (track {b['track']}, Last Ship {b['last_ship']}, "
        f"cards in hand {b['hand']:+d}, end missions {b['end_missions_vp']:+d})"
    ),
    "rank": lambda rank, won: f"rank {rank}{', winner' if won else ''}",
    "saved_end": lambda n: f"{n} ships saved",
    # places
    "outer": lambda z: f"outer ring of zone {z}",
    "middle": lambda z, d: f"zone {z}, {d} steps from the wormhole",
    "inner": lambda z: f"inner ring of zone {z}, next to the wormhole",
    "wormhole": "The wormhole, in the centre of the board",
    "free": "Free.",
    "mine_here": "Your ship",
    "ship_of": lambda who: f"Ship of {who}",
    "upright": ", upright for a warp",
    "inward": lambda ns, n: f"Link{'s' if n > 1 else ''} inward to {ns}.",
    "into_wormhole": "Links inward into the wormhole.",
    "dotted_in": lambda n, z: f"Dotted link inward to {n} in zone {z}",
    "outward": lambda ns: f"Reached from {ns}.",
    "dotted_out": lambda n, z: f"Dotted link in from {n} in zone {z}",
    "blocked": lambda who: f", blocked until {who}'s next turn",
    "blocked_me": ", blocked until your next turn",
    "enter_here": "Ships enter here from the platforms.",
    "w_from": lambda ns: f"Reached from {ns}; it takes any number of ships, each one saved.",
    "w_saved": "Ships saved:",
    "open": lambda card: f"Open card, taken for a saved ship: {card}",
    "no_open": "No open cards.",
    "decks": lambda d: f"Decks: {d['warning']} WARNING cards, {d['alert']} ALERT cards, {d['mission']} missions.",
    "discards": "Discards:",
    "none": "none",
    "last_ship": "Last Ship track:",
    "slot": lambda p, vp, who: f"{p} place, {vp} VP: {who}",
    "slot_free": "free",
}

DE: dict[str, Any] = {
    "and": "und",
    "field": {1: "Feld 1 (SWAP)", 2: "Feld 2 (warten)", 3: "Feld 3 (WARP)"},
    "deck": {"warning": "WARNING", "alert": "ALERT"},
    "when": {"play": "gewertet, sobald erfüllt", "end": "am Ende gewertet"},
    "place": {1: "1.", 2: "2.", 3: "3."},
    "platform": lambda n: (
        f"Deine Plattform: {n} Schiffe warten auf den Einflug in den Außenring."
        if n != 1
        else "Deine Plattform: 1 Schiff wartet auf den Einflug in den Außenring."
    ),
    "platform_empty": "Deine Plattform ist leer.",
    "my_ship": lambda n, where, up: f"Dein Schiff auf {n}, {where}{', aufgestellt für einen Warp' if up else ''}.",
    "my_saved": lambda n, fleet: f"Durchs Wurmloch gerettete Schiffe: {n} von {fleet}.",
    "my_lost": {
        "aside": "Dein Lost Ship: noch nicht gefunden; es ist gefunden, sobald du Schiffe in allen drei Zonen hast.",
        "due": "Dein Lost Ship: gefunden, einzusetzen auf einen freien Knoten des Außenrings.",
        "placed": "Dein Lost Ship: gefunden und eingesetzt; es ist eines deiner Schiffe.",
    },
    "my_skip": lambda f: f"Deine Skip-Scheibe: {f}.",
    "card": lambda c, name, deck, p, h: f"{c} {name} ({deck}; gespielt {p} SP, am Ende auf der Hand {h} SP)",
    "in_hand": lambda card: f"Auf deiner Hand: {card}",
    "no_cards": "Deine Hand: keine Karten.",
    "mission": lambda m, name, vp, when: f"Mission {m} {name} (+{vp} SP, {when})",
    "my_mission": lambda m: f"Deine {m}",
    "dealt": lambda m: f"Dir ausgeteilt: {m}",
    "give_back": "Gib eine der drei ausgeteilten Missionen zurück; die anderen zwei behältst du.",
    "drawn": lambda m: f"Für dich gezogen, behalte eine: {m}",
    "no_missions": "Deine Missionen: keine behalten.",
    "my_met": "Von dir erfüllte Missionen:",
    "who": lambda name, colour, you: (
        f"{name} ({colour}{', du' if you else ''})" if name else (f"{colour} (du)" if you else colour)
    ),
    "vp_of": lambda n: f"{n} SP",
    "saved_of": lambda n, fleet: f"{n} von {fleet} Schiffen gerettet",
    "on_platform": lambda n: f"{n} auf der Plattform",
    "lost": {
        "aside": "Lost Ship nicht gefunden",
        "due": "Lost Ship gefunden, einzusetzen",
        "placed": "Lost Ship eingesetzt",
    },
    "skip": lambda f: f"Skip-Scheibe auf {f}",
    "hand": lambda n: f"{n} Karte{'n' if n != 1 else ''} auf der Hand",
    "kept": lambda n: f"{n} Mission{'en' if n != 1 else ''} behalten",
    "dealt_n": lambda n: f"{n} Missionen ausgeteilt",
    "met": lambda ms: f"erfüllte Missionen: {ms}",
    "track": lambda p: f"{p} Platz der Last-Ship-Leiste",
    "first_empty": "als Erster die Plattform geleert",
    "final": lambda score, b: (
        f"am Ende {score} Punkte (Leiste {b['track']}, Last Ship {b['last_ship']}, "
        f"Karten auf der Hand {b['hand']:+d}, Missionen am Ende {b['end_missions_vp']:+d})"
    ),
    "rank": lambda rank, won: f"Rang {rank}{', gewinnt' if won else ''}",
    "saved_end": lambda n: f"{n} Schiffe gerettet",
    "outer": lambda z: f"Außenring der Zone {z}",
    "middle": lambda z, d: f"Zone {z}, {d} Schritte vom Wurmloch",
    "inner": lambda z: f"innerer Ring der Zone {z}, direkt am Wurmloch",
    "wormhole": "Das Wurmloch, in der Mitte des Spielplans",
    "free": "Frei.",
    "mine_here": "Dein Schiff",
    "ship_of": lambda who: f"Schiff von {who}",
    "upright": ", aufgestellt für einen Warp",
    "inward": lambda ns, n: f"Verbindung{'en' if n > 1 else ''} nach innen zu {ns}.",
    "into_wormhole": "Verbindung nach innen ins Wurmloch.",
    "dotted_in": lambda n, z: f"Gepunktete Verbindung nach innen zu {n} in Zone {z}",
    "outward": lambda ns: f"Erreicht von {ns}.",
    "dotted_out": lambda n, z: f"Gepunktete Verbindung herein von {n} in Zone {z}",
    "blocked": lambda who: f", gesperrt bis zum nächsten Zug von {who}",
    "blocked_me": ", gesperrt bis zu deinem nächsten Zug",
    "enter_here": "Hier fliegen Schiffe von den Plattformen ein.",
    "w_from": lambda ns: f"Erreicht von {ns}; es nimmt beliebig viele Schiffe auf, jedes ist gerettet.",
    "w_saved": "Gerettete Schiffe:",
    "open": lambda card: f"Offene Karte, genommen für ein gerettetes Schiff: {card}",
    "no_open": "Keine offenen Karten.",
    "decks": lambda d: f"Stapel: {d['warning']} WARNING-Karten, {d['alert']} ALERT-Karten, {d['mission']} Missionen.",
    "discards": "Ablage:",
    "none": "keine",
    "last_ship": "Last-Ship-Leiste:",
    "slot": lambda p, vp, who: f"{p} Platz, {vp} SP: {who}",
    "slot_free": "frei",
}

WORDS = {"en": EN, "de": DE}


@dataclass(frozen=True)
class Reader:
    """The view, its reader's colour (None for a spectator), the language's words and the names."""

    view: View
    lang: str
    names: list[str] | None

    @property
    def w(self) -> dict[str, Any]:
        return WORDS[self.lang]

    @property
    def me(self) -> str | None:
        you = self.view["you"]
        return None if you is None else str(self.view["colours"][you])

    def colour(self, c: str) -> str:
        return str(BOARD.colour_names[self.lang][c])

    def name(self, c: str) -> str | None:
        """The name given to the player of colour `c` (names are in seat order, the colours' order)."""
        seat = self.view["colours"].index(c)
        return self.names[seat] if self.names and seat < len(self.names) else None

    def who(self, c: str) -> str:
        """A player by the name given, else by colour."""
        return self.name(c) or self.colour(c)

    def card(self, card_id: str) -> tuple[str, str]:
        """An action card's name with its deck and VP, and its text."""
        card = BOARD.cards[card_id]
        head = self.w["card"](
            card_id, card.name[self.lang], self.w["deck"][card.deck], f"{card.played:+d}", f"{card.in_hand:+d}"
        )
        return head, str(card.text[self.lang])

    def mission(self, number: int) -> tuple[str, str]:
        """A mission's number, name, VP and when it is met, and its text."""
        m = BOARD.missions[number]
        return self.w["mission"](number, m.name[self.lang], m.vp, self.w["when"][m.when]), str(m.text[self.lang])

    def listing(self, items: list[str]) -> str:
        """The items in words: "A2, A3 and A4"."""
        return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {self.w['and']} {items[-1]}"


def fit(label: Any, words: tuple[str, str]) -> Lines:
    """`label(head): text` as one line, or as two where that is too long for one."""
    head, tail = label(words[0]), words[1]
    line = f"{head}: {tail}"
    return [line] if len(line) <= DESCRIBE_LINE else [f"{head}.", tail]


def pack(head: str, items: Iterable[str], sep: str = ", ") -> Lines:
    """`head items...`, as few lines as hold them, each at most DESCRIBE_LINE characters."""
    lines, line = [], head
    for item in items:
        if line != head and len(line) + len(sep) + len(item) + 1 > DESCRIBE_LINE:
            lines.append(line + ".")
            line = head
        line = f"{line} {item}" if line == head else f"{line}{sep}{item}"
    lines.append(line + ".")
    return lines


def count(held: list[Any] | int) -> int:
    """The reader's own cards or missions are a list in the view, another player's a count."""
    return len(held) if isinstance(held, list) else held


def fleet(view: View) -> int:
    """A player's ships, the Lost Ship counted."""
    return int(BOARD.ships[view["players"]]) + 1


def where(r: Reader, node: str) -> str:
    """A node's ring or depth, in words: depth 4 is the outer ring, depth 1 the inner ring."""
    depth, zone = BOARD.depth[node], BOARD.zone[node]
    if depth == 4:
        return str(r.w["outer"](zone))
    if depth == 1:
        return str(r.w["inner"](zone))
    return str(r.w["middle"](zone, depth))


# --- mine ----------------------------------------------------------------------------------------


def mine(r: Reader) -> Lines:
    me = r.me
    if me is None:
        return []
    v, w = r.view, r.w
    lines = [w["platform"](v["platform"][me]) if v["platform"][me] else w["platform_empty"]]
    lines += [w["my_ship"](n, where(r, n), n in v["upright"]) for n in ordered_nodes() if v["board"].get(n) == me]
    lines += [
        w["my_saved"](v["saved"][me], fleet(v)),
        w["my_lost"][v["lost"][me]],
        w["my_skip"](w["field"][v["skip"][me]]),
    ]
    return lines + hand(r, me) + missions(r, me)


def hand(r: Reader, me: str) -> Lines:
    cards = r.view["hands"][me]
    if not cards:
        return [r.w["no_cards"]]
    return [line for card in cards for line in fit(r.w["in_hand"], r.card(card))]


def missions(r: Reader, me: str) -> Lines:
    """The missions kept (during the setup the three dealt), those drawn by card A2 to keep one of,
    and those met."""
    v, w = r.view, r.w
    question = v["question"] or {}
    setup = question.get("q") == "return_mission" and question.get("seat") == v["you"]
    label = w["dealt"] if setup else w["my_mission"]
    lines = [line for m in v["missions"][me] for line in fit(label, r.mission(m))]
    if setup:
        lines.append(w["give_back"])
    elif not lines:
        lines.append(w["no_missions"])
    if question.get("q") == "keep_mission" and question.get("seat") == v["you"]:
        lines += [line for m in question.get("options", ()) for line in fit(w["drawn"], r.mission(m))]
    if v["revealed"][me]:
        lines += pack(w["my_met"], (r.mission(m)[0] for m in v["revealed"][me]))
    return lines


# --- scores --------------------------------------------------------------------------------------


def scores(r: Reader) -> Lines:
    return [line for c in r.view["colours"] for line in standing(r, c)]


def standing(r: Reader, c: str) -> Lines:
    """One player's standing: during play the VP track and what the view counts of them; at the
    end the final score, its rank and its parts (ties broken by ships saved, AE5)."""
    v, w = r.view, r.w
    head = w["who"](r.name(c), r.colour(c), c == r.me)
    if v["outcome"]:
        entry = next(e for e in v["outcome"]["ranking"] if e["who"] == c)
        parts = [
            w["final"](entry["score"], v["outcome"]["breakdown"][c]),
            w["rank"](entry["rank"], c in v["outcome"]["winners"]),
            w["saved_end"](entry["saved"]),
        ]
    else:
        kept = count(v["missions"][c])
        dealt = v["turn"] is None and kept == BOARD.raw["missions_dealt"]  # the setup, before giving one back
        parts = [
            w["vp_of"](v["vp"][c]),
            w["saved_of"](v["saved"][c], fleet(v)),
            w["on_platform"](v["platform"][c]),
            w["lost"][v["lost"][c]],
            w["skip"](w["field"][v["skip"][c]]),
            w["hand"](count(v["hands"][c])),
            w["dealt_n" if dealt else "kept"](kept),
        ]
        if v["revealed"][c]:
            parts.append(w["met"](r.listing([str(m) for m in v["revealed"][c]])))
    if c in v["last_ship"]:
        parts.append(w["track"](w["place"][v["last_ship"].index(c) + 1]))
    if v["first_empty"] == c:
        parts.append(w["first_empty"])
    return pack(f"{head}:", parts)


# --- places --------------------------------------------------------------------------------------


def ordered_nodes() -> list[str]:
    """Zone by zone, from the outer ring inward: A1 … A11, B1 … B11, C1 … C11."""
    return sorted(BOARD.nodes, key=lambda n: (BOARD.zones.index(BOARD.zone[n]), int(n[1:])))


def places(r: Reader) -> list[dict[str, Any]]:
    out = [{"place": n, "name": f"{n}, {where(r, n)}", "lines": node_lines(r, n)} for n in ordered_nodes()]
    return [*out, {"place": WORMHOLE, "name": r.w["wormhole"], "lines": wormhole_lines(r)}]


def occupant(r: Reader, node: str) -> str:
    """The ship on a node (a node holds one), and whether it stands upright for a warp (AE7)."""
    c = r.view["board"].get(node)
    if c is None:
        return str(r.w["free"])
    who = r.w["mine_here"] if c == r.me else r.w["ship_of"](r.who(c))
    return f"{who}{r.w['upright'] if node in r.view['upright'] else ''}."


def block(r: Reader, link: str) -> str:
    """A dotted link blocked by card A9, until the next turn of the player who blocked it."""
    by = next((b["by"] for b in r.view["blocked"] if b["link"] == link), None)
    if by is None:
        return ""
    return str(r.w["blocked_me"] if by == r.me else r.w["blocked"](r.who(by)))


def node_lines(r: Reader, node: str) -> Lines:
    w = r.w
    lines = [occupant(r, node)]
    solid_in = [t for t, _, dotted in BOARD.inward[node] if not dotted]
    if solid_in == [WORMHOLE]:
        lines.append(w["into_wormhole"])
    elif solid_in:
        lines.append(w["inward"](r.listing(solid_in), len(solid_in)))
    lines += [
        f"{w['dotted_in'](t, BOARD.zone[t])}{block(r, link)}." for t, link, dotted in BOARD.inward[node] if dotted
    ]
    solid_out = [s for s, _, dotted in BOARD.outward[node] if not dotted]
    lines.append(w["outward"](r.listing(solid_out)) if solid_out else w["enter_here"])
    lines += [
        f"{w['dotted_out'](s, BOARD.zone[s])}{block(r, link)}." for s, link, dotted in BOARD.outward[node] if dotted
    ]
    return lines


def wormhole_lines(r: Reader) -> Lines:
    """Where ships come in, the ships saved, the open cards a saved ship takes (AE3), the decks,
    the discards and the Last Ship track."""
    v, w = r.view, r.w
    lines = [w["w_from"](r.listing([s for s, _, _ in BOARD.outward[WORMHOLE]]))]
    lines += pack(w["w_saved"], (f"{r.who(c)} {v['saved'][c]}" for c in v["colours"]))
    opened = [v["open"][kind] for kind in ("warning", "alert") if v["open"][kind]]
    lines += [line for card in opened for line in fit(w["open"], r.card(card))]
    if not opened:
        lines.append(w["no_open"])
    lines.append(w["decks"](v["decks"]))
    discards = [*v["discard"]["warning"], *v["discard"]["alert"]]
    lines += pack(w["discards"], [f"{card} {BOARD.cards[card].name[r.lang]}" for card in discards] or [w["none"]])
    slots = [
        w["slot"](w["place"][i + 1], vp, r.who(v["last_ship"][i]) if i < len(v["last_ship"]) else w["slot_free"])
        for i, vp in enumerate(BOARD.last_ship_vp)
    ]
    return lines + pack(w["last_ship"], slots, "; ")


def describe(view: View, lang: str = "en", names: list[str] | None = None) -> dict[str, Any]:
    """The board in words for the reader of `view` (games.rules.base.GameRules.describe)."""
    r = Reader(view, lang if lang in WORDS else "en", names)
    return {"mine": mine(r), "scores": scores(r), "places": places(r)}
