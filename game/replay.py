"""``python -m game.replay FILE``: what a replay (or save) holds; ``--verify`` replays it.

Of a save (a game in progress) neither prints the seed or a card: whoever runs it may be a
player of that game.

A bad file is one line on stderr and exit status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.persist.record import GameRecord, RecordError


def team_names(record: GameRecord) -> list[str]:
    names = [s.name for s in record.seats]
    if record.rules == "1v1":
        return names
    return [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]


def seat_text(record: GameRecord, seat: int) -> str:
    s = record.seats[seat]
    return s.name if s.kind == "person" else f"{s.name} [computer, {s.level}]"


def summary(record: GameRecord) -> list[str]:
    """The lines ``python -m game.replay FILE`` prints."""
    date = record.date.replace("T", " ").replace("Z", " UTC")
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
                     f"({r.reason})")
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
        print(f"mindbug replay: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # the promise is one line, whatever went wrong
        print(f"mindbug replay: {args.file.name} cannot be used: {exc.__class__.__name__}: {exc}",
              file=sys.stderr)
        return 1
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
