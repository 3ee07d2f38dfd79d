"""The window's computer players have no wall-clock cap, so a resumed game goes on exactly as
it would have: the same view, decision and generator give the same choice on a busy machine."""

from __future__ import annotations

from game.ai import make_agent
from game.ui.core.ai_worker import make_agent as window_agent


def test_window_agents_have_no_time_cap():
    for level in ("hard", "expert"):
        assert make_agent(level, 1).cfg.time_limit is not None  # simulations keep the cap
        assert window_agent(level, 1).cfg.time_limit is None


def test_reproducible_does_not_change_shared_configs():
    make_agent("hard", 1, reproducible=True)
    assert make_agent("hard", 2).cfg.time_limit is not None
