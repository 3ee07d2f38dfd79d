"""Drop-zone planning as a pure function of the table, the decision and its choices (issue 23).

A stand-in table is enough: ``drop_zones.plan`` reads sprites, seats and the model, nothing else.
"""

from __future__ import annotations

import os
from types import SimpleNamespace

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.ui.match import drop_zones  # noqa: E402
from game.ui.match.choices import Choice  # noqa: E402
from game.ui.table import hud, layout  # noqa: E402


class Sprite:
    def __init__(self, key: int, rect: tuple[int, int, int, int], zone: str = "play", seat: int = 0):
        self.key, self._rect, self.zone, self.seat, self.alpha = key, rect, zone, seat, 255

    def rect(self) -> pygame.Rect:
        return pygame.Rect(self._rect)


class Table:
    """Two seats, you at the bottom; card 7 is yours in hand, 8 and 9 the opponent's creatures."""

    bottom = 0

    def __init__(self, keywords: dict[int, tuple[str, ...]] | None = None):
        self.sprites = {7: Sprite(7, (500, 600, 80, 112), "hand"),
                        8: Sprite(8, (400, 120, 80, 112), seat=1),
                        9: Sprite(9, (600, 120, 80, 112), seat=1)}
        self.model = SimpleNamespace(n_seats=2, plays=[[], [8, 9]])
        self.state = SimpleNamespace(keywords=lambda cid: (keywords or {}).get(cid, ()))

    def card_name(self, cid: int) -> str:
        return f"card {cid}"


def plan(table: Table, d: object, choices: list[Choice], key: object, attacker: int | None = None):
    def choice_for(k: object) -> Choice | None:
        return next((c for c in choices if c.key == k), None)
    return drop_zones.plan(table, d, choices, key, attacker=attacker, choice_for=choice_for)


def decision(kind: str, source: int | None = None, purpose: str = "") -> SimpleNamespace:
    return SimpleNamespace(kind=kind, source=source, purpose=purpose)


def test_a_card_with_no_choice_has_no_zone_and_no_reason():
    assert plan(Table(), decision("play"), [], 7) == ([], "")


def test_a_hand_card_is_played_onto_your_half():
    play = Choice(SimpleNamespace(verb="play"), 7, "Play card 7")
    zones, reason = plan(Table(), decision("play"), [play], 7)
    assert [(z.rect, z.option, z.label) for z in zones] == [
        (pygame.Rect(layout.TABLE_X0, layout.ATTACK_DROP_Y, layout.TABLE_X1 - layout.TABLE_X0,
                     layout.PLAY_DROP_Y - layout.ATTACK_DROP_Y), play.option, "Release to play")]
    assert "card 7" in reason


def test_a_hunter_may_drop_on_each_prey_or_the_opponents_half():
    attack = Choice(SimpleNamespace(verb="attack"), 7, "Attack")
    zones, _ = plan(Table({7: ("Hunter",)}), decision("attack"), [attack], 7)
    assert [z.then for z in zones if z.card is not None] == [8, 9]
    assert zones[0].rect == pygame.Rect(400, 120, 80, 112).inflate(12, 12)
    assert drop_zones.zone_at(zones, (440, 170)).then == 8  # the prey wins over the half around it
    assert drop_zones.zone_at(zones, (layout.TABLE_X0 + 5, 20)).card is None
    plain, _ = plan(Table(), decision("attack"), [attack], 7)
    assert [z.card for z in plain] == [None]


def test_a_discard_goes_onto_your_own_discard_pile():
    discard = Choice(SimpleNamespace(verb="choose"), 7, "Discard")
    zones, _ = plan(Table(), decision("choose", purpose="discard"), [discard], 7)
    assert [z.rect for z in zones] == [hud.discard_rects(2, 0)[0]]


def test_an_effects_source_drags_onto_the_lit_cards():
    d = decision("choose", source=7, purpose="defeat")
    targets = [Choice(SimpleNamespace(verb="choose"), k, f"Defeat card {k}") for k in (8, 9)]
    table = Table()
    table.sprites[7].zone = "play"  # a creature whose ability picks a target
    zones, reason = plan(table, d, targets, 7)
    assert [z.card for z in zones] == [8, 9] and reason.startswith("Drop")
    assert drop_zones.source_key(table, d, targets, lambda k: None) == 7
    assert drop_zones.source_key(Table(), d, targets, lambda k: None) is None  # from the hand: no
