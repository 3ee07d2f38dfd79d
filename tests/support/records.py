"""Finished games' records, played by computers at the Random level."""

from __future__ import annotations

from game.persist import record as rec  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match.controller import MatchController  # noqa: E402


# ---------------------------------------------------------------------------------------------
# The replay viewer
# ---------------------------------------------------------------------------------------------
def finished_record(seed: int = 6, rules: str = "1v1") -> rec.GameRecord:
    ctl = MatchController(MatchConfig(mode="demo", ai_level="random", seed=seed, rules=rules))
    while not ctl.over:
        ctl.start_ai()
        ctl.worker._thread.join()
        ctl.respond(ctl.take_ai_option())
    return ctl.record()
