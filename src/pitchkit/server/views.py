"""What each recipient is sent: a seat's view, or the public view for spectators, as JSON; the table
as everyone sees it; the messages and events built from them.

Every message is built here from :func:`pitchkit.view.make_view` for one seat, or from the public
facts of the hand for a spectator. The public view is a whitelist: a field is sent to spectators
only if it is named here, so a field added to the engine's view later stays private.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from pitchkit.actions import Action, Discard, PassCards, Phase
from pitchkit.cards import CARDS, Card
from pitchkit.game import Game
from pitchkit.hand import Hand
from pitchkit.record import action_json, result_json
from pitchkit.rules import OPTION_FIELDS, Rules, option_json, option_name
from pitchkit.server.store import LogEntry
from pitchkit.server.tables import TableState, deck_names
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


def table_json(state: TableState) -> dict[str, Any]:
    """What everyone may know of the table."""
    rules = state.rules
    assert rules is not None
    game = state.game
    out: dict[str, Any] = {
        "id": state.id, "variant": rules.preset, "rules": rules.label, "players": rules.players,
        "public": state.public, "status": state.status, "version": state.version,
        "seats": [s.public(i) for i, s in enumerate(state.seats)],
        "scores": list(game.scores) if game is not None else [0] * rules.players,
        "hand": len(state.deals), "cuts": [[s, c] for s, c in state.cuts],
        # every rule value, by option name, so that a client needs no copy of the presets
        "options": {option_name(f): option_json(getattr(rules, f)) for f in OPTION_FIELDS if f != "preset"},
    }
    if state.deals and game is not None and not game.over:
        out["commitment"] = state.deals[-1].commitment
    if game is not None and game.end is not None:
        out["winner"] = list(game.end.winners)
        out["reason"] = game.end.reason
    return out


def message(state: TableState, kind: str, recipient: int,
            events: list[dict[str, Any]] | None = None, *, table: dict[str, Any] | None = None,
            public: dict[str, Any] | None = None) -> bytes:
    """A snapshot or an update for one recipient (a seat, or ``SPECTATOR``). ``table`` and
    ``public`` (:func:`~pitchkit.server.views.public_state`) are the parts every recipient shares,
    when the caller has built them already."""
    body: dict[str, Any] = {"type": kind, "version": state.version,
                            "table": table_json(state) if table is None else table}
    if recipient != SPECTATOR:
        body["seat"] = recipient
    if events is not None:
        body["events"] = events
    if state.game is not None:
        body["state"] = seat_view(state.game, recipient, public)
    return orjson.dumps(body)

def events_for(state: TableState, entries: Sequence[LogEntry], recipient: int) -> list[dict[str, Any]]:
    """The entries as ``recipient`` may see them; an action that ended a hand is followed by a
    ``hand_over`` event with the result and the revealed deal."""
    rules, game = state.rules, state.game
    assert rules is not None
    out: list[dict[str, Any]] = []
    for e in entries:
        ev: dict[str, Any] = {"seq": e.seq, "kind": e.kind}
        if e.kind == "action":
            action = state.parse(int(e.data["seat"]), e.data["action"])
            ev["action"] = action_event(rules, action, recipient)
        elif e.kind == "deal":
            ev["commitment"] = e.data["commitment"]
        elif e.kind in ("seat", "standin"):
            ev["seat"] = state.seats[int(e.data["seat"])].public(int(e.data["seat"]))
        elif e.kind == "start":
            ev.update({"dealer": e.data["dealer"], "cuts": e.data.get("cuts", [])})
        out.append(ev)
        finished = state.finished_at.get(e.seq)
        if finished is not None and game is not None:
            deal = state.deals[finished]
            done = game.history[finished]
            out.append({"kind": "hand_over", "hand": finished, "result": hand_over(done),
                        "tricks": [{"plays": [[s, str(CARDS[c])] for s, c in plays], "winner": w}
                                   for plays, w in done.tricks],
                        "reveal": {"deck": deck_names(deal), "salt": deal.salt,
                                   "commitment": deal.commitment}})
    return out
