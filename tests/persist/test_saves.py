"""Games in progress on disk (issue 22): two windows on one data folder keep both games (two
Stores in one process, and two real processes, one killed -9); a kill between the replay and
the removal of the save keeps the game once; the old single ``autosave.json`` is moved into
``saves``; ``python -m game.replay`` of a game in progress prints no seed and no card."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.persist import record as rec
from game.persist.session import MatchSaver
from game.persist.stats import compute
from game.persist.store import Store, read_record
from game.persist.writer import BackgroundWriter
from game.ui.core.match_config import MatchConfig
from game.ui.match.controller import MatchController
from tests.support.game_process import run_game, saves_in, wait_for_save
from tests.support.persist_games import play, run_replay


def saved_match(store: Store, writer: BackgroundWriter, seed: int, decisions: int = 3):
    ctl = MatchController(MatchConfig(mode="demo", ai_level="easy", seed=seed))
    ctl.saver = MatchSaver(store, writer)
    ctl.game_id = ctl.saver.game_id
    play(ctl, decisions)
    writer.flush()
    return ctl


def test_two_stores_on_one_folder_keep_both_games_and_lock_each_other_out(tmp_path):
    """Finding 2: each window's decisions go to its own game's file."""
    one, two = Store(tmp_path), Store(tmp_path)
    writer = BackgroundWriter()
    a = saved_match(one, writer, 21)
    b = saved_match(two, writer, 22)
    play(a, 2)
    play(b, 2)
    writer.flush()
    seen = {g.game_id: g for g in Store(tmp_path).saved_games()[0]}
    assert set(seen) == {a.game_id, b.game_id}
    assert seen[a.game_id].record.choices == tuple(a.choices)
    assert seen[b.game_id].record.choices == tuple(b.choices)
    assert all(g.open_elsewhere for g in seen.values())  # both windows still play them
    assert {g.game_id: g.open_elsewhere for g in one.saved_games()[0]} == \
        {a.game_id: False, b.game_id: True}
    assert not two.saves.claim(a.game_id)
    a.saver.close()
    writer.flush()
    assert two.saves.claim(a.game_id)
    writer.close()


def test_a_kill_between_the_replay_and_the_removal_of_the_save_keeps_the_game_once(
        tmp_path, monkeypatch):
    """Finding 4: killed right after the replay was written (the save is never removed)."""
    store, writer = Store(tmp_path), BackgroundWriter()
    ctl = saved_match(store, writer, 23)
    with monkeypatch.context() as m:
        m.setattr(os, "unlink", lambda *a, **k: None)  # the process dies before any removal
        play(ctl)
        writer.flush()
    writer.close()
    assert len(store.replays()) == 1
    after = Store(tmp_path)  # the next start
    assert after.load_autosave() == (None, None)  # nothing to continue (and finish twice)
    assert after.saved_games() == ([], None)
    entries = after.replays()
    assert len(entries) == 1 and compute([e.record for e in entries]).games == 1


def test_a_kill_after_the_end_was_saved_but_before_the_replay_keeps_it_once(tmp_path,
                                                                             monkeypatch):
    store, writer = Store(tmp_path), BackgroundWriter()
    ctl = saved_match(store, writer, 24)

    def killed(self, record, keep=0):
        raise OSError("killed")

    with monkeypatch.context() as m:
        m.setattr(Store, "save_replay", killed)
        play(ctl)
        writer.flush()
    writer.close()
    store.saves.release_all()  # the process is gone, and with it its locks
    assert store.replays() == [] and len(saves_in(tmp_path)) == 1  # the end, in the save
    after = Store(tmp_path)
    assert after.load_autosave() == (None, None)
    assert after.saved_games() == ([], None)
    [entry] = after.replays()
    assert entry.record.choices == tuple(ctl.choices) and entry.record.finished
    assert saves_in(tmp_path) == []


def test_the_old_single_save_is_moved_into_saves_once(tmp_path):
    store, writer = Store(tmp_path), BackgroundWriter()
    ctl = saved_match(store, writer, 25)
    writer.close()
    old = rec.dumps(rec.GameRecord(**{**ctl.record().__dict__, "game_id": ""}))
    [path] = saves_in(tmp_path)
    path.unlink()
    store.autosave_path.write_text(old, encoding="utf-8")
    games, message = Store(tmp_path).saved_games()
    assert message is None and len(games) == 1 and games[0].record.choices == tuple(ctl.choices)
    assert not store.autosave_path.exists() and len(saves_in(tmp_path)) == 1
    assert len(Store(tmp_path).saved_games()[0]) == 1


def test_two_processes_on_one_data_folder_one_killed_keep_both_games(tmp_path):
    """Finding 2, in real processes: kill -9 one while the other plays on; both continue."""
    data = tmp_path / "data"
    # At the normal speed, so that both are still playing when one is killed; at 30 frames a
    # second, since the kill and the saves need no more (1000 kept a core busy drawing).
    # Two short games (10 and 17 decisions of Easy against Easy), which the resumed windows
    # below play to their ends.
    one = run_game(["--seed", "22", "--speed", "1", "--max-fps", "30"], data)
    two = run_game(["--seed", "17", "--speed", "1", "--max-fps", "30"], data)
    try:
        wait_for_save(data, 3, count=2)
        os.kill(one.pid, signal.SIGKILL)
        one.wait(timeout=10)
        records = {r.game_id: r for r in wait_for_save(data, 3, count=2)}
        killed = next(g for g, r in records.items() if r.seed == 22)
        survivor = next(g for g, r in records.items() if r.seed == 17)
        moves = len(records[survivor].choices)
        path = Store(data).saves.path(survivor)
        deadline = time.monotonic() + 60
        while len(read_record(path).choices) < moves + 2:  # the other plays on
            assert time.monotonic() < deadline, "the surviving window stopped saving"
            time.sleep(0.1)
        store = Store(data)
        assert not store.saves.open_elsewhere(killed)  # kill -9 freed its lock
        assert store.saves.open_elsewhere(survivor)
        assert {r.game_id for r in wait_for_save(data, 3, count=2)} == {killed, survivor}
    finally:
        for proc in (one, two):
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
            proc.stdout.close()
            proc.stderr.close()
    for _ in range(2):  # each goes on from where it was, the newest first
        resumed = run_game(["--resume", "--speed", "40", "--exit-after-game"], data)
        out, err = resumed.communicate(timeout=180)
        assert resumed.returncode == 0 and out.splitlines()[-1].startswith("GAME OVER"), err
    assert saves_in(data) == [] and len(list((data / "replays").iterdir())) == 2


def test_the_replay_command_shows_no_seed_and_no_card_of_a_game_in_progress(tmp_path):
    """Finding 15: the seed of a game still being played fixes every hand and draw pile."""
    ctl = MatchController(MatchConfig(mode="hotseat", names=("Ann", "Bob"), seed=987654321))
    for _ in range(4):
        ctl.respond(ctl.pending.options[0])
    path = tmp_path / "game.json"
    path.write_text(rec.dumps(ctl.record()), encoding="utf-8")
    hidden = {ctl.game.card(cid).name for seat in range(2)
              for cid in [*ctl.game.hands[seat], *ctl.game.decks[seat]]}
    for args in ((str(path),), (str(path), "--verify")):
        shown = run_replay(*args)
        assert shown.returncode == 0, shown.stderr
        assert "987654321" not in shown.stdout
        assert not [name for name in hidden if name in shown.stdout], shown.stdout
    assert "in progress" in run_replay(str(path)).stdout


def test_an_unusable_record_path_exits_2_before_any_game(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               MINDBUG_DATA_DIR=str(tmp_path / "data"), PYTHONPATH=str(Path(__file__).parents[2]))
    for bad in (str(tmp_path), "/dev/full", ""):
        proc = subprocess.run([sys.executable, "-m", "game", "--demo", "--exit-after-game",
                               "--record", bad], capture_output=True, text=True, timeout=60,
                              env=env, cwd=Path(__file__).parents[2])
        assert proc.returncode == 2 and "--record" in proc.stderr, (bad, proc.stderr)
        assert not (tmp_path / "data" / "replays").exists()


def test_the_game_just_played_is_listed_and_continued_past_a_hundred_older_games(tmp_path):
    """Issue 41 item 2: ids are random, so 100 older games whose ids sort high must not hide the
    newest game from the list and from Continue (--resume)."""
    import json

    from game.persist.saves import MAX_GAMES

    store = Store(tmp_path)
    writer = BackgroundWriter()
    old = saved_match(store, writer, 31)
    old.saver.close()
    writer.flush()
    text = json.loads(store.saves.path(old.game_id).read_text(encoding="utf-8"))
    store.saves.path(old.game_id).unlink()
    text["date"] = "2020-01-01T00:00:00Z"
    for n in range(MAX_GAMES):
        gid = f"f{n:015x}"
        path = store.saves.path(gid)
        path.write_text(json.dumps(dict(text, game_id=gid)), encoding="utf-8")
        os.utime(path, (1_600_000_000 + n, 1_600_000_000 + n))
    new = saved_match(store, writer, 32)
    new.saver.close()
    writer.flush()
    low = "0" * 16  # sorts before every older id
    store.saves.path(new.game_id).rename(store.saves.path(low))
    assert low in store.saves.ids()
    record, message = Store(tmp_path).load_autosave()
    assert message is None
    assert record is not None and record.game_id == low and record.seed == 32
    writer.close()
