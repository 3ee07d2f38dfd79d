"""Playing the window by keyboard with speech: keys, frames, and a sink that checks what is said."""

from __future__ import annotations

import pygame

from bench.fuzz_ui import simulate  # noqa: E402
from game.common import i18n
from game.engine import mask_event
from game.speech.sinks import RecordingSink
from game.ui.core.speech_out import ScreenSpeech
from game.ui.match.curtain import CurtainScene
from game.ui.match.scene import MatchScene


def tap(app, k: int, mod: int = 0) -> None:
    """Press and release ``k`` in one frame: the window handles the two events in order (the
    release only ends a held key), and every frame of a keyboard walk redraws the table, the
    most of these tests' time."""
    pygame.event.post(key(k, mod=mod))
    pygame.event.post(key(k, down=False, mod=mod))
    app.step()


def frames(app, seconds: float) -> None:
    for _ in range(max(1, round(seconds / FRAME))):
        app.step()


class CheckingSink(RecordingSink):
    """Records every utterance and checks it at once against what the listeners may know."""

    def __init__(self) -> None:
        super().__init__()
        self.scene: MatchScene | None = None
        self.shown: set[int] = set()  # cards an event showed to every person at the screen
        self.leaks: list[str] = []
        self.unchecked = 0  # lines said before the scene existed (its opening): checked later

    def saw(self, events, audience) -> None:
        for ev in events:
            self.shown |= set.intersection(*(_event_cards(mask_event(ev, s)) for s in audience))

    def speak(self, text: str, interrupt: bool = False) -> None:
        super().speak(text, interrupt)
        if self.scene is None:
            self.unchecked = len(self.lines)
        else:
            self.check(self.lines[-1:])

    def listeners(self) -> tuple[int, ...]:
        """Who may hear now, from the scene (not the narrator, which is under test): vs the
        computer the person; hot seat the seat in front of a lifted curtain, else everyone."""
        sc = self.scene
        if sc.config.mode != "hotseat":
            return (sc.ctl.home_seat(),)
        if sc.curtain_up or sc.revealed is None:
            return tuple(sorted(sc.ctl.humans))
        return (sc.revealed,)

    def check(self, lines) -> None:
        sc = self.scene
        g = sc.ctl.game
        seats = self.listeners()
        every = set(range(len(g.cards)))
        allowed_ids = set.intersection(*(every - set(g.view(s).unseen) for s in seats)) | self.shown
        names = {cid: i18n.card_name(g.card(cid)) for cid in every}
        allowed = {names[c] for c in allowed_ids}
        forbidden = set(names.values()) - allowed
        for line in lines:
            rest = line
            for name in sorted(allowed, key=len, reverse=True):  # "Bee" inside an allowed name
                rest = rest.replace(name, "\0")
            leaked = sorted(name for name in forbidden if name in rest)
            if leaked:
                self.leaks.append(f"{leaked} said to seats {seats} in {line!r}")


def open_speaking_window(open_window):
    app = open_window("--speed", "20")
    simulate(app, FRAME * 1000)
    sink = CheckingSink()
    app.ctx.settings.speech = True
    app.ctx.speech = ScreenSpeech(True, None, app.ctx.settings, system=lambda language: sink)
    return app, sink


FRAME = 1 / 60


def key(k: int, down: bool = True, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=mod,
                              unicode="", scancode=0)


def _event_cards(ev) -> set[int]:
    found = set()
    for name in CARD_FIELDS:
        value = getattr(ev, name, None)
        for cid in value if isinstance(value, tuple) else (value,):
            if isinstance(cid, int) and cid >= 0:
                found.add(cid)
    return found


CARD_FIELDS = ("card", "attacker", "blocker", "target", "by", "cards")


def start(app, sink: CheckingSink, config) -> MatchScene:
    """A match of ``config`` on top, its answers' events shown to the checking sink."""
    scene = MatchScene(app.ctx, config)
    sink.scene = scene
    sink.saw(scene.ctl.opening, scene.narration.narrator.audience)
    app.ctx.scenes.replace(scene)
    inner = scene.ctl.respond

    def respond(option):
        events = inner(option)
        sink.saw(events, scene.narration.narrator.audience)
        return events

    scene.ctl.respond = respond
    return scene


def own_decision(app, scene: MatchScene, kind: str | None = None, limit: int = 20_000) -> bool:
    """Steps until the person's decision (of ``kind``) is on the table and said."""
    for _ in range(limit):
        top = app.ctx.scenes.top
        if isinstance(top, CurtainScene):
            frames(app, 0.6)
            tap(app, pygame.K_TAB)
            tap(app, pygame.K_RETURN)
            frames(app, 0.5)
            continue
        d = scene.ctl.pending
        if top is scene and d is not None and scene.ctl.is_human(d.seat) and \
                scene.decision_serial == d.serial and not scene.table.moving and \
                (kind is None or d.kind == kind):
            app.step()
            return True
        if top is scene and d is not None and scene.ctl.is_human(d.seat) and \
                scene.decision_serial == d.serial and not scene.table.moving:
            tap(app, pygame.K_TAB)  # not the kind wanted: answer it with its first option
            tap(app, pygame.K_RETURN)
            continue
        app.step()
    return False
