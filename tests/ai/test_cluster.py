"""Games on a Ray cluster are the same games as with --jobs (issue 29 item 3).

The cluster test starts a throwaway local Ray head on loopback; it runs where the optional
extra is installed (pip install -e ".[test,cluster]") and is skipped elsewhere. Without Ray,
--cluster says how to install it.
"""

from __future__ import annotations

import builtins
import json

import pytest

from game import sim
from game.ai import cluster as cluster_mod
from game.ai.batch import run
from game.ai.ladder import ladder


def _games_of(summary: dict) -> dict:
    """A summary without its timings (the games must be identical, the clock is not)."""
    out = {k: v for k, v in summary.items() if k not in ("games_per_second", "seconds")}
    if "agents" in out:
        out["agents"] = {role: {k: v for k, v in agent.items()
                                if not k.endswith("_s") and "seconds" not in k}
                         for role, agent in summary["agents"].items()}
    return out


def test_without_ray_cluster_says_how_to_install_it(monkeypatch, capsys):
    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray" or name.startswith("ray."):
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(cluster_mod.ClusterError, match=r'pip install -e "\.\[cluster\]"'):
        cluster_mod.open_cluster("local")
    with pytest.raises(SystemExit) as exit_info:
        sim.main(["--games", "2", "--cluster", "local"])
    assert exit_info.value.code == 2
    assert "Ray is not installed" in capsys.readouterr().err


def test_a_ladder_and_a_pair_on_a_local_ray_cluster_match_jobs(capsys):
    pytest.importorskip("ray", reason='the cluster extra: pip install -e ".[cluster]"')
    with cluster_mod.open_cluster("local") as on_ray:
        assert on_ray.owned and on_ray.workers >= 1
        ray_pair = run(6, 5, "1v1", "easy", "random", cluster=on_ray)
        ray_2v2 = run(4, 8, "2v2", cluster=on_ray)
        ray_ladder = ladder(["random", "easy", "medium"], 4, 3, cluster=on_ray)
    assert ray_pair["agents"]["p1"]["wins"] + ray_pair["agents"]["p2"]["wins"] == 6
    for jobs in (1, 2):
        assert _games_of(run(6, 5, "1v1", "easy", "random", jobs=jobs)) == _games_of(ray_pair)
    # The rest against games played in this process: local worker processes play the same
    # games as this one (the pair above), and each pool of them costs their start-up.
    assert _games_of(run(4, 8, "2v2", jobs=1)) == _games_of(ray_2v2)
    local_ladder = ladder(["random", "easy", "medium"], 4, 3, jobs=1)
    assert json.dumps(ray_ladder, sort_keys=True) == json.dumps(local_ladder, sort_keys=True)
