"""The command line (games/rules/cli.py): python -m games.rules.<game> play|bench|match|replay --help"""
import sys
from functools import partial

from ..cli import main as _main

main = partial(_main, __package__.rsplit(".", 1)[-1])

if __name__ == "__main__":
    sys.exit(main())
