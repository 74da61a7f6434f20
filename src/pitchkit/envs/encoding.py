"""Observations and actions of the research environments, specified once (docs/observations.md).

Every adapter (PettingZoo, OpenSpiel, Gymnasium) uses the same fixed table of :data:`N_ACTIONS`
integer actions and builds each seat's tensors only from that seat's :class:`~pitchkit.view.View`
(plus the cards it has picked so far in a discard or partner pass under way), so an observation
can hold nothing the seat may not know.

A discard or a partner pass is a sequence of single-card decisions in increasing card index, a
discard ended by :data:`DISCARD_DONE` and a pass by its last card: each engine action has exactly
one decision sequence (:func:`decisions`), and :func:`legal_mask` allows exactly the prefixes of
the engine's legal actions.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, cast

import numpy as np
import numpy.typing as npt

from pitchkit.actions import Action, Bid, Choice, Choose, DeclareTrump, Discard, PassCards, Phase, Play
from pitchkit.cards import CARDS, Card, Suit, format_cards
from pitchkit.errors import IllegalActionError, RulesError, quote
from pitchkit.rules import Rules, TrumpBy
from pitchkit.view import View

if TYPE_CHECKING:
    from pitchkit.hand import Hand

#: most cards in a deck (52 and two jokers)
MAX_CARDS = 54
#: highest bid value of any rules: ``max-bid`` 20 and the smudge and over-smudge above it
MAX_BID = 22

BID_PASS = 0
#: ``BID_BASE + v`` bids ``v`` (1..22)
BID_BASE = 0
CHOOSE_RUN, CHOOSE_SELL, CHOOSE_MISDEAL = MAX_BID + 1, MAX_BID + 2, MAX_BID + 3
#: ``TRUMP_BASE + suit`` names trump (clubs, diamonds, hearts, spades)
TRUMP_BASE = MAX_BID + 4
#: ``PLAY_BASE + card`` plays a card (card index 0..53, see :mod:`pitchkit.cards`)
PLAY_BASE = TRUMP_BASE + 4
#: ``DISCARD_BASE + card`` adds a card to the discard under way
DISCARD_BASE = PLAY_BASE + MAX_CARDS
#: ends the discard under way (the cards picked so far are the discard, maybe none)
DISCARD_DONE = DISCARD_BASE + MAX_CARDS
#: ``PASS_BASE + card`` adds a card to the partner pass under way
PASS_BASE = DISCARD_DONE + 1
N_ACTIONS = PASS_BASE + MAX_CARDS

_CHOICES = {Choice.RUN: CHOOSE_RUN, Choice.SELL: CHOOSE_SELL, Choice.MISDEAL: CHOOSE_MISDEAL}
_CHOICE_OF = {v: k for k, v in _CHOICES.items()}

PHASES: tuple[Phase, ...] = tuple(Phase)


def action_name(action_id: int) -> str:
    """Text of an action id: ``bid 3``, ``pass``, ``run``, ``trump S``, ``play KH``,
    ``discard 7C``, ``discard done``, ``pass-card QD``."""
    a = check_id(action_id)
    if a == BID_PASS:
        return "pass"
    if a <= MAX_BID:
        return f"bid {a}"
    if a in _CHOICE_OF:
        return _CHOICE_OF[a].value
    if a < PLAY_BASE:
        return f"trump {Suit(a - TRUMP_BASE)}"
    if a < DISCARD_BASE:
        return f"play {CARDS[a - PLAY_BASE]}"
    if a < DISCARD_DONE:
        return f"discard {CARDS[a - DISCARD_BASE]}"
    if a == DISCARD_DONE:
        return "discard done"
    return f"pass-card {CARDS[a - PASS_BASE]}"


def check_id(action_id: object) -> int:
    """``action_id`` as an ``int`` if it is an id of the action table, else an
    :class:`~pitchkit.errors.IllegalActionError`."""
    if isinstance(action_id, np.integer):
        action_id = int(action_id)
    if type(action_id) is not int or not 0 <= action_id < N_ACTIONS:
        raise IllegalActionError(f"not an action id: {quote(action_id)} (0 to {N_ACTIONS - 1})")
    return action_id


def decisions(action: Action) -> tuple[int, ...]:
    """The decision ids that make up an engine action: one for most actions, the cards in index
    order (then :data:`DISCARD_DONE`) for a discard, the cards in index order for a partner pass."""
    match action:
        case Bid(_, amount):
            return (BID_PASS if amount is None else BID_BASE + amount,)
        case Choose(_, option) if option in _CHOICES:
            return (_CHOICES[option],)
        case DeclareTrump(_, suit):
            return (TRUMP_BASE + int(suit),)
        case Play(_, card):
            return (PLAY_BASE + int(card),)
        case Discard(_, cards):
            return (*(DISCARD_BASE + int(c) for c in sorted(cards)), DISCARD_DONE)
        case PassCards(_, cards):
            return tuple(PASS_BASE + int(c) for c in sorted(cards))
    raise IllegalActionError(f"not an action: {quote(action)}")


def pick_card(action_id: int) -> Card | None:
    """The card a discard or pass pick adds, ``None`` for any other action id."""
    if DISCARD_BASE <= action_id < DISCARD_DONE:
        return CARDS[action_id - DISCARD_BASE]
    if PASS_BASE <= action_id < N_ACTIONS:
        return CARDS[action_id - PASS_BASE]
    return None


def single_action(seat: int, action_id: int) -> Action:
    """The engine action of a one-decision id (bid, choice, trump or play) for ``seat``."""
    a = check_id(action_id)
    if a == BID_PASS:
        return Bid(seat, None)
    if a <= MAX_BID:
        return Bid(seat, a - BID_BASE)
    if a in _CHOICE_OF:
        return Choose(seat, _CHOICE_OF[a])
    if a < PLAY_BASE:
        return DeclareTrump(seat, Suit(a - TRUMP_BASE))
    if a < DISCARD_BASE:
        return Play(seat, CARDS[a - PLAY_BASE])
    raise IllegalActionError(f"{action_name(a)} is one step of a discard or pass, not a whole action")


# -- legal actions -------------------------------------------------------------------------------


def legal_mask(view: View, pending: tuple[Card, ...] = ()) -> npt.NDArray[np.int8]:
    """1 for each action id the seat of ``view`` may take now, given the cards it has already picked
    in a discard or pass under way (``pending``, in index order); all 0 when it is not its turn."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    for a in legal_ids(view, pending):
        mask[a] = 1
    return mask


def legal_ids(view: View, pending: tuple[Card, ...] = ()) -> list[int]:
    """The action ids :func:`legal_mask` allows, in increasing order."""
    if not view.my_turn:
        return []
    last = max(pending) if pending else -1
    if view.phase == Phase.DISCARD:
        assert view.discard_options is not None
        allowed, lo, hi = view.discard_options
        later = [c for c in allowed if c > last]
        n = len(pending)
        ids = [DISCARD_BASE + int(c) for i, c in enumerate(later)
               if n + 1 <= hi and n + len(later) - i >= lo]
        if lo <= n <= hi:
            ids.append(DISCARD_DONE)
        return ids
    if view.phase == Phase.EXCHANGE:
        k = view.rules.partner_pass
        later = [c for c in view.hand if c > last]
        need = k - len(pending)
        return [PASS_BASE + int(c) for i, c in enumerate(later) if len(later) - i >= need]
    return sorted(decisions(a)[0] for a in view.legal)


# -- observation tensors --------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where each part of an observation lies in the flat tensor, for rules with ``n`` seats and a
    deck of ``deck`` cards. Seats are relative: row ``i`` is the seat ``i`` places to the observer's
    left (row 0 the observer)."""

    n: int
    deck: int
    #: what a score of ``scale`` encodes as 1.0 (the target, or 11 without one)
    scale: int

    @staticmethod
    def of(rules: Rules) -> Layout:
        """The layout for these rules (a :class:`~pitchkit.errors.RulesError` for rules the action
        table cannot express: making trump with the upcard)."""
        if rules.trump_by == TrumpBy.UPCARD:
            raise RulesError("the research environments do not play trump-by = upcard (Euchre) yet")
        return Layout(rules.players, rules.deck_size, rules.target or 11)

    @cached_property
    def sections(self) -> tuple[tuple[str, int], ...]:
        """(name, length) of each part, in order."""
        n, d = self.n, self.deck
        return (
            ("hand", d), ("discards", d), ("passed", d), ("received", d), ("pending", d),
            ("played", n * d), ("trick", n * d), ("captured", n * d),
            ("phase", len(PHASES)), ("to_act", n), ("dealer", n), ("pitcher", n), ("in_hand", n),
            ("trump", 4), ("contract", MAX_BID), ("bids", n * (MAX_BID + 2)), ("ran", 1),
            ("hand_sizes", n), ("discard_counts", n), ("set_aside_counts", n), ("stock", 1),
            ("scores", n),
        )

    @cached_property
    def offsets(self) -> dict[str, tuple[int, int]]:
        """name -> (start, length)."""
        out: dict[str, tuple[int, int]] = {}
        pos = 0
        for name, size in self.sections:
            out[name] = (pos, size)
            pos += size
        return out

    @property
    def size(self) -> int:
        """Length of the observation tensor."""
        return sum(size for _, size in self.sections)

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """Lowest and highest value of each entry: 0 and 1, scores -2 and 2."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.ones(self.size, dtype=np.float32)
        start, size = self.offsets["scores"]
        low[start:start + size], high[start:start + size] = -2.0, 2.0
        return low, high

    def part(self, tensor: npt.NDArray[np.float32], name: str) -> npt.NDArray[np.float32]:
        """One part of a tensor, shaped (seats, cards) for the per-seat card parts."""
        start, size = self.offsets[name]
        out = tensor[start:start + size]
        if name in ("played", "trick", "captured"):
            return out.reshape(self.n, self.deck)
        if name == "bids":
            return out.reshape(self.n, MAX_BID + 2)
        return out

    def encode(self, view: View, pending: tuple[Card, ...] = ()) -> npt.NDArray[np.float32]:
        """The observation tensor of ``view`` (see docs/observations.md)."""
        out = np.zeros(self.size, dtype=np.float32)
        self.write(out, view, pending)
        return out

    def write(self, out: npt.NDArray[np.float32], view: View, pending: tuple[Card, ...] = ()) -> None:
        """Fill a zeroed tensor of :attr:`size` with the observation of ``view``."""
        n, d, me = self.n, self.deck, view.seat
        o = {name: start for name, (start, _) in self.offsets.items()}
        ones: list[int] = []
        for name, items in (("hand", view.hand), ("discards", view.discards), ("passed", view.passed),
                            ("received", view.received), ("pending", pending)):
            ones.extend(o[name] + c for c in items)
        played, trick, captured = o["played"] - me * d, o["trick"] - me * d, o["captured"] - me * d
        wrap = n * d
        for plays, winner in view.tricks:
            won = captured + (winner * d if winner >= me else winner * d + wrap)
            for seat, c in plays:
                ones.append(played + (seat * d if seat >= me else seat * d + wrap) + c)
                ones.append(won + c)
        for seat, c in view.trick:
            row = seat * d if seat >= me else seat * d + wrap
            ones.append(played + row + c)
            ones.append(trick + row + c)
        ones.append(o["phase"] + PHASES.index(view.phase))
        if view.to_act is not None:
            ones.append(o["to_act"] + (view.to_act - me) % n)
        ones.append(o["dealer"] + (view.dealer - me) % n)
        if view.pitcher is not None:
            ones.append(o["pitcher"] + (view.pitcher - me) % n)
        ones.extend(o["in_hand"] + (seat - me) % n for seat in view.seats)
        if view.trump is not None:
            ones.append(o["trump"] + int(view.trump))
        if view.bid is not None:
            ones.append(o["contract"] + view.bid - 1)
        latest = dict(view.bids)
        for seat in range(n):
            slot = 0 if seat not in latest else 1 + (latest[seat] or 0)
            ones.append(o["bids"] + (seat - me) % n * (MAX_BID + 2) + slot)
        if view.ran:
            ones.append(o["ran"])
        out[ones] = 1.0
        rel = [(s - me) % n for s in range(n)]
        for name, counts in (("hand_sizes", view.hand_sizes), ("discard_counts", view.discard_counts),
                             ("set_aside_counts", view.set_aside_counts)):
            out[[o[name] + r for r in rel]] = [k / d for k in counts]
        out[o["stock"]] = view.stock_size / d
        out[[o["scores"] + r for r in rel]] = [min(2.0, max(-2.0, x / self.scale)) for x in view.scores]


#: the parts of the tensor that hold one row per seat, and the width of a row (the card rows are
#: a deck wide, the bids ``MAX_BID + 2``, the rest one entry)
_SEAT_ROWS = {"played": 0, "trick": 0, "captured": 0, "to_act": 1, "dealer": 1, "pitcher": 1,
              "in_hand": 1, "bids": MAX_BID + 2, "hand_sizes": 1, "discard_counts": 1,
              "set_aside_counts": 1, "scores": 1}
#: the only actions :class:`Tracker` follows one by one; any other starts the tensor afresh
_FOLLOWED = frozenset((Play, Bid))
#: the parts that hold a seat's own cards
_OWN = ("hand", "discards", "passed", "received")


def _set_bits(out: MutableSequence[float], start: int, mask: int) -> None:
    """Set ``out[start + c]`` to 1 for every card ``c`` of ``mask``."""
    while mask:
        low = mask & -mask
        out[start + low.bit_length() - 1] = 1.0
        mask ^= low


class Tracker:
    """The observation tensors of one game, kept up to date action by action: the same tensors as
    :meth:`Layout.encode` of each seat's view (the tests check it at every decision of every
    preset), at a fraction of the cost.

    One tensor is kept with seats in table order, as seat 0 sees it, followed by every seat's own
    cards (held, discarded, passed, received); a seat's observation is one gather from it that
    turns the rows to the seat and takes only that seat's own cards. Plays and bids update it in
    place, a change of phase or trump rewrites the parts that depend on them, and any other action
    or a new hand writes it afresh from the hand."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        n, d = layout.n, layout.deck
        self.offset = {name: start for name, (start, _) in layout.offsets.items()}
        size = layout.size
        #: where each seat's own cards lie after the table part: ``own[part][seat]``
        self.own = {part: [size + (k * n + s) * d for s in range(n)] for k, part in enumerate(_OWN)}
        #: the table as seat 0 sees it (without its own cards), then every seat's own cards
        self.whole = np.zeros(size + len(_OWN) * n * d, dtype=np.float32)
        #: the same memory for writing one entry (a third of the time of a numpy item write)
        self._cells = cast("MutableSequence[float]", memoryview(self.whole))  # type: ignore[arg-type]
        base = np.arange(self.whole.size, dtype=np.intp)
        self.turn: list[npt.NDArray[np.intp]] = []
        for me in range(n):
            perm = base[:size].copy()
            for name, width in _SEAT_ROWS.items():
                w = width or d
                start = self.offset[name]
                for r in range(n):
                    perm[start + r * w:start + (r + 1) * w] = base[start + (me + r) % n * w:][:w]
            for part in _OWN:
                start = self.offset[part]
                perm[start:start + d] = base[self.own[part][me]:][:d]
            self.turn.append(perm)
        o = self.offset
        self._held = self.own["hand"]
        self._deck = d
        self._pending, self._played, self._bids = o["pending"], o["played"], o["bids"]
        self._trick_at, self._sizes, self._to_act_at = o["trick"], o["hand_sizes"], o["to_act"]
        #: what the tracked tensor shows: the hand, its log length, finished tricks, the trick on
        #: the table, phase, trump, seat to act
        self._hand: Hand | None = None
        self._at = 0
        self._tricks = 0
        self._trick: list[tuple[int, int]] = []
        self._phase = Phase.DONE
        self._trump: int | None = None
        self._to_act: int | None = None
        #: the entries :meth:`_write_state` set
        self._state: list[int] = []

    def observe(self, hand: Hand, seat: int, pending: tuple[Card, ...] = ()) -> npt.NDArray[np.float32]:
        """The observation tensor of ``seat`` now (a new array)."""
        self._sync(hand)
        # every index is in range: "wrap" only skips numpy's bounds checks
        out = self.whole.take(self.turn[seat], mode="wrap")
        for c in pending:
            out[self._pending + c] = 1.0
        return out

    def _sync(self, hand: Hand) -> None:
        log = hand.log
        at = len(log)
        if hand is not self._hand or at < self._at:
            self._rebuild(hand)
            return
        if at == self._at:
            return
        pub, cells = self.whole, self._cells
        last = log[-1]
        if at == self._at + 1 and type(last) is Play:
            # the common step: one card played
            seat, card, d = last.seat, last.card, self._deck
            cells[self._played + seat * d + card] = 1.0
            cells[self._sizes + seat] = hand.hands[seat].bit_count() / d
            cells[self._held[seat] + card] = 0.0
            if len(hand.tricks) == self._tricks:
                cells[self._trick_at + seat * d + card] = 1.0
                self._trick.append((seat, card))
            else:
                self._write_tricks(hand)
        elif at == self._at + 1 and type(last) is Bid:
            # one bid: the bidder's row of the bids
            row = self._bids + last.seat * (MAX_BID + 2)
            pub[row:row + MAX_BID + 2] = 0.0
            cells[row + 1 + (last.amount or 0)] = 1.0
        elif all(type(a) in _FOLLOWED for a in log[self._at:]):
            bids = False
            for a in log[self._at:]:
                if type(a) is Play:
                    cells[self._played + a.seat * self._deck + a.card] = 1.0
                    cells[self._sizes + a.seat] = hand.hands[a.seat].bit_count() / self._deck
                    cells[self._held[a.seat] + a.card] = 0.0
                else:
                    bids = True
            if bids:
                self._write_bids(hand)
            self._write_tricks(hand)
        else:
            self._rebuild(hand)
            return
        self._at = at
        if hand.phase is not self._phase or hand.trump != self._trump:
            self._write_state(hand)
            return
        to_act = hand.to_act
        if to_act != self._to_act:
            if self._to_act is not None:
                self._cells[self._to_act_at + self._to_act] = 0.0
            if to_act is not None:
                self._cells[self._to_act_at + to_act] = 1.0
            self._to_act = to_act

    def _write_to_act(self, to_act: int | None) -> None:
        if to_act == self._to_act:
            return
        if self._to_act is not None:
            self._cells[self._to_act_at + self._to_act] = 0.0
        if to_act is not None:
            self._cells[self._to_act_at + to_act] = 1.0
        self._to_act = to_act

    def _rebuild(self, hand: Hand) -> None:
        """Write the tracked tensor afresh from ``hand``."""
        pub, cells, o, n, d = self.whole, self._cells, self.offset, self.layout.n, self.layout.deck
        pub[:] = 0.0
        self._hand, self._at, self._tricks, self._trick = hand, len(hand.log), 0, []
        self._to_act, self._state = None, []
        exchange = hand.rules.partner_pass > 0
        aside = exchange and bool(hand.set_aside())
        scale = self.layout.scale
        for s in range(n):
            held, discarded, passed = hand.hands[s], hand.discards[s], hand.passed[s]
            _set_bits(cells, self.own["hand"][s], held)
            if discarded:
                _set_bits(cells, self.own["discards"][s], discarded)
                cells[o["discard_counts"] + s] = discarded.bit_count() / d
            if passed:
                _set_bits(cells, self.own["passed"][s], passed)
                if aside:
                    cells[o["set_aside_counts"] + s] = passed.bit_count() / d
            if exchange:
                _set_bits(cells, self.own["received"][s], hand.received(s))
            cells[o["hand_sizes"] + s] = held.bit_count() / d
            cells[o["scores"] + s] = min(2.0, max(-2.0, hand.scores_before[s] / scale))
        for s in hand.seats:
            cells[o["in_hand"] + s] = 1.0
        cells[o["dealer"] + hand.dealer] = 1.0
        cells[o["stock"]] = len(hand.stock) / d
        if hand.auction.ran:
            cells[o["ran"]] = 1.0
        played = self._played
        for plays, _ in hand.tricks:
            for s, c in plays:
                cells[played + s * d + c] = 1.0
        for s, c in hand.trick:
            cells[played + s * d + c] = 1.0
        self._write_tricks(hand)
        if hand.auction.bids:
            self._write_bids(hand)
        else:
            for s in range(n):
                cells[self._bids + s * (MAX_BID + 2)] = 1.0
        self._write_state(hand)

    def _write_state(self, hand: Hand) -> None:
        """The parts a play or bid may change besides the cards and bids: phase, seat to act,
        pitcher, trump and contract (the rest changes only with other actions, written afresh)."""
        cells, o = self._cells, self.offset
        self._phase, self._trump = hand.phase, hand.trump
        self._write_to_act(hand.to_act)
        for i in self._state:
            cells[i] = 0.0
        state = [o["phase"] + PHASES.index(hand.phase)]
        if hand.pitcher is not None:
            state.append(o["pitcher"] + hand.pitcher)
        if hand.trump is not None:
            state.append(o["trump"] + int(hand.trump))
        if hand.bid is not None:
            state.append(o["contract"] + hand.bid - 1)
        for i in state:
            cells[i] = 1.0
        self._state = state

    def _write_tricks(self, hand: Hand) -> None:
        """The finished tricks not yet written (captured cards) and the trick on the table."""
        cells, o, d = self._cells, self.offset, self.layout.deck
        tricks = hand.tricks
        for plays, winner in tricks[self._tricks:]:
            row = o["captured"] + winner * d
            for _, c in plays:
                cells[row + c] = 1.0
        self._tricks = len(tricks)
        trick = hand.trick
        if trick != self._trick:
            start = o["trick"]
            for s, c in self._trick:
                cells[start + s * d + c] = 0.0
            for s, c in trick:
                cells[start + s * d + c] = 1.0
            self._trick = list(trick)

    def _write_bids(self, hand: Hand) -> None:
        """Each seat's latest bid (or none yet)."""
        pub, cells, o, n, w = self.whole, self._cells, self.offset, self.layout.n, MAX_BID + 2
        start = o["bids"]
        pub[start:start + n * w] = 0.0
        latest = dict(hand.auction.bids)
        for s in range(n):
            cells[start + s * w + (0 if s not in latest else 1 + (latest[s] or 0))] = 1.0


def observation_text(view: View, pending: tuple[Card, ...] = ()) -> str:
    """One line of what the seat of ``view`` knows now (the text twin of the tensor)."""
    r = view.rules
    parts = [f"seat {view.seat}", f"dealer {view.dealer}", f"phase {view.phase.value}",
             f"to act {view.to_act}", f"hand [{format_cards(view.hand)}]"]
    if view.discards:
        parts.append(f"discarded [{format_cards(view.discards)}]")
    if view.passed or view.received:
        parts.append(f"passed [{format_cards(view.passed)}] received [{format_cards(view.received)}]")
    if pending:
        parts.append(f"picked [{format_cards(pending)}]")
    if view.bids:
        parts.append("bids " + " ".join(f"{s}:{r.bid_name(a)}" for s, a in view.bids))
    if view.ran:
        parts.append("ran it")
    if view.pitcher is not None and view.bid is not None:
        parts.append(f"pitcher {view.pitcher} bid {r.bid_name(view.bid)}")
    if view.trump is not None:
        parts.append(f"trump {view.trump}")
    for plays, winner in view.tricks:
        parts.append("trick " + " ".join(f"{s}:{c}" for s, c in plays) + f" won by {winner}")
    if view.trick:
        parts.append("trick " + " ".join(f"{s}:{c}" for s, c in view.trick))
    parts.append("hand sizes " + ",".join(map(str, view.hand_sizes)))
    if view.stock_size:
        parts.append(f"stock {view.stock_size}")
    parts.append("scores " + ",".join(map(str, view.scores)))
    return " | ".join(parts)


def visible_decisions(view: View, pending: tuple[Card, ...] = ()) -> list[tuple[int, int]]:
    """(seat, action id) of every decision of the hand the seat of ``view`` has seen, in order:
    the public ones, its own discards and passes (and its partner's pass once received), then its
    picks under way. With ids in index order inside a discard or pass this is perfect recall."""
    out: list[tuple[int, int]] = []
    for a in view.log:
        out.extend((a.seat, i) for i in decisions(a))
    if pending:
        base = DISCARD_BASE if view.phase == Phase.DISCARD else PASS_BASE
        out.extend((view.seat, base + int(c)) for c in pending)
    return out


def max_decisions(rules: Rules) -> int:
    """An upper bound on the decisions of one hand under ``rules``: two rounds of bids with run,
    sell and misdeal, two trump namings, every seat's discard (a pick per card and done) and the
    bidder's second one, the partner passes, and every card of the deck played."""
    n, d = rules.players, rules.deck_size
    return 2 * n + 5 + n * (rules.hand_size + 1) + d + 1 + n * rules.partner_pass + d
