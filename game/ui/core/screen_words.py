"""What each screen is, said as it comes on top (issue 45, "nothing silent"): its title where it
has none of its own to say, and its purpose in one sentence, so a player who cannot see it
knows where they are and what the screen is for. The first screen of a session is greeted
with the game's name.

The words are kept here, one ``ScreenWords`` per screen, and each screen names its own as
``spoken_words`` (the screens' class names are never looked up). A screen without them says
only its own title.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.common.i18n import N_, _

GREETING = N_("Welcome to Mindbug: First Contact.")

#: The keys every menu screen shares, said once with the title's purpose.
_MENU_KEYS = N_("Tab or the arrows move between the buttons, Enter takes one, Esc goes back.")


def _new_game_title(scene: object) -> str:
    if getattr(scene, "hot_seat", False):
        return N_("Two Players on This Computer")
    return N_("Play vs Computer")


def _new_game_purpose(scene: object) -> str:
    if getattr(scene, "rules", "1v1") == "2v2":
        return N_("The 2 against 2 team game: choose who plays each of the four seats, then "
                  "Start Game.")
    if getattr(scene, "hot_seat", False):
        return N_("Type each player's name, then Start Game; a curtain hides each hand in turn.")
    return N_("Choose the computer's level, then Start Game.")


Words = str | Callable[[object], str] | None


@dataclass(frozen=True)
class ScreenWords:
    """What a screen says as it comes on top, kept by the screen as its ``spoken_words``: its
    title where it says none of its own, its purpose in one sentence (English msgids, or a
    function of the screen giving one), and whether the keys every menu shares follow."""

    title: Words = None
    purpose: Words = None
    menu_keys: bool = False


TITLE_SCREEN = ScreenWords(N_("Title"), N_("Play a game, learn the game, or change the settings."),
                           menu_keys=True)
NEW_GAME_SCREEN = ScreenWords(_new_game_title, _new_game_purpose)
SETTINGS_SCREEN = ScreenWords(None, N_("Page Down or Ctrl+Tab goes to the next page; Enter "
                                       "changes the setting in focus; Esc saves and goes back."))
HOW_TO_PLAY_SCREEN = ScreenWords(N_("How to play"), N_("The rules in short, one topic on each tab."))
GALLERY_SCREEN = ScreenWords(None, N_("Every card of the game: the arrows choose one, and it is "
                                      "read in full."))
STATS_SCREEN = ScreenWords(None, N_("Your results against the computer: Up and Down read each "
                                    "line."))
REPLAYS_SCREEN = ScreenWords(None, N_("Your finished games: Up and Down choose one, Enter watches "
                                      "it."))
GAMES_SCREEN = ScreenWords(None, N_("The games you have not finished: choose one to continue it."))
DAILY_SCREEN = ScreenWords(N_("Daily deal"), N_("Today's deal, the same for every player: play it "
                                                "for your streak."))
_NO_WORDS = ScreenWords()


def _word(words: Words, scene: object) -> str | None:
    text = words(scene) if callable(words) else words
    return _(text) if text else None


def _words_of(scene: object) -> ScreenWords:  # any scene: read with getattr
    words = getattr(scene, "spoken_words", None)
    return words if isinstance(words, ScreenWords) else _NO_WORDS


def title_of(scene: object) -> str | None:  # any scene: read with getattr
    """The title said for a scene that has none of its own (translated), or None."""
    return _word(_words_of(scene).title, scene)


def purpose_of(scene: object) -> str | None:  # any scene: read with getattr
    """What the screen is for, in one sentence (translated), or None."""
    words = _words_of(scene)
    purpose = _word(words.purpose, scene)
    if purpose and words.menu_keys:
        return f"{purpose} {_(_MENU_KEYS)}"
    return purpose


def table_words(scene: object) -> str:
    """A box's table of numbers (the game over's: cards played, Mindbugs used, creatures
    defeated, for each side), row by row: "Cards played: Ada 5, Bo 4." ("" without one).
    Its first row names the columns; every figure in it is public (the game's own events)."""
    table = getattr(scene, "full_table", None)
    if not isinstance(table, list) or len(table) < 2:
        return ""
    names = [str(name) for name in table[0][1:]]
    rows = []
    for row in table[1:]:
        figures = ", ".join(f"{name} {value}" for name, value in zip(names, row[1:], strict=False))
        rows.append(_("{label}: {figures}.").format(label=_(str(row[0])), figures=figures))
    return " ".join(rows)
