"""The settings' "Game" page: the pace of play, the computer, hints, take backs, the language."""

from __future__ import annotations

from game.common import i18n
from game.common.i18n import LANGUAGES, LEVEL_NAMES, N_, _
from game.common.settings import AI_LEVELS, AI_PAUSES, ANIM_SPEEDS
from game.ui.screens.settings.rows import Host, Page, Row, next_of, on_off


def _speed(host: Host) -> None:
    host.ctx.settings.anim_speed = next_of(ANIM_SPEEDS, host.ctx.settings.anim_speed)


def _pause(host: Host) -> None:
    host.ctx.settings.ai_pause = next_of(AI_PAUSES, host.ctx.settings.ai_pause)


def _wait(host: Host) -> None:
    host.ctx.settings.wait_for_me = not host.ctx.settings.wait_for_me


def _level(host: Host) -> None:
    host.ctx.settings.ai_level = next_of(AI_LEVELS, host.ctx.settings.ai_level)


def _hints(host: Host) -> None:
    host.ctx.settings.hints = not host.ctx.settings.hints


def _takebacks(host: Host) -> None:
    host.ctx.settings.takebacks = not host.ctx.settings.takebacks


def _online_server(host: Host) -> None:
    """The server Play online starts with: none, or the one used last (typed there)."""
    settings = host.ctx.settings
    choices = tuple(dict.fromkeys(("", settings.online_last, settings.online_server)))
    settings.online_server = next_of(choices, settings.online_server)
    if len(choices) == 1:
        host.message = _("Play online once: the server used there can then be the default.")


def _server_shown(host: Host) -> str:
    return host.ctx.settings.online_server or N_("None")


def _language(host: Host) -> None:
    """Switch at once: every scene on the stack hears it (and words itself again)."""
    code = next_of(tuple(LANGUAGES), host.ctx.settings.language)
    host.ctx.settings.language = i18n.set_language(str(code))
    host.ctx.scenes.language_changed()


PAGE = Page(N_("Game"), (
    Row(N_("Animation speed"), lambda h: f"{i18n.number(h.ctx.settings.anim_speed)}x", _speed),
    Row(N_("Computer's minimum thinking pause"), lambda h: f"{i18n.number(h.ctx.settings.ai_pause)} s", _pause),
    Row(N_("Wait for me after each computer move"), lambda h: on_off(h.ctx.settings.wait_for_me), _wait),
    Row(N_("Default computer level"), lambda h: LEVEL_NAMES[h.ctx.settings.ai_level], _level),
    Row(N_("Hints against the computer"), lambda h: on_off(h.ctx.settings.hints), _hints),
    Row(N_("Take backs (Undo, Ctrl+Z)"), lambda h: on_off(h.ctx.settings.takebacks), _takebacks),
    Row(N_("Default online server"), _server_shown, _online_server),
    Row(N_("Language"), lambda h: LANGUAGES.get(h.ctx.settings.language, h.ctx.settings.language), _language),
))
