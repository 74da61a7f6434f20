"""Plain words for what a new player cannot see at a glance: who plays with whom, what a special
card or a dealer's choice did, why a point went where it went. Drawn from a seat's :class:`View`
(during the hand) or a finished :class:`Hand` (the summary); card formatting is passed in."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pitchkit.engine.actions import Action, Bid, Choice, Choose, Phase
from pitchkit.engine.cards import BIG_JOKER, CARDS, Card, Suit, cards_of
from pitchkit.engine.hand import Hand
from pitchkit.engine.rules import Rules
from pitchkit.engine.trump import table_for
from pitchkit.engine.view import View
from pitchkit.tui.narrate import and_list, says, team_label

CardFormat = Callable[[Card], str]

def card_note(card: Card, rules: Rules, trump: Suit | None) -> str:
    """What a special card is, for a play in the log: the jick (at Euchre the left bower), a joker
    (at Euchre the Benny) (empty for others)."""
    if card.is_joker:
        if rules.benny:
            return "the Benny, the highest trump"
        return "the big joker, a trump" if card == BIG_JOKER else "the little joker, a trump"
    if trump is not None and rules.off_jack and card.rank == 11 and card.suit != trump:
        tt = table_for(rules, int(trump))
        if tt.is_trump(card):
            return "the left bower, a trump" if rules.bowers else "the jick (off-jack), a trump"
    return ""


def jokers_note(rules: Rules) -> str:
    """What BJ and LJ are, for games with jokers; at euchre-uk what BJ, the Benny, is."""
    if rules.benny:
        return ("BJ is the Benny: the highest trump, whatever suit is trump; turned up, it stands for "
                "the suit the dealer names.")
    if not rules.jokers:
        return ""
    rank = "equal, the first played wins a tie" if rules.equal_jokers else "the big one above the little one"
    return f"BJ and LJ are the big and little joker: trumps whatever suit is trump ({rank})."


def partners_note(rules: Rules, names: Sequence[str]) -> str:
    """Who plays with whom at a table of fixed teams."""
    if not rules.teams:
        return ""
    teams = [and_list([names[s] for s in range(rules.players) if rules.team_of(s) == t])
             + f" (team {team_label(rules, t)})" for t in range(rules.teams)]
    return "Partners: " + " against ".join(teams) + "."


def going_out_note(view: View) -> str:
    """The "bid to go out" state: every side is close enough to the target that only the bidding
    side can go out, and only by making its bid."""
    r = view.rules
    if r.bidder_only_within is None or r.target is None:
        return ""
    floor = r.target - r.bidder_only_within
    if not all(view.scores[s] >= floor for s in view.seats):
        return ""
    return (f"Every side has {floor} or more: only the bidding side can go out this hand, "
            "and only by making its bid.")


def _trump_order(view: View) -> tuple[list[Card], dict[Card, int]]:
    assert view.trump is not None
    r = view.rules
    tt = table_for(r, int(view.trump))
    played = [c for plays, _ in view.tricks for _, c in plays] + [c for _, c in view.trick]
    power = {c: tt.power[int(c)] for c in CARDS[: r.deck_size] if tt.is_trump(c)}
    return [c for c in played if c in power], power


def known_high_low(view: View) -> tuple[tuple[int, Card] | None, tuple[int, Card] | None]:
    """Who played high and who played low, as far as ``view``'s seat can know yet: the highest
    (lowest) trump played once no trump still unseen or in its hand could beat (undercut) it."""
    if view.trump is None:
        return None, None
    trumps, power = _trump_order(view)
    if not trumps:
        return None, None
    by_card = {c: s for plays, _ in view.tricks for s, c in plays} | dict((c, s) for s, c in view.trick)
    unplayed = [c for c in power if c not in by_card]
    done = view.phase == Phase.DONE
    high = max(trumps, key=lambda c: power[c])  # the first of equals stays high
    low = min(reversed(trumps), key=lambda c: power[c])  # the last of equals becomes low
    high_known = done or all(power[c] <= power[high] for c in unplayed)
    low_known = done or all(power[c] > power[low] for c in unplayed)
    return ((by_card[high], high) if high_known else None, (by_card[low], low) if low_known else None)


def teams_note(view: View, names: Sequence[str], *, fmt: CardFormat = str) -> str:
    """Seven-point's teams of the hand, once the seat can know them (see :func:`known_high_low`)."""
    if not view.rules.dynamic_teams:
        return ""
    high, low = known_high_low(view)
    if high is None or low is None:
        return ""
    (hs, hc), (ls, lc) = high, low
    rest = [names[s] for s in view.seats if s not in (hs, ls)]
    if hs == ls:
        who = f"{names[hs]} played high {fmt(hc)} and low {fmt(lc)}: " + says(names[hs], "play", "plays")
        return f"Teams: {who} alone against {and_list(rest)}." if rest else f"Teams: {who} alone."
    return (f"Teams: {names[hs]} (high {fmt(hc)}) and {names[ls]} (low {fmt(lc)}) "
            f"against {and_list(rest)}.")


def auction_note(view: View, action: Action, names: Sequence[str]) -> str:
    """What a dealer's choice did, after ``action`` (``view`` is after it): running it, selling,
    a stuck dealer's forced bid, the dealer pitching when nobody outbid after running it."""
    r = view.rules
    dealer = names[view.dealer]
    if isinstance(action, Choose) and action.option == Choice.RUN:
        extra = r.run_extra(len(view.seats))
        return (f"{says(dealer, 'run', 'runs')} it: everyone gets {extra} more cards from the pack "
                f"and bids again, above {r.bid_name(r.forced_bid)}; nobody outbidding, the dealer "
                f"pitches for {r.bid_name(r.forced_bid)}.")
    if isinstance(action, Choose) and action.option == Choice.SELL and view.pitcher is not None:
        return (f"{says(dealer, 'sell', 'sells')} the bid: {names[view.pitcher]} pitches for "
                f"{r.bid_name(view.bid)}.")
    if not isinstance(action, Bid):
        return ""
    before = [a for a in view.log if isinstance(a, Bid | Choose)][:-1]
    if (action.seat == view.dealer and action.amount is not None and not view.ran
            and all(isinstance(a, Bid) and a.amount is None for a in before)):
        return (f"Everyone else passed, so the dealer is stuck: {says(dealer, 'take', 'takes')} it "
                f"for {r.bid_name(action.amount)}.")
    if (view.ran and view.phase != Phase.AUCTION and action.amount is None
            and view.pitcher == view.dealer):
        return f"Nobody outbid the dealer: {dealer} {'pitch' if dealer == 'You' else 'pitches'} " \
               f"for {r.bid_name(view.bid)}."
    return ""


def new_cards(hand: Hand, seat: int) -> frozenset[Card]:
    """The cards ``seat`` holds that came from the pack (after running it, or the draw)."""
    dealt = set(hand.initial_hands[seat])
    return frozenset(c for c in cards_of(hand.hands[seat]) if c not in dealt)
