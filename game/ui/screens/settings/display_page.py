"""The settings' "Display" page: the window, how the table looks (the palette) and the text
size (100% to 200%)."""

from __future__ import annotations

from game.common.i18n import N_
from game.common.settings import COLOUR_VISIONS, TEXT_SCALES
from game.ui.kit import legible, theme
from game.ui.screens.settings.rows import Host, Page, Row, next_of, on_off

#: The colour-vision setting's values, as shown.
VISION_NAMES = {"off": N_("Off"), "red_green": N_("Red-green"), "blue_yellow": N_("Blue-yellow")}


def _fullscreen(host: Host) -> None:
    host.ctx.toggle_fullscreen()


def apply_palette(host: Host) -> None:
    """The palette of the settings, at once: every scene reads its colours when it draws."""
    theme.apply(host.ctx.settings.colour_vision, host.ctx.settings.high_contrast)


def _vision(host: Host) -> None:
    host.ctx.settings.colour_vision = str(next_of(COLOUR_VISIONS, host.ctx.settings.colour_vision))
    apply_palette(host)


def _contrast(host: Host) -> None:
    host.ctx.settings.high_contrast = not host.ctx.settings.high_contrast
    apply_palette(host)


def _text_size(host: Host) -> None:
    """The next text size, at once: every scene lays itself out again for it."""
    host.ctx.settings.text_scale = int(next_of(TEXT_SCALES, host.ctx.settings.text_scale))
    legible.set_text_scale(host.ctx.settings.text_scale)
    host.ctx.scenes.text_scale_changed()


PAGE = Page(N_("Display"), (
    Row(N_("Full screen (F11)"), lambda h: on_off(h.ctx.settings.fullscreen), _fullscreen),
    Row(N_("Colours for colour blindness"),
        lambda h: VISION_NAMES.get(h.ctx.settings.colour_vision, N_("Off")), _vision),
    Row(N_("High contrast"), lambda h: on_off(h.ctx.settings.high_contrast), _contrast),
    Row(N_("Text size"), lambda h: f"{h.ctx.settings.text_scale}%", _text_size),
))
