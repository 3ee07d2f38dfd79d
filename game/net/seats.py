"""Who may sit where: seat specs, tickets (tokens) for rejoining, join codes and names."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from game.common import safe_text
from game.net.protocol import LEVELS, MAX_NAME, SeatEntry

#: No 0/O, 1/I/L: a code is read aloud or typed from another screen.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_token() -> str:
    """A seat's ticket: 192 random bits, URL-safe text. Only its hash is kept by the host."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(("mindbug-seat:" + token).encode("utf-8")).hexdigest()


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A code as typed ("abc-234 ") in the form it is compared in ("ABC234")."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def clean_name(text: object, fallback: str) -> str:  # object: any JSON a peer or file gave
    """A name another player may be shown, under the one text-safety rule
    (``game.common.safe_text.clean``: no control or invisible characters, at most three marks
    on a letter, NFC, 40 characters) and on one line."""
    if not isinstance(text, str):
        return fallback
    kept = " ".join(safe_text.clean(" ".join(text.split()), MAX_NAME).split())
    return kept or fallback


@dataclass
class SeatSpec:
    """One seat of the host's command line: ``remote`` or ``computer:LEVEL``."""

    remote: bool
    level: str | None = None


def parse_seat_spec(text: str) -> SeatSpec:
    if text == "remote":
        return SeatSpec(remote=True)
    kind, _, level = text.partition(":")
    if kind == "computer" and level in LEVELS:
        return SeatSpec(remote=False, level=level)
    raise ValueError(f"a seat is 'remote' or 'computer:LEVEL' (LEVEL one of "
                     f"{', '.join(LEVELS)}), not {text[:40]!r}")


def computer_name(level: str, seat: int, rules: str) -> str:
    pretty = level.capitalize()
    return f"Computer ({pretty})" if rules == "1v1" else f"Computer {seat + 1} ({pretty})"


def game_over_line(winner: int, turns: int, names: list[str], rules: str) -> str:
    """``GAME OVER winner=... turns=...``, exactly as ``python -m game --demo`` prints it
    (game.ui.match.controller.winner_text): the team number in 1v1, ``teamN (A & B)`` in 2v2."""
    if rules == "1v1":
        text = str(winner)
    else:
        players = [names[s] for s in range(4) if s % 2 == winner]
        text = f"team{winner} ({' & '.join(players)})"
    return f"GAME OVER winner={text} turns={turns}"


def seat_entries(seats: list, online: set[int]) -> list[SeatEntry]:
    """The ``seats`` message's entries: who sits where and who is connected (no ticket)."""
    return [{"name": s.name, "kind": s.kind, "level": s.level, "remote": s.remote,
             "taken": s.token_hash is not None or not s.remote,
             "connected": (i in online) if s.remote else True}
            for i, s in enumerate(seats)]
