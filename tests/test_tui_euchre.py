"""The terminal table at Euchre, in the words of the game: the making keys show their suit (no markup
shown as text), the hand panel says "Making trump" and who makes what, the maker must take tricks, the
maker's bid cell says the suit and how it was made (alone or not), a loner's partner sits out in the
seats table, a hand's scores are each team's, and the scores screen says made or euchred."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot
from typer.testing import CliRunner

from pitchkit import Game, make_rules
from pitchkit.cli import app
from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Phase
from pitchkit.engine.cards import CARDS, GLYPHS, Suit, card_label, parse_cards, suit_label
from pitchkit.engine.hand import Hand
from pitchkit.engine.record import game_record
from pitchkit.engine.view import make_view
from pitchkit.tui.app import PlayApp
from pitchkit.tui.cards import card_markup, suit_markup
from pitchkit.tui.explain import card_note, jokers_note
from pitchkit.tui.keys import choices
from pitchkit.tui.narrate import (
    action_line,
    auction_words,
    instruction,
    live_lines,
    result_lines,
    trick_lines,
)
from pitchkit.tui.render import history_table, info_text, prompt_text, seats_table
from pitchkit.tui.replay import ReplayApp
from pitchkit.tui.textlog import load_replay
from tests.test_euchre_alone import FARMER, KITTY, deal
from tests.test_tui import log_text, make_app, run, settle, text_of

NAMES = ["You", "Seat 1", "Seat 2", "Seat 3"]


def plain(renderable: object) -> str:
    """What a renderable shows, as plain text on one wide line per row."""
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


def ordered_up(seed: int, *, alone: bool) -> Game:
    """A Euchre game whose first hand's upcard the first seat to speak orders up, alone or not."""
    game = Game(make_rules("euchre"), seed=seed)
    seat = game.to_act
    assert seat is not None
    game.apply(next(a for a in game.hand.legal_actions() if isinstance(a, DeclareTrump)))
    game.apply(Choose(seat, Choice.ALONE if alone else Choice.PARTNER))
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_making_keys_show_the_suit_not_its_markup(seed: int) -> None:
    game = Game(make_rules("euchre"), seed=seed)
    seat = game.to_act
    assert seat is not None
    view = make_view(game.hand, seat)
    prompt = prompt_text(view, NAMES, choices(view)).plain
    assert view.upcard is not None and view.upcard.suit is not None
    suit = Text.from_markup(suit_markup(view.upcard.suit)).plain
    assert "[" not in prompt and "order up" in prompt and "p:pass" in prompt and suit in prompt


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_making_prompt_says_order_up_pick_up_name_trump_and_alone(seed: int) -> None:
    """Round one asks to order up the upcard (the dealer: to pick it up), round two to name trump,
    then the maker is asked to go alone or not; never to bid or make trump in Pitch's words."""
    game = Game(make_rules("euchre"), seed=seed)

    def prompt() -> str:
        seat = game.to_act
        assert seat is not None
        view = make_view(game.hand, seat)
        return prompt_text(view, NAMES, choices(view)).plain

    upcard = card_label(CARDS[game.hand.upcard or 0])
    assert f"Your turn: order up {upcard} or pass" in prompt()
    for _ in range(3):
        game.apply(Bid(game.to_act or 0, None))
    assert game.to_act == game.hand.dealer and f"Your turn: pick up {upcard} or pass" in prompt()
    game.apply(Bid(game.to_act or 0, None))
    assert "Your turn: name trump or pass" in prompt()
    game.apply(next(a for a in game.hand.legal_actions() if isinstance(a, DeclareTrump)))
    assert "Your turn: alone or with your partner?" in prompt() and "a:go alone" in prompt()


def test_the_left_bower_and_the_benny_are_named_in_euchre_words() -> None:
    """A play of the jack of the other suit of trump's colour is the left bower at Euchre (the jick at
    Pitch), and the joker of euchre-uk is the Benny."""
    left, right = parse_cards(["JD", "JH"])
    assert card_note(left, make_rules("euchre"), Suit.H) == "the left bower, a trump"
    assert card_note(left, make_rules("ten-point"), Suit.H) == "the jick (off-jack), a trump"
    assert card_note(right, make_rules("euchre"), Suit.H) == ""
    benny = next(CARDS[c] for c in make_rules("euchre-uk").deck_cards if CARDS[c].is_joker)
    assert card_note(benny, make_rules("euchre-uk"), Suit.C) == "the Benny, the highest trump"


def test_a_hand_everyone_passes_is_thrown_in_not_a_misdeal() -> None:
    """Everyone passing twice throws the hand in and the deal passes: the summary, the text log and
    the scores say so in Euchre's words."""
    game = Game(make_rules("euchre"), seed=3)
    for _ in range(8):
        game.apply(Bid(game.to_act or 0, None))
    hand = game.history[-1]
    assert result_lines(hand, NAMES) == [
        "Everyone passed: the hand is thrown in and the next dealer deals."]
    assert "thrown in" in plain(history_table([hand], NAMES, 4)) and "misdeal" not in plain(
        history_table([hand], NAMES, 4))


def test_a_throw_in_hand_is_thrown_in_by_its_player_and_the_same_dealer_deals() -> None:
    """With ``throw-in``, a player dealt nines and tens throws in the hand (not "calls a misdeal")."""
    rules = make_rules("euchre", {"throw-in": True})
    held = "9C TC 9D TD 9S"
    others = [str(CARDS[c]) for c in rules.deck_cards if str(CARDS[c]) not in held.split()]
    cards = [held, *(" ".join(others[5 * i:5 * i + 5]) for i in range(3))]
    hand = Hand(rules, dealer=3, hands=[[int(c) for c in parse_cards(h.split())] for h in cards],
                stock=[int(c) for c in parse_cards(others[15:19])])
    throw = Choose(0, Choice.MISDEAL)
    hand.apply(throw)
    assert action_line(throw, rules, NAMES) == "You: throw in the hand"
    assert auction_words(throw, rules, ["Seat 0", *NAMES[1:]]) == "Seat 0 throws in the hand"
    assert result_lines(hand, NAMES) == ["You throw in the hand: it is not scored and the same dealer "
                                         "deals again."]


def test_the_dealers_discard_is_face_down_and_the_call_column_is_not_a_bid() -> None:
    """The dealer who picked up is asked to discard one card face down (Euchre has no point cards),
    and the seats table heads the column of passes and the make "call", not "bid"."""
    game = Game(make_rules("euchre"), seed=2)
    dealer = game.hand.dealer
    for _ in range(3):
        game.apply(Bid(game.to_act or 0, None))
    game.apply(next(a for a in game.hand.legal_actions() if isinstance(a, DeclareTrump)))
    game.apply(Choose(dealer, Choice.PARTNER))
    view = make_view(game.hand, dealer)
    assert view.phase == Phase.DISCARD
    prompt = prompt_text(view, NAMES, choices(view)).plain
    assert "discard 1 card face down" in prompt and "point" not in prompt
    header = plain(seats_table(view, NAMES)).splitlines()[0].split()
    assert "call" in header and "bid" not in header


@pytest.mark.parametrize("alone", [False, True])
def test_the_hand_panel_says_who_makes_trump_and_the_tricks_to_take(alone: bool) -> None:
    game = ordered_up(4, alone=alone)
    view = make_view(game.hand, 0)
    maker = view.pitcher
    assert maker is not None and view.trump is not None
    info = info_text(view, NAMES, 1).plain
    owner = "Your team" if maker == 0 else f"{NAMES[maker]}'s team"
    assert (f"{NAMES[maker]} must take 3 tricks alone" if alone else f"{owner} must take 3 tricks") in info
    verb = "make" if maker == 0 else "makes"
    words = " ".join(info.split())
    assert "Making trump: " in words and f"{NAMES[maker]} {verb} {view.trump.long_name}" in words
    partner = (maker + 2) % 4
    rows = plain(seats_table(view, NAMES))
    line = next(r for r in rows.splitlines() if NAMES[partner] in r)
    assert (" out" in line) == alone
    assert ("alone" if alone else "with the partner") in words


def test_a_euchre_hands_scores_are_each_teams() -> None:
    game = ordered_up(5, alone=False)
    while not game.history:
        seat = game.to_act
        assert seat is not None
        game.apply(game.hand.legal_actions()[0])
    (scores,) = [line for line in result_lines(game.history[-1], NAMES) if line.startswith("Scores: ")]
    assert scores.startswith("Scores: team A ") and ", team B " in scores and "Seat" not in scores


def test_pitch_play_takes_the_preset_by_name_and_tells_a_euchre_hand_by_teams() -> None:
    """``pitch play --preset euchre`` (the name ``pitch rules`` lists; ``--variant`` too): each hand's
    scores are each team's."""
    done = CliRunner().invoke(app, ["play", "--preset", "euchre", "--all-bots", "--fast", "--no-save",
                                    "--seed", "2", "--max-hands", "2"])
    assert done.exit_code == 0, done.output
    scores = [line.strip() for line in done.stdout.splitlines() if line.strip().startswith("Scores: ")]
    team = r"team {} -?\d+ [+-]\d+ = -?\d+"
    line = f"Scores: {team.format('A')}, {team.format('B')}"
    assert scores and all(re.fullmatch(line, s) for s in scores), scores


def seat_row(app: PlayApp, name: str) -> list[str]:
    """The seats table's lines from the row of ``name`` to the next seat's (a maker's cell may take
    two lines)."""
    lines = text_of(app, "#seats").splitlines()
    start = next(i for i, line in enumerate(lines) if name in line)
    rest = [i for i in range(start + 1, len(lines)) if any(n in lines[i] for n in NAMES)]
    return lines[start:rest[0] if rest else len(lines)]


def key_for(app: PlayApp, action: Action) -> str:
    """The key of ``action`` on the human's turn."""
    return next(k.key for k in choices(app.session.view(0)) if k.action == action)


@pytest.mark.parametrize(("dealer", "round_two", "alone", "words"), [
    (3, False, False, "ordered"), (3, False, True, "ordered"), (0, False, False, "picked up"),
    (3, True, False, "named"), (3, True, True, "named")])
@pytest.mark.slow
def test_the_makers_bid_cell_says_the_suit_how_trump_was_made_and_alone(
        tmp_path: Path, dealer: int, round_two: bool, alone: bool, words: str) -> None:
    """The bid column shows the maker's suit (in place of a Pitch bid's star and number), ordered up,
    picked up by the dealer or named in round two as the browser table says them, and ``alone`` under
    it when the maker goes alone; the loner's partner is ``out``."""
    app = make_app(make_rules("euchre"), tmp_path, dealer=dealer, passing=True)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        if round_two:
            await pilot.press("p")
            await settle(app, pilot)  # the others pass too: round two comes back to the human
        view = s.view(0)
        assert view.my_turn and view.upcard is not None
        call = next(a for a in view.legal if isinstance(a, DeclareTrump))
        await pilot.press(key_for(app, call))
        await settle(app, pilot)
        await pilot.press(key_for(app, Choose(0, Choice.ALONE if alone else Choice.PARTNER)))
        await settle(app, pilot)
        assert s.game.hand.pitcher == 0
        row = seat_row(app, "You")
        glyph = GLYPHS[call.suit]
        assert f"{glyph} {words}" in row[0] and "★" not in row[0], row
        assert any(line.split()[-1:] == ["alone"] for line in row[1:]) == alone, row
        assert (" out" in seat_row(app, "Seat 2")[0]) == alone
        await pilot.press("q")

    run(app, script)


def test_the_history_says_who_made_which_suit_and_whether_it_was_euchred() -> None:
    """The scores screen's contract, in a hand scored by tricks: the maker, the suit, alone, made or
    euchred (never a Pitch bid's "3 set")."""
    game = ordered_up(5, alone=False)
    while not game.history:
        game.apply(game.hand.legal_actions()[0])
    hand = game.history[-1]
    res = hand.result
    assert res is not None and res.pitcher is not None and res.trump is not None
    text = plain(history_table(game.history, NAMES, 4))
    verdict = "made" if res.made else "euchred"
    assert f"{NAMES[res.pitcher]} {GLYPHS[res.trump]} {verdict}" in text and " set" not in text


@pytest.mark.parametrize("alone", [False, True])
def test_a_narrow_seats_table_shows_the_makers_suit_without_cutting_a_column(alone: bool) -> None:
    """In a narrow terminal (the compact seats table, 30 columns inside its panel) the maker's cell is
    the suit alone and no column is cut short."""
    game = ordered_up(4, alone=alone)
    view = make_view(game.hand, 0)
    assert view.pitcher is not None and view.trump is not None
    console = Console(width=30, file=io.StringIO(), record=True)
    console.print(seats_table(view, NAMES, compact=True))
    rows = console.export_text()
    line = next(r for r in rows.splitlines() if NAMES[view.pitcher] in r)
    assert GLYPHS[view.trump] in line and "…" not in rows, rows


@pytest.mark.slow
@pytest.mark.parametrize("round_two", [False, True])
def test_the_live_log_says_who_makes_trump_and_the_dealer_picking_up(tmp_path: Path, round_two: bool) -> None:
    """The table's log tells the making as the text log does: ``"You make ♠ spades trump"`` (not
    ``"You: spades are trump"``), and when the upcard is ordered up ``"Seat 3 picks up 9♥"``; named in
    round two, nobody picks it up."""
    app = make_app(make_rules("euchre"), tmp_path, dealer=3, passing=True)

    async def script(pilot: Pilot[None]) -> None:
        s = app.session
        if round_two:
            await pilot.press("p")
            await settle(app, pilot)
        view = s.view(0)
        assert view.my_turn and view.upcard is not None
        upcard = view.upcard
        call = next(a for a in view.legal if isinstance(a, DeclareTrump))
        await pilot.press(key_for(app, call))
        await settle(app, pilot)
        await pilot.press(key_for(app, Choose(0, Choice.PARTNER)))
        await settle(app, pilot)
        log = log_text(app)
        suit = " ".join(Text.from_markup(suit_markup(call.suit)).plain.split())
        assert f"You make {suit} trump" in log and "are trump" not in log, log
        pickup = f"Seat 3 picks up {Text.from_markup(card_markup(upcard)).plain}"
        assert (pickup in log) != round_two, log
        await pilot.press("q")

    run(app, script)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_the_replay_says_who_makes_trump_and_the_dealer_picking_up_the_upcard(seed: int) -> None:
    """The replay's header tells an action in the log's words: the making of trump, then the dealer
    picking up the upcard once the maker has chosen to play with the partner."""
    game = ordered_up(seed, alone=False)
    while not game.history:
        game.apply(game.hand.legal_actions()[0])
    hand = game.history[0]
    make, partner = hand.log[0], hand.log[1]
    assert isinstance(make, DeclareTrump) and hand.upcard is not None
    upcard = card_label(CARDS[hand.upcard])
    app = ReplayApp(load_replay(game_record(game)), name="g.json")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("right")
        await settle(app, pilot)
        said = text_of(app, "#prompt")
        assert f"action 1/{len(hand.log)}: Seat {make.seat} makes {suit_label(make.suit)} trump" in said
        assert ":" not in said.split(": ", 1)[1] and "are trump" not in said
        await pilot.press("right")
        await settle(app, pilot)
        said = text_of(app, "#prompt")
        assert (f"Seat {partner.seat} plays with the partner; "
                f"Seat {hand.dealer} picks up {upcard}") in said
        await pilot.press("q")

    run(app, script)


def test_a_benny_turned_up_is_named_by_the_dealer_not_made_trump() -> None:
    """euchre-uk, the Benny turned up: the dealer first names the suit it stands for (asked in those
    words), which the logs and the hand panel tell apart from making trump."""
    rules = make_rules("euchre-uk")
    cards = ["JH JD AH KC 9S", "QH TC 9C AS KS", "KH QC JC QS TS", "TH AC AD KD QD"]
    hand = Hand(rules, dealer=3, hands=[[int(c) for c in parse_cards(h.split())] for h in cards],
                stock=[int(c) for c in parse_cards(["BJ", "9H", "TD", "JS", "9D"])])
    dealer_view = make_view(hand, 3)
    assert "Your turn: name the suit the Benny stands for" in prompt_text(
        dealer_view, NAMES, choices(dealer_view)).plain
    hand.apply(DeclareTrump(3, Suit.H))
    first = make_view(hand, 0)
    assert "Your turn: order up the Benny or pass" in prompt_text(first, NAMES, choices(first)).plain
    hand.apply(DeclareTrump(0, Suit.H))
    names = ["Seat 0", *NAMES[1:]]
    said = " ".join(trick_lines(hand, names))
    assert "Making trump: Seat 3 names hearts for the Benny, Seat 0 makes hearts trump" in said
    assert live_lines(hand, 1, names) == ["Seat 3 names hearts for the Benny"]
    panel = info_text(make_view(hand, 0), names, 1).plain
    assert "Seat 3 names hearts for the Benny" in " ".join(panel.split())


def test_a_defender_going_alone_against_a_loner_defends_alone() -> None:
    """With ``defend-alone-points``, a defender who goes alone after the maker did is told as
    defending alone, in the log, the text log and the hand panel; the maker still goes alone."""
    game = Game(make_rules("euchre", {"defend-alone-points": 8}), seed=4)
    maker = game.to_act
    assert maker is not None
    game.apply(next(a for a in game.hand.legal_actions() if isinstance(a, DeclareTrump)))
    game.apply(Choose(maker, Choice.ALONE))
    defender = game.to_act
    assert defender is not None and defender % 2 != maker % 2
    game.apply(Choose(defender, Choice.ALONE))
    hand = game.hand
    names = ["Seat 0", *NAMES[1:]]
    assert live_lines(hand, 2, names) == [f"Seat {maker} goes alone"]
    assert live_lines(hand, 3, names)[0] == f"Seat {defender} defends alone"
    said = " ".join(trick_lines(hand, names))
    assert f"Seat {maker} goes alone, Seat {defender} defends alone" in said
    panel = " ".join(info_text(make_view(hand, 0), names, 1).plain.split())
    assert f"Seat {defender} defends alone" in panel


def test_the_dealer_picks_up_a_benny_turned_up_for_the_suit_named() -> None:
    """euchre-uk: once everyone else has passed the Benny's suit, the dealer is asked to pick the
    Benny up (not to name trump, which is round two's question)."""
    rules = make_rules("euchre-uk")
    cards = ["JH JD AH KC 9S", "QH TC 9C AS KS", "KH QC JC QS TS", "TH AC AD KD QD"]
    hand = Hand(rules, dealer=3, hands=[[int(c) for c in parse_cards(h.split())] for h in cards],
                stock=[int(c) for c in parse_cards(["BJ", "9H", "TD", "JS", "9D"])])
    hand.apply(DeclareTrump(3, Suit.H))
    for seat in range(3):
        hand.apply(Bid(seat, None))
    view = make_view(hand, 3)
    assert "Your turn: pick up the Benny or pass" in prompt_text(view, NAMES, choices(view)).plain


def test_the_deck_note_of_euchre_uk_says_what_bj_the_benny_is() -> None:
    """BJ is the Benny at euchre-uk (the highest trump), not the big joker of Pitch; Euchre without the
    Benny has no such note."""
    assert jokers_note(make_rules("euchre-uk")).startswith("BJ is the Benny: the highest trump")
    assert jokers_note(make_rules("euchre")) == ""
    assert jokers_note(make_rules("ten-point")).startswith("BJ and LJ are the big and little joker")


def test_a_farmers_hand_is_asked_to_give_cards_to_the_kitty() -> None:
    """With ``farmers-hand``, the player who calls it gives that many cards to the kitty (for its
    face-down cards), which the prompt says; the dealer's discard after a pick-up stays a discard."""
    hand = deal(FARMER, KITTY, make_rules("euchre", {"farmers-hand": 3}))
    hand.apply(Bid(0, None))
    hand.apply(Choose(1, Choice.FARMER))
    view = make_view(hand, 1)
    assert view.phase == Phase.DISCARD
    assert "give 3 cards to the kitty for as many of its own" in prompt_text(view, NAMES, choices(view)).plain


def test_a_hint_to_make_trump_is_told_as_ordering_up_picking_up_or_naming() -> None:
    """The hint's words at Euchre: order up (the dealer: pick up) the upcard, name a suit in round two,
    name the suit a Benny stands for; other hints as the log says them."""
    game = Game(make_rules("euchre"), seed=2)
    hand = game.hand
    assert hand.upcard is not None
    upcard = CARDS[hand.upcard]
    assert upcard.suit is not None
    first = game.to_act
    assert first is not None and first != hand.dealer

    def told(action: Action) -> str:
        return instruction(action, make_view(game.hand, action.seat), NAMES, fmt=card_label)

    assert told(DeclareTrump(first, upcard.suit)) == f"order up {card_label(upcard)}"
    for _ in range(3):
        game.apply(Bid(game.to_act or 0, None))
    assert told(DeclareTrump(hand.dealer, upcard.suit)) == f"pick up {card_label(upcard)}"
    game.apply(Bid(hand.dealer, None))
    other = next(s for s in Suit if s != upcard.suit)
    assert told(DeclareTrump(first, other)) == f"name {other.long_name} trump"
    assert told(Bid(first, None)) == "pass"
    rules = make_rules("euchre-uk")
    cards = ["JH JD AH KC 9S", "QH TC 9C AS KS", "KH QC JC QS TS", "TH AC AD KD QD"]
    benny = Hand(rules, dealer=3, hands=[[int(c) for c in parse_cards(h.split())] for h in cards],
                 stock=[int(c) for c in parse_cards(["BJ", "9H", "TD", "JS", "9D"])])
    assert instruction(DeclareTrump(3, Suit.H), make_view(benny, 3), NAMES) == "name hearts for the Benny"
    benny.apply(DeclareTrump(3, Suit.H))
    assert instruction(DeclareTrump(0, Suit.H), make_view(benny, 0), NAMES) == "order up the Benny"
