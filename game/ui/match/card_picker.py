"""The card picker: cards to choose from that are not on the table (a discard pile), shown face
up over the dimmed table. It takes a card the way the table does (issue 12, items 1 and 2):

- a click selects a card (outlined and lifted; the confirm button names it, "Put into play:
  Gorillion"); a second click on the selected card (so a double-click), Enter or the confirm
  button confirms; a click anywhere else puts it back, and so does Esc (Esc with nothing
  selected opens the match's menu);
- the arrows and Tab walk the cards (selecting each) and then the other buttons; Enter takes
  the focused button, else the gold default, by the one gold rule (game.ui.kit.gold): the
  confirm of a selection, else the first other button ("Done"), else the first card that
  destroys nothing, selected when the picker opens (so Enter takes it at once); a pick whose
  every card destroys (a discard) opens with none selected and no gold: Enter selects the
  first card, and only a second Enter, on the button naming it, confirms;
- resting the mouse on a card, or a right-click, shows it large.

Only the cards it is given are drawn face up: the match passes the options of the decision,
which are cards the deciding seat may see (a discard pile is public).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.common import i18n
from game.common.i18n import N_, _
from game.ui.core.scene import Scene
from game.ui.core.screen_words import PICKER_SCREEN
from game.ui.kit import fonts, gold, theme, widgets
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.table.hover_zoom import HoverZoom, ZoomingScene

if TYPE_CHECKING:
    from game.engine import CardDef
    from game.ui.core.context import AppContext

LIFT = 14  # pixels a selected card rises, as a selected hand card does
CLICK_SLOP = 7  # pixels a press may move and still be a click
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
BUTTON_SIZE = 22  # the buttons' words (Button's own size)
NOTHING_SELECTED = N_("Click a card to choose it")  # the confirm button before a card is selected


Words = str | Callable[[], str]  # an English msgid, or words made in the current language


def words(text: Words) -> str:
    """``text`` in the current language (Settings may switch it while the picker is open)."""
    return text() if callable(text) else _(text)


@dataclass
class PickCard:
    card: CardDef  # shown face up
    action: Callable[[], None]  # answers the decision with this card
    text: Words = ""  # the confirm button's words once selected ("Discard Gorillion")
    offer: gold.Offer = gold.PLAIN  # what the gold rule knows of taking it (a discard destroys)

    def words(self) -> str:
        return words(self.text) if self.text else _("Choose {card}").format(card=_card_name(self.card))


def _need(text: str, scale: float) -> int:
    """A button's width for ``text`` at its own size (it would shrink the words to fit)."""
    return fonts.text_width(text, legible(BUTTON_SIZE, scale), bold=True) + 28


def _card_name(card_def: CardDef) -> str:
    de = getattr(card_def, "name_de", None) if i18n.language() == "de" else None
    return str(de or getattr(card_def, "name", "?"))


class CardPicker(ZoomingScene, Scene):
    """Pick one of several cards that are not on the table. ``cards`` are ``PickCard``s or
    (card_def, action[, confirm text]) tuples; ``buttons`` (text, action) cover the options that
    are not cards ("Done" for an "up to" choice); ``on_menu`` is what Esc opens when nothing is
    selected."""

    spoken_words = PICKER_SCREEN  # its controls, shown and said by F1

    opaque = False

    def __init__(self, ctx: AppContext, title: Words, cards: Sequence,
                 buttons: Sequence[tuple[Words, Callable[[], None]]] = (),
                 on_menu: Callable[[], None] | None = None) -> None:
        super().__init__(ctx)
        self.title = title
        self.cards = [c if isinstance(c, PickCard) else PickCard(*c) for c in cards]
        self.others = list(buttons)
        self.on_menu = on_menu
        self.selected: int | None = None
        self.press: tuple[int, tuple[int, int]] | None = None  # (card index, where) of a press
        self.zooms = HoverZoom()  # the large card, as in the discard-pile viewer
        self.closed = False
        self.rects = self._card_rects()
        self.row = ButtonRow()
        # The gold default by the one rule, the other buttons ("Done" of an "up to" pick) first:
        # a card that is gold is selected from the start, outlined and named by the gold confirm
        # button, so Enter takes it as every prompt's default does; a card that destroys is never.
        offers = [gold.PLAIN] * len(self.others) + [c.offer for c in self.cards]
        self.gold = gold.choose(offers)  # an index into offers (None: no gold)
        if self.gold is not None and self.gold >= len(self.others):
            self.selected = self.gold - len(self.others)
        self._build_buttons()

    # Layout -------------------------------------------------------------------------------------
    @property
    def w(self) -> int:
        n = len(self.cards)
        return 120 if n <= 7 else (96 if n <= 16 else 76)

    def _card_rects(self) -> list[pygame.Rect]:
        n, w = len(self.cards), self.w
        per_row = max(1, min(n, 1040 // (w + 12)))
        h = int(w * 88 / 63)
        rows = (n + per_row - 1) // per_row
        top = 360 - (rows * (h + 12)) // 2
        rects = []
        for i in range(n):
            row, col = divmod(i, per_row)
            in_row = min(per_row, n - row * per_row)
            x0 = 640 - (in_row * (w + 12)) // 2
            rects.append(pygame.Rect(x0 + col * (w + 12), top + row * (h + 12), w, h))
        return rects

    def _build_buttons(self) -> None:
        """The confirm button first (gold once a card is selected, naming it), then the others;
        the first of those is gold while nothing is selected, as on the table."""
        scale = self.ctx.window_scale
        chosen = self.cards[self.selected] if self.selected is not None else None
        texts = [chosen.words() if chosen is not None else _(NOTHING_SELECTED)] + [words(t) for t, _a in self.others]
        actions = [self.confirm] + [self._close_then(a) for _t, a in self.others]
        # Wide enough for the words at the button's size; the confirm button as wide as its
        # longest words, so it does not jump on a selection.
        confirm_w = max([260, _need(_(NOTHING_SELECTED), scale)] + [_need(c.words(), scale) for c in self.cards])
        others = [max(200, _need(t, scale)) for t in texts[1:]]
        room = max(600, 1200 - sum(others) - 20 * len(others))  # a larger text size: wider, up to the screen
        widths = [min(confirm_w, room)] + others
        total = sum(widths) + 20 * (len(widths) - 1)
        x = 640 - total // 2
        y = (self.rects[-1].bottom if self.rects else 360) + 24
        focus = self.row.focus
        buttons = []
        for i, (t, a, w) in enumerate(zip(texts, actions, widths, strict=True)):
            primary = (i == 0) if chosen is not None else (self.gold is not None and i == 1 + self.gold)
            buttons.append(Button(pygame.Rect(x, y, w, 50), t, a, primary=primary,
                                  enabled=i > 0 or chosen is not None))
            x += w + 20
        self.row = ButtonRow(buttons)
        if 0 < focus < len(buttons):  # a focused other button keeps the focus
            self.row.focus = focus
            buttons[focus].focused = True

    def box(self) -> pygame.Rect:
        """The panel: the title over the cards (room for a selected card's lift), the buttons
        under them, as wide as the widest of these."""
        cards = self.rects[0].unionall(self.rects) if self.rects else pygame.Rect(540, 330, 200, 10)
        top = cards.top - LIFT - 30 - self.title_size - 24
        bottom = (self.row.buttons[0].rect.bottom if self.row.buttons else cards.bottom) + 24
        box = pygame.Rect(cards.left - 30, top, cards.w + 60, bottom - top)
        for b in self.row.buttons:
            box.union_ip(b.rect.inflate(48, 0))
        title_w = fonts.font(self.title_size, True).size(words(self.title))[0] + 60
        if box.w < title_w:
            box.inflate_ip(min(1240, title_w) - box.w, 0)
        return box

    @property
    def title_size(self) -> int:
        return legible(26, self.ctx.window_scale)

    def language_changed(self) -> None:
        """Settings switched the language: word the buttons again (the rest is worded when drawn)."""
        self._build_buttons()

    # Acting -------------------------------------------------------------------------------------
    def select(self, index: int | None) -> None:
        self.selected = index
        self._build_buttons()
        self.dirty = True

    def confirm(self) -> None:
        """Answer with the selected card (the confirm button, Enter, a second click)."""
        if self.selected is None or self.closed:
            return
        self._close_then(self.cards[self.selected].action)()

    def _close_then(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            if self.closed:
                return
            self.closed = True
            self.ctx.scenes.remove(self)
            action()
        return run

    # Input --------------------------------------------------------------------------------------
    def card_at(self, pos: tuple[int, int]) -> int | None:
        for i in range(len(self.rects)):
            # A selected card rises: where it was still counts (a double-click near its foot).
            if self._shown_rect(i).union(self.rects[i]).collidepoint(pos):
                return i
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        t = event.type
        if t == pygame.KEYDOWN:
            self._key(event)
        elif t == pygame.MOUSEMOTION:
            self._motion(event.pos)
            self.row.handle(event)
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.zooms.right_click(self.card_at(event.pos))
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.zooms.close()
            i = self.card_at(event.pos)
            self.press = (i, event.pos) if i is not None else None
            if i is None and not self.row.handle(event):
                self.select(None)  # a click beside the cards and the buttons puts the card back
        elif t == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self.press = self.press, None
            if press is not None:
                self._click(press, event.pos)
            else:
                self.row.handle(event)
        return True  # modal: nothing reaches the table below

    def _click(self, press: tuple[int, tuple[int, int]], pos: tuple[int, int]) -> None:
        """A press and a release on the same card: select it, or confirm it if it was selected
        (the second click of a double-click)."""
        i, start = press
        if self.card_at(pos) != i or (pos[0] - start[0]) ** 2 + (pos[1] - start[1]) ** 2 > CLICK_SLOP ** 2:
            return
        if self.selected == i:
            self.confirm()
        else:
            self.select(i)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.select(None)
            elif self.on_menu is not None:
                self.on_menu()
            return
        if key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
            back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self._walk(-1 if back else 1)
            return
        if key in ENTER_KEYS:
            self._enter()

    def _walk(self, step: int) -> None:
        """The arrows and Tab walk the cards, then the other buttons, round again."""
        n_cards, n = len(self.cards), len(self.cards) + len(self.others)
        if not n:
            return
        if self.row.focus > 0:
            cur = n_cards + self.row.focus - 1
        else:
            cur = self.selected if self.selected is not None else -1
        nxt = (cur + step) % n if cur >= 0 else (0 if step > 0 else n - 1)
        self.row.focus = -1
        for b in self.row.buttons:
            b.focused = False
        if nxt < n_cards:
            self.select(nxt)
            return
        self.select(None)
        self.row.focus = nxt - n_cards + 1
        self.row.buttons[self.row.focus].focused = True

    def _enter(self) -> None:
        buttons = self.row.buttons
        if 0 < self.row.focus < len(buttons):
            buttons[self.row.focus].action()
        elif self.selected is not None:
            self.confirm()
        elif self.gold is not None and self.gold < len(self.others):
            buttons[1 + self.gold].action()  # the gold default while nothing is selected
        elif self.cards:
            self.select(0)  # nothing gold yet: select the first card; the next Enter confirms it

    def _motion(self, pos: tuple[int, int]) -> None:
        self.zooms.move(self.card_at(pos))

    @property
    def hover(self) -> int | None:
        return self.zooms.hover

    @property
    def zoom(self) -> int | None:
        return self.zooms.zoom

    # Frame --------------------------------------------------------------------------------------
    def _shown_rect(self, i: int) -> pygame.Rect:
        return self.rects[i].move(0, -LIFT) if i == self.selected else self.rects[i]

    def draw(self, surface: pygame.Surface) -> None:
        scale = self.ctx.window_scale
        widgets.dim(surface, 160)
        box = self.box()
        widgets.panel(surface, box, alpha=240)
        widgets.text(surface, words(self.title), self.title_size, (640, box.y + 16 + self.title_size // 2),
                     theme.ACCENT, bold=True, anchor="center")
        for i, card in enumerate(self.cards):
            r = self._shown_rect(i)
            # Every card is an option (gold, as legal cards on the table); the selected one blue.
            if i == self.selected:
                pygame.draw.rect(surface, theme.SELECT, r.inflate(12, 12), 5, border_radius=12)
            else:
                width = 4 if i == self.hover else 2
                pygame.draw.rect(surface, theme.ACCENT, r.inflate(10, 10), width, border_radius=12)
            surface.blit(self.ctx.renderer.face(card.card, self.w), r)
        self.row.draw(surface, scale)
        if self.zoom is not None and self.zoom < len(self.cards):
            self._draw_zoom(surface, self.zoom, scale)

    def _draw_zoom(self, surface: pygame.Surface, i: int, scale: float) -> None:
        # Beside its card, clear of the buttons (as on the table: a zoom never hides a choice).
        self.zooms.draw(surface, self.ctx.renderer, self.cards[i].card, self._shown_rect(i), scale,
                        [b.rect for b in self.row.buttons])
