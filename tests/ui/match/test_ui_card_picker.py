"""The card picker (cards to choose from that are not on the table: a discard pile) takes a card
the way the table does (issue 12, items 1 and 2): a first click selects (outlined, the confirm
button names the card), a second click on it, a double-click, Enter or the confirm button
confirms; Esc or a click elsewhere puts it back; the arrows move the selection. Checked on what
is drawn and on the decision that reaches the engine."""

from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import from_position  # noqa: E402
from game.ui.kit import fonts, theme  # noqa: E402
from game.ui.match.card_picker import CardPicker  # noqa: E402
from tests.support.match_events import DB, click, drag, post, settle, start  # noqa: E402
from tests.support.text_spy import record_texts  # noqa: E402

pytestmark = pytest.mark.window('--speed', '5')

PILE = ["Gorillion", "Spider Owl", "Bee Bear"]


def open_picker(app, pile=PILE, put_back: bool = True) -> tuple[object, object, CardPicker]:
    """You play Compost Dragon: put a card from your discard pile into play. The picker opens
    with its first card selected (Enter takes it); ``put_back`` clicks beside the cards first,
    so the test starts with nothing selected."""
    g = from_position(DB, [{"hand": ["Compost Dragon"], "discard": list(pile)},
                           {"hand": ["Luchataur"], "mindbugs": 0}])
    scene = start(app, g)
    settle(app, scene)
    drag(app, scene.sprites[g.hands[0][0]].rect().center, (600, 430))
    for _ in range(400):
        app.step()
        if isinstance(app.ctx.scenes.top, CardPicker):
            break
    picker = app.ctx.scenes.top
    assert isinstance(picker, CardPicker)
    if put_back:
        click(app, (picker.box().left + 8, picker.box().centery))
        assert picker.selected is None
    return g, scene, picker


def index(picker: CardPicker, name: str) -> int:
    return [(c.card if hasattr(c, "card") else c[0]).name for c in picker.cards].index(name)


def key(app, k: int, mod: int = 0) -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step()


def in_play(g) -> list[str]:
    return [g.card(c).name for c in g.plays[0]]


def drawn(app, monkeypatch) -> tuple[pygame.Surface, list[str]]:
    """The screen as drawn now, and every text drawn on it."""
    real = fonts.render_text
    seen = record_texts(monkeypatch)
    surface = pygame.Surface((1280, 720))
    for s in app.ctx.scenes.stack:
        s.dirty = True
    app.ctx.scenes.draw(surface)
    monkeypatch.setattr(fonts, "render_text", real)
    return surface, seen


def outlined(surface: pygame.Surface, rect: pygame.Rect, color) -> bool:
    """The selection's outline: ``color`` just outside the card, on its left edge."""
    x = rect.left - 4
    return any(tuple(surface.get_at((x, y)))[:3] == color for y in range(rect.top + 20, rect.bottom - 20))


def test_the_first_click_selects_and_names_the_card_the_second_confirms(app, monkeypatch):
    g, scene, picker = open_picker(app)
    serial = g.pending.serial
    i = index(picker, "Gorillion")
    click(app, picker.rects[i].center)
    # Selected, not taken: the engine still waits; the card is outlined in the selection's
    # colour and the gold confirm button names it.
    assert app.ctx.scenes.top is picker and g.pending.serial == serial and in_play(g) == ["Compost Dragon"]
    assert picker.selected == i
    surface, texts = drawn(app, monkeypatch)
    confirm = picker.row.buttons[0]
    assert confirm.primary and confirm.enabled and confirm.text == "Put into play: Gorillion"
    assert "Put into play: Gorillion" in texts
    shown = picker.rects[i].move(0, -14)  # lifted, as a selected hand card is
    assert outlined(surface, shown, theme.SELECT)
    other = picker.rects[index(picker, "Bee Bear")]
    assert not outlined(surface, other, theme.SELECT)
    click(app, shown.center)  # the same card again: confirmed
    settle(app, scene)
    assert in_play(g) == ["Compost Dragon", "Gorillion"]
    assert sorted(g.card(c).name for c in g.discards[0]) == ["Bee Bear", "Spider Owl"]


def test_a_double_click_confirms(app):
    g, scene, picker = open_picker(app)
    pos = picker.rects[index(picker, "Spider Owl")].center
    down_up = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    post(*down_up)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(pos[0], pos[1] - 14), button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(pos[0], pos[1] - 14), button=1))
    app.step()
    settle(app, scene)
    assert in_play(g) == ["Compost Dragon", "Spider Owl"]


def test_clicking_another_card_moves_the_selection_and_takes_nothing(app):
    g, scene, picker = open_picker(app)
    click(app, picker.rects[index(picker, "Gorillion")].center)
    click(app, picker.rects[index(picker, "Bee Bear")].center)
    assert picker.selected == index(picker, "Bee Bear")
    assert picker.row.buttons[0].text == "Put into play: Bee Bear"
    assert app.ctx.scenes.top is picker and in_play(g) == ["Compost Dragon"]
    click(app, picker.row.buttons[0].rect.center)  # the confirm button
    settle(app, scene)
    assert in_play(g) == ["Compost Dragon", "Bee Bear"]


@pytest.mark.parametrize("how", ["escape", "click beside"])
def test_esc_or_a_click_elsewhere_puts_the_card_back(app, how):
    g, scene, picker = open_picker(app)
    click(app, picker.rects[index(picker, "Gorillion")].center)
    assert picker.selected is not None
    if how == "escape":
        key(app, pygame.K_ESCAPE)
    else:
        click(app, (picker.box().left + 8, picker.box().centery))
    assert picker.selected is None and app.ctx.scenes.top is picker
    confirm = picker.row.buttons[0]
    assert not confirm.enabled and not confirm.primary  # nothing to confirm
    click(app, confirm.rect.center)
    assert app.ctx.scenes.top is picker and in_play(g) == ["Compost Dragon"]
    key(app, pygame.K_RETURN)  # nothing selected, no other button: Enter selects the first card
    assert picker.selected == 0 and in_play(g) == ["Compost Dragon"]


def test_the_arrows_move_the_selection_and_enter_confirms(app):
    g, scene, picker = open_picker(app)
    key(app, pygame.K_RIGHT)
    assert picker.selected == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert picker.selected == 1 and app.ctx.scenes.top is picker
    name = picker.cards[1].card.name
    assert picker.row.buttons[0].text == f"Put into play: {name}"
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert in_play(g) == ["Compost Dragon", name]


def test_esc_with_nothing_selected_opens_the_menu_over_the_picker(app):
    from game.ui.kit.menu_overlay import MenuOverlay

    g, scene, picker = open_picker(app)
    key(app, pygame.K_ESCAPE)
    menu = app.ctx.scenes.top
    assert isinstance(menu, MenuOverlay) and menu.title == "Paused"
    key(app, pygame.K_ESCAPE)  # closes the menu: the picker is back, still waiting
    assert app.ctx.scenes.top is picker and in_play(g) == ["Compost Dragon"]


def test_resting_the_mouse_on_a_card_shows_it_large(app):
    g, scene, picker = open_picker(app)
    pos = picker.rects[0].center
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert picker.zoom is None
    picker.update(0.6)
    assert picker.zoom == 0
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(20, 20), rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert picker.zoom is None


def test_a_hot_seat_picker_shows_only_the_pile_to_the_player_deciding(app):
    """Secrecy: in hot seat the picker opens for the player at the screen, after the curtain,
    and draws the discard pile's cards, never a card of the other hand."""
    from bench.secrecy_audit import SecrecyAudit
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.curtain import CurtainScene
    from game.ui.match.scene import MatchScene

    audit = SecrecyAudit(app).attach()
    try:
        g = from_position(DB, [{"hand": ["Compost Dragon", "Killer Bee"], "discard": PILE},
                               {"hand": ["Luchataur", "Shark Dog"], "mindbugs": 0}])
        scene = MatchScene(app.ctx, MatchConfig(mode="hotseat", names=("Ann", "Bo"), seed=1), game=g)
        app.ctx.scenes.replace(scene)
        drawn_faces: list[str] = []
        real_face = app.ctx.renderer.face

        def face(d, w):
            drawn_faces.append(d.name)
            return real_face(d, w)

        for _ in range(600):
            app.step()
            top = app.ctx.scenes.top
            if isinstance(top, CurtainScene):
                top.update(1.0)
                top._reveal()
            elif top is scene and scene.decision_serial == g.pending.serial and not scene.table.moving:
                break
        app.ctx.renderer.face = face
        drag(app, scene.sprites[g.hands[0][0]].rect().center, (600, 430))
        for _ in range(400):
            app.step()
            audit.check_overlays()
            if isinstance(app.ctx.scenes.top, CardPicker):
                break
        picker = app.ctx.scenes.top
        assert isinstance(picker, CardPicker)
        drawn_faces.clear()
        click(app, picker.rects[0].center)
        app.ctx.scenes.draw(pygame.Surface((1280, 720)))
        audit.check_overlays()
        assert set(PILE) <= set(drawn_faces)  # the picker's cards, and the table's under it
        assert not {"Luchataur", "Shark Dog"} & set(drawn_faces)  # Bo's hand: never
        assert not audit.leaks, audit.leaks
    finally:
        audit.detach()


def test_switching_the_language_rewords_the_open_picker(app):
    """Esc, Settings, language: the picker (title, the confirm button) follows at once."""
    from game.common import i18n

    g, scene, picker = open_picker(app)
    click(app, picker.rects[index(picker, "Gorillion")].center)
    try:
        i18n.set_language("de")
        for s in app.ctx.scenes.stack:  # what the settings screen does on a switch
            if hasattr(s, "language_changed"):
                s.language_changed()
        assert picker.row.buttons[0].text == "Ins Spiel bringen: Gorillöwe"
        from game.ui.match.card_picker import words

        assert words(picker.title) == scene.prompt_text()[0] != ""
    finally:
        i18n.set_language("en")


def test_a_double_click_near_the_foot_of_a_card_confirms_it(app):
    """The first click lifts the card: the second, at the same place, is still on it."""
    g, scene, picker = open_picker(app)
    r = picker.rects[index(picker, "Gorillion")]
    pos = (r.centerx, r.bottom - 4)
    click(app, pos)
    click(app, pos)
    settle(app, scene)
    assert in_play(g) == ["Compost Dragon", "Gorillion"]


def test_the_picker_opens_with_the_first_card_selected_and_enter_takes_it(app, monkeypatch):
    """Every prompt has a default Enter takes (issue 12, item 2): a pick that must take a card
    opens with the first one outlined and named by the gold confirm button."""
    g, scene, picker = open_picker(app, put_back=False)
    surface, texts = drawn(app, monkeypatch)
    first = picker.cards[0].card.name
    confirm = picker.row.buttons[0]
    assert picker.selected == 0 and confirm.primary and confirm.enabled
    assert confirm.text == f"Put into play: {first}" and confirm.text in texts
    assert outlined(surface, picker.rects[0].move(0, -14), theme.SELECT)
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert in_play(g) == ["Compost Dragon", first]


def test_a_pick_with_a_done_button_opens_with_done_gold_and_no_card_selected(app):
    """An "up to" pick may take nothing: its gold default stays "Done", nothing is preselected."""
    done = []
    picker = CardPicker(app.ctx, "Pick up to one", [(DB.by_name("Gorillion"), lambda: None)],
                        [("Done", lambda: done.append(1))])
    app.ctx.scenes.push(picker)
    assert picker.selected is None
    assert [b.text for b in picker.row.buttons if b.primary] == ["Done"]
    key(app, pygame.K_RETURN)
    assert done == [1]
