"""Issue 42 deliverable 5: the list of games on Join works after the README's install command
(the command a player copies installs zeroconf, which the list needs)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def test_the_readmes_install_command_brings_the_join_list():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = next(row for row in readme.splitlines() if "# install and start the game" in row)
    install = re.match(r'python -m pip install -e "?\.(\[([a-z,-]+)\])?"? ', line)
    assert install, line
    extras = (install.group(2) or "").split(",")
    installed = list(project["dependencies"])
    for extra in filter(None, extras):
        installed += project["optional-dependencies"][extra]
    assert any(dep.lower().startswith("zeroconf") for dep in installed), line
