"""Display names: what a player, a spectator or a tournament entrant is called at a table.

A name's runs of white space are made single and its ends trimmed; a name that is then empty,
longer than :data:`NAME_LIMIT` or holds a character that is not printable is refused, never cut.
"""

from __future__ import annotations

from pitchkit.engine.errors import quote

__all__ = ["NAME_LIMIT", "clean_name", "name_refusal"]

#: the longest display name a table keeps
NAME_LIMIT = 24


def clean_name(name: str) -> str:
    """``name`` with each run of white space made one space and its ends trimmed."""
    return " ".join(name.split())


def name_refusal(clean: str, limit: int = NAME_LIMIT) -> str | None:
    """Why the cleaned name ``clean`` is refused (one line), or ``None`` when it is a fit name."""
    if not clean:
        return f"a display name of 1 to {limit} printable characters is needed"
    if len(clean) > limit:
        return f"the name {quote(clean)} is {len(clean)} characters long; a name has at most {limit}"
    if not clean.isprintable():
        return f"a name is 1 to {limit} printable characters; {quote(clean)} holds one that is not"
    return None
