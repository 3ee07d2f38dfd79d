"""Issue 26: a game played on from a replay is kept like any other, with a link to where it
began: the replay list (for the selected row) and the viewer (its log, "Where it began (O)")
say "Played on from: the replay of DATE, turn N", and O or a click opens that replay at that
very moment. A replay pruned since, or another game under the same name, is one line."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from game.persist import record as rec
from game.persist.branch import is_origin, origin_files, origin_turn, play_from
from game.persist.rebuild import choice_of
from game.persist.timeline import Timeline
from game.ui.records.replay_list import ReplaysScene
from game.ui.records.viewer import ReplayScene
from tests.support.records import finished_record

pytestmark = pytest.mark.window('--speed', '50', first_frame=True)


def branch_played_out(parent: rec.GameRecord, at: int, seat: int) -> rec.GameRecord:
    """A game played on from decision ``at`` of ``parent`` and finished by random moves."""
    branch = play_from(parent, at, seat, seed=77)
    game, rng, choices = branch.game, random.Random(3), []
    while game.winner is None:
        option = rng.choice(game.pending.options)
        choices.append(choice_of(game, option))
        game.respond(option)
    return replace(branch.record, choices=tuple(choices), date="2026-01-05T09:00:00Z",
                   result=rec.Result(game.winner, "life", game.turn_no))


@pytest.fixture
def kept(app):
    parent = replace(finished_record(seed=9), date="2026-01-04T08:30:00Z")
    at = [i for i, c in enumerate(parent.choices) if c.by == 0][4]
    branch = branch_played_out(parent, at, 0)
    app.ctx.store.save_replay(parent)
    app.ctx.store.save_replay(branch)
    return parent, branch, at


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step()


def click(app, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=pos))
    app.step()


def test_the_link_finds_its_replay_and_names_the_turn(app, kept):
    parent, branch, at = kept
    files = app.ctx.store.replay_files()
    [path] = origin_files(files, branch)
    assert is_origin(rec.loads(path.read_text(encoding="utf-8")), branch)
    assert origin_turn(branch) == Timeline(parent).turn_at(at)
    assert origin_files(files, parent) == [], "a whole game has no link"
    other = replace(parent, choices=parent.choices[:at - 1] + parent.choices[at:])
    assert not is_origin(other, branch), "another game under the same date and seed is not it"


@pytest.mark.parametrize("how", ["key", "click"])
def test_the_list_shows_the_link_and_opens_the_replay_at_that_moment(app, kept, how):
    parent, branch, at = kept
    scene = ReplaysScene(app.ctx)
    app.ctx.scenes.push(scene)
    assert scene.loading.wait(30)
    app.step()
    assert scene.entries[0].record.start is not None  # the newest: the game played on
    link = scene.selected_origin()
    turn = Timeline(parent).turn_at(at)
    assert link is not None and link() == (
        f"Played on from: the replay of 2026-01-04 08:30, turn {turn} (O opens it)")
    key(app, pygame.K_DOWN)
    assert scene.selected_origin() is None, "the whole game has no link"
    key(app, pygame.K_UP)
    if how == "key":
        key(app, pygame.K_o)
    else:
        click(app, scene.origin_rect().center)
    viewer = app.ctx.scenes.top
    assert isinstance(viewer, ReplayScene) and viewer.record.seed == parent.seed
    assert viewer.position == (at, 0)


def test_the_viewer_says_where_it_began_and_o_opens_it(app, kept):
    parent, branch, at = kept
    viewer = ReplayScene(app.ctx, branch)
    app.ctx.scenes.replace(viewer)
    app.step()
    assert any(t.startswith("Played on from: the replay of") for t, _c in viewer.table.log)
    [button] = [b for b in viewer.buttons if b.text == "Where it began (O)"]
    rects = [b.rect for b in viewer.buttons]
    assert all(a is b or not a.colliderect(b) for a in rects for b in rects)
    click(app, button.rect.center)
    shown = app.ctx.scenes.top
    assert isinstance(shown, ReplayScene) and shown is not viewer and shown.position == (at, 0)


def test_a_pruned_replay_is_one_line_and_nothing_changes(app, kept):
    parent, branch, at = kept
    origin_files(app.ctx.store.replay_files(), branch)[0].unlink()
    viewer = ReplayScene(app.ctx, branch)
    app.ctx.scenes.replace(viewer)
    app.step()
    key(app, pygame.K_o)
    assert app.ctx.scenes.top is viewer
    assert viewer.table.log[-1][0] == "The replay this game was played on from is no longer kept."


def test_the_replay_kept_at_the_end_of_that_game_is_found_though_stamped_later(app):
    """Seen playing it: the game-over box's viewer stamps its record when opened, so the game
    played on from it carries a date some seconds after the replay kept at the end; another
    game of the same seed is still not taken for it."""
    parent = replace(finished_record(seed=9), date="2026-01-04T08:30:00Z")
    at = [i for i, c in enumerate(parent.choices) if c.by == 0][3]
    branch = branch_played_out(replace(parent, date="2026-01-04T08:30:14Z"), at, 0)
    other = replace(parent, date="2026-01-04T08:30:15Z", choices=parent.choices[:at - 1])
    app.ctx.store.save_replay(replace(other, result=parent.result))
    app.ctx.store.save_replay(parent)
    app.ctx.store.save_replay(branch)
    viewer = ReplayScene(app.ctx, branch)
    app.ctx.scenes.replace(viewer)
    app.step()
    viewer.open_origin()
    shown = app.ctx.scenes.top
    assert shown is not viewer and shown.record.date == parent.date and shown.position == (at, 0)
