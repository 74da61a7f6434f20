"""Bad input, through the API and through ``pitch score``: a typed error with one line of reason,
exit status 2, nothing on stdout, no traceback, and the state unchanged."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import subprocess
import sys
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import pitchkit.engine.game as game_module
from pitchkit import (
    Bid,
    CardError,
    Choice,
    Choose,
    DealError,
    DeclareTrump,
    Discard,
    Game,
    Hand,
    IllegalActionError,
    Phase,
    PitchError,
    Play,
    Rules,
    RulesError,
    make_rules,
)
from pitchkit.bench import fuzz
from pitchkit.cli import app
from pitchkit.engine.cards import CARDS, NAMES, Card
from pitchkit.engine.errors import ECHO_LIMIT, clip, quote
from pitchkit.engine.record import game_record, hand_record, load_hand, parse_action, score_document
from pitchkit.engine.rules import OPTION_FIELDS, OPTION_RANGES, option_name, option_range
from pitchkit.search.budget import parse_budget

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
    ("unknown variant", pct([], variant="bridge"), "unknown variant 'bridge'"),
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
@pytest.mark.slow
def test_the_installed_command_exits_2_with_one_line(text: str, starts: str) -> None:
    command = [sys.executable, "-c", "from pitchkit.cli import main; main()", "score", "-"]
    proc = subprocess.run(command, input=text, capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith(starts), proc.stderr


# -- numbers: plain ASCII decimals in a sane range, by one function ------------------------------------

ODD_NUMBERS = ["²", "①", "٣", "\uff15", "--5", "+5", "1_000", "0x10", "1e3", "5.0", "9" * 19, "- 5",
               "\u0665\u0665"]


@pytest.mark.parametrize("text", ODD_NUMBERS)
def test_numbers_in_options_bids_and_budgets_are_plain_decimals(text: str) -> None:
    with pytest.raises(RulesError, match="option target: expected a whole number from 1 to 1000"):
        make_rules("pct", {"target": text})
    with pytest.raises(RulesError, match="not a bid"):
        make_rules("pct").parse_bid(text)
    with pytest.raises(PitchError, match="budget samples"):
        parse_budget(f"samples={text}")
    assert make_rules("pct", {"target": " 15 "}).target == 15 and make_rules("pct").parse_bid("3") == 3


@pytest.mark.parametrize("doc,contains", [
    (pct([], options={"target": "²"}), "option target"),
    (pct([], options={"target": 10**4000}), "about 4001 digits"),
    (pct([], dealer=10**4000), "'dealer'"),
    (pct([], scores=[10**4000, 0, 0, 0]), "a score"),
    (pct([{"seat": 10**4000, "bid": 2}]), "'seat'"),
    (pct([{"seat": 0, "bid": 10**4000}]), "not a bid"),
    (pct([{"seat": 0, "bid": "²"}]), "not a bid"),
    (pct([{"seat": 0, "bid": "--5"}]), "not a bid"),
], ids=["superscript option", "huge option", "huge dealer", "huge score", "huge seat", "huge bid",
        "superscript bid", "double minus bid"])
def test_numbers_in_records_are_one_line_errors(doc: dict[str, object], contains: str) -> None:
    err = assert_one_line_error(doc, contains=contains)
    assert len(err) < 200


def test_a_number_longer_than_python_reads_is_one_line() -> None:
    text = json.dumps(pct([])).replace('"dealer": 3', '"dealer": ' + "9" * 5000)
    assert_one_line_error(text, starts="record: ", contains="too many digits")


# -- option ranges: every count has a documented range, checked when the rules are built ---------------


@pytest.mark.parametrize("name", sorted(OPTION_RANGES))
def test_a_count_option_outside_its_range_is_refused(name: str) -> None:
    lo, hi = OPTION_RANGES[name]
    for value in (lo - 1, hi + 1, str(hi + 1), -(10**9)):
        with pytest.raises(RulesError, match=f"option {option_name(name)}: expected a whole number "
                                             f"from {lo} to {hi}"):
            make_rules("pct", {option_name(name): value})
    with pytest.raises(RulesError, match=option_name(name)):
        changes: dict[str, Any] = {name: hi + 1}
        dataclasses.replace(make_rules("pct"), **changes)


def test_every_option_has_its_allowed_values_in_pitch_rules_and_the_docs() -> None:
    counts = {n for n, hint in typing.get_type_hints(Rules).items() if int in (hint, *typing.get_args(hint))}
    assert counts == set(OPTION_RANGES), "every whole-number option needs a range in OPTION_RANGES"
    rows = json.loads(runner.invoke(app, ["rules", "pct", "--json"]).stdout)["rules"]
    assert {row["option"]: row["range"] for row in rows} == {
        option_name(n): option_range(n) for n in OPTION_FIELDS if n != "preset"}
    docs = (Path(__file__).parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    table = docs[docs.index("### Allowed values"):]
    documented = re.findall(r"^\| `([a-z-]+)` \| (.+?) \|$", table[:table.index("\n#")], re.MULTILINE)
    assert documented == [(option_name(n), option_range(n)) for n in OPTION_FIELDS if n != "preset"]


def test_a_tiny_record_cannot_ask_for_a_billion_bids() -> None:
    err = assert_one_line_error(pct([], options={"max-bid": 10**9}), contains="option max-bid")
    assert "1 to 20" in err


def test_a_negative_draw_to_is_refused() -> None:
    with pytest.raises(RulesError, match="option draw-to: expected a whole number from 0"):
        make_rules("ten-point", {"draw-to": -1})


def test_text_options_are_short_and_printable() -> None:
    for value in ("x" * 41, "smudge\nx"):
        with pytest.raises(RulesError, match="option max-bid-name"):
            make_rules("pct", {"max-bid-name": value})


def _no_face_deal(game: Game) -> Hand:
    """The hand about to start, dealt so that the seat to act holds no point or face card."""
    rules, now = game.rules, game.hand
    low = [c for c in CARDS[:52] if c.rank is not None and 4 <= c.rank <= 9]
    rest = [c for c in CARDS[:rules.deck_size] if c not in low[:rules.hand_size]]
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    seat = now.to_act
    assert seat is not None
    hands[seat] = low[:rules.hand_size]
    for s in range(rules.players):
        if s != seat:
            hands[s], rest = rest[:rules.hand_size], rest[rules.hand_size:]
    return Hand(rules, dealer=now.dealer, hands=hands, stock=rest, scores=game.scores)


def test_misdeals_in_a_row_stop_the_game_with_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_module, "MAX_MISDEALS_IN_ROW", 3)
    game = Game(make_rules("ten-point"), seed=1)
    for n in range(1, 4):
        game.set_hand(_no_face_deal(game))
        seat = game.to_act
        assert seat is not None
        if n < 3:
            game.apply(Choose(seat, Choice.MISDEAL))
            assert game.misdeals_in_row == n and not game.over
            continue
        with pytest.raises(DealError, match="3 misdeals in a row"):
            game.apply(Choose(seat, Choice.MISDEAL))
    assert game.over and game.end is not None and game.end.winners == ()


# -- one short line: values echoed with repr, cut to 60 characters --------------------------------------


@pytest.mark.parametrize("doc,contains", [
    (pct([], variant="pct\nevil"), "'pct\\nevil'"),
    (pct([], variant="x" * 1_000_000), "..."),
    (pct([], options={"dealer-steal": "same\nx"}), "'same\\nx'"),
    (pct([], options={"x" * 100_000: 1}), "unknown option 'xxx"),
    (pct([], options={"points": "high,lo\nw," + "z" * 5000}), "unknown point categories"),
    (pct([{"seat": 0, "play": "A\nS" * 1000}]), "not a card"),
    (pct([{"seat": 0, "choose": "\u202e" * 100}]), "unknown choice"),
    (pct([{"seat": 0, **{f"k{i}": i for i in range(2000)}}]), "unknown key"),
], ids=["newline in variant", "1 MB variant", "newline in option", "long option name", "long points",
        "long card", "control characters", "an action of 2000 keys"])
def test_echoed_input_is_quoted_and_cut(doc: dict[str, object], contains: str) -> None:
    err = assert_one_line_error(doc, contains=contains)
    assert len(err) < 300, err


def test_quote_cuts_long_values_and_describes_huge_numbers() -> None:
    assert quote("a\nb") == "'a\\nb'"
    assert len(quote("x" * 10**6)) == ECHO_LIMIT and quote("x" * 10**6).endswith("...")
    assert quote(10**5000) == "<a number of about 5001 digits>"
    assert len(quote([["y" * 100] * 100] * 100)) <= ECHO_LIMIT
    assert clip("ok") == "ok" and clip("\x1b[2J") == "\\x1b[2J"


# -- API types: a wrong type is IllegalActionError, the state unchanged ----------------------------------

WRONG_ACTIONS: list[tuple[str, Callable[[int], object]]] = [
    ("float bid", lambda s: Bid(s, 2.0)),  # type: ignore[arg-type]
    ("bool bid", lambda s: Bid(s, True)),
    ("text bid", lambda s: Bid(s, "2")),  # type: ignore[arg-type]
    ("huge bid", lambda s: Bid(s, 10**5000)),
    ("bool seat", lambda s: Bid(bool(s) or True, 2)),
    ("float seat", lambda s: Bid(float(s), 2)),  # type: ignore[arg-type]
    ("seat out of range", lambda s: Bid(-1, 2)),
    ("negative card", lambda s: Play(s, -1)),  # type: ignore[arg-type]
    ("card as text", lambda s: Play(s, "AS")),  # type: ignore[arg-type]
    ("card as int", lambda s: Play(s, 12)),  # type: ignore[arg-type]
    ("suit as int", lambda s: DeclareTrump(s, 3)),  # type: ignore[arg-type]
    ("choice as text", lambda s: Choose(s, "run")),  # type: ignore[arg-type]
    ("discard as list", lambda s: Discard(s, ["AS"])),  # type: ignore[arg-type]
    ("none", lambda s: None),
    ("text", lambda s: "bid 2"),
    ("tuple", lambda s: (s, 2)),
    ("an object whose == raises", lambda s: _Unequal()),
]


class _Unequal:
    """An object that cannot even be compared (as a NumPy array cannot be, with ``==``)."""

    def __eq__(self, other: object) -> bool:
        raise TypeError("cannot compare")

    __hash__ = None  # type: ignore[assignment]


@pytest.mark.parametrize("make", [c[1] for c in WRONG_ACTIONS], ids=[c[0] for c in WRONG_ACTIONS])
@pytest.mark.parametrize("cached", [False, True], ids=["fresh", "after legal_actions"])
def test_a_wrong_type_is_an_illegal_action_and_changes_nothing(make: Callable[[int], object],
                                                               cached: bool) -> None:
    for game in (Game(make_rules("pct"), seed=3), _in_play(Game(make_rules("pct"), seed=3))):
        seat = game.to_act
        assert seat is not None
        if cached:
            game.legal_actions()
        before = fuzz.state_of(game)
        with pytest.raises(IllegalActionError) as raised:
            game.apply(make(seat))  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError):
            game.hand.verify(make(seat))  # type: ignore[arg-type]
        assert fuzz.state_of(game) == before
        fuzz.one_line(raised.value)


def _in_play(game: Game) -> Game:
    while game.hand.phase != Phase.PLAY:
        game.apply(game.legal_actions()[-1])
    return game


def test_wrong_seats_and_dealers_are_the_engines_errors() -> None:
    game = Game(make_rules("pct"), seed=3)
    for seat in ("0", 9, True, None, 1.0):
        with pytest.raises(PitchError, match="no seat"):
            game.view(seat)  # type: ignore[arg-type]
    for dealer in ("0", 4, 2.0):
        with pytest.raises(IllegalActionError, match="dealer"):
            Game(make_rules("pct"), dealer=dealer)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="not a Rules"):
        Game("pct")  # type: ignore[arg-type]
    with pytest.raises(CardError, match="no card"):
        Card("AS")  # type: ignore[arg-type]


# -- views are snapshots --------------------------------------------------------------------------------


def _reachable(value: object, seen: set[int]) -> list[object]:
    if id(value) in seen:
        return []
    seen.add(id(value))
    out = [value]
    if isinstance(value, tuple):
        for item in value:
            out += _reachable(item, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out += _reachable(getattr(value, f.name), seen)
    return out


def test_a_view_is_a_snapshot_that_cannot_change_the_game() -> None:
    game = _in_play(Game(make_rules("ten-point"), seed=5))
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    assert view.rules == game.rules and view.rules is not game.rules
    target = game.rules.target
    object.__setattr__(view.rules, "target", 1)
    assert game.rules.target == target and game.hand.rules.target == target
    assert game.view(seat).rules.target == target != 1
    engine = {id(x) for x in (game.hand.hands, game.hand.stock, game.hand.log, game.hand.trick,
                              game.hand.tricks, game.hand.discards, game.hand.auction.bids, game.scores)}
    for part in _reachable(view, set()):
        assert not isinstance(part, list | dict | set), f"a mutable {type(part).__name__} in a view"
        assert id(part) not in engine


def _cards() -> list[list[Card]]:
    return [[Card.parse(c) for c in h] for h in HANDS]


WRONG_DEALS: list[tuple[str, dict[str, Any], str]] = [
    ("dealer as text", {"dealer": "3"}, "dealer must be a seat number"),
    ("dealer as bool", {"dealer": True}, "dealer must be a seat number"),
    ("hands as text", {"hands": "AS KS"}, "hands must be a list"),
    ("card as text", {"hands": [["AS"] * 6, *_cards()[1:]]}, "not a card: 'AS'"),
    ("negative card in the stock", {"stock": [-1]}, "stock: not a card: -1"),
    ("scores as text", {"scores": ["0"] * 4}, "scores must be whole numbers"),
    ("huge score", {"scores": [10**5000, 0, 0, 0]}, "scores must be whole numbers"),
]


@pytest.mark.parametrize("change,contains", [c[1:] for c in WRONG_DEALS], ids=[c[0] for c in WRONG_DEALS])
def test_an_explicit_deal_of_wrong_types_is_a_deal_error(change: dict[str, Any], contains: str) -> None:
    args: dict[str, Any] = {"dealer": 3, "hands": _cards(), **change}
    with pytest.raises(DealError, match=contains) as raised:
        Hand(make_rules("pct"), **args)
    fuzz.one_line(raised.value)
    with pytest.raises(DealError, match="deck: not a card"):
        Hand.deal_from(make_rules("pct"), ["AS"] * 52, dealer=0)  # type: ignore[list-item]


@pytest.mark.parametrize("text", ["\uff11", "1_0", "1e400", "nan", "inf", "0", "2000", "x" * 10_000])
def test_a_budget_scale_is_a_plain_decimal_in_range(text: str) -> None:
    with pytest.raises(PitchError, match="budget") as raised:
        parse_budget(text)
    assert len(fuzz.one_line(raised.value)) < 300
    assert parse_budget("0.5").samples == parse_budget("default").samples // 2


def test_options_that_are_not_a_mapping_and_a_hand_that_is_not_a_hand_are_refused() -> None:
    with pytest.raises(RulesError, match="options must be a mapping"):
        make_rules("pct", ["target", 15])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="options must be a mapping"):
        make_rules("pct").with_options("target=15")  # type: ignore[arg-type]
    game = Game(make_rules("pct"), seed=1)
    with pytest.raises(IllegalActionError, match="not a Hand"):
        game.set_hand("AS KS")  # type: ignore[arg-type]


@pytest.mark.parametrize("option,contains", [("draw-to=-1", "option draw-to"),
                                             ("max-bid=1000000000", "option max-bid"),
                                             ("target=\u00b2", "option target")])
def test_pitch_play_refuses_an_option_out_of_range_in_one_line(option: str, contains: str) -> None:
    result = runner.invoke(app, ["play", "--all-bots", "--fast", "--no-save", "--variant", "ten-point",
                                 "-o", option])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(contains), result.stderr
