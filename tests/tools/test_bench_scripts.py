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
                                    "moments.py", "takeback.py", "peers.py", "ai_honesty.py",
                                    "engine_fuzz.py"])
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


def test_the_colour_simulation_matches_machado_and_both_paths_agree(monkeypatch):
    """Pure red as protanopia sees it is a dark olive (Machado et al. 2009); greys stay grey;
    numpy and pygame's own pixel access give the same picture."""
    import builtins

    import pygame

    from bench import colour_sim

    assert colour_sim.simulate_colour((128, 128, 128), "deuteranopia") == (128, 128, 128)
    red = colour_sim.simulate_colour((255, 0, 0), "protanopia")
    assert red[0] < 140 and red[1] > red[2] and abs(red[0] - red[1]) < 60  # no longer red
    assert colour_sim.simulate_colour((255, 0, 0), "grey") == colour_sim.simulate_colour((255, 0, 0), "grey")[:1] * 3
    surface = pygame.Surface((6, 4))
    for i, c in enumerate([(255, 0, 0), (0, 200, 0), (0, 0, 255), (250, 200, 60), (20, 30, 40), (255, 255, 255)]):
        surface.fill(c, (i, 0, 1, 4))
    fast = pygame.image.tobytes(colour_sim.simulate(surface, "tritanopia"), "RGB")
    real_import = builtins.__import__

    def no_numpy(name, *args, **kwargs):
        if name == "numpy":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_numpy)
    slow = pygame.image.tobytes(colour_sim.simulate(surface, "tritanopia"), "RGB")
    assert max(abs(a - b) for a, b in zip(fast, slow, strict=True)) <= 1
