"""Which options take part in which rules: each option's scope
(:data:`pitchkit.engine.rules.SCOPES`), a fact of how trump is made or how a hand scores, declared
beside the option in :class:`~pitchkit.engine.rules.Rules`.

Pitch makes trump by an auction and scores a hand's points; Euchre makes it with the upcard and
scores the makers' tricks. ``pitch rules PRESET --table`` lists the options that take part in its
rules, changing one that does not is refused, and docs/rules.md's table is generated from here.
"""

from __future__ import annotations

from pitchkit.engine.rules import OPTIONS, SCOPES, Rules, ScoreBy, option_name

#: what each family is called in words
FAMILY_NAMES = {ScoreBy.POINTS: "Pitch (hands scored by points)",
                ScoreBy.TRICKS: "Euchre (hands scored by the makers' tricks)"}


def applies(rules: Rules, name: str) -> bool:
    """Whether the option (field ``name``) takes part in ``rules``."""
    return OPTIONS.applies(rules, name)


def families_table() -> str:
    """The table of the options by scope as Markdown (docs/rules.md is generated from it)."""
    fields = [n for n in OPTIONS.fields if n not in OPTIONS.hidden]
    lines = ["| options | take part where | refused elsewhere because |", "|---|---|---|"]
    for scope in SCOPES:
        names = ", ".join(f"`{option_name(n)}`" for n in fields if OPTIONS.scope(n) is scope)
        lines.append(f"| {names} | {scope.where} | {scope.absent} |")
    every = ", ".join(f"`{option_name(n)}`" for n in fields if OPTIONS.scope(n) is None)
    lines.append(f"| {every} | every game | |")
    return "\n".join(lines) + "\n"
