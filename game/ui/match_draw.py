"""Drawing the match: felt, seat panels, cards by z-order, prompt, buttons, log, zoom."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.ui import fonts, hud, layout, theme, widgets

if TYPE_CHECKING:
    from game.ui.match_scene import MatchScene


def draw_match(sc: MatchScene, surface: pygame.Surface) -> None:
    """Draw the table. While only the thinking indicator moves, reuse the last still frame:
    fewer blits per frame keep the frame rate up while the AI thread competes for the GIL."""
    if sc.thinking_only():
        if sc.frame_cache is None:
            _draw_table(sc, surface)
            sc.frame_cache = surface.copy()
        else:
            surface.blit(sc.frame_cache, (0, 0))
    else:
        sc.frame_cache = None
        _draw_table(sc, surface)
    _thinking(sc, surface)


def _draw_table(sc: MatchScene, surface: pygame.Surface) -> None:
    surface.blit(hud.felt(), (0, 0))
    _seat_panels(sc, surface)
    stage = sc.model.stage
    show = sc.face_up_hands()
    _drop_zone(sc, surface)
    cards = sorted(sc.sprites.values(), key=lambda s: (s.dragging, s.z))
    for sp in cards:
        if sp.key == stage and not sp.dragging:
            continue
        sp.draw(surface, sc.ctx.renderer, sc.card_def(sp.cid), _face_allowed(sc, sp, show))
        if sp.zone == "play" and not sp.dragging:
            _power_badge(sc, surface, sp)
    if stage is not None and stage in sc.sprites:
        # The played card, large, over a dimmed table: the Mindbug moment.
        shade = pygame.Surface((layout.TABLE_X1 - layout.TABLE_X0, 720), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (layout.TABLE_X0, 0))
        sp = sc.sprites[stage]
        sp.draw(surface, sc.ctx.renderer, sc.card_def(sp.cid), True)
    _hand_counts(sc, surface)
    _banners(sc, surface)  # under the prompt and buttons: a fading banner never hides a choice
    _drag_cue(sc, surface)
    sc.prompt_rect = _prompt(sc, surface, stage is not None)
    for b in sc.row.buttons:
        b.draw(surface)
    sc.menu_button.draw(surface)
    hud.log_panel(surface, _log_title(sc), sc.log)
    _floaters(sc, surface)
    _zoom(sc, surface)


def _face_allowed(sc: MatchScene, sp, show: set[int]) -> bool:
    """Hand faces only for the seat allowed to see them now (hot seat: nobody behind a curtain)."""
    if sp.zone == "hand":
        return sp.seat in show
    return True


def _seat_panels(sc: MatchScene, surface: pygame.Surface) -> None:
    m = sc.model
    g = sc.ctl.game
    thinker = _thinker(sc)
    for seat in range(min(2, g.n_seats)):
        is_bottom = seat == sc.bottom
        team = g.team_of(seat)
        label = "" if seat == thinker else _turn_label(sc, is_bottom)  # _thinking draws it
        hud.seat_panel(surface, is_bottom=is_bottom, name=sc.ctl.name(seat), active=m.active == seat,
                       life=m.life[team], life_pulse=sc.life_pulse[team], mindbugs=m.mindbugs[seat],
                       token_flip=sc.token_flip[seat], deck=m.decks[seat],
                       discard=len(m.discards[seat]), renderer=sc.ctx.renderer, thinking=None,
                       turn_label=label)


def _thinker(sc: MatchScene) -> int | None:
    """The seat whose AI is thinking right now, if any."""
    return sc.ctl.decider() if sc.ctl.worker is not None and not sc.queue else None


def _thinking(sc: MatchScene, surface: pygame.Surface) -> None:
    """The moving parts of "the computer is thinking": dots and spinners."""
    seat = _thinker(sc)
    if seat is None:
        return
    p = layout.seat_panel(seat == sc.bottom)
    dots = "." * (1 + int(sc.time * 3) % 3)
    widgets.text(surface, "Thinking" + dots, 16, (p.name[0], p.name[1] + 26), theme.TEXT_DIM)
    hud.spinner(surface, (p.name[0] + 150, p.name[1] + 34), sc.time)


def _prompt(sc: MatchScene, surface: pygame.Surface, staged: bool) -> pygame.Rect | None:
    text, color = sc.prompt_text()
    if not text:
        return None
    y = layout.STAGE_Y - 160 if staged else layout.PROMPT_Y
    return hud.prompt_line(surface, text, y, color)


def _log_title(sc: MatchScene) -> str:
    m = sc.model
    name = sc.ctl.name(m.active) if m.active is not None else ""
    return f"Turn {m.turn_no}: {name}" if m.turn_no else "Game log"


def _floaters(sc: MatchScene, surface: pygame.Surface) -> None:
    life = sc.ctx.anim(1.1)
    for f in sc.floaters:
        t = f["t"] / life
        if f.get("banner"):
            continue
        img = fonts.render_outlined(f["text"], 40, f["color"], (0, 0, 0), 2, bold=True)
        img = img.copy()
        img.set_alpha(int(255 * (1 - t) ** 0.5))
        surface.blit(img, img.get_rect(center=(f["x"], int(f["y"] - 40 * t))))


def _zoom(sc: MatchScene, surface: pygame.Surface) -> None:
    sp = sc.sprites.get(sc.zoom_key) if sc.zoom_key is not None else None
    if sp is None or sp.cid < 0 or sp.dragging or (sc.queue and not sc.zoom_pinned):
        return
    if sp.zone == "hand" and sp.seat not in sc.face_up_hands():
        return
    d = sc.card_def(sp.cid)
    try:
        img = sc.ctx.renderer.zoom(d)
    except Exception:
        return
    max_h = 390  # narrow enough to sit over the log without covering the prompt
    if img.get_height() > max_h:
        img = pygame.transform.smoothscale(
            img, (int(img.get_width() * max_h / img.get_height()), max_h))
    # Over the log on the right: never over the prompt, the buttons or the hand.
    r = img.get_rect()
    r.centery = 360
    r.right = 1268
    if sp.x > layout.TABLE_X1 - 200:  # the card itself is at the right edge: show it on the left
        r.left = 16
    widgets.panel(surface, r.inflate(16, 16), alpha=230)
    surface.blit(img, r)
    if sp.key in (sc.model.stage,):
        return
    extra = []
    if sp.zone == "play":
        try:
            power = sc.ctl.game.power(sp.cid)
            kws = sc.ctl.game.keywords(sp.cid)
        except Exception:
            power, kws = None, ()
        if power is not None and power != d.power:
            extra.append(f"Power now {power}")
        if kws and tuple(kws) != tuple(d.keywords):
            extra.append("Now: " + ", ".join(kws))
        if sp.cid in sc.model.exhausted:
            extra.append("Exhausted")
    for i, line in enumerate(extra):
        widgets.text(surface, line, 20, (r.centerx, r.bottom + 20 + 26 * i), theme.ACCENT,
                     bold=True, anchor="center")


def _power_badge(sc: MatchScene, surface: pygame.Surface, sp) -> None:
    """Current power when an ability changes it: green when higher than printed, red when lower."""
    d = sc.card_def(sp.cid)
    try:
        power = sc.ctl.game.power(sp.cid)
    except Exception:  # not in play in the engine any more (mid-animation)
        return
    if d is None or power == d.power:
        return
    color = theme.GOOD if power > d.power else theme.DANGER
    # Over the printed power circle (top-left of the upright card), turned with the card.
    w, h = sp.w, layout.card_h(sp.w)
    dx, dy = -w / 2 + 0.14 * w, -h / 2 + 0.23 * h
    a = math.radians(sp.angle)
    cx, cy = sp.center
    c = (int(cx + dx * math.cos(a) - dy * math.sin(a)), int(cy + dx * math.sin(a) + dy * math.cos(a)))
    pygame.draw.circle(surface, (0, 0, 0), (c[0] + 1, c[1] + 2), 16)
    pygame.draw.circle(surface, color, c, 15)
    pygame.draw.circle(surface, (255, 255, 255), c, 15, 2)
    img = fonts.render_text(str(power), 19, (10, 10, 10), True)
    surface.blit(img, img.get_rect(center=c))


def _drop_zone(sc: MatchScene, surface: pygame.Surface) -> None:
    """While a hand card is dragged, light up the lane it will be played into."""
    press = sc.press
    if not press or not press["dragging"] or press["drag_verb"] != "play":
        return
    sp = sc.sprites.get(press["key"])
    hot = sp is not None and sp.y < layout.PLAY_DROP_Y
    lane = pygame.Rect(layout.TABLE_X0 + 6, layout.BOTTOM_PLAY_Y - 76,
                       layout.TABLE_X1 - layout.TABLE_X0 - 12, 152)
    box = pygame.Surface(lane.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*theme.ACCENT, 60 if hot else 25), box.get_rect(), border_radius=14)
    pygame.draw.rect(box, (*theme.ACCENT, 255), box.get_rect(), 3, border_radius=14)
    surface.blit(box, lane)
    label = "Release to play" if hot else "Drop here to play"
    widgets.text(surface, label, 18, (lane.right - 16, lane.bottom - 12), theme.ACCENT, bold=True,
                 anchor="bottomright")


def _drag_cue(sc: MatchScene, surface: pygame.Surface) -> None:
    """While a creature is dragged to attack: an arrow from its place, and what release does."""
    press = sc.press
    if not press or not press["dragging"] or press["drag_verb"] != "attack":
        return
    sp = sc.sprites.get(press["key"])
    if sp is None:
        return
    start = (press["pos"][0] + press["off"][0], press["pos"][1] + press["off"][1])
    end = (int(sp.x), int(sp.y - layout.card_h(sp.w) / 2))
    hot = sp.y < layout.ATTACK_DROP_Y
    color = theme.DANGER if hot else theme.TEXT_DIM
    pygame.draw.line(surface, color, start, end, 5)
    pygame.draw.circle(surface, color, end, 9)
    text = "Release to attack!" if hot else "Drag up to attack"
    widgets.text(surface, text, 20, (end[0], end[1] - 22), color, bold=True, anchor="center")


def _hand_counts(sc: MatchScene, surface: pygame.Surface) -> None:
    """The number of cards in the opponent's hand, beside its face-down fan."""
    top = next((s for s in range(sc.model.n_seats) if s != sc.bottom), None)
    if top is None:
        return
    n = len(sc.model.hands[top])
    xs = [sp.rect().right for sp in sc.sprites.values() if sp.zone == "hand" and sp.seat == top]
    x = (max(xs) if xs else layout.TABLE_CX) + 14
    label = f"{n} card{'s' if n != 1 else ''} in hand"
    img = fonts.render_outlined(label, 16, theme.TEXT, (0, 0, 0), 2, bold=True)
    surface.blit(img, img.get_rect(midleft=(x, 26)))


def _banners(sc: MatchScene, surface: pygame.Surface) -> None:
    life = sc.ctx.anim(1.1)
    for f in sc.floaters:
        if f.get("banner"):
            _banner(surface, f, f["t"] / life)


def _banner(surface: pygame.Surface, f: dict, t: float) -> None:
    img = fonts.render_outlined(f["text"], 42, f["color"], (0, 0, 0), 3, bold=True)
    alpha = int(255 * min(1.0, 4 * (1 - t)))
    band = pygame.Rect(layout.TABLE_X0, 0, layout.TABLE_X1 - layout.TABLE_X0, img.get_height() + 24)
    band.centery = int(f["y"])
    shade = pygame.Surface(band.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, int(alpha * 0.55)))
    surface.blit(shade, band)
    img = img.copy()
    img.set_alpha(alpha)
    surface.blit(img, img.get_rect(center=band.center))


def _turn_label(sc: MatchScene, is_bottom: bool) -> str:
    if sc.config.mode == "demo":
        return "Playing"
    return "Your turn" if is_bottom else "Their turn"
