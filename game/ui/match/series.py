"""A match of several games in the window: best of 3 or best of 5 (game.persist.match keeps it).

The new-game screen asks for one (``begin``); each game is an ordinary match scene whose
``MatchConfig.series`` is the ``MatchSeries`` and whose ``on_finish`` counts the game in it (the
match file is written at once); the game-over box then offers the next game (``next_game``) or,
once one side has won, says who won the match. A game of a match that is continued (after a
crash, or from the title) finds its match again by its seed (``for_record``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import _
from game.persist.match import MatchError, MatchSeries, match_path
from game.persist.record import SeatInfo
from game.ui.core import saves
from game.ui.kit import theme
from game.ui.table import log_box

if TYPE_CHECKING:
    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext
    from game.ui.core.match_config import MatchConfig

LENGTHS = (1, 3, 5)


def _seat_infos(config: MatchConfig) -> tuple[SeatInfo, ...]:
    return tuple(SeatInfo("person", None, s.name) if s.is_person
                 else SeatInfo("computer", s.level, s.name) for s in config.seat_list())


def begin(ctx: AppContext, config: MatchConfig, length: int) -> MatchConfig:
    """A new match of ``length`` games with the seats of ``config``: its first game's config
    (the match file is written before the game starts, so a crash loses nothing)."""
    saves.open_store(ctx)
    path = match_path(ctx.store) if ctx.store is not None else None
    series = MatchSeries.new(length, config.rules, config.mode, _seat_infos(config),
                             seed=config.seed, path=path, mindbugs=config.mindbugs, sets=config.sets)
    return game_config(series, config)


def game_config(series: MatchSeries, config: MatchConfig) -> MatchConfig:
    """The config of the match's game under way (or next): its deal, and its end counted."""
    deal = series.start_game()
    return replace(config, seed=deal.seed, series=series, on_finish=series.game_finished)


def next_game(ctx: AppContext, config: MatchConfig) -> None:
    """The game-over box's "Next game": the next deal of the same match, the same seats."""
    series = config.series
    if series is None or series.over:
        ctx.nav.title()
        return
    ctx.nav.start_match(game_config(series, config))


def for_record(ctx: AppContext, record: GameRecord) -> MatchSeries | None:
    """The match whose game under way ``record`` is (a continued game), else None."""
    if ctx.store is None:
        return None
    series, _message = MatchSeries.load(match_path(ctx.store))
    if series is None or series.current is None or series.current.seed != record.seed:
        return None
    return series


def resumed(ctx: AppContext, config: MatchConfig, record: GameRecord) -> MatchConfig:
    """A continued game's config, with its match if it is one's game under way."""
    series = for_record(ctx, record)
    if series is None:
        return config
    return replace(config, series=series, on_finish=series.game_finished)


def score_line(series: MatchSeries, team_name: Callable[[int], str]) -> str:
    """ "Best of 3: Ada 1 – 0 Basil" (``team_name(team)`` names a side)."""
    left, right = series.score
    return _("Best of {count}: {first} {a} – {b} {second}").format(
        count=series.length, first=team_name(0), a=left, b=right, second=team_name(1))


def over_lines(series: MatchSeries, team_name: Callable[[int], str]) -> list[str]:
    """The game-over box's lines about the match: who won it once decided, and the score."""
    if series.over and series.winner is not None:
        return [_("{side} wins the match!").format(side=team_name(series.winner)),
                score_line(series, team_name)]
    return [score_line(series, team_name),
            _("Game {number} is next.").format(number=series.game_no)]


# --- the score, at the top of the game log ---------------------------------------------------
def box_lines(config: MatchConfig, team_name: Callable[[int], str]) -> list[str]:
    """The match's score, wrapped to the log's width; none for a single game."""
    return log_box.wrap(score_line(config.series, team_name)) if config.series else []


def box_height(config: MatchConfig, team_name: Callable[[int], str]) -> int:
    return log_box.height(len(box_lines(config, team_name)))


def draw_box(surface: pygame.Surface, config: MatchConfig, team_name: Callable[[int], str],
             top: int) -> None:
    lines = box_lines(config, team_name)
    if lines:
        log_box.draw(surface, top, [(line, theme.ACCENT) for line in lines], theme.ACCENT)


__all__ = ["LENGTHS", "MatchError", "begin", "box_height", "draw_box", "for_record", "game_config", "next_game", "over_lines", "resumed", "score_line"]
