"""The ``--ray [ADDRESS]`` option of ``pitch arena`` and ``pitch simulate``."""

from __future__ import annotations

from typing import Any

import typer

from pitchkit.bench.cluster import LOCAL
from pitchkit.cli.app import PitchCommand

RAY_OPTION = "--ray"

#: typer's option parser has no options with an optional value: :class:`RayCommand` gives a bare
#: ``--ray`` the value :data:`~pitchkit.bench.cluster.LOCAL` before parsing
RAY = typer.Option(None, RAY_OPTION, metavar="[ADDRESS]",
                   help="split the work over a Ray cluster: host:port, ray://host:port, auto, or "
                        "nothing to start a local one for the run (needs pitchkit[cluster]); the "
                        "figures are those of a single-process run with the same seed")


def with_ray_value(args: list[str]) -> list[str]:
    """``args`` with :data:`~pitchkit.bench.cluster.LOCAL` after each ``--ray`` that has no value (last,
    or followed by another option)."""
    out: list[str] = []
    for i, arg in enumerate(args):
        out.append(arg)
        if arg == RAY_OPTION and (i + 1 == len(args) or args[i + 1].startswith("-")):
            out.append(LOCAL)
    return out


class RayCommand(PitchCommand):
    """A command with the ``--ray [ADDRESS]`` option."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse the arguments, a bare ``--ray`` meaning a local Ray instance."""
        parsed: list[str] = super().parse_args(ctx, with_ray_value(args))
        return parsed
