"""Tournament formats from the seeds: the Darrtown Go-Rounds (seed 000, tournament column) and the UNL
Ten-Point partner tournament (seed 003), played by bots."""

from __future__ import annotations

import csv
import json
import random
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitchkit.cli import app
from pitchkit.presets import make_rules
from pitchkit.record import score_document
from pitchkit.tournament import darrtown, unl
from pitchkit.tournament.simulate import simulate
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


def test_darrtown_go_rounds_table_winners_advance_to_one_final_table() -> None:
    """Decision (the seed names Go-Rounds, not how players advance): each table's winner goes on,
    the survivors are seated again, and four or fewer play the final table; its winner is champion."""
    names = [f"P{i}" for i in range(23)]
    event = darrtown.run(names, bots=["heuristic"] * 23, rng=random.Random(5))
    rounds = sorted({t.round for t in event.tables})
    for r in rounds:
        tables = [t for t in event.tables if t.round == r]
        seated = [e for t in tables for e in t.entrants]
        assert len(seated) == len(set(seated))
        assert all(len(t.advanced) == 1 and t.advanced[0] in t.entrants for t in tables)
        if r < rounds[-1]:
            following = {e for t in event.tables if t.round == r + 1 for e in t.entrants}
            assert following == {t.advanced[0] for t in tables}
    final = [t for t in event.tables if t.round == rounds[-1]]
    assert len(final) == 1 and len(final[0].entrants) <= 4
    assert event.champion == final[0].advanced[0]
    standings = event.standings()
    assert standings[0]["champion"] is True and standings[0]["entrant"] == names[event.champion]
    assert len(standings) == 23


def test_darrtown_advance_option_two_per_table() -> None:
    """The option ``advance``: the winner and the next best score of each table go on."""
    event = darrtown.run([f"P{i}" for i in range(16)], bots=["heuristic"] * 16, rng=random.Random(2),
                         advance=2)
    first = [t for t in event.tables if t.round == 1]
    assert all(len(t.advanced) == 2 for t in first)
    assert sum(len(t.entrants) for t in event.tables if t.round == 2) == 8


def test_unl_round_robin_every_pair_once() -> None:
    """UNL sections play round robin: every pair of teams meets exactly once."""
    for n in range(2, 11):
        pairs = unl.round_robin(list(range(n)))
        assert sorted(tuple(sorted(p)) for p in pairs) == list(combinations(range(n), 2))


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


def test_unl_standings_by_matches_won_then_point_difference_and_advancement() -> None:
    """Standings rank matches won, then point difference; the first two of each section advance to
    the Tournament of Champions, whose leader is the champion."""
    names = [f"T{i}" for i in range(10)]
    event = unl.run(names, bots=["heuristic"] * 10, rng=random.Random(4), section_size=5,
                    clock=unl.Clock(minutes=9, minutes_per_hand=3))
    assert set(event.sections) == {"A", "B", "Champions"}
    for section in ("A", "B"):
        rows = event.table(section)
        keys = [(-int(str(r["won"])), -int(str(r["difference"]))) for r in rows]
        assert keys == sorted(keys)
        played = [m for m in event.matches if m.section == section]
        assert sum(int(str(r["won"])) for r in rows) == len(played)
    champions = {names[t] for t in event.sections["Champions"]}
    assert champions == {str(r["team"]) for s in ("A", "B") for r in event.table(s)[:2]}
    assert event.champion is not None and names[event.champion] == event.table("Champions")[0]["team"]


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
