"""Drawing the table: felt, seat panels, cards by z-order, prompt, buttons, log, zoom.

The renderer takes a ``TableStage`` (what is on the table, from whose side) and a
``TableFrame`` (what the driving scene wants shown over it: a prompt, buttons, who is
thinking, a drag in progress, a zoomed card). It reads no input and changes no game.

Hidden cards: a hand card's face is drawn only if its seat is in ``stage.face_up``; every face
drawn goes through ``_draw_face``, which tells ``FACE_HOOKS`` (tests audit it).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.cards.text import keyword_name
from game.common.i18n import _, ngettext
from game.ui.kit import fonts, icons, theme, widgets
from game.ui.table import effects_draw, hud, layout, plates, spines
from game.ui.table.stage import TableStage
from game.ui.table.zoom import zoom_rect

if TYPE_CHECKING:
    from game.ui.core.contracts import CardRenderer
    from game.ui.table.sprites import CardSprite, SpriteKey


# Called as hook(stage, sprite) for every card drawn face up: the secrecy tests listen here.
FACE_HOOKS: list[Callable[[TableStage, CardSprite], None]] = []


@dataclass
class TableFrame:
    """What the scene driving the table wants drawn over it this frame."""

    prompt: tuple[str, tuple] = ("", theme.TEXT)
    buttons: list = field(default_factory=list)
    thinking: int | None = None  # the seat whose computer player is thinking
    turn_label: Callable[[int], str] = lambda seat: ""
    zoom_key: SpriteKey | None = None
    zoom_pinned: bool = False
    log_title: str = ""
    log: list | None = None  # defaults to the stage's log
    decider: int | None = None  # the seat whose decision the game waits for
    seat_status: Callable[[int], str] | None = None  # 2v2 plates: a short state per seat
    pick_seats: frozenset = frozenset()  # seats offered as "the opponent" now (lit up)
    note: str = ""  # a second line over the played card (2v2: the Mindbug offer's order)
    pick_focus: int | None = None  # the offered opponent under the keyboard focus or the mouse
    log_view: hud.LogView | None = None  # scroll position, card names under the mouse


BUTTON_ROW_PITCH = 52  # the decision's button rows, from one top to the next (decision_panel)
MAX_BUTTON_ROWS = 3


class TableRenderer:
    """Draws a stage; while only the thinking indicator moves it reuses the last still frame
    (fewer blits per frame keep the frame rate up while the AI thread competes for the GIL)."""

    def __init__(self, renderer: CardRenderer) -> None:
        self.cards = renderer
        self.cache: pygame.Surface | None = None
        self.prompt_rect: pygame.Rect | None = None
        self._follow = -1  # large text: the y the decision's buttons were moved to, under the prompt
        self.zoom_box: pygame.Rect | None = None  # where the last zoom was drawn (None: no zoom)
        self.palette = theme.VERSION  # the palette the cached frame was drawn in

    def invalidate(self) -> None:
        self.cache = None

    def draw(self, surface: pygame.Surface, stage: TableStage, frame: TableFrame,
             still: bool = False) -> None:
        if self.palette != theme.VERSION:  # the palette switched (Settings): nothing kept is right
            self.palette, self.cache = theme.VERSION, None
        if still:
            if self.cache is None:
                self._draw_table(surface, stage, frame)
                self.cache = surface.copy()
            else:
                surface.blit(self.cache, (0, 0))
        else:
            self.cache = None
            self._draw_table(surface, stage, frame)
            shift = stage.shake_offset()
            if shift != (0, 0):  # a blow shakes the whole picture (the edges it bares keep theirs)
                surface.scroll(*shift)
        _thinking(stage, frame, surface)

    def _draw_table(self, surface: pygame.Surface, stage: TableStage, frame: TableFrame) -> None:
        four = stage.model.n_seats == 4
        surface.blit(hud.felt(4 if four else 2), (0, 0))
        shown = []  # what each 2v2 seat plate shows
        if four:
            shown = _seat_plates(stage, frame, surface, self.cards)
        else:
            _seat_panels(stage, frame, surface, self.cards)
        staged = stage.model.stage
        cards = sorted(stage.sprites.values(), key=lambda s: (s.dragging, s.z))
        covers = spines.covered(stage)
        effects_draw.draw_under(surface, stage)
        for sp in cards + [None]:
            if shown and (sp is None or sp.dragging):  # over the hands and piles on the plates,
                for pos, info in shown:  # under a card being dragged
                    plates.plate_counts(surface, pos, info, _scale(stage))
                shown = []
            if sp is None or (sp.key == staged and not sp.dragging):
                continue
            draw_sprite(surface, stage, sp, self.cards)
            if sp.zone == "play" and not sp.dragging:
                live_badges(stage, surface, sp)
                spines.draw(stage, surface, sp, covers.get(sp.key))
        if staged is not None and staged in stage.sprites:
            # The played card, large, over a dimmed table: the Mindbug moment.
            surface.blit(_shade((layout.TABLE_X1 - layout.TABLE_X0, 720), 160), (layout.TABLE_X0, 0))
            draw_sprite(surface, stage, stage.sprites[staged], self.cards)
        effects_draw.draw_over(surface, stage)
        if not four:
            _hand_counts(stage, surface)
        _banners(stage, surface)  # under the prompt and buttons: a fading banner never hides a choice
        self.prompt_rect = _prompt(frame, surface, staged is not None, stage.model.n_seats,
                               _scale(stage))
        if self.prompt_rect is not None and staged is None and not four and hud.large_prompt(_scale(stage)):
            # Large text: the decision's buttons follow the prompt's lines, each of their rows
            # (``decision_panel.ROW_PITCH`` apart) as far as the first.
            laid = hud.large_buttons_y(_scale(stage)) - 23
            low = (round(layout.BOTTOM_PLAY_Y + layout.card_h(layout.PLAY_W) / 2) + 2
                   + round(layout.BOTTOM_HAND_Y - layout.card_h(layout.HAND_W) / 2) - 2 - 46) // 2
            decision = []  # the decision's buttons (not Menu, Hint or Undo)
            for b in frame.buttons:
                for row in range(MAX_BUTTON_ROWS):
                    if b.rect.y in (laid + row * BUTTON_ROW_PITCH, self._follow + row * BUTTON_ROW_PITCH,
                                    low, layout.BOTTOM_PLAY_Y - 23):
                        b.rect.y = self.prompt_rect.bottom + 6 + row * BUTTON_ROW_PITCH
                        decision.append(b)
                        break
            self._follow = self.prompt_rect.bottom + 6
            # Under the prompt's lines they would cover your creatures (200% in a small window:
            # the prompt's two lines and a row of buttons are taller than the gap between the
            # rows): in the gap between your creatures and your hand, where the Mindbug offer's
            # go. Never over a card on the table.
            card_rects = [sp.rect() for sp in stage.sprites.values() if sp.zone == "play" and not sp.dragging]
            side = sum(b.rect.w for b in decision) + 12 * (len(decision) - 1)
            if side <= layout.TABLE_X1 - layout.TABLE_X0 - 16 and \
                    any(b.rect.colliderect(r) for b in decision for r in card_rects):
                if not _beside_your_row(decision, stage, side):
                    place_low_row(decision, self.prompt_rect)
        if self.prompt_rect is not None and layout.staged_aside():
            place_low_row([b for b in frame.buttons if getattr(b, "group", "") == "low_row"], self.prompt_rect,
                          under_creatures=not four)
        for b in frame.buttons:
            b.draw(surface)
        hud.log_panel(surface, frame.log_title or _log_title(stage),
                      frame.log if frame.log is not None else stage.log, frame.log_view)
        _floaters(stage, surface)
        self.zoom_box = _zoom(stage, frame, surface, self.cards)


def _beside_your_row(buttons: list, stage: TableStage, side: int) -> bool:
    """1v1, larger text: the decision's buttons side by side level with your creatures, right
    of them (else left) where the table leaves them room: clear of every card, a hand card
    picked up included. False (nothing moved) if neither side holds them."""
    yours = [sp.rect() for sp in stage.sprites.values()
             if sp.zone == "play" and sp.seat == stage.bottom and not sp.dragging]
    if not yours:
        return False
    right = (max(r.right for r in yours) + 12, layout.TABLE_X1 - 8)
    left = (layout.TABLE_X0 + 8, min(r.left for r in yours) - 12)
    room = next(((a, b) for a, b in (right, left) if b - a >= side), None)
    if room is None:
        return False
    x = (room[0] + room[1] - side) // 2
    for b in buttons:
        b.rect.topleft = (x, layout.BOTTOM_PLAY_Y - b.rect.h // 2)
        x += b.rect.w + 12
    return True


def place_low_row(buttons: list, prompt: pygame.Rect, under_creatures: bool = True) -> None:
    """1v1, larger text: the Mindbug offer's buttons (the replay viewer's steps) with the
    played card at the table's left. Side by side in the gap between the player's creatures and
    the hand: one place whatever the prompt's lines, so a step clicked stays under the pointer
    while the prompt above changes, and no button covers a creature. If the table is too
    narrow for them side by side, or in 2v2 (``under_creatures`` False: its rows leave room
    beside the card): under the prompt's lines, side by side if the column holds them."""
    if not buttons:
        return
    left, right = layout.staged_column()
    gap, pitch = 12, BUTTON_ROW_PITCH
    widths = [b.rect.w for b in buttons]
    side = sum(widths) + gap * (len(widths) - 1)
    y = prompt.bottom + 6
    rows = 1 if side <= right - left else len(buttons)
    under_gap = (round(layout.BOTTOM_PLAY_Y + layout.card_h(layout.PLAY_W) / 2) + 2,
                 round(layout.BOTTOM_HAND_Y - layout.card_h(layout.HAND_W) / 2) - 2)
    table = layout.TABLE_X1 - layout.TABLE_X0 - 16
    if under_creatures and side <= table and under_gap[1] - under_gap[0] >= buttons[0].rect.h:
        x = layout.TABLE_CX - side // 2
        for b in buttons:
            b.rect.topleft = (x, (under_gap[0] + under_gap[1] - b.rect.h) // 2)
            x += b.rect.w + gap
        return
    x = left
    for i, b in enumerate(buttons):
        if rows == 1:
            b.rect.topleft = (x, y)
            x += b.rect.w + gap
        else:
            b.rect.topleft = (left, y + i * pitch)


def draw_sprite(surface: pygame.Surface, stage: TableStage, sp: CardSprite, cards: CardRenderer) -> None:
    allowed = stage.hand_visible(sp)
    d = stage.card_def(sp.cid) if allowed else None
    sp.draw(surface, cards, d, allowed)
    if allowed and d is not None and sp.face >= 0.5:
        for hook in FACE_HOOKS:
            hook(stage, sp)


def _seat_panels(stage: TableStage, frame: TableFrame, surface: pygame.Surface, cards) -> None:
    m = stage.model
    for seat in range(min(2, m.n_seats)):
        is_bottom = seat == stage.bottom
        team = stage.seating.team_of(seat)
        label = "" if seat == frame.thinking else frame.turn_label(seat)  # _thinking draws it
        hud.seat_panel(surface, is_bottom=is_bottom, name=stage.name(seat), active=m.active == seat,
                       life=m.life[team], life_pulse=stage.life_pulse[team], mindbugs=m.mindbugs[seat],
                       slots=stage.seating.mindbug_slots,
                       token_flip=stage.token_flip[seat], deck=m.decks[seat],
                       discard=len(m.discards[seat]), renderer=cards, thinking=None,
                       turn_label=label, scale=_scale(stage))


def _scale(stage: TableStage) -> float:
    """How large the window shows the 1280x720 table (below 1: labels get larger sizes)."""
    return getattr(stage.ctx, "window_scale", 1.0)


def _seat_plates(stage: TableStage, frame: TableFrame, surface: pygame.Surface,
                 cards) -> list[tuple[str, plates.PlateInfo]]:
    """2v2: the team box, four seat plates and a name tab on each play area; returns what each
    plate shows (its piles' counts are drawn over the cards)."""
    m = stage.model
    seating = stage.seating
    bottom_team = seating.team_of(stage.bottom)
    teams = []
    for team in (bottom_team, 1 - bottom_team):
        players = " & ".join(stage.name(s) for s in range(4) if seating.team_of(s) == team)
        teams.append((players, m.life[team], stage.life_pulse[team]))
    scale = _scale(stage)
    plates.team_box(surface, teams, scale)
    roles = {"bottom": "you", "top": "teammate", "left": "left opponent", "right": "right opponent"}
    role_words = {"you": _("you"), "teammate": _("teammate"), "left opponent": _("left opponent"),
                  "right opponent": _("right opponent")}
    split = layout.side_split(m, stage.bottom)
    shown = []
    plate_names = plates.plate_names(
        {layout.position(stage.bottom, seat, 4): (stage.name(seat), bool(m.eliminated[seat])
                                                  if seat < len(m.eliminated) else False)
         for seat in range(4)}, scale)
    for seat in range(4):
        pos = layout.position(stage.bottom, seat, 4)
        out = bool(m.eliminated[seat]) if seat < len(m.eliminated) else False
        active = m.active == seat and not out
        deciding = frame.decider == seat and not out
        status = frame.seat_status(seat) if frame.seat_status is not None else ""
        if out:
            status = _("Out of the game")
        elif seat == frame.thinking:
            status = ""  # _thinking draws it, animated
        elif not status:
            status = role_words[roles[pos]]
        team_row = 0 if seating.team_of(seat) == bottom_team else 1
        info = plates.PlateInfo(name=plate_names[pos], role=roles[pos], team_row=team_row,
                             status=status, active=active, deciding=deciding, out=out,
                             mindbugs=m.mindbugs[seat], token_flip=stage.token_flip[seat],
                             slots=seating.mindbug_slots,
                             deck=m.decks[seat], discard=len(m.discards[seat]),
                             hand=len(m.hands[seat]), pick=seat in frame.pick_seats,
                             pick_focus=seat == frame.pick_focus)
        plates.seat_plate(surface, pos, info, cards, scale)
        shown.append((pos, info))
        word = role_words[roles[pos]]
        tab = plates.tab_words(word[:1].upper() + word[1:], stage.name(seat), _(" - out") if out else "")
        # The bottom row is the viewer's own: its plate says "you". While a played card is on
        # the stage its prompt lies over the side rows' tabs: they would peek out cut in half.
        if pos != "bottom" and (m.stage is None or pos == "top"):
            plates.row_tab(surface, pos, tab, theme.team_colours()[team_row], out=out,
                        pick=seat in frame.pick_seats, split=split, focus=seat == frame.pick_focus,
                        scale=scale, team_row=team_row)
    return shown


def _thinking(stage: TableStage, frame: TableFrame, surface: pygame.Surface) -> None:
    """The moving parts of "the computer is thinking": dots and spinners."""
    seat = frame.thinking
    if seat is None:
        return
    dots = "." * (1 + int(stage.time * 3) % 3)
    if stage.model.n_seats == 4:
        pl = layout.plate(layout.position(stage.bottom, seat, 4))
        scale = _scale(stage)
        # The dots change, the spinner's place does not: it sits after the longest ("...").
        size = hud.legible(14, scale)
        plates.plate_status(surface, pl, _("Thinking") + dots, theme.SELECT, scale)
        y = pl.status[1] if not hud.enlarged(14, scale) else pl.rect[1] + 26
        x = pl.status[0] + fonts.text_width(_("Thinking") + "...", size) + 14
        hud.spinner(surface, (x, y + size // 2 + 2), stage.time, radius=8)
        return
    p = layout.seat_panel(seat == stage.bottom)
    if hud.large_panel(_scale(stage)):  # the panel's own line under the name says it, its dots moving
        return
    widgets.text(surface, _("Thinking") + dots, hud.legible(16, _scale(stage)), (p.name[0], p.name[1] + 26),
                 theme.TEXT_DIM)
    hud.spinner(surface, (p.name[0] + 150, p.name[1] + 34), stage.time)


def _prompt(frame: TableFrame, surface: pygame.Surface, staged: bool,
            n_seats: int = 2, scale: float = 1.0) -> pygame.Rect | None:
    text, color = frame.prompt
    if not text:
        return None
    if staged and n_seats == 4:  # the offer's order, then the prompt, under the teammate's row
        top = layout.STAGED_TOP4
        if frame.note:
            note = hud.prompt_line(surface, frame.note, hud.prompt_y_under(frame.note, top, scale),
                                   theme.TEXT_DIM, scale)
            top = note.bottom + 2
        if layout.staged_aside():  # right of the played card, its buttons under the lines
            left, right = layout.staged_column()
            return hud.prompt_block(surface, text, pygame.Rect(left, top, right - left, 0), color, scale)
        if hud.large_prompt(scale):  # left of the played card (its buttons at the right)
            x0 = layout.TABLE_X0 + 8
            rect = pygame.Rect(x0, top, layout.TABLE_CX - layout.STAGE_W // 2 - 14 - x0, 0)
            return hud.prompt_block(surface, text, rect, color, scale)
        return hud.prompt_line(surface, text, hud.prompt_y_under(text, top, scale), color, scale)
    if n_seats == 2 and staged and layout.staged_aside():
        # Right of the played card (at the table's left), between the two rows of creatures:
        # the band ends above yours (its buttons: place_low_row, under your creatures).
        left, right = layout.staged_column()
        top = math.ceil(layout.TOP_PLAY_Y + layout.card_h(layout.PLAY_W) / 2) + 1
        bottom = math.floor(layout.BOTTOM_PLAY_Y - layout.card_h(layout.PLAY_W) / 2) - 1
        rect = pygame.Rect(left, top, right - left, 0)
        if frame.note:
            rect.y = hud.prompt_block(surface, frame.note, rect, theme.TEXT_DIM, scale, bottom=bottom).bottom + 2
        return hud.prompt_block(surface, text, rect, color, scale, bottom=bottom)
    if n_seats == 2 and hud.large_prompt(scale):
        if staged:  # left of the played card, level with its buttons on the right
            x0 = layout.TABLE_X0 + 8
            rect = pygame.Rect(x0, layout.staged_buttons_y(2), layout.TABLE_CX - layout.STAGE_W // 2 - 14 - x0, 0)
            if frame.note:
                rect.y = hud.prompt_block(surface, frame.note, rect, theme.TEXT_DIM, scale).bottom + 4
            return hud.prompt_block(surface, text, rect, color, scale)
        rect = pygame.Rect(layout.TABLE_X0 + 8, hud.LARGE_PROMPT_TOP, layout.TABLE_X1 - layout.TABLE_X0 - 16, 0)
        return hud.prompt_block(surface, text, rect, color, scale)
    y = layout.staged_prompt_y(n_seats) if staged else layout.prompt_y(n_seats)
    if n_seats == 4 and not staged and hud.large_prompt(scale):  # its band ends above the buttons
        y = min(y, hud.prompt_y_over(text, layout.buttons_y(4) - 23 - 3, scale))
    if staged and frame.note:
        hud.prompt_line(surface, frame.note, y - 40, theme.TEXT_DIM, scale)
    # Unstaged, the buttons sit just below the prompt: a second line goes above the first.
    return hud.prompt_line(surface, text, y, color, scale, not staged)  # keep_bottom


def _log_title(stage: TableStage) -> str:
    m = stage.model
    seat = m.turn_seat if m.turn_seat is not None else m.active  # the turn's player, not the next
    name = stage.name(seat) if seat is not None else ""
    return _("Turn {number}: {player}").format(number=m.turn_no, player=name) if m.turn_no else _("Game log")


def _floaters(sc: TableStage, surface: pygame.Surface) -> None:
    life = sc.ctx.anim(1.1)
    for f in sc.floaters:
        t = f["t"] / life
        if f.get("banner"):
            continue
        # Measured before it is placed: a word over a card at the table's edge ("Frenzy: second
        # attack!" over the rightmost attacker) is moved in (floater_rect).
        img = fonts.render_outlined(floater_text(f["text"]), 40, f["color"], (0, 0, 0), 2, bold=True)
        img = img.copy()
        img.set_alpha(int(255 * (1 - t) ** 0.5))
        x, y = f["x"], f["y"]
        followed = sc.sprites.get(f["follow"]) if f.get("follow") is not None else None
        if followed is not None:
            x, y = (int(v) for v in followed.center)
        surface.blit(img, floater_rect(img.get_size(), (x, int(y - 40 * t))))


FLOATER_ROOM = pygame.Rect(layout.TABLE_X0 + 4, 0, layout.TABLE_X1 - layout.TABLE_X0 - 8, 720)


def floater_text(text: str) -> str:
    """A floating word as drawn: cut with "…" if it is wider than the table."""
    return fonts.fit_width(text, FLOATER_ROOM.w - 8, 40, True)


def floater_rect(size: tuple[int, int], center: tuple[int, int]) -> pygame.Rect:
    """Where a floating word of ``size`` centred at ``center`` is drawn: moved onto the table
    if it would cross its edge (never across the log or a seat's panel)."""
    return pygame.Rect((0, 0), size).move(center[0] - size[0] // 2, center[1] - size[1] // 2).clamp(FLOATER_ROOM)


def _zoom(sc: TableStage, frame: TableFrame, surface: pygame.Surface, cards) -> pygame.Rect | None:
    """The zoomed card, large; returns where it went (None when nothing is zoomed)."""
    sp = sc.sprites.get(frame.zoom_key) if frame.zoom_key is not None else None
    if sp is None or sp.cid < 0 or sp.dragging or (sc.queue and not frame.zoom_pinned):
        return None
    if not sc.hand_visible(sp) or sp.face < 0.5:
        return None
    d = sc.card_def(sp.cid)
    if d is None:
        return None
    for hook in FACE_HOOKS:
        hook(sc, sp)
    try:
        img = cards.zoom(d)
    except Exception:
        return None
    buttons = [b.rect for b in frame.buttons]
    left = layout.TABLE_X0 if sc.model.n_seats == 4 else 8  # 2v2: never over the seat plates
    r = zoom_rect(img.get_size(), sp.rect(), getattr(sc.ctx, "window_scale", 1.0), buttons, left)
    if r.size != img.get_size():
        img = pygame.transform.smoothscale(img, r.size)
    widgets.panel(surface, r.inflate(16, 16), alpha=230)
    surface.blit(img, r)
    extra = []
    if sp.zone == "play" and sp.key != sc.model.stage:
        try:
            power = sc.state.power(sp.cid)
            kws = sc.state.keywords(sp.cid)
        except Exception:
            power, kws = None, ()
        if power is not None and power != d.power:
            extra.append(_("Power now {power}").format(power=power))
        if kws and tuple(kws) != tuple(d.keywords):
            extra.append(_("Now: {keywords}").format(keywords=", ".join(keyword_name(k) for k in kws)))
        if sp.cid in sc.model.exhausted:
            extra.append(_("Exhausted"))
    if extra:  # inside the zoom's lower edge: it stays on screen wherever the zoom sits
        band = pygame.Rect(r.x, r.bottom - 8 - 26 * len(extra), r.w, 8 + 26 * len(extra))
        widgets.panel(surface, band, alpha=235, radius=8)
    for i, line in enumerate(extra):
        widgets.text(surface, line, 20, (r.centerx, r.bottom - 17 - 26 * (len(extra) - 1 - i)),
                     theme.ACCENT, bold=True, anchor="center")
    for b in frame.buttons:  # no room beside them: a zoom never hides a choice
        if b.rect.colliderect(r):
            b.draw(surface)
    return r.inflate(16, 16)


def live_badges(sc: TableStage, surface: pygame.Surface, sp) -> None:
    """What the printed face of a creature in play no longer tells: its power and keywords now."""
    _power_badge(sc, surface, sp)
    _gained_keywords(sc, surface, sp)


def _on_card(sp, fx: float, fy: float) -> tuple[int, int]:
    """A point given as a fraction of the upright card (0..1 from its top-left), turned with it."""
    w, h = sp.w, layout.card_h(sp.w)
    dx, dy = (fx - 0.5) * w, (fy - 0.5) * h
    a = math.radians(sp.angle)
    cx, cy = sp.center
    return int(cx + dx * math.cos(a) - dy * math.sin(a)), int(cy + dx * math.sin(a) + dy * math.cos(a))


def _gained_keywords(sc: TableStage, surface: pygame.Surface, sp) -> None:
    """Keywords another card gives (Snail Thrower's Hunter and Poisonous, Lone Yeti's Frenzy
    while alone): the face shows only the printed ones, so each gained keyword gets its icon in
    a green ring (green: more than printed, as on the power badge) down the card's right edge."""
    d = sc.card_def(sp.cid)
    try:
        now = sc.state.keywords(sp.cid)
    except Exception:  # not in play in the engine any more (mid-animation)
        return
    gained = [k for k in now if d is not None and k not in d.keywords]
    size = max(14, round(sp.w * 0.2))
    for i, k in enumerate(gained):
        c = _on_card(sp, 0.86, 0.2 + i * (size + 4) / layout.card_h(sp.w))
        pygame.draw.circle(surface, (0, 0, 0), (c[0] + 1, c[1] + 2), size // 2 + 3)
        pygame.draw.circle(surface, theme.GOOD, c, size // 2 + 2)
        icon = icons.keyword_icon(k, size)
        surface.blit(icon, icon.get_rect(center=c))


def _power_badge(sc: TableStage, surface: pygame.Surface, sp) -> None:
    """Current power when an ability changes it: green and an up arrow when higher than printed,
    red and a down arrow when lower."""
    d = sc.card_def(sp.cid)
    try:
        power = sc.state.power(sp.cid)
    except Exception:  # not in play in the engine any more (mid-animation)
        return
    if d is None or power == d.power:
        return
    color = theme.GOOD if power > d.power else theme.DANGER
    # Over the printed power circle (top-left of the upright card), turned with the card.
    c = _on_card(sp, 0.14, 0.23)
    pygame.draw.circle(surface, (0, 0, 0), (c[0] + 1, c[1] + 2), 16)
    pygame.draw.circle(surface, color, c, 15)
    pygame.draw.circle(surface, (255, 255, 255), c, 15, 2)
    img = fonts.render_text(str(power), 19, (10, 10, 10), True)
    surface.blit(img, img.get_rect(center=c))
    # Not by colour alone: a small arrow under the badge, up for more than printed, down for less.
    x, y, up = c[0], c[1] + 21, power > d.power
    tip, base = (y - 5, y + 4) if up else (y + 5, y - 4)
    rim = 1 if up else -1
    pygame.draw.polygon(surface, (0, 0, 0), [(x, tip - 2 * rim), (x - 8, base + rim), (x + 8, base + rim)])
    pygame.draw.polygon(surface, color, [(x, tip), (x - 6, base), (x + 6, base)])


def _hand_counts(sc: TableStage, surface: pygame.Surface) -> None:
    """The number of cards in the opponent's hand, beside its face-down fan."""
    top = next((s for s in range(sc.model.n_seats) if s != sc.bottom), None)
    if top is None:
        return
    n = len(sc.model.hands[top])
    xs = [sp.rect().right for sp in sc.sprites.values() if sp.zone == "hand" and sp.seat == top]
    x = (max(xs) if xs else layout.TABLE_CX) + 14
    label = ngettext("{count} card in hand", "{count} cards in hand", n).format(count=n)
    size = hud.legible(16, _scale(sc))
    img = fonts.render_outlined(label, size, theme.TEXT, (0, 0, 0), 2, bold=True)
    if x + img.get_width() > layout.TABLE_X1 - 6:  # a wide fan: the short form stays on the table
        img = fonts.render_outlined(_("{count} in hand").format(count=n), size, theme.TEXT, (0, 0, 0), 2, bold=True)
        x = min(x, layout.TABLE_X1 - 6 - img.get_width())
    surface.blit(img, img.get_rect(midleft=(x, 26)))


def _banners(sc: TableStage, surface: pygame.Surface) -> None:
    life = sc.ctx.anim(1.1)
    for f in sc.floaters:
        if f.get("banner"):
            _banner(surface, f, f["t"] / max(1e-6, f.get("life", life)))


def _banner(surface: pygame.Surface, f: dict, t: float) -> None:
    room = layout.TABLE_X1 - layout.TABLE_X0 - 24  # a banner may name two players of a file
    lines = _banner_lines(f["text"], room)
    size = lines[0][1]
    imgs = [fonts.render_outlined(text, size, f["color"], (0, 0, 0), 3, bold=True) for text, _s in lines]
    alpha = int(255 * min(1.0, 4 * (1 - t)))
    height = sum(img.get_height() for img in imgs)
    band = pygame.Rect(layout.TABLE_X0, 0, layout.TABLE_X1 - layout.TABLE_X0, height + 24)
    band.centery = int(f["y"])
    surface.blit(_shade(band.size, int(alpha * 0.55)), band)
    y = band.centery - height // 2
    for img in imgs:
        img = img.copy()
        img.set_alpha(alpha)
        surface.blit(img, img.get_rect(midtop=(band.centerx, y)))
        y += img.get_height()


BANNER_SIZE, BANNER_MIN = 42, 28


@lru_cache(maxsize=64)
def _banner_lines(text: str, room: int) -> list[tuple[str, int]]:
    """One line, smaller before it is cut; a text still too wide at the smallest size (long
    names in a 2v2: "Dex (Medium) takes Compost Dragon with a Mindbug!") goes on two lines,
    so its end, the news, is never the part cut off."""
    size = fonts.fit_size(text, room, BANNER_SIZE, BANNER_MIN, bold=True)
    if fonts.text_width(text, size, True) <= room:
        return [(text, size)]
    wrapped = fonts.wrap(text, fonts.font(BANNER_MIN, True), room)
    if len(wrapped) > 2:
        wrapped = [wrapped[0], " ".join(wrapped[1:])]
    return [(fonts.fit_width(line, room, BANNER_MIN, True), BANNER_MIN) for line in wrapped]


_SHADES: dict[tuple[int, int], pygame.Surface] = {}


def _shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """Black at ``alpha`` over a whole area: one opaque surface per size, kept, with a surface
    alpha (the same pixels as a per-pixel-alpha fill, without a new surface every frame)."""
    surf = _SHADES.get(size)
    if surf is None:
        if len(_SHADES) > 16:  # banners are few sizes; never let it grow without bound
            _SHADES.clear()
        surf = _SHADES[size] = pygame.Surface(size)
        surf.fill((0, 0, 0))
    surf.set_alpha(alpha)
    return surf
