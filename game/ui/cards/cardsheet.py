"""A contact sheet of every card: ``python -m game.ui.cards.cardsheet --lang de --out docs/cards-de.png``.

All 32 creatures at table size, the two with the longest text zoomed, and the card back; the
way to look at every face in one language at once (long German words must fit).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pygame

from game.cards import load_cards
from game.cards.text import LANGUAGES, card_text
from game.common import safe_files
from game.ui.cards.cardface import TABLE_WIDTH, ZOOM_WIDTH, CardRenderer, card_size
from game.ui.kit import fonts, theme

TITLES = {
    "en": "Mindbug: First Contact - the 32 creatures (table size {w} px) and the zoomed view",
    "de": "Mindbug: First Contact - die 32 Kreaturen (Tischgröße {w} px) und die Großansicht",
}
COLUMNS, GAP, MARGIN = 8, 10, 12


def render_sheet(lang: str = "en", width: int = TABLE_WIDTH) -> pygame.Surface:
    """Every card of the set at ``width`` in ``lang``, plus two zooms and a back."""
    defs = load_cards().defs
    renderer = CardRenderer()
    cw, ch = card_size(width)
    zw, zh = card_size(ZOOM_WIDTH)
    rows = -(-len(defs) // COLUMNS)
    grid_w = COLUMNS * (cw + GAP)
    top = MARGIN + 34
    size = (MARGIN + grid_w + 2 * (zw + GAP) + MARGIN, max(top + rows * (ch + GAP), top + zh + GAP + ch) + MARGIN)
    sheet = pygame.Surface(size)
    sheet.fill(theme.FELT_DARK)
    sheet.blit(fonts.render_text(TITLES[lang].format(w=width), 20, theme.TEXT), (MARGIN, MARGIN))
    for i, d in enumerate(defs):
        x = MARGIN + (i % COLUMNS) * (cw + GAP)
        y = top + (i // COLUMNS) * (ch + GAP)
        sheet.blit(renderer.face(d, width, lang), (x, y))
    # The zoom shows the longest texts, where a layout would break first.
    longest = sorted(defs, key=lambda d: len(card_text(d, lang)), reverse=True)[:2]
    for j, d in enumerate(longest):
        sheet.blit(renderer.zoom(d, lang), (MARGIN + grid_w + j * (zw + GAP), top))
    sheet.blit(renderer.back(width), (MARGIN + grid_w, top + zh + GAP))
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.cards.cardsheet", description=__doc__)
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    parser.add_argument("--width", type=int, default=TABLE_WIDTH, help="card width in px")
    parser.add_argument("--out", required=True, help="PNG file to write")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    try:
        sheet = render_sheet(args.lang, max(40, args.width))
        safe_files.atomic_write_with(Path(args.out), lambda fh: pygame.image.save(sheet, fh, "png"))
    except (OSError, pygame.error) as e:
        print(f"cannot write {args.out}: {e}", file=sys.stderr)
        return 1
    finally:
        pygame.quit()
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
