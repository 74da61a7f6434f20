"""The compiled solver gives exactly the plain solver's values, for every preset and objective."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba", reason="needs numba (pitchkit[fast])")

from pitchkit.search import compiled
from pitchkit.search.compiled import CompiledSolver, make_solver
from pitchkit.search.position import Deal
from pitchkit.search.solver import SearchLimit, Solver
from tests.test_solver import PRESETS, random_ending

pytestmark = pytest.mark.skipif(not compiled.enabled(), reason="numba's JIT is switched off")


@pytest.mark.parametrize("preset", PRESETS)
def test_compiled_solver_values_equal_the_plain_solver(preset: str) -> None:
    rng = random.Random(f"compiled-{preset}")
    for cards in (2, 3, 4, 5):
        for _ in range(3):
            deal = Deal.from_hand(random_ending(preset, rng, cards))
            defender = next(s for s in deal.seats if s != deal.pitcher)
            for objective in ("delta", "points", "coalition"):
                for perspective in (None, deal.to_act, defender):
                    plain = Solver(deal, objective=objective, perspective=perspective)
                    fast = CompiledSolver(deal, objective=objective, perspective=perspective)
                    assert fast.arrays is not None
                    assert fast.move_values() == plain.move_values()
                    assert fast.value() == plain.value()


def test_compiled_solver_stops_at_its_node_limit() -> None:
    rng = random.Random(4)
    deal = Deal.from_hand(random_ending("pct", rng, 6))
    solver = CompiledSolver(deal, node_limit=50)
    with pytest.raises(SearchLimit):
        solver.move_values()
    assert 50 < solver.stats.nodes <= 50 + deal.rules.players


def test_compiled_solver_leaves_the_deal_unchanged() -> None:
    deal = Deal.from_hand(random_ending("ten-point", random.Random(5), 5))
    before = (list(deal.hands), list(deal.trick))
    solver = CompiledSolver(deal)
    solver.move_values()
    assert (deal.hands, deal.trick) == before
    assert solver.arrays is not None and list(solver.arrays[-1]) == deal.hands


def test_make_solver_uses_the_plain_solver_when_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = Deal.from_hand(random_ending("auction", random.Random(6), 3))
    assert type(make_solver(deal)) is CompiledSolver
    monkeypatch.setenv(compiled.ENV_SWITCH, "0")
    assert type(make_solver(deal)) is Solver
