"""Swiss pairing of a section (the decision for seed 003's sections: round robin by default, Swiss
for large sections): pairs inside score groups by matches won then point difference, no rematch, a
bye to the lowest-ranked team that has not had one, the same draw for the same seed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchkit.tournament import swiss, unl
from pitchkit.tournament.director import Desk
from pitchkit.tournament.event import DeskError, load, new_event
from pitchkit.tournament.simulate import entrant_rows, run_to_the_end
from pitchkit.tournament.standings import public, standings
from tests.test_tournament_desk import cli, event_dir, one_line_error


def test_swiss_pairs_inside_score_groups_by_matches_won_then_point_difference() -> None:
    """Ranked by matches won, then point difference: the top team meets the next best it has not met."""
    won = {1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0}
    difference = {1: 5, 2: 30, 3: -4, 4: 12, 5: 0, 6: -9}
    ranked = swiss.rank(list(won), won, difference, random.Random(1))
    assert ranked == [2, 1, 4, 3, 5, 6]
    pairs, bye = swiss.pair(ranked, met=set(), byes=set())
    assert pairs == [[2, 1], [4, 3], [5, 6]] and bye is None


def test_swiss_no_rematch_a_team_floats_to_the_next_group() -> None:
    """Two leaders who have met are not paired again: each meets the best of the next group."""
    pairs, _ = swiss.pair([1, 2, 3, 4], met={frozenset((1, 2))}, byes=set())
    assert pairs == [[1, 3], [2, 4]]


def test_swiss_no_rematch_backtracks_when_the_last_pair_has_met() -> None:
    """Pairing straight down would leave two teams that have met: the pairing goes back a step."""
    pairs, _ = swiss.pair([1, 2, 3, 4], met={frozenset((3, 4))}, byes=set())
    assert pairs == [[1, 3], [2, 4]]


def test_swiss_bye_to_the_lowest_ranked_team_that_has_not_had_one() -> None:
    pairs, bye = swiss.pair([1, 2, 3, 4, 5], met=set(), byes={5})
    assert bye == 4 and pairs == [[1, 2], [3, 5]]
    _, bye = swiss.pair([1, 2, 3], met=set(), byes={1, 2, 3})
    assert bye == 3


def test_swiss_refuses_a_round_that_needs_a_rematch() -> None:
    with pytest.raises(DeskError, match="rematch"):
        swiss.pair([1, 2], met={frozenset((1, 2))}, byes=set())


@settings(max_examples=25, deadline=None)
@given(teams=st.integers(2, 12), seed=st.integers(0, 10**6))
def test_swiss_rounds_up_to_the_most_never_rematch_and_seat_every_team(teams: int, seed: int) -> None:
    """Round after round with random results: each round seats every team once (one bye when odd),
    no pair twice, byes to teams without one while any is left."""
    rng = random.Random(seed)
    won = dict.fromkeys(range(teams), 0)
    diff = dict.fromkeys(range(teams), 0)
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for _ in range(swiss.default_rounds(teams)):
        ranked = swiss.rank(list(range(teams)), won, diff, rng)
        pairs, bye = swiss.pair(ranked, met, set(byes))
        seated = [t for p in pairs for t in p] + ([] if bye is None else [bye])
        assert sorted(seated) == list(range(teams))
        assert (bye is None) == (teams % 2 == 0)
        if bye is not None:
            assert bye not in byes or len(set(byes)) == teams
            byes.append(bye)
            won[bye] += 1
        for a, b in pairs:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
            winner, margin = (a, b)[rng.randrange(2)], rng.randrange(1, 30)
            won[winner] += 1
            diff[winner] += margin
            diff[b if winner == a else a] -= margin


@pytest.mark.slow
def test_unl_swiss_section_event_same_seed_same_draw_no_rematch(tmp_path: Path) -> None:
    """A UNL event of two sections of seven teams paired Swiss for three rounds: every section plays
    three rounds with one bye each, no pair meets twice, the standings count the bye as a match won,
    and the same seed gives the same event."""
    runs = []
    for out in ("a", "b"):
        desk = Desk.create(tmp_path / out, new_event("unl", seed=4, section_size=7, clock=9, pairing="swiss",
                                                     swiss_rounds=3))
        desk.add(entrant_rows(14, 2))
        run_to_the_end(desk, ["heuristic"])
        runs.append(standings(desk.event))
    a = public(runs[0])
    assert runs[0] == runs[1]
    event = desk.event
    assert event.pairing == "swiss"
    for name in ("A", "B"):
        pairs = [frozenset(t.entrants) for r in event.rounds for t in r.tables if t.section == name]
        assert len(pairs) == 3 * 3 and len(set(pairs)) == len(pairs)
        rows = a["sections"][name]
        assert sum(r["won"] for r in rows) == 3 * 3 + 3
        assert [(-r["won"], -r["difference"]) for r in rows] == sorted((-r["won"], -r["difference"])
                                                                      for r in rows)
    assert a["champion"] is not None


def test_swiss_from_the_command_line_and_bad_settings_in_one_line(tmp_path: Path) -> None:
    folder = event_dir(tmp_path, "unl", [f"A{i},B{i}" for i in range(6)], "--pairing", "swiss",
                       "--rounds", 2)
    seated = cli("seat", folder)
    assert seated.exit_code == 0 and seated.stdout.count("table ") == 3
    assert cli("play", folder).exit_code == 0
    assert "1 more round" in cli("advance", folder).stdout
    assert cli("seat", folder).exit_code == 0
    event = load(folder)
    pairs = [frozenset(t.entrants) for r in event.rounds for t in r.tables]
    assert len(set(pairs)) == len(pairs) == 6
    leaders = [e for e in range(6) if any(e in t.entrants and t.result and e in t.result.winners
                                          for t in event.rounds[0].tables)]
    second = [t.entrants for t in event.rounds[1].tables]
    assert any(set(p) <= set(leaders) for p in second)
    for args, expected in [(("--format", "darrtown", "--pairing", "swiss"), "Swiss"),
                           (("--format", "unl", "--pairing", "dutch"), "unknown pairing"),
                           (("--format", "unl", "--rounds", 3), "Swiss pairing only")]:
        assert expected in one_line_error(cli("create", tmp_path / "bad", *args))
    assert not (tmp_path / "bad" / "event.json").exists()


def test_swiss_rounds_never_exceed_a_round_robin() -> None:
    """The default rounds and the most a section can play without a rematch: its round robin's."""
    for teams in range(2, 12):
        assert swiss.most_rounds(teams) == len(unl.round_robin(list(range(teams))))
        assert 1 <= swiss.default_rounds(teams) <= swiss.most_rounds(teams)
