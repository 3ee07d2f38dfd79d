"""pytest collects every scenario file under tests/scenarios/ as tests (one per scenario)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Saves and replays of test games go to a throwaway folder, never the player's data folder.
os.environ.setdefault("MINDBUG_DATA_DIR", tempfile.mkdtemp(prefix="mindbug-test-data-"))
# The tests read the window's English texts: a German machine's locale must not switch them
# (a settings file without a language follows the system's). tests/test_i18n.py sets its own.
os.environ["LANGUAGE"] = "en"

SCENARIOS = Path(__file__).parent / "scenarios"


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path_factory, monkeypatch):
    """Each test gets an empty data folder: a game one test leaves unfinished (an autosave, the
    tutorial's progress) must not change what the next test's title shows."""
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path_factory.mktemp("data")))


def pytest_collect_file(parent, file_path: Path):
    if file_path.suffix in (".yaml", ".yml") and SCENARIOS in file_path.parents:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        from game.scenarios import run_file

        for i, result in enumerate(run_file(self.path)):
            yield ScenarioItem.from_parent(self, name=f"{i}:{result.name}", result=result)


class ScenarioItem(pytest.Item):
    def __init__(self, *, result, **kwargs):
        super().__init__(**kwargs)
        self.result = result

    def runtest(self):
        if not self.result.passed:
            raise ScenarioFailure(self.result.reason)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailure):
            return f"{self.path}: {excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.result.name}"


class ScenarioFailure(Exception):
    pass
