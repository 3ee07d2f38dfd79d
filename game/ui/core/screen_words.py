"""What each screen is, said as it comes on top (issue 45, "nothing silent"): its title where it
has none of its own to say, and its purpose in one sentence, so a player who cannot see it
knows where they are and what the screen is for. The first screen of a session is greeted
with the game's name.

The words are kept here, one ``ScreenWords`` per screen, and each screen names its own as
``spoken_words`` (the screens' class names are never looked up). A screen without them says
only its own title.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.common.i18n import N_, _
from game.ui.core import play_keys

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
#: A screen's controls (F1): English msgids, one a line, or a function of the player's key map
#: giving the lines already translated (the match names the keys as bound now).
Controls = tuple[str, ...] | Callable[[Mapping[str, str]], list[str]]


@dataclass(frozen=True)
class ScreenWords:
    """What a screen says as it comes on top, kept by the screen as its ``spoken_words``: its
    title where it says none of its own, its purpose in one sentence (English msgids, or a
    function of the screen giving one), whether the keys every menu shares follow, and its
    controls, which F1 shows and says (issue 45: one list for both)."""

    title: Words = None
    purpose: Words = None
    menu_keys: bool = False
    controls: Controls = ()


# The controls (F1) -------------------------------------------------------------------------------
BUTTONS = N_("Tab, Shift+Tab or the arrows: move between the buttons.")
TAKE = N_("Enter or Space: take the focused button; with none focused, the gold one.")
BACK = N_("Esc: go back.")
CLOSE = N_("Esc: close this box.")
#: The keys every screen has, after its own.
EVERYWHERE = (N_("F1: this list of the screen's controls; F1 or Esc closes it."),
              N_("F11: full screen; F12: a picture of the screen."))
MENU = (BUTTONS, TAKE, BACK)
BOX = (BUTTONS, TAKE, CLOSE)


def match_controls(keys: Mapping[str, str]) -> list[str]:
    """The table's controls, with the play keys as the player bound them (Settings, Keys)."""
    k = {action: play_keys.name_of(keys, action) for action in play_keys.LABELS}
    return [
        _("Tab or the arrows: walk your options, each said as it is reached; Enter takes it."),
        _("Enter with nothing focused: the gold button; on your turn it selects a card, the next "
          "Enter plays it."),
        _("Esc: put a selected card back, else the menu (concede, save, settings)."),
        _("{key}: your cards in hand; again: the next player's hand, a count only.").format(key=k["hand"]),
        _("{key}: your creatures. {other}: the other players' creatures; again: the next player's."
          ).format(key=k["creatures"], other=k["others"]),
        _("{key}: the discard piles, yours first; again: the next pile. {life}: life and "
          "Mindbugs.").format(key=k["piles"], life=k["life"]),
        _("In a zone the arrows walk its cards, Enter picks a card that is a choice, Esc leaves "
          "it; Tab goes back to the options."),
        _("{key}: the card in full; then Up and Down read it line by line.").format(key=k["details"]),
        _("{table}: the whole table. {turn}: the last turn. {repeat}: the last line again."
          ).format(table=k["table"], turn=k["last_turn"], repeat=k["repeat"]),
        _("{browse}: a ring over every card you can see. {discard}: your discard pile, "
          "Shift+{discard} the others'. {hint}: a hint.").format(
            browse=k["browse"], discard=k["discard"], hint=k["hint"]),
        _("{slower}, {faster}: speech slower, faster. {source}: the next source of speech, {level}: "
          "how much it says.").format(slower=k["slower"], faster=k["faster"], source=k["detail_source"],
                                      level=k["detail_level"]),
        _("PageUp, PageDown, Home, End: scroll the log. Ctrl+Z: take back a move against the "
          "computer."),
        _("The letter keys are changed on the Keys page of Settings."),
    ]


MATCH_SCREEN = ScreenWords(controls=match_controls)
BOX_WORDS = ScreenWords(controls=BOX)


TITLE_SCREEN = ScreenWords(N_("Title"), N_("Play a game, learn the game, or change the settings."),
                           menu_keys=True, controls=(BUTTONS, TAKE, N_("Esc: quit the game.")))
NEW_GAME_SCREEN = ScreenWords(_new_game_title, _new_game_purpose, controls=(
    BUTTONS, TAKE, N_("A name field: type the name; Backspace deletes."), BACK))
SETTINGS_SCREEN = ScreenWords(None, N_("Page Down or Ctrl+Tab goes to the next page; Enter "
                                       "changes the setting in focus; Esc saves and goes back."),
                              controls=(
    N_("Page Down or Ctrl+Tab: the next page; Page Up or Ctrl+Shift+Tab: the page before."),
    N_("Tab or the arrows: move between the settings."),
    N_("Enter: change the setting in focus; Left and Right: move a slider."),
    N_("Esc or Done: save and go back.")))
HOW_TO_PLAY_SCREEN = ScreenWords(N_("How to play"), N_("The rules in short, one topic on each tab."),
                                 controls=(N_("Left, Right or Tab: the topic before or after; each "
                                              "is read as it is shown."), BACK))
GALLERY_SCREEN = ScreenWords(None, N_("Every card of the game: the arrows choose one, and it is "
                                      "read in full."), controls=(
    N_("The arrows: choose a card, read in full; PageUp, PageDown, Home, End: jump."),
    N_("K: sort by keyword; P: sort by power."), BACK))
STATS_SCREEN = ScreenWords(None, N_("Your results against the computer: Up and Down read each "
                                    "line."), controls=(
    N_("Up and Down: read each line; Enter on a recent game opens it."),
    N_("1, 2, 3: the computer, the recent games, the cards."),
    N_("A: with or without the games where you used hints."), BUTTONS, BACK))
REPLAYS_SCREEN = ScreenWords(None, N_("Your finished games: Up and Down choose one, Enter watches "
                                      "it."), controls=(
    N_("Up and Down: choose a game; Enter: watch it."),
    N_("Ctrl+C: copy its replay code; Ctrl+V: open a code you copied."), BUTTONS, BACK))
GAMES_SCREEN = ScreenWords(None, N_("The games you have not finished: choose one to continue it."),
                           controls=(N_("Up and Down: choose a game; Enter: continue it."),
                                     N_("Delete: throw the chosen game away (it asks first)."),
                                     BUTTONS, BACK))
DAILY_SCREEN = ScreenWords(N_("Daily deal"), N_("Today's deal, the same for every player: play it "
                                                "for your streak."), controls=MENU)
REPLAY_SCREEN = ScreenWords(controls=(
    N_("Right and Left: the next or the previous event; with Shift, decision."),
    N_("Down and Up: the next or the previous decision; PageDown and PageUp: turn."),
    N_("Home and End: the start and the end. Space: play or pause; + and -: the speed."),
    N_("V: whose view is shown. P: play on from here. M: the moments that decided it. "
       "O: the game it was played on from."), BACK))
LISTS_SCREEN = ScreenWords(controls=(BUTTONS, TAKE, N_("PageUp, PageDown, Home, End: scroll the "
                                                       "list."), BACK))
NET_SCREEN = ScreenWords(controls=(BUTTONS, TAKE, N_("A text field: type; Backspace deletes."),
                                   BACK))
ONLINE_SCREEN = ScreenWords(N_("Play online"), N_("Make a room on a server and share its invite "
                            "code, or join a friend's room by its code."),
                            controls=NET_SCREEN.controls)
ROOM_SCREEN = ScreenWords(None, N_("The room waits for its players; the invite code brings them "
                          "in."), controls=(BUTTONS, TAKE, N_("Ctrl+C: copy the invite code."), BACK))
CURTAIN_SCREEN = ScreenWords(controls=(
    N_("Tab, then Enter: lift the curtain, when only the named player sees the screen."),
    N_("The reading keys answer that the curtain is down."), N_("Esc: the menu.")))
PICKER_SCREEN = ScreenWords(controls=(
    N_("Tab or the arrows: move between the cards and the buttons, each said."),
    N_("Enter: pick the card in focus, or take the button."), CLOSE))
VIEWER_BOX = ScreenWords(controls=(N_("Any key: close it. Each card in it is read as it opens."),))
MOMENTS_BOX = ScreenWords(controls=(N_("1, 2, 3: go to that moment. S: stop looking."),
                                    N_("PageUp, PageDown: scroll."), N_("Esc or M: close.")))
CODE_BOX = ScreenWords(controls=(N_("Type or paste (Ctrl+V) a replay code; Enter opens it."), CLOSE))
_NO_WORDS = ScreenWords()


def _word(words: Words, scene: object) -> str | None:
    text = words(scene) if callable(words) else words
    return _(text) if text else None


def _words_of(scene: object) -> ScreenWords:  # any scene: read with getattr
    words = getattr(scene, "spoken_words", None)
    return words if isinstance(words, ScreenWords) else _NO_WORDS


def row_label(scene: object) -> str | None:  # any scene: read with getattr
    """The words of the scene's focused button, else of its gold default; None without a row
    (``speech_out.focused_label`` says these unless the scene words its focus itself)."""
    row = getattr(scene, "row", None)
    buttons = getattr(row, "buttons", None)
    if not buttons:
        return None
    focus = getattr(row, "focus", -1)
    gold = [b for b in buttons if getattr(b, "primary", False)]
    if 0 <= focus < len(buttons):
        button = buttons[focus]
    elif len(gold) == 1:  # nothing focused: what Enter takes (several gold ones mark choices)
        button = gold[0]
    else:
        return None
    if focus < 0 and not getattr(button, "enabled", True):
        return None  # a default that cannot be taken yet (the curtain's, arming) waits
    text = _(button.text) if button.text else ""
    value = getattr(button, "value", None)  # a slider: its value
    if isinstance(value, float):
        text = f"{text} {round(value * 100)}%".strip()
    if not getattr(button, "enabled", True):
        text = _("{label}, not available").format(label=text)
    return text or None


def controls_of(scene: object, keys: Mapping[str, str]) -> list[str]:  # any scene: read with getattr
    """The screen's controls, translated, then the keys every screen has ([] for a scene
    without any: the F1 test fails for it)."""
    controls = _words_of(scene).controls
    lines = controls(keys) if callable(controls) else [_(line) for line in controls]
    return [*lines, *(_(line) for line in EVERYWHERE)] if lines else []


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
