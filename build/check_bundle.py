"""Build the PyInstaller bundle, play a headless demo game with it, and report its figures.

    python -m pip install -e '.[build]' && python build/check_bundle.py

Builds dist/mindbug/ from build/mindbug.spec (skip with --no-build to check an existing one)
and checks that every file of data/ and assets/ is inside it, and the licence notices of what
it ships (build/bundle_licenses.py: Python, pygame-ce's LGPL, the other dependencies,
PyInstaller's bootloader, NOTICE.txt); on macOS also that dist/Mindbug.app was made. Then runs
``mindbug --demo --exit-after-game --seed 1`` with SDL's dummy video and audio drivers, from an
empty folder and with a clean environment so that nothing can come from the source checkout:
the first run plays the AI-versus-AI game to the end and must print READY (after its first
frame) and exit with 0; further runs only time the start and are stopped after READY.

Prints the onedir size in MB (10^6 bytes) and the time from process start to the READY line,
and fails when they exceed the budgets (60 MB, 2 s by default). The time budget applies to
the median of the runs: the first run after a build also pays for a cold disk cache.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "mindbug.spec"
WORK = ROOT / ".pyi-work"
DIST = ROOT / "dist"
NAME = "mindbug"
GAME_ARGS = ["--demo", "--exit-after-game", "--seed", "1"]
READY = "READY"
# With --exit-after-game the match scene prints "GAME OVER winner=N turns=N" before it quits:
# a silent early exit with code 0 can never pass for a finished game.
GAME_OVER = re.compile(r"^game over\b", re.IGNORECASE)
REQUIRE_GAME_OVER_LINE = True


@dataclass
class Run:
    returncode: int | None
    ready_s: float | None
    total_s: float
    game_over_line: str | None
    stdout: list[str] = field(default_factory=list)
    stderr: str = ""
    logs: dict[str, str] = field(default_factory=dict)
    ready_cpu_s: float | None = None  # the game's user + system CPU time when READY arrived


def build(onefile: bool) -> None:
    """Run PyInstaller on the spec with the work and output folders outside build/."""
    env = dict(os.environ)
    env["MINDBUG_ONEFILE"] = "1" if onefile else "0"
    # A windowed Windows/macOS build has no stdout, so READY could never be read: check the
    # console variant there (same contents; on Linux the flag changes nothing).
    env["MINDBUG_CONSOLE"] = "1"
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        str(SPEC),
        "--noconfirm",
        "--workpath",
        str(WORK),
        "--distpath",
        str(DIST),
    ]
    print("$", " ".join(cmd), flush=True)
    started = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    print(f"built in {time.perf_counter() - started:.1f} s", flush=True)


def executable(onefile: bool) -> Path:
    suffix = ".exe" if sys.platform == "win32" else ""
    return DIST / f"{NAME}{suffix}" if onefile else DIST / NAME / f"{NAME}{suffix}"


def bundled_engine(exe: Path, onefile: bool) -> str:
    """What the onedir bundle carries of the compiled engine (build/compile_engine.py)."""
    if onefile:
        return ""
    folder = exe.parent / "_internal" / "game" / "engine"
    compiled = sorted(p.name for p in folder.glob("*") if p.suffix in (".so", ".pyd"))
    return f" ({len(compiled)} compiled modules in the bundle)"


def size_bytes(path: Path) -> int:
    """Bytes of all files under path; symlinks (PyInstaller links duplicate libraries) count
    as the links they are, not as second copies."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_symlink() or p.is_file())


_GLIBC = re.compile(rb"GLIBC_(2\.[0-9]+(?:\.[0-9]+)?)\x00")


def glibc_floor(bundle: Path) -> tuple[tuple[int, ...], str] | None:
    """The newest glibc symbol version any ELF file of the bundle asks for, and which file.

    That is the oldest glibc (so the oldest Linux) the bundle can start on. The version
    names sit as plain strings in each library's dynamic string table, so a byte search
    finds them without binutils.
    """
    best: tuple[tuple[int, ...], str] | None = None
    for path in sorted(bundle.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as f:
            if f.read(4) != b"\x7fELF":
                continue
            blob = f.read()
        for match in _GLIBC.finditer(blob):
            version = tuple(int(x) for x in match.group(1).split(b"."))
            if best is None or version > best[0]:
                best = (version, str(path.relative_to(bundle)))
    return best


def content_files(folder: str) -> list[Path]:
    """The files of data/ or assets/ the spec bundles (it skips hidden files and caches)."""
    base = ROOT / folder
    files = []
    for p in sorted(base.rglob("*")):
        rel = p.relative_to(ROOT)
        if not p.is_file() or any(s.startswith(".") or s == "__pycache__" for s in rel.parts):
            continue
        if p.suffix in (".pyc", ".bak", ".orig") or p.name.endswith("~"):
            continue
        files.append(rel)
    return files


def missing_content(bundle_root: Path) -> list[str]:
    missing = []
    catalogs = [p for p in content_files("game/locale") if p.suffix == ".mo"]
    for rel in content_files("data") + content_files("assets") + catalogs:
        if not (bundle_root / rel).is_file():
            missing.append(str(rel))
    return missing


def bundle_licenses():
    """build/bundle_licenses.py, loaded from beside this file (also when this file is loaded
    by path, as tests do, rather than run)."""
    path = Path(__file__).resolve().parent / "bundle_licenses.py"
    spec = importlib.util.spec_from_file_location("bundle_licenses", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def licence_report(bundle_root: Path) -> tuple[str | None, list[str]]:
    """(a line saying which licence notices are in the bundle, what is missing)."""
    licences = bundle_licenses()
    missing = licences.missing(bundle_root)
    folder = bundle_root / licences.FOLDER
    files = sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []
    if missing or not files:
        return None, missing or [f"{licences.FOLDER}/ is empty"]
    names = sorted({p.parent.name for p in files if p.parent != folder})
    return (f"licence notices in the bundle: {len(files)} files in {folder.name}/ "
            f"({', '.join(names)}; {licences.NOTICE})"), []


def clean_env(home: Path) -> dict[str, str]:
    """The environment a player has: no Python variables that could let the bundle borrow
    modules or files from this machine, and SDL drivers that need no display or sound card.
    Settings and logs go below ``home`` (platformdirs follows XDG on Linux), so the check
    neither reads this machine's settings nor leaves files behind."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTHON", "VIRTUAL_ENV", "CONDA", "PYGAME_HIDE", "MINDBUG_"))
    }
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    for var in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        env[var] = str(home / var.lower())
    if sys.platform == "darwin":  # platformdirs: ~/Library/Application Support, ~/Library/Logs
        env["HOME"] = str(home)
    # (Windows: platformdirs asks the shell for %LOCALAPPDATA%, which no variable moves; a
    # check there writes to the runner's own folder.)
    return env


def run_once(exe: Path, timeout: float, stop_after_ready: bool = False) -> Run:
    """Start the bundle and time the READY line as the reader thread sees it arrive.

    With ``stop_after_ready`` the process is terminated once READY is out: such a run only
    measures the start.
    """
    with tempfile.TemporaryDirectory(prefix="mindbug-check-") as cwd:
        started = time.perf_counter()
        proc = subprocess.Popen(
            [str(exe), *GAME_ARGS],
            cwd=cwd,
            env=clean_env(Path(cwd)),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            errors="replace",
        )
        lines: list[str] = []
        ready = threading.Event()
        ready_at: list[float] = []
        ready_cpu: list[float | None] = []
        stderr: list[str] = []

        def read_stdout() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                if not ready_at and line.strip() == READY:
                    ready_at.append(time.perf_counter() - started)
                    ready_cpu.append(cpu_seconds(proc.pid))
                    ready.set()
                lines.append(line.rstrip("\n"))

        def read_stderr() -> None:
            assert proc.stderr is not None
            stderr.append(proc.stderr.read())

        # Two readers, so a chatty stderr can never fill its pipe and stall the game.
        readers = [threading.Thread(target=f, daemon=True) for f in (read_stdout, read_stderr)]
        for t in readers:
            t.start()
        timed_out = False
        deadline = started + timeout
        while proc.poll() is None:
            if stop_after_ready and ready.is_set():
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                break
            if time.perf_counter() > deadline:
                timed_out = True
                proc.kill()
                break
            ready.wait(0.05)
        proc.wait()
        total = time.perf_counter() - started
        for t in readers:
            t.join(timeout=5)
        # The game writes tracebacks to a log file in its state folder, which is about to be
        # deleted with the temporary home: keep them for the failure report.
        logs = {
            str(p.relative_to(cwd)): p.read_text(errors="replace")
            for p in Path(cwd).rglob("*.log")
            if p.is_file()
        }
        return Run(
            returncode=None if timed_out else proc.returncode,
            ready_s=ready_at[0] if ready_at else None,
            ready_cpu_s=ready_cpu[0] if ready_cpu else None,
            total_s=total,
            game_over_line=next((x for x in lines if GAME_OVER.search(x)), None),
            stdout=lines,
            stderr="".join(stderr),
            logs=logs,
        )


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a running process so far (Linux /proc), else None.

    Steadier than the wall time on a busy machine: the start to READY is CPU-bound, so other
    programs stretch its wall time but hardly its CPU time (a rise in wall time alone is load).
    """
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def check_game(run: Run, timeout: float) -> list[str]:
    """What is wrong with the full game run, if anything."""
    problems = []
    if run.returncode is None:
        problems.append(f"did not finish within {timeout:.0f} s")
    elif run.returncode != 0:
        problems.append(f"exit code {run.returncode}")
    if run.ready_s is None:
        problems.append("never printed READY")
    if REQUIRE_GAME_OVER_LINE and run.game_over_line is None:
        problems.append("never printed a game-over line")
    return problems


def explain_failure(run: Run) -> None:
    print("---- last lines of stdout ----")
    print("\n".join(run.stdout[-30:]))
    print("---- last lines of stderr ----")
    print("\n".join(run.stderr.splitlines()[-30:]))
    for name, text in run.logs.items():
        print(f"---- {name} ----")
        print("\n".join(text.splitlines()[-40:]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-build", action="store_true", help="check the existing dist/")
    parser.add_argument(
        "--onefile",
        action="store_true",
        help="build/check the onefile executable (no budgets are enforced)",
    )
    parser.add_argument(
        "--runs",
        type=int,
        default=5,
        help="starts to time (default 5); the first one plays the whole game",
    )
    parser.add_argument("--timeout", type=float, default=900, help="seconds for the game")
    parser.add_argument("--engine", choices=("compiled", "pure"), default=None,
                        help="fail unless the bundle's demo game runs this rules engine")
    parser.add_argument("--max-mb", type=float, default=60.0, help="onedir size budget")
    parser.add_argument(
        "--max-start",
        type=float,
        default=2.0,
        help="budget in seconds from process start to READY (median)",
    )
    args = parser.parse_args(argv)

    if not args.no_build:
        if importlib.util.find_spec("PyInstaller") is None:
            print("FAIL: PyInstaller is not installed: python -m pip install -e '.[build]'")
            return 1
        try:
            build(args.onefile)
        except subprocess.CalledProcessError as exc:
            print(f"FAIL: PyInstaller exited with {exc.returncode}")
            return 1
    exe = executable(args.onefile)
    if not exe.is_file():
        print(f"FAIL: no bundle at {exe} (build it, or drop --no-build)")
        return 1

    failures: list[str] = []
    size_mb = size_bytes(exe if args.onefile else exe.parent) / 1e6
    if not args.onefile:
        # PyInstaller 6 keeps everything but the executable in _internal/ (sys._MEIPASS).
        missing = missing_content(exe.parent / "_internal")
        if missing:
            failures.append(
                f"{len(missing)} content files are not in the bundle: " + ", ".join(missing[:10])
            )
        licences, missing_licences = licence_report(exe.parent / "_internal")
        if licences:
            print(licences, flush=True)
        for problem in missing_licences:
            failures.append(f"licence notice missing from the bundle: {problem}")
        app = DIST / "Mindbug.app" / "Contents" / "MacOS" / NAME
        if sys.platform == "darwin" and not app.is_file():
            failures.append(f"no macOS app: {app} was not built")

    times: list[float] = []
    cpu_times: list[float] = []
    for i in range(1, max(args.runs, 1) + 1):
        full_game = i == 1
        run = run_once(exe, args.timeout, stop_after_ready=not full_game)
        ready = f"{run.ready_s:.3f} s" if run.ready_s is not None else "never"
        if full_game:
            over = run.game_over_line or "no game-over line printed, exit code is the proof"
            print(
                f"run {i} (full game): exit {run.returncode}, READY after {ready}, "
                f"finished in {run.total_s:.1f} s; game over: {over}",
                flush=True,
            )
            problems = check_game(run, args.timeout)
            engine = next((line.split()[1] for line in run.stdout
                           if line.startswith("ENGINE ") and len(line.split()) == 2), None)
            print(f"rules engine of the demo game: {engine or 'not reported'}"
                  f"{bundled_engine(exe, args.onefile)}", flush=True)
            if args.engine and engine != args.engine:
                problems.append(f"the demo game ran the {engine or 'unknown'} engine, "
                                f"not the {args.engine} one")
        else:
            print(f"run {i} (start only): READY after {ready}", flush=True)
            problems = [] if run.ready_s is not None else ["never printed READY"]
        if problems:
            failures.append(f"run {i}: " + ", ".join(problems))
            explain_failure(run)
            break
        assert run.ready_s is not None
        times.append(run.ready_s)
        if run.ready_cpu_s is not None:
            cpu_times.append(run.ready_cpu_s)

    kind = "onefile executable" if args.onefile else "onedir bundle"
    print(f"{kind} size: {size_mb:.1f} MB ({exe if args.onefile else exe.parent})")
    if times:
        median = statistics.median(times)
        print(
            f"start to first frame (READY): median {median:.3f} s, first {times[0]:.3f} s, "
            f"best {min(times):.3f} s over {len(times)} runs"
        )
        if cpu_times:
            print(f"CPU time (user+sys) to READY: median {statistics.median(cpu_times):.3f} s, "
                  f"best {min(cpu_times):.3f} s (a busy machine stretches the wall time, not this)")
        if not args.onefile and median > args.max_start:
            failures.append(f"start to first frame {median:.3f} s > {args.max_start} s")
    if not args.onefile and sys.platform.startswith("linux"):
        floor = glibc_floor(exe.parent)
        if floor:
            version, source = floor
            print(f"needs glibc >= {'.'.join(map(str, version))} (highest, in {source})")
    if not args.onefile and size_mb > args.max_mb:
        failures.append(f"onedir bundle {size_mb:.1f} MB > {args.max_mb} MB")

    for failure in failures:
        print("FAIL:", failure)
    if not failures:
        print("OK: the bundle starts, plays a demo game to the end and exits with 0")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
