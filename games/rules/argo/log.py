"""Events and pending questions as short sentences, in English and German, with x|y cells."""
from __future__ import annotations

from ..base import CommandLine

LANGS = ("en", "de")

# Names as players read them: "the red Pilot", "die rote Pilotin" (German declines article,
# adjective and the weak nouns by case), tiles by their kind ("the Lab", "das Labor").
COLOURS = {"en": {"red": "Red", "yellow": "Yellow", "green": "Green", "blue": "Blue"},
           "de": {"red": "Rot", "yellow": "Gelb", "green": "Grün", "blue": "Blau"}}
ADJECTIVES = {"en": {"red": "red", "yellow": "yellow", "green": "green", "blue": "blue"},
              "de": {"red": "rot", "yellow": "gelb", "green": "grün", "blue": "blau"}}
ROLES = {"en": {"chief": "Chief", "explorer": "Explorer", "pilot": "Pilot", "grunt": "Grunt", "robot": "Robot"},
         "de": {"chief": ("Kommandant", "m", "Kommandanten"), "explorer": ("Kundschafterin", "f", "Kundschafterin"),
                "pilot": ("Pilotin", "f", "Pilotin"), "grunt": ("Soldat", "m", "Soldaten"),
                "robot": ("Roboter", "m", "Roboter")}}
KINDS = {
    "en": {"waking_room": "Waking Room", "corridor": "corridor", "teleporter": "teleporter",
           "lab": "Lab", "control_room": "Control Room", "jump_room": "Jump Room", "laser": "Laser",
           "infirmary": "Infirmary", "warehouse": "Warehouse", "security_center": "Security Center",
           "core_room": "Core Room", "safe_room": "Safe Room", "pod": "escape pod"},
    "de": {"waking_room": "Aufwachraum", "corridor": "Korridor", "teleporter": "Teleporter",
           "lab": "Labor", "control_room": "Kontrollraum", "jump_room": "Sprungraum", "laser": "Laser",
           "infirmary": "Krankenstation", "warehouse": "Warenlager",
           "security_center": "Sicherheitszentrale", "core_room": "Reaktorkammer",
           "safe_room": "Schutzraum", "pod": "Rettungskapsel"},
}
KIND_GENDER_DE = {"waking_room": "m", "corridor": "m", "teleporter": "m", "lab": "n", "control_room": "m",
                  "jump_room": "m", "laser": "m", "infirmary": "f", "warehouse": "n", "security_center": "f",
                  "core_room": "f", "safe_room": "m", "pod": "f"}
MANY = frozenset({"corridor", "teleporter"})  # several tiles of the kind: "a corridor", not "the corridor"
ARTICLES_DE = {"the": {"m": {"nom": "der", "acc": "den", "dat": "dem"}, "f": {"nom": "die", "acc": "die", "dat": "der"},
                       "n": {"nom": "das", "acc": "das", "dat": "dem"}},
               "a": {"m": {"nom": "ein", "acc": "einen", "dat": "einem"}, "f": {"nom": "eine", "acc": "eine", "dat": "einer"},
                     "n": {"nom": "ein", "acc": "ein", "dat": "einem"}}}


def figure_name(figure: str, lang: str = "en", case: str = "nom") -> str:
    """An astronaut with article and colour, or an alien by number."""
    if figure.startswith("alien-"):
        return "Alien " + figure.split("-", 1)[1]
    colour, role = figure.split("-", 1)
    if lang != "de":
        return f"the {ADJECTIVES['en'][colour]} {ROLES['en'][role]}"
    noun, gender, declined = ROLES["de"][role]
    ending = "en" if (case != "nom" and gender == "m") or (case == "dat" and gender == "f") else "e"
    return f"{ARTICLES_DE['the'][gender][case]} {ADJECTIVES['de'][colour]}{ending} {noun if case == 'nom' else declined}"


def colour_name(colour: str, lang: str = "en") -> str:
    return COLOURS.get(lang, COLOURS["en"]).get(colour, colour)


def kind_name(kind: str, lang: str = "en") -> str:
    return KINDS[lang if lang in KINDS else "en"][kind]


def tile_name(tile: str, lang: str = "en", case: str = "nom") -> str:
    """A tile by its kind with an article: pods keep their name, the players read it on the board."""
    from .components import load_station
    kind = load_station("station").tiles[tile].kind
    if kind == "pod":
        return f"pod {tile}" if lang != "de" else f"Kapsel {tile}"
    article = "a" if kind in MANY else "the"
    if lang != "de":
        return f"{article} {kind_name(kind, 'en')}"
    gender = KIND_GENDER_DE[kind]
    return f"{ARTICLES_DE[article][gender][case]} {kind_name(kind, 'de')}"


def kind_with_article(kind: str, lang: str, case: str = "nom") -> str:
    if lang != "de":
        return f"the {kind_name(kind, 'en')}"
    return f"{ARTICLES_DE['the'][KIND_GENDER_DE[kind]][case]} {kind_name(kind, 'de')}"


def points(n: int, lang: str) -> str:
    if lang == "de":
        return f"{n} Punkt" if n == 1 else f"{n} Punkte"
    return f"{n} point" if n == 1 else f"{n} points"


EN = {
    "turn": "Turn {number}: {colour} to play{last}.",
    "turn_end": "{colour} ends the turn.",
    "lapse.alien_move": "No alien can move; the aliens still kill.",
    "lapse.build": "No tile can be placed any more: building is over.",
    "lapse.action.1": "No action is possible: the remaining action lapses.",
    "lapse.action.2": "No action is possible: both actions lapse.",
    "lapse.jump": "{figure} cannot make a Jump Room move; it lapses.",
    "alien_moves": "{alien} moves {from} → {to}.",
    "alien_pushed": "{alien} is pushed {from} → {to}.",
    "alien_arrives": "{alien} appears on {cell}.",
    "kills_first": "{alien} kills first.",
    "alien_dies.laser": "The Laser kills {alien} on {cell}.",
    "alien_dies.grunts": "Two Grunts kill {alien} on {cell}.",
    "alien_dies": "{cause} kills {alien} on {cell}.",
    "dies.alien": "An alien kills {figure} on {cell}; alien score {alien_score}.",
    "dies.space": "{figure} is teleported from {cell} into deep space; alien score {alien_score}.",
    "dies.core": "{figure} dies of radiation in the Core Room on {cell}; alien score {alien_score}.",
    "dies.alien.full": "An alien kills {figure} on {cell}: the alien track is full, the aliens win.",
    "dies.space.full": "{figure} is teleported from {cell} into deep space: the alien track is full, the aliens win.",
    "dies.core.full": "{figure} dies of radiation in the Core Room on {cell}: the alien track is full, the aliens win.",
    "score.kill": "{colour} scores {points} for the kill.",
    "score.alien": "{colour} scores {points} for killing an alien.",
    "score.escape": "{colour} scores {points} for the escape.",
    "score.warehouse": "{colour} scores {points} from the Warehouse.",
    "placed": "{tile} is placed on {cell}.",
    "revealed": "{tile} ({id}) is turned up from the face-down modules.",
    "steps": "{figure} steps {from} → {to}.",
    "stops": "{figure} stops.",
    "pushed": "{figure} is pushed {from} → {to}.",
    "teleports": "{figure} is teleported {from} → {to}.",
    "seated": "{figure} takes the {seat}-point seat of pod {pod} on {cell}.",
    "launch": "Pod {pod} launches from {cell}{why}{escaped}.",
    "pod_moved": "{figure} flies pod {pod} from {from} to {to}.",
    "pod_turned": "{figure} turns pod {pod} on {from} to face another module.",
    "pilot_stays": "{figure} stays in pod {pod}.",
    "activates": "{figure} activates {kind} on {cell}.",
    "swapped": "The Lab swaps {figure} (now on {figure_to}) with {alien} (now on {alien_to}).",
    "healed": "The Infirmary brings {figure_acc} back to {cell}; alien score {alien_score}.",
    "healed.moved": "The Infirmary brings {figure_acc} back to {cell}; {moved} moves up on the alien track, alien score {alien_score}.",
    "lifts": "The Control Room lifts {tile} from {cell}.",
    "tile_moved": "The Control Room moves {tile} from {from} to {to}.",
    "tile_turned": "The Control Room turns {tile} on {to}.",
    "final_round.last_module": "The last module is placed: every other player has one more turn.",
    "final_round.no_placement": "Every other player has one more turn.",
    "final_round.no_astronauts": "A player has no astronaut left on board: every other player has one more turn.",
    "no_astronauts": "{colour} has no astronaut left on the board and plays no more turns.",
    "game_over.track_full": "The alien track is full: the aliens win.",
    "game_over.all_pods": "The last pod has launched: the game is over.",
    "game_over.last_turns": "The last turns are played: the game is over.",
    "last": " (last turn)",
    "why.alien": " (an alien came next to it)",
    "why.security": " (Security Center)",
    "why.pilot": " (the Pilot's choice)",
    "why.full": "",
    "escaped": ", carrying {who}",
    "and": " and ",
}
DE = {
    "turn": "Zug {number}: {colour} ist am Zug{last}.",
    "turn_end": "{colour} beendet den Zug.",
    "lapse.alien_move": "Kein Alien kann ziehen; die Aliens töten trotzdem.",
    "lapse.build": "Kein Plättchen passt mehr: Es wird nicht mehr gebaut.",
    "lapse.action.1": "Keine Aktion ist möglich: Die übrige Aktion verfällt.",
    "lapse.action.2": "Keine Aktion ist möglich: Beide Aktionen verfallen.",
    "lapse.jump": "{figure} kann keinen Zug im Sprungraum machen; er verfällt.",
    "alien_moves": "{alien} zieht {from} → {to}.",
    "alien_pushed": "{alien} wird {from} → {to} geschoben.",
    "alien_arrives": "{alien} erscheint auf {cell}.",
    "kills_first": "{alien} tötet zuerst.",
    "alien_dies.laser": "Der Laser tötet {alien} auf {cell}.",
    "alien_dies.grunts": "Zwei Soldaten töten {alien} auf {cell}.",
    "alien_dies": "{cause} tötet {alien} auf {cell}.",
    "dies.alien": "Ein Alien tötet {figure_acc} auf {cell}; Alienwertung {alien_score}.",
    "dies.space": "{figure} wird von {cell} ins All teleportiert; Alienwertung {alien_score}.",
    "dies.core": "{figure} stirbt an der Strahlung der Reaktorkammer auf {cell}; Alienwertung {alien_score}.",
    "dies.alien.full": "Ein Alien tötet {figure_acc} auf {cell}: Die Alienleiste ist voll, die Aliens gewinnen.",
    "dies.space.full": "{figure} wird von {cell} ins All teleportiert: Die Alienleiste ist voll, die Aliens gewinnen.",
    "dies.core.full": "{figure} stirbt an der Strahlung der Reaktorkammer auf {cell}: Die Alienleiste ist voll, die Aliens gewinnen.",
    "score.kill": "{colour} erhält {points} für den Abschuss.",
    "score.alien": "{colour} erhält {points} für ein getötetes Alien.",
    "score.escape": "{colour} erhält {points} für die Flucht.",
    "score.warehouse": "{colour} erhält {points} aus dem Warenlager.",
    "placed": "{tile} wird auf {cell} gelegt.",
    "revealed": "{tile} ({id}) wird vom verdeckten Stapel aufgedeckt.",
    "steps": "{figure} geht {from} → {to}.",
    "stops": "{figure} bleibt stehen.",
    "pushed": "{figure} wird {from} → {to} geschoben.",
    "teleports": "{figure} wird {from} → {to} teleportiert.",
    "seated": "{figure} setzt sich auf den {seat}-Platz der Kapsel {pod} auf {cell}.",
    "launch": "Kapsel {pod} startet von {cell}{why}{escaped}.",
    "pod_moved": "{figure} fliegt die Kapsel {pod} von {from} nach {to}.",
    "pod_turned": "{figure} dreht die Kapsel {pod} auf {from} zu einem anderen Modul.",
    "pilot_stays": "{figure} bleibt in der Kapsel {pod}.",
    "activates": "{figure} aktiviert {kind_acc} auf {cell}.",
    "swapped": "Das Labor tauscht {figure_acc} (jetzt auf {figure_to}) mit {alien} (jetzt auf {alien_to}).",
    "healed": "Die Krankenstation holt {figure_acc} zurück auf {cell}; Alienwertung {alien_score}.",
    "healed.moved": "Die Krankenstation holt {figure_acc} zurück auf {cell}; {moved} rückt auf der Alienleiste nach, "
                    "Alienwertung {alien_score}.",
    "lifts": "Der Kontrollraum hebt {tile_acc} von {cell} ab.",
    "tile_moved": "Der Kontrollraum versetzt {tile_acc} von {from} nach {to}.",
    "tile_turned": "Der Kontrollraum dreht {tile_acc} auf {to}.",
    "final_round.last_module": "Das letzte Modul liegt: Alle anderen sind noch einmal am Zug.",
    "final_round.no_placement": "Alle anderen sind noch einmal am Zug.",
    "final_round.no_astronauts": "Ein Spieler hat keinen Astronauten mehr auf der Station: Alle anderen sind noch einmal am Zug.",
    "no_astronauts": "{colour} hat keinen Astronauten mehr auf der Station und ist nicht mehr am Zug.",
    "game_over.track_full": "Die Alienleiste ist voll: Die Aliens gewinnen.",
    "game_over.all_pods": "Die letzte Kapsel ist gestartet: Das Spiel ist zu Ende.",
    "game_over.last_turns": "Die letzten Züge sind gespielt: Das Spiel ist zu Ende.",
    "last": " (letzter Zug)",
    "why.alien": " (ein Alien kam an ihre Tür)",
    "why.security": " (Sicherheitszentrale)",
    "why.pilot": " (Wahl der Pilotin)",
    "why.full": "",
    "escaped": " mit {who}",
    "and": " und ",
}
TEXTS = {"en": EN, "de": DE}


def _key(event) -> str:
    e = event["e"]
    if e == "lapse" and event["what"] == "action":
        return f"lapse.action.{2 if event.get('left') == 2 else 1}"
    if e == "dies" and event.get("full"):
        return f"dies.{event['cause']}.full"
    if e == "healed" and event.get("moved"):
        return "healed.moved"
    if e == "tile_moved" and event["from"] == event["to"]:
        return "tile_turned"
    for field in ("what", "cause", "reason", "why"):
        if field in event and f"{e}.{event[field]}" in EN:
            return f"{e}.{event[field]}"
    return e


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def player_name(colour: str, lang: str, names: list[str] | None) -> str:
    """The player of a colour: their name from `names` (in seat order, which is the station's order of
    colours), else the colour ("Red")."""
    from .components import load_station
    order = load_station("station").colours
    return names[order.index(colour)] if names and colour in order[:len(names)] else colour_name(colour, lang)


def render(event: dict, lang: str = "en", names: list[str] | None = None) -> str:
    """One event as a sentence; cells stay as x|y so a page can link them to the board. A player is
    named by `names` (their names in seat order), else by their colour."""
    lang = lang if lang in TEXTS else "en"
    texts = TEXTS[lang]
    values = dict(event)
    for name in ("figure", "alien", "moved"):
        if event.get(name):
            values[name] = figure_name(event[name], lang)
            values[f"{name}_acc"] = figure_name(event[name], lang, "acc")
    if "colour" in event:
        values["colour"] = player_name(event["colour"], lang, names)
    if "kind" in event:
        values["kind"] = kind_with_article(event["kind"], lang)
        values["kind_acc"] = kind_with_article(event["kind"], lang, "acc")
    if "tile" in event:
        values["id"] = event["tile"]
        values["tile"] = tile_name(event["tile"], lang)
        values["tile_acc"] = tile_name(event["tile"], lang, "acc")
    if "points" in event:
        values["points"] = points(event["points"], lang)
    e = event["e"]
    if e == "seated" and lang == "de" and event["seat"] == 1:  # a pod's seat by its value, never "seat 2"
        values["seat"] = "1-Punkt"
    elif e == "seated" and lang == "de":
        values["seat"] = f"{event['seat']}-Punkte"
    if e == "alien_dies" and event["cause"] not in ("laser", "grunts"):
        values["cause"] = figure_name(event["cause"], lang)
    if e == "turn":
        values["last"] = texts["last"] if event.get("last") else ""
    if e == "launch":
        values["why"] = texts[f"why.{event['why']}"]
        case = "dat" if lang == "de" else "nom"
        who = [figure_name(x["figure"], lang, case) for x in event["escaped"]]
        joined = ", ".join(who[:-1]) + texts["and"] + who[-1] if len(who) > 1 else "".join(who)
        values["escaped"] = texts["escaped"].format(who=joined) if who else ""
    sentence = texts[_key(event)].format(**values)
    return sentence if names and "colour" in event and sentence.startswith(values["colour"]) else _capital(sentence)


def ending(outcome: dict, lang: str = "en") -> str:
    """Why the game ended, as the last event said it: "The last pod has launched: the game is over."."""
    # An outcome of a reason with no sentence (none the engine gives today) says nothing, not an error.
    return TEXTS[lang if lang in TEXTS else "en"].get(f"game_over.{outcome.get('reason')}", "")


PROMPTS = {
    "en": {
        "alien_move": "Move an alien",
        "alien_push": "Choose where {alien} is pushed from {cell}",
        "victim": "Choose whom {alien} kills on {cell}",
        "kill_order": "The alien track cannot take every victim: choose which alien kills first",
        "build": "Place a module from the supply or the top pod",
        "action": "Action {n} of {m}: move an astronaut or activate a module",
        "action.first": "Your single action this first turn: move an astronaut",
        "step.more": "Move {figure} one more step, or stop",
        "step.jump": "Jump Room: move {figure} (move {n} of 2)",
        "push": "Choose whom {entering} pushes out of {cell}, and where",
        "teleport": "Choose where {figure} is teleported",
        "pilot": "{figure} in pod {pod}: stay, launch now, or fly the pod elsewhere",
        "target.lab": "Lab: choose an astronaut and an alien to swap",
        "target.control_room": "Control Room: choose a tile to move",
        "target.laser": "Laser: choose an alien to kill",
        "target.infirmary": "Infirmary: choose an astronaut to bring back",
        "target.security_center": "Security Center: choose a pod to launch",
        "relocate": "Control Room: choose where the tile from {cell} goes, and its rotation",
        "end_turn": "Confirm the end of your turn",
        "over": "The game is over",
    },
    "de": {
        "alien_move": "Bewege ein Alien",
        "alien_push": "Wähle, wohin {alien} von {cell} geschoben wird",
        "victim": "Wähle, wen {alien} auf {cell} tötet",
        "kill_order": "Die Alienleiste fasst nicht alle Opfer: Wähle, welches Alien zuerst tötet",
        "build": "Lege ein Modul aus dem Vorrat oder die oberste Kapsel an",
        "action": "Aktion {n} von {m}: bewege einen Astronauten oder aktiviere ein Modul",
        "action.first": "Deine einzige Aktion im ersten Zug: bewege einen Astronauten",
        "step.more": "Bewege {figure_acc} noch einen Schritt oder halte an",
        "step.jump": "Sprungraum: Bewege {figure_acc} (Zug {n} von 2)",
        "push": "Wähle, wen {entering} aus {cell} schiebt, und wohin",
        "teleport": "Wähle, wohin {figure} teleportiert wird",
        "pilot": "{figure} in Kapsel {pod}: bleiben, sofort starten oder die Kapsel versetzen",
        "target.lab": "Labor: wähle einen Astronauten und ein Alien zum Tauschen",
        "target.control_room": "Kontrollraum: wähle ein Plättchen zum Versetzen",
        "target.laser": "Laser: wähle ein Alien zum Töten",
        "target.infirmary": "Krankenstation: wähle einen Astronauten, der zurückkehrt",
        "target.security_center": "Sicherheitszentrale: wähle eine Kapsel zum Starten",
        "relocate": "Kontrollraum: wähle, wohin das Plättchen von {cell} kommt, und die Drehung",
        "end_turn": "Bestätige das Ende deines Zuges",
        "over": "Das Spiel ist zu Ende",
    },
}


def prompt(s, lang: str = "en", table: dict = PROMPTS) -> str:
    """The pending question in words of `table` (PROMPTS, addressed to the deciding player, or
    prompts.FOR_OTHERS, as everyone else reads it)."""
    texts = table.get(lang, table["en"])
    ask = s["ask"]
    if ask is None:
        return texts["over"]
    q = ask["q"]
    values = {k: figure_name(v, lang) if k in ("figure", "alien", "entering") else v
              for k, v in ask.items()}
    if "figure" in ask:
        values["figure_acc"] = figure_name(ask["figure"], lang, "acc")
    if q == "action":
        turn = s["turn"]
        total = 1 if turn["first"] else 2
        key = "action.first" if turn["first"] else "action"
        return texts[key].format(n=total - turn["actions"] + 1, m=total)
    if q == "step":
        key = "step.jump" if "jump" in ask else "step.more"
        return _capital(texts[key].format(figure=values["figure"], figure_acc=values["figure_acc"], n=ask.get("jump")))
    if q == "target":
        return texts[f"target.{ask['module']}"]
    if q == "pilot":
        values["pod"] = s["board"][ask["cell"]]["tile"]
    return _capital(texts[q].format(**values))


class ArgoCommandLine(CommandLine):
    """`play` on the command line: the difficulty and the mean teleporters, the first turn announced
    before the first decision, and the aliens' victory."""

    ALIENS_WIN = {"en": "The aliens win.", "de": "Die Aliens gewinnen."}

    def arguments(self, parser) -> None:
        parser.add_argument("--difficulty", default="medium", choices=("easy", "medium", "hard"))
        parser.add_argument("--mean", action="store_true", help="the mean teleporter variant")

    def options(self, args) -> dict:
        return {"difficulty": args.difficulty, "mean_teleporters": args.mean}

    def opening(self, state) -> list:
        return [{"e": "turn", "colour": state["colours"][state["turn"]["seat"]], "number": 1, "last": False}]

    def seat(self, name: str, lang: str) -> str:
        return colour_name(name, lang)

    def verdict(self, result: dict, lang: str) -> str:
        return f"  {self.ALIENS_WIN[lang]}" if result["alien_victory"] else super().verdict(result, lang)
