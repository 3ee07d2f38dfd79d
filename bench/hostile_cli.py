"""Hostile command-line values for the game and its tools: out-of-range and non-numbers, files
that are FIFOs, folders, devices or paths through a file, names with control characters, huge
texts, and standard output closed or cut short.

A case fails when the command hangs (``--timeout``), prints a traceback, or ends with a status
other than 0, 1, 2 (or 141 when its reader went away). ``--join`` opens a window that waits for
the host or says what is wrong with the address: still open after ``--window-wait`` seconds
without a traceback is what it should do. Loopback only: every address given is
127.0.0.1 or cannot be parsed (no host name is ever looked up), MINDBUG_LOOPBACK_ONLY=1 is set,
the data folder is the run's own.

    python bench/hostile_cli.py
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

NUMBERS = ["-1", "0", "1e3", "3.0", "nan", "inf", "-inf", "", " ", "0x10", "١٢", "9" * 41,
           "9223372036854775808", "1_000", "+5", "1e-400"]
TEXTS = ["", "\x1b[31mred", "a\tb\nc", "\u202eevil", "x" * 10_000, "é" * 500]


def cases(tmp: Path) -> list[tuple[str, list[str], str]]:
    """(area, argv after ``python -m``, how stdout is treated: pipe, closed, cut)."""
    fifo = tmp / "fifo"
    os.mkfifo(fifo)
    folder = tmp / "folder"
    folder.mkdir()
    blocker = tmp / "a-file"
    blocker.write_text("x")
    hostile_json = tmp / "hostile.json"
    hostile_json.write_bytes(b"[" * 100_000)
    bad_files = [str(fifo), str(folder), "/dev/full", "/dev/null", str(blocker / "x.json"),
                 str(tmp / "missing" / "x.json"), "CON.json", "x" * 5000, str(hostile_json)]
    # --exit-after-game too: a --quit-after beyond the game's end would leave its window open
    game = ["game", "--demo", "--speed", "100", "--quit-after", "1", "--exit-after-game"]
    out: list[tuple[str, list[str], str]] = []
    for flag in ("--seed", "--speed", "--quit-after"):
        out += [(f"game {flag}", [*game, flag, v], "pipe") for v in NUMBERS]
    out += [("game --level", [*game, "--level", v], "pipe") for v in ["", "EXPERT", "god", "x" * 5000]]
    out += [("game --rules", [*game, "--rules", v], "pipe") for v in ["3v3", "", "2V2"]]
    for flag in ("--settings", "--record", "--speech-log", "--replay"):
        out += [(f"game {flag}", [*game, flag, v], "pipe") for v in bad_files]
    join = ["game", "--join"]
    out += [("game --join", [*join, v, "--name", "Ada"], "pipe")
            for v in ["x", ":", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:99999", "127.0.0.1:-1",
                      "127.0.0.1:1", "[::1]:x", "127.0.0.1:" + "9" * 50]]
    out += [("game --name", ["game", "--join", "127.0.0.1:1", "--name", v], "pipe")
            for v in TEXTS]
    out += [("game --code", ["game", "--join", "127.0.0.1:1", "--name", "Ada", "--code", v],
             "pipe") for v in TEXTS]
    out += [("game --resume", ["game", "--demo", "--resume", "--exit-after-game"], "pipe")]
    sim = ["game.sim", "--games", "2"]
    for flag in ("--games", "--seed", "--jobs"):
        out += [(f"sim {flag}", ["game.sim", flag, v, *(["--games", "2"] if flag != "--games"
                                                         else [])], "pipe") for v in NUMBERS]
    out += [("sim --p1", [*sim, "--p1", v], "pipe") for v in ["", "god", "x" * 5000]]
    out += [("sim --ladder", [*sim, "--ladder", v], "pipe") for v in ["", ",", "god,easy", "easy"]]
    out += [("sim --results", ["game.sim", "--ladder", "random,easy", "--games", "0",
                               "--results", v], "pipe") for v in bad_files]
    out += [("replay FILE", ["game.replay", v], "pipe") for v in bad_files]
    out += [("replay --code", ["game.replay", "--code", v], "pipe") for v in TEXTS + ["MB1-"]]
    out += [("scenarios", ["game.scenarios", v], "pipe") for v in bad_files]
    out += [("speech", ["game.speech", "--seed", v], "pipe") for v in NUMBERS[:6]]
    out += [("speech --speech-log", ["game.speech", "--speech-log", v], "pipe") for v in bad_files]
    out += [("net --port", ["game.net", "--bind", "127.0.0.1", "--port", v], "pipe")
            for v in ["-1", "70000", "x", "", "9" * 50]]
    out += [("net --resume", ["game.net", "--bind", "127.0.0.1", "--resume", v], "pipe")
            for v in bad_files]
    # Standard output closed, or its reader gone after one byte.
    replay = tmp / "r.json"
    from game.ai.demo_games import play_demo
    from game.persist.record import dumps

    replay.write_text(dumps(play_demo(3)), encoding="utf-8")
    tools = [["game.replay", str(replay)], ["game.sim", "--games", "3"],
             ["game.scenarios", str(ROOT / "data" / "tutorial")], ["game.speech", "--seed", "7"],
             ["game.cards"], ["game", "--demo", "--seed", "1", "--speed", "100",
                             "--exit-after-game"]]
    out += [(f"stdout closed: {t[0]}", t, "closed") for t in tools]
    out += [(f"stdout cut: {t[0]}", t, "cut") for t in tools]
    return out


def run_case(argv: list[str], stdout: str, timeout: float, data: Path) -> tuple[int | None, str]:
    """(exit status or None if still running after ``timeout``, stderr)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               MINDBUG_DATA_DIR=str(data), PYTHONPATH=str(ROOT), MINDBUG_LOOPBACK_ONLY="1",
               XDG_CONFIG_HOME=str(data / "config"))
    # In the run's own folder: a relative name given (CON.json) is written there, never here.
    proc = subprocess.Popen([sys.executable, "-m", *argv], cwd=data.parent, env=env,
                            stdin=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            stdout=subprocess.PIPE if stdout != "closed" else None,
                            preexec_fn=(lambda: os.close(1)) if stdout == "closed" else None)
    try:
        if stdout == "cut":
            proc.stdout.read(1)
            proc.stdout.close()
        _out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return None, ""
    return proc.returncode, err.decode("utf-8", "replace")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--area", help="only the areas that start with this")
    parser.add_argument("--window-wait", type=float, default=8.0)
    args = parser.parse_args()
    counts: dict[str, list[int]] = {}
    with tempfile.TemporaryDirectory(prefix="hostile-cli-") as tmp:
        tmp_path = Path(tmp)
        for area, argv, stdout in cases(tmp_path):
            if args.area and not area.startswith(args.area):
                continue
            waits = "--join" in argv  # a window that says what is wrong with the address
            code, err = run_case(argv, stdout, args.window_wait if waits else args.timeout,
                                 tmp_path / "data")
            allowed = {0, 1, 2} | ({141} if stdout == "cut" else set())
            problem = ("traceback" if "Traceback" in err else None) if waits and code is None \
                else ("hung" if code is None else "traceback" if "Traceback" in err
                       else f"exit {code}" if code not in allowed else
                       "went wrong" if "went wrong" in err else None)
            row = counts.setdefault(area.split(" ", 2)[0] + " " + area.split(" ")[1]
                                    if " " in area else area, [0, 0])
            row[0] += 1
            if problem:
                row[1] += 1
                shown = [a if len(a) < 60 else a[:57] + "..." for a in argv]
                print(f"FAIL {area}: {problem}: {shown} {err.strip()[-300:]!r}", flush=True)
    for area, (tried, failed) in counts.items():
        print(f"{area:28} tried {tried:3}  failed {failed}")
    print(f"{'all':28} tried {sum(t for t, _ in counts.values()):3}  "
          f"failed {sum(f for _, f in counts.values())}")
    return 1 if any(f for _, f in counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
