"""Browsing the table by keyboard (issue 25, item 2): the browse key's ring reaches every card a
sighted player sees (your hand, every creature, each discard pile's top card), also when it is
not an option, and never a hidden one (another's hand, a face-down hand, the draw piles).

Whole games in the real window, headless, keys only: at each of the person's decisions the
player presses V and walks the ring round the table and back to its start, pressing I on each
card, then leaves with Esc and answers by Tab and Enter. Checked as an attacker would: what the
ring and the zoom are drawn on, each against the engine's own view of the seat at the screen
(not the table's), and every utterance by the speech window's checking sink.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.speech import zones
from game.ui.core.match_config import MatchConfig, computer, person
from game.ui.match import browse
from game.ui.match.card_picker import CardPicker
from game.ui.match.curtain import CurtainScene
from game.ui.match.scene import MatchScene
from tests.support.speech_keys import CheckingSink, frames, open_speaking_window, tap

# The computers play Easy: what is checked (the ring's cards, what is said) does not need
# Medium's search, which cost most of these games' time.
GAMES = {
    "1v1 vs the computer": MatchConfig(mode="ai", ai_level="easy", names=("You", "Computer"), seed=21),
    "hot seat": MatchConfig(mode="hotseat", ai_level="easy", names=("Ann", "Bo"), seed=22),
    "2v2 vs computers": MatchConfig.for_seats([person("You"), computer("easy"), computer("easy"),
                                               computer("easy")], "2v2", 23),
}


def visible(scene: MatchScene, seat: int) -> set[int]:
    """The cards the seat at the screen sees, from the engine: its hand, every creature, each
    discard pile's top card, a card waiting on the stage."""
    state = scene.ctl.game.view(seat).state
    out = {c for c in state.hands[seat] if c >= 0}
    for s in range(state.n_seats):
        out |= set(state.plays[s])
        if state.discards[s]:
            out.add(state.discards[s][-1])
    return out


def hidden(scene: MatchScene, seat: int) -> set[int]:
    """Cards the seat must never be shown: unseen by its view, in another's hand, in a draw pile."""
    g = scene.ctl.game
    out = set(g.view(seat).unseen)
    for s in range(g.n_seats):
        out |= set(g.decks[s])
        if s != seat:
            out |= set(g.hands[s])
    return out


def browse_round(app, scene: MatchScene, sink: CheckingSink, problems: list[str]) -> int:
    """V, then the ring round the table and back to its first card; I on each. Returns the
    number of cards reached."""
    seat = scene.table.bottom
    tap(app, pygame.K_v)
    first = scene.input.browse
    if first is None:
        return 0
    reached: list[int] = []
    surface = pygame.Surface((1280, 720))
    for _ in range(60):
        key = scene.input.browse
        sp = scene.table.sprites.get(key)
        if sp is None:
            problems.append(f"the ring is on {key!r}, no card")
            break
        reached.append(sp.cid)
        if sp.cid < 0 or sp.cid in hidden(scene, seat):
            problems.append(f"the ring reached hidden card {sp.cid} ({sp.zone} of seat {sp.seat})")
        if scene.frame().zoom_key != key:
            problems.append(f"the zoom does not show the browsed card {sp.cid}")
        scene.draw(surface)  # the ring and the zoom are drawn (nothing raises)
        before = len(sink.lines)
        tap(app, pygame.K_i)
        if sp.cid >= 0 and not any(scene.table.card_name(sp.cid) in line for line in sink.lines[before:]):
            problems.append(f"I did not read browsed card {sp.cid}")
        tap(app, pygame.K_RIGHT)
        if scene.input.browse == first:
            break
    want = visible(scene, seat)
    stage = scene.table.model.stage
    got = set(reached) - ({stage} if stage is not None else set())
    if got != want:
        problems.append(f"browsed {sorted(got)}, visible {sorted(want)}")
    tap(app, pygame.K_ESCAPE)
    if scene.input.browse is not None or scene.card_zoom.pinned:
        problems.append("Esc did not end browsing")
    return len(reached) + zone_round(app, scene, problems)


def zone_round(app, scene: MatchScene, problems: list[str]) -> int:
    """The zone keys from browsing (issue 45): a zone key ends the ring, then each zone's cards
    are walked by the arrows and shown large; none may be hidden from the seat at the screen.
    Returns the number of cards reached."""
    seat = scene.table.bottom
    tap(app, pygame.K_v)
    reached = 0
    for zone_key in (pygame.K_c, pygame.K_c, pygame.K_b, pygame.K_o, pygame.K_o, pygame.K_p,
                     pygame.K_p, pygame.K_p, pygame.K_m):
        tap(app, zone_key)
        if scene.input.browse is not None:
            problems.append("a zone key left the browse ring on")
        n = scene.narration.narrator
        zone, at, _index = n.zone
        view = n._view()
        seats = zones.zone_seats(view, zone, n.speaker)
        size = zones.zone_size(view, n.seats, zone, seats[at % len(seats)], n.speaker)
        for _ in range(min(size, 6) + 1):  # round the zone and onto its first card again
            tap(app, pygame.K_RIGHT)
            cid = scene.narration.narrator.zone_card()
            zoomed = scene.card_zoom.zoom_key if scene.card_zoom.pinned else None
            for shown in {cid, zoomed} - {None}:
                reached += 1
                if not isinstance(shown, int) or shown < 0 or shown in hidden(scene, seat):
                    problems.append(f"a zone reached hidden card {shown!r}")
    tap(app, pygame.K_ESCAPE)
    if scene.narration.narrator.zone is not None or scene.card_zoom.pinned:
        problems.append("Esc did not leave the zone")
    return reached


def play(app, sink: CheckingSink, config: MatchConfig, seed: int, decisions: int = 8) -> tuple[int, list[str]]:
    scene = MatchScene(app.ctx, config)
    sink.scene = scene
    sink.saw(scene.ctl.opening, scene.narration.narrator.audience)
    app.ctx.scenes.replace(scene)
    inner = scene.ctl.respond

    def respond(option):
        events = inner(option)
        sink.saw(events, scene.narration.narrator.audience)
        return events

    scene.ctl.respond = respond
    rng = random.Random(seed)
    problems: list[str] = []
    reached = answered = 0
    for _ in range(40_000):
        if scene.ctl.over or answered >= decisions:
            break
        top = app.ctx.scenes.top
        if isinstance(top, CurtainScene):
            tap(app, pygame.K_v)  # nothing to browse behind the curtain
            if scene.input.browse is not None:
                problems.append("browsing behind the curtain")
            frames(app, 0.6)
            tap(app, pygame.K_TAB)
            tap(app, pygame.K_RETURN)
            frames(app, 0.5)
            continue
        if isinstance(top, CardPicker):
            tap(app, pygame.K_TAB)
            tap(app, pygame.K_RETURN)
            continue
        d = scene.ctl.pending
        if top is scene and d is not None and scene.ctl.is_human(d.seat) \
                and scene.decision_serial == d.serial and not scene.table.moving:
            app.step()
            reached += browse_round(app, scene, sink, problems)
            for _i in range(rng.randrange(len(scene.choices)) + 1):
                tap(app, pygame.K_TAB)
            if isinstance(app.ctx.scenes.top, CardPicker):
                continue
            tap(app, pygame.K_RETURN)
            answered += 1
            continue
        app.step()
    return reached, problems


@pytest.mark.parametrize("name", list(GAMES))
def test_browse_reaches_every_visible_card_and_never_a_hidden_one(open_window, name):
    app, sink = open_speaking_window(open_window)
    reached, problems = play(app, sink, GAMES[name], 3)
    assert reached >= 20, reached
    assert not problems, problems[:5]
    assert not sink.leaks, sink.leaks[:5]
    assert any("Your hand, 1 of" in line or "hand, 1 of" in line for line in sink.lines)
    assert any("creatures, 1 of" in line for line in sink.lines)


def test_a_zone_that_reaches_face_down_cards_is_caught(open_window, monkeypatch):
    """The zones' check can fail: a hand zone that walks the seat's own draw pile."""
    cards = zones.zone_cards

    def with_the_draw_pile(view, zone, seat, speaker):
        return cards(view, zone, seat, speaker) + \
            (list(scene.ctl.game.decks[seat]) if zone == zones.HAND else [])

    monkeypatch.setattr(zones, "zone_cards", with_the_draw_pile)
    app, sink = open_speaking_window(open_window)
    scene = MatchScene(app.ctx, GAMES["1v1 vs the computer"])
    sink.scene = scene
    app.ctx.scenes.replace(scene)
    problems: list[str] = []
    for _ in range(20_000):
        d = scene.ctl.pending
        if d is not None and scene.ctl.is_human(d.seat) and scene.decision_serial == d.serial \
                and not scene.table.moving:
            break
        app.step()
    app.step()
    zone_round(app, scene, problems)
    assert any("hidden card" in p for p in problems), problems[:3]


def test_a_ring_that_reaches_face_down_cards_is_caught(open_window, monkeypatch):
    """The check can fail: browsing every sprite (the opponent's face-down hand too)."""
    monkeypatch.setattr(browse, "shown", lambda table, sp: True)
    app, sink = open_speaking_window(open_window)
    _reached, problems = play(app, sink, GAMES["1v1 vs the computer"], 3, decisions=2)
    assert any("hidden card" in p for p in problems), problems[:3]


def test_enter_on_a_browsed_option_selects_it(open_window):
    app, sink = open_speaking_window(open_window)
    scene = MatchScene(app.ctx, GAMES["1v1 vs the computer"])
    sink.scene = scene
    app.ctx.scenes.replace(scene)
    for _ in range(20_000):
        d = scene.ctl.pending
        if d is not None and scene.ctl.is_human(d.seat) and d.kind == "action" \
                and scene.decision_serial == d.serial and not scene.table.moving:
            break
        app.step()
    app.step()
    tap(app, pygame.K_v)  # the first card: the first of your hand, which you may play
    key = scene.input.browse
    assert scene.choice_for(key) is not None
    tap(app, pygame.K_RETURN)
    assert scene.input.browse is None and scene.selected is not None and scene.selected.key == key
