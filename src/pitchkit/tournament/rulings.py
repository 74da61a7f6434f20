"""The judges' rulings of the seeds, as engine :class:`~pitchkit.actions.Ruling` actions that end the
hand in progress. A ruling is part of the hand record, so ``pitch score`` replays it and every score
can be recomputed from the records alone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pitchkit.actions import Ruling
from pitchkit.hand import Hand
from pitchkit.rules import Rules

MISPLAY = "misplay"
OUT_OF_TURN = "pitch out of turn"
VOID = "void hand"
#: the rulings that end a hand, by name
ENDING = (MISPLAY, OUT_OF_TURN, VOID)


def _highest_bid(hand: Hand) -> int:
    if hand.bid is not None:
        return hand.bid
    return max((b for _, b in hand.auction.bids if b is not None), default=0)


def ending_ruling(rules: Rules, name: str, offender: int, *, seats: Sequence[int], pitcher: int | None,
                  bid: int | None, highest: int) -> Ruling:
    """The ruling ``name`` (one of :data:`ENDING`) against ``offender`` in a hand of ``seats`` whose
    auction gave ``pitcher`` and ``bid`` (None while it runs) and whose highest bid so far is
    ``highest``; :func:`misplay`, :func:`pitch_out_of_turn` and :func:`void_hand` on a hand in play,
    and the score sheet's ruling hands, come here."""
    n = rules.players
    team = rules.team_of(offender)
    if name == MISPLAY:
        delta = tuple(-highest if s in seats and rules.team_of(s) == team else 0 for s in range(n))
        return Ruling(offender, MISPLAY, delta, (offender,))
    if name == OUT_OF_TURN:
        bidding = pitcher is not None and rules.team_of(pitcher) == team
        cost = rules.smudge_value if bidding and rules.is_special_bid(bid or 0) else bid or 0
        delta = tuple(0 if s not in seats else (-cost if bidding else 0) if rules.team_of(s) == team else 10
                      for s in range(n))
        return Ruling(offender, OUT_OF_TURN, delta)
    if name == VOID:
        return Ruling(offender, VOID, (0,) * n)
    raise ValueError(f"no ruling ends a hand by the name {name!r}")


def _on(hand: Hand, name: str, offender: int) -> Ruling:
    return ending_ruling(hand.rules, name, offender, seats=hand.seats, pitcher=hand.pitcher, bid=hand.bid,
                         highest=_highest_bid(hand))


def misplay(hand: Hand, offender: int) -> Ruling:
    """Seed 000 tournament rules 36-37, a misplay that cannot be corrected: "the offender sits out the
    next hand and loses the hand's highest bid; the cards are re-dealt to the others" (a correctable
    misplay needs no ruling: play goes back to the misplay, which the engine never took)."""
    return _on(hand, MISPLAY, offender)


def pitch_out_of_turn(hand: Hand, offender: int) -> Ruling:
    """Seed 003 "Pitch out of tour": a) if the offending team has the bid, it is sent the value of its
    bid (set: minus the bid; a smudge's value for a smudge) and the opposing team receives 10 points;
    b) otherwise the opponents receive 10 points. The hand ends there."""
    return _on(hand, OUT_OF_TURN, offender)


def void_hand(hand: Hand, seat: int) -> Ruling:
    """Seed 003 Misc.: "If it is discovered during the course of play that there are an unequal number
    of cards in a player's hand, the entire hand will be void": no score, the same dealer deals again."""
    return _on(hand, VOID, seat)


@dataclass
class MisplayLog:
    """The desk's misplay log (seed 000 tournament rule 38): a second misplay by the same player in one
    Go-Round disqualifies him."""

    entries: list[tuple[int, str, bool]] = field(default_factory=list)

    def record(self, go_round: int, player: str, *, correctable: bool) -> bool:
        """Note a misplay; True when it disqualifies the player."""
        self.entries.append((go_round, player, correctable))
        return sum(1 for r, p, _ in self.entries if r == go_round and p == player) >= 2
