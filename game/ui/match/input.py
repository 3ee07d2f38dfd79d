"""Mouse and keyboard on the table, the same way for every decision that picks a card.

- Drag a card onto its target: a hand card onto your side (play), a creature up onto the
  opponent's side (attack) or, with Hunter, onto the creature it hunts, a blocker onto the
  attacker, a card onto your discard pile (discard), an effect's source onto its target. The
  legal drop zones light up while you drag; a drop anywhere else springs back with a one-line
  reason (the opponent's half never plays a card).
- Click selects; clicking the selected card again (or a double-click) confirms.
- Enter takes the gold default button (never while a hot-seat curtain is up); Tab and the
  arrows walk every option; Esc cancels a drag, then a selection, then opens the menu.
- D opens your discard pile, Shift+D the other seats' piles in turn (a click on a pile does).
- V looks over every visible card on the table, also those that are not options
  (game.ui.match.browse): the arrows move its ring, Enter selects a card that is a choice.
- The letter keys (D, V, H and speech's R, T, C, L, I, the zones' B, O, P, M and the speech
  digits 5, 6, 8, 9) are the player's key map
  (``Settings.keys``, rebound on Settings' Keys page; game.ui.core.play_keys); Esc, Tab, Enter,
  Space, the arrows and the log's keys are fixed.
- The log scrolls with the wheel, a drag, PageUp/PageDown/Home/End; hovering a card name in it
  shows the card.
- Speech (game.ui.match.narration, which sees every key first): R repeats the last line, T reads
  the table, C the hand, L the last turn, I the focused option's (or browsed) card; the zone
  keys and, inside a zone, the arrows, Enter and Esc; while the Pace holds the table any other
  key goes on. None of these letters is used here.

The scene is reached through small Protocols (``KeyboardHost``, ``PointerHost``, ``IntentHost``;
``InputHost`` is the two first together), so this module does not import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.common.i18n import _
from game.ui.core import play_keys
from game.ui.core.window import pointer
from game.ui.match import browse, drop_zones, takeback
from game.ui.match import seats as match_seats
from game.ui.match.choices import Choice
from game.ui.match.drop_zones import DropZone, zone_at
from game.ui.match.input_state import InputState, Press
from game.ui.table import hud, layout
from game.ui.table.hover_zoom import TableZoom
from game.ui.table.sprites import CardSprite, SpriteKey

if TYPE_CHECKING:
    from game.engine import Option
    from game.ui.core.seat import GameSeat
    from game.ui.kit.widgets import Button, ButtonRow
    from game.ui.table.stage import TableStage

DRAG_THRESHOLD = 7  # pixels a press may move and still be a click
REVEAL_GRACE = 0.4  # seconds after a hot-seat curtain lifts during which Enter does nothing
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
SNEAKY = "Sneaky"  # the keyword as the engine names it


class IntentHost(Protocol):
    """What a drop's intent (the prey of a Hunter, the opponent an attacker was dropped on)
    needs when the next decision comes: that decision, its choices and the way to answer."""

    @property
    def ctl(self) -> GameSeat: ...  # the pending decision
    @property
    def input(self) -> InputState: ...
    def choice_for(self, key: SpriteKey) -> Choice | None: ...
    def submit(self, option: Option) -> None: ...
    def advice_changed(self) -> None: ...  # the gold default may move (a prey to advise)
    def advises(self, option: Option) -> bool: ...  # the table advises it (the gold rule)


class OfferHost(IntentHost, Protocol):
    """The decision on offer as a click, a Tab or a drop reads it: its choices, the selected
    one and the buttons; selecting and answering go through the scene's methods."""

    @property
    def choices(self) -> list[Choice]: ...
    @property
    def selected(self) -> Choice | None: ...
    @property
    def row(self) -> ButtonRow: ...
    def select(self, choice: Choice | None) -> None: ...
    def redraw(self) -> None: ...  # the scene draws a new frame


class KeyboardHost(OfferHost, Protocol):
    """What the keys need besides the offer: the log they scroll, the hot-seat curtain that
    owns Enter, and the scene's menu, skip and hint."""

    @property
    def table(self) -> TableStage: ...  # whether animations run (keys then skip them)
    @property
    def log_view(self) -> hud.LogView: ...
    @property
    def curtain_up(self) -> bool: ...
    @property
    def time(self) -> float: ...
    @property
    def revealed_at(self) -> float: ...  # when the curtain last lifted
    @property
    def key_map(self) -> dict[str, str]: ...  # the player's play keys (Settings.keys)
    @property
    def card_zoom(self) -> TableZoom: ...  # browsing shows its card large
    def open_menu(self) -> None: ...
    def skip_animations(self) -> None: ...
    def resync(self, duration: float | None = None) -> None: ...  # Esc: a dragged card goes back
    def request_hint(self) -> None: ...  # H (the scene says whether a hint is allowed)
    def open_discard(self, seat: int) -> None: ...  # D, Shift+D


class PointerHost(OfferHost, Protocol):
    """What the mouse needs besides the offer: the table it drags on, the zoom it opens, the
    buttons it presses, the log it scrolls and the piles and seats it clicks."""

    @property
    def table(self) -> TableStage: ...
    @property
    def log_view(self) -> hud.LogView: ...
    @property
    def card_zoom(self) -> TableZoom: ...
    @property
    def attacker(self) -> int | None: ...  # the attacker a Hunter's drop zones belong to
    @property
    def zoom_rect(self) -> pygame.Rect | None: ...  # where the large card was last drawn
    def open_discard(self, seat: int) -> None: ...
    def skip_animations(self) -> None: ...
    def resync(self, duration: float | None = None) -> None: ...
    def widgets_for_draw(self) -> list[Button]: ...
    def seat_choice_at(self, pos: tuple[int, int]) -> Choice | None: ...


class InputHost(KeyboardHost, PointerHost, Protocol):
    """The scene as ``handle_event`` sees it: keys and mouse together (nothing more)."""


# ------------------------------------------------------------------------------------------------
# Events
# ------------------------------------------------------------------------------------------------
def handle_event(sc: InputHost, event: pygame.event.Event) -> bool:
    t = event.type
    if t == pygame.KEYDOWN:
        sc.redraw()
        return _key(sc, event)
    if t == pygame.MOUSEMOTION:
        return _motion(sc, event)
    if t == pygame.MOUSEBUTTONDOWN:
        sc.redraw()
        sc.input.hint = None
        return _down(sc, event)
    if t == pygame.MOUSEBUTTONUP:
        sc.redraw()
        return _up(sc, event)
    if t == pygame.MOUSEWHEEL:
        pos = pointer()
        if sc.log_view.contains(pos) or not _over_table(pos):
            sc.log_view.scroll_by(-event.y * 3)
            sc.redraw()
            return True
    return False


def _over_table(pos: tuple[int, int]) -> bool:
    return layout.TABLE_X0 <= pos[0] <= layout.TABLE_X1


def _busy(table: TableStage) -> bool:
    return bool(table.queue) or table.anim.batch_open


def _key(sc: KeyboardHost, event: pygame.event.Event) -> bool:
    key = event.key
    st = sc.input
    st.hint = None
    plain = not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
    action = play_keys.action_of(sc.key_map, key) if plain else None
    if plain and browse.handle_key(sc, event, play_keys.code(sc.key_map, "browse")):
        return True  # looking over the table (Esc leaves it first): also while things move
    if key == pygame.K_ESCAPE:
        if st.press is not None:
            _cancel_drag(sc)
        elif sc.card_zoom.pinned:  # Esc closes what is on top first: a card pinned large
            sc.card_zoom.close()
            sc.redraw()
        elif sc.selected is not None:
            sc.select(None)
        else:
            sc.open_menu()
        return True
    if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END):
        lv = sc.log_view
        page = max(1, lv.visible_rows - 2)
        {pygame.K_PAGEUP: lambda: lv.scroll_by(-page), pygame.K_PAGEDOWN: lambda: lv.scroll_by(page),
         pygame.K_HOME: lv.scroll_to_top, pygame.K_END: lv.scroll_to_end}[key]()
        return True
    if key == takeback.KEY and event.mod & pygame.KMOD_CTRL:
        takeback.take_back(sc)  # Ctrl+Z: also while things move (the scene is replaced)
        return True
    if action == "browse":
        browse.toggle(sc)
        return True
    if _busy(sc.table):
        if key in ENTER_KEYS:
            sc.skip_animations()
        return True
    if key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
        back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
        _cycle(sc, -1 if back else 1)
        return True
    if key in ENTER_KEYS:
        enter(sc)
        return True
    if action == "hint":
        sc.request_hint()  # the hint button's key (the scene says whether a hint is allowed)
        return True
    if action == "discard":
        _open_discard(sc, bool(event.mod & pygame.KMOD_SHIFT))
        return True
    return False


def _open_discard(sc: KeyboardHost, other: bool) -> None:
    """D: your discard pile; Shift+D: the next other seat's, round the table on each press
    (the piles a click opens, for the keyboard alone; a discard pile is public)."""
    n, bottom = sc.table.model.n_seats, sc.table.bottom
    seat = bottom
    if other:
        st = sc.input
        last = st.discard_seat if st.discard_seat is not None else bottom
        seat = (last + 1) % n
        if seat == bottom:
            seat = (seat + 1) % n
        st.discard_seat = seat
    sc.open_discard(seat)


def enter(sc: KeyboardHost) -> None:
    """Enter: the focused button, else the gold default; with no button yet, pick the first card."""
    if sc.curtain_up or sc.time - sc.revealed_at < REVEAL_GRACE:
        return  # the hot-seat curtain owns Enter; a held Enter must not act for the next player
    buttons = sc.row.buttons
    if 0 <= sc.row.focus < len(buttons):
        buttons[sc.row.focus].action()
        return
    primary = next((b for b in buttons if b.primary and b.enabled), None)
    if primary is not None:
        primary.action()
        return
    if sc.selected is not None:
        sc.submit(sc.selected.option)
        return
    # Nothing gold yet (your turn): select a card, the next Enter plays it: the one the table
    # advises (a lesson's instruction, the hint) if any, else the first (game.ui.kit.gold).
    advised = next((c for c in sc.choices if c.key is not None and sc.advises(c.option)), None)
    if advised is not None:
        sc.input.focus_index = sc.choices.index(advised)
        sc.select(advised)
        return
    _cycle(sc, 1)


def _cycle(sc: OfferHost, step: int) -> None:
    """Tab walks every legal option: cards (which get selected) and buttons (which get focus)."""
    if not sc.choices:
        return
    st = sc.input
    n = len(sc.choices)
    cur = st.focus_index if st.focus_index < n else -1
    nxt = (cur + step) % n if cur >= 0 else (0 if step > 0 else n - 1)
    st.focus_index = nxt
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
    sc.redraw()


# ------------------------------------------------------------------------------------------------
# Mouse
# ------------------------------------------------------------------------------------------------
def _motion(sc: PointerHost, event: pygame.event.Event) -> bool:
    for b in sc.widgets_for_draw():
        was = b.hover
        b.hover = b.rect.collidepoint(event.pos)
        if was != b.hover:
            sc.redraw()
    st = sc.input
    st.pointer = event.pos
    tip = match_seats.pile_tip(sc.table, event.pos)
    if tip != st.tip:  # a plate pile's words come or go (drawn from ``pointer``, fresh)
        st.tip = tip
        sc.redraw()
    if st.log_drag is not None:
        y0, scroll0 = st.log_drag
        sc.log_view.scroll_to(scroll0 - (event.pos[1] - y0) // sc.log_view.row_h)
        sc.redraw()
        return True
    press = st.press
    if press is not None:
        dx = event.pos[0] - press["pos"][0]
        dy = event.pos[1] - press["pos"][1]
        if not press["dragging"] and dx * dx + dy * dy > DRAG_THRESHOLD ** 2 and press["reason"]:
            press["dragging"] = True
            lifted = sc.table.sprites[press["key"]]
            sc.table.tweener.cancel(lifted)
            lifted.dragging = True
            lifted.lift = 0
            lifted.z = 5000
            sc.card_zoom.close()
        if press["dragging"]:
            sp = sc.table.sprites.get(press["key"])
            if sp is not None:
                sp.x = event.pos[0] + press["off"][0]
                sp.y = event.pos[1] + press["off"][1]
            press["mouse"] = event.pos
            sc.redraw()
            return True
    _hover(sc, event.pos)
    _cursor(sc, event.pos)
    return False


def _cursor(sc: PointerHost, pos: tuple[int, int]) -> None:
    """A hand pointer over anything that reacts to a click: legal cards, buttons, discard piles."""
    sp = sc.table.sprite_at(pos)
    hot = (sp is not None and (sc.choice_for(sp.key) is not None or _source_key(sc) == sp.key)) \
        or any(b.rect.collidepoint(pos) for b in sc.widgets_for_draw()) \
        or sc.seat_choice_at(pos) is not None \
        or any(r.collidepoint(pos) for r in hud.discard_rects(sc.table.model.n_seats,
                                                               sc.table.bottom).values())
    if hot != sc.input.hand_cursor:
        sc.input.hand_cursor = hot
        try:
            pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hot else pygame.SYSTEM_CURSOR_ARROW)
        except pygame.error:
            pass


def _hover(sc: PointerHost, pos: tuple[int, int]) -> None:
    table = sc.table
    sp = table.sprite_at(pos)
    key = sp.key if sp is not None and sp.face >= 0.5 and sp.cid >= 0 else None
    if sp is not None and sp.zone == "hand" and not table.hand_visible(sp):
        key = None
    # A card name in the log shows that card, like a card on the table.
    name = sc.log_view.name_at(pos)
    if name != sc.log_view.hover_name:
        sc.log_view.hover_name = name
        sc.redraw()
    zoom = sc.card_zoom
    if zoom.pinned and key != zoom.zoom_key:
        zoom.unpin()  # a right-click zoom closes when the mouse leaves its card
        sc.redraw()
    if key != zoom.hover_key:
        old = table.sprites.get(zoom.hover_key) if zoom.hover_key is not None else None
        selected = sc.selected.key if sc.selected is not None else None
        if old is not None and old.zone == "hand" and old.key != selected:
            table.tweener.to(old, "lift", 0, 0.12)
        zoom.rest_on(key)
        if sp is not None and key is not None and sp.zone == "hand" and sp.seat == table.bottom:
            table.tweener.to(sp, "lift", 26, 0.12)
        sc.redraw()


def _down(sc: PointerHost, event: pygame.event.Event) -> bool:
    st = sc.input
    if sc.card_zoom.pinned:
        # A press on the large card only closes it; anywhere else it closes it and does what it
        # does there (the first drag after reading a card, or after Pause > Resume, is taken).
        on_zoom = sc.zoom_rect is not None and sc.zoom_rect.collidepoint(event.pos)
        sc.card_zoom.unpin()
        if event.button == 1 and on_zoom:
            return True
    if event.button == 3:
        sp = sc.table.sprite_at(event.pos)
        if sp is not None and sp.cid >= 0 and sp.face >= 0.5 and sc.table.hand_visible(sp):
            sc.card_zoom.pin(sp.key)
        return True
    if event.button != 1:
        return False
    if sc.log_view.contains(event.pos):
        st.log_drag = (event.pos[1], sc.log_view.scroll)
        return True
    if _busy(sc.table):
        sc.skip_animations()  # a click skips the animations
        st.swallow_up = True  # ...and its release must not press a button that just appeared
        return True
    for b in sc.widgets_for_draw():
        if b.handle(event):
            return True  # armed: the button acts on release
    seat_choice = sc.seat_choice_at(event.pos)  # 2v2: click an opponent's area to pick them
    if seat_choice is not None:
        st.seat_press = seat_choice.option.seat  # acted on release, as a card click is
        return True
    sp = sc.table.sprite_at(event.pos)
    choice = sc.choice_for(sp.key) if sp is not None else None
    is_source = sp is not None and sp.key == _source_key(sc)
    if sp is not None and (choice is not None or is_source or _own_card(sc.table, sp)):
        zones, reason = plan(sc, sp.key) if choice is not None or is_source else ([], _why_not(sc, sp))
        st.press = {"key": sp.key, "pos": event.pos, "off": (sp.x - event.pos[0], sp.y - event.pos[1]),
                    "choice": choice, "dragging": False, "zones": zones,
                    "reason": reason, "mouse": event.pos}
        return True
    seat = _discard_at(sc.table, event.pos)
    if seat is not None:
        st.discard_press = seat  # opened on release, so the release does not close it again
        return True
    if sc.selected is not None and _over_table(event.pos):
        sc.select(None)  # a click on the bare table puts the selected card back
        return True
    return False


def _own_card(table: TableStage, sp: CardSprite | None) -> bool:
    """A card of the player at the bottom, in hand or in play: it may be picked up even when it
    cannot be used now, and then springs back saying why."""
    if sp is None or sp.seat != table.bottom or sp.zone not in ("hand", "play"):
        return False
    return sp.cid >= 0 and table.hand_visible(sp)


def _why_not(sc: PointerHost, sp: CardSprite) -> str:
    """One line: why this card cannot be used for the decision now."""
    name = sc.table.card_name(sp.cid)
    d = sc.ctl.pending
    if d is None or not sc.choices:
        return _("Wait a moment: it is not your decision.")
    if d.kind == "action" and sp.zone == "play":
        return _("{card} cannot attack now.").format(card=name)
    if d.kind == "action":
        return _("{card} cannot be played now.").format(card=name)
    if d.kind == "block" and sp.zone == "play":
        return _sneaky_reason(sc.table, sp, d.source) or _("{card} cannot block this attacker.").format(card=name)
    return _("{card} is not one of the choices now: see the lit cards and the buttons.").format(card=name)


def _sneaky_reason(table: TableStage, sp: CardSprite, attacker: int | None) -> str | None:
    """Why a creature cannot block a Sneaky attacker, in the rule's words (the most common
    refusal, and the one a new player cannot guess from the generic line)."""
    state = table.state
    try:
        if attacker is None or SNEAKY not in state.keywords(attacker) or SNEAKY in state.keywords(sp.cid):
            return None
    except Exception:  # a card that left play mid-animation: the generic line will do
        return None
    return _("Only a Sneaky creature can block {card}.").format(card=table.card_name(attacker))


def _discard_at(table: TableStage, pos: tuple[int, int]) -> int | None:
    for seat, rect in hud.discard_rects(table.model.n_seats, table.bottom).items():
        if rect.collidepoint(pos):
            return seat
    return None


def _up(sc: PointerHost, event: pygame.event.Event) -> bool:
    if event.button != 1:
        return False
    st = sc.input
    if st.log_drag is not None:
        st.log_drag = None
        return True
    if st.swallow_up:
        st.swallow_up = False
        return True
    pressed_seat, st.seat_press = st.seat_press, None
    if pressed_seat is not None:
        choice = sc.seat_choice_at(event.pos)
        if choice is not None and choice.option.seat == pressed_seat:
            _click_seat(sc, choice)
        return True
    pressed_pile, st.discard_press = st.discard_press, None
    if pressed_pile is not None and _discard_at(sc.table, event.pos) == pressed_pile:
        sc.open_discard(pressed_pile)
        return True
    press, st.press = st.press, None
    if press is not None:
        if not press["dragging"]:
            _click_card(sc, press)
            return True
        sp = sc.table.sprites.get(press["key"])
        if sp is not None:
            sp.dragging = False
        zone = zone_at(press["zones"], event.pos)
        if zone is not None:
            st.intent = zone.then
            st.intent_sure = drop_zones.means_only(press["zones"], zone, event.pos)
            st.seat_intent = (press["key"], zone.seat) if zone.seat is not None else None
            sc.submit(zone.option)
        else:
            st.hint = press["reason"]  # dropped nowhere useful: say why, the card slides back
            sc.resync()
        return True
    for b in sc.widgets_for_draw():
        if b.handle(event):
            return True
    return False


def _click_card(sc: OfferHost, press: Press) -> None:
    """A click selects; a click on the selected card (or the second of a double-click) confirms."""
    choice = press["choice"]
    if choice is None:  # a card that cannot be picked, or the source of an effect: say what to do
        sc.input.hint = press["reason"] or None
        return
    selected = sc.selected
    if selected is not None and selected.key == choice.key:
        sc.submit(selected.option)
        return
    sc.select(choice)


def _click_seat(sc: OfferHost, choice: Choice) -> None:
    """2v2, "which opponent": a click on an opponent's area selects them as a card click does
    (their button gold and focused, so Enter takes it); a click on the selected one (or the
    second of a double-click) confirms."""
    buttons = sc.row.buttons
    index = next((i for i, b in enumerate(buttons) if b.text == choice.text), -1)
    if index < 0:
        return
    if sc.row.focus == index:
        sc.submit(choice.option)
        return
    sc.row.focus = index
    for i, b in enumerate(buttons):
        b.focused = b.primary = i == index
    sc.input.focus_index = next((i for i, c in enumerate(sc.choices) if c is choice), -1)
    sc.redraw()


def _cancel_drag(sc: KeyboardHost) -> None:
    press, sc.input.press = sc.input.press, None
    sp = sc.table.sprites.get(press["key"]) if press else None
    if sp is not None:
        sp.dragging = False
    sc.resync()


def seat_intent(sc: IntentHost, source: SpriteKey | None) -> int | None:
    """2v2: the opponent whose area ``source`` (an attacker) was just dropped on: the default
    when its ability then asks which opponent. Read once: any later decision forgets it."""
    intent, sc.input.seat_intent = sc.input.seat_intent, None
    return intent[1] if intent is not None and intent[0] == source else None


def follow_intent(sc: IntentHost) -> bool:
    """A Hunter was dropped on its prey: answer the hunt question that follows with that prey,
    without asking only when the drop could mean nothing else (``drop_zones.means_only``);
    otherwise the question is asked with that prey as the gold answer."""
    st = sc.input
    prey, st.intent = st.intent, None
    sure, st.intent_sure = st.intent_sure, False
    st.advised_prey = None
    d = sc.ctl.pending
    if prey is None or d is None or d.kind != "hunt":
        return False
    choice = sc.choice_for(prey)
    if choice is None:
        return False
    if not sure:
        st.advised_prey = prey
        sc.advice_changed()
        return False
    sc.submit(choice.option)
    return True


# ------------------------------------------------------------------------------------------------
# Drop zones
# ------------------------------------------------------------------------------------------------
def plan(sc: PointerHost, key: SpriteKey) -> tuple[list[DropZone], str]:
    """The drop zones of a card about to be dragged in ``sc``, and the reason shown for a miss."""
    return drop_zones.plan(sc.table, sc.ctl.pending, sc.choices, key, attacker=sc.attacker,
                           choice_for=sc.choice_for)


def _source_key(sc: PointerHost) -> SpriteKey | None:
    return drop_zones.source_key(sc.table, sc.ctl.pending, sc.choices, sc.choice_for)
