"""Command line: play a whole game with bots, measure the rules module, or match bots.

    python -m games.rules.andromeda play --players 3 --seed 7 --bot greedy
    python -m games.rules.andromeda bench --players 4 --games 200
    python -m games.rules.andromeda match --bots expert,greedy --games 100 --players 2 --jobs 2
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

from .. import match
from . import RULES
from .log import colour

OUTCOME = {"en": ("Outcome:", "Winner(s)", "saved"), "de": ("Ergebnis:", "Gewinner", "gerettet")}


def play(args) -> int:
    state = RULES.new_game(args.players, args.seed)
    players = [RULES.bot(args.bot, args.seed * 10 + seat) for seat in range(args.players)]
    while state["over"] is None:
        decision = players[RULES.current_seat(state)].choose(state)
        state, events = RULES.apply(state, decision)
        for event in events:
            print(RULES.render(event, args.lang))
    result = RULES.outcome(state)
    title, winners, saved = OUTCOME[args.lang]
    print()
    print(title)
    for entry in result["ranking"]:
        print(f"  {entry['rank']}. {colour(entry['who'], args.lang)}: {entry['score']} ({entry['saved']} {saved})")
    print(f"  {winners}: " + ", ".join(colour(c, args.lang) for c in result["winners"]))
    return 0


def _playout(players: int, seed: int):
    """A whole game with the random bot, timing the listing of legal decisions at every step."""
    bot = RULES.bot("random", seed)
    state = RULES.new_game(players, seed)
    decisions, listing = [], []
    start = time.perf_counter()
    while state["over"] is None:
        t0 = time.perf_counter()
        legal = RULES.legal_actions(state)
        listing.append(time.perf_counter() - t0)
        decision = bot.rng.choice(legal)
        state, _ = RULES.apply(state, decision)
        decisions.append(decision)
    return time.perf_counter() - start, decisions, listing, state


def bench(args) -> int:
    playout, listing, replay, counts, sizes = [], [], [], [], []
    for g in range(args.games):
        seed = args.seed + g
        elapsed, decisions, calls, final = _playout(args.players, seed)
        playout.append(elapsed)
        listing.extend(calls)
        counts.append(len(decisions))
        sizes.append(len(RULES.dump(final).encode()))
        t0 = time.perf_counter()
        rebuilt = RULES.replay(args.players, seed, None, decisions)
        replay.append(time.perf_counter() - t0)
        if rebuilt != final:
            print(f"replay of game {seed} differs", file=sys.stderr)
            return 1
    print(json.dumps({
        "players": args.players,
        "games": args.games,
        "decisions_median": statistics.median(counts),
        "playout_ms_median": round(statistics.median(playout) * 1000, 2),
        "legal_actions_us_median": round(statistics.median(listing) * 1e6, 1),
        "legal_actions_us_p99": round(sorted(listing)[int(len(listing) * 0.99)] * 1e6, 1),
        "replay_ms_median": round(statistics.median(replay) * 1000, 2),
        "state_bytes_median": statistics.median(sizes),
    }))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.rules.andromeda", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a whole game with bots and print its log and outcome")
    p.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--bot", default="greedy", choices=RULES.bot_kinds)
    p.add_argument("--lang", default="en", choices=("en", "de"))
    b = sub.add_parser("bench", help="measure playouts, legal decision listing and replays")
    b.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    b.add_argument("--games", type=int, default=200)
    b.add_argument("--seed", type=int, default=1)
    match.add_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "match":
        return match.command("andromeda", args)
    try:
        return play(args) if args.command == "play" else bench(args)
    except BrokenPipeError:
        # The reader (e.g. `head`) has gone: stop quietly, and keep Python from complaining at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
