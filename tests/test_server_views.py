"""What the server sends each recipient: every seat's state is exactly what that seat's own view
says, and a spectator's holds only the public part, although the server builds the public part
once per change and keeps the hand's log from one change to the next."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit import Game, make_rules, presets
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Discard, PassCards
from pitchkit.engine.cards import CARDS
from pitchkit.engine.pack import pack_draws
from pitchkit.engine.record import action_json
from pitchkit.engine.view import View, make_view
from pitchkit.server.views import SPECTATOR, TableViews

PRIVATE = {"seat", "hand", "discards", "passed", "received", "legal"}


def _legal(game: Game, view: View) -> list[object]:
    if view.discard_options is not None:
        cards, lo, hi = view.discard_options
        return [{"discard": {"choose_from": [str(c) for c in cards], "count": [lo, hi]}}]
    return [{k: v for k, v in action_json(game.rules, a).items() if k != "seat"} for a in view.legal]


def expected(game: Game, seat: int) -> dict[str, Any]:
    """A recipient's state written out from its own view alone (the spectator: seat 0's view less
    everything private, every discard and pass as its count)."""
    view = make_view(game.hand, 0 if seat == SPECTATOR else seat)
    rules = game.rules

    def bid(b: int | None) -> object:
        name = rules.bid_name(b)
        return b if b is not None and name == str(b) else name

    out: dict[str, Any] = {
        "dealer": view.dealer, "seats": list(view.seats), "phase": view.phase.value,
        "to_act": view.to_act, "hand_sizes": list(view.hand_sizes),
        "discard_counts": list(view.discard_counts), "stock_size": view.stock_size,
        "bids": [[s, bid(b)] for s, b in view.bids], "ran": view.ran, "pitcher": view.pitcher,
        "bid": None if view.bid is None else bid(view.bid),
        "trump": None if view.trump is None else str(view.trump),
        "upcard": None if view.upcard is None else str(view.upcard),
        "trick": [[s, str(c)] for s, c in view.trick],
        "tricks": [{"plays": [[s, str(c)] for s, c in p], "winner": w} for p, w in view.tricks],
        "scores_before": list(view.scores),
    }
    # every action is in every log; a discard or a pass the recipient may not see, as its count
    known = set() if seat == SPECTATOR else {id(a) for a in view.log}
    log: list[dict[str, Any]] = []
    for a in game.hand.log:
        if isinstance(a, Discard | PassCards) and id(a) not in known:
            log.append({"seat": a.seat, "discard" if isinstance(a, Discard) else "pass": len(a.cards)})
        else:
            log.append(action_json(rules, a))
    upcard = game.hand.upcard
    out["draws"] = [{"after": after, "seat": t.seat, "count": len(t.cards), "rest": t.rest,
                     "upcard": upcard is not None and t.cards == (CARDS[upcard],) and not t.rest}
                    for after, taken in sorted(pack_draws(game.hand).items()) for t in taken]
    out["log"] = log
    if seat == SPECTATOR:
        return out
    out.update({
        "seat": seat, "hand": [str(c) for c in view.hand], "discards": [str(c) for c in view.discards],
        "passed": [str(c) for c in view.passed], "received": [str(c) for c in view.received],
        "legal": _legal(game, view),
    })
    return out


def check_states(views: TableViews, game: Game) -> None:
    """Every recipient's state at this moment, against the recipient's own view."""
    recipients = [SPECTATOR, *range(game.rules.players)]
    states = {r: orjson.loads(s) for r, s in views.states(game, recipients).items()}
    assert set(states) == set(recipients)
    assert not PRIVATE & set(states[SPECTATOR])
    for r in recipients:
        assert states[r] == expected(game, r)
    # a table without kept views (a fresh one) says the same
    assert orjson.loads(TableViews().states(game, [0])[0]) == states[0]


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(sorted(presets())), seed=st.integers(0, 2**32 - 1),
       stride=st.integers(1, 7))
@pytest.mark.slow
def test_each_seat_is_sent_exactly_its_own_view(name: str, seed: int, stride: int) -> None:
    rules = make_rules(name)
    game = Game(rules, seed=seed)
    views = TableViews()
    bots = [make_bot("random", seed=seed + s) for s in range(rules.players)]
    for step in range(160):
        if game.over:
            break
        if step % stride == 0:
            check_states(views, game)
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    check_states(views, game)


def test_a_discard_stays_in_its_own_seats_log() -> None:
    game = Game(make_rules("ten-point"), seed=5)
    views = TableViews()
    bots = [make_bot("random", seed=s) for s in range(4)]
    discarded: set[int] = set()
    while not game.over and len(game.history) < 1:
        seat = game.to_act
        assert seat is not None
        action = bots[seat].choose(game.view(seat))
        game.apply(action)
        if isinstance(action, Discard):
            discarded.add(seat)
            states = {r: orjson.loads(s) for r, s in views.states(game, [SPECTATOR, 0, 1, 2, 3]).items()}
            # everyone else sees how many cards, never which
            assert all(isinstance(e["discard"], int) for e in states[SPECTATOR]["log"] if "discard" in e)
            mine = states[seat]
            assert [e for e in mine["log"] if "discard" in e][-1] == action_json(game.rules, action)
            others = [states[s] for s in range(4) if s != seat]
            assert all(action_json(game.rules, action) not in o["log"] for o in others)
    assert discarded


def test_a_seat_is_not_sent_cards_it_has_not_looked_at() -> None:
    # while a blind double loner may be called, a seat has not seen its cards until it passes on it
    game = Game(make_rules("euchre", {"blind_loner_points": 8}), seed=3)
    views = TableViews()
    bots = [make_bot("random", seed=s) for s in range(4)]
    unseen = 0
    while not game.over and len(game.history) < 2:
        check_states(views, game)
        states = {s: orjson.loads(b) for s, b in views.states(game, range(4)).items()}
        unseen += sum(1 for s in range(4) if not states[s]["hand"] and states[s]["hand_sizes"][s])
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    assert unseen
