"""The tournament desk (``pitch tournament create/add/seat/result/ruling/play/status/advance/export``):
scenarios named after the seed rule they check, with game records made by the engine
(``play_table``, ``unl.Clock``) and entered as a table would enter them."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pitchkit import Game, make_rules
from pitchkit.bots import make_bot
from pitchkit.engine.options import option_text
from pitchkit.engine.record import game_record, replay_game, score_document
from pitchkit.tournament import event as event_module
from pitchkit.tournament import unl
from pitchkit.tournament.director import Desk
from pitchkit.tournament.event import DeskError, load, new_event
from pitchkit.tournament.rulings import misplay
from pitchkit.tournament.simulate import entrant_rows, simulate
from pitchkit.tournament.tables import play_table

runner = CliRunner()


def cli(*args: object) -> Any:
    from pitchkit.cli import app

    return runner.invoke(app, ["tournament", *map(str, args)])


def one_line_error(result: Any) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return str(lines[0])


def event_dir(tmp_path: Path, fmt: str, names: list[str], *options: object) -> Path:
    folder = tmp_path / "event"
    assert cli("create", folder, "--format", fmt, "--seed", 11, *options).exit_code == 0
    (tmp_path / "entrants.csv").write_text("name,partner\n" + "\n".join(names) + "\n", encoding="utf-8")
    added = cli("add", folder, "--csv", tmp_path / "entrants.csv")
    assert added.exit_code == 0, added.output
    return folder


def write(tmp_path: Path, doc: object, name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def table_record(desk: Desk, number: int, seed: int, **kw: Any) -> list[dict[str, object]]:
    """A whole game of a table of the open round, played by heuristic bots."""
    table = desk.table(number)
    rules = desk.event.table_rules(len(table.entrants))
    return play_table(rules, ["heuristic"] * rules.players, random.Random(seed), **kw).record


# entering a table's result


def test_darrtown_rule1_a_record_whose_game_is_not_over_is_refused(tmp_path: Path) -> None:
    """Seed 000 tournament rule 1: a game lasts until every player at the table has dealt twice; a
    record that stops before (here: one hand short) is refused with one line and nothing changes."""
    folder = event_dir(tmp_path, "darrtown", ["Ann", "Bob", "Cy"])
    assert cli("seat", folder).exit_code == 0
    record = table_record(Desk.open(folder), 1, seed=1)
    before = (folder / "event.json").read_text(encoding="utf-8")
    error = one_line_error(cli("result", folder, 1, write(tmp_path, record[:-1])))
    assert "not over" in error
    assert (folder / "event.json").read_text(encoding="utf-8") == before
    assert one_line_error(cli("result", folder, 1, write(tmp_path, record[:-1]), "--stopped"))
    done = cli("result", folder, 1, write(tmp_path, record))
    assert done.exit_code == 0, done.output
    assert load(folder).rounds[0].tables[0].result is not None


@pytest.mark.slow
def test_darrtown_rule5_tied_leaders_play_on_the_record_must_hold_the_extra_hands(tmp_path: Path) -> None:
    """Seed 000 tournament rule 5: leaders tied after every player dealt twice play extra hands alone;
    a record that stops at the tie is not a finished game, and the one with the extra hands is."""
    desk = Desk.create(tmp_path / "event", new_event("darrtown", seed=1))
    desk.add([["Ann"], ["Bob"]])
    desk.seat()
    for seed in range(200):
        record = table_record(desk, 1, seed)
        if len(record) > 4:
            break
    else:
        pytest.fail("no seed gave two players tied after four hands")
    with pytest.raises(DeskError, match="not over"):
        desk.result(1, record[:4])
    result = desk.result(1, record)
    assert result.hands == len(record) and len(result.winners) == 1


def test_a_record_of_another_table_or_that_does_not_replay_is_refused(tmp_path: Path) -> None:
    """A result must be the table's game: its rules and seats, its players when named, and every
    action legal (as ``pitch score`` checks it)."""
    desk = Desk.create(tmp_path / "event", new_event("darrtown", seed=2))
    desk.add([[n] for n in ("Ann", "Bob", "Cy", "Dee", "Ed", "Fay", "Gus")])
    desk.seat()
    three = next(t for t in desk.event.current.tables if len(t.entrants) == 3)  # type: ignore[union-attr]
    four = next(t for t in desk.event.current.tables if len(t.entrants) == 4)  # type: ignore[union-attr]
    with pytest.raises(DeskError, match="not this table's game"):
        desk.result(three.number, table_record(desk, four.number, 3))
    ten_point = play_table(make_rules("ten-point"), ["heuristic"] * 4, random.Random(1)).record
    with pytest.raises(DeskError, match="not this table's game"):
        desk.result(four.number, ten_point)
    record = table_record(desk, three.number, 4)
    with pytest.raises(DeskError, match="players"):
        desk.result(three.number, {"players": ["Zed", "Yan", "Xi"], "hands": record})
    broken = json.loads(json.dumps(record))
    broken[0]["actions"][0]["seat"] = (broken[0]["actions"][0]["seat"] + 1) % 3
    with pytest.raises(DeskError, match=r"^record: hand 0: action 0"):
        desk.result(three.number, broken)
    with pytest.raises(DeskError, match="no table 9"):
        desk.result(9, record)
    assert three.result is None
    desk.result(three.number, {"players": desk.event.seat_names(three), "hands": record})
    with pytest.raises(DeskError, match="already"):
        desk.result(three.number, record)


@pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")
def test_the_desk_writes_new_files_readable_by_all_and_keeps_the_mode_of_a_file_written_again(
        tmp_path: Path) -> None:
    """Files written atomically (the event, standings, printable sheets) are not left with the
    temporary file's owner-only mode."""
    sheet = tmp_path / "round1.html"
    event_module.write_text(sheet, "<html></html>")
    assert sheet.stat().st_mode & 0o777 == 0o644
    sheet.chmod(0o600)
    event_module.write_text(sheet, "<html>2</html>")
    assert sheet.stat().st_mode & 0o777 == 0o600 and sheet.read_text() == "<html>2</html>"
    assert [p.name for p in tmp_path.iterdir()] == ["round1.html"]


def test_a_record_under_other_rules_names_the_options_as_they_are_typed(tmp_path: Path) -> None:
    """The refusal of a game played under other rules spells each differing option as
    ``--option`` takes it (``deals-per-player=none``), never as Python writes the value."""
    desk = Desk.create(tmp_path / "event", new_event("darrtown", seed=2))
    desk.add([[n] for n in ("Ann", "Bob", "Cy", "Dee")])
    desk.seat()
    casual = play_table(make_rules("pct"), ["heuristic"] * 4, random.Random(1)).record
    with pytest.raises(DeskError, match="not this table's game") as refused:
        desk.result(1, casual)
    assert "deals-per-player=none" in str(refused.value)
    assert "None" not in str(refused.value)
    assert option_text(make_rules("euchre").points) == "high,low,jack,game"
    assert option_text(True) == "true"


# rulings


def test_tournament_rule37_a_record_with_a_misplay_ruling_is_verified_and_entered(tmp_path: Path) -> None:
    """Seed 000 tournament rule 37: an uncorrectable misplay ends the hand, the offender losing the
    highest bid and sitting out the next hand; the ruling is in the record the table enters, and the
    desk replays it with the rest of the game."""
    desk = Desk.create(tmp_path / "event", new_event("darrtown", seed=3))
    desk.add([["Ann"], ["Bob"], ["Cy"]])
    desk.seat()
    rules = desk.event.table_rules(3)
    game = Game(rules, seed=4)
    bots = [make_bot("heuristic", seed=s) for s in range(3)]
    while game.hand.bid is None:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    game.apply(misplay(game.hand, 1))
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    record = game_record(game)
    assert record[0]["actions"][-1]["ruling"] == "misplay"  # type: ignore[index]
    result = desk.result(1, record)
    assert result.scores == list(game.scores)


def test_tournament_rule38_second_misplay_in_a_go_round_disqualifies(tmp_path: Path) -> None:
    """Seed 000 tournament rule 38: misplays count from the start to the end of a Go-Round; a second
    misplay by the same player in one Go-Round disqualifies him: he is dropped from the field even if
    his table's game goes his way, and the next best of his table goes on instead."""
    names = ["Ann", "Bob", "Cy", "Dee", "Ed", "Fay", "Gus", "Hal"]
    folder = event_dir(tmp_path, "darrtown", names)
    assert cli("seat", folder).exit_code == 0
    desk = Desk.open(folder)
    seats = desk.event.seat_names(desk.table(1))
    first = cli("ruling", folder, 1, "--misplay", 2, "--correctable")
    assert first.exit_code == 0 and "disqualified" not in first.stdout
    assert cli("ruling", folder, 1, "--misplay", 0, "--not-correctable").exit_code == 0
    second = cli("ruling", folder, 1, "--misplay", 2, "--not-correctable")
    assert second.exit_code == 0 and "disqualified" in second.stdout
    event = load(folder)
    offender = next(i for i, e in enumerate(event.entrants) if e.players == [seats[2]])
    assert event.entrants[offender].out == "disqualified in round 1"
    assert [g.disqualified for g in event.rulings] == [False, False, True]
    assert "out of the event" in one_line_error(cli("ruling", folder, 1, "--misplay", 2, "--correctable"))
    assert "seats 0 to 3" in one_line_error(cli("ruling", folder, 1, "--misplay", 7, "--correctable"))
    assert cli("play", folder).exit_code == 0
    assert cli("advance", folder).exit_code == 0
    event = load(folder)
    table = event.rounds[0].tables[0]
    assert table.result is not None
    following = {e for t in event.rounds[0].tables for e in t.entrants if event.active(e)}
    assert offender not in following and sum(e in following for e in table.entrants) == 1
    status = json.loads(cli("status", folder, "--json").stdout)
    assert status["rulings"][-1] == {"round": 1, "table": 1, "seat": 2, "player": seats[2],
                                     "correctable": False, "disqualified": True}
    assert status["standings"]["standings"][-1]["status"] == "disqualified in round 1"


# the UNL match clock


def unl_desk(tmp_path: Path) -> Desk:
    desk = Desk.create(tmp_path / "event", new_event("unl", seed=6))
    desk.add([["Ann", "Bob"], ["Cy", "Dee"]])
    desk.seat()
    return desk


def test_unl_45_minute_clock_hand_in_progress_played_out_team_ahead_wins(tmp_path: Path) -> None:
    """Seed 003 Format: at "stop" the hand in progress is played out and the team ahead wins. A
    record stopped by the 45-minute clock (eight six-minute hands) is entered with --stopped;
    without it, or with the hand at the stop unfinished, it is refused."""
    desk = unl_desk(tmp_path)
    clock = unl.Clock(45, 6)
    for seed in range(20):
        played = play_table(desk.event.rules, ["heuristic"] * 4, random.Random(seed), stop=clock.stopped)
        if played.reason == "ahead at the stop":
            break
    else:
        pytest.fail("no game ran to the clock")
    assert played.hands >= 8
    with pytest.raises(DeskError, match="--stopped"):
        desk.result(1, played.record)
    full = play_table(desk.event.rules, ["heuristic"] * 4, random.Random(seed)).record
    in_progress = json.loads(json.dumps(full[:len(played.record) + 1]))
    in_progress[-1]["actions"] = in_progress[-1]["actions"][:6]
    with pytest.raises(DeskError, match="played out"):
        desk.result(1, in_progress, stopped=True)
    result = desk.result(1, played.record, stopped=True)
    ahead = 0 if played.scores[0] > played.scores[1] else 1
    assert result.stopped and result.winners == [desk.table(1).entrants[ahead]]
    assert result.scores == [played.scores[0], played.scores[1]]


def test_unl_tie_after_the_stop_plays_one_more_hand(tmp_path: Path) -> None:
    """Seed 003 Format: teams tied after the stop play one more hand: the record of the tie is
    refused until the extra hand is in it."""
    desk = unl_desk(tmp_path)
    clock = unl.Clock(minutes=3, minutes_per_hand=3)
    for seed in range(200):
        played = play_table(desk.event.rules, ["heuristic"] * 4, random.Random(seed), stop=clock.stopped)
        counted = [h for h in played.record if '"play"' in json.dumps(h["actions"])]
        if played.reason == "ahead at the stop" and len(counted) >= 2:
            at_stop = played.record[:played.record.index(counted[0]) + 1]
            scores = replay_game(list(at_stop))[0].scores
            if scores[0] == scores[1]:
                break
    else:
        pytest.fail("no seed gave a tie at the stop")
    with pytest.raises(DeskError, match="tied"):
        desk.result(1, at_stop, stopped=True)
    result = desk.result(1, played.record, stopped=True)
    assert result.scores[0] != result.scores[1]


def test_without_a_match_clock_a_stopped_game_is_not_a_result(tmp_path: Path) -> None:
    """Without a match clock (``--clock 0``) a stopped game is not a result."""
    desk = Desk.create(tmp_path / "event", new_event("round-robin", preset="ten-point", seed=6))
    desk.add([["Ann", "Bob"], ["Cy", "Dee"]])
    desk.seat()
    played = play_table(desk.event.rules, ["heuristic"] * 4, random.Random(1), stop=unl.Clock(6, 3).stopped)
    with pytest.raises(DeskError, match="not over"):
        desk.result(1, played.record, stopped=True)


def test_unl_three_straight_sets_lose_the_match(tmp_path: Path) -> None:
    """Seed 003 The Bid: three straight sets lose the match. A record that ends so is a finished
    game: the desk enters it, the other team winning."""
    desk = unl_desk(tmp_path)
    for seed in range(36, 200):
        played = play_table(desk.event.rules, ["heuristic"] * 4, random.Random(seed))
        if "sets in a row" in played.reason:
            break
    else:
        pytest.fail("no game ended by three sets")
    hands = score_document(played.record)["hands"]
    assert isinstance(hands, list)
    loser = 1 - played.winners[0] % 2
    bids = [h["made"] for h in hands if h["pitcher"] is not None and h["pitcher"] % 2 == loser]
    assert bids[-3:] == [False, False, False]
    result = desk.result(1, played.record)
    assert result.winners == [desk.table(1).entrants[1 - loser]] and "sets" in result.reason


# advancement


@pytest.mark.slow
def test_unl_format_first_two_of_each_section_go_to_the_tournament_of_champions(tmp_path: Path) -> None:
    """Seed 003 Format: at least the first and second teams of each section advance to the Tournament
    of Champions; advance waits for every result of the round."""
    teams = [f"A{i},B{i}" for i in range(8)]
    folder = event_dir(tmp_path, "unl", teams, "--section-size", 4, "--clock", 9)
    assert cli("seat", folder).exit_code == 0
    assert "results missing" in one_line_error(cli("advance", folder))
    assert "still open" in one_line_error(cli("seat", folder))
    while load(folder).stage == "sections":
        assert cli("play", folder).exit_code == 0
        assert cli("advance", folder).exit_code == 0
        if load(folder).stage == "sections":
            assert cli("seat", folder).exit_code == 0
    event = load(folder)
    assert event.stage == "champions" and len(event.rounds) == 3
    status = json.loads(cli("status", folder, "--json").stdout)["standings"]["sections"]
    top = {row["entrant"] for s in ("A", "B") for row in status[s][:2]}
    assert {event.entrants[e].name for e in event.sections["Champions"]} == top
    assert all(event.entrants[e].out == "eliminated in the sections" for s in ("A", "B")
               for e in event.sections[s] if event.entrants[e].name not in top)


@pytest.mark.slow
def test_unl_sections_of_unequal_size_each_play_their_round_robin(tmp_path: Path) -> None:
    """Five teams in sections of at most three: sections of three and two play their own numbers of
    rounds; the first two of each go on."""
    simulate("unl", 5, section_size=3, bots=["heuristic"], seed=2, out=tmp_path / "u")
    event = load(tmp_path / "u")
    assert sorted(len(m) for s, m in event.sections.items() if s != "Champions") == [2, 3]
    for section, members in event.sections.items():
        tables = [t for r in event.rounds for t in r.tables if t.section == section]
        assert len(tables) == len(members) * (len(members) - 1) // 2
    assert len(event.sections["Champions"]) == 4 and event.champion in event.sections["Champions"]


def test_knockout_of_partnerships_with_a_bye(tmp_path: Path) -> None:
    """Single elimination for any preset: five teams of auction-partners play two tables and one bye,
    then go on to the final."""
    summary = simulate("knockout", 5, preset="partners", bots=["heuristic"], seed=2, out=tmp_path / "k")
    event = load(tmp_path / "k")
    assert event.team_size == 2 and len(event.rounds[0].byes) == 1 and len(event.rounds[0].tables) == 2
    assert event.rounds[-1].stage == "final" and summary.champion == event.entrants[event.champion or 0].name


def test_knockout_never_leaves_fewer_than_a_table_needs(tmp_path: Path) -> None:
    """Seven-point needs three players a table: five entrants play one table of four and a bye, and
    the table's runner-up goes on with its winner so that the final has three."""
    simulate("knockout", 5, preset="seven-point", bots=["heuristic"], seed=1, out=tmp_path / "k")
    event = load(tmp_path / "k")
    first, final = event.rounds
    assert [len(t.entrants) for t in first.tables] == [4] and len(first.byes) == 1
    assert final.stage == "final" and len(final.tables[0].entrants) == 3
    assert first.byes[0] in final.tables[0].entrants


def test_round_robin_at_tables_of_three_every_pair_meets(tmp_path: Path) -> None:
    """Round robin for any players a table: six pct players at tables of three meet each other."""
    simulate("round-robin", 6, preset="pct", bots=["heuristic"], seed=3, out=tmp_path / "r")
    folder = tmp_path / "r"
    event = load(folder)
    assert all(len(t.entrants) == 3 for r in event.rounds for t in r.tables)
    met = {frozenset((a, b)) for r in event.rounds for t in r.tables for a in t.entrants for b in t.entrants
           if a != b}
    assert len(met) == 15 and event.champion is not None


# the event on disk


def by_hand(tmp_path: Path, fmt: str, count: int, seed: int) -> Path:
    """An event made with ``create --seed`` and ``add``, its entrants named as ``simulate`` names them."""
    folder = tmp_path / f"desk-{fmt}"
    assert cli("create", folder, "--format", fmt, "--seed", seed).exit_code == 0
    rows = [",".join(r) for r in entrant_rows(count, 2 if fmt == "unl" else 1)]
    (tmp_path / "e.csv").write_text("\n".join(rows), encoding="utf-8")
    assert cli("add", folder, "--csv", tmp_path / "e.csv").exit_code == 0
    return folder


def finish_by_hand(folder: Path, whole: Path) -> None:
    """Run the desk's commands from wherever the event stands to its end, export it, and compare
    its standings with those of the event in ``whole``."""
    while (event := load(folder)).stage != "finished":
        r = event.current
        for step in ("seat",) if r is None or r.closed else ("play", "advance"):
            assert cli(step, folder).exit_code == 0
    assert cli("export", folder).exit_code == 0
    for name in ("standings.json", "standings.csv"):
        assert (folder / name).read_text() == (whole / name).read_text()


@pytest.mark.slow
def test_simulate_and_a_desk_run_event_give_the_same_standings(tmp_path: Path) -> None:
    """An event run command by command at the desk, with the same seed and bots as ``simulate``,
    ends with the same standings."""
    for fmt, count in (("darrtown", 9), ("unl", 3)):
        simulate(fmt, count, bots=["heuristic"], seed=4, out=tmp_path / f"sim-{fmt}")
        finish_by_hand(by_hand(tmp_path, fmt, count, seed=4), tmp_path / f"sim-{fmt}")


@pytest.mark.slow
def test_a_failure_in_the_middle_of_a_save_leaves_the_event_consistent_and_resumable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save that fails half-way (here the disk fails on the third table's save) leaves event.json
    as it was before that save, readable; the same command run again completes the round, and the
    event ends as an uninterrupted one of the same seed."""
    simulate("darrtown", 13, bots=["heuristic"], seed=8, out=tmp_path / "whole")
    folder = by_hand(tmp_path, "darrtown", 13, seed=8)
    assert cli("seat", folder).exit_code == 0
    real_fsync, calls = os.fsync, []

    def failing_fsync(fd: int) -> None:
        calls.append(fd)
        if len(calls) == 6:
            raise OSError(28, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", failing_fsync)
    error = one_line_error(cli("play", folder))
    monkeypatch.undo()
    assert "No space left on device" in error
    assert not list(folder.glob(".*.tmp"))
    event = load(folder)
    assert sum(t.result is not None for t in event.rounds[0].tables) == 2
    finish_by_hand(folder, tmp_path / "whole")


@pytest.mark.slow
def test_a_desk_killed_in_the_middle_of_a_go_round_resumes(tmp_path: Path) -> None:
    """``pitch tournament play`` killed (SIGKILL) in the middle of a Go-Round: the event file is
    whole, the tables saved before the kill keep their results, and the event ends as an
    uninterrupted one of the same seed."""
    simulate("darrtown", 24, bots=["heuristic"], seed=9, out=tmp_path / "whole")
    folder = by_hand(tmp_path, "darrtown", 24, seed=9)
    assert cli("seat", folder).exit_code == 0
    proc = subprocess.Popen([sys.executable, "-m", "pitchkit.cli", "tournament", "play", str(folder)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while proc.poll() is None and not any(t.result for t in load(folder).rounds[0].tables):
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = sum(t.result is not None for t in load(folder).rounds[0].tables)
    assert 1 <= done <= 6
    finish_by_hand(folder, tmp_path / "whole")


@pytest.mark.parametrize(("text", "expected"), [
    ("{", "not valid JSON"),
    ("[]", "version is missing"),
    ('{"version": 1, "format": "chess"}', "unknown format"),
])
def test_a_bad_event_file_is_one_line(tmp_path: Path, text: str, expected: str) -> None:
    (tmp_path / "event.json").write_text(text, encoding="utf-8")
    assert expected in one_line_error(cli("status", tmp_path))


def test_a_tampered_event_file_is_one_line(tmp_path: Path) -> None:
    folder = event_dir(tmp_path, "darrtown", ["Ann", "Bob", "Cy"])
    assert cli("seat", folder).exit_code == 0
    data = json.loads((folder / "event.json").read_text(encoding="utf-8"))
    data["rounds"][0]["tables"][0]["entrants"][0] = 99
    (folder / "event.json").write_text(json.dumps(data), encoding="utf-8")
    assert "not entrants" in one_line_error(cli("status", folder))
    data["rounds"][0]["tables"][0]["entrants"] = "abc"
    (folder / "event.json").write_text(json.dumps(data), encoding="utf-8")
    assert "wrong type" in one_line_error(cli("seat", folder))


def test_bad_desk_input_is_one_line(tmp_path: Path) -> None:
    assert "unknown format" in one_line_error(cli("create", tmp_path / "a", "--format", "swiss"))
    too_big = cli("create", tmp_path / "a", "--format", "darrtown", "--table-size", 9)
    assert "table-size" in one_line_error(too_big)
    partners = cli("create", tmp_path / "a", "--format", "unl", "--table-size", 0)
    assert "played by partners, 2 teams of 2 at each table" in one_line_error(partners)
    assert "no event" in one_line_error(cli("seat", tmp_path / "nowhere"))
    folder = event_dir(tmp_path, "unl", ["Ann,Bob"])
    assert "already holds" in one_line_error(cli("create", folder, "--format", "unl"))
    (tmp_path / "bad.csv").write_text("Cy\n", encoding="utf-8")
    assert "2 names" in one_line_error(cli("add", folder, "--csv", tmp_path / "bad.csv"))
    (tmp_path / "bad.csv").write_text("Cy,ann\n", encoding="utf-8")
    assert "entered already" in one_line_error(cli("add", folder, "--csv", tmp_path / "bad.csv"))
    assert "two entrants" in one_line_error(cli("seat", folder))
    (tmp_path / "bom.csv").write_text("\ufeffCy,Dee\n", encoding="utf-8")
    assert cli("add", folder, "--csv", tmp_path / "bom.csv").exit_code == 0
    assert load(folder).entrants[-1].players == ["Cy", "Dee"]
    assert "no round is open" in one_line_error(cli("advance", folder))
    assert "unknown bot" in one_line_error(cli("play", folder, "--bots", "nobody"))


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 60), size=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_darrtown_rule2_seating_puts_every_entrant_at_one_table_as_even_as_possible(
        n: int, size: int, seed: int) -> None:
    """Seed 000 tournament rule 2 (two to four a table), for any field and seed: every entrant sits at
    exactly one table (at tables of two, an odd field leaves one bye), tables differ by one at most,
    and the same seed seats the same way."""
    events = [new_event("darrtown", seed=seed, table_size=size) for _ in range(2)]
    for ev in events:
        ev.entrants = [event_module.Entrant([f"P{i}"]) for i in range(n)]
        Desk(Path("unused"), ev).seat()
    tables, byes = events[0].rounds[0].tables, events[0].rounds[0].byes
    seated = sorted([e for t in tables for e in t.entrants] + byes)
    assert seated == list(range(n))
    assert len(byes) == (1 if size == 2 and n % 2 else 0)
    sizes = [len(t.entrants) for t in tables] + ([len(byes)] if byes else [])
    assert max(sizes) - min(sizes) <= 1 and max(sizes) <= size
    assert [t.entrants for t in tables] == [t.entrants for t in events[1].rounds[0].tables]


def test_seating_that_is_refused_leaves_the_event_unchanged(tmp_path: Path) -> None:
    """Two entrants of a seven-point knockout (three players a table) cannot be seated: ``seat`` is
    refused in one line and the event is as it was, still taking entries."""
    import dataclasses

    desk = Desk.create(tmp_path / "event", new_event("knockout", preset="seven-point", seed=3))
    desk.add([["Ann"], ["Bob"]])
    before = dataclasses.asdict(desk.event)
    with pytest.raises(DeskError, match="a table needs 3"):
        desk.seat()
    assert dataclasses.asdict(desk.event) == before and desk.event.stage == "entry"
    desk.add([["Cy"]])
    assert [t.entrants for t in desk.seat().tables] != []


def test_a_round_robin_that_cannot_seat_a_table_is_refused(tmp_path: Path) -> None:
    """Two entrants of a seven-point round robin would be a round of byes only: refused, unchanged."""
    desk = Desk.create(tmp_path / "event", new_event("round-robin", preset="seven-point", seed=3))
    desk.add([["Ann"], ["Bob"]])
    with pytest.raises(DeskError, match="no table can be seated"):
        desk.seat()
    assert desk.event.rounds == [] and desk.event.stage == "entry" and desk.event.sections == {}


def test_status_says_where_each_entrant_stands_in_words(tmp_path: Path) -> None:
    """``status`` lists the standings as ``1. Ann (round 1, score 11, eliminated in round 1)``: the
    standing itself, not a ``status`` label before it."""
    folder = event_dir(tmp_path / "e", "darrtown", ["Ann", "Bob", "Cy", "Dee"])
    assert cli("seat", folder).exit_code == 0
    shown = cli("status", folder).output
    assert "(round 1, in the event)" in shown and "status" not in shown.split("standings:")[1]
    assert cli("play", folder).exit_code == 0 and cli("advance", folder).exit_code == 0
    shown = cli("status", folder).output
    assert ", champion)" in shown and ", eliminated in round 1)" in shown


def test_a_knockouts_first_round_is_a_knockout_round_and_darrtowns_a_go_round(tmp_path: Path) -> None:
    """The Go-Round is seed 000's word for the Darrtown event: a knockout's rounds before the final
    table are knockout rounds, in ``seat`` and in ``status``."""
    names = ["Ann", "Bob", "Cy", "Dee", "Ed", "Fay", "Gus", "Hal", "Ivy"]
    for fmt, word in (("knockout", "knockout round"), ("darrtown", "go-round")):
        folder = event_dir(tmp_path / fmt, fmt, names)
        seated = cli("seat", folder)
        assert seated.exit_code == 0 and f"round 1 ({word}):" in seated.output
        shown = cli("status", folder)
        assert f"round 1 ({word}):" in shown.output and "go-round" not in shown.output.replace(word, "")
