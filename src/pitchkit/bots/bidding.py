"""Hand evaluation for the heuristic bot: expected points per trump suit, bids, trump and discards.

The estimate works per point category of the rules (high, low, jack, off-jack, jokers, ten-point's
card points, game), with the credit rule of each (the player of the card or its capturer), from the
cards the seat holds and how many unseen cards the other seats hold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Discard, Phase
from pitchkit.engine.cards import ACE, BIG_JOKER, CARDS, iter_mask, mask_of
from pitchkit.engine.rules import POINT_VALUES, Credit, GoingOut, Rules
from pitchkit.engine.scoring import point_card
from pitchkit.engine.trump import TrumpTable, table_for
from pitchkit.engine.view import View

#: Point categories that name one card of the trump suit (or a joker).
CARD_POINTS = ("jack", "off-jack", "big-joker", "little-joker", "ace", "ten", "two", "three")


def prob_none(k: int, drawn: int, pool: int) -> float:
    """Chance that none of ``k`` given cards is among ``drawn`` cards taken from ``pool`` unseen cards."""
    if k <= 0:
        return 1.0
    if drawn >= pool:
        return 0.0
    p = 1.0
    for i in range(k):
        if pool - i <= 0:
            return 0.0
        p *= max(0, pool - drawn - i) / (pool - i)
    return p


def trump_table_for(rules: Rules, suit: int) -> TrumpTable:
    """The trump table of ``suit`` under these rules' deck model."""
    return table_for(rules, suit)


def total_points(rules: Rules) -> int:
    """Points at stake in a hand, not counting the smudge bonus point."""
    return sum(POINT_VALUES[p] for p in rules.points if p != "smudge")


def point_cards(rules: Rules, tt: TrumpTable) -> dict[int, int]:
    """Card index -> value for every card-point category of the rules under this trump."""
    out: dict[int, int] = {}
    for point in CARD_POINTS:
        if point in rules.points:
            c = point_card(point, tt.trump, tt.off_jack)
            if c is not None and c < rules.deck_size:
                out[c] = out.get(c, 0) + POINT_VALUES[point]
    return out


def ally_share(rules: Rules, n_seats: int) -> float:
    """Expected fraction of the other seats that play on this seat's side."""
    if n_seats <= 1:
        return 0.0
    if rules.teams:
        return (n_seats // rules.teams - 1) / (n_seats - 1)
    if rules.dynamic_teams:
        return 1.0 / 3.0
    return 0.0


@dataclass(frozen=True, slots=True)
class SuitEstimate:
    """Expected points of the seat's side if it pitches in ``suit``."""

    suit: int
    points: float
    #: expected points per category
    parts: dict[str, float]
    trumps: int
    has_ace: bool
    #: the seat holds the highest trump of the deck and enough top trumps to take everything
    sweep: bool


def estimate(rules: Rules, cards: int, suit: int, *, others: int, unseen: int, n_seats: int) -> SuitEstimate:
    """Expected points of the seat holding ``cards`` as the pitcher in ``suit``.

    ``others`` is how many cards the other seats hold, ``unseen`` how many cards of the deck the
    seat cannot see; each unseen card is in play with chance ``others / unseen``.
    """
    tt = trump_table_for(rules, suit)
    deck = (1 << rules.deck_size) - 1
    power = tt.power
    all_tr = tt.trump_mask & deck
    mine_tr = cards & all_tr
    mine = sorted(iter_mask(mine_tr), key=lambda c: power[c], reverse=True)
    theirs = list(iter_mask(all_tr & ~cards))
    n_tr = len(mine)
    allies = ally_share(rules, n_seats)
    if rules.draw_to:
        # every trump is dealt or drawn into some hand, and point cards are never buried
        others = unseen

    def above(c: int) -> int:
        return sum(1 for t in theirs if power[t] > power[c])

    def below(c: int) -> int:
        return sum(1 for t in theirs if power[t] < power[c])

    def none(k: int) -> float:
        return prob_none(k, others, unseen)

    in_play = 1.0 - none(1)
    boss = sum(1 for c in mine if above(c) == 0)
    control = boss + 0.5 * sum(1 for c in mine if above(c) == 1)

    def keep(c: int) -> float:
        a = above(c)
        safe = none(a)
        higher_mine = sum(1 for t in mine if power[t] > power[c])
        guard = min(0.9, 0.25 + 0.1 * (n_tr - 1) + 0.12 * higher_mine + 0.1 * control)
        return safe + (1.0 - safe) * guard

    def capture(c: int) -> float:
        over = sum(1 for t in mine if power[t] > power[c])
        return min(0.75, 0.06 + 0.1 * over + 0.12 * control)

    def side(p_me: float, p_exists: float = 1.0) -> float:
        return p_me + (p_exists - p_me) * allies * 0.75

    parts: dict[str, float] = {}
    p_high = none(above(mine[0])) if mine else 0.0
    p_low_mine = none(below(mine[-1])) if mine else 0.0
    for point in rules.points:
        total = 0.0
        if point in ("high", "low") and rules.dynamic_teams:
            # high and low are partners: a seat that plays either one scores both for its side
            total += 1.0 - (1.0 - p_high) * (1.0 - p_low_mine)
        elif point == "high":
            total += side(p_high)
        elif point == "low":
            if rules.low_credit == Credit.PLAYER:
                total += side(p_low_mine)
            else:
                own = min(0.9, 0.45 + 0.12 * control + 0.04 * n_tr)
                other = min(0.75, 0.25 + 0.06 * n_tr + 0.1 * control)
                total += side(p_low_mine * own + (1.0 - p_low_mine) * other)
        elif point == "game":
            p = _game_chance(rules, cards, tt, mine, n_seats)
            total += min(0.9, p + (1.0 - p) * allies * 1.2)
        elif point in CARD_POINTS:
            c = point_card(point, suit, tt.off_jack)
            if c is None or c >= rules.deck_size:
                continue
            value = POINT_VALUES[point]
            if cards >> c & 1:
                p = 1.0 if point == "ace" or above(c) == 0 else keep(c)
                total += value * side(p)
            elif point == "ace":
                total += value * side(0.0, in_play)
            else:
                total += value * side(in_play * capture(c), in_play)
        parts[point] = total
    top_run = 0
    for t in sorted(iter_mask(all_tr), key=lambda c: power[c], reverse=True):
        if not cards >> t & 1:
            break
        top_run += 1
    ace = bool(cards >> (suit * 13 + ACE - 2) & 1)
    n_play = rules.draw_to or rules.hand_size
    lowest = min(iter_mask(all_tr), key=lambda c: power[c])
    all_trumps = mine_tr == cards & deck
    sweep = top_run >= n_play or (all_trumps and top_run >= n_play - 2 and bool(cards >> lowest & 1))
    return SuitEstimate(suit=suit, points=sum(parts.values()), parts=parts, trumps=n_tr, has_ace=ace,
                        sweep=sweep)


def _game_chance(rules: Rules, cards: int, tt: TrumpTable, mine: list[int], n_seats: int) -> float:
    """Rough chance that the seat takes the most card points."""
    p = 0.08 + 0.07 * len(mine)
    for c in mine:
        if c < BIG_JOKER and c % 13 + 2 >= 12:
            p += 0.06
        if c < BIG_JOKER and c % 13 + 2 == 10:
            p += 0.15
    for c in iter_mask(cards & ~tt.trump_mask):
        if c >= BIG_JOKER:
            continue
        rank = c % 13 + 2
        if rank == ACE:
            p += 0.05
        elif rank == 10:
            p += 0.02
    p *= 4.0 / max(2, n_seats)
    return max(0.03, min(0.85, p))


def best_estimate(view: View, *, extra: tuple[int, ...] = (), suits: list[int] | None = None) -> SuitEstimate:
    """The seat's best trump suit and its expected points (``extra``: cards to count as held)."""
    r = view.rules
    cards = mask_of(view.hand) | mask_of(extra)
    others = sum(view.hand_sizes[s] for s in view.seats if s != view.seat)
    seen = cards | mask_of(view.discards)
    for plays, _ in view.tricks:
        seen |= mask_of(c for _, c in plays)
    seen |= mask_of(c for _, c in view.trick)
    unseen = r.deck_size - seen.bit_count()
    options = suits if suits is not None else [0, 1, 2, 3]
    best: SuitEstimate | None = None
    for s in options:
        e = estimate(r, cards, s, others=others, unseen=unseen, n_seats=len(view.seats))
        if best is None or (e.points, e.trumps) > (best.points, best.trumps):
            best = e
    assert best is not None
    return best


# -- bidding -----------------------------------------------------------------------------------

def _holder_scores(view: View) -> tuple[int, dict[int, int]]:
    """This seat's score and the score of every other score holder (seat -> score)."""
    r = view.rules
    mine = view.scores[view.seat]
    rivals = {s: view.scores[s] for s in view.seats if r.team_of(s) != r.team_of(view.seat)}
    return mine, rivals


def make_threshold(view: View, bid: int, *, sets_in_a_row: int = 0) -> float:
    """Chance of making a bid the seat asks for before bidding it, after the score situation.

    ``sets_in_a_row``: how many times in a row the seat's side has just been set."""
    r = view.rules
    # with a draw the bidder's hand changes most after the bid, and the defence takes a big share
    tau = 0.8 if r.draw_to else 0.6
    if r.sets_to_lose is not None and sets_in_a_row >= r.sets_to_lose - 1:
        tau += 0.1
    if r.target is None:
        return min(0.9, tau)
    mine, rivals = _holder_scores(view)
    reach = max(2, total_points(r) // 2)
    rival_best = max(rivals.values(), default=-10**9)
    if rival_best >= r.target - reach:
        tau -= 0.12
    if r.going_out == GoingOut.PITCHER:
        if mine + bid >= r.target:
            tau -= 0.08
        last = next(((s, b) for s, b in reversed(view.bids) if b is not None), None)
        if last is not None and r.team_of(last[0]) != r.team_of(view.seat) \
                and view.scores[last[0]] + last[1] >= r.target:
            # only the pitcher goes out: outbid a rival who would go out with his bid
            tau -= 0.15
    if r.bidder_only_within is not None:
        floor = r.target - r.bidder_only_within
        if all(view.scores[s] >= floor for s in view.seats):
            tau -= 0.1
    if mine < 0 and rival_best < r.target - reach:
        tau += 0.08
    return max(0.25, min(0.9, tau))


def make_chance(points: float, bid: int, rules: Rules) -> float:
    """Chance of taking at least ``bid`` points when ``points`` are expected (normal model)."""
    sigma = 0.45 * math.sqrt(total_points(rules))
    if rules.teams or rules.dynamic_teams:
        sigma *= 1.3
    if rules.draw_to:
        sigma *= 1.4
    z = (points - bid + 0.5) / sigma
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def needs_sweep(rules: Rules, bid: int) -> bool:
    """Bids that only a hand taking every point can make (smudge, over-smudge, the top bid)."""
    if rules.is_special_bid(bid):
        return True
    return bool(rules.max_bid_name) and bid == rules.max_bid


def choose_bid(view: View, *, sets_in_a_row: int = 0) -> Action:
    """The auction action: a bid, a pass, or the dealer's run it / sell / misdeal choices."""
    r = view.rules
    seat = view.seat
    legal = view.legal
    if Choose(seat, Choice.MISDEAL) in legal:
        return Choose(seat, Choice.MISDEAL)
    est = best_estimate(view)
    values = sorted(a.amount for a in legal if isinstance(a, Bid) and a.amount is not None)
    all_points = total_points(r)

    def allowed(b: int) -> bool:
        if needs_sweep(r, b):
            return est.sweep
        if b >= all_points or (all_points <= 5 and b >= 4):
            return est.has_ace
        return True

    good = [b for b in values if allowed(b) and make_chance(est.points, b, r)
            >= make_threshold(view, b, sets_in_a_row=sets_in_a_row)]
    if good:
        return Bid(seat, max(good))
    declined = decline(view)
    if declined is not None:
        return declined
    if values:
        return Bid(seat, values[0])
    return legal[0]


# -- trump and discards -------------------------------------------------------------------------

def decline(view: View) -> Action | None:
    """Not bidding, when the seat may: pass, else (the dealer) sell, else run it; None when the
    seat must bid."""
    seat, legal = view.seat, view.legal
    for action in (Bid(seat, None), Choose(seat, Choice.SELL), Choose(seat, Choice.RUN)):
        # a weak dealer runs it: with more cards each, someone else may bid or the dealer's hand improve
        if action in legal:
            return action
    return None


def choose_trump(view: View) -> Action:
    """Name the best trump suit among the legal ones (a declared trump, or after a jack or joker lead)."""
    options = [a for a in view.legal if isinstance(a, DeclareTrump)]
    suits = [int(a.suit) for a in options]
    led = tuple(c for s, c in view.trick if s == view.seat)
    best = best_estimate(view, extra=led, suits=suits)
    return next(a for a in options if int(a.suit) == best.suit)


def choose_discard(view: View) -> Action:
    """Keep trumps (the point and high ones first) and shed the other cards, within the bounds."""
    assert view.discard_options is not None and view.trump is not None
    cards, lo, hi = view.discard_options
    tt = trump_table_for(view.rules, int(view.trump))
    trumps = [c for c in cards if tt.is_trump(c)]
    plain = [c for c in cards if not tt.is_trump(c)]
    # plain cards worth keeping last: aces, then kings..., trumps lowest power shed first
    plain.sort(key=lambda c: (c % 13 if c < BIG_JOKER else 0, c))
    trumps.sort(key=lambda c: (tt.power[c], c))
    want = len(plain) if view.phase == Phase.DISCARD else 0
    k = max(lo, min(hi, want))
    chosen = (plain + trumps)[:k]
    return Discard(view.seat, tuple(sorted(CARDS[c] for c in chosen)))
