"""Procedural creature pictures: one distinctive cartoon per card, drawn from code.

Each known creature has a small recipe (``_RECIPES``, in creatures_a_to_k and creatures_l_to_z)
drawn with the painter's kit of shaded shapes (painter.py) in front of its habitat (scenery.py).

Nothing is random at run time: the few varying details (stars, bubbles, palettes of unknown
creatures) come from ``random.Random(crc32(name))``, so a card always looks the same.
Keywords add motifs on top: Frenzy speed lines, Hunter crosshair eyes, Poisonous green ooze,
Sneaky a shadow double on a darker backdrop, Tough riveted steel corners.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.ui.cards.art.creatures_a_to_k import (
    _axolotl,
    _bee_bear,
    _brain_fly,
    _chameleon,
    _compost_dragon,
    _deathweaver,
    _elephantopus,
    _explosive_toad,
    _ferret_bomber,
    _giraffodile,
    _goblin_werewolf,
    _gorillion,
    _grave_robber,
    _harpy_mother,
    _kangasaurus,
    _killer_bee,
)
from game.ui.cards.art.creatures_l_to_z import (
    _chimera,
    _generic,
    _lone_yeti,
    _luchataur,
    _mermaid,
    _plated_scorpion,
    _rhino_turtle,
    _shark_dog,
    _shield_bugs,
    _snail_hydra,
    _snail_thrower,
    _spider_owl,
    _strange_barrel,
    _tiger_squirrel,
    _turbo_bug,
    _tusked_extorter,
    _urchin_hurler,
)
from game.ui.cards.art.painter import RGB, Painter, hexc
from game.ui.cards.art.scenery import keyword_overlays, scene
from game.ui.cards.cardlike import CardLike

_RECIPES: dict[str, tuple[Callable[[Painter], None], str, str]] = {
    # name: (recipe, habitat, glow accent)
    "Axolotl Healer": (_axolotl, "sea", "ffd0e8"),
    "Bee Bear": (_bee_bear, "meadow", "fff0a0"),
    "Brain Fly": (_brain_fly, "psychic", "ffb0e0"),
    "Chameleon Sniper": (_chameleon, "jungle", "c0ffa0"),
    "Compost Dragon": (_compost_dragon, "forest", "e0ff9a"),
    "Deathweaver": (_deathweaver, "night", "a070ff"),
    "Elephantopus": (_elephantopus, "deep", "a0c0ff"),
    "Explosive Toad": (_explosive_toad, "volcano", "ffd060"),
    "Ferret Bomber": (_ferret_bomber, "cave", "ffb070"),
    "Giraffodile": (_giraffodile, "desert", "fff0c0"),
    "Goblin Werewolf": (_goblin_werewolf, "dusk", "c0e0ff"),
    "Gorillion": (_gorillion, "jungle", "ffd080"),
    "Grave Robber": (_grave_robber, "grave", "b0ffb0"),
    "Harpy Mother": (_harpy_mother, "arena", "ffc0a0"),
    "Kangasaurus Rex": (_kangasaurus, "desert", "ffe0a0"),
    "Killer Bee": (_killer_bee, "meadow", "ffa060"),
    "Lone Yeti": (_lone_yeti, "snow", "e0f0ff"),
    "Luchataur": (_luchataur, "arena", "ffe080"),
    "Mysterious Mermaid": (_mermaid, "deep", "60fff0"),
    "Plated Scorpion": (_plated_scorpion, "desert", "ffc080"),
    "Rhino Turtle": (_rhino_turtle, "swamp", "e0ffb0"),
    "Shark Dog": (_shark_dog, "sea", "c0f0ff"),
    "Sharky Crab-Dog-Mummypus": (_chimera, "cave", "ffa0c0"),
    "Shield Bugs": (_shield_bugs, "forest", "fff0a0"),
    "Snail Hydra": (_snail_hydra, "swamp", "f0ffc0"),
    "Snail Thrower": (_snail_thrower, "meadow", "e0c0ff"),
    "Spider Owl": (_spider_owl, "forest", "ffd0a0"),
    "Strange Barrel": (_strange_barrel, "cave", "c0ff90"),
    "Tiger Squirrel": (_tiger_squirrel, "forest", "ffc070"),
    "Turbo Bug": (_turbo_bug, "desert", "a0d0ff"),
    "Tusked Extorter": (_tusked_extorter, "vault", "ffe070"),
    "Urchin Hurler": (_urchin_hurler, "sea", "e0a0ff"),
}


def _name_of(card: CardLike | str) -> str:
    return card if isinstance(card, str) else str(getattr(card, "name", card))


def palette_accent(name: str) -> RGB:
    """The glow colour of a creature's picture (the card frame is tinted to match)."""
    entry = _RECIPES.get(name)
    if entry:
        return hexc(entry[2])
    rng = random.Random(zlib.crc32(name.encode("utf-8")))
    c = pygame.Color(0)
    c.hsva = (rng.random() * 360, 40, 100, 100)
    return (c.r, c.g, c.b)


@lru_cache(maxsize=256)
def _render(name: str, keywords: tuple[str, ...], width: int, height: int) -> pygame.Surface:
    rng = random.Random(zlib.crc32(name.encode("utf-8")))
    p = Painter(width, height, keywords, rng)
    recipe, habitat, _accent = _RECIPES.get(name, (_generic, rng.choice(("meadow", "forest", "sea", "cave")), ""))
    scene(p, habitat, palette_accent(name))
    recipe(p)
    keyword_overlays(p)
    return p.finish(width, height)


def creature_art(card: CardLike | str, width: int, height: int) -> pygame.Surface:
    """The picture of ``card`` (a CardDef-like object with ``name`` and ``keywords``, or a name).

    Cached per (name, keywords, size); treat the returned surface as read-only.
    """
    name = _name_of(card)
    keywords = tuple(getattr(card, "keywords", ()) or ())
    return _render(name, keywords, max(8, int(width)), max(8, int(height)))
