"""Regenerate ``tests/data/perft.json``: perft counts of fixed deals, several per preset.

Run from the repository root::

    python -m tests.data.make_perft

Each position is a hand record (``pitchkit.engine.record``): a seeded deal, a fixed auction (and, in
ten-point, the trump, discards and draw and the partner exchange), then possibly some tricks of
seeded random play. From
there the generator counts every legal sequence of actions to the end of the hand (card plays, and
naming trump where a led jack or joker asks for it) and the distinct score deltas those sequences
end in. Positions start at the first lead where small hands keep the count small (the
``hand-size`` option, or a 2- or 3-seat table); full-size deals start after enough tricks for the
count to stay below ``LIMIT`` leaves.

Before writing, every leaf count is checked against :mod:`tests.reference` (an independent model
of follow-suit and trick winning), so the file holds counts the rules give, not just the engine's.
``tests/test_perft.py`` recomputes everything and compares.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from pitchkit import Discard, Hand, Phase, make_rules
from pitchkit.engine.record import hand_record, load_hand, parse_action
from tests import reference as ref

PATH = Path(__file__).with_name("perft.json")
LIMIT = 2000


class TooMany(Exception):
    """The count passed the limit."""


def perft(hand: Hand, *, limit: int | None = None) -> tuple[int, set[tuple[int, ...]]]:
    """Leaf count and distinct final score deltas of every legal action sequence from ``hand``."""
    deltas: set[tuple[int, ...]] = set()
    leaves = 0

    def walk(h: Hand) -> None:
        nonlocal leaves
        if h.done:
            assert h.result is not None
            leaves += 1
            deltas.add(h.result.delta)
            if limit is not None and leaves > limit:
                raise TooMany
            return
        for action in h.legal_actions():
            child = h.clone()
            child.apply(action)
            walk(child)

    walk(hand)
    return leaves, deltas


def load_position(record: dict[str, object]) -> Hand:
    """The hand of a record with its actions applied."""
    hand = load_hand(record)
    actions = record.get("actions", [])
    assert isinstance(actions, list)
    for entry in actions:
        for action in parse_action(hand.rules, entry):
            hand.apply(action)
    return hand


def reference_count(hand: Hand) -> int:
    """The leaf count of :mod:`tests.reference` from a position at the start of a trick."""
    assert hand.phase == Phase.PLAY and not hand.trick and hand.to_act is not None
    order = [hand.seats[0]]
    while len(order) < len(hand.seats):
        order.append(hand.next_seat(order[-1]))
    held = {s: {int(c) for c in hand.holding(s)} for s in hand.seats}
    must = hand.rules.bidder_leads_trump and not hand.tricks
    return ref.count_play_sequences(held, order, hand.to_act, hand.trump, ref.FACTS[hand.rules.preset],
                                    must_lead_trump=must)


@dataclass(frozen=True)
class Spec:
    """One position to generate."""

    name: str
    preset: str
    players: int
    seed: int
    options: dict[str, object] = field(default_factory=dict)
    #: auction entries without the seat, in turn; default: everyone passes, the dealer takes it
    auction: tuple[dict[str, object], ...] = ()
    #: tricks of random play before counting; None: as few as keep the count below LIMIT
    tricks: int | None = 0
    #: "jack" or "joker": only deals where the pitcher holds one at the first lead (naming trump)
    needs: str = ""


PASS: dict[str, object] = {"bid": "pass"}
TAKE: dict[str, object] = {"choose": "take"}

SPECS = [
    Spec("pct-3-seats-3-cards", "pct", 3, 1, {"hand-size": 3}),
    Spec("pct-2-seats-4-cards", "pct", 2, 2, {"hand-size": 4}, ({"bid": 3}, PASS)),
    Spec("pct-4-seats", "pct", 4, 3, tricks=None),
    Spec("pct-4-seats-run-it", "pct", 4, 4, auction=(PASS, PASS, PASS, {"choose": "run"}, PASS, PASS, PASS),
         tricks=None),
    Spec("pct-6-seats-teams", "pct", 6, 5, {"teams": 3}, tricks=None),
    Spec("pct-tournament-2-seats-4-cards", "pct-tournament", 2, 6, {"hand-size": 4}),
    Spec("pct-tournament-3-seats", "pct-tournament", 3, 7, tricks=None),
    Spec("smudge-3-seats-3-cards", "smudge", 3, 8, {"hand-size": 3}, (PASS, {"bid": "smudge"}, PASS)),
    Spec("smudge-4-seats", "smudge", 4, 9, tricks=None),
    Spec("auction-3-seats-3-cards", "auction", 3, 10, {"hand-size": 3}, ({"bid": 1}, PASS, {"bid": 1})),
    Spec("auction-5-seats", "auction", 5, 11, auction=({"bid": 4},), tricks=None),
    Spec("auction-partners-3-cards", "auction-partners", 4, 12, {"hand-size": 3}),
    Spec("auction-partners-full", "auction-partners", 4, 13, tricks=None),
    Spec("ten-point", "ten-point", 4, 14, tricks=None),
    Spec("ten-point-smudge", "ten-point", 4, 15,
         auction=({"bid": "smudge"}, {"bid": "over-smudge"}, PASS, PASS), tricks=None),
    Spec("seven-point-3-seats-3-cards", "seven-point", 3, 16, {"hand-size": 3}, needs="joker"),
    Spec("seven-point-3-seats-4-cards", "seven-point", 3, 17, {"hand-size": 4}, (PASS, {"bid": 4}, PASS),
         needs="jack"),
    Spec("seven-point-6-seats", "seven-point", 6, 18, tricks=None),
    Spec("euchre-3-cards", "euchre", 4, 19, {"hand-size": 3}),
    Spec("euchre-picked-up", "euchre", 4, 20, tricks=None),
    Spec("euchre-stick-named", "euchre-stick", 4, 21, auction=(PASS, PASS, PASS, PASS), tricks=None),
    Spec("euchre-stick-3-cards", "euchre-stick", 4, 22, {"hand-size": 3}),
    Spec("euchre-uk-3-cards", "euchre-uk", 4, 23, {"hand-size": 3}),
    Spec("euchre-uk-picked-up", "euchre-uk", 4, 24, tricks=None),
]


def _apply_entry(hand: Hand, entry: dict[str, object]) -> None:
    for action in parse_action(hand.rules, {"seat": hand.to_act, **entry}):
        hand.apply(action)


def _setup(spec: Spec, attempt: int) -> Hand | None:
    """Deal, bid, name trump and discard; None if this deal ends in a misdeal or lacks what the
    spec needs."""
    rules = make_rules(spec.preset, spec.options, players=spec.players)
    rng = random.Random(spec.seed * 1000 + attempt)
    hand = Hand.deal(rules, rng, dealer=spec.players - 1)
    for entry in spec.auction:
        _apply_entry(hand, entry)
    while hand.phase == Phase.AUCTION and hand.upcard is not None:
        # the upcard: the others pass, the dealer makes trump and plays with the partner
        hand.apply(hand.legal_actions()[0 if hand.to_act != hand.dealer else -1])
    while hand.phase == Phase.AUCTION:
        _apply_entry(hand, PASS if hand.to_act != hand.dealer else TAKE)
    while not hand.done and hand.phase != Phase.PLAY:
        seat = hand.to_act
        assert seat is not None
        if hand.phase == Phase.TRUMP:
            suits = [int(c) // 13 for c in hand.holding(seat) if c < 52]
            _apply_entry(hand, {"trump": "CDHS"[max(range(4), key=suits.count)]})
        elif hand.phase == Phase.EXCHANGE:
            hand.apply(rng.choice(hand.legal_actions()))
        else:
            cards, lo, hi = hand.discard_options(seat)
            hand.apply(Discard(seat, tuple(sorted(rng.sample(cards, rng.randint(lo, hi))))))
    if hand.done:
        return None
    held = [int(c) for c in hand.holding(hand.pitcher or 0)]
    if spec.needs == "joker" and not any(c >= 52 for c in held):
        return None
    if spec.needs == "jack" and not any(c < 52 and c % 13 == 9 for c in held):
        return None
    return hand


def _play_tricks(hand: Hand, tricks: int, rng: random.Random) -> None:
    while len(hand.tricks) < tricks or hand.trick:
        hand.apply(rng.choice(hand.legal_actions()))


def _count(spec: Spec, start: Hand) -> tuple[Hand, int, set[tuple[int, ...]]] | None:
    """The position after as few tricks as keep the count within LIMIT, and its counts."""
    total_tricks = start.hands[start.pitcher or 0].bit_count()
    choices = [spec.tricks] if spec.tricks is not None else list(range(total_tricks - 1, -1, -1))
    best: tuple[Hand, int, set[tuple[int, ...]]] | None = None
    for tricks in choices:
        hand = start.clone()
        _play_tricks(hand, tricks, random.Random(spec.seed))
        try:
            leaves, deltas = perft(hand.clone(), limit=LIMIT)
        except TooMany:
            break
        best = hand, leaves, deltas
    return best


def build(spec: Spec) -> dict[str, object]:
    """One perft entry: the position's record and its counts, checked against the reference.

    Deals are tried in turn until one whose play can end in more than one score delta."""
    found: tuple[Hand, int, set[tuple[int, ...]]] | None = None
    for attempt in range(60):
        start = _setup(spec, attempt)
        counted = None if start is None else _count(spec, start)
        if counted is not None and (found is None or len(counted[2]) > len(found[2])):
            found = counted
        if found is not None and len(found[2]) > 1:
            break
    assert found is not None, f"{spec.name}: no deal within {LIMIT} leaves"
    hand, leaves, deltas = found
    assert reference_count(hand) == leaves, spec.name
    return {"name": spec.name, "record": hand_record(hand), "tricks_played": len(hand.tricks),
            "leaves": leaves, "distinct_deltas": len(deltas)}


def main() -> None:
    """Write the perft file."""
    positions = [build(spec) for spec in SPECS]
    about = json.dumps("perft counts; regenerate with: python -m tests.data.make_perft")
    lines = ",\n".join("  " + json.dumps(p) for p in positions)
    PATH.write_text(f'{{"about": {about},\n "positions": [\n{lines}\n]}}\n', encoding="utf-8")
    for p in positions:
        print(f"{p['name']:34} tricks played {p['tricks_played']}  leaves {p['leaves']:6}  "
              f"deltas {p['distinct_deltas']}")


if __name__ == "__main__":
    main()
