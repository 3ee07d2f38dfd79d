"""The system clipboard for short texts (replay codes, the daily deal's line).

pygame-ce's ``pygame.scrap.put_text``/``get_text`` (SDL's clipboard). A window without a
clipboard (a headless test, an X server without a selection owner) is a message for the player,
never an exception.
"""

from __future__ import annotations

import pygame

from game.common.i18n import _

MAX_PASTE_CHARS = 4000  # a replay code is at most 1,200 characters; a paste beyond is not one


def copy_text(text: str) -> str | None:
    """Put ``text`` on the clipboard; None if done, else one line saying why not."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, TypeError, UnicodeError) as exc:
        return _("The clipboard cannot be used here ({reason}); write the text down instead.").format(
            reason=str(exc) or exc.__class__.__name__)
    return None


def paste_text() -> tuple[str | None, str | None]:
    """(text, message): the clipboard's text (cut to MAX_PASTE_CHARS) or a line saying why not."""
    try:
        text: object = pygame.scrap.get_text()  # typed str; guarded all the same
    except (pygame.error, AttributeError, UnicodeError) as exc:
        return None, _("The clipboard cannot be used here ({reason}); type the code instead.").format(
            reason=str(exc) or exc.__class__.__name__)
    if not isinstance(text, str):
        return None, _("The clipboard holds no text.")
    return text[:MAX_PASTE_CHARS], None
