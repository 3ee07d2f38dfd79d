"""What the match draws over the table: drop zones while dragging, combat tags, log card hover.

Drawn after the table renderer, so a lit drop zone is visible over everything; the dragged
card is drawn again on top of the zones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.common.i18n import _, pgettext
from game.ui.kit import fonts, marks, theme, widgets
from game.ui.match import seats as match_seats
from game.ui.match.drop_zones import label_at, zone_at
from game.ui.table import hud, layout, plates, render
from game.ui.table.zoom import zoom_rect

if TYPE_CHECKING:
    from game.ui.core.context import AppContext
    from game.ui.match.input_state import InputState
    from game.ui.table.render import TableRenderer
    from game.ui.table.stage import TableStage



class OverlayHost(Protocol):
    """What the overlay reads of the match scene (it draws, it changes nothing)."""

    @property
    def ctx(self) -> AppContext: ...  # the card renderer, the window's scale
    @property
    def table(self) -> TableStage: ...
    @property
    def painter(self) -> TableRenderer: ...  # where the zoom box lies
    @property
    def input(self) -> InputState: ...  # the card being dragged, the mouse
    @property
    def log_view(self) -> hud.LogView: ...  # the card name hovered in the log
    @property
    def time(self) -> float: ...  # the zones' pulse


ZONE_ALPHA, ZONE_ALPHA_HOT = 34, 80  # the lit places' fill over the palette's ACCENT


def draw(surface: pygame.Surface, sc: OverlayHost) -> None:
    _combat_tags(surface, sc)
    _drop_zones(surface, sc)
    _log_card(surface, sc)
    _pile_tip(surface, sc)


def _pile_tip(surface: pygame.Surface, sc: OverlayHost) -> None:
    """2v2: the words for the seat-plate pile under the mouse, beside the plate on the table."""
    if sc.input.press is not None:
        return
    tip = match_seats.pile_tip(sc.table, sc.input.pointer)
    if tip is None:
        return
    text, pile = tip
    size = hud.legible(16, getattr(sc.ctx, "window_scale", 1.0))
    r = pygame.Rect(0, 0, fonts.text_width(text, size) + 20, fonts.font(size).get_linesize() + 10)
    r.midleft = (layout.LEFT_PANEL[0] + layout.LEFT_PANEL[2] + 6, pile.centery)
    widgets.panel(surface, r, alpha=240, radius=8)
    pygame.draw.rect(surface, theme.ACCENT, r, 1, border_radius=8)
    widgets.text(surface, text, size, r.center, theme.TEXT, anchor="center")


def _drop_zones(surface: pygame.Surface, sc: OverlayHost) -> None:
    press = sc.input.press
    if not press or not press["dragging"]:
        return
    mouse = press.get("mouse", press["pos"])
    hot = zone_at(press["zones"], mouse)
    pulse = 0.5 + 0.5 * abs(((sc.time * 2) % 2) - 1)
    for z in press["zones"]:
        lit = z is hot
        if z.card is not None:  # a card to drop onto: a thick outline around it
            width = 6 if lit else 3
            color = theme.ACCENT if lit else tuple(int(c * (0.7 + 0.3 * pulse)) for c in theme.ACCENT)
            pygame.draw.rect(surface, color, z.rect, width, border_radius=12)
            continue
        box = pygame.Surface(z.rect.size, pygame.SRCALPHA, 32)
        fill = (*theme.ACCENT, ZONE_ALPHA_HOT if lit else ZONE_ALPHA)
        pygame.draw.rect(box, fill, box.get_rect(), border_radius=14)
        pygame.draw.rect(box, (*theme.ACCENT, 255), box.get_rect(), 4 if lit else 2, border_radius=14)
        surface.blit(box, z.rect)
        marks.corner_marks(surface, z.rect.inflate(-12, -12), theme.ACCENT, 22, 5 if lit else 4)  # not colour alone
    sp = sc.table.sprites.get(press["key"])
    if sp is not None:
        render.draw_sprite(surface, sc.table, sp, sc.ctx.renderer)  # the card over the zones
        if sp.zone == "play":  # a creature keeps showing its power now, not the printed one
            render.live_badges(sc.table, surface, sp)
    if hot is not None:
        text, color = label_at(press["zones"], mouse) or hot.label, theme.ACCENT
    elif press["zones"]:
        text, color = _("Drop on a lit place (Esc: cancel)"), theme.TEXT
    else:  # nothing to drop on: say why before the card springs back
        text, color = press["reason"], theme.DANGER
    table = pygame.Rect(layout.TABLE_X0, 0, layout.TABLE_X1 - layout.TABLE_X0, 720)
    size = hud.legible(20, getattr(sc.ctx, "window_scale", 1.0))
    img = fonts.render_outlined(fonts.fit_width(text, table.w - 8, size, True), size, color, (0, 0, 0), 2,
                                bold=True)
    r = img.get_rect(midbottom=(mouse[0], mouse[1] - 14))
    if sp is not None:
        r.bottom = min(r.bottom, sp.rect().top - 6)
    r.clamp_ip(table)
    banner = getattr(sc, "banner_rect", None)  # a lesson's instruction at the table's top
    if banner is not None and r.colliderect(banner):
        r.top = banner.bottom + 6  # under it, over the card if need be (on its pill)
        pygame.draw.rect(surface, (12, 14, 18), r.inflate(12, 4), border_radius=9)
    elif sp is not None and _on_a_name_tab(sc, r):
        # 2v2: above a card dropped on a play area lies its owner's name; beside the card
        # instead, on a dark pill (it may lie over the area's creatures).
        card = sp.rect()
        r.midleft = (card.right + 12, card.centery)
        if r.right > table.right:
            r.midright = (card.left - 12, card.centery)
        r.clamp_ip(table)
        pygame.draw.rect(surface, (12, 14, 18), r.inflate(12, 4), border_radius=9)
    surface.blit(img, r)


def _on_a_name_tab(sc: OverlayHost, r: pygame.Rect) -> bool:
    """Whether a label at ``r`` would cover a 2v2 play area's name tab."""
    model = sc.table.model
    if model.n_seats != 4:
        return False
    split = layout.side_split(model, sc.table.bottom)
    scale = getattr(sc.ctx, "window_scale", 1.0)
    return any(r.colliderect(plates.tab_band(pos, split, scale)) for pos in ("top", "left", "right"))


def _combat_tags(surface: pygame.Surface, sc: OverlayHost) -> None:
    """Small words under the marked cards: who attacks, who defends."""
    table = sc.table
    for key, word, color in ((table.attacker, pgettext("combat tag", "Attacking"), theme.DANGER),
                             (table.defender, pgettext("combat tag", "Defending"), (250, 250, 250))):
        sp = table.sprites.get(key) if key is not None else None
        if sp is None or sp.zone != "play" or sp.dragging:
            continue
        r = sp.rect()
        size = hud.legible(14, getattr(sc.ctx, "window_scale", 1.0))
        zoom = getattr(sc.painter, "zoom_box", None)
        if zoom is not None and zoom.colliderect((r.left, r.bottom - size - 4, r.w, size + 8)):
            continue  # its card is under the zoom: the tag must not float over the zoomed card
        img = fonts.render_outlined(word, size, color, (0, 0, 0), 2, bold=True)
        # On the card's lower edge: clear of the prompt line above the bottom row and below the top
        tag = img.get_rect(midbottom=(r.centerx, r.bottom + 2))  # a two-line prompt may come close
        prompt = getattr(sc.painter, "prompt_rect", None)
        if prompt is not None and tag.inflate(10, 2).colliderect(prompt):
            # 2v2 at a larger text size: the prompt's lines reach up to the side rows; the tag
            # goes on the card's upper edge, clear of them (and of a name tab, if it can).
            above = img.get_rect(midtop=(r.centerx, r.top - 2))
            if not _on_a_name_tab(sc, above.inflate(10, 2)) or not above.colliderect(prompt):
                tag = above
        pill = tag.inflate(10, 2)
        pygame.draw.rect(surface, (12, 14, 18), pill, border_radius=8)
        pygame.draw.rect(surface, color, pill, 1, border_radius=8)
        surface.blit(img, tag)


def _log_card(surface: pygame.Surface, sc: OverlayHost) -> None:
    """A card name hovered in the log: the card, large, beside the log."""
    name = sc.log_view.hover_name
    d = sc.log_view.names.get(name) if name else None
    if d is None or sc.input.press is not None:
        return
    try:
        img = sc.ctx.renderer.zoom(d)
    except Exception:
        return
    # Beside the log, as large as a zoom on the table (larger in a small window).
    beside = pygame.Rect(layout.LOG_PANEL[0] + 2, 340, 2, 40)
    r = zoom_rect(img.get_size(), beside, getattr(sc.ctx, "window_scale", 1.0))
    if r.size != img.get_size():
        img = pygame.transform.smoothscale(img, r.size)
    widgets.panel(surface, r.inflate(16, 16), alpha=230)
    surface.blit(img, r)
