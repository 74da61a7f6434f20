"""Score sheets: the game of a physical table, entered hand by hand as a summary instead of cards.

A table that plays with real cards writes down, for each hand, the dealer, the bids, trump, who took
each award (with the card-point counts for the game point) and the seats sitting out. The sheet is
checked against the rules as far as a summary allows (the dealer and sit-outs in turn, the auction
replayed by the engine, every award of the rules at most once, the awards that must exist, card
points that can add up, the game point where the counts put it, made or set as the awards say) and
scored with the engine's own scoring (:func:`~pitchkit.engine.scoring.contract_made`,
:func:`~pitchkit.engine.scoring.deltas`, :func:`~pitchkit.engine.ending.going_out`) inside a
:class:`~pitchkit.engine.game.Game`, so the dealer rotation and every game-end rule are the engine's too.
The format is in ``docs/hand-record.md`` (score sheets).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pitchkit.engine.actions import Bid, Choose, Ruling
from pitchkit.engine.auction import Auction
from pitchkit.engine.cards import CARDS, Card, Suit
from pitchkit.engine.ending import going_out
from pitchkit.engine.errors import PitchError, RecordError, quote
from pitchkit.engine.game import Game
from pitchkit.engine.hand import HandResult
from pitchkit.engine.presets import make_rules, rules_label
from pitchkit.engine.record import parse_action, record_hands, score_document
from pitchkit.engine.rules import MisdealDealer, Rules, TrumpBy
from pitchkit.engine.scoring import Award, Tally, contract_made, deltas, point_card
from pitchkit.engine.trump import table
from pitchkit.tournament.notes import check_notes, record_notes
from pitchkit.tournament.rulings import ENDING, check_rulings, ending_names, ending_ruling

#: the score-sheet format's version (the value of a sheet's ``sheet`` field)
SHEET_VERSION = 1
_HAND_KEYS = {"dealer", "bids", "pitcher", "trump", "awards", "card_points", "sit_out", "made", "misdeal",
              "buried", "ruling", "seat", "judge"}


#: the fields of a sheet hand thrown in, or ended by a ruling (besides the dealer, sit-outs and judge)
_KIND_KEYS = {"misdeal": {"misdeal", "buried"}, "ruling": {"bids", "ruling", "seat"}}


def is_sheet(doc: object) -> bool:
    """True for a score-sheet document (an object with a ``sheet`` field)."""
    return isinstance(doc, dict) and "sheet" in doc


def kept_on_sheet(rules: Rules) -> bool:
    """Whether a game under ``rules`` can be kept on a Pitch score sheet: not where the sides form in
    the play (seven-point) or trump is made with the upcard (Euchre, kept card by card)."""
    return not (rules.dynamic_teams or rules.trump_by == TrumpBy.UPCARD)


def sheet_rules(doc: dict[str, Any]) -> Rules:
    """The rules of a sheet: its variant and options, with as many seats as it names players."""
    players = doc.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 9 \
            or not all(isinstance(p, str) and p for p in players):
        raise RecordError("sheet: players must be the names at the seats, in seat order")
    variant, options = doc.get("variant"), doc.get("options", {})
    if not isinstance(variant, str) or not isinstance(options, dict):
        raise RecordError("sheet: variant must be a preset name and options an object")
    rules = make_rules(variant, options)
    if not rules.teams:
        rules = make_rules(variant, options, players=len(players))
    if rules.players != len(players):
        raise RecordError(f"sheet: {rules_label(rules)} is played by {rules.players}, not {len(players)}")
    if not kept_on_sheet(rules):
        raise RecordError(f"sheet: {rules_label(rules)} cannot be kept on a score sheet (its sides form "
                          "in the play, or it is not Pitch)")
    return rules


def _seat(value: object, rules: Rules, what: str) -> int:
    if type(value) is not int or not 0 <= value < rules.players:
        raise RecordError(f"{what} must be a seat 0 to {rules.players - 1}, not {quote(value)}")
    return value


class SheetGame(Game):
    """A game kept on a score sheet: each hand is entered as a summary and scored by the engine; the
    next dealer, the seats that play, the scores and the end of the game are :class:`Game`'s."""

    def __init__(self, rules: Rules, *, dealer: int) -> None:
        super().__init__(rules, seed=0, dealer=dealer)
        #: each entered hand's result, in order
        self.results: list[HandResult] = []

    def enter(self, entry: object) -> HandResult:
        """Check one sheet hand against the rules and the game so far, score it, and go on to the next
        hand; raises :class:`~pitchkit.engine.errors.RecordError` (one line) and changes nothing if it
        does not fit."""
        if self.over:
            raise RecordError("the game is over")
        if not isinstance(entry, dict):
            raise RecordError("a sheet hand must be an object")
        extra = sorted(set(entry) - _HAND_KEYS)
        if extra:
            raise RecordError(f"unknown field {quote(extra[0])}")
        rules, hand = self.rules, self.hand
        if type(entry.get("dealer")) is not int or entry["dealer"] != hand.dealer:
            raise RecordError(f"seat {hand.dealer} deals this hand, not {quote(entry.get('dealer'))}")
        out = sorted(set(range(rules.players)) - set(hand.seats))
        if "sit_out" in entry and entry["sit_out"] != out:
            raise RecordError(f"the seats sitting out this hand are {out}, not {quote(entry['sit_out'])}")
        kind = "misdeal" if "misdeal" in entry else "ruling" if "ruling" in entry else ""
        extra = sorted(set(entry) - {*_KIND_KEYS.get(kind, _HAND_KEYS), "dealer", "sit_out", "judge"})
        if extra:
            raise RecordError(f"a {kind} hand has no {quote(extra[0])}")
        if "judge" in entry and (not isinstance(entry["judge"], str) or len(entry["judge"]) > 4):
            raise RecordError("judge must be a judge's initials")
        if entry.get("misdeal") is True:
            result = self._misdeal(entry)
        elif kind == "misdeal":
            raise RecordError("misdeal must be true (or left out)")
        else:
            pitcher, bid, highest = self._auction(entry)
            if "ruling" in entry:
                result = self._ruling(entry, pitcher, bid, highest)
            elif pitcher is None or bid is None:
                raise RecordError("the bids do not end the auction: every seat bids (or the hand ends in a "
                                  "ruling)")
            else:
                if "pitcher" in entry and entry["pitcher"] != pitcher:
                    said = quote(entry["pitcher"])
                    raise RecordError(f"the bids make seat {pitcher} the pitcher, not {said}")
                result = self._scored(entry, pitcher, bid)
        self.results.append(result)
        return self._close_hand(hand, result)

    def _auction(self, entry: dict[str, Any]) -> tuple[int | None, int | None, int]:
        """Replay the bids through the engine's auction: the pitcher and bid (None if unfinished) and
        the highest bid made."""
        bids = entry.get("bids")
        if not isinstance(bids, list) or len(bids) > 40:
            raise RecordError("bids must be a list of the bids in order, such as {\"seat\": 0, \"bid\": 2}")
        hand = self.hand
        order = sorted(hand.seats, key=lambda s: (s - hand.dealer - 1) % self.rules.players)
        auction = Auction(self.rules, dealer=hand.dealer, order=order)
        won: tuple[int, int] | None = None
        for i, item in enumerate(bids):
            try:
                if isinstance(item, dict) and "seat" not in item:
                    item = {"seat": auction.to_act, **item}
                actions = parse_action(self.rules, item)
                if len(actions) != 1 or not isinstance(actions[0], Bid | Choose) or won is not None:
                    raise RecordError("not a bid of this auction" if won is None else "the auction is over")
                action = actions[0]
                if action.seat != auction.to_act:
                    raise RecordError(f"seat {auction.to_act} bids now, not seat {action.seat}")
                auction.verify(action, misdeal_ok=False)
                won = auction.apply(action)
            except PitchError as e:
                raise RecordError(f"bid {i}: {e}") from None
        highest = max((b for _, b in auction.bids if b is not None), default=0)
        return (None, None, highest) if won is None else (won[0], won[1], highest)

    def _misdeal(self, entry: dict[str, Any]) -> HandResult:
        buried = entry.get("buried", False) is True
        if not (self.rules.misdeal_no_face or (buried and self.rules.draw_to)):
            raise RecordError(f"{rules_label(self.rules)} has no misdeal a table can call")
        passes = buried and self.rules.bury_misdeal_dealer == MisdealDealer.NEXT
        return self._unscored(delta=(0,) * self.rules.players, misdeal=True, deal_passes=passes)

    def _ruling(self, entry: dict[str, Any], pitcher: int | None, bid: int | None,
                highest: int) -> HandResult:
        name = entry["ruling"]
        if name not in ENDING:
            raise RecordError(f"ruling must be one of {', '.join(ENDING)}, not {quote(name)}")
        if name not in ending_names(self.rules):
            offered = ", ".join(ending_names(self.rules))
            raise RecordError(f"{rules_label(self.rules)} has no {name} ruling; its rulings are: {offered}")
        offender = _seat(entry.get("seat"), self.rules, "the ruling's seat")
        if offender not in self.hand.seats:
            raise RecordError(f"seat {offender} is not playing this hand")
        ruling = ending_ruling(self.rules, name, offender, seats=self.hand.seats, pitcher=pitcher, bid=bid,
                               highest=highest)
        self.hand.verify(ruling)
        return self._unscored(delta=ruling.delta, misdeal=False, deal_passes=False, pitcher=pitcher, bid=bid,
                              ruling=ruling)

    def _unscored(self, *, delta: tuple[int, ...], misdeal: bool, deal_passes: bool,
                  pitcher: int | None = None, bid: int | None = None,
                  ruling: Ruling | None = None) -> HandResult:
        n = self.rules.players
        return HandResult(misdeal=misdeal, pitcher=pitcher, bid=bid, trump=None, awards=(), scored=(),
                          side=tuple(self.rules.team_of(s) if s in self.hand.seats else -1 for s in range(n)),
                          side_points=(0,) * n, card_points=(0,) * n, made=None, delta=delta,
                          scores=tuple(b + d for b, d in zip(self.scores, delta, strict=True)),
                          winners=(), deal_passes=deal_passes, ruling=ruling)

    def _scored(self, entry: dict[str, Any], pitcher: int, bid: int) -> HandResult:
        rules, seats = self.rules, self.hand.seats
        try:
            trump = Suit.parse(entry.get("trump"))
        except PitchError:
            what = quote(entry.get("trump"))
            raise RecordError(f"trump must be a suit letter (C D H S), not {what}") from None
        side = tuple(rules.team_of(s) if s in seats else -1 for s in range(rules.players))
        awards = self._awards(entry.get("awards"), int(trump))
        points = self._card_points(entry.get("card_points"), side, awards)
        tally = _tally(rules, side, awards, points)
        made = contract_made(rules, tally, pitcher=pitcher, bid=bid)
        if "made" in entry and entry["made"] is not made:
            raise RecordError(f"the awards {'make' if made else 'set'} the bid of {rules.bid_name(bid)}, the "
                              f"sheet says {'made' if entry['made'] else 'set'}")
        delta = deltas(rules, tally, pitcher=pitcher, bid=bid, made=made, scores=self.scores)
        out = going_out(rules, seats=seats, awards=tally.awards, side=side, pitcher=pitcher, made=made,
                        before=self.scores, delta=delta)
        bidder = side[pitcher]
        scored = tuple(i < out.counted and (made or side[a.seat] != bidder)
                       for i, a in enumerate(tally.awards))
        decided: bool | None = made
        if made and out.counted < len(tally.awards):
            won = sum(a.value for a in tally.awards[:out.counted] if side[a.seat] == bidder)
            if rules.is_special_bid(bid) or won < bid:
                decided = None
        return HandResult(misdeal=False, pitcher=pitcher, bid=bid, trump=trump, awards=tally.awards,
                          scored=scored, side=side, side_points=tally.side_points,
                          card_points=tally.card_points,
                          made=decided, delta=out.delta,
                          scores=tuple(b + d for b, d in zip(self.scores, out.delta, strict=True)),
                          winners=out.winners, deal_passes=True)

    def _awards(self, items: object, trump: int) -> list[Award]:
        """The awards in the rules' scoring order; each point at most once, to a seat in the hand, its
        card (where named) the rules' card for it."""
        rules = self.rules
        if not isinstance(items, list) or len(items) > 20:
            raise RecordError("awards must be a list such as [{\"point\": \"high\", \"seat\": 0}]")
        plan = {p: v for p, v, _ in rules.point_plan}
        tt = table(trump, jokers=rules.jokers, off_jack=rules.off_jack, equal_jokers=rules.equal_jokers)
        given: dict[str, Award] = {}
        for i, item in enumerate(items):
            if not isinstance(item, dict) or set(item) - {"point", "seat", "card"}:
                raise RecordError(f"award {i}: an award is {{\"point\": ..., \"seat\": ...}} (and its "
                                  "\"card\")")
            point = item.get("point")
            if point not in plan:
                raise RecordError(f"award {i}: {rules_label(rules)} awards {', '.join(plan)}, "
                                  f"not {quote(point)}")
            if point in given:
                raise RecordError(f"award {i}: {point} is given twice")
            seat = _seat(item.get("seat"), rules, f"award {i} ({point})")
            if seat not in self.hand.seats:
                raise RecordError(f"award {i} ({point}): seat {seat} is not playing this hand")
            card = Card.parse(item["card"]) if "card" in item else None
            named = point_card(point, trump, tt.off_jack)
            if card is not None and ((named is not None and card != named)
                                     or (point in ("high", "low") and not tt.trump_mask >> card & 1)):
                suit = Suit(trump).name.lower()
                raise RecordError(f"award {i}: {card} cannot score {point} with {suit} trump")
            given[point] = Award(point, card if card is not None else None if named is None else CARDS[named],
                                 seat, plan[point])
        high, low = given.get("high"), given.get("low")
        if "high" in plan and "high" not in given and rules.trump_by == TrumpBy.LEAD:
            raise RecordError("high is missing: the pitcher's lead is a trump, so high is always won")
        if "low" in plan and high is not None and low is None and rules.single_trump_low:
            raise RecordError("low is missing: where high is won, so is low")
        if high and low and high.card is not None and low.card is not None \
                and tt.power[low.card] > tt.power[high.card]:
            raise RecordError(f"low ({low.card}) ranks above high ({high.card})")
        return [given[p] for p in plan if p in given]

    def _card_points(self, counts: object, side: tuple[int, ...], awards: list[Award]) -> tuple[int, ...]:
        """Each seat's side's card points, checked: they add up within the deck's total, the game point
        goes to the only side with the most, and a side credited with capturing a counting card took at
        least its value."""
        rules = self.rules
        n = rules.players
        if "game" not in {p for p, _, _ in rules.point_plan}:
            if counts is not None:
                raise RecordError(f"{rules_label(rules)} has no game point: leave out card_points")
            return (0,) * n
        if not isinstance(counts, list) or len(counts) != n \
                or not all(type(c) is int and c >= 0 for c in counts):
            raise RecordError(f"card_points must be {n} whole numbers, the card points each seat took")
        deck_total = sum(CARDS[c].game_value for c in rules.deck_cards)
        if sum(counts) > deck_total:
            raise RecordError(f"card points add up to {sum(counts)}, more than the deck's {deck_total}")
        if any(c for s, c in enumerate(counts) if side[s] < 0):
            raise RecordError("a seat sitting out took no card points")
        totals: dict[int, int] = {}
        for s, c in enumerate(counts):
            if side[s] >= 0:
                totals[side[s]] = totals.get(side[s], 0) + c
        best = max(totals.values())
        leaders = [u for u, v in totals.items() if v == best]
        game = next((a for a in awards if a.point == "game"), None)
        if len(leaders) == 1 and (game is None or side[game.seat] != leaders[0]):
            seat = min(s for s in range(n) if side[s] == leaders[0])
            raise RecordError(f"game goes to the side of seat {seat} with {best} card points")
        if len(leaders) > 1 and game is not None:
            raise RecordError(f"the card points tie at {best}: nobody wins game")
        by_player = {p: b for p, _, b in rules.point_plan}
        for a in awards:
            if a.card is not None and not by_player[a.point] and totals[side[a.seat]] < a.card.game_value:
                raise RecordError(f"the side that took {a.card} ({a.point}) has fewer card points than it is "
                                  "worth")
        return tuple(totals.get(side[s], 0) if side[s] >= 0 else 0 for s in range(n))


def _tally(rules: Rules, side: tuple[int, ...], awards: Sequence[Award], points: tuple[int, ...]) -> Tally:
    won: dict[int, int] = {}
    for a in awards:
        won[side[a.seat]] = won.get(side[a.seat], 0) + a.value
    return Tally(tuple(awards), side, tuple(won.get(u, 0) if u >= 0 else 0 for u in side), points,
                 sum(a.value for a in awards))


def read_sheet(doc: object) -> tuple[Rules, list[str], list[object]]:
    """A sheet's rules, players and hands (checked for shape; the hands are checked by replaying)."""
    if not is_sheet(doc):
        raise RecordError("sheet: not a score sheet (an object with \"sheet\": 1)")
    assert isinstance(doc, dict)
    if doc["sheet"] != SHEET_VERSION:
        raise RecordError(f"sheet: version must be {SHEET_VERSION}")
    extra = sorted(set(doc) - {"sheet", "variant", "options", "players", "hands", "rulings", "round", "table",
                               "version"})
    if extra:
        raise RecordError(f"sheet: unknown field {quote(extra[0])}")
    rules = sheet_rules(doc)
    hands = doc.get("hands")
    if not isinstance(hands, list) or len(hands) > 2000:
        raise RecordError("sheet: hands must be a list of sheet hands")
    return rules, list(doc["players"]), list(hands)


def replay_sheet(doc: object, *, dealer: int | None = None) -> SheetGame:
    """Replay a sheet's hands into a :class:`SheetGame`; ``dealer`` is the first dealer of a sheet
    without hands yet."""
    rules, _, hands = read_sheet(doc)
    first = hands[0] if hands else None
    start = first.get("dealer") if isinstance(first, dict) else dealer
    game = SheetGame(rules, dealer=_seat(start if start is not None else 0, rules, "sheet: hand 1: dealer"))
    for i, entry in enumerate(hands):
        try:
            game.enter(entry)
        except PitchError as e:
            raise RecordError(f"sheet: hand {i + 1}: {e}") from None
    return game


def result_summary(rules: Rules, result: HandResult) -> dict[str, object]:
    """One sheet hand's result as ``pitch score`` prints a hand's."""
    bid: int | str | None = result.bid
    if result.bid is not None and rules.is_special_bid(result.bid):
        bid = rules.bid_name(result.bid)
    out: dict[str, object] = {"complete": True, "pitcher": result.pitcher, "bid": bid,
                              "trump": None if result.trump is None else result.trump.name[0]}
    if result.misdeal:
        out["misdeal"] = True
    if result.ruling is not None:
        out["ruling"] = result.ruling.name
    out["awards"] = [{"point": a.point, "card": None if a.card is None else str(a.card), "seat": a.seat,
                      **({"value": a.value} if a.value != 1 else {}), **({} if ok else {"scored": False})}
                     for a, ok in zip(result.awards, result.scored, strict=True)]
    out.update({"made": result.made, "delta": list(result.delta), "scores": list(result.scores),
                "card_points": list(result.card_points), "winner": list(result.winners) or None})
    return out


def score_sheet(doc: object) -> dict[str, object]:
    """What ``pitch score`` prints for a score sheet: every hand's result and the game's."""
    game = replay_sheet(doc)
    return {"sheet": True, "complete": game.over,
            "hands": [result_summary(game.rules, r) for r in game.results], "scores": list(game.scores),
            "winner": list(game.end.winners) if game.end else None,
            "reason": game.end.reason if game.end else None}


def score_any(doc: object) -> dict[str, object]:
    """What ``pitch score`` prints for any document: a score sheet (:func:`score_sheet`), or a hand or
    game record (:func:`~pitchkit.engine.record.score_document`) whose desk rulings, if it has any, are
    checked against its play (:func:`~pitchkit.tournament.notes.check_notes`), and each seed ruling
    that ended a hand against the score change it gives
    (:func:`~pitchkit.tournament.rulings.check_rulings`)."""
    if is_sheet(doc):
        return score_sheet(doc)
    out = score_document(doc)
    hands = record_hands(doc)
    check_rulings(hands)
    notes = record_notes(doc)
    if notes:
        check_notes(hands, notes)
    return out
