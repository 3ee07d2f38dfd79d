"""Shared pieces of the network tests: host and client processes, a capturing proxy, and the
same game played locally for comparison."""

from __future__ import annotations

import os
import socket
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

from game.net.tls import client_context

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
    sends towards the client (what an eavesdropper on that client's wire would see: TLS
    records; the client's own ``capture`` sees the frames inside)."""

    def __init__(self, port: int, cut_after: int | None = None) -> None:
        self.target = port
        #: The first connection gets only this many of the host's messages, then nothing: the
        #: client hangs at a decision, as behind a dead network, until the test kills it. The
        #: host writes each message as one TLS record once the client's handshake is done (its
        #: first encrypted record, the Finished), so records after that one count messages.
        self.cut_after = cut_after
        self.connections = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.received = bytearray()
        self.sent = bytearray()  # what the clients sent towards the host
        #: the host's messages forwarded on the first connection (its records after the
        #: client's Finished)
        self.messages = 0
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
            first = self.connections == 1
            finished = threading.Event()
            threading.Thread(target=self._pump, args=(client, upstream, False, None, finished),
                             daemon=True).start()
            threading.Thread(target=self._pump,
                             args=(upstream, client, True, self.cut_after if first else None,
                                   finished if first else None),
                             daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, keep: bool,
              cut: int | None, finished: threading.Event | None) -> None:
        pending = bytearray()
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                with self.lock:
                    (self.received if keep else self.sent).extend(data)
                pending += data
                data = b""
                while len(pending) >= 5:  # whole TLS records only
                    size = 5 + int.from_bytes(pending[3:5], "big")
                    if len(pending) < size:
                        break
                    record, pending = bytes(pending[:size]), pending[size:]
                    if record[0] == 23 and finished is not None:
                        if not keep:
                            finished.set()  # the client's first encrypted record
                        elif finished.is_set():
                            if cut is not None and self.messages >= cut:
                                continue  # cut: the host's later messages never arrive
                            self.messages += 1
                    data += record
                if data:
                    dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self.listener.close()


def tls_connection(port: int, *, source: str | None = None, rcvbuf: int | None = None,
                   step=None) -> ssl.SSLSocket:
    """A raw client connection to a LAN host, through TLS as every client's is (the tests that
    speak the protocol byte by byte). ``source``: the loopback address to come from (127.0.0.2
    is another address to the host); ``rcvbuf``: a small receive window; ``step``: the host's
    loop, called while the handshake waits, when the test drives the host in its own thread."""
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)  # before connecting
    if source is not None:
        raw.bind((source, 0))
    raw.connect(("127.0.0.1", port))
    if step is None:
        raw.settimeout(30)
        return client_context().wrap_socket(raw)
    raw.setblocking(False)
    sock = client_context().wrap_socket(raw, do_handshake_on_connect=False)
    for _ in range(1000):
        try:
            sock.do_handshake()
            return sock
        except (ssl.SSLWantReadError, ssl.SSLWantWriteError):
            step()
    raise AssertionError("the host did not finish the TLS handshake")


def hello(name: str = "Ada", **fields) -> dict:
    """A client's hello of this version, with ``fields`` changed."""
    from game.net import protocol as P

    return {"t": "hello", "protocol": P.PROTOCOL_VERSION, "cards": P.card_set_fingerprint(),
            "rules": None, "mindbugs": None, "sets": None, "name": name, "kind": "person",
            "level": None, "proof": None, "token": None, **fields}


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
