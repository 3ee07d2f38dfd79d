"""Hear a whole game without the window: ``python -m game.speech --seed 7 --speech``.

The computer plays every seat; the game is narrated as seat 0 sees it (its hand, its options
as focus would reach them), through the same ``Narrator`` the window drives. For checking a
speech service by hand, German words (``--lang de``) and bug reports (``--speech-log FILE``);
without ``--speech`` or ``--speech-log`` every utterance is printed, one a line.
"""

from __future__ import annotations

import argparse
import sys

from game.ai.levels import make_agent
from game.cards import load_cards
from game.common import cli_args, i18n
from game.engine.setup import start_game
from game.speech import cli
from game.speech.narrator import Narrator
from game.speech.sinks import RecordingSink, shown_message
from game.speech.words import Seats

MAX_DECISIONS = 5000  # far beyond any game; a bound all the same


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m game.speech", description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=cli_args.seed, default=7)
    p.add_argument("--rules", type=cli_args.one_of(("1v1", "2v2")), default="1v1")
    p.add_argument("--level", type=cli_args.one_of(("random", "easy", "medium")), default="easy")
    p.add_argument("--lang", type=cli_args.one_of(tuple(i18n.LANGUAGES)), default="en")
    cli.add_arguments(p)
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    i18n.set_language(args.lang)

    g, opening = start_game(load_cards(), args.seed, args.rules)
    level = args.level.capitalize()
    if g.n_seats == 4:
        names = ["You", f"Basil ({level})", f"Cleo ({level})", f"Dex ({level})"]
        teams = [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
    else:
        names, teams = ["You", f"Computer ({level})"], []
    printed = RecordingSink()
    sink = cli.sink_for(args, language=args.lang)
    if not (args.speech or args.speech_log):
        sink = printed
    message = shown_message(sink)
    if message:
        print(message, file=sys.stderr)
    narrator = Narrator(sink, Seats(names, teams), g.view, speaker=0)
    wait = getattr(sink, "wait", None)
    agents = [make_agent(args.level, args.seed + seat) for seat in range(g.n_seats)]
    narrator.events(opening)
    for _ in range(MAX_DECISIONS):
        d = g.pending
        if d is None:
            break
        view = g.view(d.seat)
        seen = view.state.pending
        assert seen is not None  # the deciding seat's view shows its decision
        choice = agents[d.seat].act(view, seen)
        narrator.decision(d.options)
        if d.seat == 0:
            if callable(wait):  # a listener hears the ask out before Tab interrupts it
                wait(60)
            narrator.focus(choice)
        narrator.events(g.respond(choice, serial=d.serial))
    if callable(wait):
        wait(60)  # let the service finish the last lines before the process ends
    close = getattr(sink, "close", None)
    if callable(close):
        close()
    for line in printed.lines:
        print(line)
    return 0 if g.pending is None else 1


if __name__ == "__main__":
    from game.common.cli_output import run_main

    # `| head`, `>&-`: a quiet end, as the other tools (game.common.cli_output)
    raise SystemExit(run_main(main))
