"""The tutorial's lessons, and the scripted opponent that lessons and puzzles share. No pygame.

A lesson is an ordinary scenario file (``data/tutorial/*.yaml``, ../shared/scenario-format.md),
so ``python -m game.scenarios data/tutorial`` proves that its steps can be played and end as
it says. Every step names its seat (``{by: 0, do: ...}``): seat 0 is the student, seat 1 the
computer, which answers exactly as the file says. What a scenario has no key for (the
lesson's title and the line said before and after each of the student's moves) sits in the
file's leading comment block as a small YAML document, each of its lines starting ``#|``::

    #| title: Playing a card
    #| title_de: Eine Karte ausspielen
    #| say:                      # one entry per student step (by: 0), in order
    #|   - do: Drag the Gorillion onto your side of the table.
    #|     do_de: Ziehe den Gorillion auf deine Seite des Tisches.
    #|     then: It is your creature now.
    #|     then_de: Jetzt ist er deine Kreatur.
    #| done: You can play a card.
    #| done_de: Du kannst eine Karte ausspielen.

``LessonRun`` follows one attempt: which move is expected next, whether a move is it, and what
to say. ``Script`` answers for the computer as a file's steps say, while the game has followed
them; where it has not, the caller's fallback agent decides.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from game.cards.yamllines import LineDict, YamlFileError, load_yaml_text
from game.common.resources import data_path
from game.engine import Decision, Option, State, View
from game.engine.labels import LabelError, matches, parse_label
from game.learn.puzzles import build_position, read_one_scenario

STUDENT = 0
LESSON_KEYS = {"title", "title_de", "intro", "intro_de", "say", "done", "done_de"}
SAY_KEYS = {"do", "do_de", "then", "then_de"}


class LessonError(Exception):
    """A lesson file that cannot be used; the message is one line naming the file."""


@dataclass(frozen=True)
class Say:
    """What the tutorial says around one of the student's moves."""

    do: str
    then: str
    do_de: str = ""
    then_de: str = ""

    def do_in(self, lang: str) -> str:
        return (self.do_de or self.do) if lang == "de" else self.do

    def then_in(self, lang: str) -> str:
        return (self.then_de or self.then) if lang == "de" else self.then


@dataclass(frozen=True)
class Step:
    by: int
    label: str  # the option, in the scenario grammar ("play Gorillion", "no block")
    say: Say | None = None  # the student's steps only


@dataclass(frozen=True)
class Lesson:
    path: Path
    title: str
    steps: tuple[Step, ...]
    title_de: str = ""
    intro: str = ""
    intro_de: str = ""
    done: str = ""
    done_de: str = ""

    @property
    def key(self) -> str:
        """A stable name for remembering a finished lesson: the file name without .yaml."""
        return self.path.stem

    def title_in(self, lang: str) -> str:
        return (self.title_de or self.title) if lang == "de" else self.title

    def intro_in(self, lang: str) -> str:
        return (self.intro_de or self.intro) if lang == "de" else self.intro

    def done_in(self, lang: str) -> str:
        return (self.done_de or self.done) if lang == "de" else self.done

    def position(self, db=None):
        """A fresh engine State at the lesson's start, set up exactly as the runner does."""
        return build_position(self.path, _read(self.path)[1], db, LessonError)

    def labels(self) -> list[str]:
        return [s.label for s in self.steps]


def _read(path: Path) -> tuple[str, LineDict]:
    return read_one_scenario(path, LessonError, "lesson")


def lesson_block(text: str) -> str:
    """The ``#|`` lines of the leading comment block, without their marks (a YAML text)."""
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if not stripped.startswith("#"):
            break
        if stripped.startswith("#|"):
            lines.append(line.split("#|", 1)[1][1:] if "#| " in line else "")
    return "\n".join(lines)


def _text(node: dict, key: str, path: Path, required: bool = False) -> str:
    value = node.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{path}: `{key}` must be {'non-empty ' if required else ''}text")
    return " ".join(value.split())


def load_lesson(path: str | Path) -> Lesson:
    """One lesson file; a LessonError names the file and what is missing or wrong."""
    path = Path(path)
    text, doc = _read(path)
    try:
        meta = load_yaml_text(lesson_block(text), str(path)) or {}
    except YamlFileError as e:
        raise LessonError(f"{path}: the #| block: {e}") from None
    if not isinstance(meta, dict):
        raise LessonError(f"{path}: the #| block must be a mapping")
    unknown = set(meta) - LESSON_KEYS
    if unknown:
        raise LessonError(f"{path}: unknown key {sorted(unknown)[0]!r} in the #| block")
    says = meta.get("say") or []
    if not isinstance(says, list):
        raise LessonError(f"{path}: `say` must be a list")
    said = []
    for entry in says:
        if not isinstance(entry, dict) or set(entry) - SAY_KEYS:
            raise LessonError(f"{path}: each `say` entry holds only {', '.join(sorted(SAY_KEYS))}")
        said.append(Say(_text(entry, "do", path, True), _text(entry, "then", path, True),
                        _text(entry, "do_de", path), _text(entry, "then_de", path)))
    steps = []
    raw_steps = doc.get("steps") or []
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{path}: a lesson needs steps")
    for i, raw in enumerate(raw_steps):
        if not isinstance(raw, dict) or raw.get("by") not in (0, 1) or not isinstance(raw.get("do"), str):
            raise LessonError(f"{path}: step {i + 1} must be {{by: 0 or 1, do: OPTION}}")
        try:
            parse_label(raw["do"])
        except LabelError as e:
            raise LessonError(f"{path}: step {i + 1}: {e}") from None
        say = None
        if raw["by"] == STUDENT:
            if not said:
                raise LessonError(f"{path}: fewer `say` entries than the student's steps")
            say = said.pop(0)
        steps.append(Step(raw["by"], raw["do"], say))
    if said:
        raise LessonError(f"{path}: more `say` entries than the student's steps")
    return Lesson(path, _text(meta, "title", path, True), tuple(steps), _text(meta, "title_de", path),
                  _text(meta, "intro", path), _text(meta, "intro_de", path),
                  _text(meta, "done", path), _text(meta, "done_de", path))


def lesson_folder() -> Path:
    return data_path("tutorial")


def list_lessons(folder: str | Path | None = None) -> list[Lesson]:
    """Every lesson in ``folder`` (default: the game's data/tutorial), in file-name order."""
    folder = Path(folder) if folder is not None else lesson_folder()
    if not folder.is_dir():
        raise LessonError(f"no tutorial folder at {folder}")
    return [load_lesson(p) for p in sorted(folder.glob("*.yaml"))]


# --- following a line of play ---------------------------------------------------------------


def option_matches(g: State, option: Option, label: str) -> bool:
    """Whether ``option`` of ``g``'s pending decision is the one ``label`` names (any copy
    of an interchangeable card counts: rule 19)."""
    try:
        verb, args = parse_label(label)
    except LabelError:
        return False
    return matches(g, option, verb, args)


def step_label(step: object) -> str | None:  # any YAML value: checked here
    """A scenario step's option label (a step is a label or a {by, do} mapping)."""
    # ``object``: any YAML value, as the file has it; what is not a label gives None.
    if isinstance(step, dict):
        step = step.get("do")
    return step if isinstance(step, str) else None


@dataclass
class Script:
    """The file's line of play, and how far the game has followed it.

    ``follow`` is told every answer (in the main thread, between decisions); ``answer`` is
    asked, from the computer's thread, for the scripted option of a decision, or None once the
    game has left the line (or it is over): then the fallback decides.
    """

    labels: list[str | None]
    played: int = 0
    on_line: bool = True

    def follow(self, g: State, option: Option) -> None:
        """Record ``option`` as the answer to ``g``'s pending decision (before it is applied)."""
        label = self.labels[self.played] if self.played < len(self.labels) else None
        if not (self.on_line and label is not None and option_matches(g, option, label)):
            self.on_line = False
        self.played += 1

    def answer(self, g: State, decision: Decision) -> Option | None:
        if not self.on_line or self.played >= len(self.labels):
            return None
        label = self.labels[self.played]
        for option in decision.options:
            if label is not None and option_matches(g, option, label):
                return option
        return None


class Chooser(Protocol):
    """What a scripted computer falls back on once the game leaves the script (an agent of
    game.ai, which this layer may not import)."""

    def choose(self, view: View, decision: Decision, rng: random.Random) -> Option: ...


@dataclass
class ScriptedAgent:
    """The computer of a puzzle or lesson: the script's answer, else the fallback's."""

    script: Script
    fallback: Chooser

    def choose(self, view: View, decision: Decision, rng: random.Random) -> Option:
        option = self.script.answer(view.state, decision)
        if option is not None:
            return option
        return self.fallback.choose(view, decision, rng)


@dataclass
class LessonRun:
    """One attempt at a lesson: the expected move, whether a move is it, what to say."""

    lesson: Lesson
    index: int = 0  # the next step of the file
    last_said: Say | None = None  # the student's last move, whose `then` is shown
    refused: int = 0  # moves refused so far (the window says a friendly line)
    _history: list[str] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def expected(self) -> Step | None:
        return None if self.finished else self.lesson.steps[self.index]

    def student_step(self) -> Step | None:
        """The student's next move, if the next step is theirs."""
        step = self.expected()
        return step if step is not None and step.by == STUDENT else None

    def allows(self, g, option) -> bool:
        """Whether ``option`` is the move the lesson waits for now."""
        step = self.expected()
        return step is not None and step.by == g.pending.seat and option_matches(g, option, step.label)

    def moved(self, g, option) -> bool:
        """Record an answer to ``g``'s pending decision (before it is applied). A student's
        move that is not the expected one is refused: False, and nothing advances."""
        step = self.expected()
        if g.pending.seat == STUDENT and not self.allows(g, option):
            self.refused += 1
            return False
        if step is not None:
            if step.by == STUDENT:
                self.last_said = step.say
            self.index += 1
        self._history.append(g.label(option))
        return True
