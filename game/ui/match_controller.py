"""The match's game logic side: who sits where, whose decision it is, and asking the AI.

No pygame. The only way it changes the game is ``respond(option)``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.ui.ai_worker import AiWorker, make_agent


@dataclass(frozen=True)
class MatchConfig:
    mode: str = "ai"  # "ai" (you vs the computer), "hotseat" (two people), "demo" (AI vs AI)
    ai_level: str = "medium"
    names: tuple[str, str] = ("You", "Computer")
    seed: int | None = None
    rules: str = "1v1"


def new_engine_game(seed: int, rules: str = "1v1") -> tuple[object, list]:
    """A fresh game and the events of its opening (who revealed what to start)."""
    from game.cards import load_cards

    try:
        from game.engine import start_game
    except ImportError:
        from game.engine import new_game

        return new_game(load_cards(), seed=seed, rules=rules), []
    return start_game(load_cards(), seed=seed, rules=rules)


def mask(event: object, seat: int) -> object:
    try:
        from game.engine.events import mask_event
    except ImportError:
        return event
    return mask_event(event, seat)


class MatchController:
    def __init__(self, config: MatchConfig, game: object | None = None) -> None:
        self.config = config
        self.seed = config.seed if config.seed is not None else random.randrange(1_000_000)
        self.opening: list = []
        if game is None:
            game, self.opening = new_engine_game(self.seed, config.rules)
        self.game = game
        self.humans = {
            "ai": {0},
            "hotseat": {0, 1},
            "demo": set(),
        }[config.mode]
        self.agents = {s: make_agent(config.ai_level, self.seed + 101 * s)
                       for s in range(self.game.n_seats) if s not in self.humans}
        self.worker: AiWorker | None = None
        self._ai_calls = 0

    # Questions -----------------------------------------------------------------------------
    @property
    def pending(self) -> object | None:
        return self.game.pending

    @property
    def over(self) -> bool:
        return self.game.winner is not None

    def decider(self) -> int | None:
        p = self.game.pending
        return None if p is None else p.seat

    def is_human(self, seat: int | None) -> bool:
        return seat in self.humans

    def name(self, seat: int) -> str:
        names = self.config.names
        return names[seat] if seat < len(names) else f"Player {seat + 1}"

    def label(self, option: object) -> str:
        return self.game.label(option)

    # Acting ----------------------------------------------------------------------------------
    def respond(self, option: object) -> list:
        """The only door into the game. Returns the engine's events."""
        p = self.game.pending
        return self.game.respond(option, serial=p.serial)

    def start_ai(self) -> None:
        seat = self.decider()
        if seat is None or self.is_human(seat) or self.worker is not None:
            return
        self._ai_calls += 1
        view = self.game.view(seat)
        self.worker = AiWorker(self.agents[seat], view, self.seed * 7919 + self._ai_calls)

    def ai_ready(self, min_pause: float) -> bool:
        w = self.worker
        return w is not None and w.done and w.elapsed() >= min_pause

    def take_ai_option(self) -> object:
        """The AI's answer as an option of the real pending decision (any legal one on error)."""
        w, self.worker = self.worker, None
        options = list(self.game.pending.options)
        chosen = w.option if w is not None else None
        if chosen in options:
            return chosen
        if chosen is not None:
            # An equal option from the view's copy: match by label.
            try:
                return self.game.option_for(self.game.label(chosen))
            except Exception:
                pass
        return random.Random(self.seed + self._ai_calls).choice(options)
