"""Every game in progress kept (issue 22), driven through the real scenes headless: three new
games one after the other all continue from "Games in progress"; a game another window holds
is listed but cannot be continued; Discard asks first; a folder, FIFO or link where the old
single save lived neither blocks saving nor is removed; ``--replay`` of a game in progress is
refused (never all face up); a failed ``--record`` write is said as exactly that."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App, parse_args  # noqa: E402
from game.persist import record as rec  # noqa: E402
from game.persist.store import Store  # noqa: E402
from game.ui.core.match_config import (  # noqa: E402
    MatchConfig,  # noqa: E402
    computer,
    person,
)
from game.ui.kit.menu_overlay import MenuOverlay  # noqa: E402
from game.ui.match.controller import MatchController  # noqa: E402
from game.ui.match.curtain import CurtainScene  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.records.replay_list import ReplaysScene  # noqa: E402
from game.ui.records.viewer import ReplayScene  # noqa: E402
from game.ui.screens.title import TitleScene  # noqa: E402
from tests.support.saved_match import button, click, key, play_until  # noqa: E402
from tests.support.text_spy import record_texts  # noqa: E402

pytestmark = pytest.mark.window('--speed', '20', first_frame=True)


def save_files(store: Store) -> list[Path]:
    return sorted(store.saves.folder.glob("game-*.json"))


def title_of(app: App) -> TitleScene:
    app.ctx.scenes.replace(TitleScene(app.ctx))
    app.step()
    return app.ctx.scenes.top


def open_games(app: App):
    from game.ui.screens.games_in_progress import GamesScene

    title = title_of(app)
    click(app, button(title.row.buttons, "Games in progress").rect.center)
    scene = app.ctx.scenes.top
    assert isinstance(scene, GamesScene)
    return scene


def play_and_leave(app: App, config: MatchConfig, decisions: int = 3) -> tuple:
    scene = MatchScene(app.ctx, config)
    app.ctx.scenes.replace(scene)
    for _ in range(4000):
        if scene.ctl.decision_no >= decisions:
            break
        top = app.ctx.scenes.top
        if isinstance(top, CurtainScene):  # hot seat: the next player is at the screen
            top.update(1.0)
            top._reveal()
        app.step()
        p = scene.ctl.pending
        if p is not None and scene.ctl.is_human(p.seat) and scene.decision_serial == p.serial \
                and app.ctx.scenes.top is scene:
            scene.submit(p.options[0])
    assert scene.ctl.decision_no >= decisions
    scene.to_menu()  # what "Leave" in the leave question does
    app.ctx.writer.flush()
    return scene.ctl.game_id, tuple(scene.ctl.choices)


def test_three_new_games_are_all_kept_and_each_continues_from_the_title(app):
    """Finding 1: a new game never replaces the one in progress."""
    hot = MatchConfig(mode="hotseat", names=("Ann", "Bob"), seed=3)
    teams = MatchConfig.for_seats([person("You"), computer("random"), computer("random"),
                                   computer("random")], "2v2", seed=4)
    easy = MatchConfig(mode="ai", ai_level="easy", seed=5)
    kept = {}
    for config in (hot, teams, easy):
        gid, choices = play_and_leave(app, config)
        kept[gid] = (config, choices)
    assert len(set(kept)) == 3 and len(save_files(app.ctx.store)) == 3
    title = title_of(app)
    labels = [b.text for b in title.row.buttons]
    assert labels[:2] == ["Continue", "Games in progress"]
    for gid, (config, choices) in kept.items():
        games = open_games(app)
        assert len(games.rows) == 3
        index = [r.game_id for r in games.rows].index(gid)
        games._select(index)
        assert games.rows[index].entry.record.choices == choices
        key(app, pygame.K_RETURN)
        match = next(s for s in app.ctx.scenes.stack if isinstance(s, MatchScene))
        assert match.ctl.game_id == gid and tuple(match.ctl.choices[:len(choices)]) == choices
        assert match.config.mode == config.mode and match.ctl.game.rules == config.rules
        if config.mode == "hotseat":  # a hot-seat game goes on behind its curtain
            assert isinstance(app.ctx.scenes.top, CurtainScene)
        match.to_menu()
        app.ctx.writer.flush()
    assert len(save_files(app.ctx.store)) == 3  # continuing one discards none


def test_a_game_another_window_holds_is_listed_but_cannot_be_continued(app):
    """Finding 2: a game is locked while one window plays it."""
    gid, _ = play_and_leave(app, MatchConfig(mode="ai", ai_level="random", seed=7))
    other = Store(app.ctx.store.root)  # the second window on the same data folder
    assert other.saves.claim(gid)
    title = title_of(app)
    assert "Continue" not in [b.text for b in title.row.buttons]
    games = open_games(app)
    assert [r.entry.open_elsewhere for r in games.rows] == [True]
    key(app, pygame.K_RETURN)
    assert app.ctx.scenes.top is games and "another window" in games.message
    other.saves.release(gid)  # that window closed (or was killed: the OS frees the lock)
    title = title_of(app)
    click(app, button(title.row.buttons, "Continue").rect.center)
    match = app.ctx.scenes.top
    assert isinstance(match, MatchScene) and match.ctl.game_id == gid
    assert Store(app.ctx.store.root).saves.open_elsewhere(gid)  # now this window holds it


def test_discard_asks_first_and_only_then_deletes(app):
    gid, _ = play_and_leave(app, MatchConfig(mode="ai", ai_level="random", seed=8))
    games = open_games(app)
    key(app, pygame.K_DELETE)
    ask = app.ctx.scenes.top
    assert isinstance(ask, MenuOverlay) and ask.title == "Discard this game?"
    key(app, pygame.K_ESCAPE)  # kept
    assert app.ctx.scenes.top is games and len(save_files(app.ctx.store)) == 1
    key(app, pygame.K_DELETE)
    click(app, button(app.ctx.scenes.top.row.buttons, "Discard game").rect.center)
    assert app.ctx.scenes.top is games and games.rows == []
    assert save_files(app.ctx.store) == []
    assert "Games in progress" not in [b.text for b in title_of(app).row.buttons]


def finish(app: App, scene: MatchScene, limit: int = 20000) -> None:
    for _ in range(limit):
        app.step()
        if scene.over_shown:
            return
    raise AssertionError("the game did not end")


def make_foreign(path: Path, kind: str, elsewhere: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        elsewhere.write_text("someone else's file", encoding="utf-8")
        path.symlink_to(elsewhere)


@pytest.mark.parametrize("kind", ["folder", "fifo", "symlink"])
def test_a_foreign_thing_where_the_old_save_lived_blocks_nothing_and_is_left_alone(
        app, tmp_path, kind, monkeypatch):
    """Finding 13: no message at every start, no "Could not save", nothing unlinked."""
    store = app.ctx.store
    make_foreign(store.autosave_path, kind, tmp_path / "elsewhere.txt")
    mode = os.lstat(store.autosave_path).st_mode
    title = title_of(app)
    assert not title.message
    drawn = record_texts(monkeypatch)
    scene = MatchScene(app.ctx, MatchConfig(mode="demo", ai_level="random", seed=9))
    app.ctx.scenes.replace(scene)
    play_until(app, scene, 3)
    app.ctx.writer.flush()
    assert app.ctx.writer.last_error is None and len(save_files(store)) == 1
    finish(app, scene)
    app.ctx.writer.flush()
    assert not any("Could not save" in t for t in drawn)
    assert stat.S_IFMT(os.lstat(store.autosave_path).st_mode) == stat.S_IFMT(mode)
    if kind == "symlink":
        assert (tmp_path / "elsewhere.txt").read_text(encoding="utf-8") == "someone else's file"
    assert len(store.replays()) == 1 and save_files(store) == []
    assert not title_of(app).message


@pytest.mark.parametrize("kind", ["file", "fifo", "symlink"])
def test_a_saves_name_that_is_not_our_folder_moves_the_saves_aside(app, tmp_path, kind):
    store = app.ctx.store
    saves = store.root / "saves"
    if kind == "file":
        store.root.mkdir(parents=True, exist_ok=True)
        saves.write_text("not a folder", encoding="utf-8")
    else:
        make_foreign(saves, kind, tmp_path / "elsewhere.txt")
    gid, _ = play_and_leave(app, MatchConfig(mode="ai", ai_level="random", seed=10))
    assert store.saves.path(gid).parent.name == "saves-2"
    assert os.path.lexists(saves) and not saves.is_dir() or kind == "symlink"
    if kind == "symlink":
        assert saves.is_symlink() and (tmp_path / "elsewhere.txt").is_file()


def unfinished_save(tmp_path: Path, mode: str = "hotseat") -> tuple[Path, MatchController]:
    ctl = MatchController(MatchConfig(mode=mode, names=("Ann", "Bob"), ai_level="random", seed=12))
    for _ in range(4):
        ctl.respond(ctl.pending.options[0])
    path = tmp_path / "game-in-progress.json"
    path.write_text(rec.dumps(ctl.record()), encoding="utf-8")
    return path, ctl


def test_replay_flag_refuses_a_game_in_progress(tmp_path):
    """Finding 15: never a hot-seat game all face up."""
    path, _ = unfinished_save(tmp_path)
    a = App(parse_args(["--settings", str(tmp_path / "s.json"), "--replay", str(path)]))
    try:
        assert not any(isinstance(s, ReplayScene) for s in a.ctx.scenes.stack)
        top = a.ctx.scenes.top
        assert isinstance(top, TitleScene) and "game in progress" in top.message
    finally:
        a.close(quit_pygame=False)


def test_a_game_in_progress_among_the_replays_does_not_open_face_up(app, tmp_path):
    _, ctl = unfinished_save(tmp_path)
    store = app.ctx.store
    store.replays_dir.mkdir(parents=True, exist_ok=True)
    (store.replays_dir / "replay-20260101-000000-12.json").write_text(rec.dumps(ctl.record()))
    replays = ReplaysScene(app.ctx)
    app.ctx.scenes.push(replays)
    assert replays.loading.wait(30)  # the list is read in the background
    replays.open(0)
    assert app.ctx.scenes.top is replays and "game in progress" in replays.message


def test_a_record_file_that_fails_at_the_end_is_said_as_that_and_the_replay_is_kept(app, tmp_path):
    """Finding 3: the store keeps the game first; the game-over box names FILE, not lost moves."""
    target = tmp_path / "record.json"
    app.ctx.record_path = target
    scene = MatchScene(app.ctx, MatchConfig(mode="demo", ai_level="random", seed=13))
    app.ctx.scenes.replace(scene)
    target.mkdir()  # the file's place taken after the start (checked there): the write fails
    finish(app, scene)
    box = app.ctx.scenes.top
    assert isinstance(box, MenuOverlay)
    said = " ".join(box.lines)
    assert "could not be written to" in said and str(target) in said and "Replays" in said
    assert "loses the last moves" not in said and app.ctx.writer.last_error is None
    assert len(app.ctx.store.replays()) == 1


@pytest.mark.parametrize("bad", ["", "folder", "/dev/full", "missing/x.json"])
def test_an_unusable_record_path_is_refused_before_the_game(tmp_path, bad, capsys):
    if bad == "folder":
        bad = str(tmp_path)
    elif bad == "missing/x.json":
        bad = str(tmp_path / bad)
    with pytest.raises(SystemExit) as exit_:
        parse_args(["--record", bad])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "argument --record" in err and "Traceback" not in err


def test_a_learning_match_is_never_saved(app):
    from game.engine import new_game
    from game.persist.rebuild import load_db

    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", seed=5),
                       game=new_game(load_db(), seed=5))
    app.ctx.scenes.replace(scene)
    play_until(app, scene, 3)
    app.ctx.writer.flush()
    assert save_files(app.ctx.store) == [] and not app.ctx.store.saves.folder.exists()


def unwritable_data(tmp_path: Path) -> Path:
    """A data folder nothing can be written to, even by root: its path goes through a file."""
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    return blocker / "data"


def test_a_data_folder_that_cannot_be_written_is_said_in_the_window(app, tmp_path):
    """Issue 41 item 5: the red box while playing, and the game-over box says the game was not
    kept, instead of a game silently never saved (it was taken for one open elsewhere)."""
    from game.ui.match import save_warning

    app.ctx.store = Store(unwritable_data(tmp_path))
    scene = MatchScene(app.ctx, MatchConfig(mode="demo", ai_level="random", seed=13))
    app.ctx.scenes.replace(scene)
    play_until(app, scene, 3)
    assert app.ctx.writer.flush() and app.ctx.writer.last_error == "Not a directory"
    assert save_warning.lines(app.ctx, scene.ctl.recordable)  # the red box over the log
    finish(app, scene)
    box = app.ctx.scenes.top
    assert isinstance(box, MenuOverlay)
    assert "could not be kept in Replays" in " ".join(box.lines)


def game_process(data: Path, settings: Path, *args: str, limit_file_size: bool = False):
    import subprocess
    import sys

    def no_file_may_grow() -> None:  # a full disk, for root as for anyone
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))

    root = Path(__file__).resolve().parents[3]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               MINDBUG_DATA_DIR=str(data), PYTHONPATH=str(root), PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run([sys.executable, "-m", "game", "--demo", "--level", "easy", "--speed",
                           "100", "--max-fps", "1000", "--settings", str(settings), *args],
                          cwd=root, env=env, capture_output=True, text=True, timeout=120,
                          preexec_fn=no_file_may_grow if limit_file_size else None)
    return proc


def test_a_game_that_cannot_be_kept_says_so_on_the_command_line(tmp_path):
    """Issue 41 item 5: not READY, GAME OVER and exit 0 with neither a save nor a replay."""
    proc = game_process(unwritable_data(tmp_path), tmp_path / "s.json", "--seed", "1",
                        "--exit-after-game")
    assert "GAME OVER" in proc.stdout
    assert "This game could not be kept in Replays (Not a directory)." in proc.stderr
    assert proc.returncode == 1 and "Traceback" not in proc.stderr


@pytest.mark.skipif(os.name != "posix", reason="a file size limit stands for the full disk")
def test_resumed_moves_that_cannot_be_saved_are_said_on_the_command_line(tmp_path):
    data = tmp_path / "data"
    first = game_process(data, tmp_path / "s.json", "--seed", "3", "--quit-after", "3")
    assert first.returncode == 0, first.stderr[-2000:]
    [save] = sorted((data / "saves").glob("game-*.json"))
    before = save.read_bytes()
    again = game_process(data, tmp_path / "s.json", "--resume", "--quit-after", "3",
                         limit_file_size=True)
    assert "QUIT after 3 decisions" in again.stdout
    assert "Could not save the game (File too large): its last moves are lost." in again.stderr
    assert again.returncode == 1 and save.read_bytes() == before
