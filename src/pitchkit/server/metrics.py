"""The server's figures in the Prometheus text format (``GET /metrics``): actions taken and how long
each took to be stored and told, commits, open connections, tables in memory by state, and the bot
pool's queue and decision time. Each service has a registry of its own."""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable, Iterable, Iterator

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

__all__ = ["CONTENT_TYPE_LATEST", "Metrics"]

#: the histograms' buckets, in seconds: a commit or an action takes milliseconds, a bot up to its cap
_FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
_BOT = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
STATES = ("waiting", "playing", "over", "closed")


class _Tables(Collector):
    """The tables in memory by state, counted when the figures are asked for."""

    def __init__(self, statuses: Callable[[], Iterable[str]]) -> None:
        self.statuses = statuses

    def collect(self) -> Iterator[GaugeMetricFamily]:
        counts = Tally(self.statuses())
        family = GaugeMetricFamily("pitchkit_tables", "Tables in memory, by state", labels=["state"])
        for state in STATES:
            family.add_metric([state], counts.get(state, 0))
        yield family


class Metrics:
    """One service's figures."""

    def __init__(self, statuses: Callable[[], Iterable[str]], queued: Callable[[], int]) -> None:
        """``statuses``: the state of each table in memory; ``queued``: bot decisions waiting for a
        worker."""
        self.registry = CollectorRegistry()
        self.actions = Counter("pitchkit_actions", "Actions taken at the tables, by who took them",
                               ["by"], registry=self.registry)
        self.action_seconds = Histogram("pitchkit_action_seconds",
                                        "From an action's arrival until it is stored and everyone told",
                                        buckets=_FAST, registry=self.registry)
        self.commit_seconds = Histogram("pitchkit_commit_seconds", "Time to store a change in the database",
                                        buckets=_FAST, registry=self.registry)
        self.connections = Gauge("pitchkit_connections", "Open websocket connections, seats and spectators",
                                 ["kind"], registry=self.registry)
        for kind in ("seat", "spectator"):
            self.connections.labels(kind).set(0)
        self.bot_seconds = Histogram("pitchkit_bot_decision_seconds", "Time for a bot to decide at a table",
                                     buckets=_BOT, registry=self.registry)
        queue = Gauge("pitchkit_bot_queue", "Bot decisions waiting for a free worker", registry=self.registry)
        queue.set_function(lambda: float(queued()))
        self.registry.register(_Tables(statuses))

    def text(self) -> bytes:
        """Every figure in the Prometheus text format."""
        return generate_latest(self.registry)
