"""The runner's contract (scenario-format.md): lines, summary, exit code, reasons with lines."""

from __future__ import annotations

import subprocess
import sys
import textwrap

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
    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "game.scenarios", str(tmp_path)], capture_output=True, text=True
    )
    return out.returncode, out.stdout.splitlines()


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
