"""Hot seat by ear (issue 45): the curtain's rule is said as it comes down (who, and how to lift
it: Tab, then Enter), and the reading keys under it answer that the curtain is down, never
the table or a hand; they never lift it."""

from __future__ import annotations

import pygame

from game.speech.narrator import CURTAIN_READING
from game.ui.core.match_config import MatchConfig
from game.ui.match.curtain import CurtainScene
from game.ui.match.scene import MatchScene
from tests.support.speech_keys import open_speaking_window, tap


def test_the_curtain_says_its_rule_and_the_reading_keys_say_it_is_down(open_window):
    app, sink = open_speaking_window(open_window)
    scene = MatchScene(app.ctx, MatchConfig(mode="hotseat", names=("Ann", "Bo"), seed=12))
    sink.scene = scene
    app.ctx.scenes.replace(scene)
    for _ in range(600):
        app.step()
        if isinstance(app.ctx.scenes.top, CurtainScene):
            break
    curtain = app.ctx.scenes.top
    assert isinstance(curtain, CurtainScene)
    app.step()
    rule = [line for line in sink.lines if line.startswith("The curtain is down: ")]
    assert rule and rule[-1].endswith("press Tab, then Enter, to lift the curtain."), rule
    curtain.update(1.0)  # armed: a reading key must still not lift it
    app.step()
    assert sink.lines[-1] == "I'm Bo: show my cards"  # the button, once it can be taken
    for key in (pygame.K_t, pygame.K_c, pygame.K_i, pygame.K_l, pygame.K_r):
        tap(app, key)
        assert sink.lines[-1] == CURTAIN_READING.format(player=curtain.name), pygame.key.name(key)
        assert app.ctx.scenes.top is curtain
    said = len(sink.lines)
    tap(app, pygame.K_x)  # not a reading key: nothing to say
    assert len(sink.lines) == said
    assert not sink.leaks, sink.leaks
