"""The settings screen's pages, in tab order. A new page: its module's ``PAGE``, added here."""

from __future__ import annotations

from game.ui.screens.settings import detail_page, display_page, game_page, keys_page, sound_page
from game.ui.screens.settings.rows import Page

PAGES: tuple[Page, ...] = (game_page.PAGE, sound_page.PAGE, display_page.PAGE, detail_page.PAGE,
                          keys_page.PAGE, keys_page.SPEECH_PAGE)
