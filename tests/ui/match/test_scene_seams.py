"""The match scene's parts reach it through small typed Protocols and change it only through
its methods (issue 23): read with ``ast``, so a new helper that sets ``sc.dirty = True`` or a
contract that types a member ``object`` fails here. mypy (tests/tools/test_types.py) checks
that the scene fits every contract it is handed to."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FOLDERS = ("game/ui/match", "game/ui/table", "game/ui/records", "game/ui/learn")


def _modules() -> list[tuple[str, ast.Module]]:
    return [(str(path.relative_to(ROOT)), ast.parse(path.read_text(encoding="utf-8")))
            for folder in FOLDERS for path in sorted((ROOT / folder).glob("*.py"))]


def _annotation_name(node: ast.expr | None) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return ast.unparse(node) if node is not None else ""


def host_writes(module: ast.Module) -> list[str]:
    """Assignments to an attribute of a parameter typed with a ``...Host`` Protocol."""
    found = []
    for fn in ast.walk(module):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        hosts = {a.arg for a in fn.args.args + fn.args.kwonlyargs
                 if _annotation_name(a.annotation).split("|")[0].strip().endswith("Host")}
        for node in ast.walk(fn):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            for target in targets:
                for t in (target.elts if isinstance(target, ast.Tuple) else [target]):
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) \
                            and t.value.id in hosts:
                        found.append(f"{fn.name}:{t.lineno}: {t.value.id}.{t.attr}")
    return found


def loose_protocol_members(module: ast.Module) -> list[str]:
    """Members of a Protocol typed ``object`` or ``Any`` (a seam the type checker cannot see)."""
    found = []
    for cls in (n for n in module.body if isinstance(n, ast.ClassDef)):
        if not any(_annotation_name(b).endswith("Protocol") for b in cls.bases):
            continue
        for item in cls.body:
            types = []
            if isinstance(item, ast.AnnAssign):
                types.append(item.annotation)
            elif isinstance(item, ast.FunctionDef):
                types += [item.returns] + [a.annotation for a in item.args.args[1:]]
            for t in types:
                words = _annotation_name(t).replace("|", " ").replace("[", " ").replace("]", " ").split()
                if {"object", "Any", "typing.Any"} & set(words):
                    found.append(f"{cls.name}.{getattr(item, 'name', None) or ast.unparse(item.target)}")
    return found


def test_no_part_sets_an_attribute_of_the_scene() -> None:
    hits = [f"{name}: {hit}" for name, module in _modules() for hit in host_writes(module)]
    assert hits == []


def test_the_scenes_contracts_are_typed() -> None:
    hits = [f"{name}: {hit}" for name, module in _modules() for hit in loose_protocol_members(module)]
    assert hits == []


def test_the_checks_find_what_they_look_for() -> None:
    # A planted helper of each kind: the checks can fail.
    planted = ast.parse(
        "from typing import Any, Protocol\n"
        "class ZoomHost(Protocol):\n"
        "    ctx: object\n"
        "    def pick(self, key: Any) -> None: ...\n"
        "def hover(sc: ZoomHost | None, key: int) -> None:\n"
        "    sc.zoom_key, sc.dirty = key, True\n"
        "    sc.time += 1\n")
    assert host_writes(planted) == ["hover:6: sc.zoom_key", "hover:6: sc.dirty", "hover:7: sc.time"]
    assert loose_protocol_members(planted) == ["ZoomHost.ctx", "ZoomHost.pick"]
