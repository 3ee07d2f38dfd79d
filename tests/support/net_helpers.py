"""Shared pieces of the network tests: host and client processes, a capturing proxy, and the
same game played locally for comparison."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 120.0  # a whole game on a loaded machine; a healthy one takes a few seconds


def _env(data: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["MINDBUG_DATA_DIR"] = str(data)
    env.pop("PYTHONHASHSEED", None)
    return env


class Proc:
    """A ``python -m game.net`` (or ``module``) process whose output lines are collected as
    they come."""

    def __init__(self, args: list[str], data: Path, module: str = "game.net") -> None:
        self.data = data
        self.lines: list[str] = []
        self.p = subprocess.Popen([sys.executable, "-m", module, *args], cwd=ROOT,
                                  env=_env(data), stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.p.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_line(self, prefix: str, timeout: float = TIMEOUT) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for line in list(self.lines):
                if line.startswith(prefix):
                    return line
            if self.p.poll() is not None and not self._reader.is_alive():
                break
            time.sleep(0.02)
        raise AssertionError(f"no line {prefix!r} from {self.p.args[3:]}: {self.lines[-20:]}")

    def wait(self, timeout: float = TIMEOUT) -> int:
        code = self.p.wait(timeout)
        self._reader.join(5)
        return code

    def kill(self) -> None:
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait(10)
        self._reader.join(5)


def start_host(data: Path, *args: str) -> tuple[Proc, int]:
    host = Proc(["host", "--bind", "127.0.0.1", "--port", "0", "--exit-after-game", *args], data)
    port = int(host.wait_line("READY port=").split("=")[1])
    return host, port


def join(data: Path, port: int, name: str, level: str, *args: str) -> Proc:
    return Proc(["join", f"127.0.0.1:{port}", "--name", name, "--computer", level,
                 "--exit-after-game", *args], data)


def local_game(rules: str, seed: int, deciders: list[tuple[str, int]]):
    """The same game without a network: seat i decided by ``decide(level, seed_i, ...)``
    (a host computer's seed is the game's, a client's its --agent-seed). Returns the state
    and the choices as (verb, card, seat) triples."""
    from game.cards import load_cards
    from game.engine import new_game
    from game.net.players import decide

    g = new_game(load_cards(), seed=seed, rules=rules)
    choices = []
    while g.winner is None:
        seat = g.pending.seat
        level, agent_seed = deciders[seat]
        opt = decide(level, agent_seed, seat, len(choices), g.view(seat))
        choices.append((opt.verb, opt.card, opt.seat))
        g.respond(opt, serial=g.pending.serial)
    return g, choices


def replay_files(data: Path) -> list[Path]:
    return sorted((data / "replays").glob("replay-*.json"))


class CaptureProxy:
    """Listens on a free loopback port and forwards to the host, keeping every byte the host
    sends towards the client (what an eavesdropper on that client's wire would see)."""

    def __init__(self, port: int, cut_after: int | None = None) -> None:
        self.target = port
        #: The first connection gets only this many frames from the host, then nothing: the
        #: client hangs at a decision, as behind a dead network, until the test kills it.
        self.cut_after = cut_after
        self.connections = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.received = bytearray()
        self.lock = threading.Lock()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target))
            except OSError:  # the host is down: the client sees its connection close
                client.close()
                continue
            self.connections += 1
            cut = self.cut_after if self.connections == 1 else None
            threading.Thread(target=self._pump, args=(client, upstream, False), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, True, cut),
                             daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, keep: bool,
              cut: int | None = None) -> None:
        pending = bytearray()
        frames = 0
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                if cut is not None:  # forward whole frames only, and only the first `cut`
                    pending += data
                    data = b""
                    while frames < cut and len(pending) >= 4:
                        size = 4 + int.from_bytes(pending[:4], "big")
                        if len(pending) < size:
                            break
                        data += pending[:size]
                        del pending[:size]
                        frames += 1
                    if not data:
                        continue
                if keep:
                    with self.lock:
                        self.received += data
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def frames(self) -> list[dict]:
        from game.net.protocol import MAX_HOST_FRAME, FrameReader

        return FrameReader(MAX_HOST_FRAME).feed(bytes(self.received))

    def close(self) -> None:
        self.listener.close()


class RunningHost:
    """A ``Host`` listening and stepping in a thread of its own; its log lines kept in ``lines``."""

    def __init__(self, host) -> None:
        self.host = host
        self.port = host.listen()
        self.lines: list[str] = []
        host.log = self.lines.append
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set() and not self.host.closed:
            self.host.step(0.02)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)
        self.host.close()
