"""The hint's figures at the terminal table: the choices it compared, a line each, best first, the
one it recommends marked (:func:`choice_lines`, from the hint's JSON,
:func:`pitchkit.advice.hints.hint_json`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pitchkit.engine.actions import Action
from pitchkit.engine.cards import Suit
from pitchkit.engine.errors import PitchError
from pitchkit.engine.record import parse_action
from pitchkit.engine.view import View
from pitchkit.tui.narrate import CardFormat, SuitFormat, instruction, plain_suit

#: choices listed at most (passing, and the one recommended, are always among them)
SHOWN = 5
#: the mark of the choice the hint recommends
MARK = "\u25b6"


def signed(x: float) -> str:
    """``"+1.2"``, ``"\u22120.4"``, ``"0.0"``."""
    return f"{round(x, 1) + 0.0:+.1f}".replace("-", "\u2212").replace("+0.0", "0.0")


def choice_lines(hint: dict[str, Any], view: View, names: Sequence[str], *, fmt: CardFormat = str,
                 fmt_suit: SuitFormat = plain_suit) -> list[str]:
    """The choices ``hint`` compared, as lines (markup where ``fmt`` and ``fmt_suit`` give it): a
    heading that says what the figures are, then up to :data:`SHOWN` choices best first, the
    recommended one marked; a bid with its trump, its chance of being made and its expected score
    change (passing 0), a trump suit the same, a card with its average value. Nothing when the hint
    has no figures."""
    rows = hint.get("choices") or []
    if not rows:
        return []
    chosen = hint.get("action")
    keep = [r for i, r in enumerate(rows)
            if i < SHOWN or r["action"] == chosen or r["action"].get("bid") == "pass"]
    lines = [f"  [dim]{line}[/]" for line in _heading(hint, rows)]
    for row in keep:
        mark = MARK if row["action"] == chosen else " "
        lines.append(f"  {mark} {_row(row, view, names, fmt, fmt_suit)}")
    if len(keep) < len(rows):
        lines.append(f"    [dim]and {len(rows) - len(keep)} more, worth less[/]")
    return lines


def _heading(hint: dict[str, Any], rows: Sequence[dict[str, Any]]) -> list[str]:
    """What the figures are: ``"Expected score change over 32 deals solved with every card seen
    (pass 0):"``, and a line more where the plain solver found them."""
    making = hint.get("making")
    deals = making["deals"] if making else hint.get("deals")
    over = f" over {deals} deals solved with every card seen" if deals else ""
    if "play" in rows[0]["action"]:
        lines = [f"Each card's average margin{over}:"]
    else:
        lines = [f"Expected score change{over} (pass 0):"]
    if hint.get("solver") == "plain":
        lines.append("(the plain solver: numba is not installed, or is switched off)")
    return lines


def _row(row: dict[str, Any], view: View, names: Sequence[str], fmt: CardFormat,
         fmt_suit: SuitFormat) -> str:
    entry = row["action"]
    words = _words(entry, view, names, fmt, fmt_suit)
    if "trump" in row and "trump" not in entry:
        words += f" in {fmt_suit(Suit[row['trump']])}"
    parts = []
    if "make" in row:
        parts.append(f"makes {row['make']:.0%}")
    if "march" in row:
        parts.append(f"marches {row['march']:.0%}")
    parts.append(signed(row["value"]))
    return f"{words}: {', '.join(parts)}"


def _words(entry: dict[str, Any], view: View, names: Sequence[str], fmt: CardFormat,
           fmt_suit: SuitFormat) -> str:
    action: Action
    try:
        action = parse_action(view.rules, {"seat": view.seat, **entry})[0]
    except (PitchError, ValueError, KeyError):
        return str(entry)
    return instruction(action, view, names, fmt=fmt, fmt_suit=fmt_suit)
