"""The station in words for a player who cannot see the board (`describe`), in the game's languages.

Built from one reader's view alone (view.py), so nothing hidden can reach it: the reader's crew and
the modules on offer ("mine"), each player's standing and the aliens' ("scores"), and every tile
and every empty cell beside the station ("places"), in reading order, row by row from the north.
A place's id is its cell "x|y", the value board.js gives `data-cell`; the words say it as "column
x, row y". Lines carry no final full stop: the page joins them with ". ".
"""

from __future__ import annotations

from typing import Any

from ..base import DESCRIBE_LINE, N_, Named, pN_
from .components import ACTIVATABLE, load_station
from .log import ADJECTIVES, CATALOGUE, COLOURS, KINDS, ROLES, YOURS, figure_name, n_, points, t_

View = dict[str, Any]
Place = dict[str, Any]

SIDES = (1, 2, 4, 8)  # north, east, south, west: the door bits of components.SIDE_BIT
STEP = {1: (0, -1), 2: (1, 0), 4: (0, 1), 8: (-1, 0)}
FACING = {1: 4, 2: 8, 4: 1, 8: 2}
ROLE_ORDER = ("chief", "explorer", "pilot", "grunt", "robot")

EN = {
    "at": N_("{what} at column {x}, row {y}"),
    "empty": N_("Empty cell at column {x}, row {y}"),
    "doors": N_("Doors: {items}"),
    "door": N_("Door: {items}"),
    "to.tile": N_("{side} to {tile}"),
    "to.empty": N_("{side} to an empty cell"),
    "to.wall": N_("{side} onto a wall of {tile}"),
    "beside": N_("Beside it: {items}"),
    "beside.door": N_("{tile} to the {side}, its door facing this cell"),
    "beside.wall": N_("{tile} to the {side}, a wall facing this cell"),
    "room": N_("Room for {n} {astronauts}, {here} here"),
    "room.over": N_("Room for {n} {astronauts}, {here} here: one too many"),
    "room.any": N_("Room for any number of astronauts, {here} here"),
    "astronaut": N_("astronaut"),
    "astronauts.plural": N_("astronauts"),
    "nobody": N_("no one"),
    "crew.yours": N_("Your crew: {roles}"),
    "crew.of": N_("Crew of {player}: {roles}"),
    "crew.colour": N_("{colour} crew: {roles}"),
    "in_transit": N_("{role}, about to be teleported"),
    "alien": N_("{alien} is here"),
    "seat": N_("{value}, {who}"),
    "seat.free": N_("free"),
    "seats": N_("Seats: {items}"),
    "marks.none": N_("Not activated yet: two activations left, by two different players"),
    "marks.one": N_("Activated once, by {who}: one activation left, for another player"),
    "marks.two": N_("Activated twice, by {who}: used up"),
    "you": pN_("by", "you"),
    "you.self": N_("you"),
    "and": N_(" and "),
    "mine": N_("{yours} is at column {x}, row {y}, in {tile}"),
    "mine.transit": N_("{yours} is at column {x}, row {y}, in {tile}, about to be teleported"),
    "mine.seated": N_("{yours} sits in {tile} at column {x}, row {y}, on its {value}"),
    "mine.dead": N_("{yours} was killed and lies on the alien track"),
    "mine.escaped": N_("{yours} escaped in a pod"),
    "offer": N_("On offer to place: {tile}, {doors}, {room}{symbol}"),
    "offer.pod": N_("Top pod to place: {tile}, seats of {low} and {high} points"),
    "offer.room": N_("room for {n}"),
    "offer.room.any": N_("room for any number"),
    "offer.symbol": N_(", brings an alien"),
    "face_down": N_("Face-down modules left: {n}"),
    "building_over": N_("Building is over: no more modules are placed"),
    "shape.1": N_("one door"),
    "shape.2": N_("doors on two opposite sides"),
    "shape.corner": N_("doors on two sides at a corner"),
    "shape.3": N_("doors on three sides"),
    "shape.4": N_("doors on all four sides"),
    "score": N_("{player}: {points}, {acts}; astronauts: {crew}"),
    "acts.1": N_("1 activation"),
    "acts": N_("{n} activations"),
    "crew.station": N_("{n} on the station"),
    "crew.pod": N_("{n} in a pod"),
    "crew.dead": N_("{n} killed"),
    "crew.escaped": N_("{n} escaped"),
    "crew.none": N_("none left"),
    "to_play": N_("to play"),
    "last_turn": N_("to play, last turn"),
    "out": N_("plays no more turns"),
    "wins": N_("wins"),
    "rank": N_("rank {n}"),
    "aliens": N_("The aliens: alien score {score}; {taken} of {slots} track slots taken, they win when all are"),
    "aliens.board": N_("aliens on the station: {n}"),
    "aliens.win": N_("the aliens win"),
    "track": N_("Killed astronauts on the alien track: {items}"),
}
SIDE_WORDS = {1: N_("north"), 2: N_("east"), 4: N_("south"), 8: N_("west")}
# A tile by its kind and id: where a piece is ("in the Lab LAB", form "inside"), where a door
# leads ("towards"), the tile alone ("bare"), as a language's catalogue gives the forms.
TILES = {"waking_room": N_("the Waking Room {tile}"), "corridor": N_("the corridor {tile}"),
         "teleporter": N_("the teleporter {tile}"), "lab": N_("the Lab {tile}"),
         "control_room": N_("the Control Room {tile}"), "jump_room": N_("the Jump Room {tile}"),
         "laser": N_("the Laser {tile}"), "infirmary": N_("the Infirmary {tile}"), "warehouse": N_("the Warehouse {tile}"),
         "security_center": N_("the Security Center {tile}"), "core_room": N_("the Core Room {tile}"),
         "safe_room": N_("the Safe Room {tile}"), "pod": N_("the escape pod {tile}")}


class Reader:
    """One reader's language, the players' names and the reader's own colour (None: a spectator)."""

    def __init__(self, view: View, lang: str, names: list[str] | None) -> None:
        self.lang = lang
        self.names = names
        self.colours: list[str] = list(view["colours"])
        you = view.get("you")
        self.you: str | None = self.colours[you] if isinstance(you, int) and 0 <= you < len(self.colours) else None

    def words(self, key: str) -> str:
        return t_(self.lang, EN[key])

    def text(self, key: str, **values: Any) -> str:
        return self.words(key).format(**values)

    def both(self, items: list[str]) -> str:
        return ", ".join(items[:-1]) + self.text("and") + items[-1] if len(items) > 1 else "".join(items)

    def player(self, colour: str) -> str:
        """A player by name, else by their colour ("Red", "Rot"), as the log names them."""
        seat = self.colours.index(colour) if colour in self.colours else -1
        if self.names and 0 <= seat < len(self.names):
            return self.names[seat]
        return t_(self.lang, COLOURS[colour]) if colour in COLOURS else colour

    def player_with_colour(self, colour: str) -> str:
        """A player with their colour, the board's word for their pieces, and "you" for the reader:
        "Alice (red)", "Alice (red, you)"; without names "Red", "Red (you)"."""
        name = self.player(colour)
        notes = [t_(self.lang, ADJECTIVES[colour])] if name != self.player_colour(colour) else []
        notes += [self.text("you.self")] if colour == self.you else []
        return f"{name} ({', '.join(notes)})" if notes else name

    def player_colour(self, colour: str) -> str:
        return t_(self.lang, COLOURS[colour]) if colour in COLOURS else colour

    def role(self, role: str) -> str:
        return t_(self.lang, ROLES[role])

    def yours(self, role: str) -> str:
        """The reader's own astronaut: "your Pilot"."""
        return t_(self.lang, YOURS[role])

    def kind(self, kind: str) -> str:
        return t_(self.lang, KINDS[kind])

    def tile(self, kind: str, tile: str) -> str:
        """A tile as its kind and id, as printed on it: "corridor C03", "Lab LAB"."""
        return f"{self.kind(kind)} {tile}"

    def the_tile(self, kind: str, tile: str) -> Named:
        """A tile with its article, "the corridor C03", with the forms a sentence asks of it:
        "{tile.inside}" (where a piece is), "{tile.towards}" (where a door leads), "{tile.bare}"."""
        return CATALOGUE.named(self.lang, TILES[kind], tile=tile)

    def side(self, side: int) -> str:
        return t_(self.lang, SIDE_WORDS[side])

    def at(self, what: str, cell: str) -> str:
        x, y = xy(cell)
        return self.text("at", what=what, x=x, y=y)


def xy(cell: str) -> tuple[int, int]:
    x, _, y = cell.partition("|")
    return int(x), int(y)


def neighbour(cell: str, side: int) -> str:
    x, y = xy(cell)
    dx, dy = STEP[side]
    return f"{x + dx}|{y + dy}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def packed(head: str, items: list[str]) -> list[str]:
    """`head` with `items` ("Doors: {items}"), over as many lines as keep each within DESCRIBE_LINE."""
    lines: list[str] = []
    chunk: list[str] = []
    for item in items:
        if chunk and len(head.format(items="; ".join([*chunk, item]))) > DESCRIBE_LINE:
            lines.append(head.format(items="; ".join(chunk)))
            chunk = []
        chunk.append(item)
    if chunk:
        lines.append(head.format(items="; ".join(chunk)))
    return [line if len(line) <= DESCRIBE_LINE else line[: DESCRIBE_LINE - 1] + "…" for line in lines]


def shape(doors: int, r: Reader) -> str:
    """A module's doors whatever its turn: "doors on two sides at a corner"."""
    count = bin(doors).count("1")
    if count == 2 and doors not in (5, 10):
        return r.text("shape.corner")
    return r.text(f"shape.{count}")


# --- the places --------------------------------------------------------------------------------


def doors_line(view: View, cell: str, r: Reader) -> list[str]:
    """Each door of the tile and what lies behind it: a module it leads to, a wall, an empty cell."""
    board = view["board"]
    doors = board[cell]["doors"]
    items = []
    for side in SIDES:
        if not doors & side:
            continue
        name = r.side(side)
        other = board.get(neighbour(cell, side))
        if other is None:
            items.append(r.text("to.empty", side=name))
        elif other["doors"] & FACING[side]:
            items.append(r.text("to.tile", side=name, tile=r.the_tile(other["kind"], other["tile"])))
        else:
            items.append(r.text("to.wall", side=name, tile=r.the_tile(other["kind"], other["tile"])))
    return packed(r.words("door" if len(items) == 1 else "doors"), items)


def standing(view: View, cell: str, r: Reader) -> list[dict[str, list[str]]]:
    """The unseated astronauts on `cell` by colour in seat order, roles in role order."""
    transit = set(view.get("in_transit") or ())
    out: list[dict[str, list[str]]] = []
    for colour in r.colours:
        roles = []
        for role in ROLE_ORDER:
            figure = f"{colour}-{role}"
            if view["astronauts"].get(figure) == cell:
                word = r.role(role)
                roles.append(r.text("in_transit", role=word) if figure in transit else word)
        if roles:
            out.append({colour: roles})
    return out


def crew_lines(view: View, cell: str, r: Reader) -> list[str]:
    """Whose astronauts stand here ("Crew of Alice, red: Chief, Grunt") and the alien, if any."""
    lines = []
    for group in standing(view, cell, r):
        ((colour, roles),) = group.items()
        if colour == r.you:
            key, values = "crew.yours", {}
        elif r.names:
            key, values = "crew.of", {"player": r.player_with_colour(colour)}
        else:
            key, values = "crew.colour", {"colour": r.player_colour(colour)}
        lines.append(r.text(key, roles=", ".join(roles), **values))
    lines += [
        r.text("alien", alien=figure_name(alien, r.lang))
        for alien, where in sorted(view["aliens"].items())
        if where == cell
    ]
    return lines


def room_line(view: View, cell: str, r: Reader) -> str:
    """The tile's capacity and how many astronauts stand on it."""
    tile = view["board"][cell]
    transit = set(view.get("in_transit") or ())
    here = sum(1 for figure, where in view["astronauts"].items() if where == cell and figure not in transit)
    said = str(here) if here else r.text("nobody")
    if tile["capacity"] is None:
        return r.text("room.any", here=said)
    n = tile["capacity"]
    word = r.text("astronaut" if n == 1 else "astronauts.plural")
    return r.text("room.over" if here > n else "room", n=n, astronauts=word, here=said)


def seat_line(view: View, cell: str, r: Reader) -> str:
    """A pod's two seats, lowest value first, and who sits on each."""
    items = []
    for seat in view["board"][cell]["seats"]:
        figure = seat["figure"]
        who = r.text("seat.free") if figure is None else piece(figure, r)
        items.append(r.text("seat", value=points(seat["value"], r.lang), who=who))
    return r.text("seats", items="; ".join(items))


def seat_value(value: int, r: Reader) -> str:
    """A pod's seat by its value, never by its number: "3-point seat", "3-Punkte-Platz"."""
    return n_(r.lang, "{n}-point seat", "{n}-point seat", value).format(n=value)


def piece(figure: str, r: Reader) -> str:
    """An astronaut: "your Pilot" for the reader's own, else "the red Pilot"."""
    colour, role = figure.split("-", 1)
    return r.yours(role) if colour == r.you else figure_name(figure, r.lang)


def marks_line(marks: list[str], r: Reader) -> str:
    """Who activated a module and what is left of it (section 8: twice, by two different players)."""
    who = r.both([r.text("you") if c == r.you else r.player(c) for c in marks])
    return r.text({0: "marks.none", 1: "marks.one"}.get(len(marks), "marks.two"), who=who)


def tile_place(view: View, cell: str, r: Reader) -> Place:
    tile = view["board"][cell]
    lines = doors_line(view, cell, r)
    if tile["kind"] == "pod":
        lines.append(seat_line(view, cell, r))
    else:
        lines.append(room_line(view, cell, r))
        lines += crew_lines(view, cell, r)
    if tile["kind"] in ACTIVATABLE:
        lines.append(marks_line(list(tile.get("marks") or ()), r))
    return {"place": cell, "name": r.at(capital(r.tile(tile["kind"], tile["tile"])), cell), "lines": lines}


def empty_place(view: View, cell: str, r: Reader) -> Place:
    """An empty cell beside the station: which modules border it, and with a door or a wall."""
    board = view["board"]
    items = []
    for side in SIDES:
        other = board.get(neighbour(cell, side))
        if other is not None:
            key = "beside.door" if other["doors"] & FACING[side] else "beside.wall"
            items.append(r.text(key, tile=r.the_tile(other["kind"], other["tile"]), side=r.side(side)))
    x, y = xy(cell)
    return {"place": cell, "name": r.text("empty", x=x, y=y), "lines": packed(r.words("beside"), items)}


def places(view: View, r: Reader) -> list[Place]:
    """Every tile and every empty cell next to one, row by row from the north, west to east."""
    board = view["board"]
    empty = {n for c in board for n in (neighbour(c, side) for side in SIDES) if n not in board}
    cells = sorted([*board, *empty], key=lambda c: (xy(c)[1], xy(c)[0]))
    return [tile_place(view, c, r) if c in board else empty_place(view, c, r) for c in cells]


# --- the reader's crew and the modules on offer ---------------------------------------------------


def crew_member(view: View, figure: str, r: Reader) -> str:
    role = figure.split("-", 1)[1]
    values: dict[str, Any] = {"yours": r.yours(role)}
    where = view["astronauts"].get(figure, "escaped")
    if where in ("dead", "escaped"):
        return capital(r.text(f"mine.{where}", **values))
    tile = view["board"][where]
    values["x"], values["y"] = xy(where)
    if tile["kind"] == "pod":
        value = next(s["value"] for s in tile["seats"] if s["figure"] == figure)
        return capital(r.text("mine.seated", tile=r.the_tile("pod", tile["tile"]), value=seat_value(value, r), **values))
    key = "mine.transit" if figure in (view.get("in_transit") or ()) else "mine"
    return capital(r.text(key, tile=r.the_tile(tile["kind"], tile["tile"]), **values))


def offer_lines(view: View, r: Reader) -> list[str]:
    """The modules a player may place from (the display, the top pod) and what is left face down."""
    if view.get("building_over"):
        return [r.text("building_over")]
    tiles = load_station("station").tiles
    lines = []
    for tile_id in view["display"]:
        spec = tiles[tile_id]
        room = r.text("offer.room.any") if spec.capacity is None else r.text("offer.room", n=spec.capacity)
        lines.append(
            r.text(
                "offer",
                tile=r.tile(spec.kind, spec.id),
                doors=shape(spec.doors, r),
                room=room,
                symbol=r.text("offer.symbol") if spec.alien_symbol else "",
            )
        )
    if view["pods_waiting"]:
        pod = tiles[view["pods_waiting"][0]]
        lines.append(r.text("offer.pod", tile=r.tile("pod", pod.id), low=pod.seats[0], high=pod.seats[1]))
    lines.append(r.text("face_down", n=len(view["face_down"])))
    return lines


def mine(view: View, r: Reader) -> list[str]:
    if r.you is None:
        return []
    return [crew_member(view, f"{r.you}-{role}", r) for role in ROLE_ORDER] + offer_lines(view, r)


# --- the standing -------------------------------------------------------------------------------


def crew_counts(view: View, colour: str, r: Reader) -> str:
    """Where a player's astronauts are: on the station, seated in a pod, killed, escaped."""
    counts = dict.fromkeys(("station", "pod", "dead", "escaped"), 0)
    for role in ROLE_ORDER:
        where = view["astronauts"].get(f"{colour}-{role}", "escaped")
        if where in ("dead", "escaped"):
            counts[where] += 1
        else:
            counts["pod" if view["board"][where]["kind"] == "pod" else "station"] += 1
    keys = {"station": "crew.station", "pod": "crew.pod", "dead": "crew.dead", "escaped": "crew.escaped"}
    said = [r.text(keys[k], n=n) for k, n in counts.items() if n]
    return ", ".join(said) or r.text("crew.none")


def seat_standing(view: View, colour: str, r: Reader) -> str:
    acts = view["activations"][colour]
    line = r.text(
        "score",
        player=r.player_with_colour(colour),
        points=points(view["scores"][colour], r.lang),
        acts=r.text("acts.1") if acts == 1 else r.text("acts", n=acts),
        crew=crew_counts(view, colour, r),
    )
    notes = []
    turn = view.get("turn")
    if turn and turn["colour"] == colour:
        notes.append(r.text("last_turn" if view.get("final_round") is not None else "to_play"))
    if colour in (view.get("out") or ()):
        notes.append(r.text("out"))
    outcome = view.get("outcome")
    if outcome:
        if colour in outcome["winners"]:
            notes.append(r.text("wins"))
        notes += [r.text("rank", n=e["rank"]) for e in outcome["ranking"] if e["who"] == colour]
    return "; ".join([line, *notes])


def alien_standing(view: View, r: Reader) -> list[str]:
    """The aliens as one more player (section 11): their score, the track, who lies on it."""
    track = view["alien_track"]
    taken = track["covered_by_token"] + len(track["dead"])
    line = r.text("aliens", score=track["score"], taken=taken, slots=len(track["slots"]))
    notes = [r.text("aliens.board", n=len(view["aliens"]))]
    outcome = view.get("outcome")
    if outcome:
        if outcome["alien_victory"]:
            notes.append(r.text("aliens.win"))
        notes += [r.text("rank", n=e["rank"]) for e in outcome["ranking"] if e["who"] == "aliens"]
    lines = ["; ".join([line, *notes])]
    if track["dead"]:
        lines += packed(r.words("track"), [piece(f, r) for f in track["dead"]])
    return lines


def scores(view: View, r: Reader) -> list[str]:
    return [seat_standing(view, c, r) for c in r.colours] + alien_standing(view, r)


def describe(view: View, lang: str = "en", names: list[str] | None = None) -> dict[str, Any]:
    """The board in words from `view` (rules contract, games/rules/base.py)."""
    r = Reader(view, lang, names)
    return {"mine": mine(view, r), "scores": scores(view, r), "places": places(view, r)}
