"""bench/view_ab.py loads an older view.py beside the engine's and times both through the
same State.view() entry point."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import State, new_game
from tests.support.engine_helpers import db

ROOT = Path(__file__).resolve().parents[2]


def test_view_ab_starts() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "view_ab.py"), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "usage:" in result.stdout


def test_view_ab_refuses_a_missing_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    from bench import view_ab

    with pytest.raises(SystemExit) as exit_info:
        view_ab.main([str(ROOT / "no-such-view.py")])
    assert exit_info.value.code == 2
    assert "cannot load" in capsys.readouterr().err


def test_the_old_side_is_the_loaded_file(monkeypatch: pytest.MonkeyPatch) -> None:
    # Any view.py will do as "old": here this tree's own, so both sides must agree exactly.
    monkeypatch.syspath_prepend(str(ROOT))
    from bench import view_ab

    view_ab.load_old_view(str(ROOT / "game" / "engine" / "view.py"))
    old = sys.modules[view_ab.OLD_NAME]
    g = new_game(db(), 4)
    seat = g.pending.seat
    a, b = view_ab.old_state_view(g, seat), State.view(g, seat)
    assert type(a) is old.View and type(b) is not old.View
    assert a.unseen == b.unseen and a.state.hands == b.state.hands


def test_the_counted_run_calls_the_side_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    from bench import view_ab

    calls = []
    monkeypatch.setattr(view_ab, "run_calls", lambda states, n: calls.append((State.view, n)))
    new_view = State.view
    for side in ("old", "new"):
        assert view_ab.main([str(ROOT / "game" / "engine" / "view.py"), "--count", side,
                             "--calls", "3", "--decisions", "1v1"]) == 0  # fmt: skip
        assert State.view is new_view  # put back, whichever side ran
    assert calls == [(view_ab.old_state_view, 3), (new_view, 3)]


def test_instructions_without_valgrind_is_a_clear_message(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    from bench import view_ab

    monkeypatch.setattr(view_ab.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit) as exit_info:
        view_ab.main([str(ROOT / "game" / "engine" / "view.py"), "--instructions"])
    assert exit_info.value.code == 2
    assert "needs valgrind" in capsys.readouterr().err
