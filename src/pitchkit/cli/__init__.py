"""The ``pitch`` command line."""

from __future__ import annotations

from pitchkit.cli import arena, bench, play, rules_cmd, score, serve, stats, tournament
from pitchkit.cli.app import app

__all__ = ["app", "arena", "bench", "main", "play", "rules_cmd", "score", "serve", "stats", "tournament"]


def main() -> None:
    """Entry point of the ``pitch`` console script (also ``python -m pitchkit.cli``)."""
    app(prog_name="pitch")
