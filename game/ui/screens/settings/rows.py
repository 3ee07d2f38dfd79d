"""What a settings row and a settings page are: small data, read by the settings scene.

A row is a label with either a button (its value shown on it, an action on a press) or a
volume slider (its value 0..1 and a setter). Its functions get the ``Host``: the context and
the scene's message line, nothing more of the scene. After a button's action the scene builds
its rows again, so an action only changes the setting (and applies it).

To add a row: add a ``Row`` to a page's ``rows``. To add a page: a module with a ``PAGE`` (see
``game_page.py``), listed in ``pages.PAGES``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame

from game.common.i18n import N_

if TYPE_CHECKING:
    from game.ui.core.context import AppContext


class Host(Protocol):
    """What a row's functions may reach of the settings scene."""

    ctx: AppContext
    message: str | None
    binding: str | None  # the Keys page: the action whose new key is awaited


T = TypeVar("T")


def on_off(flag: bool) -> str:
    """The value of a switch, as an English msgid (translated where drawn)."""
    return N_("On") if flag else N_("Off")


def next_of(values: Sequence[T], current: T) -> T:
    """The value after ``current`` in ``values``, round; the first when it is not among them."""
    try:
        return values[(list(values).index(current) + 1) % len(values)]
    except ValueError:
        return values[0]


@dataclass(frozen=True)
class Row:
    """One setting. ``value`` words it (an English msgid or a plain figure such as "1.5x");
    ``action`` changes it (a button). A slider row gives ``slider`` (read 0..1) and ``slide``
    (set 0..1) instead of ``action``."""

    label: str  # an English msgid
    value: Callable[[Host], str] = lambda host: ""
    action: Callable[[Host], None] | None = None
    slider: Callable[[Host], float] | None = None
    slide: Callable[[Host, float], None] | None = None

    @property
    def is_slider(self) -> bool:
        return self.slider is not None


@dataclass(frozen=True)
class Page:
    """A tab of the settings screen: its title (an English msgid) and its rows, top to bottom.
    ``handle`` may take an event first while the page is shown (a page that listens for a key
    to bind, say); it returns True when it used it."""

    title: str
    rows: tuple[Row, ...]
    handle: Callable[[Host, pygame.event.Event], bool] | None = field(default=None, compare=False)
    note: str | None = None  # an English msgid shown under the rows while there is no message
