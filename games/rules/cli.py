"""Command line: play a whole game with bots, measure the rules module, match bots, or replay a
game record downloaded from the site (docs/game-record.md).

    python -m games.rules.{game} play --players 3 --seed 7 --bot greedy
    python -m games.rules.{game} bench --players 4 --games 200
    python -m games.rules.{game} match --bots expert,greedy --games 100 --players 2 --jobs 2
    python -m games.rules.{game} replay {game}-42.json --lang de
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

from . import get, match, names, presentation, record as records
from .base import CommandLine, Decision, GameRules, State
from .rng import SeededRandom


def command_line(rules: GameRules) -> CommandLine:
    """The game's command line, with its presentation's words."""
    shown = presentation(rules.name)
    return getattr(shown, "command_line", CommandLine)(rules, shown)


def play(rules: GameRules, args: argparse.Namespace) -> int:
    line = command_line(rules)
    state = rules.new_game(args.players, args.seed, line.options(args))
    players = [rules.bot(args.bot, args.seed * 10 + seat) for seat in range(args.players)]
    names = line.names(state, args.lang)
    for event in line.opening(state):
        print(line.presentation.render(event, args.lang, names))
    while (seat := rules.current_seat(state)) is not None:
        decision = players[seat].choose(state)
        state, events = rules.apply(state, decision)
        for event in events:
            print(line.presentation.render(event, args.lang, names))
    outcome = rules.outcome(state)
    assert outcome is not None  # the game is over
    for text in line.outcome(outcome, args.lang):
        print(text)
    return 0


def replay(rules: GameRules, args: argparse.Namespace) -> int:
    """A game record (docs/game-record.md) replayed with the rules alone: its log, then its outcome,
    which must be the one the record holds. 1 with the reason on standard error when the record is
    of another game or format version, has no seed (the game was not over), holds an illegal
    decision, or replays to another outcome."""
    line = command_line(rules)
    try:
        record = records.loads(_read(args.record))
        records.check(rules, record)
        state = None
        for entry, state, events in records.steps(rules, record):
            for event in line.opening(state) if entry is None else events:
                print(line.presentation.render(event, args.lang, line.names(state, args.lang)))
        assert state is not None  # steps() yields the starting position first
        outcome = records.check_outcome(rules, record, state)
    except records.RecordError as exc:
        sys.stdout.flush()
        print(f"cannot replay {args.record}: {exc}", file=sys.stderr)
        return 1
    for text in line.outcome(outcome, args.lang):
        print(text)
    return 0


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise records.RecordError(f"cannot read the record: {exc}") from None


def _playout(rules: GameRules, players: int, seed: int) -> tuple[float, list[Decision], list[float], State]:
    """A whole game of random decisions (as the random bot draws them), timing the listing of the
    legal decisions at every step."""
    rng = SeededRandom(seed)
    state = rules.new_game(players, seed)
    decisions: list[Decision] = []
    listing: list[float] = []
    start = time.perf_counter()
    while rules.current_seat(state) is not None:
        t0 = time.perf_counter()
        legal = rules.legal_actions(state)
        listing.append(time.perf_counter() - t0)
        decision = rng.choice(legal)
        state, _ = rules.apply(state, decision)
        decisions.append(decision)
    return time.perf_counter() - start, decisions, listing, state


def bench(rules: GameRules, args: argparse.Namespace) -> int:
    playout: list[float] = []
    listing: list[float] = []
    replay: list[float] = []
    counts: list[int] = []
    sizes: list[int] = []
    for g in range(args.games):
        seed = args.seed + g
        elapsed, decisions, calls, final = _playout(rules, args.players, seed)
        playout.append(elapsed)
        listing.extend(calls)
        counts.append(len(decisions))
        sizes.append(len(rules.dump(final).encode()))
        t0 = time.perf_counter()
        rebuilt = rules.replay(args.players, seed, None, decisions)
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


def parser_for(game: str, rules: GameRules) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=f"python -m games.rules.{game}", description=__doc__.format(game=game),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    counts = tuple(range(rules.min_players, rules.max_players + 1))
    p = sub.add_parser("play", help="play a whole game with bots and print its log and outcome")
    p.add_argument("--players", type=int, default=min(3, rules.max_players), choices=counts)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--bot", default="greedy", choices=rules.bot_kinds)
    line = command_line(rules)
    line.arguments(p)
    p.add_argument("--lang", default="en", choices=line.presentation.languages)
    b = sub.add_parser("bench", help="measure playouts, legal decision listing and replays")
    b.add_argument("--players", type=int, default=rules.max_players, choices=counts)
    b.add_argument("--games", type=int, default=200)
    b.add_argument("--seed", type=int, default=1)
    match.add_parser(sub)
    r = sub.add_parser("replay", help="replay a game record downloaded from the site: its log and outcome, checked")
    r.add_argument("record", help="the record's file (JSON, docs/game-record.md), or - for standard input")
    r.add_argument("--lang", default="en", choices=line.presentation.languages)
    return parser


def main(game: str, argv: list[str] | None = None) -> int:
    rules = get(game)
    args = parser_for(game, rules).parse_args(argv)
    if args.command == "match":
        return match.command(game, args)
    try:
        return {"play": play, "bench": bench, "replay": replay}[args.command](rules, args)
    except BrokenPipeError:
        # The reader (e.g. `head`) has gone: stop quietly, and keep Python from complaining at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in names():
        sys.exit(f"usage: python -m games.rules.cli {{{','.join(names())}}} play|bench|match|replay ...")
    sys.exit(main(sys.argv[1], sys.argv[2:]))
