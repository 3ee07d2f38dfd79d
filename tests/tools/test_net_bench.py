"""bench/network.py still runs and prints its figures (the figures themselves are read by hand)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_network_benchmark_prints_latency_and_host_cpu():
    result = subprocess.run([sys.executable, str(ROOT / "bench" / "network.py"), "--games", "1"],
                            capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert re.search(r"pick -> event at another client: median [\d.]+ ms, p99 [\d.]+ ms",
                     result.stdout)
    assert re.search(r"host CPU per game: median [\d.]+ s", result.stdout)
