"""The LAN's transport and the attack's findings: TLS bound to the join code (a man in the
middle without the code neither joins nor passes for the host), tickets sent only to the host
that gave them, the wrong-code brake per address, addresses and ports checked before any
socket, names under the one text-safety rule, and no fast hash of the code in the host's save."""

from __future__ import annotations

import json
import socket
import threading

import pytest

from game.common import safe_text
from game.net import protocol as P
from game.net.__main__ import main
from game.net.client import Client
from game.net.host import Host
from game.net.saves import read_host_save, write_ticket
from game.net.seats import clean_name, parse_seat_spec
from game.net.tls import (
    CLIENT,
    client_context,
    code_key,
    fingerprint,
    host_context,
    key_fingerprint,
    new_private_key,
    proof,
)
from game.ui.net.session import parse_address
from tests.support.net_helpers import RunningHost, hello, tls_connection

FAST = P.Limits(hello_timeout=2.0, frame_timeout=2.0, idle_timeout=5.0, ping_interval=0.5,
                bad_codes_per_minute=3, linger=2.0, reconnect_window=2.0)
CODE = "K7M2QX"


def running(tmp_path, code: str | None = CODE, seats=("remote", "remote")) -> RunningHost:
    return RunningHost(Host("1v1", 3, [parse_seat_spec(s) for s in seats], bind="127.0.0.1",
                            code=code, store_root=tmp_path / "host", limits=FAST))


def person(tmp_path, port: int, name: str = "Ada", code: str | None = CODE) -> Client:
    return Client("127.0.0.1", port, name, code=code, store_root=tmp_path / name, limits=FAST,
                  log=lambda _line: None)


def seated(c: Client) -> bool:
    """Run the client until it is seated or gives up; whether it was seated. Seated, it drops
    the connection without a goodbye (in the lobby a goodbye would free the seat)."""

    def drop_once_seated(cl: Client) -> None:
        if cl.seat is not None:
            cl.status = "gave up"  # run() ends and closes the socket: the seat stays taken

    c.on_update = drop_once_seated
    c.run()
    return c.seat is not None


def read_frame(sock) -> dict:
    reader = P.FrameReader(P.MAX_HOST_FRAME)
    while True:
        data = sock.recv(65536)
        assert data, "closed without an answer"
        got = reader.feed(data)
        if got:
            return got[0]


class ManInTheMiddle:
    """Between a client and the host: TLS to each with a certificate of its own, forwarding
    what it decrypts (as anyone on the Wi-Fi could, with ARP spoofing), and keeping it."""

    def __init__(self, target: int) -> None:
        self.context, self.fingerprint = host_context(new_private_key())
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.target = target
        self.seen = bytearray()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        try:
            raw, _ = self.listener.accept()
            victim = self.context.wrap_socket(raw, server_side=True)
            host = client_context().wrap_socket(socket.create_connection(("127.0.0.1",
                                                                          self.target)))
        except OSError:
            return
        threading.Thread(target=self._pump, args=(victim, host), daemon=True).start()
        self._pump(host, victim)

    def _pump(self, src, dst) -> None:
        try:
            while data := src.recv(65536):
                self.seen += data
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            s.close()


def test_a_man_in_the_middle_without_the_code_neither_joins_nor_passes_for_the_host(tmp_path):
    run = running(tmp_path)
    mitm = ManInTheMiddle(run.port)
    try:
        victim = person(tmp_path, mitm.port)
        assert not seated(victim)
        # The victim proved the code for the certificate it saw (the man's): the host, whose
        # certificate it is not, refuses that proof; nobody is seated, nothing secret passed.
        assert victim.status == "refused" and victim.refusal_code == "code"
        assert run.host.refusals == {"code": 1} and not any(s.token_hash for s in run.host.seats)
        assert CODE.encode() not in mitm.seen and b'"token":"' not in mitm.seen
    finally:
        mitm.listener.close()
        run.close()


class NoProof(Host):
    """A host that seats whoever comes and proves nothing: someone pretending to be the game."""

    def _hello(self, conn, hello) -> None:
        super()._hello(conn, {**hello, "proof": None})


def test_a_host_that_cannot_prove_the_code_is_refused_by_the_client(tmp_path):
    impostor = RunningHost(NoProof("1v1", 3, [parse_seat_spec("remote")] * 2, bind="127.0.0.1",
                                   store_root=tmp_path / "host", limits=FAST))
    try:
        c = person(tmp_path, impostor.port)
        assert not seated(c)
        assert c.status == "refused" and c.refusal_code == "impostor"
        assert "did not prove that it knows the join code" in c.message
        assert not c.ticket.exists()  # and it keeps no ticket of it
    finally:
        impostor.close()


def test_a_code_for_a_game_without_one_is_refused_before_a_seat_is_taken(tmp_path):
    run = running(tmp_path, code=None)
    try:
        c = person(tmp_path, run.port)
        assert not seated(c) and c.refusal_code == "code"
        assert not any(s.token_hash for s in run.host.seats)  # no seat left behind, taken
    finally:
        run.close()


def test_a_kept_ticket_goes_only_to_the_host_that_gave_it(tmp_path):
    run = running(tmp_path)
    try:
        ada = person(tmp_path, run.port)
        assert seated(ada)
        ticket = json.loads(ada.ticket.read_text())
        assert ticket["host"] == run.host.fingerprint  # pinned at the welcome
        again = person(tmp_path, run.port)
        assert seated(again) and again.seat == ada.seat  # rejoined with it
        # The same ticket pinned to another certificate: not sent (the host would refuse an
        # unknown ticket with "token"); a free seat is asked for with the code instead.
        write_ticket(ada.ticket, ticket["game"], ticket["seat"], ticket["token"], "0" * 64)
        other = person(tmp_path, run.port)
        assert seated(other) and other.seat != ada.seat
        assert "token" not in run.host.refusals
    finally:
        run.close()


def test_wrong_codes_from_one_address_do_not_keep_another_out(tmp_path):
    run = running(tmp_path)
    try:
        for _ in range(FAST.bad_codes_per_minute + 2):  # a stranger guessing, from 127.0.0.2
            sock = tls_connection(run.port, source="127.0.0.2")
            seen = fingerprint(sock.getpeercert(binary_form=True))
            sock.sendall(P.encode_frame(hello("Mallory", proof=proof(code_key("WRONG1", seen),
                                                                     CLIENT))))
            assert read_frame(sock)["t"] == "refused"
            sock.close()
        assert run.host.refusals["code_wait"] == 2  # the stranger is braked...
        assert seated(person(tmp_path, run.port))  # ...and who has the code comes in at once
    finally:
        run.close()


@pytest.mark.parametrize("address", ["192.168..1", "a" * 64 + ".lan", "", "192.168.1.300"])
def test_an_address_that_cannot_be_one_is_refused_at_once_not_tried_for_ever(tmp_path, address):
    with pytest.raises(ValueError, match="not a valid address" if address else "after a colon"):
        parse_address(f"{address}:5151")  # the window's join screen says so under the field
    c = Client(address, 5151, "Ada", store_root=tmp_path, log=lambda _line: None,
               limits=P.Limits(reconnect_window=0.5))
    assert c.run() == 1
    assert c.status == "refused" and c.refusal_code == "address"
    assert "is not a valid address" in c.message


@pytest.mark.parametrize("port", ["-1", "65536", "x"])
def test_a_port_out_of_range_is_a_usage_error_in_one_line(capsys, port):
    with pytest.raises(SystemExit) as ended:
        main(["host", "--port", port, "--seed", "1", "--seat", "remote", "--seat", "remote"])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.strip().splitlines()[-1].endswith(
        ("a port is a number from 0 to 65535", "is not a number"))


def test_names_follow_the_one_text_safety_rule():
    for raw in ["e" + "\u0301" * 150, "A\u202eB\u200bC", "Ev\nil\x1b[31m", "x" * 200]:
        name = clean_name(raw, "Player 1")
        assert name == safe_text.clean(" ".join(raw.split()))
        assert safe_text.problem(name) is None and "\n" not in name
    assert len(clean_name("e" + "\u0301" * 150, "P")) <= 1 + safe_text.MAX_MARKS


def test_the_save_keeps_no_fast_hash_of_the_code_and_a_resumed_host_still_checks_it(tmp_path):
    run = running(tmp_path)
    try:
        assert seated(person(tmp_path, run.port, "Ada"))
    finally:
        run.close()
    [path] = (tmp_path / "host" / "network").glob("host-*.json")
    text = path.read_text()
    import hashlib

    assert CODE not in text and hashlib.sha256(f"mindbug-code:{CODE}".encode()).hexdigest() \
        not in text
    save = read_host_save(path)
    assert save.code_key == code_key(CODE, key_fingerprint(save.tls_key))  # scrypt, salted
    again = RunningHost(Host("1v1", 0, [], bind="127.0.0.1", store_root=tmp_path / "host",
                             limits=FAST, resume=save))
    try:
        assert again.host.fingerprint == key_fingerprint(save.tls_key)  # the same certificate
        assert not seated(person(tmp_path, again.port, "Eve", code="WRONG1"))
        assert seated(person(tmp_path, again.port, "Bo"))
    finally:
        again.close()


def test_a_client_from_before_tls_reads_that_the_versions_differ(tmp_path):
    run = running(tmp_path)
    try:
        old = socket.create_connection(("127.0.0.1", run.port), timeout=10)  # no TLS
        old.sendall(P.encode_frame({**hello("Old"), "protocol": 3}))
        answer = read_frame(old)
        assert answer["t"] == "refused" and answer["code"] == "version"
        assert f"protocol {P.PROTOCOL_VERSION}" in answer["text"]
        old.close()
    finally:
        run.close()
