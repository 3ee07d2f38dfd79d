"""The card gallery (issue 27, item 4): every card, filters by keyword and power by keyboard and
mouse, copies and keywords explained, figures from the kept games read in the background, and
the whole screen in German."""

from __future__ import annotations

from dataclasses import replace

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cards import load_cards  # noqa: E402
from game.common import i18n  # noqa: E402
from game.persist import record as rec  # noqa: E402
from game.persist.gallery import gallery_of_replays  # noqa: E402
from game.ui.screens.gallery import COLS, POWERS, GalleryScene  # noqa: E402
from tests.support.records import finished_record  # noqa: E402
from tests.support.text_spy import record_texts  # noqa: E402

DB = load_cards()


@pytest.fixture
def app(tmp_path, monkeypatch, open_window):
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    a = open_window("--speed", "50", first_frame=True)
    yield a
    i18n.set_language("en")


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.step()


def click(app, pos) -> None:
    for ev in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        pygame.event.post(ev)
    app.step()


def opened(app) -> GalleryScene:
    app.ctx.nav.gallery()
    screen = app.ctx.scenes.top
    assert isinstance(screen, GalleryScene)
    return screen


def test_every_card_and_the_filters_by_keyboard(app):
    screen = opened(app)
    app.step()
    assert len(screen.cards) == 32 == len({d.name for d in screen.cards})
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    assert screen.selected == 1 + COLS
    key(app, pygame.K_PAGEDOWN)
    assert screen.page == 1
    key(app, pygame.K_k)  # the first keyword: Frenzy
    assert screen.keyword == "Frenzy" and screen.selected == 0 and screen.page == 0
    assert {d.name for d in screen.cards} == {d.name for d in DB.defs if "Frenzy" in d.keywords}
    key(app, pygame.K_p)
    lo, hi = POWERS[0][1:]
    assert all(lo <= d.power <= hi and "Frenzy" in d.keywords for d in screen.cards)
    for _ in range(5):
        key(app, pygame.K_k)  # round to "All keywords"
    assert screen.keyword is None
    key(app, pygame.K_END)
    assert screen.cards[screen.selected] == screen.cards[-1]
    key(app, pygame.K_ESCAPE)
    assert app.ctx.scenes.top is not screen


def test_the_filters_and_cards_by_mouse(app):
    screen = opened(app)
    app.step()
    tough = next(b for b in screen.row.buttons if b.text == "Tough")
    click(app, tough.rect.center)
    assert screen.keyword == "Tough" and all("Tough" in d.keywords for d in screen.cards)
    click(app, screen.card_rect(2).center)
    assert screen.selected == 2
    seven = next(b for b in screen.row.buttons if b.text == "Power 7+")
    click(app, seven.rect.center)
    assert all(d.power >= 7 and "Tough" in d.keywords for d in screen.cards)
    tab_to_back = [b.text for b in screen.row.buttons].index("Back (Esc)") + 1
    for _ in range(tab_to_back):
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert app.ctx.scenes.top is not screen


def test_the_figures_come_from_the_kept_games_in_the_background(app, monkeypatch):
    seats = (rec.SeatInfo("person", None, "You"), rec.SeatInfo("computer", "easy", "Computer (Easy)"))
    records = [replace(finished_record(seed), seats=seats) for seed in (6, 7)]
    for r in records:
        app.ctx.store.save_replay(r)
    screen = opened(app)
    assert screen.loading.wait(20)
    app.step()
    assert screen.loaded and screen.figures.games == 2
    want = gallery_of_replays(records)
    assert {n: (e.played, e.stolen, e.won) for n, e in screen.figures.cards.items()} == \
        {n: (e.played, e.stolen, e.won) for n, e in want.cards.items()}
    played = max(want.cards.values(), key=lambda e: e.played)
    screen.select([d.name for d in screen.cards].index(played.name))
    seen = record_texts(monkeypatch)
    screen.draw(pygame.Surface((1280, 720)))
    assert f"Played {played.played} times" in seen or f"Played {played.played} time" in seen


def test_the_gallery_in_german(app, monkeypatch):
    app.ctx.settings.language = i18n.set_language("de")
    screen = opened(app)
    assert screen.loading.wait(10)
    app.step()
    scorpion = [d.name for d in screen.cards].index("Plated Scorpion")  # Poisonous and Tough
    screen.select(scorpion)
    seen = record_texts(monkeypatch)
    screen.draw(pygame.Surface((1280, 720)))
    d = screen.cards[scorpion]
    text = " ".join(seen)  # a long line wraps in the narrow column
    assert d.name_de in text and "Plated Scorpion" not in text
    assert "Giftig" in text and "Robust" in text and "Exemplare in der Schachtel" in text
    assert "Karten" in seen and "Jede Fähigkeit" in seen and "Stärke 7+" in seen
    assert f"Stärke {d.power}" in seen  # the card's power
    assert "All keywords" not in text and "copies in the box" not in text


def test_at_200_percent_the_details_scroll_by_keyboard_and_the_card_stays(app):
    """The details of a card with keywords are taller than their panel at 200%: Shift+Down
    scrolls them (Down alone moves to another card), Shift+Up back, never past either end."""
    from game.ui.kit import legible

    legible.set_text_scale(200)
    try:
        screen = opened(app)
        long_one = max(range(len(screen.cards)), key=lambda i: len(screen.cards[i].keywords))
        screen.select(long_one)
        app.step()
        assert screen.detail_room > 0, "nothing to scroll: the test would prove nothing"
        for _ in range(200):
            key(app, pygame.K_DOWN, pygame.KMOD_SHIFT)
        assert screen.selected == long_one and screen.detail_scroll == screen.detail_room
        key(app, pygame.K_UP, pygame.KMOD_SHIFT)
        assert 0 < screen.detail_scroll < screen.detail_room
        for _ in range(200):
            key(app, pygame.K_UP, pygame.KMOD_SHIFT)
        assert screen.detail_scroll == 0 and screen.selected == long_one
        key(app, pygame.K_DOWN)
        assert screen.selected != long_one
    finally:
        legible.set_text_scale(100)
