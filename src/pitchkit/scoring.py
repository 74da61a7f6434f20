"""Scoring a played hand: the awards in scoring order, who they go to, the contract and deltas."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pitchkit.cards import ACE, BIG_JOKER, CARDS, GAME_VALUE, JACK, LITTLE_JOKER, Card, card_index
from pitchkit.rules import POINT_VALUES, Credit, Rules
from pitchkit.trump import table

#: A completed trick: the plays in order as (seat, card index), and the seat that won it.
Trick = tuple[tuple[tuple[int, int], ...], int]

_RANK_POINTS = {"ace": ACE, "ten": 10, "two": 2, "three": 3}


@dataclass(frozen=True, slots=True)
class Award:
    """One point category awarded: the seat credited (its side gets the value)."""

    point: str
    card: Card | None
    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class Tally:
    """What a hand's cards earned, before the contract is applied."""

    awards: tuple[Award, ...]
    #: scoring side of each seat (-1 for seats not in the hand); sides are named by a member seat
    side: tuple[int, ...]
    #: points each seat's side won in this hand
    side_points: tuple[int, ...]
    #: card points for "game" each seat's side took
    card_points: tuple[int, ...]
    #: every point awarded this hand
    total: int


def point_card(point: str, trump: int, off_jack: int) -> int | None:
    """The card index a card-point category names under ``trump`` (None for high, low, game...)."""
    if point == "jack":
        return card_index(JACK, trump)
    if point == "off-jack":
        return off_jack if off_jack >= 0 else None
    if point == "big-joker":
        return BIG_JOKER
    if point == "little-joker":
        return LITTLE_JOKER
    if point in _RANK_POINTS:
        return card_index(_RANK_POINTS[point], trump)
    return None


def tally(rules: Rules, *, seats: Sequence[int], n_seats: int, trump: int,
          tricks: Sequence[Trick]) -> Tally:
    """Award every point category of ``rules`` for a hand played as ``tricks`` under ``trump``."""
    tt = table(trump, jokers=rules.jokers, off_jack=rules.off_jack, equal_jokers=rules.equal_jokers)
    player: dict[int, int] = {}
    capturer: dict[int, int] = {}
    order: dict[int, int] = {}
    trumps: list[int] = []
    for plays, winner in tricks:
        for seat, card in plays:
            player[card], capturer[card], order[card] = seat, winner, len(order)
            if tt.trump_mask >> card & 1:
                trumps.append(card)

    def key(c: int) -> tuple[int, int]:
        # equal jokers: the first played ranks higher
        return (tt.power[c], -order[c])

    high = max(trumps, key=key) if trumps else None
    low = min(trumps, key=key) if trumps else None

    side = [-1] * n_seats
    if rules.dynamic_teams and high is not None and low is not None:
        makers = {player[high], player[low]}
        rest = [s for s in seats if s not in makers]
        for s in seats:
            side[s] = min(makers) if s in makers else min(rest, default=s)
    else:
        for s in seats:
            side[s] = rules.team_of(s)

    credit_rule = {"high": rules.high_credit, "low": rules.low_credit, "jack": rules.jack_credit}

    def credited(point: str, card: int) -> int:
        rule = credit_rule.get(point, Credit.CAPTURER)
        return player[card] if rule == Credit.PLAYER else capturer[card]

    card_pts_seat = [0] * n_seats
    for plays, winner in tricks:
        card_pts_seat[winner] += sum(GAME_VALUE.get(c % 13 + 2, 0) for _, c in plays if c < BIG_JOKER)
    card_pts_side: dict[int, int] = {}
    for s in seats:
        card_pts_side[side[s]] = card_pts_side.get(side[s], 0) + card_pts_seat[s]

    awards: list[Award] = []
    for point in rules.points:
        value = POINT_VALUES[point]
        if point == "high" and high is not None:
            awards.append(Award(point, CARDS[high], credited(point, high), value))
        elif point == "low" and low is not None and (len(trumps) > 1 or rules.single_trump_low):
            awards.append(Award(point, CARDS[low], credited(point, low), value))
        elif point == "game":
            best = max(card_pts_side.values(), default=0)
            leaders = [u for u, v in card_pts_side.items() if v == best]
            if len(leaders) == 1:
                members = [s for s in seats if side[s] == leaders[0]]
                taker = max(members, key=lambda s: (card_pts_seat[s], -s))
                awards.append(Award(point, None, taker, value))
        elif point == "smudge":
            by_point = {a.point: side[a.seat] for a in awards}
            winners = {side[w] for _, w in tricks}
            if (len(winners) == 1 and "jack" in by_point
                    and by_point.get("high") == by_point.get("low") == by_point["jack"] in winners):
                taker = next(a.seat for a in awards if a.point == "high")
                awards.append(Award(point, None, taker, value))
        else:
            named = point_card(point, trump, tt.off_jack)
            if named is not None and named in player:
                awards.append(Award(point, CARDS[named], credited(point, named), value))

    side_total: dict[int, int] = {}
    for a in awards:
        side_total[side[a.seat]] = side_total.get(side[a.seat], 0) + a.value
    return Tally(
        awards=tuple(awards),
        side=tuple(side),
        side_points=tuple(side_total.get(side[s], 0) if side[s] >= 0 else 0 for s in range(n_seats)),
        card_points=tuple(card_pts_side.get(side[s], 0) if side[s] >= 0 else 0 for s in range(n_seats)),
        total=sum(a.value for a in awards),
    )


def contract_made(rules: Rules, t: Tally, *, pitcher: int, bid: int) -> bool:
    """Whether the pitcher's side made the bid (a smudge bid must take every point in play)."""
    won = t.side_points[pitcher]
    if rules.is_special_bid(bid):
        return t.total > 0 and won == t.total
    return won >= bid


def deltas(rules: Rules, t: Tally, *, pitcher: int, bid: int, made: bool,
           scores: Sequence[int]) -> tuple[int, ...]:
    """Score change of every seat: the pitcher's side by the contract, every other side what it won."""
    bidder_side = t.side[pitcher]
    special = rules.is_special_bid(bid)
    out = []
    for s, sd in enumerate(t.side):
        if sd < 0:
            out.append(0)
        elif sd != bidder_side:
            out.append(t.side_points[s])
        elif not made:
            out.append(-(rules.smudge_value if special else bid))
        elif special:
            gain = rules.smudge_value
            if rules.smudge_hole_to_zero and scores[s] < 0:
                gain = min(gain, -scores[s])
            out.append(gain)
        else:
            out.append(t.side_points[s])
    return tuple(out)
