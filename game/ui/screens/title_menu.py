"""What the title adds for saved games: "Continue" (with a one-line description of the game),
"Replays" and "Statistics"; for learning: "Tutorial", "Puzzles" and, on the first start, the
offer of the tutorial. TitleScene calls ``extend`` and ``draw_extra``; the rest is here so
that menus.py changes by a few lines only."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import N_, _
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.legible import legible

if TYPE_CHECKING:
    from game.ui.core.context import AppContext

CONTINUE = N_("Continue")
GAMES = N_("Games in progress")
TUTORIAL = N_("Tutorial")
PUZZLES = N_("Puzzles")
# The first-start offer's two buttons: last in the row, so the title's keyboard paths stay.
OFFER_YES = N_("Take the tutorial")
OFFER_NO = N_("Not now")
OFFER_BOX = pygame.Rect(862, 300, 380, 190)
# Set on the AppContext while the start-up title's offer is shown but not yet written down.
_PENDING = "_tutorial_offer_unsaved"


def saved_game(ctx: AppContext) -> tuple[object | None, str | None, str | None]:
    """(record, description, message): the newest game to continue (one not open in another
    window), its one-line description, and a message if a broken save was set aside."""
    record, line, message, _count = saved_games(ctx)
    return record, line, message


def saved_games(ctx: AppContext) -> tuple[object | None, str | None, str | None, int]:
    """``saved_game`` and how many games are in progress (also those open elsewhere)."""
    if ctx.store is None:
        return None, None, None, 0
    from game.persist.rebuild import rebuild
    from game.persist.summary import continue_line

    games, message = ctx.store.saved_games()
    record = next((g.record for g in games if g.record is not None and not g.open_elsewhere),
                  None)
    if record is None:
        return None, None, message, len(games)
    return record, continue_line(record, rebuild(record).game), message, len(games)


def extend(scene: object, labels: list[str], actions: list[Callable[[], None]]) -> None:
    """Put Continue first (if there is a saved game) and Replays, Statistics before Quit;
    remembers the description for ``draw_extra``."""
    ctx = scene.ctx
    record, scene.continue_line, message, count = saved_games(ctx)
    if message:
        scene.message = f"{scene.message} {message}" if scene.message else message
    # Before Quit: the entries above keep their places (and their keyboard paths).
    at = labels.index("Quit") if "Quit" in labels else len(labels)
    labels[at:at] = [TUTORIAL, PUZZLES, N_("Replays"), N_("Statistics")]
    actions[at:at] = [lambda: open_tutorial(ctx), lambda: open_puzzles(ctx),
                      lambda: open_replays(ctx), lambda: open_statistics(ctx)]
    _learning(scene, labels, actions)
    _add_continue(scene, labels, actions, record, count)
    scene.menu_entries = (labels, actions)  # for offer_continue


def _add_continue(scene: object, labels: list[str], actions: list[Callable[[], None]],
                  record: object | None, count: int = 0) -> None:
    """Continue (the newest game) and, beside it, Games in progress (all of them)."""
    if count and GAMES not in labels:
        labels.insert(0, GAMES)
        actions.insert(0, lambda: open_games(scene.ctx))
    if record is not None and CONTINUE not in labels:
        labels.insert(0, CONTINUE)
        actions.insert(0, lambda: resume(scene.ctx, record))


def after_first_frame(scene: object) -> None:
    """Called once the start-up title is on screen: what it left until then (the file writes
    and the saved-game check are not needed to draw it)."""
    remember_offer(scene.ctx)
    offer_continue(scene)


def offer_continue(scene: object) -> None:
    """At start-up the title is shown before the saved game is looked for (``extend`` finds no
    store yet): once the first frame is up, this looks and puts Continue first if there is one."""
    labels, actions = getattr(scene, "menu_entries", (None, None))
    if labels is None or CONTINUE in labels or GAMES in labels:
        return
    record, line, message, count = saved_games(scene.ctx)
    if message:
        scene.message = f"{scene.message} {message}" if scene.message else message
        scene.dirty = True
    if record is None and not count:
        return
    _add_continue(scene, labels, actions, record, count)
    scene.continue_line = line
    scene.row = widgets.ButtonRow([
        widgets.Button(r, t, a, primary=(i == 0))
        for i, (r, t, a) in enumerate(zip(rects(labels), labels, actions, strict=True))])
    scene.dirty = True


# Entries that share a row two by two when the title has many: the column then fits 720 px.
PAIRED = ("How to Play", "Settings", TUTORIAL, PUZZLES, "Replays", "Statistics")


def rects(labels: list[str], top: int = 300) -> list[pygame.Rect]:
    """The title's button column; with many entries the side entries sit two to a row, leaving
    room for the Continue description under the first button."""
    offer = [r for r in _offer_rects() if labels[-2:] == [OFFER_YES, OFFER_NO]]
    if offer:
        labels = labels[:-2]
    if len(labels) <= 5:
        return widgets.column(640, top, labels, width=340, height=54) + offer
    width, height, gap = 340, 44, 9
    if len(labels) > 10:  # Continue and every entry: a tighter column still clears the footer
        height, gap = 40, 8
    half = (width - gap) // 2
    out: list[pygame.Rect] = []
    y = 252
    i = 0
    while i < len(labels):
        pair = labels[i] in PAIRED and i + 1 < len(labels) and labels[i + 1] in PAIRED
        pair = pair or labels[i:i + 2] == [CONTINUE, GAMES]  # the newest game, and all of them
        if pair:
            out.append(pygame.Rect(640 - width // 2, y, half, height))
            out.append(pygame.Rect(640 - width // 2 + half + gap, y, half, height))
            i += 2
        else:
            out.append(pygame.Rect(640 - width // 2, y, width, height))
            i += 1
        y += height + gap + (22 if labels[0] == CONTINUE and out[-1].y == 252 else 0)
    return out + offer


def _offer_rects() -> list[pygame.Rect]:
    box = OFFER_BOX
    return [pygame.Rect(box.x + 30, box.y + 84, box.w - 60, 44),
            pygame.Rect(box.x + 30, box.y + 136, box.w - 60, 40)]


def draw_extra(scene: object, surface: pygame.Surface, scale: float = 1.0) -> None:
    """The offer's panel and the Continue note; ``scale``: the window's (see game.ui.kit.legible)."""
    if getattr(scene, "offer", False):
        _draw_offer(scene, surface, scale)
    line = getattr(scene, "continue_line", None)
    if not line:
        return
    first = scene.row.buttons[0].rect
    size = legible(17, scale)
    widgets.text(surface, fonts.fit_width(line, 1200, size), size, (640, first.bottom + 4),
                 theme.ACCENT, anchor="midtop")


def resume(ctx: AppContext, record: object) -> None:
    refused = ctx.nav.resume(record)  # another window may have opened it since the title was drawn
    if refused:
        ctx.nav.title(refused)


def open_games(ctx: AppContext) -> None:
    ctx.nav.games_in_progress()


def open_replays(ctx: AppContext) -> None:
    ctx.nav.replays()


def open_statistics(ctx: AppContext) -> None:
    ctx.nav.statistics()


# --- learning: the tutorial, the puzzles, the first-start offer ------------------------------

def _learning(scene: object, labels: list[str], actions: list[Callable[[], None]]) -> None:
    """The progress file's message (if it was damaged) and, once ever, the tutorial's offer."""
    from game.ui.learn import progress as progress_mod

    ctx = scene.ctx
    progress = progress_mod.load()
    if progress.message:
        scene.message = f"{scene.message} {progress.message}" if scene.message else progress.message
    offered = progress.offered or getattr(ctx, _PENDING, None) is not None
    scene.offer = not offered and not ctx.demo and not ctx.exit_after_game
    if scene.offer:
        # Asked once, whatever the answer or none. The start-up title writes that down after
        # its first frame (see after_first_frame: the write, with its fsync, can take a few ms).
        setattr(ctx, _PENDING, progress)
        if getattr(ctx, "frames", 1):
            remember_offer(ctx)
        labels += [OFFER_YES, OFFER_NO]
        actions += [lambda: _answer(scene, True), lambda: _answer(scene, False)]


def remember_offer(ctx: object) -> None:
    """Write down that the tutorial was offered (once; the title is not asked again)."""
    progress = getattr(ctx, _PENDING, None)
    if progress is not None:
        setattr(ctx, _PENDING, None)
        progress.mark_offered()  # a failed write only means the offer is made again next time


def _answer(scene: object, take: bool) -> None:
    scene.offer = False
    del scene.row.buttons[-2:]  # the offer's two, always last
    keep = scene.row.buttons
    scene.row.focus = -1
    for b in keep:
        b.focused = False
    scene.dirty = True
    if take:
        open_tutorial(scene.ctx, start=True)


def _draw_offer(scene: object, surface: pygame.Surface, scale: float) -> None:
    box = OFFER_BOX
    widgets.panel(surface, box, alpha=240)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=14)
    widgets.text(surface, _("New to Mindbug?"), 28, (box.centerx, box.y + 30), theme.ACCENT,
                 bold=True, anchor="center")
    widgets.text(surface, _("Short lessons teach you the game."), 18, (box.centerx, box.y + 62),
                 theme.TEXT, anchor="center")
    for b in scene.row.buttons[-2:]:  # over the panel
        b.draw(surface, scale)


def open_tutorial(ctx: AppContext, start: bool = False) -> None:
    """The lesson list; ``start``: and the first lesson not done yet, at once."""
    ctx.nav.tutorial(start)


def open_puzzles(ctx: AppContext) -> None:
    ctx.nav.puzzles()
