"""The rules model: presets as data, aliases, options by name, validation of combinations."""

from __future__ import annotations

import dataclasses

import pytest

from pitchkit import (
    Rules,
    RulesError,
    UnknownOptionError,
    UnknownPresetError,
    get_preset,
    make_rules,
    presets,
)
from pitchkit.engine.rules import (
    OPTION_FIELDS,
    AllPass,
    Credit,
    DealerSteal,
    GoingOut,
    coerce_option,
    option_json,
    option_name,
)

PRESETS = ["pct", "pct-tournament", "smudge", "auction", "auction-partners", "ten-point", "seven-point",
           "euchre", "euchre-stick", "euchre-uk"]


def test_every_brief_system_is_a_preset() -> None:
    assert list(presets()) == PRESETS


@pytest.mark.parametrize("alias,name", [("setback", "auction"), ("TEN", "ten-point"),
                                        ("darrtown", "pct-tournament"), ("seven", "seven-point"),
                                        ("five-point", "smudge")])
def test_aliases_find_presets(alias: str, name: str) -> None:
    assert get_preset(alias).name == name


def test_unknown_preset_is_a_clear_error() -> None:
    with pytest.raises(UnknownPresetError, match="presets are: pct"):
        get_preset("bridge")


def test_rules_are_frozen() -> None:
    rules = make_rules("pct")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 15  # type: ignore[misc]


def test_options_override_by_public_name_and_coerce_text() -> None:
    rules = make_rules("pct", {"target": "15", "dealer-steal": "one-more", "single_trump_low": "no"})
    assert rules.target == 15
    assert rules.dealer_steal is DealerSteal.ONE_MORE
    assert rules.single_trump_low is False
    assert make_rules("pct").target == 11, "the preset itself is unchanged"


def test_optional_option_accepts_none() -> None:
    rules = make_rules("pct", {"target": "none", "deals-per-player": 3})
    assert rules.target is None and rules.deals_per_player == 3


def test_unknown_option_names_a_close_one() -> None:
    with pytest.raises(UnknownOptionError, match="unknown option 'trumps'; did you mean trump-by"):
        make_rules("pct", {"trumps": 3})


@pytest.mark.parametrize("options,message", [
    ({"target": "eleven"}, "expected a whole number"),
    ({"dealer-steal": "always"}, "expected one of none, same, one-more"),
    ({"off-jack": "maybe"}, "expected true or false"),
    ({"players": 7}, "for 2-6 players"),
    ({"players": 5, "teams": 2}, "equal teams"),
    ({"points": "high,low,jack,game,bogus"}, "unknown point categories"),
    ({"target": "none"}, "needs a target or deals-per-player"),
    ({"hand-size": 14}, "need more than 52 cards"),
    ({"points": "high,low,game,smudge"}, "smudge point needs high, low and jack"),
])
def test_invalid_combinations_are_rejected(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        make_rules("pct", options)


def test_run_it_capped_by_the_deck() -> None:
    """Seed 000 rule 18: three more cards each, two with six players (the deck's limit)."""
    rules = make_rules("pct")
    assert rules.run_extra(4) == 3
    assert rules.run_extra(5) == 3
    assert rules.run_extra(6) == 2


def test_presets_carry_their_seed_decisions() -> None:
    pct, tour = make_rules("pct"), make_rules("pct-tournament")
    assert pct.all_pass is AllPass.TAKE_OR_RUN and pct.dealer_steal is DealerSteal.NONE
    assert tour.dealer_steal is DealerSteal.ONE_MORE and tour.deals_per_player == 2 and tour.target is None
    assert make_rules("smudge").going_out is GoingOut.SCORING_ORDER
    assert make_rules("auction").going_out is GoingOut.PITCHER
    seven = make_rules("seven-point")
    assert seven.low_credit is Credit.PLAYER and seven.high_credit is Credit.CAPTURER
    ten = make_rules("ten-point")
    assert (ten.bidder_only_within, ten.sets_to_lose, ten.target) == (10, 3, 52)


def test_every_preset_rule_has_a_source_or_is_the_model_default() -> None:
    defaults = Rules()
    for preset in presets().values():
        for f in dataclasses.fields(Rules):
            if f.name in ("preset", "min_players", "max_players", "deal_packet"):
                continue
            if getattr(preset.rules, f.name) != getattr(defaults, f.name) and f.name != "players":
                assert preset.source(f.name) != "model default", f"{preset.name}.{f.name} has no source"


def test_bid_names_and_parsing() -> None:
    ten = make_rules("ten-point")
    assert ten.parse_bid("smudge") == ten.smudge == 11
    assert ten.parse_bid("over-smudge") == ten.over_smudge == 12
    assert ten.bid_name(12) == "over-smudge"
    smudge = make_rules("smudge")
    assert smudge.parse_bid("smudge") == 5 and smudge.parse_bid("pass") is None
    with pytest.raises(RulesError, match="not a bid"):
        smudge.parse_bid("lots")


def test_options_diff_names_what_changed() -> None:
    rules = make_rules("pct", {"target": 15})
    assert rules.options_diff(get_preset("pct").rules) == {"target": 15}


@pytest.mark.parametrize("name", PRESETS)
def test_every_option_value_reads_back_from_its_json_form(name: str) -> None:
    rules = make_rules(name)
    for field in OPTION_FIELDS:
        value = getattr(rules, field)
        assert coerce_option(field, option_json(value)) == value, option_name(field)
    assert rules.with_options({option_name(f): option_json(getattr(rules, f)) for f in OPTION_FIELDS
                               if f != "preset"}) == rules
