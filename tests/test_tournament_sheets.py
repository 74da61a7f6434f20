"""Physical tables: score sheets entered hand by hand (``pitch tournament enter``), checked against the
rules, scored by the engine, confirmed by a judge with a PIN (``pitch tournament judge``; seed 000
tournament rule 35), entered as the table's result, and verified by ``pitch score``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pitchkit import make_rules
from pitchkit.cli import app
from pitchkit.engine.actions import Bid, Choice, Choose
from pitchkit.engine.hand import Hand
from pitchkit.engine.record import record_hands, replay_game
from pitchkit.tournament.director import Desk
from pitchkit.tournament.event import DeskError, load, new_event
from pitchkit.tournament.sheet import replay_sheet, score_any
from pitchkit.tournament.tables import play_table
from tests.test_tournament_desk import cli, one_line_error

PCT_HANDS: list[dict[str, Any]] = [
    {
        "dealer": 0,
        "bids": [{"bid": 2}, {"bid": 3}],
        "trump": "C",
        "awards": [
            {"point": "high", "seat": 1, "card": "KC"},
            {"point": "low", "seat": 1},
            {"point": "jack", "seat": 0},
            {"point": "game", "seat": 1},
        ],
        "card_points": [5, 10],
    },
    {
        "dealer": 1,
        "bids": [{"bid": "pass"}, {"bid": 2}],
        "trump": "C",
        "awards": [
            {"point": "high", "seat": 1},
            {"point": "low", "seat": 1},
            {"point": "jack", "seat": 0},
            {"point": "game", "seat": 1},
        ],
        "card_points": [1, 12],
        "made": True,
    },
]


def sheet_of(hand: Hand) -> dict[str, Any]:
    """What a table would write on its sheet for a hand the engine played with cards."""
    result = hand.result
    assert result is not None
    entry: dict[str, Any] = {
        "dealer": hand.dealer,
        "sit_out": sorted(set(range(hand.n_seats)) - set(hand.seats)),
    }
    bids = [
        {"seat": a.seat, "bid": hand.rules.bid_name(a.amount)}
        if isinstance(a, Bid)
        else {"seat": a.seat, "choose": a.option.value}
        for a in hand.log
        if isinstance(a, Bid | Choose) and not (isinstance(a, Choose) and a.option == Choice.MISDEAL)
    ]
    if result.misdeal:
        return {**entry, "misdeal": True, **({"buried": True} if hand.pitcher is not None else {})}
    entry["bids"] = bids
    if result.ruling is not None:
        return {**entry, "ruling": result.ruling.name, "seat": result.ruling.seat}
    assert result.trump is not None
    entry["trump"] = result.trump.name[0]
    entry["awards"] = [
        {"point": a.point, "seat": a.seat, **({"card": str(a.card)} if a.card is not None else {})}
        for a in result.awards
    ]
    if "game" in {p for p, _, _ in hand.rules.point_plan}:
        first: dict[int, int] = {}
        for s in hand.seats:
            first.setdefault(result.side[s], s)
        entry["card_points"] = [
            result.card_points[s] if first.get(result.side[s]) == s else 0 for s in range(hand.n_seats)
        ]
    if result.made is not None:
        entry["made"] = result.made
    return entry


@settings(max_examples=12, deadline=None)
@given(
    preset=st.sampled_from(["pct", "pct-tournament", "ten-point", "smudge", "auction", "auction-partners"]),
    seed=st.integers(0, 10**6),
)
@pytest.mark.slow
def test_a_sheet_of_a_played_game_scores_as_the_engine_played_it(preset: str, seed: int) -> None:
    """A game played with cards by bots, written down as a score sheet (dealer, bids, trump, who took
    each award, card points): the sheet replays to the same scores after every hand, the same winner
    and reason, so the sheet is scored by the engine's own rules."""
    rules = make_rules(preset)
    played = play_table(rules, ["heuristic"] * rules.players, random.Random(seed))
    replayed, hands = replay_game(record_hands(played.record))
    doc = {
        "sheet": 1,
        "variant": preset,
        "players": [f"P{i}" for i in range(rules.players)],
        "hands": [sheet_of(h) for h in hands],
    }
    sheet = replay_sheet(doc)
    assert [list(r.scores) for r in sheet.results] == [list(h.result.scores) for h in hands if h.result]
    assert sheet.end == replayed.end and sheet.scores == replayed.scores
    assert score_any(doc)["winner"] == list(played.winners)


def pct_sheet(hands: list[dict[str, Any]]) -> dict[str, Any]:
    return {"sheet": 1, "variant": "pct", "options": {"target": 4}, "players": ["Ann", "Bob"], "hands": hands}


def test_pct_sheet_matches_the_hand_record_example() -> None:
    """The two hands of docs/hand-record.md's game record, as a sheet: the same scores and winner."""
    out = score_any(pct_sheet(PCT_HANDS))
    assert out["scores"] == [-2, 6] and out["winner"] == [1] and out["reason"] == "reached the target"
    assert [h["made"] for h in out["hands"]] == [False, True]  # type: ignore[attr-defined]


def change(index: int, **fields: Any) -> list[dict[str, Any]]:
    hands = json.loads(json.dumps(PCT_HANDS))
    hands[index].update(fields)
    return [h for h in hands if h is not None]


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        (change(0, awards=[*PCT_HANDS[0]["awards"], {"point": "jack", "seat": 1}]), "jack is given twice"),
        (change(0, awards=PCT_HANDS[0]["awards"][1:]), "high is missing"),
        (change(0, awards=[a for a in PCT_HANDS[0]["awards"] if a["point"] != "low"]), "low is missing"),
        (
            change(0, awards=[*PCT_HANDS[0]["awards"][:3], {"point": "game", "seat": 0}]),
            "game goes to the side",
        ),
        (change(0, card_points=[10, 10]), "tie at 10: nobody wins game"),
        (change(0, card_points=[75, 10]), "more than the deck's 80"),
        (
            change(0, awards=[*PCT_HANDS[0]["awards"], {"point": "off-jack", "seat": 1}]),
            "pct awards high, low",
        ),
        (change(0, bids=[{"bid": 2}, {"bid": 5}]), "bid 1"),
        (change(0, bids=[{"bid": 2}, {"bid": 2}]), "bid 1"),
        (change(0, bids=[{"bid": 2}]), "do not end the auction"),
        (change(1, made=False), "the sheet says set"),
    (change(1, pitcher=0), "make seat 1 the pitcher"),
        (change(1, dealer=0), "seat 1 deals this hand"),
        (
            change(0, awards=[{**PCT_HANDS[0]["awards"][0], "card": "2H"}, *PCT_HANDS[0]["awards"][1:]]),
            "cannot score high",
        ),
        (
            change(
                0,
                card_points=[0, 15],
                awards=[
                    *PCT_HANDS[0]["awards"][:2],
                    {"point": "jack", "seat": 0},
                    {"point": "game", "seat": 1},
                ],
            ),
            "fewer card points",
        ),
    ],
)
def test_a_sheet_that_does_not_add_up_is_refused_in_one_line(
    hands: list[dict[str, Any]], expected: str
) -> None:
    """The desk's consistency checks: an award given twice, or to no one where it must exist (high and
    low whenever trump is led), card points beyond the deck's total or that put game elsewhere, an
    award the rules do not have, a bid outside the rules, a made/set the awards contradict, the
    dealer out of turn, a card that cannot score its award."""
    with pytest.raises(ValueError, match=expected) as info:
        score_any(pct_sheet(hands))
    assert "\n" not in str(info.value) and str(info.value).startswith("sheet: hand")


def physical_event(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    assert (
        cli(
            "create", folder, "--format", "knockout", "--option", "target=4", "--table-size", 2, "--seed", 1
        ).exit_code
        == 0
    )
    (tmp_path / "names.csv").write_text("Bob\nAnn\n", encoding="utf-8")
    assert cli("add", folder, "--csv", tmp_path / "names.csv").exit_code == 0
    assert cli("seat", folder).exit_code == 0
    assert cli("judge", "add", folder, "--name", "Jo Day", "--initials", "jd", "--pin", "2468").exit_code == 0
    return folder


def test_darrtown_rule35_a_judge_confirms_each_hand_with_a_pin(tmp_path: Path) -> None:
    """Seed 000 tournament rule 35: after every hand a judge verifies the counts and initials the score.
    A hand waits for the judge's PIN before the next; the PIN is kept only as a hash; the last
    confirmation enters the sheet as the table's result, which ``pitch score`` verifies and the
    standings count."""
    folder = physical_event(tmp_path)
    event_text = (folder / "event.json").read_text(encoding="utf-8")
    assert "2468" not in event_text and "pin_hash" in event_text
    event = load(folder)
    assert event.rounds[0].tables[0].sheet is None
    names = event.seat_names(event.rounds[0].tables[0])
    first = cli("enter", folder, 1, *words("--dealer 0 --bids 2,3 --trump C --award high=1:KC --award low=1 "
                                           "--award jack=0 --award game=1 --points 5,10"))
    assert first.exit_code == 0, first.output
    assert "seat 0 bid 3 (set); delta -3 +3" in first.stdout
    second = words("--bids pass,2 --trump C --award high=1 --award low=1 --award jack=0 --award game=1 "
                   "--points 1,12")
    assert "hand 1 waits for a judge" in one_line_error(cli("enter", folder, 1, *second))
    assert "no judge" in one_line_error(
        cli("judge", "confirm", folder, 1, "--initials", "JD", "--pin", "1111")
    )
    assert "no judge" in one_line_error(
        cli("judge", "confirm", folder, 1, "--initials", "XY", "--pin", "2468")
    )
    assert cli("judge", "confirm", folder, 1, "--initials", "jd", "--pin", "2468").exit_code == 0
    assert "game goes to" in one_line_error(cli("enter", folder, 1, *second[:-1], "12,1"))
    assert cli("enter", folder, 1, *second).exit_code == 0
    done = cli("judge", "confirm", folder, 1, "--initials", "JD", "--pin", "2468")
    assert done.exit_code == 0 and f"{names[1]} won (reached the target; -2 to 6)" in done.stdout
    event = load(folder)
    table = event.rounds[0].tables[0]
    assert table.result is not None and table.result.hands == 2
    kept = json.loads((folder / "games" / table.result.record).read_text(encoding="utf-8"))
    assert [h["judge"] for h in kept["hands"]] == ["JD", "JD"]
    scored = cli("advance", folder)
    assert f"champion: {names[1]}" in scored.stdout
    out = CliRunner().invoke(app, ["score", str(folder / "games" / table.result.record)])
    assert out.exit_code == 0 and json.loads(out.stdout)["winner"] == [1]


def test_a_sheet_entered_as_a_result_needs_every_hand_confirmed(tmp_path: Path) -> None:
    desk = Desk.create(tmp_path / "e", new_event("knockout", options={"target": 4}, table_size=2, seed=1))
    desk.add([["Bob"], ["Ann"]])
    desk.seat()
    desk.add_judge("Jo Day", "JD", "2468")
    doc = {**desk.blank_sheet(1), "hands": PCT_HANDS}
    with pytest.raises(DeskError, match="hand 1 is not confirmed"):
        desk.result(1, doc)
    confirmed = {**doc, "hands": [{**h, "judge": "JD"} for h in PCT_HANDS]}
    with pytest.raises(DeskError, match="not table 1's game"):
        desk.result(1, {**confirmed, "players": confirmed["players"][::-1]})
    assert desk.result(1, confirmed).scores == [-2, 6]


def test_bots_playing_a_round_leave_a_physical_table_with_hands_on_its_sheet_alone(tmp_path: Path) -> None:
    """``pitch tournament play`` plays the tables without a result; a table keeping a score sheet
    with hands entered plays with real cards, and its sheet is not replaced by a bots' game."""
    desk = Desk.create(tmp_path / "e", new_event("knockout", options={"target": 4}, table_size=2, seed=1))
    desk.add([["Bob"], ["Ann"], ["Cy"], ["Dee"]])
    desk.seat()
    desk.enter(1, PCT_HANDS[0])
    assert desk.play(["heuristic"]) == 1
    tables = desk.event.rounds[0].tables
    assert tables[0].result is None and tables[0].sheet is not None and len(tables[0].sheet["hands"]) == 1
    assert tables[1].result is not None


def unl_hand(dealer: int, bids: list[object], trump: str, **takers: int) -> dict[str, Any]:
    """A ten-point sheet hand: the bids in turn and the seat that took each point."""
    return {"dealer": dealer, "bids": [{"bid": b} for b in bids], "trump": trump,
            "awards": [{"point": p, "seat": s} for p, s in takers.items()]}


def words(text: str) -> list[str]:
    return text.split()


def test_unl_sheet_void_hand_and_the_clock_stop(tmp_path: Path) -> None:
    """Seed 003 at a physical table: an unequal number of cards voids the hand (no score, the same
    dealer again), a protest is noted on the sheet; at the 45-minute stop the judge confirms the
    last hand with --stopped and the team ahead wins."""
    desk = Desk.create(tmp_path / "u", new_event("unl", seed=2))
    desk.add([["Ann", "Bea"], ["Cy", "Dee"]])
    desk.seat()
    desk.add_judge("Jo Day", "JD", "2468")
    first = unl_hand(3, [5, "pass", "pass", "pass"], "S", ace=0, jack=2, ten=1, two=0, three=2)
    out = desk.enter(1, first)
    assert out["delta"] == [6, 1, 6, 1] and out["made"] is True
    with pytest.raises(DeskError, match="waits for a judge"):
        desk.sheet_ruling(1, "void hand", 1)
    assert desk.confirm(1, "JD", "2468") == (0, None)
    entry = desk.sheet_ruling(1, "void hand", 1)
    assert entry.kind == "void hand" and "seat 0 deals again" in entry.detail
    desk.confirm(1, "JD", "2468")
    assert desk.next_dealer(1) == (0, [])
    protest = desk.sheet_ruling(1, "protest", 2, trick=1, upheld=False)
    assert protest.detail == "protest about trick 1: denied"
    with pytest.raises(DeskError, match="bids"):
        desk.sheet_ruling(1, "pitch out of turn", 2, penalty=True)
    second = unl_hand(0, ["pass", "pass", "pass", 4], "H", ace=1, jack=1, ten=0, two=1, three=3)
    desk.enter(1, second)
    _, result = desk.confirm(1, "JD", "2468", stopped=True)
    assert result is not None and result.stopped and result.scores == [6 - 4, 1 + 6]
    assert result.winners == [desk.table(1).entrants[1]]
    kept = json.loads((desk.folder / "games" / result.record).read_text(encoding="utf-8"))
    assert kept["rulings"][0]["ruling"] == "protest" and score_any(kept)["scores"] == [2, 7, 2, 7]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 100) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=4), max_leaves=8)


@settings(max_examples=60, deadline=None)
@given(hand=st.integers(0, 1), value=JSON,
       field=st.sampled_from(["dealer", "bids", "trump", "awards", "card_points", "made", "sit_out",
                              "misdeal", "ruling", "seat", "judge", "x"]))
def test_a_malformed_sheet_is_one_line_never_a_traceback(hand: int, field: str, value: object) -> None:
    """Any value in any field of a sheet hand: the sheet is scored, or refused with one line."""
    hands = json.loads(json.dumps(PCT_HANDS))
    hands[hand][field] = value
    try:
        score_any(pct_sheet(hands))
    except ValueError as e:
        assert "\n" not in str(e) and str(e)


def test_darrtown_rule5_a_sheet_tied_after_every_deal_plays_extra_hands_alone() -> None:
    """Seed 000 tournament rule 5 on a sheet: leaders tied after every player dealt twice play extra
    hands alone; the sheet is not over at the tie, and the extra hand must leave the others out."""
    rules = make_rules("pct-tournament", players=3)
    for seed in range(300):
        played = play_table(rules, ["heuristic"] * 3, random.Random(seed))
        if len(played.record) > 6:
            break
    else:
        pytest.fail("no seed gave leaders tied after six hands")
    _, hands = replay_game(record_hands(played.record))
    sheet = [sheet_of(h) for h in hands]
    doc = {"sheet": 1, "variant": "pct-tournament", "players": ["A", "B", "C"], "hands": sheet}
    assert not replay_sheet({**doc, "hands": sheet[:6]}).over
    assert replay_sheet(doc).over and sheet[6]["sit_out"]
    wrong = {**sheet[6], "sit_out": []}
    with pytest.raises(ValueError, match="sitting out this hand are"):
        replay_sheet({**doc, "hands": [*sheet[:6], wrong]})


def test_darrtown_rule37_a_misplay_on_a_sheet_loses_the_highest_bid_and_sits_out(tmp_path: Path) -> None:
    """Seed 000 tournament rules 36-37 at a physical table: a hand ended by an uncorrectable misplay
    costs the offender the hand's highest bid; he sits out the next hand, which the same dealer deals."""
    desk = Desk.create(tmp_path / "d", new_event("darrtown", seed=1))
    desk.add([["Ann"], ["Bob"], ["Cy"]])
    desk.seat()
    desk.add_judge("Jo Day", "JD", "2468")
    out = desk.enter(1, {"dealer": 2, "bids": [{"bid": 2}, {"bid": 3}], "ruling": "misplay", "seat": 0})
    assert out["ruling"] == "misplay" and out["delta"] == [-3, 0, 0]
    desk.confirm(1, "JD", "2468")
    assert desk.next_dealer(1) == (2, [0])


def test_a_table_keeping_a_sheet_takes_only_that_sheet_as_its_result(tmp_path: Path) -> None:
    """Nothing entered is lost: a table whose score sheet has hands entered (and confirmed) at the
    desk refuses a card-by-card record as its result, and a sheet that does not begin with those
    hands; its own sheet, finished, is still entered."""
    desk = Desk.create(tmp_path / "e", new_event("knockout", options={"target": 4}, table_size=2, seed=1))
    desk.add([["Bob"], ["Ann"]])
    desk.seat()
    desk.add_judge("Jo Day", "JD", "2468")
    desk.enter(1, PCT_HANDS[0])
    desk.confirm(1, "JD", "2468")
    with pytest.raises(DeskError, match="keeps a score sheet with 1 hand entered at the desk"):
        desk.result(1, {"hands": []})
    other = {**desk.blank_sheet(1), "hands": [{**h, "judge": "JD"} for h in PCT_HANDS[1:]]}
    with pytest.raises(DeskError, match="does not begin with them"):
        desk.result(1, other)
    table = desk.event.rounds[0].tables[0]
    assert table.result is None and table.sheet is not None and len(table.sheet["hands"]) == 1
    whole = {**desk.blank_sheet(1), "hands": [{**h, "judge": "JD"} for h in PCT_HANDS]}
    assert desk.result(1, whole).scores == [-2, 6]
