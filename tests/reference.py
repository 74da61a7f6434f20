"""An independent, deliberately plain model of the trick-taking and scoring rules of the rules brief.

The property tests compare the engine against this model. It is written from the brief's text, not
from the engine: cards are the engine's indices (suit * 13 + rank - 2; 52 big joker, 53 little
joker) only so that the two can be compared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BJ, LJ = 52, 53
GAME_POINTS = {14: 4, 13: 3, 12: 2, 11: 1, 10: 10}
FACE_OR_POINT_RANKS = {14, 13, 12, 11, 10, 3, 2}


@dataclass(frozen=True)
class Facts:
    """What the brief says about one preset's cards and points."""

    jokers: bool
    off_jack: bool
    equal_jokers: bool
    #: point categories in scoring order
    points: tuple[str, ...]
    #: who is credited with each card point: "player" or "capturer"
    credit: dict[str, str]
    #: one player can take a lone trump as both high and low
    lone_trump_is_low: bool = True
    #: Euchre: the jack of trump and the off-jack are the two highest trumps
    bowers: bool = False
    #: Euchre: a player who can follow suit must, and may not trump instead
    must_follow: bool = False
    #: Euchre in England: a joker, the Benny, is the highest trump
    benny: bool = False


_CAPTURER = {p: "capturer" for p in ("high", "low", "jack", "off-jack", "big-joker", "little-joker",
                                      "ace", "ten", "two", "three")}

FACTS: dict[str, Facts] = {
    "pct": Facts(False, False, False, ("high", "low", "jack", "game"),
                 {**_CAPTURER, "high": "player", "low": "player"}),
    "pct-tournament": Facts(False, False, False, ("high", "low", "jack", "game"),
                            {**_CAPTURER, "high": "player", "low": "player"}),
    "smudge": Facts(False, False, False, ("high", "low", "jack", "game", "smudge"), _CAPTURER),
    "auction": Facts(False, False, False, ("high", "low", "jack", "game"), _CAPTURER),
    "auction-partners": Facts(False, False, False, ("high", "low", "jack", "game"), _CAPTURER),
    "ten-point": Facts(True, True, False, ("ace", "jack", "off-jack", "big-joker", "little-joker", "ten",
                                           "three", "two"), _CAPTURER),
    "seven-point": Facts(True, True, True, ("high", "low", "jack", "off-jack", "big-joker",
                                            "little-joker", "game"), {**_CAPTURER, "low": "player"}),
    "euchre": Facts(False, True, False, (), {}, bowers=True, must_follow=True),
    "euchre-stick": Facts(False, True, False, (), {}, bowers=True, must_follow=True),
    "euchre-uk": Facts(False, True, False, (), {}, bowers=True, must_follow=True, benny=True),
}

VALUE = {"three": 3}


def deck_of(preset: str, jokers: int) -> list[int]:
    """The deck's cards: Euchre's 9 to ace, or 52 cards and the jokers."""
    if FACTS[preset].bowers:
        return [c for c in range(52) if rank(c) >= 9] + ([BJ] if FACTS[preset].benny else [])
    return list(range(52 + jokers))


def rank(card: int) -> int:
    return card % 13 + 2


def natural_suit(card: int) -> int:
    return card // 13


def trump_ladder(trump: int, f: Facts) -> list[list[int]]:
    """Trumps from high to low as rungs; equal jokers share one rung."""
    if f.bowers:  # right bower, left bower, then A K Q 10 9
        return [*([[BJ]] if f.benny else []), [trump * 13 + 9], [(3 - trump) * 13 + 9],
                *([trump * 13 + r - 2] for r in (14, 13, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2))]
    ladder = [[trump * 13 + r - 2] for r in (14, 13, 12, 11)]
    if f.off_jack:
        ladder.append([(3 - trump) * 13 + 11 - 2])
    if f.jokers:
        ladder.extend([[BJ, LJ]] if f.equal_jokers else [[BJ], [LJ]])
    ladder.extend([trump * 13 + r - 2] for r in range(10, 1, -1))
    return ladder


def trump_power(trump: int, f: Facts) -> dict[int, int]:
    """Power of every trump (higher wins)."""
    ladder = trump_ladder(trump, f)
    return {c: len(ladder) - i for i, rung in enumerate(ladder) for c in rung}


def suit_of(card: int, trump: int, f: Facts) -> int:
    """The suit a card follows once trump is known."""
    return trump if card in trump_power(trump, f) else natural_suit(card)


def trick_winner(plays: Sequence[tuple[int, int]], trump: int, f: Facts) -> int:
    """Highest trump (equal jokers: the first played), else the highest card of the suit led."""
    power = trump_power(trump, f)
    trumps = [(power[c], -i, s) for i, (s, c) in enumerate(plays) if c in power]
    if trumps:
        return max(trumps)[2]
    led = natural_suit(plays[0][1])
    return max((rank(c), s) for s, c in plays if natural_suit(c) == led)[1]


def legal_plays(held: Sequence[int], trick: Sequence[tuple[int, int]], trump: int | None, f: Facts,
                *, must_lead_trump: bool = False) -> set[int]:
    """Follow the suit led or trump; trump led must be followed; a void plays anything."""
    if trump is None:
        return set(held)
    power = trump_power(trump, f)
    trumps = {c for c in held if c in power}
    if not trick:
        return trumps if must_lead_trump and trumps else set(held)
    led = suit_of(trick[0][1], trump, f)
    if led == trump:
        return trumps or set(held)
    follow = {c for c in held if c not in power and natural_suit(c) == led}
    if f.must_follow:
        return follow or set(held)
    return follow | trumps if follow else set(held)


@dataclass(frozen=True)
class Expected:
    """Card awards of a played hand: (point, card, credited seat) in scoring order, and the game facts."""

    card_awards: list[tuple[str, int, int]]
    high: int | None
    low: int | None
    player: dict[int, int]
    capturer: dict[int, int]


def card_awards(tricks: Sequence[tuple[Sequence[tuple[int, int]], int]], trump: int, f: Facts
                ) -> Expected:
    """Every card-based award (all categories but game and smudge) of a hand played as ``tricks``."""
    power = trump_power(trump, f)
    player: dict[int, int] = {}
    capturer: dict[int, int] = {}
    order: list[int] = []
    for plays, winner in tricks:
        for s, c in plays:
            player[c], capturer[c] = s, winner
            order.append(c)
    played_trumps = [c for c in order if c in power]
    high = max(played_trumps, key=lambda c: (power[c], -order.index(c))) if played_trumps else None
    low = min(played_trumps, key=lambda c: (power[c], -order.index(c))) if played_trumps else None
    named = {"jack": trump * 13 + 9, "off-jack": (3 - trump) * 13 + 9 if f.off_jack else None,
             "big-joker": BJ, "little-joker": LJ, "ace": trump * 13 + 12, "ten": trump * 13 + 8,
             "two": trump * 13, "three": trump * 13 + 1}
    out: list[tuple[str, int, int]] = []
    for point in f.points:
        card: int | None
        if point == "high":
            card = high
        elif point == "low":
            card = low if len(played_trumps) > 1 or f.lone_trump_is_low else None
        elif point in named:
            card = named[point]
            if card not in player:
                card = None
        else:
            continue
        if card is not None:
            who = player[card] if f.credit[point] == "player" else capturer[card]
            out.append((point, card, who))
    return Expected(out, high, low, player, capturer)


def card_points(cards: Sequence[int]) -> int:
    """Card points toward "game" (jokers count nothing)."""
    return sum(GAME_POINTS.get(rank(c), 0) for c in cards if c < BJ)


def trump_choices(card: int, f: Facts) -> list[int]:
    """Trump suits a first lead can set: a joker names any suit; with an off-jack, a jack names its
    suit or the other suit of its colour; any other card sets its own suit."""
    if card >= BJ:
        return [0, 1, 2, 3]
    if f.off_jack and rank(card) == 11:
        return sorted({natural_suit(card), 3 - natural_suit(card)})
    return [natural_suit(card)]


def count_play_sequences(hands: dict[int, set[int]], order: Sequence[int], leader: int,
                         trump: int | None, f: Facts, *, must_lead_trump: bool = False) -> int:
    """Number of legal ways to play out the remaining cards from the start of a trick (perft).

    ``order`` lists the seats in the hand clockwise; naming a trump on the first lead is a choice."""
    n = len(order)

    def play(held: dict[int, set[int]], trick: list[tuple[int, int]], seat: int, trump: int | None,
             first: bool) -> int:
        if not trick and not any(held.values()):
            return 1
        total = 0
        for card in sorted(legal_plays(sorted(held[seat]), trick, trump, f,
                                       must_lead_trump=first and must_lead_trump)):
            rest = {**held, seat: held[seat] - {card}}
            plays = [*trick, (seat, card)]
            for t in trump_choices(card, f) if trump is None else [trump]:
                if len(plays) == n:
                    total += play(rest, [], trick_winner(plays, t, f), t, False)
                else:
                    total += play(rest, plays, order[(order.index(seat) + 1) % n], t, False)
        return total

    return play(hands, [], leader, trump, True)
