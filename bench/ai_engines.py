"""What the compiled engine buys the AI: iterations per second, and Hard against Hard.

    nice -n 10 python bench/ai_engines.py --speed 3           # iterations/s, compiled vs pure
    nice -n 10 python bench/ai_engines.py --games 400 [--until 23:40] [--workers 2]

The engine is chosen when game.engine is first imported (game/engine/_select.py), so each
engine runs in its own child process (MINDBUG_ENGINE=compiled or pure):

- `--speed N`: N runs of `bench/ai.py --speed-only` (Hard's search, 40 positions x 1,000
  iterations) per engine, the engines alternated; the median of each.
- `--games N`: Hard with the compiled engine against Hard with the pure one, both at Hard's
  own budget (the level as a player gets it: up to 5,000 iterations, stopped at 2.5 s of
  wall-clock or once the pick is settled). Each side is a child that keeps its own copy of the
  game (the engines play the same games record for record: bench/engine_same.py) and is told
  the other side's picks; the parent keeps a third copy and checks that every pick is an
  option of it. Game i is seeded as game.sim seeds it (batch.game_seeds(seed, i)); the
  compiled side has seat i % 2. `--until HH:MM` (UTC) starts no game after that time and
  reports the games played. Reported: the compiled side's wins with the 95% Wilson interval,
  and each side's mean iterations per searched decision and thinking time.

Both engines must be there: build the compiled one first (python build/compile_engine.py).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
ENGINES = ("compiled", "pure")


def _env(engine: str) -> dict[str, str]:
    return {**os.environ, "MINDBUG_ENGINE": engine, "MINDBUG_LOOPBACK_ONLY": "1"}


def speed(runs: int) -> dict[str, object]:
    """Hard's search speed per engine (bench/ai.py --speed-only), runs alternated."""
    per_cpu: dict[str, list[float]] = {e: [] for e in ENGINES}
    per_wall: dict[str, list[float]] = {e: [] for e in ENGINES}
    for run in range(runs):
        for engine in ENGINES:
            out = subprocess.run([sys.executable, "bench/ai.py", "--speed-only"], cwd=ROOT,
                                 env=_env(engine), capture_output=True, text=True, check=True)
            # "search: 6,241 iterations/s on one core, 6,151 per CPU-second (40 positions x 1000)"
            found = re.search(r"search: ([\d,]+) iterations/s on one core, ([\d,]+) per CPU",
                              out.stdout)
            if found is None:
                raise SystemExit(f"bench/ai.py said: {out.stdout[-500:]}")
            wall, cpu = (float(x.replace(",", "")) for x in found.groups())
            per_wall[engine].append(wall)
            per_cpu[engine].append(cpu)
            print(f"run {run + 1} {engine}: {wall:,.0f} iterations/s, {cpu:,.0f} per CPU-second",
                  flush=True)
    med = {e: statistics.median(per_cpu[e]) for e in ENGINES}
    return {"runs": runs, "per_cpu_second": per_cpu, "per_second": per_wall,
            "median_per_cpu_second": med, "ratio": med["compiled"] / med["pure"]}


# --- the Hard-against-Hard games --------------------------------------------------------


def child(level: str) -> int:
    """One side: reads commands on stdin, one per line, and keeps its own copy of the game.

    new SEED SEAT AGENT_SEED   a new game (the engine's seed), this side's seat
    act                        pick for the pending decision (this side's): "INDEX ITERATIONS
                               SECONDS OPTIONS", OPTIONS the count it chose among
    take INDEX                 the other side picked option INDEX
    """
    from game.ai import make_agent
    from game.ai.ismcts import ISMCTSAgent
    from game.cards import load_cards
    from game.engine import ENGINE, new_game

    db = load_cards()
    print(f"engine {ENGINE}", flush=True)
    g = agent = None
    for line in sys.stdin:
        word, *args = line.split()
        if word == "new":
            g = new_game(db, seed=int(args[0]))
            g.record_events = False
            agent = make_agent(level, int(args[2]))
        elif word == "act":
            assert g is not None and agent is not None and g.pending is not None
            d = g.pending
            start = time.perf_counter()
            option = agent.act(g.view(d.seat), d)
            seconds = time.perf_counter() - start
            iterations = agent.last_iterations if isinstance(agent, ISMCTSAgent) else 0
            index = d.options.index(option)
            g.respond(option, serial=d.serial)
            print(f"{index} {iterations} {seconds:.4f} {len(d.options)}", flush=True)
        elif word == "take":
            assert g is not None and g.pending is not None
            g.respond(g.pending.options[int(args[0])], serial=g.pending.serial)
        elif word == "quit":
            break
    return 0


class Side:
    def __init__(self, engine: str, level: str) -> None:
        self.engine = engine
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--child", "--level", level], cwd=ROOT,
            env=_env(engine), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        first = self.ask(None)
        if first != f"engine {engine}":
            raise SystemExit(f"the {engine} side runs {first!r}: build the compiled engine first")

    def ask(self, line: str | None) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        if line is not None:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError(f"the {self.engine} side ended")
        return answer.strip()

    def tell(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def close(self) -> None:
        try:
            self.tell("quit")
        except OSError:
            pass
        self.proc.wait(timeout=30)


def play(index: int, run_seed: int, sides: dict[str, Side]) -> dict[str, object]:
    from game.ai.batch import game_seeds
    from game.cards import load_cards
    from game.engine import new_game

    game_seed, seed_a, seed_b = game_seeds(run_seed, index)
    g = new_game(load_cards(), seed=game_seed)
    g.record_events = False
    compiled_seat = index % 2
    seat_engine = {compiled_seat: "compiled", 1 - compiled_seat: "pure"}
    for seat, engine in seat_engine.items():
        sides[engine].tell(f"new {game_seed} {seat} {seed_a if engine == 'compiled' else seed_b}")
    iterations: dict[str, list[int]] = {e: [] for e in ENGINES}
    seconds: dict[str, list[float]] = {e: [] for e in ENGINES}
    while (d := g.pending) is not None:
        engine = seat_engine[d.seat]
        text_index, text_iterations, text_seconds, offered = sides[engine].ask("act").split()
        pick = int(text_index)
        if int(offered) != len(d.options):  # the copies went apart: the engines differ
            raise RuntimeError(f"game {index}: the {engine} side was offered {offered} options, "
                               f"not {len(d.options)}")
        if len(d.options) > 1:
            iterations[engine].append(int(text_iterations))
            seconds[engine].append(float(text_seconds))
        other = "pure" if engine == "compiled" else "compiled"
        sides[other].tell(f"take {pick}")
        g.respond(d.options[pick], serial=d.serial)
    return {"index": index, "compiled_seat": compiled_seat, "winner": g.winner,
            "compiled_won": g.winner == compiled_seat, "iterations": iterations,
            "seconds": seconds}


def games(total: int, run_seed: int, until: datetime.datetime | None, workers: int,
          log: Path | None, level: str) -> dict[str, object]:
    from game.ai.batch import wilson

    results: list[dict[str, object]] = []
    lock = threading.Lock()
    next_index = [0]

    def worker() -> None:
        sides = {e: Side(e, level) for e in ENGINES}
        try:
            while True:
                with lock:
                    if next_index[0] >= total or (
                            until is not None and datetime.datetime.now(datetime.UTC) >= until):
                        return
                    index = next_index[0]
                    next_index[0] += 1
                result = play(index, run_seed, sides)
                with lock:
                    results.append(result)
                    won = sum(1 for r in results if r["compiled_won"])
                    line = (f"game {index}: winner seat {result['winner']}, compiled seat "
                            f"{result['compiled_seat']} -> compiled {won}/{len(results)}")
                    print(line, flush=True)
                    if log is not None:
                        with open(log, "a", encoding="utf-8") as f:
                            f.write(json.dumps(result) + "\n")
        finally:
            for side in sides.values():
                side.close()

    threads = [threading.Thread(target=worker) for _ in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    n = len(results)
    won = sum(1 for r in results if r["compiled_won"])
    low, high = wilson(won, n)
    summary: dict[str, object] = {"level": level, "games": n, "asked": total, "compiled_wins": won,
                                  "compiled_rate": won / n if n else None,
                                  "interval95": [low, high]}
    for engine in ENGINES:
        its = [i for r in results for i in r["iterations"][engine]]  # type: ignore[index]
        secs = [s for r in results for s in r["seconds"][engine]]  # type: ignore[index]
        summary[engine] = {
            "searched_decisions": len(its),
            "mean_iterations": statistics.fmean(its) if its else None,
            "median_iterations": statistics.median(its) if its else None,
            "share_at_5000": sum(1 for i in its if i >= 5000) / len(its) if its else None,
            "mean_seconds": statistics.fmean(secs) if secs else None,
        }
    return summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--speed", type=int, metavar="RUNS", help="runs of bench/ai.py --speed-only")
    ap.add_argument("--games", type=int, help="Hard (compiled) against Hard (pure)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--until", help="HH:MM UTC: start no game after it")
    ap.add_argument("--workers", type=int, default=1, help="games played at once")
    ap.add_argument("--log", type=Path, help="append each game's result (JSON lines)")
    ap.add_argument("--level", default="hard", help="both sides' level (default hard; a "
                    "variant such as hard:iterations=50 for a quick check)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        return child(args.level)
    if args.speed:
        print(json.dumps(speed(args.speed)), flush=True)
    if args.games:
        until = None
        if args.until:
            hour, minute = map(int, args.until.split(":"))
            now = datetime.datetime.now(datetime.UTC)
            until = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
        started = time.perf_counter()
        summary = games(args.games, args.seed, until, args.workers, args.log, args.level)
        summary["wall_seconds"] = round(time.perf_counter() - started)
        print(json.dumps(summary), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
