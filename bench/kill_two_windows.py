"""Two windows on one saved game, one killed -9 (SDL's dummy driver, a data folder of the run's
own, no network).

Each round leaves a game in progress (``--quit-after``), then starts two windows that both ask
to ``--resume`` it at once: exactly one may play it, the other must refuse (exit 1, one line on
stderr). The one playing is killed -9 at a random moment. Then the save must parse (never torn),
its lock must be free, and a third window resuming it must end the very game an uninterrupted
window plays with that seed (the same GAME OVER line), with one replay and no save left.

    python bench/kill_two_windows.py --rounds 20 --seed 1
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def window(data: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               MINDBUG_DATA_DIR=str(data), PYTHONPATH=str(ROOT), MINDBUG_LOOPBACK_ONLY="1")
    return subprocess.Popen([sys.executable, "-m", "game", "--demo", "--level", "easy",
                             "--max-fps", "1000", "--settings", str(data / "s.json"), *args],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def finish(proc: subprocess.Popen, timeout: float = 300) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=timeout)
    return proc.returncode, out, err


def saves(data: Path) -> list[Path]:
    return sorted((data / "saves").glob("game-*.json"))


def choices_in(path: Path) -> int:
    from game.persist.store import read_record

    return len(read_record(path).choices)


def one_round(rng: random.Random, seed: int, reference: dict[int, str]) -> list[str]:
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="kill-two-") as tmp:
        data = Path(tmp)
        if seed not in reference:
            code, out, err = finish(window(data / "ref", "--seed", str(seed), "--speed", "100",
                                           "--exit-after-game"))
            reference[seed] = out.strip().splitlines()[-1] if code == 0 else f"failed: {err}"
        code, out, err = finish(window(data, "--seed", str(seed), "--speed", "100",
                                       "--quit-after", str(rng.randint(1, 6))))
        if code != 0 or len(saves(data)) != 1:
            return [f"seed {seed}: the game to continue was not left ({code}, {err[-300:]})"]
        [save] = saves(data)
        start = choices_in(save)
        a = window(data, "--resume", "--speed", "1")
        b = window(data, "--resume", "--speed", "1")
        # The one that refuses exits on its own: wait for it, then the other plays.
        deadline = time.monotonic() + 60
        while a.poll() is None and b.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        refused = a if a.poll() is not None else b if b.poll() is not None else None
        playing = b if refused is a else a
        if refused is None:
            problems.append(f"seed {seed}: both windows went on with one game")
        else:
            code, _out, err = finish(refused, 30)
            if code != 1 or "Traceback" in err or not err.strip():
                problems.append(f"seed {seed}: the refusing window said {err.strip()[-200:]!r} "
                                f"(exit {code})")
        time.sleep(rng.uniform(0.2, 4.0))  # somewhere in the middle of its moves
        if playing.poll() is None:
            playing.send_signal(signal.SIGKILL)
        playing.wait(30)
        for proc in (a, b):
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)
            for stream in (proc.stdout, proc.stderr):
                stream.close()
        if save.exists():
            try:
                moved = choices_in(save)
            except Exception as exc:  # a torn save is the failure we look for
                return [*problems, f"seed {seed}: the save does not parse after kill -9: {exc}"]
            if moved < start:
                problems.append(f"seed {seed}: the save went back from {start} to {moved}")
            from game.persist.store import Store

            if Store(data).saves.open_elsewhere(save.name[5:-5]):
                problems.append(f"seed {seed}: kill -9 left the game locked")
        code, out, err = finish(window(data, "--resume", "--speed", "100",
                                       "--exit-after-game"))
        replays = list((data / "replays").glob("replay-*.json"))
        if save.exists() and not replays:  # not finished by the killed window: resumed now
            problems.append(f"seed {seed}: resuming left the save ({code}, {err[-300:]})")
        if code == 0 and out.strip().splitlines()[-1] != reference[seed]:
            problems.append(f"seed {seed}: another game after resuming: "
                            f"{out.strip().splitlines()[-1]!r} != {reference[seed]!r}")
        if len(replays) != 1 or saves(data):
            problems.append(f"seed {seed}: {len(replays)} replays and {len(saves(data))} saves "
                            "at the end")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    reference: dict[int, str] = {}
    failed = 0
    for n in range(args.rounds):
        seed = rng.choice((11, 12, 13))
        problems = one_round(rng, seed, reference)
        for line in problems:
            print("FAIL", line, flush=True)
        failed += bool(problems)
        print(f"round {n + 1}: seed {seed}, {'ok' if not problems else 'FAILED'}", flush=True)
    print(f"kill -9 with two windows: tried {args.rounds}, failed {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
