"""The new-game screen: the computer's level (1v1), two names (hot seat), or who plays each
of the four seats (the 2v2 team game) and its set-up (2 or 1 Mindbugs per player, one set or
two sets shuffled together: the variant's text); Start Game asks the navigator for the match."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.common import i18n, safe_text
from game.common.i18n import LEVEL_NAMES, N_, _
from game.common.settings import AI_LEVELS
from game.ui.core.scene import Scene
from game.ui.core.screen_words import NEW_GAME_SCREEN
from game.ui.kit import fonts, text_field, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import enlarged, legible
from game.ui.kit.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from game.ui.core.context import AppContext

TYPED_NAME_MAX = 16  # characters in a name field; the field is drawn for about that many
# A single game or a match (game.ui.match.series): the button beside Start cycles them.
LENGTH_LABELS = {1: N_("Single game"), 3: N_("Best of 3"), 5: N_("Best of 5")}

SEAT_ROLES = (N_("You"), N_("Left opponent"), N_("Your teammate"), N_("Right opponent"))
# The 2v2 set-ups (game.engine.variants), each button cycling its choices.
MINDBUG_LABELS = {2: N_("2 Mindbugs each"), 1: N_("1 Mindbug each")}
SET_LABELS = {1: N_("Deck: 1 set"), 2: N_("Deck: 2 sets (96 cards)")}


class NewGameScene(Scene):
    """Pick the opponent (AI level) or enter two names for a hot-seat game; or, for the 2v2
    team game, say who plays each of the four seats (a person with a name, or the computer)."""
    spoken_words = NEW_GAME_SCREEN  # what speech says as the screen comes on top

    def __init__(self, ctx: AppContext, hot_seat: bool, rules: str | None = None,
                 mindbugs: int | None = None, sets: int | None = None) -> None:
        super().__init__(ctx)
        self.hot_seat = hot_seat
        self.rules = rules or ctx.settings.rules
        self.level = ctx.settings.ai_level
        self.names = [i18n.display_name(n) for n in ctx.settings.player_names]  # "Player 1" in German
        self.seats = [_parse_seat(s) for s in ctx.settings.seats_2v2]  # [kind, name or level]
        self.names4 = [i18n.display_name(v if k == "person" else f"Player {i + 1}")
                       for i, (k, v) in enumerate(self.seats)]
        for i, (kind, _value) in enumerate(self.seats):
            if kind == "person" and self._numbered(self.names4[i]):
                self.names4[i] = self._person_default(i)
        self.length = 1  # games in the match: 1, 3 or 5
        # 2v2: Mindbugs per player (the variant recommends 2; 1 works) and First Contact sets
        # shuffled into the deck; the last ones chosen unless the command line says
        self.mindbugs = mindbugs if mindbugs is not None else ctx.settings.mindbugs_2v2
        self.sets = sets if sets is not None else ctx.settings.sets_2v2
        self.editing: int | None = None
        self.replace_on_type = False
        self.rating_details = False  # the level's Elo figures shown (D or a click on the line)
        self.details_rect: pygame.Rect | None = None
        self.row = ButtonRow()
        self._build()

    def spoken_focus(self) -> str | None:
        """Speech: the focused button with what the screen shows beside it: the seat it belongs
        to, a name field's name, and which level and which game (1 vs 1, 2 vs 2) are chosen."""
        i = self.row.focus
        if not 0 <= i < len(self.row.buttons):
            return None
        b = self.row.buttons[i]
        label = _(b.text) if b.text else ""
        if self.rules == "2v2" and i < 8:
            seat = i // 2
            where = f"{seat + 1}. {_(SEAT_ROLES[seat])}"
            if i % 2 == 1 and self.seats[seat][0] == "person":
                label = _("name: {name}").format(name=self.names4[seat])
            return f"{where}: {label}"
        if self.rules != "2v2" and self.hot_seat and i < 2:
            return _("Name of player {number}: {name}").format(number=i + 1, name=self.names[i])
        chosen = b.primary and b.text not in (N_("Start Game"), "")
        said = _("{label}, selected").format(label=label) if chosen else label
        if self.rules != "2v2" and not self.hot_seat and i < len(AI_LEVELS):
            return f"{said}. {self.level_words(AI_LEVELS[i])}"  # what the screen shows of it
        return said

    def level_words(self, level: str) -> str:
        """A level as the note under the buttons shows it (issue 45: said with its button):
        how it plays and how strong it is, from the measured ratings."""
        from game.ai.levels import DESCRIPTIONS
        from game.ai.ratings import load_ratings

        return " ".join(t for t in (_(DESCRIPTIONS.get(level, "")), strength_words(level, load_ratings())) if t)

    def _edited(self) -> list[str]:
        """The list of names the text field edits (1v1 hot seat or the 2v2 seats)."""
        return self.names4 if self.rules == "2v2" else self.names

    def _build(self) -> None:
        buttons: list[Button] = []
        large = self._large = large_text()
        if self.rules == "2v2":
            self._build_2v2(buttons)
        elif self.hot_seat:
            rects = [pygame.Rect(440, (290 + i * 100) if large else (250 + i * 90), 400, 50)
                     for i in range(2)]
            self.name_rects: list[pygame.Rect | None] = [*rects]  # None: 2v2's computer seats
            for i, r in enumerate(rects):
                buttons.append(Button(r.copy(), "", partial(self._edit, i)))
        else:
            for i, lv in enumerate(AI_LEVELS):
                r = pygame.Rect(640 - 5 * 90 + i * 180 + 5, 225 if large else 270, 170, 56 if large else 60)
                buttons.append(Button(r, LEVEL_NAMES[lv], partial(self._pick, lv),
                                      primary=(lv == self.level)))
        if self.rules != "2v2":
            buttons.append(Button(pygame.Rect(470, 470, 340, 58), N_("Start Game"), self._start,
                                  primary=True))
            buttons.append(Button(pygame.Rect(470, 545, 340, 50), N_("Back"), self.ctx.scenes.pop))
        # A single game or a match, beside Start (after the rest in the Tab order).
        start_y = 549 if self.rules == "2v2" else 474
        length = (pygame.Rect(840, LARGE_2V2_FOOT + 4 if self.rules == "2v2" else 474, 300, 50) if large
                  else pygame.Rect(830, start_y, 210, 50))
        buttons.append(Button(length, LENGTH_LABELS[self.length], self._cycle_length, size=20))
        # The choice of game, at the top (last in the Tab order, so 1v1 stays as it was).
        for i, (label, rules) in enumerate(((N_("1 vs 1"), "1v1"), (N_("2 vs 2 (teams)"), "2v2"))):
            tab = pygame.Rect(330 + i * 320, 12, 300, 46) if large else pygame.Rect(425 + i * 220, 16, 210, 42)
            buttons.append(Button(tab, label, partial(self._set_rules, rules), primary=(rules == self.rules),
                                  size=18))
        # A game over the network (issue 24); last: the Tab order of the rest is kept.
        if large:  # wide enough for their words: side by side under Back, or left of Start
            host, join = ((pygame.Rect(190, 614, 440, 50), pygame.Rect(650, 614, 440, 50))
                          if self.rules != "2v2" else
                          (pygame.Rect(20, LARGE_2V2_FOOT, 440, 50), pygame.Rect(20, LARGE_2V2_FOOT + 60, 440, 50)))
        else:
            host, join = ((pygame.Rect(470, 620, 167, 50), pygame.Rect(643, 620, 167, 50))
                          if self.rules != "2v2" else
                          (pygame.Rect(240, 549, 210, 50), pygame.Rect(240, 618, 210, 50)))
        buttons.append(Button(host, N_("Host a game"),
                              lambda: self.ctx.nav.host_game(self.rules, (self.mindbugs, self.sets)),
                              size=18))
        buttons.append(Button(join, N_("Join a game"), lambda: self.ctx.nav.join_game(), size=18))
        if self.rules == "2v2":  # the set-up, last in the Tab order
            for i, (label, action) in enumerate(((MINDBUG_LABELS[self.mindbugs], self._cycle_mindbugs),
                                                 (SET_LABELS[self.sets], self._cycle_sets))):
                buttons.append(Button(setup_rect(i, large), label, action, size=18))
        focus = self.row.focus
        self.row = ButtonRow(buttons)
        if focus >= 0:
            self.row.focus = min(focus, len(buttons) - 1)
            self.row.buttons[self.row.focus].focused = True
        self.dirty = True

    def _build_2v2(self, buttons: list[Button]) -> None:
        self.name_rects = []
        large = self._large
        for i, (kind, value) in enumerate(self.seats):
            y = seat_y(i, large)
            kind_rect = pygame.Rect(450, y, 230, 50) if large else pygame.Rect(470, y, 170, 50)
            buttons.append(Button(kind_rect, N_("Person") if kind == "person" else N_("Computer"),
                                  partial(self._toggle_kind, i)))
            r = pygame.Rect(690, y, 300, 50) if large else pygame.Rect(660, y, 300, 50)
            if kind == "person":
                buttons.append(Button(r.copy(), "", partial(self._edit, i)))
                self.name_rects.append(r)
            else:
                buttons.append(Button(r, LEVEL_NAMES.get(value, value),
                                      partial(self._cycle_seat_level, i)))
                self.name_rects.append(None)
        buttons.append(Button(pygame.Rect(470, LARGE_2V2_FOOT if large else 545, 340, 54 if large else 58),
                              N_("Start Game"), self._start, primary=True))
        buttons.append(Button(pygame.Rect(470, LARGE_2V2_FOOT + 60 if large else 618, 340, 50), N_("Back"),
                              self.ctx.scenes.pop))

    def _set_rules(self, rules: str) -> None:
        self._stop_editing()
        self.rules = rules
        self.row = ButtonRow()
        self._build()

    def _cycle_length(self) -> None:
        lengths = tuple(LENGTH_LABELS)
        self.length = lengths[(lengths.index(self.length) + 1) % len(lengths)]
        self._build()

    def _cycle_mindbugs(self) -> None:
        self.mindbugs = 1 if self.mindbugs == 2 else 2
        self._build()

    def _cycle_sets(self) -> None:
        self.sets = 2 if self.sets == 1 else 1
        self._build()

    def _toggle_kind(self, i: int) -> None:
        self._stop_editing()
        kind = self.seats[i][0]
        if kind != "person" and self._numbered(self.names4[i]):
            self.names4[i] = self._person_default(i)
        self.seats[i] = ["computer", self.level] if kind == "person" else ["person", self.names4[i]]
        self._build()

    @staticmethod
    def _numbered(name: str) -> bool:
        """A name nobody typed: "Player 3" (in the language shown), or nothing."""
        return not name.strip() or name in {i18n.display_name(f"Player {n}") for n in range(1, 5)}

    def _person_default(self, seat: int) -> str:
        """A 2v2 person's name before one is typed: the people's names as the 1v1 hot seat
        keeps them (the first person the first name, the second the second), never the seat's
        number ("Player 3" for the second person); a third person the next name nobody has."""
        used = {self.names4[j] for j, (kind, _v) in enumerate(self.seats)
                if kind == "person" and j != seat and not (j > seat and self._numbered(self.names4[j]))}
        # the 1v1 screen's names ("Player 1" and "Player 2" until typed), then the next numbers
        offered = [*self.names, *(i18n.display_name(f"Player {n}") for n in range(3, 6))]
        return next(name for name in offered if name not in used)

    def _cycle_seat_level(self, i: int) -> None:
        level = self.seats[i][1]
        self.seats[i][1] = AI_LEVELS[(AI_LEVELS.index(level) + 1) % len(AI_LEVELS)] \
            if level in AI_LEVELS else "medium"
        self._build()

    def _stop_editing(self) -> None:
        if self.editing is not None:
            self.editing = None
            pygame.key.stop_text_input()

    def _seat_configs(self) -> list:
        from game.ui.core.match_config import computer, person

        out = []
        for i, (kind, value) in enumerate(self.seats):
            if kind == "person":
                out.append(person(self.names4[i].strip() or f"Player {i + 1}"))
            else:
                out.append(computer(value))
        return out

    def _pick(self, level: str) -> None:
        self.level = level
        self._build()

    def _edit(self, i: int) -> None:
        self.editing = i
        # The whole name starts selected, as in any text field: typing replaces it.
        self.replace_on_type = True
        pygame.key.start_text_input()
        self.dirty = True

    def _start(self) -> None:
        from game.ui.core.match_config import MatchConfig

        pygame.key.stop_text_input()
        self.ctx.settings.ai_level = self.level
        self.ctx.settings.rules = self.rules
        self._remember_names()
        if self.rules == "2v2":
            self.ctx.settings.mindbugs_2v2, self.ctx.settings.sets_2v2 = self.mindbugs, self.sets
            config = MatchConfig.for_seats(self._seat_configs(), "2v2", self.ctx.seed,
                                           mindbugs=self.mindbugs, sets=self.sets)
        elif self.hot_seat:
            config = MatchConfig(mode="hotseat", names=self.ctx.settings.player_names, seed=self.ctx.seed)
        else:
            config = MatchConfig(mode="ai", ai_level=self.level,
                                 names=("You", f"Computer ({LEVEL_NAMES[self.level]})"),
                                 seed=self.ctx.seed)
        self.ctx.save_settings()
        if self.length > 1:
            self.ctx.nav.start_series(config, self.length)
        else:
            self.ctx.nav.start_match(config)

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if self.editing is not None:
            names = self._edited()
            if event.type == pygame.TEXTINPUT:
                if self.replace_on_type:
                    names[self.editing] = ""
                    self.replace_on_type = False
                # The one rule for names (game.common.safe_text): a pasted escape sequence, a bidi
                # override or a pile of accents never reaches the screen or the save.
                names[self.editing] = safe_text.clean(names[self.editing] + event.text,
                                                      TYPED_NAME_MAX)
                return True
            if event.type == pygame.KEYDOWN:
                if text_field.selects_all(event):
                    self.replace_on_type = True
                    return True
                if event.key == pygame.K_BACKSPACE:
                    names[self.editing] = text_field.backspaced(names[self.editing], self.replace_on_type,
                                                                event)
                    self.replace_on_type = False
                    return True
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                    self.editing = None
                    pygame.key.stop_text_input()
                    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                        # The name is done; the gold "Start Game" takes the next Enter. Not at
                        # once: a hot-seat player fills the first name and still has the second.
                        self._focus_start()
                        return True
                    return self.row.handle(event) if event.key == pygame.K_TAB else True
        if event.type == pygame.MOUSEBUTTONDOWN and self.editing is not None:
            self.editing = None
            pygame.key.stop_text_input()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._remember_names()  # typed, then left without a game: still there next time
            self.ctx.save_settings()
            self.ctx.scenes.pop()
            return True
        pressed_d = event.type == pygame.KEYDOWN and event.key == pygame.K_d
        clicked = (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1
                   and self.details_rect is not None and self.details_rect.collidepoint(event.pos))
        if self.editing is None and (pressed_d or clicked):
            self.rating_details = not self.rating_details  # the Elo figures behind the words
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.row.focus < 0:
            self._start()  # nothing focused: Enter takes the gold default, as on every prompt
            return True
        return self.row.handle(event)

    def _remember_names(self) -> None:
        """The names and seats as typed, into the settings (the next new game starts from them)."""
        if self.rules == "2v2":
            self.ctx.settings.seats_2v2 = tuple(
                f"person:{s.name}" if s.is_person else f"computer:{s.level}" for s in self._seat_configs())
        elif self.hot_seat:
            first, second = (n.strip() or f"Player {i + 1}" for i, n in enumerate(self.names))
            self.ctx.settings.player_names = (first, second)

    def _focus_start(self) -> None:
        """Put the keyboard focus on "Start Game" (Tab and the arrows go on from there)."""
        for i, b in enumerate(self.row.buttons):
            b.focused = b.action == self._start
            if b.focused:
                self.row.focus = i

    def _draw_name(self, surface: pygame.Surface, r: pygame.Rect, i: int, name: str,
                   focused: bool) -> None:
        pygame.draw.rect(surface, (250, 248, 240), r, border_radius=8)
        edge = theme.SELECT if self.editing == i or focused else (90, 90, 90)
        pygame.draw.rect(surface, edge, r, 3, border_radius=8)
        selected = self.editing == i and self.replace_on_type and name
        shown = name + ("|" if self.editing == i and not selected else "")
        if selected:
            width = fonts.text_width(name, legible(26))
            pygame.draw.rect(surface, (170, 205, 250),
                             pygame.Rect(r.x + 10, r.y + 8, width + 8, r.height - 16), border_radius=4)
        widgets.text(surface, fonts.fit_width(shown, r.w - 24, legible(26)), 26, (r.x + 14, r.centery),
                     (20, 20, 20), anchor="midleft")

    def _draw_2v2(self, surface: pygame.Surface) -> None:
        large = self._large
        widgets.text(surface, _("Team Game: 2 vs 2"), 44, (640, 96 if large else 100), theme.ACCENT, bold=True,
                     anchor="center")
        words = _("Seats in turn order. Seats 1 and 3 play together against 2 and 4; each team shares 3 life.")
        if large:
            _centred(surface, words, 18, 122, theme.TEXT_DIM, 2)
        else:
            widgets.text(surface, words, 18, (640, 150), theme.TEXT_DIM, anchor="center")
        colors = ((110, 190, 255), (255, 140, 110))
        for i, (_kind, _value) in enumerate(self.seats):
            y = seat_y(i, large)
            widgets.text(surface, f"{i + 1}. {_(SEAT_ROLES[i])}", 24, (440, y + 25), colors[i % 2],
                         bold=True, anchor="midright")
        for b in self.row.buttons:
            idx = self.row.buttons.index(b)
            seat = idx // 2 if idx < 8 else None
            if seat is not None and idx % 2 == 1 and self.seats[seat][0] == "person":
                self._draw_name(surface, b.rect, seat, self.names4[seat], b.focused)
            else:
                b.draw(surface, self.ctx.window_scale)
        box = setup_rect(0, large).union(setup_rect(1, large))
        scale = self.ctx.window_scale  # a small window: no smaller on screen than elsewhere
        widgets.text(surface, _("Set-up"), legible(20, scale), (box.centerx, box.top - 8), theme.ACCENT,
                     bold=True, anchor="midbottom")
        if not large and (self.mindbugs == 1 or self.sets == 2):  # the variant's words on it
            note = _("The rules recommend 2 Mindbugs each.") if self.mindbugs == 1 else \
                _("Two copies of the game, shuffled together.")
            size = legible(16, scale)
            lines = fonts.wrap(note, fonts.font(size), box.w)
            for n, line in enumerate(lines[:3]):
                widgets.text(surface, line, size, (box.centerx, box.bottom + 8 + n * (size + 4)),
                             theme.TEXT_DIM, anchor="midtop")
        people = sum(k == "person" for k, _ in self.seats)
        hint = (_("Nobody plays: you watch four computers.") if people == 0 else
                _("One person: the table is seen from your seat.") if people == 1 else
                _("{count} people share this screen: it is covered and passed before each "
                  "person's decision.").format(count=people))
        if large:
            y = _centred(surface, hint, 18, 430, theme.TEXT, 2)
            _centred(surface, _("Person/Computer switches a seat; click a level to change it."), 16, y,
                     theme.TEXT_DIM, 2)
            return
        widgets.text(surface, hint, 18, (640, 478), theme.TEXT, anchor="center")
        widgets.text(surface, _("Person/Computer switches a seat; click a level to change it."),
                     legible(16, self.ctx.window_scale), (640, 508), theme.TEXT_DIM, anchor="center")

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        if self._large != large_text():
            self._build()  # the text size changed under it (Settings)
        large = self._large
        if self.rules == "2v2":
            self._draw_2v2(surface)
            return
        scale = self.ctx.window_scale
        for b in self.row.buttons[-2:]:
            b.draw(surface, scale)
        title = _("Two Players on This Computer") if self.hot_seat else _("Play vs Computer")
        widgets.text(surface, title, 48, (640, 110), theme.ACCENT, bold=True, anchor="center")
        if self.hot_seat:
            words = _("Take turns at the same screen. Before each decision the screen "
                      "is covered so nobody sees the other's hand.")
            if large:
                _centred(surface, words, 18, 165, theme.TEXT_DIM, 2)
            else:
                widgets.text(surface, words, 18, (640, 180), theme.TEXT_DIM, anchor="center")
            label = legible(18)
            for i, r in enumerate(self.name_rects):
                if r is None:  # a computer's seat of 2v2: no name field
                    continue
                widgets.text(surface, _("Player {number} name").format(number=i + 1), label,
                             (r.x, r.y - label - 6), theme.TEXT_DIM)
                pygame.draw.rect(surface, (250, 248, 240), r, border_radius=8)
                edge = theme.SELECT if self.editing == i or self.row.buttons[i].focused else (90, 90, 90)
                pygame.draw.rect(surface, edge, r, 3, border_radius=8)
                selected = self.editing == i and self.replace_on_type and self.names[i]
                shown = self.names[i] + ("|" if self.editing == i and not selected else "")
                if selected:
                    width = fonts.text_width(self.names[i], legible(26))
                    pygame.draw.rect(surface, (170, 205, 250),
                                     pygame.Rect(r.x + 10, r.y + 8, width + 8, r.height - 16),
                                     border_radius=4)
                widgets.text(surface, fonts.fit_width(shown, r.w - 24, legible(26)), 26, (r.x + 14, r.centery),
                             (20, 20, 20), anchor="midleft")
            for b in self.row.buttons[2:-2]:
                b.draw(surface, scale)
        else:
            widgets.text(surface, _("Choose how strong your opponent plays"), 22, (640, 190 if large else 220),
                         theme.TEXT_DIM, anchor="center")
            for b in self.row.buttons[:-2]:
                b.draw(surface, scale)
            self._draw_level_note(surface)

    def _draw_level_note(self, surface: pygame.Surface) -> None:
        """How the picked level plays and its measured rating (issue 13), never made up."""
        from game.ai.levels import DESCRIPTIONS
        from game.ai.ratings import load_ratings

        ratings = load_ratings()
        if self.rating_details:
            note = rating_details(ratings.get(self.level))
        else:
            note = _("Press D or click here for the measured strength")
        if self._large:  # each under the one before, as many lines as they take
            y = _centred(surface, _(DESCRIPTIONS.get(self.level, "")), 20, 292, theme.TEXT, 2)
            y = _centred(surface, strength_words(self.level, ratings), 20, y, theme.TEXT, 1)
            top = y
            y = _centred(surface, note, 18, y, theme.TEXT_DIM, 1)
            self.details_rect = pygame.Rect(340, top, 600, y - top)
            return
        lines = fonts.wrap(_(DESCRIPTIONS.get(self.level, "")), fonts.font(20), 900)[:2]
        for i, line in enumerate(lines):
            widgets.text(surface, line, 20, (640, 362 + i * 26), theme.TEXT, anchor="center")
        widgets.text(surface, strength_words(self.level, ratings), 20, (640, 425), theme.TEXT,
                     anchor="center")
        self.details_rect = widgets.text(surface, note, 18, (640, 452), theme.TEXT_DIM, anchor="center")


#: The 2v2 screen at a large text size: the top of its foot's buttons (Start, Host a game, and
#: under them Back and Join a game): under the seats two lines of who plays and two of how to
#: change a seat (German at 200%: four rows of 38 px from 430).
LARGE_2V2_FOOT = 590


def large_text() -> bool:
    """The Settings' text size makes the labels larger than the screen was made for: the
    screen's other layout (wider buttons, lines that wrap)."""
    return enlarged(20)


def setup_rect(i: int, large: bool) -> pygame.Rect:
    """The 2v2 set-up's button ``i`` (0: Mindbugs per player, 1: the deck), right of the seats."""
    # at a large text size each label takes two lines: the column has no room for a wider one
    return pygame.Rect(1000, 214 + i * 98, 270, 90) if large else pygame.Rect(990, 225 + i * 62, 270, 50)


def seat_y(i: int, large: bool) -> int:
    """The top of the 2v2 seat ``i``'s row."""
    return 200 + i * 58 if large else 190 + i * 70


def _centred(surface: pygame.Surface, text: str, size: int, top: int, color, most: int) -> int:
    """``text`` centred from ``top``, wrapped into at most ``most`` lines (the last cut with an
    ellipsis if it needs more); returns the y under it."""
    size = legible(size)
    lines = fonts.wrap(text, fonts.font(size), 1220)
    if len(lines) > most:
        lines = lines[:most - 1] + [fonts.fit_width(" ".join(lines[most - 1:]), 1220, size)]
    for line in lines:
        widgets.text(surface, line, size, (640, top), color, anchor="midtop")
        top += size + 6
    return top


def strength_words(level: str, ratings: dict) -> str:
    """How strong a level is, as a player reads it: how often it beats the level below
    (from the measured ratings; nothing is said that was not measured)."""
    from game.ai.levels import LEVELS

    index = LEVELS.index(level) if level in LEVELS else -1
    if index <= 0:
        return _("The gentlest opponent.")
    below = LEVELS[index - 1]
    mine, theirs = ratings.get(level), ratings.get(below)
    if mine is None or theirs is None:
        return _("Stronger than {level}.").format(level=_(LEVEL_NAMES[below]))
    wins = round(10 / (1 + 10 ** ((theirs.elo - mine.elo) / 400)))
    return _("Beats {level} about {wins} games in 10.").format(level=_(LEVEL_NAMES[below]), wins=wins)


def rating_details(rating) -> str:
    """The measured figures behind the words (one key or click away)."""
    if rating is None:
        return _("Rating: not measured yet")
    if rating.low == rating.high:
        return _("Rating: {elo} Elo (the reference the other levels are rated against)").format(elo=rating.elo)
    return _("Rating: {elo} Elo (95% sure: {low} to {high}; Random = 0)").format(
        elo=rating.elo, low=rating.low, high=rating.high)


def _parse_seat(spec: str) -> list[str]:
    """ "person:Ann" -> ["person", "Ann"]; "computer:hard" -> ["computer", "hard"]."""
    kind, _, value = spec.partition(":")
    if kind == "person":
        return ["person", value or "Player"]
    return ["computer", value if value in AI_LEVELS else "medium"]
