"""random.Random and Random.sample as the rules use them: the same draws, without the
generic checks and the Python-level calls.

A game's random events (who starts, rule 2; Strange Barrel's steal) pick a few cards from a
short list. Random.sample checks its population against the Sequence ABC and sizes a set
for any k, which costs a fifth of setting up a game; sample() below makes the same calls to
the generator in the same order, so every seed deals and plays exactly as before (saved
games and replays hold only the seed and the choices).
"""

from __future__ import annotations

import _random
from random import Random
from typing import TypeVar

T = TypeVar("T")

# Random.sample keeps drawn positions in a list while n <= this (a set for larger n), for
# k <= 5; past that its threshold grows with k, and sample() leaves such k to it.
_SMALL_POPULATION = 21
_MAX_K = 5


def seeded(seed: int) -> Random:
    """`Random(seed)` for an int seed, without Random.__init__ and Random.seed, which run as
    Python (the dearest calls left in setting up a game on the compiled engine) to reach the
    generator's own seeding: the same state, so the same draws (compared in
    tests/engine/test_engine_draws.py)."""
    rng = Random.__new__(Random)
    _random.Random.seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # as Random.seed sets it
    return rng


def sample(rng: Random, population: list[T], k: int) -> list[T]:
    """`rng.sample(population, k)`: the same result and the same state of `rng` after it."""
    n = len(population)
    if not 0 <= k <= min(n, _MAX_K):
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    result: list[T] = []
    if n <= _SMALL_POPULATION:
        # Random.sample's pool: a drawn item's slot takes the pool's last undrawn item
        pool = list(population)
        for i in range(k):
            left = n - i
            bits = left.bit_length()
            j = getrandbits(bits)
            while j >= left:  # Random._randbelow: redraw until below the bound
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[left - 1]
        return result
    bits = n.bit_length()
    drawn: list[int] = []  # positions; Random.sample keeps them in a set, same draws
    for _ in range(k):
        j = getrandbits(bits)
        while j >= n or j in drawn:
            j = getrandbits(bits)
        drawn.append(j)
        result.append(population[j])
    return result
