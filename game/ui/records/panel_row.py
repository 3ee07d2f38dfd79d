"""The row of buttons at the top of a replay's log panel: "Play from here (P)", "Moments (M)"
and, for a game played on from a replay, "Where it began (O)". Its own module so that the
moments box may open the Play-from-here panel without the panel importing the box back."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common.i18n import N_
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button
from game.ui.records import moments_view, origin, play_from
from game.ui.records import viewer_layout as vl
from game.ui.table import layout

if TYPE_CHECKING:
    from game.ui.records.viewer_contract import ReplayViewerLike


def viewer_row(viewer: ReplayViewerLike) -> list[Button]:
    """"Play from here (P)", "Moments (M)" and, for a game played on from a replay, "Where it
    began (O)", one under the other at the top of the log panel, under whatever the viewer
    already put there; the log gives up their room (``log_view.reserve``)."""
    x, y, w, _h = layout.LOG_PANEL
    panel_top = y + viewer.log_view.title_room()
    reserve = viewer.log_view.reserve
    top = panel_top + (reserve - 2 if reserve else 0)
    makers = [play_from.button] + ([moments_view.button] if moments_view.offered(viewer) else []) \
        + ([origin_button] if origin.has_origin(viewer.record) else [])
    out = []
    for make in makers:  # each as tall as its label needs (two lines at a larger text size)
        made = make(viewer, pygame.Rect(x + 4, top, w - 8, 0))
        made.text = vl.without_key(made.text, w - 8, viewer.ctx.window_scale)
        made.rect.h = vl.panel_button_h([made.text], w - 8, viewer.ctx.window_scale)
        top = made.rect.bottom + vl.PANEL_PITCH - vl.PANEL_BUTTON_H
        out.append(made)
    viewer.log_view.reserve = out[-1].rect.bottom + 8 - panel_top
    return out


def origin_button(viewer: ReplayViewerLike, rect: pygame.Rect) -> Button:
    return Button(rect, N_("Where it began (O)"), viewer.open_origin,
                  size=legible(15, viewer.ctx.window_scale))
