"""Putting a drawn frame on the screen: the frame loop's last step.

pygame's SCALED ``display.flip()`` uploads the whole 1280x720 frame into a texture, clears
the window and draws the texture over it, every frame. Without a GPU (Xvfb, a virtual machine: a software OpenGL such as llvmpipe) that
present is the largest part of a frame. The ``Presenter`` does the same on the same SDL
renderer with a texture of its own, and:

- it compares the frame with the one on screen: a frame that did not change is not presented
  at all, and of one that did only the bands of rows that changed are uploaded;
- it does not clear the window first when the table covers all of it (a 16:9 window).

The window shows exactly the pixels pygame's flip showed (tests/test_present.py checks it).

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
    """Which rows of a frame differ from the previous one (compared exactly, byte for byte).

    The previous frame is kept as one bytearray per band: a bytearray compares with a slice
    of the surface's buffer by memcmp and takes a changed band by memcpy, so a frame costs one
    read of both frames and a copy of what changed, and nothing is allocated per frame.
    """

    def __init__(self) -> None:
        self.previous: list[bytearray] = []
        self.layout: tuple[int, int, int] | None = None  # width, height, pitch

    def reset(self) -> None:
        self.previous = []

    def bands(self, surface: pygame.Surface) -> list[tuple[int, int]] | None:
        """Rows ``[y0, y1)`` that changed since the last call; ``[]`` if none did, ``None`` for
        the whole frame (the first one, or after ``reset`` or a change of size)."""
        (width, height), pitch = surface.get_size(), surface.get_pitch()
        view = memoryview(surface.get_buffer())  # no copy; released below (it locks the surface)
        parts = [view[y * pitch:min(height, y + BAND_ROWS) * pitch]
                 for y in range(0, height, BAND_ROWS)]
        try:
            if not self.previous or self.layout != (width, height, pitch):
                self.layout = (width, height, pitch)
                self.previous = [bytearray(part) for part in parts]
                return None
            out: list[tuple[int, int]] = []
            for i, (old, part) in enumerate(zip(self.previous, parts, strict=True)):
                if old != part:
                    old[:] = part
                    y0, y1 = i * BAND_ROWS, min(height, (i + 1) * BAND_ROWS)
                    if out and y0 - out[-1][1] <= MERGE_GAP * BAND_ROWS:
                        out[-1] = (out[-1][0], y1)
                    else:
                        out.append((y0, y1))
            return out
        finally:
            for part in parts:
                part.release()
            view.release()


class FlipBackend:
    """pygame's own present: the whole frame, every time."""

    name = "flip"

    def show(self, surface: pygame.Surface, bands: list[tuple[int, int]] | None) -> None:
        pygame.display.flip()

    def reset(self) -> None:
        pass


class TextureBackend:
    """The frame in a texture of our own on SCALED's renderer (its logical size, so the mouse
    and the letterboxing stay pygame's), of which only the changed bands are uploaded.

    At the table's size and larger it samples the nearest pixel, as pygame's SCALED texture
    does (pygame reads app.py's SDL_HINT_RENDER_SCALE_QUALITY only to allow fractional zoom; its
    filter stays nearest): sharp, and cheapest with a software GL (linear costs ~3 ms more per
    frame under Xvfb's llvmpipe at 1920x1080). In a window smaller than the table it filters
    linearly: at 0.75x nearest sampling drops whole rows and columns of each glyph and the
    cards' text breaks up (issue 12: text legible down to 960x540).
    """

    name = "texture"
    NEAREST, LINEAR = 0, 1

    def __init__(self, window: object, renderer: object) -> None:
        self.window = window
        self.renderer = renderer
        self.texture: object | None = None
        self.quality = self.NEAREST

    def _wanted_quality(self, size: tuple[int, int]) -> int:
        w, h = self.window.size
        return self.LINEAR if w < size[0] or h < size[1] else self.NEAREST

    def reset(self) -> None:
        """Drop the texture (a lost render device takes its contents with it)."""
        self.texture = None

    def _texture(self, size: tuple[int, int]) -> tuple[object, bool]:
        """The texture, and whether it is new (then it holds no frame yet)."""
        from pygame._sdl2 import video

        tex = self.texture
        quality = self._wanted_quality(size)
        if tex is not None and (tex.width, tex.height) == size and quality == self.quality:
            return tex, False
        tex = video.Texture(self.renderer, size, streaming=True, scale_quality=quality)
        self.quality = quality
        tex.blend_mode = 0  # SDL_BLENDMODE_NONE: the frame is opaque, its 4th byte unused
        self.texture = tex
        return tex, True

    def show(self, surface: pygame.Surface, bands: list[tuple[int, int]] | None) -> None:
        self.compose(surface, bands)
        self.renderer.present()

    def compose(self, surface: pygame.Surface, bands: list[tuple[int, int]] | None) -> None:
        """Upload what changed and draw the texture into the renderer's back buffer."""
        size = surface.get_size()
        tex, new = self._texture(size)
        if new:
            bands = None
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
        w, h = self.window.size
        if w * size[1] != h * size[0]:  # letterboxed: clear the bars; else the frame covers all
            self.renderer.clear()
        tex.draw()


def texture_backend(window: object | None) -> TextureBackend | None:
    """A texture backend on the window's SCALED renderer, or None where there is none to use."""
    if window is None or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None
    try:
        flags = pygame.display._get_renderer_info()[1]
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
