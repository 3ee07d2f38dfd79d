"""The command line's speech flags, for ``game.app`` to add to its parser (issue 25):
``--speech`` (speak even if Settings says no) and ``--speech-log FILE`` (every utterance, one a
line, appended: for tests and bug reports)."""

from __future__ import annotations

import argparse

from game.common import cli_args
from game.speech import sinks
from game.speech.sinks import Sink, open_speech


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--speech", action="store_true",
                        help="say the game aloud through the screen reader or speech service")
    parser.add_argument("--speech-log", metavar="FILE", default=None, type=log_file,
                        help="append every spoken line to FILE, one a line")


def log_file(text: str) -> str:
    """``--speech-log FILE``, checked before the game as ``--record`` is: a FIFO would block the
    start in open(), a folder or a device is no log."""
    return str(cli_args.record_file(text))


def sink_for(args: argparse.Namespace, setting_on: bool = False, language: str = "en",
             system=None) -> Sink:
    """The sink a game speaks to: the system's speech when ``--speech`` or the setting asks,
    the log when ``--speech-log`` names one, both, or a silent ``NullSink`` (whose empty
    ``message`` means nothing to show). Its ``message``, if any, is the one line to show."""
    return open_speech(bool(getattr(args, "speech", False)) or setting_on,
                       getattr(args, "speech_log", None), language, system or sinks.system_sink)
