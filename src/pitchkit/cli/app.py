"""The ``pitch`` command's application object and shared helpers."""

from __future__ import annotations

import sys
from typing import NoReturn

import typer

app = typer.Typer(
    name="pitch",
    help="Pitch (Setback, Auction Pitch, Ten-Point, Seven-Point, Smudge): play, score, look up rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def fail(message: str) -> NoReturn:
    """Print one line to stderr and exit with status 2."""
    print(message, file=sys.stderr)
    raise typer.Exit(2)


def parse_option_pairs(pairs: list[str]) -> dict[str, object]:
    """``["target=15", "dealer-steal=same"]`` as a dict; a malformed pair exits with status 2."""
    out: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            fail(f"option {pair!r}: write NAME=VALUE, e.g. target=15")
        out[name.strip()] = value.strip()
    return out
