"""A small seeded generator (SplitMix64): the same numbers on every machine and Python version.

The rules never touch global randomness; setup, bots and every shuffle during play draw from one of
these. Its whole state is one integer (`state`), so a game may keep it in its own state and carry
on where it got to (`shuffle_in_state`): a stored game replays from its seed and decisions alone.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1


class SeededRandom:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = MASK64 - (MASK64 + 1) % n
        while True:
            v = self.next64()
            if v <= limit:
                return v % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def shuffle_in_state(s: dict[str, Any], items: list[Any], key: str = "rng") -> None:
    """Shuffle with the generator kept in the state under `key`, and store where it got to."""
    rng = SeededRandom(s[key])
    rng.shuffle(items)
    s[key] = rng.state
