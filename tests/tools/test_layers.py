"""One layer rule for the whole of game/: every import of every module, read with ``ast`` (at
module level, inside functions, under ``if TYPE_CHECKING:``, and the literal
``importlib.import_module("game...")`` of a module loaded on first use), points down the
layers; an import inside a function only from a short allow-list, each with its reason; no
circle of imports but the engine's own; no module over 600 lines. Inside the window
(game/ui) the folders keep their own ranks, and a scene reaches another folder's scene only to
subclass it (screens change through ``ctx.nav``).

The layers, lowest first (docs/architecture.md draws them; each package's docstring says
what it may import). A module imports its own package or a package of a LOWER layer; two
packages of the same layer never import each other:

    0  common, engine       the foundation and the rules: neither imports anything of the game
    1  cards, words         card data and text | the words for events, prompts and moves
    2  scenarios            the scenario format and runner (the rules tests' files)
    3  learn                lessons and puzzles, which are scenario files
    4  persist              a game kept as seed + choices: records, rebuild, store, statistics
    5  ai                   computer players, the hint, the moments analysis, demo games
    6  net, speech          play over the network | the game said aloud
    7  server               play online: the server and its client (above net, which it reuses)
    8  ui                   the window (its own folder ranks below)
    9  app, sim, replay     the window's process and the command lines
   10  __main__             ``python -m game``

The checks run on a dict of sources, so the tests at the end plant a wrong import, an import
inside a function, a circle and an oversized module and show that each is reported.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from tests.support import game_tree
from tests.support.game_tree import parsed

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"

#: game's packages (and top-level modules) by layer, lowest first.
LAYER: dict[str, int] = {
    "common": 0, "engine": 0,
    "cards": 1, "words": 1,
    "scenarios": 2,
    "learn": 3,
    "persist": 4,
    "ai": 5,
    "net": 6, "speech": 6,
    "server": 7,  # python -m game.server: it hosts game.net's games online; the window may
    # use its client
    "ui": 8,
    "app": 9, "sim": 9, "replay": 9,
    "__main__": 10,  # python -m game: starts the app
}

#: game.ui's folders, lowest first; a module imports only its own folder or lower ranks
#: (match = records and learn = net: the same rank, yet neither imports the other's scenes).
UI_RANK: dict[str, int] = {
    "core": 1, "kit": 2, "cards": 3, "table": 4, "match": 5, "records": 5, "learn": 6, "net": 6,
    "screens": 7, "online": 7, "routes": 8,
}

#: Imports inside functions (deferred to their first use), allowed only here: the importing
#: module -> (the imported modules' prefixes, why it waits). Everything else imports at the
#: top of the module, where the layer rule and the reader see it.
DEFERRED: dict[str, tuple[tuple[str, ...], str]] = {
    "game.app": (("game", "pygame", "platformdirs"),
                 "start-up: the title's first frame is presented before the engine, the card "
                 "data, the AI and the save format are imported (tests/ui/core/test_startup.py); the "
                 "app wires each part when it is first needed"),
    "game.ui.routes": (("game", "dataclasses"),
                       "start-up: the one module that knows every screen imports each screen "
                       "when the player first goes there (tests/ui/core/test_startup.py)"),
    "game.ui.screens.title": (("game.ui.screens.daily", "game.ui.net.kept", "game.net.saves",
                               "game.persist"),
                              "start-up: the title looks for a saved game and the daily deal "
                              "after its first frame (after_first_frame)"),
    "game.ui.screens.new_game": (("game.ui.core.match_config", "game.ai"),
                                 "start-up: the title imports New game's words; the match's "
                                 "config and the AI's levels wait for the screen itself"),
    "game.ui.core.saves": (("game.persist",),
                           "start-up: the store and its writer open after the first frame"),
    "game.ui.core.context": (("game.ui.core.speech_out",),
                             "start-up: speech's window side only when speech is turned on"),
    "game.ui.cards.assets_bridge": (("game.cards", "game.ui.cards.cardface"),
                                    "start-up: the first frame needs the card back only, not "
                                    "the card data; a broken renderer falls back to "
                                    "placeholders"),
    "game.ui.cards.cardface": (("game.cards", "game.engine.carddefs", "game.ui.cards.art"),
                               "start-up: the card back is drawn on the first frame, the "
                               "faces' card text and pictures (engine, YAML) later"),
    "game.engine.state": (("game.engine.labels", "game.engine.view"),
                          "the engine's one deliberate circle: labels and view read State, "
                          "State offers them as methods"),
    "game.common.safe_files": (("filelock",),
                               "start-up: filelock (and what it imports) is the slowest import "
                               "of the first frame; a lock is first taken when a file is saved"),
    "game.net.discovery": (("zeroconf",), "optional extra: pip install -e '.[lan]'"),
    "game.ai.cluster": (("ray",), "optional extra: pip install -e '.[cluster]'"),
    "game.server.__main__": (("redis",), "optional: only a server process given --redis "
                             "imports redis-py (pip install -e '.[server]')"),
    "game.server.tls": (("cryptography",), "optional extra: pip install -e '.[server]' (the "
                        "certificate made at first start)"),
    "game.server.identity": (("cryptography",), "optional extra: pip install -e '.[server]' "
                             "(the player's Ed25519 key)"),
    "game.speech.sinks": (("speechd", "accessible_output2"),
                          "optional speech back-ends: whichever the system has"),
    "game.ui.kit.textlayout": (("pyphen",),
                               "the hyphenation dictionaries load with the first wrapped line, "
                               "and the line breaker still works without them"),
}

#: The one circle allowed: the engine's (State, its view, its labels and the effects).
CIRCLE_ALLOWED = "game.engine"

MAX_LINES = 600

#: Modules still over MAX_LINES, with why they wait. Each entry must still be over the limit
#: (else it goes); a new module over the limit fails.
OVERSIZE: dict[str, str] = {}


# --- reading the sources ------------------------------------------------------------------------

@dataclass(frozen=True)
class Import:
    importer: str  # the importing module, dotted
    target: str  # the imported module (a game module resolved to its file's module), dotted
    line: int
    function: str | None  # the enclosing function, None at module level or in a class body
    type_only: bool  # under ``if TYPE_CHECKING:``


def module_name(rel: str) -> str:
    parts = list(Path(rel).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(name: str, modules: set[str]) -> str:
    """``name`` as the longest prefix that is one of ``modules`` (``game.engine.State`` ->
    ``game.engine``); names outside the game stay as they are."""
    probe = name
    while probe and probe not in modules:
        probe = probe.rpartition(".")[0]
    return probe or name


def read_imports(rel: str, source: str, modules: set[str]) -> list[Import]:
    me = module_name(rel)
    return [Import(me, _resolve(name if fallback is None or name in modules else fallback, modules),
                   line, function, type_only)
            for name, fallback, line, function, type_only in _imports_in(rel, source)]


@cache
def _imports_in(rel: str, source: str) -> tuple[tuple[str, str | None, int, str | None, bool], ...]:
    """The imports of one module as written, read once per process (every check of the tree
    reads them): (the name, what it means if the name is no module of the game or None, the
    line, the enclosing function, under ``if TYPE_CHECKING:``)."""
    me = module_name(rel)
    package = me.split(".") if rel.endswith("__init__.py") else me.split(".")[:-1]
    found: list[tuple[str, str | None, int, str | None, bool]] = []

    def walk(node: ast.AST, function: str | None, type_only: bool) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                walk(stmt, function, True)
            for stmt in node.orelse:
                walk(stmt, function, type_only)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, None, node.lineno, function, type_only))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                stem = package[: len(package) - node.level + 1]
                base = ".".join([*stem, base] if base else stem)
            for alias in node.names:  # ``from a import b``: b may be a module
                found.append((f"{base}.{alias.name}", base, node.lineno, function, type_only))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str) and node.args[0].value.startswith("game.") \
                and (ast.unparse(node.func).endswith("import_module")
                     or ast.unparse(node.func) == "_Later"):
            # A module loaded on first use, by its name, is an import inside a function.
            found.append((node.args[0].value, None, node.lineno,
                          function or "<loaded on first use>", type_only))
        inner = node.name if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
            else function
        for child in ast.iter_child_nodes(node):
            walk(child, inner, type_only)

    walk(parsed(source), None, False)
    return tuple(found)


def game_sources() -> dict[str, str]:
    """Every module under game/: its path from the repository root -> its source (read once
    per process, a new dict each call)."""
    return game_tree.game_sources()


# --- the rules ----------------------------------------------------------------------------------

def layer_of(module: str) -> tuple[str, int] | None:
    """(package, layer) of a game module; None outside the game (and for ``game`` itself)."""
    parts = module.split(".")
    if parts[0] != "game" or len(parts) < 2:
        return None
    return parts[1], LAYER[parts[1]]


def ui_rank(module: str) -> int | None:
    parts = module.split(".")
    if parts[:2] != ["game", "ui"] or len(parts) < 3:
        return None
    return UI_RANK[parts[2]]


def wrong_way(imp: Import) -> str | None:
    """Why ``imp`` points the wrong way, None if it is allowed."""
    mine, theirs = layer_of(imp.importer), layer_of(imp.target)
    if mine is None or theirs is None:
        return None
    (my_package, my_layer), (their_package, their_layer) = mine, theirs
    if my_package != their_package and their_layer >= my_layer:
        same = " (the same layer)" if their_layer == my_layer else ""
        return f"{my_package} (layer {my_layer}) imports {their_package} (layer {their_layer}){same}"
    my_rank, their_rank = ui_rank(imp.importer), ui_rank(imp.target)
    if my_rank is not None and their_rank is not None and their_rank > my_rank:
        return (f"ui.{imp.importer.split('.')[2]} (rank {my_rank}) imports "
                f"ui.{imp.target.split('.')[2]} (rank {their_rank})")
    return None


def deferred_allowed(imp: Import) -> bool:
    prefixes, _reason = DEFERRED.get(imp.importer, ((), ""))
    return any(imp.target == p or imp.target.startswith(p + ".") for p in prefixes)


def circles(imports: list[Import]) -> list[list[str]]:
    """The strongly connected components (more than one module) of the game's import graph."""
    graph: dict[str, set[str]] = {}
    for imp in imports:
        graph.setdefault(imp.importer, set())
        if imp.target.startswith("game.") and imp.target != imp.importer:
            graph[imp.importer].add(imp.target)
            graph.setdefault(imp.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return found


def problems(sources: dict[str, str]) -> dict[str, list[str]]:
    """Everything the layer rule finds wrong in ``sources`` (path -> source), by kind."""
    modules = {module_name(rel) for rel in sources}
    imports = [imp for rel, src in sources.items() for imp in read_imports(rel, src, modules)]
    found: dict[str, list[str]] = {"wrong way": [], "deferred": [], "circle": [], "size": []}
    for imp in imports:
        where = f"{imp.importer}:{imp.line}"
        if (why := wrong_way(imp)) is not None:
            found["wrong way"].append(f"{where} imports {imp.target}: {why}")
        if imp.function is not None and not deferred_allowed(imp):
            found["deferred"].append(f"{where} imports {imp.target} inside {imp.function}()")
    for component in circles(imports):
        if not all(m == CIRCLE_ALLOWED or m.startswith(CIRCLE_ALLOWED + ".") for m in component):
            found["circle"].append(" <-> ".join(component))
    engine_circles = [c for c in circles(imports) if c[0].startswith(CIRCLE_ALLOWED + ".")]
    if len(engine_circles) > 1:
        found["circle"].append(f"the engine has {len(engine_circles)} circles, not one")
    for rel, src in sources.items():
        n = len(src.splitlines())
        if n > MAX_LINES and rel not in OVERSIZE:
            found["size"].append(f"{rel} has {n} lines (at most {MAX_LINES})")
    return found


# --- the tree as it is --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tree_problems() -> dict[str, list[str]]:
    return problems(game_sources())


def test_every_package_has_a_layer():
    packages = {p.stem if p.is_file() else p.name for p in GAME.iterdir()
                if (p.suffix == ".py" and p.name != "__init__.py")
                or (p.is_dir() and (p / "__init__.py").exists())}
    assert packages == set(LAYER)
    folders = {p.name for p in (GAME / "ui").iterdir()
               if p.is_dir() and (p / "__init__.py").exists()}
    assert folders | {"routes"} == set(UI_RANK)


def test_imports_point_down_the_layers(tree_problems):
    assert not tree_problems["wrong way"], "\n".join(tree_problems["wrong way"])


def test_imports_inside_functions_only_from_the_allow_list(tree_problems):
    assert not tree_problems["deferred"], (
        "import at the top of the module (or add the module to DEFERRED with its reason):\n"
        + "\n".join(tree_problems["deferred"]))


def test_no_circle_but_the_engines(tree_problems):
    assert not tree_problems["circle"], tree_problems["circle"]


def test_no_module_over_600_lines(tree_problems):
    assert not tree_problems["size"], tree_problems["size"]


def test_the_allow_lists_are_not_stale():
    """An entry nothing needs any more would quietly allow the next import there."""
    sources = game_sources()
    modules = {module_name(rel) for rel in sources}
    deferred = [imp for rel, src in sources.items() for imp in read_imports(rel, src, modules)
                if imp.function is not None]
    for importer, (prefixes, reason) in DEFERRED.items():
        assert reason
        for prefix in prefixes:
            assert any(imp.importer == importer and (imp.target == prefix
                       or imp.target.startswith(prefix + ".")) for imp in deferred), \
                (importer, prefix)
    for rel, reason in OVERSIZE.items():
        assert reason and len(sources[rel].splitlines()) > MAX_LINES, rel


def test_the_package_docstrings_name_their_layer():
    """Each package's docstring says what it may import; it must agree with LAYER."""
    for package, layer in LAYER.items():
        path = GAME / package / "__init__.py"
        if not path.exists():
            continue
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        below = sorted(p for p, n in LAYER.items() if n < layer and (GAME / p).is_dir())
        assert f"layer {layer}" in doc.lower(), (package, "says which layer it is")
        for other in below:
            assert f"game.{other}" in doc, (package, f"names game.{other} as importable")


def test_every_form_of_import_is_seen():
    """Top level, under TYPE_CHECKING, inside a function, relative, a module by ``from``, and a
    module loaded by name on first use."""
    modules = {module_name(rel) for rel in game_sources()}
    source = "\n".join([
        "from typing import TYPE_CHECKING",
        "if TYPE_CHECKING:",
        "    from game.ui.match.scene import MatchScene",
        "import game.ui.match.scene",
        "from game.ui.match import scene",
        "from ..match.scene import MatchScene",
        "def f():",
        "    from .scene import MatchScene",
        "art = _Later('game.ui.match.scene')",
    ])
    seen = [(imp.target, imp.line, imp.function, imp.type_only)
            for imp in read_imports("game/ui/match/x.py", source, modules)
            if imp.target == SCENE]
    assert seen == [(SCENE, 3, None, True), (SCENE, 4, None, False), (SCENE, 5, None, False),
                    (SCENE, 6, None, False), (SCENE, 8, "f", False),
                    (SCENE, 9, "<loaded on first use>", False)]


# --- the checks can fail: planted mistakes ------------------------------------------------------

def _planted(extra: dict[str, str]) -> dict[str, list[str]]:
    sources = game_sources()
    sources.update(extra)
    return problems(sources)


@pytest.mark.parametrize("kind, extra, expected", [
    ("deferred", {"game/persist/planted.py":
                  "def load():\n    from game.persist.record import GameRecord\n"},
     "game.persist.planted:2 imports game.persist.record inside load()"),
    ("deferred", {"game/ui/kit/planted.py":
                  "def f():\n    import importlib\n"
                  "    return importlib.import_module('game.ui.kit.theme')\n"},
     "game.ui.kit.planted:3 imports game.ui.kit.theme inside f()"),
    ("wrong way", {"game/common/planted.py": "from game.engine import State\n"},
     "game.common.planted:1 imports game.engine: common (layer 0) imports engine (layer 0) "
     "(the same layer)"),
    ("wrong way", {"game/persist/planted.py":
                   "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                   "    from game.ai.levels import LEVELS\n"},
     "game.persist.planted:3 imports game.ai.levels: persist (layer 4) imports ai (layer 5)"),
    ("wrong way", {"game/ui/match/planted.py": "from ..screens import title\n"},
     "game.ui.match.planted:1 imports game.ui.screens.title: ui.match (rank 5) imports "
     "ui.screens (rank 7)"),
    ("circle", {"game/ui/kit/planted_a.py": "from game.ui.kit import planted_b\n",
                "game/ui/kit/planted_b.py":
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                "    from game.ui.kit.planted_a import X\n"},
     "game.ui.kit.planted_a <-> game.ui.kit.planted_b"),
    ("size", {"game/words/planted.py": "x = 1\n" * 601},
     "game/words/planted.py has 601 lines (at most 600)"),
])
def test_a_planted_mistake_is_reported(kind, extra, expected):
    found = _planted(extra)
    assert expected in found[kind], found[kind]
    others = {k: v for k, v in found.items() if k != kind and v}
    assert not others, others


def test_an_allowed_deferred_import_is_not_reported():
    found = _planted({"game/net/planted.py": "def f():\n    import os\n"})
    assert found["deferred"] == ["game.net.planted:2 imports os inside f()"]
    allowed = problems({"game/ui/routes.py": "def title():\n    from game.ui.screens import title\n",
                        "game/ui/screens/title.py": ""})
    assert allowed["deferred"] == []


# --- the window: the match scene and other folders' scenes ---------------------------------------

SCENE = "game.ui.match.scene"

#: Who may import the match scene: the scene itself and the modules that make a match scene.
MAY_IMPORT_THE_SCENE = {
    "game.ui.match.scene",
    "game.ui.routes",  # the navigator starts a match (ctx.nav.start_match)
    "game.ui.learn.set_match",  # a lesson's or a puzzle's match is a match scene
    "game.ui.net.match",  # a network seat's match is a match scene
}


def _ui_imports() -> list[Import]:
    sources = {rel: src for rel, src in game_sources().items() if rel.startswith("game/ui/")}
    modules = {module_name(rel) for rel in game_sources()}
    return [imp for rel, src in sources.items() for imp in read_imports(rel, src, modules)]


def test_only_the_scene_and_its_makers_import_the_match_scene():
    """The match's parts (menus, seats, saving, hint, input) reach the scene through small
    Protocols, never by importing it back."""
    wrong = sorted({f"{imp.importer}:{imp.line}" for imp in _ui_imports()
                    if imp.target == SCENE and imp.importer not in MAY_IMPORT_THE_SCENE})
    assert not wrong, f"reach the scene through a Protocol or saving.match_of instead: {wrong}"
    makers = {imp.importer for imp in _ui_imports() if imp.target == SCENE}
    assert MAY_IMPORT_THE_SCENE - {SCENE} <= makers  # a stale entry would allow a file again


def _scene_classes() -> dict[str, str]:
    """Every Scene subclass under game/ui: class name -> the module that defines it."""
    bases: dict[str, tuple[str, list[str]]] = {}
    for rel, src in game_sources().items():
        if not rel.startswith("game/ui/"):
            continue
        for node in ast.walk(parsed(src)):
            if isinstance(node, ast.ClassDef):
                names = [b.id if isinstance(b, ast.Name) else b.attr for b in node.bases
                         if isinstance(b, (ast.Name, ast.Attribute))]
                bases[node.name] = (module_name(rel), names)
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


def foreign_scene_imports(rel: str, source: str, scenes: dict[str, str]) -> list[str]:
    """Scene classes of another folder that ``rel`` imports without subclassing them."""
    own = _folder(module_name(rel))
    tree = parsed(source)
    subclassed = {b.id if isinstance(b, ast.Name) else b.attr
                  for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                  for b in node.bases if isinstance(b, (ast.Name, ast.Attribute))}
    wrong = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        base = node.module or ""
        if node.level:
            package = module_name(rel).split(".")[:-1]
            stem = package[: len(package) - node.level + 1]
            base = ".".join([*stem, base] if base else stem)
        for alias in node.names:
            if scenes.get(alias.name) == base and _folder(base) not in (own, *BUILDING_BLOCKS) \
                    and alias.name not in subclassed:
                wrong.append(f"{base}.{alias.name}")
    return sorted(set(wrong))


def test_a_scene_imports_another_folders_scene_only_to_subclass_it():
    """Screens change through ctx.nav (routes.py knows every class); a lesson's match may
    subclass the match scene, and a folder pushes the overlays it owns."""
    scenes = _scene_classes()
    assert {"MatchScene", "TitleScene", "ReplayScene", "MenuOverlay"} <= set(scenes)
    wrong = []
    for rel, src in game_sources().items():
        if rel.startswith("game/ui/") and rel != "game/ui/routes.py":
            wrong += [f"{rel} imports {m}" for m in foreign_scene_imports(rel, src, scenes)]
    assert not wrong, f"ask ctx.nav for the screen instead: {wrong}"


def test_a_planted_foreign_scene_import_is_caught():
    scenes = _scene_classes()
    source = "\n".join([
        "def back(self):",
        "    from game.ui.screens.title import TitleScene",  # a screen made by hand: refused
        "    from game.ui.records.viewer import ReplayScene",  # its own folder: allowed
        "from game.ui.match.scene import MatchScene",
        "class Lesson(MatchScene):",  # subclassed: allowed
        "    pass",
    ])
    assert foreign_scene_imports("game/ui/records/x.py", source, scenes) == [
        "game.ui.screens.title.TitleScene"]
