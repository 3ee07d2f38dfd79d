"""game.engine.draws.sample against random.Random.sample: the same cards and the same
generator state afterwards, for every population size and sample size the rules can ask
(and the ones it hands back to Random.sample), so no seed deals or plays differently; and
draws.seeded against Random(seed)."""

from __future__ import annotations

import random

import pytest

from game.engine.draws import sample, seeded


@pytest.mark.parametrize("n", range(0, 41))
def test_sample_draws_what_random_sample_draws(n):
    population = [100 + i for i in range(n)]
    for k in range(0, min(n, 7) + 1):
        for seed in range(60):
            ours, theirs = random.Random(seed * 7919 + n), random.Random(seed * 7919 + n)
            assert sample(ours, population, k) == theirs.sample(population, k)
            assert ours.getstate() == theirs.getstate()
    assert population == [100 + i for i in range(n)]  # the population is left as it was


def test_a_sample_larger_than_the_population_is_refused_as_random_refuses_it():
    with pytest.raises(ValueError):
        sample(random.Random(1), [1, 2], 3)


@pytest.mark.parametrize(
    "seed", [0, 1, 7, -1, -123_456, 2**31 - 1, 2**32, 2**64 + 5, 10**40, 4_242 * 1_000_003 + 17]
)
def test_seeded_is_random_seeded_with_the_same_seed(seed):
    ours, theirs = seeded(seed), random.Random(seed)
    assert type(ours) is random.Random
    assert ours.getstate() == theirs.getstate()
    assert [ours.random() for _ in range(50)] == [theirs.random() for _ in range(50)]
    assert ours.getrandbits(300) == theirs.getrandbits(300)
