"""Where a dragged card may be released: drop-zone planning as a function of explicit inputs.

``plan`` reads the table (sprites, seats, the model), the pending decision and its choices;
it draws nothing and changes nothing, so every drop rule can be tested with a stand-in table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game.common.i18n import _
from game.ui.match.choices import Choice
from game.ui.table import hud, layout

if TYPE_CHECKING:
    from game.engine import Decision, Option, State
    from game.ui.table.model import TableModel
    from game.ui.table.sprites import CardSprite, SpriteKey

ChoiceFor = Callable[["SpriteKey"], "Choice | None"]


class DropTable(Protocol):
    """What drop-zone planning reads of the table stage."""

    @property
    def sprites(self) -> Mapping[SpriteKey, CardSprite]: ...  # rect(), alpha, zone, seat
    @property
    def model(self) -> TableModel: ...  # n_seats, plays
    @property
    def bottom(self) -> int: ...  # the seat at the bottom of the screen
    @property
    def state(self) -> State: ...  # the engine state as the table last showed it (keywords)

    def card_name(self, cid: int) -> str: ...


@dataclass
class DropZone:
    """Where a dragged card may be released, and what that answers."""

    rect: pygame.Rect
    option: Option
    label: str  # what releasing here does: "Release to play"
    card: SpriteKey | None = None  # the sprite key when the zone is a card (outlined, not filled)
    then: int | None = None  # a card to pick at the next decision (the prey of a Hunter)
    seat: int | None = None  # 2v2: the opponent whose area it is (offered first if asked which)
    card_rect: pygame.Rect | None = None  # a card zone's card itself, without the lit margin



def means_only(zones: list[DropZone], zone: DropZone, pos: tuple[int, int]) -> bool:
    """The one drop rule for Hunter: a drop on prey picks that prey without a question only
    when it can mean nothing else: the pointer on that creature's card itself (not in the lit
    margin around it, where it was also a drop on the opponent's side) and on no other prey. The
    label shown there said "Hunt X"; anywhere else the hunt question is asked."""
    if zone.then is None:
        return False
    on_card = zone.card_rect is not None and zone.card_rect.collidepoint(pos)
    others = [z for z in zones if z.then is not None and z is not zone and z.rect.collidepoint(pos)]
    return on_card and not others


def label_at(zones: list[DropZone], pos: tuple[int, int]) -> str | None:
    """What releasing at ``pos`` does, in the words shown under the dragged card: the zone's
    label ("Hunt Ferret Bomber" on the prey itself), or, beside a prey (its lit margin, or two
    prey at once), that the attack's prey will be asked."""
    hot = zone_at(zones, pos)
    if hot is None:
        return None
    if hot.then is not None and not means_only(zones, hot, pos):
        return _("Attack, then choose the prey")
    return hot.label


def zone_at(zones: list[DropZone], pos: tuple[int, int]) -> DropZone | None:
    """Card zones first (a Hunter's prey lies inside the opponent's half)."""
    for z in sorted(zones, key=lambda z: z.card is None):
        if z.rect.collidepoint(pos):
            return z
    return None


def source_key(table: DropTable, d: Decision | None, choices: Sequence[Choice],
               choice_for: ChoiceFor) -> SpriteKey | None:
    """The card that acts in a hunt or an effect's choice: it can be dragged onto its target."""
    if d is None or d.kind not in ("hunt", "choose") or d.source is None or not choices:
        return None
    sp = table.sprites.get(d.source)
    if sp is None or sp.zone not in ("play", "stage") or choice_for(d.source) is not None:
        return None
    return d.source


def _your_half() -> pygame.Rect:
    return pygame.Rect(layout.TABLE_X0, layout.ATTACK_DROP_Y,
                       layout.TABLE_X1 - layout.TABLE_X0, layout.PLAY_DROP_Y - layout.ATTACK_DROP_Y)


def _their_half() -> pygame.Rect:
    return pygame.Rect(layout.TABLE_X0, 0, layout.TABLE_X1 - layout.TABLE_X0, layout.ATTACK_DROP_Y)


def _four(table: DropTable) -> bool:
    return table.model.n_seats == 4


def _own_area(table: DropTable) -> pygame.Rect:
    """Where a card is put into your play: in 2v2 the band from below the opponents' rows to
    your hand (your row, the prompt and the buttons), never an opponent's or your teammate's row."""
    if not _four(table):
        return _your_half()
    split = layout.side_split(table.model, table.bottom)
    top = pygame.Rect(layout.row_rect("left", split)).bottom + 2
    bottom = pygame.Rect(layout.row_rect("bottom", split)).bottom + 4
    return pygame.Rect(layout.TABLE_X0, top, layout.TABLE_X1 - layout.TABLE_X0, bottom - top)


def _opponent_areas(table: DropTable) -> list[tuple[int | None, pygame.Rect]]:
    """Where an attack is dropped, with whose area it is: 1v1 the opponent's half; 2v2 both
    opponents' rows and plates (an attack goes at both of them: the left one may block first,
    then the right one)."""
    if not _four(table):
        return [(None, _their_half())]
    split = layout.side_split(table.model, table.bottom)
    return [(layout.seat_at(table.bottom, pos, 4), pygame.Rect(r)) for pos in ("left", "right")
            for r in (layout.row_rect(pos, split), layout.plate(pos).rect)]


def _enemies(table: DropTable) -> list[int]:
    """The seats whose creatures an attacker of the bottom seat may hunt."""
    n = table.model.n_seats
    if n != 4:
        return [s for s in range(n) if s != table.bottom]
    return [layout.seat_at(table.bottom, pos, 4) for pos in ("left", "right")]


def _discard_zone(table: DropTable, seat: int) -> pygame.Rect:
    """A seat's discard pile as a drop target (2v2: on its seat plate at the left)."""
    return hud.discard_rects(table.model.n_seats, table.bottom)[seat]


def _hand_zone(table: DropTable, seat: int) -> pygame.Rect:
    """A seat's hand as a drop target (2v2: the others' hands lie on their seat plates)."""
    if not _four(table) or seat == table.bottom:
        if _four(table):
            top = layout.BOTTOM_HAND_Y4 - 80
            return pygame.Rect(layout.TABLE_X0, top, layout.TABLE_X1 - layout.TABLE_X0, 720 - top)
        return _hand_area(seat == table.bottom)
    return pygame.Rect(layout.plate(layout.position(table.bottom, seat, 4)).rect)


def _hand_area(is_bottom: bool) -> pygame.Rect:
    w = layout.TABLE_X1 - layout.TABLE_X0
    if is_bottom:
        return pygame.Rect(layout.TABLE_X0, layout.PLAY_DROP_Y, w, 720 - layout.PLAY_DROP_Y)
    return pygame.Rect(layout.TABLE_X0, 0, w, layout.TOP_PLAY_Y - 76)


def _card_zone(table: DropTable, key: SpriteKey, option: Option, label: str,
               then: int | None = None) -> DropZone | None:
    sp = table.sprites.get(key)
    if sp is None or sp.alpha < 100:
        return None
    return DropZone(sp.rect().inflate(12, 12), option, label, card=key, then=then,
                    card_rect=sp.rect())


def plan(table: DropTable, d: Decision | None, choices: Sequence[Choice], key: SpriteKey, *,
         attacker: int | None, choice_for: ChoiceFor) -> tuple[list[DropZone], str]:
    """The drop zones of ``key`` (a card about to be dragged) while decision ``d`` (the
    pending one, or None) is offered as ``choices``, and the reason shown for a miss.
    ``choice_for`` finds the choice a card answers (a copy may answer for its twin);
    ``attacker`` is the card attacking, if any."""
    name = table.card_name(key) if isinstance(key, int) else _("it")
    if key == source_key(table, d, choices, choice_for):
        zones = [z for c in choices if c.key is not None
                 for z in [_card_zone(table, c.key, c.option, _("Release: {action}").format(action=c.text))] if z is not None]
        return zones, _("Drop {card} on one of the lit cards.").format(card=name)
    choice = choice_for(key)
    if choice is None:
        return [], ""
    opt = choice.option
    verb = opt.verb
    sp = table.sprites.get(key)
    if verb == "play":
        return [DropZone(_own_area(table), opt, _("Release to play"))], \
            _("Drop {card} on your side of the table to play it.").format(card=name)
    if verb == "attack":
        zones = []
        try:
            hunter = isinstance(key, int) and "Hunter" in table.state.keywords(key)
        except Exception:
            hunter = False
        if hunter:
            prey = [c for s in _enemies(table) for c in table.model.plays[s]]
            zones = [z for c in prey
                     for z in [_card_zone(table, c, opt, _("Hunt {card}").format(card=table.card_name(c)), then=c)]
                     if z is not None]
        zones += [DropZone(r, opt, _("Release to attack"), seat=s) for s, r in _opponent_areas(table)]
        if _four(table):
            return zones, _("Drag {card} onto an opponent's row (left or right) to attack.").format(card=name)
        return zones, _("Drag {card} up onto the opponent's side to attack.").format(card=name)
    attacker = attacker if attacker is not None else (d.source if d is not None else None)
    if verb in ("block", "hunt") and attacker is not None:
        z = _card_zone(table, attacker, opt, _("Release to block") if verb == "block"
                       else _("Hunt {card}").format(card=name))
        line = (_("Drop {card} on the attacking {attacker} to block it.") if verb == "block" else
                _("Drop {card} on the attacking {attacker} to be hunted."))
        return ([z] if z else []), line.format(card=name, attacker=table.card_name(attacker))
    if verb == "resolve":
        y = layout.prompt_y(table.model.n_seats)
        band = pygame.Rect(layout.TABLE_X0, y - 40, layout.TABLE_X1 - layout.TABLE_X0, 120)
        return [DropZone(band, opt, _("Release: this resolves first"))], \
            _("Drop {card} in the middle of the table to resolve it first.").format(card=name)
    if verb == "choose":
        purpose = d.purpose if d is not None else ""
        owner = sp.seat if sp is not None and sp.seat is not None else table.bottom
        if purpose == "discard":
            line = (_("Drop {card} on your discard pile (on your seat plate, bottom left) to discard it.")
                    if _four(table) else _("Drop {card} on your discard pile (left) to discard it."))
            return [DropZone(_discard_zone(table, table.bottom), opt, _("Release to discard"))], \
                line.format(card=name)
        if purpose == "defeat":
            return [DropZone(_discard_zone(table, owner), opt, _("Release to defeat"))], \
                _("Drop {card} on its owner's discard pile to defeat it.").format(card=name)
        if purpose in ("take control", "put into play"):
            return [DropZone(_own_area(table), opt, _("Release to take it"))], \
                _("Drop {card} on your side of the table to take it.").format(card=name)
        if purpose in ("steal", "return"):
            seat = table.bottom if purpose == "steal" else owner
            return [DropZone(_hand_zone(table, seat), opt, _("Release: into the hand"))], \
                _("Drop {card} on the hand it goes to.").format(card=name)
    return [], ""
