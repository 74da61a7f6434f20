"""Card play for the heuristic bot.

Every legal card is valued by what the trick is expected to bring the seat's side (the points at
stake times who is likely to win it, from the cards still unseen and the suits each seat has shown
out of) minus what the card is worth kept for later. Partners, the pitcher and, in seven-point, the
hidden teams inferred from the trumps played so far decide whose winning is good.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pitchkit.bots.bidding import best_estimate, point_cards, prob_none, trump_table_for
from pitchkit.engine.actions import Action, Play
from pitchkit.engine.cards import BIG_JOKER, GAME_VALUE, JACK, Card, bits_of, mask_of
from pitchkit.engine.rules import Credit
from pitchkit.engine.trump import TrumpTable
from pitchkit.engine.view import View

#: weight of an opponent's gain when the seat defends in a game of individuals and the gainer is
#: not the pitcher (points he takes are not the seat's, but they also help set the pitcher)
OTHER_DEFENDER = 0.8
#: seven-point: a seat whose side is not known yet is a partner one time in three
UNKNOWN = -1.0 / 3.0
#: chance that a seat holding a card that beats the trick also plays it
OVERTAKE = 0.9
#: a lead that risks more points than the seat's safest lead pays this share of the excess again:
#: held back, the card may follow a lead that draws the higher cards out first
EXPOSE = 0.6




class PlayState:
    """What the seat knows during the play, under a trump suit (possibly a planned one)."""

    def __init__(self, view: View, trump: int) -> None:
        r = view.rules
        self.view = view
        self.rules = r
        self.seat = view.seat
        self.tt: TrumpTable = trump_table_for(r, trump)
        tt = self.tt
        self.mine = mask_of(view.hand)
        played = 0
        played_by: list[tuple[int, int]] = []
        self.void: dict[int, int] = {s: 0 for s in view.seats}
        for plays in [p for p, _ in view.tricks] + [view.trick]:
            if not plays:
                continue
            led = tt.suit[plays[0][1]]
            for s, c in plays:
                played |= 1 << c
                played_by.append((s, int(c)))
                cs = tt.suit[c]
                if cs != led and (led == tt.trump or cs != tt.trump):
                    self.void[s] |= 1 << led
        self.played = played
        self.played_by = played_by
        deck = (1 << r.deck_size) - 1
        self.unseen = deck & ~self.mine & ~played & ~mask_of(view.discards)
        self.pool = self.unseen.bit_count()
        self.sizes = view.hand_sizes
        self.slots = sum(self.sizes[s] for s in view.seats if s != self.seat)
        self.points = point_cards(r, tt)
        if r.jack_credit == Credit.PLAYER:
            self.points.pop(tt.trump * 13 + JACK - 2, None)
        in_play = sum(self.sizes[s] for s in view.seats) + played.bit_count()
        self.game_k = 0.0
        if "game" in r.points:
            self.game_k = 1.5 / max(1.0, 80.0 * in_play / r.deck_size)
        self.low_capture = "low" in r.points and r.low_credit == Credit.CAPTURER
        self.tricks_left = len(view.hand)
        self.gain = self._gains()
        self._future = self._future_value()
        others = [g for s, g in self.gain.items() if s != self.seat]
        allies = sum(g for g in others if g > 0)
        self._save = 1.0 - (1.0 - 0.2 * allies) ** max(0, self.tricks_left - 1)
        rivals = [-g for g in others if g < 0]
        self._loss = 0.8 * sum(rivals) / len(rivals) if rivals else 0.0

    # -- who is on whose side ------------------------------------------------------------------

    def _gains(self) -> dict[int, float]:
        """How much each seat's taking a point is worth to this seat (+1 its side, -1 a rival)."""
        v, r = self.view, self.rules
        me = self.seat
        out: dict[int, float] = {}
        if r.teams:
            for s in v.seats:
                out[s] = 1.0 if r.team_of(s) == r.team_of(me) else -1.0
            return out
        if r.dynamic_teams:
            return self._dynamic_gains()
        for s in v.seats:
            if s == me:
                out[s] = 1.0
            elif v.pitcher is None or v.pitcher == me or s == v.pitcher:
                out[s] = -1.0
            else:
                out[s] = -OTHER_DEFENDER
        return out

    def _dynamic_gains(self) -> dict[int, float]:
        """Seven-point: whoever plays high and whoever plays low are partners against the rest."""
        v, tt = self.view, self.tt
        me = self.seat
        power = tt.power
        trumps_unseen = bits_of(self.unseen & tt.trump_mask)
        played_tr = [(s, c) for s, c in self.played_by if tt.is_trump(c)]
        my_tr = bits_of(self.mine & tt.trump_mask)

        def none_beyond(cards: Sequence[int]) -> float:
            return prob_none(len(cards), self.slots, self.pool)

        known_high = known_low = None
        if played_tr:
            hs, hc = max(played_tr, key=lambda p: power[p[1]])
            if all(power[c] <= power[hc] for c in trumps_unseen + my_tr):
                known_high = hs
            ls, lc = min(played_tr, key=lambda p: power[p[1]])
            if all(power[c] > power[lc] for c in trumps_unseen + my_tr):
                known_low = ls
        p_high = p_low = 0.0
        if my_tr and known_high is None:
            top = max(power[c] for c in my_tr)
            if all(power[c] <= top for _, c in played_tr):
                p_high = none_beyond([c for c in trumps_unseen if power[c] > top])
        if my_tr and known_low is None:
            bottom = min(power[c] for c in my_tr)
            if all(power[c] > bottom for _, c in played_tr):
                p_low = none_beyond([c for c in trumps_unseen if power[c] < bottom])
        i_high = known_high == me or p_high > 0.5
        i_low = known_low == me or p_low > 0.5
        out: dict[int, float] = {}
        for s in v.seats:
            if s == me:
                out[s] = 1.0
            elif i_high and i_low:
                out[s] = -1.0
            elif i_high or i_low:
                partner = known_low if i_high else known_high
                out[s] = 1.0 if s == partner else (-1.0 if partner is not None else UNKNOWN)
            elif s in (known_high, known_low):
                out[s] = -1.0
            elif known_high is not None and known_low is not None:
                out[s] = 1.0
            else:
                out[s] = UNKNOWN
        return out

    def same_side(self, a: int, b: int) -> bool:
        """True if ``a`` and ``b`` play for the same side as far as this seat can tell."""
        if a == b:
            return True
        if self.rules.teams:
            return self.rules.team_of(a) == self.rules.team_of(b)
        return self.gain[a] > 0 and self.gain[b] > 0

    # -- card facts ----------------------------------------------------------------------------

    def stake(self, c: int) -> float:
        """Points (and the share of the game point) the capturer of ``c`` gains."""
        value = float(self.points.get(c, 0))
        if c < BIG_JOKER and self.game_k:
            value += self.game_k * GAME_VALUE.get(c % 13 + 2, 0)
        if self.low_capture and self.tt.is_trump(c):
            p = self.tt.power[c]
            tr = self.tt.trump_mask
            lower = [x for x in bits_of((self.played | self.mine) & tr) if self.tt.power[x] < p and x != c]
            if not lower:
                below = [x for x in bits_of(self.unseen & tr) if self.tt.power[x] < p and x != c]
                value += prob_none(len(below), self.slots, self.pool)
        return value

    def beaters(self, best: int, led: int) -> int:
        """Unseen cards that would beat ``best`` in a trick led in ``led``."""
        tt = self.tt
        top = tt.strength(best, led)
        out = 0
        for c in bits_of(self.unseen):
            if tt.strength(c, led) > top:
                out |= 1 << c
        return out

    def holds_any(self, seat: int, cards: int) -> float:
        """Chance that ``seat`` holds at least one of ``cards`` (given the suits it showed out of)."""
        tt = self.tt
        for suit in range(4):
            if self.void[seat] >> suit & 1:
                cards &= ~tt.suit_mask[suit]
        k = cards.bit_count()
        if not k:
            return 0.0
        return 1.0 - prob_none(k, self.sizes[seat], self.pool)

    def win_later(self, c: int) -> float:
        """Chance that ``c`` wins a trick later in the hand."""
        tt = self.tt
        if tt.is_trump(c):
            higher = sum(1 for x in bits_of(self.unseen & tt.trump_mask) if tt.power[x] > tt.power[c])
            p = prob_none(higher, self.slots, self.pool)
            # even below an outstanding higher trump it may win a trick that one does not fall on
            return p + (1.0 - p) * 0.15
        suit = tt.suit[c]
        higher = sum(1 for x in bits_of(self.unseen & tt.suit_mask[suit]) if tt.power[x] > tt.power[c])
        if higher:
            return 0.08 / higher
        trumps_out = (self.unseen & tt.trump_mask).bit_count() * self.slots / max(1, self.pool)
        return 0.9 if trumps_out < 0.5 else 0.55

    def _future_value(self) -> float:
        """Expected points a later trick brings its winner, shared out over the tricks left."""
        if self.tricks_left <= 1:
            return 0.0
        total = sum(self.stake(c) for c in bits_of(self.mine))
        share = self.slots / max(1, self.pool)
        total += sum(self.stake(c) for c in bits_of(self.unseen)) * min(1.0, share)
        return 0.5 * total / self.tricks_left

    def hold(self, c: int) -> float:
        """What keeping ``c`` for a later trick is worth: the tricks it may win, and whether its
        points end with the seat's side (won by it, or dropped on a partner's trick later)."""
        if self.tricks_left <= 1:
            return 0.0
        st = self.stake(c)
        pw = self.win_later(c)
        kept = pw + (1.0 - pw) * self._save
        return pw * self._future + st * (kept - (1.0 - kept) * self._loss)

    # -- valuing a play ------------------------------------------------------------------------

    def later_seats(self, plays: Sequence[tuple[int, int]]) -> list[int]:
        """Seats still to play to the trick after ``plays``."""
        seats = self.view.seats
        done = {s for s, _ in plays}
        first = plays[0][0]
        i = seats.index(first)
        order = [seats[(i + k) % len(seats)] for k in range(len(seats))]
        return [s for s in order if s not in done]

    def trick_value(self, plays: Sequence[tuple[int, int]], extra: float = 0.0) -> float:
        """Expected value to the seat of the trick after ``plays`` (``extra``: stake still to come)."""
        tt = self.tt
        led = tt.suit[plays[0][1]]
        win_seat, win_card = plays[0]
        for s, c in plays[1:]:
            if tt.strength(c, led) > tt.strength(win_card, led):
                win_seat, win_card = s, c
        at_stake = sum(self.stake(c) for _, c in plays) + extra
        beat = self.beaters(win_card, led)
        mass, value = 1.0, 0.0
        for s in self.later_seats(plays):
            if self.same_side(s, win_seat):
                continue
            p = OVERTAKE * self.holds_any(s, beat)
            value += mass * p * self.gain[s] * at_stake
            mass *= 1.0 - p
        return value + mass * self.gain[win_seat] * at_stake

    def drawn_stake(self, c: int) -> float:
        """Points the other seats are expected to drop on a lead of ``c``."""
        tt = self.tt
        led = tt.suit[c]
        share = self.slots / max(1, self.pool)
        same = bits_of(self.unseen & tt.suit_mask[led])
        rate = 0.35 if led == tt.trump else 0.15
        return sum(self.stake(x) for x in same if tt.power[x] < tt.power[c]) * min(1.0, share) * rate

    def value(self, c: int) -> float:
        """Value of playing ``c`` now."""
        trick = [(s, int(x)) for s, x in self.view.trick]
        plays = [*trick, (self.seat, c)]
        if trick:
            v = self.trick_value(plays)
        else:
            v = self.trick_value(plays, self.drawn_stake(c)) + self.lead_bonus(c)
        return v - self.hold(c)

    def exposure(self, c: int) -> float:
        """Points a lead of ``c`` is expected to lose to a seat on another side that beats it."""
        st = self.stake(c)
        if not st:
            return 0.0
        beat = self.beaters(c, self.tt.suit[c])
        safe = 1.0
        for s in self.later_seats([(self.seat, c)]):
            if not self.same_side(s, self.seat):
                safe *= 1.0 - OVERTAKE * self.holds_any(s, beat)
        return st * (1.0 - safe)

    def lead_bonus(self, c: int) -> float:
        """Drawing trumps is worth something to the pitching side while opponents may hold some."""
        tt, v = self.tt, self.view
        if not tt.is_trump(c) or v.pitcher is None:
            return 0.0
        if not (v.pitcher == self.seat or self.gain.get(v.pitcher, 0.0) > 0):
            return 0.0
        opponents_trumps = sum(
            self.holds_any(s, self.unseen & tt.trump_mask) for s in v.seats if self.gain[s] < 0
        )
        boss = not self.beaters(c, tt.trump)
        return 0.12 * min(2.0, opponents_trumps) if boss else 0.0


def lead_candidates(view: View, suit: int) -> list[Card]:
    """Cards whose lead makes ``suit`` trump (natural suit, and jacks or jokers that name it)."""
    r = view.rules
    out: list[Card] = []
    for c in view.hand:
        names_it = r.off_jack and c.rank == JACK and c.suit is not None and int(c.suit) == suit ^ 3
        if c.is_joker or c.suit == suit or names_it:
            out.append(c)
    return out


def choose_play(view: View, pick: Callable[[list[Play]], Play]) -> Action:
    """The card to play: the best-valued legal card, ``pick`` choosing among equally valued ones.

    Before trump is set the pitcher values the cards that would make his best suit trump."""
    plays = [a for a in view.legal if isinstance(a, Play)]
    if view.trump is None:
        suit = best_estimate(view).suit
        allowed = {int(a.card) for a in plays}
        options = [c for c in lead_candidates(view, suit) if int(c) in allowed]
        state = PlayState(view, suit)
        if options:
            plays = [Play(view.seat, c) for c in options]
    else:
        state = PlayState(view, int(view.trump))
    scored = [(round(state.value(int(a.card)), 9), a) for a in plays]
    if not view.trick and len(plays) > 1:
        risk = {a: state.exposure(int(a.card)) for a in plays}
        least = min(risk.values())
        scored = [(round(v - EXPOSE * (risk[a] - least), 9), a) for v, a in scored]
    best = max(v for v, _ in scored)
    top = [a for v, a in scored if v >= best - 1e-9]
    return pick(top)
