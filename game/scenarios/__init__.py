"""The scenario runner: `python -m game.scenarios PATH...` (see ../shared/scenario-format.md)."""

from .runner import Result, run_file, scenario_files

__all__ = ["Result", "run_file", "scenario_files"]
