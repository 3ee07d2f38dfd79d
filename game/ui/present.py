"""Putting a drawn frame on the screen: the frame loop's last step.

pygame's SCALED ``display.flip()`` uploads the whole 1280x720 frame into a texture and draws
it over the window with the window's filter (linear, so the table looks smooth at any size),
every frame. Without a GPU (Xvfb, a virtual machine: a software OpenGL such as llvmpipe) that
present is the largest part of a frame. The ``Presenter`` does the same on the same SDL
renderer with a texture of its own, and:

- at exactly 1:1 (a 1280x720 window or screen) it samples the nearest pixel: filtering then
  gives the very same pixels, at a higher cost (measured in bench/ui.py's notes);
- it compares the frame with the one on screen: a frame that did not change is not presented
  at all, and of one that did only the bands of rows that changed are uploaded.

Where there is no such renderer (the headless dummy driver, pygame's software renderer,
which pygame re-creates when full screen is toggled) it keeps the comparison and presents
with ``display.flip()``. ``force()`` makes the next frame go out whole even if unchanged: a
window that was exposed, resized or re-created must be painted again.
"""

from __future__ import annotations

import logging
import os

import pygame

log = logging.getLogger("game")

BAND_ROWS = 16  # the frame is compared in bands of this many rows
MERGE_GAP = 2  # changed bands this many bands apart or closer are uploaded as one


class FrameDiff:
    """Which rows of a frame differ from the previous one (compared exactly, byte for byte)."""

    def __init__(self) -> None:
        self.previous: bytes | None = None
        self.size: tuple[int, int] | None = None

    def reset(self) -> None:
        self.previous = None

    def bands(self, surface: pygame.Surface) -> list[tuple[int, int]] | None:
        """Rows ``[y0, y1)`` that changed since the last call; ``[]`` if none did, ``None`` for
        the whole frame (the first one, or after ``reset`` or a change of size)."""
        data = surface.get_buffer().raw
        previous, self.previous = self.previous, data
        size = surface.get_size()
        if previous is None or size != self.size or len(previous) != len(data):
            self.size = size
            return None
        if previous == data:
            return []
        pitch, height = surface.get_pitch(), size[1]
        out: list[tuple[int, int]] = []
        for y in range(0, height, BAND_ROWS):
            y1 = min(height, y + BAND_ROWS)
            if previous[y * pitch:y1 * pitch] != data[y * pitch:y1 * pitch]:
                if out and y - out[-1][1] <= MERGE_GAP * BAND_ROWS:
                    out[-1] = (out[-1][0], y1)
                else:
                    out.append((y, y1))
        return out


class FlipBackend:
    """pygame's own present: the whole frame, every time."""

    name = "flip"

    def show(self, surface: pygame.Surface, bands: list[tuple[int, int]] | None) -> None:
        pygame.display.flip()

    def reset(self) -> None:
        pass


def _scaled_quality() -> int:
    """The filter the app asked SCALED for (game.app sets linear), as Texture's number."""
    value = os.environ.get("SDL_HINT_RENDER_SCALE_QUALITY", "1").strip().lower()
    return {"0": 0, "nearest": 0, "1": 1, "linear": 1, "2": 2, "best": 2}.get(value, 1)


class TextureBackend:
    """The frame in a texture of our own on SCALED's renderer (its logical size, so the mouse
    and the letterboxing stay pygame's). Two textures: nearest-pixel for a 1:1 window, the
    app's filter for every other size; only the changed bands are uploaded."""

    def __init__(self, window: object, renderer: object) -> None:
        self.window = window
        self.renderer = renderer
        self.textures: dict[int, object] = {}
        self.current: int | None = None  # the quality of the texture shown last
        self.quality = _scaled_quality()

    @property
    def name(self) -> str:
        return "texture-" + {0: "nearest", 1: "linear", 2: "best"}.get(self.current, "none")

    def reset(self) -> None:
        """Drop the textures (a lost render device takes their contents with it)."""
        self.textures.clear()
        self.current = None

    def _texture(self, quality: int, size: tuple[int, int]) -> object:
        from pygame._sdl2 import video

        tex = self.textures.get(quality)
        if tex is None or (tex.width, tex.height) != size:
            tex = video.Texture(self.renderer, size, streaming=True, scale_quality=quality)
            tex.blend_mode = 0  # SDL_BLENDMODE_NONE: the frame is opaque, the 4th byte unused
            self.textures[quality] = tex
        return tex

    def show(self, surface: pygame.Surface, bands: list[tuple[int, int]] | None) -> None:
        self.compose(surface, bands)
        self.renderer.present()

    def compose(self, surface: pygame.Surface, bands: list[tuple[int, int]] | None) -> None:
        """Upload what changed and draw the texture into the renderer's back buffer."""
        size = surface.get_size()
        exact = tuple(self.window.size) == size
        quality = 0 if exact else self.quality
        if quality != self.current or quality not in self.textures:
            bands = None  # this texture holds an older frame: upload all of it
        tex = self._texture(quality, size)
        self.current = quality
        # The display surface is XRGB; the texture ARGB with the same byte order. Seen through
        # a view as ARGB, the upload is a plain copy (Texture.update converts other formats).
        if surface.get_pitch() == size[0] * 4 and surface.get_bitsize() == 32:
            source = pygame.image.frombuffer(surface.get_buffer(), size, "BGRA")
        else:
            source = surface
        if bands is None:
            tex.update(source)
        else:
            for y0, y1 in bands:
                area = (0, y0, size[0], y1 - y0)
                # A tuple, not a Rect: pygame-ce 2.5.8's Texture.update puts a Rect area at
                # the texture's top-left corner (found by tests/test_present.py's Xvfb check).
                tex.update(source.subsurface(area), area)
        del source  # releases the view (and with it the display surface's lock)
        if not exact:  # the bars around a letterboxed table; at 1:1 the frame covers all
            self.renderer.clear()
        tex.draw()


def texture_backend(window: object | None) -> TextureBackend | None:
    """A texture backend on the window's SCALED renderer, or None where there is none to use."""
    if window is None or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None
    try:
        name, flags = pygame.display._get_renderer_info()
        if flags & 1:  # SDL_RENDERER_SOFTWARE: pygame re-creates it on toggling full screen
            return None
        from pygame._sdl2 import video

        renderer = video.Renderer.from_window(window)
        renderer.draw_color = (0, 0, 0, 255)
        return TextureBackend(window, renderer)
    except Exception as exc:  # an older pygame, no renderer: pygame's flip then
        log.info("presenting with display.flip (%s)", exc)
        return None


class Presenter:
    """Shows frames: skips unchanged ones, uploads changed bands, falls back to flip on error."""

    def __init__(self, window: object | None = None, backend: object | None = None) -> None:
        self.diff = FrameDiff()
        self.backend = backend or texture_backend(window) or FlipBackend()
        self.presented = 0  # frames put on the screen
        self.skipped = 0  # frames drawn that were the same as the one on screen
        self._force = True

    @property
    def mode(self) -> str:
        return self.backend.name

    def force(self) -> None:
        """Present the next frame whole, even if it did not change (window exposed, resized)."""
        self._force = True

    def reset(self) -> None:
        """The render device was lost: new textures, the next frame whole."""
        self.backend.reset()
        self.force()

    def present(self, surface: pygame.Surface) -> bool:
        """Put ``surface`` on the screen if it changed; True if something was presented."""
        bands = self.diff.bands(surface)
        if self._force:
            bands, self._force = None, False
        if bands == []:
            self.skipped += 1
            return False
        try:
            self.backend.show(surface, bands)
        except Exception as exc:  # pygame.error and the like: never lose the frame
            if isinstance(self.backend, FlipBackend):
                raise
            log.warning("presenting with display.flip from now on (%s)", exc)
            self.backend = FlipBackend()
            self.backend.show(surface, None)
        self.presented += 1
        return True
