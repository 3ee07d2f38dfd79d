"""python -m game.scenarios PATH [PATH ...]: PASS/FAIL per scenario, then `N passed, M failed`."""

from __future__ import annotations

import os
import sys

from game.cards import CardFileError

from .runner import Result, default_db, run_file, scenario_files


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print("usage: python -m game.scenarios PATH [PATH ...]   (files or folders of *.yaml)")
        return 0 if args else 2
    try:
        default_db()
    except CardFileError as e:
        print(f"cannot load the cards: {e}")
        return 2
    passed = failed = 0
    for path in scenario_files(args):
        if not os.path.lexists(path):  # never raises (a name too long: run_file says so)
            results = [Result(str(path), False, f"{path}: no such file or folder")]
        else:
            results = run_file(path)
        for result in results:
            print(result.line(), flush=True)
            if result.passed:
                passed += 1
            else:
                failed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    from game.common.cli_output import run_main

    sys.exit(run_main(main))
