"""The moments that decided a game: the win estimate after each of a seat's decisions, and the
three biggest drops, each with the better choice the search found.

The estimate is the hint's (game.ai.hint): Hard's search, without its shortcuts, from what
the seat could see at that decision (``state.view(seat)``, never the true state), with a seed fixed by the game, the seat
and the decision, so the moments of a recorded game are the same on every run. At each
decision the search gives every option a win estimate; the curve is the estimate of the option
the seat chose. A drop is the fall of the curve from one of the seat's decisions to the next
(from the value of the position, the search's own pick, at its first decision), so what the
opponents did in between counts too; the better choice is the option the search rated best
among those it tried often enough (a tenth of the leader's visits), when it beats the choice
by two points or more (``Moment.cost`` is that difference: the part of the drop the choice
itself caused).

``analyse_game`` can run in a background thread: it reports progress after each decision and
stops (``AnalysisCancelled``) within one search iteration once ``cancel`` is set.
``start_analysis`` wraps it in such a thread for the window. ``moment_lines`` words the three
drops in the current language, e.g. "Turn 6: you attacked with Luchataur, 61% to 38%;
blocking with Gorillion kept 57%".

The lines name cards that were in the seat's hand: show a seat's moments to that seat's
player, or once the game is over (a replay shows every hand anyway), never to another person
of a running game.
"""

from __future__ import annotations

import hashlib
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict

from game.common.i18n import _, card_name, display_name
from game.engine import CardDB, CardDef, Decision, Option, State
from game.engine import option as make_option
from game.persist.rebuild import apply_choice, fresh_game
from game.persist.record import Choice, GameRecord

from .hint import HintCancelled, _CancellableRandom
from .ismcts import ISMCTSAgent
from .keys import KeyMaker
from .levels import hard_config

#: How many drops ``moment_lines`` names.
TOP = 3
#: An option counts as found by the search once it has this share of the leader's visits.
MIN_VISIT_SHARE = 0.1
#: A better choice is named only when it beats the chosen one by this much (two points: less
#: is search noise, and "kept 6%" against 5% tells nothing).
MIN_GAIN = 0.02

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing's own from Python 3.11

AnalysisCancelled = HintCancelled


class AnalysisOptions(TypedDict, total=False):
    """What ``start_analysis`` passes on to ``analyse_game`` (all but the callbacks)."""

    seats: list[int] | None
    iterations: int | None
    seed: int
    db: CardDB | None


@dataclass(frozen=True)
class Move:
    """One option as a player reads it: the verb, the purpose of its decision, the card it names
    (or the played card a Mindbug decision is about) and the seat it names."""

    verb: str
    purpose: str
    card: CardDef | None = None  # for its name in the current language
    seat_name: str = ""


@dataclass(frozen=True)
class Point:
    """One decision of the analysed seat."""

    index: int  # the decision's index in the record's choices
    turn: int
    chosen: Move
    after: float | None  # the estimate of the chosen option (None: the search never tried it)
    best: float | None  # the estimate of the search's own pick
    better: Move | None  # the best option found other than the chosen one, if it did better
    better_rate: float | None


@dataclass(frozen=True)
class Moment:
    point: Point
    before: float
    after: float

    @property
    def drop(self) -> float:
        return self.before - self.after

    @property
    def cost(self) -> float:
        """What the choice itself cost against the better one (0 when none was named)."""
        p = self.point
        return 0.0 if p.better_rate is None else p.better_rate - self.after


@dataclass
class SeatMoments:
    seat: int
    points: list[Point] = field(default_factory=list)

    def moments(self, top: int = TOP) -> list[Moment]:
        """The ``top`` biggest drops of the curve, in the order they happened."""
        found = []
        before = None
        for p in self.points:
            if p.after is None:
                continue
            start = before if before is not None else p.best
            if start is not None and start - p.after > 0:
                found.append(Moment(p, start, p.after))
            before = p.after
        biggest = sorted(found, key=lambda m: -m.drop)[:top]
        return sorted(biggest, key=lambda m: m.point.index)


def analysis_seed(game_seed: int, seat: int, index: int, seed: int = 0) -> int:
    """The search's generator seed for one decision (a function of the game, never of when)."""
    key = f"mindbug-moments:{game_seed}:{seat}:{index}:{seed}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big")


def default_seats(record: GameRecord) -> list[int]:
    """The people's seats; every seat in a game of computers only."""
    people = [s for s, info in enumerate(record.seats) if info.kind == "person"]
    return people or list(range(len(record.seats)))


def _agent(iterations: int | None, seed: int) -> ISMCTSAgent:
    # The hint's level searching every decision: its shortcuts (a proven win taken without a
    # search, a discard by look-ahead) give no estimate of the other options. No wall-clock
    # cap, so the result depends on the seed alone.
    config = hard_config()
    config.time_limit = None
    config.solve_worlds = 0
    config.discard_by_lookahead = False
    if iterations is not None:
        config.iterations = iterations
    return ISMCTSAgent(seed, config, name="moments")


def _move(state: State, decision: Decision, option: Option, record: GameRecord) -> Move:
    card = option.card if option.card is not None else decision.source
    card_def = state.card(card) if card is not None and card >= 0 else None
    seat_name = ""
    if option.seat is not None and option.seat < len(record.seats):
        seat_name = record.seats[option.seat].name
    return Move(option.verb, decision.purpose, card_def, seat_name)


def analyse_game(record: GameRecord, seats: list[int] | None = None, iterations: int | None = None,
                 seed: int = 0, progress: Callable[[int, int], None] | None = None,
                 cancel: threading.Event | None = None, db: CardDB | None = None
                 ) -> dict[int, SeatMoments]:
    """Every decision of ``seats`` (default: the people's) with its estimates.

    ``iterations`` caps the search (None: Hard's own budget); ``progress(done, total)`` is
    called after each analysed decision; ``cancel`` stops the analysis (AnalysisCancelled).
    RecordError if the record does not replay.
    """
    seats = default_seats(record) if seats is None else list(seats)
    todo = [i for i, c in enumerate(record.choices) if c.by in seats]
    total = len(todo)
    result = {s: SeatMoments(s) for s in seats}
    game, _opening = fresh_game(record, db)
    keys = KeyMaker()
    done = 0
    for i, choice in enumerate(record.choices):
        if choice.by in result:
            if cancel is not None and cancel.is_set():
                raise AnalysisCancelled
            point = _point(record, game, choice, i, iterations, seed, cancel, keys, make_option)
            if point is not None:
                result[choice.by].points.append(point)
            done += 1
            if progress is not None:
                progress(done, total)
        apply_choice(game, choice, i)
    return result


def _point(record: GameRecord, game: State, choice: Choice, index: int, iterations: int | None, seed: int,
           cancel: threading.Event | None, keys: KeyMaker, make_option: Callable) -> Point | None:
    decision = game.pending
    if decision is None or len(decision.options) < 2:
        return None  # a forced decision decides nothing
    view = game.view(choice.by)
    chosen = make_option(choice.verb, choice.card, choice.seat)
    s = analysis_seed(record.seed, choice.by, index, seed)
    rng = random.Random(s) if cancel is None else _CancellableRandom(s, cancel)
    result = _agent(iterations, s).search(view, decision, rng)
    vstate = view.state
    options: dict[tuple, Option] = {}  # key -> the first option of that key (copies share one)
    for o in decision.options:
        options.setdefault(keys.key(vstate, o), o)
    stats = result.stats  # key -> (visits, mean reward of the seat's team)
    chosen_key = keys.key(vstate, chosen)
    after = stats[chosen_key][1] if chosen_key in stats else None
    pick = keys.key(vstate, result.option)
    best = stats[pick][1] if pick in stats else None
    most = max((v for v, _mean in stats.values()), default=0)
    found = [(mean, k) for k, (visits, mean) in stats.items()
             if k != chosen_key and k in options and visits >= MIN_VISIT_SHARE * most]
    top = max(found, key=lambda f: f[0], default=None)
    rate: float | None = None
    better: tuple | None = None
    if top is not None and not (after is not None and top[0] < after + MIN_GAIN):
        rate, better = top
    return Point(index, game.turn_no, _move(game, decision, chosen, record), after, best,
                 None if better is None else _move(game, decision, options[better], record),
                 rate)


# ---------------------------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------------------------
def _name(move: Move) -> str:
    return card_name(move.card) if move.card is not None else "?"


def did(move: Move, player: str = "") -> str:
    """"you attacked with Luchataur": what the seat did; "Alice attacked with Luchataur" when
    ``player`` names it (hot seat: the people at the screen read each other's moments)."""
    if player:
        return _did_third(move, player)
    card, verb, purpose = _name(move), move.verb, move.purpose
    if verb == "play":
        return _("you played {card}").format(card=card)
    if verb == "attack":
        return _("you attacked with {card}").format(card=card)
    if verb == "end turn":
        return _("you ended your turn")
    if verb == "mindbug":
        return _("you used a Mindbug on {card}").format(card=card)
    if verb == "pass":
        return _("you let {card} go without a Mindbug").format(card=card)
    if verb == "hunt":
        return _("you hunted {card}").format(card=card)
    if verb == "no hunt":
        return _("you did not hunt")
    if verb == "block":
        return _("you blocked with {card}").format(card=card)
    if verb == "no block":
        return _("you did not block")
    if verb == "resolve":
        return _("you resolved {card} first").format(card=card)
    if verb == "opponent":
        return _("you picked {player} as your opponent").format(
            player=display_name(move.seat_name))
    if verb == "done":
        return _("you chose no more cards")
    if purpose == "discard":
        return _("you discarded {card}").format(card=card)
    if purpose == "defeat":
        return _("you chose {card} to be defeated").format(card=card)
    if purpose == "take control":
        return _("you took control of {card}").format(card=card)
    if purpose == "put into play":
        return _("you put {card} into play").format(card=card)
    return _("you chose {card}").format(card=card)


def _did_third(move: Move, player: str) -> str:
    """What ``player`` did, in the third person ("Alice used a Mindbug on Grave Robber")."""
    card, verb, purpose = _name(move), move.verb, move.purpose
    words = {"play": _("{player} played {card}"), "attack": _("{player} attacked with {card}"),
             "end turn": _("{player} ended the turn"),
             "mindbug": _("{player} used a Mindbug on {card}"),
             "pass": _("{player} let {card} go without a Mindbug"), "hunt": _("{player} hunted {card}"),
             "no hunt": _("{player} did not hunt"), "block": _("{player} blocked with {card}"),
             "no block": _("{player} did not block"), "resolve": _("{player} resolved {card} first"),
             "opponent": _("{player} picked {other} as the opponent"),
             "done": _("{player} chose no more cards")}
    by_purpose = {"discard": _("{player} discarded {card}"),
                  "defeat": _("{player} chose {card} to be defeated"),
                  "take control": _("{player} took control of {card}"),
                  "put into play": _("{player} put {card} into play")}
    line = words.get(verb) or by_purpose.get(purpose) or _("{player} chose {card}")
    return line.format(player=player, card=card, other=display_name(move.seat_name))


def doing(move: Move) -> str:
    """"blocking with Gorillion": the other choice, as the subject of "kept 57%"."""
    card, verb, purpose = _name(move), move.verb, move.purpose
    if verb == "play":
        return _("playing {card}").format(card=card)
    if verb == "attack":
        return _("attacking with {card}").format(card=card)
    if verb == "end turn":
        return _("ending your turn")
    if verb == "mindbug":
        return _("using a Mindbug on {card}").format(card=card)
    if verb == "pass":
        return _("keeping your Mindbug")
    if verb == "hunt":
        return _("hunting {card}").format(card=card)
    if verb == "no hunt":
        return _("not hunting")
    if verb == "block":
        return _("blocking with {card}").format(card=card)
    if verb == "no block":
        return _("not blocking")
    if verb == "resolve":
        return _("resolving {card} first").format(card=card)
    if verb == "opponent":
        return _("picking {player} as your opponent").format(player=display_name(move.seat_name))
    if verb == "done":
        return _("choosing no more cards")
    if purpose == "discard":
        return _("discarding {card}").format(card=card)
    if purpose == "defeat":
        return _("choosing {card} to be defeated").format(card=card)
    if purpose == "take control":
        return _("taking control of {card}").format(card=card)
    if purpose == "put into play":
        return _("putting {card} into play").format(card=card)
    return _("choosing {card}").format(card=card)


def percent(rate: float) -> int:
    return int(round(rate * 100))


def moment_line(moment: Moment) -> str:
    p = moment.point
    """"Turn 3: you played Ferret Bomber; your chance to win went from 49% to 34%; playing
    Kangasaurus Rex would have left it at 68%": whose chance, from what to what, and what the
    better move would have left (never a bare "49% to 34%" or "kept 68%")."""
    head = _("Turn {turn}: {move}; your chance to win went from {before}% to {after}%").format(
        turn=p.turn, move=did(p.chosen), before=percent(moment.before),
        after=percent(moment.after))
    if p.better is None or p.better_rate is None:  # a better move always comes with its rate
        return _("{moment}; no other choice did better").format(moment=head)
    return _("{moment}; {other} would have left it at {kept}%").format(
        moment=head, other=doing(p.better), kept=percent(p.better_rate))


def biggest(result: dict[int, SeatMoments]) -> tuple[int, Moment] | None:
    """The analysed seat and its biggest drop over the whole game (None: it never dropped)."""
    found = [(seat, m) for seat, sm in sorted(result.items()) for m in sm.moments(1)]
    return max(found, key=lambda f: f[1].drop) if found else None


def biggest_lines(moment: Moment, player: str = "") -> list[str]:
    """The game-over box's two lines for the biggest moment: "Biggest moment: turn 7 (51% to
    30%)", then "you played Compost Dragon" (``player`` names the seat when several people
    played: hot seat)."""
    p = moment.point
    head = _("Biggest moment: turn {turn} ({before}% to {after}%)").format(
        turn=p.turn, before=percent(moment.before), after=percent(moment.after))
    move = did(p.chosen, player)  # hot seat: "Alice used a Mindbug on ...", never "Alice: you ..."
    return [head, move[:1].upper() + move[1:]]


def moment_lines(seat_moments: SeatMoments, top: int = TOP) -> list[str]:
    """The ``top`` biggest drops as lines in the current language (none: one line saying so)."""
    lines = [moment_line(m) for m in seat_moments.moments(top)]
    return lines or [_("The win estimate never dropped after a decision of this seat.")]


# ---------------------------------------------------------------------------------------------
# In the background
# ---------------------------------------------------------------------------------------------
class AnalysisJob:
    """``analyse_game`` in a daemon thread: poll ``done`` and ``fraction``; ``cancel()`` stops it
    within one search iteration; then ``result`` (or ``error``, or ``cancelled``)."""

    def __init__(self, record: GameRecord, **options: Unpack[AnalysisOptions]) -> None:
        self._cancel = threading.Event()
        self._done = threading.Event()
        self.fraction = 0.0
        self.result: dict[int, SeatMoments] | None = None
        self.error: BaseException | None = None
        self.cancelled = False
        self._thread = threading.Thread(target=self._run, args=(record, options),
                                        name="moments", daemon=True)
        self._thread.start()

    def _progress(self, done: int, total: int) -> None:
        self.fraction = done / total if total else 1.0

    def _run(self, record: GameRecord, options: AnalysisOptions) -> None:
        try:
            self.result = analyse_game(record, progress=self._progress, cancel=self._cancel,
                                       **options)
        except AnalysisCancelled:
            self.cancelled = True
        except BaseException as exc:  # the window shows it and goes on
            self.error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def cancel(self) -> None:
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)


def start_analysis(record: GameRecord, **options: Unpack[AnalysisOptions]) -> AnalysisJob:
    """Analyse ``record`` in the background (the options of ``analyse_game`` but the callbacks)."""
    return AnalysisJob(record, **options)


def report(record: GameRecord, seat: int | None = None, iterations: int | None = None) -> str:
    """What ``python -m game.replay FILE --moments [--seat N]`` prints: the three lines per
    analysed seat (1-based ``seat``; headed by the seat's name when there are several).
    ValueError for a seat the game lacks."""
    if seat is not None and not 1 <= seat <= len(record.seats):
        raise ValueError(f"there is no seat {seat} in this game (1 to {len(record.seats)})")
    seats = None if seat is None else [seat - 1]
    analysed = analyse_game(record, seats, iterations)
    blocks = []
    for s, moments in analysed.items():
        lines = moment_lines(moments)
        if len(analysed) > 1:
            lines = [f"Seat {s + 1} ({display_name(record.seats[s].name)}):"] + lines
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


__all__ = ["AnalysisCancelled", "AnalysisJob", "Moment", "Move", "Point", "SeatMoments", "report",
           "analyse_game", "analysis_seed", "did", "doing", "moment_line", "moment_lines",
           "start_analysis"]
