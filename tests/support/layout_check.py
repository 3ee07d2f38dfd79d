"""The layout check: a surface that records where each text and box lands, the checks on it (nothing cut off, over another, or too small), and the scenes the walks draw."""

from __future__ import annotations

import math
import sys
import weakref

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App, parse_args  # noqa: E402
from game.cards import load_cards  # noqa: E402
from game.engine import from_position  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.kit import cut_tips, fonts, text_field, textlayout, widgets  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.table import layout  # noqa: E402

DB = load_cards()


class Recorder(pygame.Surface):
    """A screen that remembers every text blit and every panel and button drawn on it."""

    def __init__(self) -> None:
        super().__init__((1280, 720))
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.sizes: list[tuple[int, str]] = []  # (font size, module) of each text, as texts
        self.boxes: list[tuple[str, pygame.Rect]] = []  # ("panel" | "button" | "field", rect), in draw order
        self.order: list[tuple[str, int]] = []  # ("text" | "box", index) in draw order
        self.opaque: set[int] = set()  # the boxes nothing shows through (a text under one is hidden)
        self.labels: set[str] = set()  # the buttons' whole labels, as drawn (translated)

    def blit(self, source, dest, area=None, special_flags=0):  # noqa: D401 - pygame's signature
        r = super().blit(source, dest, area, special_flags)
        text = TEXTS.get(source)
        if text is not None and text.strip():
            # Where the text lies, not the part of it the screen kept (blit clips to the
            # surface: a line wider than the screen, centred, came back as the screen's width).
            at = dest.topleft if isinstance(dest, pygame.Rect) else dest
            whole = pygame.Rect(at, (area.size if area is not None else source.get_size()))
            self.texts.append((text, whole))
            self.sizes.append(SIZES.get(source, (0, "")))
            self.order.append(("text", len(self.texts) - 1))
        return r

    def box(self, kind: str, rect: pygame.Rect, opaque: bool = False, label: str = "") -> None:
        self.boxes.append((kind, pygame.Rect(rect)))
        self.order.append(("box", len(self.boxes) - 1))
        if opaque:
            self.opaque.add(len(self.boxes) - 1)
        if label:
            self.labels.add(label)


def recording_window(tmp_path, monkeypatch, language: str):
    """The window in ``language`` with every text and box it draws recorded (the fixture
    ``layout_app`` in tests/ui/conftest.py: English and German, long German words must fit too)."""
    from game.common import i18n

    real_text, real_outlined = fonts.render_text, fonts.render_outlined
    real_panel, real_button = widgets.panel, widgets.Button.draw

    def render_text(text, *a, **k):
        surf = real_text(text, *a, **k)
        TEXTS[surf] = str(text)
        SIZES[surf] = (a[0] if a else k["size"], sys._getframe(1).f_globals.get("__name__"))
        return surf

    def render_outlined(text, *a, **k):
        surf = real_outlined(text, *a, **k)
        TEXTS[surf] = str(text)
        SIZES[surf] = (a[0] if a else k["size"], sys._getframe(1).f_globals.get("__name__"))
        return surf

    def panel(surface, rect, *a, **k):
        if isinstance(surface, Recorder):
            alpha = a[0] if a else k.get("alpha", 220)
            surface.box("panel", rect, opaque=alpha >= 250)
        return real_panel(surface, rect, *a, **k)

    real_frame = text_field.draw_frame

    def field_frame(surface, rect, *a, **k):
        if isinstance(surface, Recorder):
            surface.box("field", rect)
        return real_frame(surface, rect, *a, **k)

    def button_draw(self, surface, *a, **k):
        if isinstance(surface, Recorder):
            surface.box("button", self.rect, label=i18n._(self.text) if self.text else "")
        return real_button(self, surface, *a, **k)

    def wrapped(text: str, lines: list[str]) -> None:
        WRAPS.append((i18n.language(), text, tuple(lines)))

    monkeypatch.setattr(fonts, "render_text", render_text)
    monkeypatch.setattr(fonts, "render_outlined", render_outlined)
    monkeypatch.setattr(widgets, "panel", panel)
    monkeypatch.setattr(widgets.Button, "draw", button_draw)
    monkeypatch.setattr(text_field, "draw_frame", field_frame)
    a = App(parse_args(["--settings", str(tmp_path / "settings.json"), "--speed", "50"]))
    a.ctx.settings.ai_pause = 0.0
    a.ctx.settings.language = i18n.set_language(language)
    WRAPS.clear()
    with textlayout.observe(wrapped):
        yield a
    WRAPS.clear()
    a.close(quit_pygame=False)
    i18n.set_language("en")


def draw(app: App) -> Recorder:
    rec = Recorder()
    for s in app.ctx.scenes.stack:
        s.dirty = True
    app.ctx.scenes.draw(rec)
    return rec


def problems(rec: Recorder, fixed_panels: list[pygame.Rect] = ()) -> list[str]:
    out = bad_breaks()
    texts, boxes = rec.texts, rec.boxes
    for text, r in texts:
        if not SCREEN.contains(r):
            out.append(f"{text!r} leaves the screen at {r}")
    # Text drawn after a box and partly on it must be wholly inside it (no spill over an edge);
    # a box drawn after a text must not cut it (cover it in part).
    panels = [("panel", p) for p in fixed_panels]
    seen_boxes: list[tuple[str, pygame.Rect]] = list(panels)
    for kind, i in rec.order:
        if kind == "box":
            bkind, b = boxes[i]
            for text, r in [texts[j] for k, j in rec.order[:rec.order.index((kind, i))] if k == "text"]:
                inter = r.clip(b)
                if inter.w * inter.h and not b.contains(r) and inter.w * inter.h < r.w * r.h:
                    out.append(f"{bkind} {b} cuts {text!r} at {r}")
            seen_boxes.append((bkind, b))
            continue
        text, r = texts[i]
        for bkind, b in seen_boxes:
            inter = r.clip(b)
            if inter.w > 2 and inter.h > 2 and not b.contains(r) and not r.contains(b):
                out.append(f"{text!r} at {r} crosses the edge of {bkind} {b}")
    # A text wholly under an opaque box drawn after it is hidden, not over another text (the
    # opponent's hand count under a lesson's banner).
    hidden: set[int] = set()
    for pos, (kind, i) in enumerate(rec.order):
        if kind == "text":
            r = texts[i][1]
            if any(k == "box" and j in rec.opaque and boxes[j][1].contains(r) for k, j in rec.order[pos + 1:]):
                hidden.add(i)
    for i, (t1, r1) in enumerate(texts):
        for j, (t2, r2) in enumerate(texts[i + 1:], i + 1):
            if i in hidden or j in hidden:
                continue
            inter = r1.clip(r2)
            if inter.w > 2 and inter.h > 2 and t1 != t2:
                out.append(f"{t1!r} at {r1} overlaps {t2!r} at {r2}")
    buttons = list({tuple(b): b for k, b in boxes if k == "button"}.values())  # one drawn twice: once
    for i, b1 in enumerate(buttons):
        for b2 in buttons[i + 1:]:
            if b1.colliderect(b2):
                out.append(f"buttons {b1} and {b2} overlap")
    return sorted(set(out))


def _table_panels() -> list[pygame.Rect]:
    x, _, w, _ = layout.LEFT_PANEL
    return [pygame.Rect(x, 8, w, 312), pygame.Rect(x, 400, w, 312), pygame.Rect(layout.LOG_PANEL)]


def _finished_record():
    from tests.support.records import finished_record

    return finished_record()


def _other_scene_problems(app, monkeypatch, window_scale, extra=lambda rec: []) -> list[str]:
    """What is wrong on the other screens: text that does not fit, and text too small for the
    window."""
    from game.ui.core.context import AppContext

    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: window_scale))
    found = []
    for name, scene, alone in _every_other_scene(app):
        if scene is not app.ctx.scenes.top:
            app.ctx.scenes.replace(scene)
        scene.update(0.0)
        if alone:
            rec = Recorder()
            scene.draw(rec)
        else:
            rec = draw(app)
        if name == "the title with the first-start offer":
            assert scene.offer
        found += [f"{name}: {p}" for p in problems(rec) + too_small(rec, window_scale) + extra(rec)]
    return found


def crowded_game():
    names = ["Gorillion", "Luchataur", "Bee Bear", "Spider Owl", "Killer Bee", "Turbo Bug", "Shark Dog",
             "Lone Yeti", "Snail Hydra", "Rhino Turtle", "Tiger Squirrel", "Sharky Crab-Dog-Mummypus"]
    return from_position(DB, [{"hand": names[:10], "play": names[:11], "discard": names[:4]},
                              {"hand": names[2:12], "play": names[1:12], "discard": names[:3]}])


#: Text that belongs to a card (a face, the name strip of a card overlapped in a crowded row):
#: it scales with the card, and hovering the card shows it large.
CARD_TEXT = ("game.ui.cards.cardface", "game.ui.table.spines")


def too_small(rec: Recorder, scale: float) -> list[str]:
    from game.ui.kit.legible import text_scale

    need = max(math.ceil(LEGIBLE_PX / min(scale, 1.0) - 1e-9), math.ceil(SMALLEST_PX * text_scale() - 1e-9))
    return sorted({f"{text!r} at {size} ({size * scale:.1f} px on screen, drawn by {module})"
                   for (text, _r), (size, module) in zip(rec.texts, rec.sizes, strict=True)
                   if module not in CARD_TEXT and size < need})


def _settle_on_person(app, scene, limit=600):
    for _ in range(limit):
        app.step()
        d = scene.ctl.pending
        if d is not None and scene.decision_serial == d.serial and not scene.table.moving:
            return d
    raise AssertionError("no decision for the person")


def _four_panels() -> list[pygame.Rect]:
    """The 2v2 table's fixed panels: the team box, the four seat plates and the log."""
    return ([pygame.Rect(layout.TEAM_BOX), pygame.Rect(layout.LOG_PANEL)]
            + [pygame.Rect(layout.plate(pos).rect) for pos in ("top", "left", "right", "bottom")])


def four_table_scene(app, monkeypatch, table: str, window_scale: float):
    """(scene, decision): a 2v2 match on FOUR_TABLES[table] drawn at ``window_scale``, run until
    you decide. A long name (hot seat) sits on the fourth plate, beside its Mindbug tokens."""
    from game.ui.core.context import AppContext
    from game.ui.core.match_config import computer, person

    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: window_scale))
    seats = [person("You"), computer("random"), computer("random"), computer("random", "Bartholomew")]
    position = FOUR_TABLES[table]
    g = None if position is None else from_position(DB, position[0], rules="2v2", turn=position[1])
    scene = MatchScene(app.ctx, MatchConfig.for_seats(seats, seed=3), game=g)
    app.ctx.scenes.replace(scene)
    return scene, _settle_on_person(app, scene, 3000)


def _replay_moments(app, viewer):
    """Walk a replay event by event and stop at the first moment of each kind a replay shows:
    the start, just after each kind of event (a card drawn, played, an attack, a block, a
    defeat, a choice, a turn's start, the game's end...), the Mindbug moment (a played card
    shown large between the buttons) and the end. Yields the moment's name."""
    app.ctx.scenes.replace(viewer)
    app.step()
    yield "the start"
    seen: set[str] = set()
    while not viewer.at_end:
        k, e = viewer.position
        kind = type(viewer.tl.events[k][e]).__name__
        viewer.step_event()
        for _ in range(400):
            app.step()
            if not viewer.animating:
                break
        if viewer.table.model.stage is not None and "the Mindbug moment" not in seen:
            seen.add("the Mindbug moment")
            yield "the Mindbug moment"
        if kind not in seen:
            seen.add(kind)
            yield f"after {kind}"
    yield "the end"


def _replay_problems(viewer, rec, scale) -> list[str]:
    """Text too small or cut, and buttons over a played card shown large or a creature in play."""
    found = too_small(rec, scale) + problems(rec, _four_panels() if viewer.n_seats == 4 else _table_panels())
    staged = viewer.table.model.stage
    for sp in viewer.table.sprites.values():
        if sp.zone == "play" or (staged is not None and sp.cid == staged):
            card = sp.rect().inflate(-4, -4)
            found += [f"the button {b.text!r} at {b.rect} covers {viewer.table.card_name(sp.cid)} at {sp.rect()}"
                      for b in viewer.buttons if b.rect.colliderect(card)]
    return found


def cut_labels(rec: Recorder) -> list[str]:
    """Button labels cut with an ellipsis, and sentences cut with one: at a larger text size a
    button grows or its screen reflows, and a sentence (a hint, an instruction) wraps; neither
    loses its words. (A name, a list's row or a code may end in "…", whole on hover.)"""
    buttons = [b for kind, b in rec.boxes if kind == "button"]
    cut = sorted({f"the label {text!r} is cut in its button {b}" for text, r in rec.texts
                  if text.endswith("\u2026") and text not in rec.labels for b in buttons if b.contains(r)})
    for text, r in rec.texts:
        whole = cut_tips.whole_of(text) if text.endswith("\u2026") else None
        # prose: a hint or an instruction (a plate's "Deciding: Block?" is a label, cut on hover)
        if whole is not None and whole.rstrip().endswith((".", "!")):
            cut.append(f"the sentence {whole!r} is cut at {r}: {text!r}")
    return sorted(set(cut))


SCREEN = pygame.Rect(0, 0, 1280, 720)


# Keyed by the surface itself, weakly: an id() outlives its surface and a later surface (a
# reused banner, say) would inherit a text it never showed.
TEXTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


SIZES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # font size and drawing module


#: Every text broken into lines since the last check (textlayout's observer): (language, text,
#: lines). problems() checks each break (issue 42): at a space, the text's own hyphen, a
#: hyphenation point with a hyphen added, or a line cut with "…".
#: (The card faces are also drawn on a background thread: appending to a list is atomic.)
WRAPS: list[tuple[str, str, tuple[str, ...]]] = []


def bad_breaks() -> list[str]:
    """The line breaks since the last call that are not at a space or a hyphenation point."""
    from game.ui.kit import textlayout

    taken = WRAPS[:]
    del WRAPS[:len(taken)]
    return [f"{text!r} broken badly: {p}" for (lang, text, lines) in dict.fromkeys(taken)
            for p in textlayout.bad_breaks(text, list(lines), lang)]


def _every_other_scene(app):
    """(name, scene, draw only the top scene) for every screen beside the tables: the title (with
    a message, and with the first-start offer), new game, settings, the How to Play pages,
    statistics, the replays list, the replay viewer, the curtain, game over, the pause menu and
    the leave prompt, the tutorial and puzzle lists."""
    from dataclasses import replace as dc_replace

    from game.persist import record as rec
    from game.ui.learn import progress
    from game.ui.learn.lists import PuzzlesScene, TutorialScene
    from game.ui.match import menus as match_menus
    from game.ui.match.card_picker import CardPicker
    from game.ui.match.curtain import CurtainScene
    from game.ui.match.discard_viewer import DiscardViewer
    from game.ui.match.leave_prompt import LeavePrompt
    from game.ui.records.replay_list import ReplaysScene
    from game.ui.records.statistics import StatsScene
    from game.ui.records.viewer import ReplayScene
    from game.ui.screens.howto import HowToPlayScene
    from game.ui.screens.howto_text import PAGES
    from game.ui.screens.new_game import NewGameScene
    from game.ui.screens.settings import SettingsScene
    from game.ui.screens.title import TitleScene

    ctx = app.ctx
    app.step()  # the first frame: the app opens its save store after it
    record = _finished_record()
    seats = (rec.SeatInfo("person", None, "You"), rec.SeatInfo("computer", "hard", "Bartholomew"))
    for i in range(12):
        ctx.store.save_replay(dc_replace(record, seats=seats, date=f"2026-01-{i + 1:02}T10:00:00Z"))
    progress.default_path().unlink(missing_ok=True)  # the app's own title has asked already
    yield "the title with the first-start offer", TitleScene(ctx), False
    yield "the title", TitleScene(ctx), False
    yield "the title with a message", TitleScene(ctx, "Could not load settings: a long message " * 2), False
    with pytest.MonkeyPatch.context() as m:  # a saved game: Continue, and its line under it
        from game.persist.rebuild import rebuild
        from game.persist.summary import continue_line
        from game.ui.screens import title as title_screen

        line = continue_line(record, rebuild(record).game)
        m.setattr(title_screen, "saved_games", lambda ctx: (record, line, None, 1))
        yield "the title with Continue", TitleScene(ctx), False
    yield "new game", NewGameScene(ctx, False), False
    yield "new game, hot seat", NewGameScene(ctx, True), False
    yield "new game, 2 vs 2", NewGameScene(ctx, False, "2v2"), False
    two = NewGameScene(ctx, False, "2v2")
    two._toggle_kind(2)  # two people: the longest hint
    yield "new game, 2 vs 2 with two people", two, False
    yield "new game, 2 vs 2 of 1 Mindbug each and two sets", NewGameScene(ctx, False, "2v2", 1, 2), False
    yield "settings", SettingsScene(ctx), False
    for i in range(1, len(SettingsScene(ctx).pages)):
        page = SettingsScene(ctx)
        page.show_page(i)
        yield f"settings, page {i + 1}", page, False
    keys = SettingsScene(ctx)
    first = keys.open_row(keys.pages[-1].rows[0].label)
    keys.row.buttons[first].action()  # waits for a key: the longest line under Done
    assert keys.binding is not None and keys.message
    yield "settings, Keys, waiting for a new key", keys, False
    yield from _games_in_progress(ctx, record)
    howto = HowToPlayScene(ctx)
    for i, (title, _text) in enumerate(PAGES):
        howto._go(i)
        for k in range(len(howto.parts())):  # a long page in a small window: in parts
            howto.part = k
            yield f"How to Play, {title} ({k + 1})", howto, False
    yield "statistics", StatsScene(ctx), False
    yield "the replays list", ReplaysScene(ctx), False
    from tests.support.daily_gallery_screens import (
        daily_gallery_and_codes,  # the daily deal, the gallery, the code box
    )

    yield from daily_gallery_and_codes(ctx, record)
    from tests.support.branching_screens import (
        learn_screens,  # take back, play from here, the moments
    )

    yield from learn_screens(app, ctx, record)
    yield "the replay viewer", ReplayScene(ctx, record), False
    yield "the tutorial list", TutorialScene(ctx), False
    from game.learn.tutorial import list_lessons
    from game.ui.learn.lesson_match import LessonMatch

    lesson = LessonMatch(ctx, list_lessons(), 2, progress.load())  # lesson 3: a long banner
    ctx.scenes.replace(lesson)
    for _ in range(60):
        app.step()
    yield "lesson 3 with its banner", lesson, False
    yield "the puzzle list", PuzzlesScene(ctx), False
    scrolled = PuzzlesScene(ctx)  # in a small window the list scrolls: its last rows and Back
    scrolled.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    yield "the puzzle list at its end", scrolled, False
    curtain = CurtainScene(ctx, "Bartholomew", lambda: None, "You are being attacked: decide whether to block.")
    curtain.wait = 0  # ready: the button is lit
    yield "the curtain", curtain, True
    yield "the pause menu", _over_a_match(app, match_menus.open_pause_menu), True
    defs = list(DB.defs)
    yield "a discard pile", _over_a_match(app, lambda sc: ctx.scenes.push(
        DiscardViewer(ctx, "Your discard pile", defs[:20]))), True
    yield "a card picker", _over_a_match(app, lambda sc: ctx.scenes.push(CardPicker(
        ctx, "Grave Robber: choose a card to put into play (1 of 2).", [(d, lambda: None) for d in defs[:8]],
        [("Done", lambda: None)]))), True
    picker = _over_a_match(app, lambda sc: ctx.scenes.push(CardPicker(
        ctx, "Compost Dragon: choose a card to put into play.",
        [(d, lambda: None, f"Put into play: {d.name}") for d in defs[:7]], [("Done", lambda: None)])))
    picker.select(3)  # Chameleon Sniper: lifted, the confirm button names it (the longest words)
    yield "a card picker with a card selected", picker, True
    yield "game over", _game_over(app, "ai"), True
    yield "game over, hot seat", _game_over(app, "hotseat", ("Bartholomew the Great", "Player 2")), True
    yield "game over, two computers", _game_over(app, "demo", ("Computer A (Easy)", "Computer B (Easy)")), True
    yield "game over, 2 vs 2", _game_over(app, "ai", ("Bartholomew the Great",), teams=True), True
    yield "the leave prompt", _over_a_match(app, lambda sc: ctx.scenes.push(LeavePrompt(ctx, lambda: None))), True
    from tests.support.net_screens import net_screens  # Host a game, the lobby, Join a game

    yield from net_screens(ctx)


#: The smallest text on screen, in real pixels, at any window size (issue 12, item 6).
LEGIBLE_PX = 13


#: The smallest text on the 1280x720 screen at 100% text size (issue 25, item 4): 16 px, and
#: that times the Settings' text size (32 px at 200%), whatever the window's size.
SMALLEST_PX = 16


#: 2v2 positions the layout must survive (seats: you, left opponent, teammate, right opponent).
NAMES = ["Gorillion", "Luchataur", "Bee Bear", "Spider Owl", "Killer Bee", "Turbo Bug", "Shark Dog",
         "Lone Yeti", "Snail Hydra", "Rhino Turtle", "Tiger Squirrel", "Sharky Crab-Dog-Mummypus"]


FOUR_TABLES = {
    # A new game: five cards in every hand, nothing in play.
    "start": None,
    # Full hands and 10+ creatures per side, some exhausted, discard piles.
    "crowded": ([{"hand": NAMES[:10], "play": NAMES[:10] + [(NAMES[10], True)], "discard": NAMES[:4]},
                 {"hand": NAMES[2:12], "play": NAMES[1:12], "discard": NAMES[:3]},
                 {"hand": NAMES[:8], "play": [(n, True) for n in NAMES[:5]] + NAMES[5:11]},
                 {"hand": NAMES[2:10], "play": NAMES[2:12]}], 0),
    # The left opponent and your teammate could not act: both out, the game goes on.
    "eliminated": ([{"hand": NAMES[:3], "play": NAMES[3:5]}, {"discard": NAMES[:5]}, {"discard": NAMES[5:7]},
                    {"hand": NAMES[6:9], "play": NAMES[9:11]}], 1),
    # The left opponent plays a card; the others have no Mindbug: the offer comes round to you.
    "mindbug": ([{"hand": ["Gorillion"]}, {"hand": ["Killer Bee"]},
                 {"play": ["Bee Bear", "Luchataur"], "mindbugs": 0}, {"mindbugs": 0}], 1),
    # You attack with Tusked Extorter: which opponent? Both seats lit, a button for each.
    "opponent": ([{"play": ["Tusked Extorter"], "hand": ["Gorillion"]}, {"hand": ["Bee Bear", "Spider Owl"]},
                  {"hand": ["Killer Bee"]}, {"hand": ["Bee Bear", "Luchataur"]}], 0),
}


def _over_a_match(app, push, seed: int = 4, mode: str = "ai"):
    """A match, then ``push(scene)`` opens an overlay over it; the overlay alone is drawn (the
    table under it is dimmed on purpose and is checked by the table tests)."""
    scene = MatchScene(app.ctx, MatchConfig(mode=mode, ai_level="random", names=("You", "Bartholomew"),
                                            seed=seed))
    app.ctx.scenes.replace(scene)
    app.step()
    push(scene)
    return app.ctx.scenes.top


def _game_over(app, mode: str, names=("You", "Bartholomew"), teams: bool = False):
    """The game-over box: the first seat's attack takes the other side's last life (1v1, or
    2v2 with ``teams``: the seats' names are then a person's and three computers')."""
    from game.ui.core.match_config import computer, person

    if teams:
        g = from_position(DB, [{"play": ["Gorillion"], "hand": ["Bee Bear"]}] + [{"hand": ["Killer Bee"]}] * 3,
                          rules="2v2", team_life=[3, 1])
        seats = [person(names[0])] + [computer("easy") for _ in range(3)]
        config = MatchConfig.for_seats(seats, seed=4)
    else:
        g = from_position(DB, [{"play": ["Gorillion"], "hand": ["Bee Bear"]}, {"life": 1, "hand": ["Killer Bee"]}])
        config = MatchConfig(mode=mode, ai_level="easy", names=names, seed=4)
    scene = MatchScene(app.ctx, config, game=g)
    app.ctx.scenes.replace(scene)
    from game.ui.match.curtain import CurtainScene

    submitted = False
    for _ in range(3000):
        app.step()
        top = app.ctx.scenes.top
        if isinstance(top, CurtainScene):  # hot seat: you are at the screen
            top.wait = 0
            top._reveal()
        elif not submitted and mode != "demo" and scene.decision_serial == g.pending.serial:
            scene.submit(g.option_for("attack Gorillion"))
            submitted = True
        if scene.over_shown:
            return app.ctx.scenes.top
    raise AssertionError("no game over")


def _games_in_progress(ctx, record):
    """Games in progress with long rows (issue 42): 2v2 hot seat with long names, a network
    game, one open in another window; the date column and the rows measured at the text size."""
    from dataclasses import replace as dc_replace

    from game.persist import record as rec
    from game.persist.store import SavedGame
    from game.ui.screens import games_in_progress as gip

    long = ("Bartholomew the Great", "Wilhelmina Schildwanzen", "Maximilian von Mindbug", "Dex")
    two = dc_replace(_finished_2v2(), mode="hotseat", seats=tuple(rec.SeatInfo("person", None, n) for n in long))
    one = dc_replace(record, seats=(rec.SeatInfo("person", None, long[0]), rec.SeatInfo("computer", "hard", "X")))
    games = [SavedGame("a", two, False), SavedGame("b", one, True), SavedGame("c", None, True),
             SavedGame("d", dc_replace(record, mode="hotseat", seats=(rec.SeatInfo("person", None, long[1]),
                                                                       rec.SeatInfo("person", None, long[2]))),
                       False)]
    with pytest.MonkeyPatch.context() as m:
        m.setattr(gip, "ctx_games", lambda ctx: (list(games), None))
        scene = gip.GamesScene(ctx)
    yield "games in progress", scene, False



def _finished_2v2():
    from tests.support.records import finished_record

    if not _FINISHED_2V2:  # played once per test process
        _FINISHED_2V2.append(finished_record(rules="2v2"))
    return _FINISHED_2V2[0]


_FINISHED_2V2: list = []
