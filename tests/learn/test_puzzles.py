"""Puzzles: every file is a passing scenario with a title, a goal and a difficulty, its
solution reaches the goal whatever the opponent answers, and the puzzles ship."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.common import resources
from game.learn import puzzles
from game.learn.puzzles import (
    DIFFICULTIES,
    GOALS,
    LEAD,
    SURVIVE,
    WIN,
    Goal,
    PuzzleError,
    forced,
    list_puzzles,
    load_puzzle,
    winning_first_moves,
)
from game.scenarios import run_file
from game.scenarios.__main__ import main as scenarios_main

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "data" / "puzzles"
PUZZLES = list_puzzles(FOLDER)


def test_at_least_15_puzzles_with_every_goal_and_difficulty():
    assert len(PUZZLES) >= 15
    assert {p.goal for p in PUZZLES} == set(GOALS)
    assert {p.difficulty for p in PUZZLES} == set(DIFFICULTIES)
    assert len({p.title for p in PUZZLES}) == len(PUZZLES), "titles must be unique"
    assert len(PUZZLES) == len(list(FOLDER.glob("*.yaml"))), "every file is a puzzle"


def test_every_puzzle_has_its_metadata():
    for p in PUZZLES:
        assert p.title and "\n" not in p.title, p.path
        assert p.goal in GOALS, p.path
        assert p.difficulty in DIFFICULTIES, p.path
        assert p.hint, p.path


def test_every_puzzle_has_a_german_title_and_hint_naming_the_german_cards():
    from game.cards import load_cards

    english_only = [d.name for d in load_cards().defs if d.name != d.name_de]
    for p in PUZZLES:
        assert p.title_de and p.hint_de, p.path
        assert p.title_in("de") == p.title_de and p.title_in("en") == p.title
        assert p.hint_in("de") == p.hint_de and p.hint_in("en") == p.hint
        for name in english_only:
            assert name not in p.title_de + " " + p.hint_de, (p.path, name)


def test_german_falls_back_to_english_where_none_is_written(tmp_path):
    p = load_puzzle(write(tmp_path, GOOD))
    assert (p.title_in("de"), p.hint_in("de")) == ("A puzzle", "Attack.")


def test_puzzles_are_listed_easiest_first():
    order = [DIFFICULTIES.index(p.difficulty) for p in PUZZLES]
    assert order == sorted(order)


def test_the_runner_proves_every_puzzle_solvable(capsys):
    assert scenarios_main([str(FOLDER)]) == 0
    out = capsys.readouterr().out
    assert f"{len(PUZZLES)} passed, 0 failed" in out
    for p in PUZZLES:
        assert f"PASS {p.title}" in out


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.key)
def test_the_expectations_are_the_goal_reached(puzzle):
    """Replaying the file's steps reaches the goal, and `expect` says so in the runner's terms."""
    (result,) = run_file(puzzle.path)
    assert result.passed, result.reason
    g = puzzle.position()
    goal = Goal(puzzle.goal, puzzle.solver)
    assert goal.status(g) is None
    steps = puzzle.steps()
    for i, step in enumerate(steps, 1):
        label = step["do"] if isinstance(step, dict) else step
        g.respond(g.option_for(label))
        if i < len(steps):
            assert goal.status(g) is None, f"decided before the last step: {label}"
    assert goal.status(g) is True
    expect = puzzle.doc()["expect"]
    if puzzle.goal == WIN:
        assert expect["winner"] == puzzle.solver
    else:
        assert expect["winner"] == "none"
    if puzzle.goal == SURVIVE:
        assert expect["turn"] == puzzle.solver
    if puzzle.goal == LEAD:
        mine, theirs = (len(seat["play"]) for seat in expect["players"])
        assert expect["turn"] != puzzle.solver and mine > theirs


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.key)
def test_the_solution_wins_whatever_the_opponent_answers_and_is_not_the_only_move(puzzle):
    g = puzzle.position()
    goal = Goal(puzzle.goal, puzzle.solver)
    wins = winning_first_moves(g, goal)
    first = puzzle.steps()[0]
    first = first["do"] if isinstance(first, dict) else first
    assert first in wins, f"{first!r} is not a forced line (forced: {wins})"
    # a puzzle: some move that looks possible does not reach the goal
    assert len(wins) < len(g.pending.options), f"every first move works: {wins}"


def test_the_goal_fails_when_the_turn_passes_without_the_win():
    p = next(p for p in PUZZLES if p.key.endswith("twice-is-nice"))
    g = p.position()
    goal = Goal(WIN, p.solver)
    g.respond(g.option_for("attack Gorillion"))  # blocked by the Bee Bear: no damage
    g.respond(g.option_for("block Bee Bear"))
    assert goal.status(g) is False
    assert goal.status(g) is False  # decided once, stays decided
    assert not forced(g, Goal(WIN, p.solver))


def test_survive_is_reached_only_after_the_opponents_turn():
    p = next(p for p in PUZZLES if p.key.endswith("poison-wall"))
    g = p.position()
    goal = Goal(SURVIVE, p.solver)
    g.respond(g.option_for("play Plated Scorpion"))
    assert goal.status(g) is None  # their turn has only begun
    g.respond(g.option_for("attack Luchataur"))
    g.respond(g.option_for("block Plated Scorpion"))
    assert goal.status(g) is True


def test_the_wrong_blocker_loses_the_survival_puzzle():
    p = next(p for p in PUZZLES if p.key.endswith("poison-wall"))
    g = p.position()
    goal = Goal(SURVIVE, p.solver)
    g.respond(g.option_for("play Killer Bee"))
    goal.status(g)
    g.respond(g.option_for("attack Luchataur"))
    g.respond(g.option_for("block Killer Bee"))
    g.respond(g.option_for("attack Luchataur"))
    assert goal.status(g) is False


# --- the loader's errors ------------------------------------------------------------------

GOOD = """# goal: win this turn
# difficulty: easy
# hint: Attack.
name: A puzzle
players:
  - {play: [Gorillion]}
  - {life: 1, hand: [Spider Owl]}
steps:
  - attack Gorillion
expect:
  winner: 0
"""


def write(tmp_path: Path, text: str, name: str = "p.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_loads(tmp_path):
    p = load_puzzle(write(tmp_path, GOOD))
    assert (p.title, p.goal, p.difficulty, p.hint, p.key) == ("A puzzle", WIN, "easy", "Attack.", "p")


@pytest.mark.parametrize(
    "change, message",
    [
        (("# goal: win this turn\n", ""), "`# goal:` must be one of"),
        (("# goal: win this turn", "# goal: win next turn"), "'win next turn'"),
        (("# difficulty: easy", "# difficulty: brutal"), "`# difficulty:` must be one of"),
        (("name: A puzzle\n", ""), "needs a title"),
        (("expect:\n  winner: 0\n", "expect:\n  winner: 0\n---\nname: second\n"), "exactly one scenario"),
        (("players:", "players: [\n"), "p.yaml"),
        (("name: A puzzle\n", "name: A puzzle\nturn: first\n"), "`turn` must be"),
    ],
)
def test_a_broken_file_gets_one_clear_line(tmp_path, change, message):
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(PuzzleError) as err:
        load_puzzle(path)
    text = str(err.value)
    assert message in text and "\n" not in text and str(path) in text


def test_header_stops_at_the_first_yaml_line(tmp_path):
    text = GOOD.replace("# hint: Attack.\n", "") + "# hint: too late\n"
    assert load_puzzle(write(tmp_path, text)).hint == ""


def test_unreadable_and_missing_places(tmp_path):
    with pytest.raises(PuzzleError, match="cannot read"):
        load_puzzle(tmp_path / "none.yaml")
    with pytest.raises(PuzzleError, match="no puzzle folder"):
        list_puzzles(tmp_path / "nothing")


def test_a_bad_position_is_a_puzzle_error(tmp_path):
    p = load_puzzle(write(tmp_path, GOOD.replace("Gorillion]", "Gorilion]")))
    with pytest.raises(PuzzleError, match="unknown card 'Gorilion'"):
        p.position()


def test_the_loader_needs_no_pygame():
    code = "import sys, game.learn.puzzles as p; p.list_puzzles(); sys.exit('pygame' in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_command_line_lists_and_checks(capsys):
    assert puzzles.main(["--check", "--lang", "de", str(FOLDER)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(PUZZLES) and all(line.startswith("OK ") for line in out)
    assert PUZZLES[0].title_de in out[0]


def test_command_line_reports_a_broken_puzzle_in_one_line(tmp_path, capsys):
    write(tmp_path, GOOD.replace("# difficulty: easy\n", ""))
    assert puzzles.main([str(tmp_path)]) == 2
    assert capsys.readouterr().out.count("\n") == 1


# --- shipping -------------------------------------------------------------------------------


def test_the_game_finds_its_puzzles_in_the_checkout():
    assert puzzles.puzzle_folder() == FOLDER
    assert [p.key for p in list_puzzles()] == [p.key for p in PUZZLES]


def test_an_installed_wheel_finds_the_puzzles(monkeypatch, tmp_path):
    # setup.py copies data/ to game/_data in the wheel; imitate that layout without a checkout.
    package = tmp_path / "site-packages" / "game"
    shutil.copytree(ROOT / "data", package / "_data")
    monkeypatch.setattr(resources, "_PACKAGE", package)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert puzzles.puzzle_folder() == package / "_data" / "puzzles"
    assert len(list_puzzles()) == len(PUZZLES)


def test_a_bundle_finds_the_puzzles(monkeypatch, tmp_path):
    shutil.copytree(ROOT / "data", tmp_path / "data")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert puzzles.puzzle_folder() == tmp_path / "data" / "puzzles"
    assert len(list_puzzles()) == len(PUZZLES)


def _spec_content():
    """The spec's own `content()` function, taken from build/mindbug.spec without PyInstaller."""
    spec = (ROOT / "build" / "mindbug.spec").read_text(encoding="utf-8")
    tree = ast.parse(spec)
    func = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "content")
    namespace = {"ROOT": ROOT, "Path": Path}
    exec(compile(ast.Module([func], []), "mindbug.spec", "exec"), namespace)
    return namespace["content"]


def test_the_bundle_spec_ships_every_puzzle():
    shipped = {(Path(src).name, dest) for src, dest in _spec_content()("data")}
    for path in FOLDER.glob("*.yaml"):
        assert (path.name, str(Path("data") / "puzzles")) in shipped


def test_the_sdist_and_the_wheel_carry_the_data_folder():
    # MANIFEST.in grafts data/ into the sdist; setup.py copies all of data/ into the wheel
    # (tests/common/test_resources.py builds a real wheel and compares every file of data/).
    assert "graft data" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert '"data": "_data"' in (ROOT / "setup.py").read_text(encoding="utf-8")
