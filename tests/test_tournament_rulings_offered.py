"""Each seed ruling is offered only where the table's rules allow it: seed 000's misplay and seed 003's
pitch out of turn are Pitch's (a hand scores its points), and a misplay that cannot be corrected sits
its offender out of the next hand, so it needs rules that deal a hand to one seat fewer; the void hand
is offered everywhere. Refused in one line, offline (the desk, ``pitch tournament ruling``,
``pitch score``) and at the engine, with nothing changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchkit import Game, make_rules
from pitchkit.engine.record import game_record
from pitchkit.tournament.event import DeskError
from pitchkit.tournament.rulings import (
    ENDING,
    MISPLAY,
    OUT_OF_TURN,
    VOID,
    RulingError,
    ending_names,
    misplay,
    misplay_offered,
    pitch_out_of_turn,
)
from pitchkit.tournament.sheet import score_any
from tests.test_tournament_misconduct import euchre_desk
from tests.test_tournament_unl_rulings import RECORD, refused_unchanged


def test_the_rulings_offered_follow_the_rules_data() -> None:
    """A full Pitch table offers every ending ruling; a table of two cannot deal the next hand to one
    seat, so its misplay is only the correctable one; a partnership table the rules fill exactly
    (Ten-Point, Euchre) has no misplay that sits a seat out; Euchre scores by tricks, so it has no
    Pitch ruling but the void hand."""
    assert ending_names(make_rules("pct")) == ENDING
    assert ending_names(make_rules("pct", players=3)) == ENDING
    two = make_rules("pct", players=2)
    assert ending_names(two) == (OUT_OF_TURN, VOID)
    assert misplay_offered(two, correctable=True) and not misplay_offered(two, correctable=False)
    assert ending_names(make_rules("ten-point")) == (OUT_OF_TURN, VOID)
    for preset in ("euchre", "euchre-stick", "euchre-uk"):
        rules = make_rules(preset)
        assert ending_names(rules) == (VOID,)
        assert not misplay_offered(rules, correctable=True) and not misplay_offered(rules, correctable=False)


def test_seed_000_misplay_is_refused_at_euchre_where_the_offender_would_leave_three_players() -> None:
    """The engine's misplay would sit the offender out of the next hand, which Euchre's four seats
    cannot deal: refused in one line, and the hand goes on as it was."""
    game = Game(make_rules("euchre"), seed=1)
    before = game_record(game, dealt=True)
    for rule in (misplay, pitch_out_of_turn):
        with pytest.raises(RulingError, match="euchre has no") as e:
            rule(game.hand, 1)
        assert "\n" not in str(e.value)
    assert game_record(game, dealt=True) == before


def test_a_euchre_record_with_a_misplay_ruling_is_refused_by_the_scorer() -> None:
    """``pitch score`` replays a seed ruling and checks it: a misplay in a Euchre record is refused."""
    game = Game(make_rules("euchre"), seed=1)
    record = game_record(game, dealt=True)
    hand = record[-1]
    assert isinstance(hand, dict)
    actions = hand.get("actions", [])
    assert isinstance(actions, list)
    hand["actions"] = [*actions, {"seat": 1, "ruling": MISPLAY, "delta": [0, 0, 0, 0], "sit_out": [1]}]
    with pytest.raises(RulingError, match="has no misplay ruling") as e:
        score_any(record)
    assert "\n" not in str(e.value)


def test_the_desk_refuses_a_misplay_at_a_euchre_table(tmp_path: Path) -> None:
    """At the desk (``pitch tournament ruling --misplay``) a Euchre table has no misplay, correctable or
    not, and no pitch out of turn: refused in one line, the event and the record unchanged."""
    desk = euchre_desk(tmp_path)
    for correctable in (True, False):
        with pytest.raises(DeskError, match="which has no"):
            desk.ruling(1, 1, correctable=correctable)
    assert desk.event.rulings == []
    game = Game(desk.event.table_rules(2), seed=7)
    refused_unchanged(desk, game, tmp_path, [(("--misplay", 1, "--not-correctable"), "which has no"),
                                             (("--misplay", 1, "--correctable"), "which has no"),
                                             ((RECORD, "--out-of-turn", 1, "--penalty"), "has no pitch out"),
                                             ((RECORD, "--out-of-turn", 1, "--card", "9S", "--retract"),
                                              "has no pitch out")])
