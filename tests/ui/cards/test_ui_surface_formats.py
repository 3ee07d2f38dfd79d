"""Card faces are drawn ahead in a background thread while the main thread handles events.

``pygame.Surface(size, SRCALPHA)`` without a depth reads the display surface's pixel format,
and SDL frees that surface when the window is resized: a face drawn during a resize then
read freed memory and the game died (a segfault, reproduced with ``xdotool windowsize``
under Xvfb). Every alpha surface therefore names its depth, which gives pygame a fixed
format of its own. Read with ``ast`` so that every call counts, wherever it is.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[3] / "game"


def _alpha_surfaces_without_depth(source: str) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "Surface"):
            continue
        flags = node.args[1] if len(node.args) > 1 else next(
            (k.value for k in node.keywords if k.arg == "flags"), None)
        has_depth = len(node.args) > 2 or any(k.arg == "depth" for k in node.keywords)
        if flags is not None and "SRCALPHA" in ast.unparse(flags) and not has_depth:
            lines.append(node.lineno)
    return lines


def test_every_alpha_surface_names_its_depth():
    offenders = {
        str(path.relative_to(GAME.parent)): lines
        for path in sorted(GAME.rglob("*.py"))
        if (lines := _alpha_surfaces_without_depth(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}, f"pygame.Surface(size, SRCALPHA) without a depth: {offenders}"


@pytest.mark.quick  # the file's test in the quick tier (its first plays whole games)
def test_the_check_sees_a_surface_without_depth():
    assert _alpha_surfaces_without_depth("pygame.Surface((2, 2), pygame.SRCALPHA)") == [1]
    assert _alpha_surfaces_without_depth("pygame.Surface((2, 2), pygame.SRCALPHA, 32)") == []
