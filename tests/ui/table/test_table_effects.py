"""The table's moments (issue 28): a Mindbug, a fight, a defeat, a Tough save, a hunt, a Sneaky
attack and a life change each leave their effect on the table while they play; a click that
skips the animations ends every effect; a card turning to exhausted never darkens its
neighbours through the corners of its box; and every effect draws without error."""

from __future__ import annotations

import random

import pygame
import pytest

from game.cards import load_cards
from game.engine import events, start_game
from game.ui.kit import fonts
from game.ui.table import effects_draw, layout, render
from game.ui.table.effects import KINDS, Effect
from game.ui.table.stage import Seating, TableStage

DB = load_cards()


class Pace:
    """The context as the table sees it: motion at speed 1, sounds written down."""

    window_scale = 1.0

    def __init__(self) -> None:
        self.sounds: list[str] = []

    def anim(self, seconds: float) -> float:
        return seconds

    def play_sound(self, name: str) -> None:
        self.sounds.append(name)


def _play_until(seed: int, wanted, rules: str = "1v1"):
    """A seeded random game, fed to a table as seat 0 sees it, up to the first event for which
    ``wanted(event, stage)`` holds. Returns (stage, pace, that event), or None."""
    game, opening = start_game(DB, seed=seed, rules=rules)
    pace = Pace()
    seating = Seating(names=[f"P{s}" for s in range(game.n_seats)], team_of=game.team_of,
                      card_def=game.card, you=0)
    stage = TableStage(pace, seating, lambda seat: game.view(seat).state, 0, {0})
    rng = random.Random(seed)
    while game.winner is None:
        d = game.pending
        batch = game.respond(rng.choice(d.options), serial=d.serial)
        masked = [events.mask_event(e, 0) for e in batch]
        for ev in masked:
            stage.anim.play(ev)
            stage.update(0.01)
            if wanted(ev, stage):
                return stage, pace, ev
        stage.skip()
        stage.resync(0.0)
    return None


def _first(wanted, rules: str = "1v1"):
    for seed in range(1, 40):
        found = _play_until(seed, wanted, rules)
        if found is not None:
            return found
    pytest.skip("no seeded game had the moment")


def kinds(stage: TableStage) -> set[str]:
    return {fx.kind for fx in stage.effects.items}


def test_a_mindbug_flies_a_token_names_the_taker_and_the_card_crosses_with_a_trail():
    stage, pace, ev = _first(lambda ev, st: type(ev) is events.MindbugUsed)
    assert "token" in kinds(stage)
    banner = [f for f in stage.floaters if f.get("banner")]
    assert banner and "with a Mindbug!" in banner[0]["text"]
    assert stage.card_name(ev.card) in banner[0]["text"]
    assert "mindbug" in pace.sounds
    entered = events.EnteredPlay(ev.seat, ev.card, "mindbug")
    stage.anim.play(entered)
    stage.update(0.05)
    assert "trail" in kinds(stage) and "steal" in pace.sounds


def test_a_fight_flashes_where_the_two_meet_and_shakes_the_weaker():
    stage, pace, ev = _first(lambda ev, st: type(ev) is events.Combat and ev.attacker_power != ev.blocker_power)
    assert "burst" in kinds(stage) and "hit" in pace.sounds
    weaker = ev.attacker if ev.attacker_power < ev.blocker_power else ev.blocker
    shaken = [tw for tw in stage.tweener.tweens.values() if tw.attr == "jolt"]
    assert [tw.target for tw in shaken] == [stage.sprites[weaker]]


def test_the_power_shown_in_a_fight_rises_from_the_lunging_attacker_not_from_where_it_stood():
    stage, _pace, ev = _first(lambda ev, st: type(ev) is events.Combat)
    attacker = stage.sprites[ev.attacker]
    shown = [f for f in stage.floaters if f.get("follow") == ev.attacker]
    assert [f["text"] for f in shown] == [str(ev.attacker_power)]
    surface = pygame.Surface((1280, 720))
    stage.update(0.12)  # mid-lunge: the card is well away from where the fight began
    assert abs(attacker.dx) + abs(attacker.dy) > 20
    drawn: list[tuple[int, int]] = []
    real_blit = surface.blit

    class Spy(pygame.Surface):
        def blit(self, source, dest, *rest):  # noqa: ANN001 - pygame's signature
            if isinstance(dest, pygame.Rect):
                drawn.append(dest.center)
            return real_blit(source, dest, *rest)

    spy = Spy((1280, 720))
    render._floaters(stage, spy)
    x, y = attacker.center
    assert any(abs(cx - x) < 3 and cy < y + 1 for cx, cy in drawn)


def test_a_defeated_creature_cracks_before_it_slides_away():
    stage, _pace, ev = _first(lambda ev, st: type(ev) is events.Defeated)
    assert "crack" in kinds(stage)
    moves = [tw for tw in stage.tweener.tweens.values()
             if tw.target is stage.sprites.get(ev.card) and tw.attr in ("x", "y")]
    assert moves and all(tw.delay > 0 for tw in moves)  # the crack shows first


def test_tough_breaks_a_shield():
    stage, pace, _ev = _first(lambda ev, st: type(ev) is events.Exhausted)
    assert "shield" in kinds(stage) and "shield_break" in pace.sounds


def test_a_hunter_draws_its_line_to_the_hunted():
    stage, _pace, ev = _first(lambda ev, st: type(ev) is events.Hunted)
    [line] = [fx for fx in stage.effects.items if fx.kind == "target"]
    assert line.key == ev.attacker and line.to_key == ev.target


def test_a_sneaky_attack_greys_the_creatures_that_may_not_block_it():
    def sneaky_with_blockers(ev, st):
        if type(ev) is not events.AttackDeclared or "Sneaky" not in st.anim._keywords(ev.card):
            return False
        other = [c for s, cards in enumerate(st.model.plays) if s != ev.seat for c in cards]
        return any("Sneaky" not in st.anim._keywords(c) for c in other)

    stage, _pace, ev = _first(sneaky_with_blockers)
    stage.update(0.5)
    other = [c for s, cards in enumerate(stage.model.plays) if s != ev.seat for c in cards]
    for cid in other:
        sneaky = "Sneaky" in stage.anim._keywords(cid)
        assert (stage.sprites[cid].dim > 0.5) != sneaky, cid
    stage.anim.play(events.NotBlocked(ev.seat, ev.card))
    stage.update(0.5)
    assert all(stage.sprites[c].dim < 0.01 for c in other)


def test_life_lost_cracks_the_heart_and_life_gained_sparkles():
    stage, _pace, ev = _first(lambda ev, st: type(ev) is events.LifeChanged and ev.new < ev.old)
    assert "heart_crack" in kinds(stage)
    stage.anim.play(ev._replace(old=ev.new, new=ev.new + 2))
    assert "sparkle" in kinds(stage)


def test_a_click_that_skips_the_animations_ends_every_effect():
    stage, _pace, _ev = _first(lambda ev, st: type(ev) is events.Combat)
    assert len(stage.effects)
    stage.skip()
    assert len(stage.effects) == 0


def test_effects_end_on_their_own():
    stage, _pace, _ev = _first(lambda ev, st: type(ev) is events.Combat)
    for _ in range(100):
        stage.update(0.1)
    assert len(stage.effects) == 0


def test_every_kind_draws(open_window):
    """Each kind once, at the start, the middle and the end of its time, with and without the
    card it follows."""
    app = open_window()
    stage = _first(lambda ev, st: type(ev) is events.Combat)[0]
    key = next(iter(k for k in stage.sprites if isinstance(k, int)))
    surface = app.screen
    for kind in KINDS:
        for follows in (key, None, 10_000):
            fx = Effect(kind, 1.0, pos=(400.0, 300.0), key=follows, to=(600.0, 200.0), strength=2.0)
            fx.points.extend([(400.0, 300.0), (420.0, 320.0), (450.0, 350.0)])
            stage.effects.items = [fx]
            for t in (0.0, 0.5, 0.99):
                fx.t = t
                effects_draw.draw_under(surface, stage)
                effects_draw.draw_over(surface, stage)


def test_a_card_turning_to_exhausted_casts_no_square_shadow():
    """Mid-turn the box around a card is far larger than the card: its shadow is turned with it,
    so the box's corners stay clear (a square shadow there showed through the neighbours)."""
    from game.ui.table.sprites import _card_shaped

    shadow = _card_shaped((140, 140), 92.0, 45.0, (0, 0, 0, 110))
    assert shadow.get_at((2, 2)).a == 0 and shadow.get_at((137, 137)).a == 0
    assert shadow.get_at((70, 70)).a > 0
    upright = _card_shaped((92, 128), 92.0, 0.0, (0, 0, 0, 110))
    assert upright.get_at((46, 64)).a > 0


def test_unknown_kind_is_refused():
    from game.ui.table.effects import Effects

    with pytest.raises(ValueError):
        Effects().add(Effect("fireworks", 1.0))


def test_surfaces_are_made_with_a_depth():
    """(tests/ui/cards/test_ui_surface_formats.py checks the modules by their source; this checks the
    effects' surfaces really are per-pixel alpha.)"""
    pygame.init()
    from game.ui.table.effects_draw import _dot

    assert _dot(5, (255, 0, 0), 128).get_flags() & pygame.SRCALPHA


def test_a_long_banner_goes_on_two_lines_rather_than_losing_its_end(open_window):
    text = "Dex (Medium) takes Sharky Crab-Dog-Mummypus with a Mindbug!"
    room = layout.TABLE_X1 - layout.TABLE_X0 - 24
    assert fonts.text_width(text, render.BANNER_MIN, True) > room  # one line would cut it
    lines = render._banner_lines(text, room)
    assert len(lines) == 2
    assert " ".join(line for line, _size in lines) == text
    short = render._banner_lines("Cleo takes Lone Yeti with a Mindbug!", room)
    assert [line for line, _size in short] == ["Cleo takes Lone Yeti with a Mindbug!"]
