"""The places of a finished game, computed once: the pages show them and the ratings use them; and
the teams whose seats share a place.

The rules module ranks every seat and its own participants (a game's opponent that is no seat). A
seat a bot took over (timed out, resigned, removed) drops to the end, all such seats sharing the last
place, and the others close up, keeping the rules' ties: competition ranks ("1, 1, 3") over those
who played.

A game played in teams (its rules module's `teams` for its player count and options) ranks every
seat too, partners sharing their team's place: the places above hold for teams as they are.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from games import rules

if TYPE_CHECKING:
    from games.models import Seat


def standings(outcome: dict[str, Any], seats: Iterable[Seat]) -> list[tuple[str, Seat | None, int]]:
    """[(who, seat or None, rank)] best first; `who` is a seat's name or a participant of the rules."""
    by_name = {s.colour: s for s in seats}
    kept = [e for e in outcome["ranking"] if e["who"] not in by_name or not by_name[e["who"]].abandoned]
    out: list[tuple[str, Seat | None, int]] = []
    previous = None
    for i, entry in enumerate(kept):
        rank = out[-1][2] if previous is not None and entry["rank"] == previous else i + 1
        out.append((entry["who"], by_name.get(entry["who"]), rank))
        previous = entry["rank"]
    last = len(kept) + 1
    out += [(s.colour, s, last) for s in sorted(seats, key=lambda s: s.order) if s.abandoned]
    return out


def teams_of(game) -> list[list[int]] | None:
    """The game's teams, each a list of seat orders, first team first; None when every seat plays for
    itself. From the rules module (`teams`), for the game's seats (planned while it is open) and
    options: nothing about teams is stored."""
    return rules.get(game.name).teams(game.players, game.options)


def team_of(teams: list[list[int]] | None, order: int) -> int | None:
    """The index in `teams` of the team holding seat `order`; None without teams."""
    return next((i for i, team in enumerate(teams or ()) if order in team), None)


def team_letter(index: int) -> str:
    """How the site names a team to players: A, B, C... (seat lists, emails, the API's clients by index)."""
    return chr(ord("A") + index)
