"""The compiled solver gives exactly the plain solver's values, for every preset and objective,
and a new process loads it from numba's disk cache instead of compiling it."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("numba", reason="needs numba (pitchkit[fast])")

from pitchkit.fast.jitting import jit
from pitchkit.search import compiled
from pitchkit.search import kernel as K
from pitchkit.search.compiled import CompiledSolver, make_solver
from pitchkit.search.position import Deal
from pitchkit.search.solver import SearchLimit, Solver
from tests.test_solver import PRESETS, euchre_ending, minimax, random_ending

ROOT = Path(__file__).resolve().parents[1]
OBJECTIVES = ("delta", "points", "coalition")

pytestmark = pytest.mark.skipif(not compiled.enabled(), reason="numba's JIT is switched off")


def test_euchre_is_searched_compiled() -> None:
    deal = Deal.from_hand(random_ending("euchre", random.Random(3), 3))
    assert CompiledSolver(deal).arrays is not None and type(make_solver(deal)) is CompiledSolver


@pytest.mark.parametrize("alone", [False, True])
@pytest.mark.parametrize("options", [{}, {"super-euchre-points": 4}, {"benny": True}])
def test_compiled_solver_scores_euchre_tricks_as_minimax_does(options: dict[str, Any], alone: bool) -> None:
    """Trick scoring (made 1, march 2, a loner's march 4, euchred 2 or super-euchred), must-follow,
    the bowers and a partner sitting out: the same values as the plain solver and as minimax."""
    rng = random.Random(f"euchre-{options}-{alone}")
    for cards in (2, 3):
        for _ in range(4):
            hand = euchre_ending(options, rng, cards, alone=alone)
            deal = Deal.from_hand(hand)
            assert (hand.sitting_out is not None) == alone and len(deal.seats) == 4 - alone
            defender = next(s for s in deal.seats if s != deal.pitcher)
            for objective in OBJECTIVES:
                for perspective in (None, defender):
                    fast = CompiledSolver(deal, objective=objective, perspective=perspective)
                    plain = Solver(deal, objective=objective, perspective=perspective)
                    assert fast.arrays is not None
                    assert fast.move_values() == plain.move_values()
                    if objective == "delta" or (objective == "points" and perspective is None):
                        assert fast.value() == minimax(hand, objective, perspective)


@pytest.mark.parametrize("preset", PRESETS)
def test_compiled_solver_values_equal_the_plain_solver(preset: str) -> None:
    rng = random.Random(f"compiled-{preset}")
    for cards in (2, 3, 4, 5):
        for _ in range(3):
            deal = Deal.from_hand(random_ending(preset, rng, cards))
            defender = next(s for s in deal.seats if s != deal.pitcher)
            for objective in OBJECTIVES:
                for perspective in (None, deal.to_act, defender):
                    plain = Solver(deal, objective=objective, perspective=perspective)
                    fast = CompiledSolver(deal, objective=objective, perspective=perspective)
                    assert fast.arrays is not None
                    assert fast.move_values() == plain.move_values()
                    assert fast.value() == plain.value()
                    assert fast.stats.nodes == plain.stats.nodes  # the same tree


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 2**32), cards=st.integers(2, 5),
       objective=st.sampled_from(OBJECTIVES))
def test_compiled_solver_values_equal_the_plain_solver_on_any_ending(preset: str, seed: int, cards: int,
                                                                     objective: str) -> None:
    deal = Deal.from_hand(random_ending(preset, random.Random(seed), cards))
    plain = Solver(deal, objective=objective)
    fast = CompiledSolver(deal, objective=objective)
    assert fast.move_values() == plain.move_values()
    assert fast.best_move()[1] == plain.best_move()[1]


def test_compiled_solver_stops_at_its_node_limit() -> None:
    rng = random.Random(4)
    deal = Deal.from_hand(random_ending("pct", rng, 6))
    solver = CompiledSolver(deal, node_limit=50)
    with pytest.raises(SearchLimit):
        solver.move_values()
    assert 50 < solver.stats.nodes <= 50 + deal.rules.players
    assert solver.arrays is not None and list(solver.arrays[-1]) == deal.hands


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


CHILD = """
import random
from pitchkit.search import kernel
from pitchkit.search.compiled import CompiledSolver
from pitchkit.search.position import Deal
from tests.test_solver import random_ending
deal = Deal.from_hand(random_ending("pct", random.Random(7), 4))
stats = kernel.search.stats
print(CompiledSolver(deal).value(), len(stats.cache_hits), len(stats.cache_misses))
"""


def test_compiled_search_loads_from_the_disk_cache_in_a_new_process() -> None:
    if type(getattr(K.search, "_cache", None)).__name__ == "NullCache":
        pytest.skip("numba has no writable cache directory here")
    deal = Deal.from_hand(random_ending("pct", random.Random(7), 4))
    value = CompiledSolver(deal).value()  # compiled, or loaded, and cached by this process
    out = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=dict(os.environ), check=True,
                         capture_output=True, text=True).stdout.split()
    assert out == [str(value), "1", "0"]  # loaded (one hit), not compiled (no miss)


def test_jit_compiles_a_function_numba_cannot_cache() -> None:
    namespace: dict[str, Any] = {}
    exec(compile("def double(x):\n    return 2 * x\n", "<no source file>", "exec"), namespace)
    double = jit(namespace["double"])  # no cache directory for it: compiled in each process
    assert hasattr(double, "py_func")
    assert double(21) == 42


def test_compiled_solvers_in_two_threads_at_once_give_their_own_values() -> None:
    rng = random.Random(8)
    deals = [Deal.from_hand(random_ending("pct", rng, 6)) for _ in range(6)]
    alone = [CompiledSolver(deal).move_values() for deal in deals]
    start = threading.Barrier(2)

    def solve(order: list[int]) -> dict[int, dict[int, int]]:
        start.wait()
        return {i: CompiledSolver(deals[i]).move_values() for i in order}

    forward = list(range(len(deals)))
    with ThreadPoolExecutor(max_workers=2) as pool:
        for values in pool.map(solve, (forward, forward[::-1])):
            assert [values[i] for i in forward] == alone
