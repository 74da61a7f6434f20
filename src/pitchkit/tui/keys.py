"""Which key chooses what: cards by number then letter (a discard or a pass to the partner selects
cards, Enter confirms), bids by digit, p to pass, suits by c/d/h/s.

Every key of a phase maps to an action whether or not it is legal now, so that pressing an illegal
choice reaches the engine, which names the reason and changes nothing."""

from __future__ import annotations

from dataclasses import dataclass

from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Phase, Play
from pitchkit.engine.cards import Card, Suit
from pitchkit.engine.view import View
from pitchkit.tui.cards import card_markup, sorted_hand, suit_markup

#: keys for the cards of a hand, in display order (c d h s p n q are kept for other choices)
CARD_KEYS = "1234567890abefgijklmortuvwxyz"
SUIT_KEYS: dict[str, Suit] = {"c": Suit.C, "d": Suit.D, "h": Suit.H, "s": Suit.S}
_SPARE = "abefgijklntuvwxyz"


@dataclass(frozen=True, slots=True)
class KeyChoice:
    """One key of the current phase: the action it takes (``None``: selects a card to discard)."""

    key: str
    label: str
    action: Action | None
    legal: bool
    card: Card | None = None


def card_keys(view: View) -> dict[str, Card]:
    """Key of each card of the seat's hand, in display order."""
    cards = sorted_hand(view.hand, view.rules, view.trump)
    return dict(zip(CARD_KEYS, cards, strict=False))


def _assign(used: set[str], *preferred: str) -> str:
    candidates: list[str] = [*preferred, *_SPARE]
    for key in candidates:
        if key and key not in used:
            used.add(key)
            return key
    raise AssertionError("out of keys")  # pragma: no cover - there are more keys than bids


def auction_choices(view: View) -> list[KeyChoice]:
    """Pass, every bid of the rules and the dealer's choices, legal or not."""
    rules, seat = view.rules, view.seat
    legal = set(view.legal)
    taking = Choose(seat, Choice.RUN) in legal
    used: set[str] = set()
    out = [KeyChoice(_assign(used, "p"), "pass", Bid(seat, None), Bid(seat, None) in legal)]
    names = {Choice.RUN: ("r", "run it"), Choice.SELL: ("s", "sell"), Choice.MISDEAL: ("m", "misdeal")}
    for option, (key, label) in names.items():
        choose = Choose(seat, option)
        if choose in legal:
            out.append(KeyChoice(_assign(used, key), label, choose, True))
    values = list(range(rules.min_bid, rules.max_bid + 1))
    if rules.smudge_bids:
        values += [rules.smudge, rules.over_smudge]
    for value in values:
        name = rules.bid_name(value)
        action = Bid(seat, value)
        if name == "smudge":
            key = _assign(used, "s", "u")
        elif name == "over-smudge":
            key = _assign(used, "o")
        else:
            key = _assign(used, str(value % 10) if value <= 10 else "")
        label = f"bid {name} (take it)" if taking and value == rules.forced_bid else f"bid {name}"
        out.append(KeyChoice(key, label, action, action in legal))
    return out


def making_choices(view: View) -> list[KeyChoice]:
    """Making trump with the upcard: p to pass, a suit by c/d/h/s; then a to go alone (or defend
    alone) or w to play with the partner; before looking, b for a blind double loner or l to look; f
    for a farmer's hand."""
    seat, legal = view.seat, set(view.legal)
    alone, partner = Choose(seat, Choice.ALONE), Choose(seat, Choice.PARTNER)
    if alone in legal:
        verb = "go" if view.pitcher == seat else "defend"
        return [KeyChoice("a", f"{verb} alone", alone, True),
                KeyChoice("w", "with the partner", partner, True)]
    blind = Choose(seat, Choice.BLIND)
    if blind in legal:
        return [KeyChoice("b", "blind double loner", blind, True),
                KeyChoice("l", "look at your cards", Choose(seat, Choice.LOOK), True)]
    out = [KeyChoice("p", "pass", Bid(seat, None), Bid(seat, None) in legal), *trump_choices(view)]
    for key, option, label in (("m", Choice.MISDEAL, "throw in"), ("f", Choice.FARMER, "farmer's hand")):
        if Choose(seat, option) in legal:
            out.append(KeyChoice(key, label, Choose(seat, option), True))
    return out


def trump_choices(view: View) -> list[KeyChoice]:
    """The four suits by c, d, h, s."""
    legal = set(view.legal)
    out = []
    for key, suit in SUIT_KEYS.items():
        action = DeclareTrump(view.seat, suit)
        out.append(KeyChoice(key, suit_markup(suit), action, action in legal))
    return out


def play_choices(view: View) -> list[KeyChoice]:
    """Every card in hand (the engine refuses the ones that may not be played)."""
    legal = set(view.legal)
    out = []
    for key, card in card_keys(view).items():
        action = Play(view.seat, card)
        out.append(KeyChoice(key, card_markup(card), action, action in legal, card))
    throw_in = Choose(view.seat, Choice.MISDEAL)
    if throw_in in legal:  # no ace, no face, no trump: thrown in instead of the first card
        out.append(KeyChoice("n", "throw in", throw_in, True))
    return out


def discard_choices(view: View) -> list[KeyChoice]:
    """Every card in hand, as a toggle of the discard selection."""
    allowed = set(view.discard_options[0]) if view.discard_options else set()
    return [KeyChoice(key, card_markup(card), None, card in allowed, card)
            for key, card in card_keys(view).items()]


def exchange_choices(view: View) -> list[KeyChoice]:
    """Every card in hand, as a toggle of the cards to pass to the partner."""
    return [KeyChoice(key, card_markup(card), None, True, card) for key, card in card_keys(view).items()]


def choices(view: View) -> list[KeyChoice]:
    """The keys of the seat's current decision (empty when it is not the seat's turn)."""
    if not view.my_turn:
        return []
    if view.phase == Phase.AUCTION:
        return making_choices(view) if view.upcard is not None else auction_choices(view)
    if view.phase == Phase.TRUMP:
        return trump_choices(view)
    if view.phase == Phase.DISCARD:
        return discard_choices(view)
    if view.phase == Phase.EXCHANGE:
        return exchange_choices(view)
    if view.phase == Phase.PLAY:
        return play_choices(view)
    return []
