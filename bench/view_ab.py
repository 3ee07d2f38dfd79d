"""A/B of view() + View.determinize(): an older game/engine/view.py against this tree's.

    git show main:game/engine/view.py > /tmp/old_view.py
    nice -n 10 python bench/view_ab.py /tmp/old_view.py [--rounds 3]

Both run in this process, alternated round by round, on the states bench/engine.py times them
on (its mid-game state, every decision of seeded random 1v1 and 2v2 games), so a loaded machine
disturbs both alike. The old side also gets the old State.view(), which imported make_view on
every call. Best round of each, wall-clock and CPU time (time.process_time).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine import decision_states, mid_game_state, view_costs  # noqa: E402
from game.cards import load_cards  # noqa: E402
from game.engine.state import State  # noqa: E402

OLD_NAME = "game.engine.view_old"


def load_old_view(path: str) -> None:
    """Import the old view.py as a sibling module of game.engine.view (for its relative imports)."""
    if not Path(path).is_file():
        raise ImportError("no such file")
    spec = importlib.util.spec_from_file_location(OLD_NAME, path)
    if spec is None:
        raise ImportError("not a Python source file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[OLD_NAME] = module
    spec.loader.exec_module(module)


def old_state_view(self: State, seat: int):
    """State.view() as it was: an import statement on every call, then the old make_view."""
    from game.engine.view_old import make_view

    self._check_seat(seat)
    return make_view(self, seat)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old_view", help="path of the older game/engine/view.py")
    ap.add_argument("--rounds", type=int, default=3, help="alternations (default 3)")
    args = ap.parse_args(argv)
    try:
        load_old_view(args.old_view)
    except (OSError, ImportError, SyntaxError) as exc:
        ap.error(f"cannot load {args.old_view}: {exc}")
    db = load_cards()
    sets = [
        ("mid-game state", [mid_game_state(db)], 5000),
        ("1v1 decisions", decision_states(db, "1v1", 20), 10),
        ("2v2 decisions", decision_states(db, "2v2", 8), 10),
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
