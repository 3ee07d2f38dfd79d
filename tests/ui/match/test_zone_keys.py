"""The board by zones (issue 45, deliverable 3), played as a blind player plays: keys only, the
words checked. At a decision of the person the zone keys (C, B, O, P, M) say each zone, the
arrows walk its cards, I reads the card in full and Up/Down its lines (the review buffer), Esc
leaves, Tab still walks the options; Enter on a zone's card that is a choice selects it.
Every utterance goes through the speech tests' checking sink (no card the listening seat may
not see); each walked card is checked against the engine's view of the seat at the screen.
"""

from __future__ import annotations

import pygame
import pytest

from game.common import keymap
from game.speech import words as speech_words
from game.speech import zones
from game.ui.core.match_config import MatchConfig
from game.ui.match.curtain import CurtainScene
from game.ui.match.scene import MatchScene
from tests.support.speech_keys import (
    CheckingSink,
    frames,
    open_speaking_window,
    own_decision,
    start,
    tap,
)

ZONE_KEYS = {zone: ord(keymap.DEFAULT_KEYS[action]) for action, zone in
             (("hand", zones.HAND), ("creatures", zones.CREATURES), ("others", zones.OTHERS),
              ("piles", zones.PILES), ("life", zones.LIFE))}
VS_EASY = MatchConfig(mode="ai", ai_level="easy", names=("You", "Computer (Easy)"), seed=31)
HOT_SEAT = MatchConfig(mode="hotseat", ai_level="easy", names=("Ann", "Bo"), seed=32)


def said(sink: CheckingSink, k: int, mod: int = 0, app=None) -> str:
    before = len(sink.lines)
    tap(app, k, mod)
    return " | ".join(sink.lines[before:])


def walk_zones(app, scene: MatchScene, sink: CheckingSink) -> list[str]:
    """Every zone key, the arrows round each zone, I and Up/Down on a card, Esc; returns the
    problems found against the engine's view of the seat at the screen."""
    problems: list[str] = []
    n = scene.narration.narrator
    seat = n.speaker
    view = scene.ctl.game.view(seat)
    state = view.state
    for zone, k in ZONE_KEYS.items():
        for at, zone_seat in enumerate(zones.zone_seats(view, zone, seat)):
            heading = said(sink, k, app=app)
            if not heading:
                problems.append(f"{zone} key {at + 1} said nothing")
            cards = zones.zone_cards(view, zone, zone_seat, seat)
            if zone == zones.HAND and zone_seat != seat:
                if cards or str(len(state.hands[zone_seat])) not in heading:
                    problems.append(f"another hand is not a count only: {heading!r}")
            want = {zones.HAND: [c for c in state.hands[zone_seat] if zone_seat == seat],
                    zones.CREATURES: list(state.plays[zone_seat]), zones.OTHERS: list(state.plays[zone_seat]),
                    zones.PILES: list(reversed(state.discards[zone_seat])), zones.LIFE: []}[zone]
            if cards != want:
                problems.append(f"{zone} of seat {zone_seat}: walks {cards}, the view shows {want}")
            for i, cid in enumerate(cards):
                line = said(sink, pygame.K_RIGHT, app=app)
                name = speech_words.visible_name(view, cid)
                if f"{i + 1} of {len(cards)}: {name}" not in line:
                    problems.append(f"arrow {i + 1} in {zone}: {line!r}, not {name}")
                if scene.card_zoom.zoom_key != cid and cid in scene.table.sprites:
                    problems.append(f"the zone's card {cid} is not shown large")
            if cards:
                full = said(sink, pygame.K_i, app=app)
                lines = speech_words.card_detail_lines(view, cards[-1])
                if full != " ".join(lines):
                    problems.append(f"I said {full!r}")
                for line in lines[1:]:
                    if said(sink, pygame.K_DOWN, app=app) != line:
                        problems.append(f"Down did not read {line!r}")
                if said(sink, pygame.K_UP, app=app) != lines[max(0, len(lines) - 2)]:
                    problems.append("Up did not read the line before")
            if zone == zones.LIFE:
                for side in zones.life_lines(view, n.seats, seat):
                    if side not in said(sink, pygame.K_RIGHT, app=app):
                        problems.append(f"the arrows skipped {side!r}")
        if said(sink, pygame.K_ESCAPE, app=app) != "Back to the table." or n.zone is not None:
            problems.append(f"Esc did not leave {zone}")
        if scene.card_zoom.pinned:
            problems.append(f"Esc left {zone}'s card large")
    if app.ctx.scenes.top is not scene:
        problems.append(f"a zone key opened {type(app.ctx.scenes.top).__name__}")
    return problems


@pytest.mark.quick
def test_the_zone_keys_walk_what_the_seat_sees_and_tab_still_walks_the_options(open_window):
    app, sink = open_speaking_window(open_window)
    scene = start(app, sink, VS_EASY)
    problems: list[str] = []
    for turn in range(3):  # the person's first and third decisions walked (the board grows)
        assert own_decision(app, scene)
        if turn != 1:
            problems += walk_zones(app, scene, sink)
        tap(app, pygame.K_o)  # in a zone: Tab leaves it and walks the options, as always
        line = said(sink, pygame.K_TAB, app=app)
        assert scene.narration.narrator.zone is None and ", 1 of " in line, line
        tap(app, pygame.K_RETURN)
        if scene.selected is not None:
            tap(app, pygame.K_RETURN)
    assert not problems, problems[:6]
    assert not sink.leaks, sink.leaks[:5]
    assert any(line.startswith("Computer (Easy)'s hand: ") and "face down" in line for line in sink.lines)
    assert any(line.startswith("You: ") and "Mindbugs left" in line for line in sink.lines)


def test_enter_on_a_zones_card_that_is_a_choice_selects_it(open_window):
    app, sink = open_speaking_window(open_window)
    scene = start(app, sink, VS_EASY)
    assert own_decision(app, scene, kind="action")
    tap(app, ZONE_KEYS[zones.HAND])
    tap(app, pygame.K_RIGHT)  # the first card in hand: on your turn it may be played
    cid = scene.narration.narrator.zone_card()
    assert cid is not None and scene.choice_for(cid) is not None
    tap(app, pygame.K_RETURN)
    assert scene.narration.narrator.zone is None
    assert scene.selected is not None and scene.selected.option.card is not None
    assert scene.ctl.game.interchangeable(scene.selected.option.card, cid) or scene.selected.option.card == cid
    assert sink.lines[-1].startswith("Play "), sink.lines[-3:]  # the option as Tab says it
    tap(app, ZONE_KEYS[zones.LIFE])
    tap(app, pygame.K_RIGHT)
    assert said(sink, pygame.K_RETURN, app=app) == ""  # no card there: Enter does nothing


def test_under_the_curtain_every_zone_key_says_the_curtain_is_down(open_window):
    app, sink = open_speaking_window(open_window)
    start(app, sink, HOT_SEAT)
    for _ in range(20_000):
        if isinstance(app.ctx.scenes.top, CurtainScene):
            break
        app.step()
    frames(app, 0.6)
    for k in (*ZONE_KEYS.values(), pygame.K_i, pygame.K_t):
        line = said(sink, k, app=app)
        assert line.startswith("The curtain is down: nothing is read until "), (chr(k), line)
    assert not sink.leaks, sink.leaks[:5]


def test_a_zone_that_walks_the_opponents_hand_is_caught(open_window, monkeypatch):
    """The checks can fail: a hand zone that walks every hand (the computer's too)."""
    cards = zones.zone_cards

    def every_hand(view, zone, seat, speaker):
        if zone == zones.HAND:
            return list(view.state.hands[seat])
        return cards(view, zone, seat, speaker)

    monkeypatch.setattr(zones, "zone_cards", every_hand)
    app, sink = open_speaking_window(open_window)
    scene = start(app, sink, VS_EASY)
    assert own_decision(app, scene)
    problems = walk_zones(app, scene, sink)
    assert any("count only" in p for p in problems), problems[:3]
