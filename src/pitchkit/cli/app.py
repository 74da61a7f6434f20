"""The ``pitch`` command's application object and shared helpers."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from typer.core import TyperCommand, TyperGroup, TyperOption

from pitchkit.engine.errors import quote


def _untyped_flags(params: list[Any]) -> list[Any]:
    """Show no value type (``<bool>``) for options that take no value."""
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
    return params


#: the commands in the order ``pitch --help`` lists them: a player's first, then the online tables
#: and the tournament desk, then the tools that measure bots and the engine; any other after them
COMMAND_ORDER = ("play", "replay", "stats", "rules", "serve", "verify-deal", "tournament", "score",
                 "arena", "simulate", "bench")


class PitchGroup(TyperGroup):
    """The ``pitch`` group: commands in :data:`COMMAND_ORDER`, help without value types for flags."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The group's parameters, flags shown without a value type."""
        return _untyped_flags(super().get_params(ctx))

    def list_commands(self, ctx: Any) -> list[str]:
        """The command names, in :data:`COMMAND_ORDER`."""
        names = super().list_commands(ctx)
        rank = {name: i for i, name in enumerate(COMMAND_ORDER)}
        return sorted(names, key=lambda name: rank.get(name, len(rank)))


class PitchCommand(TyperCommand):
    """A ``pitch`` command: help without value types for flags."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The command's parameters, flags shown without a value type."""
        return _untyped_flags(super().get_params(ctx))


class PitchTyper(typer.Typer):
    """A Typer whose commands are :class:`PitchCommand` unless told otherwise."""

    def command(self, name: str | None = None, **kwargs: Any) -> Callable[[Any], Any]:
        """Register a command (see :meth:`typer.Typer.command`)."""
        kwargs.setdefault("cls", PitchCommand)
        return super().command(name, **kwargs)


app = PitchTyper(
    name="pitch",
    cls=PitchGroup,
    help=("Pitch (Setback, Auction Pitch, Ten-Point, Seven-Point, Smudge) and Euchre: play, score, look up"
          " rules."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
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
            fail(f"option {quote(pair)}: write NAME=VALUE, e.g. target=15")
        out[name.strip()] = value.strip()
    return out


#: the ``--quiet`` option of the long-running commands
QUIET = typer.Option(False, "--quiet", "-q", help="no progress bar (there is none either when output is not "
                                                  "a terminal)")


def progress_bar(what: str, unit: str, *, quiet: bool) -> Progress:
    """A progress bar on stderr with the count done, the time taken and an estimate of the time left;
    silent with ``quiet`` or when stdout or stderr is not a terminal. Leaves nothing behind."""
    err = Console(stderr=True)
    shown = not quiet and err.is_terminal and sys.stdout.isatty()
    return Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(), TextColumn(unit),
                    TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                    console=err, transient=True, disable=not shown)
