"""The heuristic bot's decisions when a hand scores by tricks and trump is made with the upcard
(Euchre): which suit to make trump, when to go alone or defend alone, a blind double loner only when
nothing less can still win the game, a farmer's hand always exchanged, the dealer's discard, the
partner's best card, and play that takes tricks as cheaply as it can and leaves a trick the partner
is winning to the partner."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Discard, PassCards, Play
from pitchkit.engine.cards import CARDS, JACK, Card
from pitchkit.engine.trump import TrumpTable, table_for
from pitchkit.engine.view import View

ACE = 14


@dataclass(frozen=True, slots=True)
class MakingPolicy:
    """When the bot makes trump, from a holding's :func:`strength` (about a trick per point):
    ``make_at`` in round one (ordering up, or the dealer picking up) and ``name_at`` in round two;
    the upcard is worth ``upcard`` to the dealer's side; a plain suit the holding is void in is worth
    ``void`` with two trumps or more; ``alone_at`` and ``defend_alone_at`` for going and defending
    alone."""

    make_at: float
    name_at: float
    alone_at: float
    defend_alone_at: float
    upcard: float = 1.0
    void: float = 0.0


#: the bot's policy: it expects its partner to bring about a trick, so it makes trump with about two
#: tricks of its own (``benchmarks/euchre_heuristic.py`` measures it)
MAKING = MakingPolicy(make_at=6.0, name_at=6.0, alone_at=9.5, defend_alone_at=11.5, void=0.5)


def strength(view: View, cards: list[int], suit: int, policy: MakingPolicy = MAKING) -> float:
    """How many tricks-worth a holding is with ``suit`` as trump: each trump by its rank (the right
    bower 3, the left 2.8, the ace 2.6 ... the nine 1), each plain ace 1, each plain suit missing
    ``policy.void`` with two trumps or more."""
    tt = table_for(view.rules, suit)
    total = 0.0
    trumps = 0
    plain: set[int] = set()
    for c in cards:
        if tt.is_trump(c):
            trumps += 1
            total += 1.0 + max(0, tt.power[c] - 9) * 0.2
        else:
            plain.add(tt.suit[c])
            if c % 13 + 2 == ACE:
                total += 1.0
    if trumps >= 2:
        total += policy.void * sum(1 for s in range(4) if s != suit and s not in plain)
    return total


def making_score(view: View, suit: int, policy: MakingPolicy = MAKING) -> tuple[float, list[int]]:
    """The seat's :func:`strength` with ``suit`` as trump, with the upcard counted where making it
    trump gives it to the dealer (in the dealer's hand, the worst card discarded; to the dealer's
    side otherwise, against it), and the cards the seat would hold."""
    seat, up = view.seat, view.upcard
    cards = [int(c) for c in view.hand]
    ordered = up is not None and suit == int(up) // 13  # only round one may make the upcard's suit
    if ordered and up is not None and seat == view.dealer and up not in view.hand:
        cards = sorted([*cards, int(up)], key=lambda c: _keep_value(view, c, suit))[1:]
    score = strength(view, cards, suit, policy)
    if ordered and seat != view.dealer:
        partner = view.rules.partner_of(seat)
        score += policy.upcard if view.dealer == partner else -policy.upcard
    return score, cards


def choose_making(view: View, policy: MakingPolicy = MAKING) -> Action:
    """Pass or make trump; once made, go alone with a very strong hand."""
    seat, legal = view.seat, view.legal
    if Choose(seat, Choice.BLIND) in legal:
        return Choose(seat, Choice.BLIND if _blind_wins(view) else Choice.LOOK)
    if Choose(seat, Choice.ALONE) in legal:
        assert view.trump is not None and view.pitcher is not None
        defending = view.rules.team_of(view.pitcher) != view.rules.team_of(seat)
        _, cards = making_score(view, int(view.trump), policy)  # a dealer's with the upcard picked up
        alone = strength(view, cards, int(view.trump), policy) >= (
            policy.defend_alone_at if defending else policy.alone_at)
        return Choose(seat, Choice.ALONE if alone else Choice.PARTNER)
    for option in (Choice.FARMER, Choice.MISDEAL):  # a farmer's hand is exchanged, a throw-in thrown in
        if Choose(seat, option) in legal:
            return Choose(seat, option)
    best = best_call(view, policy)
    passing = Bid(seat, None)
    if best is not None and (best[0] >= threshold(view, policy) or passing not in legal):
        return best[1]
    return passing


def best_call(view: View, policy: MakingPolicy = MAKING) -> tuple[float, DeclareTrump] | None:
    """The seat's strongest legal call with its :func:`making_score` (None if it may not call)."""
    best: tuple[float, DeclareTrump] | None = None
    for call in view.legal:
        if type(call) is DeclareTrump:
            score, _ = making_score(view, int(call.suit), policy)
            if best is None or score > best[0]:
                best = (score, call)
    return best


def threshold(view: View, policy: MakingPolicy = MAKING) -> float:
    """The strength at which the seat makes trump now: ``make_at`` while the upcard may be ordered
    up, ``name_at`` once it was turned down."""
    turned_down = any(type(a) is Bid and a.seat == view.dealer for a in view.log)
    return policy.name_at if turned_down else policy.make_at


def _blind_wins(view: View) -> bool:
    """Call a blind double loner only when the opponents are one hand from the game and a blind
    march, and nothing less, would win it for the bot's side."""
    r, seat = view.rules, view.seat
    target = r.target or 0
    mine = view.scores[seat]
    theirs = max(view.scores[s] for s in view.seats if r.team_of(s) != r.team_of(seat))
    return bool(target) and theirs + r.euchre_points >= target > mine + r.alone_march_points \
        and mine + r.blind_loner_points >= target


def _keep_value(view: View, card: int, trump: int) -> float:
    """How much the dealer wants to keep a card once ``trump`` is made: trumps by rank, then aces,
    then the rest (short suits go first)."""
    tt = table_for(view.rules, trump)
    if tt.is_trump(card):
        return 100.0 + tt.power[card]
    return float(card % 13 + 2)


def choose_discard(view: View) -> Discard:
    """The dealer's discard after picking up: the card least worth keeping. A farmer's exchange
    (before trump is made) gives the kitty the lowest cards outside the upcard's suit."""
    assert view.discard_options is not None
    cards, count, _ = view.discard_options
    if view.trump is None:
        up = -1 if view.upcard is None else int(view.upcard) // 13
        ranked = sorted(cards, key=lambda c: (int(c) // 13 == up, int(c) % 13, int(c)))
        return Discard(view.seat, tuple(sorted(ranked[:count])))
    worst = min(cards, key=lambda c: (_keep_value(view, int(c), int(view.trump or 0)), int(c)))
    return Discard(view.seat, (worst,))


def choose_pass(view: View) -> PassCards:
    """Partner's best: the loner's (or lone defender's) partner passes its best card, the loner gives
    back the card least worth keeping."""
    assert view.trump is not None
    trump = int(view.trump)
    ranked = sorted(view.hand, key=lambda c: (_keep_value(view, int(c), trump), int(c)))
    return PassCards(view.seat, (ranked[0] if view.received else ranked[-1],))


def choose_play(view: View, pick: Callable[[list[Play]], Play]) -> Play | Choose:
    """Lead the best card; follow by winning as cheaply as possible unless the partner has the
    trick, else throw the lowest card."""
    assert view.trump is not None
    tt = table_for(view.rules, int(view.trump))
    plays = [a for a in view.legal if type(a) is Play]
    throw_in = Choose(view.seat, Choice.MISDEAL)
    if throw_in in view.legal and view.pitcher is not None \
            and view.rules.team_of(view.pitcher) != view.rules.team_of(view.seat):
        return throw_in  # a defender's hand of nothing: deal again
    if not view.trick:
        return pick(_best(plays, tt))
    led = tt.suit[int(view.trick[0][1])]
    winner, top = _winning(view, tt, led)
    partner = view.rules.partner_of(view.seat)
    ranked = sorted(plays, key=lambda a: tt.strength(int(a.card), led))
    if winner != partner:
        beating = [a for a in ranked if tt.strength(int(a.card), led) > top]
        if beating:
            return pick([beating[0]])
    return pick([_lowest(ranked, tt)])


def _winning(view: View, tt: TrumpTable, led: int) -> tuple[int, int]:
    best_seat, best = view.trick[0][0], tt.strength(int(view.trick[0][1]), led)
    for seat, card in view.trick[1:]:
        s = tt.strength(int(card), led)
        if s > best:
            best_seat, best = seat, s
    return best_seat, best


def _lowest(ranked: list[Play], tt: TrumpTable) -> Play:
    """The cheapest card to throw: a plain card before a trump, lowest rank first."""
    return min(ranked, key=lambda a: (tt.is_trump(int(a.card)), tt.power[int(a.card)], int(a.card)))


def _best(plays: list[Play], tt: TrumpTable) -> list[Play]:
    """Leads: the highest trump when holding the top ones, else a plain ace, else the lowest card."""
    trumps = sorted((a for a in plays if tt.is_trump(int(a.card))), key=lambda a: -tt.power[int(a.card)])
    if trumps and _is_bower(tt, trumps[0].card):
        return [trumps[0]]
    aces = [a for a in plays if not tt.is_trump(int(a.card)) and a.card % 13 + 2 == 14]
    if aces:
        return aces
    return [_lowest(plays, tt)]


def _is_bower(tt: TrumpTable, card: Card) -> bool:
    return (card % 13 + 2 == JACK and tt.is_trump(int(card))) or CARDS[card].is_joker
