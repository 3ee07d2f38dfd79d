"""Temporary bundle entry until game/__main__.py lands: the same flags and output contract.

It opens the window, draws one frame, prints READY, checks that the bundled card data can be
read, prints a game-over line and exits, so the spec and build/check_bundle.py can be proven
before the real game exists. build/mindbug.spec switches to game/__main__.py on its own.
"""

from __future__ import annotations

import argparse
import sys

import pygame
import yaml

from game.resources import data_path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mindbug")
    parser.add_argument("--demo", action="store_true")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--exit-after-game", action="store_true")
    parser.parse_args(argv)

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720), pygame.SCALED)
    screen.fill((20, 60, 40))
    pygame.display.flip()
    print("READY", flush=True)

    with data_path("cards.yaml").open(encoding="utf-8") as f:
        cards = yaml.safe_load(f)["cards"]
    print(f"placeholder: {len(cards)} cards", flush=True)
    print("GAME OVER placeholder", flush=True)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
