"""The auction: one round of bids from the dealer's left, dealer last, with the dealer's special
powers (forced bid, steal, take or run it, sell) and smudge bids, all driven by :class:`Rules`."""

from __future__ import annotations

from collections.abc import Sequence

from pitchkit.engine.actions import Action, Bid, Choice, Choose
from pitchkit.engine.errors import IllegalActionError
from pitchkit.engine.lookup import PASSES, bid_action
from pitchkit.engine.rules import AllPass, DealerSteal, Rules, StuckBid

#: a state of the auction as the legal list depends on it: the seat, whether it deals, the round, the
#: high bid and its bidder, and whether the seat may call a misdeal
_State = tuple[int, bool, int, int | None, int | None, bool]
#: the legal lists worked out so far under each rule set in use, by ``id`` (the rules are kept, so
#: the ``id`` stays theirs)
_LISTS: dict[int, tuple[Rules, dict[_State, tuple[Action, ...]]]] = {}
#: rule sets whose lists are kept at once; past this the lists are worked out afresh
_RULE_SETS = 64


def _lists_for(rules: Rules) -> dict[_State, tuple[Action, ...]]:
    entry = _LISTS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_LISTS) >= _RULE_SETS:
            _LISTS.clear()
        entry = _LISTS[id(rules)] = (rules, {})
    return entry[1]


class Auction:
    """Bidding state. :meth:`apply` returns ``(pitcher, bid)`` once the auction is over."""

    def __init__(self, rules: Rules, *, dealer: int, order: Sequence[int]) -> None:
        self.rules = rules
        self.dealer = dealer
        self.order = order
        self.round = 1
        self.pos = 0
        self.high: int | None = None
        self.high_bidder: int | None = None
        self.ran = False
        self.bids: list[tuple[int, int | None]] = []
        self._lists = _lists_for(rules)

    def clone(self) -> Auction:
        """An independent copy."""
        # each attribute named: faster than copy.copy
        other = object.__new__(Auction)
        other.rules = self.rules
        other.dealer = self.dealer
        other.order = self.order
        other.round = self.round
        other.pos = self.pos
        other.high = self.high
        other.high_bidder = self.high_bidder
        other.ran = self.ran
        other.bids = list(self.bids)
        other._lists = self._lists
        return other

    @property
    def to_act(self) -> int:
        """The seat whose turn it is to bid."""
        return self.order[self.pos]

    def _bid_range(self, seat: int) -> tuple[list[int], bool]:
        """Legal bid values for ``seat`` and whether it may pass."""
        r = self.rules
        dealer = seat == self.dealer
        high = self.high
        if self.round == 2:
            if not dealer:
                return list(range(high + 1 if high else r.min_bid, r.max_bid + 1)), True
            assert high is not None
            lo = {DealerSteal.NONE: r.max_bid + 1, DealerSteal.SAME: high,
                  DealerSteal.ONE_MORE: high + 1}[r.dealer_steal]
            return list(range(lo, r.max_bid + 1)), False
        if dealer and high is None:
            if r.stuck_dealer_bid == StuckBid.EXACT:
                return [r.forced_bid], False
            values = list(range(r.forced_bid, r.max_bid + 1))
            if r.smudge_bids:
                values.append(r.smudge)
            return values, False
        lo = r.min_bid if high is None else high + 1
        if dealer and high is not None and r.dealer_steal == DealerSteal.SAME and high <= r.max_bid:
            lo = high
        values = list(range(lo, r.max_bid + 1))
        if r.smudge_bids:
            if high is None or high < r.smudge:
                values.append(r.smudge)
            elif (high == r.smudge and self.high_bidder is not None
                  and r.team_of(self.high_bidder) != r.team_of(seat)):
                values.append(r.over_smudge)
        return values, True

    def legal(self, seat: int, *, misdeal_ok: bool) -> tuple[Action, ...]:
        """The legal bids and choices of ``seat`` (a tuple shared by every hand under these rules
        in the same state of the auction)."""
        key = (seat, seat == self.dealer, self.round, self.high, self.high_bidder, misdeal_ok)
        legal = self._lists.get(key)
        if legal is None:
            legal = self._lists[key] = tuple(self._legal(seat, misdeal_ok=misdeal_ok))
        return legal

    def _legal(self, seat: int, *, misdeal_ok: bool) -> list[Action]:
        values, may_pass = self._bid_range(seat)
        out: list[Action] = [PASSES[seat]] if may_pass else []
        out.extend([bid_action(seat, v) for v in values])
        if self.round == 2 and seat == self.dealer:
            out.insert(0, Choose(seat, Choice.SELL))
        if (self.round == 1 and seat == self.dealer and self.high is None
                and self.rules.all_pass == AllPass.TAKE_OR_RUN):
            out.append(Choose(seat, Choice.RUN))
        if misdeal_ok:
            out.append(Choose(seat, Choice.MISDEAL))
        return out

    def verify(self, action: Bid | Choose, *, misdeal_ok: bool) -> None:
        """Raise :class:`IllegalActionError` unless the bid or choice is legal."""
        seat = action.seat
        if isinstance(action, Choose):
            if action not in self.legal(seat, misdeal_ok=misdeal_ok):
                raise IllegalActionError(self._why_not_choice(action, misdeal_ok=misdeal_ok))
            return
        values, may_pass = self._bid_range(seat)
        if action.amount is None:
            if not may_pass:
                raise IllegalActionError(self._why_no_pass(seat))
            return
        if action.amount not in values:
            raise IllegalActionError(self._why_not_bid(seat, action.amount, values))

    def _why_no_pass(self, seat: int) -> str:
        if self.round == 2:
            return "the dealer was outbid: sell the bid or steal it"
        return "everyone passed: " + self._stuck_dealer_rule()

    def _stuck_dealer_rule(self) -> str:
        r = self.rules
        how = "exactly" if r.stuck_dealer_bid == StuckBid.EXACT else "at least"
        amount = f"{how} {r.bid_name(r.forced_bid)}"
        run = " or run it" if r.all_pass == AllPass.TAKE_OR_RUN else ""
        return f"the dealer must bid {amount}{run} (stuck-dealer-bid = {r.stuck_dealer_bid.value})"

    def _why_not_choice(self, action: Choose, *, misdeal_ok: bool) -> str:
        if action.option == Choice.RUN:
            return "only the dealer may run it, and only when everyone else passed"
        if action.option == Choice.SELL:
            return "only an outbid dealer may sell, after running it"
        return "a misdeal may be called only by a player dealt no point or face card"

    def _why_not_bid(self, seat: int, amount: int, values: list[int]) -> str:
        r = self.rules
        name = r.bid_name(amount)
        if not values and self.round == 2 and seat == self.dealer:
            return "the dealer may not steal under these rules; sell the bid"
        if self.round == 1 and seat == self.dealer and self.high is None:
            return f"bid {name}: everyone passed, and {self._stuck_dealer_rule()}"
        if self.high is not None and amount <= self.high:
            return f"bid {name} does not beat the high bid of {r.bid_name(self.high)}"
        if r.smudge_bids and amount == r.over_smudge:
            return "over-smudge only answers a smudge by the other side"
        if not values:
            return f"no bid can beat {r.bid_name(self.high)}: pass"
        low, top = r.bid_name(min(values)), r.bid_name(max(values))
        return f"bid {name} is out of range: {low} to {top}"

    def apply(self, action: Bid | Choose) -> tuple[int, int] | None:
        """Apply a verified bid or choice; ``(pitcher, bid)`` when the auction is over."""
        r = self.rules
        seat = action.seat
        if isinstance(action, Choose):
            if action.option == Choice.RUN:
                self.ran, self.round = True, 2
                self.high, self.high_bidder = r.forced_bid, seat
                self.pos = 0
                return None
            assert action.option == Choice.SELL and self.high_bidder is not None and self.high
            return self.high_bidder, self.high
        self.bids.append((seat, action.amount))
        if action.amount is not None:
            self.high, self.high_bidder = action.amount, seat
            if r.pitch_ends_auction and action.amount == r.max_bid:
                return seat, action.amount
        if self.round == 2:
            if seat == self.dealer:
                assert self.high is not None
                return seat, self.high
            self.pos += 1
            if self.order[self.pos] == self.dealer and self.high_bidder == self.dealer:
                return self.dealer, r.forced_bid
            return None
        if seat == self.dealer:
            assert self.high is not None and self.high_bidder is not None
            return self.high_bidder, self.high
        self.pos += 1
        return None
