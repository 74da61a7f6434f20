"""A finished game (or any hand record) stepped through with every hand visible: the engine replays
the record and writes what the table looked like after each action, and each hand's result."""

from __future__ import annotations

from typing import Any

from pitchkit.engine.actions import Action
from pitchkit.engine.hand import Hand
from pitchkit.engine.presets import rules_label
from pitchkit.engine.record import action_json, record_hands, replay_game, result_json
from pitchkit.engine.rules import rule_options
from pitchkit.engine.view import make_view


def _step(hand: Hand, action: Action | None) -> dict[str, Any]:
    views = [make_view(hand, s) for s in range(hand.rules.players)]
    public = views[0]
    return {
        "action": None if action is None else action_json(hand.rules, action),
        "phase": public.phase.value,
        "to_act": public.to_act,
        "hands": [[str(c) for c in v.hand] for v in views],
        "discards": [[str(c) for c in v.discards] for v in views],
        "trump": None if public.trump is None else str(public.trump),
        "upcard": None if public.upcard is None else str(public.upcard),
        "pitcher": public.pitcher,
        "bid": None if public.bid is None else hand.rules.bid_name(public.bid),
        "trick": [[s, str(c)] for s, c in public.trick],
        "tricks": [{"plays": [[s, str(c)] for s, c in plays], "winner": w} for plays, w in public.tricks],
    }


def replay_steps(doc: object) -> dict[str, Any]:
    """Every hand of a game or hand record: its dealer, the table after the deal and after each
    action, and its result (as ``pitch score`` gives it). Raises ``RecordError`` for a bad record."""
    hands: list[dict[str, Any]] = []

    def on_step(index: int, hand: Hand, action: Action | None) -> None:
        if action is None:
            hands.append({"dealer": hand.dealer, "scores": list(hand.scores_before), "steps": []})
        hands[index]["steps"].append(_step(hand, action))

    game, played = replay_game(record_hands(doc), on_step=on_step)
    for entry, hand in zip(hands, played, strict=True):
        entry["result"] = result_json(hand)
    rules = played[0].rules
    return {"rules": rules_label(rules), "players": rules.players,
            "options": rule_options(rules),
            "hands": hands,
            "winner": list(game.end.winners) if game.end else None}
