"""``GET /metrics``: the server's figures in the Prometheus text format, read back with
``prometheus_client``'s own parser while bots play and a spectator watches: actions by who took
them, the action, commit and bot decision times, open connections, tables by state, the bot queue."""

from __future__ import annotations

import asyncio

from prometheus_client.parser import text_string_to_metric_families

from tests.server.client import Conn, create_table, http, run, watch
from tests.server.conftest import Server


def _figures(base: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    reply = http(base, "GET", "/metrics")
    assert reply.status == 200
    text = reply.text
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def test_metrics_count_the_actions_connections_and_tables_in_the_prometheus_format(server: Server) -> None:
    async def go() -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        table = await asyncio.to_thread(create_table, server.base, "pct", [{"bot": "heuristic"}] * 4,
                                        public=True)
        spectator = await Conn.open(server.ws_base, table.id)
        await watch(spectator, stop=lambda f: f.get("version", 0) >= 12)
        figures = await asyncio.to_thread(_figures, server.base)
        await spectator.close()
        return figures

    figures = run(go(), timeout=120)
    assert figures[("pitchkit_actions_total", (("by", "bot"),))] >= 8
    assert figures[("pitchkit_action_seconds_count", ())] >= 8
    assert figures[("pitchkit_commit_seconds_count", ())] >= 10
    assert figures[("pitchkit_bot_decision_seconds_count", ())] >= 8
    assert figures[("pitchkit_connections", (("kind", "spectator"),))] >= 1
    tables = {labels[0][1]: value for (name, labels), value in figures.items() if name == "pitchkit_tables"}
    assert set(tables) == {"waiting", "playing", "over", "closed"} and tables["playing"] >= 1
    assert ("pitchkit_bot_queue", ()) in figures
