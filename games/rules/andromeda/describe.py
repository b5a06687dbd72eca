"""The board in words (`PRESENTATION.describe`), for a player who cannot see it, from one reader's view alone.

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

from ..base import DESCRIBE_LINE, N_
from .components import WORMHOLE
from .log import DECKS, PLACES, card_name, card_text, colour, joined, mission_name, mission_text, n_, t_
from .ships import BOARD

View = dict[str, Any]
Lines = list[str]

FIELDS = {1: N_("field 1 (SWAP)"), 2: N_("field 2 (wait)"), 3: N_("field 3 (WARP)")}
WHEN = {"play": N_("scored when met"), "end": N_("judged at the end")}
MY_LOST = {"aside": N_("Your Lost Ship: not found yet; it is found once you have ships in all three zones."),
           "due": N_("Your Lost Ship: found, to be placed on a free node of the outer ring."),
           "placed": N_("Your Lost Ship: found and placed; it is one of your ships.")}
LOST = {"aside": N_("Lost Ship not found"), "due": N_("Lost Ship found, to be placed"), "placed": N_("Lost Ship placed")}
EN = {
    # mine
    "platform_empty": N_("Your platform is empty."),
    "my_ship": N_("Your ship at {n}, {where}."),
    "my_ship.upright": N_("Your ship at {n}, {where}, upright for a warp."),
    "my_saved": N_("Ships you saved through the wormhole: {n} of {fleet}."),
    "my_skip": N_("Your Skip disc: {f}."),
    "card": N_("{c} {name} ({deck}; {p} VP when played, {h} VP if in hand at the end)"),
    "in_hand": N_("In your hand: {card}"),
    "no_cards": N_("Your hand: no cards."),
    "mission": N_("mission {m} {name} (+{vp} VP, {when})"),
    "my_mission": N_("Your {m}"),
    "dealt": N_("Dealt to you: {m}"),
    "give_back": N_("Give back one of the three missions dealt to you; you keep the other two."),
    "drawn": N_("Drawn for you to keep one: {m}"),
    "no_missions": N_("Your missions: none kept."),
    "my_met": N_("Missions you met:"),
    # scores
    "who.named": N_("{name} ({colour})"),
    "who.named.you": N_("{name} ({colour}, you)"),
    "who.you": N_("{colour} (you)"),
    "vp_of": N_("{n} VP"),
    "saved_of": N_("{n} of {fleet} ships saved"),
    "on_platform": N_("{n} on the platform"),
    "skip": N_("Skip disc on {f}"),
    "dealt_n": N_("{n} missions dealt"),
    "met": N_("missions met: {ms}"),
    "track": N_("{p} place on the Last Ship track"),
    "first_empty": N_("first to empty the platform"),
    "final": N_("{score} points in the end (track {track}, Last Ship {last_ship}, cards in hand {hand}, end missions {end})"),
    "rank": N_("rank {rank}"),
    "rank.won": N_("rank {rank}, winner"),
    "saved_end": N_("{n} ships saved"),
    # places
    "outer": N_("outer ring of zone {z}"),
    "middle": N_("zone {z}, {d} steps from the wormhole"),
    "inner": N_("inner ring of zone {z}, next to the wormhole"),
    "wormhole": N_("The wormhole, in the centre of the board"),
    "free": N_("Free."),
    "mine_here": N_("Your ship"),
    "ship_of": N_("Ship of {who}"),
    "upright": N_(", upright for a warp"),
    "into_wormhole": N_("Links inward into the wormhole."),
    "dotted_in": N_("Dotted link inward to {n} in zone {z}"),
    "outward": N_("Reached from {ns}."),
    "dotted_out": N_("Dotted link in from {n} in zone {z}"),
    "blocked": N_(", blocked until {who}'s next turn"),
    "blocked_me": N_(", blocked until your next turn"),
    "enter_here": N_("Ships enter here from the platforms."),
    "w_from": N_("Reached from {ns}; it takes any number of ships, each one saved."),
    "w_saved": N_("Ships saved:"),
    "open": N_("Open card, taken for a saved ship: {card}"),
    "no_open": N_("No open cards."),
    "decks": N_("Decks: {warning} WARNING cards, {alert} ALERT cards, {mission} missions."),
    "discards": N_("Discards:"),
    "none": N_("none"),
    "last_ship": N_("Last Ship track:"),
    "slot": N_("{p} place, {vp} VP: {who}"),
    "slot_free": N_("free"),
}


@dataclass(frozen=True)
class Reader:
    """The view, its reader's colour (None for a spectator), the language and the names."""

    view: View
    lang: str
    names: list[str] | None

    def say(self, key: str, **values: Any) -> str:
        return t_(self.lang, EN[key]).format(**values)

    def words(self, msgid: str) -> str:
        return t_(self.lang, msgid)

    @property
    def me(self) -> str | None:
        you = self.view["you"]
        return None if you is None else str(self.view["colours"][you])

    def colour(self, c: str) -> str:
        return colour(c, self.lang)

    def name(self, c: str) -> str | None:
        """The name given to the player of colour `c` (names are in seat order, the colours' order)."""
        seat = self.view["colours"].index(c)
        return self.names[seat] if self.names and seat < len(self.names) else None

    def who(self, c: str) -> str:
        """A player by the name given, else by colour."""
        return self.name(c) or self.colour(c)

    def field(self, n: int) -> str:
        return self.words(FIELDS[n])

    def card(self, card_id: str) -> tuple[str, str]:
        """An action card's name with its deck and VP, and its text."""
        card = BOARD.cards[card_id]
        head = self.say("card", c=card_id, name=card_name(card_id, self.lang), deck=DECKS[card.deck],
                        p=f"{card.played:+d}", h=f"{card.in_hand:+d}")
        return head, card_text(card_id, self.lang)

    def mission(self, number: int) -> tuple[str, str]:
        """A mission's number, name, VP and when it is met, and its text."""
        m = BOARD.missions[number]
        head = self.say("mission", m=number, name=mission_name(number, self.lang), vp=m.vp, when=self.words(WHEN[m.when]))
        return head, mission_text(number, self.lang)

    def listing(self, items: list[str]) -> str:
        """The items in words: "A2, A3 and A4"."""
        return joined(items, self.lang)


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
        return r.say("outer", z=zone)
    if depth == 1:
        return r.say("inner", z=zone)
    return r.say("middle", z=zone, d=depth)


# --- mine ----------------------------------------------------------------------------------------


def mine(r: Reader) -> Lines:
    me = r.me
    if me is None:
        return []
    v = r.view
    waiting = v["platform"][me]
    lines = [n_(r.lang, "Your platform: {n} ship waiting to enter the outer ring.",
                "Your platform: {n} ships waiting to enter the outer ring.", waiting).format(n=waiting)
             if waiting else r.say("platform_empty")]
    lines += [r.say("my_ship.upright" if n in v["upright"] else "my_ship", n=n, where=where(r, n))
              for n in ordered_nodes() if v["board"].get(n) == me]
    lines += [
        r.say("my_saved", n=v["saved"][me], fleet=fleet(v)),
        r.words(MY_LOST[v["lost"][me]]),
        r.say("my_skip", f=r.field(v["skip"][me])),
    ]
    return lines + hand(r, me) + missions(r, me)


def hand(r: Reader, me: str) -> Lines:
    cards = r.view["hands"][me]
    if not cards:
        return [r.say("no_cards")]
    return [line for card in cards for line in fit(lambda head: r.say("in_hand", card=head), r.card(card))]


def missions(r: Reader, me: str) -> Lines:
    """The missions kept (during the setup the three dealt), those drawn by card A2 to keep one of,
    and those met."""
    v = r.view
    question = v["question"] or {}
    setup = question.get("q") == "return_mission" and question.get("seat") == v["you"]
    key = "dealt" if setup else "my_mission"
    lines = [line for m in v["missions"][me] for line in fit(lambda head: r.say(key, m=head), r.mission(m))]
    if setup:
        lines.append(r.say("give_back"))
    elif not lines:
        lines.append(r.say("no_missions"))
    if question.get("q") == "keep_mission" and question.get("seat") == v["you"]:
        lines += [line for m in question.get("options", ()) for line in fit(lambda head: r.say("drawn", m=head), r.mission(m))]
    if v["revealed"][me]:
        lines += pack(r.say("my_met"), (r.mission(m)[0] for m in v["revealed"][me]))
    return lines


# --- scores --------------------------------------------------------------------------------------


def scores(r: Reader) -> Lines:
    return [line for c in r.view["colours"] for line in standing(r, c)]


def standing(r: Reader, c: str) -> Lines:
    """One player's standing: during play the VP track and what the view counts of them; at the
    end the final score, its rank and its parts (ties broken by ships saved, AE5)."""
    v = r.view
    name, you = r.name(c), c == r.me
    head = (r.say("who.named.you" if you else "who.named", name=name, colour=r.colour(c)) if name
            else r.say("who.you", colour=r.colour(c)) if you else r.colour(c))
    if v["outcome"]:
        entry = next(e for e in v["outcome"]["ranking"] if e["who"] == c)
        b = v["outcome"]["breakdown"][c]
        parts = [
            r.say("final", score=entry["score"], track=b["track"], last_ship=b["last_ship"], hand=f"{b['hand']:+d}",
                  end=f"{b['end_missions_vp']:+d}"),
            r.say("rank.won" if c in v["outcome"]["winners"] else "rank", rank=entry["rank"]),
            r.say("saved_end", n=entry["saved"]),
        ]
    else:
        kept = count(v["missions"][c])
        dealt = v["turn"] is None and kept == BOARD.raw["missions_dealt"]  # the setup, before giving one back
        held = count(v["hands"][c])
        parts = [
            r.say("vp_of", n=v["vp"][c]),
            r.say("saved_of", n=v["saved"][c], fleet=fleet(v)),
            r.say("on_platform", n=v["platform"][c]),
            r.words(LOST[v["lost"][c]]),
            r.say("skip", f=r.field(v["skip"][c])),
            n_(r.lang, "{n} card in hand", "{n} cards in hand", held).format(n=held),
            r.say("dealt_n", n=kept) if dealt
            else n_(r.lang, "{n} mission kept", "{n} missions kept", kept).format(n=kept),
        ]
        if v["revealed"][c]:
            parts.append(r.say("met", ms=r.listing([str(m) for m in v["revealed"][c]])))
    if c in v["last_ship"]:
        parts.append(r.say("track", p=r.words(PLACES[v["last_ship"].index(c) + 1])))
    if v["first_empty"] == c:
        parts.append(r.say("first_empty"))
    return pack(f"{head}:", parts)


# --- places --------------------------------------------------------------------------------------


def ordered_nodes() -> list[str]:
    """Zone by zone, from the outer ring inward: A1 … A11, B1 … B11, C1 … C11."""
    return sorted(BOARD.nodes, key=lambda n: (BOARD.zones.index(BOARD.zone[n]), int(n[1:])))


def places(r: Reader) -> list[dict[str, Any]]:
    out = [{"place": n, "name": f"{n}, {where(r, n)}", "lines": node_lines(r, n)} for n in ordered_nodes()]
    return [*out, {"place": WORMHOLE, "name": r.say("wormhole"), "lines": wormhole_lines(r)}]


def occupant(r: Reader, node: str) -> str:
    """The ship on a node (a node holds one), and whether it stands upright for a warp (AE7)."""
    c = r.view["board"].get(node)
    if c is None:
        return r.say("free")
    who = r.say("mine_here") if c == r.me else r.say("ship_of", who=r.who(c))
    return f"{who}{r.say('upright') if node in r.view['upright'] else ''}."


def block(r: Reader, link: str) -> str:
    """A dotted link blocked by card A9, until the next turn of the player who blocked it."""
    by = next((b["by"] for b in r.view["blocked"] if b["link"] == link), None)
    if by is None:
        return ""
    return r.say("blocked_me") if by == r.me else r.say("blocked", who=r.who(by))


def node_lines(r: Reader, node: str) -> Lines:
    lines = [occupant(r, node)]
    solid_in = [t for t, _, dotted in BOARD.inward[node] if not dotted]
    if solid_in == [WORMHOLE]:
        lines.append(r.say("into_wormhole"))
    elif solid_in:
        lines.append(n_(r.lang, "Link inward to {ns}.", "Links inward to {ns}.", len(solid_in)).format(ns=r.listing(solid_in)))
    lines += [
        f"{r.say('dotted_in', n=t, z=BOARD.zone[t])}{block(r, link)}." for t, link, dotted in BOARD.inward[node] if dotted
    ]
    solid_out = [s for s, _, dotted in BOARD.outward[node] if not dotted]
    lines.append(r.say("outward", ns=r.listing(solid_out)) if solid_out else r.say("enter_here"))
    lines += [
        f"{r.say('dotted_out', n=s, z=BOARD.zone[s])}{block(r, link)}." for s, link, dotted in BOARD.outward[node] if dotted
    ]
    return lines


def wormhole_lines(r: Reader) -> Lines:
    """Where ships come in, the ships saved, the open cards a saved ship takes (AE3), the decks,
    the discards and the Last Ship track."""
    v = r.view
    lines = [r.say("w_from", ns=r.listing([s for s, _, _ in BOARD.outward[WORMHOLE]]))]
    lines += pack(r.say("w_saved"), (f"{r.who(c)} {v['saved'][c]}" for c in v["colours"]))
    opened = [v["open"][kind] for kind in ("warning", "alert") if v["open"][kind]]
    lines += [line for card in opened for line in fit(lambda head: r.say("open", card=head), r.card(card))]
    if not opened:
        lines.append(r.say("no_open"))
    lines.append(r.say("decks", **v["decks"]))
    discards = [*v["discard"]["warning"], *v["discard"]["alert"]]
    lines += pack(r.say("discards"), [f"{card} {card_name(card, r.lang)}" for card in discards] or [r.say("none")])
    slots = [
        r.say("slot", p=r.words(PLACES[i + 1]), vp=vp,
              who=r.who(v["last_ship"][i]) if i < len(v["last_ship"]) else r.say("slot_free"))
        for i, vp in enumerate(BOARD.last_ship_vp)
    ]
    return lines + pack(r.say("last_ship"), slots, "; ")


def describe(view: View, lang: str = "en", names: list[str] | None = None) -> dict[str, Any]:
    """The board in words for the reader of `view` (games.rules.base.GameRules.describe)."""
    r = Reader(view, lang, names)
    return {"mine": mine(r), "scores": scores(r), "places": places(r)}
