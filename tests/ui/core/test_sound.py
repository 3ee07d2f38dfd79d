"""Sounds never crash, and the generated assets are reproducible and committed as generated."""

from __future__ import annotations

import wave  # noqa: E402

import pygame  # noqa: E402

from game.common.resources import asset_path  # noqa: E402
from game.ui.cards import assetgen  # noqa: E402
from game.ui.core.sound import SOUND_NAMES, Sounds  # noqa: E402


def test_every_effect_exists_and_is_short_and_quiet():
    assert set(SOUND_NAMES) == set(assetgen.EFFECTS)
    for name in SOUND_NAMES:
        with wave.open(str(asset_path("sounds", f"{name}.wav"))) as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
            seconds = w.getnframes() / w.getframerate()
            assert 0.02 < seconds < 2.0, name
            frames = w.readframes(w.getnframes())
        samples = memoryview(frames).cast("h")
        peak = max(abs(s) for s in samples)
        assert 0.3 * 32767 < peak <= 0.55 * 32767, name
        assert abs(samples[-1]) < 200, name  # faded out: no click at the end


def test_sounds_with_the_dummy_driver():
    s = Sounds()
    for name in SOUND_NAMES:
        s.play(name)
    s.play("no such sound")
    s.set_volume(0.5)
    assert s.volume == 0.5
    s.set_volume(7)
    assert s.volume == 1.0
    s.set_enabled(False)
    assert not s.enabled
    s.play("win")
    s.enabled = True
    assert s.enabled


def test_disabled_sounds_do_nothing():
    s = Sounds(enabled=False, volume=0.0)
    s.play("attack")
    assert not s.enabled


def test_no_mixer_means_silence_not_a_crash(monkeypatch):
    def broken(*_a, **_k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    s = Sounds()
    assert not s.available
    s.play("mindbug")
    s.set_volume(0.1)
    s.set_enabled(False)


def test_missing_files_are_skipped(monkeypatch, tmp_path):
    import game.ui.core.sound as sound

    monkeypatch.setattr(sound, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    s = Sounds()
    assert s.names() == ()
    s.play("click")


def test_assetgen_is_deterministic_and_matches_the_committed_files(tmp_path):
    """One run against the committed files (made by an earlier run: the same bytes again is
    what deterministic means); the effects, cheap, twice as well."""
    a = assetgen.generate(tmp_path / "a")
    b = assetgen.write_sounds(tmp_path / "b" / "sounds")
    for pb in b:
        assert pb.read_bytes() == (tmp_path / "a" / "sounds" / pb.name).read_bytes(), pb.name
    # the committed sounds are exactly what the generator makes (the music is composed and
    # rendered by build/render_music.py: tests/ui/core/test_music.py)
    for p in a:
        if p.suffix == ".wav":  # an effect in sounds/
            assert p.read_bytes() == asset_path(p.parent.name, p.name).read_bytes(), p.name
        else:
            assert asset_path("icons", p.name).is_file()


def test_each_scene_names_its_music_and_a_box_keeps_what_plays_under_it(open_window):
    """The table's piece in a game and in the replay viewer, the menus' elsewhere; an overlay
    (the pause menu, the game-over box) names none, so the music under it plays on."""
    from game.ui.core.match_config import MatchConfig
    from game.ui.kit.menu_overlay import MenuOverlay
    from game.ui.match.scene import MatchScene
    from game.ui.screens.title import TitleScene

    app = open_window()
    app.ctx.scenes.replace(TitleScene(app.ctx))
    assert app.ctx.scenes.music() == "menu"
    app.ctx.scenes.replace(MatchScene(app.ctx, MatchConfig(mode="demo", seed=3)))
    assert app.ctx.scenes.music() == "table"
    app.ctx.scenes.push(MenuOverlay(app.ctx, "Paused", [("Resume", lambda: None)]))
    assert app.ctx.scenes.music() == "table"
