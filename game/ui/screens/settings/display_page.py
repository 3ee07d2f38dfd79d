"""The settings' "Display" page: the window and how the table looks."""

from __future__ import annotations

from game.common.i18n import N_
from game.ui.screens.settings.rows import Host, Page, Row, on_off


def _fullscreen(host: Host) -> None:
    host.ctx.toggle_fullscreen()


PAGE = Page(N_("Display"), (
    Row(N_("Full screen (F11)"), lambda h: on_off(h.ctx.settings.fullscreen), _fullscreen),
))
