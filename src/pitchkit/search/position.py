"""A compact play-phase position with every card visible, and the fast scoring of its end.

:class:`Deal` is what the solver searches: the hands as bitmasks, the trick in progress, the
finished tricks, trump, the pitcher and bid. It comes from a real :class:`~pitchkit.engine.hand.Hand` or
from a seat's :class:`~pitchkit.engine.view.View` plus sampled hands for the unseen seats.

:class:`Scorer` turns what the search tracks (who captured each scoring card, card points per
scoring unit, which units won a trick, which equal joker fell first) into the value of the hand.
Everything fixed by the deal is worked out once: which cards are high and low, who played them,
the sides of a dynamic-teams hand. The value follows :mod:`pitchkit.engine.scoring` exactly
(``tests/test_solver.py`` checks it against :func:`~pitchkit.engine.scoring.tally` and
:func:`~pitchkit.engine.scoring.deltas`).

Objectives (see ``docs/benchmarks.md``, "Search bots"):

* ``"delta"``: the value of one seat, the *perspective* (the pitcher unless told otherwise):
  ``(U - 1) * d[its unit] - sum(d[other units])`` over the ``U`` scoring units, where ``d`` is the
  hand's score change by the contract (made or set, smudge bids included). The perspective's unit
  (its team, or itself) maximises it and everyone else minimises it. With two teams that is "our
  delta minus theirs", the same game whichever side decides. In cutthroat games the rest are one
  side against the perspective: for the pitcher, the defenders try to set him and keep the points
  among themselves; a defender deciding sees everyone else against him (the "paranoid" model of
  multi-player search), so he takes points for himself rather than for another defender.
  Seven-point dynamic teams: the same, the teams formed by the real rule at the end (scores are
  individual, so a dynamic partner's gain counts against the perspective like anyone else's).
* ``"coalition"``: for a defender of a cutthroat hand (the perspective), its own score change
  minus the pitcher's; every defender maximises it and the pitcher minimises it, so the defenders
  play together against the pitcher rather than each against everyone.
* ``"points"``: the points the pitcher's side takes (``side_points``); the bid is made exactly when
  this reaches the bid, so its min-max value answers "can this bid be made" for the auction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from pitchkit.engine.actions import Action, Choice, Choose
from pitchkit.engine.cards import BIG_JOKER, GAME_VALUE, JACK, LITTLE_JOKER
from pitchkit.engine.hand import Hand
from pitchkit.engine.making import out_seats
from pitchkit.engine.rules import POINT_VALUES, Credit, Rules, ScoreBy
from pitchkit.engine.scoring import Trick, point_card
from pitchkit.engine.trump import TrumpTable, table_for
from pitchkit.engine.view import View

OBJECTIVES = ("delta", "points", "coalition")
#: ``game`` argument of :meth:`Scorer.value`: award the game point by the card points
GAME_BY_POINTS = -2
#: ``game`` argument of :meth:`Scorer.value`: nobody gets the game point
GAME_NOBODY = -1


@dataclass(slots=True)
class Deal:
    """A play-phase position with all hands known (``trump`` may still be unset before the first
    lead of a lead-for-trump hand)."""

    rules: Rules
    n_seats: int
    seats: tuple[int, ...]
    hands: list[int]
    trick: list[tuple[int, int]]
    tricks: list[Trick]
    trump: int | None
    pitcher: int
    bid: int
    scores: tuple[int, ...]
    to_act: int
    #: (derived) next seat clockwise among the seats in the hand
    nxt: dict[int, int] = field(default_factory=dict)
    #: the maker called a blind double loner (a march scores ``blind-loner-points``)
    blind: bool = False

    def __post_init__(self) -> None:
        if not self.nxt:
            s = self.seats
            self.nxt = {x: s[(i + 1) % len(s)] for i, x in enumerate(s)}

    @classmethod
    def from_hand(cls, hand: Hand) -> Deal:
        """The position of a hand in its play phase (or trump phase after a jack or joker lead); a
        seat sitting out the hand (a loner's partner) is left out."""
        assert hand.pitcher is not None and hand.bid is not None and hand.to_act is not None
        seats, hands = _playing(hand.seats, hand.hands, hand.out_seats)
        return cls(rules=hand.rules, n_seats=hand.n_seats, seats=seats, hands=hands,
                   trick=list(hand.trick), tricks=list(hand.tricks), trump=hand.trump,
                   pitcher=hand.pitcher, bid=hand.bid, scores=hand.scores_before, to_act=hand.to_act,
                   blind=hand.blind)

    @classmethod
    def from_view(cls, view: View, hands: Sequence[int]) -> Deal:
        """The position a seat sees, completed with ``hands`` (a mask per seat, its own included)."""
        assert view.pitcher is not None and view.bid is not None and view.to_act is not None
        seats, held = _playing(view.seats, hands, out_seats(view.rules, view.log, view.pitcher))
        return cls(
            rules=view.rules, n_seats=view.n_seats, seats=seats, hands=held,
            trick=[(s, int(c)) for s, c in view.trick],
            tricks=[(tuple((s, int(c)) for s, c in plays), w) for plays, w in view.tricks],
            trump=None if view.trump is None else int(view.trump), pitcher=view.pitcher,
            bid=view.bid, scores=view.scores, to_act=view.to_act,
            blind=Choose(view.pitcher, Choice.BLIND) in view.log)

    def copy(self) -> Deal:
        """An independent copy."""
        return Deal(rules=self.rules, n_seats=self.n_seats, seats=self.seats, hands=list(self.hands),
                    trick=list(self.trick), tricks=list(self.tricks), trump=self.trump,
                    pitcher=self.pitcher, bid=self.bid, scores=self.scores, to_act=self.to_act,
                    nxt=self.nxt, blind=self.blind)

    def trump_table(self) -> TrumpTable:
        """The trump table (trump must be known)."""
        assert self.trump is not None
        r = self.rules
        return table_for(r, self.trump)

    def player_of(self) -> dict[int, int]:
        """The seat that holds or played each card in play."""
        out: dict[int, int] = {}
        for plays, _ in self.tricks:
            for s, c in plays:
                out[c] = s
        for s, c in self.trick:
            out[c] = s
        for s in self.seats:
            m = self.hands[s]
            while m:
                low = m & -m
                out[low.bit_length() - 1] = s
                m ^= low
        return out


def _playing(seats: tuple[int, ...], hands: Sequence[int],
             out: tuple[int, ...]) -> tuple[tuple[int, ...], list[int]]:
    """The seats that play the hand and their hands (none for a seat sitting out)."""
    if not out:
        return seats, list(hands)
    return tuple(s for s in seats if s not in out), [0 if s in out else h for s, h in enumerate(hands)]


def scoring_units(rules: Rules, seats: Sequence[int]) -> dict[int, int]:
    """Scoring unit of each seat: its fixed team, or the seat itself."""
    return {s: (rules.team_of(s) if rules.teams else s) for s in seats}


class Scorer:
    """Scores the end of one deal from the compact capture state the solver tracks.

    Capture state: ``cap`` packs, 4 bits per tracked card, the capturing unit + 1; ``cpk`` packs
    8 bits of card points per unit; ``wm`` is a bitmask of units that won a trick; ``fj`` is the
    equal joker played first (0 if none yet, or if the order cannot matter).
    """

    def __init__(self, deal: Deal, *, objective: str = "delta", perspective: int | None = None) -> None:
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {OBJECTIVES}")
        r = deal.rules
        assert deal.trump is not None
        tt = deal.trump_table()
        self.rules, self.objective, self.trump = r, objective, deal.trump
        self.seats, self.pitcher, self.bid, self.scores = deal.seats, deal.pitcher, deal.bid, deal.scores
        self.unit = scoring_units(r, deal.seats)
        self.units = sorted(set(self.unit.values()))
        #: the seat whose unit the "delta" objective is measured for (the pitcher by default)
        self.perspective = deal.pitcher if perspective is None or objective == "points" else perspective
        if self.perspective not in self.unit:  # sitting out: a partner who plays speaks for the team
            self.perspective = next(s for s in deal.seats if r.team_of(s) == r.team_of(self.perspective))
        #: scoring by tricks: every card counts one in ``cpk``, a trick as many as the seats playing
        self.by_tricks = r.score_by == ScoreBy.TRICKS
        self.alone = self.by_tricks and r.partner_of(deal.pitcher) not in deal.seats
        #: what a march scores: a blind double loner's, a loner's, or the makers'
        self.march_points = r.blind_loner_points if deal.blind else \
            r.alone_march_points if self.alone else r.march_points
        #: one defender plays: a lone defender's euchre scores ``defend-alone-points``
        self.lone_defence = self.by_tricks and bool(r.defend_alone_points) and \
            sum(r.team_of(s) != r.team_of(deal.pitcher) for s in deal.seats) == 1
        player = deal.player_of()
        self.player = player
        trumps = [c for c in player if tt.trump_mask >> c & 1]
        pw = tt.power
        jokers_equal = r.equal_jokers and BIG_JOKER in player and LITTLE_JOKER in player
        top = max((pw[c] for c in trumps), default=-1)
        bottom = min((pw[c] for c in trumps), default=-1)
        joker_power = pw[BIG_JOKER] if r.jokers else -2
        # high/low is an equal joker whose order of play decides which one
        self.high_by_order = jokers_equal and top == joker_power
        self.low_by_order = jokers_equal and bottom == joker_power
        self.high: int | None = None
        self.low: int | None = None
        if trumps:
            self.high = max(trumps, key=lambda c: (pw[c], -c))
            self.low = min(trumps, key=lambda c: (pw[c], c))
        self.has_low = bool(trumps) and (len(trumps) > 1 or r.single_trump_low)
        credit = {"high": r.high_credit, "low": r.low_credit, "jack": r.jack_credit}
        tracked: list[int] = []
        # awards: (point, card or -1, "player" | "capturer" | "game" | "smudge", value)
        self.plan: list[tuple[str, int, str, int]] = []
        for point in () if self.by_tricks else r.points:
            value = POINT_VALUES[point]
            if point in ("high", "low"):
                card = self.high if point == "high" else self.low
                if card is None or (point == "low" and not self.has_low):
                    continue
                by_order = self.high_by_order if point == "high" else self.low_by_order
                how = "player" if credit[point] == Credit.PLAYER else "capturer"
                if how == "capturer":
                    cards = [BIG_JOKER, LITTLE_JOKER] if by_order else [card]
                    tracked.extend(c for c in cards if c not in tracked)
                self.plan.append((point, -1 if by_order else card, how, value))
            elif point == "game":
                self.plan.append((point, -1, "game", value))
            elif point == "smudge":
                self.plan.append((point, -1, "smudge", value))
            else:
                named = point_card(point, deal.trump, tt.off_jack)
                if named is None or named not in player:
                    continue
                how = "player" if credit.get(point, Credit.CAPTURER) == Credit.PLAYER else "capturer"
                if how == "capturer" and named not in tracked:
                    tracked.append(named)
                self.plan.append((point, named, how, value))
        self.tracked = tuple(tracked)
        self.track_shift = {c: 4 * i for i, c in enumerate(tracked)}
        self.uses_game = "game" in r.points and not self.by_tricks
        self.uses_winners = "smudge" in r.points and not self.by_tricks
        self.uses_order = (self.high_by_order or self.low_by_order) and any(
            p in ("high", "low") for p, _, _, _ in self.plan)
        #: card points of each card index (0 everywhere when there is no game point; 1 everywhere
        #: under trick scoring, so that a unit's count is its tricks times the seats playing)
        self.gv: tuple[int, ...] = tuple(
            1 if self.by_tricks else GAME_VALUE.get(c % 13 + 2, 0) if c < BIG_JOKER and self.uses_game else 0
            for c in range(index_space(r)))
        self._cache: dict[tuple[int, int, int, int, int], int] = {}

    # -- capture state ------------------------------------------------------------------------

    def capture(self, plays: Sequence[tuple[int, int]], winner: int, cap: int, cpk: int, wm: int,
                fj: int) -> tuple[int, int, int, int]:
        """The capture state after ``winner`` takes a trick of ``plays``."""
        u = self.unit[winner]
        for _, c in plays:
            sh = self.track_shift.get(c)
            if sh is not None:
                cap |= (u + 1) << sh
            cpk += self.gv[c] << (8 * u)
            if fj == 0 and self.uses_order and c >= BIG_JOKER:
                fj = c
        if self.uses_winners:
            wm |= 1 << u
        return cap, cpk, wm, fj

    def initial(self, tricks: Sequence[Trick]) -> tuple[int, int, int, int]:
        """The capture state after the finished ``tricks``."""
        cap = cpk = wm = fj = 0
        for plays, w in tricks:
            cap, cpk, wm, fj = self.capture(plays, w, cap, cpk, wm, fj)
        return cap, cpk, wm, fj

    # -- the value ----------------------------------------------------------------------------

    def value(self, cap: int, cpk: int, wm: int, fj: int, game: int = GAME_BY_POINTS) -> int:
        """Value of a finished hand with this capture state (memoised). ``game`` forces the game
        point: to the side of unit ``game``, or to nobody (:data:`GAME_NOBODY`)."""
        key = (cap, cpk, wm, fj, game)
        v = self._cache.get(key)
        if v is None:
            v = self._cache[key] = self._value(cap, cpk, wm, fj, game)
        return v

    def high_low(self, fj: int = 0) -> tuple[int | None, int | None]:
        """The high and low trumps in play (``fj``: the equal joker played first, when their order
        decides which is which)."""
        high = fj if self.high_by_order else self.high
        low = BIG_JOKER + LITTLE_JOKER - fj if self.low_by_order else self.low
        return high, low

    def sides(self, fj: int = 0) -> dict[int, int]:
        """The side of each seat: its fixed team (the seat itself in cutthroat games), or with
        dynamic teams the makers of high and low against the rest (``fj``: the equal joker played
        first, when their order decides high or low)."""
        r = self.rules
        high, low = self.high_low(fj)
        if r.dynamic_teams and high is not None and low is not None:
            makers = {self.player[high], self.player[low]}
            rest = [s for s in self.seats if s not in makers]
            return {s: (min(makers) if s in makers else min(rest, default=s)) for s in self.seats}
        return {s: r.team_of(s) for s in self.seats}

    def side_points(self, cap: int, cpk: int, wm: int, fj: int, game: int = GAME_BY_POINTS
                    ) -> tuple[dict[int, int], dict[int, int], int]:
        """(side of each seat, points of each side, total awarded) for a finished hand."""
        if self.by_tricks:
            return self._trick_points(cpk)
        side = self.sides(fj)
        high, low = self.high_low(fj)
        player = self.player
        unit_side = {self.unit[s]: side[s] for s in self.seats}

        def captured_side(card: int) -> int:
            return unit_side[((cap >> self.track_shift[card]) & 15) - 1]

        pts: dict[int, int] = {}
        awarded: dict[str, int] = {}
        total = 0
        for point, card, how, value in self.plan:
            if card < 0 and how in ("player", "capturer"):
                ordered = high if point == "high" else low
                assert ordered is not None
                card = ordered
            if how == "player":
                got = side[player[card]]
            elif how == "capturer":
                got = captured_side(card)
            elif how == "game":
                if game == GAME_NOBODY:
                    continue
                if game >= 0:
                    got = unit_side[game]
                else:
                    by_side: dict[int, int] = {}
                    for u in self.units:
                        sd = unit_side[u]
                        by_side[sd] = by_side.get(sd, 0) + (cpk >> (8 * u) & 255)
                    best = max(by_side.values())
                    leaders = [sd for sd, v in by_side.items() if v == best]
                    if len(leaders) != 1:
                        continue
                    got = leaders[0]
            else:
                won_by = {unit_side[u] for u in self.units if wm >> u & 1}
                if not (len(won_by) == 1 and "jack" in awarded
                        and awarded.get("high") == awarded.get("low") == awarded["jack"] in won_by):
                    continue
                got = awarded["high"]
            awarded[point] = got
            pts[got] = pts.get(got, 0) + value
            total += value
        return side, pts, total

    def _trick_points(self, cpk: int) -> tuple[dict[int, int], dict[int, int], int]:
        """:meth:`side_points` of a hand scored by the makers' tricks."""
        r = self.rules
        side = {s: r.team_of(s) for s in self.seats}
        makers = side[self.pitcher]
        tricks = (cpk >> (8 * self.unit[self.pitcher]) & 255) // len(self.seats)
        if tricks < r.tricks_needed:
            value = r.super_euchre_points if tricks == 0 and r.super_euchre_points else r.euchre_points
            if self.lone_defence:
                value = r.defend_alone_points
            got = next(sd for sd in side.values() if sd != makers)
        elif tricks < r.hand_size:
            got, value = makers, r.made_points
        else:
            got, value = makers, self.march_points
        return side, {got: value}, value

    def _value(self, cap: int, cpk: int, wm: int, fj: int, game: int) -> int:
        if self.objective == "points":
            side, pts, _ = self.side_points(cap, cpk, wm, fj, game)
            return pts.get(side[self.pitcher], 0)
        delta = self.unit_deltas(cap, cpk, wm, fj, game)
        mine = self.unit[self.perspective]
        if self.objective == "coalition" and mine != self.unit[self.pitcher]:
            return delta[mine] - delta[self.unit[self.pitcher]]
        return (len(self.units) - 1) * delta[mine] - sum(d for u, d in delta.items() if u != mine)

    def unit_deltas(self, cap: int, cpk: int, wm: int, fj: int, game: int = GAME_BY_POINTS) -> dict[int, int]:
        """The score change of every scoring unit for a finished hand (by the contract)."""
        r = self.rules
        side, pts, total = self.side_points(cap, cpk, wm, fj, game)
        if self.by_tricks:
            return {self.unit[s]: pts.get(side[s], 0) for s in self.seats}
        p = self.pitcher
        won = pts.get(side[p], 0)
        bid = self.bid
        special = r.is_special_bid(bid)
        made = (total > 0 and won == total) if special else won >= bid
        delta: dict[int, int] = {}
        for s in self.seats:
            u = self.unit[s]
            if side[s] != side[p]:
                d = pts.get(side[s], 0)
            elif not made:
                d = -(r.smudge_value if special else bid)
            elif special:
                d = r.smudge_value
                if r.smudge_hole_to_zero and self.scores[s] < 0:
                    d = min(d, -self.scores[s])
            else:
                d = won
            delta[u] = d
        return delta

    # -- bounds for pruning -------------------------------------------------------------------

    def prepare_bounds(self, max_units: Sequence[int]) -> None:
        """Set up :meth:`remaining_bounds` for the units of the maximising side."""
        self._max_unit = self.unit[self.perspective]
        self._min_units = [u for u in self.units if u not in max_units]
        self._gv_suit = _suit_card_points() if self.uses_game else None
        # the sides, as groups of units, when the deal alone fixes them
        self._static_sides: list[list[int]] | None = None
        if not self.rules.dynamic_teams:
            self._static_sides = [[u] for u in self.units]
        elif self.high is not None and self.low is not None and not (
                self.high_by_order or self.low_by_order):
            makers = {self.player[self.high], self.player[self.low]}
            inside = sorted(self.unit[s] for s in self.seats if s in makers)
            outside = sorted(self.unit[s] for s in self.seats if s not in makers)
            self._static_sides = [g for g in (inside, outside) if g]

    def remaining_bounds(self, live: int, cap: int, cpk: int, wm: int, fj: int) -> tuple[int, int]:
        """(lowest, highest) value any play of the ``live`` cards can still reach.

        Every card whose capture scores, and every trick, goes to the maximising side for the
        upper bound, and to one unit of the other side for the lower bound (the worst unit):
        the value only grows when such a card or trick moves to the maximising side, and
        concentrating what is left on one opposing unit is as bad for the maximising side as any
        split. The game point is not monotone in this way (card points given to one opponent can
        tie him with another and deny that one the game), so every outcome of it that the card
        points still in play allow is tried."""
        rem_cp = 0
        g = self._gv_suit
        if g is not None:
            rem_cp = (g[0][live & 0x1FFF] + g[1][live >> 13 & 0x1FFF] + g[2][live >> 26 & 0x1FFF]
                      + g[3][live >> 39 & 0x1FFF])
        games = self._game_outcomes(cpk, rem_cp) if rem_cp else (GAME_BY_POINTS,)
        fjs = (BIG_JOKER, LITTLE_JOKER) if self.uses_order and fj == 0 else (fj,)
        hi = max(self.value(*self._give(self._max_unit, live, cap, cpk, wm), f, gm)
                 for f in fjs for gm in games)
        lo = min(self.value(*self._give(u, live, cap, cpk, wm), f, gm)
                 for u in self._min_units for f in fjs for gm in games)
        return lo, hi

    def _give(self, u: int, live: int, cap: int, cpk: int, wm: int) -> tuple[int, int, int]:
        """(cap, cpk, wm) with every live scoring card and every trick left taken by unit ``u``
        (card points stay as they are: with some left, the game outcome is forced separately)."""
        if self.by_tricks:
            return cap, cpk + (live.bit_count() << (8 * u)), wm
        for c in self.tracked:
            if live >> c & 1:
                cap |= (u + 1) << self.track_shift[c]
        if self.uses_winners and live:
            wm |= 1 << u
        return cap, cpk, wm

    def _game_outcomes(self, cpk: int, rem: int) -> tuple[int, ...]:
        """Game outcomes the card points left can still lead to (a superset)."""
        groups = self._static_sides
        if groups is None:
            return (GAME_NOBODY, *self.units)
        cps = {g[0]: sum(cpk >> (8 * u) & 255 for u in g) for g in groups}
        out = []
        for u, c in cps.items():
            if c + rem > max((v for x, v in cps.items() if x != u), default=-1):
                out.append(u)
        top = sorted(cps.values(), reverse=True)
        if len(top) > 1 and top[0] - top[1] <= rem:
            out.append(GAME_NOBODY)
        return tuple(out)


def index_space(rules: Rules) -> int:
    """How many card indices the deck spans (52 or 54; Euchre's short deck spans to its aces)."""
    return max(rules.deck_cards) + 1


def sitter(rules: Rules, log: Sequence[Action], pitcher: int | None) -> int | None:
    """The seat sitting out the hand: the partner of a maker who went alone (``None`` if nobody)."""
    out = out_seats(rules, log, pitcher)
    return out[0] if out else None


@cache
def _suit_card_points() -> tuple[tuple[int, ...], ...]:
    """Card points of every 13-bit set of one suit's cards (the same for all four suits)."""
    vals = [GAME_VALUE.get(i + 2, 0) for i in range(13)]
    one = [0] * (1 << 13)
    for m in range(1, 1 << 13):
        low = (m & -m).bit_length() - 1
        one[m] = one[m & (m - 1)] + vals[low]
    row = tuple(one)
    return (row, row, row, row)


def jack_suits(rules: Rules, card: int) -> list[int]:
    """Trump suits a first lead of ``card`` may set (a jack or joker lead names one)."""
    if card >= BIG_JOKER:
        return [0, 1, 2, 3]
    if rules.off_jack and card % 13 + 2 == JACK:
        return sorted({card // 13, card // 13 ^ 3})
    return [card // 13]
