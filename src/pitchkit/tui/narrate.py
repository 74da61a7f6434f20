"""Actions, hand results and game ends in words, for the table's log and the plain-text log.

Card and suit formatting is passed in, so the same sentences serve the styled table (glyphs and
colours) and plain text (``KH``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pitchkit.engine.actions import (
    Action,
    Bid,
    Choice,
    Choose,
    DeclareTrump,
    Discard,
    PassCards,
    Play,
    Ruling,
)
from pitchkit.engine.cards import CARDS, Card, Suit
from pitchkit.engine.game import Game
from pitchkit.engine.hand import Hand, HandResult
from pitchkit.engine.pack import Taken, pack_draws
from pitchkit.engine.rules import Credit, Rules, ScoreBy, TrumpBy
from pitchkit.engine.scoring import Award
from pitchkit.engine.view import View

CardFormat = Callable[[Card], str]
SuitFormat = Callable[[Suit], str]


def plain_suit(suit: Suit) -> str:
    """``"hearts"``."""
    return suit.long_name


def seat_names(players: int, human: int | None) -> tuple[str, ...]:
    """``"You"`` for the human's seat, ``"Seat N"`` for the others."""
    return tuple("You" if s == human else f"Seat {s}" for s in range(players))


def says(name: str, you: str, other: str) -> str:
    """A seat's name with its verb in the right person: ``says("You", "deal", "deals")`` is
    ``"You deal"``, ``says("Seat 2", "deal", "deals")`` is ``"Seat 2 deals"``."""
    return f"{name} {you if name == 'You' else other}"


def team_label(rules: Rules, seat: int) -> str:
    """``"A"``, ``"B"``... for fixed teams, empty for individuals."""
    return "ABCDEFGHI"[rules.team_of(seat)] if rules.teams else ""


#: each choice in words, said of oneself and of another seat
CHOICE_WORDS: dict[Choice, tuple[str, str]] = {
    Choice.RUN: ("run it", "runs it"), Choice.SELL: ("sell the bid", "sells the bid"),
    Choice.MISDEAL: ("call a misdeal", "calls a misdeal"), Choice.ALONE: ("go alone", "goes alone"),
    Choice.PARTNER: ("play with the partner", "plays with the partner"),
    Choice.BLIND: ("call a blind double loner", "calls a blind double loner"), Choice.LOOK: ("look", "looks"),
    Choice.FARMER: ("call a farmer's hand", "calls a farmer's hand"),
}
#: where trump is made with the upcard (Euchre) a hand without a playable holding is thrown in
_THROW_IN_WORDS = ("throw in the hand", "throws in the hand")


def choice_words(option: Choice, rules: Rules) -> tuple[str, str]:
    """A choice in words, said of oneself and of another seat, as the game calls it."""
    if option is Choice.MISDEAL and rules.trump_by == TrumpBy.UPCARD:
        return _THROW_IN_WORDS
    return CHOICE_WORDS[option]


def action_line(action: Action, rules: Rules, names: Sequence[str], *, fmt: CardFormat = str,
                fmt_suit: SuitFormat = plain_suit, reveal: bool = True) -> str:
    """``"Seat 2: bid 3"``, ``"You: play KH"``; others' discards as a count unless ``reveal``."""
    who = names[action.seat]
    match action:
        case Bid(_, None):
            return f"{who}: pass"
        case Bid(_, amount):
            return f"{who}: bid {rules.bid_name(amount)}"
        case Choose(_, option):
            return f"{who}: {choice_words(option, rules)[0]}"
        case DeclareTrump(_, suit):
            return f"{who}: {fmt_suit(suit)} are trump"
        case Discard(_, cards):
            if reveal:
                shown = " ".join(fmt(c) for c in cards) or "nothing"
                return f"{who}: discard {shown}"
            return f"{who}: discard {len(cards)} card{'s' if len(cards) != 1 else ''}"
        case Ruling(_, name, delta, sit_out, passes):
            changes = ", ".join(f"{names[s]} {d:+d}" for s, d in enumerate(delta) if d)
            out = ", ".join(names[s] for s in sit_out)
            return (f"Judge: {name} by {who}" + (f"; {changes}" if changes else "")
                    + (f"; {out} sit{'s' if len(sit_out) == 1 else ''} out the next hand" if out else "")
                    + ("; the deal passes to the next seat" if passes else ""))
        case PassCards(_, cards):
            if reveal:
                return f"{who}: pass {' '.join(fmt(c) for c in cards)} to the partner"
            return f"{who}: pass {len(cards)} card{'s' if len(cards) != 1 else ''} to the partner"
        case Play(_, card):
            return f"{who}: play {fmt(card)}"


def told_apart(log: Sequence[Action], upcard: Card | None) -> dict[int, str]:
    """The actions of ``log`` (by index) told in words of their own where trump is made with the
    upcard: ``"benny"``, the dealer naming the suit a Benny turned up stands for (the hand's first call
    of a suit, before anyone speaks), and ``"defends"``, a defender going alone against a loner."""
    out: dict[int, str] = {}
    if upcard is not None and upcard.is_joker:
        first = next((i for i, a in enumerate(log) if type(a) is DeclareTrump), None)
        if first is not None:
            out[first] = "benny"
    loner = False
    for i, a in enumerate(log):
        if type(a) is Choose and a.option in (Choice.ALONE, Choice.BLIND):
            if loner and a.option is Choice.ALONE:
                out[i] = "defends"
            loner = True
    return out


def auction_words(action: Action, rules: Rules, names: Sequence[str], *,
                  fmt_suit: SuitFormat = plain_suit, told: str = "") -> str:
    """An action of the auction in words, its verb in the present as the seat's name wants it:
    ``"Seat 3 bids 2"``, ``"You bid 3"``, ``"Seat 1 passes"``, ``"Seat 2 makes spades trump"``,
    ``"Seat 0 runs it"``, ``"You go alone"``; ``told`` (see :func:`told_apart`): ``"benny"``, the
    dealer names a Benny's suit, ``"Seat 2 names spades for the Benny"``; ``"defends"``, ``"Seat 1
    defends alone"``. Other actions are told as :func:`action_line` tells them."""
    who = names[action.seat]
    match action:
        case Bid(_, None):
            return says(who, "pass", "passes")
        case Bid(_, amount):
            return f"{says(who, 'bid', 'bids')} {rules.bid_name(amount)}"
        case DeclareTrump(_, suit) if told == "benny":
            return f"{says(who, 'name', 'names')} {fmt_suit(suit)} for the Benny"
        case DeclareTrump(_, suit):
            return f"{says(who, 'make', 'makes')} {fmt_suit(suit)} trump"
        case Choose(_, Choice.ALONE) if told == "defends":
            return says(who, "defend", "defends") + " alone"
        case Choose(_, option):
            return says(who, *choice_words(option, rules))
    return action_line(action, rules, names, fmt_suit=fmt_suit)


def instruction(action: Action, view: View, names: Sequence[str], *, fmt: CardFormat = str,
                fmt_suit: SuitFormat = plain_suit) -> str:
    """An action of the seat of ``view`` as an instruction (a hint): ``"play K♠"``, ``"bid 3"``; where
    trump is made with the upcard, ``"order up 9♦"`` (the dealer: ``"pick up 9♦"``) in round one,
    ``"name ♥ hearts trump"`` in round two, ``"name ♥ hearts for the Benny"``."""
    upcard = view.upcard
    if type(action) is DeclareTrump and upcard is not None:
        named = next((a.suit for a in view.log if type(a) is DeclareTrump), None)
        if told_apart((*view.log, action), upcard).get(len(view.log)) == "benny":
            return f"name {fmt_suit(action.suit)} for the Benny"
        # round one makes the upcard's suit (a Benny's: the suit the dealer named), round two names another
        if action.suit == (named if upcard.is_joker else upcard.suit):
            card = "the Benny" if upcard.is_joker else fmt(upcard)
            return f"{'pick up' if action.seat == view.dealer else 'order up'} {card}"
        return f"name {fmt_suit(action.suit)} trump"
    return action_line(action, view.rules, names, fmt=fmt, fmt_suit=fmt_suit).split(": ", 1)[1]


def auction_label(rules: Rules) -> str:
    """What the bidding is called: ``"Making trump"`` where trump is made with the upcard (Euchre),
    else ``"Auction"``."""
    return "Making trump" if rules.trump_by == TrumpBy.UPCARD else "Auction"


def _signed(n: int) -> str:
    return f"{n:+d}"


#: the point categories in words
POINT_WORDS = {"off-jack": "jick (off-jack)", "big-joker": "big joker",
               "little-joker": "little joker", "ace": "ace of trump", "ten": "ten of trump",
               "two": "two of trump", "three": "three of trump"}


def point_word(point: str) -> str:
    """A point category in words: ``"big joker"`` for ``big-joker``."""
    return POINT_WORDS.get(point, point)


def and_list(names: Sequence[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def played_in(hand: Hand, card: Card) -> tuple[int, int] | None:
    """Who played ``card`` and who won its trick (``None`` if it was not played)."""
    for plays, winner in hand.tricks:
        for seat, c in plays:
            if CARDS[c] == card:
                return seat, winner
    return None


def award_reason(hand: Hand, award: Award) -> str:
    """Why a card point went where it went, when it is not the obvious "took the trick": high or
    low credited to the player of the card while another seat won the trick."""
    if award.card is None or award.point not in ("high", "low", "jack"):
        return ""
    r = hand.rules
    credit = {"high": r.high_credit, "low": r.low_credit, "jack": r.jack_credit}[award.point]
    where = played_in(hand, award.card)
    if credit == Credit.PLAYER and where is not None and where[1] != award.seat:
        return f"played it; {award.point} goes to the player of the card, not the trick's winner"
    return ""


def _sides_line(hand: Hand, names: Sequence[str]) -> str:
    """Who played with whom: seven-point's teams of the hand, or fixed teams with what each took."""
    res = hand.result
    assert res is not None
    rules = hand.rules
    groups: dict[int, list[int]] = {}
    for s in hand.seats:
        groups.setdefault(res.side[s], []).append(s)
    if rules.dynamic_teams:
        makers = next((g for g in groups.values() if any(
            a.point in ("high", "low") and a.card is not None and (played_in(hand, a.card) or (-1,))[0] in g
            for a in res.awards)), None)
        if makers is None:
            return ""
        rest = [names[s] for g in groups.values() if g is not makers for s in g]
        lead = (f"{says(names[makers[0]], 'play', 'plays')} alone (played high and low)" if len(makers) == 1
                else f"{and_list([names[s] for s in makers])} played high and low, so they are partners")
        return f"Teams: {lead}" + (f" against {and_list(rest)}." if rest else ".")
    if not rules.teams:
        return ""
    parts = [f"team {team_label(rules, g[0])} ({and_list([names[s] for s in g])}) "
             f"took {res.side_points[g[0]]}" for g in groups.values()]
    return "Points taken: " + ", ".join(parts) + "."



def result_lines(hand: Hand, names: Sequence[str], *, fmt: CardFormat = str,
                 fmt_suit: SuitFormat = plain_suit) -> list[str]:
    """A finished hand in words: the contract, every point awarded, the score changes."""
    res = hand.result
    rules = hand.rules
    if res is None:
        return ["(hand not finished)"]
    if res.misdeal:
        return [_misdeal_line(hand, names)]
    assert res.pitcher is not None and res.bid is not None and res.trump is not None
    if rules.score_by == ScoreBy.TRICKS:
        return _trick_result_lines(hand, names, fmt_suit=fmt_suit)
    verdict = "made it" if res.made else ("were set" if names[res.pitcher] == "You" else "was set")
    took = res.side_points[res.pitcher]
    lines = [f"{names[res.pitcher]} bid {rules.bid_name(res.bid)} with {fmt_suit(res.trump)} trump, "
             f"took {took} point{'s' if took != 1 else ''} and {verdict}."]
    sides = _sides_line(hand, names)
    if sides:
        lines.append(sides)
    for point in rules.points:
        awards = [a for a in res.awards if a.point == point]
        for award in awards:
            card = f" {fmt(award.card)}" if award.card is not None else ""
            value = f" ({award.value} points)" if award.value != 1 else ""
            extra = f", {res.card_points[award.seat]} card points" if point == "game" else ""
            reason = award_reason(hand, award)
            extra += f" ({reason})" if reason else ""
            lines.append(f"  {point_word(point)}{card}: {names[award.seat]}{value}{extra}")
        if not awards:
            why = {"game": "tied on card points", "smudge": "not earned"}.get(point, "not in play")
            lines.append(f"  {point_word(point)}: nobody ({why})")
    lines.append(score_changes(hand, res, names))
    return lines


def _misdeal_line(hand: Hand, names: Sequence[str]) -> str:
    """A hand ended unscored: a misdeal, or where trump is made with the upcard a hand thrown in
    (by a player's throw-in hand, or because everyone passed twice)."""
    if hand.rules.trump_by != TrumpBy.UPCARD:
        return "Misdeal: the hand is not scored and the cards are dealt again."
    assert hand.result is not None
    dealer = "the next dealer deals" if hand.result.deal_passes else "the same dealer deals again"
    thrower = next((a.seat for a in hand.log if type(a) is Choose and a.option is Choice.MISDEAL), None)
    if thrower is not None:
        return f"{says(names[thrower], 'throw', 'throws')} in the hand: it is not scored and {dealer}."
    return f"Everyone passed: the hand is thrown in and {dealer}."


def score_changes(hand: Hand, res: HandResult, names: Sequence[str]) -> str:
    """``"Scores: You 0 +3 = 3, Seat 1 ..."``: each seat's score before, its change and after; each
    team's once where fixed teams score as one."""
    shown = [(who, s) for who, s, _ in score_holders(hand.rules, names, hand.seats)]
    return "Scores: " + ", ".join(f"{who} {res.scores[s] - res.delta[s]} {_signed(res.delta[s])} = "
                                  f"{res.scores[s]}" for who, s in shown)


#: the awards of a hand scored by tricks, in words
TRICK_AWARDS = {"made": "made it", "march": "a march: every trick", "alone-march": "a march alone",
                "euchre": "euchred: the defenders score", "blind-march": "a blind double loner's march",
                "lone-euchre": "euchred by a lone defender"}


def _trick_result_lines(hand: Hand, names: Sequence[str], *, fmt_suit: SuitFormat) -> list[str]:
    """A hand scored by tricks: the makers, their tricks and what was scored."""
    res = hand.result
    assert res is not None and res.pitcher is not None and res.trump is not None
    rules, maker = hand.rules, res.pitcher
    team = [s for s in hand.seats if res.side[s] == res.side[maker]]
    took = sum(res.card_points[s] for s in team)
    alone = " alone" if hand.sitting_out is not None else ""
    lines = [f"{says(names[maker], 'make', 'makes')} {fmt_suit(res.trump)} trump{alone}; "
             f"team {team_label(rules, maker)} took {took} of {len(hand.tricks)} tricks."]
    for a in res.awards:
        lines.append(f"  {TRICK_AWARDS.get(a.point, a.point)}: team {team_label(rules, a.seat)} +{a.value}")
    lines.append(score_changes(hand, res, names))
    return lines


def score_holders(rules: Rules, names: Sequence[str],
                  seats: Sequence[int]) -> list[tuple[str, int, list[int]]]:
    """Who holds a score, in seat order: each fixed team once (``"team A"``, its first seat, its
    members), else each seat of ``seats``."""
    if not rules.teams:
        return [(names[s], s, [s]) for s in seats]
    members: dict[int, list[int]] = {}
    for s in range(len(names)):
        members.setdefault(rules.team_of(s), []).append(s)
    return [(f"team {team_label(rules, m[0])}", m[0], m) for _, m in sorted(members.items())]


def end_lines(game: Game, names: Sequence[str], *, stopped: bool) -> list[str]:
    """The final scores and the winner (or why there is none); each fixed team's score once, with
    its players."""
    rules = game.rules
    holders = score_holders(rules, names, range(rules.players))

    def players(seats: list[int]) -> str:
        return and_list([names[s] for s in seats])

    scores = ", ".join(f"{label} {game.scores[s]}" + (f" ({players(m)})" if rules.teams else "")
                       for label, s, m in holders)
    lines = [f"Final scores: {scores}"]
    if game.end is not None:
        won = game.end.winners
        winners = " and ".join(f"{label}, {players([s for s in m if s in won])}" for label, _, m in holders
                               if set(m) & set(won)) if rules.teams else " and ".join(names[s] for s in won)
        lines.append(f"Winner: {winners} ({game.end.reason})")
    elif stopped:
        best = max(game.scores)
        leaders = " and ".join(label if rules.teams else names[s] for label, s, _ in holders
                               if game.scores[s] == best)
        n = len(game.history)
        lines.append(f"No winner: stopped after {n} hand{'s' if n != 1 else ''}; leading: {leaders} ({best})")
    return lines


def pack_lines(draws: Sequence[Taken], names: Sequence[str], *, fmt: CardFormat = str,
               upcard: Card | None = None) -> list[str]:
    """``["Seat 1 takes 4C 5D 6H from the stock", ..., "Seat 2 takes the rest of the stock: ..."]``,
    one line per entry. Where an ``upcard`` was turned (Euchre) the rest of the pack is the kitty,
    and the dealer taking the upcard alone is ``"Seat 1 picks up 9D"``."""
    lines = []
    pile = "stock" if upcard is None else "kitty"
    for s, cards, rest in draws:
        shown = " ".join(fmt(c) for c in cards)
        if upcard is not None and cards == (upcard,) and not rest:
            lines.append(f"{says(names[s], 'pick', 'picks')} up {shown}")
            continue
        takes = says(names[s], "take", "takes")
        lines.append(f"{takes} the rest of the {pile}: {shown}" if rest
                     else f"{takes} {shown} from the {pile}")
    return lines


def in_auction(action: Action, upcard: Card | None) -> bool:
    """True for the actions the logs tell in the auction's words (:func:`auction_words`): bids and
    decisions, and naming trump where an upcard was turned (elsewhere trump is named by a play)."""
    return isinstance(action, Bid | Choose) or (isinstance(action, DeclareTrump) and upcard is not None)


def live_lines(hand: Hand, index: int, names: Sequence[str], *, fmt: CardFormat = str,
               fmt_suit: SuitFormat = plain_suit, reveal: bool = True) -> list[str]:
    """The ``index``-th action of ``hand`` (from 1) in the words of :func:`trick_lines`, for a log
    that tells one action at a time: ``"Seat 1 makes spades trump"`` at Euchre, then the dealer
    ``"Seat 2 picks up 9H"`` when the upcard goes to the dealer's hand (other cards from the pack
    stay unsaid, they are private)."""
    action = hand.log[index - 1]
    upcard = None if hand.upcard is None else CARDS[hand.upcard]
    if not in_auction(action, upcard):
        return [action_line(action, hand.rules, names, fmt=fmt, fmt_suit=fmt_suit, reveal=reveal)]
    lines = [auction_words(action, hand.rules, names, fmt_suit=fmt_suit,
                           told=told_apart(hand.log, upcard).get(index - 1, ""))]
    if upcard is not None:
        picked = [t for t in pack_draws(hand).get(index, []) if t.cards == (upcard,) and not t.rest]
        lines += pack_lines(picked, names, fmt=fmt, upcard=upcard)
    return lines


def trick_lines(hand: Hand, names: Sequence[str], *, fmt: CardFormat = str,
                fmt_suit: SuitFormat = plain_suit, reveal: Callable[[int], bool] = lambda s: True,
                pack: bool = False) -> list[str]:
    """A hand's actions grouped: the auction on one line, trump and discards, one line per trick;
    with ``pack`` also the cards each seat took from the pack, where it took them (see
    :func:`pack_draws`; only for logs that may show every seat's cards)."""
    rules = hand.rules
    lines: list[str] = []
    auction: list[str] = []
    plays: list[str] = []
    done = 0
    draws = pack_draws(hand) if pack else {}
    upcard = None if hand.upcard is None else CARDS[hand.upcard]
    if upcard is not None:
        lines.append(f"Upcard: {fmt(upcard)}")
    label = f"{auction_label(rules)}: "
    per_trick = len(hand.seats) - len(hand.out_seats)
    told = told_apart(hand.log, upcard)
    for i, action in enumerate(hand.log, start=1):
        if i - 1 in draws:
            if auction:
                lines.append(label + ", ".join(auction))
                auction = []
            lines += pack_lines(draws[i - 1], names, fmt=fmt, upcard=upcard)
        if in_auction(action, upcard):
            auction.append(auction_words(action, rules, names, fmt_suit=fmt_suit, told=told.get(i - 1, "")))
            continue
        if auction:
            lines.append(label + ", ".join(auction))
            auction = []
        if isinstance(action, Discard | PassCards):
            lines.append(action_line(action, rules, names, fmt=fmt, reveal=reveal(action.seat)))
        elif isinstance(action, Ruling):
            lines.append(action_line(action, rules, names))
        elif isinstance(action, DeclareTrump):
            if plays:
                plays[-1] += f" ({fmt_suit(action.suit)} trump)"
            else:
                lines.append(action_line(action, rules, names, fmt=fmt, fmt_suit=fmt_suit))
        elif isinstance(action, Play):
            plays.append(f"{names[action.seat]} {fmt(action.card)}")
            if len(plays) == per_trick:
                winner = hand.tricks[done][1]
                done += 1
                lines.append(f"Trick {done}: " + ", ".join(plays) + f" -> {names[winner]}")
                plays = []
    if auction:
        lines.append(label + ", ".join(auction))
    if len(hand.log) in draws:
        lines += pack_lines(draws[len(hand.log)], names, fmt=fmt, upcard=upcard)
    if plays:
        lines.append(f"Trick {done + 1}: " + ", ".join(plays))
    return lines
