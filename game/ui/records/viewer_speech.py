"""The replay viewer said aloud (issue 25): each step's event lines as the viewer steps over
them, then the line under the table (where it is and what comes next: "Turn 3/9 · decision
5/20 · next: Ada – attack with Shark Dog"); a jump back or elsewhere says that line alone.

Events are worded as the log words them for the view shown (one seat's view masks what that
seat could not see; all face up is a finished game's), so speech says no more than the table
and the log show. The viewer calls ``follow()`` once a frame; it speaks only while the viewer
is on top, and only when speech is on.
"""

from __future__ import annotations

from itertools import accumulate
from typing import TYPE_CHECKING, Protocol

from game.common.i18n import _

if TYPE_CHECKING:
    from game.persist.timeline import Timeline
    from game.ui.core.context import AppContext

LONGEST_RUN = 40  # more events stepped over at once (a jump) are not read one by one


class ViewerHost(Protocol):
    @property
    def ctx(self) -> AppContext: ...
    @property
    def tl(self) -> Timeline: ...
    @property
    def position(self) -> tuple[int, int]: ...
    @property
    def view_seat(self) -> int | None: ...
    @property
    def playing(self) -> bool: ...
    @property
    def run_to(self) -> int | None: ...
    def prompt(self) -> tuple[str, tuple]: ...
    def event_line(self, k: int, e: int) -> str | None: ...


class ViewerSpeech:
    def __init__(self, host: ViewerHost) -> None:
        self.host = host
        self._starts = [0, *accumulate(len(evs) for evs in host.tl.events)]  # flat index of (k, 0)
        self._said: tuple[int, int | None] | None = None  # (flat position, view) last said

    def flat(self, k: int, e: int) -> int:
        return self._starts[min(k, len(self._starts) - 1)] + e

    def _at(self, flat: int) -> tuple[int, int]:
        k = max(i for i, start in enumerate(self._starts) if start <= flat)
        return k, flat - self._starts[k]

    def follow(self) -> None:
        host = self.host
        speech = host.ctx.speech
        top: object = host.ctx.scenes.top  # any scene: only its identity is compared
        if speech is None or not speech.on or top is not host:
            return
        now = (self.flat(*host.position), host.view_seat)
        if now == self._said:
            return
        before, self._said = self._said, now
        running = host.playing or host.run_to is not None
        prompt = host.prompt()[0]
        if before is None:
            title = _("Replay")  # outside the f-string, where pybabel extract finds it
            speech.say(f"{title}. {prompt}", interrupt=True)
            return
        steps = now[0] - before[0]
        if now[1] != before[1] or not 0 < steps <= LONGEST_RUN:
            speech.say(prompt, interrupt=True)  # another view, a step back or a jump
            return
        lines = [line for i in range(before[0], now[0]) if (line := host.event_line(*self._at(i)))]
        if running:
            speech.say(" ".join(lines))  # playing on: each event in turn, queued
        else:
            speech.say(" ".join([*lines, prompt]), interrupt=True)
