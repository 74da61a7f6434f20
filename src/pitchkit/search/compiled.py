"""The solver with its search compiled (numba): :class:`CompiledSolver`, and :func:`make_solver`,
which gives it when it can and the plain :class:`~pitchkit.search.solver.Solver` otherwise.

Both search the same tree in the same order and give the same values; the compiled one runs the
search in :mod:`pitchkit.search.kernel` on arrays built here from the solver's tables and scorer.
It needs numba (``pitchkit[fast]``) and a deal whose scoring fits the kernel's int64 capture state
(at most seven scoring units and fifteen tracked cards) and whose sides are fixed by the deal (not
with dynamic teams whose high or low turns on which equal joker falls first). The transposition
table, move buffers and stack frames are shared by the searches of a thread, and each thread has
its own: searches in two threads at once (a bot deciding on a worker while another asks for a
hint) never touch each other's.
"""

from __future__ import annotations

import itertools
import os
import threading
from typing import Any

import numpy as np

from pitchkit.engine.cards import BIG_JOKER, LITTLE_JOKER
from pitchkit.fast.jitting import COMPILED
from pitchkit.search import kernel as K
from pitchkit.search import kernel_layout as L
from pitchkit.search.position import Deal, Scorer, index_space
from pitchkit.search.solver import SearchLimit, Solver

#: transposition-table slots (a power of two) shared by the compiled searches of a thread
TT_SLOTS = 1 << 18
#: set to ``0`` to always use the plain solver
ENV_SWITCH = "PITCHKIT_COMPILED_SOLVER"

_KINDS = {"player": L.K_PLAYER, "capturer": L.K_CAPTURER, "game": L.K_GAME, "smudge": L.K_SMUDGE}
_POINT_CODES = {"high": L.PC_HIGH, "low": L.PC_LOW, "jack": L.PC_JACK}
_SIDES = 16
_generation = itertools.count(1)

I64 = np.int64


class _Scratch(threading.local):
    """The arrays the searches of one thread work in: transposition tables by number of seats,
    move buffers and stack frames."""

    def __init__(self) -> None:
        self.tables: dict[int, tuple[Any, Any]] = {}
        self.buf = np.zeros((L.MAX_PLY, 2, 64), dtype=I64)
        self.frames = np.zeros((L.MAX_PLY, L.N_FRAME_COLS), dtype=I64)


_scratch = _Scratch()


def enabled() -> bool:
    """True when the compiled solver is used (numba compiles, and it is not switched off)."""
    return COMPILED and os.environ.get(ENV_SWITCH, "1") != "0"


def fits(deal: Deal, scorer: Scorer) -> bool:
    """True if the kernel can search this deal (see the module documentation)."""
    if scorer._static_sides is None:
        return False
    return (max(scorer.units) <= 6 and len(scorer.tracked) <= 15 and index_space(deal.rules) <= 62
            and max(scorer.sides().values()) < _SIDES)


def make_solver(deal: Deal, *, objective: str = "delta", node_limit: int | None = None,
                perspective: int | None = None) -> Solver:
    """The compiled solver for ``deal`` when :func:`enabled` and it :func:`fits`, else the plain
    one; both give the same values."""
    if enabled():
        solver = CompiledSolver(deal, objective=objective, node_limit=node_limit,
                                perspective=perspective)
        if solver.arrays is not None:
            return solver
    return Solver(deal, objective=objective, node_limit=node_limit, perspective=perspective)


def _tt(n_seats: int) -> tuple[Any, Any]:
    tables = _scratch.tables
    t = tables.get(n_seats)
    if t is None:
        t = tables[n_seats] = (np.zeros((TT_SLOTS, n_seats + 6), dtype=I64),
                                np.zeros((TT_SLOTS, 3), dtype=I64))
    return t


class CompiledSolver(Solver):
    """A :class:`Solver` whose searches run compiled. ``arrays`` is None when the deal does not
    :func:`fit` the kernel (then it searches as the plain solver does)."""

    def __init__(self, deal: Deal, *, objective: str = "delta", node_limit: int | None = None,
                 perspective: int | None = None) -> None:
        super().__init__(deal, objective=objective, node_limit=node_limit, perspective=perspective)
        self.arrays: tuple[Any, ...] | None = None
        if fits(self.deal, self.scorer):
            self.arrays = self._build()

    def _build(self) -> tuple[Any, ...]:
        d, sc, t = self.deal, self.scorer, self.t
        r = d.rules
        n = index_space(r)
        side = sc.sides()
        par = np.zeros(L.N_PAR, dtype=I64)
        par[L.P_OBJECTIVE] = ("delta", "points", "coalition").index(self.objective)
        par[L.P_PUNIT] = sc.unit[d.pitcher]
        par[L.P_PSIDE] = side[d.pitcher]
        par[L.P_BID] = d.bid
        par[L.P_SPECIAL] = int(d.rules.is_special_bid(d.bid))
        par[L.P_SMUDGE_VALUE] = d.rules.smudge_value
        par[L.P_HOLE_TO_ZERO] = int(d.rules.smudge_hole_to_zero)
        par[L.P_MINE] = sc.unit[sc.perspective]
        par[L.P_UNITS] = len(sc.units)
        par[L.P_USES_GAME] = int(sc.uses_game)
        par[L.P_USES_WINNERS] = int(sc.uses_winners)
        par[L.P_USES_ORDER] = int(sc.uses_order)
        par[L.P_N_IN] = self.n_in
        assert self.trump is not None
        par[L.P_TRUMP] = self.trump
        par[L.P_TRUMP_MASK] = t.trump_mask
        par[L.P_GEN] = next(_generation)
        par[L.P_BIG_JOKER] = BIG_JOKER
        par[L.P_LITTLE_JOKER] = LITTLE_JOKER
        par[L.P_RUFF_MASK] = t.ruff_mask
        par[L.P_BY_TRICKS] = int(sc.by_tricks)
        par[L.P_TRICKS_NEEDED] = r.tricks_needed
        par[L.P_HAND_SIZE] = r.hand_size
        par[L.P_MADE_POINTS] = r.made_points
        par[L.P_MARCH_POINTS] = sc.march_points
        par[L.P_EUCHRE_POINTS] = r.defend_alone_points if sc.lone_defence else r.euchre_points
        par[L.P_SUPER_EUCHRE_POINTS] = 0 if sc.lone_defence else r.super_euchre_points

        player = sc.player
        cards = np.empty((n, L.N_CARD_COLS), dtype=I64)
        cards[:, L.C_SUIT] = t.suit
        cards[:, L.C_LOWER] = t.lower
        cards[:, L.C_NEUTRAL] = t.neutral
        cards[:, L.C_GV] = t.gv
        cards[:, L.C_TUNIT] = self.tunit
        cards[:, L.C_FIELD] = [sc.track_shift[c] // 4 if c in sc.track_shift else -1 for c in range(n)]
        cards[:, L.C_PSIDE] = [side[player[c]] if c in player else -1 for c in range(n)]
        strength = np.array(t.strength, dtype=I64)
        suit_mask = np.array(t.suit_mask, dtype=I64)
        seats = np.zeros((d.n_seats, L.N_SEAT_COLS), dtype=I64)
        for s in d.seats:
            seats[s] = (d.nxt[s], int(self.is_max[s]), sc.unit[s])
        unit_side = np.full(_SIDES, -1, dtype=I64)
        for s in d.seats:
            unit_side[sc.unit[s]] = side[s]
        seat_rows = np.array([(sc.unit[s], side[s], d.scores[s]) for s in d.seats], dtype=I64)
        units = np.array(sc.units, dtype=I64)
        plan = np.array([(_KINDS[how],
                          (L.BY_ORDER_HIGH if point == "high" else L.BY_ORDER_LOW) if card < 0
                          and how in ("player", "capturer") else max(card, 0),
                          value, _POINT_CODES.get(point, L.PC_OTHER))
                         for point, card, how, value in sc.plan], dtype=I64).reshape(-1, 4)
        tracked = np.array(sc.tracked, dtype=I64)
        static = sc._static_sides
        assert static is not None
        width = max(len(g) for g in static)
        groups = np.full((len(static), width), -1, dtype=I64)
        for i, g in enumerate(static):
            groups[i, :len(g)] = g
        min_units = np.array(sc._min_units, dtype=I64)
        scratch = np.zeros((4, _SIDES), dtype=I64)
        hands = np.array(d.hands, dtype=I64)
        return (par, plan, cards, strength, suit_mask, seats, unit_side, seat_rows, units, scratch,
                tracked, groups, min_units, hands)

    def _root(self, only: int | None, alpha: int, beta: int) -> int:
        if self.arrays is None:
            return super()._root(only, alpha, beta)
        cap, cpk, wm, fj, k, tmask, live, led, bstr, bseat = self._root_state()
        seat = self.deal.to_act
        plain_lead = k == 0 and only is None and not self.first_lead_trump
        root_legal = -1 if plain_lead or only is not None else self.legal_mask(seat)
        limit = -1 if self.node_limit is None else self.node_limit
        stats = np.array([self.stats.nodes, limit, 0], dtype=I64)
        tt_key, tt_val = _tt(self.deal.n_seats)
        search: Any = K.search
        v, _ = search(*self.arrays, stats, tt_key, tt_val, _scratch.buf, _scratch.frames, seat, k,
                      live, tmask, led, bstr, bseat, cap, cpk, wm, fj, alpha, beta, root_legal,
                      -1 if only is None else only)
        self.stats.nodes = int(stats[L.ST_NODES])
        if stats[L.ST_ABORTED]:
            raise SearchLimit
        return int(v)
