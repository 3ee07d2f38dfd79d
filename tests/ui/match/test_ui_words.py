"""Texts on the table in the player's language, worded when drawn: a failed autosave (the box
over the log and the leave question) and the hint line's move. The rendered text is read by
wrapping ``fonts.render_text``."""

from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai.hint import Hint  # noqa: E402
from game.app import App, parse_args  # noqa: E402
from game.common import i18n  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match import hints as hint_view  # noqa: E402
from game.ui.match import save_warning
from game.ui.match.leave_prompt import LeavePrompt  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from tests.support.text_spy import record_texts  # noqa: E402

REASON = "No space left on device"  # what the OS says (it stays as the OS words it)
SAVE_LINE = "Could not save the game ({reason}): leaving now loses the last moves."
SAVE_LINE_DE = ("Speichern fehlgeschlagen ({reason}): Wenn du jetzt gehst, "
                "verlierst du die letzten Züge.")


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    a = App(parse_args(["--settings", str(tmp_path / "settings.json"), "--speed", "50"]))
    a.ctx.settings.ai_pause = 0.0
    a.step()  # the first frame: the save store opens after it
    yield a
    i18n.set_language("en")
    a.close(quit_pygame=False)


@pytest.fixture
def drawn(monkeypatch):
    """Every text rendered from now on."""
    return record_texts(monkeypatch)


def german(monkeypatch) -> None:
    """Switch to German, with the new save line in the catalog (the lead extracts it into
    game/locale after merging; until then the test brings its translation along)."""
    i18n.set_language("de")
    catalog = getattr(i18n._translations, "_catalog", None)
    assert catalog is not None, "the German catalog is installed"
    monkeypatch.setitem(catalog, SAVE_LINE, SAVE_LINE_DE)


def settled_match(app: App, seed: int = 4, kind: str | None = None) -> MatchScene:
    """A match against the computer, run until the person decides (a decision of ``kind``:
    "let it go" answers the others)."""
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"),
                                            seed=seed))
    app.ctx.scenes.replace(scene)
    for _ in range(3000):
        app.step()
        d = scene.ctl.pending
        if d is not None and scene.ctl.is_human(d.seat) and not scene.queue \
                and scene.decision_serial == d.serial and not scene.tweener.busy:
            if kind is None or d.kind == kind:
                return scene
            scene.submit(next(o for o in d.options if o.verb in ("pass", "no block", "end turn")))
    raise AssertionError("the match never settled")


def frame(app: App, scene: object, drawn: list[str]) -> str:
    drawn.clear()
    scene.dirty = True
    app.step()
    return " ".join(drawn)


# --- a failed autosave --------------------------------------------------------------------
def test_a_failed_save_is_said_in_german_on_the_table(app, drawn, monkeypatch):
    scene = settled_match(app)
    app.ctx.writer.flush()  # no save still running (a good one would clear the error)
    app.ctx.writer.last_error = REASON
    frame(app, scene, drawn)
    assert box_text(app, drawn) == SAVE_LINE.format(reason=REASON)
    german(monkeypatch)
    frame(app, scene, drawn)
    assert box_text(app, drawn) == SAVE_LINE_DE.format(reason=REASON)  # the OS's reason as it is
    assert not any("Could not save" in t for t in drawn)


def box_text(app: App, drawn: list[str]) -> str:
    """The save warning over the log, its wrapped lines joined, each checked as drawn."""
    return joined(save_warning.lines(app.ctx, True), drawn)


def joined(lines: list[str], drawn: list[str]) -> str:
    assert lines and all(line in drawn for line in lines), (lines, drawn)
    return " ".join(lines)


def test_the_leave_question_words_a_failed_save_when_drawn(app, drawn, monkeypatch):
    """Asked in English, drawn after a switch to German: the line follows the language."""
    scene = settled_match(app)
    app.ctx.writer.flush()
    app.ctx.writer.last_error = REASON
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # the window's close button
    app.step()
    prompt = app.ctx.scenes.top
    assert isinstance(prompt, LeavePrompt)
    assert prompt.lines == [SAVE_LINE.format(reason=REASON)]
    german(monkeypatch)
    text = frame(app, prompt, drawn)
    # Twice: in the question (wrapped inside its box) and in the red box over the log.
    assert text.count(SAVE_LINE_DE.format(reason=REASON)) == 2, text
    assert "Could not save" not in text
    app.ctx.writer.last_error = None  # the next save worked: the usual line again
    text = frame(app, prompt, drawn)
    assert i18n._("It is saved; Continue from the title screen.") in text  # maybe wrapped
    assert scene in app.ctx.scenes.stack


# --- the hint line ------------------------------------------------------------------------
def _hint_without_a_button(scene: MatchScene) -> Hint:
    """A hint for an option that no button or card on the table offers (so the line must word
    the move itself): a card to play, with the scene's offer emptied."""
    d = scene.ctl.pending
    option = next(o for o in d.options if o.verb == "play")
    scene.hints.serial, scene.hints.result = d.serial, Hint(option, 0.64, 100, ())
    scene.choices = []
    return scene.hints.result


def test_the_hint_line_words_the_move_in_both_languages(app, drawn, monkeypatch):
    scene = settled_match(app, kind="action")
    h = _hint_without_a_button(scene)
    frame(app, scene, drawn)
    # In the table's words for the move, as the replay viewer words it (not the engine's label)
    name = scene.card_name(h.option.card)
    assert scene.ctl.label(h.option) == f"play {name}"
    assert hint_text(scene, drawn) == f"Hint: Play {name} about 64% to win"
    german(monkeypatch)
    card = i18n.card_name(scene.ctl.game.card(h.option.card))  # its German name
    frame(app, scene, drawn)
    assert hint_text(scene, drawn) == f"Tipp: {card} ausspielen etwa 64 % Siegchance"


def hint_text(scene: MatchScene, drawn: list[str]) -> str:
    """The hint box over the log, its wrapped lines joined, each checked as drawn."""
    return joined([text for text, _color in hint_view._box_lines(scene)], drawn)
