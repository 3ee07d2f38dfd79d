"""A/B of view() + View.determinize(): an older game/engine/view.py against this tree's.

    git show main:game/engine/view.py > /tmp/old_view.py
    nice -n 10 python bench/view_ab.py /tmp/old_view.py [--rounds 3]
    python bench/view_ab.py /tmp/old_view.py --instructions [--decisions 2v2]

Both run in this process, alternated round by round, on the states bench/engine.py times them
on (its mid-game state, every decision of seeded random 1v1 and 2v2 games), so a loaded machine
disturbs both alike. The old side also gets the old State.view(), which imported make_view on
every call. Best round of each, wall-clock and CPU time (time.process_time).

--instructions counts machine instructions instead, which the load does not change: each side
runs under valgrind's cachegrind twice, with 10 calls and with none (the difference is the
calls', without start-up and set-up), in the pattern the timing uses (per state: 10 view()s,
then 10 determinize()s of one view; --calls 1: one of each). It needs valgrind and takes about
a minute.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine
if __name__ == "__main__":
    # Both sides Python: the old view.py is a source file, and timed beside a compiled engine's
    # view the A/B would measure mypyc, not the change (load_old_view serves a process that
    # already runs the compiled engine, such as a test's).
    os.environ["MINDBUG_ENGINE"] = "pure"

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine import decision_states, mid_game_state, view_costs  # noqa: E402
from game.cards import load_cards  # noqa: E402
from game.engine.state import State  # noqa: E402

OLD_NAME = "game.engine.view_old"
#: the engine's sources loaded again as a package of this name, beside which an old view is
#: loaded where this process already runs the compiled engine
PURE_ENGINE = "view_ab_pure_engine"


def _pure_engine() -> str:
    """The package whose modules the old view imports (``from .state import State``): the
    engine itself where it runs as Python; else its sources imported again under another name
    (a Python class cannot extend a compiled one: the old MaskedState(State) could not be made)."""
    engine = sys.modules["game.engine"]
    if engine.ENGINE == "pure":
        return "game.engine"
    if PURE_ENGINE not in sys.modules:
        folder = Path(engine.__file__).parent
        spec = importlib.util.spec_from_file_location(
            PURE_ENGINE, folder / "__init__.py", submodule_search_locations=[str(folder)])
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[PURE_ENGINE] = module
        told = os.environ.get("MINDBUG_ENGINE")
        os.environ["MINDBUG_ENGINE"] = "pure"  # its own _select hands out the sources
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[PURE_ENGINE]
            raise
        finally:
            if told is None:
                del os.environ["MINDBUG_ENGINE"]
            else:
                os.environ["MINDBUG_ENGINE"] = told
    return PURE_ENGINE


def load_old_view(path: str) -> None:
    """Import the old view.py as a sibling module of the engine's view (for its relative
    imports), known as OLD_NAME."""
    if not Path(path).is_file():
        raise ImportError("no such file")
    spec = importlib.util.spec_from_file_location(f"{_pure_engine()}.view_old", path)
    if spec is None or spec.loader is None:
        raise ImportError("not a Python source file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[OLD_NAME] = sys.modules[spec.name] = module
    spec.loader.exec_module(module)


def old_state_view(self: State, seat: int):
    """State.view() as it was: an import statement on every call, then the old make_view."""
    from game.engine.view_old import make_view

    self._check_seat(seat)
    return make_view(self, seat)


DECISION_GAMES = {"1v1": 20, "2v2": 8}  # seeded random games whose decisions are timed


def run_calls(states: list, calls: int) -> None:
    """view_costs' calls without its clocks: per state `calls` view()s of the deciding seat,
    then `calls` determinize()s of one view (after one of each, so that both runs, with calls
    and without, start from the same warmed-up interpreter)."""
    rng = random.Random(0)
    for g in states:
        g.view(g.pending.seat).determinize(rng)
    for g in states:
        seat = g.pending.seat
        for _ in range(calls):
            g.view(seat)
        determinize = g.view(seat).determinize
        for _ in range(calls):
            determinize(rng)


def instructions(old_view: str, side: str, rules: str, calls: int) -> int:
    """Instructions that valgrind's cachegrind counts for one run of --count."""
    cmd = [
        "valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
        sys.executable, __file__, old_view, "--count", side, "--calls", str(calls),
        "--decisions", rules,
    ]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode or not found:
        raise RuntimeError(f"cachegrind failed: {done.stderr.strip().splitlines()[-1:]}")
    return int(found.group(1).replace(",", ""))


def print_instructions(old_view: str, rules: str, calls: int) -> None:
    pairs = len(decision_states(load_cards(), rules, DECISION_GAMES[rules])) * calls
    counts = {}
    for side in ("old", "new"):
        spent = instructions(old_view, side, rules, calls) - instructions(old_view, side, rules, 0)
        counts[side] = spent / pairs
    print(f"instructions per view() + determinize(), {rules} decisions ({pairs} calls of each): "
          f"old {counts['old']:,.0f}, new {counts['new']:,.0f}, "
          f"new/old {counts['new'] / counts['old']:.3f}")  # fmt: skip


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old_view", help="path of the older game/engine/view.py")
    ap.add_argument("--rounds", type=int, default=3, help="alternations (default 3)")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions with valgrind instead of timing")  # fmt: skip
    ap.add_argument("--decisions", choices=sorted(DECISION_GAMES), default="2v2",
                    help="with --instructions: whose decisions (default 2v2)")  # fmt: skip
    ap.add_argument("--count", choices=("old", "new"), help=argparse.SUPPRESS)
    ap.add_argument("--calls", type=int, default=10,
                    help="with --instructions: calls of each per state (default 10, as timed; "
                    "1: every view dealt once)")  # fmt: skip
    args = ap.parse_args(argv)
    try:
        load_old_view(args.old_view)
    except (OSError, ImportError, SyntaxError) as exc:
        ap.error(f"cannot load {args.old_view}: {exc}")
    if args.count:  # one side's calls, run by --instructions under valgrind
        rules = args.decisions
        states = decision_states(load_cards(), rules, DECISION_GAMES[rules])
        new_view = State.view
        State.view = old_state_view if args.count == "old" else new_view
        try:
            run_calls(states, args.calls)
        finally:
            State.view = new_view
        return 0
    if args.instructions:
        if args.calls < 1:
            ap.error("--calls must be 1 or more")
        if shutil.which("valgrind") is None:
            ap.error("--instructions needs valgrind (apt-get install valgrind)")
        try:
            print_instructions(args.old_view, args.decisions, args.calls)
        except RuntimeError as exc:
            print(exc, file=sys.stderr)
            return 1
        return 0
    db = load_cards()
    sets = [
        ("mid-game state", [mid_game_state(db)], 5000),
        ("1v1 decisions", decision_states(db, "1v1", DECISION_GAMES["1v1"]), 10),
        ("2v2 decisions", decision_states(db, "2v2", DECISION_GAMES["2v2"]), 10),
    ]
    sides = {"old": old_state_view, "new": State.view}
    best: dict[tuple, tuple[float, float]] = {}
    try:
        for _ in range(args.rounds):
            for side, view in sides.items():
                State.view = view
                for label, states, calls in sets:
                    for clock, timer in (("wall", time.perf_counter), ("CPU", time.process_time)):
                        cost = view_costs(states, calls, timer)
                        key = (label, clock, side)
                        if key not in best or sum(cost) < sum(best[key]):
                            best[key] = cost
    finally:
        State.view = sides["new"]
    print("microseconds per view() + determinize()")
    for label, states, _ in sets:
        for clock in ("wall", "CPU"):
            old, new = best[(label, clock, "old")], best[(label, clock, "new")]
            print(f"{label} ({len(states)}), {clock:4}: old {old[0]:.2f} + {old[1]:.2f} = "
                  f"{sum(old):5.2f}, new {new[0]:.2f} + {new[1]:.2f} = {sum(new):5.2f}, "
                  f"new/old {sum(new) / sum(old):.2f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
