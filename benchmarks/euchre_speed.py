"""Euchre hands per second: pitchkit's public API next to OpenSpiel's ``euchre``, the same game on
both sides (stick the dealer, the upcard kept: OpenSpiel's defaults), random legal actions.

    python benchmarks/euchre_speed.py [--hands N]

A hand is one deal from the first call to the last trick (OpenSpiel's game is one hand). pitchkit
deals with :meth:`Hand.deal` and takes every decision from :meth:`Hand.legal_actions` (the dealer's
discard from :meth:`Hand.discard_options`); OpenSpiel samples its chance nodes and takes every
decision from ``legal_actions()``. Both draw from seeded generators.
"""

from __future__ import annotations

import argparse
import random
import time

from pitchkit import Hand, make_rules
from pitchkit.actions import Discard


def pitchkit_hands(n: int, seed: int = 1) -> float:
    """Random hands per second through the engine's public API."""
    rules = make_rules("euchre", {"stick-dealer": True, "keep-upcard": True})
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(n):
        hand = Hand.deal(rules, rng, dealer=i % 4)
        while not hand.done:
            seat = hand.to_act
            assert seat is not None
            legal = hand.legal_actions()
            if legal:
                hand.apply(legal[int(rng.random() * len(legal))])
            else:
                cards, _, _ = hand.discard_options(seat)
                hand.apply(Discard(seat, (cards[int(rng.random() * len(cards))],)))
    return n / (time.perf_counter() - start)


def openspiel_hands(n: int, seed: int = 1) -> float | None:
    """Random hands per second through OpenSpiel's ``euchre`` (``None`` without ``open_spiel``)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    return n / (time.perf_counter() - start)


def main() -> None:
    """Print both rates and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    args = parser.parse_args()
    ours = pitchkit_hands(args.hands)
    theirs = openspiel_hands(args.hands)
    print(f"pitchkit public API   {ours:10.0f} hands/s")
    if theirs is None:
        print("OpenSpiel euchre      (open_spiel is not installed)")
        return
    print(f"OpenSpiel euchre      {theirs:10.0f} hands/s")
    print(f"ratio                 {ours / theirs:10.2f}x")


if __name__ == "__main__":
    main()
