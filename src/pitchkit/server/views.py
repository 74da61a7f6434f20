"""What each recipient is sent: a seat's view, or the public view for spectators, as JSON.

Every message is built here from :func:`pitchkit.view.make_view` for one seat, or from the public
facts of the hand for a spectator. The public view is a whitelist: a field is sent to spectators
only if it is named here, so a field added to the engine's view later stays private.
"""

from __future__ import annotations

from typing import Any

from pitchkit.actions import Action, Discard, PassCards, Phase
from pitchkit.cards import Card
from pitchkit.game import Game
from pitchkit.hand import Hand
from pitchkit.record import action_json, result_json
from pitchkit.rules import Rules
from pitchkit.view import View, make_view

#: recipient of the public view
SPECTATOR = -1
#: actions shown in full only to the seat that made them
_HIDDEN = (Discard, PassCards)


def _cards(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [str(c) for c in cards]


def _bid(rules: Rules, amount: int | None) -> object:
    name = rules.bid_name(amount)
    return amount if amount is not None and name == str(amount) else name


def _public_part(rules: Rules, hand: Hand, view: View) -> dict[str, Any]:
    return {
        "dealer": view.dealer,
        "seats": list(view.seats),
        "phase": view.phase.value,
        "to_act": view.to_act,
        "hand_sizes": list(view.hand_sizes),
        "discard_counts": list(view.discard_counts),
        "stock_size": view.stock_size,
        "bids": [[s, _bid(rules, b)] for s, b in view.bids],
        "ran": view.ran,
        "pitcher": view.pitcher,
        "bid": None if view.bid is None else _bid(rules, view.bid),
        "trump": None if view.trump is None else str(view.trump),
        "trick": [[s, str(c)] for s, c in view.trick],
        "tricks": [{"plays": [[s, str(c)] for s, c in plays], "winner": w} for plays, w in view.tricks],
        "scores_before": list(view.scores),
        "log": [action_json(rules, a) for a in hand.log if public_action(a)],
    }


def public_action(action: Action) -> bool:
    """True for actions everyone sees in full (not a discard, not a pass to the partner)."""
    return not isinstance(action, _HIDDEN)


def public_state(game: Game) -> dict[str, Any]:
    """The public part of the hand in progress: what a spectator gets, and what every seat's state
    shares (build it once per change and pass it to :func:`seat_view`)."""
    hand = game.hand
    return _public_part(game.rules, hand, make_view(hand, 0))


def seat_view(game: Game, seat: int, public: dict[str, Any] | None = None) -> dict[str, Any]:
    """The state of the hand in progress as ``seat`` may know it (``SPECTATOR``: the public part).
    ``public`` is :func:`public_state` of the same moment, when the caller has it already."""
    if public is None:
        public = public_state(game)
    if seat == SPECTATOR:
        return public
    rules = game.rules
    view = make_view(game.hand, seat)
    shown = iter(public["log"])
    out = dict(public)
    out.update({
        "seat": seat,
        "hand": _cards(view.hand),
        "discards": _cards(view.discards),
        "passed": _cards(view.passed),
        "received": _cards(view.received),
        # the public actions are those of the public log, in the same order
        "log": [next(shown) if public_action(a) else action_json(rules, a) for a in view.log],
        "legal": _legal(rules, view),
    })
    return out


def _legal(rules: Rules, view: View) -> list[object]:
    if view.discard_options is not None:
        cards, lo, hi = view.discard_options
        return [{"discard": {"choose_from": _cards(cards), "count": [lo, hi]}}]
    out: list[object] = []
    for a in view.legal:
        entry = action_json(rules, a)
        entry.pop("seat", None)
        out.append(entry)
    return out


def action_event(rules: Rules, action: Action, recipient: int) -> dict[str, Any]:
    """An action as ``recipient`` may see it: a discard or a pass in full only to the seat that
    made it (the partner learns a pass from its own view, once the cards change hands)."""
    if public_action(action) or recipient == action.seat:
        return action_json(rules, action)
    if isinstance(action, Discard):
        return {"seat": action.seat, "discard": len(action.cards)}
    assert isinstance(action, PassCards)
    return {"seat": action.seat, "pass": len(action.cards)}


def hand_over(hand: Hand) -> dict[str, Any]:
    """A finished hand's result (every card in it was played, so all of it is public)."""
    assert hand.phase == Phase.DONE
    return result_json(hand)
