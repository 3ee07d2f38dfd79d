"""Issue 22, finding 8: the Replays list and the Statistics screen never read the kept games
on the window's thread (200 files of 2 MB froze it for 23-27 s in one frame). The open and the
first frame read nothing; a background thread fills them; a file over the replay cap is one
line, never parsed. (The open time for 200 big files: ``python bench/replays_open.py``.)"""

from __future__ import annotations

import threading

import pytest  # noqa: E402

from game.persist import record as rec  # noqa: E402
from game.persist import store as store_mod  # noqa: E402
from game.persist.stats import compute  # noqa: E402
from game.ui.records.replay_list import ReplaysScene  # noqa: E402
from game.ui.records.statistics import StatsScene  # noqa: E402
from tests.support.records import finished_record  # noqa: E402

pytestmark = pytest.mark.window('--speed', '20', first_frame=True, keep_ai_pause=True)


@pytest.fixture
def kept(app):
    record = finished_record(seed=12)
    seats = (rec.SeatInfo("person", None, "You"), rec.SeatInfo("computer", "hard", "Bot"))
    for i in range(3):
        app.ctx.store.save_replay(rec.GameRecord("1v1", "ai", record.seed, seats, record.choices,
                                                 cards=record.cards, date=f"2026-01-0{i + 1}T10:00:00Z",
                                                 result=record.result))
    return record


@pytest.fixture
def gate(monkeypatch):
    """Every replay read waits for ``gate.open`` and notes the thread it ran on."""
    opened = threading.Event()
    threads: list[threading.Thread] = []
    real = store_mod.read_record

    def held(path, verify=False, max_bytes=store_mod.MAX_FILE_BYTES):
        threads.append(threading.current_thread())
        if threading.current_thread() is threading.main_thread():
            return real(path, verify, max_bytes)  # (the viewer's one file, when a row opens)
        assert opened.wait(30)
        return real(path, verify, max_bytes)

    monkeypatch.setattr(store_mod, "read_record", held)
    yield opened, threads
    opened.set()


@pytest.mark.parametrize("make", [ReplaysScene, StatsScene], ids=["replays", "statistics"])
def test_the_screen_opens_and_draws_without_reading_a_replay(app, kept, gate, make):
    opened, threads = gate
    scene = make(app.ctx)
    app.ctx.scenes.push(scene)
    app.step()
    app.step()  # two frames drawn while every read is held up: the window does not wait
    assert scene.animating and not scene.loading.done
    assert threading.main_thread() not in threads
    if make is ReplaysScene:
        assert len(scene.entries) == 0
    else:
        assert scene.stats.games == 0 and not scene.loaded
    opened.set()
    assert scene.loading.wait(30)
    app.step()
    assert threading.main_thread() not in threads and len(threads) == 3
    if make is ReplaysScene:
        assert [e.record.date[:10] for e in scene.entries] == ["2026-01-03", "2026-01-02", "2026-01-01"]
        assert all(e.record.choices == () for e in scene.entries)  # a row keeps no moves
    else:
        assert scene.loaded and scene.stats.games == 3 and len(scene.stats.recent) == 3
    assert not scene.animating


def test_a_row_opens_the_whole_game_read_again(app, kept):
    scene = ReplaysScene(app.ctx)
    app.ctx.scenes.push(scene)
    assert scene.loading.wait(30)
    scene.open(0)
    viewer = app.ctx.scenes.top
    assert viewer is not scene and viewer.record.choices == kept.choices


def test_leaving_the_list_stops_the_reading(app, kept, gate):
    opened, threads = gate
    scene = ReplaysScene(app.ctx)
    app.ctx.scenes.push(scene)
    app.step()
    app.ctx.scenes.remove(scene)
    opened.set()
    assert scene.loading.wait(30)
    assert len(threads) == 1 and len(scene.entries) <= 1  # the file being read, then no more


def test_a_replay_over_the_cap_is_a_line_and_never_parsed(app, kept, monkeypatch):
    big = app.ctx.store.replays_dir / "replay-20260105-100000-1.json"
    big.write_bytes(b"[" + b" " * store_mod.REPLAY_MAX_BYTES + b"]")
    parsed = []
    real = rec.loads
    monkeypatch.setattr(store_mod, "loads", lambda text, name: parsed.append(name) or real(text, name))
    entries = app.ctx.store.replays()
    assert len(entries) == 4 and entries[0].record is None and big.name in entries[0].error
    assert big.name not in parsed
    assert store_mod.REPLAY_MAX_BYTES < store_mod.MAX_FILE_BYTES


def test_statistics_keep_only_the_recent_records_however_many_are_read(kept):
    import weakref

    alive: weakref.WeakSet = weakref.WeakSet()
    most = []

    def records():
        for i in range(50):
            r = rec.GameRecord(kept.rules, "ai", i, kept.seats, kept.choices, cards=kept.cards,
                               date=f"2026-02-01T10:{i:02d}:00Z", result=kept.result)
            most.append(len(alive))
            alive.add(r)
            yield r
            del r

    stats = compute(records(), recent=4)
    assert stats.games == 50 and [r.seed for r in stats.recent] == [49, 48, 47, 46]
    assert max(most) <= 5  # one file at a time and the four newest, never all fifty
