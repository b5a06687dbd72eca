"""Andromeda Escape rules-module figures for 2, 3 and 4 players (targets in docs/performance.md).

    python3 benchmarks/rules_andromeda.py [--games 200]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules.andromeda.__main__ import main as andromeda_main  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    for players in (2, 3, 4):
        code = andromeda_main(["bench", "--players", str(players), "--games", str(args.games)])
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
