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
class FakeChannel:
    def __init__(self, number: int, log: list) -> None:
        self.number, self.log, self.busy, self.playing = number, log, False, None

    def play(self, sound, loops=0, fade_ms=0):
        self.log.append((self.number, "play", sound, loops, fade_ms))
        self.busy, self.playing = True, sound

    def fadeout(self, ms):
        self.log.append((self.number, "fadeout", ms))

    def stop(self):
        self.log.append((self.number, "stop"))
        self.busy = False

    def set_volume(self, v):
        self.log.append((self.number, "volume", v))

    def get_busy(self):
        return self.busy


class FakeMixer:
    """The music's channels (two kept from the effects) and what is done on them."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.reserved = 0
        self.channels = [FakeChannel(i, self.calls) for i in range(8)]
        self.decoded: list[str] = []

    def decode(self, path: Path) -> str:
        self.decoded.append(path.stem)
        return path.stem  # a "sound": its piece's name

    def on(self, name: str) -> list[FakeChannel]:
        return [c for c in self.channels if c.busy and c.playing == name]


@pytest.fixture
def mixer(monkeypatch) -> FakeMixer:
    fake = FakeMixer()
    monkeypatch.setattr(music_mod.pygame.mixer, "get_init", lambda: True)
    monkeypatch.setattr(music_mod.pygame.mixer, "set_reserved", lambda n: setattr(fake, "reserved", n))
    monkeypatch.setattr(music_mod.pygame.mixer, "Channel", lambda i: fake.channels[i])
    return fake


def _music(mixer: FakeMixer, volume: float = 0.3) -> Music:
    return Music(enabled=True, volume=volume, load=mixer.decode, background=False)


def test_a_change_is_a_crossfade_on_two_kept_channels(mixer):
    m = _music(mixer)
    m.follow("menu")
    m.follow("menu")  # already playing: nothing again
    m.follow(None)  # a box: the same piece plays on
    assert mixer.reserved == 2 and mixer.on("menu") == [mixer.channels[0]]
    assert [c for c in mixer.calls if c[1] == "play"] == [(0, "play", "menu", -1, music_mod.FADE_MS)]
    mixer.calls.clear()
    m.follow("table")
    # the menu fades out while the table fades in over it, on the other kept channel
    assert mixer.calls[:2] == [(0, "fadeout", music_mod.FADE_MS), (1, "play", "table", -1, music_mod.FADE_MS)]
    assert mixer.on("menu") and mixer.on("table") and m.playing == "table"
    assert (1, "volume", 0.3) in mixer.calls


def test_at_most_two_pieces_are_held(mixer):
    m = _music(mixer)
    m.follow("menu")
    m.follow("table")  # the menu fades out under the table
    m.follow("tension")  # changed again mid-fade: the menu stops, the table fades out
    assert not mixer.on("menu") and mixer.on("table") and mixer.on("tension")
    assert m.leaving is not None and m.leaving.name == "table" and m.current.name == "tension"
    mixer.channels[m.leaving.channel.number].busy = False  # the table's fade is over
    m.follow(None)
    assert m.leaving is None  # let go, its sound with it


def test_a_piece_plays_once_decoded_and_what_plays_goes_on_meanwhile(mixer):
    gate = []
    m = Music(enabled=True, volume=0.3, load=lambda path: gate.append(path.stem) or path.stem, background=False)
    m.follow("menu")
    assert m.playing == "menu" and gate == ["menu"]


def test_decoding_runs_in_the_background(mixer):
    import threading

    opened = threading.Event()
    threads = []

    def slow(path):
        threads.append(threading.current_thread())
        assert opened.wait(10)
        return path.stem

    m = Music(enabled=True, volume=0.3, load=slow)
    m.follow("menu")
    assert m.playing is None  # the window did not wait for it
    opened.set()
    m.loading.done.wait(10)
    m.follow(None)
    assert m.playing == "menu" and threads and threading.main_thread() not in threads


def test_a_sting_cuts_in_quickly_and_plays_once(mixer):
    m = _music(mixer, 0.5)
    m.follow("table")
    mixer.calls.clear()
    m.follow("win")
    assert mixer.calls[:2] == [(0, "fadeout", music_mod.STING_FADE_MS), (1, "play", "win", 0, 0)]
    mixer.channels[1].busy = False  # the sting is over: it is not played again
    mixer.calls.clear()
    m.follow("win")
    assert [c for c in mixer.calls if c[1] == "play"] == [] and m.playing == "win"
    m.follow("menu")  # the main menu afterwards
    assert mixer.on("menu")


def test_music_off_or_silent_fades_out_and_comes_back(mixer):
    m = _music(mixer)
    m.follow("table")
    mixer.calls.clear()
    m.set_volume(0.0)
    m.follow("table")
    assert mixer.calls == [(0, "fadeout", music_mod.FADE_MS)] and m.playing is None
    mixer.channels[0].busy = False
    m.follow("table")
    assert m.playing is None and m.leaving is None
    m.set_volume(0.4)
    m.follow(None)  # what the screen wanted plays again
    assert m.playing == "table"
    m.set_enabled(False)
    m.follow("table")
    assert m.playing is None


def test_a_mixer_that_refuses_means_silence_and_no_asking_every_frame(mixer, monkeypatch):
    def broken(_path):
        raise music_mod.pygame.error("no device")

    m = Music(load=broken, background=False)
    m.follow("menu")
    assert m.broken and m.playing is None
    m.follow("table")
    assert m.playing is None


def test_no_mixer_yet_means_waiting(monkeypatch):
    monkeypatch.setattr(music_mod.pygame.mixer, "get_init", lambda: None)
    m = Music()
    m.follow("menu")
    assert m.playing is None and not m.broken
