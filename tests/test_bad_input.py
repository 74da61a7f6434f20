"""Bad input, through the API and through ``pitch score``: a typed error with one line of reason,
exit status 2, nothing on stdout, no traceback, and the state unchanged."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit import (
    Bid,
    DealError,
    Game,
    Hand,
    IllegalActionError,
    PitchError,
    Play,
    RulesError,
    make_rules,
)
from pitchkit.cards import NAMES, Card
from pitchkit.cli import app
from pitchkit.record import game_record, hand_record, load_hand, parse_action, score_document

runner = CliRunner()

HANDS = [["AS", "KS", "2H", "TD", "9C", "3S"],
         ["2S", "QH", "4C", "5D", "7H", "8C"],
         ["JS", "6S", "9H", "3D", "KC", "4H"],
         ["QS", "5S", "AH", "6D", "7C", "2C"]]
STOCK = [n for n in NAMES[:52] if not any(n in h for h in HANDS)]


def pct(actions: list[object], **changes: object) -> dict[str, object]:
    """A pct hand record: seat 3 deals, seat 0 bids first."""
    doc: dict[str, object] = {"variant": "pct", "dealer": 3, "hands": HANDS, "stock": STOCK,
                              "actions": actions}
    doc.update(changes)
    return doc


OPENING: list[object] = [{"seat": 0, "bid": 2}, {"seat": 1, "bid": "pass"},
                                    {"seat": 2, "bid": "pass"}, {"seat": 3, "bid": "pass"},
                                    {"seat": 0, "play": "AS"}]


def ten_point(actions: list[dict[str, object]]) -> dict[str, object]:
    hand = Hand.deal(make_rules("ten-point"), random.Random(4), dealer=3)
    return {**hand_record(hand), "actions": actions}


def score(doc: object) -> tuple[int, str, str]:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    result = runner.invoke(app, ["score", "-"], input=text)
    return result.exit_code, result.stdout, result.stderr


def assert_one_line_error(doc: object, *, starts: str = "", contains: str = "") -> str:
    code, out, err = score(doc)
    assert code == 2, (code, out, err)
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert err.startswith(starts), err
    assert contains.lower() in err.lower(), err
    return err.strip()


# -- illegal actions: the CLI names the action, the API leaves the state as it was --------------------

ACTION_CASES: list[tuple[str, dict[str, object], str, str]] = [
    ("bid too low", pct([{"seat": 0, "bid": 1}]), "action 0 (seat 0 bid 1)", "out of range"),
    ("bid not beating", pct([{"seat": 0, "bid": 3}, {"seat": 1, "bid": 2}]),
     "action 1 (seat 1 bid 2)", "does not beat"),
    ("bid above the top", pct([{"seat": 0, "bid": 9}]), "action 0 (seat 0 bid 9)", "out of range"),
    ("dealer passes when forced", pct([{"seat": 0, "bid": "pass"}, {"seat": 1, "bid": "pass"},
                                       {"seat": 2, "bid": "pass"}, {"seat": 3, "bid": "pass"}]),
     "action 3 (seat 3 bid pass)", "dealer must"),
    ("run it after a bid", pct([{"seat": 0, "bid": 2}, {"seat": 1, "bid": "pass"},
                                {"seat": 2, "bid": "pass"}, {"seat": 3, "choose": "run"}]),
     "action 3 (seat 3 choose run)", "run it"),
    ("sell without running", pct([{"seat": 0, "choose": "sell"}]), "action 0 (seat 0 choose sell)", "sell"),
    ("not following trump", pct([*OPENING, {"seat": 1, "play": "QH"}]),
     "action 5 (seat 1 play QH)", "must follow trump"),
    ("card not held", pct([*OPENING, {"seat": 1, "play": "KS"}]),
     "action 5 (seat 1 play KS)", "not in seat 1's hand"),
    ("card played twice", pct([*OPENING, {"seat": 1, "play": "2S"}, {"seat": 2, "play": "AS"}]),
     "action 6 (seat 2 play AS)", "not in seat 2's hand"),
    ("wrong seat bids", pct([{"seat": 1, "bid": 2}]), "action 0 (seat 1 bid 2)", "seat 0's turn"),
    ("wrong seat plays", pct([*OPENING[:4], {"seat": 1, "play": "2S"}]),
     "action 4 (seat 1 play 2S)", "seat 0's turn"),
    ("play during the auction", pct([{"seat": 0, "play": "AS"}]), "action 0 (seat 0 play AS)",
     "cannot play a card now: the hand is in the auction phase"),
    ("trump in a lead-trump preset", pct([*OPENING[:4], {"seat": 0, "trump": "S"}]),
     "action 4 (seat 0 trump S)", "cannot name trump"),
    ("over-smudge by the smudger's partner",
     ten_point([{"seat": 0, "bid": "smudge"}, {"seat": 1, "bid": "pass"}, {"seat": 2, "bid": "over-smudge"}]),
     "action 2 (seat 2 bid over-smudge)", "over-smudge"),
    ("smudge twice", ten_point([{"seat": 0, "bid": "smudge"}, {"seat": 1, "bid": "smudge"}]),
     "action 1 (seat 1 bid smudge)", "does not beat"),
]


@pytest.mark.parametrize("doc,starts,contains", [c[1:] for c in ACTION_CASES],
                         ids=[c[0] for c in ACTION_CASES])
def test_an_illegal_action_is_one_line_naming_it(doc: dict[str, Any], starts: str, contains: str) -> None:
    assert_one_line_error(doc, starts=starts + ": ", contains=contains)


@pytest.mark.parametrize("doc,starts,contains", [c[1:] for c in ACTION_CASES],
                         ids=[c[0] for c in ACTION_CASES])
def test_an_illegal_action_leaves_the_state_unchanged(doc: dict[str, Any], starts: str,
                                                      contains: str) -> None:
    hand = load_hand(doc)
    *good, bad = doc["actions"]
    for entry in good:
        for action in parse_action(hand.rules, entry):
            hand.apply(action)
    before = json.dumps([hand_record(hand), hand.hands, hand.stock, hand.trick, hand.phase.value,
                         hand.to_act, hand.auction.bids])
    for action in parse_action(hand.rules, bad):
        with pytest.raises(IllegalActionError, match=contains):
            hand.apply(action)
    after = json.dumps([hand_record(hand), hand.hands, hand.stock, hand.trick, hand.phase.value,
                        hand.to_act, hand.auction.bids])
    assert after == before


def test_an_illegal_action_leaves_a_game_unchanged() -> None:
    game = Game(make_rules("pct"), seed=3)
    seat = game.to_act
    assert seat is not None
    before = json.dumps(game_record(game)), list(game.scores), game.rng.getstate()
    for action in (Bid(seat, 1), Bid((seat + 1) % 4, None), Play(seat, Card.parse("AS"))):
        with pytest.raises(IllegalActionError):
            game.apply(action)
    assert (json.dumps(game_record(game)), list(game.scores), game.rng.getstate()) == before


def test_running_it_without_a_stock_is_refused_before_anything_changes() -> None:
    doc = pct([{"seat": 0, "bid": "pass"}, {"seat": 1, "bid": "pass"}, {"seat": 2, "bid": "pass"},
               {"seat": 3, "choose": "run"}])
    del doc["stock"]
    assert_one_line_error(doc, starts="action 3 (seat 3 choose run): ", contains="stock")
    hand = load_hand(doc)
    for seat in range(3):
        hand.apply(Bid(seat, None))
    assert all(a.seat == 3 and isinstance(a, Bid) for a in hand.legal_actions())
    log = list(hand.log)
    for action in parse_action(hand.rules, {"seat": 3, "choose": "run"}):
        with pytest.raises(IllegalActionError):
            hand.apply(action)
    assert hand.log == log and hand.auction.round == 1


# -- malformed actions --------------------------------------------------------------------------

MALFORMED_ACTIONS: list[tuple[str, object, str]] = [
    ("unknown action key", {"seat": 0, "bet": 2}, "unknown key"),
    ("two action keys", {"seat": 0, "bid": 2, "play": "AS"}, "exactly one"),
    ("no action key", {"seat": 0}, "exactly one"),
    ("seat missing", {"bid": 2}, "seat"),
    ("seat not a number", {"seat": "north", "bid": 2}, "seat"),
    ("bad card text", {"seat": 0, "play": "ZZ"}, "not a card"),
    ("card not text", {"seat": 0, "play": 14}, "not a card"),
    ("bad bid text", {"seat": 0, "bid": "lots"}, "not a bid"),
    ("bad suit", {"seat": 0, "trump": "X"}, "not a suit"),
    ("unknown choice", {"seat": 0, "choose": "fold"}, "unknown choice"),
    ("discard not a list", {"seat": 0, "discard": "AS"}, "list"),
    ("action not an object", ["seat", 0], "object"),
]


@pytest.mark.parametrize("entry,contains", [c[1:] for c in MALFORMED_ACTIONS],
                         ids=[c[0] for c in MALFORMED_ACTIONS])
def test_a_malformed_action_is_one_line_naming_it(entry: object, contains: str) -> None:
    assert_one_line_error(pct([{"seat": 0, "bid": 2}, entry]), starts="action 1 (", contains=contains)
    with pytest.raises(PitchError, match=contains):
        parse_action(make_rules("pct"), entry)


# -- bad deals, documents, variants and options --------------------------------------------------


def _swap(hand: int, card: str) -> list[list[str]]:
    hands = [list(h) for h in HANDS]
    hands[hand][0] = card
    return hands


DOCUMENT_CASES: list[tuple[str, object, str]] = [
    ("duplicate card in the deal", pct([], hands=_swap(1, "AS")), "AS is dealt twice"),
    ("duplicate card in one hand", pct([], hands=_swap(0, "KS")), "appears twice"),
    ("card dealt and in the stock", pct([], stock=[*STOCK, "AS"]), "stock"),
    ("missing card", pct([], hands=[HANDS[0][:5], *HANDS[1:]]), "dealt 5 cards, not 6"),
    ("extra card", pct([], hands=[[*HANDS[0], "4S"], *HANDS[1:]], stock=STOCK[1:]), "dealt 7 cards"),
    ("joker in pct", pct([], hands=_swap(2, "BJ")), "BJ is not in a 52-card deck"),
    ("bad card text in a hand", pct([], hands=_swap(3, "1X")), "not a card"),
    ("hands not a list", pct([], hands="AS KS"), "hands"),
    ("hand not a list", pct([], hands=["AS KS 2H TD 9C 3S", *HANDS[1:]]), "list of cards"),
    ("dealer not a seat", pct([], dealer=7), "dealer"),
    ("dealer missing", {"variant": "pct", "hands": HANDS}, "dealer"),
    ("scores of the wrong length", pct([], scores=[0, 0]), "scores"),
    ("score not a number", pct([], scores=[0, "1", 0, 0]), "score"),
    ("too many seats", pct([], hands=HANDS + [["4S", "5H", "6H", "8H", "TH", "JH"]] * 3), "players"),
    ("unknown variant", pct([], variant="euchre"), "unknown variant 'euchre'"),
    ("variant missing", {"dealer": 3, "hands": HANDS}, "variant"),
    ("unknown option", pct([], options={"jokers-wild": True}), "unknown option 'jokers-wild'"),
    ("bad option value", pct([], options={"target": "many"}), "option target"),
    ("bad option type", pct([], options={"dealer-steal": "always"}), "option dealer-steal"),
    ("impossible option", pct([], options={"hand-size": 20}), "cards"),
    ("options not an object", pct([], options=["target", 15]), "options"),
    ("actions not a list", pct({"seat": 0, "bid": 2}), "actions"),  # type: ignore[arg-type]
    ("unknown field", pct([], notes="x"), "unknown field 'notes'"),
    ("not an object: number", 42, "object"),
    ("not an object: text", "\"pct\"", "object"),
    ("not an object: null", "null", "object"),
    ("empty game record", [], "at least one hand"),
    ("game record of non-objects", [1, 2], "object"),
    ("malformed JSON", "{\"variant\": \"pct\",", "not valid JSON"),
    ("empty input", "", "not valid JSON"),
    ("deeply nested JSON", "[" * 100_000, "JSON"),
]


@pytest.mark.parametrize("doc,contains", [c[1:] for c in DOCUMENT_CASES], ids=[c[0] for c in DOCUMENT_CASES])
def test_a_bad_document_is_one_line(doc: object, contains: str) -> None:
    assert_one_line_error(doc, contains=contains)


@pytest.mark.parametrize("doc,contains", [c[1:] for c in DOCUMENT_CASES if not isinstance(c[1], str)],
                         ids=[c[0] for c in DOCUMENT_CASES if not isinstance(c[1], str)])
def test_a_bad_document_is_a_typed_error_in_the_api(doc: object, contains: str) -> None:
    with pytest.raises(PitchError):
        score_document(doc)


def test_the_api_raises_typed_errors_for_bad_deals_and_options() -> None:
    rules = make_rules("pct")
    cards = [[Card.parse(c) for c in h] for h in HANDS]
    with pytest.raises(DealError, match="dealt twice"):
        Hand(rules, dealer=3, hands=[cards[0], [cards[0][0], *cards[1][1:]], *cards[2:]])
    with pytest.raises(DealError, match="not 6"):
        Hand(rules, dealer=3, hands=[cards[0][:5], *cards[1:]])
    with pytest.raises(DealError, match="52-card deck"):
        Hand(rules, dealer=3, hands=[[Card.parse("LJ"), *cards[0][1:]], *cards[1:]])
    with pytest.raises(RulesError, match="unknown option"):
        make_rules("pct", {"no-such-option": 1})
    with pytest.raises(RulesError, match="target"):
        make_rules("pct", {"target": "x"})


def test_a_game_record_names_the_hand_of_an_error() -> None:
    done = score_document(pct([]))
    assert done["complete"] is False
    err = assert_one_line_error([pct([{"seat": 0, "bid": 2}]), pct([])], contains="hand 0")
    assert "unfinished" in err
    assert_one_line_error([pct([{"seat": 1, "bid": 2}])], starts="hand 0: action 0 (seat 1 bid 2): ")


def test_an_unreadable_file_is_one_line(tmp_path: Any) -> None:
    result = runner.invoke(app, ["score", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and result.stdout == "" and result.stderr.count("\n") == 1
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe{")
    result = runner.invoke(app, ["score", str(tmp_path / "bad.json")])
    assert result.exit_code == 2 and result.stdout == "" and result.stderr.count("\n") == 1


@pytest.mark.parametrize("text,starts", [
    (json.dumps(pct([*OPENING, {"seat": 1, "play": "QH"}])), "action 5 (seat 1 play QH): must follow"),
    ("[" * 100_000, "record: "),
], ids=["illegal play", "deeply nested"])
def test_the_installed_command_exits_2_with_one_line(text: str, starts: str) -> None:
    command = [sys.executable, "-c", "from pitchkit.cli import main; main()", "score", "-"]
    proc = subprocess.run(command, input=text, capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith(starts), proc.stderr
