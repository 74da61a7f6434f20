"""A rules sheet in plain words, written from a :class:`~pitchkit.engine.rules.Rules` value: how to deal,
bid, name trump, play, score and win in the terms of that rule set (``pitch rules PRESET``, the
online tables); and the rule table of a preset, option by option (:func:`preset_rows`).

Every sentence is chosen by the value of one or more rule fields, so a changed option changes the
sheet; nothing here knows which preset it describes."""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Iterable

from pitchkit.engine.families import applies
from pitchkit.engine.presets import Preset, find_preset, modified_options
from pitchkit.engine.rules import (
    OPTION_FIELDS,
    POINT_VALUES,
    AllPass,
    DealerSteal,
    FirstDealer,
    FirstLead,
    GoingOut,
    MisdealDealer,
    Rules,
    ScoreBy,
    StuckBid,
    TrumpBy,
    option_json,
    option_name,
    option_range,
)

Section = tuple[str, list[str]]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve")

#: each point category: its name on the sheet and the card or feat it is for
_POINT_WORDS: dict[str, tuple[str, str]] = {
    "high": ("High", "the highest trump in play"),
    "low": ("Low", "the lowest trump in play"),
    "jack": ("Jack", "the jack of trump, if it is in play"),
    "off-jack": ("Jick", "the other jack of trump's colour, if it is in play"),
    "big-joker": ("Big joker", "if it is in play"),
    "little-joker": ("Little joker", "if it is in play"),
    "ace": ("Ace", "the ace of trump, if it is in play"),
    "ten": ("Ten", "the ten of trump, if it is in play"),
    "two": ("Two", "the two of trump, if it is in play"),
    "three": ("Three", "the three of trump, if it is in play"),
    "game": ("Game", "the most card points in the tricks taken (ace 4, king 3, queen 2, jack 1, ten 10); "
                     "a tie gives nobody the point"),
    "smudge": ("Smudge", "one player who wins high, low and jack and every trick"),
}


_ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def number(n: int) -> str:
    """``"three"`` for 3, digits from 13 on."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(n: int, word: str) -> str:
    """``"1 point"``, ``"2 points"``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _side(rules: Rules) -> str:
    return "team" if rules.teams or rules.dynamic_teams else "player"


def _players(rules: Rules) -> list[str]:
    allowed = (f"{rules.min_players} to {rules.max_players} players"
               if rules.min_players != rules.max_players else f"exactly {rules.players} players")
    lines = [f"{number(rules.players).capitalize()} players (this system allows {allowed})."]
    if rules.teams:
        size = rules.players // rules.teams
        # said without seat numbers, which the terminal and the web pages count differently
        where = ("partners sitting opposite each other" if size == 2 else
                 f"partners in every {_ORDINALS.get(rules.teams, f'{rules.teams}th')} seat, so that the "
                 "teams alternate round the table")
        lines.append(f"They play in {number(rules.teams)} fixed teams of {number(size)}, {where}; a team "
                     "scores as one.")
    elif rules.dynamic_teams:
        lines.append("Teams form during each hand: whoever plays high and whoever plays low are partners "
                     "(one player holding both plays alone), everyone else is the other team. Scores are "
                     "kept for each player, and every team member scores the team's points.")
    else:
        lines.append("Everyone plays for themselves.")
    deck = "A 52-card deck" if not rules.jokers else "52 cards and two jokers, a big and a little one"
    if rules.low_rank > 2:
        low = _RANK_WORDS[rules.low_rank]
        deck = f"A {rules.deck_size}-card deck, {low} to ace in each suit"
    if rules.benny:
        deck += " and a joker, the Benny"
    lines.append(f"{deck}; aces are high.")
    return lines


_RANK_WORDS = {r: str(r) for r in range(2, 11)} | {11: "jack", 12: "queen", 13: "king", 14: "ace"}


def _trump_order(rules: Rules) -> str:
    low = " ".join(str(r) for r in range(10, rules.low_rank - 1, -1))
    if rules.bowers:
        order = "the Benny, " if rules.benny else ""
        return (f"Trumps rank {order}the right bower (the jack of trump), the left bower (the other jack of "
                f"the same colour, which counts as a trump), then A K Q {low}. Other suits rank A K Q J "
                f"{low}.")
    order = "A K Q J"
    if rules.off_jack:
        order += ", the jick (the other jack of the same colour, which counts as a trump)"
    if rules.jokers:
        order += (", the two jokers (equal: the first played wins)" if rules.equal_jokers
                  else ", the big joker, the little joker")
    return f"Trumps rank {order}, then 10 9 8 7 6 5 4 3 2. Other suits rank A K Q J 10 down to 2."


def _dealing(rules: Rules) -> list[str]:
    first = ("The first dealer is chosen by cutting: high card deals (ace high), tied players cut again."
             if rules.first_dealer == FirstDealer.CUT else "The first dealer is chosen at random.")
    lines = [first,
             f"The dealer gives each player {number(rules.hand_size)} cards, {number(rules.deal_packet)} "
             "at a time, starting on the left and dealing to themselves last. The deal passes to the left "
             "after every hand."]
    used = rules.draw_to or rules.all_pass == AllPass.TAKE_OR_RUN
    lines.append("The rest of the pack is the stock." if used else "The rest of the pack is not used.")
    if rules.misdeal_no_face:
        lines.append("A player dealt no point or face card may call a misdeal on their turn to bid: "
                     "the same dealer deals again.")
    return lines


def _listed(names: list[str]) -> str:
    """``"2, 3 or 4"``."""
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)


def _bids(rules: Rules) -> str:
    names = [str(b) for b in range(rules.min_bid, rules.max_bid + 1)]
    if rules.smudge_bids:
        names += ["smudge", "over-smudge"]
    return _listed(names)


def _bidding(rules: Rules) -> list[str]:
    lines = [f"Starting on the dealer's left, each player bids once, the dealer last: pass, or "
             f"{_bids(rules)} (how many points they promise to take). Each bid must beat the one before; "
             "the high bidder is the pitcher."]
    if rules.max_bid_name:
        lines.append(f"A bid of {rules.max_bid} is called \"{rules.max_bid_name}\".")
    if rules.smudge_bids:
        lines.append("Smudge promises every point in play; over-smudge, open only to the team against the "
                     "smudge and only once a hand, promises the same and beats it.")
    if rules.pitch_ends_auction:
        lines.append(f"A bid of {rules.max_bid} ends the bidding at once.")
    if rules.dealer_steal == DealerSteal.SAME:
        lines.append("The dealer may take the high bid away by bidding the same.")
    elif rules.dealer_steal == DealerSteal.ONE_MORE:
        lines.append("The dealer may take the high bid away by bidding one more.")
    forced = rules.forced_bid
    at_least = rules.stuck_dealer_bid == StuckBid.AT_LEAST
    if rules.all_pass == AllPass.TAKE_OR_RUN:
        higher = _listed([str(b) for b in range(forced + 1, rules.max_bid + 1)])
        extra = number(rules.run_extra_cards)
        steal = ("" if rules.dealer_steal == DealerSteal.NONE
                 else " or steals it as above")
        lines.append(
            f"If everyone else passes, the dealer may not pass: they take it for {forced}"
            f"{' or more' if at_least else ''}, or run it: everyone gets {extra} more cards (fewer if the "
            f"pack runs short) and there is a second round of bids, {higher} only. If nobody bids, the "
            f"dealer plays for {forced}; if someone does, the dealer sells the bid (the high bidder becomes "
            f"the pitcher){steal}.")
    else:
        amount = f"at least {forced}" if at_least else f"{forced}"
        lines.append(f"If everyone else passes, the dealer must bid {amount}.")
    return lines


def _trump(rules: Rules) -> list[str]:
    if rules.trump_by == TrumpBy.UPCARD:
        lines = []
    elif rules.trump_by == TrumpBy.DECLARE:
        lines = ["The pitcher names trump, then leads the first card."]
    else:
        lines = ["The pitcher leads the first card, and its suit is trump."]
        if rules.jokers:
            lines.append("Leading a joker, the pitcher names the trump suit.")
        if rules.off_jack:
            lines.append("Leading a jack, the pitcher names its suit or the other suit of its colour.")
    if rules.bidder_leads_trump:
        who = "maker" if rules.trump_by == TrumpBy.UPCARD else "pitcher"
        lines.append(f"The {who}'s first lead must be a trump if they hold one.")
    lines.append(_trump_order(rules))
    return lines


def _drawing(rules: Rules) -> list[str]:
    lines: list[str] = []
    if rules.draw_to:
        lines.append(f"Once trump is named, each player in turn from the dealer's left discards down to at "
                     f"most {number(rules.draw_to)} cards, and the dealer refills everyone to "
                     f"{number(rules.draw_to)} from the stock in the same order.")
        if rules.bidder_takes_stock:
            lines.append(f"The pitcher then takes the rest of the stock and discards back to "
                         f"{number(rules.draw_to)}.")
        again = "the same dealer" if rules.bury_misdeal_dealer == MisdealDealer.SAME else "the next dealer"
        lines.append(f"Nobody may discard a trump that scores a point; a player who would have to makes the "
                     f"hand a misdeal, and {again} deals again.")
    if rules.partner_pass:
        lines.append(f"Before the first lead each player passes {number(rules.partner_pass)} "
                     f"card{'s' if rules.partner_pass != 1 else ''} face down to their partner.")
    return lines


def _play(rules: Rules) -> list[str]:
    lines = []
    if rules.first_lead == FirstLead.DEALER_LEFT:
        lines.append("The player on the dealer's left (the next one if that player sits out) leads the "
                     "first trick.")
    if rules.must_follow:
        lines.append("Follow the suit led if you can; if you cannot, play any card, a trump or not.")
    else:
        lines.append("Follow the suit led if you can, or play a trump instead at any time; if you cannot "
                     "follow, play any card. When trump is led you must play a trump if you can.")
    lines.append("The highest trump wins the trick, otherwise the highest card of the suit led; the winner "
                 "leads the next trick.")
    return lines


def _making(rules: Rules) -> list[str]:
    """Making trump with the upcard (instead of bidding)."""
    lines = ["The top card of the rest of the pack is turned face up: the upcard. Starting on the dealer's "
             "left, each player in turn passes or orders the dealer to pick it up, which makes its suit "
             "trump; the dealer last, who may pick it up too."]
    if rules.benny:
        lines.append("If the upcard is the Benny, the dealer first names the suit it stands for.")
    if rules.club_euchre:
        lines.append("If the upcard is a club, the others must pass and the dealer must pick it up: the "
                     "dealer's team makes clubs trump.")
    lines.append("If all four pass, the upcard is turned down and there is a second round: each in turn "
                 "passes or names another suit as trump.")
    if rules.stick_dealer:
        lines.append("In the second round the dealer may not pass: the dealer must name a suit (stick the "
                     "dealer).")
    else:
        lines.append("If everyone passes again, the hand is thrown in and the next dealer deals.")
    lines.append("Whoever makes trump is the maker; the maker's team must take a majority of the tricks.")
    if rules.going_alone:
        lines.append("The maker may go alone: the maker's partner lays down their cards and sits out the "
                     "hand.")
    if rules.canadian:
        lines.append("A player who orders up their partner, the dealer, must go alone.")
    if rules.defend_alone_points:
        lines.append("Right after a maker goes alone, each defender in turn from the dealer's left may "
                     "defend alone: that defender's partner sits out too.")
    if rules.partners_best:
        lines.append("A loner takes the partner's best card, passed face down, and gives one card back; a "
                     "lone defender does the same with their partner.")
    if rules.blind_loner_points:
        lines.append("Before anyone looks at their cards, each in turn from the dealer's left may call a "
                     "blind double loner: the upcard's suit is trump, the caller goes alone without an "
                     "exchange, and the dealer picks up the upcard.")
    if rules.farmers_hand:
        lines.append(f"A player dealt only nines and tens (a farmer's hand) may, on their first turn, "
                     f"exchange {number(rules.farmers_hand)} of them for the cards of the kitty below the "
                     f"upcard.")
    if rules.throw_in:
        lines.append("On their first turn a player may throw in a hand of only nines and tens, or of nines "
                     "and tens with one ace, one king, one jack or three queens: the same dealer deals "
                     "again.")
    if rules.throw_in_no_trump:
        lines.append("After trump is made, a player holding only nines and tens outside trump (no ace, no "
                     "face, no trump) may throw the hand in instead of playing their first card: the same "
                     "dealer deals again.")
    keep = ", never the upcard itself" if rules.keep_upcard else ""
    lines.append(f"When the upcard is picked up the dealer adds it to their hand and discards one card face "
                 f"down{keep}.")
    return lines


def _tricks_scoring(rules: Rules) -> list[str]:
    """Scoring by the makers' tricks."""
    need, all_ = rules.tricks_needed, rules.hand_size
    return [f"The makers score {plural(rules.made_points, 'point')} for {need} to {all_ - 1} tricks, and "
            f"{plural(rules.march_points, 'point')} for all {all_} (a march); a maker alone who takes all "
            f"{all_} scores {plural(rules.alone_march_points, 'point')}"
            + (f", a blind double loner {plural(rules.blind_loner_points, 'point')}."
               if rules.blind_loner_points else "."),
            f"Makers who take fewer than {need} tricks are euchred: the defenders score "
            f"{plural(rules.euchre_points, 'point')}"
            + (f", {plural(rules.super_euchre_points, 'point')} if they take every trick (a super-euchre)."
               if rules.super_euchre_points else ".")
            + (f" A lone defender who euchres the loner scores {plural(rules.defend_alone_points, 'point')}."
               if rules.defend_alone_points else "")]


def _points(rules: Rules) -> list[str]:
    side = _side(rules)
    total = sum(POINT_VALUES[p] for p in rules.points)
    lines = [f"After the last trick these points are scored, in this order ({plural(total, 'point')} "
             "at most):"]
    for name, value, by_player in rules.point_plan:
        label, what = _POINT_WORDS[name]
        who = {"game": f"that {side}", "smudge": "that player"}.get(
            name, "the player who played it" if by_player else "whoever captures it")
        worth = f" ({value} points)" if value != 1 else ""
        lines.append(f"- {label}{worth}: {what}; to {who}.")
    if rules.single_trump_low and "high" in rules.points and "low" in rules.points:
        lines.append("A lone trump in play is both high and low.")
    return lines


def _contract(rules: Rules) -> list[str]:
    side = _side(rules)
    if side == "player":
        lines = ["If the pitcher takes at least as many points as the bid, they score every point they "
                 "took; if not, they are set: they score none of them and lose the bid (a score may go below "
                 "zero). The other players score the points they took."]
    else:
        lines = ["If the pitcher's team takes at least as many points as the bid, it scores every point it "
                 "took; if not, it is set: it scores none of them and loses the bid (a score may go below "
                 "zero). The other teams score the points they took."]
    if rules.dynamic_teams:
        lines.append("When the pitcher's team is set, the pitcher and each teammate lose the bid.")
    if rules.smudge_bids:
        lines.append(f"A smudge or over-smudge made scores {rules.smudge_value}; set, it costs "
                     f"{rules.smudge_value}.")
        if rules.smudge_hole_to_zero:
            lines.append(f"A {side} below zero that makes a smudge gets the smudge or moves to zero, "
                         "whichever is less.")
    return lines


def _winning(rules: Rules) -> list[str]:
    side = _side(rules)
    lines: list[str] = []
    if rules.target is not None:
        if rules.going_out == GoingOut.SCORING_ORDER:
            lines.append(f"The first {side} to reach {rules.target} as the points are counted in order wins, "
                         "even if another would pass it later in the same count; the points after that "
                         "are not scored.")
        elif rules.going_out == GoingOut.PITCHER:
            must = " by making the bid" if rules.pitcher_must_make else ""
            lines.append(f"Only the pitcher can go out: the first to reach {rules.target} at the end of a "
                         f"hand in which they were the pitcher wins{must}; a {side} past {rules.target} that "
                         "did not pitch has not won yet.")
        else:
            lines.append(f"The first {side} to reach {rules.target} points wins; if several reach it in the "
                         "same hand, the highest score wins, and a tie at the top plays on.")
    if rules.deals_per_player is not None:
        times = {1: "once", 2: "twice"}.get(rules.deals_per_player, f"{number(rules.deals_per_player)} times")
        lines.append(f"The game ends when every player has dealt {times}: the highest score wins, and tied "
                     "leaders play on alone until one leads.")
    upcard = rules.trump_by == TrumpBy.UPCARD
    if rules.bidder_only_within is not None and rules.target is not None:
        making = f"{side} that makes trump can go out, by making it" if upcard else \
            f"bidding {side} can go out, by making its bid"
        lines.append(f"When every {side} is within {rules.bidder_only_within} of {rules.target} "
                     f"({rules.target - rules.bidder_only_within} or more), only the {making}.")
    if rules.sets_to_lose is not None:
        lost = "euchred" if rules.score_by == ScoreBy.TRICKS else "set"
        own = "as the makers" if upcard else "on its own bids"
        lines.append(f"A {side} {lost} {number(rules.sets_to_lose)} times in a row {own} loses the game.")
    return lines


def rules_sheet(rules: Rules) -> list[Section]:
    """The sections of the sheet, each a heading and its paragraphs (``- `` starts a list item)."""
    upcard = rules.trump_by == TrumpBy.UPCARD
    by_tricks = rules.score_by == ScoreBy.TRICKS
    sections: list[Section] = [
        ("Players and cards", _players(rules)),
        ("Dealing", _dealing(rules)),
        ("Making trump", _making(rules)) if upcard else ("Bidding", _bidding(rules)),
        ("Trump", _trump(rules)),
        ("Discarding and drawing", _drawing(rules)),
        ("Playing the tricks", _play(rules)),
        ("Scoring", _tricks_scoring(rules) if by_tricks else _points(rules) + _contract(rules)),
        ("Winning", _winning(rules)),
    ]
    return [(heading, body) for heading, body in sections if body]


def sheet_title(rules: Rules) -> str:
    """The sheet's first line: the preset and its title, with the options that modify it
    (``"pct: pitchcardtournament.com rules ... (modified: target)"``)."""
    preset = find_preset(rules.preset)
    title = f"{preset.name}: {preset.title}" if preset is not None else rules.preset
    changed = modified_options(rules)
    return f"{title} (modified: {', '.join(changed)})" if changed else title


def sheet_text(title: str, rules: Rules, *, width: int) -> Iterable[str]:
    """The sheet as lines of at most ``width`` characters (no word is cut)."""
    yield from textwrap.wrap(title, width, break_long_words=False, break_on_hyphens=False)
    for heading, body in rules_sheet(rules):
        yield ""
        yield heading
        for paragraph in body:
            item = paragraph.startswith("- ")
            yield from textwrap.wrap(paragraph, width, subsequent_indent="  " if item else "",
                                     break_long_words=False, break_on_hyphens=False)


def preset_rows(preset: Preset, options: dict[str, object]) -> list[dict[str, object]]:
    """One row per rule: option name, value (after ``options``), source (its citation, and in words
    for players as ``source_text``), help, allowed values, and whether it applies to the rules'
    family (:mod:`pitchkit.engine.families`)."""
    rules = preset.rules.with_options(options)
    rows: list[dict[str, object]] = []
    for f in dataclasses.fields(rules):
        if f.name == "preset":
            continue
        changed = f.name in {n.replace("-", "_") for n in options}
        rows.append({
            "option": option_name(f.name),
            "value": option_json(getattr(rules, f.name)),
            "source": "your option" if changed else preset.source(f.name),
            "source_text": "your option" if changed else preset.source_text(f.name),
            "help": OPTION_FIELDS[f.name].metadata["help"],
            "range": option_range(f.name),
            "applies": applies(rules, f.name),
        })
    return rows
