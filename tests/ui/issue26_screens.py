"""The screens of issue 26 as the layout check draws them (tests/ui/test_layout_overlap.py):
kept apart so that file does not grow. The match with its Undo (Ctrl+Z) button, the
"Play from here" panel (with the longest line it shows: a refusal), and the moments box with
three long lines."""

from __future__ import annotations


class _DoneJob:
    """An analysis already finished (the layout check does not search)."""

    def __init__(self, result):
        self.result, self.error, self.fraction, self.done = result, None, 1.0, True

    def cancel(self):
        pass

    def wait(self, timeout=None):
        return True


def _moments(record, db):
    from game.ai.moments import Move, Point, SeatMoments

    longest = max(db.defs, key=lambda d: len(d.name_de or d.name))
    other = max((d for d in db.defs if d is not longest), key=lambda d: len(d.name))
    chosen, better = Move("attack", "action", longest), Move("block", "block", other)
    n = len(record.choices)
    rates = [0.7, 0.45, 0.62, 0.31, 0.5, 0.12]
    points = [Point(i * (n - 1) // (len(rates) - 1), 3 + i, chosen, r, 0.72, better, 0.66)
              for i, r in enumerate(rates)]
    return {0: SeatMoments(0, points)}


def learn_screens(app, ctx, record):
    import pygame

    from game.ui.core.match_config import MatchConfig
    from game.ui.match.scene import MatchScene
    from game.ui.records import moments_view
    from game.ui.records.moments_view import MomentsBox
    from game.ui.records.play_from import PlayFromPanel
    from game.ui.records.viewer import ReplayScene

    match = MatchScene(ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Bartholomew"),
                                        seed=4))
    ctx.scenes.replace(match)
    for _ in range(400):
        app.step()
        if match.ctl.is_human(match.ctl.decider()) and not match.queue and match.choices:
            break
    match.submit(match.ctl.pending.options[0])
    for _ in range(400):
        app.step()
        if match.ctl.is_human(match.ctl.decider()) and not match.queue and match.choices:
            break
    assert match.ctl.choices
    yield "a match with Undo (Ctrl+Z)", match, False
    viewer = ReplayScene(ctx, record)
    ctx.scenes.replace(viewer)
    panel = PlayFromPanel(ctx, record, len(record.choices) - 1, 1 - record.choices[-1].by)
    panel.start()  # refused: that seat decides nothing more (the panel's longest line)
    ctx.scenes.push(panel)
    yield "the play-from-here panel with a refusal", panel, True
    ctx.scenes.replace(viewer)
    moments_view._jobs[viewer] = (_DoneJob(_moments(record, viewer.tl.states[0].db)), 0)
    viewer.view_seat = 0
    box = MomentsBox(viewer)
    ctx.scenes.push(box)
    box.update(0.0)
    assert box.moments and pygame.display.get_init()
    yield "the moments box", box, True
