"""What surrounds every creature: the habitat backdrop, its ground shadow and the keyword motifs."""

from __future__ import annotations

import pygame

from game.ui.cards.art.painter import INK, RGB, WHITE, Painter, hexc, mix
from game.ui.kit import bands


def gradient(p: Painter, top: RGB, bottom: RGB) -> None:
    bands.rows((p.w, p.h), [mix(top, bottom, y / max(1, p.h - 1)) for y in range(p.h)], p.base)


def scene(p: Painter, habitat: str, accent: RGB) -> None:
    """Paint the habitat behind a creature: a gradient sky and a few simple shapes."""
    rng = p.rng
    sneaky = "Sneaky" in p.keywords
    skies = {
        "meadow": ("8fd3f4", "e8f6d8"), "forest": ("3f7a5c", "a9cf8e"), "sea": ("1c6ea4", "63c3d8"),
        "deep": ("0b1a3a", "1f4e79"), "night": ("1d1a44", "4b3f7a"), "dusk": ("1d1a44", "5b4a7a"), "cave": ("2c2130", "6b4f4a"),
        "swamp": ("4d6b3a", "9fb26a"), "desert": ("f3a65c", "fde3a0"), "snow": ("9cc3e6", "eef6ff"),
        "psychic": ("5a1f7a", "d46bb0"), "volcano": ("5a1a1a", "e0683a"), "grave": ("2f2a4a", "6f8a72"),
        "arena": ("3a1020", "b0405a"), "jungle": ("1f5a3a", "7fbf6a"), "vault": ("4a3320", "c9a048"),
    }
    top, bottom = (hexc(c) for c in skies.get(habitat, skies["meadow"]))
    if sneaky:  # Sneaky creatures live in the shadows: dusk the whole scene.
        top, bottom = mix(top, (20, 16, 44), 0.55), mix(bottom, (40, 30, 70), 0.5)
    gradient(p, top, bottom)
    with p.backdrop():
        if habitat in ("meadow", "desert"):
            p.circ(160, 28, 16, (255, 236, 150, 220), shade=False)
        if habitat in ("night", "grave", "dusk") or sneaky:
            for _ in range(14):
                p.circ(rng.uniform(0, 200), rng.uniform(0, 70), rng.uniform(0.5, 1.3), (255, 255, 230, 200), shade=False)
        if habitat in ("night", "grave"):
            moon = pygame.Surface((p.w, p.h), pygame.SRCALPHA, 32)
            pygame.draw.circle(moon, (240, 236, 200, 235), p.px(38, 30), p.s(15))
            pygame.draw.circle(moon, (0, 0, 0, 0), p.px(45, 25), p.s(13))  # bite: a crescent
            p.base.blit(moon, (0, 0))
        if habitat == "meadow":
            p.ell(50, 138, 90, 34, hexc("7cc56a"), shade=False)
            p.ell(170, 140, 80, 30, hexc("5fae58"), shade=False)
            for _ in range(10):
                x, y = rng.uniform(5, 195), rng.uniform(115, 138)
                p.circ(x, y, 1.6, rng.choice([(255, 255, 255), (255, 210, 90), (240, 130, 170)]), shade=False)
        elif habitat in ("forest", "jungle"):
            dark = mix(top, INK, 0.35)
            for i in range(7):
                x = 10 + i * 31 + rng.uniform(-6, 6)
                h = rng.uniform(55, 95)
                p.poly([(x - 18, 130), (x, 130 - h), (x + 18, 130)], (*dark, 200))
            p.ell(100, 142, 130, 22, mix(bottom, INK, 0.2), shade=False)
        elif habitat in ("sea", "deep"):
            for i in range(4):
                x = 30 + i * 45
                p.poly([(x, 0), (x + 14, 0), (x + 40, 140), (x + 18, 140)], (255, 255, 255, 22))
            for _ in range(9):
                p.circ(rng.uniform(5, 195), rng.uniform(5, 120), rng.uniform(1.5, 4), (220, 245, 255, 90), shade=False)
            if habitat == "sea":
                p.ell(100, 145, 130, 20, hexc("e3cf94"), shade=False)
        elif habitat == "cave":
            for i in range(9):
                x = i * 24 + rng.uniform(-4, 4)
                p.poly([(x - 8, 0), (x, rng.uniform(12, 30)), (x + 8, 0)], mix(top, INK, 0.3))
            p.ell(100, 146, 130, 22, mix(bottom, INK, 0.25), shade=False)
        elif habitat == "swamp":
            p.ell(100, 146, 140, 26, hexc("3f5f4a"), shade=False)
            for _ in range(7):
                x = rng.uniform(0, 200)
                p.line((x, 140), (x + rng.uniform(-4, 4), rng.uniform(85, 110)), 1.5, hexc("4a6a30"))
        elif habitat == "desert":
            p.ell(60, 150, 100, 34, hexc("e8b86a"), shade=False)
            p.ell(170, 148, 80, 26, hexc("dba45a"), shade=False)
        elif habitat == "snow":
            p.poly([(-10, 110), (45, 40), (100, 110)], hexc("c7dcf0"))
            p.poly([(80, 110), (150, 30), (220, 110)], hexc("b4cde8"))
            p.poly([(138, 44), (150, 30), (162, 44), (150, 50)], WHITE)
            p.ell(100, 142, 140, 24, WHITE, shade=False)
            for _ in range(16):
                p.circ(rng.uniform(0, 200), rng.uniform(0, 120), rng.uniform(0.7, 1.6), WHITE, shade=False)
        elif habitat == "psychic":
            for i in range(6, 0, -1):
                p.circ(100, 70, i * 18, (*mix(bottom, WHITE, 0.1 * (i % 2)), 60), shade=False)
        elif habitat == "volcano":
            p.poly([(40, 140), (95, 55), (115, 55), (170, 140)], hexc("3a1a18"))
            p.poly([(95, 55), (105, 70), (115, 55)], hexc("ff9a3a"))
            for _ in range(10):
                p.circ(rng.uniform(20, 180), rng.uniform(10, 110), rng.uniform(0.8, 1.8), (255, 190, 90, 220), shade=False)
        elif habitat == "grave":
            for x, h in ((30, 22), (160, 26), (185, 18)):
                p.ell(x, 128 - h, 9, 9, hexc("8a8aa0"), shade=False)
                p.poly([(x - 9, 128 - h), (x + 9, 128 - h), (x + 9, 130), (x - 9, 130)], hexc("8a8aa0"))
            p.ell(100, 146, 140, 24, hexc("3b4a3a"), shade=False)
        elif habitat == "arena":
            p.poly([(70, -5), (130, -5), (170, 140), (30, 140)], (255, 240, 200, 45))
            for y in (80, 95):
                p.line((0, y), (200, y + 4), 1.6, (240, 220, 230, 160))
            p.ell(100, 148, 140, 24, hexc("5a2a3a"), shade=False)
        elif habitat == "vault":
            for _ in range(14):
                x, y = rng.uniform(0, 200), rng.uniform(110, 140)
                p.ell(x, y, 7, 3, hexc("f5cc50"), shade=True)
        p.glow(100, 78, 70, accent, 70)
        if "Frenzy" in p.keywords:  # speed lines streaming behind the creature
            for i in range(6):
                y = 40 + i * 14 + rng.uniform(-4, 4)
                x = rng.uniform(4, 30)
                p.tube([(x, y), (x + rng.uniform(34, 56), y)], 0.5, 2.2, (255, 246, 226, 210), shade=False)


def ground_shadow(p: Painter, cx: float, y: float, rx: float) -> None:
    with p.backdrop():
        if "Poisonous" in p.keywords:  # a puddle of venom instead of a plain shadow
            p.ell(cx, y, rx * 1.1, rx * 0.16, (60, 200, 70, 190), shade=False)
            p.ell(cx - rx * 0.2, y - rx * 0.03, rx * 0.5, rx * 0.06, (190, 255, 150, 150), shade=False)
        else:
            p.ell(cx, y, rx, rx * 0.14, (0, 0, 0, 70), shade=False)


def keyword_overlays(p: Painter) -> None:
    """Motifs drawn after the creature."""
    if "Sneaky" in p.keywords:  # a shadow double lurking behind it
        mask = pygame.mask.from_surface(p.creature, 100)
        sil = mask.to_surface(setcolor=(30, 20, 60, 130), unsetcolor=(0, 0, 0, 0))
        shadow = pygame.Surface((p.w, p.h), pygame.SRCALPHA, 32)
        shadow.blit(sil, (round(p.s(9)), round(p.s(-5))))
        shadow.blit(p.creature, (0, 0))
        p.creature = shadow
    if "Poisonous" in p.keywords:  # venom drops
        with p.layer(outline=(20, 60, 20), width=0.8):
            for x, y, r in ((168, 92, 3.6), (178, 104, 2.6), (26, 98, 3.0)):
                p.poly([(x - r, y), (x, y - r * 2.4), (x + r, y)], (90, 220, 80))
                p.circ(x, y, r, (90, 220, 80))
    if "Tough" in p.keywords:  # riveted steel corners, as if the picture were armoured
        steel, dark = (176, 186, 200), (96, 104, 120)
        for sx in (-1, 1):
            cx = 100 + sx * 100
            pts = [(cx, 140), (cx, 112), (cx - sx * 8, 120), (cx - sx * 20, 132), (cx - sx * 28, 140)]
            with p.layer(outline=INK, width=0.9):
                p.poly(pts, steel)
                p.poly([(cx, 140), (cx, 126), (cx - sx * 14, 140)], dark)
                p.circ(cx - sx * 6, 131, 1.8, (230, 235, 240), shade=False)


# ---------------------------------------------------------------------------------------------
# Creature recipes: each draws one creature, roughly centred on x=100 with its feet near y=124.
