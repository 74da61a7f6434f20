"""Hand and game records round-trip: what the engine played, ``score_document`` replays to the same
result; a record cut short reports the seat to act and its legal actions."""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit import (
    Action,
    Bid,
    Card,
    Choice,
    Choose,
    DeclareTrump,
    Discard,
    Game,
    Hand,
    HandResult,
    Phase,
    Play,
    Suit,
    make_rules,
    presets,
)
from pitchkit.cli import app
from pitchkit.engine.cards import deck
from pitchkit.engine.record import action_json, game_record, hand_record, score_document
from pitchkit.engine.rules import ScoreBy

PRESETS = list(presets())


def choose(hand: Hand, rng: random.Random) -> Action:
    """A random action that passes most bids (so that games end) and calls some misdeals."""
    seat = hand.to_act
    assert seat is not None
    if hand.phase == Phase.DISCARD:
        cards, lo, hi = hand.discard_options(seat)
        return Discard(seat, tuple(sorted(rng.sample(cards, rng.randint(lo, hi)))))
    legal = hand.legal_actions()
    if Choose(seat, Choice.MISDEAL) in legal and rng.random() < 0.5:
        return Choose(seat, Choice.MISDEAL)
    if hand.phase == Phase.AUCTION and Bid(seat, None) in legal and rng.random() < 0.75:
        return Bid(seat, None)
    if hand.phase == Phase.AUCTION and rng.random() < 0.6:
        bids = [a for a in legal if isinstance(a, Bid)]
        return min(bids, key=lambda a: a.amount or 0) if bids else rng.choice(legal)
    return rng.choice(legal)


def play_game(name: str, seed: int, *, max_hands: int = 400, **options: object) -> Game:
    rules = make_rules(name, options)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.over and len(game.history) < max_hands:
        game.apply(choose(game.hand, rng))
    return game


def expected_json(res: HandResult, *, maker: str = "pitcher") -> dict[str, Any]:
    """The parts of ``pitch score`` output that come straight from a :class:`HandResult` (``maker``:
    the name of the seat that made trump)."""
    out: dict[str, Any] = {
        "complete": True,
        maker: res.pitcher,
        "trump": None if res.trump is None else str(res.trump),
        "made": res.made,
        "delta": list(res.delta),
        "scores": list(res.scores),
        "winner": list(res.winners) or None,
        "awards": [(a.point, None if a.card is None else str(a.card), a.seat, a.value) for a in res.awards],
    }
    if not res.misdeal and maker == "pitcher":
        out["card_points"] = list(res.card_points)
    return out


def scored_json(out: dict[str, Any], *, maker: str = "pitcher") -> dict[str, Any]:
    got = {k: out[k] for k in ("complete", maker, "trump", "made", "delta", "scores", "winner")}
    got["awards"] = [(a["point"], a["card"], a["seat"], a.get("value", 1)) for a in out["awards"]]
    if "card_points" in out and not out.get("misdeal"):
        got["card_points"] = out["card_points"]
    return got


def check_hand_round_trip(hand: Hand) -> dict[str, Any]:
    res = hand.result
    assert res is not None
    doc = json.loads(json.dumps(hand_record(hand)))
    out: dict[str, Any] = score_document(doc)
    assert out.get("misdeal", False) == res.misdeal
    if hand.rules.score_by == ScoreBy.TRICKS:
        check_trick_result(hand, out)
        return out
    assert scored_json(out) == expected_json(res)
    bid = out["bid"]
    assert bid is None if res.bid is None else hand.rules.parse_bid(bid) == res.bid
    for award in out["awards"]:
        assert ("value" in award) == (award.get("value", 1) != 1)
    return out


def check_trick_result(hand: Hand, out: dict[str, Any]) -> None:
    """A hand scored by tricks speaks of its maker, tricks and outcome, never of bids or card points:
    the tricks of each seat and side as the hand's tricks fell, the outcome as the award scored."""
    res = hand.result
    assert res is not None
    assert scored_json(out, maker="maker") == expected_json(res, maker="maker")
    assert not {"pitcher", "bid", "card_points"} & set(out)
    if res.misdeal or res.ruling is not None:
        assert out["outcome"] is None and "tricks" not in out
        return
    assert out["outcome"] == res.awards[0].point and out["alone"] == (hand.sitting_out is not None)
    passes = sum(1 for a in hand.log if a == Bid(a.seat, None))  # four passes end round one
    assert out["round"] == (1 if passes < hand.n_seats else 2)
    won = [sum(1 for _, w in hand.tricks if w == s) for s in range(hand.n_seats)]
    assert res.pitcher is not None
    makers = [s for s in range(hand.n_seats) if s % 2 == res.pitcher % 2]
    assert out["tricks"] == won and out["makers_tricks"] == sum(won[s] for s in makers)
    assert out["makers_tricks"] + out["defenders_tricks"] == hand.rules.hand_size


@pytest.mark.parametrize("name", PRESETS)
def test_hand_records_replay_to_the_engine_result(name: str) -> None:
    for seed in range(3):
        game = play_game(name, seed, max_hands=25)
        for hand in game.history:
            check_hand_round_trip(hand)


def _ten_point_deal(fixed: dict[int, list[str]], seed: int) -> Hand:
    """A ten-point deal with some seats' cards fixed and the rest shuffled."""
    rules = make_rules("ten-point")
    taken = {Card.parse(c) for cards in fixed.values() for c in cards}
    rest = [c for c in deck(2) if c not in taken]
    random.Random(seed).shuffle(rest)
    hands: list[list[Card]] = []
    for seat in range(4):
        if seat in fixed:
            hands.append([Card.parse(c) for c in fixed[seat]])
        else:
            hands.append(rest[:9])
            rest = rest[9:]
    return Hand(rules, dealer=3, hands=hands, stock=rest)


def test_a_called_misdeal_replays() -> None:
    hand = _ten_point_deal({1: ["4C", "5C", "6C", "7C", "8C", "9C", "4D", "5D", "6D"]}, 1)
    hand.apply(Bid(0, None))
    assert Choose(1, Choice.MISDEAL) in hand.legal_actions()
    hand.apply(Choose(1, Choice.MISDEAL))
    out = check_hand_round_trip(hand)
    assert out["misdeal"] is True and out["awards"] == [] and out["delta"] == [0, 0, 0, 0]
    assert hand_record(hand)["actions"] == [{"seat": 0, "bid": "pass"}, {"seat": 1, "choose": "misdeal"}]


def test_a_bidder_who_would_bury_a_point_card_is_a_misdeal_that_replays() -> None:
    hand = _ten_point_deal({0: ["AS", "JS", "JC", "BJ", "LJ", "TS", "3S", "2S", "4H"]}, 2)
    hand.apply(Bid(0, 4))
    for seat in (1, 2, 3):
        hand.apply(Bid(seat, None))
    hand.apply(DeclareTrump(0, Suit.S))
    assert hand.done
    out = check_hand_round_trip(hand)
    assert out["misdeal"] is True and out["pitcher"] == 0 and out["trump"] == "S"


@pytest.mark.parametrize("name", PRESETS)
def test_game_records_replay_to_the_same_winner(name: str) -> None:
    for seed in range(2):
        game = play_game(name, 100 + seed)
        assert game.over and game.end is not None
        out: dict[str, Any] = score_document(json.loads(json.dumps(game_record(game))))
        assert out["complete"] is True
        assert out["winner"] == list(game.end.winners)
        assert out["reason"] == game.end.reason
        assert out["scores"] == game.scores
        assert len(out["hands"]) == len(game.history)
        for hand, hand_out in zip(game.history, out["hands"], strict=True):
            assert hand.result is not None
            maker = "maker" if game.rules.score_by == ScoreBy.TRICKS else "pitcher"
            assert scored_json(hand_out, maker=maker) == expected_json(hand.result, maker=maker)


def test_a_tournament_tie_break_record_replays_with_seats_sitting_out() -> None:
    for seed in range(200):
        game = play_game("pct-tournament", seed, players=3)
        sitting = [h for h in game.history if len(h.seats) < 3]
        if sitting:
            break
    else:
        pytest.fail("no tie-break in 200 games")
    assert game.end is not None
    record: list[dict[str, Any]] = game_record(game)
    short = [i for i, h in enumerate(game.history) if len(h.seats) < 3]
    for i in short:
        empty = [s for s, cards in enumerate(record[i]["hands"]) if not cards]
        assert empty and all(s not in game.history[i].seats for s in empty)
    out = score_document(record)
    assert out["winner"] == list(game.end.winners) and out["scores"] == game.scores


def test_a_game_record_carries_scores_from_hand_to_hand() -> None:
    game = play_game("auction", 3)
    record = game_record(game)
    for before, doc in zip(game.history, record[1:], strict=False):
        assert before.result is not None
        assert doc["scores"] == list(before.result.scores)


def _legal_json(hand: Hand) -> list[object]:
    seat = hand.to_act
    assert seat is not None
    if hand.phase == Phase.DISCARD:
        cards, lo, hi = hand.discard_options(seat)
        return [{"seat": seat, "discard": {"choose_from": [str(c) for c in cards], "count": [lo, hi]}}]
    return [action_json(hand.rules, a) for a in hand.legal_actions()]


@pytest.mark.parametrize("name", PRESETS)
def test_an_incomplete_record_gives_the_seat_to_act_and_its_legal_actions(name: str) -> None:
    game = play_game(name, 7, max_hands=3)
    for hand in game.history:
        full = hand_record(hand)
        actions: list[object] = full["actions"]  # type: ignore[assignment]
        replay = Hand(hand.rules, dealer=hand.dealer, hands=hand.initial_hands, stock=hand.initial_stock,
                      scores=hand.scores_before)
        for cut in range(len(hand.log)):
            out = score_document({**full, "actions": actions[:cut]})
            assert out["complete"] is False
            assert out["to_act"] == replay.to_act
            assert out["legal"] == _legal_json(replay)
            assert hand.log[cut].seat == replay.to_act
            if replay.phase != Phase.DISCARD:
                assert action_json(replay.rules, hand.log[cut]) in out["legal"]
            replay.apply(hand.log[cut])
        assert replay.done and hand_record(replay) == full


def test_a_jack_lead_may_name_trump_in_the_same_entry() -> None:
    """Seven-point: {"play": "JS", "trump": "C"} is the play and the trump naming in one entry."""
    rules = make_rules("seven-point")
    for seed in range(200):
        hand = Hand.deal(rules, random.Random(seed), dealer=3)
        for seat in (0, 1, 2):
            hand.apply(Bid(seat, None))
        hand.apply(Bid(3, 3))
        jacks = [c for c in hand.holding(3) if c.rank == 11]
        if jacks:
            break
    else:
        pytest.fail("no deal gave the pitcher a jack")
    jack = jacks[0]
    assert jack.suit is not None
    other = jack.suit.partner
    hand.apply(Play(3, jack))
    assert hand.phase == Phase.TRUMP
    assert set(hand.legal_actions()) == {DeclareTrump(3, jack.suit), DeclareTrump(3, other)}
    hand.apply(DeclareTrump(3, other))
    record = hand_record(hand)
    actions: list[dict[str, object]] = record["actions"]  # type: ignore[assignment]
    assert actions[-2:] == [{"seat": 3, "play": str(jack)}, {"seat": 3, "trump": str(other)}]
    combined = {**record, "actions": [*actions[:-2], {"seat": 3, "play": str(jack), "trump": str(other)}]}
    assert score_document(combined) == score_document(record)
    assert score_document(record)["trump"] == str(other)


def test_score_prints_the_same_json(tmp_path: Any) -> None:
    game = play_game("ten-point", 1, max_hands=2)
    hand = game.history[0]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand_record(hand)), encoding="utf-8")
    result = CliRunner().invoke(app, ["score", str(path)])
    assert result.exit_code == 0 and result.stderr == ""
    assert json.loads(result.stdout) == score_document(hand_record(hand))


def test_choices_are_written_as_the_format_names_them() -> None:
    rules = make_rules("pct")
    assert action_json(rules, Choose(3, Choice.RUN)) == {"seat": 3, "choose": "run"}
    assert action_json(rules, Choose(3, Choice.SELL)) == {"seat": 3, "choose": "sell"}
    assert action_json(rules, Bid(0, None)) == {"seat": 0, "bid": "pass"}
    ten = make_rules("ten-point")
    assert action_json(ten, Bid(0, ten.smudge)) == {"seat": 0, "bid": "smudge"}
    assert action_json(ten, Bid(1, ten.over_smudge)) == {"seat": 1, "bid": "over-smudge"}


def test_the_documented_examples_give_the_documented_output() -> None:
    """Every example record in docs/hand-record.md followed by an output replays to that output."""
    text = (Path(__file__).parents[1] / "docs" / "hand-record.md").read_text(encoding="utf-8")
    blocks: list[Any] = []
    for block in re.findall(r"```json\n(.*?)```", text, flags=re.S):
        try:
            blocks.append(json.loads(block))
        except json.JSONDecodeError:
            blocks.append(None)  # a schematic example with "..." in it
    pairs = [(doc, out) for doc, out in itertools.pairwise(blocks)
             if doc is not None and out is not None and "complete" not in doc and "complete" in out]
    assert len(pairs) >= 5
    for doc, out in pairs:
        assert score_document(doc) == out


@pytest.mark.parametrize("name", ["euchre", "euchre-stick", "euchre-uk"])
def test_pitch_score_tells_a_euchre_game_in_euchre_words(tmp_path: Path, name: str) -> None:
    """``pitch score`` of a Euchre game: each hand names its maker, the round trump was made in, the
    tricks of each side and the outcome, and the makers euchred are those who took under three."""
    game = play_game(name, 5)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_record(game)), encoding="utf-8")
    result = CliRunner().invoke(app, ["score", str(path)])
    assert result.exit_code == 0, result.output
    hands = [h for h in json.loads(result.stdout)["hands"] if not h.get("misdeal")]
    assert hands and all("bid" not in h and "card_points" not in h for h in hands)
    for out in hands:
        assert out["round"] in (1, 2) and isinstance(out["maker"], int)
        assert (out["makers_tricks"] >= 3) == out["made"]
        assert out["outcome"] in (("made", "march", "alone-march") if out["made"] else ("euchre",))
        assert (out["outcome"] != "made") == (max(out["makers_tricks"], out["defenders_tricks"]) == 5 or
                                              not out["made"])
