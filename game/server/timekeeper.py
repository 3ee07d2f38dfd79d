"""The server's timekeeper: the clocks of its timed rooms (game.server.timers holds a clock's
rules and the default choice), started and charged as decisions open and close, and the
decisions whose time ran out answered on the server's beat."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from game.server import messages as M
from game.server.seams import ServerCore
from game.server.timers import Clock, TimeControl, default_option

if TYPE_CHECKING:
    from game.server.room import Room


class Timekeeper:
    def __init__(self, server: ServerCore) -> None:
        self.server = server
        self.clocks: dict[str, Clock] = {}  # the timed rooms' clocks, by code

    def charge(self, room: Room) -> None:
        """The room's open decision was answered: its time is charged."""
        clock = self.clocks.get(room.code)
        if clock is not None:
            clock.stop(time.monotonic())
            room.banks = list(clock.banks)  # kept with the running game (room.to_data)

    def forget(self, room: Room) -> None:
        self.clocks.pop(room.code, None)

    def clock_of(self, room: Room) -> M.ClockMessage | None:
        """The room's clock message for a seat sitting down (None: the room is not timed)."""
        clock = self.clocks.get(room.code)
        return self.clock_message(clock) if clock is not None else None

    def timing(self, room: Room) -> None:
        """A timed room's clock runs for the pending decision when a person's seat makes it
        (not a computer's, nor one covering a dropped seat); every seat is told (``clock``)."""
        if not room.timed or room.over or not room.started:
            return
        clock = self.clocks.get(room.code)
        if clock is None:
            limits = self.server.limits
            control = TimeControl(limits.decision_seconds, limits.bank_seconds)
            # a resumed game goes on with the banks it was kept with
            clock = self.clocks[room.code] = Clock(control, len(room.seats),
                                                   list(room.banks or []))
        pending = room.game.pending
        now = time.monotonic()
        # a seat covered by the computer (cover.py) is not timed: the computer answers at
        # once, and the absent player's bank is not spent on it; during the wait before the
        # cover the player's clock runs on (dropping does not stop it)
        if pending is not None and room.seats[pending.seat].remote \
                and pending.seat not in room.covered:
            clock.start(pending.seat, pending.serial, now)
        else:
            clock.stop(now)
        message = self.clock_message(clock)
        for _seat, session in self.server._seated_in(room):
            self.server._send(session, message)

    def clock_message(self, clock: Clock) -> M.ClockMessage:
        now = time.monotonic()
        return {"t": "clock", "seat": clock.seat, "serial": clock.serial,
                "decision_ms": round(clock.left(now)[0] * 1000),
                "banks_ms": [round(b * 1000) for b in clock.banks_at(now)]}

    def run_out(self, now: float) -> None:
        """Answer every timed decision whose time is spent with the default option."""
        for code, clock in list(self.clocks.items()):
            deadline = clock.deadline()
            room = self.server.rooms.get(code)
            if deadline is None or now < deadline or room is None:
                continue
            pending = room.game.pending
            if pending is None or (pending.seat, pending.serial) != (clock.seat, clock.serial):
                clock.stop(now)
                continue
            clock.timeouts[pending.seat] += 1
            self.server.log.info("TIMEOUT room=%s seat=%d", code, pending.seat)
            for _seat, session in self.server._seated_in(room):
                self.server._send(session, {"t": "timeout", "seat": pending.seat,
                                     "serial": pending.serial})
            self.server._apply(room, default_option(pending))
