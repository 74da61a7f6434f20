"""The hint (at the terminal table and the online tables): one judgement, from the strongest
estimate that answers within about a second. Where the advice (:mod:`pitchkit.advice.advisor`,
:mod:`pitchkit.advice.making_advice`) has figures, the hint recommends the choice they rate best and
lists those it compared, passing among them at 0 (:func:`hint_json`); where it has none, the hint is
the hint bot's choice and says so.

The hint bot, from the figures in ``docs/benchmarks.md``: ``pimc`` when the compiled solver is in use
(about 0.01 s a card, and ahead of ``heuristic`` by 0.04 to 0.92 points a hand), else ``heuristic``
(instant). Without the compiled solver ``pimc`` needs up to about 1.3 s for a card, and ``ismcts``
(stronger only in cutthroat games) 0.2 to 1.2 s, so neither is chosen then.
``PITCHKIT_COMPILED_SOLVER=0`` switches the compiled solver, and with it the ``pimc`` hint, off.

numba is a default dependency where it has wheels; without it the figures come from the plain
solver (fewer deals in the time) and the hint says so (its ``solver``). Loading the compiled solver
takes a second or two in a new process (numba reading its cache; right after an install it compiles
it once): :func:`start_warming` does it in the background, and the hints meanwhile say so.
"""

from __future__ import annotations

import importlib.util
import os
import random
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pitchkit.advice.advisor import Advice, advisable, advise, not_bidding, reason
from pitchkit.advice.making_advice import (
    call_worth,
    followed_words,
    judged,
    making_reason,
    making_words,
    odds_action,
)
from pitchkit.bots import make_bot
from pitchkit.engine.actions import (
    Action,
    Bid,
    Choice,
    Choose,
    DeclareTrump,
    Discard,
    PassCards,
    Phase,
    Play,
)
from pitchkit.engine.cards import Card, Suit, card_label, suit_label
from pitchkit.engine.game import Game
from pitchkit.engine.presets import make_rules
from pitchkit.engine.record import action_json
from pitchkit.engine.view import View
from pitchkit.search.contract import MAX_SIMULATED_CARDS
from pitchkit.search.pimc import MAX_SOLVED_CARDS, TIE, pick_best

#: the hint bot when the compiled solver is in use, and otherwise
FAST_HINT_BOT = "pimc"
PLAIN_HINT_BOT = "heuristic"


#: the switch of the compiled solver (:data:`pitchkit.search.compiled.ENV_SWITCH`, read here without
#: importing numba)
SOLVER_SWITCH = "PITCHKIT_COMPILED_SOLVER"


def compiled_solver() -> bool:
    """True when the search bots run on the compiled solver (this imports numba)."""
    try:
        from pitchkit.search.compiled import enabled
    except ImportError:  # numba or numpy not installed
        return False
    return enabled()


def compiled_solver_installed() -> bool:
    """What :func:`compiled_solver` should answer, read from what is installed and the switches
    (``PITCHKIT_COMPILED_SOLVER``, ``NUMBA_DISABLE_JIT``) without importing numba, which takes
    about half a second."""
    if os.environ.get(SOLVER_SWITCH, "1") == "0" or os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
        return False
    return all(importlib.util.find_spec(m) is not None for m in ("numba", "numpy"))


def hint_bot_name(*, load: bool = True) -> str:
    """The bot that gives hints (see the module documentation for the rule). Without ``load``, and
    while numba is not imported yet, whether the compiled solver is in use is read from what is
    installed (:func:`compiled_solver_installed`): for a table that opens at once and loads the
    solver in the background (:func:`start_warming`)."""
    fast = compiled_solver() if load or "numba" in sys.modules else compiled_solver_installed()
    name = FAST_HINT_BOT if fast else PLAIN_HINT_BOT
    try:
        make_bot(name, seed=0)
    except Exception:  # a bot that cannot be made must not stop the table from opening
        return "random"
    return name


#: the reason of a hint given before the compiled solver is loaded, where it would have had one
WARMING_REASON = "no estimate yet: the solver is still loading"


def hint_json(name: str, view: View, seed: int, seconds: float | None = None,
              load: bool = True) -> dict[str, Any]:
    """The hint for the seat's turn, as the online tables send it: ``bot`` (the hint bot ``name``),
    ``action`` (a record action without its seat), ``reason`` (a sentence) and the figures behind it.

    **One judgement.** Where the advice (:mod:`pitchkit.advice.advisor`) has figures, the hint's
    action is the best-valued of the choices they compare, listed in ``choices`` best first
    (``action``, ``value``, and per kind ``make``, ``trump``, ``march``): each legal bid by its
    expected score change against passing's 0 (passing, or running it, selling the bid or claiming
    a misdeal, is a row worth 0), each suit the pitcher may name by the bid's expected score change
    in it, each card by its average value. Of equal values, a pass goes before a bid, then the bot's
    choice, then the card that gives away least. Where the hint bot would do otherwise,
    ``bot_action`` is the bot's own and the reason says so. The figures are also kept as before:
    ``bids`` (``bid``, ``trump``, ``make``, ``expected``), ``trumps`` (``trump``, ``make``,
    ``expected``) or ``cards`` (``play``, ``value``), best first, with ``deals`` (how many were
    solved) and ``solver`` (``"compiled"``, or ``"plain"`` without numba).

    While trump is made with the upcard (Euchre), the reason is
    :func:`~pitchkit.advice.making_advice.making_reason`'s and ``making`` (``trump``, ``deals``,
    ``alone``, ``make``, ``march``, ``expected``) the odds of the call made or passed up; the call is
    worth its expected score (:func:`~pitchkit.advice.making_advice.odds_action`), passing 0.

    Where there are no figures (discards, the partner exchange, going alone, the lead that names
    trump, hands too long to solve), the hint is the bot's choice and the reason says so. The advice
    takes at most ``seconds`` (no clock if None).

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
            start_warming()
        name = PLAIN_HINT_BOT
        advice = Advice()
    else:
        advice = advise(view, rng, seconds=seconds)
    bot = _bot_choice(name, view, advice, bot_rng)
    out: dict[str, Any] = {"bot": name}
    if view.upcard is not None and view.phase == Phase.AUCTION:
        # making trump with the upcard (Euchre): the compiled solver only once it is loaded
        out.update(_making_hint(name, view, bot, rng, seconds, compiled=seconds is None or _warm.is_set()))
    else:
        rows = compared(view, advice, bot)
        action = best_choice(view, rows, bot)
        out["action"] = _entry(view, action)
        if rows:
            out["reason"] = reason(action, advice) + _overruled(name, view, action, bot)
            out["choices"] = _choices_json(view, rows, action)
        elif warming and advisable(view):
            out["reason"] = WARMING_REASON
        else:
            out["reason"] = bot_words(name, view, advice)
        if action != bot:
            out["bot_action"] = _entry(view, bot)
    if advice.bids:
        ranked = sorted(advice.bids, key=lambda b: -b.expected)
        out["bids"] = [{"bid": int(b.name) if b.name.isdigit() else b.name, "trump": str(Suit(b.suit)),
                        "make": round(b.make, 3), "expected": round(b.expected, 2)} for b in ranked]
    if advice.trumps:
        out["trumps"] = [{"trump": str(Suit(t.suit)), "make": round(t.make, 3),
                          "expected": round(t.expected, 2)} for t in advice.trumps]
    if advice.cards:
        out["cards"] = [{"play": c.card, "value": round(c.value, 2)} for c in advice.cards]
    if advice.samples:
        out["deals"] = advice.samples
        out["solver"] = "compiled" if compiled_solver() else "plain"
    if warming:
        out["warming"] = True
    return out


@dataclass(frozen=True, slots=True)
class Compared:
    """One choice the hint compared: the action, the figure it is judged by (an expected score
    change, a card's average value), and what else the hint shows of it (``make``, ``trump``, ...)."""

    action: Action
    value: float
    shown: tuple[tuple[str, Any], ...] = ()


def compared(view: View, advice: Advice, bot: Action) -> list[Compared]:
    """The choices the advice has figures for, with what each is worth (empty without figures): in
    the auction every legal bid and, worth 0, not bidding (the bot's way of not bidding if it has
    one, else a pass, where one is legal); when naming trump every legal suit; in the play every legal
    card."""
    seat, legal = view.seat, view.legal
    rows: list[Compared] = []
    if advice.bids:
        for b in advice.bids:
            action = Bid(seat, b.bid)
            if action in legal:
                rows.append(Compared(action, b.expected, (("make", round(b.make, 3)),
                                                          ("trump", str(Suit(b.suit))))))
        stay = [a for a in legal if not_bidding(a)]
        if rows and stay:
            passing = next((a for a in stay if isinstance(a, Bid)), stay[0])
            rows.append(Compared(bot if bot in stay else passing, 0.0))
    elif advice.trumps:
        named = {int(a.suit): a for a in legal if isinstance(a, DeclareTrump)}
        rows = [Compared(named[t.suit], t.expected, (("make", round(t.make, 3)),))
                for t in advice.trumps if t.suit in named]
    elif advice.cards:
        plays = {str(a.card): a for a in legal if isinstance(a, Play)}
        rows = [Compared(plays[c.card], c.value) for c in advice.cards if c.card in plays]
    return rows


def best_choice(view: View, rows: Sequence[Compared], bot: Action) -> Action:
    """The best-valued of ``rows`` (``bot`` when there are none). Of equal values: not bidding (a bid
    must be worth more than passing), then ``bot``, then the card that gives away least
    (:func:`~pitchkit.search.pimc.pick_best`)."""
    if not rows:
        return bot
    top = max(r.value for r in rows)
    tied = [r.action for r in rows if r.value >= top - TIE]
    for action in tied:
        if not_bidding(action):
            return action
    if bot in tied:
        return bot
    return pick_best(view, {a: top for a in tied})


def _choices_json(view: View, rows: Sequence[Compared], chosen: Action) -> list[dict[str, Any]]:
    """``rows`` as the hint's ``choices``: best first, the chosen one first of its value."""
    ranked = sorted(rows, key=lambda r: (-round(r.value, 2), r.action != chosen))
    return [{"action": _entry(view, r.action), "value": round(r.value, 2) + 0.0, **dict(r.shown)}
            for r in ranked]


def _bot_choice(name: str, view: View, advice: Advice, rng: random.Random) -> Action:
    """What the hint bot ``name`` would do: ``pimc`` plays the card with the best average over
    sampled deals, the advice's own samples where it has them."""
    if name == "pimc" and advice.cards:
        return pick_best(view, {Play(view.seat, Card.parse(c.card)): c.value for c in advice.cards})
    return make_bot(name, rng=rng).choose(view)


def doing(view: View, action: Action) -> str:
    """An action as something to do: ``"pass"``, ``"bid 5"``, ``"play K♠"``, ``"name ♥ hearts
    trump"``, ``"run it"``."""
    if isinstance(action, Bid):
        return "pass" if action.amount is None else f"bid {view.rules.bid_name(action.amount)}"
    if isinstance(action, Play):
        return f"play {card_label(action.card)}"
    if isinstance(action, DeclareTrump):
        return f"name {suit_label(action.suit)} trump"
    if isinstance(action, Choose):
        return _CHOOSING.get(action.option, action.option.value)
    if isinstance(action, Discard):
        return "discard"
    return "pass cards" if isinstance(action, PassCards) else "act"


_CHOOSING = {Choice.RUN: "run it", Choice.SELL: "sell the bid", Choice.MISDEAL: "claim a misdeal",
             Choice.ALONE: "go alone", Choice.PARTNER: "play with the partner"}


def _overruled(name: str, view: View, action: Action, bot: Action) -> str:
    """``", where the heuristic bot would pass"`` when the bot would not do ``action``."""
    return "" if action == bot else f", where the {name} bot would {doing(view, bot)}"


def bot_words(name: str, view: View, advice: Advice) -> str:
    """The reason of a hint without figures: whose choice it is and why there are none."""
    return f"the {name} bot's choice: {unestimated(view, advice)}"


def unestimated(view: View, advice: Advice) -> str:
    """Why the seat's turn has no figures, in words."""
    legal = view.legal
    if len(legal) == 1:
        return "the only legal choice"
    if view.discard_options is not None:
        return "discards are not estimated"
    if view.phase == Phase.EXCHANGE:
        return "the card passed to a partner is not estimated"
    if any(isinstance(a, Choose) and a.option in (Choice.ALONE, Choice.PARTNER) for a in legal):
        return "going alone is not estimated"
    if view.phase == Phase.TRUMP and view.trick:
        return "the suit a jack or joker lead names is not estimated"
    if view.phase == Phase.PLAY and view.trump is None:
        return ("the lead that names trump is not estimated (solved with every card seen, it favours "
                "leads that only work when the pitcher knows where the trumps are)")
    if advisable(view):
        if max(len(view.hand), view.rules.draw_to or 0) > MAX_SIMULATED_CARDS or \
                max(view.hand_sizes) > MAX_SOLVED_CARDS:
            return "hands this long are too long to solve in time"
        return "no deal could be solved in time"
    return "this choice is not estimated"


def _making_hint(name: str, view: View, bot: Action, rng: random.Random, seconds: float | None, *,
                 compiled: bool) -> dict[str, Any]:
    """The hint's ``action``, ``reason`` and figures while trump is made with the upcard (see
    :func:`hint_json`)."""
    why, odds = making_reason(view, bot, rng, seconds=seconds, compiled=compiled)
    out: dict[str, Any] = {"action": _entry(view, bot)}
    if odds is not None:
        out["making"] = odds.json(view)
        out["solver"] = "compiled" if compiled and compiled_solver() else "plain"
    if odds is not None and not judged(odds):
        out["reason"] = f"{why}; too few deals solved to decide by: the {name} bot's choice"
        return out
    if odds is None:
        # the holding for going alone, or the heuristic bot's estimate where no deal was solved
        whose = "" if why and type(bot) is not Choose else bot_words(name, view, Advice())
        out["reason"] = _joined(why, whose)
        return out
    better = odds_action(view, bot, odds)
    action = bot if better is None else better
    if better is not None:
        why = f"{making_words(view, better, odds.suit, odds)}; {followed_words(view, odds, name, bot)}"
        out["bot_action"], out["action"] = out["action"], _entry(view, better)
    out["reason"] = why
    call, stay = DeclareTrump(view.seat, Suit(odds.suit)), Bid(view.seat, None)
    rows = [Compared(call, call_worth(view, odds),
                     (("make", round(odds.made / odds.solved, 3)),
                      ("march", round(odds.marched / odds.solved, 3)), ("alone", odds.alone)))]
    if stay in view.legal:
        rows.append(Compared(stay, 0.0))
    out["choices"] = _choices_json(view, rows, action)
    return out


def _joined(*parts: str) -> str:
    return "; ".join(p for p in parts if p)


def _entry(view: View, action: Action) -> dict[str, Any]:
    """A record action without its seat."""
    entry = action_json(view.rules, action)
    entry.pop("seat", None)
    return entry


def hint_label(hint: dict[str, Any]) -> str:
    """Who a :func:`hint_json` hint comes from, for its heading: ``"heuristic bot"``, or ``"solved
    deals"`` where the hint follows its figures rather than the bot's own choice."""
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


def start_warming() -> None:
    """Load the compiled solver (:func:`warm_up`) on a background thread, once per process; the
    hints given meanwhile say that their figures are still loading (:data:`WARMING_REASON`)."""
    if _warming.acquire(blocking=False):  # once per process
        threading.Thread(target=warm_up, name="pitchkit-warm-up", daemon=True).start()


def wait_warm(timeout: float | None = None) -> bool:
    """Start loading the compiled solver if nothing has, and wait for it (at most ``timeout``
    seconds); True once it is loaded (or there is none to load)."""
    start_warming()
    return _warm.wait(timeout)
