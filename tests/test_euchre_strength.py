"""pitchkit's Euchre bots against OpenSpiel's IS-MCTS (``benchmarks/euchre_strength.py``, tiny counts):
every hand played in both engines at once, the sides swapped on each board, scores that agree."""

from __future__ import annotations

import pytest

from pitchkit.bench.versus import (
    ALONE,
    PARTNER,
    PASS,
    SUIT_BASE,
    VersusConfig,
    engine_action,
    openspiel_rules,
    play_board,
    spiel_action,
    summarize,
    to_card,
    to_id,
)
from pitchkit.engine.actions import Bid, Choice, Choose, DeclareTrump, Discard, Phase, Play
from pitchkit.engine.cards import Suit

pytest.importorskip("pyspiel")

#: a hand's score change for one side minus the other's: made, march, euchred, a loner's march
NET_VALUES = {-4, -2, -1, 1, 2, 4}


def test_every_openspiel_action_maps_to_a_pitchkit_action_and_back() -> None:
    cards = [to_card(a) for a in range(24)]
    assert sorted(int(c) for c in cards) == sorted(openspiel_rules().deck_cards)
    assert [to_id(int(c)) for c in cards] == list(range(24))
    for a in range(24):
        assert engine_action(1, a, Phase.PLAY) == Play(1, cards[a])
        assert engine_action(1, a, Phase.DISCARD) == Discard(1, (cards[a],))
    assert engine_action(2, PASS, Phase.AUCTION) == Bid(2, None)
    assert engine_action(2, SUIT_BASE + 3, Phase.AUCTION) == DeclareTrump(2, Suit(3))
    assert engine_action(2, ALONE, Phase.AUCTION) == Choose(2, Choice.ALONE)
    for a in (*range(24), PASS, SUIT_BASE, SUIT_BASE + 3, ALONE, PARTNER):
        assert spiel_action(engine_action(0, a, Phase.AUCTION if a >= PASS else Phase.PLAY)) == a


@pytest.mark.parametrize(("bot", "budget", "boards"), [("heuristic", None, 3), ("pimc", "tiny", 1)])
def test_a_short_duplicate_match_against_openspiel(bot: str, budget: str | None, boards: int) -> None:
    cfg = VersusConfig(boards=boards, bot=bot, budget=budget, simulations=20, target=5)
    results = [g for b in range(boards) for g in play_board(cfg, b)]
    assert [(g.board, g.team) for g in results] == [(b, t) for b in range(boards) for t in (0, 1)]
    for g in results:
        assert g.net and set(g.net) <= NET_VALUES
        assert g.ours and g.theirs  # both bots decided something
    s = summarize(results)
    assert s.hands == sum(len(g.net) for g in results)
    assert s.win_rate.n == 2 * boards and 0 <= s.win_rate.value <= 1
    assert s.net_per_hand.n == boards
