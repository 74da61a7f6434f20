"""Tournament formats from the seeds: the Darrtown Go-Rounds (seed 000, tournament column) and the UNL
Ten-Point partner tournament (seed 003), played by bots."""

from __future__ import annotations

import csv
import json
import random
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.engine.presets import make_rules
from pitchkit.engine.record import score_document
from pitchkit.tournament import darrtown, unl
from pitchkit.tournament.director import Desk
from pitchkit.tournament.event import Event, new_event
from pitchkit.tournament.simulate import entrant_rows, run_to_the_end, simulate
from pitchkit.tournament.standings import elimination_rows, section_rows
from pitchkit.tournament.tables import play_table


def test_darrtown_rule2_tables_of_two_to_four_as_even_as_possible() -> None:
    """Seed 000 tournament rule 2: two to four players a table; the field is seated so that tables
    differ by one player at most, in as few tables as hold it."""
    for n in range(2, 70):
        sizes = darrtown.table_sizes(n)
        assert sum(sizes) == n and all(2 <= s <= 4 for s in sizes)
        assert max(sizes) - min(sizes) <= 1 and len(sizes) == -(-n // 4)


def test_darrtown_rule1_each_game_lasts_until_every_player_dealt_twice() -> None:
    """Seed 000 tournament rules 1 and 5: a game ends when every player has dealt twice (tied leaders
    then play on alone): every seat deals twice in the first hands of the record."""
    rng = random.Random(3)
    for players in (2, 3, 4):
        played = play_table(make_rules("pct-tournament", players=players), ["heuristic"] * players, rng)
        dealers = [h["dealer"] for h in played.record]
        first = dealers[: 2 * players]
        assert len(dealers) >= 2 * players and all(first.count(s) == 2 for s in range(players))
        assert len(played.winners) == 1
        assert score_document(played.record)["winner"] == list(played.winners)


def run_event(folder: Path, fmt: str, count: int, **settings: Any) -> Event:
    """An event of ``count`` entrants run to the end by heuristic bots through the desk."""
    desk = Desk.create(folder, new_event(fmt, seed=5, **settings))
    desk.add(entrant_rows(count, desk.event.team_size))
    run_to_the_end(desk, ["heuristic"])
    return desk.event


def test_darrtown_go_rounds_table_winners_advance_to_one_final_table(tmp_path: Path) -> None:
    """Decision (the seed names Go-Rounds, not how players advance): each table's winner goes on,
    the survivors are seated again, and four or fewer play the final table; its winner is champion."""
    event = run_event(tmp_path, "darrtown", 23)
    for r in event.rounds:
        seated = [e for t in r.tables for e in t.entrants]
        assert len(seated) == len(set(seated)) and not r.byes
        winners = {t.result.winners[0] for t in r.tables if t.result is not None}
        assert len(winners) == len(r.tables)
        if r is not event.rounds[-1]:
            following = {e for t in event.rounds[r.number].tables for e in t.entrants}
            assert following == winners
    final = event.rounds[-1]
    assert final.stage == "final" and len(final.tables) == 1 and len(final.tables[0].entrants) <= 4
    assert final.tables[0].result is not None and [event.champion] == final.tables[0].result.winners
    rows = elimination_rows(event)
    assert event.champion is not None and rows[0]["entrant_id"] == event.champion
    assert rows[0]["status"] == "champion"
    assert len(rows) == 23


@pytest.mark.slow
def test_darrtown_advance_option_two_per_table(tmp_path: Path) -> None:
    """The option ``advance``: the winner and the next best score of each table go on."""
    event = run_event(tmp_path, "darrtown", 16, advance=2)
    first, second = event.rounds[0], event.rounds[1]
    assert len(first.tables) == 4 and sum(len(t.entrants) for t in second.tables) == 8
    for t in first.tables:
        assert t.result is not None
        going = [e for e in t.entrants if any(e in u.entrants for u in second.tables)]
        scored = list(zip(t.entrants, t.result.scores, strict=True))
        best_rest = max(s for e, s in scored if e not in t.result.winners)
        assert set(t.result.winners) <= set(going) and len(going) == 2
        assert all(s >= best_rest for e, s in scored if e in going)


def test_unl_round_robin_every_pair_once() -> None:
    """UNL sections play round robin: every pair of teams meets exactly once, once a round at most."""
    for n in range(2, 11):
        rounds = unl.round_robin(list(range(n)))
        pairs = [tuple(sorted(p)) for r in rounds for p in r]
        assert sorted(pairs) == list(combinations(range(n), 2))
        assert all(len({e for p in r for e in p}) == 2 * len(r) for r in rounds)


def test_round_robin_at_larger_tables_every_pair_meets() -> None:
    """Round robin for tables of three or more: every pair sits together at least once."""
    for n, sides in ((7, 3), (9, 4), (5, 4), (12, 3)):
        rounds = unl.rotation(list(range(n)), sides, random.Random(n))
        met = {frozenset(p) for r in rounds for t in r for p in combinations(t, 2)}
        assert met == {frozenset(p) for p in combinations(range(n), 2)}
        assert all(sorted(e for t in r for e in t) == list(range(n)) for r in rounds)


def test_unl_45_minute_clock_hand_in_progress_played_out_team_ahead_wins() -> None:
    """Seed 003 Format: "the team ahead at the 'stop' time will be declared the winner. If a hand is in
    progress at the 'stop' time, it will be played out": with a six-minute clock of three-minute
    hands the match stops after its second hand (unless tied), and the team ahead wins."""
    rules = make_rules("ten-point")
    clock = unl.Clock(minutes=6, minutes_per_hand=3)
    for seed in range(6):
        played = play_table(rules, ["heuristic"] * 4, random.Random(seed), stop=clock.stopped)
        if played.reason == "ahead at the stop":
            assert played.hands >= 2
            team_a, team_b = played.scores[0], played.scores[1]
            assert team_a != team_b and (0 in played.winners) == (team_a > team_b)
            assert score_document(played.record)["scores"] == list(played.scores)


@pytest.mark.slow
def test_unl_tie_at_the_stop_plays_one_more_hand() -> None:
    """Seed 003 Format: a tie at the stop: "one additional hand will be played to break the
    deadlock" (decision: again while still tied). With a clock that stops after the first hand, a
    deal that leaves the teams level plays on until one is ahead."""
    rules = make_rules("ten-point")
    clock = unl.Clock(minutes=1, minutes_per_hand=3)
    tied = 0
    for seed in range(120):
        played = play_table(rules, ["heuristic"] * 4, random.Random(seed), stop=clock.stopped)
        hands = [h for h in played.record if score_document(h).get("misdeal") is not True]
        first = score_document(hands[0])["scores"]
        assert isinstance(first, list)
        if first[0] == first[1] and played.reason == "ahead at the stop":
            tied += 1
            assert played.hands >= 2 and played.scores[0] != played.scores[1]
    assert tied, "no seed gave a tie after the first hand"


@pytest.mark.slow
def test_unl_standings_by_matches_won_then_point_difference_and_advancement(tmp_path: Path) -> None:
    """Standings rank matches won, then point difference; the first two of each section advance to
    the Tournament of Champions, whose leader is the champion."""
    event = run_event(tmp_path, "unl", 10, section_size=5, clock=9.0)
    assert set(event.sections) == {"A", "B", "Champions"}
    for section in ("A", "B"):
        rows = section_rows(event, section)
        keys = [(-int(r["won"]), -int(r["difference"])) for r in rows]
        assert keys == sorted(keys)
        played = [t for r in event.rounds for t in r.tables if t.section == section]
        assert sum(int(r["won"]) for r in rows) == len(played) == 10
    assert set(event.sections["Champions"]) == {r["entrant_id"] for s in ("A", "B")
                                                for r in section_rows(event, s)[:2]}
    assert event.champion == section_rows(event, "Champions")[0]["entrant_id"]


@pytest.mark.slow
@pytest.mark.parametrize(("fmt", "count"), [("darrtown", 9), ("unl", 4)])
def test_simulate_writes_records_that_pitch_score_verifies(tmp_path: Path, fmt: str, count: int) -> None:
    """``pitch tournament simulate`` writes every game record (each replays with ``pitch score``) and
    the standings as JSON and CSV."""
    result = CliRunner().invoke(app, ["tournament", "simulate", "--format", fmt, "--entrants", str(count),
                                      "--teams", str(count), "--seed", "7", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("champion: ")
    records = sorted((tmp_path / "games").glob("*.json"))
    assert records
    for path in records:
        score_document(json.loads(path.read_text(encoding="utf-8")))
    standings = json.loads((tmp_path / "standings.json").read_text(encoding="utf-8"))
    assert standings["format"] == fmt and result.stdout.startswith(f"champion: {standings['champion']};")
    rows = list(csv.DictReader((tmp_path / "standings.csv").open(encoding="utf-8")))
    assert rows


def test_simulate_is_the_same_for_the_same_seed(tmp_path: Path) -> None:
    a = simulate("darrtown", 8, bots=["heuristic"], seed=3, out=tmp_path / "a")
    b = simulate("darrtown", 8, bots=["heuristic"], seed=3, out=tmp_path / "b")
    assert (a.champion, a.games, a.hands) == (b.champion, b.games, b.hands)
    assert (tmp_path / "a" / "standings.json").read_text() == (tmp_path / "b" / "standings.json").read_text()


def test_simulate_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    for args in (["--format", "chess"], ["--bots", "nobody"], ["--entrants", "1"]):
        result = CliRunner().invoke(app, ["tournament", "simulate", "--out", str(tmp_path), *args])
        assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
