"""Which bot gives hints (at the terminal table and the online tables): the strongest one that answers
within about a second; and the hint itself with its reason (:func:`hint_json`, from
:mod:`pitchkit.advice.advisor`), as the online tables send it.

The rule, from the figures in ``docs/benchmarks.md``: ``pimc`` when the compiled solver is in use
(``pitchkit[fast]``; about 0.01 s a card, and ahead of ``heuristic`` by 0.04 to 0.92 points a hand),
else ``heuristic`` (instant). Without the compiled solver ``pimc`` needs up to about 1.3 s for a
card, and ``ismcts`` (stronger only in cutthroat games) 0.2 to 1.2 s, so neither is chosen then.
``PITCHKIT_COMPILED_SOLVER=0`` switches the compiled solver, and with it the ``pimc`` hint, off.
"""

from __future__ import annotations

import random
import threading
from typing import Any

from pitchkit.advice.advisor import Advice, advisable, advise, reason
from pitchkit.advice.making_advice import followed_words, making_reason, making_words, odds_action
from pitchkit.bots import make_bot
from pitchkit.engine.actions import Action, Phase, Play
from pitchkit.engine.cards import Card, Suit
from pitchkit.engine.game import Game
from pitchkit.engine.presets import make_rules
from pitchkit.engine.record import action_json
from pitchkit.engine.view import View
from pitchkit.search.pimc import pick_best

#: the hint bot when the compiled solver is in use, and otherwise
FAST_HINT_BOT = "pimc"
PLAIN_HINT_BOT = "heuristic"


def compiled_solver() -> bool:
    """True when the search bots run on the compiled solver."""
    try:
        from pitchkit.search.compiled import enabled
    except ImportError:  # numba or numpy not installed
        return False
    return enabled()


def hint_bot_name() -> str:
    """The bot that gives hints (see the module documentation for the rule)."""
    name = FAST_HINT_BOT if compiled_solver() else PLAIN_HINT_BOT
    try:
        make_bot(name, seed=0)
    except Exception:  # a bot that cannot be made must not stop the table from opening
        return "random"
    return name


#: the reason of a hint given before the compiled solver is loaded, where it would have had one
WARMING_REASON = "no estimate yet: the solver is still loading"


def hint_json(name: str, view: View, seed: int, seconds: float | None = None,
              load: bool = True) -> dict[str, Any]:
    """Bot ``name``'s choice for the seat, with the reason (:mod:`pitchkit.advice.advisor`): ``bot``,
    ``action`` (a record action without its seat), ``reason`` (a sentence, or ``""``), and the
    estimates behind it, ``bids`` (``bid``, ``trump``, ``make``, ``expected``) or ``cards``
    (``play``, ``value``), best first; while trump is made with the upcard (Euchre), the reason is
    :func:`~pitchkit.advice.making_advice.making_reason`'s and ``making`` (``trump``, ``deals``,
    ``alone``, ``make``, ``march``) the odds of the call made or passed up. Where those odds say
    clearly otherwise than the bot (:func:`~pitchkit.advice.making_advice.odds_action`: the call's
    expected score, made, marched or euchred, more than two standard errors above passing's 0, or
    below it), the hint's ``action`` follows the odds, ``bot_action`` is the bot's, and the reason says
    what the call is worth on average. The advice takes at most ``seconds`` (no clock if None).

    With a clock, in a process whose compiled solver is not loaded yet (seconds of work, more
    than a hint may take), this hint is the plain hint bot's, marked ``"warming": true``, its
    reason :data:`WARMING_REASON` where it would have had an estimate; with ``load`` the solver
    is loaded in the background for the next hints (without, :func:`warm_up` is called by
    whoever runs this process, such as a server's bot pool)."""
    rng = random.Random(seed)
    bot_rng = random.Random(rng.getrandbits(63))
    warming = seconds is not None and name == FAST_HINT_BOT and not _warm.is_set()
    if warming:
        if load:
            _start_warming()
        name = PLAIN_HINT_BOT
        advice = Advice()
    else:
        advice = advise(view, rng, seconds=seconds)
    if name == "pimc" and advice.cards:
        # pimc plays the card with the best average over sampled deals: the advice's own samples
        action = pick_best(view, {Play(view.seat, Card.parse(c.card)): c.value for c in advice.cards})
    else:
        action = make_bot(name, rng=bot_rng).choose(view)
    entry = _entry(view, action)
    out: dict[str, Any] = {"bot": name, "action": entry, "reason": reason(action, advice)}
    if view.upcard is not None and view.phase == Phase.AUCTION:
        # making trump with the upcard (Euchre): the compiled solver only once it is loaded
        why, odds = making_reason(view, action, rng, seconds=seconds,
                                  compiled=seconds is None or _warm.is_set())
        better = odds_action(view, action, odds)
        if better is not None and odds is not None:
            # the odds quoted say clearly otherwise than the bot: the hint follows them
            why = f"{making_words(view, better, odds.suit, odds)}; {followed_words(view, odds, name, action)}"
            out["bot_action"], out["action"] = entry, _entry(view, better)
        out["reason"] = why
        if odds is not None:
            out["making"] = odds.json()
    if advice.bids:
        ranked = sorted(advice.bids, key=lambda b: -b.expected)
        out["bids"] = [{"bid": int(b.name) if b.name.isdigit() else b.name, "trump": str(Suit(b.suit)),
                        "make": round(b.make, 3), "expected": round(b.expected, 2)} for b in ranked]
    if advice.cards:
        out["cards"] = [{"play": c.card, "value": round(c.value, 2)} for c in advice.cards]
    if warming:
        out["warming"] = True
        if not out["reason"] and advisable(view):
            out["reason"] = WARMING_REASON
    return out


def _entry(view: View, action: Action) -> dict[str, Any]:
    """A record action without its seat."""
    entry = action_json(view.rules, action)
    entry.pop("seat", None)
    return entry


def hint_label(hint: dict[str, Any]) -> str:
    """Who a :func:`hint_json` hint comes from, for its heading: ``"heuristic bot"``, or ``"solved
    deals"`` where the hint follows the odds of its solved deals rather than the bot."""
    return "solved deals" if "bot_action" in hint else f"{hint['bot']} bot"


#: set once the compiled solver has been used in this process
_warm = threading.Event()
_warming = threading.Lock()


def warm_up() -> None:
    """Load the compiled solver now (two to three seconds the first time in a process, mostly
    numba loading its cached code)."""
    if compiled_solver():
        game = Game(make_rules("pct"), seed=0)
        seat = game.to_act
        assert seat is not None
        advise(game.view(seat), random.Random(0), samples=1, nodes=10_000)
    _warm.set()


def _start_warming() -> None:
    if _warming.acquire(blocking=False):  # once per process
        threading.Thread(target=warm_up, name="pitchkit-warm-up", daemon=True).start()
