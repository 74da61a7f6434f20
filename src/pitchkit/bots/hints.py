"""Which bot gives hints (at the terminal table and the online tables): the strongest one that answers
within about a second.

The rule, from the figures in ``docs/benchmarks.md``: ``pimc`` when the compiled solver is in use
(``pitchkit[fast]``; about 0.01 s a card, and ahead of ``heuristic`` by 0.04 to 0.92 points a hand),
else ``heuristic`` (instant). Without the compiled solver ``pimc`` needs up to about 1.3 s for a
card, and ``ismcts`` (stronger only in cutthroat games) 0.2 to 1.2 s, so neither is chosen then.
``PITCHKIT_COMPILED_SOLVER=0`` switches the compiled solver, and with it the ``pimc`` hint, off.
"""

from __future__ import annotations

from pitchkit.bots import make_bot

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
