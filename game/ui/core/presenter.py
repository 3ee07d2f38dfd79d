"""Putting a drawn frame on the screen: the frame loop's last step.

The table is drawn into a 1280x720 surface of its own; the window is a plain resizable SDL
window surface (no SCALED renderer: under X11 SDL then sends the pixels with shared-memory
XShmPutImage, no OpenGL). The ``Presenter``

- compares the frame with the one on screen: a frame that did not change is not presented at
  all, and of one that did only the bands of rows that changed go out;
- scales those bands into the window itself (game.ui.core.viewport: at 1x a plain copy, larger nearest
  pixels, smaller a filtered ``smoothscale``) and updates only their rectangles of the window.

Why not SCALED: without a GPU (Xvfb, a virtual machine: Mesa's llvmpipe) its renderer scaled
and sent the whole 1920x1080 window through software OpenGL every frame, 13-30 ms of a 16.7 ms
frame. SDL's own window surface on X11 goes the same way (a "texture framebuffer") unless
SDL_FRAMEBUFFER_ACCELERATION is 0, which game.app sets for X11.

``force()`` makes the next frame go out whole even if unchanged: a window that was exposed,
resized or re-created must be painted again (its bars too).
"""

from __future__ import annotations

import logging
from typing import Any, Protocol, cast

import pygame

from game.ui.core.viewport import STEPS, View

log = logging.getLogger("game")

BAND_ROWS = 16  # the frame is compared in bands of this many rows
MERGE_GAP = 2  # changed bands this many bands apart or closer are uploaded as one


class Backend(Protocol):
    """Where the presenter puts frames: ``show`` a frame's changed bands (None: all of it).
    A backend that also has ``compose`` and ``send`` (ComposingBackend) gets them in two steps."""

    name: str

    def reset(self) -> None: ...

    def show(self, surface: pygame.Surface, bands: list[tuple[int, int]] | None) -> None: ...


class ComposingBackend(Backend, Protocol):
    def compose(self, surface: pygame.Surface,
                bands: list[tuple[int, int]] | None) -> list[pygame.Rect] | None: ...

    def send(self, rects: list[pygame.Rect] | None) -> None: ...


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
        # No copy; released below (it locks the surface). The ignore: pygame-ce's stub does not
        # declare BufferProxy's buffer protocol.
        view = memoryview(surface.get_buffer())  # type: ignore[arg-type]
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


class WindowBackend:
    """Scales the changed bands of the table into the window surface and sends only them.

    A band is widened to whole strips (``View.strip`` rows) and each strip is scaled on its
    own, for a whole frame too: a strip's pixels depend only on its own table rows, never on
    the band it came with, so updating part of the window leaves exactly what a whole repaint
    would (pygame's scalers step in fixed point: the same rows scaled as part of another range
    may sample differently). Where pygame's nearest scaling of any run of strips at once gives
    exactly the strips one by one (most sizes; checked per size), a band is one call: each call
    lets another thread take the interpreter, and getting it back can take a millisecond.
    """

    name = "window"

    def __init__(self) -> None:
        self.view: View | None = None  # the geometry of the picture on screen
        self.whole_runs = False  # a run of strips may be scaled in one call (_runs_scale_alike)

    def reset(self) -> None:
        self.view = None

    def show(self, surface: pygame.Surface, bands: list[tuple[int, int]] | None) -> None:
        self.send(self.compose(surface, bands))

    @staticmethod
    def send(rects: list[pygame.Rect] | None) -> None:
        """Send what ``compose`` put in the window surface (None: all of it)."""
        if rects is None:
            pygame.display.flip()
        else:
            pygame.display.update(rects)

    def compose(self, surface: pygame.Surface,
                bands: list[tuple[int, int]] | None) -> list[pygame.Rect] | None:
        """Scale the changed bands into the window surface; the window rectangles to send
        (None: the whole window)."""
        window = pygame.display.get_surface()
        if window is None:
            raise pygame.error("no window surface")
        view = View.fit(window.get_size())
        if view != self.view:  # resized: the bars and the whole table again
            bands, self.view = None, view
            self.whole_runs = not view.smooth and _runs_scale_alike(view, surface)
        height = surface.get_height()
        if bands is None:
            bands = [(0, height)]
            _paint_bars(window, view)
        if view.k == STEPS:  # 1:1 (a window of another shape: with bars): a plain copy
            rects = [self._copy(surface, window, view, y0, y1) for y0, y1 in bands]
        else:
            rects = [self._scale(surface, window, view, y0, y1, self.whole_runs) for y0, y1 in bands]
        return None if bands == [(0, height)] else rects

    @staticmethod
    def _copy(surface: pygame.Surface, window: pygame.Surface, view: View, y0: int,
              y1: int) -> pygame.Rect:
        area = pygame.Rect(0, y0, surface.get_width(), y1 - y0)
        return window.blit(surface, area.move(view.origin), area)

    @staticmethod
    def _scale(surface: pygame.Surface, window: pygame.Surface, view: View, y0: int,
               y1: int, whole_run: bool = False) -> pygame.Rect:
        strip, height, width = view.strip, surface.get_height(), surface.get_width()
        y0 = y0 // strip * strip
        y1 = min(height, -(-y1 // strip) * strip)
        x, w = view.origin[0], view.size[0]
        scale = pygame.transform.smoothscale if view.smooth else pygame.transform.scale
        step = y1 - y0 if whole_run else strip
        for top in range(y0, y1, step):
            bottom = min(y1, top + step)
            wy0, wy1 = view.rows(top, bottom)
            scale(surface.subsurface((0, top, width, bottom - top)), (w, wy1 - wy0),
                  window.subsurface((x, wy0, w, wy1 - wy0)))
        wy0, wy1 = view.rows(y0, y1)
        return pygame.Rect(x, wy0, w, wy1 - wy0)


def _runs_scale_alike(view: View, table: pygame.Surface) -> bool:
    """Whether nearest-scaling any run of strips in one call gives exactly the strips scaled
    one by one. Tried on a narrow picture of the table's format with every row different (the
    rows sampled do not depend on the width) for every run length from the top (a run's
    pattern depends only on its length): about a millisecond, once per window size."""
    strip, height = view.strip, table.get_height()
    rows = pygame.Surface((8, height), 0, table)
    for y in range(height):
        rows.fill((y & 255, y >> 8, 0), (0, y, 8, 1))

    def scaled(top: int, bottom: int) -> bytes:
        a, b = view.rows(top, bottom)
        part = rows.subsurface((0, top, 8, bottom - top))
        return pygame.image.tobytes(pygame.transform.scale(part, (8, b - a)), "RGB")

    edges = [*range(0, height, strip), height]
    ones = b""
    for top, bottom in zip(edges, edges[1:]):
        ones += scaled(top, bottom)
        if scaled(0, bottom) != ones:
            return False
    return True


def _paint_bars(window: pygame.Surface, view: View) -> None:
    """Black where the window's shape differs from the table's (nothing when 16:9)."""
    ww, wh = window.get_size()
    x, y, w, h = view.rect
    for bar in ((0, 0, ww, y), (0, y + h, ww, wh - y - h), (0, y, x, h), (x + w, y, ww - x - w, h)):
        if bar[2] > 0 and bar[3] > 0:
            window.fill((0, 0, 0), bar)


class Presenter:
    """Shows frames: skips unchanged ones, sends only the changed bands."""

    def __init__(self, backend: Backend | None = None) -> None:
        self.diff = FrameDiff()
        self.backend: Backend = backend or WindowBackend()
        self.presented = 0  # frames put on the screen
        self.skipped = 0  # frames drawn that were the same as the one on screen
        self.failed = 0  # frames the window refused (then the next one goes out whole)
        self._force = True
        self._pending: Any = _NOTHING  # what compose() made ready for send()

    @property
    def mode(self) -> str:
        return self.backend.name

    def force(self) -> None:
        """Present the next frame whole, even if it did not change (window exposed, resized)."""
        self._force = True

    def reset(self) -> None:
        """The window was re-created: the next frame whole, bars included."""
        self.backend.reset()
        self.force()

    def present(self, surface: pygame.Surface) -> bool:
        """Put ``surface`` on the screen if it changed; True if something was presented."""
        return self.compose(surface) and self.send()

    def compose(self, surface: pygame.Surface) -> bool:
        """Compare the frame with the one on screen and make ready what changed (scaled into
        the window surface); True if there is something to send. The frame loop composes
        before it waits for the frame's moment and sends after, so only the sending is left
        between the moment and the screen."""
        bands = self.diff.bands(surface)
        if self._force:
            bands, self._force = None, False
        if bands == []:
            self.skipped += 1
            return False
        compose = getattr(self.backend, "compose", None)
        if compose is None:  # a backend that only shows (tests): it shows at send time
            self._pending = (surface, bands)
            return True
        return self._guard(lambda: setattr(self, "_pending", compose(surface, bands)))

    def send(self) -> bool:
        """Send what ``compose`` made ready; True if a frame went to the screen."""
        pending, self._pending = self._pending, _NOTHING
        if pending is _NOTHING:
            return False
        if hasattr(self.backend, "compose"):
            sent = self._guard(lambda: cast(ComposingBackend, self.backend).send(pending))
        else:
            sent = self._guard(lambda: self.backend.show(*pending))
        self.presented += sent
        return sent

    def _guard(self, call) -> bool:
        try:
            call()
        except pygame.error as exc:  # a window being re-created: paint it whole once it is back
            if not self.failed:
                log.warning("could not show a frame (%s)", exc)
            self.failed += 1
            self.reset()
            return False
        return True


_NOTHING = object()  # no frame composed and waiting to be sent
