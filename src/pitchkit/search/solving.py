"""Solving a deal with every card visible: :func:`make_solver` picks the compiled solver
(:mod:`pitchkit.search.compiled`, ``pitchkit[fast]``) when it can be used and the plain
:class:`~pitchkit.search.solver.Solver` otherwise; both give the same values."""

from __future__ import annotations

from functools import cache

from pitchkit import fast
from pitchkit.engine.cards import bits_of
from pitchkit.search.position import Deal, jack_suits
from pitchkit.search.solver import Solver, SolveStats


def make_solver(deal: Deal, *, objective: str = "delta", node_limit: int | None = None,
                perspective: int | None = None) -> Solver:
    """A solver for ``deal``: the compiled one when it can be used
    (:func:`pitchkit.search.compiled.make_solver`), else :class:`Solver`; both give the same
    values."""
    if _compiled_available():
        from pitchkit.search import compiled  # it subclasses Solver; it needs numpy

        return compiled.make_solver(deal, objective=objective, node_limit=node_limit,
                                    perspective=perspective)
    return Solver(deal, objective=objective, node_limit=node_limit, perspective=perspective)


_compiled_available = cache(fast.available)


def solve(deal: Deal, *, objective: str = "delta", perspective: int | None = None) -> int:
    """The exact value of a play-phase deal (trump known)."""
    return make_solver(deal, objective=objective, perspective=perspective).value()


def first_lead_values(deal: Deal, *, objective: str = "delta", stats: SolveStats | None = None,
                      node_limit: int | None = None, perspective: int | None = None
                      ) -> dict[tuple[int, int], int]:
    """Values of every first lead that sets trump: ``(card, trump suit) -> value`` (a jack or joker
    lead that may name several suits appears once per suit)."""
    assert deal.trump is None and not deal.trick
    out: dict[tuple[int, int], int] = {}
    p = deal.to_act
    held = deal.hands[p]
    for suit in range(4):
        leads = [c for c in bits_of(held) if suit in jack_suits(deal.rules, c)]
        if not leads:
            continue
        d = deal.copy()
        d.trump = suit
        used = stats.nodes if stats is not None else 0
        limit = None if node_limit is None else max(1, node_limit - used)
        solver = make_solver(d, objective=objective, node_limit=limit, perspective=perspective)
        try:
            for c, v in solver.move_values(leads).items():
                out[(c, suit)] = v
        finally:
            if stats is not None:
                stats.nodes += solver.stats.nodes
    return out
