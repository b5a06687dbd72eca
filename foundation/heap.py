"""How a serving process keeps Python's garbage collector out of its requests' way.

A decision makes tens of thousands of short-lived containers (the game's state, its JSON, model
instances). With Python's default thresholds (700, 10, 10) the collector ran a young collection
every few hundred of them and a full one every few hundred requests, and a full one walked every
object the process had loaded (Django, the rules' data, the templates): under benchmarks/api_moves.py
a gunicorn worker stopped all its threads 13 to 16 times in 20 seconds for 50-250 ms each, 2.3 s in
all (seen with `gc.callbacks`), and those pauses were the slowest decisions. So once a process has
loaded the site, what it loaded is frozen out of the collections (`gc.freeze`: it is never garbage)
and the young generation is collected every 10,000 allocations. docs/performance.md has the figures.
"""
from __future__ import annotations

import gc

THRESHOLDS = (10_000, 20, 20)


def settle() -> None:
    """Call once the process has loaded what it serves, before its first request."""
    from django.urls import get_resolver
    get_resolver().url_patterns  # noqa: B018 - imports every view now, not at the first request
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
