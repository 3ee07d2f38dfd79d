"""``python -m game.replay FILE``: what a replay (or save) holds; ``--verify`` replays it.

A bad file is one line on stderr and exit status 1, never a traceback. Everything printed
that came from the file (names, the date, the reason) or from the command line (the file's name)
goes through game.safe_text.printable: a name cannot send escape sequences to the terminal.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli_output import run_main
from game.persist.record import GameRecord, RecordError
from game.safe_text import printable


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
    kind = "Replay" if record.finished else "Unfinished game"
    date = printable(record.date.replace("T", " ").replace("Z", " UTC"))
    lines = [f"{kind}: {record.rules}, {record.mode}, seed {record.seed}, {date}"]
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
    from game.persist.rebuild import check_result, rebuild

    game = rebuild(record).game
    check_result(record, game)
    if game.winner is None:
        return f"OK unfinished decisions={len(record.choices)} turns={game.turn_no}"
    return f"OK winner={game.winner} turns={game.turn_no}"


def main(argv: list[str] | None = None) -> int:
    from game.persist.store import read_record

    p = argparse.ArgumentParser(prog="python -m game.replay",
                                description="Show (and with --verify re-play) a Mindbug replay.")
    p.add_argument("file", type=Path)
    p.add_argument("--verify", action="store_true",
                   help="re-play every choice through the engine and check the result")
    args = p.parse_args(argv)
    try:
        record = read_record(args.file)
        if args.verify:
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


if __name__ == "__main__":
    sys.exit(run_main(main))
