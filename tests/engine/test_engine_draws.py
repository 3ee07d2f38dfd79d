"""game.engine.draws.sample against random.Random.sample: the same cards and the same
generator state afterwards, for every population size and sample size the rules can ask
(and the ones it hands back to Random.sample), so no seed deals or plays differently."""

from __future__ import annotations

import random

import pytest

from game.engine.draws import sample


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
