"""How long the game page is busy after each decision on a phone (390×844, touch), in Chromium.

A player of Argo taps through decisions on the page while the other moves through the service
layer; the page marks each drawing ("render") and each busy span ("busy": from a posted decision or
a reload until the page takes taps again) with performance.measure, read here. Prints one JSON line:
median and p90 in ms of each, over at least --redraws drawings after a decision.

    DATABASE_URL=postgres://argo:argo@127.0.0.1:5432/argo_bench REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python -m pytest benchmarks/redraw.py
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

if __name__ == "__main__":
    here = Path(__file__).resolve().parent.parent
    bench = here / "tests" / "browser" / "redraw_bench.py"
    sys.exit(pytest.main([str(bench), "-q", "-s", "-p", "no:cacheprovider", "--rootdir", str(here), *sys.argv[1:]]))
