"""The table's panels as Rich renderables, drawn from one seat's :class:`View`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pitchkit.engine.actions import Bid, Choice, Choose, DeclareTrump, Phase
from pitchkit.engine.cards import GLYPHS, Card, Suit
from pitchkit.engine.hand import Hand
from pitchkit.engine.rules import POINT_VALUES, AllPass, Rules, ScoreBy, TrumpBy
from pitchkit.engine.scoring import point_card
from pitchkit.engine.trump import table_for
from pitchkit.engine.view import View
from pitchkit.tui.cards import card_markup, card_text, group_hand, suit_markup, suit_style
from pitchkit.tui.explain import going_out_note, known_high_low
from pitchkit.tui.keys import KeyChoice
from pitchkit.tui.narrate import auction_label, auction_words, says, team_label, told_apart

_SHORT = {"smudge": "smdg", "over-smudge": "osmdg", "misdeal": "misdl"}


def short_bid(name: str) -> str:
    """A bid or choice name short enough for the seats table."""
    return _SHORT.get(name, name)


def running_points(view: View, cards: Sequence[Card]) -> int:
    """What captured ``cards`` are worth so far: card points toward "game" when the rules score
    game, else the value of the point cards among them (ten-point); one trick when the hand scores by
    tricks."""
    rules = view.rules
    if rules.score_by == ScoreBy.TRICKS:
        return 1
    if "game" in rules.points:
        return sum(c.game_value for c in cards)
    if view.trump is None:
        return 0
    tt = table_for(rules, int(view.trump))
    worth = {point_card(p, int(view.trump), tt.off_jack): POINT_VALUES[p] for p in rules.points}
    return sum(worth.get(int(c), 0) for c in cards)


_COLUMNS = (("", "left"), ("seat", "left"), ("score", "right"), ("bid", "right"), ("tricks", "right"),
            ("pts", "right"), ("table", "left"))
#: the columns a narrow seats table keeps
_COMPACT = ("", "seat", "score", "bid", "table")


def seats_table(view: View, names: Sequence[str], *, compact: bool = False) -> Table:
    """One row per seat: turn marker, name (dealer, team), score, bid, tricks and card points won,
    and the card it has on the table (the last trick's, dimmed, once a trick is complete);
    ``compact`` leaves out tricks and card points."""
    rules = view.rules
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False, expand=False)
    # scored by tricks, the points column would repeat the tricks
    shown = [c for c in _COLUMNS if (not compact or c[0] in _COMPACT)
             and not (c[0] == "pts" and rules.score_by == ScoreBy.TRICKS)]
    # the widest a bid or a card on the table can be, so that the panel keeps its width all game
    least = {"": 1, "bid": bid_width(rules, compact=compact), "table": cell_len("10♣ won")}
    for header, justify in shown:
        width = least.get(header)
        if header == "bid" and rules.trump_by == TrumpBy.UPCARD:
            header = "call"  # trump is ordered up, picked up or named, never bid
        table.add_column(header, justify=justify, no_wrap=True, min_width=width)  # type: ignore[arg-type]
    keep = [i for i, c in enumerate(_COLUMNS) if c in shown]
    bids: dict[int, str] = {}
    for action in view.log:
        if isinstance(action, Bid):
            bids[action.seat] = short_bid(rules.bid_name(action.amount))
        elif isinstance(action, Choose) and action.option != Choice.PARTNER:  # not alone: nothing new
            bids[action.seat] = short_bid(action.option.value)
    # the partners of a seat that plays or defends alone sit out the hand
    resting = {p for a in view.log if isinstance(a, Choose) and a.option == Choice.ALONE
               for p in range(view.n_seats) if p != a.seat and rules.team_of(p) == rules.team_of(a.seat)}
    won = [0] * view.n_seats
    points = [0] * view.n_seats
    for plays, winner in view.tricks:
        won[winner] += 1
        points[winner] += running_points(view, [c for _, c in plays])
    on_table: dict[int, Text] = {s: card_text(c) for s, c in view.trick}
    if not view.trick and view.tricks:
        plays, winner = view.tricks[-1]
        for s, c in plays:
            on_table[s] = Text.assemble(card_text(c), " won") if s == winner else card_text(c)
            if s != winner:
                on_table[s].stylize("dim")
    for s in range(view.n_seats):
        name = Text(names[s], style="bold cyan" if s == view.seat else "")
        if team_label(rules, s):
            name.append(f" {team_label(rules, s)}", style="dim")
        if s == view.dealer:
            name.append(" D", style="yellow")
        if s not in view.seats or s in resting:
            row: list[Text | str] = ["", name, str(view.scores[s]), "out", "", "", ""]
            table.add_row(*(row[i] for i in keep))
            continue
        bid = Text(bids.get(s, ""))
        if s == view.pitcher and view.bid is not None:
            bid = making_cell(view, compact=compact) if rules.trump_by == TrumpBy.UPCARD else \
                Text(f"★{short_bid(rules.bid_name(view.bid))}", style="bold yellow")
        marker = Text("▶", style="bold green") if view.to_act == s else Text("")
        row = [marker, name, str(view.scores[s]), bid, str(won[s]) if view.tricks else "",
               str(points[s]) if view.tricks else "", on_table.get(s, Text(""))]
        table.add_row(*(row[i] for i in keep))
    return table


def bid_width(rules: Rules, *, compact: bool = False) -> int:
    """The widest a seat's cell in the bid column can be under ``rules``: a pass, a choice, the
    pitcher's starred bid, or at Euchre the maker's call (see :func:`making_cell`); ``compact``:
    a pass or a number bid (a rarer choice widens the column when it is made)."""
    words = ["pass"]
    if rules.trump_by == TrumpBy.UPCARD:
        if not compact:
            words += [short_bid(c.value) for c in (Choice.MISDEAL, Choice.ALONE, Choice.BLIND, Choice.LOOK,
                                                   Choice.FARMER)]
            words.append("♠ picked up")
        return max(cell_len(w) for w in words)
    bids = list(range(rules.min_bid, rules.max_bid + 1))
    if not compact:
        choices = [*((Choice.RUN, Choice.SELL) if rules.all_pass == AllPass.TAKE_OR_RUN else ()),
                   *((Choice.MISDEAL,) if rules.misdeal_no_face else ())]
        words += [short_bid(c.value) for c in choices]
        bids += [rules.smudge, rules.over_smudge] if rules.smudge_bids else []
    words += [f"★{short_bid(rules.bid_name(b))}" for b in bids]
    return max(cell_len(w) for w in words)


def how_made(view: View) -> tuple[int, str, bool] | None:
    """How trump was made with the upcard (Euchre), from the public log: the suit, in the browser
    table's words how (``"ordered"`` up in round one, ``"picked up"`` by the dealer, ``"named"`` in
    round two, ``"blind"`` for a blind double loner) and whether the maker goes alone; None before
    trump is made."""
    if view.pitcher is None or view.trump is None:
        return None
    log = view.log
    blind = Choose(view.pitcher, Choice.BLIND) in log
    calls = [i for i, a in enumerate(log) if type(a) is DeclareTrump]
    if view.upcard is not None and view.upcard.is_joker:
        calls = calls[1:]  # the dealer first named the Benny's suit: not a call
    if blind or not calls:
        return int(view.trump), "blind", True
    passes = sum(type(a) is Bid for a in log[:calls[0]])
    how = "named" if passes >= len(view.seats) else "picked up" if view.pitcher == view.dealer else "ordered"
    return int(view.trump), how, Choose(view.pitcher, Choice.ALONE) in log


def making_cell(view: View, *, compact: bool = False) -> Text:
    """The maker's cell in the bid column (Euchre): ``♠ ordered``, with ``alone`` under it when
    the maker goes alone (the suit in its colour stands where a Pitch bid has its star); ``compact``:
    the suit only (the partner's row says ``out`` when the maker goes alone)."""
    made = how_made(view)
    if made is None:
        return Text("")
    suit, how, alone = made
    out = Text(GLYPHS[Suit(suit)], style=suit_style(Suit(suit)))
    if compact:
        return out
    out.append(f" {how}", style="bold yellow")
    if alone:
        out.append("\nalone", style="bold yellow")
    return out


def status_text(view: View, names: Sequence[str]) -> Text:
    """The table in one line, for terminals too small for the seats and hand panels: who is to
    act, who deals, trump and the contract."""
    out = Text()
    if view.to_act is not None:
        out.append("▶ ", style="bold green")
        out.append(says(names[view.to_act], "are to act", "is to act"), style="bold")
        out.append(" · ")
    out.append(says(names[view.dealer], "deal", "deals"))
    if view.trump is not None:
        out.append(" · trump ")
        out.append_text(Text.from_markup(suit_markup(view.trump)))
    if view.pitcher is not None and view.bid is not None:
        out.append(f" · {contract(view, names)}")
    return out


def contract(view: View, names: Sequence[str]) -> str:
    """What the maker must make: ``"Seat 2 must make 3"``, or where a hand is scored by the makers'
    tricks ``"Seat 2's team must take 3 tricks"`` (``"Seat 2 must take 3 tricks alone"``)."""
    assert view.pitcher is not None and view.bid is not None
    if view.rules.score_by == ScoreBy.TRICKS:
        name = names[view.pitcher]
        if any(isinstance(a, Choose) and a.seat == view.pitcher and a.option in (Choice.ALONE, Choice.BLIND)
               for a in view.log):
            return f"{name} must take {view.bid} tricks alone"
        if view.rules.teams:
            owner = "Your" if name == "You" else f"{name}'s"
            return f"{owner} team must take {view.bid} tricks"
        return f"{name} must take {view.bid} tricks"
    return f"{names[view.pitcher]} must make {view.rules.bid_name(view.bid)}"


def team_members(rules: Rules) -> dict[str, list[int]]:
    """The seats of each fixed team by its letter (empty for individuals)."""
    out: dict[str, list[int]] = {}
    for seat in range(rules.players):
        if team_label(rules, seat):
            out.setdefault(team_label(rules, seat), []).append(seat)
    return out


def info_text(view: View, names: Sequence[str], hand_no: int) -> Text:
    """Hand number and dealer, trump, the contract, the "bid to go out" state, each team's score and
    what it took this hand, and the auction so far."""
    rules = view.rules
    out = Text()
    out.append(f"Hand {hand_no}", style="bold")
    out.append(f" · {says(names[view.dealer], 'deal', 'deals')}\n")
    out.append("Trump: ")
    if view.trump is not None:
        out.append_text(Text.from_markup(suit_markup(view.trump)))
    elif rules.trump_by == TrumpBy.LEAD:
        out.append("first card led", style="dim")
    elif rules.trump_by == TrumpBy.UPCARD:
        out.append("made with the upcard", style="dim")
    else:
        out.append("named by the bidder", style="dim")
    out.append("\n")
    if view.upcard is not None:
        out.append("Upcard: ")
        out.append_text(Text.from_markup(card_markup(view.upcard)))
        out.append("\n")
    if view.pitcher is not None and view.bid is not None:
        out.append(contract(view, names) + "\n", style="yellow")
    if going_out_note(view):
        out.append("Bid to go out: only the bidding side can go out\n", style="bold yellow")
    high, low = known_high_low(view) if rules.dynamic_teams else (None, None)
    if high is not None and low is not None:
        pair = f"{names[high[0]]} alone" if high[0] == low[0] else f"{names[high[0]]} + {names[low[0]]}"
        out.append(f"Partners: {pair}\n", style="bold")
    for team, members in team_members(rules).items():
        taken = sum(running_points(view, [c for _, c in plays]) for plays, w in view.tricks if w in members)
        out.append(f"Team {team} {view.scores[members[0]]}", style="bold")
        out.append(f", {taken} this hand\n" if view.tricks else "\n")
    told = told_apart(view.log, view.upcard)
    auction = [auction_words(a, rules, names, told=told.get(i, "")) for i, a in enumerate(view.log)
               if isinstance(a, Bid | Choose) or (isinstance(a, DeclareTrump) and view.upcard is not None)]
    out.append(f"{auction_label(rules)}: ")
    out.append(", ".join(auction) if auction else "-", style="" if auction else "dim")
    return out


def hand_text(view: View, keys: Sequence[KeyChoice], selected: frozenset[Card] = frozenset(),
              new: frozenset[Card] = frozenset()) -> Text:
    """The seat's hand grouped by suit (trumps first), each card it may choose with its key when it
    is the seat's turn to play or discard; the others are dimmed, selected ones highlighted, the
    ``new`` ones (from the pack) underlined and told."""
    by_card = {k.card: k for k in keys if k.card is not None}
    out = Text()
    groups = group_hand(view.hand, view.rules, view.trump)
    if not groups:
        return Text("(no cards)", style="dim")
    for i, (label, cards) in enumerate(groups):
        if i:
            out.append("  ")
        out.append(f"{label} ", style="dim")
        for card in cards:
            choice = by_card.get(card)
            piece = Text()
            if choice is not None and choice.legal:
                piece.append(f"{choice.key}:", style="cyan")
            piece.append_text(card_text(card))
            if choice is not None and not choice.legal:
                piece.stylize("dim")
            if card in selected:
                piece.stylize("reverse")
            if card in new:
                piece.stylize("underline")
            out.append_text(piece)
            out.append(" ")
    if new & set(view.hand):
        out.append("  (underlined: new from the pack)", style="dim")
    return out


def prompt_text(view: View, names: Sequence[str], keys: Sequence[KeyChoice],
                selected: frozenset[Card] = frozenset(), *, width: int | None = None) -> Text:
    """What the seat is asked to do, and the keys of its legal choices (lines of at most ``width``
    cells break between two choices, never inside one)."""
    if view.phase == Phase.DONE:
        return Text("The hand is over.", style="dim")
    if not view.my_turn:
        assert view.to_act is not None
        return Text(f"{names[view.to_act]} to act...", style="dim")
    out = Text("Your turn: ", style="bold green")
    if view.phase == Phase.AUCTION:
        out.append(making_prompt(view) if view.upcard is not None else "bid")
        out.append_text(keyed((k for k in keys if k.legal), width=width, used=out.cell_len))
    elif view.phase == Phase.TRUMP:
        out.append("name trump")
        out.append_text(keyed((k for k in keys if k.legal), width=width, used=out.cell_len))
    elif view.phase == Phase.DISCARD:
        assert view.discard_options is not None
        _, lo, hi = view.discard_options
        count = card_count(lo, hi)
        if view.rules.trump_by != TrumpBy.UPCARD:
            out.append(f"discard {count} (no point cards), ")
        elif view.trump is None:  # a farmer's hand, before trump is made
            out.append(f"give {count} to the kitty for as many of its own, ")
        else:
            out.append(f"discard {count} face down, ")
        out.append("Enter", style="bold cyan")
        out.append(f" confirms: {len(selected)} selected")
    elif view.phase == Phase.EXCHANGE:
        n_pass = view.rules.partner_pass or 1  # a loner's partner's best: one card
        out.append(f"pass {n_pass} card{'s' if n_pass != 1 else ''} face down to your partner, ")
        out.append("Enter", style="bold cyan")
        out.append(f" confirms: {len(selected)} selected")
    else:
        out.append("play a card by its key (cards without a key may not be played)")
        throw_in = (k for k in keys if k.card is None and k.legal)  # instead of the first card
        out.append_text(keyed(throw_in, width=width, used=out.cell_len))
    return out


def keyed(keys: Iterable[KeyChoice], *, width: int | None = None, used: int = 0) -> Text:
    """Choices as their keys show them, the key before its label as a card's before the card:
    ``"  p:pass  9:bid 9  0:bid 10"``; after ``used`` cells of a line, a choice that would pass
    ``width`` starts the next line."""
    out = Text()
    for k in keys:
        label = Text.from_markup(k.label)
        size = len(k.key) + 1 + label.cell_len
        if width is not None and used and used + 2 + size > width:
            out.append("\n")
            used = 0
        gap = "  " if used else ""
        out.append(f"{gap}{k.key}:", style="bold cyan")
        out.append_text(label)
        used += len(gap) + size
    return out


def card_count(lo: int, hi: int) -> str:
    """How many cards to choose: ``"1 card"``, ``"3 cards"``, ``"3 to 8 cards"``."""
    return f"{lo} card" if lo == hi == 1 else f"{lo} cards" if lo == hi else f"{lo} to {hi} cards"


def making_prompt(view: View) -> Text:
    """The seat's decision in making trump with the upcard, in Euchre's words: order up (the dealer:
    pick up) the upcard in round one, name trump in round two, then go alone or not."""
    legal = set(view.legal)
    seat, upcard = view.seat, view.upcard
    if Choose(seat, Choice.ALONE) in legal:
        return Text("alone or with your partner?")
    benny = upcard is not None and upcard.is_joker
    # a Benny turned up stands for the suit the dealer named first
    suit = next((a.suit for a in view.log if type(a) is DeclareTrump), None) if benny else \
        None if upcard is None else upcard.suit
    if benny and suit is None:
        return Text("name the suit the Benny stands for")
    if upcard is not None and suit is not None and DeclareTrump(seat, suit) in legal:
        out = Text("pick up " if seat == view.dealer else "order up ")
        return (out.append("the Benny") if benny else out.append_text(card_text(upcard))).append(" or pass")
    if any(type(a) is DeclareTrump for a in legal):
        return Text("name trump" + (" or pass" if Bid(seat, None) in legal else ""))
    return Text("make trump")


def summary_renderable(lines: Sequence[str], footer: str) -> RenderableType:
    """A hand or game summary: lines of markup, then the key line."""
    body = Text.from_markup("\n".join(lines))
    return Group(body, Text(""), Text.from_markup(footer))


def history_table(hands: Sequence[Hand], names: Sequence[str], players: int) -> RenderableType:
    """The scores hand by hand: who dealt, the contract and whether it was made, and each seat's
    score after the hand with its change."""
    if not any(h.result is not None for h in hands):
        return Text("No hand has been scored yet.", style="dim")
    out = Table(box=None, padding=(0, 2, 0, 0), show_edge=False)
    out.add_column("hand", justify="right")
    out.add_column("dealer")
    out.add_column("contract")
    for s in range(players):
        out.add_column(names[s], justify="right")
    for i, hand in enumerate(hands, start=1):
        res = hand.result
        if res is None:
            continue
        if res.misdeal or res.pitcher is None:
            thrown = res.misdeal and hand.rules.trump_by == TrumpBy.UPCARD
            contract = Text("thrown in" if thrown else "misdeal", style="dim")
        elif hand.rules.score_by == ScoreBy.TRICKS and res.trump is not None:
            alone = " alone" if hand.sitting_out is not None else ""
            contract = Text(f"{names[res.pitcher]} {GLYPHS[res.trump]}{alone} "
                            f"{'made' if res.made else 'euchred'}", style="green" if res.made else "red")
        else:
            verdict = "made" if res.made else "set"
            contract = Text(f"{names[res.pitcher]} {hand.rules.bid_name(res.bid)} {verdict}",
                            style="green" if res.made else "red")
        cells = [f"{res.scores[s]} ({res.delta[s]:+d})" if s in hand.seats else "-" for s in range(players)]
        out.add_row(str(i), names[hand.dealer], contract, *cells)
    return out
