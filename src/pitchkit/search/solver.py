"""Exact play with every card visible: alpha-beta over the plays of a :class:`Deal`.

Two sides: the side of the perspective seat (the pitcher unless told otherwise) maximises the value
of :class:`~pitchkit.search.position.Scorer` (see its objectives), everyone else minimises it. The
search runs on ints and bitmasks: the hands are masks, each trick is played card by card, and at
the start of every trick a transposition table keyed by (hands, leader, capture state) keeps lower
and upper bounds and the best lead.

Move ordering and pruning: cards of one hand that are next to each other in the trick-taking order
(no live card of another hand or of the trick between them) and score the same (the same card
points, neither one a card whose capturer scores) are one move; followers try cards that take the
trick first (or throw card points on a partner's winner); the last trick is played out directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from pitchkit.engine.cards import BIG_JOKER, bits_of
from pitchkit.engine.lookup import strengths
from pitchkit.search.position import Deal, Scorer, index_space

INF = 1 << 20


@dataclass(slots=True)
class SolveStats:
    """Work done by a solver: nodes (plays searched) and transposition-table size."""

    nodes: int = 0
    tt_entries: int = 0


class _Tables:
    """Per-trump lookups: effective suit, strength by led suit, next lower card."""

    __slots__ = ("gv", "lower", "neutral", "ruff_mask", "strength", "suit", "suit_mask", "trump_mask")

    def __init__(self, deal: Deal, scorer: Scorer) -> None:
        tt = deal.trump_table()
        n = index_space(deal.rules)
        self.suit = tt.suit
        self.trump_mask = tt.trump_mask
        self.ruff_mask = tt.ruff_mask
        self.suit_mask = tt.suit_mask
        r = deal.rules
        self.strength = strengths(tt.trump, jokers=r.jokers, off_jack=r.off_jack, equal_jokers=r.equal_jokers,
                                  bowers=r.bowers, benny=r.benny)
        tracked = set(scorer.tracked)
        self.neutral = tuple(c not in tracked for c in range(n))
        self.gv = scorer.gv
        lower = [-1] * n
        for s in range(4):
            cards = sorted((c for c in range(n) if tt.suit[c] == s), key=lambda c: tt.power[c])
            for lo, hi in pairwise(cards):
                lower[hi] = lo
        self.lower = tuple(lower)


class Solver:
    """Solves one :class:`Deal` exactly. One solver keeps its transposition table between calls,
    so asking for several root moves of the same deal shares the work. Past ``node_limit`` nodes
    a search raises :class:`SearchLimit` and the solver may not be used again."""

    def __init__(self, deal: Deal, *, objective: str = "delta", node_limit: int | None = None,
                 perspective: int | None = None) -> None:
        assert deal.trump is not None, "use first_lead_values for a first lead that sets trump"
        self.deal = deal.copy()
        self.scorer = Scorer(deal, objective=objective, perspective=perspective)
        self.t = _Tables(self.deal, self.scorer)
        self.objective = objective
        self.stats = SolveStats()
        self.node_limit = node_limit
        d = self.deal
        self.is_max = [False] * d.n_seats
        mine = self.scorer.unit[self.scorer.perspective]
        against = self.scorer.unit[d.pitcher]
        for s in d.seats:
            u = self.scorer.unit[s]
            self.is_max[s] = u != against if objective == "coalition" and mine != against else u == mine
        self.n_in = len(d.seats)
        self.scorer.prepare_bounds([self.scorer.unit[s] for s in d.seats if self.is_max[s]])
        self.first_lead_trump = (d.rules.bidder_leads_trump and not d.tricks and not d.trick)
        self._tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        sc = self.scorer
        self.hands = self.deal.hands
        self.trump = d.trump
        self.gv = sc.gv
        self.unit = [0] * d.n_seats
        for s in d.seats:
            self.unit[s] = sc.unit[s]
        self.uses_order = sc.uses_order
        #: per card: 1 << (its field in the packed capture state), 0 if its capture does not score
        tunit = [0] * index_space(d.rules)
        for c in sc.tracked:
            tunit[c] = 1 << sc.track_shift[c]
        self.tunit = tuple(tunit)
        self.wbit = tuple((1 << u) if sc.uses_winners else 0 for u in range(max(sc.units) + 1))

    # -- public ---------------------------------------------------------------------------------

    def value(self) -> int:
        """The exact value of the position with best play by both sides."""
        return self._root(None, -INF, INF)

    def value_over(self, cards: Iterable[int]) -> int:
        """The best value the seat to act can reach playing one of ``cards`` (a subset of its
        legal plays), searched with one shared window."""
        maxing = self.is_max[self.deal.to_act]
        best = -INF if maxing else INF
        for c in cards:
            v = self._root(c, best, INF) if maxing else self._root(c, -INF, best)
            best = max(best, v) if maxing else min(best, v)
        self.stats.tt_entries = len(self._tt)
        return best

    def move_values(self, cards: Iterable[int] | None = None) -> dict[int, int]:
        """Exact value of each card the seat to act may play (or of ``cards``)."""
        d = self.deal
        seat = d.to_act
        legal = self.legal_mask(seat)
        wanted = list(cards) if cards is not None else bits_of(legal)
        live = 0
        for h in d.hands:
            live |= h
        tmask = 0
        for _, c in d.trick:
            tmask |= 1 << c
        rep_of = self._rep_map(seat, legal, live, tmask)
        out: dict[int, int] = {}
        done: dict[int, int] = {}
        for c in wanted:
            r = rep_of.get(c, c)
            if r not in done:
                done[r] = self._root(r, -INF, INF)
            out[c] = done[r]
        self.stats.tt_entries = len(self._tt)
        return out

    def best_move(self) -> tuple[int, int]:
        """(card, value) of a best play for the seat to act."""
        vals = self.move_values()
        seat = self.deal.to_act
        pick = max if self.is_max[seat] else min
        card = pick(vals, key=lambda c: vals[c])
        return card, vals[card]

    def legal_mask(self, seat: int) -> int:
        """Cards ``seat`` may play at the root."""
        d = self.deal
        hand = d.hands[seat]
        t = self.t
        if not d.trick:
            if self.first_lead_trump and seat == d.pitcher:
                return hand & t.trump_mask or hand
            return hand
        led = t.suit[d.trick[0][1]]
        if led == self.deal.trump:
            return hand & t.trump_mask or hand
        follow = hand & t.suit_mask[led]
        return follow | (hand & t.ruff_mask) if follow else hand

    # -- root -----------------------------------------------------------------------------------

    def _root_state(self) -> tuple[int, int, int, int, int, int, int, int, int, int]:
        """(cap, cpk, wm, fj, cards of the trick played, trick mask, live cards, led suit, best
        strength, its seat) of the deal as it stands."""
        d = self.deal
        sc = self.scorer
        cap, cpk, wm, fj = sc.initial(d.tricks)
        tmask = 0
        for _, c in d.trick:
            tmask |= 1 << c
            if fj == 0 and sc.uses_order and c >= BIG_JOKER:
                fj = c
        live = 0
        for h in d.hands:
            live |= h
        led, bstr, bseat = -1, -1, -1
        if d.trick:
            led = self.t.suit[d.trick[0][1]]
            for s, c in d.trick:
                st = self.t.strength[led][c]
                if st > bstr:
                    bstr, bseat = st, s
        return cap, cpk, wm, fj, len(d.trick), tmask, live, led, bstr, bseat

    def _root(self, only: int | None, alpha: int, beta: int) -> int:
        cap, cpk, wm, fj, k, tmask, live, led, bstr, bseat = self._root_state()
        seat = self.deal.to_act
        if k == 0 and only is None and not self.first_lead_trump:
            return self._lead(seat, live, cap, cpk, wm, fj, alpha, beta)
        moves = [only] if only is not None else self._order(
            seat, self._representatives(seat, self.legal_mask(seat), live, tmask), k, bstr, bseat, led)
        return self._play(seat, moves, k, live, tmask, led, bstr, bseat, cap, cpk, wm, fj, alpha, beta)[0]

    # -- search ---------------------------------------------------------------------------------

    def _lead(self, seat: int, live: int, cap: int, cpk: int, wm: int, fj: int, alpha: int,
              beta: int) -> int:
        """Value at the start of a trick led by ``seat``."""
        hands = self.hands
        hand = hands[seat]
        if not hand:
            return self.scorer.value(cap, cpk, wm, fj)
        if hand & (hand - 1) == 0:
            return self._last_trick(seat, cap, cpk, wm, fj)
        key = (*hands, seat, cap, cpk, wm, fj)
        entry = self._tt.get(key)
        best_move = -1
        if entry is not None:
            lo, hi, best_move = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        blo, bhi = self.scorer.remaining_bounds(live, cap, cpk, wm, fj)
        if blo >= beta or blo == bhi:
            return blo
        if bhi <= alpha:
            return bhi
        moves = self._order(seat, self._representatives(seat, hand, live, 0), 0, -1, -1, -1)
        if best_move >= 0 and best_move in moves:
            moves.remove(best_move)
            moves.insert(0, best_move)
        v, bm = self._play(seat, moves, 0, live, 0, -1, -1, -1, cap, cpk, wm, fj, alpha, beta)
        lo, hi = (entry[0], entry[1]) if entry is not None else (-INF, INF)
        if v <= alpha:
            hi = min(hi, v)
        elif v >= beta:
            lo = max(lo, v)
        else:
            lo = hi = v
        self._tt[key] = (lo, hi, bm)
        return v

    def _last_trick(self, seat: int, cap: int, cpk: int, wm: int, fj: int) -> int:
        hands = self.hands
        nxt = self.deal.nxt
        t = self.t
        c = hands[seat].bit_length() - 1
        strength = t.strength[t.suit[c]]
        bstr, win = strength[c], seat
        tsum, cp = self.tunit[c], self.gv[c]
        if self.uses_order and fj == 0 and c >= BIG_JOKER:
            fj = c
        s = nxt[seat]
        while s != seat:
            c = hands[s].bit_length() - 1
            if strength[c] > bstr:
                bstr, win = strength[c], s
            tsum += self.tunit[c]
            cp += self.gv[c]
            if self.uses_order and fj == 0 and c >= BIG_JOKER:
                fj = c
            s = nxt[s]
        self.stats.nodes += self.n_in
        u = self.unit[win]
        return self.scorer.value(cap + (u + 1) * tsum, cpk + (cp << (8 * u)), wm | self.wbit[u], fj)

    def _play(self, seat: int, moves: list[int] | None, k: int, live: int, tmask: int, led: int,
              bstr: int, bseat: int, cap: int, cpk: int, wm: int, fj: int, alpha: int,
              beta: int) -> tuple[int, int]:
        """(value, best card) with ``k`` cards of the trick played and ``seat`` to play."""
        hands = self.hands
        t = self.t
        if moves is None:
            hand = hands[seat]
            if led == self.trump:
                legal = hand & t.trump_mask or hand
            else:
                follow = hand & t.suit_mask[led]
                legal = follow | (hand & t.ruff_mask) if follow else hand
            moves = self._order(seat, self._representatives(seat, legal, live, tmask), k, bstr, bseat, led)
        maxing = self.is_max[seat]
        best = -INF if maxing else INF
        best_card = moves[0]
        last = k + 1 == self.n_in
        nxt = self.deal.nxt[seat]
        stats = self.stats
        limit = self.node_limit
        uses_order = self.uses_order
        for c in moves:
            stats.nodes += 1
            if limit is not None and stats.nodes > limit:
                raise SearchLimit
            bit = 1 << c
            hands[seat] ^= bit
            if k == 0:
                lsuit = t.suit[c]
                nstr, nseat = t.strength[lsuit][c], seat
            else:
                lsuit = led
                st = t.strength[led][c]
                nstr, nseat = (st, seat) if st > bstr else (bstr, bseat)
            nfj = c if (uses_order and fj == 0 and c >= BIG_JOKER) else fj
            if last:
                tsum = cp = 0
                tunit, gv = self.tunit, self.gv
                m = tmask | bit
                while m:
                    low = m & -m
                    x = low.bit_length() - 1
                    tsum += tunit[x]
                    cp += gv[x]
                    m ^= low
                u = self.unit[nseat]
                v = self._lead(nseat, live ^ bit, cap + (u + 1) * tsum, cpk + (cp << (8 * u)),
                               wm | self.wbit[u], nfj, alpha, beta)
            else:
                v = self._play(nxt, None, k + 1, live ^ bit, tmask | bit, lsuit, nstr, nseat, cap, cpk,
                               wm, nfj, alpha, beta)[0]
            hands[seat] ^= bit
            if maxing:
                if v > best:
                    best, best_card = v, c
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_card = v, c
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best, best_card

    # -- move generation ------------------------------------------------------------------------

    def _representatives(self, seat: int, legal: int, live: int, tmask: int) -> list[int]:
        """One card per class of equivalent legal cards (the lowest of each run)."""
        if legal & (legal - 1) == 0:
            return [legal.bit_length() - 1]
        t = self.t
        others = (live & ~self.hands[seat]) | tmask
        lower, neutral, gv = t.lower, t.neutral, t.gv
        out: list[int] = []
        m = legal
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if neutral[c]:
                d = lower[c]
                while d >= 0 and not (others >> d & 1) and not (legal >> d & 1):
                    d = lower[d]
                if d >= 0 and legal >> d & 1 and neutral[d] and gv[d] == gv[c]:
                    continue
            out.append(c)
        return out

    def _rep_map(self, seat: int, legal: int, live: int, tmask: int) -> dict[int, int]:
        """Each legal card's representative (the lowest card of its run)."""
        t = self.t
        others = (live & ~self.hands[seat]) | tmask
        out: dict[int, int] = {}
        for c in bits_of(legal):
            r = c
            while t.neutral[r]:
                d = t.lower[r]
                while d >= 0 and not (others >> d & 1) and not (legal >> d & 1):
                    d = t.lower[d]
                if d >= 0 and legal >> d & 1 and t.neutral[d] and t.gv[d] == t.gv[r]:
                    r = d
                    continue
                break
            out[c] = r
        return out

    def _order(self, seat: int, moves: list[int], k: int, bstr: int, bseat: int, led: int) -> list[int]:
        if len(moves) < 2:
            return moves
        t = self.t
        gv = t.gv
        if k == 0:
            # leads: trumps first, high first
            return sorted(moves, key=lambda c: -t.strength[t.suit[c]][c])
        strength = t.strength[led]
        if self.is_max[bseat] == self.is_max[seat]:
            # my side is winning: throw card points, low cards first
            return sorted(moves, key=lambda c: (strength[c] > bstr, -gv[c], strength[c]))
        # try to take the trick cheaply; otherwise duck with the least valuable card
        return sorted(moves, key=lambda c: (0, strength[c]) if strength[c] > bstr
                      else (1, gv[c] * 32 + strength[c]))


class SearchLimit(Exception):
    """Raised inside a search that exceeded its node limit."""
