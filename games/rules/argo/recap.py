"""A player's turn in a few short lines for a player who was away (`recap`), in the game's languages.

Built only from the turn's events, which every player reads in the log: a piece's steps of the turn
become one move from where it started to where it ended, with the pieces it pushed and the aliens it
killed; kills and points keep their own lines; turn headers, turned-up modules and lapses go. The
reader's own pieces and points are "your" and "you" ("dein", "du").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..base import N_, RECAP_LINE, Event, Named, pN_
from .components import load_station
from .log import CATALOGUE, EN as LOG, YOURS, figure_name, player_name, points, render, seat_points, t_, tile_name

# Said by the lines they belong to, or nothing a returning player needs: the turn's frame, the
# module turned up for the display, a lapsed action, which alien of a crowded kill went first.
BOOKKEEPING = frozenset({"turn", "turn_end", "stops", "revealed", "kills_first", "activates", "pilot_stays"})
# Statements of the game's course, as the log says them.
AS_LOGGED = frozenset({"final_round", "game_over"})
# Events that begin something new: what follows them is no longer the last line's chain.
NEW_ACTION = frozenset({"activates", "alien_moves", "placed", "turn_end", "turn"})

# A player and their verb in the past, for a player and for the reader ("du zogst").
VERBS = {"move": (N_("{player} moved"), N_("you moved")), "place": (N_("{player} placed"), N_("you placed")),
         "score": (N_("{player} scored"), N_("you scored")), "end": (N_("{player} ended"), N_("you ended"))}

EN = {
    "you": N_("you"),
    "and": N_(" and "),
    "move": N_("{did} {figure} from {from} to {to}"),
    "move.alone": N_("{figure} moved from {from} to {to}"),
    "move.back": N_("{did} {figure} out of {from} and back"),
    "move.back.alone": N_("{figure} went out of {from} and back"),
    "move.teleported": N_("{did} {figure} from {from} to {to} through a teleporter"),
    "move.teleported.alone": N_("{figure} went from {from} to {to} through a teleporter"),
    "seat": N_(" (the {seat} seat of pod {pod})"),
    "pushed": N_("pushed {pieces}"),
    "pushed.you": pN_("you", "pushed {pieces}"),
    "astronauts": N_("{n} astronauts"),
    "push": N_("{figure} to {to}"),
    "killed": N_("killed {aliens}"),
    "killed.you": pN_("you", "killed {aliens}"),
    "alien_move": N_("{did} {alien} from {from} to {to}"),
    "alien_move.alone": N_("{alien} moved from {from} to {to}"),
    "alien_pushed": N_("{alien} was pushed from {from} to {to}"),
    "placed": N_("{did} {tile} on {cell}"),
    "placed.alone": N_("{tile} was placed on {cell}"),
    "arrives": N_("; {alien} appeared there"),
    "alien_arrives": N_("{alien} appeared on {cell}"),
    "scored": N_("; {did} {points}"),
    "dies.alien": N_("An alien killed {figure} on {cell}"),
    "dies.space": N_("{figure} was teleported from {cell} into deep space"),
    "dies.core": N_("{figure} died of radiation in the Core Room on {cell}"),
    "alien_dies.laser": N_("The Laser killed {alien} on {cell}"),
    "alien_dies.grunts": N_("Two Grunts killed {alien} on {cell}"),
    "alien_dies": N_("{figure} killed {alien} on {cell}"),
    "score.kill": N_("{did} {points} for the kill"),
    "score.alien": N_("{did} {points} for killing an alien"),
    "score.escape": N_("{did} {points} for the escape"),
    "score.warehouse": N_("{did} {points} from the Warehouse"),
    "pushed.alone": N_("{figure} was pushed from {from} to {to}"),
    "teleports": N_("{figure} was teleported from {from} to {to}"),
    "seated": N_("{figure} took the {seat} seat of pod {pod}"),
    "launch": N_("Pod {pod} launched from {cell}{why}{escaped}"),
    "escaped": N_(", carrying {who}"),
    "pod_moved": N_("{figure} flew pod {pod} from {from} to {to}"),
    "pod_turned": N_("{figure} turned pod {pod} on {from} to face another module"),
    "swapped": N_("The Lab swapped {figure} (now on {figure_to}) with {alien} (now on {alien_to})"),
    "swapped.short": N_("The Lab swapped {figure} with {alien}"),
    "healed": N_("The Infirmary brought {figure} back to {cell}"),
    "lifts": N_("The Control Room lifted {tile} from {cell}"),
    "tile_moved": N_("The Control Room moved {tile} from {from} to {to}"),
    "tile_turned": N_("The Control Room turned {tile} on {to}"),
    "no_astronauts": N_("{player} has no astronaut left on the board and plays no more turns"),
    "no_astronauts.you": N_("You have no astronaut left on the board and play no more turns"),
    "lapse.build": N_("No tile can be placed any more: building is over"),
    "end": N_("{did} the turn"),
}


def owner(figure: str) -> str:
    return figure.split("-", 1)[0]


@dataclass(frozen=True)
class Reader:
    """Who reads the recap: the language, the players' names and the reader's own colour."""
    lang: str
    names: list[str] | None
    you: str | None

    def text(self, key: str, **values: Any) -> str:
        return t_(self.lang, EN[key]).format(**values)

    def piece(self, figure: str, case: str = "nom") -> Named:
        """An astronaut or an alien in `case` (the form the sentence's grammar asks, which a language
        that does not decline names reads as the name); the reader's astronauts are "your Chief",
        "deinen Kommandanten"."""
        if figure.startswith("alien-") or owner(figure) != self.you:
            return figure_name(figure, self.lang, case)
        named = CATALOGUE.named(self.lang, YOURS[figure.split("-", 1)[1]])
        return Named(getattr(named, case), named.forms) if case != "nom" else named

    def player(self, colour: str) -> str:
        return self.text("you") if colour == self.you else player_name(colour, self.lang, self.names)

    def did(self, colour: str, verb: str) -> str:
        """A player and their verb in the past: "Alice moved", "du zogst"."""
        theirs, yours = VERBS[verb]
        return t_(self.lang, yours) if colour == self.you else t_(self.lang, theirs).format(player=self.player(colour))

    def both(self, items: list[str]) -> str:
        return ", ".join(items[:-1]) + self.text("and") + items[-1] if len(items) > 1 else "".join(items)


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


@dataclass
class Line:
    """One line of the recap, from the event that began it and those of its chain it took in."""
    event: Event
    scores: list[Event] = field(default_factory=list)

    def phrasings(self, r: Reader, actor: str | None) -> list[str]:
        """The line's phrasings, fullest first: the first that fits RECAP_LINE is said."""
        return [_plain(self.event, r, actor)]

    def takes(self, event: Event) -> bool:
        return False


@dataclass
class Move(Line):
    """An astronaut's steps in the turn, with the pieces it pushed and the aliens it killed."""
    start: str = ""
    end: str = ""
    teleported: bool = False
    seat: Event | None = None
    pushes: dict[str, str] = field(default_factory=dict)
    kills: list[str] = field(default_factory=list)

    @property
    def figure(self) -> str:
        return str(self.event["figure"])

    def takes(self, event: Event) -> bool:
        figure = event.get("figure")
        e = event["e"]
        if e == "steps" and figure == self.figure:
            self.end = event["to"]
        elif e == "teleports" and figure == self.figure:
            self.end, self.teleported = event["to"], True
        elif e in ("pushed", "teleports") and figure != self.figure:
            self.pushes[str(figure)] = event["to"]
        elif e == "seated" and figure == self.figure and self.seat is None:
            self.seat = event
        elif e == "alien_dies" and event["cause"] == self.figure:
            self.kills.append(event["alien"])
        elif e == "score" and event["reason"] == "alien" and self.kills and event["colour"] == owner(self.figure):
            self.scores.append(event)
        else:
            return False
        return True

    def phrasings(self, r: Reader, actor: str | None) -> list[str]:
        values = {"from": self.start, "to": self.end}
        how = ".teleported" if self.teleported else ".back" if self.start == self.end else ""
        did, figure = r.did(owner(self.figure), "move"), r.piece(self.figure, "acc")
        named = [r.text("move" + h, did=did, figure=figure, **values) for h in dict.fromkeys((how, ""))]
        alone = r.text(f"move{how}.alone", figure=r.piece(self.figure), **values)
        seat = r.text("seat", **_seat(self.seat, r.lang)) if self.seat is not None else ""
        you = owner(self.figure) == r.you  # "du zogst … und schobst", but "dein Roboter ging … und schob"
        return [base + extra for base in [n + seat for n in named] for extra in self._clauses(r, you)] \
            + [base + extra for base in (alone + seat, alone) for extra in self._clauses(r, False)]

    def _clauses(self, r: Reader, you: bool) -> list[str]:
        """What happened on the way, said shorter and shorter: the pushed pieces with their cells,
        without them, then counted; the kills always."""
        pushes: list[list[str]] = [[r.text("push", figure=r.piece(f, "acc"), to=to) for f, to in self.pushes.items()],
                  [r.piece(f, "acc") for f in self.pushes], [r.text("astronauts", n=len(self.pushes))]]
        scored = sum(s["points"] for s in self.scores)
        person = ".you" if you else ""
        killed = [r.text("killed" + person, aliens=r.both([figure_name(a, r.lang) for a in self.kills]))
                  + (f" ({points(scored, r.lang)})" if scored else "")] if self.kills else []
        said = []
        for pieces in pushes:
            clauses = ([r.text("pushed" + person, pieces=", ".join(pieces) if killed else r.both(pieces))]
                       if self.pushes else []) + killed
            said.append("".join(", " + c for c in clauses[:-1]) + r.text("and") + clauses[-1] if clauses else "")
        return said


@dataclass
class AlienMove(Line):
    """The alien the player moved, with the aliens it pushed on."""
    end: str = ""
    pushes: dict[str, str] = field(default_factory=dict)

    def takes(self, event: Event) -> bool:
        if event["e"] != "alien_pushed":
            return False
        if event["alien"] == self.event["alien"]:
            self.end = event["to"]
        else:
            self.pushes[event["alien"]] = event["to"]
        return True

    def phrasings(self, r: Reader, actor: str | None) -> list[str]:
        values = {"alien": figure_name(self.event["alien"], r.lang), "from": self.event["from"],
                  "to": self.end or self.event["to"]}
        pushed = [r.text("push", figure=figure_name(a, r.lang), to=to) for a, to in self.pushes.items()]
        extra = r.text("and") + r.text("pushed", pieces=r.both(pushed)) if pushed else ""
        alone = r.text("alien_move.alone", **values) + extra
        return [r.text("alien_move", did=r.did(actor, "move"), **values) + extra, alone] if actor else [alone]


@dataclass
class Placed(Line):
    """A module placed, and the alien that appeared on it."""
    arrivals: list[str] = field(default_factory=list)

    def takes(self, event: Event) -> bool:
        if event["e"] == "alien_arrives" and event["cell"] == self.event["cell"]:
            self.arrivals.append(event["alien"])
            return True
        return False

    def phrasings(self, r: Reader, actor: str | None) -> list[str]:
        tile, cell = self.event["tile"], self.event["cell"]
        arrivals = r.both([figure_name(a, r.lang) for a in self.arrivals])
        extra = r.text("arrives", alien=arrivals) if arrivals else ""
        alone = r.text("placed.alone", tile=tile_name(tile, r.lang), cell=cell) + extra
        if actor is None:
            return [alone]
        return [r.text("placed", did=r.did(actor, "place"), tile=tile_name(tile, r.lang, "acc"), cell=cell) + extra,
                alone]


@dataclass
class Kill(Line):
    """An astronaut's or an alien's death, with the points the player scored for it."""

    def takes(self, event: Event) -> bool:
        reason = "kill" if self.event["e"] == "dies" else "alien"
        if event["e"] == "score" and event["reason"] == reason and not self.scores:
            self.scores.append(event)
            return True
        return False

    def phrasings(self, r: Reader, actor: str | None) -> list[str]:
        bare = _plain(self.event, r, actor)
        return [bare + "".join(_scored(s, r) for s in self.scores), bare]


@dataclass
class Pushed(Line):
    """A piece pushed with no move of the turn to tell it by, and where teleporters sent it on."""
    end: str = ""

    def takes(self, event: Event) -> bool:
        if event["e"] == "teleports" and event["figure"] == self.event["figure"]:
            self.end = event["to"]
            return True
        return False

    def phrasings(self, r: Reader, actor: str | None) -> list[str]:
        return [_capital(r.text("pushed.alone", figure=r.piece(self.event["figure"]), **{
            "from": self.event["from"], "to": self.end or self.event["to"]}))]


@dataclass
class Launch(Line):
    """A pod's launch, with whom it carried: their points are the escape's scores."""

    def takes(self, event: Event) -> bool:
        escaped = self.event["escaped"]
        if event["e"] == "score" and event["reason"] == "escape" and len(self.scores) < len(escaped) \
                and event["colour"] in {owner(x["figure"]) for x in escaped}:
            self.scores.append(event)
            return True
        return False

    def phrasings(self, r: Reader, actor: str | None) -> list[str]:
        escaped = [(r.piece(x["figure"], "dat"), x["points"]) for x in self.event["escaped"]]
        carried = [r.both([f"{who} ({points(n, r.lang)})" for who, n in escaped]),
                   r.both([f"{who} ({n})" for who, n in escaped]), r.both([who for who, _ in escaped])]
        why = t_(r.lang, LOG[f"why.{self.event['why']}"])
        return [r.text("launch", pod=self.event["pod"], cell=self.event["cell"], why=because,
                       escaped=r.text("escaped", who=who) if who else "")
                for who in carried for because in (why, "")]


@dataclass
class Swap(Line):
    """The Lab's swap: where the two went, or only who, when that is too long."""

    def phrasings(self, r: Reader, actor: str | None) -> list[str]:
        short = r.text("swapped.short", figure=r.piece(self.event["figure"]),
                       alien=figure_name(self.event["alien"], r.lang))
        return [_plain(self.event, r, actor), short]


@dataclass
class Lift(Line):
    """The Control Room's lift, said by where the tile went."""

    def takes(self, event: Event) -> bool:
        if event["e"] == "tile_moved" and event["tile"] == self.event["tile"]:
            self.event = event
            return True
        return False


def _seat(event: Event, lang: str) -> dict[str, Any]:
    return {"seat": seat_points(event["seat"], lang), "pod": event["pod"]}


def _scored(event: Event, r: Reader) -> str:
    return r.text("scored", did=r.did(event["colour"], "score"), points=points(event["points"], r.lang))


def _plain(event: Event, r: Reader, actor: str | None) -> str:
    """A line of one event, in the recap's words where they differ from the log's."""
    e = event["e"]
    values = {k: v for k, v in event.items() if isinstance(v, (str, int))}
    if "figure" in event:
        values["figure"] = r.piece(event["figure"])
    if "alien" in event:
        values["alien"] = figure_name(event["alien"], r.lang)
    if "tile" in event:
        values["tile"] = tile_name(event["tile"], r.lang, "acc")
    if e == "score":
        return _capital(r.text(f"score.{event['reason']}", did=r.did(event["colour"], "score"),
                               points=points(event["points"], r.lang)))
    if e == "dies":
        return _capital(r.text(f"dies.{event['cause']}", **values))
    if e == "alien_dies":
        key = f"alien_dies.{event['cause']}" if event["cause"] in ("laser", "grunts") else "alien_dies"
        cause = r.piece(event["cause"]) if key == "alien_dies" else ""
        return _capital(r.text(key, **dict(values, figure=cause)))
    if e == "seated":
        return _capital(r.text("seated", **dict(values, **_seat(event, r.lang))))
    if e == "tile_moved" and event["from"] == event["to"]:
        return r.text("tile_turned", **values)
    if e == "no_astronauts":
        you = event["colour"] == r.you
        return r.text("no_astronauts.you" if you else "no_astronauts", player=r.player(event["colour"]))
    if e == "lapse":
        return r.text("lapse.build")
    if e in AS_LOGGED:
        return render(event, r.lang, r.names).rstrip(".")
    return _capital(r.text(e, **values))


def _kept(event: Event) -> bool:
    if event["e"] == "lapse":
        return bool(event["what"] == "build")
    return event["e"] not in BOOKKEEPING


def _start(event: Event) -> Line:
    e = event["e"]
    if e == "steps":
        return Move(event, start=event["from"], end=event["to"])
    kinds: dict[str, type[Line]] = {"alien_moves": AlienMove, "placed": Placed, "dies": Kill,
                                    "alien_dies": Kill, "pushed": Pushed, "lifts": Lift,
                                    "launch": Launch, "swapped": Swap}
    return kinds.get(e, Line)(event)


def lines_of(events: list[Event]) -> list[Line]:
    """The turn's events gathered into lines: each event joins the line of its chain (the move
    it happened on, the kill it scored) or begins one, or is bookkeeping."""
    lines: list[Line] = []
    moves: dict[str, Move] = {}
    current: Line | None = None
    chain: Move | None = None  # the move whose pushes and kills are still coming
    for event in events:
        if event["e"] in NEW_ACTION:
            current = chain = None
        if not _kept(event):
            continue
        if event["e"] == "steps" and event["figure"] in moves:
            chain = current = moves[event["figure"]]
            chain.takes(event)
        elif not any(line.takes(event) for line in (current, chain) if line is not None):
            current = _start(event)
            lines.append(current)
            if isinstance(current, Move):
                chain = moves[current.figure] = current
    return lines


def actor_of(events: list[Event]) -> str | None:
    """The colour whose turn it is: its end says it, else the points only the player to move
    scores, else the astronaut it moved."""
    for event in events:
        if event["e"] == "turn_end" or (event["e"] == "score" and event["reason"] != "escape"):
            return str(event["colour"])
    for event in events:
        if event["e"] in ("steps", "activates"):
            return owner(event["figure"])
    return None


def recap(events: list[Event], viewer: int | None, lang: str = "en", names: list[str] | None = None) -> list[str]:
    """The turn of `events` in lines for the reader in seat `viewer` (the seats in the station's
    order of colours, as `render` names them); never more lines than the turn's log has."""
    colours = load_station("station").colours
    you = colours[viewer] if viewer is not None and 0 <= viewer < len(colours) else None
    reader = Reader(lang, names, you)
    actor = actor_of(events)
    said = [_fitting(line.phrasings(reader, actor)) for line in lines_of(events)]
    return said or _fallback(events, reader, actor)


def _fitting(phrasings: list[str]) -> str:
    for phrasing in phrasings:
        if len(phrasing) < RECAP_LINE:
            return _capital(phrasing) + "."
    return _capital(min(phrasings, key=len)) + "."


def _fallback(events: list[Event], r: Reader, actor: str | None) -> list[str]:
    """A turn of bookkeeping only still says what happened: its end, else its first log line."""
    if any(event["e"] == "turn_end" for event in events) and actor is not None:
        return [_capital(r.text("end", did=r.did(actor, "end"))) + "."]
    return [line for line in (render(event, r.lang, r.names) for event in events) if line][:1]
