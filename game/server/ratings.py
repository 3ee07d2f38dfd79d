"""Ratings: Elo (K 32, start 1500) for ranked games between people.

In 2v2 a team plays at its players' mean rating and each player of it moves by the team's
change. Computers are not rated, and a ranked room has people in every seat. (Glicko-2, with
its uncertainty and a quick-match window that widens, is issue 46's next step.)
"""

from __future__ import annotations

START_RATING = 1500.0
K = 32.0


def expected(mine: float, theirs: float) -> float:
    return 1.0 / (1.0 + 10 ** ((theirs - mine) / 400.0))


def after_game(ratings: list[float], winner_team: int) -> list[float]:
    """Every seat's rating after a game its team (``seat % 2``) won or lost."""
    teams = [[r for s, r in enumerate(ratings) if s % 2 == t] for t in (0, 1)]
    means = [sum(t) / len(t) for t in teams]
    change = [K * ((1.0 if t == winner_team else 0.0) - expected(means[t], means[1 - t]))
              for t in (0, 1)]
    return [r + change[s % 2] for s, r in enumerate(ratings)]
