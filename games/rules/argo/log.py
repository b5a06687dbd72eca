"""Events and pending questions as short sentences with x|y cells, in the languages of the game's
catalogue (locale/<lang>/LC_MESSAGES/argo.po): the code holds the English, `CATALOGUE` the rest."""
from __future__ import annotations

import argparse
from typing import Any

from ..base import N_, Catalogue, CommandLine, Event, Named, State

CATALOGUE = Catalogue(__file__, "argo")
t_, n_ = CATALOGUE.gettext, CATALOGUE.ngettext

# Names as players read them: a player by colour ("Red"), a piece by colour and role ("the red
# Pilot"), a tile by its kind ("the Lab"). A language that declines names gives their other forms
# in its catalogue under the contexts of Catalogue.FORMS ("acc": "den roten Kommandanten"), which
# its sentences ask for ("{figure.acc}").
COLOURS = {"red": N_("Red"), "yellow": N_("Yellow"), "green": N_("Green"), "blue": N_("Blue")}
ADJECTIVES = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue")}
ROLES = {"chief": N_("Chief"), "explorer": N_("Explorer"), "pilot": N_("Pilot"), "grunt": N_("Grunt"), "robot": N_("Robot")}
FIGURES = {
    "red-chief": N_("the red Chief"), "red-explorer": N_("the red Explorer"), "red-pilot": N_("the red Pilot"),
    "red-grunt": N_("the red Grunt"), "red-robot": N_("the red Robot"),
    "yellow-chief": N_("the yellow Chief"), "yellow-explorer": N_("the yellow Explorer"),
    "yellow-pilot": N_("the yellow Pilot"), "yellow-grunt": N_("the yellow Grunt"), "yellow-robot": N_("the yellow Robot"),
    "green-chief": N_("the green Chief"), "green-explorer": N_("the green Explorer"),
    "green-pilot": N_("the green Pilot"), "green-grunt": N_("the green Grunt"), "green-robot": N_("the green Robot"),
    "blue-chief": N_("the blue Chief"), "blue-explorer": N_("the blue Explorer"), "blue-pilot": N_("the blue Pilot"),
    "blue-grunt": N_("the blue Grunt"), "blue-robot": N_("the blue Robot"),
}
YOURS = {"chief": N_("your Chief"), "explorer": N_("your Explorer"), "pilot": N_("your Pilot"),
         "grunt": N_("your Grunt"), "robot": N_("your Robot")}
KINDS = {"waking_room": N_("Waking Room"), "corridor": N_("corridor"), "teleporter": N_("teleporter"),
         "lab": N_("Lab"), "control_room": N_("Control Room"), "jump_room": N_("Jump Room"), "laser": N_("Laser"),
         "infirmary": N_("Infirmary"), "warehouse": N_("Warehouse"), "security_center": N_("Security Center"),
         "core_room": N_("Core Room"), "safe_room": N_("Safe Room"), "pod": N_("escape pod")}
# A kind with its article; several tiles of a kind in MANY: "a corridor", not "the corridor".
THE_KINDS = {"waking_room": N_("the Waking Room"), "corridor": N_("the corridor"), "teleporter": N_("the teleporter"),
             "lab": N_("the Lab"), "control_room": N_("the Control Room"), "jump_room": N_("the Jump Room"),
             "laser": N_("the Laser"), "infirmary": N_("the Infirmary"), "warehouse": N_("the Warehouse"),
             "security_center": N_("the Security Center"), "core_room": N_("the Core Room"),
             "safe_room": N_("the Safe Room"), "pod": N_("the escape pod")}
A_KINDS = {"corridor": N_("a corridor"), "teleporter": N_("a teleporter")}
MANY = frozenset(A_KINDS)


def figure_name(figure: str, lang: str = "en", case: str = "") -> Named:
    """An astronaut with article and colour, or an alien by number; `case` one of its forms."""
    if figure.startswith("alien-"):
        return CATALOGUE.named(lang, N_("Alien {n}"), n=figure.split("-", 1)[1])
    named = CATALOGUE.named(lang, FIGURES[figure])
    return Named(getattr(named, case), named.forms) if case and case != "nom" else named


def colour_name(colour: str, lang: str = "en") -> str:
    return t_(lang, COLOURS[colour]) if colour in COLOURS else colour


def kind_name(kind: str, lang: str = "en") -> str:
    return t_(lang, KINDS[kind])


def tile_name(tile: str, lang: str = "en", case: str = "") -> Named:
    """A tile by its kind with an article: pods keep their name, the players read it on the board."""
    from .components import load_station
    kind = load_station("station").tiles[tile].kind
    if kind == "pod":
        named = CATALOGUE.named(lang, N_("pod {tile}"), tile=tile)
    else:
        named = CATALOGUE.named(lang, A_KINDS[kind] if kind in MANY else THE_KINDS[kind])
    return Named(getattr(named, case), named.forms) if case and case != "nom" else named


def kind_with_article(kind: str, lang: str) -> Named:
    return CATALOGUE.named(lang, THE_KINDS[kind])


def points(n: int, lang: str) -> str:
    return n_(lang, "{n} point", "{n} points", n).format(n=n)


def joined(names: list[str], lang: str) -> str:
    """Names as a list in words: "A, B and C"."""
    return ", ".join(names[:-1]) + t_(lang, " and ") + names[-1] if len(names) > 1 else "".join(names)


EN = {
    "turn": N_("Turn {number}: {colour} to play{last}."),
    "turn_end": N_("{colour} ends the turn."),
    "lapse.alien_move": N_("No alien can move; the aliens still kill."),
    "lapse.build": N_("No tile can be placed any more: building is over."),
    "lapse.action.1": N_("No action is possible: the remaining action lapses."),
    "lapse.action.2": N_("No action is possible: both actions lapse."),
    "lapse.jump": N_("{figure} cannot make a Jump Room move; it lapses."),
    "alien_moves": N_("{alien} moves {from} → {to}."),
    "alien_pushed": N_("{alien} is pushed {from} → {to}."),
    "alien_arrives": N_("{alien} appears on {cell}."),
    "kills_first": N_("{alien} kills first."),
    "alien_dies.laser": N_("The Laser kills {alien} on {cell}."),
    "alien_dies.grunts": N_("Two Grunts kill {alien} on {cell}."),
    "alien_dies": N_("{cause} kills {alien} on {cell}."),
    "dies.alien": N_("An alien kills {figure} on {cell}; alien score {alien_score}."),
    "dies.space": N_("{figure} is teleported from {cell} into deep space; alien score {alien_score}."),
    "dies.core": N_("{figure} dies of radiation in the Core Room on {cell}; alien score {alien_score}."),
    "dies.alien.full": N_("An alien kills {figure} on {cell}: the alien track is full, the aliens win."),
    "dies.space.full": N_("{figure} is teleported from {cell} into deep space: the alien track is full, the aliens win."),
    "dies.core.full": N_("{figure} dies of radiation in the Core Room on {cell}: the alien track is full, the aliens win."),
    "score.kill": N_("{colour} scores {points} for the kill."),
    "score.alien": N_("{colour} scores {points} for killing an alien."),
    "score.escape": N_("{colour} scores {points} for the escape."),
    "score.warehouse": N_("{colour} scores {points} from the Warehouse."),
    "placed": N_("{tile} is placed on {cell}."),
    "revealed": N_("{tile} ({id}) is turned up from the face-down modules."),
    "steps": N_("{figure} steps {from} → {to}."),
    "stops": N_("{figure} stops."),
    "pushed": N_("{figure} is pushed {from} → {to}."),
    "teleports": N_("{figure} is teleported {from} → {to}."),
    "seated": N_("{figure} takes the {seat} seat of pod {pod} on {cell}."),
    "launch": N_("Pod {pod} launches from {cell}{why}{escaped}."),
    "pod_moved": N_("{figure} flies pod {pod} from {from} to {to}."),
    "pod_turned": N_("{figure} turns pod {pod} on {from} to face another module."),
    "pilot_stays": N_("{figure} stays in pod {pod}."),
    "activates": N_("{figure} activates {kind} on {cell}."),
    "swapped": N_("The Lab swaps {figure} (now on {figure_to}) with {alien} (now on {alien_to})."),
    "healed": N_("The Infirmary brings {figure} back to {cell}; alien score {alien_score}."),
    "healed.moved": N_("The Infirmary brings {figure} back to {cell}; {moved} moves up on the alien track, alien score {alien_score}."),
    "lifts": N_("The Control Room lifts {tile} from {cell}."),
    "tile_moved": N_("The Control Room moves {tile} from {from} to {to}."),
    "tile_turned": N_("The Control Room turns {tile} on {to}."),
    "final_round.last_module": N_("The last module is placed: every other player has one more turn."),
    "final_round.no_placement": N_("Every other player has one more turn."),
    "final_round.no_astronauts": N_("A player has no astronaut left on board: every other player has one more turn."),
    "no_astronauts": N_("{colour} has no astronaut left on the board and plays no more turns."),
    "game_over.track_full": N_("The alien track is full: the aliens win."),
    "game_over.all_pods": N_("The last pod has launched: the game is over."),
    "game_over.last_turns": N_("The last turns are played: the game is over."),
    "last": N_(" (last turn)"),
    "why.alien": N_(" (an alien came next to it)"),
    "why.security": N_(" (Security Center)"),
    "why.pilot": N_(" (the Pilot's choice)"),
    "why.full": "",
    "escaped": N_(", carrying {who}"),
    "and": N_(" and "),
}


def _key(event: Event) -> str:
    e: str = event["e"]
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


def render(event: Event, lang: str = "en", names: list[str] | None = None) -> str:
    """One event as a sentence; cells stay as x|y so a page can link them to the board. A player is
    named by `names` (their names in seat order), else by their colour."""
    values = dict(event)
    for name in ("figure", "alien", "moved"):
        if event.get(name):
            values[name] = figure_name(event[name], lang)
    if "colour" in event:
        values["colour"] = player_name(event["colour"], lang, names)
    if "kind" in event:
        values["kind"] = kind_with_article(event["kind"], lang)
    if "tile" in event:
        values["id"] = event["tile"]
        values["tile"] = tile_name(event["tile"], lang)
    if "points" in event:
        values["points"] = points(event["points"], lang)
    e = event["e"]
    if e == "seated":  # a pod's seat by its value, never "seat 2"
        values["seat"] = seat_points(event["seat"], lang)
    if e == "alien_dies" and event["cause"] not in ("laser", "grunts"):
        values["cause"] = figure_name(event["cause"], lang)
    if e == "turn":
        values["last"] = t_(lang, EN["last"]) if event.get("last") else ""
    if e == "launch":
        values["why"] = t_(lang, EN[f"why.{event['why']}"])
        # with whom it launched: the names in the form after "with" (German's dative)
        who = joined([figure_name(x["figure"], lang, "dat") for x in event["escaped"]], lang)
        values["escaped"] = t_(lang, EN["escaped"]).format(who=who) if who else ""
    sentence = t_(lang, EN[_key(event)]).format(**values)
    return sentence if names and "colour" in event and sentence.startswith(values["colour"]) else _capital(sentence)


def seat_points(value: int, lang: str) -> str:
    """A pod's seat by its points, as "the 2-point seat" names it."""
    return n_(lang, "{n}-point", "{n}-point", value).format(n=value)


def ending(outcome: dict[str, Any], lang: str = "en") -> str:
    """Why the game ended, as the last event said it: "The last pod has launched: the game is over."."""
    # An outcome of a reason with no sentence (none the engine gives today) says nothing, not an error.
    return t_(lang, EN.get(f"game_over.{outcome.get('reason')}", ""))


PROMPTS = {
    "alien_move": N_("Move an alien"),
    "alien_push": N_("Choose where {alien} is pushed from {cell}"),
    "victim": N_("Choose whom {alien} kills on {cell}"),
    "kill_order": N_("The alien track cannot take every victim: choose which alien kills first"),
    "build": N_("Place a module from the supply or the top pod"),
    "action": N_("Action {n} of {m}: move an astronaut or activate a module"),
    "action.first": N_("Your single action this first turn: move an astronaut"),
    "step.more": N_("Move {figure} one more step, or stop"),
    "step.jump": N_("Jump Room: move {figure} (move {n} of 2)"),
    "push": N_("Choose whom {entering} pushes out of {cell}, and where"),
    "teleport": N_("Choose where {figure} is teleported"),
    "pilot": N_("{figure} in pod {pod}: stay, launch now, or fly the pod elsewhere"),
    "target.lab": N_("Lab: choose an astronaut and an alien to swap"),
    "target.control_room": N_("Control Room: choose a tile to move"),
    "target.laser": N_("Laser: choose an alien to kill"),
    "target.infirmary": N_("Infirmary: choose an astronaut to bring back"),
    "target.security_center": N_("Security Center: choose a pod to launch"),
    "relocate": N_("Control Room: choose where the tile from {cell} goes, and its rotation"),
    "end_turn": N_("Confirm the end of your turn"),
    "over": N_("The game is over"),
}


def prompt(state: State, lang: str = "en", table: dict[str, str] = PROMPTS) -> str:
    """The pending question in words of `table` (PROMPTS, addressed to the deciding player, or
    prompts.FOR_OTHERS, as everyone else reads it)."""
    def text(key: str) -> str:
        return t_(lang, table[key])
    ask = state["ask"]
    if ask is None:
        return text("over")
    q = ask["q"]
    values = {k: figure_name(v, lang) if k in ("figure", "alien", "entering") else v
              for k, v in ask.items()}
    if q == "action":
        turn = state["turn"]
        total = 1 if turn["first"] else 2
        key = "action.first" if turn["first"] else "action"
        return text(key).format(n=total - turn["actions"] + 1, m=total)
    if q == "step":
        key = "step.jump" if "jump" in ask else "step.more"
        return _capital(text(key).format(figure=values["figure"], n=ask.get("jump")))
    if q == "target":
        return text(f"target.{ask['module']}")
    if q == "pilot":
        values["pod"] = state["board"][ask["cell"]]["tile"]
    return _capital(text(q).format(**values))


class ArgoCommandLine(CommandLine):
    """`play` on the command line: the difficulty and the mean teleporters, the first turn announced
    before the first decision, and the aliens' victory."""

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--difficulty", default="medium", choices=("easy", "medium", "hard"))
        parser.add_argument("--mean", action="store_true", help="the mean teleporter variant")

    def options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"difficulty": args.difficulty, "mean_teleporters": args.mean}

    def opening(self, state: State) -> list[Event]:
        return [{"e": "turn", "colour": state["colours"][state["turn"]["seat"]], "number": 1, "last": False}]

    def seat(self, name: str, lang: str) -> str:
        return colour_name(name, lang)

    def verdict(self, result: dict[str, Any], lang: str) -> str:
        return "  " + t_(lang, "The aliens win.") if result["alien_victory"] else super().verdict(result, lang)
