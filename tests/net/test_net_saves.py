"""The host's save and the client's ticket: damaged files are refused or set aside, never a
crash; ``--resume`` of a bad save is one line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.net.saves import (
    HostSave,
    SeatState,
    host_save_text,
    read_host_save,
    read_ticket,
    ticket_path,
    write_ticket,
)
from game.net.seats import token_hash
from game.persist.record import GameRecord, RecordError, SeatInfo, card_fingerprint
from tests.support.net_helpers import ROOT


def _save(tmp_path, **change) -> tuple:
    record = GameRecord(rules="1v1", mode="network", seed=4, cards=card_fingerprint(),
                        seats=(SeatInfo("person", None, "Ada"),
                               SeatInfo("computer", "easy", "Computer (Easy)")))
    save = HostSave("ab12", record, [SeatState(True, "person", None, "Ada", token_hash("t")),
                                     SeatState(False, "computer", "easy", "Computer (Easy)")])
    data = json.loads(host_save_text(save))
    data.update(change)
    path = tmp_path / "network" / "host-ab12.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path, data


def test_a_host_save_round_trips(tmp_path):
    path, _ = _save(tmp_path)
    back = read_host_save(path)
    assert back.game_id == "ab12" and back.seats[0].token_hash == token_hash("t")
    assert back.record.seed == 4 and back.record.mode == "network"


@pytest.mark.parametrize("change", [{"format": "x"}, {"game": "../etc"}, {"seats": []},
                                    {"code_key": "short"}, {"tls_key": "0" * 64},
                                    {"version": 1, "code": "short"},
                                    {"seats": [{"remote": 1}, {}]},
                                    {"record": {"format": "mindbug-game"}},
                                    {"seats": [{"remote": True, "kind": "alien", "name": "A"},
                                               {"remote": False, "kind": "computer",
                                                "level": "god", "name": "B"}]}])
def test_a_damaged_host_save_is_one_line(tmp_path, change):
    path, _ = _save(tmp_path, **change)
    with pytest.raises(RecordError) as err:
        read_host_save(path)
    assert "\n" not in str(err.value)


def test_a_host_save_with_an_illegal_choice_is_refused(tmp_path):
    path, data = _save(tmp_path)
    data["record"]["choices"] = [{"by": 0, "verb": "play", "card": 47, "seat": None}] * 3
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="choice"):
        read_host_save(path)


def test_resuming_a_bad_save_says_so_in_one_line(tmp_path):
    path = tmp_path / "host-x.json"
    path.write_bytes(b"\xff\xfe{not json")
    result = subprocess.run([sys.executable, "-m", "game.net", "host", "--resume", str(path)],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_tickets_round_trip_and_a_damaged_one_is_set_aside(tmp_path):
    path = ticket_path(tmp_path, "10.0.0.2:5151", "Ada")
    assert path != ticket_path(tmp_path, "10.0.0.2:5151", "Bo")
    write_ticket(path, "ab12", 1, "secret")
    assert read_ticket(path) == ("ab12", 1, "secret")
    path.write_text('{"format": "mindbug-net-ticket", "seat": NaN}')
    assert read_ticket(path) is None
    assert not path.exists() and list(path.parent.glob("*.broken-*"))
    assert read_ticket(path) is None  # none at all
