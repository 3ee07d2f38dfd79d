"""Network figures on loopback: pick-to-event latency between clients, the host's CPU per game.

    python bench/network.py [--games N] [--seed S] [--rules 1v1|2v2] [--level LEVEL]

Starts ``python -m game.net host`` (every seat remote) as a child process for each game and
joins it with one in-process client per seat, each a computer of LEVEL (random by default, so
that the figures measure the network, not the thinking). For every pick a client sends, the
time until the state carrying the resulting events arrives at each *other* client is one
sample (one clock: the clients share this process). Prints the median, p99 and worst of the
samples (goal: p99 <= 50 ms) and the host process's CPU time (user + system, from wait4) per
game (with and without what an idle host spends starting and stopping) and per decision.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.net.client import Client  # noqa: E402


class TimedClient(Client):
    """A client that notes when it sends each pick and when each state arrives."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.sent: dict[int, float] = {}  # decision_no the pick leads to -> when it was sent
        self.arrived: dict[int, float] = {}  # decision_no of a state -> when it arrived

    def _send_pick(self, serial: int, option: object) -> None:
        self.sent[self.decision_no + 1] = time.perf_counter()
        super()._send_pick(serial, option)

    def _handle(self, message: dict) -> None:
        if message["t"] == "state":
            self.arrived.setdefault(message["decision_no"], time.perf_counter())
        super()._handle(message)


def one_game(seed: int, rules: str, level: str, folder: Path) -> tuple[list[float], float, int]:
    """(latency samples in seconds, host CPU seconds, decisions) of one game."""
    n = 2 if rules == "1v1" else 4
    env = dict(os.environ, PYTHONPATH=str(ROOT), MINDBUG_DATA_DIR=str(folder / f"host-{seed}"))
    args = [sys.executable, "-m", "game.net", "host", "--bind", "127.0.0.1", "--port", "0",
            "--rules", rules, "--seed", str(seed), "--exit-after-game"]
    for _ in range(n):
        args += ["--seat", "remote"]
    host = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    line = host.stdout.readline()
    if not line.startswith("READY port="):
        raise SystemExit(f"the host did not start: {line!r}")
    port = int(line.split("=")[1])
    clients = [TimedClient("127.0.0.1", port, f"P{i + 1}", level=level, agent_seed=i,
                           store_root=folder / f"c{seed}-{i}", log=lambda _line: None)
               for i in range(n)]
    threads = []
    for c in clients:
        t = threading.Thread(target=c.run, daemon=True)
        t.start()
        threads.append(t)
        while c.seat is None and t.is_alive():  # seats in order: client i takes seat i
            time.sleep(0.005)
    for t in threads:
        t.join(600)
    host.stdout.read()
    _pid, status, usage = os.wait4(host.pid, 0)
    host.returncode = os.waitstatus_to_exitcode(status)
    if host.returncode != 0 or any(c.status != "over" for c in clients):
        raise SystemExit(f"game {seed} did not end cleanly: host {host.returncode}, "
                         f"clients {[c.status for c in clients]}")
    samples = []
    for sender in clients:
        for k, sent in sender.sent.items():
            for other in clients:
                if other is not sender and k in other.arrived:
                    samples.append(other.arrived[k] - sent)
    decisions = max(max(c.arrived) for c in clients)
    return samples, usage.ru_utime + usage.ru_stime, decisions


def start_up_cpu(folder: Path) -> float:
    """The CPU a host spends starting (imports, cards, listening) and stopping, without a game."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), MINDBUG_DATA_DIR=str(folder / "idle"))
    host = subprocess.Popen([sys.executable, "-m", "game.net", "host", "--bind", "127.0.0.1",
                             "--port", "0", "--seed", "1", "--seat", "remote", "--seat", "remote"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    host.stdout.readline()
    host.terminate()
    host.stdout.read()
    _pid, _status, usage = os.wait4(host.pid, 0)
    host.returncode = 0
    return usage.ru_utime + usage.ru_stime


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", choices=("1v1", "2v2"), default="1v1")
    p.add_argument("--level", default="random")
    args = p.parse_args(argv)
    samples: list[float] = []
    cpu: list[float] = []
    decisions: list[int] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mindbug-bench-net-") as tmp:
        idle = statistics.median(start_up_cpu(Path(tmp)) for _ in range(3))
        for g in range(args.games):
            s, c, d = one_game(args.seed + g, args.rules, args.level, Path(tmp))
            samples += s
            cpu.append(c)
            decisions.append(d)
    ms = [x * 1000 for x in samples]
    print(f"network {args.rules}, {args.games} games, clients: {args.level}, "
          f"{len(ms)} pick->event samples, {time.perf_counter() - started:.1f} s wall")
    print(f"pick -> event at another client: median {statistics.median(ms):.2f} ms, "
          f"p99 {percentile(ms, 0.99):.2f} ms, worst {max(ms):.2f} ms (goal p99 <= 50 ms)")
    game_cpu = [c - idle for c in cpu]
    per_decision = sum(game_cpu) / max(1, sum(decisions)) * 1000
    print(f"host CPU per game: median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s "
          f"with start-up; {statistics.median(game_cpu):.3f} s without the "
          f"{idle:.3f} s a host spends starting and stopping idle "
          f"({per_decision:.2f} ms per decision, {statistics.median(decisions):.0f} decisions "
          f"per game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
