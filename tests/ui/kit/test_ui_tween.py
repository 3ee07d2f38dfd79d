"""Tweens: named easings, replacement on the same attribute, skipping to the end."""

from __future__ import annotations

import pytest

from game.ui.kit.tween import EASINGS, Tweener


class Thing:
    x = 0.0
    y = 0.0


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easings_start_at_zero(name):
    assert EASINGS[name](0.0) == pytest.approx(0.0)


def test_a_tween_reaches_its_end_over_time():
    t, tw = Thing(), Tweener()
    tw.to(t, "x", 100, 1.0, "linear")
    tw.update(0.5)
    assert t.x == pytest.approx(50)
    tw.update(0.6)
    assert t.x == 100 and not tw.busy


def test_a_new_tween_on_the_same_attribute_replaces_the_old():
    t, tw = Thing(), Tweener()
    tw.to(t, "x", 100, 1.0, "linear")
    tw.update(0.5)
    tw.to(t, "x", 0, 1.0, "linear")  # starts from 50, heads back to 0
    tw.update(0.5)
    assert t.x == pytest.approx(25)
    assert len(tw.tweens) == 1


def test_finish_all_skips_to_the_end_and_runs_callbacks():
    t, tw = Thing(), Tweener()
    done = []
    tw.to(t, "x", 90, 5.0, "out_cubic", on_done=lambda: done.append(1))
    tw.to(t, "y", 40, 5.0, "out_and_back")
    tw.finish_all()
    assert t.x == 90 and t.y == pytest.approx(0) and done == [1] and not tw.busy
