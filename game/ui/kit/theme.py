"""Colours and sizes shared by every scene: one place to tune the look."""

from __future__ import annotations

SCREEN_W, SCREEN_H = 1280, 720

BG = (24, 30, 38)
FELT = (30, 62, 54)
FELT_DARK = (22, 46, 40)
PANEL = (18, 22, 28)
PANEL_EDGE = (60, 72, 86)
TEXT = (236, 236, 228)
TEXT_DIM = (160, 168, 176)
ACCENT = (255, 196, 64)  # legal options, the prompt's key words
SELECT = (90, 200, 255)  # the option you picked, before confirming
DANGER = (230, 80, 70)
GOOD = (110, 210, 120)
MINDBUG = (190, 110, 255)
BUTTON = (52, 64, 80)
BUTTON_HOVER = (70, 88, 110)
BUTTON_PRIMARY = (200, 140, 30)
BUTTON_PRIMARY_HOVER = (230, 165, 45)
SHADOW = (0, 0, 0, 110)
