"""Points, the alien track (R12, R16), the end of the game and its outcome (section 11)."""
from __future__ import annotations

from typing import Any

from ..base import Event, State
from .components import load_station
from .station import owner, role


def active_colour(s: State) -> str:
    colour: str = s["colours"][s["turn"]["seat"]]
    return colour


def track_slots(s: State) -> tuple[int, ...]:
    return load_station(s["station"]).tracks[s["players"]]


def covered_by_token(s: State) -> int:
    return load_station(s["station"]).difficulty[s["options"]["difficulty"]]


def track_full(s: State) -> bool:
    return covered_by_token(s) + len(s["track"]) >= len(track_slots(s))


def alien_score(s: State) -> int:
    """Value of the first visible slot (R12); a full track shows the skull: the last value counts."""
    slots = track_slots(s)
    return slots[min(covered_by_token(s) + len(s["track"]), len(slots) - 1)]


def award(s: State, ev: list[Event], colour: str, points: int, reason: str) -> None:
    if points:
        s["scores"][colour] += points
        ev.append({"e": "score", "colour": colour, "points": points, "reason": reason})


def kill_value(figure: str) -> int:
    return 2 if role(figure) == "chief" else 1


def astronaut_dies(s: State, ev: list[Event], figure: str, cause: str, cell: str, points: int | None = None) -> None:
    """Remove a dead astronaut to the track; the active player scores unless it is his own."""
    s["astronauts"][figure] = "dead"
    s["track"] = s["track"] + [figure]
    ev.append({"e": "dies", "figure": figure, "cause": cause, "cell": cell,
               "alien_score": alien_score(s), "full": track_full(s)})
    me = active_colour(s)
    if owner(figure) != me and cause != "core":
        award(s, ev, me, kill_value(figure) if points is None else points, "kill")
    if track_full(s):
        end_game(s, ev, "track_full")


def alien_dies(s: State, ev: list[Event], alien: str, cause: str, scored: bool) -> None:
    cell = s["aliens"].pop(alien)
    ev.append({"e": "alien_dies", "alien": alien, "cause": cause, "cell": cell})
    if scored:
        award(s, ev, active_colour(s), 1, "alien")


def end_game(s: State, ev: list[Event], reason: str) -> None:
    s["over"] = {"reason": reason}
    s["ask"] = None
    s["queue"] = []
    s["chain"] = None
    ev.append({"e": "game_over", "reason": reason, "alien_score": alien_score(s)})


# --- outcome ---------------------------------------------------------------------------------

def activations(s: State) -> dict[str, int]:
    counts = dict.fromkeys(s["colours"], 0)
    for entry in s["board"].values():
        for colour in entry.get("marks", ()):
            counts[colour] += 1
    return counts


def escaped(s: State) -> dict[str, int]:
    counts = dict.fromkeys(s["colours"], 0)
    for figure, where in s["astronauts"].items():
        if where == "escaped":
            counts[owner(figure)] += 1
    return counts


def outcome(s: State) -> dict[str, Any] | None:
    """Final scores, winners or alien victory, and the ranking with the aliens as one more player."""
    if s["over"] is None:
        return None
    scores: dict[str, int] = dict(s["scores"])
    acts, esc = activations(s), escaped(s)
    aliens = alien_score(s)
    alien_victory = s["over"]["reason"] == "track_full" or aliens > max(scores.values())

    def key(colour: str) -> tuple[int, int, int]:
        return (scores[colour], acts[colour], esc[colour])
    order = sorted(s["colours"], key=lambda c: (tuple(-v for v in key(c)), s["colours"].index(c)))
    winners = [] if alien_victory else [c for c in order if key(c) == key(order[0])]
    # The aliens rank above every player with a lower score and below one with an equal score.
    cut = 0 if alien_victory else sum(1 for c in order if scores[c] >= aliens)
    line = [*order[:cut], "aliens", *order[cut:]]
    ranking: list[dict[str, Any]] = []
    for i, who in enumerate(line):
        prev = line[i - 1] if i else None
        shared = who != "aliens" and prev is not None and prev != "aliens" and key(prev) == key(who)
        ranking.append({"who": who, "rank": ranking[-1]["rank"] if shared else i + 1,
                        "score": aliens if who == "aliens" else scores[who]})
    return {
        "reason": s["over"]["reason"], "scores": scores, "alien_score": aliens,
        "activations": acts, "escaped": esc, "alien_victory": alien_victory,
        "winners": winners, "ranking": ranking,
    }
