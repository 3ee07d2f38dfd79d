"""Not by colour alone (issue 25, item 5): each meaning the table shows in colour also has a
shape, and the colour-vision and high-contrast settings switch the palette at once.

The shape checks draw with every meaning-carrying colour forced to one grey: what still tells
a legal card from a picked one, the default button from the others, the seat whose turn it
is and the two teams apart is then the shape alone."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pygame
import pytest

from bench import colour_sim
from game.common import settings as settings_mod
from game.ui.kit import theme
from game.ui.kit.widgets import Button
from game.ui.screens.settings import SettingsScene
from game.ui.table import hud, layout, plates
from game.ui.table.sprites import CardSprite

GREY = (128, 128, 128)
MEANING = ("ACCENT", "SELECT", "DANGER", "GOOD", "TEAM_A", "TEAM_B", "BUTTON", "BUTTON_HOVER",
           "BUTTON_PRIMARY", "BUTTON_PRIMARY_HOVER")


@pytest.fixture
def app(open_window):
    app = open_window(first_frame=True)
    yield app
    theme.apply()  # the palette is the process's: the next test starts from the default


@pytest.fixture
def grey(monkeypatch):
    """Every colour that carries a meaning is the same grey."""
    for name in MEANING:
        monkeypatch.setattr(theme, name, GREY)


def grey_pixels(surface: pygame.Surface) -> bytes:
    """The surface as luminance only: what is left without any colour."""
    out = colour_sim.simulate(surface, "grey")
    return pygame.image.tobytes(out, "RGB")[::3]


def card(app, highlight: str | None) -> tuple[pygame.Surface, pygame.Rect]:
    """A face-down hand card drawn alone on the felt, the greys only; and where the card is."""
    surface = pygame.Surface((260, 300))
    surface.fill(theme.FELT)
    sp = CardSprite(("hand", 0), -1, 130, 150, layout.HAND_W, face_up=False)
    sp.highlight = highlight
    sp.draw(surface, app.ctx.renderer, None, False)
    return colour_sim.simulate(surface, "grey"), sp.rect()


def probe(surface: pygame.Surface, box: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(box), "RGB")


def test_a_legal_card_has_corner_marks_and_a_picked_one_a_second_ring_and_a_tick(app, grey):
    (plain, r), (legal, _r), (picked, _p) = card(app, None), card(app, "legal"), card(app, "selected")
    corner = pygame.Rect(r.left - 9, r.top - 9, 6, 6)  # outside the ring, at the corner
    edge = pygame.Rect(r.centerx - 3, r.top - 12, 6, 3)  # outside the ring, mid edge
    tick = pygame.Rect(r.right - 14, r.top + 2, 8, 8)  # on the card's corner
    assert probe(legal, corner) != probe(plain, corner)  # the corner mark
    assert probe(legal, edge) == probe(plain, edge)  # ...marks, not a second ring
    assert probe(picked, edge) != probe(plain, edge)  # the picked card's outer ring
    assert probe(picked, tick) != probe(legal, tick)  # and its tick


BOX = pygame.Rect(20, 15, 260, 46)


def button(gold: bool, enter: bool) -> pygame.Surface:
    surface = pygame.Surface((300, 80))
    surface.fill(theme.BG)
    Button(BOX, "Attack", lambda: None, primary=gold, enter=enter).draw(surface)
    return colour_sim.simulate(surface, "grey")


def test_the_gold_buttons_have_an_inner_ring_and_the_default_the_enter_arrow(app, grey):
    plain, gold, default = button(False, False), button(True, False), button(True, True)
    ring = pygame.Rect(BOX.centerx - 60, BOX.top + 3, 30, 3)  # inside the edge, clear of the label
    assert probe(gold, ring) != probe(plain, ring)
    arrow = pygame.Rect(BOX.x + 66, BOX.centery - 8, 18, 16)  # left of the short label, either way
    assert probe(default, arrow) != probe(gold, arrow)


def test_the_decision_panels_gold_button_is_the_enter_one():
    from game.ui.match import decision_panel

    row = decision_panel.button_row([], None, "action", lambda card: True, staged=False, n_seats=2,
                                    window_scale=1.0, submit=lambda option: None)
    assert row.buttons == []  # nothing offered: no buttons

    class C:
        def __init__(self, text):
            self.key, self.text, self.option = None, text, SimpleNamespace(verb=text.lower(), card=None)

    row = decision_panel.button_row([C("Block"), C("Don't block")], None, "block", lambda c: True,
                                    staged=False, n_seats=2, window_scale=1.0, submit=lambda o: None)
    assert [(b.text, b.primary, b.enter) for b in row.buttons] == [("Block", True, True),
                                                                  ("Don't block", False, False)]


def test_whose_turn_has_an_arrow(app, grey):
    def panel(active: bool) -> pygame.Surface:
        surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
        hud.seat_panel(surface, is_bottom=True, name="You", active=active, life=3, life_pulse=0.0,
                       mindbugs=2, token_flip=0.0, deck=5, discard=0, renderer=app.ctx.renderer,
                       thinking=None, turn_label="")
        return surface

    p = layout.seat_panel(True)
    tip = pygame.Rect(hud.TURN_ARROW_TIP - 8, p.name[1] + 8, 6, 10)  # past the panel's edge and ring
    on, off = panel(True), panel(False)
    assert grey_pixels(on.subsurface(tip)) != grey_pixels(off.subsurface(tip))


def plate(app, team_row: int, active: bool = False) -> bytes:
    surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
    info = plates.PlateInfo(name="Tess", role="teammate", team_row=team_row, status="teammate",
                            active=active, deciding=False, out=False, mindbugs=2, token_flip=0.0,
                            deck=5, discard=0, hand=3)
    plates.seat_plate(surface, "top", info, app.ctx.renderer)
    x, y, w, h = layout.plate("top").rect
    return grey_pixels(surface.subsurface(pygame.Rect(x, y, w + 16, h)))  # with the turn arrow


def test_the_two_teams_differ_by_emblem(app, grey):
    assert plate(app, 0) != plate(app, 1)


def test_a_2v2_plate_has_the_turn_arrow_too(app, grey):
    def drawn(active: bool) -> bytes:
        surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
        info = plates.PlateInfo(name="Tess", role="teammate", team_row=0, status="", active=active,
                                deciding=False, out=False, mindbugs=2, token_flip=0.0, deck=5,
                                discard=0, hand=3)
        plates.seat_plate(surface, "top", info, app.ctx.renderer)
        top = layout.plate("top").rect[1]
        return grey_pixels(surface.subsurface(pygame.Rect(hud.TURN_ARROW_TIP - 8, top + 12, 6, 10)))

    assert drawn(True) != drawn(False)


def test_an_exhausted_creature_lies_turned():
    from game.cards import load_cards
    from game.engine import from_position
    from game.ui.table.model import TableModel

    g = from_position(load_cards(), [{"play": ["Shark Dog", ("Killer Bee", True)], "deck": ["Bee Bear"]},
                                     {"deck": ["Gorillion"]}])
    spots = layout.compute(TableModel.from_state(g), 0, {0})
    exhausted = g.plays[0][1]
    angles = {key: slot.angle for key, slot in spots.items() if slot.zone == "play"}
    assert angles == {g.plays[0][0]: 0.0, exhausted: 90.0}  # a shape: the card lies across


# --- the palettes ---------------------------------------------------------------------------

def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


PAIRS = (("ACCENT", "SELECT"), ("DANGER", "GOOD"), ("TEAM_A", "TEAM_B"))


@pytest.mark.parametrize("vision, sights", [("red_green", ("protanopia", "deuteranopia")),
                                            ("blue_yellow", ("tritanopia",))])
def test_each_palette_keeps_its_pairs_apart_for_its_colour_blindness(vision, sights):
    try:
        theme.apply("off")
        off = {name: getattr(theme, name) for pair in PAIRS for name in pair}
        theme.apply(vision)
        safe = {name: getattr(theme, name) for pair in PAIRS for name in pair}
    finally:
        theme.apply()
    assert safe != off
    for sight in sights:
        for a, b in PAIRS:
            seen = distance(colour_sim.simulate_colour(safe[a], sight), colour_sim.simulate_colour(safe[b], sight))
            assert seen > 90, (vision, sight, a, b, seen)
    # Red against green is the pair the default palette loses for red-green blindness.
    if vision == "red_green":
        lost = distance(colour_sim.simulate_colour(off["DANGER"], "deuteranopia"),
                        colour_sim.simulate_colour(off["GOOD"], "deuteranopia"))
        kept = distance(colour_sim.simulate_colour(safe["DANGER"], "deuteranopia"),
                        colour_sim.simulate_colour(safe["GOOD"], "deuteranopia"))
        assert kept > lost * 1.5


def test_high_contrast_is_black_white_and_thicker():
    try:
        theme.apply("off", True)
        assert theme.BG == (0, 0, 0) and theme.TEXT == (255, 255, 255) and theme.LINE == 2
        assert theme.PANEL_EDGE == (255, 255, 255) and min(theme.TEXT_DIM) >= 200
    finally:
        theme.apply()
    assert theme.LINE == 1 and theme.BG != (0, 0, 0)


def test_the_settings_are_validated_and_saved_and_applied_at_once(app, tmp_path):
    values, bad = settings_mod.check_fields({"colour_vision": "purple", "high_contrast": "yes"})
    assert values["colour_vision"] == "off" and values["high_contrast"] is False
    assert sorted(reason.split()[0] for reason in bad) == ["colour_vision", "high_contrast"]
    scene = SettingsScene(app.ctx)
    app.ctx.scenes.push(scene)
    row = scene.open_row("Colours for colour blindness")
    assert scene.row.buttons[row].text == "Off" and theme.VISION == "off"
    accent = theme.ACCENT
    scene.row.buttons[row].action()
    assert scene.row.buttons[row].text == "Red-green" and theme.VISION == "red_green"
    assert theme.ACCENT != accent  # at once, no restart
    scene.row.buttons[row].action()
    assert scene.row.buttons[row].text == "Blue-yellow" and theme.VISION == "blue_yellow"
    contrast = scene.open_row("High contrast")
    scene.row.buttons[contrast].action()
    assert scene.row.buttons[contrast].text == "On" and theme.HIGH_CONTRAST and theme.BG == (0, 0, 0)
    scene._done()
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["colour_vision"] == "blue_yellow" and saved["high_contrast"] is True


def test_a_saved_palette_is_used_from_the_first_frame(open_window, tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps(
        {"mindbug_settings": 1, "colour_vision": "red_green", "high_contrast": True}), encoding="utf-8")
    try:
        open_window(first_frame=True)
        assert theme.VISION == "red_green" and theme.HIGH_CONTRAST
    finally:
        theme.apply()


def test_a_changed_power_says_up_or_down_by_an_arrow(app, grey):
    """The badge over the printed power was green when higher and red when lower: now an arrow
    under it says which, also in one grey."""
    from types import SimpleNamespace

    from game.cards import load_cards
    from game.ui.table import render

    yeti = next(d for d in load_cards().defs if d.name == "Lone Yeti")

    def drawn(power: int) -> bytes:
        surface = pygame.Surface((200, 240))
        sp = CardSprite(7, 7, 100, 120, layout.PLAY_W, face_up=True)
        stage = SimpleNamespace(card_def=lambda cid: yeti, state=SimpleNamespace(power=lambda cid: power))
        render._power_badge(stage, surface, sp)
        c = render._on_card(sp, 0.14, 0.23)
        return grey_pixels(surface.subsurface(pygame.Rect(c[0] - 8, c[1] + 15, 16, 12)))

    assert drawn(yeti.power + 5) != drawn(yeti.power - 2)
