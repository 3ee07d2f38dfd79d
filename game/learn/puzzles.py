"""Puzzles: set positions in the scenario format (data/puzzles/*.yaml) with a goal to reach.

A puzzle file is an ordinary scenario (../shared/scenario-format.md), so the project's runner
proves it solvable: its steps are the solution, its expectations the goal reached. What a
scenario has no key for sits in the file's leading comment block, one ``# key: value`` line
each (other comment lines are free prose and are ignored)::

    # goal: win this turn
    # difficulty: easy
    # hint: The Shark Dog bites before anyone blocks.
    # title_de: Der Haihund räumt auf        # optional: title and hint in German
    # hint_de: Der Haihund beißt, bevor jemand blockt.
    name: Shark Dog clears the way          # the puzzle's title

Goals (``GOALS``): "win this turn", "survive the opponent's turn", "take the lead in
creatures". Difficulties (``DIFFICULTIES``): easy, medium, hard. The seat whose turn it is at
the start (``turn``, default 0) is the solver; the other seat answers.

``Goal`` tells, move by move, whether an attempt has reached its goal, failed it, or is still
open; ``forced(...)`` searches every answer of the opponent and proves that a line wins
whatever they do. Both serve the window and the tests. No pygame here.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path

from game.cards.yamllines import LineDict, YamlFileError, load_yaml_text
from game.common.resources import data_path
from game.engine import Kind
from game.engine.carddefs import CardDB
from game.scenarios.runner import ScenarioError, default_db, start_position

WIN = "win this turn"
SURVIVE = "survive the opponent's turn"
LEAD = "take the lead in creatures"
GOALS = (WIN, SURVIVE, LEAD)
DIFFICULTIES = ("easy", "medium", "hard")
HEADER_KEYS = ("goal", "difficulty", "hint", "title_de", "hint_de")

_HEADER_LINE = re.compile(r"#\s*([a-z_]+)\s*:\s*(.*?)\s*$")


class PuzzleError(Exception):
    """A puzzle file that cannot be used; the message is one line naming the file."""


@dataclass(frozen=True)
class Puzzle:
    path: Path
    title: str
    goal: str
    difficulty: str
    hint: str = ""
    title_de: str = ""
    hint_de: str = ""

    def title_in(self, lang: str) -> str:
        """The title in ``lang`` ("en" or "de"; English where no German is written)."""
        return (self.title_de or self.title) if lang == "de" else self.title

    def hint_in(self, lang: str) -> str:
        return (self.hint_de or self.hint) if lang == "de" else self.hint

    @property
    def key(self) -> str:
        """A stable name for remembering a solved puzzle: the file name without .yaml."""
        return self.path.stem

    @property
    def solver(self) -> int:
        return int(self.doc().get("turn", 0) or 0)

    def doc(self) -> LineDict:
        """The scenario document (parsed again on each call: puzzles are small)."""
        return _read(self.path)[1]

    def position(self, db: CardDB | None = None):
        """A fresh engine State at the puzzle's start, set up exactly as the runner does."""
        return build_position(self.path, self.doc(), db, PuzzleError)

    def steps(self) -> list:
        """The solution as the file writes it: labels, or {by, do} mappings."""
        return list(self.doc().get("steps") or [])


def _read(path: Path) -> tuple[str, LineDict]:
    return read_one_scenario(path, PuzzleError, "puzzle")


def read_one_scenario(path: Path, error: type[Exception], what: str) -> tuple[str, LineDict]:
    """(text, document) of a file that holds exactly one scenario (a puzzle, a lesson); any
    fault raises ``error`` with one line naming the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise error(f"{path}: cannot read: {e}") from None
    try:
        docs = [d for d in load_yaml_text(text, str(path), all_documents=True) if d is not None]
    except YamlFileError as e:
        raise error(str(e)) from None
    if len(docs) != 1 or not isinstance(docs[0], LineDict):
        raise error(f"{path}: a {what} file holds exactly one scenario")
    return text, docs[0]


def build_position(path: Path, doc: LineDict, db: CardDB | None, error: type[Exception]):
    """A fresh engine State at the scenario's start, set up exactly as the runner does (so the
    window and `python -m game.scenarios` never differ)."""
    try:
        return start_position(doc, str(path), db or default_db())
    except ScenarioError as e:
        raise error(str(e)) from None


def header(text: str) -> dict[str, str]:
    """The ``# key: value`` lines of the leading comment block (known keys only)."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if not stripped.startswith("#"):
            break
        m = _HEADER_LINE.match(stripped)
        if m and m.group(1) in HEADER_KEYS:
            found[m.group(1)] = m.group(2)
    return found


def load_puzzle(path: str | Path) -> Puzzle:
    """One puzzle file; a PuzzleError names the file and what is missing or wrong."""
    path = Path(path)
    text, doc = _read(path)
    meta = header(text)
    title = doc.get("name")
    if not isinstance(title, str) or not title.strip():
        raise PuzzleError(f"{path}: a puzzle needs a title (the scenario's `name`)")
    goal = meta.get("goal", "")
    if goal not in GOALS:
        raise PuzzleError(f"{path}: `# goal:` must be one of: {'; '.join(GOALS)} (got {goal!r})")
    difficulty = meta.get("difficulty", "")
    if difficulty not in DIFFICULTIES:
        raise PuzzleError(
            f"{path}: `# difficulty:` must be one of: {', '.join(DIFFICULTIES)} (got {difficulty!r})"
        )
    turn = doc.get("turn", 0)
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise PuzzleError(f"{path}: `turn` must be the seat to move, not {turn!r}")
    return Puzzle(
        path, title.strip(), goal, difficulty, meta.get("hint", ""),
        meta.get("title_de", ""), meta.get("hint_de", ""),
    )


def puzzle_folder() -> Path:
    return data_path("puzzles")


def list_puzzles(folder: str | Path | None = None) -> list[Puzzle]:
    """Every puzzle in ``folder`` (default: the game's data/puzzles), easiest first."""
    folder = Path(folder) if folder is not None else puzzle_folder()
    if not folder.is_dir():
        raise PuzzleError(f"no puzzle folder at {folder}")
    puzzles = [load_puzzle(p) for p in sorted(folder.glob("*.yaml"))]
    return sorted(puzzles, key=lambda p: (DIFFICULTIES.index(p.difficulty), p.key))


# --- goals ----------------------------------------------------------------------------------


class Goal:
    """Follows one attempt at a puzzle: ``status(state)`` after every move.

    True: the goal is reached; False: it can no longer be; None: not decided yet. Call it on
    every state the attempt passes through (it remembers whether the opponent has had a turn).
    """

    def __init__(self, goal: str, solver: int) -> None:
        if goal not in GOALS:
            raise ValueError(f"unknown goal {goal!r}")
        self.goal = goal
        self.solver = solver
        self.opponent_turn = False
        self.result: bool | None = None

    def copy(self) -> Goal:
        twin = Goal(self.goal, self.solver)
        twin.opponent_turn = self.opponent_turn
        twin.result = self.result
        return twin

    def status(self, g) -> bool | None:
        """Once decided, the answer stays (asking twice about one state changes nothing)."""
        if self.result is None:
            self.result = self._decide(g)
        return self.result

    def _decide(self, g) -> bool | None:
        if g.winner is not None:
            return g.winner == g.team_of(self.solver)
        d = g.pending
        main_action = d.kind == Kind.ACTION
        if main_action and d.seat != self.solver:
            self.opponent_turn = True
            if self.goal == WIN:
                return False  # the turn (extra turns included) ended without the win
            if self.goal == LEAD:
                return self._ahead(g)  # counted when the solver's turn is over
            return None
        if main_action and self.opponent_turn and self.goal == SURVIVE:
            return True  # the opponent's turn is over and the game goes on
        return None

    def _ahead(self, g) -> bool:
        mine = len(g.plays[self.solver])
        theirs = max(len(g.plays[s]) for s in range(g.n) if g.team_of(s) != g.team_of(self.solver))
        return mine > theirs


class SearchLimit(Exception):
    """The search met more positions than it was allowed to look at."""


def forced(g, goal: Goal, limit: int = 200_000) -> bool:
    """Whether the solver can reach ``goal`` from ``g`` whatever the opponent answers.

    An AND-OR search: some option of each of the solver's decisions, every option of the
    opponent's. Random effects are part of the state's seed, as in the runner.
    """
    budget = [limit]

    def search(state, tracker: Goal) -> bool:
        done = tracker.status(state)
        if done is not None:
            return done
        budget[0] -= 1
        if budget[0] < 0:
            raise SearchLimit(f"more than {limit} positions")
        d = state.pending
        mine = d.seat == tracker.solver
        for opt in d.options:
            child = state.clone()
            child.respond(opt)
            if search(child, tracker.copy()) == mine:
                return mine
        return not mine

    first = g.clone()
    first.record_events = False
    return search(first, goal.copy())


def winning_first_moves(g, goal: Goal, limit: int = 200_000) -> list[str]:
    """Labels of the solver's options now that force the goal (to check a puzzle is one)."""
    wins = []
    for opt in g.pending.options:
        child = g.clone()
        child.record_events = False
        label = g.label(opt)
        child.respond(opt)
        if forced(child, goal, limit):
            wins.append(label)
    return wins


# --- command line -----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """``python -m game.learn.puzzles [FOLDER] [--lang de] [--check]``: list the puzzles; --check also
    proves that each one's solution wins whatever the opponent answers."""
    parser = argparse.ArgumentParser(prog="python -m game.learn.puzzles", description=main.__doc__)
    parser.add_argument("folder", nargs="?", default=None, help="default: the game's puzzles")
    parser.add_argument("--lang", choices=("en", "de"), default="en")
    parser.add_argument("--check", action="store_true", help="search every answer of the opponent")
    args = parser.parse_args(argv)
    try:
        found = list_puzzles(args.folder)
    except PuzzleError as e:
        print(e)
        return 2
    failed = 0
    for p in found:
        line = f"{p.key:32} {p.difficulty:7} {p.goal:28} {p.title_in(args.lang)}"
        if args.check:
            try:
                ok = forced(p.position(), Goal(p.goal, p.solver))
            except (PuzzleError, SearchLimit) as e:
                ok, line = False, f"{line}  ({e})"
            failed += not ok
            line = f"{'OK  ' if ok else 'FAIL'} {line}"
        print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
