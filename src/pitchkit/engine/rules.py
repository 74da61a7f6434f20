"""The rules model: one frozen, validated dataclass that every preset and option is data for.

Every field is an option: ``Rules.with_options({"target": 15})`` (or ``pitch --target 15``)
overrides it by name, and construction validates the whole combination, so an unknown option,
a bad value or an impossible combination is a :class:`~pitchkit.engine.errors.RulesError`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any

from pitchkit.engine.cards import deck_indices, mask_of
from pitchkit.engine.errors import PitchError, RulesError, clip, quote
from pitchkit.engine.numbers import parse_int
from pitchkit.engine.options import TEXT_LIMIT, OptionSchema, Scope, option_json, option_name

__all__ = [
    "BID_LIMIT", "OPTIONS", "OPTION_FIELDS", "OPTION_RANGES", "POINT_VALUES", "SCOPES", "TEXT_LIMIT",
    "AllPass", "Credit", "DealerSteal", "FirstDealer", "FirstLead", "GoingOut", "MisdealDealer", "Rules",
    "ScoreBy", "StuckBid", "TrumpBy", "coerce_option", "option_field_name", "option_json", "option_name",
    "option_range",
]


class Credit(StrEnum):
    """Who is credited with a point card: the seat that played it or the seat that captured it."""

    PLAYER = "player"
    CAPTURER = "capturer"


class DealerSteal(StrEnum):
    """Whether the dealer may take the high bid away: not at all, for the same, or for one more."""

    NONE = "none"
    SAME = "same"
    ONE_MORE = "one-more"


class AllPass(StrEnum):
    """What happens when everyone before the dealer passes."""

    DEALER_TAKES = "dealer-takes"
    TAKE_OR_RUN = "take-or-run"


class StuckBid(StrEnum):
    """What the dealer's forced bid is when everyone else passed: exactly the forced amount, or that
    amount or more."""

    EXACT = "exact"
    AT_LEAST = "at-least"


class MisdealDealer(StrEnum):
    """Who deals after a hand is thrown in because the bidder would have to bury a point card."""

    SAME = "same"
    NEXT = "next"


class TrumpBy(StrEnum):
    """How trump is chosen: by the pitcher's first lead, declared by the bidder before play, or
    made with the upcard (round one orders it up, round two names another suit)."""

    LEAD = "lead"
    DECLARE = "declare"
    UPCARD = "upcard"


class FirstLead(StrEnum):
    """Who leads to the first trick: the pitcher (maker), or the player left of the dealer."""

    PITCHER = "pitcher"
    DEALER_LEFT = "dealer-left"


class ScoreBy(StrEnum):
    """How a played hand scores: by its point categories, or by the makers' count of tricks."""

    POINTS = "points"
    TRICKS = "tricks"


class GoingOut(StrEnum):
    """How a game with a target ends."""

    HIGHEST = "highest"
    SCORING_ORDER = "scoring-order"
    PITCHER = "pitcher"


class FirstDealer(StrEnum):
    """How the first dealer is chosen: at random (agreed), or by a cut where high card deals."""

    RANDOM = "random"
    CUT = "cut"


#: Point categories the rules may use, with their value, in the order they are documented.
POINT_VALUES: dict[str, int] = {
    "high": 1,
    "low": 1,
    "jack": 1,
    "off-jack": 1,
    "big-joker": 1,
    "little-joker": 1,
    "ace": 1,
    "ten": 1,
    "two": 1,
    "three": 3,
    "game": 1,
    "smudge": 1,
}


#: Where an option takes part, by how trump is made and how a hand scores: the rules' own facts.
#: Each option that needs one names it beside its definition (``scope=``); changing it anywhere
#: else is refused. An option without one takes part in every game.
AUCTION = Scope(lambda r: r.trump_by != TrumpBy.UPCARD, "trump is made by an auction (Pitch)",
                "trump is made with the upcard, there is no auction")
UPCARD = Scope(lambda r: r.trump_by == TrumpBy.UPCARD, "trump is made with the upcard (Euchre)",
               "trump is made by an auction, there is no upcard")
#: Pitch's two jokers: with the upcard a joker turned up is the Benny, named by the dealer
JOKERS = Scope(AUCTION.test, "trump is made by an auction (Pitch)",
               "trump is made with the upcard, where the deck's joker is the Benny (benny = true)")
BY_POINTS = Scope(lambda r: r.score_by == ScoreBy.POINTS, "a hand scores its points (Pitch)",
                  "a hand scores by the makers' tricks, not by points")
BY_TRICKS = Scope(lambda r: r.score_by == ScoreBy.TRICKS, "a hand scores by the makers' tricks (Euchre)",
                  "a hand scores its points, not by the makers' tricks")
#: the scopes, in the order docs/rules.md lists them
SCOPES = (AUCTION, JOKERS, BY_POINTS, UPCARD, BY_TRICKS)


def _opt(default: Any, help: str, scope: Scope | None = None) -> Any:
    return field(default=default, metadata={"help": help, "scope": scope})


@dataclass(frozen=True, kw_only=True)
class Rules:
    """A complete, validated rule set. Build one from a preset: ``Rules.preset("pct")``."""

    preset: str = _opt("custom", "name of the preset these rules start from")
    players: int = _opt(4, "number of seats at the table")
    min_players: int = _opt(2, "fewest players the system allows")
    max_players: int = _opt(6, "most players the system allows")
    teams: int = _opt(0, "0 for individuals, or the number of fixed teams (seat s on team s % teams)")
    dynamic_teams: bool = _opt(False, "teams form each hand: who played high and low vs the rest",
                               scope=BY_POINTS)
    jokers: int = _opt(0, "jokers in the deck (0 or 2)", scope=JOKERS)
    low_rank: int = _opt(2, "lowest rank of each suit in the deck (2: 52 cards; 9: 9 to ace, 24 cards)")
    benny: bool = _opt(False, "a joker, the Benny, joins the deck as the highest trump", scope=UPCARD)
    equal_jokers: bool = _opt(False, "the two jokers rank equal; the first played wins a tie", scope=JOKERS)
    off_jack: bool = _opt(False, "the jack of trump's colour (jick, off-jack) is a trump")
    bowers: bool = _opt(
        False, "the jack of trump (right bower) and the off-jack (left bower) are the two highest trumps"
    )
    hand_size: int = _opt(6, "cards dealt to each player")
    deal_packet: int = _opt(3, "cards dealt to a player at a time")
    min_bid: int = _opt(2, "lowest bid", scope=AUCTION)
    max_bid: int = _opt(4, "highest numeric bid", scope=AUCTION)
    max_bid_name: str = _opt("", "a name that also means the highest bid (e.g. smudge)", scope=AUCTION)
    smudge_bids: bool = _opt(False, "'smudge' and 'over-smudge' bids above the numeric bids", scope=AUCTION)
    smudge_value: int = _opt(52, "what a smudge or over-smudge scores when made, or costs when set",
                             scope=AUCTION)
    smudge_hole_to_zero: bool = _opt(
        True, "a team below zero that makes a smudge gets the smudge or moves to zero, whichever is less"
    , scope=AUCTION)
    pitch_ends_auction: bool = _opt(False, "a bid of the highest numeric value ends the auction",
                                    scope=AUCTION)
    dealer_steal: DealerSteal = _opt(DealerSteal.NONE, "dealer may take the high bid: none, same, one-more",
                                     scope=AUCTION)
    all_pass: AllPass = _opt(AllPass.DEALER_TAKES, "all others passed: dealer-takes or take-or-run",
                             scope=AUCTION)
    dealer_min_bid: int = _opt(0, "lowest bid the dealer may make when all others passed (0: min_bid)",
                               scope=AUCTION)
    stuck_dealer_bid: StuckBid = _opt(
        StuckBid.EXACT, "all others passed: the dealer bids exactly the forced bid, or at-least it"
    , scope=AUCTION)
    run_extra_cards: int = _opt(3, "cards each player gets when the dealer runs it (deck permitting)",
                                scope=AUCTION)
    misdeal_no_face: bool = _opt(False, "a player dealt no point or face card may call a misdeal",
                                 scope=AUCTION)
    trump_by: TrumpBy = _opt(
        TrumpBy.LEAD, "trump by the pitcher's first lead, declared by the bidder, or made with the upcard"
    )
    stick_dealer: bool = _opt(False, "upcard: the dealer may not pass in round two (stick the dealer)",
                              scope=UPCARD)
    keep_upcard: bool = _opt(False, "upcard: the dealer who picks it up may not discard it", scope=UPCARD)
    going_alone: bool = _opt(False, "upcard: the maker may go alone, the partner sitting out the hand",
                             scope=UPCARD)
    canadian: bool = _opt(False, "upcard: ordering up one's partner, the dealer, means going alone",
                          scope=UPCARD)
    club_euchre: bool = _opt(False, "upcard: a club turned up must be picked up; the dealer's team makes it",
                             scope=UPCARD)
    throw_in: bool = _opt(
        False, "upcard: a throw-in hand (only nines and tens, or with them a lone ace, king or jack, or "
        "three queens) may be thrown in for a redeal", scope=UPCARD)
    throw_in_no_trump: bool = _opt(
        False, "upcard: after the make, a hand of only non-trump nines and tens may be thrown in for a "
        "redeal instead of playing its first card", scope=UPCARD)
    farmers_hand: int = _opt(0, "upcard: a player dealt only nines and tens may exchange this many cards "
                             "with the kitty's face-down cards before speaking (0: no farmer's hand)",
                                 scope=UPCARD)
    partners_best: bool = _opt(False, "upcard: a loner and the partner exchange one card, face down",
                               scope=UPCARD)
    first_lead: FirstLead = _opt(FirstLead.PITCHER, "the first lead: pitcher, or dealer-left")
    draw_to: int = _opt(0, "after trump, discard and draw back to this many cards (0: no draw)",
                        scope=AUCTION)
    bidder_takes_stock: bool = _opt(False, "after the draw the bidder takes the rest of the stock",
                                    scope=AUCTION)
    bidder_leads_trump: bool = _opt(False, "the bidder's first lead must be a trump if he holds one")
    must_follow: bool = _opt(False, "a player who can follow the suit led must (no trumping in instead)")
    partner_pass: int = _opt(0, "cards each player passes face down to the partner before the first lead",
                             scope=AUCTION)
    bury_misdeal_dealer: MisdealDealer = _opt(
        MisdealDealer.SAME, "the bidder would bury a point card: the same or the next dealer deals again"
    , scope=AUCTION)
    score_by: ScoreBy = _opt(ScoreBy.POINTS, "a hand scores its points, or by the makers' tricks")
    made_points: int = _opt(1, "tricks: the makers take a majority of the tricks but not all",
                            scope=BY_TRICKS)
    march_points: int = _opt(2, "tricks: the makers take every trick (a march)", scope=BY_TRICKS)
    alone_march_points: int = _opt(4, "tricks: a maker going alone takes every trick", scope=BY_TRICKS)
    euchre_points: int = _opt(2, "tricks: to the defenders when the makers take fewer than a majority",
                              scope=BY_TRICKS)
    super_euchre_points: int = _opt(
        0, "tricks: to the defenders when they take every trick (0: euchre-points)"
    , scope=BY_TRICKS)
    defend_alone_points: int = _opt(
        0, "upcard: against a loner a defender may defend alone, the partner sitting out; a lone "
        "defender's euchre scores this (0: no defending alone)", scope=UPCARD)
    blind_loner_points: int = _opt(
        0, "upcard: before looking, a player may go alone with the upcard's suit as trump and no exchange; "
        "a march scores this (0: no blind double loner)", scope=UPCARD)
    points: tuple[str, ...] = _opt(("high", "low", "jack", "game"), "point categories, in scoring order",
                                   scope=BY_POINTS)
    high_credit: Credit = _opt(Credit.PLAYER, "high goes to the player of the card or its capturer",
                               scope=BY_POINTS)
    low_credit: Credit = _opt(Credit.PLAYER, "low goes to the player of the card or its capturer",
                              scope=BY_POINTS)
    jack_credit: Credit = _opt(Credit.CAPTURER, "jack goes to the player of the card or its capturer",
                               scope=BY_POINTS)
    single_trump_low: bool = _opt(True, "a lone trump in play scores low as well as high", scope=BY_POINTS)
    target: int | None = _opt(11, "points to win the game (none: play a number of deals)")
    deals_per_player: int | None = _opt(None, "game ends after each player has dealt this many times")
    going_out: GoingOut = _opt(GoingOut.HIGHEST, "highest, scoring-order or pitcher")
    pitcher_must_make: bool = _opt(
        False, "with going-out = pitcher, a set pitcher cannot go out even at the target"
    , scope=BY_POINTS)
    bidder_only_within: int | None = _opt(
        None, "when every side is this close to the target, only the bidder can go out"
    )
    sets_to_lose: int | None = _opt(None, "this many sets in a row lose the game")
    first_dealer: FirstDealer = _opt(FirstDealer.RANDOM, "random or cut (high card deals)")

    def __post_init__(self) -> None:
        _validate(self)

    # -- derived facts -------------------------------------------------------------------------

    @cached_property
    def deck_cards(self) -> tuple[int, ...]:
        """The card indices of the deck, in index order."""
        return deck_indices(self.low_rank, self.jokers + self.benny)

    @cached_property
    def deck_mask(self) -> int:
        """The deck as a card bitmask."""
        return mask_of(self.deck_cards)

    @property
    def deck_size(self) -> int:
        """How many cards the deck has: 52 or 54 for Pitch, 24 or 25 for Euchre."""
        return len(self.deck_cards)

    @property
    def tricks_needed(self) -> int:
        """Tricks the makers need under trick scoring: a majority of the hand."""
        return self.hand_size // 2 + 1

    @property
    def smudge(self) -> int:
        """The bid value of 'smudge' when :attr:`smudge_bids` is on."""
        return self.max_bid + 1

    @property
    def over_smudge(self) -> int:
        """The bid value of 'over-smudge' when :attr:`smudge_bids` is on."""
        return self.max_bid + 2

    @property
    def top_bid(self) -> int:
        """The highest bid value of any kind."""
        return self.over_smudge if self.smudge_bids else self.max_bid

    @property
    def player_range(self) -> str:
        """The numbers of players the preset is for: ``"2-6"``, or ``"4"`` when there is one."""
        return str(self.min_players) if self.min_players == self.max_players \
            else f"{self.min_players}-{self.max_players}"

    @property
    def forced_bid(self) -> int:
        """The lowest bid the dealer may make when everyone else passed."""
        return self.dealer_min_bid or self.min_bid

    @cached_property
    def point_plan(self) -> tuple[tuple[str, int, bool], ...]:
        """Each point category in scoring order: (name, value, credited to the player of the card
        rather than its capturer)."""
        by_player = {"high": self.high_credit, "low": self.low_credit, "jack": self.jack_credit}
        return tuple((p, POINT_VALUES[p], by_player.get(p, Credit.CAPTURER) == Credit.PLAYER)
                     for p in self.points)

    def run_extra(self, players: int) -> int:
        """Cards each of ``players`` gets when the dealer runs it: as many as the deck allows."""
        spare = (self.deck_size - players * self.hand_size) // players
        return max(0, min(self.run_extra_cards, spare))

    def partner_of(self, seat: int) -> int | None:
        """The one partner of a seat when teams are pairs, else ``None``."""
        if not self.teams or self.players != 2 * self.teams:
            return None
        return (seat + self.teams) % self.players

    def team_of(self, seat: int) -> int:
        """Fixed team of a seat (the seat itself for individuals)."""
        return seat % self.teams if self.teams else seat

    def bid_name(self, bid: int | None) -> str:
        """Display name of a bid value (``None`` is a pass)."""
        if bid is None:
            return "pass"
        if self.smudge_bids and bid == self.smudge:
            return "smudge"
        if self.smudge_bids and bid == self.over_smudge:
            return "over-smudge"
        return str(bid)

    def parse_bid(self, text: object) -> int | None:
        """Parse ``"pass"``, a number, ``"smudge"`` or ``"over-smudge"``; ``None`` means pass."""
        if isinstance(text, str):
            t = text.strip().lower()
            if t == "pass":
                return None
            if self.smudge_bids and t == "smudge":
                return self.smudge
            if self.smudge_bids and t in ("over-smudge", "oversmudge", "over smudge"):
                return self.over_smudge
            if self.max_bid_name and t == self.max_bid_name.lower():
                return self.max_bid
        try:
            return parse_int(text.strip() if isinstance(text, str) else text, what="bid", lo=0, hi=BID_LIMIT)
        except PitchError:
            raise RulesError(f"not a bid: {quote(text)}") from None

    def is_special_bid(self, bid: int) -> bool:
        """True for smudge and over-smudge bids (they must take every point and score a fixed value)."""
        return self.smudge_bids and bid > self.max_bid

    # -- construction --------------------------------------------------------------------------

    def with_options(self, options: Mapping[str, object], *, stored: bool = False) -> Rules:
        """A copy with options overridden by name; values may be strings, as from a command line.
        An option that takes no part in these rules is refused, or with ``stored`` (options saved
        before such options were refused) left out."""
        return OPTIONS.with_options(self, options, label=self.preset, stored=stored)

    def options_diff(self, base: Rules) -> dict[str, object]:
        """The options (by public name) where these rules differ from ``base``, in JSON form."""
        return OPTIONS.diff(self, base)


#: The allowed values of every count option, inclusive, checked (:data:`OPTIONS`) whenever rules are
#: built (``pitch rules`` and docs/rules.md show them). An optional count may also be ``None``. Every
#: whole-number field needs an entry here (a model test checks that).
OPTION_RANGES: dict[str, tuple[int, int]] = {
    "players": (2, 9),
    "min_players": (2, 9),
    "max_players": (2, 9),
    "teams": (0, 9),
    "jokers": (0, 2),
    "low_rank": (2, 14),
    "hand_size": (1, 27),
    "deal_packet": (1, 27),
    "min_bid": (1, 20),
    "max_bid": (1, 20),
    "smudge_value": (1, 1000),
    "dealer_min_bid": (0, 20),
    "run_extra_cards": (0, 27),
    "draw_to": (0, 27),
    "partner_pass": (0, 26),
    "made_points": (0, 1000),
    "march_points": (0, 1000),
    "alone_march_points": (0, 1000),
    "euchre_points": (0, 1000),
    "super_euchre_points": (0, 1000),
    "defend_alone_points": (0, 1000),
    "blind_loner_points": (0, 1000),
    "farmers_hand": (0, 5),
    "target": (1, 1000),
    "deals_per_player": (1, 100),
    "bidder_only_within": (0, 1000),
    "sets_to_lose": (1, 100),
}
#: the largest number read as a bid (larger numbers are not bids at all; the auction's own range
#: decides which smaller ones are legal)
BID_LIMIT = 99

#: Every field of :class:`Rules` as an option by name (``preset`` is not one: it names where the rules
#: start from).
OPTIONS: OptionSchema[Rules] = OptionSchema(Rules, ranges=OPTION_RANGES, names={"points": POINT_VALUES},
                                            hidden=("preset",))
OPTION_FIELDS: dict[str, dataclasses.Field[Any]] = OPTIONS.fields
option_field_name = OPTIONS.field_name
option_range = OPTIONS.range_text
coerce_option = OPTIONS.coerce


def rule_options(rules: Rules) -> dict[str, Any]:
    """Every rule's value by option name (``{"target": 11, "score-by": "points", ...}``), as a table
    and a replay give them to the page."""
    return {option_name(f): option_json(getattr(rules, f)) for f in OPTION_FIELDS if f != "preset"}


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise RulesError(message)


def _validate(r: Rules) -> None:
    OPTIONS.check_values(r)
    _check(2 <= r.min_players <= r.max_players <= 9, "players must be between 2 and 9")
    _check(
        r.min_players <= r.players <= r.max_players,
        f"{clip(r.preset)} is for {r.player_range} players, not {r.players}",
    )
    _check(r.jokers in (0, 2), "jokers must be 0 or 2")
    _check(not r.equal_jokers or r.jokers == 2, "equal-jokers needs jokers = 2")
    _check(r.hand_size >= 1 and r.deal_packet >= 1, "hand-size and deal-packet must be positive")
    _check(
        r.players * max(r.hand_size, r.draw_to) <= r.deck_size,
        f"{r.players} hands of {r.hand_size} need more than {r.deck_size} cards",
    )
    if r.teams:
        _check(not r.dynamic_teams, "teams and dynamic-teams exclude each other")
        _check(r.teams >= 2, "teams must be 0 (individuals) or at least 2")
        _check(
            r.players % r.teams == 0 and r.players // r.teams >= 2,
            f"{r.players} players cannot be seated as {r.teams} equal teams of two or more",
        )
    _check(1 <= r.min_bid <= r.max_bid, "bids need 1 <= min-bid <= max-bid")
    _check(r.dealer_min_bid == 0 or r.min_bid <= r.dealer_min_bid <= r.max_bid,
           "dealer-min-bid must be within the bid range")
    _check(r.smudge_value > 0, "smudge-value must be positive")
    unknown = [p for p in r.points if p not in POINT_VALUES]
    _check(not unknown, f"unknown point categories: {quote(unknown)}; known: {', '.join(POINT_VALUES)}")
    _check(len(set(r.points)) == len(r.points), "a point category is listed twice")
    _check(bool(r.points), "at least one point category is needed")
    if "smudge" in r.points:
        _check({"high", "low", "jack"} <= set(r.points), "the smudge point needs high, low and jack")
    if "off-jack" in r.points:
        _check(r.off_jack, "the off-jack point needs off-jack = true")
    if "big-joker" in r.points or "little-joker" in r.points:
        _check(r.jokers == 2, "joker points need jokers = 2")
    if r.all_pass == AllPass.TAKE_OR_RUN:
        _check(r.run_extra(r.players) > 0, "no cards are left to run it with this many players")
        _check(r.draw_to == 0, "take-or-run and draw-to exclude each other")
        _check(r.forced_bid < r.max_bid, "running it needs a bid above the forced bid")
    if r.draw_to:
        _check(r.trump_by == TrumpBy.DECLARE, "draw-to needs trump-by = declare")
        _check(r.draw_to <= r.hand_size, "draw-to cannot exceed hand-size")
    _check(not r.bidder_takes_stock or r.draw_to > 0, "bidder-takes-stock needs draw-to")
    if r.partner_pass:
        _check(r.teams > 0 and r.players == 2 * r.teams, "partner-pass needs teams of two (partners)")
        _check(0 < r.partner_pass < (r.draw_to or r.hand_size),
               "partner-pass must be fewer cards than a player holds for the first lead")
    _check(r.target is not None or r.deals_per_player is not None,
           "a game needs a target or deals-per-player")
    _check(r.target is None or r.target > 0, "target must be positive")
    _check(r.deals_per_player is None or r.deals_per_player > 0, "deals-per-player must be positive")
    _check(r.bidder_only_within is None or r.target is not None, "bidder-only-within needs a target")
    _check(r.sets_to_lose is None or r.sets_to_lose > 0, "sets-to-lose must be positive")
    _check(r.going_out == GoingOut.HIGHEST or r.target is not None, f"going-out {r.going_out} needs a target")
    _check(r.going_out != GoingOut.SCORING_ORDER or not r.dynamic_teams,
           "scoring-order going out needs fixed scoring units")
    _validate_euchre(r)


def _validate_euchre(r: Rules) -> None:
    """The rules of the upcard, the bowers, the Benny, going alone and trick scoring."""
    _check(not r.benny or r.jokers == 0, "benny is the deck's one joker: it needs jokers = 0")
    _check(not r.bowers or r.off_jack, "bowers needs off-jack = true (the left bower)")
    upcard = r.trump_by == TrumpBy.UPCARD
    for name in ("stick_dealer", "keep_upcard", "going_alone", "canadian", "club_euchre", "throw_in",
                 "throw_in_no_trump", "farmers_hand"):  # the loner's options need going-alone, below
        _check(upcard or not getattr(r, name), f"{option_name(name)} needs trump-by = upcard")
    if upcard:
        kitty = r.deck_size - r.players * r.hand_size
        _check(kitty > 0, "trump-by = upcard needs a card left to turn up")
        _check(r.farmers_hand < kitty, f"farmers-hand: the kitty has {kitty - 1} face-down card(s)")
        _check(not r.draw_to and not r.partner_pass and not r.misdeal_no_face and not r.dynamic_teams,
               "trump-by = upcard excludes draw-to, partner-pass, misdeal-no-face and dynamic-teams")
    if r.going_alone:
        _check(r.partner_of(0) is not None, "going-alone needs teams of two (partners)")
    for name in ("canadian", "partners_best", "defend_alone_points", "blind_loner_points"):
        _check(r.going_alone or not getattr(r, name), f"{option_name(name)} needs going-alone = true")
    if r.score_by == ScoreBy.TRICKS:
        _check(not r.dynamic_teams and r.going_out == GoingOut.HIGHEST,
               "score-by = tricks needs fixed teams and going-out = highest")
