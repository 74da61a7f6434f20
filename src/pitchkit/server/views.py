"""What each recipient is sent: a seat's view, or the public view for spectators, as JSON; the table
as everyone sees it; the messages and events built from them.

Every seat's state is what :func:`pitchkit.engine.view.make_view` lets that seat know, and a spectator's
is the public part of it. The public view is a whitelist: a field is sent to spectators only if it
is named here, so a field added to the engine's view later stays private.

A change is sent to every connection of a table, so :class:`TableViews` builds what they share once
per change and keeps what only grows from one change to the next: the public part comes from one
view (of the seat to act, whose legal actions it holds), the hand's log as JSON grows by the new
actions only, and each seat adds its own cards. While a hand holds a discard or a pass (shown in
full only to some seats), each seat's log comes from its own view.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import orjson

from pitchkit.engine.actions import Action, Discard, PassCards, Phase
from pitchkit.engine.cards import CARDS, Card, bits_of
from pitchkit.engine.game import Game
from pitchkit.engine.hand import Hand
from pitchkit.engine.pack import pack_draws
from pitchkit.engine.presets import game_name, make_rules, rules_label
from pitchkit.engine.record import action_json, result_json
from pitchkit.engine.rules import Rules, rule_options
from pitchkit.engine.view import View, make_view, own_cards
from pitchkit.server.store import LogEntry
from pitchkit.server.tables import TableState, deck_names

#: recipient of the public view
SPECTATOR = -1
#: actions shown in full only to the seat that made them
_HIDDEN = (Discard, PassCards)
_NAMES = tuple(str(c) for c in CARDS)


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def _names(mask: int) -> list[str]:
    return [_NAMES[c] for c in bits_of(mask)] if mask else []


def _bid(rules: Rules, amount: int | None) -> object:
    name = rules.bid_name(amount)
    return amount if amount is not None and name == str(amount) else name


def public_action(action: Action) -> bool:
    """True for actions everyone sees in full (not a discard, not a pass to the partner)."""
    return not isinstance(action, _HIDDEN)


def _trick_json(plays: Iterable[tuple[int, Card]]) -> list[list[object]]:
    return [[s, _NAMES[c]] for s, c in plays]


def _public_part(rules: Rules, view: View, tricks: list[dict[str, Any]]) -> dict[str, Any]:
    """The fields of a view that every seat may know (the log apart); ``tricks``: the view's
    finished tricks as JSON, kept from one change to the next."""
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
        "upcard": None if view.upcard is None else str(view.upcard),
        "trick": _trick_json(view.trick),
        "tricks": tricks,
        "scores_before": list(view.scores),
    }


def draws_json(hand: Hand) -> list[dict[str, Any]]:
    """How many cards each seat took from the pack and after which action of the hand's log (the
    number of actions before it), as everyone at the table sees it: ``rest`` for the rest of the
    stock the bidder takes, ``upcard`` for the dealer picking up the card turned face up."""
    upcard = None if hand.upcard is None else CARDS[hand.upcard]
    return [{"after": after, "seat": t.seat, "count": len(t.cards), "rest": t.rest,
             "upcard": upcard is not None and t.cards == (upcard,) and not t.rest}
            for after, taken in sorted(pack_draws(hand).items()) for t in taken]


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


def _join(*parts: bytes) -> bytes:
    """A JSON object from serialised objects (``b"{...}"``) whose keys do not overlap."""
    inner = [p[1:-1] for p in parts if len(p) > 2]
    return b"{" + b",".join(inner) + b"}"


class TableViews:
    """The messages of one table, built once per change for all its recipients. What does not
    change from one change to the next (the rules' label and values, the hand's log as JSON so far)
    is kept here; the table itself is read afresh each time."""

    def __init__(self) -> None:
        self._rules: Rules | None = None
        self._fixed_json: dict[str, Any] = {}
        self._fixed_bytes = b"{}"
        self._hand: Hand | None = None
        #: the hand's log as far as it is followed, and the JSON of its public actions
        self._seen: list[Action] = []
        self._public_log: list[dict[str, Any]] = []
        self._hidden = False
        #: each seat's own part while it is not to act, with the cards it was built from
        self._kept: dict[int, tuple[tuple[int, int, int, int], bytes]] = {}
        #: the hand's finished tricks as JSON
        self._tricks: list[dict[str, Any]] = []
        #: how many cards each seat took from the pack so far (public), and the stock they left
        self._draws: list[dict[str, Any]] = []
        self._stock = -1

    # -- the table ---------------------------------------------------------------------------------

    def _fixed(self, state: TableState) -> dict[str, Any]:
        """The parts of the table that stay as they are for as long as it lasts."""
        rules = state.rules
        assert rules is not None
        if rules is not self._rules:
            self._rules = rules
            self._fixed_json = {
                "id": state.id, "variant": rules.preset, "rules": rules_label(rules),
                "game_name": game_name(rules.preset), "players": rules.players,
                "public": state.public,
                # every rule value, by option name, so that a client needs no copy of the presets
                "options": rule_options(rules),
            }
            self._fixed_bytes = orjson.dumps(self._fixed_json)
        return self._fixed_json

    def table(self, state: TableState) -> dict[str, Any]:
        """What everyone may know of the table."""
        return {**self._fixed(state), **self._changing(state)}

    def table_bytes(self, state: TableState) -> bytes:
        """:meth:`table` as JSON."""
        self._fixed(state)
        return _join(self._fixed_bytes, orjson.dumps(self._changing(state)))

    @staticmethod
    def _changing(state: TableState) -> dict[str, Any]:
        rules, game = state.rules, state.game
        assert rules is not None
        out: dict[str, Any] = {
            "status": state.status, "version": state.version,
            "seats": [s.public(i) for i, s in enumerate(state.seats)],
            "scores": list(game.scores) if game is not None else [0] * rules.players,
            "hand": len(state.deals), "cuts": [[s, c] for s, c in state.cuts],
            "chat": state.chat.public(),
        }
        if state.deals and game is not None and not game.over:
            out["commitment"] = state.deals[-1].commitment
        if game is not None and game.end is not None:
            out["winner"] = list(game.end.winners)
            out["reason"] = game.end.reason
        out.update(games_json(state))
        return out

    # -- the hand in progress ------------------------------------------------------------------------

    def _follow(self, game: Game) -> None:
        """Bring the log's JSON up to the hand's log (it only grows within a hand)."""
        hand, rules = game.hand, game.rules
        log = hand.log
        n = len(self._seen)
        if hand is not self._hand or len(log) < n or (n and log[n - 1] is not self._seen[-1]):
            self._hand, self._seen, self._public_log, self._hidden = hand, [], [], False
            self._kept = {}
            self._tricks = []
            self._draws, self._stock = [], -1
            n = 0
        for action in log[n:]:
            self._seen.append(action)
            # a discard or a pass is in everyone's log as its count, in full only in its own seat's
            self._public_log.append(action_event(rules, action, SPECTATOR))
            if not public_action(action):
                self._hidden = True
        if len(hand.stock) != self._stock:
            self._stock = len(hand.stock)
            self._draws = draws_json(hand)

    def states(self, game: Game, recipients: Iterable[int]) -> dict[int, bytes]:
        """The state of the hand in progress (JSON) for each recipient: a seat, or ``SPECTATOR``."""
        self._follow(game)
        hand, rules = game.hand, game.rules
        turn = hand.to_act
        view = make_view(hand, turn if turn is not None else 0)
        for plays, winner in view.tricks[len(self._tricks):]:
            self._tricks.append({"plays": _trick_json(plays), "winner": winner})
        shared = orjson.dumps({**_public_part(rules, view, self._tricks), "draws": self._draws})
        public_log = orjson.dumps({"log": self._public_log})
        out: dict[int, bytes] = {}
        for seat in recipients:
            if seat in out:
                continue
            if seat == SPECTATOR:
                out[seat] = _join(public_log, shared)
                continue
            if self._hidden:
                out[seat] = _join(self._own(game, view if seat == view.seat else make_view(hand, seat)),
                                  shared)
                continue
            out[seat] = _join(public_log, self._mine(hand, seat, view if seat == turn else None), shared)
        return out

    def _mine(self, hand: Hand, seat: int, view: View | None) -> bytes:
        """A seat's own cards and, on its turn (``view``: its view), its legal actions, as JSON; a
        seat that is not to act keeps its part from one change to the next while its cards stay."""
        key = (own_cards(hand, seat), hand.discards[seat], hand.passed[seat], hand.received(seat))
        kept = self._kept.get(seat)
        if view is None and kept is not None and kept[0] == key:
            return kept[1]
        held, discards, passed, received = key
        mine = orjson.dumps({
            "seat": seat, "hand": _names(held), "discards": _names(discards), "passed": _names(passed),
            "received": _names(received), "legal": _legal(hand.rules, view) if view is not None else [],
        })
        if view is None:
            self._kept[seat] = (key, mine)
        return mine

    def _own(self, game: Game, view: View) -> bytes:
        """A seat's own part, with its log, from its view (for a hand with hidden actions)."""
        rules = game.rules
        # the actions the seat knows in full (its own discards and passes, the cards its partner
        # passed it) are in its view's log; every other one as everybody sees it
        known = {id(a) for a in view.log}
        log = [action_json(rules, a) if id(a) in known and not public_action(a) else entry
               for a, entry in zip(self._seen, self._public_log, strict=True)]
        return orjson.dumps({
            "seat": view.seat,
            "hand": _cards(view.hand),
            "discards": _cards(view.discards),
            "passed": _cards(view.passed),
            "received": _cards(view.received),
            "log": log,
            "legal": _legal(rules, view),
        })

    # -- messages ------------------------------------------------------------------------------------

    def messages(self, state: TableState, kind: str, recipients: Iterable[int],
                 entries: Sequence[LogEntry] | None = None) -> dict[int, bytes]:
        """A ``snapshot`` or an ``update`` (with the events of ``entries``) for each recipient."""
        wanted = set(recipients)
        table = self.table_bytes(state)
        head = b'{"type":"%s","version":%d,"table":%s' % (kind.encode(), state.version, table)
        states = self.states(state.game, wanted) if state.game is not None else {}
        events = _events(state, entries, wanted) if entries is not None else {}
        out: dict[int, bytes] = {}
        for seat in wanted:
            parts = [head]
            if seat != SPECTATOR:
                parts.append(b',"seat":%d' % seat)
            if entries is not None:
                parts.append(b',"events":' + events[seat])
            if seat in states:
                parts.append(b',"state":' + states[seat])
            parts.append(b"}")
            out[seat] = b"".join(parts)
        return out

    def message(self, state: TableState, kind: str, recipient: int) -> bytes:
        """A snapshot (or an update without events) for one recipient."""
        return self.messages(state, kind, (recipient,))[recipient]


def chosen_options(rules: Rules) -> dict[str, Any]:
    """The options where ``rules`` depart from their preset (the number of players apart)."""
    chosen = rules.options_diff(make_rules(rules.preset))
    chosen.pop("players", None)
    return chosen


def games_json(state: TableState) -> dict[str, Any]:
    """The table's games: the number of the one in play (or last played), each finished one before
    it, and after a game who has asked to play again and who is waited for."""
    out: dict[str, Any] = {
        "game": state.number, "rematch": state.rematch,
        "games": [{"game": i, "variant": g.rules.preset, "rules": rules_label(g.rules),
                   "options": chosen_options(g.rules), "scores": list(g.game.scores),
                   "winner": list(g.game.end.winners) if g.game.end else [],
                   "reason": g.game.end.reason if g.game.end else ""}
                  for i, g in enumerate(state.past, 1)],
    }
    if state.rematch and state.game is not None and state.game.over and state.closed is None:
        out["again"] = sorted(state.again)
        out["waiting"] = state.waiting_for()
        if state.next_rules is not None:
            out["next_rules"] = {"variant": state.next_rules.preset, "rules": rules_label(state.next_rules),
                                 "options": chosen_options(state.next_rules)}
    return out


def table_json(state: TableState) -> dict[str, Any]:
    """What everyone may know of the table."""
    return TableViews().table(state)


def message(state: TableState, kind: str, recipient: int) -> bytes:
    """A snapshot for one recipient (a seat, or ``SPECTATOR``) of a table without kept views."""
    return TableViews().message(state, kind, recipient)


def _events(state: TableState, entries: Sequence[LogEntry], recipients: set[int]) -> dict[int, bytes]:
    """The events of ``entries`` for each recipient, as JSON: the same for all unless an action in
    them is hidden from some."""
    rules = state.rules
    assert rules is not None
    last = state.last_action
    actions = {e.seq: last[1] if last is not None and last[0] == e.seq
               else state.parse(int(e.data["seat"]), e.data["action"])
               for e in entries if e.kind == "action"}
    if all(public_action(a) for a in actions.values()):
        shared = orjson.dumps(events_for(state, entries, SPECTATOR, actions))
        return dict.fromkeys(recipients, shared)
    return {r: orjson.dumps(events_for(state, entries, r, actions)) for r in recipients}


def events_for(state: TableState, entries: Sequence[LogEntry], recipient: int,
               actions: dict[int, Action] | None = None) -> list[dict[str, Any]]:
    """The entries as ``recipient`` may see them; an action that ended a hand is followed by a
    ``hand_over`` event with the result and the revealed deal. ``actions``: the entries' actions
    by sequence number, when the caller has parsed them already."""
    rules, game = state.rules, state.game
    assert rules is not None
    out: list[dict[str, Any]] = []
    for e in entries:
        ev: dict[str, Any] = {"seq": e.seq, "kind": e.kind}
        if e.kind == "action":
            action = (actions or {}).get(e.seq) or state.parse(int(e.data["seat"]), e.data["action"])
            ev["action"] = action_event(rules, action, recipient)
        elif e.kind == "deal":
            ev["commitment"] = e.data["commitment"]
        elif e.kind in ("seat", "standin"):
            ev["seat"] = state.seats[int(e.data["seat"])].public(int(e.data["seat"]))
        elif e.kind == "start":
            ev.update({"dealer": e.data["dealer"], "cuts": e.data.get("cuts", []), "game": state.number})
        elif e.kind == "again":
            ev["seat"] = e.data["seat"]
        elif e.kind == "chat_rule":
            ev["chat"] = {"on": e.data["on"], "spectators": e.data["spectators"], "muted": e.data["muted"]}
        elif e.kind == "rules":
            ev.update({"variant": e.data["variant"], "options": e.data.get("options") or {}})
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
