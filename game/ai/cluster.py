"""Games played on a Ray cluster instead of local worker processes (``--cluster``).

``--cluster ADDRESS`` joins a running cluster (``ray start --head`` on one machine, ``ray start
--address HEAD:6379`` on the others; ``auto`` finds the one this machine belongs to);
``--cluster local`` starts a throwaway instance on this machine and stops it at the end.

The games are the same as with ``--jobs``: each game's generators come from the batch's seed
and the game's index alone (game.ai.batch.game_seeds), the games are sharded by index, and the
results are put back in index order, so a summary differs only in its timings.

Ray is an optional extra (``pip install -e ".[cluster]"``): nothing here imports it until a
cluster is asked for, and without it ``open_cluster`` raises ``ClusterError`` saying how to
install it.
"""

from __future__ import annotations

import argparse
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any, TypeVar

INSTALL = 'Ray is not installed: pip install -e ".[cluster]" (or pip install "ray>=2.9")'


class ClusterError(RuntimeError):
    """No cluster to play on; ``str()`` is one line for the command line."""


Chunk = TypeVar("Chunk")
Result = TypeVar("Result")


class Cluster:
    """An open connection to Ray; ``map`` plays chunks of games on its workers."""

    def __init__(self, ray: ModuleType, owned: bool) -> None:
        self._ray = ray
        self.owned = owned  # started here (``local``): ``close`` stops it, else only leaves it
        self._remote: dict[Callable[..., object], Any] = {}  # Ray's remote functions (untyped)

    @property
    def workers(self) -> int:
        """How many games can run at once: the cluster's CPUs (at least 1)."""
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def map(self, fn: Callable[[Chunk], Result], chunks: Sequence[Chunk]) -> list[Result]:
        """``[fn(chunk) for chunk in chunks]``, each chunk on a worker, results in order."""
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(fn)
        return list(self._ray.get([remote.remote(chunk) for chunk in chunks]))

    def close(self) -> None:
        self._ray.shutdown()  # a joined cluster goes on running

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:  # any exception: the cluster closes either way
        self.close()


def open_cluster(address: str) -> Cluster:
    """Connect to ``address`` (``host:port`` of a head, ``auto``) or start a ``local`` instance."""
    try:
        import ray
    except ImportError:
        raise ClusterError(INSTALL) from None
    if not address.strip():
        raise ClusterError("--cluster needs an address, auto or local")
    # The workers import game.* from this checkout (also on other machines of the cluster,
    # which need the same version of the game installed).
    runtime = {"env_vars": {"PYTHONPATH": os.pathsep.join(filter(None, [
        os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
        os.environ.get("PYTHONPATH", "")]))}}
    try:
        if address == "local":
            ray.init(address="local", include_dashboard=False, log_to_driver=False,
                     logging_level=logging.WARNING, _node_ip_address="127.0.0.1",
                     runtime_env=runtime)
            return Cluster(ray, owned=True)
        ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING,
                 runtime_env=runtime)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Ray cluster at {address}: {exc}") from None
    return Cluster(ray, owned=False)


@contextmanager
def from_arguments(parser: argparse.ArgumentParser, address: str | None) -> Iterator[Cluster | None]:
    """``--cluster ADDRESS`` of a command line: the open cluster (closed at the end), None
    without the option; a cluster that cannot be had is the parser's usage error (exit 2)."""
    if address is None:
        yield None
        return
    try:
        cluster = open_cluster(address)
    except ClusterError as exc:
        parser.error(f"argument --cluster: {exc}")
    try:
        yield cluster
    finally:
        cluster.close()
