"""Layers point one way: the parts of the match scene (its menus, seats, saving, leave question,
hint, input) never import the scene back; they reach it through small Protocols. Only the scene's
own module and the modules that make a match scene may import ``game.ui.match.scene``.

Read with ``ast``, so an import inside a function or under ``TYPE_CHECKING`` counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
UI = ROOT / "game" / "ui"
SCENE = "game.ui.match.scene"

#: Who may import the scene, and where: None is anywhere in the module, else the functions.
#: (game/app.py, the wiring that starts a demo match, is not under game/ui/.)
MAY_IMPORT_THE_SCENE: dict[str, set[str] | None] = {
    "game/ui/match/scene.py": None,  # the scene itself
    "game/ui/routes.py": None,  # the navigator starts a match (ctx.nav.start_match)
    "game/ui/learn/set_match.py": None,  # a lesson's or a puzzle's match is a match scene
    "game/ui/net/match.py": None,  # a network seat's match is a match scene
}


def _package(path: Path) -> list[str]:
    return list(path.relative_to(ROOT).with_suffix("").parts[:-1])


def imported_modules(source: str, path: Path) -> list[tuple[str, str]]:
    """(module, enclosing function or "<module>") for every import in ``source``; ``from a
    import b`` also yields ``a.b`` (b may be a module), relative imports are resolved."""
    found: list[tuple[str, str]] = []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else where
            if isinstance(child, ast.Import):
                found.extend((alias.name, where) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    pkg = _package(path)[: len(_package(path)) - child.level + 1]
                    base = ".".join([*pkg, base] if base else pkg)
                found.append((base, where))
                found.extend((f"{base}.{alias.name}", where) for alias in child.names)
            visit(child, inner)

    visit(ast.parse(source), "<module>")
    return found


def scene_imports(path: Path) -> list[str]:
    """Where ``path`` imports the match scene, as "function" or "<module>"."""
    return [where for module, where in imported_modules(path.read_text(encoding="utf-8"), path)
            if module == SCENE or module.startswith(SCENE + ".")]


def test_only_the_scene_and_its_makers_import_the_match_scene():
    wrong = []
    for path in sorted(UI.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        allowed = MAY_IMPORT_THE_SCENE.get(rel, set())
        for where in scene_imports(path):
            if allowed is not None and where not in allowed:
                wrong.append(f"{rel} ({where})")
    assert not wrong, ("these import game.ui.match.scene; reach the scene through a Protocol "
                       f"or saving.match_of instead: {wrong}")


def test_the_allowed_makers_exist():
    """A stale entry would quietly allow a file that no longer makes scenes."""
    for rel, where in MAY_IMPORT_THE_SCENE.items():
        path = ROOT / rel
        assert path.exists(), rel
        if rel != "game/ui/match/scene.py":
            found = scene_imports(path)
            assert found and (where is None or set(found) <= where), (rel, found)


def test_every_form_of_import_is_seen(tmp_path):
    """The check must see the forms the old code used (under TYPE_CHECKING, in a function)."""
    path = ROOT / "game" / "ui" / "learn" / "x.py"
    source = "\n".join([
        "from typing import TYPE_CHECKING",
        "if TYPE_CHECKING:",
        "    from game.ui.match.scene import MatchScene",
        "import game.ui.match.scene",
        "from game.ui.match import scene",
        "from ..match.scene import MatchScene",
        "from ..match import scene",
        "def f():",
        "    from game.ui.match.scene import MatchScene",
        "from game.ui.match import seats as match_seats",
    ])
    hits = [(m, w) for m, w in imported_modules(source, path) if m == SCENE]
    assert [w for _m, w in hits] == ["<module>"] * 5 + ["f"]


# --- folder ranks: imports point one way ---------------------------------------------------------

#: game.ui's folders, lowest first; a module imports only its own folder or lower ranks.
#: Everything outside game.ui (game.common, game.words, game.engine, game.cards, game.persist,
#: game.ai, game.net, game.speech, game.learn ...) ranks below all of ui.
RANKS: dict[str, int] = {
    "core": 1, "kit": 2, "cards": 3, "table": 4, "match": 5, "records": 5, "learn": 6, "net": 6,
    "screens": 7, "routes": 8,
}

#: Upward imports allowed for now: (importer, imported module). None are left; a new one
#: needs its reason here.
KNOWN_EXCEPTIONS: set[tuple[str, str]] = set()


def folder_rank(module: str) -> int | None:
    """The rank of a game.ui module's folder; 0 below ui; None outside game."""
    parts = module.split(".")
    if parts[:2] != ["game", "ui"]:
        return 0 if parts[0] == "game" else None
    if len(parts) < 3:
        return None  # game.ui itself
    return RANKS.get(parts[2])


def upward_imports(source: str, path: Path) -> list[str]:
    """The modules ``path`` imports from a folder ranked above its own."""
    own = folder_rank(".".join(path.relative_to(ROOT).with_suffix("").parts))
    if own is None:
        return []
    return sorted({module for module, _where in imported_modules(source, path)
                   if (rank := folder_rank(module)) is not None and rank > own})


def test_imports_point_down_the_ranks():
    wrong = []
    for path in sorted(UI.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for module in upward_imports(path.read_text(encoding="utf-8"), path):
            if (rel, module) not in KNOWN_EXCEPTIONS and not any(
                    module.startswith(m + ".") and (rel, m) in KNOWN_EXCEPTIONS
                    for _r, m in KNOWN_EXCEPTIONS):
                wrong.append(f"{rel} imports {module}")
    assert not wrong, f"imports that point up the folder ranks (ask ctx.nav instead): {wrong}"


def test_every_folder_has_a_rank():
    folders = {p.name for p in UI.iterdir() if p.is_dir() and not p.name.startswith("__")}
    assert folders <= set(RANKS), folders - set(RANKS)


def test_the_known_exceptions_are_still_there():
    """A removed import must leave the table too (else it would quietly allow it again)."""
    for rel, module in KNOWN_EXCEPTIONS:
        path = ROOT / rel
        assert module in upward_imports(path.read_text(encoding="utf-8"), path), (rel, module)


def test_a_planted_scene_import_from_above_is_caught():
    """A match module reaching for the title scene, in every form, fails the rank rule."""
    path = ROOT / "game" / "ui" / "match" / "x.py"
    source = "\n".join([
        "from typing import TYPE_CHECKING",
        "if TYPE_CHECKING:",
        "    from game.ui.screens.title import TitleScene",
        "def f():",
        "    from ..screens.title import TitleScene",
        "    import game.ui.records.viewer",  # same rank: allowed by rank
        "    from game.ui.routes import Routes",
    ])
    assert upward_imports(source, path) == ["game.ui.routes", "game.ui.routes.Routes",
                                            "game.ui.screens.title",
                                            "game.ui.screens.title.TitleScene"]


# --- the scene-import rule: another folder's scene class only to subclass it ---------------------

def _scene_classes() -> dict[str, str]:
    """Every Scene subclass under game/ui: class name -> the module that defines it."""
    bases: dict[str, tuple[str, list[str]]] = {}
    for path in sorted(UI.rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names = [b.id if isinstance(b, ast.Name) else b.attr for b in node.bases
                         if isinstance(b, (ast.Name, ast.Attribute))]
                bases[node.name] = (module, names)
    scenes = {"Scene": "game.ui.core.scene"}
    grown = True
    while grown:
        grown = False
        for name, (module, names) in bases.items():
            if name not in scenes and any(b in scenes for b in names):
                scenes[name] = module
                grown = True
    return scenes


#: Folders whose scenes are building blocks for every folder, not screens (the Scene base, the
#: menu overlay any part may show its buttons in).
BUILDING_BLOCKS = ("core", "kit")


def _folder(module: str) -> str:
    parts = module.split(".")
    return parts[2] if len(parts) > 3 else module


def foreign_scene_imports(source: str, path: Path, scenes: dict[str, str]) -> list[str]:
    """Scene classes of another folder that ``path`` imports without subclassing them."""
    own = _folder(".".join(path.relative_to(ROOT).with_suffix("").parts))
    tree = ast.parse(source)
    subclassed = {b.id if isinstance(b, ast.Name) else b.attr
                  for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                  for b in node.bases if isinstance(b, (ast.Name, ast.Attribute))}
    wrong = []
    for module, _where in imported_modules(source, path):
        base, _dot, name = module.rpartition(".")
        if scenes.get(name) == base and _folder(base) not in (own, *BUILDING_BLOCKS) \
                and name not in subclassed:
            wrong.append(module)
    return sorted(set(wrong))


def test_a_scene_imports_another_folders_scene_only_to_subclass_it():
    """Screens change through ctx.nav (routes.py knows every class); a lesson's match may
    subclass the match scene, and a folder pushes the overlays it owns."""
    scenes = _scene_classes()
    assert {"MatchScene", "TitleScene", "ReplayScene", "MenuOverlay"} <= set(scenes)
    wrong = []
    for path in sorted(UI.rglob("*.py")):
        if path == UI / "routes.py":
            continue
        found = foreign_scene_imports(path.read_text(encoding="utf-8"), path, scenes)
        wrong += [f"{path.relative_to(ROOT).as_posix()} imports {m}" for m in found]
    assert not wrong, f"ask ctx.nav for the screen instead: {wrong}"


def test_a_planted_foreign_scene_import_is_caught():
    scenes = _scene_classes()
    path = ROOT / "game" / "ui" / "records" / "x.py"
    source = "\n".join([
        "def back(self):",
        "    from game.ui.screens.title import TitleScene",  # a screen made by hand: refused
        "    from game.ui.records.viewer import ReplayScene",  # its own folder: allowed
        "from game.ui.match.scene import MatchScene",
        "class Lesson(MatchScene):",  # subclassed: allowed
        "    pass",
    ])
    assert foreign_scene_imports(source, path, scenes) == ["game.ui.screens.title.TitleScene"]
