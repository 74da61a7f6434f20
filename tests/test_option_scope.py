"""An option changed where it takes no part in the rules is refused (docs/rules.md, "Options by
family"): each option's scope is a fact of the rules (how trump is made, how a hand scores),
declared beside its definition in ``rules.py``, and every way in checks it through
``Rules.with_options``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import tomllib
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pitchkit import make_rules
from pitchkit.cli import app
from pitchkit.engine.errors import InapplicableOptionError, RulesError
from pitchkit.engine.families import applies, families_table
from pitchkit.engine.presets import get_preset, presets
from pitchkit.engine.rules import OPTION_RANGES, OPTIONS, Rules, option_name
from pitchkit.tournament.event import new_event

NO_AUCTION = "min-bid does not apply to euchre: trump is made with the upcard, there is no auction"
SCOPED = sorted(n for n in OPTIONS.fields if OPTIONS.scope(n) is not None)


def _other_value(rules: Rules, name: str) -> object:
    """A value of option ``name`` (in JSON form) that differs from what ``rules`` has."""
    value = getattr(rules, name)
    if isinstance(value, bool):
        return not value
    if isinstance(value, StrEnum):
        return next(m.value for m in type(value) if m != value)
    if isinstance(value, int):
        lo, hi = OPTION_RANGES[name]
        return lo if value != lo else hi
    if isinstance(value, tuple):
        return ["high", "low"] if value != ("high", "low") else ["high"]
    return "other" if value != "other" else "another"


def test_an_auction_option_at_euchre_is_refused_naming_the_option_the_preset_and_why() -> None:
    with pytest.raises(InapplicableOptionError) as e:
        make_rules("euchre", {"min-bid": 3})
    assert str(e.value) == NO_AUCTION


def test_an_upcard_option_at_pitch_is_refused() -> None:
    for name in ("stick-dealer", "going-alone", "club-euchre"):
        with pytest.raises(InapplicableOptionError, match=rf"^{name} does not apply to pct: trump is made "
                                                          r"by an auction, there is no upcard$"):
            make_rules("pct", {name: "true"})


def test_a_trick_scoring_option_at_pitch_and_a_point_option_at_euchre_are_refused() -> None:
    with pytest.raises(InapplicableOptionError, match=r"^march-points does not apply to ten-point: a hand "
                                                      r"scores its points"):
        make_rules("ten-point", {"march-points": 3})
    with pytest.raises(InapplicableOptionError, match=r"^points does not apply to euchre-uk: a hand scores "
                                                      r"by the makers' tricks"):
        make_rules("euchre-uk", {"points": "high,low"})


def test_pitchs_two_jokers_at_euchre_are_refused_for_the_benny() -> None:
    with pytest.raises(InapplicableOptionError, match=r"^jokers does not apply to euchre: .*the Benny"):
        make_rules("euchre", {"jokers": 2})


def test_an_option_set_to_the_value_the_rules_have_is_accepted() -> None:
    assert make_rules("euchre", {"min-bid": 2, "dealer-steal": "none"}) == make_rules("euchre")
    assert make_rules("pct", {"going-alone": False, "made-points": 1}) == make_rules("pct")


def test_options_of_every_game_take_part_at_euchre() -> None:
    rules = make_rules("euchre", {"sets-to-lose": 3, "bidder-only-within": 2, "bidder-leads-trump": True,
                                  "target": 5})
    assert rules.sets_to_lose == 3 and rules.bidder_only_within == 2
    assert rules.bidder_leads_trump and rules.target == 5


def test_options_given_together_are_read_on_the_rules_they_make() -> None:
    rules = make_rules("auction-partners", {"score-by": "tricks", "going-out": "highest", "made-points": 2})
    assert rules.made_points == 2 and applies(rules, "made_points") and not applies(rules, "points")
    with pytest.raises(InapplicableOptionError, match=r"^made-points does not apply to auction-partners"):
        make_rules("auction-partners", {"made-points": 2})


def test_every_preset_sets_only_options_that_take_part_in_it() -> None:
    text = resources.files("pitchkit.engine").joinpath("presets.toml").read_text(encoding="utf-8")
    for name, table in tomllib.loads(text).items():
        rules = get_preset(name).rules
        for key in table.get("rules", {}):
            assert applies(rules, OPTIONS.field_name(key)), f"{name} sets {key}"


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(presets())), st.sampled_from(SCOPED))
def test_a_scoped_option_is_refused_exactly_where_it_takes_no_part(preset: str, name: str) -> None:
    base = get_preset(preset).rules
    change = {option_name(name): _other_value(base, name)}
    if applies(base, name):
        try:
            base.with_options(change)
        except InapplicableOptionError:  # pragma: no cover - the failure this test looks for
            pytest.fail(f"{name} takes part in {preset} but was refused")
        except RulesError:
            pass  # a combination the model refuses for other reasons
    else:
        refusal = rf"^{option_name(name)} does not apply to {preset}: "
        with pytest.raises(InapplicableOptionError, match=refusal):
            base.with_options(change)
    assert base == get_preset(preset).rules


def test_the_docs_table_lists_every_option_once() -> None:
    table = families_table()
    for name in OPTIONS.fields:
        if name not in OPTIONS.hidden:
            assert table.count(f"`{option_name(name)}`") == 1, name


# -- every way in ------------------------------------------------------------------------------------


def test_the_command_line_refuses_it_in_one_line() -> None:
    result = CliRunner().invoke(app, ["play", "-v", "euchre", "-o", "min-bid=3", "--all-bots", "--fast"])
    assert result.exit_code == 2
    assert result.output.strip() == NO_AUCTION


def test_a_hand_records_options_are_checked(tmp_path: Path) -> None:
    record = {"variant": "euchre", "options": {"dealer-steal": "same"}, "dealer": 0,
              "hands": [["9S", "TS", "JS", "QS", "KS"], ["9H", "TH", "JH", "QH", "KH"],
                        ["9D", "TD", "JD", "QD", "KD"], ["9C", "TC", "JC", "QC", "KC"]], "actions": []}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(app, ["score", str(path)])
    assert result.exit_code == 2
    assert "dealer-steal does not apply to euchre" in result.output and "Traceback" not in result.output


def test_the_tournament_desk_refuses_an_event_under_such_options() -> None:
    with pytest.raises(InapplicableOptionError, match=r"^going-alone does not apply to pct"):
        new_event("round-robin", preset="pct", options={"going-alone": True})


def test_the_environments_refuse_it() -> None:
    pytest.importorskip("gymnasium")
    from pitchkit.envs.core import env_rules

    with pytest.raises(InapplicableOptionError, match=r"^smudge-bids does not apply to euchre"):
        env_rules("euchre", None, {"smudge-bids": True})


def test_the_servers_table_creation_refuses_it_and_creates_nothing(tmp_path: Path) -> None:
    pytest.importorskip("sqlalchemy")
    from pitchkit.server.config import Settings
    from pitchkit.server.service import TableService

    async def go() -> tuple[str, int]:
        service = TableService(Settings(database_url=f"sqlite:///{tmp_path / 't.db'}", bot_processes=0,
                                        warm_up=False))
        await service.start()
        try:
            with pytest.raises(InapplicableOptionError) as e:
                await service.create(variant="euchre", players=4, options={"dealer-steal": "same"},
                                     seats=[{"bot": "heuristic"}] * 4, public=False)
            return str(e.value), len(service.live)
        finally:
            await service.close()

    message, live = asyncio.run(go())
    assert message.startswith("dealer-steal does not apply to euchre") and live == 0


def _fields(rules: Rules) -> dict[str, Any]:
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


def test_a_refused_change_leaves_the_rules_as_they_were() -> None:
    rules = make_rules("euchre-stick")
    before = _fields(rules)
    with pytest.raises(InapplicableOptionError):
        rules.with_options({"target": 5, "all-pass": "take-or-run"})
    assert _fields(rules) == before


def test_pitch_options_taking_part_at_euchre_are_told_in_euchres_words() -> None:
    from pitchkit.engine.rules_text import rules_sheet

    rules = make_rules("euchre", {"sets-to-lose": 3, "bidder-only-within": 2, "bidder-leads-trump": True})
    text = " ".join(" ".join(body) for _, body in rules_sheet(rules))
    assert "A team euchred three times in a row as the makers loses the game." in text
    assert "only the team that makes trump can go out, by making it." in text
    assert "The maker's first lead must be a trump if they hold one." in text
    assert "bidding" not in text and "its own bids" not in text
