"""Looking over the table by keyboard (issue 25): every card a sighted player can see, also
when it is not an option.

The browse key (V unless rebound in Settings, Keys) puts a ring on the first visible card; the
arrows and Tab (Shift+Tab back) move it over your hand, each seat's creatures (yours first,
then round the table), the top card of each discard pile and a card on the stage; the card is
shown large (the zoom) and, with speech, said with where it lies ("Ada's creatures, 2 of 3:
Killer Bee (power 5, Poisonous)"). The details key reads it in full. Enter on a card that is one
of the choices now selects it (leaving browse); Esc or the browse key again leaves.

A card is a target only if its face is drawn for this screen: a card the view does not locate
(``cid`` -1), a hand not face up here (``TableStage.hand_visible``) and the draw piles (never
sprites) are never reached, so neither the ring, the zoom nor speech can show one. The hot-seat
curtain ends browsing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.common.i18n import _
from game.ui.kit import fonts, theme, widgets
from game.ui.table import layout

if TYPE_CHECKING:
    from game.ui.core.seat import GameSeat
    from game.ui.match.choices import Choice
    from game.ui.match.input_state import InputState
    from game.ui.table.hover_zoom import TableZoom
    from game.ui.table.sprites import CardSprite, SpriteKey
    from game.ui.table.stage import TableStage

RING = (250, 250, 250)  # white: neither an option's gold nor a selection's blue


class PlaceHost(Protocol):
    """What wording a card's place reads: the table and who is at the screen."""

    @property
    def table(self) -> TableStage: ...
    @property
    def ctl(self) -> GameSeat: ...


class BrowseHost(PlaceHost, Protocol):
    """What browsing reads and moves besides: the input's ring, the zoom, the curtain and the
    offer (Enter on a card that is a choice selects it)."""

    @property
    def input(self) -> InputState: ...
    @property
    def card_zoom(self) -> TableZoom: ...
    @property
    def curtain_up(self) -> bool: ...
    @property
    def choices(self) -> list[Choice]: ...
    def choice_for(self, key: SpriteKey) -> Choice | None: ...
    def select(self, choice: Choice | None) -> None: ...
    def redraw(self) -> None: ...


def shown(table: TableStage, sp: CardSprite) -> bool:
    """Is this sprite's face drawn for this screen (and so may be browsed)?"""
    return sp.cid >= 0 and sp.face >= 0.5 and sp.alpha > 100 and table.hand_visible(sp)


def targets(table: TableStage) -> list[SpriteKey]:
    """Every browsable card in browsing order: your hand, then each seat's creatures (the
    bottom seat first, then round the table), any other hand face up here, each discard
    pile's top card, the stage."""
    n, bottom = table.model.n_seats, table.bottom
    order = [(bottom + i) % n for i in range(n)]
    sprites = [sp for sp in table.sprites.values() if shown(table, sp)]

    def row(zone: str, seat: int | None) -> list[CardSprite]:
        return sorted((sp for sp in sprites if sp.zone == zone and sp.seat == seat), key=lambda sp: sp.x)

    out = [sp.key for sp in row("hand", bottom)]
    for seat in order:
        out += [sp.key for sp in row("play", seat)]
    for seat in order[1:]:  # another hand only where it is face up here (none in a usual game)
        out += [sp.key for sp in row("hand", seat)]
    for seat in order:
        pile = [sp for sp in sprites if sp.zone == "discard" and sp.seat == seat]
        if pile:
            out.append(max(pile, key=lambda sp: sp.z).key)
    out += [sp.key for sp in sprites if sp.zone == "stage"]
    return out


def place(sc: PlaceHost, key: SpriteKey) -> str:
    """Where the browsed card lies, with its place in that row: "Your hand, 2 of 5"."""
    table = sc.table
    sp = table.sprites.get(key)
    if sp is None:
        return ""
    if sp.zone == "stage":
        return _("Just played")
    yours = sp.seat == table.bottom and sp.seat in sc.ctl.humans
    who = table.name(sp.seat) if sp.seat is not None else ""
    if sp.zone == "discard":
        return _("Your discard pile, top card") if yours else \
            _("{player}'s discard pile, top card").format(player=who)
    row = [k for k in targets(table) if (s := table.sprites[k]).zone == sp.zone and s.seat == sp.seat]
    where = (_("Your hand") if yours else _("{player}'s hand").format(player=who)) if sp.zone == "hand" else \
        (_("Your creatures") if yours else _("{player}'s creatures").format(player=who))
    return _("{place}, {number} of {count}").format(place=where, number=row.index(key) + 1, count=len(row))


def active(sc: BrowseHost) -> bool:
    return sc.input.browse is not None


def toggle(sc: BrowseHost) -> None:
    """The browse key: start on the first card (the one last browsed, if still there), or leave."""
    if active(sc):
        leave(sc)
        return
    if sc.curtain_up:
        return
    keys = targets(sc.table)
    if not keys:
        sc.input.hint = _("There is no card to look at on the table.")
        return
    _go(sc, keys[0])


def move(sc: BrowseHost, step: int) -> None:
    keys = targets(sc.table)
    if not keys:
        leave(sc)
        return
    cur = sc.input.browse
    i = keys.index(cur) if cur in keys else -1
    _go(sc, keys[(i + step) % len(keys)] if i >= 0 else keys[0])


def _go(sc: BrowseHost, key: SpriteKey) -> None:
    sc.input.browse = key
    sc.card_zoom.pin(key)  # shown large, as a right-click shows it
    sc.redraw()


def leave(sc: BrowseHost) -> None:
    if sc.input.browse is not None and sc.card_zoom.zoom_key == sc.input.browse:
        sc.card_zoom.unpin()
    sc.input.browse = None
    sc.redraw()


def take(sc: BrowseHost) -> None:
    """Enter while browsing: a card that is one of the choices now is selected (browse ends,
    the next Enter confirms); any other card says so on the line over the buttons."""
    key = sc.input.browse
    choice = sc.choice_for(key) if key is not None else None
    if choice is None:
        name = sc.table.card_name(sc.table.sprites[key].cid) if key in sc.table.sprites else ""
        sc.input.hint = _("{card} is not one of the choices now.").format(card=name)
        return
    leave(sc)
    sc.select(choice)
    sc.input.focus_index = next((i for i, c in enumerate(sc.choices) if c.key == choice.key), -1)


def check(sc: BrowseHost) -> None:
    """Once a frame: the ring leaves a card that is no longer shown (it went to a hidden hand,
    the curtain came down)."""
    key = sc.input.browse
    if key is None:
        return
    sp = sc.table.sprites.get(key)
    if sc.curtain_up or sp is None or not shown(sc.table, sp):
        leave(sc)


def handle_key(sc: BrowseHost, event: pygame.event.Event, browse_key: int) -> bool:
    """Keys while browsing (True: consumed). Keys it does not own go on as usual."""
    if not active(sc):
        return False
    key = event.key
    if key in (pygame.K_ESCAPE, browse_key):
        leave(sc)
        return True
    if key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
        back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
        move(sc, -1 if back else 1)
        return True
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        take(sc)
        return True
    return False


def draw(surface: pygame.Surface, sc: BrowseHost) -> None:
    """The ring round the browsed card and, above it, where it lies."""
    key = sc.input.browse
    sp = sc.table.sprites.get(key) if key is not None else None
    if key is None or sp is None or not shown(sc.table, sp):
        return
    r = sp.rect().inflate(16, 16)
    pygame.draw.rect(surface, theme.SHADOW[:3], r.inflate(6, 6), 3, border_radius=14)
    pygame.draw.rect(surface, RING, r, 4, border_radius=12)
    words = place(sc, key)
    if words:  # on a dark plate, inside the table: legible over cards and the zoom alike
        w, h = fonts.text_width(words, 18) + 20, 28
        y = r.top - h // 2 - 4 if r.top > 40 else r.bottom + h // 2 + 4
        plate = pygame.Rect(0, 0, w, h)
        plate.center = (r.centerx, y)
        plate.clamp_ip(pygame.Rect(layout.TABLE_X0, 0, layout.TABLE_X1 - layout.TABLE_X0, surface.get_height()))
        widgets.panel(surface, plate, alpha=235, radius=8)
        widgets.text(surface, words, 18, plate.center, RING, anchor="center")
