"""Issue 42, item 1: a text cut with "…" shows whole when the pointer rests on it, on every
screen: one mechanism in the kit (fonts.fit_width remembers the cut, widgets.text / text_in /
Button.draw say where it was drawn, the window draws the tip over the frame)."""

from __future__ import annotations

import pygame

from game.ui.core.scene import Scene
from game.ui.kit import cut_tip_box, cut_tips, fonts, textlayout, widgets

WHOLE = "Sharky Crab-Dog-Mummypus attacks Gorillion, and the Tough shield breaks at once"


class _CutScene(Scene):
    """A screen with one cut line, one cut button label and one whole line."""

    def __init__(self, ctx):
        super().__init__(ctx)
        self.button = widgets.Button(pygame.Rect(500, 400, 90, 44), WHOLE, lambda: None)

    def draw(self, surface):
        surface.fill((0, 0, 0))
        self.line = widgets.text(surface, fonts.fit_width(WHOLE, 200, 20), 20, (100, 100))
        self.plain = widgets.text(surface, "Short", 20, (100, 200))
        self.button.draw(surface)


def _move(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def test_the_whole_text_shows_over_a_cut_one_and_goes_with_the_pointer(open_window):
    app = open_window(first_frame=True)
    scene = _CutScene(app.ctx)
    app.ctx.scenes.replace(scene)
    app.step()
    assert cut_tip_box.draw_tip(pygame.Surface((1280, 720))) is None
    _move(app, scene.line.center)
    tip: list[list[str]] = []
    with textlayout.observe(lambda text, lines: tip.append(lines) if text == WHOLE else None):
        assert cut_tip_box.draw_tip(pygame.Surface((1280, 720))) == WHOLE
    assert " ".join(" ".join(lines) for lines in tip[:1]) == WHOLE  # not cut again: wrapped
    assert not app.ctx.scenes.top.dirty  # drawn with the tip already
    _move(app, scene.plain.center)
    assert cut_tips.under(scene.plain.center) is None
    _move(app, scene.button.rect.center)
    assert cut_tips.under(scene.button.rect.center) == WHOLE


def test_moving_onto_a_cut_text_draws_the_frame_again(open_window):
    app = open_window(first_frame=True)
    scene = _CutScene(app.ctx)
    app.ctx.scenes.replace(scene)
    app.step()
    before = app.ctx.frames
    _move(app, scene.line.center)
    assert app.ctx.frames == before + 1
    before = app.ctx.frames
    _move(app, (scene.line.centerx + 1, scene.line.centery))  # still on it: nothing to draw
    assert app.ctx.frames == before
    _move(app, (1200, 700))  # off it: the tip goes
    assert app.ctx.frames == before + 1


def test_the_cuts_remembered_are_bounded():
    for i in range(cut_tips.REMEMBERED + 50):
        cut_tips.remember(f"cut {i}…", f"cut {i} whole")
    assert cut_tips.whole_of("cut 0…") is None and cut_tips.whole_of(f"cut {cut_tips.REMEMBERED + 49}…")


class _CutOverCards(Scene):
    """A cut line with a card just below it and the game log at the right, as on the table."""

    CARD = pygame.Rect(60, 130, 330, 240)
    LOG = pygame.Rect(1018, 60, 254, 652)

    def draw(self, surface):
        surface.fill((0, 0, 0))
        self.line = widgets.text(surface, fonts.fit_width(WHOLE, 200, 20), 20, (100, 100))
        cut_tips.keep_clear(self.CARD, self.LOG)


def test_the_tip_covers_no_card_and_not_the_log(open_window):
    app = open_window(first_frame=True)
    scene = _CutOverCards(app.ctx)
    app.ctx.scenes.replace(scene)
    app.step()
    _move(app, scene.line.center)
    frame = pygame.Surface((1280, 720))
    frame.fill((0, 0, 0))
    assert cut_tip_box.draw_tip(frame) == WHOLE
    drawn = pygame.mask.from_threshold(frame, (0, 0, 0), (1, 1, 1, 255))
    drawn.invert()  # the tip's pixels
    tip = drawn.get_bounding_rects()[0].unionall(drawn.get_bounding_rects())
    assert frame.get_rect().contains(tip)
    assert not tip.colliderect(scene.CARD) and not tip.colliderect(scene.LOG)
    assert not tip.colliderect(scene.line)  # nor the cut text itself


def test_a_tip_with_no_clear_room_covers_the_least(open_window):
    text = pygame.Rect(20, 20, 200, 24)
    everything = [pygame.Rect(0, 50, 1280, 670), pygame.Rect(240, 0, 1040, 50)]
    form, box = cut_tip_box.place(text, [(600, 60), (300, 120)], pygame.Rect(0, 0, 1280, 720), everything)
    assert not box.colliderect(text)
    assert pygame.Rect(0, 0, 1280, 720).contains(box)


def test_the_match_keeps_its_cards_and_log_clear_of_tips(open_window):
    from game.ui.core.match_config import MatchConfig
    from game.ui.table import layout

    app = open_window(first_frame=True)
    app.ctx.nav.start_match(MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"), seed=3))
    for _ in range(30):
        app.step()
    scene = app.ctx.scenes.top
    clear = cut_tips.kept_clear()
    assert pygame.Rect(layout.LOG_PANEL) in clear
    cards = scene.table.card_rects()
    assert cards and all(r in clear for r in cards)
