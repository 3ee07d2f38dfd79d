"""Creature recipes, Axolotl Healer to Killer Bee: one cartoon per card, drawn with the painter's shapes."""

from __future__ import annotations

import math

import pygame

from game.ui.cards.art.painter import INK, WHITE, Painter, hexc, mix
from game.ui.cards.art.scenery import ground_shadow


def _axolotl(p: Painter) -> None:
    body, gill = hexc("f5a3c0"), hexc("d9487f")
    ground_shadow(p, 100, 124, 60)
    with p.layer():
        p.tube([(72, 106), (48, 98), (30, 104), (22, 96)], 11, 3, body)
        for x in (70, 112):
            p.tube([(x, 108), (x - 4, 122)], 4.5, 3.5, body)
    with p.layer():
        p.ell(92, 104, 34, 17, body)
    with p.layer():
        for side in (-1, 1):
            for i, ang in enumerate((-40, -10, 20)):
                a = math.radians(ang)
                x0, y0 = 130 + side * 26, 74 + i * 7
                x1, y1 = x0 + side * 20 * math.cos(a), y0 + 20 * math.sin(a)
                p.tube([(x0, y0), (x1, y1)], 4, 3, gill)
                for j in range(3):
                    t = 0.3 + j * 0.3
                    p.circ(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t - 3, 2.2, mix(gill, WHITE, 0.25))
        p.ell(130, 80, 31, 23, body)
    with p.layer(outline=None):
        p.eye(118, 76, 4.5, "dot")
        p.eye(142, 76, 4.5, "dot")
        p.smile(130, 88, 18, 4)
        p.ell(110, 86, 5, 3, (255, 120, 150, 140), shade=False)
        p.ell(150, 86, 5, 3, (255, 120, 150, 140), shade=False)
    with p.layer(outline=(30, 90, 50), width=0.8):  # a healing sparkle
        p.poly([(60, 40), (66, 40), (66, 34), (72, 34), (72, 40), (78, 40), (78, 46), (72, 46),
                (72, 52), (66, 52), (66, 46), (60, 46)], (120, 230, 140))


def _bee_bear(p: Painter) -> None:
    fur, yellow, black = hexc("9a6232"), hexc("f4c23c"), hexc("3a2a24")
    ground_shadow(p, 100, 126, 52)
    with p.layer(outline=(80, 110, 140), width=0.8):
        p.rot_ell(66, 62, 26, 13, -30, (225, 245, 255, 200))
        p.rot_ell(134, 62, 26, 13, 30, (225, 245, 255, 200))
    with p.layer():
        for x in (74, 126):
            p.tube([(x, 110), (x, 122)], 10, 9, fur)
        p.ell(100, 96, 42, 30, yellow)
        with p.pattern():
            for x in (80, 100, 120):
                p.rot_ell(x, 98, 6, 40, 8, black)
    with p.layer():
        for x in (80, 120):
            p.circ(x, 44, 9, fur)
            p.circ(x, 44, 4.5, hexc("e8a070"), shade=False)
        p.tube([(92, 38), (84, 22), (78, 20)], 1.4, 1.2, black, shade=False)
        p.tube([(108, 38), (116, 22), (122, 20)], 1.4, 1.2, black, shade=False)
        p.circ(78, 20, 3.2, black)
        p.circ(122, 20, 3.2, black)
        p.circ(100, 60, 23, fur)
        p.ell(100, 68, 12, 9, hexc("e9c090"))
        p.ell(100, 63, 5, 3.5, INK)
    with p.layer(outline=None):
        p.eye(90, 54, 4.2, "dot")
        p.eye(110, 54, 4.2, "dot")
        p.smile(100, 71, 8, 2.5)


def _brain_fly(p: Painter) -> None:
    shell, brain, eye = hexc("3b6b78"), hexc("f29ab4"), hexc("d8342c")
    ground_shadow(p, 100, 128, 40)
    with p.layer(outline=(120, 120, 170), width=0.8):
        p.rot_ell(56, 78, 34, 14, -20, (210, 230, 255, 170))
        p.rot_ell(144, 78, 34, 14, 20, (210, 230, 255, 170))
    with p.layer():
        for side in (-1, 1):
            for i in range(3):
                p.tube([(100 + side * 8, 100 + i * 6), (100 + side * (26 + i * 4), 108 + i * 4),
                        (100 + side * (30 + i * 6), 126)], 1.8, 1.2, INK, shade=False)
        p.ell(100, 110, 15, 18, shell)
        p.ell(100, 88, 17, 12, mix(shell, WHITE, 0.1))
    with p.layer():
        p.ell(100, 52, 40, 30, brain)
        with p.pattern():
            for i in range(7):
                y = 32 + i * 7
                pts = [(60 + j * 10, y + (3 if j % 2 else -3)) for j in range(9)]
                p.tube(pts, 1.1, 1.1, mix(brain, INK, 0.35), shade=False)
            p.line((100, 22), (100, 80), 1.8, mix(brain, INK, 0.45))
    with p.layer():
        p.eye(74, 80, 14, "compound", eye)
        p.eye(126, 80, 14, "compound", eye)


def _chameleon(p: Painter) -> None:
    skin, crest = hexc("5fbf6a"), hexc("f0d050")
    with p.layer():
        p.tube([(10, 112), (90, 110), (190, 114)], 4.5, 3.5, hexc("7a5234"))
    with p.layer():
        p.tube([(70, 90), (46, 96), (38, 110), (48, 120), (58, 112), (52, 104)], 9, 2.5, skin)
        for x in (82, 118):
            p.tube([(x, 98), (x - 3, 110)], 4, 3.5, skin)
        p.ell(100, 88, 36, 18, skin)
        with p.pattern():
            for x in range(70, 140, 10):
                p.rot_ell(x, 92, 3, 14, 15, mix(skin, crest, 0.6))
        p.poly([(78, 72), (90, 62), (100, 70), (110, 62), (122, 72)], crest)
    with p.layer():
        p.poly([(126, 70), (150, 56), (166, 84), (150, 96), (130, 92)], skin)
        p.circ(146, 80, 12, mix(skin, WHITE, 0.15))
    with p.layer(outline=None):
        p.eye(146, 80, 6.5, "cross", look=(0.3, 0))
        p.smile(158, 92, 10, 1.5)
    with p.layer(outline=(40, 40, 50), width=0.7):  # the sniper's long barrel-like tongue
        p.tube([(164, 90), (182, 84), (198, 80)], 1.6, 1.2, hexc("e06070"), shade=False)


def _compost_dragon(p: Painter) -> None:
    hide, leaf, shroom = hexc("7d8c3e"), hexc("4f9e4a"), hexc("d9493a")
    ground_shadow(p, 100, 126, 60)
    with p.layer():
        p.rot_ell(74, 52, 30, 14, -40, leaf)
        p.rot_ell(96, 46, 26, 12, -70, mix(leaf, WHITE, 0.15))
    with p.layer():
        p.tube([(70, 104), (40, 112), (18, 100), (12, 88)], 11, 2, hide)
        for x in (78, 114):
            p.tube([(x, 104), (x, 122)], 7, 6, hide)
        p.ell(96, 98, 34, 22, hide)
        p.tube([(120, 92), (138, 70), (146, 56)], 11, 9, hide)
    with p.layer():
        p.ell(156, 52, 20, 13, hide)
        p.ell(170, 58, 12, 8, mix(hide, WHITE, 0.15))
        p.tube([(148, 42), (140, 26), (132, 22)], 3, 1, hexc("e8dcb0"))
    with p.layer(outline=None):
        p.eye(156, 48, 5, "slit", hexc("f0c030"))
        p.teeth(164, 180, 62, 4, 3)
    for x, y, r in ((84, 76, 8), (104, 74, 6), (70, 84, 5)):
        with p.layer():
            p.tube([(x, y + r), (x, y)], r * 0.35, r * 0.35, WHITE, shade=False)
            p.ell(x, y, r, r * 0.6, shroom)
            p.circ(x - r * 0.4, y - r * 0.15, r * 0.18, WHITE, shade=False)
            p.circ(x + r * 0.3, y - r * 0.25, r * 0.14, WHITE, shade=False)


def _deathweaver(p: Painter) -> None:
    body, mark = hexc("3d2a52"), hexc("e8e0c8")
    with p.backdrop():
        for a in range(0, 360, 30):
            r = math.radians(a)
            p.line((100, 40), (100 + 150 * math.cos(r), 40 + 150 * math.sin(r)), 0.6, (230, 230, 255, 70))
        for rad in (20, 36, 54, 74):
            pygame.draw.circle(p.base, (230, 230, 255, 60), p.px(100, 40), p.s(rad), max(1, round(p.s(0.6))))
        p.line((100, 0), (100, 40), 0.8, (230, 230, 255, 160))
    with p.layer():
        for side in (-1, 1):
            for i, (kx, ky, fx, fy) in enumerate(((36, -22, 56, 18), (44, -4, 66, 40), (40, 14, 60, 58), (30, 26, 44, 66))):
                p.tube([(100, 88 + i * 3), (100 + side * kx, 88 + ky), (100 + side * fx, 88 + fy)], 3, 1.4, body)
    with p.layer():
        p.ell(100, 66, 28, 26, body)
        with p.pattern():
            p.circ(100, 62, 11, mark, shade=False)
            p.ell(100, 74, 6, 5, mark, shade=False)
            p.circ(95, 61, 3.5, body, shade=False)
            p.circ(105, 61, 3.5, body, shade=False)
        p.circ(100, 98, 15, mix(body, WHITE, 0.05))
    with p.layer(outline=None):
        for x, y, r in ((93, 95, 3.4), (107, 95, 3.4), (88, 101, 2.2), (112, 101, 2.2), (100, 103, 2)):
            p.eye(x, y, r, "glow", (230, 40, 60))
        p.teeth(94, 106, 108, 2, 5, col=hexc("9be060"))


def _elephantopus(p: Painter) -> None:
    skin, tent = hexc("8e9ab8"), hexc("8a6ab0")
    ground_shadow(p, 100, 128, 56)
    with p.layer():
        for dx in (-40, -24, -8, 8, 24, 40):
            curl = 1 if dx > 0 else -1
            p.tube([(100 + dx * 0.4, 90), (100 + dx, 112), (100 + dx + curl * 8, 124), (100 + dx + curl * 14, 118)],
                   8, 2, tent)
    with p.layer():
        p.rot_ell(60, 62, 22, 28, -15, skin)
        p.rot_ell(140, 62, 22, 28, 15, skin)
        p.rot_ell(62, 62, 14, 20, -15, hexc("e7a6b8"))
        p.rot_ell(138, 62, 14, 20, 15, hexc("e7a6b8"))
    with p.layer():
        p.ell(100, 66, 32, 30, skin)
        p.tube([(100, 78), (100, 98), (110, 110), (120, 104)], 9, 4.5, skin)
    with p.layer():
        p.tube([(86, 86), (80, 98)], 3, 1.5, WHITE)
        p.tube([(114, 86), (120, 98)], 3, 1.5, WHITE)
    with p.layer(outline=None):
        p.eye(88, 62, 5, "round")
        p.eye(112, 62, 5, "round")
        p.brow(88, 54, 10, 1.5)
        p.brow(112, 54, 10, -1.5)


def _explosive_toad(p: Painter) -> None:
    skin, belly = hexc("e66a3a"), hexc("f6cf7a")
    ground_shadow(p, 100, 126, 62)
    with p.layer():
        p.tube([(88, 74), (96, 56), (110, 44)], 1.6, 1.6, hexc("5a4030"), shade=False)
    with p.layer(outline=None):
        p.star(112, 42, 10, 4, 8, (255, 220, 80))
        p.star(112, 42, 5, 2, 8, WHITE)
    with p.layer():
        for x in (56, 144):
            p.ell(x, 114, 18, 10, skin)
        p.ell(100, 96, 46, 30, skin)
        p.ell(100, 106, 30, 16, belly)
        with p.pattern():
            for x, y, r in ((66, 88, 3), (74, 80, 2.2), (130, 86, 3), (124, 78, 2), (58, 98, 2.4), (142, 98, 2.2)):
                p.circ(x, y, r, mix(skin, INK, 0.25))
        p.circ(78, 70, 12, skin)
        p.circ(122, 70, 12, skin)
    with p.layer(outline=None):
        p.eye(78, 69, 8, "round", hexc("f0b020"))
        p.eye(122, 69, 8, "round", hexc("f0b020"))
        p.brow(78, 58, 14, 2.5)
        p.brow(122, 58, 14, -2.5)
        p.tube([(62, 90), (100, 98), (138, 90)], 1.2, 1.2, INK, shade=False)


def _ferret_bomber(p: Painter) -> None:
    fur, cream, mask = hexc("c79a68"), hexc("f0e0c0"), hexc("4a3328")
    ground_shadow(p, 100, 126, 60)
    with p.layer():
        p.tube([(58, 104), (36, 96), (20, 78)], 9, 5, mix(fur, INK, 0.2))
        for x in (66, 124):
            p.tube([(x, 108), (x, 122)], 5, 4.5, fur)
        p.tube([(56, 104), (96, 100), (130, 90)], 15, 13, fur)
    with p.layer():
        p.ell(148, 74, 20, 16, cream)
        with p.pattern():
            p.ell(152, 70, 18, 6, mask, shade=False)
        p.circ(138, 58, 6, fur)
        p.circ(162, 58, 6, fur)
        p.circ(166, 78, 3, INK, shade=False)
    with p.layer(outline=None):
        p.eye(145, 70, 4, "round", hexc("d04040"))
        p.eye(160, 70, 4, "round", hexc("d04040"))
        p.smile(158, 84, 8, 2)
    with p.layer():
        p.tube([(112, 96), (116, 84), (124, 80)], 1.3, 1.3, hexc("7a6040"), shade=False)
        p.circ(108, 108, 13, hexc("2a2a3a"))
        p.ell(108, 95, 5, 3, hexc("5a5a6a"))
    with p.layer(outline=None):
        p.star(125, 79, 6, 2.5, 7, (255, 210, 70))


def _giraffodile(p: Painter) -> None:
    hide, spot, croc = hexc("ecc074"), hexc("b8742e"), hexc("6fa456")
    ground_shadow(p, 90, 128, 46)
    with p.layer():
        for x in (64, 76, 102, 114):
            p.tube([(x, 104), (x, 126)], 4, 3.2, hide)
        p.ell(88, 98, 34, 18, hide)
        p.tube([(112, 92), (126, 64), (134, 40)], 10, 7, hide)
        with p.pattern():
            for x, y in ((70, 94), (88, 90), (104, 100), (80, 106), (118, 80), (126, 62), (131, 48)):
                p.rot_ell(x, y, 6, 4.5, 30, spot)
        p.tube([(60, 94), (48, 106)], 2, 1.2, hide)
    with p.layer():
        p.tube([(132, 30), (128, 18)], 2, 2, spot)
        p.tube([(140, 30), (142, 18)], 2, 2, spot)
        p.ell(154, 40, 26, 9, croc)
        p.ell(138, 34, 12, 10, croc)
        p.ell(162, 46, 18, 4, mix(croc, INK, 0.1))
    with p.layer(outline=None):
        p.eye(138, 28, 4.5, "slit", hexc("e8c040"))
        p.teeth(146, 178, 43, 6, 3)
        p.teeth(148, 176, 48, 5, 3, down=False)


def _goblin_werewolf(p: Painter) -> None:
    skin, fur = hexc("8ec163"), hexc("6e5a56")
    with p.backdrop():
        p.glow(150, 36, 34, (255, 245, 200), 160)
        p.circ(150, 36, 20, hexc("f6f0cc"), shade=False)
    ground_shadow(p, 100, 126, 46)
    with p.layer():
        for x in (80, 120):
            p.tube([(x, 108), (x - 2, 122)], 7, 6, fur)
        p.ell(100, 98, 30, 24, fur)
        with p.pattern():
            for i in range(7):
                p.poly([(74 + i * 8, 122), (78 + i * 8, 110), (82 + i * 8, 122)], mix(fur, INK, 0.25))
        p.tube([(74, 88), (62, 104), (64, 116)], 6, 5, fur)
        p.tube([(126, 88), (138, 104), (136, 116)], 6, 5, fur)
    with p.layer():
        p.poly([(80, 58), (64, 22), (92, 48)], skin)
        p.poly([(120, 58), (136, 22), (108, 48)], skin)
        p.poly([(78, 54), (68, 32), (88, 48)], hexc("e89aa0"))
        p.poly([(122, 54), (132, 32), (112, 48)], hexc("e89aa0"))
        p.circ(100, 66, 22, skin)
        p.ell(100, 78, 7, 12, mix(skin, INK, 0.1))
    with p.layer(outline=None):
        p.eye(90, 62, 5.5, "slit", hexc("f0d030"))
        p.eye(110, 62, 5.5, "slit", hexc("f0d030"))
        p.brow(90, 55, 12, 2.5)
        p.brow(110, 55, 12, -2.5)
        p.teeth(90, 110, 84, 4, 2.5)
        p.poly([(91, 84), (94, 84), (92.5, 92)], WHITE)
        p.poly([(106, 84), (109, 84), (107.5, 92)], WHITE)


def _gorillion(p: Painter) -> None:
    fur, mane, face = hexc("4e4d5c"), hexc("d9892e"), hexc("c9a07a")
    ground_shadow(p, 100, 128, 70)
    with p.layer():
        p.tube([(64, 78), (44, 100), (42, 122)], 14, 11, fur)
        p.tube([(136, 78), (156, 100), (158, 122)], 14, 11, fur)
        p.ell(100, 96, 40, 30, fur)
        p.ell(100, 100, 22, 18, mix(fur, WHITE, 0.15))
    with p.layer():
        p.star(100, 56, 36, 24, 14, mane, rot=0)
        p.circ(100, 56, 27, mix(mane, INK, 0.1))
    with p.layer():
        p.ell(100, 58, 19, 18, face)
        p.ell(100, 68, 12, 8, mix(face, WHITE, 0.2))
        p.ell(100, 64, 5, 3, INK, shade=False)
    with p.layer(outline=None):
        p.eye(92, 52, 4, "round", hexc("c06020"))
        p.eye(108, 52, 4, "round", hexc("c06020"))
        p.brow(92, 47, 10, 2)
        p.brow(108, 47, 10, -2)
        p.smile(100, 71, 9, -1.5)


def _grave_robber(p: Painter) -> None:
    cloak, steel = hexc("4f5e46"), hexc("a8b2c0")
    ground_shadow(p, 100, 128, 60)
    with p.layer():
        p.tube([(150, 30), (140, 120)], 2.4, 2.4, hexc("8a6440"))
        p.poly([(134, 112), (148, 114), (146, 130), (136, 130)], steel)
    with p.layer():
        p.ell(62, 112, 18, 16, hexc("b89060"))
        p.tube([(56, 96), (60, 90)], 3, 3, hexc("8a6a40"), shade=False)
    with p.layer():
        p.poly([(66, 128), (80, 62), (120, 62), (136, 128)], cloak)
        p.ell(100, 58, 28, 28, cloak)
        p.ell(100, 62, 18, 18, hexc("1c1a22"), shade=False)
        p.tube([(120, 84), (140, 82)], 6, 5, cloak)
    with p.layer():
        p.ell(76, 74, 14, 8, steel)
        p.ell(124, 74, 14, 8, steel)
    with p.layer(outline=None):
        p.circ(74, 72, 1.4, INK, shade=False)
        p.circ(126, 72, 1.4, INK, shade=False)
        p.eye(93, 62, 3, "glow", (250, 220, 80))
        p.eye(107, 62, 3, "glow", (250, 220, 80))


def _harpy_mother(p: Painter) -> None:
    """A fierce winged mother guarding her nest of eggs."""
    wing, skin, hair, nest = hexc("b24a3a"), hexc("e8b8a8"), hexc("3a2448"), hexc("8a5a30")
    ground_shadow(p, 100, 126, 50)
    with p.layer():
        for side in (-1, 1):
            for i in range(6):
                ang = math.radians(-160 + i * 16) if side < 0 else math.radians(-20 - i * 16)
                length = 52 - i * 3.5
                bx, by = 100 + side * 12, 70
                cx, cy = bx + math.cos(ang) * length * 0.6, by + math.sin(ang) * length * 0.6
                p.rot_ell(cx, cy, length * 0.55, 8, math.degrees(ang), mix(wing, hexc("f0a060"), i * 0.12))
    with p.layer():
        for x in (92, 108):
            p.tube([(x, 96), (x, 110)], 2.2, 2, hexc("e8b040"), shade=False)
        p.ell(100, 82, 16, 20, mix(wing, INK, 0.1))
        with p.pattern():
            for j in range(3):
                for i in range(3):
                    x, y = 92 + i * 8, 76 + j * 7
                    p.tube([(x - 3, y), (x, y + 3), (x + 3, y)], 0.8, 0.8, mix(wing, WHITE, 0.3), shade=False)
    with p.layer():
        for x in (88, 100, 112):
            p.ell(x, 108, 6, 8, hexc("eef0f4"))
        with p.pattern():
            p.circ(99, 104, 1.3, hexc("9ab0d0"), shade=False)
            p.circ(113, 110, 1.1, hexc("9ab0d0"), shade=False)
    with p.layer():
        p.ell(100, 116, 34, 10, nest)
        with p.pattern():
            for i in range(8):
                p.line((66 + i * 9, 108), (74 + i * 9, 124), 0.9, mix(nest, WHITE, 0.3))
                p.line((74 + i * 9, 108), (66 + i * 9, 124), 0.9, mix(nest, INK, 0.25))
    with p.layer():
        for dx, dy in ((-16, 8), (-14, -8), (14, -8), (16, 8), (0, -16)):
            p.tube([(100, 48), (100 + dx, 48 + dy), (100 + dx * 1.5, 52 + dy * 1.2)], 5, 2, hair)
        p.circ(100, 50, 13, skin)
    with p.layer(outline=None):
        p.eye(94, 50, 3.6, "round", hexc("e0a020"))
        p.eye(106, 50, 3.6, "round", hexc("e0a020"))
        p.brow(94, 45, 8, 1.6, t=1.8)
        p.brow(106, 45, 8, -1.6, t=1.8)
        p.poly([(97, 55), (103, 55), (100, 61)], hexc("e8b040"))


def _kangasaurus(p: Painter) -> None:
    hide, belly = hexc("c87a44"), hexc("f0cc94")
    ground_shadow(p, 96, 126, 56)
    with p.layer():
        p.tube([(80, 104), (50, 118), (20, 124)], 12, 3, hide)
        p.tube([(92, 108), (82, 122), (100, 124)], 9, 5, hide)
        p.ell(96, 86, 24, 32, hide)
        p.ell(102, 96, 15, 17, belly)
        p.ell(104, 104, 12, 8, mix(belly, INK, 0.12))
    with p.layer():  # the joey in the pouch
        p.circ(104, 96, 6.5, hide)
    with p.layer(outline=None):
        p.eye(102, 95, 1.8, "dot")
        p.eye(107, 95, 1.8, "dot")
    with p.layer():
        p.tube([(116, 76), (126, 80), (128, 86)], 2.2, 1.6, hide)
        p.tube([(106, 60), (120, 46)], 12, 11, hide)
        p.ell(132, 44, 26, 14, hide)
        p.ell(138, 54, 20, 5, mix(hide, INK, 0.15))
    with p.layer(outline=None):
        p.eye(128, 38, 4.5, "slit", hexc("f0c030"))
        p.brow(128, 33, 10, 1.5)
        p.teeth(120, 156, 50, 7, 3.5)


def _killer_bee(p: Painter) -> None:
    yellow, black, fuzz = hexc("f5c028"), hexc("2e2420"), hexc("8a5a30")
    ground_shadow(p, 100, 128, 44)
    with p.layer(outline=(80, 110, 140), width=0.8):
        p.rot_ell(96, 46, 30, 12, -60, (225, 245, 255, 190))
        p.rot_ell(118, 48, 24, 10, -100, (225, 245, 255, 170))
    with p.layer():
        p.poly([(47, 111.5), (34, 118), (48.7, 115.1)], black)
        p.poly([(45.3, 107.9), (34, 118), (48.7, 115.1)], black)
        p.rot_ell(76, 98, 34, 22, -25, yellow)
        with p.pattern():
            for d in (-14, 0, 14):
                p.rot_ell(76 + 0.906 * d, 98 - 0.423 * d, 5, 30, -25, black)
    with p.layer():
        for i in range(3):
            p.tube([(116 + i * 6, 92), (112 + i * 10, 112), (118 + i * 10, 124)], 1.8, 1.2, black, shade=False)
        p.circ(116, 80, 16, fuzz)
    with p.layer():
        p.tube([(140, 54), (146, 36), (154, 32)], 1.3, 1.1, black, shade=False)
        p.tube([(148, 58), (160, 42), (168, 40)], 1.3, 1.1, black, shade=False)
        p.circ(146, 66, 17, yellow)
    with p.layer(outline=None):
        p.eye(140, 64, 6, "round")
        p.eye(155, 64, 5, "round")
        p.brow(140, 56, 12, 2.5)
        p.brow(155, 57, 10, -2)
        p.teeth(140, 156, 76, 3, 3)
