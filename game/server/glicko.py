"""Glicko-2 ratings, from Glickman's "Example of the Glicko-2 system" (2013): a rating, its
deviation (RD: how unsure the rating is) and a volatility (how erratic the player's results are).

The numbers follow the paper: start 1500 / RD 350 / volatility 0.06, the system constant tau
0.5 (the paper's range is 0.3 to 1.2; smaller keeps the volatility from jumping on one upset),
the volatility found by the paper's Illinois iteration to within 0.000001. The server makes each
ranked game a rating period of its own for the players in it, as Lichess does: the paper
suggests periods of 10 to 15 games, but a player wants to see their rating move when a game
ends, and the update of one game is the paper's update with one opponent.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The paper's scale factor between the Glicko scale (1500, 350) and Glicko-2's (0, 2.01).
SCALE = 173.7178
START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
TAU = 0.5
EPSILON = 0.000001
#: How long a rating period of no games is, for a player who does not play (``idle``): one
#: day. A settled player (RD 50) away a month comes back at RD 76, a year at 205 and three
#: years at 349, nearly a newcomer again; within a day of play, nothing changes that one sees.
IDLE_PERIOD = 86_400.0


@dataclass(frozen=True)
class Rating:
    """A player's rating on the Glicko scale (as people read it), its RD and its volatility."""

    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    @property
    def conservative(self) -> float:
        """What the leaderboard sorts by: the rating less two RDs, a value the player's
        strength is above with about 95% confidence, so a lucky first win does not top it."""
        return self.rating - 2.0 * self.rd


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x), x = ln(sigma'^2)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``results``: (opponent, score) pairs,
    the score 1 for a win, 0.5 a draw, 0 a loss. No results: only the RD grows (step 6)."""
    if not results:
        return idle(player, 1.0)
    mu = (player.rating - START_RATING) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    inverse_v = 0.0
    improvement = 0.0  # the sum in step 4 (delta = v * improvement)
    for opponent, score in results:
        mu_j = (opponent.rating - START_RATING) / SCALE
        phi_j = opponent.rd / SCALE
        g_j = _g(phi_j)
        e_j = _expected(mu, mu_j, phi_j)
        inverse_v += g_j * g_j * e_j * (1.0 - e_j)
        improvement += g_j * (score - e_j)
    v = 1.0 / inverse_v
    new_sigma = _new_volatility(phi, sigma, v, v * improvement, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(new_mu * SCALE + START_RATING, min(new_phi * SCALE, START_RD), new_sigma)


def idle(player: Rating, periods: float) -> Rating:
    """The player after ``periods`` rating periods without a game: step 6 that many times
    (the RD grows by the volatility each period, never past 350)."""
    phi = player.rd / SCALE
    phi_star = math.sqrt(phi * phi + max(periods, 0.0) * player.volatility ** 2)
    return Rating(player.rating, min(phi_star * SCALE, START_RD), player.volatility)


def team_game(ratings: list[Rating], winner_team: int) -> list[Rating]:
    """Every seat's rating after a game its team (``seat % 2``) won or lost. In 2v2 each
    player meets the other team as one opponent at its mean rating and its RDs' root mean
    square (a team is as unsure as its players together); a teammate's rating does not move
    another's (Glicko-2 has no teams: this is the usual reading, not the paper's)."""
    teams = [[r for s, r in enumerate(ratings) if s % 2 == t] for t in (0, 1)]
    as_one = [Rating(sum(r.rating for r in team) / len(team),
                     math.sqrt(sum(r.rd * r.rd for r in team) / len(team))) for team in teams]
    return [update(r, [(as_one[1 - s % 2], 1.0 if s % 2 == winner_team else 0.0)])
            for s, r in enumerate(ratings)]


def rd_after_games(games: int, opponent_rd: float = START_RD) -> float:
    """The RD a player starting at 350 would have after ``games`` games against opponents of
    their own rating and ``opponent_rd`` (steps 3 and 7 without the volatility's growth): what
    an Elo rating of that many games is taken to be worth when the store is migrated."""
    g = _g(opponent_rd / SCALE)
    precision = (SCALE / START_RD) ** 2 + games * g * g * 0.25  # 1/phi^2, E = 1/2 each game
    return SCALE / math.sqrt(precision)
