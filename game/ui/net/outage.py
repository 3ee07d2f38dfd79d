"""What a network window says while a connection is down, in a player's words.

Two outages, told apart by who is gone:

- this window lost the host (``reconnecting...``): who the host is, that the host's computer
  keeps the game saved (a host saves after every decision, game.net.host), a countdown of the
  reconnect tries, and that nothing can be played until it comes back (the scene turns input
  off); Esc (or the box's button) leaves. When the tries run out (``gave up``), the end box
  says how to take the seat back once the host continues the saved game.
- another player dropped (the host's window, or a fellow client in 2v2): who, that the game
  waits for them, a countdown of their computer's reconnect tries (counted from when this
  window saw them go: the same window of tries as this window's own, ``reconnect_window``),
  then that they may still join again with the same name (the seat stays theirs), and what
  this player may do: wait, or leave (the game stays saved).

``outage(session, hosting, now, dropped)`` words the current state from the session and the
times its players were first seen gone (``note_missing`` keeps them), ``None`` while the game
simply goes on; ``draw_box`` draws it over the table, each row measured at the
text size and the window's scale (the box grows with its rows), ``draw_banner`` the short
"Reconnected".
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.common import i18n
from game.common.i18n import _, ngettext
from game.net.client import RECONNECTING
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.legible import legible
from game.ui.table import layout

if TYPE_CHECKING:
    from game.ui.kit.widgets import Button
    from game.ui.net.session import SeatSession

#: The clock of the countdown (a test sets its own: tests never wait on the wall clock).
clock: Callable[[], float] = time.monotonic

HOST_GONE = "host"  # this window lost the host: input is off
PLAYER_GONE = "player"  # another seat dropped: the game waits for it
GAVE_UP = "gave up"  # the reconnect tries ran out

BUTTON_H = 50
TEXT_W_PAD = 56  # the box's margin around its rows
BODY, TITLE = 20, 26  # the sizes of the rows and the title (at least legible)


@dataclass(frozen=True)
class Outage:
    kind: str  # HOST_GONE, PLAYER_GONE or GAVE_UP
    title: str
    lines: tuple[str, ...]

    @property
    def spoken(self) -> str:
        """What speech says when the outage begins (the countdown line is drawn, not said
        every second)."""
        return " ".join((self.title, *(line for line in self.lines if line)))


def host_name(session: SeatSession) -> str | None:
    """The hosting person's name: a window that hosts seats its own person first (seat 0,
    game.ui.net.hosted); None when that seat is a computer (a host run without a window) or
    is this very seat."""
    seats = session.seats
    if seats and seats[0]["kind"] == "person" and session.seat != 0:
        return i18n.display_name(seats[0]["name"])  # "Player 1" as the plates say it: "Spieler 1"
    return None


def seconds_left(session: SeatSession, now: float) -> int:
    """Whole seconds until the client stops trying to reach the host again."""
    client = session.client
    window = client.limits.reconnect_window
    dropped = client.dropped_at
    if dropped is None:
        return math.ceil(window)
    return max(0, math.ceil(dropped + window - now))


def note_missing(dropped: dict[str, float], missing: list[str], now: float) -> None:
    """Keep in ``dropped`` when each player now missing was first seen gone (``now`` for a new
    one); a player back is forgotten (a second drop counts from then)."""
    for name in list(dropped):
        if name not in missing:
            del dropped[name]
    for name in missing:
        dropped.setdefault(name, now)


def tries_left(session: SeatSession, dropped: Mapping[str, float], names: list[str], now: float) -> int:
    """Whole seconds until the first of ``names`` to drop stops trying to reconnect (its
    window tries as long as this one would: the same limits)."""
    since = min((dropped[name] for name in names if name in dropped), default=now)
    return max(0, math.ceil(since + session.client.limits.reconnect_window - now))


def countdown(seconds: int) -> str:
    """4:05: minutes and seconds, as a clock shows them."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def _kept_line(host: str | None) -> str:
    if host is None:
        return _("The host's computer keeps the game saved after every move.")
    return _("{player}'s computer keeps the game saved after every move.").format(player=host)


def outage(session: SeatSession, hosting: bool, now: float,
           dropped: Mapping[str, float] | None = None) -> Outage | None:
    status = session.status
    host = host_name(session)
    if status == RECONNECTING:
        title = _("Lost the connection to the host") if host is None else \
            _("Lost the connection to {player}, the host").format(player=host)
        left = countdown(seconds_left(session, now))
        return Outage(HOST_GONE, title, (
            _kept_line(host),
            _("Trying to reconnect: {time} left.").format(time=left),
            _("Nothing can be played until the game goes on."),
        ))
    if status == "gave up":
        title = _("The host did not come back")
        later = _("When the host continues the game (Host a game, then Continue), join it "
                  "again with the same name: your seat waits for you.") if host is None else \
            _("When {player} continues the game (Host a game, then Continue), join it again "
              "with the same name: your seat waits for you.").format(player=host)
        return Outage(GAVE_UP, title, (_kept_line(host), later))
    missing = session.client.missing if status == "playing" else []
    if not hosting and host is not None:
        # The hosting person plays over loopback at the host's own screen: their seat drops
        # only as the host goes, which the host-gone box tells (a moment later).
        missing = [name for name in missing if i18n.display_name(name) != host]
    if missing:
        names = ", ".join(i18n.display_name(name) for name in missing)
        title = ngettext("{players} lost the connection", "{players} lost the connection",
                         len(missing)).format(players=names)
        wait = ngettext("The game waits for {players} to come back.",
                        "The game waits for them to come back.", len(missing)).format(
            players=names)
        seconds = tries_left(session, dropped or {}, missing, now)
        if seconds:
            tries = ngettext("{players}'s computer tries to reconnect: {time} left.",
                             "Their computers try to reconnect: {time} left.", len(missing)).format(
                players=names, time=countdown(seconds))
        else:
            tries = ngettext("{players}'s computer stopped trying; {players} can join again with "
                             "the same name.",
                             "Their computers stopped trying; they can join again with the same "
                             "names.", len(missing)).format(players=names)
        if hosting:
            return Outage(PLAYER_GONE, title, (wait, tries, _(
                "It is saved after every move: you may leave and continue it later with "
                "Host a game.")))
        return Outage(PLAYER_GONE, title, (wait, tries, _kept_line(host), _(
            "You may wait, or leave and join again later with the same name.")))
    return None


def sizes(scale: float) -> tuple[int, int]:
    """The rows' and the title's sizes at the text size and the window's scale."""
    return legible(BODY, scale), legible(TITLE, scale)


def wrapped(outage_now: Outage, width: int, scale: float) -> tuple[list[str], list[str]]:
    """The title's and the lines' rows (broken at spaces, or at syllables: fonts.wrap)."""
    size, title_size = sizes(scale)
    title = fonts.wrap(outage_now.title, fonts.font(title_size, True), width)
    rows = [row for line in outage_now.lines
            for row in fonts.wrap(line, fonts.font(size), width)]
    return title, rows


def box_rect(rows: list[str], title: list[str], with_button: bool, scale: float,
             top: bool = False) -> pygame.Rect:
    """The box over the table, as tall as its rows: in the middle while nothing can be played,
    else (``top``) across the top, clear of this seat's cards."""
    size, title_size = sizes(scale)
    height = 28 + len(title) * (title_size + 8) + 10 + len(rows) * (size + 6)
    if with_button:
        height += 24 + BUTTON_H
    rect = pygame.Rect(0, 0, layout.TABLE_X1 - layout.TABLE_X0 - 60, min(height, 700))
    if top:
        rect.midtop = (layout.TABLE_CX, 8)
    else:
        rect.center = (layout.TABLE_CX, 360)
    return rect


def draw_box(surface: pygame.Surface, outage_now: Outage, button: Button | None,
             scale: float) -> pygame.Rect:
    """The outage's box (the table dimmed under it while input is off); ``button`` is placed
    at its foot. Returns the box."""
    width = layout.TABLE_X1 - layout.TABLE_X0 - 60 - TEXT_W_PAD
    title, rows = wrapped(outage_now, width, scale)
    waiting = outage_now.kind == PLAYER_GONE  # the game may go on: the table stays in view
    rect = box_rect(rows, title, button is not None, scale, top=waiting)
    if not waiting:
        shade = pygame.Surface((layout.TABLE_X1 - layout.TABLE_X0, surface.get_height()),
                               pygame.SRCALPHA, 32)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (layout.TABLE_X0, 0))
    widgets.panel(surface, rect, alpha=255, radius=14)  # opaque: the prompt under it showed through
    colour = theme.DANGER if outage_now.kind == GAVE_UP else theme.ACCENT
    size, title_size = sizes(scale)
    y = rect.y + 20
    for row in title:
        img = fonts.render_text(row, title_size, colour, True)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        y += title_size + 8
    y += 10
    for row in rows:
        if row:
            img = fonts.render_text(row, size, theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        y += size + 6
    if button is not None:
        width = max(280, fonts.text_width(_(button.text), legible(button.size, scale), True) + 60)
        button.rect = pygame.Rect(0, 0, min(width, rect.w - 40), BUTTON_H)
        button.rect.midbottom = (rect.centerx, rect.bottom - 16)
        button.draw(surface, scale)
    return rect


def draw_banner(surface: pygame.Surface, words: str, scale: float) -> None:
    """A short line across the top of the table ("Reconnected")."""
    size = legible(22, scale)
    width = min(layout.TABLE_X1 - layout.TABLE_X0 - 40, fonts.text_width(words, size, True) + 60)
    rect = pygame.Rect(0, 0, width, size + 26)
    rect.midtop = (layout.TABLE_CX, 8)
    widgets.panel(surface, rect, alpha=240, radius=10)
    widgets.text_in(surface, words, 22, rect.inflate(-24, 0), theme.GOOD, bold=True,
                    align="centre")
