"""Seed 004's misconduct at Euchre as desk rulings (``pitch tournament ruling --renege/--table-talk/
--dealt-out-of-turn/--no-cut``, the judges' console online): the hand in progress is forfeited and the
opponents receive 2 or 4 points, or, when the dealer failed to offer the cut, the hand ends unscored
and the next seat deals; the ruling is a ruling action in the table's record, which the desk and
``pitch score`` check against what the seed gives. Offered only where the rules score a hand by the
makers' tricks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pitchkit import Game, make_rules
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Phase
from pitchkit.engine.errors import PitchError
from pitchkit.engine.record import game_record, record_hands, replay_game
from pitchkit.tournament.director import Desk
from pitchkit.tournament.event import DeskError, new_event
from pitchkit.tournament.rulings import (
    DEALING_OUT_OF_TURN,
    MISCONDUCT,
    NO_CUT,
    RENEGE,
    TABLE_TALK,
    RulingError,
    misconduct,
    misconduct_names,
)
from pitchkit.tournament.sheet import score_any
from tests.test_tournament_unl_rulings import RECORD, refused_unchanged, rule_by_command


def euchre_desk(tmp_path: Path) -> Desk:
    desk = Desk.create(tmp_path / "event", new_event("knockout", preset="euchre", seed=3))
    desk.add([["Ann", "Bea"], ["Cy", "Dee"]])
    desk.seat()
    desk.save()
    return desk


def play(game: Game, until: Callable[[Game], bool], seed: int = 0) -> None:
    bots = [make_bot("heuristic", seed=seed + s) for s in range(game.rules.players)]
    while not game.over and not until(game):
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))


def followed(game: Game, seat: int) -> bool:
    tricks = [plays for plays, _ in game.hand.tricks] + [tuple(game.hand.trick)]
    return any(s == seat for plays in tricks for s, _ in plays[1:])


def scores_after(game: Game, offender: int, points: int) -> list[int]:
    return [score + (points if s % 2 != offender % 2 else 0) for s, score in enumerate(game.scores)]


def test_seed_004_reneging_forfeits_the_hand_and_awards_2_points_to_the_opposing_team(tmp_path: Path) -> None:
    """Seed 004: "Reneging: Failure to follow suit when able. When it is noticed, the hand is generally
    forfeited, and 2 points are awarded to the opposing team." The ruling ends the hand with +2 for
    each seat of the other team, the same dealer deals again, and ``pitch score`` replays it."""
    desk = euchre_desk(tmp_path)
    game = Game(desk.event.table_rules(2), seed=1)
    play(game, lambda g: followed(g, 1))
    before, dealer = scores_after(game, 1, 2), game.hand.dealer
    ruled, entry = desk.table_ruling(1, game_record(game, dealt=True), RENEGE, 1)
    action = ruled["hands"][-1]["actions"][-1]  # type: ignore[index]
    assert action == {"seat": 1, "ruling": "renege", "delta": [2, 0, 2, 0], "sit_out": []}
    out = score_any(ruled)
    assert out["scores"] == before and out["hands"][-1]["ruling"] == "renege"  # type: ignore[index]
    again, _ = replay_game(record_hands(ruled))
    assert again.hand.dealer == dealer
    assert entry.kind == RENEGE and entry.detail == "renege: +2, +0, +2, +0" and entry.player == "Cy"


def test_seed_004_a_renege_needs_a_card_followed_by_the_offender(tmp_path: Path) -> None:
    """A renege is "failure to follow suit": a seat that has not followed to a trick of the hand
    cannot have reneged, so the desk refuses the ruling in one line and logs nothing."""
    desk = euchre_desk(tmp_path)
    game = Game(desk.event.table_rules(2), seed=2)
    assert game.hand.phase == Phase.AUCTION
    with pytest.raises(DeskError, match="has not followed"):
        desk.table_ruling(1, game_record(game, dealt=True), RENEGE, 0)
    assert desk.event.rulings == []


def test_seed_004_table_talk_forfeits_the_hand_and_awards_4_points_to_the_opposing_team(
        tmp_path: Path) -> None:
    """Seed 004: "Table talk/signals: When a player or team intentionally communicates the contents of
    their hands to each other [...] When caught, the hand is generally forfeited and 4 points are
    awarded to the opposing team" (here while trump is made, through the command line)."""
    desk = euchre_desk(tmp_path)
    game = Game(desk.event.table_rules(2), seed=3)
    said, ruled = rule_by_command(desk, game, tmp_path, "--table-talk", 2)
    assert "table talk: +0, +4, +0, +4 (Bea, seat 2)" in said
    assert score_any(ruled)["scores"] == [0, 4, 0, 4]
    assert Desk.open(desk.folder).event.rulings[0].kind == TABLE_TALK


def test_seed_004_stealing_the_deal_forfeits_the_hand_and_awards_2_points_to_the_opposing_team(
        tmp_path: Path) -> None:
    """Seed 004: "Stealing the deal: When a player either intentionally or accidentally deals out of
    turn. [...] When it is noticed, the hand is generally forfeited, and 2 points are awarded to the
    opposing team." The record's dealer is the seat whose deal it was: the ruling is against another
    seat, and the dealer deals the hand again."""
    desk = euchre_desk(tmp_path)
    game = Game(desk.event.table_rules(2), seed=4)
    play(game, lambda g: len(g.hand.tricks) == 2)
    dealer = game.hand.dealer
    with pytest.raises(DeskError, match="dealer"):
        desk.table_ruling(1, game_record(game, dealt=True), DEALING_OUT_OF_TURN, dealer)
    thief = (dealer + 1) % 4
    expected = scores_after(game, thief, 2)
    ruled, _ = desk.table_ruling(1, game_record(game, dealt=True), DEALING_OUT_OF_TURN, thief)
    assert score_any(ruled)["scores"] == expected
    again, _ = replay_game(record_hands(ruled))
    assert again.hand.dealer == dealer and again.scores == expected


def test_seed_004_misconduct_ruling_is_entered_with_the_result_and_must_be_in_it(tmp_path: Path) -> None:
    """The ruled record is played on to the end and entered; a record of the table without the logged
    ruling is refused."""
    desk = euchre_desk(tmp_path)
    rules = desk.event.table_rules(2)
    game = Game(rules, seed=5)
    play(game, lambda g: followed(g, 0))
    plain = game.clone()
    play(plain, lambda g: False)
    ruled, _ = desk.table_ruling(1, game_record(game, dealt=True), RENEGE, 0)
    with pytest.raises(DeskError, match="renege ruling logged for hand 1 "):
        desk.result(1, {"players": ruled["players"], "hands": game_record(plain)})
    again, _ = replay_game(record_hands(ruled))
    play(again, lambda g: False)
    res = desk.result(1, {"players": ruled["players"], "hands": game_record(again)})
    assert rules.target is not None and max(res.scores) >= rules.target


@pytest.mark.parametrize("name", [name for name, m in MISCONDUCT.items() if m.points])
def test_seed_004_a_record_whose_misconduct_gives_other_points_is_refused(name: str) -> None:
    """``pitch score`` recomputes each seed ruling in a record: a misconduct written with twice its
    points is refused in one line."""
    game = Game(make_rules("euchre"), seed=6)
    play(game, lambda g: followed(g, 3))
    game.apply(misconduct(game.hand, name, 3))
    record = game_record(game)
    score_any(record)
    entry: dict[str, Any] = record[-1]["actions"][-1]  # type: ignore[index]
    entry["delta"] = [d * 2 or 0 for d in entry["delta"]]
    with pytest.raises(RulingError, match=f"the {name} ruling against seat 3 changes the scores by") as e:
        score_any(record)
    assert "\n" not in str(e.value)
    entry["delta"] = [0, 0, 0, 0]
    entry["ruling"] = "something else"  # the scorer's own name is not a seed ruling: not checked
    score_any(record)


def test_seed_004_misconduct_is_offered_only_where_hands_are_scored_by_tricks(tmp_path: Path) -> None:
    """The misconduct is Euchre's: offered where a rule (score-by = tricks) says a hand is scored by the
    makers' tricks, refused at a Pitch table, and never on a score sheet."""
    assert misconduct_names(make_rules("euchre")) == (RENEGE, TABLE_TALK, DEALING_OUT_OF_TURN, NO_CUT)
    assert misconduct_names(make_rules("euchre-uk")) == misconduct_names(make_rules("euchre"))
    assert misconduct_names(make_rules("pct")) == () == misconduct_names(make_rules("ten-point"))
    pitch = Game(make_rules("pct"), seed=1)
    with pytest.raises(RulingError, match="scores by points"):
        misconduct(pitch.hand, TABLE_TALK, 0)
    desk = Desk.create(tmp_path / "pitch", new_event("knockout", seed=3))
    desk.add([["Ann"], ["Bob"], ["Cy"], ["Dee"]])
    desk.seat()
    desk.save()
    record = game_record(Game(desk.event.table_rules(4), seed=1), dealt=True)
    with pytest.raises(DeskError, match="misconduct of Euchre"):
        desk.table_ruling(1, record, TABLE_TALK, 0)
    with pytest.raises(DeskError, match="score sheets keep Pitch only"):
        desk.sheet_ruling(1, RENEGE, 0)
    assert desk.event.rulings == []


def test_seed_004_misconduct_bad_input_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    desk = euchre_desk(tmp_path)
    game = Game(desk.event.table_rules(2), seed=7)
    refused_unchanged(desk, game, tmp_path, [(("--renege", 1, "--table-talk", 2), "give one ruling"),
                                             ((RECORD, "--renege", 0), "has not followed"),
                                             ((RECORD, "--table-talk", 9), "not playing"),
                                             (("--table-talk", 1), "card-by-card record")])
    with pytest.raises(PitchError, match="no misconduct ruling"):
        misconduct(game.hand, "cheating", 0)


def test_seed_004_failing_to_offer_the_cut_passes_the_deal_to_the_next_player(tmp_path: Path) -> None:
    """Seed 004: "Failing to offer the cut: When a dealer fails to offer the opportunity to cut to the
    player to his right [...] When caught, the dealer forfeits his turn to deal and passes it to the
    next player." Only the dealer can be ruled against; the hand ends with no score, the next seat
    deals the next hand, and ``pitch score`` replays the record (its ruling says the deal passes)."""
    desk = euchre_desk(tmp_path)
    game = Game(desk.event.table_rules(2), seed=8)
    play(game, lambda g: len(g.hand.tricks) == 1)
    dealer, scores = game.hand.dealer, list(game.scores)
    with pytest.raises(DeskError, match="did not deal this hand"):
        desk.table_ruling(1, game_record(game, dealt=True), NO_CUT, (dealer + 1) % 4)
    said, ruled = rule_by_command(desk, game, tmp_path, "--no-cut", dealer)
    assert f"{NO_CUT}: +0, +0, +0, +0" in said
    action = ruled["hands"][-1]["actions"][-1]
    assert action == {"seat": dealer, "ruling": NO_CUT, "delta": [0, 0, 0, 0], "sit_out": [],
                      "deal_passes": True}
    assert score_any(ruled)["scores"] == scores
    again, _ = replay_game(record_hands(ruled))
    assert again.hand.dealer == (dealer + 1) % 4 and again.scores == scores
    assert Desk.open(desk.folder).event.rulings[0].kind == NO_CUT


def test_seed_004_a_record_where_the_deal_does_not_pass_after_no_cut_is_refused() -> None:
    """The record's ruling must pass the deal: written without ``deal_passes`` (the same dealer again)
    it is refused in one line."""
    game = Game(make_rules("euchre"), seed=9)
    play(game, lambda g: len(g.hand.tricks) == 2)
    game.apply(misconduct(game.hand, NO_CUT, game.hand.dealer))
    record = game_record(game)
    score_any(record)
    entry: dict[str, Any] = record[-1]["actions"][-1]  # type: ignore[index]
    del entry["deal_passes"]
    with pytest.raises(PitchError, match="deal") as e:
        score_any(record)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("given", ["yes", 1, None])
def test_a_rulings_deal_passes_is_true_or_false(given: object) -> None:
    game = Game(make_rules("euchre"), seed=9)
    play(game, lambda g: len(g.hand.tricks) == 2)
    game.apply(misconduct(game.hand, NO_CUT, game.hand.dealer))
    record = game_record(game)
    record[-1]["actions"][-1]["deal_passes"] = given  # type: ignore[index]
    with pytest.raises(PitchError, match="'deal_passes' is true or false") as e:
        score_any(record)
    assert "\n" not in str(e.value)
