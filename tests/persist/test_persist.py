"""Saves and replays: round trips at many points of seeded games, deterministic computer players
after a resume, every bad file's one-line message, the background writer, the replay store and
the statistics."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.persist import record as rec
from game.persist.rebuild import check_result, rebuild
from game.persist.record import Choice, GameRecord, RecordError, Result, SeatInfo
from game.persist.session import MatchSaver
from game.persist.stats import card_names, compute
from game.persist.store import Store, read_record
from game.persist.writer import BackgroundWriter
from game.ui.core.match_config import MatchConfig, config_for_record
from game.ui.match.controller import MatchController
from tests.support.engine_helpers import snapshot
from tests.support.persist_games import (
    ROOT,  # noqa: F401
    play,
    run_replay,
)


def finished_game(seed: int, rules: str = "1v1", level: str = "easy") -> MatchController:
    ctl = MatchController(MatchConfig(mode="demo", ai_level=level, seed=seed, rules=rules))
    play(ctl)
    return ctl


# ---------------------------------------------------------------------------------------------
# Round trips
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules,seed", [("1v1", 11), ("1v1", 12), ("2v2", 13)])
def test_save_at_any_decision_rebuilds_the_same_state(rules, seed):
    ctl = finished_game(seed, rules)
    full = ctl.record()
    states = []
    rebuild(full, on_choice=lambda i, g: states.append(snapshot(g)))
    kinds = set()
    for k in range(len(full.choices)):
        partial = replace(full, choices=full.choices[:k], result=None)
        again = rec.loads(rec.dumps(partial))
        assert again == partial
        game = rebuild(again).game
        assert snapshot(game) == states[k], f"decision {k} differs after a save"
        kinds.add(game.pending.kind)
    # the games pass through decisions in the middle of effects, not only main actions
    assert kinds & {"choose", "order", "opponent", "hunt"}, kinds
    assert rebuild(full).game.winner == full.result.winner


@pytest.mark.parametrize("rules,seed,level", [("1v1", 21, "easy"), ("2v2", 22, "easy"),
                                              ("1v1", 23, "random")])
def test_resumed_computer_players_finish_the_game_exactly_as_without_the_break(rules, seed, level):
    original = finished_game(seed, rules, level)
    total = len(original.choices)
    for cut in sorted({1, 3, total // 3, total // 2, total - 1}):
        first = MatchController(MatchConfig(mode="demo", ai_level=level, seed=seed, rules=rules))
        play(first, cut)
        saved = rec.loads(rec.dumps(first.record()))
        # fresh controller, fresh agents, fresh process-level counters: only the file carries over
        resumed = MatchController(config_for_record(saved), resume=saved)
        play(resumed)
        assert resumed.choices == original.choices, f"the game went differently after {cut}"


def test_hot_seat_and_vs_computer_seats_are_recorded():
    ctl = MatchController(MatchConfig(mode="ai", ai_level="hard", names=("Ann", "Bot"), seed=4))
    seats = ctl.record().seats
    assert seats == (SeatInfo("person", None, "Ann"), SeatInfo("computer", "hard", "Bot"))
    ctl = MatchController(MatchConfig(mode="hotseat", names=("A", "B"), seed=4))
    assert [s.kind for s in ctl.record().seats] == ["person", "person"]


# ---------------------------------------------------------------------------------------------
# Bad files: each one line, nothing lost
# ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def good_text() -> str:
    return rec.dumps(finished_game(31).record())


def bad_variants(good: str) -> dict[str, tuple[str, str]]:
    data = json.loads(good)

    def edit(**changes) -> str:
        return json.dumps({**data, **changes})

    illegal = [dict(c) for c in data["choices"]]
    illegal[2] = {**illegal[2], "verb": "attack", "card": 47, "label": "attack nothing"}
    wrong_seat = [dict(c) for c in data["choices"]]
    wrong_seat[0] = {**wrong_seat[0], "by": 1 - wrong_seat[0]["by"]}
    return {
        "truncated": (good[: len(good) // 2], "cut short (truncated)"),
        "not json": ("this is not json at all", "not valid JSON"),
        "binary": ("\x00\x01garbage", "binary data"),
        "newer": (edit(version=rec.SETUP_VERSION + 1), "made by a newer version of the game"),
        "cards": (edit(cards="0123456789abcdef"), "made with different card data"),
        "illegal": (edit(choices=illegal), "choice 3 (attack nothing) is not a legal choice"),
        "wrong seat": (edit(choices=wrong_seat), "choice 1 (" ),
        "not ours": (json.dumps({"hello": 1}), "not a Mindbug save or replay"),
        "bad verb": (edit(choices=[{**data["choices"][0], "verb": "explode"}]),
                     "choice 1's verb 'explode' is not one of"),
        "absurd card": (edit(choices=[{**data["choices"][0], "card": 10**12}]),
                        "choice 1's card is not a whole number"),
        "wrong end": (edit(result={"winner": 1 - data["result"]["winner"], "reason": "life",
                                   "turns": data["result"]["turns"]}), "replays to a different end"),
    }


def test_every_bad_file_is_one_clear_line(tmp_path, good_text):
    for name, (text, expected) in bad_variants(good_text).items():
        path = tmp_path / "game.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(RecordError) as info:
            read_record(path, verify=True)
        message = str(info.value)
        assert expected in message, f"{name}: {message}"
        assert message.startswith("game.json cannot be used") or "game.json" in message, message
        assert "\n" not in message and len(message) < 200, f"{name}: {message}"
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(RecordError, match="not a regular file"):
        read_record(tmp_path / "folder.json")


def test_a_good_file_passes_verify(tmp_path, good_text):
    path = tmp_path / "game.json"
    path.write_text(good_text, encoding="utf-8")
    record = read_record(path, verify=True)
    check_result(record, rebuild(record).game)


def test_a_broken_autosave_is_set_aside_never_deleted(tmp_path, good_text):
    store = Store(tmp_path)
    store.root.mkdir(exist_ok=True)
    broken = good_text[:-40]
    store.autosave_path.write_text(broken, encoding="utf-8")
    record, message = store.load_autosave()
    assert record is None
    assert message.startswith("The saved game could not be continued: autosave.json cannot be used")
    assert "\n" not in message
    assert not store.autosave_path.exists()
    kept = list(tmp_path.glob("autosave.broken-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == broken
    assert kept[0].name in message
    assert store.load_autosave() == (None, None)


def test_a_finished_autosave_is_not_offered_and_an_unfinished_one_is(tmp_path):
    store = Store(tmp_path)
    ctl = MatchController(MatchConfig(mode="demo", ai_level="easy", seed=41))
    play(ctl, 5)
    store.root.mkdir(exist_ok=True)
    store.autosave_path.write_text(rec.dumps(ctl.record()), encoding="utf-8")
    record, message = store.load_autosave()
    assert message is None and record.choices == tuple(ctl.choices)


# ---------------------------------------------------------------------------------------------
# Writing off the frame path
# ---------------------------------------------------------------------------------------------
def test_the_writer_coalesces_and_keeps_the_newest(tmp_path):
    writer = BackgroundWriter()
    path = tmp_path / "a.json"
    calls = []

    def text(n: int) -> str:
        calls.append(n)
        return str(n)

    with writer._cond:  # hold the thread back so the requests pile up
        for n in range(50):
            writer.write_text(path, lambda n=n: text(n))
    assert writer.flush()
    assert path.read_text() == "49"
    assert calls == [49]
    writer.close()


def test_a_failing_write_is_remembered_and_the_writer_goes_on(tmp_path):
    writer = BackgroundWriter()
    (tmp_path / "dir.json").mkdir()
    writer.write_text(tmp_path / "dir.json", lambda: "x")
    writer.flush()
    # The OS's reason alone: the window words the rest in the player's language.
    assert writer.last_error and "Could not save" not in writer.last_error
    writer.write_text(tmp_path / "ok.json", lambda: "y")
    writer.flush()
    assert (tmp_path / "ok.json").read_text() == "y" and writer.last_error is None
    writer.close()


def test_a_job_that_writes_nothing_does_not_hide_a_failed_save(tmp_path):
    """Issue 41 item 5: freeing a game's lock after its save failed must not clear the error
    (the window, or the command line at close, says the moves were lost)."""
    writer = BackgroundWriter()
    (tmp_path / "dir.json").mkdir()
    writer.write_text(tmp_path / "dir.json", lambda: "x")
    writer.submit("release", lambda: None, writes=False)
    writer.flush()
    assert writer.last_error
    writer.close()


def test_the_match_saver_autosaves_then_keeps_the_replay(tmp_path):
    store = Store(tmp_path)
    writer = BackgroundWriter()
    out = tmp_path / "record.json"
    ctl = MatchController(MatchConfig(mode="demo", ai_level="easy", seed=51))
    ctl.saver = MatchSaver(store, writer, record_path=out)
    play(ctl, 4)
    writer.flush()
    save = store.saves.path(ctl.saver.game_id)
    saved = read_record(save)
    assert saved.choices == tuple(ctl.choices) and not saved.finished
    assert saved.game_id == ctl.saver.game_id
    play(ctl)
    writer.flush()
    assert not save.exists() and not store.autosave_path.exists()
    replays = store.replays()
    assert len(replays) == 1 and replays[0].record.result.winner == ctl.game.winner
    assert read_record(out, verify=True).choices == tuple(ctl.choices)
    writer.close()


def test_a_set_up_position_is_never_saved(tmp_path):
    from game.engine import new_game
    from game.persist.rebuild import load_db

    ctl = MatchController(MatchConfig(mode="demo", ai_level="easy", seed=5),
                          game=new_game(load_db(), seed=5))
    writer = BackgroundWriter()
    ctl.saver = MatchSaver(Store(tmp_path), writer)
    play(ctl, 3)
    writer.flush()
    assert not (tmp_path / "autosave.json").exists() and not (tmp_path / "saves").exists()
    writer.close()


# ---------------------------------------------------------------------------------------------
# Replay store and statistics
# ---------------------------------------------------------------------------------------------
def fake(seed: int, winner: int, level: str = "hard", date: str = "2026-01-01T00:00:00Z",
         choices: tuple = ()) -> GameRecord:
    seats = (SeatInfo("person", None, "You"), SeatInfo("computer", level, "Bot"))
    return GameRecord("1v1", "ai", seed, seats, choices, cards=rec.card_fingerprint(), date=date,
                      result=Result(winner, "life", 9))


def test_the_store_keeps_the_newest_and_prunes_the_oldest(tmp_path):
    store = Store(tmp_path)
    for i in range(7):
        store.save_replay(fake(i, 0, date=f"2026-01-0{i + 1}T10:00:00Z"), keep=5)
    seeds = [e.record.seed for e in store.replays()]
    assert seeds == [6, 5, 4, 3, 2]
    assert rec.VERSION == 2 and len(list(store.replays_dir.iterdir())) == 5


def test_statistics_per_level_and_per_card():
    names = card_names()
    bee = next(cid for cid, n in names.items() if n == "Killer Bee")
    plays = (Choice(0, "play", bee, None, "play Killer Bee"),)
    records = [fake(1, 0, "hard", choices=plays), fake(2, 0, "hard"), fake(3, 1, "hard"),
               fake(4, 0, "hard", choices=plays), fake(5, 1, "easy", choices=plays)]
    stats = compute(records, names)
    hard = stats.levels["hard"]
    assert (hard.games, hard.wins, hard.best_streak) == (4, 3, 2)
    assert hard.win_rate == 0.75
    assert stats.levels["easy"].wins == 0
    assert (stats.cards["Killer Bee"].played, stats.cards["Killer Bee"].won) == (3, 2)
    assert [r.seed for r in stats.recent] == [5, 4, 3, 2, 1]


def test_statistics_keep_1v1_and_2v2_apart():
    def team_game(seed: int, winner: int) -> GameRecord:
        seats = (SeatInfo("person", None, "You"), SeatInfo("computer", "hard", "Basil"),
                 SeatInfo("computer", "hard", "Cleo"), SeatInfo("computer", "hard", "Dex"))
        return GameRecord("2v2", "ai", seed, seats, (), cards=rec.card_fingerprint(),
                          date="2026-01-01T00:00:00Z", result=Result(winner, "life", 9))

    stats = compute([fake(1, 0), fake(2, 1), team_game(3, 0), team_game(4, 0), team_game(5, 1)],
                    card_names())
    one, team = stats.levels["hard"], stats.team_levels["hard"]
    assert (one.games, one.wins) == (2, 1)
    assert (team.games, team.wins, team.best_streak) == (3, 2, 2)




def test_replay_command_line(tmp_path, good_text):
    path = tmp_path / "r.json"
    path.write_text(good_text, encoding="utf-8")
    data = json.loads(good_text)
    shown = run_replay(str(path))
    assert shown.returncode == 0 and shown.stdout.startswith("Replay: 1v1")
    ok = run_replay(str(path), "--verify")
    assert ok.returncode == 0
    assert ok.stdout.strip() == f"OK winner={data['result']['winner']} turns={data['result']['turns']}"
    path.write_text(good_text[:100], encoding="utf-8")
    bad = run_replay(str(path), "--verify")
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr.strip() == "mindbug replay: r.json cannot be used: it is cut short (truncated)"


def test_a_hot_seat_save_resumes_as_hot_seat_with_its_names():
    ctl = MatchController(MatchConfig(mode="hotseat", names=("Ann", "Bob"), seed=61))
    for _ in range(3):
        ctl.respond(ctl.pending.options[0])
    saved = rec.loads(rec.dumps(ctl.record()))
    resumed = MatchController(config_for_record(saved), resume=saved)
    assert resumed.humans == {0, 1} and resumed.name(1) == "Bob"
    assert snapshot(resumed.game) == snapshot(ctl.game)


def test_resumed_2v2_config_keeps_every_seat():
    """A saved 2v2 game comes back with each seat's person or computer level, not only seat 0's."""
    from game.ui.core.match_config import MatchConfig, computer, config_for_record, person
    from game.ui.match.controller import MatchController

    config = MatchConfig.for_seats([person("Ann"), computer("hard"), person("Cy"), computer("easy")],
                                   rules="2v2", seed=5)
    record = MatchController(config).record()
    back = config_for_record(record)
    assert [(s.kind, s.level if s.kind == "computer" else None, s.name) for s in back.seat_list()] == \
        [(s.kind, s.level if s.kind == "computer" else None, s.name) for s in config.seat_list()]
    assert back.mode == "hotseat" and back.rules == "2v2" and back.seed == 5
    demo = config_for_record(record, demo_level="random")
    assert all(s.kind == "computer" and s.level == "random" for s in demo.seat_list())
