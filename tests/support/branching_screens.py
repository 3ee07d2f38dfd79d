"""Screens for the layout walk (tests/ui/screens/test_layout_overlap.py) about branching a game: the
match with its Undo (Ctrl+Z) button, the
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
    moments_view._jobs[viewer] = (_DoneJob(_moments(record, viewer.tl.states[0].db)), (0,))
    viewer.view_seat = 0
    box = MomentsBox(viewer)
    ctx.scenes.push(box)
    box.update(0.0)
    assert box.moments and pygame.display.get_init()
    yield "the moments box", box, True
    # A game played on from a replay: its viewer (the link in the log, "Where it began (O)")
    # and the replay list with that game selected (the link under the rows).
    import random
    from dataclasses import replace

    from game.persist import record as rec
    from game.persist.branch import play_from
    from game.persist.rebuild import choice_of
    from game.ui.records.replay_list import ReplaysScene

    at = [i for i, c in enumerate(record.choices) if c.by == 0][2]
    branch = play_from(record, at, 0, seed=5)
    game, rng, choices = branch.game, random.Random(1), []
    while game.winner is None:
        option = rng.choice(game.pending.options)
        choices.append(choice_of(game, option))
        game.respond(option)
    played = replace(branch.record, choices=tuple(choices),
                     result=rec.Result(game.winner, "life", game.turn_no))
    yield "the viewer of a game played on from a replay", ReplayScene(ctx, played), False
    ctx.store.save_replay(played)
    listing = ReplaysScene(ctx)
    assert listing.loading.wait(30)
    listing.message = "The replay this game was played on from is no longer kept."
    yield "the replay list with the link under it", listing, False
    # Hot seat: the box with its seat button.
    people = tuple(rec.SeatInfo("person", None, n) for n in ("Bartholomew the Great", "Ann"))
    hot = ReplayScene(ctx, replace(record, mode="hotseat", seats=people))
    ctx.scenes.replace(hot)
    moments_view._jobs[hot] = (_DoneJob(_moments(record, hot.tl.states[0].db)), (0, 1))
    box = MomentsBox(hot)
    ctx.scenes.push(box)
    box.update(0.0)
    yield "the moments box of a hot-seat game", box, True
    # The statistics of the assisted games alone (the game played on above is one).
    from game.ui.records.statistics import StatsScene

    stats = StatsScene(ctx)
    assert stats.loading.wait(30)
    stats.update(0.0)
    stats.toggle_assisted()
    assert stats.assisted.games
    yield "the statistics of the assisted games", stats, False
