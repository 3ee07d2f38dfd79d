"""Title, new-game and settings scenes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common import i18n, safe_text
from game.common.i18n import LANGUAGES, LEVEL_NAMES, N_, _
from game.common.settings import AI_LEVELS, AI_PAUSES, ANIM_SPEEDS
from game.ui.core.scene import Scene
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.screens import title_menu

if TYPE_CHECKING:
    from game.ui.core.context import AppContext

TYPED_NAME_MAX = 16  # characters in a name field; the field is drawn for about that many



class TitleScene(Scene):
    def __init__(self, ctx: AppContext, message: str | None = None) -> None:
        super().__init__(ctx)
        self.message = message
        labels = [N_("Play vs Computer"), N_("Two Players (Hot Seat)"), N_("Team Game (2 vs 2)"),
                  N_("How to Play"), N_("Settings"), N_("Quit")]
        actions = [self._vs_ai, self._hot_seat, self._teams, self._howto, self._settings,
                   lambda: ctx.quit(0)]
        title_menu.extend(self, labels, actions)  # Continue, Replays, Statistics
        rects = title_menu.rects(labels)
        self.row = ButtonRow([Button(r, t, a, primary=(i == 0))
                              for i, (r, t, a) in enumerate(zip(rects, labels, actions, strict=True))])

    def _vs_ai(self) -> None:
        self.ctx.nav.new_game(hot_seat=False, rules="1v1")

    def _hot_seat(self) -> None:
        self.ctx.nav.new_game(hot_seat=True, rules="1v1")

    def _teams(self) -> None:
        self.ctx.nav.new_game(hot_seat=False, rules="2v2")

    def _howto(self) -> None:
        self.ctx.nav.howto()

    def _settings(self) -> None:
        self.ctx.nav.settings()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.dirty = True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.message = None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.quit(0)
            return True
        return self.row.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.renderer)
        title = widgets.text(surface, _("MINDBUG"), 96, (640, 150), theme.ACCENT, bold=True,
                             anchor="center")
        widgets.text(surface, _("First Contact"), 30, (640, title.bottom + 18), theme.TEXT,
                     anchor="center")
        scale = self.ctx.window_scale
        self.row.draw(surface, scale)
        title_menu.draw_extra(self, surface, scale)
        widgets.text(surface, _("Tab / arrows to move, Enter to choose, F11 for full screen"),
                     legible(16, scale), (640, 700), theme.TEXT_DIM, anchor="center")
        if self.message:
            lines = fonts.wrap(self.message, fonts.font(18), 760)
            box = pygame.Rect(240, 12, 800, 22 * len(lines) + 20)
            widgets.panel(surface, box, alpha=240)
            widgets.paragraph(surface, self.message, 18, box.inflate(-40, -20), theme.ACCENT)


SEAT_ROLES = (N_("You"), N_("Left opponent"), N_("Your teammate"), N_("Right opponent"))


class NewGameScene(Scene):
    """Pick the opponent (AI level) or enter two names for a hot-seat game; or, for the 2v2
    team game, say who plays each of the four seats (a person with a name, or the computer)."""

    def __init__(self, ctx: AppContext, hot_seat: bool, rules: str | None = None) -> None:
        super().__init__(ctx)
        self.hot_seat = hot_seat
        self.rules = rules or ctx.settings.rules
        self.level = ctx.settings.ai_level
        self.names = [i18n.display_name(n) for n in ctx.settings.player_names]  # "Player 1" in German
        self.seats = [_parse_seat(s) for s in ctx.settings.seats_2v2]  # [kind, name or level]
        self.names4 = [i18n.display_name(v if k == "person" else f"Player {i + 1}")
                       for i, (k, v) in enumerate(self.seats)]
        self.editing: int | None = None
        self.replace_on_type = False
        self.row = ButtonRow()
        self._build()

    def _edited(self) -> list[str]:
        """The list of names the text field edits (1v1 hot seat or the 2v2 seats)."""
        return self.names4 if self.rules == "2v2" else self.names

    def _build(self) -> None:
        buttons: list[Button] = []
        if self.rules == "2v2":
            self._build_2v2(buttons)
        elif self.hot_seat:
            self.name_rects = [pygame.Rect(440, 250 + i * 90, 400, 50) for i in range(2)]
            for i, r in enumerate(self.name_rects):
                buttons.append(Button(r.copy(), "", lambda i=i: self._edit(i)))
        else:
            for i, lv in enumerate(AI_LEVELS):
                r = pygame.Rect(640 - 5 * 90 + i * 180 + 5, 270, 170, 60)
                buttons.append(Button(r, LEVEL_NAMES[lv], lambda lv=lv: self._pick(lv),
                                      primary=(lv == self.level)))
        if self.rules != "2v2":
            buttons.append(Button(pygame.Rect(470, 470, 340, 58), N_("Start Game"), self._start,
                                  primary=True))
            buttons.append(Button(pygame.Rect(470, 545, 340, 50), N_("Back"), self.ctx.scenes.pop))
        # The choice of game, at the top (last in the Tab order, so 1v1 stays as it was).
        for i, (label, rules) in enumerate(((N_("1 vs 1"), "1v1"), (N_("2 vs 2 (teams)"), "2v2"))):
            buttons.append(Button(pygame.Rect(425 + i * 220, 16, 210, 42), label,
                                  lambda r=rules: self._set_rules(r), primary=(rules == self.rules),
                                  size=18))
        focus = self.row.focus
        self.row = ButtonRow(buttons)
        if focus >= 0:
            self.row.focus = min(focus, len(buttons) - 1)
            self.row.buttons[self.row.focus].focused = True
        self.dirty = True

    def _build_2v2(self, buttons: list[Button]) -> None:
        self.name_rects = []
        for i, (kind, value) in enumerate(self.seats):
            y = 190 + i * 70
            buttons.append(Button(pygame.Rect(470, y, 170, 50), N_("Person") if kind == "person" else N_("Computer"),
                                  lambda i=i: self._toggle_kind(i)))
            r = pygame.Rect(660, y, 300, 50)
            if kind == "person":
                buttons.append(Button(r.copy(), "", lambda i=i: self._edit(i)))
                self.name_rects.append(r)
            else:
                buttons.append(Button(r, LEVEL_NAMES.get(value, value),
                                      lambda i=i: self._cycle_seat_level(i)))
                self.name_rects.append(None)
        buttons.append(Button(pygame.Rect(470, 545, 340, 58), N_("Start Game"), self._start, primary=True))
        buttons.append(Button(pygame.Rect(470, 618, 340, 50), N_("Back"), self.ctx.scenes.pop))

    def _set_rules(self, rules: str) -> None:
        self._stop_editing()
        self.rules = rules
        self.row = ButtonRow()
        self._build()

    def _toggle_kind(self, i: int) -> None:
        self._stop_editing()
        kind = self.seats[i][0]
        self.seats[i] = ["computer", self.level] if kind == "person" else ["person", self.names4[i]]
        self._build()

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
        from game.ui.match.controller import computer, person

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
        from game.ui.match.controller import MatchConfig

        pygame.key.stop_text_input()
        self.ctx.settings.ai_level = self.level
        self.ctx.settings.rules = self.rules
        if self.rules == "2v2":
            seats = self._seat_configs()
            self.ctx.settings.seats_2v2 = tuple(
                f"person:{s.name}" if s.is_person else f"computer:{s.level}" for s in seats)
            config = MatchConfig.for_seats(seats, "2v2", self.ctx.seed)
        elif self.hot_seat:
            names = tuple(n.strip() or f"Player {i + 1}" for i, n in enumerate(self.names))
            self.ctx.settings.player_names = names
            config = MatchConfig(mode="hotseat", names=names, seed=self.ctx.seed)
        else:
            config = MatchConfig(mode="ai", ai_level=self.level,
                                 names=("You", f"Computer ({LEVEL_NAMES[self.level]})"),
                                 seed=self.ctx.seed)
        self.ctx.save_settings()
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
                if event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                    self.replace_on_type = True
                    return True
                if event.key == pygame.K_BACKSPACE:
                    name = names[self.editing]
                    names[self.editing] = "" if self.replace_on_type else name[:-1]
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
            self.ctx.scenes.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.row.focus < 0:
            self._start()  # nothing focused: Enter takes the gold default, as on every prompt
            return True
        return self.row.handle(event)

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
            width = fonts.text_width(name, 26)
            pygame.draw.rect(surface, (170, 205, 250),
                             pygame.Rect(r.x + 10, r.y + 8, width + 8, r.height - 16), border_radius=4)
        widgets.text(surface, fonts.fit_width(shown, r.w - 24, 26), 26, (r.x + 14, r.centery),
                     (20, 20, 20), anchor="midleft")

    def _draw_2v2(self, surface: pygame.Surface) -> None:
        widgets.text(surface, _("Team Game: 2 vs 2"), 44, (640, 100), theme.ACCENT, bold=True,
                     anchor="center")
        widgets.text(surface, _("Seats in turn order. Seats 1 and 3 play together against 2 and 4; "
                     "each team shares 3 life."), 18, (640, 150), theme.TEXT_DIM, anchor="center")
        colors = ((110, 190, 255), (255, 140, 110))
        for i, (_kind, _value) in enumerate(self.seats):
            y = 190 + i * 70
            widgets.text(surface, f"{i + 1}. {_(SEAT_ROLES[i])}", 24, (440, y + 25), colors[i % 2],
                         bold=True, anchor="midright")
        for b in self.row.buttons:
            idx = self.row.buttons.index(b)
            seat = idx // 2 if idx < 8 else None
            if seat is not None and idx % 2 == 1 and self.seats[seat][0] == "person":
                self._draw_name(surface, b.rect, seat, self.names4[seat], b.focused)
            else:
                b.draw(surface, self.ctx.window_scale)
        people = sum(k == "person" for k, _ in self.seats)
        hint = (_("Nobody plays: you watch four computers.") if people == 0 else
                _("One person: the table is seen from your seat.") if people == 1 else
                _("{count} people share this screen: it is covered and passed before each "
                  "person's decision.").format(count=people))
        widgets.text(surface, hint, 18, (640, 478), theme.TEXT, anchor="center")
        widgets.text(surface, _("Person/Computer switches a seat; click a level to change it."),
                     legible(16, self.ctx.window_scale), (640, 508), theme.TEXT_DIM, anchor="center")

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        if self.rules == "2v2":
            self._draw_2v2(surface)
            return
        scale = self.ctx.window_scale
        for b in self.row.buttons[-2:]:
            b.draw(surface, scale)
        title = _("Two Players on This Computer") if self.hot_seat else _("Play vs Computer")
        widgets.text(surface, title, 48, (640, 110), theme.ACCENT, bold=True, anchor="center")
        if self.hot_seat:
            widgets.text(surface, _("Take turns at the same screen. Before each decision the screen "
                         "is covered so nobody sees the other's hand."), 18, (640, 180),
                         theme.TEXT_DIM, anchor="center")
            for i, r in enumerate(self.name_rects):
                widgets.text(surface, _("Player {number} name").format(number=i + 1), 18, (r.x, r.y - 24), theme.TEXT_DIM)
                pygame.draw.rect(surface, (250, 248, 240), r, border_radius=8)
                edge = theme.SELECT if self.editing == i or self.row.buttons[i].focused else (90, 90, 90)
                pygame.draw.rect(surface, edge, r, 3, border_radius=8)
                selected = self.editing == i and self.replace_on_type and self.names[i]
                shown = self.names[i] + ("|" if self.editing == i and not selected else "")
                if selected:
                    width = fonts.text_width(self.names[i], 26)
                    pygame.draw.rect(surface, (170, 205, 250),
                                     pygame.Rect(r.x + 10, r.y + 8, width + 8, r.height - 16),
                                     border_radius=4)
                widgets.text(surface, fonts.fit_width(shown, r.w - 24, 26), 26, (r.x + 14, r.centery),
                             (20, 20, 20), anchor="midleft")
            for b in self.row.buttons[2:-2]:
                b.draw(surface, scale)
        else:
            widgets.text(surface, _("Choose how strong your opponent plays"), 22, (640, 220),
                         theme.TEXT_DIM, anchor="center")
            for b in self.row.buttons[:-2]:
                b.draw(surface, scale)
            self._draw_level_note(surface)

    def _draw_level_note(self, surface: pygame.Surface) -> None:
        """How the picked level plays and its measured rating (issue 13), never made up."""
        from game.ai.levels import DESCRIPTIONS
        from game.ai.ratings import load_ratings
        from game.common.i18n import _

        lines = fonts.wrap(_(DESCRIPTIONS.get(self.level, "")), fonts.font(20), 900)[:2]
        for i, line in enumerate(lines):
            widgets.text(surface, line, 20, (640, 362 + i * 26), theme.TEXT, anchor="center")
        rating = load_ratings().get(self.level)
        if rating is None:
            note = _("Rating: not measured yet")
        elif rating.low == rating.high:
            note = _("Rating: {elo} Elo (the reference the other levels are rated against)"
                     ).format(elo=rating.elo)
        else:
            note = _("Rating: {elo} Elo (95% sure: {low} to {high}; Random = 0)").format(
                elo=rating.elo, low=rating.low, high=rating.high)
        widgets.text(surface, note, 18, (640, 425), theme.TEXT_DIM, anchor="center")


class VolumeSlider(Button):
    """A horizontal slider (0-100 %) that sits in a ButtonRow: click or drag on it, or Left/Right
    while it has the keyboard focus."""

    def __init__(self, rect: pygame.Rect, value: float, on_change) -> None:
        super().__init__(rect, "", lambda: None)
        self.value = value
        self.on_change = on_change
        self.dragging = False

    def set_from_x(self, x: int) -> None:
        track = self.track()
        self.set((x - track.x) / max(1, track.w))

    def set(self, value: float) -> None:
        value = round(min(1.0, max(0.0, value)) * 20) / 20  # steps of 5 %
        if value != self.value:
            self.value = value
            self.on_change(value)

    def track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 16, self.rect.centery - 3, self.rect.w - 90, 6)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.dragging = True
            self.set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            if self.dragging:
                self.set_from_x(event.pos[0])
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface, scale: float = 1.0) -> None:
        color = theme.BUTTON_HOVER if (self.hover or self.focused) else theme.BUTTON
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, color, self.rect, border_radius=10)
        edge = theme.SELECT if self.focused else (255, 255, 255, 60)
        pygame.draw.rect(surface, edge, self.rect, 2 if self.focused else 1, border_radius=10)
        track = self.track()
        pygame.draw.rect(surface, (30, 34, 40), track, border_radius=3)
        filled = pygame.Rect(track.x, track.y, round(track.w * self.value), track.h)
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=3)
        pygame.draw.circle(surface, (250, 250, 250), (filled.right, track.centery), 11)
        pygame.draw.circle(surface, theme.ACCENT, (filled.right, track.centery), 11, 3)
        widgets.text(surface, f"{round(self.value * 100)} %", 20, (self.rect.right - 12, self.rect.centery),
                     theme.TEXT, bold=True, anchor="midright")


class SettingsScene(Scene):
    ROW_TOP, ROW_STEP, ROW_H = 140, 54, 48  # eight rows above the Done button

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.message: str | None = None
        self.row = ButtonRow()
        self._build()

    def _rows(self) -> list[tuple[str, str, object]]:
        s = self.ctx.settings
        return [
            (N_("Animation speed"), f"{s.anim_speed:g}x", self._cycle_speed),
            (N_("Computer's minimum thinking pause"), f"{s.ai_pause:g} s", self._cycle_pause),
            (N_("Full screen (F11)"), N_("On") if s.fullscreen else N_("Off"), self._toggle_fullscreen),
            (N_("Sound"), N_("On") if s.sound else N_("Off"), self._toggle_sound),
            (N_("Volume"), "", None),  # the slider
            (N_("Default computer level"), LEVEL_NAMES[s.ai_level], self._cycle_level),
            (N_("Hints against the computer"), N_("On") if s.hints else N_("Off"), self._toggle_hints),
            (N_("Language"), LANGUAGES.get(s.language, s.language), self._cycle_language),
        ]

    def _set_volume(self, value: float) -> None:
        self.ctx.settings.volume = value
        try:
            self.ctx.sounds.set_volume(value)
        except Exception:  # placeholder sounds have no volume
            pass
        self.ctx.play_sound("click")  # hear the new level
        self.dirty = True

    def _build(self) -> None:
        buttons = []
        for i, (_label, value, action) in enumerate(self._rows()):
            rect = pygame.Rect(760, self.ROW_TOP + i * self.ROW_STEP, 260 if action is None else 220, self.ROW_H)
            if action is None:
                buttons.append(VolumeSlider(rect, self.ctx.settings.volume, self._set_volume))
            else:
                buttons.append(Button(rect, value, action))
        buttons.append(Button(pygame.Rect(470, 580, 340, 56), N_("Done"), self._done, primary=True))
        focus = self.row.focus
        self.row = ButtonRow(buttons)
        if focus >= 0:
            self.row.focus = focus
            buttons[focus].focused = True
        self.dirty = True

    @staticmethod
    def _next(values: tuple, current: object) -> object:
        try:
            return values[(values.index(current) + 1) % len(values)]
        except ValueError:
            return values[0]

    def _cycle_speed(self) -> None:
        self.ctx.settings.anim_speed = self._next(ANIM_SPEEDS, self.ctx.settings.anim_speed)
        self._build()

    def _cycle_pause(self) -> None:
        self.ctx.settings.ai_pause = self._next(AI_PAUSES, self.ctx.settings.ai_pause)
        self._build()

    def _toggle_fullscreen(self) -> None:
        self.ctx.toggle_fullscreen()
        self._build()

    def _toggle_sound(self) -> None:
        self.ctx.set_sound(not self.ctx.settings.sound)
        self.ctx.play_sound("click")
        self._build()

    def _toggle_hints(self) -> None:
        self.ctx.settings.hints = not self.ctx.settings.hints
        self._build()

    def _cycle_level(self) -> None:
        self.ctx.settings.ai_level = self._next(AI_LEVELS, self.ctx.settings.ai_level)
        self._build()

    def _cycle_language(self) -> None:
        """Switch at once: every scene translates its texts when drawn, so redraw them all."""
        code = self._next(tuple(LANGUAGES), self.ctx.settings.language)
        self.ctx.settings.language = i18n.set_language(code)
        stack = self.ctx.scenes.stack
        for i, scene in enumerate(stack):
            if type(scene) is TitleScene:  # its Continue line was worded when it was made
                stack[i] = TitleScene(self.ctx, scene.message)
            elif hasattr(scene, "language_changed"):  # a match: the open decision's buttons
                scene.language_changed()
            stack[i].dirty = True
        self._build()

    def _done(self) -> None:
        self.message = self.ctx.save_settings()
        if self.message is None:
            self.ctx.scenes.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._done()
            return True
        focused = self.row.buttons[self.row.focus] if 0 <= self.row.focus < len(self.row.buttons) else None
        if isinstance(focused, VolumeSlider) and event.type == pygame.KEYDOWN \
                and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            focused.set(focused.value + (0.05 if event.key == pygame.K_RIGHT else -0.05))
            return True
        return self.row.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        widgets.text(surface, _("Settings"), 52, (640, 100), theme.ACCENT, bold=True, anchor="center")
        for i, (label, _value, _a) in enumerate(self._rows()):
            widgets.text(surface, _(label), 24, (300, self.ROW_TOP + self.ROW_H // 2 + i * self.ROW_STEP), theme.TEXT,
                         anchor="midleft")
        self.row.draw(surface, self.ctx.window_scale)
        if self.message:
            widgets.text(surface, self.message, 18, (640, 660), theme.DANGER, anchor="center")


def _parse_seat(spec: str) -> list[str]:
    """ "person:Ann" -> ["person", "Ann"]; "computer:hard" -> ["computer", "hard"]."""
    kind, _, value = spec.partition(":")
    if kind == "person":
        return ["person", value or "Player"]
    return ["computer", value if value in AI_LEVELS else "medium"]
