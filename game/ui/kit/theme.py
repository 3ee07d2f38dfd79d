"""Colours and sizes shared by every scene: one place to tune the look.

The colours are module attributes read when drawing (``theme.ACCENT``), so ``apply`` switches
every scene at once: a colour-vision palette (``"red_green"``, ``"blue_yellow"``) swaps the
colours that carry meaning (legal and selected, danger and good, the two teams) for pairs that
stay apart under that kind of colour blindness, and ``high_contrast`` gives a black table,
white text and edges, thicker lines (``LINE``). Colour is never the only cue (see
docs/accessibility.md, "Not by colour alone"): a palette only makes the colours easier too.
Anything drawn once and kept (the felt) is keyed on ``VERSION``, which every ``apply`` bumps.
"""

from __future__ import annotations

from game.common.settings import COLOUR_VISIONS

SCREEN_W, SCREEN_H = 1280, 720

Colour = tuple[int, int, int]

#: The default look. Every name here is set again by ``apply``.
_BASE: dict[str, Colour] = {
    "BG": (24, 30, 38),
    "FELT": (30, 62, 54),
    "FELT_DARK": (22, 46, 40),
    "PANEL": (18, 22, 28),
    "PANEL_EDGE": (60, 72, 86),
    "TEXT": (236, 236, 228),
    "TEXT_DIM": (160, 168, 176),
    "ACCENT": (255, 196, 64),  # legal options, the prompt's key words
    "SELECT": (90, 200, 255),  # the option you picked, before confirming
    "DANGER": (230, 80, 70),
    "GOOD": (110, 210, 120),
    "MINDBUG": (190, 110, 255),
    "BUTTON": (52, 64, 80),
    "BUTTON_HOVER": (70, 88, 110),
    "BUTTON_PRIMARY": (200, 140, 30),
    "BUTTON_PRIMARY_HOVER": (230, 165, 45),
    "TEAM_A": (110, 190, 255),  # the bottom seat's team
    "TEAM_B": (255, 140, 110),  # the other team
}

#: The meaning-carrying colours each colour-vision setting changes (Okabe-Ito-like pairs).
_VISION: dict[str, dict[str, Colour]] = {
    "off": {},
    # Red and green look alike: legal in yellow, selected in sky blue, danger in vermilion,
    # good in blue; the teams blue and orange.
    "red_green": {
        "ACCENT": (240, 228, 66), "SELECT": (86, 180, 233), "DANGER": (213, 94, 0),
        "GOOD": (0, 158, 255), "TEAM_A": (86, 180, 233), "TEAM_B": (230, 159, 0),
        "BUTTON_PRIMARY": (200, 180, 30), "BUTTON_PRIMARY_HOVER": (235, 215, 60),
        "MINDBUG": (204, 121, 167),
    },
    # Blue and yellow (and blue and green) look alike: legal in pink-red, selected in teal,
    # danger in red, good in teal; the teams red and teal.
    "blue_yellow": {
        "ACCENT": (255, 130, 150), "SELECT": (0, 215, 215), "DANGER": (220, 30, 50),
        "GOOD": (0, 200, 190), "TEAM_A": (0, 205, 205), "TEAM_B": (240, 90, 110),
        "BUTTON_PRIMARY": (210, 80, 100), "BUTTON_PRIMARY_HOVER": (240, 110, 130),
        "MINDBUG": (150, 150, 255),
    },
}

#: High contrast: black grounds, white words and edges, no low-contrast greys.
_HIGH_CONTRAST: dict[str, Colour] = {
    "BG": (0, 0, 0), "FELT": (8, 8, 8), "FELT_DARK": (0, 0, 0), "PANEL": (0, 0, 0),
    "PANEL_EDGE": (255, 255, 255), "TEXT": (255, 255, 255), "TEXT_DIM": (225, 225, 225),
    "BUTTON": (0, 0, 0), "BUTTON_HOVER": (40, 40, 40),
}

BG = _BASE["BG"]
FELT = _BASE["FELT"]
FELT_DARK = _BASE["FELT_DARK"]
PANEL = _BASE["PANEL"]
PANEL_EDGE = _BASE["PANEL_EDGE"]
TEXT = _BASE["TEXT"]
TEXT_DIM = _BASE["TEXT_DIM"]
ACCENT = _BASE["ACCENT"]
SELECT = _BASE["SELECT"]
DANGER = _BASE["DANGER"]
GOOD = _BASE["GOOD"]
MINDBUG = _BASE["MINDBUG"]
BUTTON = _BASE["BUTTON"]
BUTTON_HOVER = _BASE["BUTTON_HOVER"]
BUTTON_PRIMARY = _BASE["BUTTON_PRIMARY"]
BUTTON_PRIMARY_HOVER = _BASE["BUTTON_PRIMARY_HOVER"]
TEAM_A = _BASE["TEAM_A"]
TEAM_B = _BASE["TEAM_B"]
SHADOW = (0, 0, 0, 110)

LINE = 1  # how many times thicker outlines are drawn (2 in high contrast)
HIGH_CONTRAST = False
VISION = "off"
VERSION = 0  # bumped by every apply: caches of drawn surfaces key on it


def team_colours() -> tuple[Colour, Colour]:
    """The bottom seat's team's colour, the other team's."""
    return (TEAM_A, TEAM_B)


def apply(colour_vision: str = "off", high_contrast: bool = False) -> None:
    """Switch the palette (an unknown ``colour_vision`` is "off")."""
    global LINE, HIGH_CONTRAST, VISION, VERSION
    vision = colour_vision if colour_vision in COLOUR_VISIONS else "off"
    colours = dict(_BASE)
    colours.update(_VISION[vision])
    if high_contrast:
        colours.update(_HIGH_CONTRAST)
    globals().update(colours)
    LINE = 2 if high_contrast else 1
    HIGH_CONTRAST = bool(high_contrast)
    VISION = vision
    VERSION += 1
