"""Rules-module figures for 2, 3 and 4 players, of the games named or else of every registered game
(targets in docs/performance.md): one JSON line per player count, each game's under a heading on stderr.

    python3 benchmarks/rules.py [argo] [andromeda] [--games 200]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules import names
from games.rules.cli import main as game_main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="*", help=f"default: every game ({', '.join(names())})")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    unknown = sorted(set(args.game) - set(names()))
    if unknown:
        parser.error(f"no game named {', '.join(unknown)}; games: {', '.join(names())}")
    for game in args.game or names():
        print(f"# {game}", file=sys.stderr, flush=True)
        for players in (2, 3, 4):
            code = game_main(game, ["bench", "--players", str(players), "--games", str(args.games)])
            if code:
                return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
