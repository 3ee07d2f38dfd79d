"""python -m game.cards [--lang en|de] [--file CARDS.yaml]: every card's name and rules text."""

from __future__ import annotations

import argparse
import sys

from . import CardFileError, load_cards
from .text import LANGUAGES, card_keywords, card_name, card_text

NO_ABILITY = {"en": "(no ability)", "de": "(keine Fähigkeit)"}


def format_card(card, lang: str) -> str:
    """Two lines: name, power and keywords; then the rules text."""
    head = f"{card_name(card, lang)} ({card.power})"
    keywords = ", ".join(card_keywords(card, lang))
    if keywords:
        head += f" - {keywords}"
    return f"{head}\n    {card_text(card, lang) or NO_ABILITY[lang]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.cards", description=__doc__)
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text")
    parser.add_argument("--file", default=None, help="card file (default: the game's cards)")
    args = parser.parse_args(argv)
    try:
        db = load_cards(args.file)
    except CardFileError as e:
        print(f"cannot load the cards: {e}", file=sys.stderr)
        return 2
    for card in db.defs:
        print(format_card(card, args.lang))
    return 0


if __name__ == "__main__":
    from game.common.cli_output import run_main

    # `| head`, `>&-`: a quiet end, as the other tools (game.common.cli_output)
    sys.exit(run_main(main))
