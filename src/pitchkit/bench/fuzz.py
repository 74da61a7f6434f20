"""Hostile input for the engine, and the checks every such input must pass.

Each check takes one input and demands one of two outcomes: a result, or the engine's own error
(a :class:`~pitchkit.engine.errors.PitchError`) whose message is one short line, with the state as it was.
Any other exception, a second line or a long echo is a failure (an ``AssertionError``).

The generators draw from a ``random.Random``: the tests hand them a generator that hypothesis
controls (``st.randoms()``, so failures shrink), ``benchmarks/fuzz.py`` a seeded one for millions
of cases.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

from pitchkit.bench.selfplay import random_engine_action
from pitchkit.engine.actions import Bid, Choice, Choose, DeclareTrump, Discard, Play
from pitchkit.engine.cards import CARDS, NAMES, Suit
from pitchkit.engine.errors import PitchError, quote
from pitchkit.engine.game import Game
from pitchkit.engine.hand import Hand
from pitchkit.engine.presets import make_rules, presets
from pitchkit.engine.record import game_record, hand_record, score_document
from pitchkit.engine.rules import OPTION_FIELDS, OPTION_RANGES, Rules, option_name

#: the longest message a check accepts: a fixed text plus a few echoes of at most 60 characters
MESSAGE_LIMIT = 400

_WORDS = ("pass", "smudge", "over-smudge", "take", "run", "sell", "misdeal", "none", "true", "false",
          "pct", "ten-point", "S", "spades", "10h", "BJ", "-0", "--5", "+5", "1_000", " 7 ", "0x1f", "1e3",
          "²", "①", "٣", "\uff15", "\n", "a\nb", "\x00", "\u202e", "", "NaN")


def one_line(error: BaseException) -> str:
    """The message of an engine error, checked to be one short line."""
    assert isinstance(error, PitchError), f"{type(error).__name__} is not the engine's error: {error!r}"
    text = str(error)
    assert text and "\n" not in text and "\r" not in text, f"not one line: {text[:200]!r}"
    assert len(text) <= MESSAGE_LIMIT, f"{len(text)} characters: {text[:200]!r}..."
    return text


def hostile_value(rng: random.Random, depth: int = 0) -> object:
    """A JSON-like value chosen to break parsers: odd digits and numbers, huge numbers, control
    characters, long text, wrong types, nesting."""
    kind = rng.randrange(12 if depth < 2 else 9)
    if kind == 0:
        return rng.choice(_WORDS)
    if kind == 1:
        return rng.randint(-3, 12)
    if kind == 2:
        return rng.choice((-1, 2**31, 2**63, -(10**30), 10**rng.randint(3, 4200)))  # json: 4300 digits
    if kind == 3:
        return rng.choice((2.0, -0.5, 1e300, float("inf"), float("nan"), True, False, None))
    if kind == 4:
        return rng.choice(NAMES) + rng.choice(("", "x", "\n"))
    if kind == 5:
        codes = (rng.choice((rng.randrange(32, 127), rng.randrange(0x80, 0x3000), rng.randrange(32)))
                 for _ in range(rng.randrange(1, 12)))
        return "".join(map(chr, codes))
    if kind == 6:
        return rng.choice(("x", "9", "\n", "é")) * rng.choice((61, 1000, 100_000))
    if kind == 7:
        return str(rng.randint(-(10**20), 10**20))
    if kind == 8:
        return rng.choice(tuple(option_name(n) for n in OPTION_FIELDS))
    if kind == 9:
        return [hostile_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 10:
        if rng.random() < 0.1:
            return {f"k{i}": i for i in range(1000)}
        return {quote(hostile_value(rng, depth + 1))[:20]: hostile_value(rng, depth + 1)
                for _ in range(rng.randrange(3))}
    return [rng.choice(NAMES) for _ in range(rng.randrange(60))]


def base_records(seed: int = 0) -> list[object]:
    """Valid hand and game records to mutate: part-played and finished hands of every preset."""
    rng = random.Random(seed)
    docs: list[object] = []
    for name in presets():
        rules = make_rules(name)
        hand = Hand.deal(rules, rng, dealer=rng.randrange(rules.players))
        stop = rng.randrange(4, 30)
        while not hand.done and len(hand.log) < stop:
            hand.apply(random_engine_action(hand, rng))
        docs.append(hand_record(hand))
        game = Game(rules, seed=rng.randrange(1000))
        while len(game.history) < 2 and not game.over:
            hand_now = game.hand
            game.apply(random_engine_action(hand_now, rng))
        docs.append(game_record(game))
    return docs


def _paths(doc: object, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*prefix, i))
    return out


def mutate_record(doc: object, rng: random.Random) -> object:
    """A copy of a record with one to three values replaced, removed or added."""
    out = copy.deepcopy(doc)
    for _ in range(rng.randint(1, 3)):
        paths = _paths(out)
        if rng.random() < 0.7:  # mostly the actions, options and numbers rather than the dealt cards
            paths = [p for p in paths if "hands" not in p[-3:-1] and "stock" not in p[-2:-1]] or paths
        path = rng.choice(paths)
        if not path:
            return hostile_value(rng) if rng.random() < 0.1 else out
        *head, last = path
        parent: Any = out
        for key in head:
            parent = parent[key]
        move = rng.randrange(4)
        if move == 0 and isinstance(parent, dict):
            del parent[last]
        elif move == 1 and isinstance(parent, dict):
            parent[rng.choice(("options", "seat", "bid", "play", "dealer", "scores", "extra"))] = \
                hostile_value(rng)
        elif move == 2 and isinstance(parent, dict) and last == "options":
            parent[last] = hostile_options(rng)
        else:
            parent[last] = hostile_value(rng)
    return out


def hostile_options(rng: random.Random) -> dict[str, object]:
    """Options by name with values that are often out of range or of the wrong kind."""
    out: dict[str, object] = {}
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(tuple(OPTION_FIELDS))
        if name in OPTION_RANGES and rng.random() < 0.5:
            lo, hi = OPTION_RANGES[name]
            value: object = rng.choice((lo - 1, hi + 1, lo, hi, str(hi + 1), str(lo), -(10**9), 10**9))
        else:
            value = hostile_value(rng)
        out[option_name(name) if rng.random() < 0.9 else quote(hostile_value(rng))[:30]] = value
    return out


def check_record(doc: object) -> str:
    """Score a record: a result that is JSON, or one line of the engine's error. Returns ``"ok"``
    or the message."""
    try:
        result = score_document(doc)
    except PitchError as e:
        return one_line(e)
    json.dumps(result)
    return "ok"


def check_options(variant: str, options: dict[str, object]) -> str:
    """Build rules with options: rules whose counts are all in range, or one line of the engine's
    error."""
    try:
        rules = make_rules(variant, options)
    except PitchError as e:
        return one_line(e)
    for name, (lo, hi) in OPTION_RANGES.items():
        value = getattr(rules, name, None)
        assert value is None or lo <= value <= hi, f"{name} = {value!r} is out of range"
    return "ok"


def hostile_action(rng: random.Random, seat: int) -> object:
    """An action record (or not) with fields of the right or the wrong type."""
    def field() -> Any:
        return hostile_value(rng) if rng.random() < 0.5 else rng.choice(
            (seat, rng.randrange(9), rng.choice(CARDS), rng.choice(list(Suit)), rng.choice(list(Choice)),
             None, rng.randrange(12)))
    some_seat = seat if rng.random() < 0.7 else field()
    kind = rng.randrange(7)
    if kind == 0:
        return Bid(some_seat, field())
    if kind == 1:
        return Play(some_seat, field())
    if kind == 2:
        return DeclareTrump(some_seat, field())
    if kind == 3:
        cards = tuple(rng.sample(CARDS, rng.randrange(4))) if rng.random() < 0.5 else field()
        return Discard(some_seat, cards)
    if kind == 4:
        return Choose(some_seat, field())
    return field()


def state_of(game: Game) -> str:
    """Everything a wrong action could change, as text."""
    hand = game.hand
    return json.dumps([
        [hand_record(h) for h in game.history], hand_record(hand), game.scores, game.over,
        hand.hands, hand.stock, hand.discards, hand.trick, hand.phase.value, hand.to_act,
        hand.auction.bids, hand.pitcher, hand.bid, hand.trump, hash(game.rng.getstate()),
    ], default=str)


def check_action(game: Game, action: object) -> str:
    """Apply an action: accepted, or the engine's error with the game unchanged."""
    before = state_of(game)
    try:
        game.apply(action)  # type: ignore[arg-type]
    except PitchError as e:
        assert state_of(game) == before, f"{action!r} was refused but changed the game"
        return one_line(e)
    return "ok"


def fuzz_actions(game: Game, rng: random.Random, steps: int) -> list[str]:
    """Play a game with a hostile action before each legal one; the outcome of each hostile one."""
    outcomes = []
    for _ in range(steps):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        outcomes.append(check_action(game, hostile_action(rng, seat)))
        if not game.over and rng.random() < 0.3:
            game.legal_actions()  # the cached legal list must not let a wrong type through
            outcomes.append(check_action(game, hostile_action(rng, seat)))
        if not game.over:
            game.apply(random_engine_action(game.hand, rng))
    return outcomes


#: one fuzz case: draw from the generator, run a check, return its outcome
Case = Callable[[random.Random], list[str]]


def record_case(bases: list[object]) -> Case:
    """Mutate one of ``bases`` and score it."""
    return lambda rng: [check_record(mutate_record(rng.choice(bases), rng))]


def options_case(rng: random.Random) -> list[str]:
    """Hostile options on a random preset."""
    return [check_options(rng.choice(tuple(presets())), hostile_options(rng))]


def action_case(rng: random.Random) -> list[str]:
    """A short game of a random preset with hostile actions in between."""
    rules: Rules = make_rules(rng.choice(tuple(presets())))
    return fuzz_actions(Game(rules, seed=rng.randrange(10**6)), rng, steps=rng.randrange(1, 40))

