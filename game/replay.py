"""``python -m game.replay FILE``: what a replay (or save) holds; ``--verify`` replays it;
``--moments [--seat N]`` names the moments that decided it (game.ai.moments).
``FILE --code`` prints a finished game's replay code; ``--code CODE`` opens one (``--verify``
checks it) the way FILE does (game/persist/codes.py).

Of a save (a game in progress) neither prints the seed or a card: whoever runs it may be a
player of that game.

A bad file is one line on stderr and exit status 1, never a traceback. Everything printed
that came from the file (names, the date, the reason) or from the command line (the file's name)
goes through game.common.safe_text.printable: a name cannot send escape sequences to the terminal.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.ai.moments import report
from game.common.cli_output import run_main
from game.common.safe_text import printable
from game.persist.codes import CodeError, decode, encode
from game.persist.rebuild import check_result, rebuild
from game.persist.record import GameRecord, RecordError
from game.persist.store import read_record


def team_names(record: GameRecord) -> list[str]:
    names = [printable(s.name) for s in record.seats]
    if record.rules == "1v1":
        return names
    return [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]


def seat_text(record: GameRecord, seat: int) -> str:
    s = record.seats[seat]
    name = printable(s.name)
    return name if s.kind == "person" else f"{name} [computer, {printable(s.level or '')}]"


def summary(record: GameRecord) -> list[str]:
    """The lines ``python -m game.replay FILE`` prints."""
    date = printable(record.date.replace("T", " ").replace("Z", " UTC"))
    if record.finished:
        lines = [f"Replay: {record.rules}, {record.mode}, seed {record.seed}, {date}"]
    else:  # the seed fixes every hand and draw pile of a game still being played: never shown
        lines = [f"Unfinished game: {record.rules}, {record.mode}, {date} "
                 "(a game in progress: its seed and hidden cards are not shown)"]
    if record.rules == "1v1":
        lines.append("Players: " + " vs ".join(seat_text(record, s) for s in range(2)))
    else:
        teams = [" & ".join(seat_text(record, s) for s in (t, t + 2)) for t in (0, 1)]
        lines.append("Teams: " + " vs ".join(teams))
    lines.append(f"Decisions: {len(record.choices)}")
    if record.result is not None:
        r = record.result
        lines.append(f"Result: {team_names(record)[r.winner]} won after {r.turns} turns "
                     f"({printable(r.reason)})")
    return lines


def verify(record: GameRecord) -> str:
    game = rebuild(record).game
    check_result(record, game)
    if game.winner is None:
        return f"OK unfinished decisions={len(record.choices)} turns={game.turn_no}"
    return f"OK winner={game.winner} turns={game.turn_no}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.replay",
                                description="Show (and with --verify re-play) a Mindbug replay.")
    p.add_argument("file", type=Path, nargs="?")
    p.add_argument("--verify", action="store_true",
                   help="re-play every choice through the engine and check the result")
    p.add_argument("--code", nargs="?", const=True, default=None, metavar="CODE",
                   help="with FILE: print its replay code; without: open (or --verify) CODE")
    p.add_argument("--moments", action="store_true",
                   help="the three biggest drops of the win estimate after a seat's decisions "
                        "(Hard's search from what that seat could see; takes a few seconds)")
    p.add_argument("--seat", type=int, metavar="N",
                   help="with --moments: the seat (1, 2, ...; default: every person's)")
    p.add_argument("--budget", type=int, metavar="ITERATIONS",
                   help="with --moments: search iterations per decision (default: Hard's)")
    args = p.parse_args(argv)
    if (args.file is None) == (not isinstance(args.code, str)):
        p.error("give a FILE, or --code CODE without one")
    if args.file is None:
        return _open_code(args.code, args.verify)
    try:
        record = read_record(args.file)
        if args.code:
            try:
                line = encode(record)
            except CodeError as exc:
                raise RecordError(f"{args.file.name} has no replay code: {exc}") from None
        elif args.moments:
            if not record.finished:  # its moments would name the cards in a hand
                raise RecordError(f"{args.file.name} is a game still under way; "
                                  "its moments are shown once it has ended")

            if args.seat is not None and not 1 <= args.seat <= len(record.seats):
                p.error(f"--seat: this game has seats 1 to {len(record.seats)}")
            if args.budget is not None and args.budget < 1:
                p.error("--budget: at least 1 iteration")
            line = report(record, args.seat, args.budget)
        elif args.verify:
            line = verify(record)
        else:
            line = "\n".join(summary(record))
    except RecordError as exc:
        print(f"mindbug replay: {printable(str(exc))}", file=sys.stderr)
        return 1
    except Exception as exc:  # the promise is one line, whatever went wrong
        print(printable(f"mindbug replay: {args.file.name} cannot be used: "
                        f"{exc.__class__.__name__}: {exc}"), file=sys.stderr)
        return 1
    print(line)
    return 0


def _open_code(code: str, verify: bool) -> int:
    try:
        record = decode(code)  # decoding replays the game: a code that opens is verified
        result = record.result  # decoding plays the game to its end: a code's game is finished
        if verify and result is None:
            raise CodeError("the replay code's game does not end")
        line = (f"OK winner={result.winner} turns={result.turns}" if verify and result is not None
                else "\n".join(summary(record)))
    except CodeError as exc:
        print(f"mindbug replay: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # the promise is one line, whatever went wrong
        print(f"mindbug replay: the code cannot be used: {exc.__class__.__name__}: {exc}",
              file=sys.stderr)
        return 1
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(run_main(main))
