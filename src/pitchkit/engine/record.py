"""The public hand-record format: JSON in, replayed through the engine, JSON result out.

See ``docs/hand-record.md``. :func:`score_document` is what ``pitch score`` runs: a hand record
(an object) or a game record (a list of hand records); any bad input raises a
:class:`~pitchkit.engine.errors.PitchError` whose message is the one line the command prints.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Mapping
from typing import Any

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
from pitchkit.engine.cards import CARDS, Card, Suit, parse_cards
from pitchkit.engine.checks import SCORE_LIMIT
from pitchkit.engine.errors import ECHO_LIMIT, PitchError, RecordError, clip, quote
from pitchkit.engine.game import Game
from pitchkit.engine.hand import Hand, HandResult
from pitchkit.engine.lookup import MAX_SEATS
from pitchkit.engine.making import Making
from pitchkit.engine.numbers import parse_int
from pitchkit.engine.presets import get_preset, modified_options, rules_label
from pitchkit.engine.rules import Rules, ScoreBy, TrumpBy
from pitchkit.engine.scoring import unawarded

FORMAT_VERSION = 1
_ACTION_KEYS = ("bid", "play", "trump", "discard", "pass", "choose", "ruling")
#: the keys that go with a ruling only
_RULING_KEYS = ("delta", "sit_out", "deal_passes")


def _rules_of(doc: Mapping[str, Any], n_seats: int, *, stored: bool = False) -> Rules:
    variant = doc.get("variant")
    if not isinstance(variant, str):
        raise RecordError("record: 'variant' must be a preset name")
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("record: 'options' must be an object")
    opts = dict(options)
    given = opts.pop("players", None)
    if given is not None and given != n_seats:
        raise RecordError(f"record: option players={quote(given)} but {n_seats} hands are given")
    opts["players"] = n_seats
    return get_preset(variant).rules.with_options(opts, stored=stored)


def _int(value: object, what: str, lo: int, hi: int) -> int:
    """A JSON whole number of a record in ``lo..hi``."""
    if type(value) is not int:
        raise RecordError(f"{what} must be a whole number, not {quote(value)}")
    return parse_int(value, what=what, lo=lo, hi=hi, error=RecordError)


def load_hand(doc: object, *, scores: list[int] | None = None, stored: bool = False) -> Hand:
    """Build the dealt :class:`Hand` of a hand record (no actions applied yet); ``stored``: a record
    pitchkit saved itself (:func:`pitchkit.engine.presets.make_rules`'s ``stored``)."""
    if not isinstance(doc, dict):
        raise RecordError("record: a hand record must be a JSON object")
    unknown = set(doc) - {"variant", "options", "modified", "dealer", "scores", "hands", "stock",
                          "actions", "version", "result", "deal"}
    if unknown:
        raise RecordError(f"record: unknown field {quote(min(unknown, key=str))}")
    hands = doc.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError("record: 'hands' must be a list with one list of cards per seat")
    rules = _rules_of(doc, len(hands), stored=stored)
    said = doc.get("modified")
    changed = sorted(modified_options(rules))
    if said is not None and (not isinstance(said, list) or sorted(map(str, said)) != changed):
        raise RecordError(f"record: 'modified' must list the options that modify {rules.preset}: "
                          f"{list(modified_options(rules))}")
    dealt = [parse_cards(h, what=f"hands[{i}]") for i, h in enumerate(hands)]
    stock = parse_cards(doc.get("stock", []), what="stock")
    dealer = _int(doc.get("dealer"), "record: 'dealer'", 0, len(hands) - 1)
    raw_scores = doc.get("scores", scores)
    if raw_scores is not None:
        if not isinstance(raw_scores, list) or len(raw_scores) != len(hands):
            raise RecordError(f"record: 'scores' must list {len(hands)} numbers")
        raw_scores = [_int(x, "record: a score", -SCORE_LIMIT, SCORE_LIMIT) for x in raw_scores]
    return Hand(rules, dealer=dealer, hands=dealt, stock=stock, scores=raw_scores)


def parse_action(rules: Rules, entry: object) -> list[Action]:
    """The engine actions of one record entry (a jack or joker lead may name trump with it)."""
    if not isinstance(entry, dict):
        raise RecordError("an action must be an object such as {\"seat\": 0, \"bid\": 2}")
    seat = _int(entry.get("seat"), "'seat'", 0, MAX_SEATS - 1)
    keys = [k for k in _ACTION_KEYS if k in entry]
    extra = set(entry) - {"seat", *_ACTION_KEYS, *(_RULING_KEYS if "ruling" in entry else ())}
    if extra:
        raise RecordError(f"unknown key {quote(min(extra, key=str))}")
    if keys == ["play", "trump"]:
        return [Play(seat, Card.parse(entry["play"])), DeclareTrump(seat, Suit.parse(entry["trump"]))]
    if len(keys) != 1:
        raise RecordError("an action needs exactly one of: " + ", ".join(_ACTION_KEYS))
    key, value = keys[0], entry[keys[0]]
    if key == "bid":
        return [Bid(seat, rules.parse_bid(value))]
    if key == "play":
        return [Play(seat, Card.parse(value))]
    if key == "trump":
        return [DeclareTrump(seat, Suit.parse(value))]
    if key == "discard":
        return [Discard(seat, tuple(sorted(parse_cards(value, what="discard"))))]
    if key == "pass":
        return [PassCards(seat, tuple(sorted(parse_cards(value, what="pass"))))]
    if key == "ruling":
        return [_ruling(seat, value, entry)]
    if value == "take" and rules.trump_by == TrumpBy.UPCARD:
        raise RecordError("'take' is the dealer taking the bid, and there is no bid where trump is made "
                          'with the upcard: the dealer picks it up with {"trump": SUIT}')
    if value == "take":
        return [Bid(seat, rules.forced_bid)]
    try:
        return [Choose(seat, Choice(str(value).lower()))]
    except ValueError:
        raise RecordError(f"unknown choice {quote(value)}; choices are take, "
                          + ", ".join(c.value for c in Choice)) from None


def _ruling(seat: int, name: object, entry: dict[str, Any]) -> Ruling:
    delta, sit_out = entry.get("delta"), entry.get("sit_out", [])
    passes = entry.get("deal_passes", False)
    if not isinstance(name, str):
        raise RecordError(f"a ruling is named by text, not {quote(name)}")
    if not isinstance(delta, list) or not isinstance(sit_out, list):
        raise RecordError("a ruling needs 'delta' (a score change per seat) and may have 'sit_out' (seats)")
    if not isinstance(passes, bool):
        raise RecordError(f"a ruling's 'deal_passes' is true or false, not {quote(passes)}")
    return Ruling(seat, name, tuple(_int(d, "a ruling's delta", -SCORE_LIMIT, SCORE_LIMIT) for d in delta),
                  tuple(_int(s, "a sit-out seat", 0, MAX_SEATS - 1) for s in sit_out), passes)


def action_json(rules: Rules, action: Action) -> dict[str, object]:
    """One action in record form."""
    match action:
        case Bid(seat, amount):
            return {"seat": seat, "bid": _bid_json(rules, amount)}
        case Play(seat, card):
            return {"seat": seat, "play": str(card)}
        case DeclareTrump(seat, suit):
            return {"seat": seat, "trump": str(suit)}
        case Discard(seat, cards):
            return {"seat": seat, "discard": [str(c) for c in cards]}
        case PassCards(seat, cards):
            return {"seat": seat, "pass": [str(c) for c in cards]}
        case Ruling(seat, name, delta, sit_out, passes):
            entry = {"seat": seat, "ruling": name, "delta": list(delta), "sit_out": list(sit_out)}
            return {**entry, "deal_passes": True} if passes else entry
        case Choose(seat, option):
            return {"seat": seat, "choose": option.value}


def _bid_json(rules: Rules, amount: int | None) -> int | str:
    """A bid in record form: its number, or its name (``pass``, ``smudge``)."""
    name = rules.bid_name(amount)
    return amount if amount is not None and name == str(amount) else name


def hand_record(hand: Hand) -> dict[str, object]:
    """The record of a hand (its deal and every action so far)."""
    rules = hand.rules
    options = rules.options_diff(get_preset(rules.preset).rules)
    options.pop("players", None)
    doc: dict[str, object] = {"version": FORMAT_VERSION, "variant": rules.preset}
    if options:
        doc["options"] = options
    if modified_options(rules):
        doc["modified"] = list(modified_options(rules))
    doc.update({
        "dealer": hand.dealer,
        "scores": list(hand.scores_before),
        "hands": [[str(c) for c in h] for h in hand.initial_hands],
    })
    if hand.initial_stock:
        doc["stock"] = [str(c) for c in hand.initial_stock]
    doc["actions"] = [action_json(rules, a) for a in hand.log]
    return doc


def _legal_json(hand: Hand) -> list[object]:
    seat = hand.to_act
    assert seat is not None
    if hand.phase.value == "discard":
        cards, lo, hi = hand.discard_options(seat)
        return [{"seat": seat, "discard": {"choose_from": [str(c) for c in cards], "count": [lo, hi]}}]
    return [action_json(hand.rules, a) for a in hand.legal_actions()]


def _awards_json(res: HandResult) -> list[dict[str, object]]:
    return [{"point": a.point, "card": None if a.card is None else str(a.card), "seat": a.seat,
             **({"value": a.value} if a.value != 1 else {}), **({} if scored else {"scored": False})}
            for a, scored in zip(res.awards, res.scored, strict=True)]


def result_json(hand: Hand) -> dict[str, object]:
    """The ``pitch score`` output of a replayed hand: a Pitch hand's contract and points, or a hand
    scored by tricks in Euchre's words (:func:`trick_result_json`)."""
    rules = hand.rules
    if rules.score_by == ScoreBy.TRICKS:
        return trick_result_json(hand)
    out: dict[str, object] = {"complete": hand.done}
    if modified_options(rules):
        out["rules"] = rules_label(rules)
    res: HandResult | None = hand.result
    out.update({
        "pitcher": hand.pitcher,
        "bid": None if hand.bid is None else _bid_json(rules, hand.bid),
        "trump": None if hand.trump is None else str(Suit(hand.trump)),
    })
    if hand.upcard is not None:
        out.update(_upcard_json(hand))
    if res is None:
        return _unfinished(hand, out)
    _unscored_json(res, out)
    out.update({
        "awards": _awards_json(res),
        "unawarded": [] if res.misdeal or res.ruling is not None else [
            {"point": point, "why": why} for point, why in unawarded(rules, res.awards)],
        "made": res.made,
        "delta": list(res.delta),
        "scores": list(res.scores),
        "card_points": list(res.card_points),
        "winner": list(res.winners) or None,
    })
    return out


def _upcard_json(hand: Hand) -> dict[str, object]:
    """The upcard and who sits out (and, where the rules have them, the lone defender and the blind
    double loner)."""
    rules = hand.rules
    assert hand.upcard is not None
    out: dict[str, object] = {"upcard": str(CARDS[hand.upcard]), "sitting_out": hand.sitting_out}
    if rules.defend_alone_points:
        out["lone_defender"] = hand.lone_defender
    if rules.blind_loner_points:
        out["blind"] = hand.blind
    return out


def _unfinished(hand: Hand, out: dict[str, object]) -> dict[str, object]:
    out.update({"to_act": hand.to_act, "legal": _legal_json(hand), "scores": list(hand.scores_before)})
    return out


def _unscored_json(res: HandResult, out: dict[str, object]) -> None:
    if res.misdeal:
        out["misdeal"] = True
    if res.ruling is not None:
        out["ruling"] = res.ruling.name


def trick_result_json(hand: Hand) -> dict[str, object]:
    """The ``pitch score`` output of a hand scored by the makers' tricks (Euchre): the maker, trump,
    the round it was made in, going alone, the tricks of each seat and side, and the outcome (the
    award: ``made``, ``march``, ``euchre``...)."""
    rules = hand.rules
    out: dict[str, object] = {"complete": hand.done}
    if modified_options(rules):
        out["rules"] = rules_label(rules)
    making, made_by = hand.auction, hand.pitcher
    out.update({
        "maker": made_by,
        "trump": None if hand.trump is None else str(Suit(hand.trump)),
        "upcard": None if hand.upcard is None else str(CARDS[hand.upcard]),
        "round": making.round if made_by is not None and isinstance(making, Making) else None,
        "alone": isinstance(making, Making) and making.alone,
    })
    if hand.upcard is not None:
        out.update(_upcard_json(hand))
    res = hand.result
    if res is None:
        return _unfinished(hand, out)
    _unscored_json(res, out)
    played = not res.misdeal and res.ruling is None
    out.update({
        "awards": _awards_json(res),
        "outcome": res.awards[0].point if played and res.awards else None,
        "made": res.made,
        "delta": list(res.delta),
        "scores": list(res.scores),
    })
    if played and made_by is not None:
        tricks = [sum(1 for _, w in hand.tricks if w == s) for s in range(hand.n_seats)]
        makers = sum(n for s, n in enumerate(tricks) if rules.team_of(s) == rules.team_of(made_by))
        out.update({"tricks": tricks, "makers_tricks": makers, "defenders_tricks": len(hand.tricks) - makers})
    out["winner"] = list(res.winners) or None
    return out


def _short(value: object) -> str:
    if isinstance(value, str):
        return clip(value, 40)
    try:
        return clip(json.dumps(value), 40)
    except (RecursionError, TypeError, ValueError):
        return clip(quote(value), 40)


def _entry_text(entry: object) -> str:
    """A malformed action entry as one short line, e.g. ``seat 0 play ZZ``."""
    if not isinstance(entry, dict):
        return _short(entry)
    parts = [f"seat {_short(entry['seat'])}"] if "seat" in entry else []
    others = ((k, v) for k, v in entry.items() if k != "seat")
    parts += [f"{_short(k)} {_short(v)}" for k, v in itertools.islice(others, 3)]
    return clip(" ".join(parts), 2 * ECHO_LIMIT) or "{}"


def _replay(hand: Hand, actions: object, apply: Any, *, offset: int = 0) -> None:
    if not isinstance(actions, list):
        raise RecordError("record: 'actions' must be a list")
    for i, entry in enumerate(actions):
        label = f"action {offset + i}"
        try:
            parsed = parse_action(hand.rules, entry)
        except PitchError as e:
            raise RecordError(f"{label} ({_entry_text(entry)}): {e}") from None
        for action in parsed:
            try:
                apply(action)
            except PitchError as e:
                raise RecordError(f"{label} ({hand.describe(action)}): {e}") from None


def score_hand(doc: object) -> dict[str, object]:
    """Replay one hand record and return its result."""
    hand = load_hand(doc)
    assert isinstance(doc, dict)
    _replay(hand, doc.get("actions", []), hand.apply)
    return result_json(hand)


#: called with the hand's index in the record and the hand: once with ``None`` when the hand is dealt,
#: then after each replayed action with that action
OnStep = Callable[[int, Hand, Action | None], None]


def record_hands(doc: object) -> list[object]:
    """The hand records of a document: a game record (a list, or an object with a list of hand
    objects under ``hands``), or a single hand record."""
    if isinstance(doc, list):
        return list(doc)
    if isinstance(doc, dict) and isinstance(doc.get("hands"), list) and doc["hands"] \
            and all(isinstance(h, dict) for h in doc["hands"]):
        return list(doc["hands"])
    return [doc]


def _stepper(game: Game, index: int, hand: Hand, on_step: OnStep | None) -> Callable[[Action], None]:
    def apply(action: Action) -> None:
        game.apply(action)
        if on_step is not None:
            on_step(index, hand, action)

    return apply


def replay_game(docs: list[object], *, on_step: OnStep | None = None,
                game: Game | None = None, stored: bool = False) -> tuple[Game, list[Hand]]:
    """Replay a game record (hand records in order) through one :class:`Game`, checking that each
    deal fits the game (dealer in turn, scores carried); returns the game and its hands.

    ``game`` is a new game to replay into (a seeded game deals on from its own random source),
    else one is made from the first hand; ``stored``: a game pitchkit saved itself (see
    :func:`load_hand`)."""
    if not docs:
        raise RecordError("record: a game record needs at least one hand")
    first = docs[0]
    if not isinstance(first, dict):
        raise RecordError("record: hand 0 must be a JSON object")
    hands: list[Hand] = []
    for i, doc in enumerate(docs):
        if not isinstance(doc, dict):
            raise RecordError(f"hand {i}: a hand record must be a JSON object")
        merged = {"variant": first.get("variant"), "options": first.get("options", {}), **doc}
        try:
            if game is None:
                hand = load_hand(merged, stored=stored)
                game = Game(hand.rules, dealer=hand.dealer, seed=0)
                game.scores = list(hand.scores_before)
                game.hand = hand
            else:
                if game.end is not None:
                    seats = ", ".join(map(str, game.end.winners))
                    raise RecordError(f"the game was already won by seat {seats}: {game.end.reason}")
                hand = load_hand(merged, scores=list(game.scores), stored=stored)
                game.set_hand(hand)
            if on_step is not None:
                on_step(i, hand, None)
            _replay(hand, merged.get("actions", []), _stepper(game, i, hand, on_step))
        except PitchError as e:
            raise RecordError(f"hand {i}: {e}") from None
        hands.append(hand)
        if not hand.done and i != len(docs) - 1:
            raise RecordError(f"hand {i}: unfinished, but more hands follow")
    assert game is not None
    return game, hands


def score_game(docs: list[object]) -> dict[str, object]:
    """Replay a game record (hand records in order) and return every hand's result and the game's."""
    game, hands = replay_game(docs)
    return {
        "complete": game.over,
        "hands": [result_json(h) for h in hands],
        "scores": list(game.scores),
        "winner": list(game.end.winners) if game.end else None,
        "reason": game.end.reason if game.end else None,
    }


def score_document(doc: object) -> dict[str, object]:
    """Score a hand record (object) or a game record (list of hand records)."""
    docs = record_hands(doc)
    if len(docs) == 1 and docs[0] is doc:
        return score_hand(doc)
    return score_game(docs)


def game_record(game: Game, *, dealt: bool = False) -> list[dict[str, object]]:
    """The record of a whole game: every hand so far, in order; the hand in progress once it has an
    action, or as soon as it is dealt with ``dealt``."""
    hands = [*game.history]
    if not game.over and (dealt or game.hand.log):
        hands.append(game.hand)
    return [hand_record(h) for h in hands]
