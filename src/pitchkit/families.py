"""Which options apply to which family of rules: hands scored by their points (Pitch) or by the
makers' tricks (Euchre).

The one table of it: ``pitch rules PRESET --table`` lists the options of its rules' family, and
docs/rules.md is generated from the same table. An option in neither list applies to both families.
"""

from __future__ import annotations

from pitchkit.rules import OPTION_FIELDS, Rules, ScoreBy, option_name

#: the options that apply only where hands are scored by their points: Pitch's auction and dealer's
#: choices, jokers, the draw and the partner exchange, the point cards and who is credited, and the
#: endings that follow the bidder
POINTS_ONLY = frozenset({
    "dynamic_teams", "jokers", "equal_jokers",
    "min_bid", "max_bid", "max_bid_name", "smudge_bids", "smudge_value", "smudge_hole_to_zero",
    "pitch_ends_auction", "dealer_steal", "all_pass", "dealer_min_bid", "stuck_dealer_bid",
    "run_extra_cards", "misdeal_no_face",
    "draw_to", "bidder_takes_stock", "bidder_leads_trump", "partner_pass", "bury_misdeal_dealer",
    "points", "high_credit", "low_credit", "jack_credit", "single_trump_low",
    "pitcher_must_make", "bidder_only_within", "sets_to_lose",
})

#: the options that apply only where hands are scored by the makers' tricks: the Benny, making trump
#: with the upcard, going and defending alone, and what each count of tricks scores
TRICKS_ONLY = frozenset({
    "benny",
    "stick_dealer", "keep_upcard", "going_alone", "canadian", "club_euchre", "throw_in",
    "throw_in_no_trump", "farmers_hand", "partners_best",
    "made_points", "march_points", "alone_march_points", "euchre_points", "super_euchre_points",
    "defend_alone_points", "blind_loner_points",
})

_ONLY = {ScoreBy.POINTS: POINTS_ONLY, ScoreBy.TRICKS: TRICKS_ONLY}

#: what each family is called in words
FAMILY_NAMES = {ScoreBy.POINTS: "Pitch (hands scored by points)",
                ScoreBy.TRICKS: "Euchre (hands scored by the makers' tricks)"}


def applies(rules: Rules, name: str) -> bool:
    """Whether the option (field ``name``) takes part in the rules' family."""
    return not any(name in only for family, only in _ONLY.items() if family != rules.score_by)


def family_options(score_by: ScoreBy) -> tuple[str, ...]:
    """The options (public names, in the model's order) of one family only."""
    return tuple(option_name(n) for n in OPTION_FIELDS if n in _ONLY[score_by])


def families_table() -> str:
    """The table of the families as Markdown (docs/rules.md is generated from it)."""
    both = tuple(option_name(n) for n in OPTION_FIELDS if n != "preset" and not any(
        n in only for only in _ONLY.values()))
    rows = [(f"{FAMILY_NAMES[f]} only", family_options(f)) for f in _ONLY] + [("both", both)]
    lines = ["| family | options |", "|---|---|"]
    lines += [f"| {name} | {', '.join(f'`{o}`' for o in options)} |" for name, options in rows]
    return "\n".join(lines) + "\n"
