"""Work split over a Ray cluster (``pitchkit[cluster]``), for ``pitch arena --ray`` and
``pitch simulate --ray``.

Ray is imported only when a cluster is asked for, so nothing else pays for its start-up. Tasks are
submitted all at once and their results are handed back in submission order, so a run split over
a cluster gives the same figures as the same run in one process: every piece of work carries its
own seed and never depends on which worker plays it.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType, TracebackType
from typing import Any, TypeVar

from pitchkit.engine.errors import PitchError, quote

T = TypeVar("T")
R = TypeVar("R")

#: the address that starts a Ray instance on this machine for the run (Ray's own name for it)
LOCAL = "local"
#: seconds to wait for a cluster's address to answer before giving up
CONNECT_TIMEOUT = 5.0


class ClusterError(PitchError):
    """Ray is not installed, or the cluster cannot be reached."""


def _import_ray() -> ModuleType:
    try:
        import ray
    except ImportError:
        raise ClusterError("--ray needs Ray: pip install 'pitchkit[cluster]'") from None
    return ray


def _check_reachable(address: str) -> None:
    """Fail fast on a ``host:port`` nobody answers at (Ray itself retries for minutes)."""
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit():
        raise ClusterError(f"not a Ray address: {quote(address)} (give host:port, ray://host:port, "
                           "auto, or nothing for a local instance)")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT):
            pass
    except OSError as e:
        raise ClusterError(f"cannot reach the Ray cluster at {quote(address)}: "
                           f"{e.strerror or type(e).__name__}") from None


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


class RayCluster:
    """A connection to a Ray cluster for the length of a ``with`` block.

    ``address`` is :data:`LOCAL` (start a Ray instance on this machine, stopped again at the end),
    ``auto`` (the cluster this machine belongs to), ``host:port`` or ``ray://host:port``. When Ray
    is already initialised in this process that instance is used as it is and left running."""

    def __init__(self, address: str = LOCAL) -> None:
        self.address = address
        self._ray: ModuleType | None = None
        self._started = False

    def __enter__(self) -> RayCluster:
        ray = self._ray = _import_ray()
        if ray.is_initialized():
            return self
        address = self.address
        if address not in (LOCAL, "auto") and not address.startswith("ray://"):
            _check_reachable(address)
        options: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING}
        if address == LOCAL:
            options["include_dashboard"] = False
        try:
            ray.init(address=address, **options)
        except (ConnectionError, ValueError, RuntimeError, TimeoutError) as e:
            raise ClusterError(f"cannot reach the Ray cluster at {quote(address)}: {_one_line(e)}") from None
        self._started = True
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._started and self._ray is not None:
            self._ray.shutdown()
            self._started = False

    @property
    def ray(self) -> ModuleType:
        """The ``ray`` module (inside the ``with`` block)."""
        if self._ray is None:
            raise ClusterError("use the cluster inside a with block")
        return self._ray

    @property
    def cpus(self) -> int:
        """The CPUs the cluster offers (at least 1)."""
        return max(1, int(self.ray.cluster_resources().get("CPU", 1)))

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """``fn(item)`` for every item as Ray tasks, results in the order of ``items``."""
        remote = self.ray.remote(fn)
        pending = [remote.remote(item) for item in items]
        for ref in pending:
            yield self.ray.get(ref)


def chunks(count: int, workers: int, *, per_worker: int = 4) -> list[range]:
    """``range(count)`` cut into consecutive pieces, about ``per_worker`` for each worker (so a
    slow piece does not leave the others idle) and never empty."""
    pieces = max(1, min(count, workers * per_worker))
    size, extra = divmod(count, pieces)
    out, start = [], 0
    for i in range(pieces):
        stop = start + size + (i < extra)
        out.append(range(start, stop))
        start = stop
    return out
