"""Take back against the computer in the window: the "Undo (Ctrl+Z)" button (in the left
column; in 2v2 above the teammate's row), and Ctrl+Z (the work is game.persist.takeback's).

- Offered only where one person plays computers (1v1, or 2v2 with three computers), in a game
  dealt from a seed (a lesson's or puzzle's set position cannot be rebuilt), not for the daily
  deal (its result counts), never in hot seat, a demo or over a network, and only while the
  Settings allow it ("Take backs").
- Taking back cuts the game's record just before the person's previous decision and continues
  that record as a resumed game through the navigator, marked ``assisted`` (its save and its
  replay say so; statistics keep it apart). The cut save is written at once, so a close right
  after the takeback continues from there.
- The save's lock passes from the old scene to the new one: the old saver is told it no longer
  holds it, so leaving does not free the game for another window in between.
- What came after the cut is kept as the takeback's ``ReplyScript``: while the person repeats
  the recorded choices, each computer answers as recorded (``ScriptFeed``; the script checks the
  answer against the real pending decision's options, which tells the computer nothing: it is
  its own recorded move). Once the person chooses otherwise, the computers think again.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import pygame

from game.common.i18n import N_, _
from game.persist.takeback import TakebackError
from game.persist.takeback import take_back as cut_back
from game.ui.kit import theme
from game.ui.kit.widgets import Button
from game.words import texts

if TYPE_CHECKING:
    import random

    from game.engine import Decision, Option, View
    from game.persist.takeback import ReplyScript
    from game.ui.core.ai_worker import Chooser
    from game.ui.match.controller import MatchController

#: Ctrl+Z.
KEY = pygame.K_z
# In the left column, between the opponent's panel and yours (Menu and Hint keep the top row).
BUTTON_RECT = pygame.Rect(10, 334, 172, 48)
# 2v2: the left column holds four seat plates; the button goes at the right end of the strip
# above your teammate's row (its label stands at the left end).
BUTTON_RECT_4 = pygame.Rect(846, 10, 154, 32)

# One button per match scene, kept here so the scene needs no field for it (weak: it goes with
# the scene).
_buttons: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class ScriptFeed:
    """The computers' recorded answers after a takeback, shared by every computer seat: told
    each answered decision from the controller's choices (``sync``) before it is asked."""

    def __init__(self, script: ReplyScript, ctl: MatchController) -> None:
        self.script = script
        self.ctl = ctl
        self.seen = len(ctl.choices)  # the choices before the cut are not the script's

    def sync(self) -> ReplyScript:
        choices = self.ctl.choices
        for choice in choices[self.seen:]:
            self.script.observe(choice)
        self.seen = len(choices)
        return self.script

    def reply(self) -> Option | None:
        return self.sync().reply(self.ctl.game)


class ScriptedAgent:
    """A computer seat's agent that first plays the recorded answer, if the script has one."""

    def __init__(self, agent: Chooser, feed: ScriptFeed) -> None:
        self.agent = agent
        self.feed = feed

    def choose(self, view: View, decision: Decision, rng: random.Random) -> Option:
        answer = self.feed.reply()
        return answer if answer is not None else self.agent.choose(view, decision, rng)


def _feed(ctl: MatchController) -> ScriptFeed | None:
    return next((a.feed for a in ctl.agents.values() if isinstance(a, ScriptedAgent)), None)


def allowed(sc: Any) -> bool:  # the match scene, which imports this module
    """May the person take a move back now?"""
    ctl = sc.ctl
    config = sc.config
    ctx = sc.ctx
    if not getattr(ctx.settings, "takebacks", True) or ctx.demo or getattr(sc, "networked", False):
        return False
    if config.mode != "ai" or not ctl.recordable or config.on_finish is not None or ctl.over:
        return False
    if len(ctl.humans) != 1 or getattr(sc, "curtain_up", False):
        return False
    person = next(iter(ctl.humans))
    return any(c.by == person for c in ctl.choices)


def buttons(sc: Any) -> list[Button]:  # the match scene, which imports this module
    """The Undo button (where the table has room for it), or nothing."""
    if not allowed(sc):
        return []
    button = _buttons.get(sc)
    if button is None:
        button = _buttons[sc] = Button(pygame.Rect(BUTTON_RECT), N_("Undo (Ctrl+Z)"), lambda: None,
                                       size=18)
    button.action = lambda: take_back(sc)
    button.rect = pygame.Rect(BUTTON_RECT_4 if sc.model.n_seats == 4 else BUTTON_RECT)
    return [button]


def take_back(sc: Any) -> bool:  # the match scene, which imports this module
    """The game again at the person's previous decision, as a new (resumed) match scene;
    False (nothing changes) when no move can be taken back."""
    if not allowed(sc):
        return False
    ctl = sc.ctl
    feed = _feed(ctl)
    try:
        taken = cut_back(ctl.record(), 1, feed.sync() if feed is not None else None,
                         db=getattr(ctl.game, "db", None))
    except TakebackError as exc:
        sc.message = str(exc)
        return False
    ctl.worker = None  # a computer's search for the position being left is not wanted
    saver = ctl.saver
    if saver is not None and saver.claimed:
        saver.claimed = False  # the lock stays held: the next scene's saver takes it over
    refused = sc.ctx.nav.resume(taken.record)
    if refused:
        sc.message = refused
        return False
    scene = sc.ctx.scenes.top
    new = getattr(scene, "ctl", None)
    if new is None:
        return False
    if taken.script.live:
        shared = ScriptFeed(taken.script, new)
        new.agents = {s: ScriptedAgent(a, shared) for s, a in new.agents.items()}
    if new.saver is not None:
        new.saver.changed(new.record())  # the cut save now: closed at once, it continues here
    turn = new.game.turn_no
    drop_continued_line(scene)

    def words() -> str:
        return _("Move taken back: your decision of turn {number} again.").format(number=turn)

    scene.table.log_line(words(), theme.ACCENT, words)
    return True


def drop_continued_line(scene: Any) -> None:  # the match scene, which imports this module
    """The resumed scene's last log line says the game goes on from its save; after a takeback
    or a play from here the game was not continued from a save: that line goes (the caller
    adds its own)."""
    ctl, log = scene.ctl, scene.table.log
    said = texts.continued(ctl.game.turn_no)
    if log and log[-1][0] == said:
        log.pop()


__all__ = ["KEY", "ScriptFeed", "ScriptedAgent", "allowed", "buttons", "drop_continued_line",
           "take_back"]
