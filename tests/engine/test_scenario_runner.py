"""The runner's contract (scenario-format.md): lines, summary, exit code, reasons with lines."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
import textwrap

from game.scenarios.__main__ import main as scenarios_main

GOOD = """\
name: Poisonous blocker defeats a stronger attacker and dies with it
players:
  - play: [Gorillion]
  - {hand: [Killer Bee], play: [Spider Owl]}
steps:
  - attack Gorillion
  - block Spider Owl
expect:
  winner: none
  turn: 1
  players:
    - {life: 3, play: [], discard: [Gorillion]}
    - {life: 3, hand: [Killer Bee], play: [], discard: [Spider Owl]}
"""


def run(tmp_path, files: dict[str, str]):
    """``python -m game.scenarios tmp_path`` in this process (its exit code and lines; an
    exception fails the test as a traceback would). The tests below that need a process
    of their own (a missing path, special files, a name too long) start one."""
    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = scenarios_main([str(tmp_path)])
    return code, out.getvalue().splitlines()


def test_passing_file(tmp_path):
    code, lines = run(tmp_path, {"a.yaml": GOOD})
    assert lines == [
        "PASS Poisonous blocker defeats a stronger attacker and dies with it",
        "1 passed, 0 failed",
    ]
    assert code == 0


def test_wrong_expectation_fails_with_reason(tmp_path):
    code, lines = run(tmp_path, {"a.yaml": GOOD.replace("turn: 1", "turn: 0")})
    assert lines[0].startswith("FAIL Poisonous blocker")
    assert "turn: expected 0, got 1" in lines[0]
    assert lines[-1] == "0 passed, 1 failed" and code == 1


def test_invalid_files_fail_with_file_and_line(tmp_path):
    files = {
        "bad-yaml.yaml": "name: x\nplayers: [\n",
        "unknown-key.yaml": GOOD.replace("players:", "playerz:"),
        "unknown-card.yaml": GOOD.replace("Killer Bee]", "Killer Bea]"),
        "no-option.yaml": GOOD.replace("block Spider Owl", "block Gorillion"),
    }
    code, lines = run(tmp_path, files)
    assert code == 1
    assert lines[-1] == "0 passed, 4 failed"
    text = "\n".join(lines)
    assert f"{tmp_path}/bad-yaml.yaml:" in text
    assert f"{tmp_path}/unknown-key.yaml:2: unknown key 'playerz'" in text
    assert f"{tmp_path}/unknown-card.yaml:4: unknown card 'Killer Bea'" in text
    assert f"{tmp_path}/no-option.yaml:7:" in text and "matches no option" in text


def test_by_checks_the_deciding_seat(tmp_path):
    text = GOOD.replace("  - block Spider Owl", "  - {by: 0, do: block Spider Owl}")
    code, lines = run(tmp_path, {"a.yaml": text})
    assert code == 1 and "seat 1 is deciding, not seat 0" in lines[0]


def test_ambiguous_name_fails(tmp_path):
    text = """\
    name: two Spider Owls in different states
    players:
      - play: [Gorillion]
      - play: [Spider Owl, {card: Spider Owl, exhausted: true}]
    steps:
      - attack Gorillion
      - block Spider Owl
    """
    code, lines = run(tmp_path, {"a.yaml": text})
    assert code == 1 and "ambiguous" in lines[0]
    fixed = text.replace("block Spider Owl\n", "block Spider Owl (exhausted)\n")
    code, lines = run(tmp_path, {"a.yaml": fixed})
    assert code == 0, lines


def test_pending_options_are_compared_as_a_set(tmp_path):
    text = """\
    name: Frenzy offers a second attack
    players:
      - play: [Luchataur]
      - {hand: [Killer Bee]}
    steps:
      - attack Luchataur
    expect:
      pending: {by: 0, options: [end turn, attack Luchataur]}
      players: [{}, {life: 2}]
    """
    code, lines = run(tmp_path, {"a.yaml": text})
    assert code == 0, lines
    code, lines = run(tmp_path, {"a.yaml": text.replace("[end turn, ", "[")})
    assert code == 1 and "pending.options" in lines[0]


def test_several_documents_in_one_file(tmp_path):
    code, lines = run(tmp_path, {"a.yaml": GOOD + "---\n" + GOOD.replace("with it", "again")})
    assert code == 0 and lines[-1] == "2 passed, 0 failed"


def test_missing_path_fails(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "game.scenarios", str(tmp_path / "nope.yaml")],
        capture_output=True, text=True,
    )
    assert out.returncode == 1 and "no such file" in out.stdout


# --- hostile and mistyped files (issue 11, item 3): each a FAIL line with a reason, the run
# goes on to later files, and nothing crashes, hangs or eats memory -----------------------

BOMB = "laughs:\n  - &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"  - &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8)
)

EXPECT_2V2 = """\
name: {name}
rules: 2v2
players: [{{play: [Gorillion]}}, {{}}, {{}}, {{}}]
steps: [attack Gorillion]
expect:
  {expect}
"""

HOSTILE = {
    # file name: (contents, words the FAIL line must hold)
    "a-deep.yaml": ("name: deep\nplayers: " + "[" * 800 + "]" * 800 + "\n",
                    ["a-deep.yaml:2:", "nested more than"]),
    "b-list-key.yaml": ("name: list key\n? [a, b]\n: 1\n", ["b-list-key.yaml:2:", "a key must be"]),
    "c-map-key.yaml": ("name: map key\n{a: 1}: 2\n", ["c-map-key.yaml:2:", "a key must be"]),
    "d-team-life.yaml": (GOOD.replace("  winner: none\n", "  team_life: 3\n"),
                         ["d-team-life.yaml:9:", "team_life is a list of two whole numbers"]),
    "e-keywords.yaml": (GOOD.replace("play: [], discard: [Spider Owl]",
                                     "play: [{card: Killer Bee, keywords: 5}], discard: []"),
                        ["keywords must be a list", "not 5"]),
    "f-options.yaml": (GOOD.replace("  winner: none\n", "  pending: {options: 5}\n"),
                       ["f-options.yaml:9:", "pending.options must be a list", "not 5"]),
    "g-hand-count.yaml": (GOOD.replace("{life: 3, hand: [Killer Bee], play: []",
                                       "{life: 3, hand_count: \"1\", play: []"),
                          ["g-hand-count.yaml:13:", "hand_count must be a whole number, not '1'"]),
    "h-team-life-setup.yaml": (
        "name: team life setup\nrules: 2v2\nteam_life: [a, 3]\nsteps: []\n",
        ["h-team-life-setup.yaml:3:", "team_life is a list of two whole numbers"]),
    "i-bomb.yaml": ("name: bomb\n" + BOMB, ["i-bomb.yaml:", "aliases expand"]),
    "j-latin1.yaml": (None, ["j-latin1.yaml:4:", "byte 0xf6 is not UTF-8"]),
    "k-exhausted.yaml": (GOOD.replace("- play: [Gorillion]", "- play: [{card: Gorillion, exhausted: 'no'}]"),
                         ["k-exhausted.yaml:3:", "exhausted must be true or false"]),
    "l-winner.yaml": (GOOD.replace("winner: none", "winner: '1'"),
                      ["l-winner.yaml:9:", "winner", "must be a whole number"]),
    "m-by.yaml": (GOOD.replace("  - block Spider Owl", "  - {by: '1', do: block Spider Owl}"),
                  ["m-by.yaml:7:", "must be a whole number"]),
    "n-pending-by.yaml": (GOOD.replace("  winner: none\n", "  pending: {by: [1]}\n"),
                          ["pending.by", "must be a whole number"]),
    "o-power.yaml": (GOOD.replace("play: [], discard: [Spider Owl]",
                                  "play: [{card: Killer Bee, power: '1'}], discard: []"),
                     ["power must be a whole number"]),
    "p-keyword-typo.yaml": (GOOD.replace("play: [], discard: [Spider Owl]",
                                         "play: [{card: Killer Bee, keywords: [Poisonus]}]"),
                            ["unknown keyword 'Poisonus'"]),
    "q-cycle.yaml": ("name: cycle\nplayers: &p [*p]\n", ["q-cycle.yaml:2:", "alias"]),
    "r-big-int.yaml": ("name: big\nseed: " + "9" * 5000 + "\n", ["r-big-int.yaml:2:", "cannot read"]),
    "s-two-line-name.yaml": (GOOD.replace("name: Poisonous blocker defeats a stronger attacker "
                                          "and dies with it", 'name: "two\\nlines"'),
                             ["one-line `name`"]),
}


def test_hostile_files_fail_one_by_one_and_the_run_goes_on(tmp_path):
    files = {name: text for name, (text, _words) in HOSTILE.items() if text is not None}
    files["z-good.yaml"] = GOOD  # after every bad file: still run and reported
    (tmp_path / "j-latin1.yaml").write_bytes(
        GOOD.replace("Spider Owl]}", "Spider Owl]} # Jörg").encode("latin-1"))
    code, lines = run(tmp_path, files)
    assert code == 1
    assert lines[-1] == f"1 passed, {len(HOSTILE)} failed", lines
    assert lines[-2] == "PASS Poisonous blocker defeats a stronger attacker and dies with it"
    fails = lines[:-2]
    assert len(fails) == len(HOSTILE) and all(line.startswith("FAIL ") for line in fails)
    for line, (name, (_text, words)) in zip(fails, sorted(HOSTILE.items()), strict=True):
        assert name in line, (name, line)
        assert "internal error" not in line, line
        for word in words:
            assert word in line, (word, line)
        assert len(line) < 600


def test_a_scenario_the_engine_refuses_is_a_fail(tmp_path, monkeypatch):
    """Position setup may refuse a position with any error (a team at 0 life: ValueError)."""
    from game.scenarios import runner

    def refuse(*_args, **_kwargs):
        raise ValueError("team 1 has 0 life")

    monkeypatch.setattr(runner, "from_position", refuse)
    path = tmp_path / "a.yaml"
    path.write_text(GOOD, encoding="utf-8")
    (result,) = runner.run_file(path)
    assert not result.passed and "cannot set up: team 1 has 0 life" in result.reason
    assert result.reason.startswith(f"{path}:1:")


def test_a_board_of_twins_is_matched_quickly():
    """Thirty identical creatures, one expected with a power none has: answered at once
    (trying every assignment took 30! steps). A scenario file may name no more copies than the
    sets hold, so the runner's matcher is asked directly about a position the engine set up."""
    from game.engine import from_position
    from game.scenarios import runner

    db = runner.default_db()
    g = from_position(db, [{"play": ["Gorillion"] * 30}, {}])
    scenario = runner._Scenario({}, "twins.yaml", db)
    wrong = scenario.check_play(g, 0, {"play": ["Gorillion"] * 29 + [{"card": "Gorillion", "power": 99}]})
    assert wrong and "seat 0 play: expected" in wrong[0]
    right = scenario.check_play(g, 0, {"play": ["Gorillion"] * 29 + [{"card": "Gorillion", "power": 10}]})
    assert right == []


def test_special_files_are_a_fail_not_a_hang(tmp_path):
    if sys.platform == "win32":
        return
    import os

    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "fifo.yaml")
    out = subprocess.run(
        [sys.executable, "-m", "game.scenarios", str(tmp_path / "zero.yaml"),
         str(tmp_path / "fifo.yaml")],
        capture_output=True, text=True, timeout=60,
    )
    lines = out.stdout.splitlines()
    assert out.returncode == 1 and lines[-1] == "0 passed, 2 failed"
    assert all("not a regular file" in line for line in lines[:2]), lines


def test_a_fail_line_is_one_line():
    from game.scenarios.runner import Result

    line = Result("two\nlines", False, "reason\nwith\nbreaks " + "x" * 5000).line()
    assert "\n" not in line and line.startswith("FAIL two lines: reason with breaks") and len(line) < 2300


def test_board_matching_agrees_with_trying_every_assignment():
    import itertools
    import random

    from game.scenarios.runner import _perfect_matching

    def brute(fits):
        m = max([j for f in fits for j in f] + [-1]) + 1
        return any(all(p[i] in fits[i] for i in range(len(fits)))
                   for p in itertools.permutations(range(m), len(fits)))

    rng = random.Random(3)
    for _ in range(2000):
        n = rng.randint(1, 5)
        fits = [[j for j in range(rng.randint(n, 6)) if rng.random() < 0.4] for _ in range(n)]
        assert _perfect_matching(fits) == brute(fits), fits
    assert _perfect_matching([list(range(3000))] * 2999 + [[]]) is False
    assert _perfect_matching([list(range(3000))] * 3000) is True


def test_a_path_too_long_for_the_system_is_a_fail_not_a_traceback():
    """Found by bench/hostile_cli.py: a 5,000-character path ended in OSError (File name too
    long) from ``is_dir``."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-m", "game.scenarios", "x" * 5000], cwd=root,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stdout.splitlines()[-1] == "0 passed, 1 failed"
