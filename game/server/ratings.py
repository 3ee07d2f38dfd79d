"""Ratings: Glicko-2 (game.server.glicko) for ranked games between people, kept per player key.

In 2v2 each player meets the other team as one opponent (glicko.team_game). Computers are not
rated, and a ranked room has people in every seat.
"""

from __future__ import annotations

from game.server.glicko import START_RATING, Rating, team_game

__all__ = ["START_RATING", "Rating", "after_game"]


def after_game(ratings: list[Rating], winner_team: int) -> list[Rating]:
    """Every seat's rating after a game its team (``seat % 2``) won or lost."""
    return team_game(ratings, winner_team)
