"""Playing one table's game through the engine, by bots, for an event."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pitchkit.bots import make_bot
from pitchkit.engine.game import Game
from pitchkit.engine.hand import HandResult
from pitchkit.engine.record import game_record
from pitchkit.engine.rules import Rules

#: a table's game never runs past this many hands (a guard; no seed game comes near it)
HAND_LIMIT = 2000


@dataclass(frozen=True)
class Played:
    """A finished game: the final scores by seat, the winning seats, why, and the game record."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    hands: int
    record: list[dict[str, object]]


#: called before each hand with the game; returns True to stop after the hand in progress
StopRule = Callable[[Game], bool]


def play_table(rules: Rules, bots: Sequence[str], rng: random.Random, *,
               stop: StopRule | None = None) -> Played:
    """Play one game at a table of ``len(bots)`` seats, each seat played by the bot named.

    ``stop`` (a match clock) is asked before each new hand; when it answers True the game ends after
    that point with the side ahead winning, a tie playing one more hand at a time."""
    game = Game(rules, rng=random.Random(rng.getrandbits(64)))
    players = [make_bot(name, seed=rng.getrandbits(32)) for name in bots]
    stopped = False
    hands = 0
    while not game.over and hands < HAND_LIMIT:
        seat = game.to_act
        assert seat is not None
        result: HandResult | None = game.apply(players[seat].choose(game.view(seat)))
        if result is None or result.misdeal:
            continue
        hands += 1
        if not game.over and (stopped or (stop is not None and stop(game))):
            stopped = True
            best = max(game.scores)
            leaders = tuple(s for s in range(rules.players) if game.scores[s] == best)
            if len({rules.team_of(s) for s in leaders}) == 1:
                return Played(tuple(game.scores), leaders, "ahead at the stop", hands, game_record(game))
    if game.end is None:
        raise RuntimeError(f"a game ran past {HAND_LIMIT} hands")
    return Played(tuple(game.scores), game.end.winners, game.end.reason, hands, game_record(game))
