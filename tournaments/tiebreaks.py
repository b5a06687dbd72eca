"""Standings with tie-breaks, as plain Python (no Django).

The tie-breaks are computed exactly (fractions) and handed out as floats, so that two players whose
tie-breaks are equal share a place even when thirds are summed in a different order.
docs/tournaments.md, "Pairing and standings", defines each one.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from tournaments.pairing import BYE_POINTS, Result, knockout_winners, pairwise, scores

# The order each format compares players in; everything but "points" is a Standing's tie-break.
ORDER: dict[str, tuple[str, ...]] = {
    "round_robin": ("points", "head_to_head", "sonneborn_berger"),
    "swiss": ("points", "buchholz", "sonneborn_berger", "rating"),
    "knockout": ("round_reached", "points", "rating"),
}
TIEBREAKS: dict[str, tuple[str, ...]] = {fmt: tuple(n for n in names if n != "points") for fmt, names in ORDER.items()}


@dataclass(frozen=True)
class Standing:
    player: int
    place: int  # 1 best; equal only when every tie-break is equal
    points: float
    tiebreaks: dict[str, float]  # ordered as TIEBREAKS[fmt]: name -> value
    games: int


def standings(fmt: str, players: list[int], ratings: dict[int, float], results: list[Result],
              byes: dict[int, int], withdrawn: set[int] = frozenset()) -> list[Standing]:
    """fmt 'round_robin': points, then head-to-head (points scored in the games among exactly the tied
    players; only when they all met), then Sonneborn-Berger. fmt 'swiss': points, Buchholz, Sonneborn-Berger,
    then rating. fmt 'knockout': the round reached (the round a player is in, or went out in: rounds
    passed, by a win or a bye, plus one), then points, then rating.
    Points include BYE_POINTS per bye in Swiss only. Sonneborn-Berger: for every game, for every opponent at
    the table, (the pairwise result against that opponent: 1 beat, 0.5 tied, 0 lost) x that opponent's final
    points, divided by (table size - 1) — the usual SB for 2 players. Buchholz: for every game, the sum of
    the opponents' final points divided by (table size - 1). Withdrawn players rank below everyone with their
    points kept. Players level on everything share a place and keep the order of `players`."""
    if fmt not in ORDER:
        raise ValueError(f"unknown format {fmt!r}: one of {', '.join(ORDER)}")
    points = scores(players, results, byes, BYE_POINTS if fmt == "swiss" else 0.0)
    measure: dict[str, Callable[[], Measure]] = {
        "points": lambda: points,
        "head_to_head": lambda: head_to_head(players, withdrawn, results, points),
        "sonneborn_berger": lambda: sonneborn_berger(players, results, points),
        "buchholz": lambda: buchholz(players, results, points),
        "rating": lambda: {player: Fraction(ratings.get(player, 0.0)) for player in players},
        "round_reached": lambda: round_reached(players, ratings, results, byes),
    }
    values = {name: measure[name]() for name in ORDER[fmt]}

    def key(player: int) -> tuple[bool, ...]:
        return (player in withdrawn, *(-values[name][player] for name in ORDER[fmt]))

    ranked = sorted(players, key=lambda p: (key(p), players.index(p)))
    places = shared_places(ranked, key)
    return [Standing(player=player, place=places[player], points=float(points[player]),
                     tiebreaks={name: float(values[name][player]) for name in TIEBREAKS[fmt]},
                     games=sum(player in result.table for result in results))
            for player in ranked]


def shared_places(ranked: list[int], key: Callable[[int], tuple[bool, ...]]) -> dict[int, int]:
    """1, 2, 2, 4: players with equal keys share the better place, and the next place is skipped."""
    places: dict[int, int] = {}
    for index, player in enumerate(ranked):
        if index and key(player) == key(ranked[index - 1]):
            places[player] = places[ranked[index - 1]]
        else:
            places[player] = index + 1
    return places


Measure = dict[int, Fraction]


@dataclass(frozen=True)
class Meeting:
    """One opponent at one table, from one player's side."""
    player: int
    opponent: int
    result: Fraction  # 1 placed ahead, 1/2 level, 0 behind
    weight: Fraction  # 1 / (table size - 1): a table counts as one game however many sit at it


def meetings(results: list[Result]) -> list[Meeting]:
    return [Meeting(player, opponent, pairwise(result, player, opponent), Fraction(1, len(result.table) - 1))
            for result in results for player in result.table for opponent in result.table if opponent != player]


def sonneborn_berger(players: list[int], results: list[Result], points: Measure) -> Measure:
    """Each opponent's final points, counted in full when beaten and half when tied, over (table size - 1)."""
    total = {player: Fraction(0) for player in players}
    for meeting in meetings(results):
        if meeting.player in total:
            total[meeting.player] += meeting.result * meeting.weight * points[meeting.opponent]
    return total


def buchholz(players: list[int], results: list[Result], points: Measure) -> Measure:
    """The opponents' final points, over (table size - 1) a game; a bye adds nothing."""
    total = {player: Fraction(0) for player in players}
    for meeting in meetings(results):
        if meeting.player in total:
            total[meeting.player] += meeting.weight * points[meeting.opponent]
    return total


def head_to_head(players: list[int], withdrawn: set[int], results: list[Result], points: Measure) -> Measure:
    """Within each set of players level on points (those still in and the withdrawn apart) who have all
    met: the points each scored against the others of the set, pairwise results over (table size - 1),
    so a 2-player game counts 1, 1/2 or 0. Players level with others who have not all met, and players
    alone on their points, get 0: head-to-head then decides nothing."""
    value = {player: Fraction(0) for player in players}
    levels = {(player in withdrawn, points[player]) for player in players}
    for level in levels:
        tied = {player for player in players if (player in withdrawn, points[player]) == level}
        if len(tied) < 2 or not all_met(tied, results):
            continue
        for meeting in meetings(results):
            if meeting.player in tied and meeting.opponent in tied:
                value[meeting.player] += meeting.result * meeting.weight
    return value


def all_met(players: set[int], results: list[Result]) -> bool:
    met = {frozenset(pair) for result in results for pair in combinations(result.table, 2)}
    return all(frozenset(pair) in met for pair in combinations(players, 2))


def round_reached(players: list[int], ratings: dict[int, float], results: list[Result],
                  byes: dict[int, int]) -> Measure:
    """Rounds passed (tables won, byes) plus one: a player out in round r has r, one still in has the
    round they play next, the champion of an r-round event r + 1 (one more than the runner-up, who
    also played round r)."""
    passed = {player: Fraction(byes.get(player, 0)) for player in players}
    for result in results:
        winner = knockout_winners(result, ratings)
        if winner in passed:
            passed[winner] += 1
    return {player: count + 1 for player, count in passed.items()}
