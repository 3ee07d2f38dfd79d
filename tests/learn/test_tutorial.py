"""The tutorial: its lesson files, its pure logic, and every lesson played through the real
scene by a scripted player that follows the arrow with synthetic mouse events."""

from __future__ import annotations

import os
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App  # noqa: E402
from game.learn.tutorial import (
    LessonError,
    LessonRun,
    Script,
    lesson_folder,
    list_lessons,
    load_lesson,
)
from game.scenarios.runner import run_file, scenario_files  # noqa: E402
from game.ui.kit.menu_overlay import MenuOverlay  # noqa: E402
from game.ui.learn import progress as progress_mod  # noqa: E402
from game.ui.learn.lesson_match import LessonMatch  # noqa: E402
from game.ui.learn.lists import TutorialScene  # noqa: E402
from game.ui.table import layout  # noqa: E402
from tests.support.lessons import (
    click,  # noqa: F401
    follow_arrow,
    play_through,  # noqa: F401
    post,  # noqa: F401
    settle,
)

pytestmark = pytest.mark.window('--speed', '5')

LESSONS = list_lessons()
TOPICS = ("play", "attack", "mindbug", "frenzy", "hunter", "poisonous", "sneaky", "tough", "win")


def key(app: App, k: int) -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step()






def snapshot(g) -> tuple:
    return (g.winner, list(g.life), [sorted(g.cards[c].name for c in p) for p in g.plays],
            [sorted(g.cards[c].name for c in d) for d in g.discards])


def steps_played(lesson):
    g = lesson.position()
    for label in lesson.labels():
        g.respond(g.option_for(label))
    return g




def test_the_tutorial_folder_passes_the_runner():
    results = [r for f in scenario_files([lesson_folder()]) for r in run_file(f)]
    assert len(results) == len(LESSONS) >= 9
    assert all(r.passed for r in results), [r.line() for r in results if not r.passed]


def test_every_topic_of_the_issue_has_a_lesson():
    text = " ".join(lesson.title.lower() for lesson in LESSONS)
    for topic in TOPICS:
        assert topic in text, topic
    for lesson in LESSONS:  # every student move says something, in both languages
        for step in lesson.steps:
            if step.by == 0:
                assert step.say.do and step.say.then and step.say.do_de and step.say.then_de
        assert lesson.title_de and lesson.done_de


def test_a_lesson_file_with_a_missing_line_is_refused(tmp_path):
    text = (lesson_folder() / "01-play-a-card.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "x.yaml"
    broken.write_text(text.replace("#|     then: The Gorillion", "#|     than: The Gorillion"),
                      encoding="utf-8")
    with pytest.raises(LessonError, match="x.yaml"):
        load_lesson(broken)


def test_lesson_run_waits_for_the_expected_move():
    lesson = load_lesson(lesson_folder() / "02-attack-and-block.yaml")
    g = lesson.position()
    run = LessonRun(lesson)
    wrong = next(o for o in g.pending.options if g.label(o) != "attack Gorillion")
    assert not run.allows(g, wrong) and not run.moved(g, wrong)
    assert run.index == 0 and run.refused == 1
    right = g.option_for("attack Gorillion")
    assert run.moved(g, right) and run.index == 1 and run.last_said.then.startswith("Nobody")


def test_script_answers_only_while_the_game_follows_it():
    lesson = load_lesson(lesson_folder() / "02-attack-and-block.yaml")
    g = lesson.position()
    script = Script(lesson.labels())
    script.follow(g, g.option_for("attack Gorillion"))
    g.respond(g.option_for("attack Gorillion"))
    assert g.label(script.answer(g, g.pending)) == "no block"
    off = Script(lesson.labels())
    g2 = lesson.position()
    other = next(o for o in g2.pending.options if g2.label(o) != "attack Gorillion")
    off.follow(g2, other)
    g2.respond(other)
    assert not off.on_line and off.answer(g2, g2.pending) is None


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[lesson.key for lesson in LESSONS])
def test_each_lesson_played_through_the_scene(app, index):
    progress = progress_mod.load()
    scene = LessonMatch(app.ctx, LESSONS, index, progress)
    app.ctx.scenes.push(scene)
    overlay = play_through(app, scene)
    assert overlay.title == "Lesson complete"
    assert scene.run.finished and scene.run.refused == 0
    # the window's game ends where the file's steps end (whose expectations the runner checks)
    assert snapshot(scene.ctl.game) == snapshot(steps_played(LESSONS[index]))
    assert LESSONS[index].key in progress_mod.load().solved | progress_mod.load().lessons
    assert not scene.ctl.recordable and not (Path(os.environ["MINDBUG_DATA_DIR"]) /
                                             "autosave.json").exists()


def test_a_wrong_move_is_refused_with_a_line_and_changes_nothing(app):
    lesson_index = next(i for i, lesson in enumerate(LESSONS) if lesson.key == "05-hunter")
    scene = LessonMatch(app.ctx, LESSONS, lesson_index, progress_mod.load())
    app.ctx.scenes.push(scene)
    settle(app, scene)
    follow_arrow(app, scene)  # attack with the Killer Bee
    settle(app, scene)
    g = scene.ctl.game
    before = (g.pending.serial, list(g.plays[0]), list(g.plays[1]), g.life[1])
    gorillion = next(c for c in g.plays[1] if g.cards[c].name == "Gorillion")
    click(app, scene.sprites[gorillion].rect().center)  # hunt the Gorillion: not this lesson's
    click(app, scene.sprites[gorillion].rect().center)
    assert (g.pending.serial, list(g.plays[0]), list(g.plays[1]), g.life[1]) == before
    assert scene.run.refused == 1 and scene.run.index == 1
    assert scene.prompt_text()[0].startswith("Not that move")
    settle(app, scene)
    follow_arrow(app, scene)  # now the right one: the Ferret Bomber
    overlay = play_through(app, scene)
    assert overlay.title == "Lesson complete"


def test_esc_leaves_a_lesson_and_the_list_resumes_where_the_player_left_off(app):
    key_before = progress_mod.load().lessons
    assert key_before == set()
    tutorial = TutorialScene(app.ctx)
    app.ctx.scenes.push(tutorial)
    assert tutorial.row.focus == 0
    key(app, pygame.K_RETURN)  # lesson 1
    lesson = app.ctx.scenes.top
    assert isinstance(lesson, LessonMatch) and lesson.index == 0
    overlay = play_through(app, lesson)
    click(app, next(b for b in overlay.row.buttons if b.text == "Back to the lessons").rect.center)
    assert app.ctx.scenes.top is tutorial and tutorial.row.focus == 1  # lesson 2 is next
    key(app, pygame.K_RETURN)
    second = app.ctx.scenes.top
    assert isinstance(second, LessonMatch) and second.index == 1
    settle(app, second)
    key(app, pygame.K_ESCAPE)  # the pause menu: resume, start again, leave
    menu = app.ctx.scenes.top
    assert isinstance(menu, MenuOverlay)
    click(app, next(b for b in menu.row.buttons if b.text == "Leave the lesson").rect.center)
    assert app.ctx.scenes.top is tutorial
    assert progress_mod.load().lessons == {"01-play-a-card"}  # remembered across runs
    again = TutorialScene(app.ctx, progress_mod.load())
    assert again.row.focus == 1


def test_the_arrow_points_at_the_awaited_card_and_the_zone_it_goes_to(app):
    scene = LessonMatch(app.ctx, LESSONS, 0, progress_mod.load())  # play the Gorillion
    app.ctx.scenes.push(scene)
    settle(app, scene)
    g = scene.ctl.game
    gorillion = next(c for c in g.hands[0] if g.cards[c].name == "Gorillion")
    owl = next(c for c in g.hands[0] if g.cards[c].name == "Spider Owl")
    assert scene.arrow_target() == scene.sprites[gorillion].rect()
    assert scene.drop_zone().collidepoint(600, 430)  # the student's play row
    # only the awaited card lights up, though the Spider Owl could be played too
    assert scene.sprites[gorillion].highlight == "legal" and scene.sprites[owl].highlight is None


@pytest.mark.parametrize(("index", "verb"), [(1, "block"), (2, "mindbug"), (5, "block")])
def test_the_arrow_leaves_the_other_buttons_words_readable(app, monkeypatch, index, verb):
    # issue 28 item 7: the arrow at "Mindbug it!" covered "Let it go", the one at a blocker
    # touched "Don't block"
    from game.ui.learn import draw as learn_draw

    scene = LessonMatch(app.ctx, LESSONS, index, progress_mod.load())
    app.ctx.scenes.push(scene)
    for _ in range(10):
        settle(app, scene)
        if scene.run.student_step().label.split()[0] == verb:
            break
        follow_arrow(app, scene)
    target = scene.arrow_target()
    assert target is not None and scene.run.student_step().label.split()[0] == verb
    drawn: list[pygame.Rect] = []
    real = learn_draw.arrow
    monkeypatch.setattr(learn_draw, "arrow", lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    for t in (0.0, 0.3, 0.6, 0.9):  # the arrow bobs
        scene.time = t
        scene.draw(pygame.Surface((1280, 720)))
    others = [b for b in scene.row.buttons if pygame.Rect(b.rect) != target]
    assert drawn and others
    for area in drawn:
        assert not [b.text for b in others if area.colliderect(b.rect)], area
        assert not area.colliderect(pygame.Rect(layout.LOG_PANEL))


def test_lesson_3s_end_box_wraps_its_words_by_width_and_stays_above_the_foot(app):
    # issue 28 item 7: the lines came broken at 46 letters and the box broke them again
    # ("Save" alone on a line), and the box reached past the window's foot
    scene = LessonMatch(app.ctx, LESSONS, 2, progress_mod.load())  # the Mindbug lesson
    app.ctx.scenes.push(scene)
    box = play_through(app, scene)
    assert "Save" not in box.shown
    assert any(line.startswith("Save them") for line in box.shown)
    assert box.box.bottom <= 712 and all(b.rect.bottom < box.box.bottom for b in box.row.buttons)
