"""Events and pending questions as short sentences, in English and German, with x|y cells."""
from __future__ import annotations

LANGS = ("en", "de")

COLOURS = {"de": {"red": "rot", "yellow": "gelb", "green": "grün", "blue": "blau"}}
ROLES = {"de": {"chief": "Kommandant", "explorer": "Kundschafterin", "pilot": "Pilotin",
                "grunt": "Soldat", "robot": "Roboter"}}
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


def figure_name(figure: str, lang: str = "en") -> str:
    if figure.startswith("alien-"):
        return ("Alien " if lang == "de" else "Alien ") + figure.split("-", 1)[1]
    if lang == "de":
        colour, role = figure.split("-", 1)
        return f"{ROLES['de'][role]} ({COLOURS['de'].get(colour, colour)})"
    return figure


def colour_name(colour: str, lang: str = "en") -> str:
    return COLOURS.get(lang, {}).get(colour, colour)


def kind_name(kind: str, lang: str = "en") -> str:
    return KINDS[lang if lang in KINDS else "en"][kind]


EN = {
    "turn": "Turn {number}: {colour} to play{last}.",
    "turn_end": "{colour} ends the turn.",
    "lapse.alien_move": "No alien can move; the aliens still kill (R1).",
    "lapse.build": "Nothing can be placed: no more building, the final round begins (R2).",
    "lapse.action": "No action is possible; the remaining action lapses (R3).",
    "lapse.jump": "{figure} cannot make a Jump Room move; it lapses.",
    "alien_moves": "{alien} moves {from} → {to}.",
    "alien_pushed": "{alien} is pushed {from} → {to}.",
    "alien_arrives": "{alien} appears on {cell}.",
    "alien_dies.laser": "The Laser kills {alien} on {cell}.",
    "alien_dies.grunts": "Two grunts kill {alien} on {cell}.",
    "alien_dies": "{cause} kills {alien} on {cell}.",
    "dies.alien": "{figure} is killed by an alien on {cell}; alien score {alien_score}.",
    "dies.space": "{figure} is teleported into deep space from {cell}; alien score {alien_score}.",
    "dies.core": "{figure} dies of radiation in the Core Room on {cell}; alien score {alien_score}.",
    "score.kill": "{colour} scores {points} for the kill.",
    "score.alien": "{colour} scores {points} for killing an alien.",
    "score.escape": "{colour} scores {points} for the escape.",
    "score.warehouse": "{colour} scores {points} from the Warehouse.",
    "placed": "{tile} is placed on {cell} (rotation {rotation}).",
    "revealed": "{tile} is revealed from the face-down modules.",
    "steps": "{figure} steps {from} → {to}.",
    "stops": "{figure} stops.",
    "pushed": "{figure} is pushed {from} → {to}.",
    "teleports": "{figure} teleports {from} → {to}.",
    "seated": "{figure} takes seat {seat} in pod {pod} on {cell}.",
    "launch": "Pod {pod} launches from {cell}{why}{escaped}.",
    "pod_moved": "{figure} flies pod {pod} from {from} to {to}.",
    "pilot_stays": "{figure} stays in pod {pod}.",
    "activates": "{figure} activates the {kind} on {cell}.",
    "swapped": "The Lab swaps {figure} (now on {figure_to}) and {alien} (now on {alien_to}).",
    "healed": "The Infirmary brings {figure} back to {cell}.",
    "lifts": "The Control Room lifts {tile} from {cell}.",
    "tile_moved": "The Control Room moves {tile} from {from} to {to} (rotation {rotation}).",
    "final_round.last_module": "The last module is placed: every other player has one more turn.",
    "final_round.no_placement": "No tile can be placed: every other player has one more turn.",
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
    "escaped.none": "",
}
DE = {
    "turn": "Zug {number}: {colour} ist am Zug{last}.",
    "turn_end": "{colour} beendet den Zug.",
    "lapse.alien_move": "Kein Alien kann sich bewegen; die Aliens töten trotzdem (R1).",
    "lapse.build": "Nichts kann gelegt werden: kein Bauen mehr, die letzte Runde beginnt (R2).",
    "lapse.action": "Keine Aktion ist möglich; die übrige Aktion verfällt (R3).",
    "lapse.jump": "{figure} kann keinen Sprungraum-Zug machen; er verfällt.",
    "alien_moves": "{alien} zieht {from} → {to}.",
    "alien_pushed": "{alien} wird {from} → {to} geschoben.",
    "alien_arrives": "{alien} erscheint auf {cell}.",
    "alien_dies.laser": "Der Laser tötet {alien} auf {cell}.",
    "alien_dies.grunts": "Zwei Soldaten töten {alien} auf {cell}.",
    "alien_dies": "{cause} tötet {alien} auf {cell}.",
    "dies.alien": "{figure} wird auf {cell} von einem Alien getötet; Alienwertung {alien_score}.",
    "dies.space": "{figure} wird von {cell} ins All teleportiert; Alienwertung {alien_score}.",
    "dies.core": "{figure} stirbt an der Strahlung der Reaktorkammer auf {cell}; Alienwertung {alien_score}.",
    "score.kill": "{colour} erhält {points} für den Abschuss.",
    "score.alien": "{colour} erhält {points} für ein getötetes Alien.",
    "score.escape": "{colour} erhält {points} für die Flucht.",
    "score.warehouse": "{colour} erhält {points} aus dem Warenlager.",
    "placed": "{tile} wird auf {cell} gelegt (Drehung {rotation}).",
    "revealed": "{tile} wird vom verdeckten Stapel aufgedeckt.",
    "steps": "{figure} geht {from} → {to}.",
    "stops": "{figure} bleibt stehen.",
    "pushed": "{figure} wird {from} → {to} geschoben.",
    "teleports": "{figure} teleportiert {from} → {to}.",
    "seated": "{figure} nimmt Sitz {seat} in Kapsel {pod} auf {cell}.",
    "launch": "Kapsel {pod} startet von {cell}{why}{escaped}.",
    "pod_moved": "{figure} fliegt Kapsel {pod} von {from} nach {to}.",
    "pilot_stays": "{figure} bleibt in Kapsel {pod}.",
    "activates": "{figure} aktiviert {kind} auf {cell}.",
    "swapped": "Das Labor tauscht {figure} (jetzt auf {figure_to}) und {alien} (jetzt auf {alien_to}).",
    "healed": "Die Krankenstation holt {figure} zurück auf {cell}.",
    "lifts": "Der Kontrollraum hebt {tile} von {cell} an.",
    "tile_moved": "Der Kontrollraum versetzt {tile} von {from} nach {to} (Drehung {rotation}).",
    "final_round.last_module": "Das letzte Modul liegt: alle anderen sind noch einmal am Zug.",
    "final_round.no_placement": "Kein Plättchen passt mehr: alle anderen sind noch einmal am Zug.",
    "final_round.no_astronauts": "Ein Spieler hat keinen Astronauten mehr auf der Station: alle anderen sind noch einmal am Zug.",
    "no_astronauts": "{colour} hat keinen Astronauten mehr auf der Station und ist nicht mehr am Zug.",
    "game_over.track_full": "Die Alienwertung ist voll: die Aliens gewinnen.",
    "game_over.all_pods": "Die letzte Kapsel ist gestartet: das Spiel ist zu Ende.",
    "game_over.last_turns": "Die letzten Züge sind gespielt: das Spiel ist zu Ende.",
    "last": " (letzter Zug)",
    "why.alien": " (ein Alien kam daneben)",
    "why.security": " (Sicherheitszentrale)",
    "why.pilot": " (Wahl der Pilotin)",
    "why.full": "",
    "escaped": " mit {who}",
    "escaped.none": "",
}
TEXTS = {"en": EN, "de": DE}


def _key(event) -> str:
    e = event["e"]
    texts = EN
    for field in ("what", "cause", "reason", "why"):
        if field in event and f"{e}.{event[field]}" in texts:
            return f"{e}.{event[field]}"
    return e


def render(event: dict, lang: str = "en") -> str:
    """One event as a sentence; cells stay as x|y so a page can link them to the board."""
    texts = TEXTS.get(lang, EN)
    values = {}
    for name, value in event.items():
        if name in ("figure", "alien"):
            values[name] = figure_name(value, lang)
        elif name == "colour":
            values[name] = colour_name(value, lang)
        elif name == "kind":
            values[name] = kind_name(value, lang)
        else:
            values[name] = value
    e = event["e"]
    if e == "alien_dies" and event["cause"] not in ("laser", "grunts"):
        values["cause"] = figure_name(event["cause"], lang)
    if e == "turn":
        values["last"] = texts["last"] if event.get("last") else ""
    if e == "launch":
        values["why"] = texts[f"why.{event['why']}"]
        who = ", ".join(figure_name(x["figure"], lang) for x in event["escaped"])
        values["escaped"] = texts["escaped"].format(who=who) if who else ""
    return texts[_key(event)].format(**values)


PROMPTS = {
    "en": {
        "alien_move": "Move an alien",
        "alien_push": "Choose where {alien} is pushed from {cell}",
        "victim": "Choose whom {alien} kills on {cell}",
        "build": "Place a module from the display or the top pod",
        "action": "Action {n} of {m}: move an astronaut or activate a module",
        "action.first": "Your single action this first turn: move an astronaut",
        "step.more": "Move {figure} one more step, or stop",
        "step.jump": "Jump Room: move {figure} (move {n} of 2)",
        "push": "Choose whom {entering} pushes out of {cell}, and where",
        "teleport": "Choose where {figure} teleports",
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
        "build": "Lege ein Modul aus der Auslage oder die oberste Kapsel an",
        "action": "Aktion {n} von {m}: bewege einen Astronauten oder aktiviere ein Modul",
        "action.first": "Deine einzige Aktion im ersten Zug: bewege einen Astronauten",
        "step.more": "Bewege {figure} noch einen Schritt oder halte an",
        "step.jump": "Sprungraum: bewege {figure} (Zug {n} von 2)",
        "push": "Wähle, wen {entering} aus {cell} schiebt, und wohin",
        "teleport": "Wähle, wohin {figure} teleportiert",
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


def prompt(s, lang: str = "en") -> str:
    texts = PROMPTS.get(lang, PROMPTS["en"])
    ask = s["ask"]
    if ask is None:
        return texts["over"]
    q = ask["q"]
    values = {k: figure_name(v, lang) if k in ("figure", "alien", "entering") else v
              for k, v in ask.items()}
    if q == "action":
        turn = s["turn"]
        total = 1 if turn["first"] else 2
        key = "action.first" if turn["first"] else "action"
        return texts[key].format(n=total - turn["actions"] + 1, m=total)
    if q == "step":
        key = "step.jump" if "jump" in ask else "step.more"
        return texts[key].format(figure=values["figure"], n=ask.get("jump"))
    if q == "target":
        return texts[f"target.{ask['module']}"]
    if q == "pilot":
        values["pod"] = s["board"][ask["cell"]]["tile"]
    return texts[q].format(**values)
