"""The game's source files, read and parsed once per test process.

Several checks read every module under game/ with ``ast`` (the layer rule, the translatable
texts, the level names' one table). Parsing the whole tree costs seconds; each test process
(each xdist worker) parses it once here, and the checks share the trees. The trees are shared:
a caller only reads them (``ast.walk``, ``ast.iter_child_nodes``), never changes a node.
"""

from __future__ import annotations

import ast
from functools import cache, lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"


@lru_cache(maxsize=1)
def _read() -> tuple[tuple[str, str], ...]:
    return tuple((p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8"))
                 for p in sorted(GAME.rglob("*.py")))


def game_sources() -> dict[str, str]:
    """Every module under game/: its path from the repository root -> its source (a new dict
    each call, which the caller may change; the files are read once)."""
    return dict(_read())


@cache
def parsed(source: str) -> ast.Module:
    """``ast.parse(source)``, once per distinct source (a planted variant gets its own)."""
    return ast.parse(source)
