"""How long a hint with its reason takes: :func:`pitchkit.advice.hints.hint_json` for the first
auction turn with bids and the first card-play turn with a choice (trump known, hands short enough
to solve) of a few deals of each preset, without a clock limit (the whole sample budget).

The compiled solver is loaded first (as a server's bot worker has it after its first hint). Run:
``python benchmarks/web_hints.py [--deals N] [--json]``; the figures in ``docs/web.md`` ("Hint")
come from it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from pitchkit import Game, make_rules
from pitchkit.advice.hints import FAST_HINT_BOT, hint_json, warm_up
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Bid, Phase
from pitchkit.engine.presets import presets
from pitchkit.engine.view import View

#: trick-taking Pitch presets (not Euchre, whose auction is not a bid of points)
SKIP = ("euchre",)


def turns(variant: str, seed: int) -> tuple[View | None, View | None]:
    """The first auction view with a bid to make and the first card-play view with a choice."""
    game = Game(make_rules(variant), seed=seed)
    bots = [make_bot("heuristic", seed=seed + s) for s in range(game.rules.players)]
    bid: View | None = None
    card: View | None = None
    while (bid is None or card is None) and not game.over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if bid is None and view.phase == Phase.AUCTION and any(
                isinstance(a, Bid) and a.amount is not None for a in view.legal):
            bid = view
        if card is None and view.phase == Phase.PLAY and view.trump is not None and len(view.legal) > 1 \
                and max(view.hand_sizes) <= 7:
            card = view
        game.apply(bots[seat].choose(view))
    return bid, card


def measure(deals: int) -> dict[str, object]:
    """Seconds per hint, bids and cards apart."""
    warm_up()
    seconds: dict[str, list[float]] = {"bid": [], "card": []}
    for variant in sorted(presets()):
        if variant.startswith(SKIP):
            continue
        for seed in range(deals):
            for kind, view in zip(("bid", "card"), turns(variant, seed), strict=True):
                if view is None:
                    continue
                start = time.perf_counter()
                hint_json(FAST_HINT_BOT, view, seed)
                seconds[kind].append(time.perf_counter() - start)
    return {"load_average": [round(x, 2) for x in os.getloadavg()], **{
        kind: {"median_s": round(statistics.median(xs), 3), "max_s": round(max(xs), 3), "hints": len(xs)}
        for kind, xs in seconds.items() if xs}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3, help="deals per preset")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    got = measure(args.deals)
    print(json.dumps(got, indent=2 if args.json else None))


if __name__ == "__main__":
    main()
