"""Who may see which card, checked on everything the window draws (used by the UI fuzz and the
secrecy tests; no pygame at import).

- ``SecrecyAudit`` listens to ``game.ui.table.render.FACE_HOOKS`` (every table card drawn face
  up) and wraps the card renderer (every face any overlay makes), and checks each against the
  engine's own view of the person at the screen;
- ``CurtainWatch`` checks the hot-seat curtain's rule from the outside, from the events sent.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine


# ----------------------------------------------------------------------------------------------
class CardSpy:
    """Wraps the card renderer; a face drawn while a curtain is on screen is a leak."""

    def __init__(self, inner: object, audit: SecrecyAudit) -> None:
        self._inner = inner
        self._audit = audit

    def face(self, card_def, width):
        self._audit.overlay_face(card_def)
        return self._inner.face(card_def, width)

    def zoom(self, card_def):
        self._audit.overlay_face(card_def)
        return self._inner.zoom(card_def)

    def __getattr__(self, name):
        return getattr(self._inner, name)


@dataclass
class SecrecyAudit:
    """Checks every card face the window draws against what the person at the screen may see.

    Hot seat: the person at the screen is the seat of the last curtain lifted (nobody before
    the first one, and nobody in particular once the game is over). It is kept by seat, not by
    the name on the curtain: a language switch renames default players ("Player 2" becomes
    "Spieler 2"), and the person's own hand would then look like a leak. A face-up hand card
    of any other seat, or any card that seat cannot locate in the engine (``view.unseen``), is
    a leak; so is any face at all while a curtain is on screen. Against the computer the
    person is the one person seated (seat 0 in 1v1; any seat in 2v2).
    """

    app: object
    leaks: list[str] = field(default_factory=list)
    viewer_seat: int | None = None
    faces: int = 0  # face-up table cards checked
    lifted: int = 0  # curtains lifted

    def attach(self) -> SecrecyAudit:
        from game.ui.match import curtain
        from game.ui.table import render

        render.FACE_HOOKS.append(self.on_face)
        self._orig_reveal = curtain.CurtainScene._reveal
        audit = self

        def reveal(curtain) -> None:
            audit._orig_reveal(curtain)
            lifted = getattr(curtain, "lifted", True)  # (a curtain without the flag: lifted)
            if lifted:
                audit.viewer_seat = curtain.seat
            audit.lifted += bool(lifted)

        curtain.CurtainScene._reveal = reveal
        ctx = self.app.ctx
        if not isinstance(ctx.renderer, CardSpy):
            ctx.renderer = CardSpy(ctx.renderer, self)
        return self

    def detach(self) -> None:
        from game.ui.match import curtain
        from game.ui.table import render

        if self.on_face in render.FACE_HOOKS:
            render.FACE_HOOKS.remove(self.on_face)
        curtain.CurtainScene._reveal = self._orig_reveal
        ctx = self.app.ctx
        if isinstance(ctx.renderer, CardSpy):
            ctx.renderer = ctx.renderer._inner

    def new_match(self) -> None:
        """A new game: nobody has lifted a curtain for it yet."""
        self.viewer_seat = None

    # The person at the screen ----------------------------------------------------------------
    def _match(self):
        from game.ui.match.scene import MatchScene

        for s in self.app.ctx.scenes.stack:
            if isinstance(s, MatchScene):
                return s
        return None

    def _curtain_visible(self) -> bool:
        from game.ui.match.curtain import CurtainScene

        return any(isinstance(s, CurtainScene) for s in self.app.ctx.scenes.visible())

    def _over_box_visible(self) -> bool:
        from game.ui.kit.menu_overlay import MenuOverlay

        return any(isinstance(s, MenuOverlay) for s in self.app.ctx.scenes.visible())

    def viewer(self, match) -> int | None:
        mode = match.config.mode
        if mode == "ai":  # the one person at the table (2v2: any seat may be theirs)
            return min(match.ctl.humans)
        if mode != "hotseat" or (match.ctl.over and self._over_box_visible()):
            return None  # the game-over box: both players look at the end
        seat = self.viewer_seat
        return seat if seat is not None and 0 <= seat < match.ctl.game.n_seats else None

    def may_see_hand(self, match, viewer: int | None, seat: int | None) -> bool:
        """Whose hand may be face up for the person at the screen: only their own. (A 2v2
        table that shows partners each other's hands would widen this, and say why.)"""
        return viewer is not None and seat == viewer

    def hidden_from(self, match, viewer: int | None) -> set[int]:
        g = match.ctl.game
        if viewer is None:  # nobody in particular: every card in a hand or a deck is secret
            return {c for s in range(g.n_seats) for c in (*g.hands[s], *g.decks[s])}
        return set(g.view(viewer).unseen)

    # Hooks -------------------------------------------------------------------------------------
    def on_face(self, stage, sp) -> None:
        """``render.FACE_HOOKS``: a table card drawn face up."""
        self.faces += 1
        match = self._match()
        if match is None or match.table is not stage:
            return  # another table (a replay): not audited here
        if match.config.mode == "demo":
            return
        where = f"turn {match.ctl.game.turn_no}, card {sp.cid} ({sp.zone}, seat {sp.seat})"
        if self._curtain_visible():
            self.leaks.append(f"a card face drawn under a curtain: {where}")
            return
        viewer = self.viewer(match)
        if sp.zone == "hand" and not self.may_see_hand(match, viewer, sp.seat):
            self.leaks.append(f"hand card of seat {sp.seat} drawn face up for seat {viewer}: {where}")
        elif sp.cid in self.hidden_from(match, viewer):
            self.leaks.append(f"a card seat {viewer} cannot see drawn face up: {where}")

    def overlay_face(self, card_def) -> None:
        """Any face the renderer makes (overlays too): none while a curtain is on screen."""
        if self._curtain_visible():
            self.leaks.append(f"{card_def.name} drawn while a curtain is on screen")

    def check_overlays(self) -> None:
        """After each frame: a card picker is only open for the person at the screen, and
        offers no card that person cannot see."""
        from game.ui.match.card_picker import CardPicker

        match = self._match()
        if match is None or match.config.mode != "hotseat":
            return
        if not any(isinstance(s, CardPicker) for s in self.app.ctx.scenes.visible()):
            return
        pending = match.ctl.pending
        viewer = self.viewer(match)
        if pending is None or pending.seat != viewer:
            self.leaks.append(f"a card picker is open for seat {viewer}, not the decider")
            return
        secret = self.hidden_from(match, viewer)
        shown = [o.card for o in pending.options if o.card is not None and o.card in secret]
        if shown:
            self.leaks.append(f"the card picker offers cards seat {viewer} cannot see: {shown}")


class CurtainWatch:
    """The curtain rule, checked from the outside by the events the fuzz itself sent.

    A curtain is armed once ``ARM_DELAY`` seconds have passed, since it appeared or since the
    latest press (mouse button or key down), without a press. A lift is fair only if a fresh
    press (not a key repeat) came after it armed: otherwise whatever lifted it began too early
    and the person it names may not be the one at the screen.
    """

    ARM_DELAY = 0.5
    APP_KEYS = ()  # keys the App takes before any scene (F11, F12): set in __init__

    def __init__(self, audit: SecrecyAudit) -> None:
        import pygame

        self.pg = pygame
        self.audit = audit
        self.APP_KEYS = (pygame.K_F11, pygame.K_F12)
        self.down_keys: set[int] = set()
        self.curtain = None
        self.last_press = 0.0
        self.armed_at: float | None = None
        self.fresh_since_armed = False

    def before_frame(self, app, events: list, now: float) -> None:
        from game.ui.match.curtain import CurtainScene

        top = app.ctx.scenes.top
        if top is not self.curtain:
            self.curtain = top if isinstance(top, CurtainScene) else None
            self.last_press, self.armed_at, self.fresh_since_armed = now, None, False
        for ev in events:
            fresh = self._press(ev)
            if fresh is None or self.curtain is None:
                continue
            if self.armed_at is None and now - self.last_press >= self.ARM_DELAY - 1e-9:
                self.armed_at = now
            if self.armed_at is None:
                self.last_press = now
            elif fresh:
                self.fresh_since_armed = True

    def _press(self, ev) -> bool | None:
        """None if not a press; else whether it is a fresh one (not a held key's repeat)."""
        pg = self.pg
        if ev.type == pg.KEYUP:
            self.down_keys.discard(ev.key)
            return None
        if ev.type == pg.KEYDOWN and ev.key not in self.APP_KEYS:
            fresh = ev.key not in self.down_keys
            self.down_keys.add(ev.key)
            return fresh
        if ev.type == pg.MOUSEBUTTONDOWN:
            return True
        return None

    def after_frame(self, app) -> None:
        curtain = self.curtain
        if curtain is None or curtain in app.ctx.scenes.stack:
            return
        if not getattr(curtain, "lifted", True):
            return  # taken away with the whole match (Quit, a crash): nobody saw anything
        if not self.fresh_since_armed:
            self.audit.leaks.append(f"{curtain.name}'s curtain lifted by input that began "
                                    "before it was armed")
        self.curtain = None
