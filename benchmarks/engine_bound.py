"""How fast can a Python hand be? Minimal `pct` and Euchre hands next to the engine and OpenSpiel.

Usage (from the repository root, with pitchkit installed; ``pitchkit[bench]`` adds OpenSpiel)::

    python benchmarks/engine_bound.py                 # 2 s per figure, best of 3
    python benchmarks/engine_bound.py --seconds 1 --repeat 5 --json

The two hands below are written for speed alone: one rules set each (no options, no records, no
views, no error messages, no end-of-hand result beyond the score), the cards of each seat a bitmask,
the actions shared objects, the legal lists built as the engine builds its own. They are driven by
the very loop that measures the engine (:func:`pitchkit.bench.selfplay.pick` over
``legal_actions()``, then ``apply()``) and deal with the engine's shuffle, so their rates bound from
above what any pure-Python design of the same loop can reach on the machine, and the ratio to
OpenSpiel's C++ Euchre driven by the same loop is the ceiling of the engine's ratio.

`pct` here: four players, six cards, bids 2 to 4 (the dealer takes 2 when everyone passes), the
first card led names trump, follow suit or trump, high, low, jack and game. Euchre here: OpenSpiel's
rules (the dealer picks the upcard up and discards, the dealer is stuck in round two, going alone),
the bowers, scoring 1 / march 2 / alone march 4 / euchred 2.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pitchkit.bench.openspiel import OPENSPIEL_OPTIONS, euchre_rate
from pitchkit.bench.selfplay import Rate, engine_rate, pick
from pitchkit.engine.cards import shuffled
from pitchkit.engine.presets import make_rules


@dataclass(frozen=True, slots=True)
class Act:
    """A minimal action: a seat and what it does (a card, a bid amount or a call; -1 a pass)."""

    seat: int
    what: int


_SEATS = range(4)
#: ``_CARD[seat][card]``: the shared action of a seat playing (or discarding) a card
_CARD = [[Act(s, c) for c in range(52)] for s in _SEATS]
_BITS = tuple(1 << c for c in range(52))


def _cards(seat: int, mask: int) -> list[Act]:
    """The seat's card actions for the cards of ``mask``, lowest first."""
    plays = _CARD[seat]
    out = []
    while mask:
        low = mask & -mask
        out.append(plays[low.bit_length() - 1])
        mask ^= low
    return out


def _deal(size: int, cards: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """Shuffle as the engine does; the four seats' masks and the deck in order."""
    deck = shuffled(size, rng)
    bit = _BITS.__getitem__
    return [sum(map(bit, deck[s * cards:(s + 1) * cards])) for s in _SEATS], deck


# -- pct ---------------------------------------------------------------------------------------

_PCT_BIDS = [[Act(s, -1)] + [Act(s, b) for b in (2, 3, 4)] for s in _SEATS]
_SUIT13 = [0x1FFF << (13 * s) for s in range(4)]
#: card points for "game": ten 10, ace 4, king 3, queen 2, jack 1
_GAME13 = [{8: 10, 12: 4, 11: 3, 10: 2, 9: 1}.get(c % 13, 0) for c in range(52)]
_BID, _PLAY, _OVER = 0, 1, 2


class PctHand:
    """One minimal `pct` hand."""

    __slots__ = ("bid", "bids", "cardpts", "dealer", "done", "follow", "hands", "legal", "mask",
                 "phase", "pitcher", "score", "tmask", "to_act", "trick", "trump", "won")

    def __init__(self, rng: random.Random, dealer: int) -> None:
        self.hands = _deal(52, 6, rng)[0]
        self.dealer = dealer
        self.to_act: int | None = (dealer + 1) % 4
        self.phase, self.done = _BID, False
        self.bid = self.bids = 0
        self.pitcher = dealer
        self.legal: Sequence[Act] = _PCT_BIDS[dealer + 1 & 3]
        self.trick: list[tuple[int, int]] = []
        self.trump = -1
        self.tmask = self.follow = self.mask = 0
        self.won = [0, 0, 0, 0]
        self.cardpts = [0, 0, 0, 0]
        self.score: tuple[int, ...] = ()

    def legal_actions(self) -> Sequence[Act]:
        """The seat to act's actions."""
        if self.phase == _PLAY:
            seat = self.to_act
            assert seat is not None
            hand = self.hands[seat]
            if self.trick:
                f = hand & self.follow
                hand = f | hand & self.tmask if f else hand
            self.mask = hand
            return _cards(seat, hand)
        return self.legal

    def apply(self, a: Act) -> None:
        """Apply a legal action."""
        seat, w = a.seat, a.what
        if seat != self.to_act:
            raise ValueError("not this seat's turn")
        if self.phase == _PLAY:
            if not self.mask >> w & 1:
                raise ValueError("not a legal card")
            self._play(seat, w)
            return
        if a not in self.legal:
            raise ValueError("not a legal bid")
        if w > self.bid:
            self.bid, self.pitcher = w, seat
        self.bids += 1
        nxt = seat + 1 & 3
        if self.bids == 4:
            self.bid = self.bid or 2
            self.phase, self.to_act = _PLAY, self.pitcher
            return
        self.to_act = nxt
        self.legal = [b for b in _PCT_BIDS[nxt] if b.what < 0 or b.what > self.bid]

    def _play(self, seat: int, card: int) -> None:
        self.hands[seat] ^= 1 << card
        trick = self.trick
        trick.append((seat, card))
        if len(trick) == 1:
            if self.trump < 0:
                self.trump, self.tmask = card // 13, _SUIT13[card // 13]
            self.follow = _SUIT13[card // 13]
        if len(trick) < 4:
            self.to_act = seat + 1 & 3
            return
        trump, led = self.trump, trick[0][1] // 13
        best = winner = -1
        taken = pts = 0
        for s, c in trick:
            suit = c // 13
            v = c % 13 + (26 if suit == trump else 13 if suit == led else 0)
            if v > best:
                best, winner = v, s
            taken |= 1 << c
            pts += _GAME13[c]
        self.won[winner] |= taken
        self.cardpts[winner] += pts
        self.trick = []
        if self.hands[winner]:
            self.to_act = winner
        else:
            self._score()

    def _score(self) -> None:
        won, tmask = self.won, self.tmask
        trumps = (won[0] | won[1] | won[2] | won[3]) & tmask
        high, low = trumps.bit_length() - 1, (trumps & -trumps).bit_length() - 1
        jack = 13 * self.trump + 9
        pts = [(w >> high & 1) + (w >> low & 1) + (w >> jack & 1) for w in won]
        best = max(self.cardpts)
        if self.cardpts.count(best) == 1:
            pts[self.cardpts.index(best)] += 1
        if pts[self.pitcher] < self.bid:
            pts[self.pitcher] = -self.bid
        self.score = tuple(pts)
        self.phase, self.to_act, self.done = _OVER, None, True


# -- Euchre ------------------------------------------------------------------------------------

# cards 0..23: suit * 6 + rank (9, 10, J, Q, K, A); suits 0-1 and 2-3 share a colour
_PASS = [Act(s, -1) for s in _SEATS]
_ORDER = [Act(s, 10) for s in _SEATS]
_NAME = [[Act(s, t) for t in range(4)] for s in _SEATS]
_ALONE = [[Act(s, 20), Act(s, 21)] for s in _SEATS]
_SUIT6 = [0x3F << (6 * s) for s in range(4)]
_LEFT = [(t ^ 1) * 6 + 2 for t in range(4)]
_TRUMPS = [_SUIT6[t] | 1 << _LEFT[t] for t in range(4)]
#: the cards that follow a lead of each suit, by trump
_FOLLOW = [[_TRUMPS[t] if s == t else _SUIT6[s] & ~_TRUMPS[t] for s in range(4)] for t in range(4)]
#: each card's suit under each trump (the left bower is a trump)
_EFF = [[t if c == _LEFT[t] else c // 6 for c in range(24)] for t in range(4)]
#: each card's power under each trump: the right bower, the left, trumps, then the rest by rank
_POWER = [[40 if c == 6 * t + 2 else 39 if c == _LEFT[t] else 20 + c % 6 if c // 6 == t else c % 6
           for c in range(24)] for t in range(4)]
_ROUND1, _ROUND2, _ALONE_Q, _DISCARD, _EPLAY, _EOVER = range(6)


class EuchreHand:
    """One minimal Euchre hand."""

    __slots__ = ("alone", "dealer", "done", "follow", "hands", "legal", "maker", "mask", "out",
                 "passes", "phase", "score", "seats", "to_act", "trick", "tricks", "trump", "upcard")

    def __init__(self, rng: random.Random, dealer: int) -> None:
        self.hands, deck = _deal(24, 5, rng)
        self.upcard = deck[20]
        self.dealer = dealer
        self.to_act: int | None = dealer + 1 & 3
        self.phase, self.done = _ROUND1, False
        self.passes = 0
        self.legal: Sequence[Act] = [_PASS[dealer + 1 & 3], _ORDER[dealer + 1 & 3]]
        self.trick: list[tuple[int, int]] = []
        self.tricks = [0, 0, 0, 0]
        self.out, self.seats, self.alone = -1, 4, False
        self.trump = self.maker = -1
        self.mask = self.follow = 0
        self.score: tuple[int, int] = (0, 0)

    def legal_actions(self) -> Sequence[Act]:
        """The seat to act's actions."""
        if self.phase == _EPLAY:
            seat = self.to_act
            assert seat is not None
            hand = self.hands[seat]
            if self.trick:
                hand = hand & self.follow or hand
            self.mask = hand
            return _cards(seat, hand)
        return self.legal

    def _next(self, seat: int) -> int:
        seat = seat + 1 & 3
        return seat + 1 & 3 if seat == self.out else seat

    def apply(self, a: Act) -> None:
        """Apply a legal action."""
        seat, w = a.seat, a.what
        if seat != self.to_act:
            raise ValueError("not this seat's turn")
        if self.phase == _EPLAY:
            if not self.mask >> w & 1:
                raise ValueError("not a legal card")
            self._play(seat, w)
            return
        if a not in self.legal:
            raise ValueError("not a legal call")
        phase = self.phase
        if phase in (_ROUND1, _ROUND2):
            if w >= 0:
                self.trump = self.upcard // 6 if w == 10 else w
                if w == 10:
                    self.hands[self.dealer] |= 1 << self.upcard
                self.maker, self.phase, self.legal = seat, _ALONE_Q, _ALONE[seat]
                return
            self.passes += 1
            nxt = self.to_act = seat + 1 & 3
            if self.passes < 4:
                self.legal = [_PASS[nxt], _ORDER[nxt]]
                return
            self.phase = _ROUND2
            up = self.upcard // 6
            self.legal = [n for n in _NAME[nxt] if n.what != up]
            if nxt != self.dealer:
                self.legal.append(_PASS[nxt])
        elif phase == _ALONE_Q:
            if w == 20:
                self.out, self.seats, self.alone = seat + 2 & 3, 3, True
            dealer = self.dealer
            if self.hands[dealer].bit_count() == 6 and self.out != dealer:
                self.phase, self.to_act = _DISCARD, dealer
                self.legal = _cards(dealer, self.hands[dealer])
            else:
                self.phase, self.to_act = _EPLAY, self._next(dealer)
        else:
            self.hands[seat] ^= 1 << w
            self.phase, self.to_act = _EPLAY, self._next(self.dealer)

    def _play(self, seat: int, card: int) -> None:
        self.hands[seat] ^= 1 << card
        trick = self.trick
        trick.append((seat, card))
        trump = self.trump
        if len(trick) == 1:
            self.follow = _FOLLOW[trump][_EFF[trump][card]]
        if len(trick) < self.seats:
            self.to_act = self._next(seat)
            return
        eff, power = _EFF[trump], _POWER[trump]
        led = eff[trick[0][1]]
        best = winner = -1
        for s, c in trick:
            v = power[c] if eff[c] == trump or eff[c] == led else -1
            if v > best:
                best, winner = v, s
        self.tricks[winner] += 1
        self.trick = []
        if self.hands[winner]:
            self.to_act = winner
        else:
            self._score()

    def _score(self) -> None:
        side = self.maker & 1
        took = self.tricks[side] + self.tricks[side + 2]
        points = (1 if took < 5 else 4 if self.alone else 2) if took >= 3 else 2
        made = took >= 3
        self.score = (points, 0) if (side == 0) == made else (0, points)
        self.phase, self.to_act, self.done = _EOVER, None, True


# -- measuring ---------------------------------------------------------------------------------

MinimalHand = PctHand | EuchreHand


def minimal_rate(make: Callable[[random.Random, int], MinimalHand], *, seconds: float,
                 seed: int = 0) -> Rate:
    """Random hands per CPU second of a minimal hand, in the engine's loop shape."""
    rng = random.Random(seed)
    hands = decisions = 0
    clock = time.process_time
    start = clock()
    while True:
        hand = make(rng, hands & 3)
        while not hand.done:
            hand.apply(pick(hand.legal_actions(), rng))
            decisions += 1
        hands += 1
        now = clock()
        if now - start >= seconds:
            return Rate(hands, decisions, now - start)


def measure(seconds: float, repeat: int) -> dict[str, dict[str, float]]:
    """Best of ``repeat`` runs of each loop, taken in turns."""
    loops: dict[str, Callable[[], Rate | None]] = {
        "engine pct": lambda: engine_rate(make_rules("pct"), seconds=seconds),
        "minimal pct": lambda: minimal_rate(PctHand, seconds=seconds),
        "engine euchre (OpenSpiel's rules)": lambda: engine_rate(
            make_rules("euchre", OPENSPIEL_OPTIONS), seconds=seconds),
        "minimal euchre": lambda: minimal_rate(EuchreHand, seconds=seconds),
        "OpenSpiel C++ euchre": lambda: euchre_rate(seconds=seconds),
    }
    best: dict[str, Rate] = {}
    for _ in range(repeat):
        for name, loop in loops.items():
            rate = loop()
            if rate is not None and (name not in best or rate.hands_per_s > best[name].hands_per_s):
                best[name] = rate
    openspiel = best.get("OpenSpiel C++ euchre")
    report: dict[str, dict[str, float]] = {}
    for name, rate in best.items():
        row: dict[str, float] = rate.as_json()
        if openspiel is not None:
            row["per_openspiel_game"] = round(rate.hands_per_s / openspiel.hands_per_s, 3)
        report[name] = row
    return report


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs (default 3)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeat < 1:
        parser.error("--seconds must be positive and --repeat at least 1")
    report = measure(args.seconds, args.repeat)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for name, row in report.items():
        ratio = ""
        if "per_openspiel_game" in row:
            ratio = f"  {row['per_openspiel_game']:.2f}x OpenSpiel per game"
        print(f"{name:36} {row['hands_per_s']:>9,.0f} hands/s  {row['decisions_per_hand']:5.1f} "
              f"decisions/hand{ratio}")


if __name__ == "__main__":
    main()
