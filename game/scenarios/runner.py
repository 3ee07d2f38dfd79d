"""Run scenario files (../shared/scenario-format.md): set up, answer decisions, check results.

A scenario that cannot be run (bad YAML, unknown key or card, a step that matches no option)
is a failure with a reason naming the file and line; nothing here lets an exception escape.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from game.cards import load_cards
from game.cards.yamllines import LineDict, YamlFileError, line_of, load_yaml_text
from game.engine import EngineError, from_position
from game.engine.carddefs import CardDB
from game.engine.labels import matches, parse_label

TOP_KEYS = {"name", "rules", "seed", "turn", "players", "team_life", "steps", "expect"}
SEAT_KEYS = {"life", "mindbugs", "hand", "deck", "discard", "play"}
STEP_KEYS = {"by", "do"}
EXPECT_KEYS = {"winner", "turn", "pending", "team_life", "players"}
PENDING_KEYS = {"by", "options", "options_include", "options_exclude"}
EXPECT_SEAT_KEYS = {"life", "mindbugs", "hand", "hand_count", "deck_count", "discard", "play"}
PLAY_KEYS = {"card", "exhausted", "power", "keywords"}


@dataclass
class Result:
    name: str
    passed: bool
    reason: str = ""
    path: str = ""

    def line(self) -> str:
        return f"PASS {self.name}" if self.passed else f"FAIL {self.name}: {self.reason}"


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

    def fail(self, node, key, message):
        raise ScenarioError(f"{self.where(node, key)}: {message}")

    def keys(self, node, allowed, what):
        if not isinstance(node, dict):
            self.fail(node, None, f"{what} must be a mapping")
        for key in node:
            if key not in allowed:
                self.fail(node, key, f"unknown key {key!r} in {what}")

    def card_name(self, name, node, key) -> str:
        if not isinstance(name, str):
            self.fail(node, key, f"a card name must be text, not {name!r}")
        try:
            return self.db.by_name(name).name
        except KeyError:
            import difflib

            names = [d.name for d in self.db.defs]
            close = difflib.get_close_matches(name, names, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            self.fail(node, key, f"unknown card {name!r}{hint}")

    def names(self, node, key) -> list[str]:
        value = node.get(key, [])
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(node, key, f"{key} must be a list of card names")
        return [self.card_name(v, node, key) for v in value]

    def int_value(self, node, key, default):
        value = node.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(node, key, f"{key} must be a whole number, not {value!r}")
        return value

    # --- setup -----------------------------------------------------------------------------

    def build(self):
        doc = self.doc
        self.keys(doc, TOP_KEYS, "the scenario")
        if not isinstance(doc.get("name"), str) or not doc["name"].strip():
            self.fail(doc, "name", "a scenario needs a one-line `name`")
        rules = doc.get("rules", "1v1")
        if rules not in ("1v1", "2v2"):
            self.fail(doc, "rules", f"rules must be 1v1 or 2v2, not {rules!r}")
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
                "mindbugs": self.int_value(spec, "mindbugs", 2),
                "life": self.int_value(spec, "life", 3),
                "play": [],
            }
            if "life" in spec and rules == "2v2":
                self.fail(spec, "life", "in 2v2 use team_life, not a player's life")
            play = spec.get("play", []) or []
            if not isinstance(play, list):
                self.fail(spec, "play", "play must be a list")
            for entry in play:
                if isinstance(entry, dict):
                    self.keys(entry, {"card", "exhausted"}, "a creature in play")
                    name = self.card_name(entry.get("card"), entry, "card")
                    seat["play"].append((name, bool(entry.get("exhausted", False))))
                else:
                    seat["play"].append((self.card_name(entry, spec, "play"), False))
            seats.append(seat)
        team_life = doc.get("team_life")
        if team_life is not None:
            if rules != "2v2":
                self.fail(doc, "team_life", "team_life is for 2v2 only")
            if not (isinstance(team_life, list) and len(team_life) == 2):
                self.fail(doc, "team_life", "team_life is a list of two numbers")
        turn = self.int_value(doc, "turn", 0)
        if not 0 <= turn < n:
            self.fail(doc, "turn", f"turn must be a seat from 0 to {n - 1}")
        seed = self.int_value(doc, "seed", 0)
        try:
            return from_position(
                self.db, seats, rules=rules, turn=turn, seed=seed, team_life=team_life
            )
        except EngineError as e:
            self.fail(doc, None, f"cannot set up: {e}")

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
                by, label = step.get("by"), step["do"]
            else:
                label = step
            if not isinstance(label, str):
                raise ScenarioError(f"{where}: step {i + 1} must be an option label")
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
            want = None if want in (None, "none") else want
            if g.winner != want:
                got = "none" if g.winner is None else g.winner
                problems.append(f"winner: expected {expect['winner']}, got {got}")
        if "turn" in expect and g.active != expect["turn"]:
            problems.append(f"turn: expected {expect['turn']}, got {g.active}")
        if "team_life" in expect and list(expect["team_life"]) != g.life:
            problems.append(f"team_life: expected {list(expect['team_life'])}, got {g.life}")
        if "pending" in expect:
            problems += self.check_pending(g, expect["pending"])
        if "players" in expect:
            players = expect["players"]
            if not isinstance(players, list):
                self.fail(expect, "players", "expect.players must be a list")
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
        if "by" in spec and spec["by"] != pending.seat:
            problems.append(f"pending.by: expected seat {spec['by']}, got seat {pending.seat}")
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
            want = spec["options"] or []
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
        for label in spec.get("options_include", []) or []:
            if not find(label):
                problems.append(f"pending: option {label!r} missing (options: {offered})")
        for label in spec.get("options_exclude", []) or []:
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

        if "life" in spec and g.life[g.team_of(seat)] != spec["life"]:
            problems.append(f"seat {seat} life: expected {spec['life']}, got {g.life[g.team_of(seat)]}")
        if "mindbugs" in spec and g.mindbugs[seat] != spec["mindbugs"]:
            problems.append(
                f"seat {seat} mindbugs: expected {spec['mindbugs']}, got {g.mindbugs[seat]}"
            )
        for key, zone in (("hand", g.hands[seat]), ("discard", g.discards[seat])):
            if key in spec:
                want = Counter(self.names(spec, key))
                got = counts(zone)
                if want != got:
                    problems.append(f"seat {seat} {key}: expected {show(want)}, got {show(got)}")
        if "hand_count" in spec and len(g.hands[seat]) != spec["hand_count"]:
            problems.append(
                f"seat {seat} hand_count: expected {spec['hand_count']}, got {len(g.hands[seat])}"
            )
        if "deck_count" in spec and len(g.decks[seat]) != spec["deck_count"]:
            problems.append(
                f"seat {seat} deck_count: expected {spec['deck_count']}, got {len(g.decks[seat])}"
            )
        if "play" in spec:
            problems += self.check_play(g, seat, spec)
        return problems

    def check_play(self, g, seat: int, spec) -> list[str]:
        entries = spec["play"] or []
        wants = []
        for entry in entries:
            if isinstance(entry, dict):
                self.keys(entry, PLAY_KEYS, "an expected creature")
                want = dict(entry)
                want["card"] = self.card_name(entry.get("card"), entry, "card")
                if "keywords" in want:
                    want["keywords"] = {str(k).capitalize() for k in want["keywords"] or []}
            else:
                want = {"card": self.card_name(entry, spec, "play")}
            wants.append(want)
        actual = []
        for c in g.plays[seat]:
            actual.append(
                {
                    "card": g.cards[c].name,
                    "exhausted": c in g.exhausted,
                    "power": g.power(c),
                    "keywords": set(g.keywords(c)),
                }
            )

        def fits(want, got):
            return all(got[k] == v for k, v in want.items())

        def assign(i, free):
            if i == len(wants):
                return True
            for j in list(free):
                if fits(wants[i], actual[j]):
                    free.discard(j)
                    if assign(i + 1, free):
                        return True
                    free.add(j)
            return False

        if len(wants) == len(actual) and assign(0, set(range(len(actual)))):
            return []

        def describe(d):
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
        name = self.doc.get("name") if isinstance(self.doc, dict) else None
        name = str(name) if name else self.path
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


_DB: CardDB | None = None


def default_db() -> CardDB:
    global _DB
    if _DB is None:
        _DB = load_cards()
    return _DB


def run_file(path: str | Path, db: CardDB | None = None) -> list[Result]:
    """Every scenario in one file (a file may hold several YAML documents)."""
    path = str(path)
    db = db or default_db()
    try:
        text = Path(path).read_text(encoding="utf-8")
        docs = [d for d in load_yaml_text(text, path, all_documents=True) if d is not None]
    except YamlFileError as e:
        return [Result(path, False, str(e), path)]
    except (OSError, UnicodeDecodeError) as e:
        return [Result(path, False, f"{path}: cannot read: {e}", path)]
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
            results.append(Result(str(doc.get("name", path)), False, f"{path}: internal error: {e!r}", path))
    return results


def scenario_files(paths) -> list[Path]:
    files = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            files.extend(sorted(q for q in p.rglob("*.yaml") if q.is_file()))
            files.extend(sorted(q for q in p.rglob("*.yml") if q.is_file()))
        else:
            files.append(p)
    return files
