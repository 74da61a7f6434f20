"""Rule-by-rule scenario tests: one module per preset, each test an explicit deal checked against
the seed clause its docstring cites. The helpers here build explicit deals and drive them with a
compact text notation, so each test reads like a hand written on a score sheet."""

from __future__ import annotations

from collections.abc import Sequence

from pitchkit import (
    Bid,
    Card,
    Choose,
    DeclareTrump,
    Discard,
    Game,
    Hand,
    HandResult,
    PassCards,
    Play,
    Rules,
    Suit,
    make_rules,
)
from pitchkit.engine.actions import Action
from pitchkit.engine.record import parse_action

__all__ = ["act", "awards", "cards", "cut_winner", "deal", "finish", "legal", "names", "play", "result",
           "rules_of", "simple_hands"]


def cards(text: str) -> list[Card]:
    """Cards from a space-separated list such as ``"AS 10h BJ"``."""
    return [Card.parse(t) for t in text.split()]


def names(items: Sequence[int]) -> list[str]:
    """Canonical names of cards, sorted by index."""
    return [str(Card(c)) for c in sorted(items)]


def rules_of(variant: str, players: int, options: dict[str, object] | None = None) -> Rules:
    """The rules of a preset for ``players`` seats with options."""
    return make_rules(variant, options, players=players)


def deal(variant: str, *hands: str, dealer: int, stock: str = "", scores: Sequence[int] | None = None,
         options: dict[str, object] | None = None) -> Hand:
    """An explicit deal: one string of cards per seat (empty: the seat sits out)."""
    rules = rules_of(variant, len(hands), options)
    return Hand(rules, dealer=dealer, hands=[cards(h) for h in hands], stock=cards(stock), scores=scores)


def act(target: Hand | Game, *steps: str) -> None:
    """Apply actions written as ``"0 bid 2"``, ``"1 pass"``, ``"3 choose run"``, ``"3 take"``,
    ``"0 trump H"``, ``"1 discard 2C 3C"``, ``"2 pass LJ"`` (to the partner) or ``"0 play AS"``
    (record syntax underneath)."""
    rules = target.rules
    for step in steps:
        seat_text, key, *rest = step.split()
        seat = int(seat_text)
        entry: dict[str, object]
        if key == "pass" and rest:
            entry = {"seat": seat, "pass": rest}
        elif key == "pass":
            entry = {"seat": seat, "bid": "pass"}
        elif key == "take":
            entry = {"seat": seat, "choose": "take"}
        elif key == "discard":
            entry = {"seat": seat, "discard": rest}
        else:
            entry = {"seat": seat, key: rest[0]}
        for action in parse_action(rules, entry):
            target.apply(action)


def play(target: Hand | Game, text: str) -> None:
    """Play cards in order, each by the seat to act; ``"JH/D"`` plays JH and names diamonds."""
    for token in text.split():
        card_text, _, suit = token.partition("/")
        seat = target.to_act
        assert seat is not None, f"nobody is to act before {token}"
        target.apply(Play(seat, Card.parse(card_text)))
        if suit:
            target.apply(DeclareTrump(seat, Suit.parse(suit)))


def legal(target: Hand | Game) -> set[str]:
    """The legal actions of the seat to act, as short text (``"bid 2"``, ``"pass"``, ``"play AS"``,
    ``"choose run"``, ``"trump H"``)."""
    out: set[str] = set()
    for a in target.legal_actions():
        out.add(_short(a))
    return out


def _short(action: Action) -> str:
    match action:
        case Bid(_, None):
            return "pass"
        case Bid(_, amount):
            return f"bid {amount}"
        case Play(_, card):
            return f"play {card}"
        case DeclareTrump(_, suit):
            return f"trump {suit}"
        case Choose(_, option):
            return f"choose {option.value}"
        case Discard(_, chosen):
            return "discard " + " ".join(str(c) for c in chosen)
        case PassCards(_, chosen):
            return "pass " + " ".join(str(c) for c in chosen)
    raise AssertionError(action)  # pragma: no cover


def result(hand: Hand) -> HandResult:
    """The result of a finished hand."""
    assert hand.done and hand.result is not None, f"the hand is in the {hand.phase.value} phase"
    return hand.result


def awards(hand: Hand) -> list[tuple[str, str | None, int]]:
    """The awards of a finished hand in scoring order as (point, card, seat credited)."""
    return [(a.point, None if a.card is None else str(a.card), a.seat) for a in result(hand).awards]


#: Cards worth nothing toward "game" in the three plain suits: filler for simple deals.
_FILLER = [f"{r}{s}" for s in "CDH" for r in "23456789"]


def simple_hands(n: int, pitcher: int, *, sweep: bool, seats: Sequence[int] | None = None) -> list[str]:
    """A deal for an n-seat table where only ``pitcher`` holds spades.

    ``sweep``: the pitcher holds AS KS QS JS TS 2S and takes high, low, jack and game (4 points);
    otherwise the pitcher holds 2S and five blanks: the lone trump is high and low, nobody has a
    card point, so game is tied (2 points). Every other card is a blank of clubs, diamonds or hearts.
    Seats outside ``seats`` get no cards (they sit out).
    """
    playing = list(range(n)) if seats is None else list(seats)
    filler = iter(_FILLER)
    out: list[str] = []
    for s in range(n):
        if s not in playing:
            out.append("")
        elif s == pitcher:
            out.append("AS KS QS JS TS 2S" if sweep else " ".join(["2S", *(next(filler) for _ in range(5))]))
        else:
            out.append(" ".join(next(filler) for _ in range(6)))
    return out


def finish(target: Hand | Game, pitcher: int, lead: str) -> HandResult | None:
    """Bid: ``pitcher`` bids 2 and everyone else passes (a dealer left alone takes it for 2); the
    pitcher leads ``lead``; then every seat plays its first legal card until the hand ends."""
    hand = target.hand if isinstance(target, Game) else target
    out: HandResult | None = None
    while hand.phase.value == "auction":
        seat = hand.to_act
        assert seat is not None
        out = _apply(target, Bid(seat, 2 if seat == pitcher else None))
    assert hand.pitcher == pitcher, f"seat {hand.pitcher} pitches, not seat {pitcher}"
    out = _apply(target, Play(pitcher, Card.parse(lead)))
    while not hand.done:
        out = _apply(target, hand.legal_actions()[0])
    return out if isinstance(target, Game) else hand.result


def _apply(target: Hand | Game, action: Action) -> HandResult | None:
    if isinstance(target, Game):
        return target.apply(action)
    target.apply(action)
    return None


def cut_winner(cuts: Sequence[tuple[int, Card]], n: int) -> int:
    """The dealer a cut record gives by the rule "high card deals; the tied seats (and only they)
    cut again", checking that each round is cut by exactly the seats still in it, in seat order."""
    contenders = list(range(n))
    pos = 0
    while True:
        round_ = cuts[pos:pos + len(contenders)]
        assert [s for s, _ in round_] == contenders
        pos += len(contenders)
        top = max(c.rank or 0 for _, c in round_)
        contenders = [s for s, c in round_ if c.rank == top]
        if len(contenders) == 1:
            assert pos == len(cuts), "cards were cut after the deal was decided"
            return contenders[0]
