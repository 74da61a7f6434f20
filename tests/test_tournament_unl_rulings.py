"""Seed 003's table rulings at the desk (``pitch tournament ruling --exposed/--out-of-turn/--void/
--protest``): each is written into the table's record, as a ruling action that ends the hand or as a
note that binds the play after it, so that the desk and ``pitch score`` verify the table's game and
the standings recompute from the records alone."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pitchkit import Game
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Action, Phase, Play
from pitchkit.engine.cards import Card
from pitchkit.engine.record import game_record, record_hands, replay_game, score_document
from pitchkit.engine.trump import table as trump_table
from pitchkit.tournament.director import Desk
from pitchkit.tournament.event import DeskError, new_event
from pitchkit.tournament.notes import NoteError, check_notes, record_notes
from tests.test_tournament_desk import cli, one_line_error

Chooser = Callable[[Game, int], Action | None]


def unl_desk(tmp_path: Path) -> Desk:
    desk = Desk.create(tmp_path / "event", new_event("unl", seed=5, clock=0))
    desk.add([["Ann", "Bea"], ["Cy", "Dee"]])
    desk.seat()
    desk.save()
    return desk


def table_game(desk: Desk, seed: int = 1) -> Game:
    return Game(desk.event.table_rules(2), seed=seed)


def play(game: Game, until: Callable[[Game], bool], chooser: Chooser | None = None) -> None:
    """Play ``game`` with heuristic bots until ``until`` holds (or the game is over); ``chooser`` may
    take a seat's decision instead of its bot."""
    bots = [make_bot("heuristic", seed=s) for s in range(4)]
    while not game.over and not until(game):
        seat = game.to_act
        assert seat is not None
        chosen = chooser(game, seat) if chooser else None
        game.apply(chosen or bots[seat].choose(game.view(seat)))


def in_play(game: Game) -> bool:
    return game.hand.phase == Phase.PLAY


def trumps_held(game: Game, seat: int) -> list[Card]:
    hand = game.hand
    assert hand.trump is not None
    r = hand.rules
    mask = trump_table(hand.trump, jokers=r.jokers, off_jack=r.off_jack,
                       equal_jokers=r.equal_jokers).trump_mask
    return [c for c in hand.holding(seat) if mask >> c & 1]


def ignoring(seat: int, card: Card, hand_count: int) -> tuple[Chooser, list[bool]]:
    """A chooser that, at the first turn of ``seat`` in the hand where ``card`` is legal, plays another
    card if it has one (``deviated[0]`` says whether it did)."""
    deviated = [False]

    def choose(g: Game, s: int) -> Action | None:
        legal = g.legal_actions()
        if s == seat and len(g.history) == hand_count and Play(seat, card) in legal and not deviated[0]:
            others = [a for a in legal if a != Play(seat, card)]
            if others:
                deviated[0] = True
                return others[0]
        return None

    return choose, deviated


def rule_by_command(desk: Desk, game: Game, tmp_path: Path, *ruling: object) -> tuple[str, dict[str, Any]]:
    """``pitch tournament ruling`` on table 1's record of ``game`` so far: what it says, and the record
    it writes back with the ruling."""
    sofar = tmp_path / "sofar.json"
    sofar.write_text(json.dumps(game_record(game, dealt=True)), encoding="utf-8")
    done = cli("ruling", desk.folder, 1, "--record", sofar, *ruling)
    assert done.exit_code == 0, done.output
    ruled: dict[str, Any] = json.loads(sofar.read_text(encoding="utf-8"))
    return str(done.stdout), ruled


#: in the arguments of :func:`refused_unchanged`: ``--record`` with the table's record so far
RECORD = "--record RECORD"


def refused_unchanged(desk: Desk, game: Game, tmp_path: Path,
                      cases: list[tuple[tuple[object, ...], str]]) -> None:
    """Each ``pitch tournament ruling`` of ``cases`` at table 1 is refused in one line that says what
    is expected, and neither the record of ``game`` so far nor the event changes."""
    sofar = tmp_path / "sofar.json"
    text = json.dumps(game_record(game, dealt=True))
    sofar.write_text(text, encoding="utf-8")
    before = (desk.folder / "event.json").read_text(encoding="utf-8")
    for args, expected in cases:
        given = [x for a in args for x in (("--record", sofar) if a == RECORD else (a,))]
        assert expected in one_line_error(cli("ruling", desk.folder, 1, *given))
    assert sofar.read_text(encoding="utf-8") == text
    assert (desk.folder / "event.json").read_text(encoding="utf-8") == before


def exposed_position(desk: Desk) -> tuple[Game, int, Card, Game]:
    """A game in play where a seat not to act holds a trump, and the same game played on by a seat
    that ignores the trump at its first legal opportunity."""
    for seed in range(1, 80):
        game = table_game(desk, seed)
        play(game, in_play)
        for seat in game.hand.seats:
            for card in trumps_held(game, seat) if seat != game.to_act else []:
                broken = game.clone()
                chooser, deviated = ignoring(seat, card, len(game.history))
                play(broken, lambda g: False, chooser)
                if deviated[0]:
                    return game, seat, card, broken
    pytest.fail("no seed gave a trump to expose")


def test_unl_exposed_trump_card_played_at_the_first_legal_opportunity(tmp_path: Path) -> None:
    """Seed 003, Exposed Cards: "A trump card exposed during the play must be put face up on the table
    and played at the first legal opportunity": the note binds the offender's play; a record that
    plays another card when the exposed one was legal is refused; one that follows it is entered,
    kept with its note, and replays with ``pitch score``."""
    desk = unl_desk(tmp_path)
    game, seat, card, broken = exposed_position(desk)
    ruled, entry = desk.table_ruling(1, game_record(game, dealt=True), "exposed card", seat, card=str(card))
    assert entry.kind == "exposed card" and entry.hand == len(game.history)
    notes = record_notes(ruled)
    assert [n.to_json()["card"] for n in notes] == [str(card)]

    def honour(g: Game, s: int) -> Action | None:
        if s == seat and Play(seat, card) in g.legal_actions():
            return Play(seat, card)
        return None

    replayed = game.clone()
    play(replayed, lambda g: False, honour)
    with pytest.raises(NoteError, match="first legal opportunity"):
        check_notes(game_record(broken), notes)
    with pytest.raises(DeskError, match="first legal opportunity"):
        desk.result(1, {"players": ruled["players"], "hands": game_record(broken),
                        "rulings": ruled["rulings"]})
    with pytest.raises(DeskError, match="exposed card ruling logged for hand"):
        desk.result(1, game_record(replayed))
    result = desk.result(1, {"players": ruled["players"], "hands": game_record(replayed),
                             "rulings": ruled["rulings"]})
    kept = json.loads((desk.folder / "games" / result.record).read_text(encoding="utf-8"))
    assert kept["rulings"] == ruled["rulings"]
    assert score_document(kept)["scores"] == list(replayed.scores)


def test_unl_a_card_exposed_during_the_bidding_is_not_penalized(tmp_path: Path) -> None:
    """Seed 003, Exposed Cards: "A card exposed during the bidding is not penalized"; and only a trump
    exposed during the play is bound."""
    desk = unl_desk(tmp_path)
    game = table_game(desk)
    held = str(game.hand.holding(1)[0])
    with pytest.raises(DeskError, match="not penalized"):
        desk.table_ruling(1, game_record(game, dealt=True), "exposed card", 1, card=held)
    play(game, in_play)
    seat = next(s for s in game.hand.seats if len(trumps_held(game, s)) < len(game.hand.holding(s)))
    plain = next(c for c in game.hand.holding(seat) if c not in trumps_held(game, seat))
    with pytest.raises(DeskError, match="not a trump"):
        desk.table_ruling(1, game_record(game, dealt=True), "exposed card", seat, card=str(plain))
    assert desk.event.rulings == []


def turn_of(seat: int) -> Callable[[Game], bool]:
    return lambda g: g.to_act == seat


def out_of_turn_position(desk: Desk) -> tuple[Game, int, Card]:
    """A game in play where the seat after the one to act has not played to the trick, with the card
    it will be able to play at its turn."""
    for seed in range(1, 60):
        game = table_game(desk, seed)
        play(game, lambda g: in_play(g) and len(g.hand.trick) == 1)
        if game.over:
            continue
        to_act = game.to_act
        assert to_act is not None
        nxt = (to_act + 1) % 4
        copy = game.clone()
        play(copy, turn_of(nxt))
        legal = [a for a in copy.legal_actions() if isinstance(a, Play)]
        if len(legal) >= 2 and len(game.hand.trick) < 3:
            return game, nxt, legal[0].card
    pytest.fail("no seed gave a pitch out of turn")


def test_unl_pitch_out_of_turn_let_stand_is_the_offenders_play_at_his_turn(tmp_path: Path) -> None:
    """Seed 003, Pitch out of turn: "the correct pitcher may let the incorrect pitched card stand ...
    the play will revert to the correct position": the card let stand is the offender's next play;
    another card is refused, and a retracted card binds nothing."""
    desk = unl_desk(tmp_path)
    game, seat, card = out_of_turn_position(desk)
    record = game_record(game, dealt=True)
    with pytest.raises(DeskError, match="did not pitch out of turn"):
        to_act = game.to_act or 0
        desk.table_ruling(1, record, "pitch out of turn", to_act, card=str(game.hand.holding(to_act)[0]),
                          stand=True)
    ruled, entry = desk.table_ruling(1, record, "pitch out of turn", seat, card=str(card), stand=True)
    assert "let stand" in entry.detail

    def other(g: Game, s: int) -> Action | None:
        legal = [a for a in g.legal_actions() if a != Play(seat, card)]
        return legal[0] if s == seat and legal and card in g.hand.holding(seat) else None

    broken = game.clone()
    play(broken, lambda g: False, other)
    with pytest.raises(NoteError, match="let stand"):
        check_notes(game_record(broken), record_notes(ruled))
    follows = game.clone()
    play(follows, lambda g: False, lambda g, s: Play(seat, card) if s == seat and Play(seat, card)
         in g.legal_actions() else None)
    check_notes(game_record(follows), record_notes(ruled))
    retracted, _ = desk.table_ruling(1, record, "pitch out of turn", seat, card=str(card), stand=False)
    check_notes(game_record(broken), record_notes(retracted))


@pytest.mark.parametrize("bidding_team", [True, False])
def test_unl_pitch_out_of_turn_penalty_a_and_b(tmp_path: Path, bidding_team: bool) -> None:
    """Seed 003, Pitch out of turn, the penalties: a) the offending team has the bid: "they will
    automatically be sent the value of their bid and opposing team received 10 points"; b) it has
    not: "their opponents receive an automatic 10 points". The hand ends there; the ruling is in the
    record and ``pitch score`` replays it to the same scores."""
    desk = unl_desk(tmp_path)
    game = table_game(desk, 3)
    play(game, in_play)
    pitcher, bid = game.hand.pitcher, game.hand.bid
    assert pitcher is not None and bid is not None
    offender = pitcher if bidding_team else (pitcher + 1) % 4
    ruled, entry = desk.table_ruling(1, game_record(game, dealt=True), "pitch out of turn", offender,
                                     penalty=True)
    last = ruled["hands"][-1]  # type: ignore[index]
    action = last["actions"][-1]
    assert action["ruling"] == "pitch out of turn" and action["seat"] == offender
    team = {offender % 2}
    expected = [(-bid if bidding_team else 0) if s % 2 in team else 10 for s in range(4)]
    assert action["delta"] == expected
    assert score_document(ruled)["scores"] == [a + b for a, b in zip(game.scores, expected, strict=True)]
    assert entry.kind == "pitch out of turn"


def test_unl_unequal_number_of_cards_voids_the_hand(tmp_path: Path) -> None:
    """Seed 003, Misc.: "If it is discovered during the course of play that there are an unequal
    number of cards in a player's hand, the entire hand will be void": no score, the same dealer deals
    again; through the command line the record is written with the ruling and ``pitch score`` agrees."""
    desk = unl_desk(tmp_path)
    game = table_game(desk, 2)
    play(game, lambda g: in_play(g) and len(g.hand.tricks) == 2)
    said, ruled = rule_by_command(desk, game, tmp_path, "--void", 2)
    assert "void hand" in said
    out = score_document(ruled)
    assert out["hands"][-1]["ruling"] == "void hand" and out["scores"] == list(game.scores)  # type: ignore[index]
    assert Desk.open(desk.folder).event.rulings[0].kind == "void hand"
    dealer = game.hand.dealer
    again, _ = replay_game(record_hands(ruled))
    assert again.hand.dealer == dealer and again.hand.seats == (0, 1, 2, 3)


def test_unl_protest_must_be_declared_before_the_next_trick(tmp_path: Path) -> None:
    """Seed 003, Misc.: "Any protest or rule clarification must be declared prior to the next trick":
    a protest about trick 1 is taken until the first card of trick 2, then refused."""
    desk = unl_desk(tmp_path)
    game = table_game(desk, 4)
    play(game, lambda g: in_play(g) and len(g.hand.tricks) == 1)
    ruled, entry = desk.table_ruling(1, game_record(game, dealt=True), "protest", 1, trick=1, upheld=False,
                                     about="renege claimed")
    assert entry.detail == "protest about trick 1: denied: renege claimed"
    check_notes(game_record(game, dealt=True), record_notes(ruled))
    play(game, lambda g: len(g.hand.trick) == 1)
    with pytest.raises(DeskError, match="before the next trick"):
        desk.table_ruling(1, game_record(game, dealt=True), "protest", 1, trick=1, upheld=True)
    with pytest.raises(DeskError, match="has not begun"):
        desk.table_ruling(1, game_record(game, dealt=True), "protest", 1, trick=4, upheld=True)


def test_unl_rulings_bad_input_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    desk = unl_desk(tmp_path)
    game = table_game(desk)
    play(game, in_play)
    refused_unchanged(desk, game, tmp_path, [(("--void", 1, "--protest", 2), "give one ruling"),
                                             ((RECORD, "--exposed", 1), "needs the card"),
                                             ((RECORD, "--out-of-turn", 1, "--card", "ZZ"), "not a card"),
                                             ((RECORD, "--void", 7), "not playing"),
                                             ((RECORD, "--protest", 1, "--trick", 1), "upheld or denied"),
                                             (("--misplay", 1), "--correctable")])
