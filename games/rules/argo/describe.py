"""The station in words for a player who cannot see the board (`describe`), in English and German.

Built from one reader's view alone (view.py), so nothing hidden can reach it: the reader's crew and
the modules on offer ("mine"), each player's standing and the aliens' ("scores"), and every tile
and every empty cell beside the station ("places"), in reading order, row by row from the north.
A place's id is its cell "x|y", the value board.js gives `data-cell`; the words say it as "column
x, row y". Lines carry no final full stop: the page joins them with ". ".
"""

from __future__ import annotations

from typing import Any, cast

from ..base import DESCRIBE_LINE
from .components import ACTIVATABLE, load_station
from .log import ADJECTIVES, ARTICLES_DE, COLOURS, KIND_GENDER_DE, KINDS, ROLES, figure_name, points

View = dict[str, Any]
Place = dict[str, Any]

SIDES = (1, 2, 4, 8)  # north, east, south, west: the door bits of components.SIDE_BIT
STEP = {1: (0, -1), 2: (1, 0), 4: (0, 1), 8: (-1, 0)}
FACING = {1: 4, 2: 8, 4: 1, 8: 2}
ROLE_ORDER = ("chief", "explorer", "pilot", "grunt", "robot")
ROLES_BY_LANG = cast(dict[str, dict[str, Any]], ROLES)

EN: dict[str, str] = {
    "at": "{what} at column {x}, row {y}",
    "empty": "Empty cell at column {x}, row {y}",
    "doors": "Doors: {items}",
    "door": "Door: {items}",
    "to.tile": "{side} to {tile}",
    "to.empty": "{side} to an empty cell",
    "to.wall": "{side} onto a wall of {tile}",
    "beside": "Beside it: {items}",
    "beside.door": "{tile} to the {side}, its door facing this cell",
    "beside.wall": "{tile} to the {side}, a wall facing this cell",
    "room": "Room for {n} {astronauts}, {here} here",
    "room.over": "Room for {n} {astronauts}, {here} here: one too many",
    "room.any": "Room for any number of astronauts, {here} here",
    "astronaut": "astronaut",
    "astronauts.plural": "astronauts",
    "nobody": "no one",
    "crew.yours": "Your crew: {roles}",
    "crew.of": "Crew of {player}: {roles}",
    "crew.colour": "{colour} crew: {roles}",
    "in_transit": "{role}, about to be teleported",
    "alien": "{alien} is here",
    "seat": "{value}, {who}",
    "seat.free": "free",
    "seats": "Seats: {items}",
    "marks.none": "Not activated yet: two activations left, by two different players",
    "marks.one": "Activated once, by {who}: one activation left, for another player",
    "marks.two": "Activated twice, by {who}: used up",
    "you": "you",
    "you.self": "you",
    "and": " and ",
    "mine": "Your {role} is at column {x}, row {y}, in {tile}",
    "mine.transit": "Your {role} is at column {x}, row {y}, in {tile}, about to be teleported",
    "mine.seated": "Your {role} sits in {tile} at column {x}, row {y}, on its {value}",
    "mine.dead": "Your {role} was killed and lies on the alien track",
    "mine.escaped": "Your {role} escaped in a pod",
    "offer": "On offer to place: {tile}, {doors}, {room}{symbol}",
    "offer.pod": "Top pod to place: {tile}, seats of {low} and {high} points",
    "offer.room": "room for {n}",
    "offer.room.any": "room for any number",
    "offer.symbol": ", brings an alien",
    "face_down": "Face-down modules left: {n}",
    "building_over": "Building is over: no more modules are placed",
    "shape.1": "one door",
    "shape.2": "doors on two opposite sides",
    "shape.corner": "doors on two sides at a corner",
    "shape.3": "doors on three sides",
    "shape.4": "doors on all four sides",
    "score": "{player}: {points}, {acts}; astronauts: {crew}",
    "acts.1": "1 activation",
    "acts": "{n} activations",
    "crew.station": "{n} on the station",
    "crew.pod": "{n} in a pod",
    "crew.dead": "{n} killed",
    "crew.escaped": "{n} escaped",
    "crew.none": "none left",
    "to_play": "to play",
    "last_turn": "to play, last turn",
    "out": "plays no more turns",
    "wins": "wins",
    "rank": "rank {n}",
    "aliens": "The aliens: alien score {score}; {taken} of {slots} track slots taken, they win when all are",
    "aliens.board": "aliens on the station: {n}",
    "aliens.win": "the aliens win",
    "track": "Killed astronauts on the alien track: {items}",
}
DE: dict[str, str] = {
    "at": "{what} in Spalte {x}, Reihe {y}",
    "empty": "Leeres Feld in Spalte {x}, Reihe {y}",
    "doors": "Türen: {items}",
    "door": "Tür: {items}",
    "to.tile": "nach {side} {tile}",
    "to.empty": "nach {side} zu einem leeren Feld",
    "to.wall": "nach {side} auf eine Wand ({tile})",
    "beside": "Daneben: {items}",
    "beside.door": "{tile} im {side}, mit einer Tür zu diesem Feld",
    "beside.wall": "{tile} im {side}, mit einer Wand zu diesem Feld",
    "room": "Platz für {n} {astronauts}, {here} hier",
    "room.over": "Platz für {n} {astronauts}, {here} hier: einer zu viel",
    "room.any": "Platz für beliebig viele Astronauten, {here} hier",
    "astronaut": "Astronauten",
    "astronauts.plural": "Astronauten",
    "nobody": "niemand",
    "crew.yours": "Deine Crew: {roles}",
    "crew.of": "Crew von {player}: {roles}",
    "crew.colour": "Crew von {colour}: {roles}",
    "in_transit": "{role}, wird gleich teleportiert",
    "alien": "{alien} ist hier",
    "seat": "{value}, {who}",
    "seat.free": "frei",
    "seats": "Plätze: {items}",
    "marks.none": "Noch nicht aktiviert: zwei Aktivierungen übrig, von zwei verschiedenen Spielern",
    "marks.one": "Einmal aktiviert, von {who}: eine Aktivierung übrig, für einen anderen Spieler",
    "marks.two": "Zweimal aktiviert, von {who}: verbraucht",
    "you": "dir",
    "you.self": "du",
    "and": " und ",
    "mine": "{your} {role} ist in Spalte {x}, Reihe {y}, {tile}",
    "mine.transit": "{your} {role} ist in Spalte {x}, Reihe {y}, {tile}, und wird gleich teleportiert",
    "mine.seated": "{your} {role} sitzt {tile} in Spalte {x}, Reihe {y}, auf dem {value}",
    "mine.dead": "{your} {role} wurde getötet und liegt auf der Alienleiste",
    "mine.escaped": "{your} {role} ist in einer Kapsel entkommen",
    "offer": "Im Angebot zum Anlegen: {tile}, {doors}, {room}{symbol}",
    "offer.pod": "Oberste Kapsel zum Anlegen: {tile}, Plätze mit {low} und {high} Punkten",
    "offer.room": "Platz für {n}",
    "offer.room.any": "Platz für beliebig viele",
    "offer.symbol": ", bringt ein Alien",
    "face_down": "Verdeckte Module übrig: {n}",
    "building_over": "Es wird nicht mehr gebaut: Kein Modul wird mehr angelegt",
    "shape.1": "eine Tür",
    "shape.2": "Türen an zwei gegenüberliegenden Seiten",
    "shape.corner": "Türen an zwei Seiten über Eck",
    "shape.3": "Türen an drei Seiten",
    "shape.4": "Türen an allen vier Seiten",
    "score": "{player}: {points}, {acts}; Astronauten: {crew}",
    "acts.1": "1 Aktivierung",
    "acts": "{n} Aktivierungen",
    "crew.station": "{n} auf der Station",
    "crew.pod": "{n} in einer Kapsel",
    "crew.dead": "{n} getötet",
    "crew.escaped": "{n} entkommen",
    "crew.none": "keiner mehr",
    "to_play": "am Zug",
    "last_turn": "am Zug, letzter Zug",
    "out": "ist nicht mehr am Zug",
    "wins": "gewinnt",
    "rank": "{n}. Platz",
    "aliens": "Die Aliens: Alienwertung {score}; {taken} von {slots} Feldern der Alienleiste belegt, "
    "sind alle belegt, gewinnen sie",
    "aliens.board": "Aliens auf der Station: {n}",
    "aliens.win": "die Aliens gewinnen",
    "track": "Getötete Astronauten auf der Alienleiste: {items}",
}
TEXTS = {"en": EN, "de": DE}
SIDE_WORDS = {
    "en": {1: "north", 2: "east", 4: "south", 8: "west"},
    "de": {1: "Norden", 2: "Osten", 4: "Süden", 8: "Westen"},
}
YOUR_DE = {"m": "Dein", "f": "Deine"}
IN_DE = {"m": "im", "n": "im", "f": "in der"}


class Reader:
    """One reader's language, the players' names and the reader's own colour (None: a spectator)."""

    def __init__(self, view: View, lang: str, names: list[str] | None) -> None:
        self.lang = lang if lang in TEXTS else "en"
        self.names = names
        self.colours: list[str] = list(view["colours"])
        you = view.get("you")
        self.you: str | None = self.colours[you] if isinstance(you, int) and 0 <= you < len(self.colours) else None

    def text(self, key: str, **values: Any) -> str:
        return TEXTS[self.lang][key].format(**values)

    def both(self, items: list[str]) -> str:
        return ", ".join(items[:-1]) + self.text("and") + items[-1] if len(items) > 1 else "".join(items)

    def player(self, colour: str) -> str:
        """A player by name, else by their colour ("Red", "Rot"), as the log names them."""
        seat = self.colours.index(colour) if colour in self.colours else -1
        if self.names and 0 <= seat < len(self.names):
            return self.names[seat]
        return COLOURS[self.lang].get(colour, colour)

    def player_with_colour(self, colour: str) -> str:
        """A player with their colour, the board's word for their pieces, and "you" for the reader:
        "Alice (red)", "Alice (red, you)"; without names "Red", "Red (you)"."""
        name = self.player(colour)
        notes = [ADJECTIVES[self.lang][colour]] if name != COLOURS[self.lang].get(colour) else []
        notes += [self.text("you.self")] if colour == self.you else []
        return f"{name} ({', '.join(notes)})" if notes else name

    def role(self, role: str) -> str:
        entry = ROLES_BY_LANG[self.lang][role]
        return cast(str, entry if self.lang != "de" else entry[0])

    def kind(self, kind: str) -> str:
        return KINDS[self.lang][kind]

    def tile(self, kind: str, tile: str) -> str:
        """A tile as its kind and id, as printed on it: "corridor C03", "Lab LAB"."""
        return f"{self.kind(kind)} {tile}"

    def in_tile(self, kind: str, tile: str) -> str:
        """Where a piece is: "the corridor C03", "im Korridor C03", "in der Krankenstation INF"."""
        if self.lang == "de":
            return f"{IN_DE[KIND_GENDER_DE[kind]]} {self.tile(kind, tile)}"
        return f"the {self.tile(kind, tile)}"

    def to_tile(self, kind: str, tile: str) -> str:
        """A tile a door leads to: "the Lab LAB", "zum Labor LAB", "zur Krankenstation INF"."""
        if self.lang == "de":
            return ("zur " if KIND_GENDER_DE[kind] == "f" else "zum ") + self.tile(kind, tile)
        return f"the {self.tile(kind, tile)}"

    def the_tile(self, kind: str, tile: str) -> str:
        """A tile as the subject of a line: "the corridor C03", "der Korridor C03"."""
        if self.lang == "de":
            return f"{ARTICLES_DE['the'][KIND_GENDER_DE[kind]]['nom']} {self.tile(kind, tile)}"
        return f"the {self.tile(kind, tile)}"

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
        name = SIDE_WORDS[r.lang][side]
        other = board.get(neighbour(cell, side))
        if other is None:
            items.append(r.text("to.empty", side=name))
        elif other["doors"] & FACING[side]:
            items.append(r.text("to.tile", side=name, tile=r.to_tile(other["kind"], other["tile"])))
        else:
            wall = r.tile(other["kind"], other["tile"]) if r.lang == "de" else r.the_tile(other["kind"], other["tile"])
            items.append(r.text("to.wall", side=name, tile=wall))
    return packed(TEXTS[r.lang]["door" if len(items) == 1 else "doors"], items)


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
            key, values = "crew.colour", {"colour": COLOURS[r.lang][colour]}
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
    return f"{value}-point seat" if r.lang != "de" else f"{value}-{'Punkt' if value == 1 else 'Punkte'}-Platz"


def piece(figure: str, r: Reader) -> str:
    """An astronaut: "your Pilot" for the reader's own, else "the red Pilot"."""
    colour, role = figure.split("-", 1)
    if colour != r.you:
        return figure_name(figure, r.lang)
    if r.lang != "de":
        return f"your {r.role(role)}"
    gender = ROLES_BY_LANG["de"][role][1]
    return f"{YOUR_DE[gender].lower()} {r.role(role)}"


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
            items.append(r.text(key, tile=r.the_tile(other["kind"], other["tile"]), side=SIDE_WORDS[r.lang][side]))
    x, y = xy(cell)
    return {"place": cell, "name": r.text("empty", x=x, y=y), "lines": packed(TEXTS[r.lang]["beside"], items)}


def places(view: View, r: Reader) -> list[Place]:
    """Every tile and every empty cell next to one, row by row from the north, west to east."""
    board = view["board"]
    empty = {n for c in board for n in (neighbour(c, side) for side in SIDES) if n not in board}
    cells = sorted([*board, *empty], key=lambda c: (xy(c)[1], xy(c)[0]))
    return [tile_place(view, c, r) if c in board else empty_place(view, c, r) for c in cells]


# --- the reader's crew and the modules on offer ---------------------------------------------------


def crew_member(view: View, figure: str, r: Reader) -> str:
    role = figure.split("-", 1)[1]
    values: dict[str, Any] = {"role": r.role(role)}
    if r.lang == "de":
        values["your"] = YOUR_DE[ROLES_BY_LANG["de"][role][1]]
    where = view["astronauts"].get(figure, "escaped")
    if where in ("dead", "escaped"):
        return r.text(f"mine.{where}", **values)
    tile = view["board"][where]
    values["x"], values["y"] = xy(where)
    if tile["kind"] == "pod":
        value = next(s["value"] for s in tile["seats"] if s["figure"] == figure)
        return r.text("mine.seated", tile=r.in_tile("pod", tile["tile"]), value=seat_value(value, r), **values)
    key = "mine.transit" if figure in (view.get("in_transit") or ()) else "mine"
    return r.text(key, tile=r.in_tile(tile["kind"], tile["tile"]), **values)


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
        lines += packed(TEXTS[r.lang]["track"], [piece(f, r) for f in track["dead"]])
    return lines


def scores(view: View, r: Reader) -> list[str]:
    return [seat_standing(view, c, r) for c in r.colours] + alien_standing(view, r)


def describe(view: View, lang: str = "en", names: list[str] | None = None) -> dict[str, Any]:
    """The board in words from `view` (rules contract, games/rules/base.py)."""
    r = Reader(view, lang, names)
    return {"mine": mine(view, r), "scores": scores(view, r), "places": places(view, r)}
