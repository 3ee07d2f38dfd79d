"""The music: which piece plays in which state of a game (a pure choice, then the match scene
that asks it), the committed pieces (present, loadable, long enough before they repeat), and
the player that fades from one to the next. Nothing is heard: tests/conftest.py sets SDL's
dummy audio driver."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.core import music as music_mod
from game.ui.core.music import LOOPS, PIECES, STINGS, Music, ending_sting, piece_path, table_piece

pytestmark = pytest.mark.window('--speed', '20', first_frame=True)


# -- which piece ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("life", "ending", "expected"), [
    ([3, 3], None, "table"),
    ([2, 2], None, "table"),
    ([1, 3], None, "tension"),  # either side at 1 life
    ([3, 1], None, "tension"),
    ([1, 1], None, "tension"),
    ([2, 1], None, "tension"),  # 2v2: the teams' hearts
    ([0, 1], None, "tension"),  # the lethal blow has landed but the box is not up yet
    ([2, 3], None, "table"),  # life rose again (a heal): back to the table
    ([1, 3], "win", "win"),  # the ending's sting wins over everything
    ([0, 2], "loss", "loss"),
])
def test_the_table_piece_follows_the_hearts_and_the_ending(life, ending, expected):
    assert table_piece(life, ending) == expected


def test_the_sting_is_the_local_players_result():
    assert ending_sting(0, {0}) == "win"  # vs the computer, the person won
    assert ending_sting(1, {0}) == "loss"  # vs the computer, the person lost
    assert ending_sting(1, {1}) == "win"  # a network seat on team 1
    assert ending_sting(0, {0, 1}) == "win"  # hot seat: someone at the screen won
    assert ending_sting(1, set()) == "win"  # computers against each other


# -- the match scene asks it ---------------------------------------------------------------------
def _match(app, mode: str):
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.scene import MatchScene

    scene = MatchScene(app.ctx, MatchConfig(mode=mode, seed=7))
    app.ctx.scenes.replace(scene)
    app.step()
    return scene


def test_a_game_plays_the_table_then_tension_at_one_life_and_the_loss_sting(app):
    scene = _match(app, "ai")
    assert app.ctx.scenes.music() == "table"
    scene.model.life[1] = 1  # the computer's heart shows 1
    scene.update(0.0)
    assert app.ctx.scenes.music() == "tension"
    scene.model.life[1] = 2  # and rises again
    scene.update(0.0)
    assert app.ctx.scenes.music() == "table"
    scene.ctl.concede(0)  # the person (team 0) gives up: the box comes, and the loss sting
    scene._game_over(1.0)
    assert scene.over_shown and app.ctx.scenes.top is not scene
    app.step()
    assert app.ctx.scenes.music() == "loss"


def test_the_hot_seat_curtain_keeps_the_games_piece(app):
    """The curtain between two people's turns hides the table, not its music: the tension
    goes on under it instead of the menus' piece coming back at every hand-over."""
    scene = _match(app, "hotseat")
    assert app.ctx.scenes.top is not scene  # "Pass to ..." covers the table
    assert app.ctx.scenes.music() == "table"
    scene.model.life[0] = 1
    scene.update(0.0)
    assert app.ctx.scenes.music() == "tension"


@pytest.mark.parametrize(("mode", "conceding"), [("ai", 1), ("hotseat", 0), ("demo", 0)])
def test_a_win_a_hot_seat_and_a_computers_game_end_on_the_win_sting(app, mode, conceding):
    scene = _match(app, mode)
    scene.ctl.concede(conceding)
    scene._game_over(1.0)
    app.step()
    assert app.ctx.scenes.music() == "win"


def test_a_puzzle_ends_on_the_sting_of_its_result(app):
    """A puzzle is decided before the game is over: its result box brings the sting."""
    from game.ui.learn import progress as progress_mod
    from game.ui.learn.puzzle_match import PuzzleMatch
    from tests.support.puzzles import PUZZLES, person_moves, play

    index = next(i for i, p in enumerate(PUZZLES) if p.key == "01-shark-dog-clears-the-way")
    scene = PuzzleMatch(app.ctx, PUZZLES, index, progress_mod.load(), level="easy")
    app.ctx.scenes.push(scene)
    assert app.ctx.scenes.music() in ("table", "tension")
    assert play(app, scene, ["attack Gorillion"]).title == "Not this time"
    app.step()
    assert app.ctx.scenes.music() == "loss"
    retry = PuzzleMatch(app.ctx, PUZZLES, index, progress_mod.load(), level="easy")
    app.ctx.scenes.replace(retry)
    assert play(app, retry, person_moves(PUZZLES[index])).title == "Solved!"
    app.step()
    assert app.ctx.scenes.music() == "win"


# -- the files -----------------------------------------------------------------------------------
def ogg_info(path: Path) -> tuple[int, int, float]:
    """(channels, sample rate, seconds) of an Ogg Vorbis file, from its identification header
    and the granule position (samples so far) of its last page."""
    data = path.read_bytes()
    assert data[:4] == b"OggS", path
    ident = data.index(b"\x01vorbis")
    channels = data[ident + 11]
    rate = int.from_bytes(data[ident + 12:ident + 16], "little")
    last_page = data.rindex(b"OggS")
    samples = int.from_bytes(data[last_page + 6:last_page + 14], "little", signed=True)
    return channels, rate, samples / rate


def test_every_piece_is_committed_and_each_loop_runs_90_seconds_before_it_repeats():
    total = 0
    for name in PIECES:
        path = piece_path(name)
        assert path.is_file(), path
        channels, rate, seconds = ogg_info(path)
        assert channels in (1, 2) and rate in (22050, 44100, 48000), (name, channels, rate)
        if name in LOOPS:
            assert seconds >= 90.0, (name, seconds)
        else:
            assert 2.0 <= seconds <= 12.0, (name, seconds)  # a sting is short
        total += path.stat().st_size
    assert total < 6_000_000  # the bundle carries them: modest
    assert sorted(p.stem for p in piece_path("menu").parent.iterdir()) == sorted(PIECES)


def test_every_piece_loads_in_the_mixer():
    if not pygame.mixer.get_init():
        pygame.mixer.init()
    for name in PIECES:
        pygame.mixer.music.load(str(piece_path(name)))  # streamed, as the game plays it
    pygame.mixer.music.unload()
    for name in STINGS:  # short: decoded whole, its length agrees with the header's
        sound = pygame.mixer.Sound(str(piece_path(name)))
        assert abs(sound.get_length() - ogg_info(piece_path(name))[2]) < 0.05, name


# -- the player ----------------------------------------------------------------------------------
class FakeMixerMusic:
    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.busy = False

    def load(self, path):
        self.calls.append(("load", Path(path).name))

    def play(self, loops=0, fade_ms=0):
        self.calls.append(("play", loops, fade_ms))
        self.busy = True

    def set_volume(self, v):
        self.calls.append(("volume", v))

    def fadeout(self, ms):
        self.calls.append(("fadeout", ms))

    def get_busy(self):
        return self.busy


@pytest.fixture
def mixer(monkeypatch) -> FakeMixerMusic:
    fake = FakeMixerMusic()
    monkeypatch.setattr(music_mod.pygame.mixer, "get_init", lambda: True)
    monkeypatch.setattr(music_mod.pygame.mixer, "music", fake)
    return fake


def test_a_change_fades_the_piece_out_then_the_next_in(mixer):
    m = Music(enabled=True, volume=0.3)
    m.follow("menu")
    m.follow("menu")  # already playing: nothing again
    m.follow(None)  # a box: the same piece plays on
    assert mixer.calls == [("load", "menu.ogg"), ("volume", 0.3), ("play", -1, music_mod.FADE_MS)]
    mixer.calls.clear()
    m.follow("table")
    m.follow("tension")  # changed again while the menu fades: the latest wins
    assert mixer.calls == [("fadeout", music_mod.FADE_MS)] and m.playing is None
    mixer.busy = False  # the fade is over
    m.follow(None)
    assert mixer.calls[1:] == [("load", "tension.ogg"), ("volume", 0.3),
                               ("play", -1, music_mod.FADE_MS)]
    assert m.playing == "tension"


def test_a_sting_cuts_in_quickly_and_plays_once(mixer):
    m = Music(enabled=True, volume=0.5)
    m.follow("table")
    mixer.calls.clear()
    m.follow("win")
    assert mixer.calls == [("fadeout", music_mod.STING_FADE_MS)]
    mixer.busy = False
    m.follow("win")
    assert mixer.calls[-1] == ("play", 0, 0)
    mixer.busy = False  # the sting is over: it is not played again
    mixer.calls.clear()
    m.follow("win")
    assert mixer.calls == [] and m.playing == "win"
    m.follow("menu")  # the main menu afterwards
    m.follow("menu")
    assert ("load", "menu.ogg") in mixer.calls


def test_music_off_or_silent_fades_out_and_comes_back(mixer):
    m = Music(enabled=True, volume=0.3)
    m.follow("table")
    mixer.calls.clear()
    m.set_volume(0.0)
    m.follow("table")
    assert mixer.calls == [("fadeout", music_mod.FADE_MS)] and m.playing is None
    mixer.busy = False
    m.follow("table")
    assert m.playing is None and m.loaded is None
    m.set_volume(0.4)
    m.follow(None)  # what the screen wanted plays again
    assert m.playing == "table"
    m.set_enabled(False)
    m.follow("table")
    assert m.playing is None


def test_a_mixer_that_refuses_means_silence_and_no_asking_every_frame(mixer, monkeypatch):
    def broken(*_a, **_k):
        raise music_mod.pygame.error("no device")

    monkeypatch.setattr(mixer, "load", broken)
    m = Music()
    m.follow("menu")
    assert m.broken and m.playing is None
    m.follow("table")
    assert m.playing is None


def test_no_mixer_yet_means_waiting(monkeypatch):
    monkeypatch.setattr(music_mod.pygame.mixer, "get_init", lambda: None)
    m = Music()
    m.follow("menu")
    assert m.playing is None and not m.broken
