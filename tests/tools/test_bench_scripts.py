"""The benchmark scripts still import and their oracle really sees the hidden cards.

The benchmarks run by hand and take minutes, so these only guard against the quiet breakage an
engine or AI change would otherwise cause (a renamed import, a changed View contract).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.cards import load_cards
from game.engine import new_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("script", ["engine.py", "ai.py", "ui.py", "resampling.py", "save.py",
                                    "moments.py", "takeback.py", "peers.py"])
def test_bench_script_starts(script: str) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "usage:" in result.stdout


def test_oracle_view_deals_the_true_cards_and_a_fresh_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    from bench.resampling import OracleView

    g = new_game(load_cards(), seed=11)
    seat = g.pending.seat
    honest = g.view(seat)
    oracle = OracleView(g, seat).determinize(random.Random(1))
    opponent = 1 - seat
    assert oracle.hands[opponent] == g.hands[opponent]
    assert oracle.decks == g.decks
    assert oracle.seed != g.seed
    # The honest view does not know the opponent's hand: the same check fails for it most deals.
    dealt = [honest.determinize(random.Random(k)).hands[opponent] for k in range(5)]
    assert any(hand != g.hands[opponent] for hand in dealt)


def test_peers_script_times_this_engine() -> None:
    """bench/peers.py's own side needs no peer: a child run prints its figures as JSON."""
    import json

    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "peers.py"), str(ROOT), "--child", "ours",
         "--games", "3"],
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["unfinished"] == 0 and figures["cpu"] > 0
