"""What every scene may reach: settings, the scene stack, the card renderer, sounds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.common import settings as settings_mod
from game.common.i18n import _
from game.common.settings import Settings
from game.ui.core.scene_stack import SceneManager
from game.ui.core.viewport import View
from game.ui.core.window import set_fullscreen

if TYPE_CHECKING:
    from game.persist.store import Store
    from game.persist.writer import BackgroundWriter
    from game.ui.core.contracts import CardRenderer, OfferRecord, SoundPlayer
    from game.ui.core.music import Music
    from game.ui.core.navigator import Navigator
    from game.ui.core.speech_out import ScreenSpeech


@dataclass
class AppContext:
    settings: Settings
    settings_path: Path | None
    renderer: CardRenderer
    sounds: SoundPlayer
    # Makes the sounds anew when sound is switched on or off: (enabled, volume) -> player.
    make_sounds: Callable[[bool, float], SoundPlayer]
    scenes: SceneManager = field(default_factory=SceneManager)
    running: bool = True
    exit_code: int = 0
    # Flags from the command line that change how a match behaves.
    demo: bool = False
    exit_after_game: bool = False
    seed: int | None = None
    frames: int = 0  # frames drawn so far (bench and tests read it)
    speed_override: float | None = None
    demo_level: str | None = None
    # Saves and replays (game.ui.core.saves sets them up): the store, its writer thread, --record
    # FILE, and --quit-after N.
    store: Store | None = None
    writer: BackgroundWriter | None = None
    record_path: Path | None = None
    quit_after: int | None = None
    window: pygame.Window | None = None  # the SDL window (pygame.Window), for its size
    window_size: tuple[int, int] | None = None  # the size to restore on leaving full screen
    # The start-up title offered the tutorial; written down after its first frame (the write
    # with its fsync is not needed to draw it).
    tutorial_offer_unsaved: OfferRecord | None = None
    music: Music | None = None  # the loops under menus and play (game/app.py makes it)
    # Speech (issue 25): the session's sink and the focus speaker; None: never asked for.
    speech: ScreenSpeech | None = None
    # How scenes change screens (game.ui.routes.Routes, set by game/app.py right after this).
    nav: Navigator = field(init=False, repr=False)

    def save_settings(self) -> str | None:
        """Save; returns an error message instead of raising (a full disk is not a crash)."""
        try:
            settings_mod.save(self.settings, self.settings_path)
        except OSError as exc:
            return _("Could not save settings: {reason}").format(reason=exc.strerror or exc)
        return None

    def anim(self, seconds: float) -> float:
        """A base duration scaled by the animation speed setting."""
        return seconds / max(0.1, self.speed)

    @property
    def speed(self) -> float:
        return self.speed_override or self.settings.anim_speed

    def play_sound(self, name: str) -> None:
        try:
            self.sounds.play(name)
        except Exception:  # a broken audio device must never stop the game
            pass

    def set_sound(self, enabled: bool) -> None:
        self.settings.sound = enabled
        self.sounds = self.make_sounds(enabled, self.settings.volume)
        if self.music is not None:
            self.music.set_enabled(enabled)

    def set_speech(self, enabled: bool) -> None:
        """The Settings' "Speech" switch: the voice opens or closes at once."""
        self.settings.speech = enabled
        if self.speech is None:
            from game.ui.core.speech_out import ScreenSpeech

            self.speech = ScreenSpeech(False, None, self.settings)
        else:
            self.speech.apply(self.settings)

    def toggle_fullscreen(self) -> None:
        win = self.window
        if win is not None and not self.settings.fullscreen:
            self.window_size = win.size

        try:
            set_fullscreen(win, not self.settings.fullscreen)
        except pygame.error:
            pass
        self.settings.fullscreen = not self.settings.fullscreen
        if win is not None and not self.settings.fullscreen and self.window_size:
            try:  # back to the size the player had, not the table's 1280x720
                win.size = self.window_size
            except pygame.error:
                pass

    @property
    def window_scale(self) -> float:
        """How large the 1280x720 table is drawn in the window (below 1: a small window)."""
        try:
            w, h = pygame.display.get_window_size()
        except pygame.error:
            return 1.0
        if not w or not h:
            return 1.0

        return View.fit((w, h)).scale

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code
