"""LP and DP, the instant ends checked after every change (11.2), the end tile (11.1), ties (TH9) and
the outcome (11.3)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from ..base import State
from .components import DATA
from .play import GameOver, Play
from .station import collects, enemies, opponents

SETUP = DATA.setup


def deathmatch(s: State) -> bool:
    return cast(bool, s["mode"] == "deathmatch")


def score(s: State, seat: int) -> int:
    return cast(int, s["lp"][seat] + s["dp"][seat])


def side_score(s: State, side: int) -> int:
    return sum(score(s, seat) for seat in s["sides"][side])


def lose_lp(g: Play, victim: int, n: int, source: int | None, cause: str) -> None:
    """`n` damage to `victim`'s unit: the victim loses LP, in deathmatch the source gains them (12)."""
    s = g.s
    if n <= 0:
        return
    if deathmatch(s):
        if source is None or source in s["out"]:
            return
        gain_lp(g, source, n, cause)
        return
    if victim in s["out"]:
        return
    lost = min(n, s["lp"][victim])
    s["lp"][victim] -= lost
    g.say("lp", seat=victim, delta=-lost, total=s["lp"][victim], cause=cause)
    check_instant_end(g)


def gain_lp(g: Play, seat: int, n: int, cause: str) -> None:
    s = g.s
    if n <= 0 or seat in s["out"]:
        return
    cap = SETUP["lp_cap"]
    gained = n if deathmatch(s) else max(0, min(n, cap - s["lp"][seat]))
    s["lp"][seat] += gained
    g.say("lp", seat=seat, delta=gained, total=s["lp"][seat], cause=cause)
    check_instant_end(g)


def gain_dp(g: Play, seat: int, n: int, cause: str) -> None:
    s = g.s
    if n <= 0 or not collects(s, seat) or seat in s["out"]:
        return
    s["dp"][seat] += n
    g.say("dp", seat=seat, delta=n, total=s["dp"][seat], cause=cause)
    check_instant_end(g)


def lose_dp(g: Play, seat: int, n: int, cause: str) -> None:
    s = g.s
    lost = min(n, s["dp"][seat])
    if lost <= 0 or seat in s["out"]:
        return
    s["dp"][seat] -= lost
    g.say("dp", seat=seat, delta=-lost, total=s["dp"][seat], cause=cause)


def check_instant_end(g: Play) -> None:
    s = g.s
    for seat in range(s["players"]):
        if seat in s["out"]:
            continue
        if deathmatch(s):
            if s["lp"][seat] >= SETUP["win_lp_deathmatch"] or s["dp"][seat] >= SETUP["win_dp"]:
                finish(g, winners=[seat], why="20")
        elif s["dp"][seat] >= SETUP["win_dp"]:
            finish(g, winners=list(s["sides"][s["side_of"][seat]]), why="20")
        elif s["lp"][seat] <= 0:
            winners = [o for o in range(s["players"]) if enemies(s, seat, o)]
            finish(g, winners=winners, why="0lp")


def advance_end_tile(g: Play, why: str) -> bool:
    """The tile one field on; True when it reached END now and the game goes on to tie turns."""
    s = g.s
    if s["tie"] is not None or s["end"] >= len(SETUP["end_track"]) - 1:
        return False
    s["end"] += 1
    g.say("end_tile", at=SETUP["end_track"][s["end"]], why=why)
    if s["end"] == len(SETUP["end_track"]) - 1:
        reach_end(g)
        return True
    return False


def _leaders(s: State) -> list[int]:
    """The seats tied for the lead (teams and 2 players: compared by side)."""
    if deathmatch(s):
        live = [seat for seat in range(s["players"]) if seat not in s["out"]]
        best = max(score(s, seat) for seat in live)
        return [seat for seat in live if score(s, seat) == best]
    scores = [side_score(s, i) for i in range(len(s["sides"]))]
    best = max(scores)
    return [seat for i, sc in enumerate(scores) if sc == best for seat in s["sides"][i]]


def reach_end(g: Play) -> None:
    """END: the higher score wins; a tie for the lead plays one extra turn per tied player (TH9, TH58)."""
    s = g.s
    leaders = _leaders(s)
    tied = len(leaders) > 1 and (deathmatch(s) or len({s["side_of"][x] for x in leaders}) > 1)
    if not tied:
        finish(g, winners=leaders, why="end")
    if deathmatch(s):
        s["out"] = sorted(set(s["out"]) | {seat for seat in range(s["players"]) if seat not in leaders})
    order = s["order"]
    after = order.index(s["turn"]["seat"])
    queue = [order[(after + k) % len(order)] for k in range(1, len(order) + 1)]
    s["tie"] = {"queue": [seat for seat in queue if seat in leaders]}
    g.say("tie", seats=s["tie"]["queue"])


def after_tie_turns(g: Play) -> None:
    finish(g, winners=_leaders(g.s), why="tie")


def finish(g: Play, winners: list[int], why: str) -> None:
    s = g.s
    s["over"] = outcome(s, winners, why)
    s["ask"] = None
    g.say("over", winners=sorted(winners), why=why)
    raise GameOver()


def win_is_shared(s: State) -> bool:
    """Whether the finished game's win is shared between sides (partners winning together share nothing)."""
    return len({s["side_of"][s["colours"].index(w)] for w in s["over"]["winners"]}) > 1


def outcome(s: State, winners: list[int], why: str) -> dict[str, Any]:
    """The ranking by seat name: the winners first (sharing the place), then the others by score,
    partners together (their team's sum), equal scores sharing a place."""
    names = s["colours"]
    # partners are ranked, and so scored, by their team's sum (13): the seat's own LP and DP stay in the view
    key: Callable[[int], int] = (lambda seat: score(s, seat)) if deathmatch(s) else (lambda seat: side_score(s, s["side_of"][seat]))
    rest = sorted((seat for seat in s["order"] if seat not in winners), key=key, reverse=True)
    ranking = [{"who": names[seat], "rank": 1, "score": key(seat), "lp": s["lp"][seat], "dp": s["dp"][seat]}
               for seat in s["order"] if seat in winners]
    previous = None
    for n, seat in enumerate(rest):
        rank = ranking[-1]["rank"] if previous is not None and key(seat) == previous else len(winners) + n + 1
        previous = key(seat)
        ranking.append({"who": names[seat], "rank": rank, "score": key(seat), "lp": s["lp"][seat],
                        "dp": s["dp"][seat]})
    teams = None
    if s["mode"] == "teams":
        teams = [{"seats": [names[x] for x in side], "score": side_score(s, i)} for i, side in enumerate(s["sides"])]
    return {"scores": {names[seat]: score(s, seat) for seat in range(s["players"])},
            "winners": [names[seat] for seat in s["order"] if seat in winners], "ranking": ranking,
            "why": why, "teams": teams}


def heal(g: Play, seat: int, n: int, cause: str) -> None:
    """heal(n): LP for the healer; in deathmatch the healer lowers opponents instead (TH32)."""
    s = g.s
    if not deathmatch(s):
        gain_lp(g, seat, n, cause)
        return
    for _ in range(n):
        targets = [o for o in opponents(s, seat) if s["lp"][o] > 0]
        pick = g.ask("heal_split", [f"seat:{o}" for o in targets], {"cause": cause})
        if pick is None:
            return
        victim = int(pick.split(":")[1])
        s["lp"][victim] -= 1
        g.say("lp", seat=victim, delta=-1, total=s["lp"][victim], cause=cause)
