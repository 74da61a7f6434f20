"""The judges' rulings of the seeds, as engine :class:`~pitchkit.actions.Ruling` actions that end the
hand in progress. A ruling is part of the hand record, so ``pitch score`` replays it and every score
can be recomputed from the records alone."""

from __future__ import annotations

from dataclasses import dataclass, field

from pitchkit.actions import Ruling
from pitchkit.hand import Hand

#: the name of the ruling that voids a hand
VOID = "void hand"


def _highest_bid(hand: Hand) -> int:
    if hand.bid is not None:
        return hand.bid
    return max((b for _, b in hand.auction.bids if b is not None), default=0)


def misplay(hand: Hand, offender: int) -> Ruling:
    """Seed 000 tournament rules 36-37, a misplay that cannot be corrected: "the offender sits out the
    next hand and loses the hand's highest bid; the cards are re-dealt to the others" (a correctable
    misplay needs no ruling: play goes back to the misplay, which the engine never took)."""
    rules = hand.rules
    lost = _highest_bid(hand)
    delta = tuple(-lost if s in hand.seats and rules.team_of(s) == rules.team_of(offender) else 0
                  for s in range(hand.n_seats))
    return Ruling(offender, "misplay", delta, (offender,))


def pitch_out_of_turn(hand: Hand, offender: int) -> Ruling:
    """Seed 003 "Pitch out of tour": a) if the offending team has the bid, it is sent the value of its
    bid (set: minus the bid; a smudge's value for a smudge) and the opposing team receives 10 points;
    b) otherwise the opponents receive 10 points. The hand ends there."""
    rules = hand.rules
    team = rules.team_of(offender)
    bidding = hand.pitcher is not None and rules.team_of(hand.pitcher) == team
    bid = hand.bid or 0
    cost = rules.smudge_value if bidding and rules.is_special_bid(bid) else bid
    delta = tuple(0 if s not in hand.seats else (-cost if bidding else 0) if rules.team_of(s) == team else 10
                  for s in range(hand.n_seats))
    return Ruling(offender, "pitch out of turn", delta)


def void_hand(hand: Hand, seat: int) -> Ruling:
    """Seed 003 Misc.: "If it is discovered during the course of play that there are an unequal number
    of cards in a player's hand, the entire hand will be void": no score, the same dealer deals again."""
    return Ruling(seat, VOID, (0,) * hand.n_seats)


@dataclass
class MisplayLog:
    """The desk's misplay log (seed 000 tournament rule 38): a second misplay by the same player in one
    Go-Round disqualifies him."""

    entries: list[tuple[int, str, bool]] = field(default_factory=list)

    def record(self, go_round: int, player: str, *, correctable: bool) -> bool:
        """Note a misplay; True when it disqualifies the player."""
        self.entries.append((go_round, player, correctable))
        return sum(1 for r, p, _ in self.entries if r == go_round and p == player) >= 2
