"""A screenshot as people with colour blindness see it: protanopia, deuteranopia, tritanopia.

    python bench/colour_sim.py SHOT.png [SHOT2.png ...]

Writes ``SHOT-protanopia.png``, ``SHOT-deuteranopia.png``, ``SHOT-tritanopia.png`` (and
``SHOT-grey.png``: no colour at all) beside each input. The simulation is Machado, Oliveira and
Fernandes (2009), severity 1.0, applied in linear RGB. numpy is used when it is installed (it is
not a dependency of the game); without it, pygame's pixel access does the same, slower.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

Matrix = tuple[tuple[float, float, float], ...]

#: Machado et al. 2009, severity 1.0.
MATRICES: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
    "grey": ((0.2126, 0.7152, 0.0722),) * 3,  # luminance only: no colour cue survives
}


def _to_linear(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(c: float) -> int:
    c = min(1.0, max(0.0, c))
    c = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return int(round(c * 255))


def simulate_colour(rgb: tuple[int, int, int], kind: str) -> tuple[int, int, int]:
    """One colour as the ``kind`` of vision sees it."""
    lin = [_to_linear(v) for v in rgb]
    m = MATRICES[kind]
    out = [_to_srgb(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3)]
    return (out[0], out[1], out[2])


def simulate(surface: pygame.Surface, kind: str) -> pygame.Surface:
    """A copy of ``surface`` as the ``kind`` of vision sees it."""
    out = surface.convert(24) if surface.get_bitsize() != 24 else surface.copy()
    try:
        import numpy as np
    except ImportError:
        return _simulate_pixels(out, kind)
    rgb = pygame.surfarray.array3d(out).astype(np.float64) / 255.0
    lin = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    sim = np.clip(lin @ np.array(MATRICES[kind]).T, 0.0, 1.0)
    srgb = np.where(sim <= 0.0031308, 12.92 * sim, 1.055 * sim ** (1 / 2.4) - 0.055)
    pygame.surfarray.blit_array(out, np.round(srgb * 255).astype(np.uint8))
    return out


def _simulate_pixels(out: pygame.Surface, kind: str) -> pygame.Surface:
    seen: dict[int, int] = {}
    pixels = pygame.PixelArray(out)
    try:
        w, h = out.get_size()
        for x in range(w):
            column = pixels[x]
            for y in range(h):
                raw = column[y]
                mapped = seen.get(raw)
                if mapped is None:
                    mapped = seen[raw] = out.map_rgb(simulate_colour(out.unmap_rgb(raw)[:3], kind))
                column[y] = mapped
    finally:
        pixels.close()
    return out


def simulate_file(path: Path, kinds: tuple[str, ...] = tuple(MATRICES)) -> list[Path]:
    """Write ``<path>-<kind>.png`` for each kind; returns them."""
    if not pygame.display.get_init():
        pygame.display.init()
    image = pygame.image.load(str(path))
    made = []
    for kind in kinds:
        target = path.with_name(f"{path.stem}-{kind}.png")
        pygame.image.save(simulate(image, kind), str(target))
        made.append(target)
    return made


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print(__doc__)
        return 2
    for name in args:
        for made in simulate_file(Path(name)):
            print(made)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
