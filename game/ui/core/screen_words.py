"""What each screen is, said as it comes on top (issue 45, "nothing silent"): its title where it
has none of its own to say, and its purpose in one sentence, so a player who cannot see it
knows where they are and what the screen is for. The first screen of a session is greeted
with the game's name.

Kept here, by the screens' class names, rather than in each screen: the words are speech's,
and the screens stay as they are. A screen missing here says only its own title, as before.
"""

from __future__ import annotations

from collections.abc import Callable

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

#: Scene class name -> (title if the scene says none itself, purpose), English msgids.
SCREENS: dict[str, tuple[Words, Words]] = {
    "TitleScene": (N_("Title"), N_("Play a game, learn the game, or change the settings.")),
    "NewGameScene": (_new_game_title, _new_game_purpose),
    "SettingsScene": (None, N_("Page Down or Ctrl+Tab goes to the next page; Enter changes "
                               "the setting in focus; Esc saves and goes back.")),
    "HowToPlayScene": (N_("How to play"), N_("The rules in short, one topic on each tab.")),
    "GalleryScene": (None, N_("Every card of the game: the arrows choose one, and it is read "
                              "in full.")),
    "StatsScene": (None, N_("Your results against the computer: Up and Down read each line.")),
    "ReplaysScene": (None, N_("Your finished games: Up and Down choose one, Enter watches it.")),
    "GamesScene": (None, N_("The games you have not finished: choose one to continue it.")),
    "DailyScene": (N_("Daily deal"), N_("Today's deal, the same for every player: play it "
                                        "for your streak.")),
}


def _word(words: Words, scene: object) -> str | None:
    text = words(scene) if callable(words) else words
    return _(text) if text else None


def title_of(scene: object) -> str | None:
    """The title said for a scene that has none of its own (translated), or None."""
    return _word(SCREENS.get(type(scene).__name__, (None, None))[0], scene)


def purpose_of(scene: object) -> str | None:
    """What the screen is for, in one sentence (translated), or None."""
    purpose = _word(SCREENS.get(type(scene).__name__, (None, None))[1], scene)
    if purpose and type(scene).__name__ == "TitleScene":
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
