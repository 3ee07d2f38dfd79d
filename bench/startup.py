"""Start to first frame from source: launches ``python -m game --ready`` N times and prints the
wall time until it prints READY (its first frame is on screen), median and 90th percentile,
and the CPU time (user + sys) the game had used by then, which a busy machine disturbs less.

Run under a real X server (or Xvfb):  DISPLAY=:99 python bench/startup.py --runs 15
Target: first frame <= 0.25 s.

Each run gets an empty settings file and data folder (MINDBUG_DATA_DIR), so another program's
saved game on this machine does not change the figure. Python's bytecode caches are kept in a
private folder (PYTHONPYCACHEPREFIX) that one uncounted warm-up start fills: a player's second
and later starts find them (the first start after an install writes them), while an
environment with PYTHONDONTWRITEBYTECODE=1 would otherwise compile every module on every run.
``--cold`` measures that first-ever start instead (no caches: every module compiled).
``--demo`` times ``--demo`` instead of the title: the path build/check_bundle.py times in the
bundle (its first frame is a table, so the engine, the cards and their faces are on it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

ROOT = Path(__file__).resolve().parents[1]
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a running process so far (Linux /proc), else None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime (fields 14, 15)


def one_start(env: dict[str, str], settings: Path, demo: bool = False) -> tuple[float, float | None]:
    """(wall seconds until READY, CPU seconds used by then) for one start of the game."""
    extra = ["--demo", "--seed", "1"] if demo else []
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "--settings", str(settings), "--windowed", "--ready", *extra],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        line = proc.stdout.readline()
        wall = time.perf_counter() - t0
        cpu = cpu_seconds(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    if line.strip() != "READY":
        raise SystemExit(f"the game did not print READY (got {line!r})")
    return wall, cpu


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def measure(runs: int, cold: bool = False, demo: bool = False) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds to the first frame, one of each per start."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", MINDBUG_DATA_DIR=str(Path(tmp) / "data"))
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        if cold:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            one_start(env, Path(tmp) / "warmup.json", demo)  # fills the bytecode caches; not counted
        walls, cpus = [], []
        for i in range(runs):
            wall, cpu = one_start(env, Path(tmp) / f"settings{i}.json", demo)
            walls.append(wall)
            if cpu is not None:
                cpus.append(cpu)
    return walls, cpus


def report(walls: list[float], cpus: list[float], cold: bool = False, demo: bool = False) -> list[str]:
    kind = "cold, no bytecode caches" if cold else "bytecode cached"
    kind += ", --demo" if demo else ""
    lines = [f"start to first frame ({kind}, {len(walls)} runs): median {statistics.median(walls):.3f} s, "
             f"p90 {percentile(walls, 0.9):.3f} s, min {min(walls):.3f} s, max {max(walls):.3f} s "
             f"(target <= 0.25)"]
    if cpus:
        lines.append(f"CPU time (user+sys) to first frame: median {statistics.median(cpus):.3f} s, "
                     f"min {min(cpus):.3f} s, max {max(cpus):.3f} s")
    return lines


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=15)
    p.add_argument("--cold", action="store_true",
                   help="no bytecode caches: every module compiled, as on the very first start")
    p.add_argument("--demo", action="store_true",
                   help="time --demo (a table as the first frame, as the bundle check does)")
    args = p.parse_args()
    walls, cpus = measure(args.runs, args.cold, args.demo)
    print("\n".join(report(walls, cpus, args.cold, args.demo)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
