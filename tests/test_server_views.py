"""What the server sends each recipient: the public part of the hand, built once per change and
shared, plus each seat's own cards, log and legal actions from that seat's view."""

from __future__ import annotations

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit import Game, make_rules, presets
from pitchkit.bots import make_bot
from pitchkit.record import action_json
from pitchkit.server.views import SPECTATOR, public_state, seat_view
from pitchkit.view import make_view

PRIVATE = {"seat", "hand", "discards", "passed", "received", "legal"}


def check_states(game: Game) -> None:
    """Every recipient's state at this moment, against the seat's own view."""
    public = public_state(game)
    before = orjson.dumps(public)
    assert not PRIVATE & set(public)
    assert seat_view(game, SPECTATOR, public) == public == seat_view(game, SPECTATOR)
    for seat in range(game.rules.players):
        mine = seat_view(game, seat, public)
        view = make_view(game.hand, seat)
        assert mine["log"] == [action_json(game.rules, a) for a in view.log]
        assert mine["hand"] == [str(c) for c in view.hand]
        assert {k: v for k, v in mine.items() if k not in PRIVATE | {"log"}} == \
            {k: v for k, v in public.items() if k != "log"}
        assert mine == seat_view(game, seat)
    assert orjson.dumps(public) == before  # building the seats' states left the shared part alone


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(sorted(presets())), seed=st.integers(0, 2**32 - 1),
       stride=st.integers(1, 7))
def test_seat_state_is_the_shared_public_part_plus_its_own(name: str, seed: int, stride: int) -> None:
    rules = make_rules(name)
    game = Game(rules, seed=seed)
    bots = [make_bot("random", seed=seed + s) for s in range(rules.players)]
    for step in range(120):
        if game.over:
            break
        if step % stride == 0:
            check_states(game)
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    check_states(game)


def test_a_discard_stays_in_its_own_seats_log() -> None:
    game = Game(make_rules("ten-point"), seed=5)
    bots = [make_bot("random", seed=s) for s in range(4)]
    discarded: set[int] = set()
    while not game.over and len(game.history) < 1:
        seat = game.to_act
        assert seat is not None
        action = bots[seat].choose(game.view(seat))
        game.apply(action)
        if type(action).__name__ == "Discard":
            discarded.add(seat)
            public = public_state(game)
            assert all("discard" not in entry for entry in public["log"])
            mine = seat_view(game, seat, public)
            assert [e for e in mine["log"] if "discard" in e][-1] == action_json(game.rules, action)
            others = [seat_view(game, s, public) for s in range(4) if s != seat]
            assert all(action_json(game.rules, action) not in o["log"] for o in others)
    assert discarded
