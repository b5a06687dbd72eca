"""Bots against bots: how strong each one is, measured over many games.

    python -m games.rules.<game> match --bots expert,greedy --games 100 --players 2 --jobs 2

Seats rotate from game to game, so every bot sits first as often as the others. A game is won by
the bot whose seat ranks best among the seats (a participant of the game that is no seat does not count
here: the match compares the bots); bots sharing the best rank draw, and a draw counts half. The
last line printed is one JSON object: games, wins and draws per bot, the first bot's win rate with
its 95 % Wilson interval, and each bot's median time per decision (only decisions with a choice:
a question with a single legal answer costs no bot anything).
"""
from __future__ import annotations

import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any, TextIO

from .base import GameRules, State

if TYPE_CHECKING:
    import argparse


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    m = sub.add_parser("match", help="bots against bots: win rates and decision times")
    m.add_argument("--bots", default="greedy,random", help="comma-separated bot kinds, e.g. expert,greedy")
    m.add_argument("--games", type=int, default=100)
    m.add_argument("--players", type=int, default=2)
    m.add_argument("--jobs", type=int, default=2, help="processes playing games side by side")
    m.add_argument("--seed", type=int, default=1)


def command(game: str, args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    result = run(game, bots, args.games, args.players, args.jobs, args.seed, progress=sys.stderr)
    print(json.dumps(result))
    return 0


def seating(bots: list[str], players: int, game_number: int) -> list[str]:
    """The bot at each seat of one game: the bots in turn, shifted by one seat per game."""
    return [bots[(seat + game_number) % len(bots)] for seat in range(players)]


def play_one(game: str, bots: list[str], players: int, seed: int, game_number: int) -> dict[str, Any]:
    from games.rules import get
    rules = get(game)
    kinds = seating(bots, players, game_number)
    game_seed = seed * 100_003 + game_number
    seated = [rules.bot(kind, game_seed * 10 + i) for i, kind in enumerate(kinds)]
    state = rules.new_game(players, game_seed)
    times: dict[str, list[float]] = {kind: [] for kind in bots}
    while rules.outcome(state) is None:
        seat = rules.current_seat(state)
        assert seat is not None  # a game not over has a seat to decide
        choice = len(rules.legal_actions(state)) > 1
        t0 = time.perf_counter()
        decision = seated[seat].choose(state)
        if choice:
            times[kinds[seat]].append((time.perf_counter() - t0) * 1000)
        state, _ = rules.apply(state, decision)
    return {"winners": winning_bots(rules, state, kinds), "times": times}


def winning_bots(rules: GameRules, state: State, kinds: list[str]) -> list[str]:
    names = rules.seat_names(state)
    outcome = rules.outcome(state)
    assert outcome is not None  # the game is over
    rank = {e["who"]: e["rank"] for e in outcome["ranking"]}
    best = min(rank[name] for name in names)
    return sorted({kinds[i] for i, name in enumerate(names) if rank[name] == best})


def run(game: str, bots: list[str], games: int, players: int, jobs: int = 1, seed: int = 1,
        progress: TextIO | None = None) -> dict[str, Any]:
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise ValueError("name two or more different bots")
    wins = dict.fromkeys(bots, 0)
    draws = dict.fromkeys(bots, 0)
    times: dict[str, list[float]] = {kind: [] for kind in bots}
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(play_one, game, bots, players, seed, g) for g in range(games)]
        for done, future in enumerate(futures, 1):
            result = future.result()
            tally = wins if len(result["winners"]) == 1 else draws
            for kind in result["winners"]:
                tally[kind] += 1
            for kind, ms in result["times"].items():
                times[kind].extend(ms)
            if progress:
                print(f"{done}/{games} games", file=progress, flush=True)
    first = bots[0]
    rate = (wins[first] + draws[first] / 2) / games
    return {
        "game": game, "players": players, "games": games, "bots": bots,
        "wins": wins, "draws": draws,
        "win_rate": round(rate, 3), "ci95": [round(x, 3) for x in wilson(rate, games)],
        "decide_ms_median": {k: round(statistics.median(v), 2) if v else None for k, v in times.items()},
        "decisions": {k: len(v) for k, v in times.items()},
    }


def wilson(rate: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % interval of a proportion seen in n games (Wilson: sound near 0 and 1, unlike p ± 2σ)."""
    if n == 0:
        return 0.0, 1.0
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
