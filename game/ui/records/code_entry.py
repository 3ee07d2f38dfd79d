"""The box where a replay code is pasted (Ctrl+V) or typed, over the replay list; Enter opens
the game it holds in the viewer.

A code is hostile text: game.persist.codes.decode bounds and checks it, and any CodeError is
the box's message, with the text left as it was so the player can mend it. Only a finished
game comes out of a code (the decoder replays it to its end), so the viewer may show every hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common.i18n import N_, _
from game.persist.codes import CodeError, decode
from game.ui.core.scene import Scene
from game.ui.core.screen_words import CODE_BOX
from game.ui.kit import fonts, text_field, theme, widgets
from game.ui.kit.clipboard import MAX_PASTE_CHARS, paste_text
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from game.ui.core.context import AppContext

BOX = pygame.Rect(190, 150, 900, 420)
FIELD = pygame.Rect(220, 250, 840, 150)
FIELD_SIZE = 20
ALLOWED = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz- ")


class CodeEntry(Scene):
    spoken_words = CODE_BOX  # its controls, shown and said by F1
    opaque = False

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.text = ""
        self.message: str | None = None
        y = BOX.bottom - 74
        self.row = ButtonRow([
            Button(pygame.Rect(230, y, 260, 50), N_("Open (Enter)"), self.open, primary=True),
            Button(pygame.Rect(510, y, 260, 50), N_("Paste (Ctrl+V)"), self.paste),
            Button(pygame.Rect(790, y, 260, 50), N_("Cancel (Esc)"), self.cancel),
        ])
        pygame.key.start_text_input()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    # Editing ----------------------------------------------------------------------------------
    def type_text(self, typed: str) -> None:
        """Typed or pasted characters: what cannot be in a code is dropped here (the decoder
        would refuse it too), and the field holds at most MAX_PASTE_CHARS."""
        kept = "".join(ch for ch in typed if ch in ALLOWED)
        self.text = (self.text + kept)[:MAX_PASTE_CHARS]
        self.message = None
        self.dirty = True

    def paste(self) -> None:
        text, problem = paste_text()
        if text is None:
            self.message = problem
        else:
            self.type_text(" ".join(text.split()))
        self.dirty = True

    def open(self) -> None:
        try:
            record = decode(self.text)
        except CodeError as exc:
            self.message = _("This code cannot be opened: {reason}.").format(reason=exc.reason())
            self.dirty = True
            return
        self.ctx.scenes.remove(self)
        try:
            self.ctx.nav.replay(record)
        except ValueError as exc:  # not laid out (it replayed, so this is not expected)
            self.ctx.scenes.push(self)
            self.message = _("This code cannot be opened: {reason}.").format(reason=exc)

    def cancel(self) -> None:
        self.ctx.scenes.remove(self)

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.TEXTINPUT:
            self.type_text(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key == pygame.K_ESCAPE:
                self.cancel()
                return True
            if event.key == pygame.K_v and ctrl:
                self.paste()
                return True
            if event.key == pygame.K_BACKSPACE:
                self.text = "" if ctrl else self.text[:-1]
                self.message = None
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row.focus < 0:
                self.open()
                return True
            if event.key == pygame.K_SPACE:
                return True  # a space is typed (TEXTINPUT), never a button press here
        self.row.handle(event)
        return True  # modal: nothing reaches the list below

    # Frame ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        scale = self.ctx.window_scale
        widgets.dim(surface, 160)
        widgets.panel(surface, BOX, alpha=240)
        widgets.text(surface, _("Open a replay code"), 34, (640, BOX.y + 18), theme.ACCENT,
                     bold=True, anchor="midtop")
        hint = _("Paste the code (Ctrl+V) or type it, then press Enter.")
        size = legible(18, scale)  # a larger text size: two lines, the field a little lower
        y = BOX.y + 64
        for line in fonts.wrap(hint, fonts.font(size), BOX.w - 40):
            widgets.text(surface, line, size, (640, y), theme.TEXT_DIM, anchor="midtop")
            y += size + 6
        field = pygame.Rect(FIELD)
        field.top = max(FIELD.top, y + 4)
        field.h = FIELD.bottom - field.top
        text_field.draw_frame(surface, field, True)
        inner = field.inflate(-24, -16)
        size = legible(FIELD_SIZE, scale)
        lines = fonts.wrap(self.text + "|", fonts.font(size), inner.w) if self.text else [""]
        fit = max(1, inner.h // (size + 4))
        shown = lines[-fit:]  # a long code: its end, where the cursor is
        if not self.text:
            widgets.text(surface, _("(the code goes here)"), size, inner.topleft, theme.TEXT_DIM)
        for i, line in enumerate(shown):
            if line:
                widgets.text(surface, line, size, (inner.x, inner.y + i * (size + 4)), theme.TEXT)
        if self.message:
            msize = legible(17, scale)
            # As many lines as the room above the buttons holds, the last cut (at a large text
            # size a long reason ran into the buttons); speech says the message whole.
            top = FIELD.bottom + 8
            room = min(b.rect.top for b in self.row.buttons) - 4 - top
            line_h = fonts.render_text("Ag", msize).get_height()
            lines = fonts.wrap(self.message, fonts.font(msize), BOX.w - 60)
            fit = max(1, room // line_h)
            if len(lines) > fit:
                lines = [*lines[:fit - 1], fonts.fit_width(" ".join(lines[fit - 1:]), BOX.w - 60, msize)]
            for i, line in enumerate(lines):
                widgets.text(surface, line, msize, (BOX.x + 30, top + i * line_h), theme.DANGER)
        self.row.draw(surface, scale)
