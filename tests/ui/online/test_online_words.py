"""What the window says of an online game, without a window or a server: the server gone (input
off, the game kept on the server, the tries counted down), an opponent dropped (the time
waited, the code brings them back), the refusals in a player's words, the Settings' default
server."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.common.settings import Settings, check_fields
from game.net.client import RECONNECTING
from game.net.protocol import Limits
from game.ui.net.outage import GAVE_UP, HOST_GONE, PLAYER_GONE
from game.ui.online import words


def seat(name: str, connected: bool = True, kind: str = "person") -> dict:
    return {"name": name, "kind": kind, "level": None, "remote": kind == "person",
            "taken": True, "connected": connected}


def session(status: str, seats: list[dict], dropped_at: float | None = None):
    missing = [s["name"] for s in seats if s["remote"] and s["taken"] and not s["connected"]]
    client = SimpleNamespace(limits=Limits(), dropped_at=dropped_at, missing=missing, message="",
                             refusal_code="pin")
    return SimpleNamespace(status=status, seats=seats, seat=0, client=client,
                           address="127.0.0.1:5150")


def test_the_server_gone_turns_input_off_and_counts_the_tries_down():
    now = 1000.0
    gone = words.outage(session(RECONNECTING, [seat("Ada"), seat("Basil")], now - 60), now, {})
    assert gone is not None and gone.kind == HOST_GONE  # the match turns input off for it
    assert gone.title == "Lost the connection to the server"
    assert gone.lines[0] == "The server keeps the game saved after every move."
    assert gone.lines[1] == "Trying to reconnect: 4:00 left."
    over = words.outage(session("gave up", [seat("Ada"), seat("Basil")]), now, {})
    assert over is not None and over.kind == GAVE_UP and "same code" in over.lines[1]
    # Back on a server showing another certificate: the game cannot go on here, said why.
    refused = words.outage(session("refused", [seat("Ada"), seat("Basil")]), now, {})
    assert refused is not None and refused.kind == GAVE_UP
    assert refused.lines == ("The server at 127.0.0.1:5150 shows another certificate than the "
                             "one it showed before: it may not be the same server. Nothing was "
                             "sent to it.",)


def test_an_opponent_who_dropped_is_named_with_the_time_waited():
    now = 500.0
    dropped = {"Basil": now - 75}
    waiting = words.outage(session("playing", [seat("Ada"), seat("Basil", connected=False)]),
                           now, dropped)
    assert waiting is not None and waiting.kind == PLAYER_GONE
    assert waiting.title == "Basil lost the connection"
    assert waiting.lines[0] == "The game waits for Basil to come back: 1:15."
    assert waiting.lines[1] == "Basil can come back with the room's code."
    # Everyone there, or the game not under way: nothing to say.
    assert words.outage(session("playing", [seat("Ada"), seat("Basil")]), now, {}) is None
    assert words.outage(session("waiting", [seat("Ada"), seat("Basil", False)]), now, {}) is None


@pytest.mark.parametrize("kind, start", [
    ("code", "No room has that code."),
    ("code_wait", "Too many wrong codes"),
    ("full", "Every seat of that room is taken."),
    ("busy", "The server has too many rooms now"),
    ("unreachable", "The server at 127.0.0.1:5150 cannot be reached."),
    ("pin", "The server at 127.0.0.1:5150 shows another certificate"),
    ("something new", "The server refused."),
])
def test_each_failure_is_a_players_sentence(kind, start):
    line = words.failure_line(kind, "127.0.0.1:5150")
    assert line.startswith(start)
    assert "Error" not in line and "ssl" not in line.lower()


def test_a_seat_of_the_room_in_words():
    assert words.seat_line(seat("Ada"), mine=True) == "Ada (you)"
    assert words.seat_line({**seat("Player 2"), "taken": False}, mine=False) == "Free seat"
    assert words.seat_line(seat("Basil", connected=False), mine=False) == \
        "Basil (connection lost)"
    assert words.seat_line({**seat("x", kind="computer"), "level": "hard"}, mine=False) == \
        "Computer (Hard)"


def test_the_default_server_and_the_last_one_are_kept_checked():
    values, bad = check_fields({"online_server": "play.example.org:5150",
                                "online_last": "x" * 81})
    assert values["online_server"] == "play.example.org:5150"
    assert values["online_last"] == Settings().online_last == ""  # too long: the default
    assert len(bad) == 1 and bad[0].startswith("online_last")
    _values, bad = check_fields({"online_server": "a\u200bb:1"})  # an invisible character
    assert bad and bad[0].startswith("online_server")


def test_settings_offer_the_last_server_as_the_default_and_none():
    from game.ui.screens.settings import game_page

    settings = Settings()
    host = SimpleNamespace(ctx=SimpleNamespace(settings=settings), message=None, binding=None)
    row = next(r for r in game_page.PAGE.rows if r.label == "Default online server")
    assert row.value(host) == "None"
    row.action(host)  # no server used yet: nothing to choose, and the screen says why
    assert settings.online_server == "" and host.message.startswith("Play online once")
    settings.online_last = "127.0.0.1:5150"
    row.action(host)
    assert settings.online_server == "127.0.0.1:5150" and row.value(host) == "127.0.0.1:5150"
    row.action(host)
    assert settings.online_server == ""  # and back to none
