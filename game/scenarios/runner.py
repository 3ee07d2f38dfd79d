"""Run scenario files (../shared/scenario-format.md): set up, answer decisions, check results.

A scenario that cannot be run (bad YAML, unknown key or card, a value of the wrong type, a
step that matches no option, a position the engine refuses) is a failure with a reason naming
the file and line; nothing here lets an exception escape, and a bad file never stops the run:
later files are still reported. Files are read through the bounded YAML reader
(``game.cards.yamllines``: regular files only, size, depth and alias limits).
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, TypedDict

from game.cards import load_cards
from game.cards.yamllines import (
    LineDict,
    YamlFileError,
    line_of,
    load_yaml_text,
    read_yaml_file,
    show,
)
from game.common.safe_text import printable
from game.engine import KEYWORDS, EngineError, State, from_position
from game.engine.carddefs import CardDB
from game.engine.labels import matches, parse_label

TOP_KEYS = {"name", "rules", "seed", "turn", "players", "team_life", "sets", "steps", "expect"}
SEAT_KEYS = {"life", "mindbugs", "hand", "deck", "discard", "play"}
STEP_KEYS = {"by", "do"}
EXPECT_KEYS = {"winner", "turn", "pending", "team_life", "players"}
PENDING_KEYS = {"by", "options", "options_include", "options_exclude"}
EXPECT_SEAT_KEYS = {"life", "mindbugs", "hand", "hand_count", "deck_count", "discard", "play"}
PLAY_KEYS = {"card", "exhausted", "power", "keywords"}
MAX_NAME = 200  # characters of a scenario's name, and of a card name worth looking up
MAX_REASON = 2000  # characters of one FAIL line's reason


def one_line(text: str, limit: int) -> str:
    """Text as a single line of at most ``limit`` characters (the output is one line each);
    a scenario file's names can hold anything, so what a terminal would act on is escaped."""
    text = printable(" ".join(str(text).split()))
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass
class Result:
    name: str
    passed: bool
    reason: str = ""
    path: str = ""

    def line(self) -> str:
        name = one_line(self.name, MAX_NAME)
        return f"PASS {name}" if self.passed else f"FAIL {name}: {one_line(self.reason, MAX_REASON)}"


class Creature(TypedDict, total=False):
    """A creature in play as an expectation names it (``card``, and what else it checks) or
    as the game has it (every key)."""

    card: str
    exhausted: bool
    power: int
    keywords: set[str]


class ScenarioError(Exception):
    """A scenario that is not valid, or whose steps cannot be taken."""


class _Scenario:
    def __init__(self, doc, path: str, db: CardDB):
        self.doc = doc
        self.path = path
        self.db = db

    def where(self, node, key=None) -> str:
        line = line_of(node, key)
        return f"{self.path}:{line}" if line else self.path

    def fail(self, node, key, message) -> NoReturn:
        raise ScenarioError(f"{self.where(node, key)}: {message}")

    def keys(self, node, allowed, what):
        if not isinstance(node, dict):
            self.fail(node, None, f"{what} must be a mapping")
        for key in node:
            if key not in allowed:
                self.fail(node, key, f"unknown key {show(key)} in {what}")

    def card_name(self, name, node, key) -> str:
        if not isinstance(name, str):
            self.fail(node, key, f"a card name must be text, not {show(name)}")
        if len(name) > MAX_NAME:
            self.fail(node, key, f"unknown card {show(name)} (too long to be a name)")
        try:
            return self.db.by_name(name).name
        except KeyError:
            names = [d.name for d in self.db.defs]
            close = difflib.get_close_matches(name, names, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            self.fail(node, key, f"unknown card {name!r}{hint}")

    def names(self, node, key) -> list[str]:
        value = node.get(key, [])
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(node, key, f"{key} must be a list of card names, not {show(value)}")
        return [self.card_name(v, node, key) for v in value]

    def int_value(self, node, key, default=None, low: int | None = None, what: str = ""):
        """A whole number (not "1", 1.0 or true), at least ``low`` if given."""
        value = node.get(key, default)
        what = what or key
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(node, key, f"{what} must be a whole number, not {show(value)}")
        if low is not None and value < low:
            self.fail(node, key, f"{what} must be {low} or more, not {value}")
        return value

    def bool_value(self, node, key, default=False, what: str = "") -> bool:
        value = node.get(key, default)
        if not isinstance(value, bool):
            self.fail(node, key, f"{what or key} must be true or false, not {show(value)}")
        return value

    def labels(self, node, key, what: str) -> list[str]:
        """A list of option labels (text)."""
        value = node.get(key)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(node, key, f"{what} must be a list of options, not {show(value)}")
        return list(value)

    def team_life(self, node, what: str) -> list[int]:
        value = node["team_life"]
        if not (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            self.fail(node, "team_life",
                      f"{what} is a list of two whole numbers, not {show(value)}")
        return list(value)

    def keyword_set(self, node, key) -> set[str]:
        value = node.get(key) or []
        if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
            self.fail(node, key, f"keywords must be a list of keyword names, not {show(value)}")
        known = {k.lower(): k for k in KEYWORDS}
        out = set()
        for k in value:
            if k.strip().lower() not in known:
                self.fail(node, key, f"unknown keyword {show(k)} (keywords: {', '.join(KEYWORDS)})")
            out.add(known[k.strip().lower()])
        return out

    # --- setup -----------------------------------------------------------------------------

    def build(self):
        doc = self.doc
        self.keys(doc, TOP_KEYS, "the scenario")
        name = doc.get("name")
        if not isinstance(name, str) or not name.strip() or "\n" in name.strip() \
                or len(name) > MAX_NAME:
            self.fail(doc, "name", f"a scenario needs a one-line `name` of at most {MAX_NAME} "
                                   "characters")
        rules = doc.get("rules", "1v1")
        if not isinstance(rules, str) or rules not in ("1v1", "2v2"):
            self.fail(doc, "rules", f"rules must be 1v1 or 2v2, not {show(rules)}")
        n = 4 if rules == "2v2" else 2
        players = doc.get("players", []) or []
        if not isinstance(players, list) or len(players) > n:
            self.fail(doc, "players", f"players must be a list of at most {n} seats")
        seats = []
        for spec in players:
            spec = spec or LineDict()
            self.keys(spec, SEAT_KEYS, "a player")
            seat = {
                "hand": self.names(spec, "hand"),
                "deck": self.names(spec, "deck"),
                "discard": self.names(spec, "discard"),
                "mindbugs": self.int_value(spec, "mindbugs", 2, low=0),
                "life": self.int_value(spec, "life", 3),
                "play": [],
            }
            if "life" in spec and rules == "2v2":
                self.fail(spec, "life", "in 2v2 use team_life, not a player's life")
            play = spec.get("play", []) or []
            if not isinstance(play, list):
                self.fail(spec, "play", f"play must be a list, not {show(play)}")
            for entry in play:
                if isinstance(entry, dict):
                    self.keys(entry, {"card", "exhausted"}, "a creature in play")
                    name = self.card_name(entry.get("card"), entry, "card")
                    seat["play"].append((name, self.bool_value(entry, "exhausted")))
                else:
                    seat["play"].append((self.card_name(entry, spec, "play"), False))
            seats.append(seat)
        team_life = None
        if doc.get("team_life") is not None:
            if rules != "2v2":
                self.fail(doc, "team_life", "team_life is for 2v2 only")
            team_life = self.team_life(doc, "team_life")
        turn = self.int_value(doc, "turn", 0)
        if not 0 <= turn < n:
            self.fail(doc, "turn", f"turn must be a seat from 0 to {n - 1}")
        seed = self.int_value(doc, "seed", 0)
        sets = self.int_value(doc, "sets", 1)
        if sets not in (1, 2):
            self.fail(doc, "sets", f"sets must be 1 or 2 (First Contact sets shuffled together), "
                                   f"not {sets}")
        if sets != 1 and rules != "2v2":
            self.fail(doc, "sets", "sets: 2 is for 2v2 only (1v1 is played with one set)")
        self.check_copies(doc, seats, sets)
        try:
            return from_position(
                self.db, seats, rules=rules, turn=turn, seed=seed, team_life=team_life, sets=sets
            )
        except Exception as e:  # the engine refuses a position (EngineError, ValueError, ...)
            self.fail(doc, None, f"cannot set up: {e}")

    def check_copies(self, doc, seats: list[dict], sets: int) -> None:
        """A position holds at most the card file's copies times ``sets`` of each card."""
        named = Counter(name for seat in seats
                        for name in [*seat["hand"], *seat["deck"], *seat["discard"],
                                     *(entry[0] for entry in seat["play"])])
        for name, count in named.items():
            most = self.db.by_name(name).copies * sets
            if count > most:
                held = "one set holds" if sets == 1 else f"{sets} sets hold"
                self.fail(doc, "players", f"the position names {count} {name}, but {held} "
                                          f"{most} {'copy' if most == 1 else 'copies'} of it")

    # --- steps -----------------------------------------------------------------------------

    def play_steps(self, g) -> None:
        steps = self.doc.get("steps", []) or []
        if not isinstance(steps, list):
            self.fail(self.doc, "steps", "steps must be a list")
        for i, step in enumerate(steps):
            line = steps.item_lines[i] if hasattr(steps, "item_lines") else 0
            where = f"{self.path}:{line}" if line else self.path
            by = None
            if isinstance(step, dict):
                self.keys(step, STEP_KEYS, "a step")
                if "do" not in step:
                    self.fail(step, None, "a step mapping needs `do`")
                if "by" in step:
                    by = self.int_value(step, "by", what="by (a seat)")
                label = step["do"]
            else:
                label = step
            if not isinstance(label, str):
                raise ScenarioError(
                    f"{where}: step {i + 1} must be an option label, not {show(label)}")
            if g.winner is not None:
                raise ScenarioError(
                    f"{where}: step {i + 1} {label!r}: the game is already over "
                    f"(winner {g.winner})"
                )
            pending = g.pending
            if by is not None and by != pending.seat:
                raise ScenarioError(
                    f"{where}: step {i + 1} {label!r}: seat {pending.seat} is deciding, "
                    f"not seat {by} (options: {', '.join(g.labels())})"
                )
            try:
                option = g.option_for(label)
            except EngineError as e:
                raise ScenarioError(f"{where}: step {i + 1}: {e}") from None
            g.respond(option)

    # --- expectations ----------------------------------------------------------------------

    def check(self, g) -> list[str]:
        expect = self.doc.get("expect")
        if expect is None:
            return []
        self.keys(expect, EXPECT_KEYS, "expect")
        problems = []
        if "winner" in expect:
            want = expect["winner"]
            if want not in (None, "none"):
                want = self.int_value(expect, "winner", what="winner (a seat, a team or none)")
            else:
                want = None
            if g.winner != want:
                got = "none" if g.winner is None else g.winner
                problems.append(f"winner: expected {'none' if want is None else want}, got {got}")
        if "turn" in expect:
            turn = self.int_value(expect, "turn", what="turn (a seat)")
            if g.active != turn:
                problems.append(f"turn: expected {turn}, got {g.active}")
        if "team_life" in expect:
            want_life = self.team_life(expect, "expect.team_life")
            if want_life != list(g.life):
                problems.append(f"team_life: expected {want_life}, got {list(g.life)}")
        if "pending" in expect:
            problems += self.check_pending(g, expect["pending"])
        if "players" in expect:
            players = expect["players"]
            if not isinstance(players, list):
                self.fail(expect, "players", f"expect.players must be a list, not {show(players)}")
            for seat, spec in enumerate(players):
                if seat >= g.n:
                    self.fail(expect, "players", f"there is no seat {seat}")
                problems += self.check_seat(g, seat, spec or {})
        return problems

    def check_pending(self, g, spec) -> list[str]:
        self.keys(spec, PENDING_KEYS, "expect.pending")
        pending = g.pending
        if pending is None:
            return ["pending: expected a decision, but the game is over"]
        problems = []
        want_options = self.labels(spec, "options", "expect.pending.options")
        include = self.labels(spec, "options_include", "expect.pending.options_include")
        exclude = self.labels(spec, "options_exclude", "expect.pending.options_exclude")
        if "by" in spec:
            by = self.int_value(spec, "by", what="pending.by (a seat)")
            if by != pending.seat:
                problems.append(f"pending.by: expected seat {by}, got seat {pending.seat}")
        offered = ", ".join(g.labels())

        def find(label):
            try:
                verb, args = parse_label(label)
            except EngineError as e:
                self.fail(spec, None, str(e))
            if args.get("name"):
                self.card_name(args["name"], spec, None)
            return [o for o in pending.options if matches(g, o, verb, args)]

        if "options" in spec:
            want = want_options
            used = set()
            ok = True
            for label in want:
                hits = [o for o in find(label) if o not in used]
                if len(hits) != 1:
                    ok = False
                    break
                used.add(hits[0])
            if not ok or len(used) != len(pending.options):
                problems.append(f"pending.options: expected [{', '.join(want)}], got [{offered}]")
        for label in include:
            if not find(label):
                problems.append(f"pending: option {label!r} missing (options: {offered})")
        for label in exclude:
            if find(label):
                problems.append(f"pending: option {label!r} offered (options: {offered})")
        return problems

    def check_seat(self, g, seat: int, spec) -> list[str]:
        self.keys(spec, EXPECT_SEAT_KEYS, f"expect.players[{seat}]")
        problems = []
        name = g.cards

        def counts(cids):
            return Counter(name[c].name for c in cids)

        def show(counter):
            return "[" + ", ".join(sorted(counter.elements())) + "]"

        numbers = {
            "life": g.life[g.team_of(seat)],
            "mindbugs": g.mindbugs[seat],
            "hand_count": len(g.hands[seat]),
            "deck_count": len(g.decks[seat]),
        }
        for key, got_number in numbers.items():
            if key in spec:
                want_number = self.int_value(spec, key, what=f"expect.players[{seat}].{key}")
                if want_number != got_number:
                    problems.append(
                        f"seat {seat} {key}: expected {want_number}, got {got_number}")
        for key, zone in (("hand", g.hands[seat]), ("discard", g.discards[seat])):
            if key in spec:
                want = Counter(self.names(spec, key))
                got = counts(zone)
                if want != got:
                    problems.append(f"seat {seat} {key}: expected {show(want)}, got {show(got)}")
        if "play" in spec:
            problems += self.check_play(g, seat, spec)
        return problems

    def check_play(self, g, seat: int, spec) -> list[str]:
        entries = spec["play"] or []
        if not isinstance(entries, list):
            self.fail(spec, "play", f"expect.players[{seat}].play must be a list, not {show(entries)}")
        wants: list[Creature] = []
        for entry in entries:
            if isinstance(entry, dict):
                self.keys(entry, PLAY_KEYS, "an expected creature")
                want: Creature = {"card": self.card_name(entry.get("card"), entry, "card")}
                if "exhausted" in entry:
                    want["exhausted"] = self.bool_value(entry, "exhausted")
                if "power" in entry:
                    want["power"] = self.int_value(entry, "power")
                if "keywords" in entry:
                    want["keywords"] = self.keyword_set(entry, "keywords")
            else:
                want = {"card": self.card_name(entry, spec, "play")}
            wants.append(want)
        actual: list[Creature] = []
        for c in g.plays[seat]:
            actual.append(
                {
                    "card": g.cards[c].name,
                    "exhausted": c in g.exhausted,
                    "power": g.power(c),
                    "keywords": set(g.keywords(c)),
                }
            )

        def fits(want: Creature, got: Creature) -> bool:
            return all(got.get(k) == v for k, v in want.items())  # got has every key

        if len(wants) == len(actual) and _perfect_matching(
            [[j for j, got in enumerate(actual) if fits(want, got)] for want in wants]
        ):
            return []

        def describe(d: Creature) -> str:
            extra = []
            if d.get("exhausted"):
                extra.append("exhausted")
            if "power" in d:
                extra.append(f"power {d['power']}")
            if d.get("keywords"):
                extra.append("/".join(sorted(d["keywords"])))
            return d["card"] + (f" ({', '.join(extra)})" if extra else "")

        return [
            f"seat {seat} play: expected [{', '.join(describe(w) for w in wants)}], "
            f"got [{', '.join(describe(a) for a in actual)}]"
        ]

    def run(self) -> Result:
        name = _name_of(self.doc, self.path)
        try:
            g = self.build()
            self.play_steps(g)
            problems = self.check(g)
        except ScenarioError as e:
            return Result(name, False, str(e), self.path)
        except EngineError as e:
            return Result(name, False, f"{self.path}: engine refused: {e}", self.path)
        if problems:
            return Result(name, False, "; ".join(problems), self.path)
        return Result(name, True, "", self.path)


def _perfect_matching(fits: list[list[int]]) -> bool:
    """Whether every expected creature i can take its own creature from ``fits[i]``.

    Kuhn's augmenting paths, walked with an explicit stack: polynomial, where trying every
    assignment (as before) was factorial for a board of near-identical creatures, and no
    recursion limit for a board of thousands.
    """
    owner: dict[int, int] = {}  # creature -> expected entry holding it
    if any(not f for f in fits):
        return False
    unplaced = []
    for entry, candidates in enumerate(fits):  # greedy first: most boards need nothing more
        free = next((j for j in candidates if j not in owner), None)
        if free is None:
            unplaced.append(entry)
        else:
            owner[free] = entry
    for start in unplaced:
        seen: set[int] = set()
        # each frame: (entry, index of the next candidate to try); path: creatures taken
        stack: list[list[int]] = [[start, 0]]
        path: list[int] = []
        found = False
        while stack:
            frame = stack[-1]
            entry, k = frame
            if k >= len(fits[entry]):
                stack.pop()
                if path:
                    path.pop()
                continue
            frame[1] += 1
            j = fits[entry][k]
            if j in seen:
                continue
            seen.add(j)
            path.append(j)
            if j not in owner:
                found = True
                break
            stack.append([owner[j], 0])
        if not found:
            return False
        # flip the path: each entry on the stack takes the creature chosen at its level
        for (entry, _k), j in zip(stack, path, strict=True):
            owner[j] = entry
    return True


def _name_of(doc, path: str) -> str:
    """The scenario's name for its PASS/FAIL line (the path if it has no usable name)."""
    name = doc.get("name") if isinstance(doc, dict) else None
    return name if isinstance(name, str) and name.strip() else path


_DB: CardDB | None = None


def default_db() -> CardDB:
    global _DB
    if _DB is None:
        _DB = load_cards()
    return _DB


def start_position(doc: LineDict, path: str, db: CardDB) -> State:
    """The engine State at the start of one scenario document (its ``setup``, before any
    step), built exactly as the runner builds it: the contract the learning content (lessons,
    puzzles) sets its positions up with. ScenarioError names what the document gets wrong."""
    return _Scenario(doc, path, db).build()


def run_file(path: str | Path, db: CardDB | None = None) -> list[Result]:
    """Every scenario in one file (a file may hold several YAML documents)."""
    path = str(path)
    db = db or default_db()
    try:
        text = read_yaml_file(path)
        docs = [d for d in load_yaml_text(text, path, all_documents=True) if d is not None]
    except YamlFileError as e:
        return [Result(path, False, str(e), path)]
    except OSError as e:
        return [Result(path, False, f"{path}: cannot read: {e.strerror or e}", path)]
    except Exception as e:  # the runner reports, it never crashes (a bug is a FAIL)
        return [Result(path, False, f"{path}: internal error: {e!r}", path)]
    if not docs:
        return [Result(path, False, f"{path}: no scenario in the file", path)]
    results = []
    for doc in docs:
        if not isinstance(doc, LineDict):
            results.append(Result(path, False, f"{path}: a scenario must be a mapping", path))
            continue
        try:
            results.append(_Scenario(doc, path, db).run())
        except Exception as e:  # the runner reports, it never crashes (a bug is a FAIL)
            results.append(Result(_name_of(doc, path), False, f"{path}: internal error: {e!r}", path))
    return results


def scenario_files(paths) -> list[Path]:
    files = []
    for p in paths:
        p = Path(p)
        if _is_dir(p):
            files.extend(sorted(q for q in p.rglob("*.yaml") if q.is_file()))
            files.extend(sorted(q for q in p.rglob("*.yml") if q.is_file()))
        else:
            files.append(p)
    return files


def _is_dir(path: Path) -> bool:
    """``path.is_dir()``, False for a path the system refuses to look at (a name too long):
    run_file then says why it cannot be read."""
    try:
        return path.is_dir()
    except OSError:
        return False
