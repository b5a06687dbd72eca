"""Faction balance and end reasons over greedy-bot games (RULES.md 19, items 3 and 7).

    python -m games.rules.theseus.balance --games 200 [--four 40] [--seed 1] [--pairs marines-aliens,...]

For each of the six 2-player faction pairings, `--games` greedy-against-greedy games, the factions
changing seats in every other game. Printed per pairing: each faction's win rate (a draw counts half)
with its 95 % Wilson interval, its mean final LP and DP and its decisions per game, and the mean rounds
per game; then the shares of the end reasons over all these games, and (with `--four`) the end reasons
of 4-player team and deathmatch games. The last line is one JSON object with all of it.

End reasons: `0lp` (a player at 0 LP), `20` (20 DP, or 20 LP in deathmatch), `end` (the END tile reached
by an empty deck), `backstop` (END reached by the backstop's advance after round 40, TH8) and `tie`
(tie turns played after END, TH9; `shared` counts those that stayed tied).
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import Counter
from typing import Any, TextIO

from ..match import wilson
from . import RULES
from .components import FACTIONS
from .scoring import win_is_shared

REASONS = ("backstop", "0lp", "20", "end", "tie")
LOW, HIGH, BACKSTOP_LIMIT = 0.35, 0.65, 0.05
ALL_PAIRS = list(itertools.combinations(FACTIONS, 2))


def play(players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """One greedy-bot game: the final state, decisions per seat and how END came (if it came)."""
    s = RULES.new_game(players, seed, options)
    bots = [RULES.bot("greedy", seed * 10 + i) for i in range(players)]
    decisions, end_by = [0] * players, None
    while s["over"] is None:
        seat = s["ask"]["seat"]
        s, events = RULES.apply(s, bots[seat].choose(s))
        decisions[seat] += 1
        end_by = next((e["why"] for e in events if e["kind"] == "end_tile" and e["at"] == "END"), end_by)
    return {"state": s, "decisions": decisions, "end_by": end_by}


def reason(game: dict[str, Any]) -> str:
    """The end reason of a game (see the module's docstring)."""
    why: str = game["state"]["over"]["why"]
    if why == "end" and game["end_by"] == "backstop":
        return "backstop"
    return why


def pairing_games(a: str, b: str, games: int, seed: int) -> list[dict[str, Any]]:
    """`games` games of factions a and b, a in seat 1 in the even games and b in the odd ones."""
    out = []
    for n in range(games):
        first, second = (a, b) if n % 2 == 0 else (b, a)
        out.append(play(2, seed + n, {"faction1": first, "faction2": second}))
    return out


def faction_figures(games: list[dict[str, Any]], faction: str) -> dict[str, Any]:
    """Win rate (draws half) with its Wilson interval, mean LP, DP and decisions of one faction."""
    points = lp = dp = decisions = 0.0
    for g in games:
        s = g["state"]
        seat = s["colours"].index(faction)
        winners = s["over"]["winners"]
        points += (1 / len(winners)) if faction in winners else 0
        lp, dp, decisions = lp + s["lp"][seat], dp + s["dp"][seat], decisions + g["decisions"][seat]
    n = len(games)
    rate = points / n
    return {"win": round(rate, 3), "ci95": [round(x, 3) for x in wilson(rate, n)], "lp": round(lp / n, 1),
            "dp": round(dp / n, 1), "decisions": round(decisions / n, 1)}


def end_shares(games: list[dict[str, Any]]) -> dict[str, float]:
    """The share of each end reason, and of the tied games that stayed a shared win."""
    counts = Counter(reason(g) for g in games)
    shares = {r: round(counts[r] / len(games), 3) for r in REASONS}
    shares["shared"] = round(sum(win_is_shared(g["state"]) for g in games) / len(games), 3)
    return shares


def pairing_figures(a: str, b: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    rounds = sum(g["state"]["round"] for g in games) / len(games)
    return {a: faction_figures(games, a), b: faction_figures(games, b), "rounds": round(rounds, 1),
            "ends": end_shares(games)}


def four_player(games: int, seed: int) -> dict[str, Any]:
    """End reasons of 4-player greedy games: teams (random factions) and deathmatch."""
    out: dict[str, Any] = {}
    for mode, options in (("teams", {"teams": True}), ("deathmatch", {})):
        played = [play(4, seed + n, options) for n in range(games)]
        out[mode] = {"games": games, "rounds": round(sum(g["state"]["round"] for g in played) / games, 1),
                     "ends": end_shares(played)}
    return out


def row(a: str, fig: dict[str, Any]) -> str:
    f = fig[a]
    return (f"  {a:<10} wins {f['win']:.3f} [{f['ci95'][0]:.3f}, {f['ci95'][1]:.3f}]  "
            f"LP {f['lp']:4.1f}  DP {f['dp']:4.1f}  decisions {f['decisions']:5.1f}")


def verdict(pairs: dict[str, dict[str, Any]], ends: dict[str, float]) -> list[str]:
    """What misses the targets of 19.3 and 19.7."""
    misses = [f"{name}: {f} {fig[f]['win']:.3f}" for name, fig in pairs.items() for f in name.split("-")
              if not LOW <= fig[f]["win"] <= HIGH]
    if ends["backstop"] >= BACKSTOP_LIMIT:
        misses.append(f"backstop share {ends['backstop']:.3f}")
    return misses


def run(games: int, seed: int, pairs: list[tuple[str, str]], four: int, progress: TextIO | None = None) -> dict[str, Any]:
    figures: dict[str, dict[str, Any]] = {}
    everything: list[dict[str, Any]] = []
    for a, b in pairs:
        k = ALL_PAIRS.index((a, b))  # the same games for a pairing whichever pairings run
        played = pairing_games(a, b, games, seed * 100_003 + k * 10_000)
        everything += played
        figures[f"{a}-{b}"] = pairing_figures(a, b, played)
        if progress:
            print("\n".join([f"{a}-{b}:", row(a, figures[f"{a}-{b}"]), row(b, figures[f"{a}-{b}"])]), file=progress,
                  flush=True)
    ends = end_shares(everything)
    result: dict[str, Any] = {"games_per_pairing": games, "seed": seed, "pairings": figures, "ends": ends}
    if four:
        result["four"] = four_player(four, seed * 100_003 + 90_000)
    result["misses"] = verdict(figures, ends)
    return result


def report(result: dict[str, Any]) -> None:
    for name, fig in result["pairings"].items():
        print(f"{name} ({result['games_per_pairing']} games, {fig['rounds']} rounds a game)")
        for f in name.split("-"):
            print(row(f, fig))
    print("2 players, end reasons: " + ", ".join(f"{k} {v:.3f}" for k, v in result["ends"].items()))
    for mode, fig in result.get("four", {}).items():
        print(f"4 players {mode} ({fig['games']} games, {fig['rounds']} rounds): "
              + ", ".join(f"{k} {v:.3f}" for k, v in fig["ends"].items()))
    print("targets met" if not result["misses"] else "missed: " + "; ".join(result["misses"]))
    print(json.dumps(result))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m games.rules.theseus.balance", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=200, help="games per 2-player pairing")
    p.add_argument("--four", type=int, default=0, help="4-player games per mode (teams, deathmatch)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--pairs", default="", help="only these pairings, e.g. marines-aliens,greys-scientists")
    args = p.parse_args(argv)
    pairs = ALL_PAIRS
    if args.pairs:
        wanted = {frozenset(x.split("-")) for x in args.pairs.split(",")}
        pairs = [pair for pair in ALL_PAIRS if frozenset(pair) in wanted]
    report(run(args.games, args.seed, pairs, args.four, progress=sys.stderr))
    return 0


if __name__ == "__main__":
    sys.exit(main())
