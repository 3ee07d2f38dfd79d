"""Player settings: what they are, where they live, and how they survive damage and crashes.

Settings are a small JSON file in the user's config folder (platformdirs). Reading goes
through ``game.common.safe_files``: only a regular file of sane size is read, a UTF-8 or UTF-16 (BOM)
file is accepted, NaN and deep nesting are refused. Every value is then checked by its
field's validator in ``VALIDATORS`` (type, finiteness, range).

Whose file it is: only a file provably the game's own is ever set aside or replaced. That is
the file at the game's own place (``default_path``, in the game's config folder), or, at a path
given with ``--settings``, a JSON object carrying the ``mindbug_settings`` marker every save
writes, or one whose every key is a setting (a file from before the marker). Anything else
(``notes.txt``, another program's JSON) is left exactly as it is: the defaults are used, the
banner says in one line that the game will not write there, and saving is skipped.

What happens to a damaged file of the game's own:

- It cannot be read or parsed at all (not JSON, binary, Latin-1, too big, nested too deep):
  the whole file is set aside (renamed ``settings.corrupt-DATE.json``) and the defaults used.
- It is a JSON object but some values are invalid: only those values are defaulted, the
  valid ones are kept, and the original file is still set aside so nothing the player wrote
  is lost. The next save writes a clean file.
- The path is not a regular file (``/dev/null``, a FIFO, a folder, a link to a device): it is
  never read, moved or replaced; settings live in memory for this session, and the message
  says so once (later saves to that path are skipped quietly). A link to a regular file is
  read (bounded, like any file) but likewise never replaced or moved.

In every case ``load`` returns a message for the title screen's banner. Two copies of the game
may share the file: a save takes the file's lock, re-reads it and writes only the fields this
copy changed since it read the file (``merged``), so one copy's new volume survives the other's
save. Keys this version does not know (a newer version's) are kept untouched, never used. Writes
replace the file in one step (``atomic_write_text``), validate first (nothing invalid is ever
written), and stray temp files from an interrupted write are removed on the next load.

To add a field: add it to ``Settings`` with its default and add its validator to
``VALIDATORS`` (a test checks that the two agree).
"""

from __future__ import annotations

import json
import logging
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from game.common import i18n, keymap, safe_files, safe_text

log = logging.getLogger(__name__)

AI_LEVELS = ("random", "easy", "medium", "hard", "expert")
ANIM_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
AI_PAUSES = (0.0, 0.4, 0.8, 1.2, 2.0)
TEXT_SCALES = (100, 125, 150, 175, 200)  # the text and UI size, in per cent (issue 25, item 4)
COLOUR_VISIONS = ("off", "red_green", "blue_yellow")  # the palettes of game.ui.kit.theme
SPEECH_OUTPUTS = ("auto", "screen_reader", "own_voice")  # game.speech.sinks.output_order
ADDRESS_MAX = 80  # a server's HOST:PORT (Play online's field takes 80)
#: How much speech says of each source (issue 45): the game's events, the options as focus
#: reaches them, the decisions' prompts, the computer's (and remote players') moves.
SPEECH_SOURCES = ("events", "options", "prompts", "moves")
SPEECH_LEVELS = ("full", "short", "off")
#: The voice asked of an output that has a choice (issue 45): its own, a woman's, a man's.
SPEECH_VOICES = ("own", "female", "male")

NAME_MAX = 32  # the name field takes 16 characters; an input method may add a few more
MAX_FILE_BYTES = 64 * 1024  # a settings file is a few hundred bytes
TMP_MAX_AGE = 60.0  # seconds; a younger temp file may belong to a save in progress


def speech_detail_defaults() -> dict[str, str]:
    return dict.fromkeys(SPEECH_SOURCES, "full")


@dataclass
class Settings:
    anim_speed: float = 1.0  # 1.0 = normal; 2.0 = animations take half as long
    ai_pause: float = 0.8  # seconds an AI move takes at least, so a person can follow
    fullscreen: bool = False
    sound: bool = True
    volume: float = 0.35  # quiet by default
    music_volume: float = 0.25  # the loops under menus and play (0: no music)
    ai_level: str = "medium"
    player_names: tuple[str, str] = ("Player 1", "Player 2")
    # The name typed for a network game (Join, Host): its own, never hot seat's Player 1.
    network_name: str = ""
    # Play online: the server a first visit starts with (Settings), and the one used last.
    online_server: str = ""
    online_last: str = ""
    rules: str = "1v1"  # the last new game's rules
    # The last 2v2 seats in turn order (you, left, teammate, right): "person:NAME" or "computer:LEVEL".
    seats_2v2: tuple[str, ...] = ("person:Player 1", "computer:medium", "computer:medium",
                                  "computer:medium")
    # The 2v2 set-up last chosen (the variant's): Mindbugs per player and sets in the deck.
    mindbugs_2v2: int = 2
    sets_2v2: int = 1
    hints: bool = True  # the Hint button against the computer
    takebacks: bool = True  # Take back (Ctrl+Z) against the computer
    speech: bool = False  # say the game aloud (the system's screen reader or speech service)
    speech_volume: float = 1.0  # the speech's own volume, apart from the effects' (``volume``)
    # Where speech goes: "auto" (the screen reader, else the game's own voice), "screen_reader"
    # or "own_voice" (game.speech.sinks.SPEECH_OUTPUTS).
    speech_output: str = "auto"
    speech_rate: float = 0.5  # 0.5: the voice's own rate (where the game can set one)
    # How much is said of each of SPEECH_SOURCES: one of SPEECH_LEVELS.
    speech_detail: dict[str, str] = field(default_factory=speech_detail_defaults)
    speech_voice: str = "own"  # one of SPEECH_VOICES, where the output has a choice
    # Hold the table after every move of a computer or remote seat until a key is pressed.
    wait_for_me: bool = False
    # The play keys (game.common.keymap): action -> a letter or digit, as pygame names it.
    keys: dict[str, str] = field(default_factory=keymap.defaults)
    text_scale: int = 100  # per cent: the smallest text is 16 px at 100% in a 1280x720 window
    # The palette: colours safe for a kind of colour blindness, and a high-contrast look.
    colour_vision: str = "off"  # "off", "red_green", "blue_yellow"
    high_contrast: bool = False
    # The window's language; a first start (or a file from before the field) follows the system.
    language: str = field(default_factory=i18n.system_language)

    def validated(self) -> Settings:
        """A copy in which every invalid field is replaced by its default."""
        values, _bad = check_fields(self.to_dict())
        return Settings(**values)

    def to_dict(self) -> dict[str, object]:  # JSON values, as the file holds them
        """The fields as JSON-ready values (tuples as lists)."""
        out: dict[str, object] = {}  # JSON values, as the file holds them
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else \
                dict(value) if isinstance(value, dict) else value
        return out


# --- validators: each takes a raw JSON value and returns the field's value or raises ValueError
# with a short reason. Small factories keep the table one line per field.

def _number(low: float, high: float) -> Callable[[object], float]:  # any JSON from the settings file: checked here
    def check(value: object) -> float:  # any JSON from the settings file: checked here
        f = safe_files.finite_number(value)
        if f is None:
            raise ValueError(f"must be a number, not {_show(value)}")
        if not low <= f <= high:
            raise ValueError(f"must be from {low:g} to {high:g}, not {_show(value)}")
        return f

    return check


def _boolean(value: object) -> bool:  # any JSON from the settings file: checked here
    # "false" and "no" are text, not booleans: bool("false") is True, which turned settings on
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, not {_show(value)}")
    return value


def _one_of(choices: tuple[str, ...]) -> Callable[[object], str]:  # any JSON from the settings file: checked here
    def check(value: object) -> str:  # any JSON from the settings file: checked here
        if not isinstance(value, str) or value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}, not {_show(value)}")
        return value

    return check


def _speech_detail(value: object) -> dict[str, str]:  # any JSON from the settings file: checked here
    """Each source's level; a source this version does not know is left out (a newer file),
    one it leaves out stays "full"."""
    if not isinstance(value, dict):
        raise ValueError(f"must map speech sources to levels, not {_show(value)}")
    out = speech_detail_defaults()
    for source, level in value.items():
        if source in out:
            out[source] = _one_of(SPEECH_LEVELS)(level)
    return out


def _percent(choices: tuple[int, ...]) -> Callable[[object], int]:  # any JSON from the settings file: checked here
    def check(value: object) -> int:  # any JSON from the settings file: checked here
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value not in choices:
            raise ValueError(f"must be one of {', '.join(map(str, choices))}, not {_show(value)}")
        return int(value)

    return check


def _names(count: int) -> Callable[[object], tuple[str, ...]]:  # any JSON from the settings file: checked here
    def check(value: object) -> tuple[str, ...]:  # any JSON from the settings file: checked here
        if not isinstance(value, (list, tuple)) or len(value) != count:
            raise ValueError(f"must be a list of {count} names, not {_show(value)}")
        for name in value:
            if not isinstance(name, str) or not name.strip():
                raise ValueError(f"names must be non-empty text, not {_show(name)}")
            if len(name) > NAME_MAX:
                raise ValueError(f"a name may have at most {NAME_MAX} characters")
            reason = safe_text.problem(name, NAME_MAX)  # the rule every name follows
            if reason is not None:
                raise ValueError(f"a name {reason}")
        return tuple(safe_text.checked(name, NAME_MAX) for name in value)

    return check


def _seats(count: int) -> Callable[[object], tuple[str, ...]]:  # any JSON from the settings file: checked here
    """``count`` seats in turn order, each "person:NAME" or "computer:LEVEL"."""
    names = _names(1)

    def check(value: object) -> tuple[str, ...]:  # any JSON from the settings file: checked here
        if not isinstance(value, (list, tuple)) or len(value) != count:
            raise ValueError(f"must be a list of {count} seats, not {_show(value)}")
        for seat in value:
            kind, _, rest = seat.partition(":") if isinstance(seat, str) else ("", "", "")
            if kind == "person":
                names([rest])
            elif not (kind == "computer" and rest in AI_LEVELS):
                raise ValueError(f"a seat is person:NAME or computer:LEVEL, not {_show(seat)}")
        return tuple(value)

    return check


def _address(value: object) -> str:  # any JSON from the settings file: checked here
    """A server's HOST:PORT as typed (checked again when used), or "" for none."""
    if not isinstance(value, str) or len(value) > ADDRESS_MAX:
        raise ValueError(f"must be an address of at most {ADDRESS_MAX} characters, not {_show(value)}")
    if value and safe_text.problem(value, ADDRESS_MAX) is not None:
        raise ValueError("an address holds printable characters only")
    return value


VALIDATORS: dict[str, Callable[[object], object]] = {  # any JSON in, each its own type out
    "anim_speed": _number(0.25, 5.0),
    "ai_pause": _number(0.0, 5.0),
    "fullscreen": _boolean,
    "sound": _boolean,
    "volume": _number(0.0, 1.0),
    "music_volume": _number(0.0, 1.0),
    "ai_level": _one_of(AI_LEVELS),
    "player_names": _names(2),
    "network_name": lambda value: value if value == "" else _names(1)([value])[0],
    "online_server": _address,
    "online_last": _address,
    "rules": _one_of(("1v1", "2v2")),
    "seats_2v2": _seats(4),
    "mindbugs_2v2": _percent((1, 2)),
    "sets_2v2": _percent((1, 2)),
    "hints": _boolean,
    "takebacks": _boolean,
    "speech": _boolean,
    "speech_volume": _number(0.0, 1.0),
    "speech_output": _one_of(SPEECH_OUTPUTS),
    "speech_rate": _number(0.0, 1.0),
    "speech_detail": _speech_detail,
    "speech_voice": _one_of(SPEECH_VOICES),
    "wait_for_me": _boolean,
    "keys": keymap.checked,
    "text_scale": _percent(TEXT_SCALES),
    "colour_vision": _one_of(COLOUR_VISIONS),
    "high_contrast": _boolean,
    "language": _one_of(tuple(i18n.LANGUAGES)),
}
assert set(VALIDATORS) == {f.name for f in fields(Settings)}, "every setting needs a validator"


def _show(value: object) -> str:  # any JSON from the settings file: checked here
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_fields(data: dict) -> tuple[dict[str, Any], list[str]]:  # any JSON from the settings file: checked here
    """Validate a mapping of raw values: (field values, one reason per invalid field).

    A missing field gets its default silently; an invalid one gets its default and a reason.
    Unknown keys are ignored, so a file written by a newer version still loads.
    """
    defaults = Settings()
    values: dict[str, Any] = {}  # each of its field's type (VALIDATORS checked it)
    bad: list[str] = []
    for name, validate in VALIDATORS.items():
        if name not in data:
            values[name] = getattr(defaults, name)
            continue
        try:
            values[name] = validate(data[name])
        except ValueError as exc:
            values[name] = getattr(defaults, name)
            bad.append(f"{name} {exc}")
    return values, bad


def default_path() -> Path:
    return Path(platformdirs.user_config_dir("mindbug-desktop", appauthor=False)) / "settings.json"


# Every file the game writes carries this key: it is how a file is known to be the game's own
# (a newer version may raise the number; its file is still ours, its extra keys are kept).
MARKER = "mindbug_settings"
MARKER_VERSION = 1
MARKER_MAX = 1000

# Paths whose file ``load`` has already told the player it will not replace (not a regular
# file, or not the game's settings): saving to them is skipped quietly.
_MEMORY_ONLY: set[str] = set()


def _key(path: Path) -> str:
    return os.path.abspath(path)


def _at_own_place(path: Path) -> bool:
    """True for the game's own settings path: what lies there is the game's, whatever it holds."""
    try:
        return _key(path) == _key(default_path())
    except Exception:  # no config folder on this system
        return False


def _is_regular_or_missing(path: Path) -> bool:
    """True if ``path`` itself (not a link's target) is a regular file or does not exist."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return False


def _marker_ok(value: object) -> bool:  # any JSON from the settings file: checked here
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MARKER_MAX


def foreign_reason(data: object) -> str | None:  # any JSON from the settings file: checked here
    """None if ``data`` is provably this game's settings; else a short reason why not.

    Ours: an object with the marker, or (a file from before the marker) an object whose every
    key is one of ours. Anything else may be another program's file and is never replaced.
    """
    if not isinstance(data, dict):
        return "not a JSON object"
    if MARKER in data:
        return None if _marker_ok(data[MARKER]) else f"{MARKER} is {_show(data[MARKER])}"
    unknown = [k for k in data if k not in VALIDATORS]
    return f"it has the key {_show(unknown[0])}" if unknown else None


def _memory_only_message(path: Path) -> str:
    return i18n._("The settings path {path} is not a regular file, so it is never replaced: "
                  "changes are kept only until you quit.").format(path=path)


def _foreign_message(path: Path, reason: str | Exception) -> str:
    return i18n._("{path} is not this game's settings file ({reason}), so it is left alone: the "
                  "defaults are used and changes are kept only until you quit.").format(
        path=path, reason=reason)


def _with_baseline(settings: Settings) -> Settings:
    # What this copy of the game last read or wrote: a save writes only the fields that differ
    # from it, so another copy's changes made since are not overwritten with stale values.
    settings._baseline = dict(check_fields(settings.to_dict())[0])  # type: ignore[attr-defined]
    return settings


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """Read the settings. Returns (settings, message); message is None unless something was wrong.

    Never raises for anything the file holds; see the module docstring for what happens.
    """
    path = Path(path) if path is not None else default_path()
    if _is_regular_or_missing(path):
        settings, message = _load_file(path)
        return _with_baseline(settings), message
    if os.path.islink(path) and os.path.isfile(path):
        # a link to a regular file (a dotfiles folder, say): read it, but never replace it
        settings, message = _load_file(path)
        if _key(path) not in _MEMORY_ONLY:
            message = " ".join(m for m in (message, _memory_only_message(path)) if m)
        _MEMORY_ONLY.add(_key(path))
        return settings, message
    _MEMORY_ONLY.add(_key(path))
    return Settings(), _memory_only_message(path)


def _load_file(path: Path) -> tuple[Settings, str | None]:
    own_place = _at_own_place(path)
    try:
        data = safe_files.load_json(path, max_bytes=MAX_FILE_BYTES, max_depth=4)
    except safe_files.UnreadableFile as exc:
        if not own_place:
            return Settings(), _leave_alone(path, exc)
        return Settings(), _set_aside(path, i18n._("Your settings file could not be read ({reason}).").format(reason=exc))
    if data is None:
        if own_place:
            safe_files.remove_stale_temps(path, older_than=TMP_MAX_AGE)
        return Settings(), None
    reason = foreign_reason(data)
    if reason is not None and not own_place:
        return Settings(), _leave_alone(path, reason)
    if not isinstance(data, dict):
        return Settings(), _set_aside(path, i18n._("Your settings file does not hold a JSON object."))
    safe_files.remove_stale_temps(path, older_than=TMP_MAX_AGE)  # the file is ours: so are they
    values, bad = check_fields(data)
    settings = Settings(**values)
    if not bad:
        return settings, None
    reasons = "; ".join(bad[:3]) + ("; ..." if len(bad) > 3 else "")
    return settings, _set_aside(path, i18n._("Your settings file had invalid values, reset to defaults "
                                           "({reasons}).").format(reasons=reasons))


def _leave_alone(path: Path, reason: str | Exception) -> str:
    _MEMORY_ONLY.add(_key(path))
    return _foreign_message(path, reason)


def _set_aside(path: Path, what: str) -> str:
    aside = safe_files.set_aside(path)
    kept = " " + i18n._("The old file was kept as {name}.").format(name=aside.name) if aside else ""
    return what + kept


def _read_ours(path: Path) -> dict | None:
    """The file's object as it is now (under the lock), if it is ours; None if there is none.

    A file that stopped being ours since ``load`` is never replaced (OSError); a damaged one at
    the game's own place is set aside, as ``load`` would.
    """
    try:
        data = safe_files.load_json(path, max_bytes=MAX_FILE_BYTES, max_depth=4)
    except safe_files.UnreadableFile as exc:
        if _at_own_place(path):
            log.warning("settings file damaged since it was read; set aside as %s",
                        safe_files.set_aside(path))
            return None
        _MEMORY_ONLY.add(_key(path))
        raise OSError(_foreign_message(path, exc)) from None
    if data is None:
        return None
    reason = foreign_reason(data)
    if isinstance(data, dict) and (reason is None or _at_own_place(path)):  # None: a dict
        return data
    if _at_own_place(path):
        log.warning("settings file not an object; set aside as %s", safe_files.set_aside(path))
        return None
    _MEMORY_ONLY.add(_key(path))
    assert reason is not None  # None only for an object of ours, which was returned above
    raise OSError(_foreign_message(path, reason))


def merged(settings: Settings, on_disk: dict | None) -> dict[str, object]:  # JSON values to write
    """What to write: the file's object as it is now with this copy's changed fields on top.

    A field this copy changed since it last read or wrote the file wins; any other field keeps
    the file's (valid) value, so another copy's change is not undone. Keys this version does
    not know (a newer version's) are kept as they are, never used.
    """
    values, bad = check_fields(settings.to_dict())
    for reason in bad:
        log.warning("not saving an invalid setting: %s", reason)
    baseline = getattr(settings, "_baseline", None)
    on_disk = on_disk or {}
    out: dict[str, object] = {MARKER: on_disk[MARKER] if _marker_ok(on_disk.get(MARKER)) else MARKER_VERSION}  # JSON values to write
    for name, validate in VALIDATORS.items():
        value = values[name]
        if baseline is not None and value == baseline.get(name) and name in on_disk:
            try:
                value = validate(on_disk[name])
            except ValueError:
                pass
        if name == "keys":  # a newer version's play keys are kept for it
            value = {**value, **keymap.newer(on_disk.get(name), value)}
        out[name] = list(value) if isinstance(value, tuple) else \
            dict(value) if isinstance(value, dict) else value
    out.update((k, v) for k, v in on_disk.items() if k not in out)
    return out


def save(settings: Settings, path: Path | None = None) -> None:
    """Merge into the file under its lock, then write atomically (a temp file, one rename).

    An invalid value is never written: it is saved as its default (and logged, since only a
    bug can put one there). A path that is not a regular file, or a file that is not the
    game's, is never replaced: OSError the first time, then skipped quietly (the player was
    told once).
    """
    path = Path(path) if path is not None else default_path()
    if _key(path) in _MEMORY_ONLY:
        return
    if not _is_regular_or_missing(path):
        _MEMORY_ONLY.add(_key(path))
        raise OSError(_memory_only_message(path))
    with safe_files.file_lock(path):
        data = merged(settings, _read_ours(path))
        # allow_nan=False: a last guard, a NaN must never reach the file again
        safe_files.atomic_write_text(path, json.dumps(data, indent=2, allow_nan=False) + "\n")
    _with_baseline(settings)
