"""How cards look at the table: suit glyphs and colours, and a hand sorted by suit, trumps first."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from pitchkit.engine.cards import GLYPHS, Card, Suit, card_label, suit_label
from pitchkit.engine.rules import Rules
from pitchkit.engine.trump import table_for

#: suits shown in alternating colours when no trump is known
SUIT_ORDER = (Suit.S, Suit.H, Suit.C, Suit.D)


def card_style(card: Card) -> str:
    """Rich style of a card: red suits in red, jokers in magenta."""
    if card.is_joker:
        return "bold magenta"
    return "bold red" if card.suit in (Suit.D, Suit.H) else "bold"


def card_markup(card: Card) -> str:
    """A card as Rich console markup."""
    return f"[{card_style(card)}]{card_label(card)}[/]"


def card_text(card: Card) -> Text:
    """A card as styled Rich text."""
    return Text(card_label(card), style=card_style(card))


def suit_style(suit: Suit) -> str:
    """A suit's style: its colour, in bold."""
    return f"bold {'red' if suit in (Suit.D, Suit.H) else 'default'}"


def suit_markup(suit: Suit) -> str:
    """A suit name as Rich markup, in its colour."""
    return f"[{suit_style(suit)}]{suit_label(suit)}[/]"


def group_hand(cards: Iterable[Card], rules: Rules, trump: Suit | None) -> list[tuple[str, list[Card]]]:
    """The cards in display groups, each high to low: once trump is known the trumps (with the
    off-jack and jokers) come first, then the other suits; before that, by suit with jokers first."""
    held = list(cards)
    groups: list[tuple[str, list[Card]]] = []
    if trump is None:
        jokers = sorted(c for c in held if c.is_joker)
        if jokers:
            groups.append(("jokers", jokers))
        for suit in SUIT_ORDER:
            in_suit = sorted((c for c in held if c.suit == suit), reverse=True)
            if in_suit:
                groups.append((GLYPHS[suit], in_suit))
        return groups
    tt = table_for(rules, int(trump))
    trumps = sorted((c for c in held if tt.is_trump(c)), key=lambda c: (-tt.power[c], int(c)))
    if trumps:
        groups.append((f"trump {GLYPHS[trump]}", trumps))
    for suit in SUIT_ORDER:
        if suit == trump:
            continue
        in_suit = sorted((c for c in held if not tt.is_trump(c) and c.suit == suit),
                         key=lambda c: -tt.power[c])
        if in_suit:
            groups.append((GLYPHS[suit], in_suit))
    return groups


def sorted_hand(cards: Iterable[Card], rules: Rules, trump: Suit | None) -> list[Card]:
    """The cards in display order (see :func:`group_hand`)."""
    return [c for _, group in group_hand(cards, rules, trump) for c in group]
