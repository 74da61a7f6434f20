"""Observations and actions of the research environments, specified once (docs/observations.md).

Every adapter (PettingZoo, OpenSpiel, Gymnasium) uses the same fixed table of :data:`N_ACTIONS`
integer actions and builds each seat's tensors only from that seat's :class:`~pitchkit.engine.view.View`
(plus the cards it has picked so far in a discard or partner pass under way), so an observation
can hold nothing the seat may not know.

A discard or a partner pass is a sequence of single-card decisions in increasing card index, a
discard ended by :data:`DISCARD_DONE` and a pass by its last card: each engine action has exactly
one decision sequence (:func:`decisions`), and :func:`legal_mask` allows exactly the prefixes of
the engine's legal actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from pitchkit.engine.actions import Action, Bid, Choice, Choose, DeclareTrump, Discard, PassCards, Phase, Play
from pitchkit.engine.cards import CARDS, Card, Suit, format_cards
from pitchkit.engine.errors import IllegalActionError, RulesError, quote
from pitchkit.engine.making import out_seats
from pitchkit.engine.rules import Rules, TrumpBy
from pitchkit.engine.view import View

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
#: ``PLAY_BASE + card`` plays a card (card index 0..53, see :mod:`pitchkit.engine.cards`)
PLAY_BASE = TRUMP_BASE + 4
#: ``DISCARD_BASE + card`` adds a card to the discard under way
DISCARD_BASE = PLAY_BASE + MAX_CARDS
#: ends the discard under way (the cards picked so far are the discard, maybe none)
DISCARD_DONE = DISCARD_BASE + MAX_CARDS
#: ``PASS_BASE + card`` adds a card to the partner pass under way
PASS_BASE = DISCARD_DONE + 1
#: ``CHOICE_BASE + i``: the ``i``-th named choice after run, sell and misdeal, in the order
#: :class:`~pitchkit.engine.actions.Choice` declares them (go alone, with the partner, a blind double
#: loner, look, a farmer's hand, ...); ``CHOICE_SLOTS`` ids are kept for them
CHOICE_BASE = PASS_BASE + MAX_CARDS
CHOICE_SLOTS = 8
N_ACTIONS = CHOICE_BASE + CHOICE_SLOTS

_MORE_CHOICES = [c for c in Choice if c not in (Choice.RUN, Choice.SELL, Choice.MISDEAL)]
if len(_MORE_CHOICES) > CHOICE_SLOTS:
    raise RulesError(f"the action table keeps {CHOICE_SLOTS} ids for choices, not {len(_MORE_CHOICES)}")
_CHOICES: dict[Choice, int] = {
    Choice.RUN: CHOOSE_RUN, Choice.SELL: CHOOSE_SELL, Choice.MISDEAL: CHOOSE_MISDEAL,
    **{c: CHOICE_BASE + i for i, c in enumerate(_MORE_CHOICES)}}
_CHOICE_OF = {v: k for k, v in _CHOICES.items()}

PHASES: tuple[Phase, ...] = tuple(Phase)


def action_name(action_id: int, rules: Rules | None = None) -> str:
    """Text of an action id: ``bid 3``, ``pass``, ``run``, ``trump S``, ``play KH``,
    ``discard 7C``, ``discard done``, ``pass-card QD``; a bid by its name under ``rules`` when
    given (``bid smudge`` for 11 at Ten-Point)."""
    a = check_id(action_id)
    if a == BID_PASS:
        return "pass"
    if a <= MAX_BID:
        return f"bid {a if rules is None else rules.bid_name(a)}"
    if a in _CHOICE_OF:
        return str(_CHOICE_OF[a].value)
    if a < PLAY_BASE:
        return f"trump {Suit(a - TRUMP_BASE)}"
    if a < DISCARD_BASE:
        return f"play {CARDS[a - PLAY_BASE]}"
    if a < DISCARD_DONE:
        return f"discard {CARDS[a - DISCARD_BASE]}"
    if a == DISCARD_DONE:
        return "discard done"
    if a < CHOICE_BASE:
        return f"pass-card {CARDS[a - PASS_BASE]}"
    return f"unused choice {a - CHOICE_BASE}"


def refusal(rules: Rules, seat: int, action_id: int, legal: Sequence[int]) -> str:
    """Why ``seat`` may not take ``action_id`` now, ``legal`` being the ids it may take: ``"play KH
    (action 43) is not legal for seat 1 now; legal: play 2C, play 3C"``."""
    names = [action_name(int(i), rules) for i in legal[:8]]
    return (f"{action_name(action_id, rules)} (action {action_id}) is not legal for seat {seat} now; "
            "legal: " + ", ".join(names) + (", ..." if len(legal) > 8 else ""))


def check_id(action_id: object) -> int:
    """``action_id`` as an ``int`` if it is an id of the action table, else an
    :class:`~pitchkit.engine.errors.IllegalActionError`."""
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
    if PASS_BASE <= action_id < CHOICE_BASE:
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
    if a >= CHOICE_BASE:
        raise IllegalActionError(f"{action_name(a)} is no action")
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
    if view.phase == Phase.DISCARD:
        assert view.discard_options is not None
        return discard_ids(view.discard_options, pending)
    if view.phase == Phase.EXCHANGE:
        return pass_ids(view.legal, pending)
    return sorted(decisions(a)[0] for a in view.legal)


def discard_ids(options: tuple[Sequence[Card], int, int], pending: tuple[Card, ...]) -> list[int]:
    """The ids of a discard under way: the picks that can still end in a legal discard, and done
    when the cards picked are one (``options``: the cards it may hold, fewest, most)."""
    allowed, lo, hi = options
    if pending:
        last = max(pending)
        later: Sequence[Card] = [c for c in allowed if c > last]
    else:
        later = allowed
    n = len(pending)
    # the i-th card of ``later`` leaves enough after it to reach ``lo``: i <= n + len(later) - lo
    ids = [DISCARD_BASE + c for c in later[:max(0, n + len(later) - lo + 1)]] if n < hi else []
    if lo <= n <= hi:
        ids.append(DISCARD_DONE)
    return ids


def pass_ids(legal: Iterable[Action], pending: tuple[Card, ...]) -> list[int]:
    """The picks of a pass under way: the next card of each legal pass that holds the cards picked."""
    n = len(pending)
    ids = set()
    for a in legal:
        if type(a) is PassCards:
            cards = sorted(a.cards)
            if n < len(cards) and tuple(cards[:n]) == pending:
                ids.add(PASS_BASE + int(cards[n]))
    return sorted(ids)


# -- observation tensors --------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where each part of an observation lies in the flat tensor, for rules with ``n`` seats and a
    deck of ``deck`` cards. Seats are relative: row ``i`` is the seat ``i`` places to the observer's
    left (row 0 the observer)."""

    n: int
    #: the card rows' width: the deck's highest card index and one (52 or 54; Euchre's short deck
    #: keeps the cards' own indices, 52 wide, 53 with the Benny)
    deck: int
    #: what a score of ``scale`` encodes as 1.0 (the target, or 11 without one)
    scale: int
    #: trump made with the upcard: the upcard and the seats sitting out follow the other parts
    upcard: bool = False

    @staticmethod
    def of(rules: Rules) -> Layout:
        """The layout for these rules."""
        return Layout(rules.players, max(rules.deck_cards) + 1, rules.target or 11,
                      rules.trump_by == TrumpBy.UPCARD)

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
            ("scores", n), *((("upcard", d), ("out", n)) if self.upcard else ()),
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
        if self.upcard:
            if view.upcard is not None:
                out[o["upcard"] + view.upcard] = 1.0
            for seat in out_seats(view.rules, view.log, view.pitcher):
                out[o["out"] + (seat - me) % n] = 1.0


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
    bidder's second one, the partner passes, and every card of the deck played; where trump is made
    with the upcard, also a blind double loner's round, defending alone and a partner's best."""
    n, d = rules.players, rules.deck_size
    upcard = 2 * n + 4 if rules.trump_by == TrumpBy.UPCARD else 0
    return 2 * n + 5 + n * (rules.hand_size + 1) + d + 1 + n * rules.partner_pass + d + upcard
