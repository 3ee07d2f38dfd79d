"""game.ui.kit.bands: a surface painted row by row in one stretch gives the same pixels as a
line drawn across each row (card faces, backs and pictures are painted with it)."""

from __future__ import annotations

import pygame

from game.ui.kit import bands


def _lines(size: tuple[int, int], colours: list[tuple[int, int, int]]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA, 32)
    for y, colour in enumerate(colours):
        pygame.draw.line(surf, colour, (0, y), (size[0], y))
    return surf


def test_rows_are_the_pixels_a_line_per_row_drew():
    size = (37, 53)
    colours = [(y * 4 % 256, 255 - y, (y * 37) % 256) for y in range(size[1])]
    made = bands.rows(size, colours)
    assert made.get_size() == size and made.get_flags() & pygame.SRCALPHA
    assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(_lines(size, colours), "RGBA")


def test_rows_into_a_surface_overwrite_what_it_held():
    size = (20, 9)
    colours = [(10 * y, 5, 200) for y in range(size[1])]
    dest = pygame.Surface(size, pygame.SRCALPHA, 32)
    dest.fill((1, 2, 3, 40))
    assert bands.rows(size, colours, dest) is dest
    assert pygame.image.tobytes(dest, "RGBA") == pygame.image.tobytes(_lines(size, colours), "RGBA")
