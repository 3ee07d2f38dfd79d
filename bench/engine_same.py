"""Whether two trees of this project play the same games: a digest of seeded random games.

    python bench/engine_same.py                     # this tree
    python bench/engine_same.py --tree OTHER_TREE   # e.g. a `git archive` of the branch point

For an engine change that must not change the rules (a speed-up): the two digests must be equal.
Each game is played by a random player through respond() with events recorded, and the digest
takes every decision (seat, kind, options, source, purpose), the option chosen and every event,
record for record; a second pass plays the same games without events and takes the decisions
and the final state, so the events-off path is held to the same games. The AI's advance() path
is covered by a third pass that clones the state at every decision and advances the clone.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine


def digest(tree: Path, games: int) -> dict[str, str]:
    sys.path.insert(0, str(tree))
    from game.cards import load_cards
    from game.engine import new_game

    db = load_cards()
    out = {}
    for rules in ("1v1", "2v2"):
        for mode in ("events", "no-events", "advance"):
            h = hashlib.sha256()
            for seed in range(games):
                pick = random.Random(seed).random
                g = new_game(db, seed, rules)
                g.record_events = mode == "events"
                for _ in range(5000):
                    if g.winner is not None:
                        break
                    d = g.pending
                    h.update(repr((d.seat, d.kind, d.options, d.source, d.purpose)).encode())
                    choice = d.options[int(pick() * len(d.options))]
                    if mode == "advance":
                        c = g.clone()
                        c.advance(choice)
                        h.update(repr((c.pending, c.winner, c.life, c.hands, c.plays)).encode())
                    events = g.respond(choice)
                    h.update(repr((choice, events)).encode())
                h.update(repr((g.winner, g.life, g.hands, g.decks, g.plays, g.discards)).encode())
            out[f"{rules} {mode}"] = h.hexdigest()[:16]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    ap.add_argument("--games", type=int, default=300, help="games per rule set (default 300)")
    args = ap.parse_args()
    digests = digest(args.tree.resolve(), args.games)
    engine = sys.modules["game.engine"]
    print(f"engine: {getattr(engine, 'ENGINE', 'pure')} ({getattr(engine, 'ENGINE_REASON', '')})")
    for name, value in digests.items():
        print(f"{name:16s} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
