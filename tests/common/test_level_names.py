"""The computer levels' names live in one table (game.common.i18n.LEVEL_NAMES): a copy
elsewhere would drift (a renamed level, a missing German name in one menu)."""

from __future__ import annotations

import ast

from game.ai.levels import LEVELS
from game.common.i18n import LEVEL_NAMES
from tests.support.game_tree import game_sources, parsed


def _text(node: ast.expr) -> str | None:
    """The text of "Easy" or N_("Easy") / _("Easy"), else None."""
    if isinstance(node, ast.Call) and len(node.args) == 1:
        node = node.args[0]
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def name_tables(source: str) -> list[int]:
    """Lines of dict literals mapping two or more level ids to their names ("easy": "Easy")."""
    lines = []
    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.Dict):
            named = [k.value for k, v in zip(node.keys, node.values)
                     if isinstance(k, ast.Constant) and k.value in LEVELS
                     and _text(v) == str(k.value).capitalize()]
            if len(named) >= 2:
                lines.append(node.lineno)
    return lines


def test_every_level_has_a_name() -> None:
    assert set(LEVEL_NAMES) == set(LEVELS)


def test_a_copy_of_the_table_is_found() -> None:
    assert name_tables('NAMES = {"random": N_("Random"), "easy": "Easy"}\n') == [1]
    assert name_tables('HELP = {"easy": N_("A beginner"), "hard": N_("A strong one")}\n') == []


def test_the_level_names_are_defined_once() -> None:
    found = [f"{rel}:{line}" for rel, source in game_sources().items()
             for line in name_tables(source)]
    assert len(found) == 1 and found[0].startswith("game/common/i18n.py:"), found
