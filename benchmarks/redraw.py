"""How long the game page is busy after each decision on a phone: runs tests/browser/redraw_bench.py
(whose docstring says what it measures and how to run it) and prints its one JSON line."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

if __name__ == "__main__":
    here = Path(__file__).resolve().parent.parent
    bench = here / "tests" / "browser" / "redraw_bench.py"
    sys.exit(pytest.main([str(bench), "-q", "-s", "-p", "no:cacheprovider", "--rootdir", str(here), *sys.argv[1:]]))
