"""A hand's result names every point of the rules: each is awarded, or listed as ``unawarded`` with
why nobody scored it (seed 001, pitchcardtournament.com: a jack not dealt is not scored; a tie for
game gives game to nobody), so a summary never leaves a point out without a word."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pitchkit import Game, make_rules
from pitchkit.engine.cards import CARDS
from pitchkit.engine.hand import Hand
from pitchkit.engine.record import result_json
from pitchkit.engine.scoring import UNAWARDED_WHY, point_card

PITCH_PRESETS = ["pct", "pct-tournament", "smudge", "auction", "auction-partners", "ten-point", "seven-point"]


def _played_hand(preset: str, seed: int) -> Hand:
    game = Game(make_rules(preset), seed=seed)
    rng = random.Random(seed)
    hand = game.hand
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


@pytest.mark.parametrize("preset", PITCH_PRESETS)
def test_every_point_of_the_rules_is_awarded_or_said_to_be_unawarded(preset: str) -> None:
    said = set()
    for seed in range(25):
        hand = _played_hand(preset, seed)
        out: Any = result_json(hand)
        if out.get("misdeal") or out.get("ruling"):
            assert out["unawarded"] == []
            continue
        awarded = [a["point"] for a in out["awards"]]
        missed = [m["point"] for m in out["unawarded"]]
        planned = [p for p, _, _ in hand.rules.point_plan if p != "smudge"]
        assert set(planned) == ({p for p in awarded if p != "smudge"} | set(missed))
        assert not set(awarded) & set(missed) and len(set(missed)) == len(missed)
        played = {c for plays, _ in hand.tricks for _, c in plays}
        for m in out["unawarded"]:
            assert m["why"] in UNAWARDED_WHY
            said.add(m["why"])
            assert hand.trump is not None and hand.trump_table is not None
            card = point_card(m["point"], int(hand.trump), hand.trump_table.off_jack) \
                if m["why"] == "not-in-play" else None
            if card is not None:
                assert card not in played, (seed, m, str(CARDS[card]))
    if preset == "ten-point":
        # every card is played (the bidder takes the stock, point cards are never discarded)
        assert not said
    else:
        assert said, "no hand left a point unawarded"


def test_a_tied_game_point_is_unawarded_as_tied() -> None:
    for seed in range(200):
        hand = _played_hand("pct", seed)
        out: Any = result_json(hand)
        if out.get("misdeal"):
            continue
        sides: dict[int, int] = {}
        for s, pts in enumerate(out["card_points"]):
            sides[hand.rules.team_of(s)] = pts
        best = max(sides.values())
        tied = list(sides.values()).count(best) > 1
        assert ({"point": "game", "why": "tied"} in out["unawarded"]) == tied, (seed, out)
        if tied:
            return
    pytest.fail("no tied game in 200 hands")
