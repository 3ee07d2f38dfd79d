"""How to play with pictures, and the puzzle list's previews (issue 28, item 6): small tables
drawn by the table's own renderer (game.ui.table.miniature), never showing a hidden card."""

from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cards import load_cards  # noqa: E402
from game.engine import from_position  # noqa: E402
from game.ui.screens import howto as howto_mod  # noqa: E402
from game.ui.screens import howto_pictures  # noqa: E402
from game.ui.screens.howto import HowToPlayScene  # noqa: E402
from game.ui.screens.howto_text import PAGES  # noqa: E402
from game.ui.table import miniature, render  # noqa: E402

DB = load_cards()
MAGENTA = (255, 0, 255)
KEYWORDS = ("Frenzy", "Hunter", "Poisonous", "Sneaky", "Tough")


@pytest.fixture
def app(open_window):
    howto_mod._PICTURES.clear()  # each test draws its own pictures (another renderer, say)
    return open_window(first_frame=True)


class Marked:
    """The real card renderer, except that the faces of the cards named are solid magenta: a
    picture holding magenta got those faces from the renderer, at a size that shows."""

    def __init__(self, real, names: set[str]) -> None:
        self.real, self.names = real, names

    def face(self, card_def, width: int, *a):
        if card_def.name in self.names:
            surf = self.real.face(card_def, width, *a).copy()
            surf.fill(MAGENTA)
            return surf
        return self.real.face(card_def, width, *a)

    def back(self, width: int):
        return self.real.back(width)

    def zoom(self, card_def):
        surf = self.real.zoom(card_def)
        if card_def.name in self.names:
            surf = surf.copy()
            surf.fill(MAGENTA)
        return surf


def magenta_pixels(surface: pygame.Surface) -> int:
    mask = pygame.mask.from_threshold(surface, MAGENTA, (12, 12, 12, 255))
    return mask.count()


def pages_and_sections(howto: HowToPlayScene):
    """(page title, English section heading or "") for every picture How to play shows."""
    for i, (title, sections) in enumerate(PAGES):
        howto._go(i)
        if howto.per_section():
            for k, (head, _body) in enumerate(sections):
                howto.section = k
                yield title, head
        else:
            yield title, ""


def test_every_page_but_controls_has_its_picture_drawn_by_the_table_renderer(app, monkeypatch):
    """Each page's picture is a TableRenderer drawing of a real position (a spy on the
    renderer sees its stage), shown in the page; Controls, a list of keys, has none."""
    drawn = []
    real = render.TableRenderer.draw

    def spy(self, surface, stage, frame, still=False):
        drawn.append(stage)
        return real(self, surface, stage, frame, still)

    monkeypatch.setattr(render.TableRenderer, "draw", spy)
    howto = HowToPlayScene(app.ctx)
    app.ctx.scenes.replace(howto)
    seen = []
    for title, head in pages_and_sections(howto):
        pic = howto.picture()
        if title == "Controls":
            assert pic is None and howto.picture_box() is None
            continue
        assert pic is not None, title
        assert pic.stage in drawn, f"{title}: not drawn by the table's renderer"
        assert pic.surface.get_width() <= howto.picture_box().w
        seen.append((title, head))
    assert {t for t, _h in seen} == {t for t, _s in PAGES} - {"Controls"}
    assert [h for t, h in seen if t == "Keywords"] == list(KEYWORDS)


def test_the_page_shows_its_picture(app, monkeypatch):
    """The picture lands on the screen, inside the page's panel, beside the text: the Mindbug
    page's staged Gorillion (its face made magenta by the renderer) shows up in the frame."""
    app.ctx.renderer = Marked(app.ctx.renderer, {"Gorillion"})
    howto = HowToPlayScene(app.ctx)
    app.ctx.scenes.replace(howto)
    howto._go([t for t, _s in PAGES].index("Mindbugs"))
    surface = pygame.Surface((1280, 720))
    howto.draw(surface)
    box = howto.picture_box()
    assert magenta_pixels(surface.subsurface(box)) > 400
    outside = surface.copy()
    outside.fill((0, 0, 0), box)
    assert magenta_pixels(outside) == 0


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_each_keyword_has_a_picture_with_a_real_card_of_that_keyword(app, keyword):
    """With a keyword's section in focus, the picture shows the face of a card printed with
    that keyword: the renderer's face of every such card is magenta, and magenta is there."""
    howto = HowToPlayScene(app.ctx)
    app.ctx.scenes.replace(howto)
    howto._go([t for t, _s in PAGES].index("Keywords"))
    howto.section = list(KEYWORDS).index(keyword)
    pic = howto.picture()
    assert pic is not None
    shown = [pic.stage.state.card(c) for c in pic.faces]
    assert any(keyword in d.keywords for d in shown), f"no {keyword} card's face in its picture"
    names = {d.name for d in DB.defs if keyword in d.keywords}
    howto_mod._PICTURES.clear()
    app.ctx.renderer = Marked(app.ctx.renderer, names)
    pic = howto.picture()
    assert magenta_pixels(pic.surface) > 150, f"{keyword}: its card's face is not in the picture"
    # ... and shown large (the match's zoom), its keyword and its text readable: a card's
    # face in play is some 30 x 45 pixels in the picture, the zoom several times that.
    assert magenta_pixels(pic.surface) > 8000, f"{keyword}: its card is not shown large"


def test_tab_steps_through_the_keywords_and_the_mouse_points_at_one(app):
    """On the keywords page Tab moves the focus (and the picture) keyword by keyword, then on
    to the next page; a pointer over a keyword's text shows its picture."""
    howto = HowToPlayScene(app.ctx)
    app.ctx.scenes.replace(howto)
    keywords = [t for t, _s in PAGES].index("Keywords")
    howto._go(keywords)
    pictures = []
    for k in range(len(KEYWORDS)):
        assert (howto.page, howto.section) == (keywords, k)
        assert KEYWORDS[k] in howto.spoken_focus()
        pictures.append(howto.picture())
        howto.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    assert howto.page == keywords + 1
    assert len({id(p) for p in pictures}) == len(KEYWORDS)
    howto._go(keywords)
    howto.draw(pygame.Surface((1280, 720)))
    howto.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=howto.section_rects[3].center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    assert howto.section == 3 and howto.focused_head() == "Sneaky"


def _hands_swapped(state_fn):
    """The same position twice, with other cards in both hands and both draw piles."""
    seats = [{"hand": ["Bee Bear", "Turbo Bug"], "deck": ["Brain Fly"] * 6, "play": ["Luchataur"]},
             {"hand": ["Killer Bee"], "deck": ["Lone Yeti"] * 6, "play": ["Harpy Mother"]}]
    other = [{"hand": ["Gorillion", "Spider Owl"], "deck": ["Shark Dog"] * 6, "play": ["Luchataur"]},
             {"hand": ["Snail Hydra"], "deck": ["Giraffodile"] * 6, "play": ["Harpy Mother"]}]
    return state_fn(seats), state_fn(other)


@pytest.mark.parametrize("bottom", [0, 1])
def test_a_miniature_never_shows_a_hidden_card(app, bottom):
    """An attacker with the picture's pixels learns nothing of either hand or draw pile: other
    cards there give the very same picture, and no hand's face is ever drawn."""
    a, b = _hands_swapped(lambda seats: from_position(DB, seats))
    one = miniature.draw_table(a, bottom, app.ctx.renderer, (340, 242))
    two = miniature.draw_table(b, bottom, app.ctx.renderer, (340, 242))
    assert pygame.image.tobytes(one.surface, "RGB") == pygame.image.tobytes(two.surface, "RGB")
    in_hands = {c for hand in a.hands for c in hand}
    assert one.faces and not set(one.faces) & in_hands
    assert not one.stage.face_up


def test_no_how_to_play_picture_or_puzzle_preview_draws_a_hand_card_face(app, monkeypatch):
    """Every face a picture draws belongs to a card in play, on the stage or in a discard
    pile: never one in a hand (the renderer's face hook hears each face drawn)."""
    zones = []
    monkeypatch.setattr(render, "FACE_HOOKS", [*render.FACE_HOOKS, lambda st, sp: zones.append(sp.zone)])
    howto = HowToPlayScene(app.ctx)
    app.ctx.scenes.replace(howto)
    for _title, _head in pages_and_sections(howto):
        howto.picture()
    from game.ui.learn.lists import PuzzlesScene

    puzzles = PuzzlesScene(app.ctx)
    box = puzzles.preview_box()
    for i in range(len(puzzles.entries)):
        assert puzzles.preview(i, box.size) is not None
    assert zones and set(zones) <= {"play", "stage", "discard"}


def test_the_puzzle_preview_is_the_puzzles_position_kept_as_the_list_scrolls(app, monkeypatch):
    """The preview beside the list is the focused puzzle's own position seen by its solver;
    moving through the list draws each preview once (kept), not on every frame."""
    from game.ui.learn.lists import PuzzlesScene

    built = []
    real = miniature.draw_table

    def counting(state, bottom, *a, **k):
        built.append((state, bottom))
        return real(state, bottom, *a, **k)

    monkeypatch.setattr(miniature, "draw_table", counting)
    puzzles = PuzzlesScene(app.ctx)
    app.ctx.scenes.replace(puzzles)
    assert puzzles.preview_box() is not None
    seen = set()
    for _round in range(2):
        puzzles.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
        for i, entry in enumerate(puzzles.entries):
            assert puzzles.previewed() == i
            app.step()
            state, bottom = built[-1] if i not in seen else (None, None)
            if i not in seen:
                want = entry.position()
                assert bottom == entry.solver
                assert state.plays == want.plays and state.life == want.life
                assert [len(h) for h in state.hands] == [len(h) for h in want.hands]
                seen.add(i)
            puzzles.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    assert len(built) == len(puzzles.entries)  # the second time through, every one was kept


def test_a_puzzle_preview_shows_the_puzzles_creatures(app):
    """The preview's pixels come from the puzzle's cards: the faces of the creatures in play in
    the previewed puzzle (magenta here) are in the picture, and another puzzle's are not."""
    from game.ui.learn.lists import PuzzlesScene

    puzzles = PuzzlesScene(app.ctx)
    first = puzzles.entries[0].position()
    names = {first.card(c).name for seat in first.plays for c in seat}
    app.ctx.renderer = Marked(app.ctx.renderer, names)
    box = puzzles.preview_box()
    assert magenta_pixels(puzzles.preview(0, box.size).surface) > 200
    other = next(i for i, e in enumerate(puzzles.entries)
                 if not {e.position().card(c).name for seat in e.position().plays for c in seat} & names)
    assert magenta_pixels(puzzles.preview(other, box.size).surface) == 0


def test_the_pictures_positions_are_what_their_pages_say():
    """The engine is at the moment each picture shows: a Mindbug offered to you, a block
    asked of the defender, Frenzy's second attack, a hunt; the keyword cards carry it."""
    pending = {howto_pictures.mindbug: "mindbug", howto_pictures.block: "block",
               howto_pictures.frenzy: "frenzy", howto_pictures.hunter: "hunt",
               howto_pictures.poisonous: "block"}
    for make, kind in pending.items():
        shown = make(DB)
        assert shown.state.pending.kind == kind, make.__name__
    for keyword, make in howto_pictures.PAGE_PICTURES["Keywords"].items():
        shown = make(DB)
        assert shown.keyword == keyword
        assert keyword in shown.state.card(shown.card).keywords


def test_a_picture_whose_position_cannot_be_set_up_leaves_the_page_without_it(app, monkeypatch):
    """A card file without a picture's card: the page is drawn with its text, no picture and
    no traceback."""
    from game.engine.errors import SetupError

    def broken(db):
        raise SetupError("no card named Gorillion")

    monkeypatch.setitem(howto_pictures.PAGE_PICTURES, "The Goal", broken)
    howto = HowToPlayScene(app.ctx)
    app.ctx.scenes.replace(howto)
    howto._go(0)
    assert howto.picture() is None
    howto.draw(pygame.Surface((1280, 720)))
