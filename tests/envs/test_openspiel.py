"""The OpenSpiel game passes OpenSpiel's own random-simulation checks for every preset, keeps its
tensors equal to the shared encoding, serializes, and runs OpenSpiel's Python algorithms."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel game needs pitchkit[envs] (open_spiel)")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from pitchkit.engine.errors import IllegalActionError, RulesError  # noqa: E402
from pitchkit.engine.presets import make_rules  # noqa: E402
from pitchkit.envs import encoding as enc  # noqa: E402
from pitchkit.envs.openspiel import parse_options, utility_bounds  # noqa: E402
from tests.envs.conftest import PRESETS  # noqa: E402
from tests.envs.test_euchre import EVERYTHING  # noqa: E402

SMALL = {"variant": "pct", "players": 2, "options": "hand-size=3"}


def random_state(game: Any, seed: int, *, decisions: int | None = None) -> Any:
    """A state reached by seeded random chance and play (stopping after ``decisions`` decisions)."""
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    taken = 0
    while not state.is_terminal() and (state.is_chance_node() or decisions is None or taken < decisions):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            taken += 1
    return state


@pytest.mark.parametrize("variant", PRESETS)
def test_random_sim_test_passes(variant: str) -> None:
    game = pyspiel.load_game("python_pitch", {"variant": variant})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_passes_with_every_euchre_variation() -> None:
    options = ";".join(f"{k}:{v}" for k, v in EVERYTHING.items())
    game = pyspiel.load_game("python_pitch", {"variant": "euchre", "options": options})
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)
    low, high = utility_bounds(game.rules)
    assert (low, high) == (0.0, 8.0)


def test_parameters_reach_the_rules() -> None:
    game = pyspiel.load_game("python_pitch", {"variant": "smudge", "players": 5, "options": "target=15"})
    assert game.num_players() == 5
    assert game.rules.target == 15
    assert game.num_distinct_actions() == enc.N_ACTIONS
    with pytest.raises(RulesError, match="name=value"):
        parse_options("target")


def test_chance_picks_the_dealer_then_the_deck() -> None:
    game = pyspiel.load_game("python_pitch", {"variant": "pct"})
    state = game.new_initial_state()
    assert [p for _, p in state.chance_outcomes()] == [0.25] * 4
    state.apply_action(2)
    for _ in range(51):
        assert state.is_chance_node()
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 3
    assert state.hand.dealer == 2


def test_chance_refuses_a_dealer_or_card_that_is_not_an_outcome() -> None:
    """A chance action outside ``chance_outcomes()`` (a seat that does not exist, a card dealt
    already or not in the deck) is refused in one line and changes nothing."""
    game = pyspiel.load_game("python_pitch", {"variant": "pct"})
    state = game.new_initial_state()
    with pytest.raises(IllegalActionError, match="dealer"):
        state.apply_action(4)
    state.apply_action(1)
    state.apply_action(7)
    for bad in (7, 52, 200):
        with pytest.raises(IllegalActionError, match="not yet dealt"):
            state.apply_action(bad)
    assert state.history() == [1, 7] and state.deck == [7]
    assert {a for a, _ in state.chance_outcomes()} == set(range(52)) - {7}


@pytest.mark.parametrize("variant", ["pct", "ten-point"])
def test_tensors_are_the_shared_encoding(variant: str) -> None:
    game = pyspiel.load_game("python_pitch", {"variant": variant})
    for decisions in (0, 5, 17):
        state = random_state(game, decisions, decisions=decisions)
        for seat in range(game.num_players()):
            view, pending = state.view(seat), state.pending_of(seat)
            expected = game.layout.encode(view, pending)
            assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
            info = np.asarray(state.information_state_tensor(seat))
            rows = info[game.layout.size:].reshape(game.max_decisions, -1)
            assert rows.sum() == 2 * len(enc.visible_decisions(view, pending))
            assert state.observation_string(seat) == enc.observation_text(view, pending)


def test_serialize_and_deserialize_mid_hand() -> None:
    game = pyspiel.load_game("python_pitch", {"variant": "ten-point"})
    state = random_state(game, 4, decisions=12)
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history()
    assert str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()


def test_returns_are_the_hands_score_changes_within_bounds() -> None:
    game = pyspiel.load_game("python_pitch", {"variant": "pct"})
    low, high = utility_bounds(make_rules("pct"))
    for seed in range(5):
        state = random_state(game, seed)
        assert state.returns() == [float(d) for d in state.hand.result.delta]
        assert all(low <= r <= high for r in state.returns())


def test_mcts_plays_with_evaluate_bots_on_a_small_game() -> None:
    game = pyspiel.load_game("python_pitch", SMALL)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 12, mcts.RandomRolloutEvaluator(1, rng), random_state=rng, solve=False)
    bots = [bot, uniform_random.UniformRandomBot(1, rng)]
    returns = [evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng) for _ in range(3)]
    assert all(len(r) == 2 for r in returns)


@pytest.mark.parametrize("variant", ["pct", "ten-point"])
def test_information_state_strings_name_no_hidden_card(variant: str) -> None:
    game = pyspiel.load_game("python_pitch", {"variant": variant})
    for decisions in (0, 9, 30):
        state = random_state(game, decisions + 1, decisions=decisions)
        hand = state.hand
        for seat in range(game.num_players()):
            view = state.view(seat)
            known = {*view.hand, *view.discards, *view.passed, *view.received, *hand.initial_hands[seat],
                     *(c for plays, _ in view.tricks for _, c in plays), *(c for _, c in view.trick)}
            held = {str(c) for s in range(game.num_players()) for c in hand.holding(s)}
            hidden = held - set(map(str, known))
            words = set(state.information_state_string(seat).replace("[", " ").replace("]", " ").split())
            words |= set(state.observation_string(seat).replace("[", " ").replace("]", " ").split())
            assert not words & hidden
