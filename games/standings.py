"""The places of a finished game, computed once: the pages show them and the ratings use them.

The rules module ranks every seat and its own participants (a game's opponent that is no seat). A
seat a bot took over (timed out, resigned, removed) drops to the end, all such seats sharing the last
place, and the others close up, keeping the rules' ties: competition ranks ("1, 1, 3") over those
who played.
"""
from __future__ import annotations


def standings(outcome: dict, seats) -> list[tuple[str, object, int]]:
    """[(who, seat or None, rank)] best first; `who` is a seat's name or a participant of the rules."""
    by_name = {s.colour: s for s in seats}
    kept = [e for e in outcome["ranking"] if e["who"] not in by_name or not by_name[e["who"]].abandoned]
    out, previous = [], None
    for i, entry in enumerate(kept):
        rank = out[-1][2] if previous is not None and entry["rank"] == previous else i + 1
        out.append((entry["who"], by_name.get(entry["who"]), rank))
        previous = entry["rank"]
    last = len(kept) + 1
    out += [(s.colour, s, last) for s in sorted(seats, key=lambda s: s.order) if s.abandoned]
    return out
