"""The table service's own CPU time per action, without sockets: what ``pitch serve`` does for an
action besides the framework's and the network's part.

A :class:`~pitchkit.server.service.TableService` on a temporary SQLite database; ``--tables``
tables of four people, each connection a :class:`~pitchkit.server.live.Subscriber` that nobody
reads from a socket; one coroutine per table acts for the seat to act with a random legal action
from that seat's last message, as a client would (so every action is applied, committed in the
batch of its event-loop turn, and every seat's message is built). A table whose game ends is
replaced. The figure is the event loop thread's CPU time per action over ``--actions`` actions
after a warm-up, which depends much less on other work on the machine than a rate does. The
garbage collector runs at the server's thresholds.

Run: ``python benchmarks/server_hot_path.py [--tables 100] [--actions 8000] [--runs 3] [--json]``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

from pitchkit.server.config import Settings
from pitchkit.server.live import LiveTable, Subscriber
from pitchkit.server.probe import MIDDLE_THRESHOLD, YOUNG_THRESHOLD
from pitchkit.server.service import TableService

SEATS = 4
WARM_UP = 1500

#: a table: its id, the table in memory, and its four connections
Table = tuple[str, LiveTable, list[Subscriber]]


class Bench:
    """The service, its tables, and how many actions were taken."""

    def __init__(self, service: TableService, seed: int) -> None:
        self.service = service
        self.rng = random.Random(seed)
        self.done = 0
        self.limit = 0

    async def table(self) -> Table:
        """A new table of four people, every seat connected."""
        made = await self.service.create(variant="pct", players=SEATS, options={},
                                         seats=[{"human": True}] * SEATS, public=False)
        subs = []
        for seat, invite in made["invites"].items():
            token = await self.service.join(made["id"], seat=seat, invite=invite, name=f"p{seat}")
            live, sub = await self.service.subscribe(made["id"], token=token, watch=None)
            subs.append(sub)
        return made["id"], live, subs

    async def play(self, first: Table) -> Table:
        """Act for one table until :attr:`limit` actions are taken, replacing it when it ends;
        returns the table it played last."""
        table_id, live, subs = first
        while self.done < self.limit:
            state = live.state
            seat = state.to_act()
            if seat is None:
                for sub in subs:
                    await self.service.unsubscribe(live, sub)
                table_id, live, subs = await self.table()
                continue
            last = None
            for sub in subs:
                taken = list(sub.messages)
                sub.messages.clear()
                if sub.seat == seat and taken and taken[-1] is not None:
                    last = taken[-1]
            if last is None:
                last = live.views.message(state, "snapshot", seat).decode()
            action: dict[str, Any] = self.rng.choice(orjson.loads(last)["state"]["legal"])
            options = action.get("discard")
            if isinstance(options, dict):
                action = {"discard": self.rng.sample(options["choose_from"], options["count"][0])}
            await self.service.act(table_id, seat, action, version=state.version)
            self.done += 1
        return table_id, live, subs


async def measure(tables: int, actions: int, seed: int) -> float:
    """Microseconds of the loop thread's CPU time per action."""
    with tempfile.TemporaryDirectory(prefix="pitch-hot-") as tmp:
        service = TableService(Settings(database_url=f"sqlite:///{Path(tmp) / 'hot.db'}", bot_processes=0,
                                        lag_warning=0))
        await service.start()
        try:
            bench = Bench(service, seed)
            runs = [await bench.table() for _ in range(tables)]
            bench.limit = WARM_UP
            runs = await asyncio.gather(*(bench.play(run) for run in runs))
            bench.done, bench.limit = 0, actions
            start = time.thread_time()
            await asyncio.gather(*(bench.play(run) for run in runs))
            return 1e6 * (time.thread_time() - start) / bench.done
        finally:
            await service.close()


def main() -> None:
    """Parse the options, measure each run, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--actions", type=int, default=8000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.tables <= 2000 or not 100 <= args.actions <= 10**6 or not 1 <= args.runs <= 50:
        parser.error("--tables 1..2000, --actions 100..1000000, --runs 1..50")
    gc.set_threshold(YOUNG_THRESHOLD, MIDDLE_THRESHOLD, 1 << 30)
    each = [round(asyncio.run(measure(args.tables, args.actions, args.seed + run)), 1)
            for run in range(args.runs)]
    result = {"tables": args.tables, "actions": args.actions, "us_per_action": statistics.median(each),
              "runs": each}
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))


if __name__ == "__main__":
    main()
