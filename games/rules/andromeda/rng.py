"""Seeded randomness (SplitMix64): the same numbers on every machine and Python version.

The generator's whole state is one integer, so it lives in the game state (`rng`, secret) and every
shuffle during play (a deck refilled from its discards, the missions of card A2) is replayable.
"""
from __future__ import annotations

MASK = (1 << 64) - 1


class SeededRandom:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in [0, n) without modulo bias."""
        limit = MASK - (MASK + 1) % n
        while True:
            v = self.next64()
            if v <= limit:
                return v % n

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def shuffle_in_state(s: dict, items: list) -> None:
    """Shuffle with the state's own generator and store where it got to."""
    rng = SeededRandom(s["rng"])
    rng.shuffle(items)
    s["rng"] = rng.state
