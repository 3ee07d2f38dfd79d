"""Creature recipes, Lone Yeti to Urchin Hurler, and the stand-in for an unknown name: one cartoon per card, drawn with the painter's shapes."""

from __future__ import annotations

import math

import pygame

from game.ui.cards.art.painter import INK, RGB, WHITE, Painter, hexc, mix
from game.ui.cards.art.scenery import ground_shadow


def _lone_yeti(p: Painter) -> None:
    fur, face = hexc("eef2fb"), hexc("7f95c2")
    ground_shadow(p, 100, 130, 56)
    with p.layer():
        p.tube([(70, 78), (56, 104), (58, 122)], 11, 9, fur)
        p.tube([(130, 78), (144, 104), (142, 122)], 11, 9, fur)
        for x in (84, 116):
            p.tube([(x, 112), (x, 126)], 10, 10, fur)
        p.ell(100, 94, 34, 32, fur)
        with p.pattern():
            for i in range(8):
                p.poly([(70 + i * 9, 128), (74 + i * 9, 116), (78 + i * 9, 128)], mix(fur, face, 0.3))
    with p.layer():
        p.tube([(82, 40), (74, 30), (76, 22)], 3.5, 1.5, hexc("d8c8a0"))
        p.tube([(118, 40), (126, 30), (124, 22)], 3.5, 1.5, hexc("d8c8a0"))
        p.circ(100, 54, 22, fur)
        p.ell(100, 60, 15, 13, face)
    with p.layer(outline=None):
        p.eye(94, 57, 3.6, "round", hexc("40b0e0"))
        p.eye(106, 57, 3.6, "round", hexc("40b0e0"))
        p.brow(94, 52, 7, -1.3, t=1.6)
        p.brow(106, 52, 7, 1.3, t=1.6)
        p.smile(100, 67, 7, -1.2)


def _luchataur(p: Painter) -> None:
    hide, mask, trim = hexc("b2553a"), hexc("2f6fd0"), hexc("f5c531")
    ground_shadow(p, 100, 128, 60)
    with p.layer():
        for x in (84, 116):
            p.tube([(x, 108), (x, 126)], 9, 8, hexc("6a3a2a"))
        p.ell(100, 96, 34, 24, hide)
        p.ell(100, 100, 18, 14, mix(hide, WHITE, 0.15))
        p.tube([(70, 86), (52, 70), (58, 52)], 9, 8, hide)
        p.tube([(130, 86), (148, 70), (142, 52)], 9, 8, hide)
        p.circ(58, 48, 9, mix(hide, INK, 0.1))
        p.circ(142, 48, 9, mix(hide, INK, 0.1))
    with p.layer():
        p.tube([(84, 46), (66, 40), (62, 24)], 4.5, 1.6, hexc("f0e6cc"))
        p.tube([(116, 46), (134, 40), (138, 24)], 4.5, 1.6, hexc("f0e6cc"))
        p.ell(100, 56, 22, 22, mask)
        with p.pattern():
            p.poly([(78, 54), (100, 40), (122, 54), (122, 58), (100, 46), (78, 58)], trim)
            p.rot_ell(90, 56, 8, 5, 20, WHITE)
            p.rot_ell(110, 56, 8, 5, -20, WHITE)
        p.ell(100, 70, 12, 8, hexc("d08a78"))
    with p.layer(outline=None):
        p.eye(90, 56, 3.5, "round", hexc("b03020"))
        p.eye(110, 56, 3.5, "round", hexc("b03020"))
        pygame.draw.circle(p.target, trim, p.px(100, 76), p.s(5), max(1, round(p.s(1.6))))
        p.circ(96, 69, 1.6, INK, shade=False)
        p.circ(104, 69, 1.6, INK, shade=False)


def _mermaid(p: Painter) -> None:
    tail, skin, hair, lure = hexc("2fb3a6"), hexc("a7d3e0"), hexc("5a3a8a"), hexc("ffe37a")
    with p.layer():
        p.rot_ell(150, 118, 16, 7, -30, mix(tail, WHITE, 0.2))
        p.rot_ell(156, 104, 16, 7, -80, mix(tail, WHITE, 0.2))
        p.tube([(96, 84), (104, 110), (130, 118), (148, 110)], 14, 5, tail)
        with p.pattern():
            for i in range(9):
                for j in range(3):
                    p.circ(96 + i * 6, 96 + j * 6 + i * 1.8, 2.2, mix(tail, INK, 0.18), shade=False)
    with p.layer():
        p.tube([(84, 46), (72, 74), (64, 100), (56, 112)], 8, 3, hair)
        p.ell(96, 76, 14, 16, skin)
        p.tube([(106, 70), (120, 82)], 4, 3, skin)
        p.circ(94, 46, 16, skin)
        p.tube([(80, 40), (96, 30), (110, 38), (112, 54)], 7, 4, hair)
    with p.layer(outline=None):
        p.eye(90, 48, 3.8, "round", hexc("c040a0"), lid=0.45, lid_col=skin)
        p.eye(102, 48, 3.8, "round", hexc("c040a0"), lid=0.45, lid_col=skin)
        p.smile(96, 56, 6, 1.5)
    with p.layer(outline=(60, 50, 30), width=0.6):
        p.tube([(96, 30), (104, 14), (124, 12), (134, 22)], 1.1, 1.1, hexc("6a5a40"), shade=False)
    with p.backdrop():
        p.glow(134, 26, 30, lure, 200)
    with p.layer(outline=None):
        p.circ(134, 26, 5, lure, shade=False)
        p.circ(133, 25, 2.5, WHITE, shade=False)


def _plated_scorpion(p: Painter) -> None:
    shell, plate = hexc("b4482e"), hexc("c9ced8")
    ground_shadow(p, 100, 126, 58)
    with p.layer():
        for side in (-1, 1):
            for i in range(4):
                p.tube([(100 + side * (10 + i * 6), 104), (100 + side * (28 + i * 8), 100), (100 + side * (32 + i * 9), 122)],
                       2.2, 1.4, mix(shell, INK, 0.2))
    with p.layer():
        p.tube([(98, 44), (112, 36), (116, 46)], 3.2, 1, hexc("6bdc5a"))
        pts = [(100, 100), (82, 92), (72, 72), (78, 50), (96, 40)]
        p.tube(pts, 10, 6, shell)
        with p.pattern():
            for x, y in ((88, 90), (76, 80), (72, 66), (80, 52), (90, 45)):
                p.circ(x, y, 1.2, mix(shell, INK, 0.4), shade=False)
                p.circ(x, y, 11, (*mix(shell, INK, 0.3), 0), shade=False)
    with p.layer():
        p.tube([(118, 100), (142, 90), (150, 76)], 5, 4, shell)
        p.ell(154, 68, 12, 9, shell)
        p.poly([(160, 62), (176, 56), (166, 70)], mix(shell, WHITE, 0.1))
        p.ell(108, 104, 26, 14, shell)
        with p.pattern():
            for x in (92, 104, 116):
                p.rot_ell(x, 100, 5, 13, 0, plate)
    with p.layer(outline=None):
        p.circ(95, 98, 1.2, INK, shade=False)
        p.circ(104, 96, 1.2, INK, shade=False)
        p.circ(113, 98, 1.2, INK, shade=False)
        p.eye(128, 98, 3, "dot")
        p.eye(134, 96, 3, "dot")


def _rhino_turtle(p: Painter) -> None:
    shell, plate, skin = hexc("4f7a3a"), hexc("8aa85a"), hexc("9a948a")
    ground_shadow(p, 100, 126, 66)
    with p.layer():
        for x in (64, 88, 114, 134):
            p.tube([(x, 108), (x, 124)], 8, 8, skin)
        p.tube([(46, 106), (34, 112)], 5, 2, skin)
        p.tube([(134, 98), (150, 86)], 12, 12, skin)
    with p.layer():
        p.ell(150, 80, 22, 16, skin)
        p.poly([(164, 76), (186, 56), (172, 82)], hexc("e6dcc4"))
        p.poly([(156, 68), (164, 56), (164, 72)], hexc("e6dcc4"))
        p.circ(140, 70, 5, skin)
    with p.layer(outline=None):
        p.eye(152, 76, 4, "round", hexc("a03020"))
        p.brow(152, 71, 9, 2)
    with p.layer():
        pts = [(40, 110)] + [(92 + 52 * math.cos(math.radians(a)), 110 - 46 * math.sin(math.radians(a)))
                             for a in range(180, -1, -10)]
        p.poly(pts, shell)
        with p.pattern():
            for cx, cy in ((70, 82), (92, 70), (114, 82), (60, 100), (92, 94), (124, 100)):
                p.poly([(cx + 10 * math.cos(math.radians(a)), cy + 9 * math.sin(math.radians(a)))
                        for a in range(0, 360, 60)], plate)
            p.ell(92, 58, 34, 6, (255, 255, 255, 60), shade=False)
        p.ell(92, 110, 54, 5, mix(shell, WHITE, 0.25))


def _shark_dog(p: Painter) -> None:
    skin, belly = hexc("6f93b8"), hexc("e8eef2")
    with p.backdrop():
        p.ell(100, 146, 130, 24, hexc("3b8fc4"), shade=False)
    ground_shadow(p, 96, 126, 50)
    with p.layer():
        p.poly([(58, 96), (36, 80), (44, 100), (36, 116)], skin)
        for x in (70, 84, 112, 126):
            p.tube([(x, 104), (x, 122)], 5, 5, skin)
        p.ell(96, 96, 38, 18, skin)
        p.ell(100, 106, 28, 8, belly)
        p.poly([(84, 82), (96, 56), (106, 80)], mix(skin, INK, 0.1))
    with p.layer():
        p.ell(144, 84, 24, 16, skin)
        p.ell(150, 92, 20, 8, belly)
        p.rot_ell(132, 76, 6, 14, 30, mix(skin, INK, 0.25))
    with p.layer(outline=None):
        p.eye(142, 78, 4.5, "round")
        p.ell(166, 80, 3, 2.5, INK, shade=False)
        p.tube([(132, 90), (150, 94), (168, 88)], 1, 1, INK, shade=False)
        p.teeth(136, 166, 90, 7, 3.5)
        for x in (122, 126, 130):
            p.line((x, 86), (x - 2, 94), 1, mix(skin, INK, 0.4))


def _chimera(p: Painter) -> None:
    """Shark tail, crab claws, dog face, mummy wraps, octopus legs: a bit of everything."""
    fur, claw, tent, wrap = hexc("b58a5a"), hexc("e0523a"), hexc("8a5ab0"), hexc("efe6cf")
    ground_shadow(p, 100, 128, 62)
    with p.layer():
        p.poly([(112, 70), (134, 52), (150, 26), (146, 56), (136, 74), (150, 96), (120, 86)], hexc("6f93b8"))
    with p.layer():
        for dx in (-30, -14, 0, 14, 30):
            curl = 1 if dx >= 0 else -1
            p.tube([(100 + dx * 0.5, 96), (100 + dx, 116), (100 + dx + curl * 10, 124)], 7, 2, tent)
    with p.layer():
        p.tube([(70, 80), (50, 76), (40, 62)], 5, 4, claw)
        p.tube([(130, 80), (150, 76), (160, 62)], 5, 4, claw)
        for cx, s in ((36, -1), (164, 1)):
            p.rot_ell(cx, 52, 9, 13, s * 20, claw)
            p.rot_ell(cx + s * 10, 48, 5, 10, s * 40, mix(claw, WHITE, 0.1))
    with p.layer():
        p.rot_ell(74, 56, 7, 15, 25, mix(fur, INK, 0.3))
        p.rot_ell(126, 56, 7, 15, -25, mix(fur, INK, 0.3))
        p.ell(100, 78, 30, 26, fur)
        with p.pattern():
            for i, y in enumerate((60, 74, 88, 100)):
                p.rot_ell(100, y, 40, 3.2, 10 if i % 2 else -12, wrap)
        p.ell(100, 84, 12, 8, mix(fur, WHITE, 0.25))
        p.ell(100, 80, 4, 3, INK, shade=False)
    with p.layer(outline=None):
        p.eye(88, 70, 5, "round", hexc("40a0d0"))
        p.circ(112, 70, 6, wrap, shade=False)
        p.line((107, 67), (117, 73), 1.2, INK)
        p.teeth(90, 110, 90, 5, 3)


def _shield_bugs(p: Painter) -> None:
    cols = (hexc("4f9a4a"), hexc("3f7fb8"))
    ground_shadow(p, 100, 126, 66)
    for (cx, cy, s), col in zip(((68, 84, 0.8), (122, 94, 1.0)), cols, strict=True):
        with p.layer():
            for side in (-1, 1):
                for i in range(3):
                    p.tube([(cx + side * 12 * s, cy + (i * 10 - 4) * s), (cx + side * 30 * s, cy + (i * 12 + 4) * s),
                            (cx + side * 34 * s, cy + (i * 12 + 22) * s)], 1.8 * s, 1.2 * s, INK, shade=False)
            p.tube([(cx - 6 * s, cy - 26 * s), (cx - 14 * s, cy - 40 * s)], 1.2, 1, INK, shade=False)
            p.tube([(cx + 6 * s, cy - 26 * s), (cx + 14 * s, cy - 40 * s)], 1.2, 1, INK, shade=False)
            p.ell(cx, cy - 22 * s, 9 * s, 7 * s, mix(col, INK, 0.3))
            shield = [(cx - 24 * s, cy - 16 * s), (cx + 24 * s, cy - 16 * s), (cx + 22 * s, cy + 6 * s),
                      (cx, cy + 30 * s), (cx - 22 * s, cy + 6 * s)]
            p.poly(shield, mix(col, INK, 0.25))
            p.poly([(x * 0.9 + cx * 0.1, y * 0.9 + (cy - 2 * s) * 0.1) for x, y in shield], col)
            with p.pattern():
                p.poly([(cx - 4 * s, cy - 18 * s), (cx + 4 * s, cy - 18 * s), (cx + 4 * s, cy + 30 * s),
                         (cx - 4 * s, cy + 30 * s)], hexc("f2d04a"))
                p.poly([(cx - 24 * s, cy - 6 * s), (cx + 24 * s, cy - 6 * s), (cx + 24 * s, cy - 1 * s),
                        (cx - 24 * s, cy - 1 * s)], hexc("f2d04a"))
                p.ell(cx - 10 * s, cy - 10 * s, 8 * s, 4 * s, (255, 255, 255, 90), shade=False)
        with p.layer(outline=None):
            p.eye(cx - 5 * s, cy - 24 * s, 2.6 * s, "dot")
            p.eye(cx + 5 * s, cy - 24 * s, 2.6 * s, "dot")


def _snail_hydra(p: Painter) -> None:
    slug, shell = hexc("d8c27a"), hexc("c46a3a")
    ground_shadow(p, 100, 126, 66)
    with p.layer():
        p.tube([(40, 118), (100, 118), (150, 116)], 9, 7, slug)
        for x0, (hx, hy) in ((110, (128, 30)), (124, (156, 44)), (136, (176, 72)), (98, (92, 24))):
            p.tube([(x0, 112), ((x0 + hx) / 2 + 6, (112 + hy) / 2), (hx, hy)], 6, 5, slug)
            p.tube([(hx - 2, hy - 2), (hx - 6, hy - 14)], 1.2, 1.2, slug, shade=False)
            p.tube([(hx + 2, hy - 2), (hx + 6, hy - 14)], 1.2, 1.2, slug, shade=False)
            p.circ(hx - 6, hy - 14, 2.6, slug)
            p.circ(hx + 6, hy - 14, 2.6, slug)
            p.ell(hx, hy, 9, 7, slug)
    with p.layer(outline=None):
        for hx, hy in ((128, 30), (156, 44), (176, 72), (92, 24)):
            p.eye(hx - 6, hy - 14, 1.4, "dot")
            p.eye(hx + 6, hy - 14, 1.4, "dot")
            p.smile(hx, hy + 2, 6, 1.5, t=1.2)
    with p.layer():
        p.circ(72, 84, 32, shell)
        spiral = [(72 + (28 - t * 2.4) * math.cos(t * 0.9), 84 + (28 - t * 2.4) * math.sin(t * 0.9)) for t in range(11)]
        p.tube(spiral, 3, 1.5, mix(shell, INK, 0.35), shade=False)


def _snail_thrower(p: Painter) -> None:
    skin, snail, shell = hexc("7a64c8"), hexc("d8c27a"), hexc("e08a48")
    ground_shadow(p, 100, 126, 50)
    with p.layer():
        for x, y in ((62, 118), (76, 120), (68, 110)):
            p.ell(x, y + 2, 8, 3, snail)
            p.circ(x, y - 2, 5, shell)
    with p.layer():
        for x in (92, 112):
            p.tube([(x, 104), (x, 122)], 6, 6, skin)
        p.ell(102, 96, 20, 18, skin)
        p.tube([(120, 84), (134, 66), (136, 48)], 5, 4, skin)
        p.tube([(86, 88), (74, 98)], 5, 4, skin)
    with p.layer():
        p.ell(136, 42, 11, 4, snail)
        p.circ(134, 36, 8, shell)
        p.tube([(132, 30), (130, 22)], 1, 1, mix(shell, INK, 0.3), shade=False)
    with p.layer():
        p.poly([(86, 62), (64, 48), (84, 74)], skin)
        p.poly([(118, 62), (140, 48), (120, 74)], skin)
        p.circ(102, 68, 18, skin)
    with p.layer(outline=None):
        p.eye(95, 66, 5, "round", hexc("e0b020"), look=(0.4, -0.4))
        p.eye(110, 66, 5, "round", hexc("e0b020"), look=(0.4, -0.4))
        p.smile(102, 77, 12, 3)


def _spider_owl(p: Painter) -> None:
    feather, leg, face = hexc("8a7058"), hexc("3a2a3e"), hexc("e8d2b0")
    with p.layer():
        for side in (-1, 1):
            for i, (kx, ky, fx, fy) in enumerate(((30, -10, 52, 30), (38, 4, 58, 40), (34, 18, 50, 44), (24, 26, 34, 46))):
                p.tube([(100 + side * 10, 94 + i * 3), (100 + side * kx, 84 + ky), (100 + side * fx, 80 + fy)], 2.8, 1.4, leg)
    with p.layer():
        p.poly([(78, 46), (72, 24), (90, 40)], feather)
        p.poly([(122, 46), (128, 24), (110, 40)], feather)
        p.ell(100, 78, 32, 36, feather)
        with p.pattern():
            for j in range(3):
                for i in range(4):
                    x, y = 84 + i * 10 + (j % 2) * 5, 92 + j * 8
                    p.tube([(x - 3, y), (x, y + 3), (x + 3, y)], 0.9, 0.9, mix(feather, INK, 0.35), shade=False)
        p.circ(88, 62, 14, face)
        p.circ(112, 62, 14, face)
    with p.layer(outline=None):
        p.eye(88, 62, 9, "round", hexc("f29a1c"))
        p.eye(112, 62, 9, "round", hexc("f29a1c"))
        p.brow(88, 51, 14, 2.5, mix(feather, INK, 0.4))
        p.brow(112, 51, 14, -2.5, mix(feather, INK, 0.4))
        p.poly([(96, 72), (104, 72), (100, 82)], hexc("e0a030"))


def _strange_barrel(p: Painter) -> None:
    wood, band, tent = hexc("a8703e"), hexc("6a6a78"), hexc("6cc06a")
    ground_shadow(p, 100, 128, 50)
    with p.layer():
        p.tube([(74, 86), (52, 80), (40, 96), (48, 106)], 6, 2, tent)
        p.tube([(126, 96), (150, 92), (160, 108), (152, 116)], 6, 2, tent)
    with p.layer():
        p.ell(100, 96, 32, 32, wood)
        p.poly([(70, 60), (130, 60), (130, 124), (70, 124)], wood)
        with p.pattern():
            for x in (82, 94, 106, 118):
                p.line((x, 56), (x, 128), 1.2, mix(wood, INK, 0.35))
            for y in (70, 112):
                p.poly([(60, y - 3), (140, y - 3), (140, y + 3), (60, y + 3)], band)
            p.ell(84, 90, 6, 26, (255, 240, 210, 60), shade=False)
        p.ell(100, 60, 30, 9, mix(wood, INK, 0.5))
    with p.layer():
        p.rot_ell(108, 46, 30, 7, -14, mix(wood, WHITE, 0.1))
    with p.layer(outline=None):
        p.eye(92, 60, 3.4, "glow", (250, 240, 120))
        p.eye(106, 60, 3.4, "glow", (250, 240, 120))


def _tiger_squirrel(p: Painter) -> None:
    fur, belly, stripe = hexc("ee8a2c"), hexc("f8e6c8"), hexc("2a1c1a")
    ground_shadow(p, 100, 126, 50)
    with p.layer():
        p.tube([(84, 110), (56, 104), (40, 76), (52, 46), (72, 44)], 10, 17, fur)
        with p.pattern():
            for i in range(6):
                y = 50 + i * 11
                p.rot_ell(50, y, 22, 2.4, -20 + i * 8, stripe)
    with p.layer():
        for x in (92, 118):
            p.tube([(x, 110), (x + 4, 124)], 5, 5, fur)
        p.ell(106, 98, 22, 24, fur)
        p.ell(110, 104, 12, 14, belly)
        with p.pattern():
            for y in (84, 94, 104):
                p.rot_ell(88, y, 9, 2, 20, stripe)
                p.rot_ell(126, y, 9, 2, -20, stripe)
    with p.layer():
        p.poly([(104, 56), (100, 36), (114, 50)], fur)
        p.poly([(132, 56), (138, 36), (124, 50)], fur)
        p.circ(118, 66, 18, fur)
        p.ell(122, 74, 10, 7, belly)
        with p.pattern():
            for dx in (-6, 0, 6):
                p.poly([(118 + dx - 2, 48), (118 + dx + 2, 48), (118 + dx, 58)], stripe)
    with p.layer(outline=None):
        p.eye(111, 64, 4.2, "slit", hexc("7ad040"))
        p.eye(127, 64, 4.2, "slit", hexc("7ad040"))
        p.ell(122, 71, 2.6, 2, INK, shade=False)
        p.poly([(117, 76), (120, 76), (118.5, 84)], WHITE)
        p.poly([(124, 76), (127, 76), (125.5, 84)], WHITE)


def _turbo_bug(p: Painter) -> None:
    shell, metal = hexc("2f66d0"), hexc("b8c0cc")
    with p.backdrop():
        for i in range(5):
            y = 60 + i * 12
            p.tube([(4, y), (48, y)], 0.5, 1.6, (255, 255, 255, 160), shade=False)
    ground_shadow(p, 110, 126, 54)
    with p.layer(outline=None):
        p.star(52, 96, 24, 10, 7, (255, 150, 40), rot=180)
        p.star(56, 96, 13, 6, 7, (255, 240, 140), rot=180)
    with p.layer():
        p.poly([(60, 86), (80, 86), (80, 106), (60, 106)], metal)
        p.ell(60, 96, 4, 10, mix(metal, INK, 0.4))
        for side in (-1, 1):
            for i in range(3):
                p.tube([(96 + i * 18, 104), (92 + i * 18, 112 + side * 0), (98 + i * 18, 124)], 2, 1.4, INK, shade=False)
        p.ell(112, 96, 36, 20, shell)
        p.line((86, 92), (146, 92), 1.2, mix(shell, INK, 0.4))
        p.ell(104, 86, 22, 5, (255, 255, 255, 90), shade=False)
    with p.layer():
        p.tube([(150, 82), (160, 62), (172, 56)], 1.3, 1.1, INK, shade=False)
        p.circ(152, 92, 13, mix(shell, INK, 0.2))
        p.ell(156, 86, 11, 5, hexc("5a5a64"))
    with p.layer(outline=None):
        p.eye(152, 86, 4, "round", hexc("40c0e0"))
        p.eye(162, 86, 3.6, "round", hexc("40c0e0"))
        p.smile(158, 97, 8, 2)


def _tusked_extorter(p: Painter) -> None:
    """A walrus tax collector: top hat, monocle and a pile of someone else's gold."""
    skin, suit, gold = hexc("a0765a"), hexc("3a3650"), hexc("f2c440")
    ground_shadow(p, 100, 128, 58)
    with p.layer():
        for x, base in ((160, 122), (174, 122), (167, 106)):
            for i in range(4):
                p.ell(x + (i % 2) * 1.5, base - i * 4, 7, 2.6, gold)
    with p.layer():
        p.ell(100, 108, 40, 22, suit)
        p.poly([(92, 88), (108, 88), (100, 114)], WHITE)
        p.poly([(97, 92), (103, 92), (100, 110)], hexc("c03040"))
        p.tube([(66, 100), (56, 118)], 8, 7, suit)
        p.tube([(134, 100), (144, 118)], 8, 7, suit)
    with p.layer():
        p.ell(100, 66, 30, 26, skin)
        p.ell(90, 80, 13, 10, mix(skin, WHITE, 0.2))
        p.ell(110, 80, 13, 10, mix(skin, WHITE, 0.2))
        with p.pattern():
            for x, y in ((84, 78), (90, 83), (96, 78), (104, 78), (110, 83), (116, 78)):
                p.circ(x, y, 1.1, mix(skin, INK, 0.5), shade=False)
        p.ell(100, 72, 6, 4, INK, shade=False)
    with p.layer():
        p.tube([(92, 86), (90, 106), (94, 116)], 4, 1.6, hexc("f4eedc"))
        p.tube([(108, 86), (110, 106), (106, 116)], 4, 1.6, hexc("f4eedc"))
    with p.layer():
        p.ell(100, 44, 28, 5, INK)
        p.poly([(84, 44), (86, 14), (114, 14), (116, 44)], hexc("24202e"))
        p.poly([(85, 34), (115, 34), (115.5, 40), (84.5, 40)], hexc("a02c3c"))
    with p.layer(outline=None):
        p.eye(88, 60, 3.6, "round", hexc("3a5060"), lid=0.35, lid_col=mix(skin, INK, 0.2))
        p.eye(112, 60, 4, "round", hexc("3a5060"))
        pygame.draw.circle(p.target, gold, p.px(112, 60), p.s(6.4), max(1, round(p.s(1.4))))
        p.line((118, 62), (124, 90), 0.7, gold)


def _urchin_hurler(p: Painter) -> None:
    skin, urchin = hexc("f08a4a"), hexc("8a3ab0")
    ground_shadow(p, 100, 128, 60)
    with p.layer():
        for dx in (-36, -20, -6, 10, 26):
            curl = 1 if dx >= 0 else -1
            p.tube([(100 + dx * 0.5, 96), (100 + dx, 114), (100 + dx + curl * 12, 122), (100 + dx + curl * 16, 114)], 7, 2, skin)
        p.tube([(120, 86), (146, 72), (150, 46)], 7, 4, skin)
    with p.layer():
        p.ell(98, 76, 28, 30, skin)
        with p.pattern():
            for x, y, r in ((84, 62, 4), (110, 56, 3), (116, 74, 3.5), (88, 88, 2.6)):
                p.circ(x, y, r, mix(skin, WHITE, 0.3), shade=False)
    with p.layer(outline=None):
        p.eye(88, 80, 6, "round")
        p.eye(108, 80, 6, "round")
        p.smile(98, 94, 10, -2)
    with p.layer():
        p.spikes(150, 34, 11, 16, 9, 2, mix(urchin, WHITE, 0.1))
        p.circ(150, 34, 12, urchin)


def _generic(p: Painter) -> None:
    """A creature for a name we have no recipe for: a blob beast assembled from the name's hash."""
    rng = p.rng
    hue = rng.random()
    col = pygame.Color(0)
    col.hsva = (hue * 360, 55, 85, 100)
    body: RGB = (col.r, col.g, col.b)
    ground_shadow(p, 100, 126, 56)
    with p.layer():
        legs = rng.choice((2, 4, 6))
        for i in range(legs):
            x = 70 + i * 60 / max(1, legs - 1)
            p.tube([(x, 100), (x + rng.uniform(-6, 6), 124)], 5, 4, mix(body, INK, 0.2))
        p.ell(100, 94, rng.uniform(30, 44), rng.uniform(22, 30), body)
        if rng.random() < 0.5:
            with p.pattern():
                for i in range(5):
                    p.rot_ell(70 + i * 15, 94, 4, 30, 10, mix(body, INK, 0.3))
    with p.layer():
        if rng.random() < 0.5:
            p.poly([(82, 60), (74, 36), (92, 52)], body)
            p.poly([(118, 60), (126, 36), (108, 52)], body)
        p.circ(100, 66, 20, mix(body, WHITE, 0.1))
    n = rng.choice((1, 2, 3))
    with p.layer(outline=None):
        for i in range(n):
            p.eye(100 + (i - (n - 1) / 2) * 12, 62, 5, "round", hexc("40a060"))
        p.smile(100, 76, 10, 2)
