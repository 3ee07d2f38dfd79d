"""Screenshots of the table with each colour setting, to look at through ``colour_sim.py``.

    python bench/colour_shots.py OUT_DIR [--sim]

Draws, headless, for each palette (off, red_green, blue_yellow, high contrast): a 1v1 table
where you choose (legal cards lit, one card selected, its gold confirm button, an exhausted
creature on each side, whose turn it is), the same table while a creature is dragged over
the lit drop places, and a 2v2 table (the seats' teams). Writes ``OUT_DIR/<table>-<palette>.png``;
with ``--sim`` also each one through the three colour-blindness simulations.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("MINDBUG_SPEECH", "none")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.app import App, parse_args  # noqa: E402
from game.cards import load_cards  # noqa: E402
from game.engine import from_position  # noqa: E402
from game.ui.core.match_config import MatchConfig, computer, person  # noqa: E402
from game.ui.kit import theme  # noqa: E402

PALETTES: dict[str, tuple[str, bool]] = {
    "off": ("off", False), "red_green": ("red_green", False), "blue_yellow": ("blue_yellow", False),
    "high_contrast": ("off", True),
}


def settle(app: App, scene, limit: int = 800) -> None:
    for _ in range(limit):
        app.step()
        d = scene.ctl.pending
        if d is not None and scene.ctl.is_human(d.seat) and not scene.table.moving \
                and scene.decision_serial == d.serial and not scene.queue:
            return


def one_v_one(app: App):
    from game.ui.match.scene import MatchScene

    db = load_cards()
    g = from_position(db, [
        {"hand": ["Gorillion", "Bee Bear", "Spider Owl"], "play": ["Shark Dog", ("Killer Bee", True), "Turbo Bug"],
         "deck": ["Luchataur", "Lone Yeti"]},
        {"hand": ["Lone Yeti"], "play": ["Luchataur", ("Bee Bear", True)], "deck": ["Spider Owl"]},
    ])
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"), seed=1),
                       game=g)
    app.ctx.scenes.replace(scene)
    settle(app, scene)
    chosen = next((c for c in scene.choices if c.key is not None and c.option.verb == "attack"), None)
    if chosen is not None:
        scene.selected = chosen
        scene._build_buttons()  # a card picked: its confirm button, gold
    return scene


def dragging(app: App):
    """A hand card held over the table: the drop places light up."""
    from game.ui.match import input as match_input

    scene = one_v_one(app)
    scene.selected = None
    scene._build_buttons()
    sp = next(s for s in scene.sprites.values() if s.zone == "hand" and s.seat == scene.bottom)
    start = (int(sp.x), int(sp.y))
    for pos, kind in ((start, pygame.MOUSEBUTTONDOWN), ((start[0] + 40, start[1] - 200), pygame.MOUSEMOTION)):
        fields = {"pos": pos, "button": 1} if kind == pygame.MOUSEBUTTONDOWN else \
            {"pos": pos, "rel": (40, -200), "buttons": (1, 0, 0)}
        pygame.event.post(pygame.event.Event(kind, **fields))
        app.step()
    del match_input
    return scene


def two_v_two(app: App):
    from game.ui.match.scene import MatchScene

    db = load_cards()
    g = from_position(db, [
        {"hand": ["Gorillion", "Spider Owl"], "play": ["Shark Dog", ("Killer Bee", True)], "deck": ["Bee Bear"]},
        {"hand": ["Lone Yeti"], "play": ["Luchataur"], "deck": ["Turbo Bug"]},
        {"hand": ["Bee Bear"], "play": ["Turbo Bug"], "deck": ["Spider Owl"]},
        {"hand": ["Killer Bee"], "play": [("Bee Bear", True)], "deck": ["Gorillion"]},
    ], rules="2v2")
    seats = [person("You"), computer("random", "Basil"), computer("random", "Tess"), computer("random", "Rex")]
    scene = MatchScene(app.ctx, MatchConfig.for_seats(seats, seed=4), game=g)
    app.ctx.scenes.replace(scene)
    settle(app, scene, 3000)
    chosen = next((c for c in scene.choices if c.key is not None and c.option.verb == "attack"), None)
    if chosen is not None:
        scene.selected = chosen
        scene._build_buttons()
    return scene


TABLES: dict[str, Callable] = {"1v1": one_v_one, "drag": dragging, "2v2": two_v_two}


def shoot(out: Path, sim: bool) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made = []
    folder = tempfile.mkdtemp(prefix="colour-shots-")
    app = App(parse_args(["--settings", str(Path(folder) / "settings.json"), "--speed", "50"]))
    app.ctx.settings.ai_pause = 0.0
    app.step()
    try:
        for pname, (vision, contrast) in PALETTES.items():
            app.ctx.settings.colour_vision, app.ctx.settings.high_contrast = vision, contrast
            theme.apply(vision, contrast)
            for tname, make in TABLES.items():
                make(app)
                surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
                for s in app.ctx.scenes.stack:
                    s.dirty = True
                app.ctx.scenes.draw(surface)
                path = out / f"{tname}-{pname}.png"
                pygame.image.save(surface, str(path))
                made.append(path)
    finally:
        app.close(quit_pygame=False)
        theme.apply()
    if sim:
        from bench import colour_sim

        for path in list(made):
            made += colour_sim.simulate_file(path)
    return made


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path)
    p.add_argument("--sim", action="store_true", help="also write the colour-blindness simulations")
    args = p.parse_args(argv)
    for path in shoot(args.out, args.sim):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
