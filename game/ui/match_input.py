"""Mouse and keyboard on the table: drag to play or attack, select-then-confirm, Tab/Enter/Esc."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.table import hud, layout

DRAG_THRESHOLD = 7  # pixels a press may move and still be a click

if TYPE_CHECKING:
    from game.ui.match_scene import MatchScene


def handle_event(sc: MatchScene, event: pygame.event.Event) -> bool:
    sc.painter.invalidate()  # any input may change what the table shows
    t = event.type
    if t == pygame.KEYDOWN:
        sc.dirty = True
        return _key(sc, event)
    if t == pygame.MOUSEMOTION:
        return _motion(sc, event)
    if t == pygame.MOUSEBUTTONDOWN:
        sc.dirty = True
        return _down(sc, event)
    if t == pygame.MOUSEBUTTONUP:
        sc.dirty = True
        return _up(sc, event)
    return False


def _busy(sc: MatchScene) -> bool:
    return bool(sc.queue) or sc.anim.batch_open


def _key(sc: MatchScene, event: pygame.event.Event) -> bool:
    key = event.key
    if key == pygame.K_ESCAPE:
        if sc.press is not None:
            _cancel_drag(sc)
        elif sc.selected is not None:
            sc.select(None)
        else:
            sc.open_menu()
        return True
    if _busy(sc):
        if key in (pygame.K_SPACE, pygame.K_RETURN):
            sc.skip_animations()
        return True
    if key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
        back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
        _cycle(sc, -1 if back else 1)
        return True
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        row = sc.row
        if 0 <= row.focus < len(row.buttons):
            row.buttons[row.focus].action()
        elif sc.selected is not None:
            sc.submit(sc.selected.option)
        return True
    return False


def _cycle(sc: MatchScene, step: int) -> None:
    """Tab walks every legal option: cards (which get selected) and buttons (which get focus)."""
    if not sc.choices:
        return
    n = len(sc.choices)
    cur = getattr(sc, "focus_index", -1)
    nxt = (cur + step) % n if cur >= 0 else (0 if step > 0 else n - 1)
    sc.focus_index = nxt
    choice = sc.choices[nxt]
    if choice.key is not None:
        if sc.selected is not choice:
            sc.select(choice)
    else:
        if sc.selected is not None:
            sc.select(None)
        for b in sc.row.buttons:
            b.focused = b.text == choice.text
        sc.row.focus = next((i for i, b in enumerate(sc.row.buttons) if b.focused), -1)
    sc.dirty = True


def _motion(sc: MatchScene, event: pygame.event.Event) -> bool:
    for b in sc.widgets_for_draw():
        was = b.hover
        b.hover = b.rect.collidepoint(event.pos)
        if was != b.hover:
            sc.dirty = True
    press = sc.press
    if press is not None:
        dx = event.pos[0] - press["pos"][0]
        dy = event.pos[1] - press["pos"][1]
        if not press["dragging"] and dx * dx + dy * dy > DRAG_THRESHOLD ** 2 and press["drag_verb"]:
            press["dragging"] = True
            sp = sc.sprites[press["key"]]
            sc.tweener.cancel(sp)
            sp.dragging = True
            sp.lift = 0
            sp.z = 5000
        if press["dragging"]:
            sp = sc.sprites.get(press["key"])
            if sp is not None:
                sp.x = event.pos[0] + press["off"][0]
                sp.y = event.pos[1] + press["off"][1]
            sc.dirty = True
            return True
    _hover(sc, event.pos)
    _cursor(sc, event.pos)
    return False


def _cursor(sc: MatchScene, pos: tuple[int, int]) -> None:
    """A hand pointer over anything that reacts to a click: legal cards, buttons, discard piles."""
    sp = sc.sprite_at(pos)
    hot = (sp is not None and sc.choice_for(sp.key) is not None) \
        or any(b.rect.collidepoint(pos) for b in sc.widgets_for_draw()) \
        or sc.seat_choice_at(pos) is not None \
        or any(r.collidepoint(pos) for r in hud.discard_rects(sc.model.n_seats, sc.bottom).values())
    if hot != getattr(sc, "hand_cursor", False):
        sc.hand_cursor = hot
        try:
            pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hot else pygame.SYSTEM_CURSOR_ARROW)
        except pygame.error:
            pass


def _hover(sc: MatchScene, pos: tuple[int, int]) -> None:
    sp = sc.sprite_at(pos)
    key = sp.key if sp is not None and sp.face >= 0.5 and sp.cid >= 0 else None
    if sp is not None and sp.zone == "hand" and sp.seat != sc.revealed:
        key = None
    if key != sc.hover_key:
        old = sc.sprites.get(sc.hover_key)
        selected = sc.selected.key if sc.selected is not None else None
        if old is not None and old.zone == "hand" and old.key != selected:
            sc.tweener.to(old, "lift", 0, 0.12)
        sc.hover_key = key
        sc.hover_time = 0.0
        if not sc.zoom_pinned:
            sc.zoom_key = None
        if sp is not None and key is not None and sp.zone == "hand" and sp.seat == sc.bottom:
            sc.tweener.to(sp, "lift", 26, 0.12)
        sc.dirty = True


def _down(sc: MatchScene, event: pygame.event.Event) -> bool:
    if sc.zoom_pinned:
        sc.zoom_pinned = False
        sc.zoom_key = None
        if event.button == 1:
            return True
    if event.button == 3:
        sp = sc.sprite_at(event.pos)
        if sp is not None and sp.cid >= 0 and sp.face >= 0.5:
            sc.zoom_key = sp.key
            sc.zoom_pinned = True
        return True
    if event.button != 1:
        return False
    if _busy(sc):
        sc.skip_animations()  # a click skips the animations
        sc.swallow_up = True  # ...and its release must not press a button that just appeared
        return True
    for b in sc.widgets_for_draw():
        if b.handle(event):
            return True  # armed: the button acts on release
    seat_choice = sc.seat_choice_at(event.pos)  # 2v2: click an opponent's area to pick them
    if seat_choice is not None:
        sc.submit(seat_choice.option)
        sc.swallow_up = True
        return True
    sp = sc.sprite_at(event.pos)
    choice = sc.choice_for(sp.key) if sp is not None else None
    if choice is not None:
        verb = choice.option.verb
        kind = sc.ctl.pending.kind if sc.ctl.pending is not None else ""
        drag_verb = verb if verb in ("play", "attack") and kind in ("action", "frenzy") else None
        sc.press = {"key": sp.key, "pos": event.pos, "off": (sp.x - event.pos[0], sp.y - event.pos[1]),
                    "choice": choice, "dragging": False, "drag_verb": drag_verb}
        return True
    seat = _discard_at(sc, event.pos)
    if seat is not None:
        sc.discard_press = seat  # opened on release, so the release does not close it again
        return True
    return False


def _discard_at(sc: MatchScene, pos: tuple[int, int]) -> int | None:
    for seat, rect in hud.discard_rects(sc.model.n_seats, sc.bottom).items():
        if rect.collidepoint(pos):
            return seat
    return None


def _up(sc: MatchScene, event: pygame.event.Event) -> bool:
    if event.button != 1:
        return False
    if sc.swallow_up:
        sc.swallow_up = False
        return True
    pressed_pile, sc.discard_press = sc.discard_press, None
    if pressed_pile is not None and _discard_at(sc, event.pos) == pressed_pile:
        sc.open_discard(pressed_pile)
        return True
    press, sc.press = sc.press, None
    if press is not None:
        if not press["dragging"]:
            sc.select(press["choice"])
            return True
        sp = sc.sprites.get(press["key"])
        if sp is not None:
            sp.dragging = False
        verb = press["drag_verb"]
        y = event.pos[1]
        if (verb == "play" and y < layout.PLAY_DROP_Y) or (verb == "attack" and y < layout.ATTACK_DROP_Y):
            sc.submit(press["choice"].option)
        else:
            sc.resync()  # dropped nowhere useful: the card slides back
        return True
    for b in sc.widgets_for_draw():
        if b.handle(event):
            return True
    return False


def _cancel_drag(sc: MatchScene) -> None:
    press, sc.press = sc.press, None
    sp = sc.sprites.get(press["key"]) if press else None
    if sp is not None:
        sp.dragging = False
    sc.resync()
