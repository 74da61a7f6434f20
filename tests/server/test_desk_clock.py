"""The match clock of an online event read from when each hand finished (seed 003, UNL: "at stop
the hand in progress is played out and the team ahead wins; a tie plays one more hand").

- ``test_unl_clock_counts_the_hands_finished_before_the_stop``: a hand that finishes at the very
  moment of the stop was in progress at it.
- ``test_unl_clock_stop_plays_out_the_hand_in_progress_then_one_more_while_tied``: for bots' games
  and any stop, the game is entered after the hand in progress at the stop, or after the first
  later hand with one side ahead; never before, and never past it.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit import Game, make_rules
from pitchkit.bots import make_bot
from pitchkit.engine.record import game_record, replay_game
from pitchkit.tournament.online import hands_before, side_scores, stopped_hands


def test_unl_clock_counts_the_hands_finished_before_the_stop() -> None:
    finished = [10.0, 20.0, 30.0]
    assert hands_before(finished, 5.0) == 0
    assert hands_before(finished, 25.0) == 2
    assert hands_before(finished, 20.0) == 1
    assert hands_before(finished, 99.0) == 3


def bot_record(seed: int) -> list[dict[str, object]]:
    game = Game(make_rules("ten-point"), seed=seed)
    bots = [make_bot("random", seed=seed + s) for s in range(4)]
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    return game_record(game)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stop=st.floats(0, 1))
def test_unl_clock_stop_plays_out_the_hand_in_progress_then_one_more_while_tied(seed: int,
                                                                                stop: float) -> None:
    record = bot_record(seed)
    before = int(stop * (len(record) - 1))
    count = stopped_hands(record, before, 2)
    assert count is not None and before < count <= len(record)

    def tied_after(hands: int) -> bool:
        game, _ = replay_game(list(record[:hands]))
        scores = side_scores(game, 2)
        return not game.over and scores[0] == scores[1]

    assert not tied_after(count)
    assert all(tied_after(h) for h in range(before + 1, count))
    assert stopped_hands(record[:count - 1], before, 2) is None  # the deciding hand is not in yet
