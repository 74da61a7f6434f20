"""``pitch score FILE|-``: verify a hand or game record and print its result as JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from pitchkit.cli.app import app, fail
from pitchkit.engine.errors import ECHO_LIMIT, PitchError, clip
from pitchkit.tournament.sheet import score_any


def read_json(source: str, what: str = "record") -> object:
    """Parse JSON from a file path or ``-`` (stdin); one-line error and exit 2 on failure, led by
    ``what`` the file was to hold and naming the file (``record: cannot read game.json: ...``)."""
    name = source_name(source)
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        fail(f"{what}: cannot read {name}: {getattr(e, 'strerror', None) or e}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        fail(f"{what}: {name} is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}")
    except RecursionError:
        fail(f"{what}: {name} is not valid JSON: nested too deeply")
    except ValueError:
        fail(f"{what}: a number in {name} has too many digits")


def source_name(source: str) -> str:
    """A file path or ``-`` as an error message names it: on one line, and when long, its end (the
    file's own name) kept."""
    if source == "-":
        return "standard input"
    return clip(source) if len(source) <= ECHO_LIMIT else "..." + clip(source[3 - ECHO_LIMIT:])


@app.command()
def score(
    source: str = typer.Argument(..., metavar="FILE|-", help="hand or game record (JSON); - for stdin"),
) -> None:
    """Replay a hand record (or a game record: a list of hands, or a tournament table's score sheet)
    and print the result as JSON.

    Exit status 2 with one line on stderr for any rule violation or malformed input."""
    doc = read_json(source)
    try:
        result = score_any(doc)
    except PitchError as e:
        fail(str(e))
    except RecursionError:
        fail("record: nested too deeply")
    print(json.dumps(result, indent=2))
