"""Scoring a played hand: the awards in scoring order, who they go to, the contract and deltas."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import NamedTuple

from pitchkit.engine.actions import Ruling
from pitchkit.engine.cards import (
    ACE,
    BIG_JOKER,
    CARDS,
    GAME_VALUE,
    JACK,
    LITTLE_JOKER,
    Card,
    Suit,
    card_index,
)
from pitchkit.engine.rules import Rules
from pitchkit.engine.trump import table

#: A completed trick: the plays in order as (seat, card index), and the seat that won it.
Trick = tuple[tuple[tuple[int, int], ...], int]

_RANK_POINTS = {"ace": ACE, "ten": 10, "two": 2, "three": 3}


class Award(NamedTuple):
    """One point category awarded: the seat credited (its side gets the value)."""

    point: str
    card: Card | None
    seat: int
    value: int


class Tally(NamedTuple):
    """What a hand's cards earned, before the contract is applied."""

    awards: tuple[Award, ...]
    #: scoring side of each seat (-1 for seats not in the hand); sides are named by a member seat
    side: tuple[int, ...]
    #: points each seat's side won in this hand
    side_points: tuple[int, ...]
    #: card points for "game" each seat's side took (under trick scoring: the tricks each seat took)
    card_points: tuple[int, ...]
    #: every point awarded this hand
    total: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of a finished hand."""

    misdeal: bool
    pitcher: int | None
    bid: int | None
    trump: Suit | None
    awards: tuple[Award, ...]
    #: for each award, whether it counted: a set pitcher's side scores none of its awards, and
    #: under ``going-out = scoring-order`` the awards after the one that won the game are not scored
    scored: tuple[bool, ...]
    #: scoring side of each seat (a member seat's number; -1 if the seat sat out)
    side: tuple[int, ...]
    side_points: tuple[int, ...]
    card_points: tuple[int, ...]
    #: the contract made or set; ``None`` after a misdeal, or when the game ended part-way through
    #: the count before the pitcher's side had counted its bid
    made: bool | None
    delta: tuple[int, ...]
    scores: tuple[int, ...]
    #: seats that won the game with this hand under the target rules (empty: nobody yet)
    winners: tuple[int, ...]
    #: the next hand is dealt by the next dealer (always after a scored hand); after a misdeal the
    #: same dealer deals again, unless the rules pass the deal (``bury-misdeal-dealer``)
    deal_passes: bool
    #: the ruling that ended the hand (its ``delta`` is the score change), if one did
    ruling: Ruling | None = None


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


_GAME_POINTS: tuple[int, ...] = tuple(
    0 if c >= BIG_JOKER else GAME_VALUE.get(c % 13 + 2, 0) for c in range(54))


def tally(rules: Rules, *, seats: Sequence[int], n_seats: int, trump: int,
          tricks: Sequence[Trick]) -> Tally:
    """Award every point category of ``rules`` for a hand played as ``tricks`` under ``trump``."""
    tt = table(trump, jokers=rules.jokers, off_jack=rules.off_jack, equal_jokers=rules.equal_jokers)
    tmask = tt.trump_mask
    power = tt.power
    game_points = _GAME_POINTS
    # only trumps can be high, low or a point card: remember who played and who took each, in order
    trumps: list[int] = []
    player: dict[int, int] = {}
    capturer: dict[int, int] = {}
    card_pts_seat = [0] * n_seats
    for plays, winner in tricks:
        pts = 0
        for seat, card in plays:
            if tmask >> card & 1:
                trumps.append(card)
                player[card] = seat
                capturer[card] = winner
            pts += game_points[card]
        card_pts_seat[winner] += pts
    # in play order: high keeps the first of equal cards (equal jokers), low takes the last
    high = low = -1
    for c in trumps:
        p = power[c]
        if high < 0 or p > power[high]:
            high = c
        if low < 0 or p <= power[low]:
            low = c

    side = [-1] * n_seats
    if rules.dynamic_teams and high >= 0:
        makers = (player[high], player[low])
        rest = [s for s in seats if s not in makers]
        mk = min(makers)
        for s in seats:
            side[s] = mk if s in makers else min(rest, default=s)
    else:
        for s in seats:
            side[s] = rules.team_of(s)

    card_pts_side: dict[int, int] = {}
    for s in seats:
        card_pts_side[side[s]] = card_pts_side.get(side[s], 0) + card_pts_seat[s]

    awards: list[Award] = []
    for point, value, by_player in rules.point_plan:
        if point == "high":
            if high >= 0:
                awards.append(Award(point, CARDS[high], player[high] if by_player else capturer[high], value))
        elif point == "low":
            if low >= 0 and (len(trumps) > 1 or rules.single_trump_low):
                awards.append(Award(point, CARDS[low], player[low] if by_player else capturer[low], value))
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
                awards.append(Award(point, CARDS[named], player[named] if by_player else capturer[named],
                                    value))

    side_total: dict[int, int] = {}
    total = 0
    for a in awards:
        u = side[a.seat]
        side_total[u] = side_total.get(u, 0) + a.value
        total += a.value
    # a seat out of the hand (side -1) has no entry in either total: it reads 0
    zeros = repeat(0)
    return Tally(tuple(awards), tuple(side), tuple(map(side_total.get, side, zeros)),
                 tuple(map(card_pts_side.get, side, zeros)), total)


def trick_tally(rules: Rules, *, seats: Sequence[int], n_seats: int, maker: int, alone: bool,
                tricks: Sequence[Trick], blind: bool = False,
                lone_defender: int | None = None) -> tuple[Tally, bool]:
    """Score a hand by the makers' tricks (``score-by = tricks``): a majority but not all scores
    ``made-points``, every trick a march (``alone-march-points`` for a maker alone,
    ``blind-loner-points`` for a blind double loner), fewer than a majority is euchred and the
    defenders score ``euchre-points`` (``defend-alone-points`` when a lone defender euchred the loner).
    Returns the tally (one award, with each seat's tricks as its ``card_points``) and whether the makers
    made it."""
    side = [-1] * n_seats
    for s in seats:
        side[s] = rules.team_of(s)
    won = [0] * n_seats
    for _, winner in tricks:
        won[winner] += 1
    makers = side[maker]
    taken = sum(won[s] for s in seats if side[s] == makers)
    made = taken >= rules.tricks_needed
    if not made:
        defender = next(s for s in _clockwise(seats, maker) if side[s] != makers)
        award = Award("euchre", None, defender, rules.euchre_points)
        if lone_defender is not None:
            award = Award("lone-euchre", None, lone_defender, rules.defend_alone_points)
        elif not taken and rules.super_euchre_points:
            award = Award("super-euchre", None, defender, rules.super_euchre_points)
    elif taken < len(tricks):
        award = Award("made", None, maker, rules.made_points)
    elif blind:
        award = Award("blind-march", None, maker, rules.blind_loner_points)
    elif alone:
        award = Award("alone-march", None, maker, rules.alone_march_points)
    else:
        award = Award("march", None, maker, rules.march_points)
    gainer = side[award.seat]
    points = tuple(award.value if u == gainer else 0 for u in side)
    return Tally(awards=(award,), side=tuple(side), side_points=points, card_points=tuple(won),
                 total=award.value), made


def _clockwise(seats: Sequence[int], start: int) -> list[int]:
    """The seats of the hand clockwise from the one after ``start``, ending with ``start``."""
    i = list(seats).index(start)
    return [*seats[i + 1:], *seats[:i + 1]]


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


#: why a point of the rules went to nobody, by :func:`unawarded`
UNAWARDED_WHY = {
    "tied": "tied: nobody scores it",
    "no-trump": "no trump was played",
    "one-trump": "only one trump was played",
    "not-in-play": "not in play",
}


def unawarded(rules: Rules, awards: Sequence[Award]) -> tuple[tuple[str, str], ...]:
    """The points of the rules' plan that went to nobody in a hand with these ``awards``, each with
    why (a key of :data:`UNAWARDED_WHY`): *game* tied, *high* or *low* without enough trumps, a
    named card not in play. The smudge, a bonus earned only by taking every trick, is left out."""
    given = {a.point for a in awards}
    out: list[tuple[str, str]] = []
    for point, _, _ in rules.point_plan:
        if point in given or point == "smudge":
            continue
        if point == "game":
            why = "tied"
        elif point in ("high", "low"):
            why = "one-trump" if point == "low" and "high" in given else "no-trump"
        else:
            why = "not-in-play"
        out.append((point, why))
    return tuple(out)
