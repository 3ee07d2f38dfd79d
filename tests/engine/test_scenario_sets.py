"""The scenario format's `sets:` key (scenario-format.md): how many First Contact sets were
shuffled together (2v2 only), and a position holds at most copies x sets of each card."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REFUSED = Path(__file__).parent / "refused_scenarios"
TWO_SETS = Path(__file__).parents[1] / "scenarios" / "2v2" / "two-sets"


def run(*paths: Path) -> tuple[int, list[str]]:
    out = subprocess.run([sys.executable, "-m", "game.scenarios", *map(str, paths)],
                         capture_output=True, text=True, timeout=120)
    assert "Traceback" not in out.stderr, out.stderr[-2000:]
    return out.returncode, out.stdout.splitlines()


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_two_set_scenarios_pass() -> None:
    code, lines = run(TWO_SETS)
    assert code == 0 and len(lines) >= 4 and lines[-1].endswith("passed, 0 failed"), lines


def test_three_of_a_one_copy_card_in_two_sets_is_a_fail_naming_the_card() -> None:
    path = REFUSED / "three-gorillions-in-two-sets.yaml"
    code, lines = run(path)
    assert code == 1 and lines[-1] == "0 passed, 1 failed"
    assert lines[0].startswith("FAIL 2v2 two sets - three Gorillions")
    assert f"{path}:" in lines[0]
    assert "3 Gorillion, but 2 sets hold 2 copies of it" in lines[0]


def test_one_set_holds_the_card_files_copies(tmp_path: Path) -> None:
    two = write(tmp_path, "two-gorillions.yaml",
                "name: two Gorillions in one set\nplayers:\n  - {play: [Gorillion]}\n"
                "  - {play: [Gorillion]}\nsteps: []\n")
    code, lines = run(two)
    assert code == 1 and "2 Gorillion, but one set holds 1 copy of it" in lines[0]
    ok = write(tmp_path, "two-bees.yaml",
               "name: two Killer Bees in one set\nsets: 1\nplayers:\n  - {hand: [Killer Bee]}\n"
               "  - {hand: [Killer Bee]}\nsteps: []\n")
    assert run(ok) == (0, ["PASS two Killer Bees in one set", "1 passed, 0 failed"])


def test_sets_two_is_for_2v2_and_only_one_or_two(tmp_path: Path) -> None:
    one_v_one = write(tmp_path, "a.yaml", "name: a\nsets: 2\nplayers: [{hand: [Gorillion]}]\n")
    three = write(tmp_path, "b.yaml", "name: b\nrules: 2v2\nsets: 3\n")
    text = write(tmp_path, "c.yaml", "name: c\nrules: 2v2\nsets: two\n")
    code, lines = run(one_v_one, three, text)
    assert code == 1 and lines[-1] == "0 passed, 3 failed"
    assert f"{one_v_one}:2: sets: 2 is for 2v2 only" in lines[0]
    assert f"{three}:3: sets must be 1 or 2" in lines[1]
    assert f"{text}:3: sets must be a whole number" in lines[2]
