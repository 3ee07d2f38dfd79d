"""The new-game screen shows each level's one-line description and its measured rating, and
says so when a level has none (issue 13: a rating is never made up)."""

from __future__ import annotations

import pytest  # noqa: E402

from game.ai import ratings  # noqa: E402
from game.ai.levels import DESCRIPTIONS  # noqa: E402
from game.ui.screens import new_game  # noqa: E402

pytestmark = pytest.mark.window(first_frame=True, keep_ai_pause=True)


def drawn_texts(app, monkeypatch, level: str, details: bool = False) -> str:
    scene = new_game.NewGameScene(app.ctx, False)
    scene._pick(level)
    scene.rating_details = details
    texts = []
    real = new_game.widgets.text

    def record(surface, s, *args, **kwargs):
        texts.append(s)
        return real(surface, s, *args, **kwargs)

    monkeypatch.setattr(new_game.widgets, "text", record)
    scene.draw(app.screen)
    return " ".join(texts)


def test_the_rating_and_description_of_the_picked_level(app, monkeypatch) -> None:
    monkeypatch.setattr(ratings, "_cache", {"random": ratings.Rating(0, 0, 0, 800),
                                            "hard": ratings.Rating(1234, 1180, 1290, 800)})
    shown = drawn_texts(app, monkeypatch, "hard", details=True)
    assert "Rating: 1234 Elo (95% sure: 1180 to 1290; Random = 0)" in shown
    assert DESCRIPTIONS["hard"].split(";")[0] in shown
    shown = drawn_texts(app, monkeypatch, "expert", details=True)
    assert "Rating: not measured yet" in shown
    assert "1234" not in shown
    assert "Rating: 0 Elo (the reference" in drawn_texts(app, monkeypatch, "random", details=True)


def test_a_player_reads_how_often_a_level_beats_the_one_below(app, monkeypatch) -> None:
    """Words first ("Beats Medium about 8 games in 10"); the Elo figures one key (D) away."""
    monkeypatch.setattr(ratings, "_cache", {"random": ratings.Rating(0, 0, 0, 800),
                                            "medium": ratings.Rating(572, 500, 650, 800),
                                            "hard": ratings.Rating(813, 760, 870, 800)})
    shown = drawn_texts(app, monkeypatch, "hard")
    assert "Beats Medium about 8 games in 10." in shown and "Elo" not in shown
    assert "Press D or click here for the measured strength" in shown
    assert "The gentlest opponent." in drawn_texts(app, monkeypatch, "random")
    assert "Stronger than Hard." in drawn_texts(app, monkeypatch, "expert")  # not measured: no figure


def test_d_shows_the_details_but_types_into_a_name(app) -> None:
    import pygame

    scene = new_game.NewGameScene(app.ctx, False)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d"))
    assert scene.rating_details
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d"))
    assert not scene.rating_details
    hot = new_game.NewGameScene(app.ctx, True)
    hot.editing = 0
    hot.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d"))
    assert not hot.rating_details


def test_names_typed_then_left_come_back(app) -> None:
    import pygame

    scene = new_game.NewGameScene(app.ctx, True)
    app.ctx.scenes.push(scene)
    scene.names = ["Ann", "Bo"]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.ctx.settings.player_names == ("Ann", "Bo")
    again = new_game.NewGameScene(app.ctx, True)
    assert again.names == ["Ann", "Bo"]


def test_the_shipped_ratings_file_is_read_and_matches_its_command(monkeypatch, capsys) -> None:
    # The published ratings are what their recorded command gives (no hand-edited number).
    import json
    import shlex

    from game.common.resources import data_path
    from game.sim import main

    monkeypatch.setattr(ratings, "_cache", None)
    shipped = ratings.load_ratings()
    assert shipped, "data/ai-ratings.json is missing or unreadable"
    assert shipped["random"].elo == 0
    document = json.loads(data_path(ratings.FILE_NAME).read_text())
    argv = shlex.split(document["command"])[3:]  # after "python -m game.sim"
    at = argv.index("--ratings-out")
    del argv[at : at + 2]
    monkeypatch.chdir(data_path().parent)  # the command names files from the project root
    assert main([*argv, "--json"]) == 0
    fitted = json.loads(capsys.readouterr().out)["elo"]
    assert {name: round(r["elo"]) for name, r in fitted.items()} == {
        name: r.elo for name, r in shipped.items()}
