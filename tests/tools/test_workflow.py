"""The build matrix (.github/workflows/build.yml): what it promises, read from the file, and
actionlint's verdict on it where actionlint is installed (pip install -e '.[workflow-lint]')."""

from __future__ import annotations

import re
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"


def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def run_lines(job: dict) -> str:
    return "\n".join(step.get("run", "") for step in job["steps"])


def supported_pythons() -> list[str]:
    """From pyproject's requires-python (3.10) to 3.14, the newest that pygame-ce 2.5 and
    PyInstaller 6 publish wheels for."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    low = re.search(r'requires-python = ">=3\.(\d+)"', text)
    assert low, "requires-python is not of the form >=3.N"
    return [f"3.{n}" for n in range(int(low.group(1)), 15)]


def test_every_system_builds_with_every_supported_python():
    matrix = workflow()["jobs"]["bundle"]["strategy"]["matrix"]
    systems = {re.sub(r"-.*", "", os_) for os_ in matrix["os"]}
    assert systems == {"ubuntu", "windows", "macos"}
    assert matrix["python"] == supported_pythons()
    assert "ubuntu-22.04" in matrix["os"]  # the glibc 2.35 floor docs/building.md promises


def test_each_job_runs_the_readme_commands_the_check_and_uploads_the_bundle():
    job = workflow()["jobs"]["bundle"]
    runs = run_lines(job)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    install, test = re.search(r"^(python -m pip install -e \"\.\[test,cluster,lan,server\]\") && (python -m pytest)",
                              readme, re.MULTILINE).groups()
    assert install in runs and test in runs
    assert "python build/check_bundle.py" in runs
    env = workflow()["env"]
    assert env["SDL_VIDEODRIVER"] == "dummy" and env["SDL_AUDIODRIVER"] == "dummy"
    assert "tar -czf" in runs and "7z a -tzip" in runs and "ditto -c -k --keepParent dist/Mindbug.app" in runs
    assert any(step.get("uses", "").startswith("actions/upload-artifact@") for step in job["steps"])


def test_a_version_tag_makes_a_release_with_the_three_packs():
    wf = workflow()
    triggers = wf.get("on") or wf.get(True)  # YAML 1.1 reads a bare "on" as true
    assert "v*" in triggers["push"]["tags"]
    release = wf["jobs"]["release"]
    assert release["needs"] == "bundle" and release["if"].startswith("startsWith(github.ref, 'refs/tags/v')")
    assert release["permissions"] == {"contents": "write"}
    assert "gh release create" in run_lines(release)
    assert wf["env"]["RELEASE_PYTHON"] in wf["jobs"]["bundle"]["strategy"]["matrix"]["python"]


def actionlint() -> str | None:
    found = shutil.which("actionlint")
    if found:
        return found
    beside = Path(sysconfig.get_path("scripts")) / "actionlint"
    for candidate in (beside, beside.with_suffix(".exe")):
        if candidate.is_file():
            return str(candidate)
    return None


def test_actionlint_finds_nothing_wrong():
    linter = actionlint()
    if linter is None:
        pytest.skip("actionlint is not installed: python -m pip install -e '.[workflow-lint]' "
                    "(it downloads its binary from GitHub while installing)")
    done = subprocess.run([linter, "-no-color", str(WORKFLOW)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
