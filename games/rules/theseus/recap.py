"""One player's turn in a few short sentences, for a player who was away ("Since you last looked", the
turn email): a unit's steps as one move from its start to its room, a hit together with the LP it cost,
an installed card with the bonus card it brought; no round headers, combat headers or "acts" lines.

Only the turn's events are read, and they are public. Which faction a seat plays is not among their
fields, so it is read from what they show: a refill or a pending card comes from its player's own deck,
the LP a hit costs are its victim's, a seat's own move moves its own unit. Where that shows a unit or a
card to be the reader's, the line says "your"; where it does not, the unit is named as the log names it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import N_, RECAP_LINE, Named
from .components import CATALOGUE, DATA
from .log import (
    UNIT_FACTION,
    card_name,
    faction_name,
    n_,
    p_,
    place_name,
    render,
    room_name,
    sector_name,
    t_,
    unit_name,
)

Event = dict[str, Any]

QUIET = frozenset({"turn", "combat", "action", "counter", "extra_turn", "double_shot", "setup_draw"})
DAMAGE = ("hit", "card_damage", "parasite_damage")
STEPS = ("pass", "skip", "stop", "time_loop", "teleport")
SEAT_IS_ACTIVE = ("refill", "pending", "play", "combat", "setup_card")  # their seat is the one whose turn it is
MOVING_OPS = ("counted_move", "relocate")
TILES = {"parasite": N_("parasite"), "gripper": N_("gripper"),
         "invisibility": N_("invisibility"), "young_alien": N_("Young Alien"),
         "deactivation": N_("deactivation")}

FIGURES = {  # an LP or DP change by (the reader's own, a loss, with what caused it)
    (True, True, True): N_("you lost {n} {what} to {by} ({total} left)"),
    (True, True, False): N_("you lost {n} {what} ({total} left)"),
    (True, False, True): N_("you gained {n} {what} from {by} (now {total})"),
    (True, False, False): N_("you gained {n} {what} (now {total})"),
    (False, True, True): N_("{who} lost {n} {what} to {by} ({total} left)"),
    (False, True, False): N_("{who} lost {n} {what} ({total} left)"),
    (False, False, True): N_("{who} gained {n} {what} from {by} (now {total})"),
    (False, False, False): N_("{who} gained {n} {what} (now {total})"),
}


def recap(events: list[Event], viewer: int | None, lang: str = "en", names: list[str] | None = None) -> list[str]:
    """The turn's lines in the order it happened; at least one when the log has any."""
    teller = Teller(events, viewer, lang, names)
    lines = teller.lines()
    if events and not lines:
        lines = [teller.quiet_turn()]
    return lines


# --- what the events show about seats and cards ------------------------------------------------------

def is_unit(token: Any) -> bool:
    return isinstance(token, str) and len(token) > 1 and token[0] in "MASGY" and token[1:].isdigit()


def is_card(token: Any) -> bool:
    return isinstance(token, str) and token.split("@")[0] in DATA.instances


def faction_of(token: Any) -> str | None:
    """The faction a unit, a card or the parasites belong to; None for a bonus card or anything else."""
    if token == "parasite":
        return "aliens"
    if is_unit(token):
        return "aliens" if token[0] == "Y" else UNIT_FACTION[token[0]]
    return DATA.card(token.split("@")[0]).faction if is_card(token) else None


def damage_cause(e: Event) -> Any:
    """What dealt a damage event's damage: a unit or a card id, or "parasite"."""
    return {"hit": e.get("by"), "card_damage": e.get("card")}.get(e["kind"], "parasite")


def costs(damage: Event, e: Event | None) -> bool:
    """Whether `e` is the LP change `damage` caused (a loss to the victim, or in deathmatch a gain)."""
    return e is not None and e["kind"] == "lp" and e.get("cause") == damage_cause(damage)


def moves_units(card: str) -> bool:
    """Whether a card can move a unit: a move right after it is the card's, not its player's own."""
    if not is_card(card):
        return False

    def holds(x: Any) -> bool:
        return x in MOVING_OPS if isinstance(x, str) else isinstance(x, list | tuple) and any(map(holds, x))
    return any(holds(effect["do"]) for effect in DATA.card(card.split("@")[0]).effects)


def movers(events: list[Event]) -> dict[int, str | None]:
    """For each move, relocation and placement from space: the card that moved the unit, or None for
    its player's own move. A card's moves end where an extra turn or a new turn begins."""
    card: str | None = None
    found: dict[int, str | None] = {}
    for i, e in enumerate(events):
        if e["kind"] in ("action", "play", "remote"):
            card = e["card"] if moves_units(e["card"]) else None
        elif e["kind"] in ("extra_turn", "turn"):
            card = None
        elif e["kind"] in ("move", "relocate") or (e["kind"] == "enter" and e.get("how") == "place"):
            found[i] = card
    return found


def actives(events: list[Event]) -> list[int | None]:
    """Whose turn it is at each event: after a turn header its seat; before the first header, the seat
    named by an event that only the active player causes, if one is."""
    head = events[:next((i for i, e in enumerate(events) if e["kind"] == "turn"), len(events))]
    seat = next((e["seat"] for e in head if isinstance(e.get("seat"), int) and (
        e["kind"] in SEAT_IS_ACTIVE or (e["kind"] == "upgrades" and e.get("cause") == "upgrade"))), None)
    out: list[int | None] = []
    for e in events:
        seat = e["seat"] if e["kind"] == "turn" else seat
        out.append(seat)
    return out


def owners(events: list[Event], active: list[int | None], moved_by: dict[int, str | None],
           players: int | None) -> dict[str, int]:
    """Faction -> seat, as far as the events show it: a card laid out from a seat's deck is its own, LP
    lost to a hit are the hit unit's player's, points gained through a unit or a faction's card go to
    that faction's player, and a player's own move moves his own unit. With every seat but one known,
    a faction the events show and no known seat plays is the last seat's."""
    found: dict[str, int] = {}

    def note(faction: str | None, seat: Any) -> None:
        if faction and isinstance(seat, int) and seat not in found.values():
            found.setdefault(faction, seat)
    for before, e in zip([None, *events], events):
        if e["kind"] in ("refill", "pending"):
            note(faction_of(e["card"]), e.get("seat"))
        elif e["kind"] in ("lp", "dp") and e["delta"] > 0:
            note(faction_of(e.get("cause")), e["seat"])
        elif e["kind"] == "lp" and before is not None and before["kind"] in DAMAGE and costs(before, e):
            note(faction_of(before["unit"]), e["seat"])
    for i, card in moved_by.items():
        if card is None:
            note(faction_of(events[i]["unit"]), active[i])
    seen = {faction_of(e.get(key)) for e in events for key in ("unit", "piece", "card", "by", "cause")}
    seats, factions = set(range(players or 0)) - set(found.values()), seen - set(found) - {None}
    if len(seats) == 1 and len(factions) == 1:
        note(factions.pop(), seats.pop())
    return found


# --- the lines ---------------------------------------------------------------------------------------

class Teller:
    """Reads the turn's events once, front to back; an event told within another's line is marked done."""

    def __init__(self, events: list[Event], viewer: int | None, lang: str, names: list[str] | None) -> None:
        self.events, self.viewer, self.lang, self.names = events, viewer, lang, names
        self.moved_by = movers(events)
        self.active = actives(events)
        self.owners = owners(events, self.active, self.moved_by, len(names) if names else None)
        self.done: set[int] = set()

    def lines(self) -> list[str]:
        out = []
        for i, e in enumerate(self.events):
            if i in self.done or e["kind"] in QUIET:
                continue
            self.done.add(i)
            text = self.TELL.get(e["kind"], Teller.logged)(self, i)
            if text:
                out.append(self.sentence(text))
        return out

    def quiet_turn(self) -> str:
        """A turn of bookkeeping alone: that its player ended it, or whose turn came next."""
        seat = self.active[0] if self.events[0]["kind"] != "turn" else None
        if seat is not None:
            return self.sentence(t_(self.lang, "{who} ended the turn").format(who=self.who(seat)))
        nxt = next((e["seat"] for e in self.events if e["kind"] == "turn"), None)
        if nxt is not None and nxt == self.viewer:
            return self.sentence(t_(self.lang, "then it was your turn"))
        if nxt is not None:
            return self.sentence(t_(self.lang, "then it was {who}'s turn").format(who=self.who(nxt)))
        return render(self.events[0], self.lang, self.names)

    # --- words -----------------------------------------------------------------------------------

    def sentence(self, text: str) -> str:
        if not (self.names and any(text.startswith(n) for n in self.names if n)):
            text = text[:1].upper() + text[1:]
        return text if text.endswith((".", "!", "?")) else text + "."

    def who(self, seat: int) -> str:
        """A player in the third person: the name the site gives, else the faction the events show."""
        if self.names and 0 <= seat < len(self.names):
            return self.names[seat]
        faction = next((f for f, s in self.owners.items() if s == seat), None)
        if faction:
            return t_(self.lang, "the {faction} player").format(faction=faction_name(faction, self.lang))
        return t_(self.lang, "a player")

    def yours(self, token: Any) -> bool:
        faction = faction_of(token)
        return self.viewer is not None and faction is not None and self.owners.get(faction) == self.viewer

    def unit(self, token: str, case: str = "nom") -> Named:
        """A unit or a Young Alien, "your …" where it is the reader's, with the forms a language's
        sentence asks of it ({unit.acc}, {unit.dat}: the catalogue's entries of those contexts);
        `case` picks one of them."""
        mine = self.yours(token)
        if token[0] == "Y":
            named = CATALOGUE.named(self.lang, "your Young Alien") if mine else CATALOGUE.named(self.lang, "a Young Alien")
        elif mine:
            named = CATALOGUE.named(self.lang, "your {name}", name=unit_name(token, self.lang))
        else:
            named = Named(unit_name(token, self.lang))
        return named if case == "nom" else Named(getattr(named, case), named.forms)

    def card(self, token: str) -> str:
        name = card_name(token, self.lang)
        return p_(self.lang, "card", "your {name}").format(name=name) if self.yours(token) else name

    def agent(self, token: Any) -> str:
        """What dealt damage: a unit, a card or the parasites."""
        if token == "parasite":
            return t_(self.lang, "parasites")
        if is_unit(token):
            return self.unit(token)
        return card_name(token, self.lang) if is_card(token) else str(token)

    def figure(self, seat: int, kind: str, delta: int, total: int, cause: Any = None) -> str:
        """An LP or DP change: "Bob lost 1 LP (13 left)", "you gained 2 DP (now 5)"."""
        by = self.agent(cause) if cause == "parasite" or is_unit(cause) or is_card(cause) else ""
        text = t_(self.lang, FIGURES[(seat == self.viewer, delta < 0, bool(by))])
        who = self.who(seat) if seat != self.viewer else ""
        return text.format(who=who, n=abs(delta), what=kind.upper(), by=by, total=total)

    def fits(self, text: str) -> bool:
        return len(self.sentence(text)) <= RECAP_LINE

    def shortest(self, *texts: str) -> str:
        """The first of ever shorter wordings that fits a line (a player's name may be 40 characters)."""
        return next((text for text in texts if self.fits(text)), texts[-1])

    def at(self, i: int) -> Event | None:
        return self.events[i] if 0 <= i < len(self.events) and i not in self.done else None

    def mover(self, i: int) -> str | None:
        """Who a move line names as its subject: the card that moved the unit, or its player."""
        card = self.moved_by.get(i)
        if card is not None:
            return card_name(card, self.lang)
        seat = self.active[i]
        return self.who(seat) if seat is not None and seat != self.viewer else None

    # --- movement --------------------------------------------------------------------------------

    def chain(self, i: int) -> tuple[list[int], str | None, str | None, bool]:
        """The steps of the unit that sets off at event i: their indices, the room it entered (None if
        it entered none), the last sector it reached, and whether it teleported."""
        unit, sector = self.events[i]["unit"], self.events[i].get("sector")
        steps: list[int] = []
        room, teleported = None, False
        for j in range(i + 1, len(self.events)):
            e = self.events[j]
            if e.get("unit") == unit and e["kind"] in STEPS:
                steps.append(j)
                sector, teleported = e["sector"], teleported or e["kind"] == "teleport"
            elif e["kind"] == "enter" and e["unit"] == unit:
                steps.append(j)
                room = e["room"]
                break
            elif e["kind"] in ("move", "relocate", "turn", "extra_turn", "enter"):
                break
        return steps, room, sector, teleported

    def ejecting(self, steps: list[int], room: str | None) -> tuple[int | None, str]:
        """The piece the unit ejected to take its room (the event just before its arrival), as a clause."""
        j = steps[-1] - 1 if steps else -1
        e = self.at(j)
        if room is None or e is None or e["kind"] != "eject" or e["room"] != room:
            return None, ""
        piece = self.unit(e["piece"], "acc")
        return j, t_(self.lang, ", ejecting {piece}").format(piece=piece)

    def move(self, i: int) -> str:
        e = self.events[i]
        steps, room, sector, teleported = self.chain(i)
        if room is None:
            return self.underway(e, steps, sector)
        start, end = sector_name(e["start"], self.lang), room_name(room, self.lang)
        how = t_(self.lang, " by teleport") if teleported else ""
        unit, subject = self.unit(e["unit"]), self.mover(i)
        alone = t_(self.lang, "{unit} moved from {start} to {end}{how}").format(unit=unit, start=start, end=end, how=how)
        if subject is not None:
            unit = self.unit(e["unit"], "acc")
            alone = self.shortest(t_(self.lang, "{subject} moved {unit} from {start} to {end}{how}").format(
                subject=subject, unit=unit, start=start, end=end, how=how), alone)
        return self.arrive(alone, steps, room)

    def underway(self, e: Event, steps: list[int], sector: str | None) -> str:
        """A move the turn's events leave without a room: the next player's move begun at the end of
        this turn (its room is his next question), or one the game's end cut short."""
        self.done.update(steps)
        unit, start = self.unit(e["unit"]), sector_name(e["start"], self.lang)
        now = sector_name(sector, self.lang) if sector else ""
        if now:
            return t_(self.lang, "{unit} is on its way from {start}, now in {now}").format(unit=unit, start=start, now=now)
        return t_(self.lang, "{unit} is on its way from {start}").format(unit=unit, start=start)

    def arrive(self, text: str, steps: list[int], room: str | None) -> str:
        self.done.update(steps)
        j, clause = self.ejecting(steps, room)
        if j is not None and self.fits(text + clause):
            self.done.add(j)
            return text + clause
        return text

    def relocate(self, i: int) -> str:
        e = self.events[i]
        steps, room, sector, _ = self.chain(i)
        where = room_name(room, self.lang) if room else sector_name(sector or e["sector"], self.lang)
        card = self.moved_by.get(i)
        if card is not None:
            text = t_(self.lang, "{card} carried {unit} to {where}").format(
                card=card_name(card, self.lang), unit=self.unit(e['unit'], 'acc'), where=where)
        else:
            text = t_(self.lang, "{unit} was carried to {where}").format(unit=self.unit(e['unit']), where=where)
        return self.arrive(text, steps, room)

    def enter(self, i: int) -> str:
        e = self.events[i]
        unit, room = e["unit"], room_name(e["room"], self.lang)
        if e.get("how") == "setup":
            return t_(self.lang, "{unit} was set up in {room}").format(unit=self.unit(unit), room=room)
        if e.get("how") == "place":
            subject = self.mover(i)
            if subject is not None:
                return t_(self.lang, "{subject} brought {unit} back from space to {room}").format(
                    subject=subject, unit=self.unit(unit, 'acc'), room=room)
            return t_(self.lang, "{unit} came back from space to {room}").format(unit=self.unit(unit), room=room)
        # the end of a move whose start the turn before told
        return t_(self.lang, "{unit} arrived in {room}").format(unit=self.unit(unit), room=room)

    def onward(self, i: int) -> str:
        """The rest of a move begun before these events: the next player's move that the turn before
        began, when his unit was the only one to move."""
        e = self.events[i]
        steps, room, sector, teleported = self.chain(i)
        unit = self.unit(e["unit"])
        if room is None:
            self.done.update(steps)
            now = sector_name(sector or e["sector"], self.lang)
            return t_(self.lang, "{unit} is on its way, now in {now}").format(unit=unit, now=now)
        how = t_(self.lang, " by teleport") if teleported or e["kind"] == "teleport" else ""
        end = room_name(room, self.lang)
        text = t_(self.lang, "{unit} went on to {end}{how}").format(unit=unit, end=end, how=how)
        return self.arrive(text, steps, room)

    def eject(self, i: int) -> str:
        e = self.events[i]
        room = room_name(e["room"], self.lang)
        return t_(self.lang, "{unit} was ejected from {room}").format(unit=self.unit(e['piece']), room=room)

    # --- damage and points -----------------------------------------------------------------------

    def damage(self, i: int) -> str:
        """Hits in a row that cost one player LP: one line naming attackers, targets and the LP."""
        run = self.hits(i)
        while len(run) > 1 and not self.fits(self.hit_line(run)):
            run = run[:-1]
        if not run or not self.fits(self.hit_line(run)):
            return self.lone_damage(self.events[i])  # and the LP in a line of their own
        self.done.update(j for k in run for j in (k, k + 1))
        return self.hit_line(run)

    def hits(self, i: int) -> list[int]:
        """The damage events in a row from i, each followed by the LP change it caused the same player."""
        first, run, j = self.at(i + 1), [], i
        while (e := self.events[i] if j == i else self.at(j)) is not None and e["kind"] in DAMAGE:
            lp = self.at(j + 1)
            if first is None or lp is None or not costs(e, lp) or lp["seat"] != first["seat"] \
                    or (lp["delta"] < 0) != (first["delta"] < 0):
                break
            run.append(j)
            j += 2
        return run

    def hit_line(self, run: list[int]) -> str:
        attackers = list(dict.fromkeys(damage_cause(self.events[j]) for j in run))
        targets = list(dict.fromkeys(self.events[j]["unit"] for j in run))
        lps = [self.events[j + 1] for j in run]
        figure = self.figure(lps[0]["seat"], "lp", sum(e["delta"] for e in lps), lps[-1]["total"])
        many = len(attackers) > 1 or attackers == ["parasite"]
        by = self.listing([self.agent(a) for a in attackers])
        whom = self.listing([self.unit(u, "acc") for u in targets])
        if many:  # several attackers: a language may say so in its verb
            return p_(self.lang, "several", "{by} hit {whom}: {figure}").format(by=by, whom=whom, figure=figure)
        return t_(self.lang, "{by} hit {whom}: {figure}").format(by=by, whom=whom, figure=figure)

    def lone_damage(self, e: Event) -> str:
        by, n, whom = self.agent(damage_cause(e)), e["damage"], self.unit(e["unit"], "acc")
        if e["kind"] == "hit":
            return t_(self.lang, "{by} hit {whom} for {n}").format(by=by, whom=whom, n=n)
        return t_(self.lang, "{by} dealt {n} damage to {whom}").format(by=by, n=n, whom=self.unit(e["unit"]))

    def listing(self, words: list[str]) -> str:
        if len(words) < 2:
            return "".join(words)
        return f"{', '.join(words[:-1])} {t_(self.lang, 'and')} {words[-1]}"

    def points(self, i: int) -> str:
        """An LP or DP change of its own; changes in a row alike in seat, sign and cause add up."""
        e, j, delta = self.events[i], i + 1, self.events[i]["delta"]
        while (f := self.at(j)) is not None and f["kind"] == e["kind"] and f["seat"] == e["seat"] \
                and f.get("cause") == e.get("cause") and (f["delta"] < 0) == (delta < 0):
            self.done.add(j)
            delta, j = delta + f["delta"], j + 1
        total = self.events[j - 1]["total"]
        return self.shortest(self.figure(e["seat"], e["kind"], delta, total, e.get("cause")),
                             self.figure(e["seat"], e["kind"], delta, total))

    def killed(self, i: int) -> str:
        e = self.events[i]
        room = room_name(e["room"], self.lang)
        by, young = self.agent(e["by"]), self.unit("Y1", "acc")  # the event names no Young Alien: all are the Aliens'
        return t_(self.lang, "{by} killed {young} in {room}").format(by=by, young=young, room=room)

    # --- cards -----------------------------------------------------------------------------------

    def install(self, i: int, old: Event | None = None, bonus: Event | None = None) -> str:
        e = self.events[i]
        who, card, place = self.who(e["seat"]), card_name(e["card"], self.lang), place_name(e["place"], self.lang)
        text = t_(self.lang, "{who} installed {card} on {place}").format(who=who, card=card, place=place)
        if old is not None:
            text += t_(self.lang, " in place of {card}").format(card=self.card(old['card']))
        if bonus is not None:
            name = card_name(bonus["card"], self.lang)
            text += t_(self.lang, " and took the bonus card {name}").format(name=name)
        return text

    def installing(self, i: int, old: Event | None, bonus: Event | None) -> str | None:
        """The install at event i told with the card it replaced and the bonus card it brought, if it
        follows them and the line stays short."""
        e = self.at(i)
        if e is None or e["kind"] != "install" or (old is not None and old.get("place") != e["place"]) or (
                bonus is not None and bonus.get("seat") != e["seat"]):
            return None
        text = self.install(i, old, bonus)
        if not self.fits(text):
            return None
        self.done.add(i)
        return text

    def take_bonus(self, i: int) -> str:
        e = self.events[i]
        text = self.installing(i + 1, None, e)
        if text is not None:
            return text
        who, name = self.who(e["seat"]), card_name(e["card"], self.lang)
        return t_(self.lang, "{who} took the bonus card {name}").format(who=who, name=name)

    def discard(self, i: int) -> str:
        e = self.events[i]
        after = self.at(i + 1)
        if after is not None and after["kind"] == "take_bonus":
            text = self.installing(i + 2, e, after)
            if text is not None:
                self.done.add(i + 1)
                return text
        text = self.installing(i + 1, e, None)
        if text is not None:
            return text
        return self.refilled(i, after) or self.discarded(e)

    def discarded(self, e: Event) -> str:
        card = self.card(e["card"])
        if not e.get("place"):
            return t_(self.lang, "{card} was discarded").format(card=card)
        place = place_name(e["place"], self.lang)
        return t_(self.lang, "{card} was discarded from {place}").format(card=card, place=place)

    def refilled(self, i: int, after: Event | None) -> str | None:
        """A pending card discarded and its position refilled at once: one line."""
        e = self.events[i]
        if after is None or after["kind"] != "refill" or after["place"] != e.get("place"):
            return None
        who, old, new = self.who(after["seat"]), self.card(e["card"]), card_name(after["card"], self.lang)
        place = place_name(e["place"], self.lang)
        text = t_(self.lang, "{who} discarded {old} from {place} and put {new} in its place").format(who=who, old=old, place=place, new=new)
        if not self.fits(text):
            return None
        self.done.add(i + 1)
        return text

    def refill(self, i: int) -> str:
        e = self.events[i]
        who, card, place = self.who(e["seat"]), card_name(e["card"], self.lang), place_name(e["place"], self.lang)
        return self.shortest(t_(self.lang, "{who} refilled {place} with {card}").format(who=who, place=place, card=card),
                             t_(self.lang, "{card} now waits on {place}").format(card=card, place=place))

    def pending(self, i: int) -> str:
        """Cards laid on pending positions; two in a row by one player in one line."""
        e, nxt = self.events[i], self.at(i + 1)
        who = self.who(e["seat"])
        if nxt is not None and nxt["kind"] == "pending" and nxt.get("seat") == e["seat"]:
            both = t_(self.lang, "{who} put {placed} and {placed2}").format(who=who, placed=self.placed(e), placed2=self.placed(nxt))
            if self.fits(both):
                self.done.add(i + 1)
                return both
        return t_(self.lang, "{who} put {placed}").format(who=who, placed=self.placed(e))

    def placed(self, e: Event) -> str:
        card, place = card_name(e["card"], self.lang), place_name(e["place"], self.lang)
        return t_(self.lang, "{card} on {place}").format(card=card, place=place)

    def setup_card(self, i: int) -> str | None:
        e = self.events[i]
        if any(f["kind"] == "install" and f.get("card") == e["card"] for f in self.events[i + 1:]):
            return None  # the install says it
        who, card = self.who(e["seat"]), card_name(e["card"], self.lang)
        return t_(self.lang, "{who} chose {card} to install").format(who=who, card=card)

    def disc(self, i: int) -> str:
        card = self.card(self.events[i]["card"])
        return t_(self.lang, "the malfunction disc went onto {card}").format(card=card)

    def card_tile(self, i: int) -> str:
        e, seat = self.events[i], self.active[i]
        card, n = card_name(e["card"], self.lang), e["tiles"]
        if seat is not None and seat != self.viewer:
            return t_(self.lang, "{who} put a tile on {card} (now {n})").format(who=self.who(seat), card=card, n=n)
        return t_(self.lang, "a tile went onto {card} (now {n})").format(card=card, n=n)

    def flip(self, i: int) -> str:
        unit, seat = self.events[i]["unit"], self.active[i]
        if seat is not None and seat != self.viewer:
            who, whom = self.who(seat), self.unit(unit, "acc")
            return t_(self.lang, "{who} upgraded {whom}").format(who=who, whom=whom)
        return t_(self.lang, "{unit} was upgraded").format(unit=self.unit(unit))

    def upgrades(self, i: int) -> str:
        """Upgrade tiles taken, with the unit upgraded right after with one of them."""
        e, flip = self.events[i], self.at(i + 1)
        n, who = e["delta"], self.who(e["seat"])
        tiles = n_(self.lang, "{n} upgrade tile", "{n} upgrade tiles", n).format(n=n)
        if e["seat"] == self.viewer:
            return t_(self.lang, "you took {tiles}").format(tiles=tiles)
        if flip is not None and flip["kind"] == "flip" and self.active[i + 1] == e["seat"]:
            self.done.add(i + 1)
            unit = self.unit(flip["unit"], "acc")
            return t_(self.lang, "{who} took {tiles} and upgraded {unit}").format(who=who, tiles=tiles, unit=unit)
        return t_(self.lang, "{who} took {tiles}").format(who=who, tiles=tiles)

    def downgrade(self, i: int) -> str:
        seat = self.events[i]["seat"]
        if seat == self.viewer:
            return t_(self.lang, "you lost an upgrade")
        return t_(self.lang, "{who} lost an upgrade").format(who=self.who(seat))

    # --- the rest, in the log's own terms, told in the past ----------------------------------------

    def plain(self, i: int) -> str:
        e, unit = self.events[i], str(self.events[i].get("unit", ""))

        def word(key: str, name: Callable[[str, str], str]) -> str:
            return name(e[key], self.lang) if isinstance(e.get(key), str) else ""
        tile = t_(self.lang, TILES[e["tile"]]) if e.get("tile") in TILES else str(e.get("tile", ""))
        fields = {**{k: self.unit(unit, case) if is_unit(unit) else ""
                     for k, case in (("unit", "nom"), ("unit_acc", "acc"), ("unit_dat", "dat"))},
                  "card": word("card", card_name), "room": word("room", room_name),
                  "place": word("place", place_name),
                  "sector": word("sector", sector_name), "at": e.get("at", ""), "tile": tile,
                  "who": self.who(e["seat"]) if isinstance(e.get("seat"), int) else ""}
        return t_(self.lang, PLAIN[e["kind"]]).format(**fields)

    def logged(self, i: int) -> str:
        """An event this module has no words of its own for: the log's line."""
        return render(self.events[i], self.lang, self.names)

    TELL: dict[str, Callable[[Teller, int], str | None]] = {}


PLAIN = {
    "freed": N_("{unit} was freed"),
    "parasites_shed": N_("{unit} shed its parasites"),
    "bunker": N_("the Bunker shielded {unit_acc}"),
    "sheltered": N_("the Shelter kept {card} off {unit}"),
    "deactivated": N_("a deactivation tile stopped {card}"),
    "deactivation": N_("a deactivation tile went onto {card}"),
    "spawn": N_("a Young Alien hatched in {room}"),
    "tile_on_unit": N_("{card} put a {tile} tile on {unit_acc}"),
    "move_card": N_("{card} was moved to {place}"),
    "remote": N_("Remote Control ran {card}"),
    "rush": N_("{unit} attacked in an Adrenaline Rush"),
    "end_tile": N_("the end tile moved to {at}"),
    "tie": N_("a tie: extra turns follow"),
    "team_sector": N_("{who} chose {sector} as the team sector"),
}


def seat_card(msgid: str) -> Callable[[Teller, int], str]:
    """A line "<player> <verb> <card>" for an event with a seat and a card."""
    def tell(teller: Teller, i: int) -> str:
        e = teller.events[i]
        return t_(teller.lang, msgid).format(who=teller.who(e["seat"]), card=card_name(e["card"], teller.lang))
    return tell


Teller.TELL = {
    "move": Teller.move, "relocate": Teller.relocate, **dict.fromkeys(STEPS, Teller.onward), "enter": Teller.enter,
    "eject": Teller.eject,
    "hit": Teller.damage, "card_damage": Teller.damage, "parasite_damage": Teller.damage,
    "lp": Teller.points, "dp": Teller.points, "young_alien_killed": Teller.killed,
    "install": Teller.install, "take_bonus": Teller.take_bonus, "discard": Teller.discard, "refill": Teller.refill,
    "pending": Teller.pending, "setup_card": Teller.setup_card, "disc": Teller.disc, "card_tile": Teller.card_tile,
    "flip": Teller.flip, "upgrades": Teller.upgrades, "downgrade": Teller.downgrade,
    "play": seat_card(N_("{who} played {card}")),
    "take_special": seat_card(N_("{who} took {card}")),
    **dict.fromkeys(PLAIN, Teller.plain),
}
