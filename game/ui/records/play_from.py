"""Play from here: the replay viewer's button and P key, and the small panel they open.

At the viewer's current decision the panel asks which seat you take, who plays the other
seats (computers of a level, or people at this screen: hot seat), and whether the unseen cards
are dealt afresh (the default: what
your seat could not see at that moment is dealt again from a new seed, consistent with what it
has seen) or keep the recorded order ("same deal"). Start makes the branch
(game.persist.branch.play_from), writes its save at once and continues it through the
navigator as any saved game: Continue and its replay work like any other game's, its record
holds the link to where it started, and the statistics count it as assisted.

Keys in the panel: Tab / arrows move between its buttons, Enter presses (with none focused:
Start), Esc closes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.common.i18n import LEVEL_NAMES, N_, _, display_name
from game.common.settings import AI_LEVELS
from game.persist.branch import PlayFromError, default_seats, play_from
from game.persist.record import SeatInfo
from game.persist.summary import short_date
from game.ui.kit import theme
from game.ui.kit.legible import legible
from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.kit.widgets import Button
from game.ui.match.takeback import drop_continued_line
from game.words.texts import goes_first

if TYPE_CHECKING:
    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext
    from game.ui.records.viewer_contract import ReplayViewerLike

KEY = pygame.K_p
TITLE = N_("Play from here")
#: The "Others" button's choices after the computer levels: the other seats are people.
HOT_SEAT = "people"


def button(viewer: ReplayViewerLike, rect: pygame.Rect) -> Button:
    """The viewer's "Play from here (P)" button."""
    return Button(rect, N_("Play from here (P)"), lambda: open_panel(viewer),
                  size=legible(15, viewer.ctx.window_scale))


def open_panel(viewer: ReplayViewerLike, seat: int | None = None) -> None:
    """The panel for the viewer's current decision (the moment shown: before decision k), for
    ``seat`` (None: the seat the viewer shows)."""
    seat = viewer.view_seat if seat is None else seat
    viewer.ctx.scenes.push(PlayFromPanel(viewer.ctx, viewer.record, viewer.k, seat,
                                         turn=viewer.tl.turn_at(viewer.k)))


def _computer_level(record: GameRecord, fallback: str) -> str:
    level = next((s.level for s in record.seats if s.kind == "computer" and s.level), None)
    return level if level in AI_LEVELS else fallback


class PlayFromPanel(MenuOverlay):
    def __init__(self, ctx: AppContext, record: GameRecord, at: int, seat: int | None,
                 turn: int | None = None) -> None:
        self.record = record
        self.turn = turn  # the moment's turn, for its line (None: not said)
        self.at = max(0, min(at, len(record.choices)))
        people = [i for i, s in enumerate(record.seats) if s.kind == "person"]
        self.seat = seat if seat is not None else (people[0] if people else 0)
        self.level = _computer_level(record, ctx.settings.ai_level)
        self.same_deal = False
        self.error: str | None = None
        buttons = [(N_("Start (Enter)"), self.start), ("", self.next_seat), ("", self.next_level),
                   ("", self.toggle_deal)]
        super().__init__(ctx, TITLE, buttons, [self._line()], esc=self.cancel)
        self._label()

    # What the buttons say ------------------------------------------------------------------
    def _line(self) -> str:
        if self.error:
            return self.error
        if self.turn is None:
            return _("From move {number} of {count}. Esc: back to the replay.").format(
                number=self.at, count=len(self.record.choices))  # as the viewer counts them
        return _("From turn {turn}, move {number} of {count}. Click a choice to change it; "
                 "Esc: back to the replay.").format(turn=self.turn, number=self.at,
                                                    count=len(self.record.choices))

    def _label(self) -> None:
        b = self.row.buttons
        name = display_name(self.record.seats[self.seat].name)
        # The side by its player's name ("the side of Ann"), never a seat number.
        b[1].text = _("You play your own side") if name in ("You", _("You")) else \
            _("You play the side of {player}").format(player=name)
        b[2].text = _("Others: people (hot seat)") if self.level == HOT_SEAT else \
            _("Others: computers ({level})").format(level=_(LEVEL_NAMES[self.level]))
        b[3].text = _("Deal: same as recorded") if self.same_deal else \
            _("Deal: unseen cards afresh")
        self.lines = [self._line()]
        self._fit()
        self.dirty = True

    def language_changed(self) -> None:
        self._label()

    # Choices -----------------------------------------------------------------------------------
    def next_seat(self) -> None:
        self.seat = (self.seat + 1) % len(self.record.seats)
        self.error = None
        self._label()

    def next_level(self) -> None:
        """Random, Easy, ... Expert computers, then people (hot seat), then Random again."""
        order = (*AI_LEVELS, HOT_SEAT)
        self.level = order[(order.index(self.level) + 1) % len(order)]
        self._label()

    def seats(self) -> tuple[SeatInfo, ...]:
        """Who sits where in the new game: you at ``self.seat``; the others computers of the
        chosen level, or people (hot seat: each named as in the record when a person of
        another name than "You" sat there, else by the seat's number)."""
        if self.level != HOT_SEAT:
            return default_seats(self.record.rules, self.seat, self.level)
        out = []
        for s, info in enumerate(self.record.seats):
            # "You" addresses the one person of a game against the computer; at a shared
            # screen the curtain would say "Pass to You": that seat goes by its number.
            mine = info.kind == "person" and info.name != "You"
            name = info.name if mine else f"Player {s + 1}"
            out.append(SeatInfo("person", None, name))
        if len({i.name for i in out}) < len(out):  # two people of one name: the seats' numbers
            out = [SeatInfo("person", None, f"Player {s + 1}") for s in range(len(out))]
        return tuple(out)

    def toggle_deal(self) -> None:
        self.same_deal = not self.same_deal
        self.error = None
        self._label()

    def cancel(self) -> None:
        self.ctx.scenes.remove(self)

    def start(self) -> bool:
        """Make the branch, save it, play it; False (the reason in the panel) if it cannot be."""
        try:
            branch = play_from(self.record, self.at, self.seat, seats=self.seats(),
                               same_deal=self.same_deal)
        except PlayFromError as exc:
            self.error = str(exc)
            self._label()
            return False
        except (LookupError, ValueError) as exc:  # a record the rules no longer rebuild
            self.error = _("No game can start from this moment ({reason}).").format(reason=exc)
            self._label()
            return False
        refused = self.ctx.nav.resume(branch.record)
        if refused:
            self.error = refused
            self._label()
            return False
        scene = self.ctx.scenes.top
        ctl = getattr(scene, "ctl", None)
        table = getattr(scene, "table", None)
        if ctl is not None and ctl.saver is not None:
            ctl.saver.changed(ctl.record())  # kept at once, like any game after a decision
        if ctl is not None:
            number = branch.at  # counted as the viewer counts: decisions made before it
            turn, when = ctl.game.turn_no, short_date(self.record)
            drop_continued_line(scene)
            drop_goes_first_line(scene)

            def words() -> str:
                return _("Played on from turn {turn} of the replay of {date} (move "
                         "{number}).").format(turn=turn, date=when, number=number)


            if table is not None:
                table.log_line(words(), theme.ACCENT, words)
        return True


def drop_goes_first_line(scene: Any) -> None:  # the match scene, which imports this module
    """The new scene's log says who went first, as for a game from its deal; a game played on
    from the middle of another went first nowhere: that line goes."""
    ctl, log = scene.ctl, scene.table.log
    said = {goes_first(ctl.name(s)) for s in range(ctl.game.n_seats)}
    log[:] = [entry for entry in log if entry[0] not in said]


__all__ = ["KEY", "PlayFromPanel", "button", "drop_goes_first_line", "open_panel"]
