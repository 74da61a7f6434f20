"""Saving never loses a game: the folder checked at start, failed saves told and tried again, file
names that cannot collide; resume goes on exactly; deals that cannot be predicted, seeded games
that replay from their record."""

from __future__ import annotations

import errno
import os
import random
import subprocess
import sys
import tempfile
import threading
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pitchkit import make_rules
from pitchkit.bots import make_bot
from pitchkit.cli import app
from pitchkit.cli.playing import pick_saved
from pitchkit.engine.game import Game
from pitchkit.engine.record import parse_action, record_hands
from pitchkit.tui import saves
from pitchkit.tui.saves import GameFile, SaveError, check_folder, read_saved, unfinished_games
from pitchkit.tui.session import Session

runner = CliRunner()
NOW = datetime(2026, 5, 1, 20, 30, 15)


def failing_writer(code: int, *, times: int | None = None) -> object:
    """A stand-in for the low-level writer that fails with ``code`` (the first ``times`` calls)."""
    calls = {"n": 0}
    real = saves._write_all

    def write(fd: int, data: bytes) -> None:
        calls["n"] += 1
        if times is None or calls["n"] <= times:
            raise OSError(code, os.strerror(code))
        real(fd, data)

    return write


def bots_session(tmp_path: Path, *, seed: int | None = 1, human: int | None = None,
                 max_hands: int | None = None) -> Session:
    """A four-seat pct game of random bots saving into ``tmp_path``."""
    return Session(make_rules("pct"), seed=seed, human=human, bot="random", max_hands=max_hands,
                   save_file=GameFile.new(tmp_path, "pct", now=NOW))


def play_actions(session: Session, n: int) -> None:
    """Take ``n`` actions (the human's by a random bot), reading each hand's summary."""
    for _ in range(n):
        session.unshown.clear()
        seat = session.game.to_act
        assert seat is not None
        bot = session.bots.get(seat) or make_bot("random", seed=len(session.game.hand.log))
        session.apply(bot.choose(session.game.view(seat)))


# -- the folder at start ------------------------------------------------------------------------

def test_a_folder_under_a_file_is_refused_at_start(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    with pytest.raises(SaveError, match=r"plain is a file, not a folder; choose another with --save-dir"):
        check_folder(tmp_path / "plain" / "games")


def test_a_read_only_folder_is_refused_at_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests run as root, where permissions do not stop writes: the writer is made to fail as a
    read-only folder makes it."""
    monkeypatch.setattr(saves, "_write_all", failing_writer(errno.EROFS))
    with pytest.raises(SaveError, match=r"cannot save games in .*: no permission to write there"):
        check_folder(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_is_refused_at_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "_write_all", failing_writer(errno.ENOSPC))
    with pytest.raises(SaveError, match=r": the disk is full;"):
        check_folder(tmp_path)
    monkeypatch.undo()
    monkeypatch.setattr("shutil.disk_usage", lambda p: SimpleNamespace(free=1000))
    with pytest.raises(SaveError, match=r"the disk is full \(1000 bytes free\)"):
        check_folder(tmp_path)


def test_play_stops_before_the_game_with_one_line(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    result = runner.invoke(app, ["play", "--all-bots", "--fast", "--save-dir", str(tmp_path / "plain" / "g")])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "is a file, not a folder" in result.stderr and "--no-save" in result.stderr


# -- failing saves during the game --------------------------------------------------------------

def test_a_failed_save_keeps_the_game_and_the_next_save_has_it_all(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    session = bots_session(tmp_path)
    monkeypatch.setattr(saves, "_write_all", failing_writer(errno.ENOSPC))
    while len(session.game.history) < 2:
        play_actions(session, 1)
    assert session.save_error is not None and "No space left" in session.save_error
    assert list(tmp_path.iterdir()) == []  # a failed first write leaves no empty file behind
    monkeypatch.undo()
    assert session.save() and session.save_error is None
    assert session.save_path is not None
    doc = read_saved(session.save_path)
    assert isinstance(doc, dict)
    assert len(record_hands(doc)) == len(session.game.history) + 1


def test_a_failed_replace_keeps_the_last_saved_version(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    session = bots_session(tmp_path)
    play_actions(session, 3)
    assert session.save() and session.save_path is not None
    before = session.save_path.read_text()
    play_actions(session, 3)
    monkeypatch.setattr(saves, "_write_all", failing_writer(errno.ENOSPC))
    assert not session.save()
    assert session.save_path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == [session.save_path.name]  # no temporary file left


def test_play_saves_in_the_temporary_folder_when_the_disk_fills(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills after the start: the game is played to its end, then saved elsewhere, said so."""
    games, spare = tmp_path / "games", tmp_path / "tmp"
    spare.mkdir()
    real_create = saves._create

    def create(path: Path, data: bytes, *, exclusive: bool) -> None:
        if games in path.parents:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_create(path, data, exclusive=exclusive)

    monkeypatch.setattr(saves, "_create", create)
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(spare))
    result = runner.invoke(app, ["play", "--all-bots", "--fast", "--bot", "random", "--seed", "4",
                                 "--max-hands", "2", "--save-dir", str(games)])
    assert result.exit_code == 0, result.output
    assert f"Could not save in {games} (No space left on device" in result.stdout
    saved = Path(result.stdout.split("Saved: ")[1].splitlines()[0])
    assert saved.parent == spare / "pitchkit-games"
    doc = read_saved(saved)
    assert isinstance(doc, dict) and doc["finished"] is True and len(record_hands(doc)) == 2


# -- file names ---------------------------------------------------------------------------------

def test_games_started_in_the_same_second_get_their_own_files(tmp_path: Path) -> None:
    """Eight games started at once, each saving from its own thread: eight files, each whole."""
    texts = [f'{{"game": {i}}}\n' for i in range(8)]
    files = [GameFile.new(tmp_path, "pct", now=NOW) for _ in texts]
    start = threading.Barrier(len(files))

    def save(file: GameFile, text: str) -> None:
        start.wait()
        file.write(text)

    threads = [threading.Thread(target=save, args=pair) for pair in zip(files, texts, strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    paths = [f.path for f in files]
    assert len(set(paths)) == 8
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["2026-05-01_203015_pct.json"] + [f"2026-05-01_203015_pct_{n}.json" for n in range(2, 9)])
    assert sorted(p.read_text() for p in paths if p is not None) == sorted(texts)


@settings(max_examples=25, deadline=None)
@given(taken=st.sets(st.integers(1, 8), max_size=6), games=st.integers(1, 5))
def test_new_games_take_only_free_names(taken: set[int], games: int) -> None:
    """Whatever names are already taken, each new game gets a name of its own and no file that was
    there changes."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        stem = "2026-05-01_203015_pct"
        before = {folder / (f"{stem}.json" if n == 1 else f"{stem}_{n}.json"): f"old {n}" for n in taken}
        for path, text in before.items():
            path.write_text(text)
        paths = [GameFile.new(folder, "pct", now=NOW).write(f"new {i}") for i in range(games)]
        assert len(set(paths)) == games and not set(paths) & set(before)
        assert all(path.read_text() == text for path, text in before.items())
        assert [p.read_text() for p in paths] == [f"new {i}" for i in range(games)]


@pytest.mark.slow
def test_two_pitch_play_processes_started_at_once_keep_both_games(tmp_path: Path) -> None:
    pitch = str(Path(sys.executable).with_name("pitch"))
    runs = [subprocess.Popen([pitch, "play", "--all-bots", "--fast", "--bot", "random", "--max-hands", "1",
                              "--seed", str(seed), "--save-dir", str(tmp_path)],
                             stdout=subprocess.PIPE, text=True) for seed in (1, 2)]
    outputs = [run.communicate(timeout=60)[0] for run in runs]
    paths = {Path(out.split("Saved: ")[1].splitlines()[0]) for out in outputs}
    assert len(paths) == 2 and set(tmp_path.iterdir()) == paths
    seeds = {doc["seed"] for doc in map(read_saved, paths) if isinstance(doc, dict)}
    assert seeds == {1, 2}


def test_a_file_already_there_is_never_overwritten(tmp_path: Path) -> None:
    taken = tmp_path / "2026-05-01_203015_pct.json"
    taken.write_text("somebody else's")
    file = GameFile.new(tmp_path, "pct", now=NOW)
    assert file.write("mine") == tmp_path / "2026-05-01_203015_pct_2.json"
    assert taken.read_text() == "somebody else's"
    file.write("mine again")  # later saves replace the game's own file
    assert file.path is not None and file.path.read_text() == "mine again"


# -- resume -------------------------------------------------------------------------------------

def state(game: Game) -> tuple[object, ...]:
    """Everything that decides how a game goes on."""
    hand = game.hand
    return (game.scores, [h.log for h in game.history], hand.initial_hands, hand.initial_stock,
            hand.dealer, hand.log, hand.to_act, game.over)


@pytest.mark.parametrize("seed", [7, None])
def test_resume_goes_on_exactly_where_the_game_was_saved(tmp_path: Path, seed: int | None) -> None:
    """Saved in the middle of the third hand: the resumed game is in the same state; a seeded game
    then deals the same next hands as the game that was never stopped."""
    session = bots_session(tmp_path, seed=seed, human=2)
    while len(session.game.history) < 2 or len(session.game.hand.log) < 5:
        play_actions(session, 1)
    assert session.save() and session.save_path is not None
    resumed = Session.resume(read_saved(session.save_path), save_file=GameFile.at(session.save_path))
    assert state(resumed.game) == state(session.game)
    assert (resumed.seed, resumed.human, resumed.bot_name) == (seed, 2, "random")
    if seed is None:
        return
    for _ in range(80):  # both go on with the same actions
        if session.over:
            break
        action = session.game.hand.legal_actions()[0]
        for s in (session, resumed):
            s.unshown.clear()
            s.apply(action)
        assert state(resumed.game) == state(session.game)
    assert len(session.game.history) > 3


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.one_of(st.none(), st.integers(0, 2**64)), actions=st.integers(0, 70),
       variant=st.sampled_from(["pct", "ten-point", "seven-point", "auction-partners"]))
def test_any_saved_position_resumes_to_the_same_state(tmp_path: Path, seed: int | None, actions: int,
                                                       variant: str) -> None:
    """Wherever a game is saved (any preset, seeded or not, after any number of actions), the
    resumed game is in the same state."""
    session = Session(make_rules(variant), seed=seed, human=1, bot="random",
                      save_file=GameFile.new(tmp_path, variant, now=datetime.now()))
    for _ in range(actions):
        if session.over:
            break
        play_actions(session, 1)
    assert session.save() and session.save_path is not None
    if session.over:
        with pytest.raises(SaveError, match="this game is over"):
            Session.resume(read_saved(session.save_path), save_file=None)
        return
    resumed = Session.resume(read_saved(session.save_path), save_file=None)
    assert state(resumed.game) == state(session.game)


def test_a_quit_game_is_resumed_from_the_hand_just_dealt(tmp_path: Path) -> None:
    """Quitting before anyone acted still keeps the deal: resume shows the same cards."""
    session = bots_session(tmp_path, seed=None)
    assert session.save() and session.save_path is not None
    resumed = Session.resume(read_saved(session.save_path), save_file=None)
    assert state(resumed.game) == state(session.game)


def test_a_finished_game_is_not_resumed(tmp_path: Path) -> None:
    session = Session(make_rules("pct"), seed=3, human=None, bot="random", max_hands=1,
                      save_file=GameFile.new(tmp_path, "pct", now=NOW))
    while not session.over:
        play_actions(session, 1)
    assert session.save() and session.save_path is not None
    assert unfinished_games(tmp_path) == []
    with pytest.raises(SaveError, match="this game is over"):
        Session.resume(read_saved(session.save_path), save_file=None)


def unfinished(folder: Path, n: int) -> list[Path]:
    """``n`` unfinished bots-only games saved in ``folder``, saved one minute apart, oldest first."""
    paths = []
    for i in range(n):
        session = bots_session(folder, seed=i, max_hands=2)
        play_actions(session, 2)
        assert session.save() and session.save_path is not None
        os.utime(session.save_path, (1_700_000_000 + 60 * i,) * 2)
        paths.append(session.save_path)
    return paths


def test_resume_without_a_file_lists_the_most_recent_first(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    paths = unfinished(tmp_path, 3)
    (tmp_path / "notes.json").write_text("not a game")
    assert unfinished_games(tmp_path) == paths[::-1]
    lines: list[str] = []
    monkeypatch.setattr("typer.prompt", lambda *a, **k: 2)
    assert pick_saved(None, tmp_path, interactive=True, write=lines.append) == paths[1]
    assert lines[0] == f"Unfinished games in {tmp_path}, most recent first:"
    assert [line.split()[1] for line in lines[1:]] == [p.name for p in paths[::-1]]
    assert "(pct, hand 1, saved " in lines[1]


def test_pitch_play_resume_takes_the_most_recent_without_a_terminal(tmp_path: Path) -> None:
    paths = unfinished(tmp_path, 2)
    result = runner.invoke(app, ["play", "--resume", "--save-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"Resuming the most recent of 2 unfinished games: {paths[1].name} ")
    assert f"Saved: {paths[1]}\n" in result.stdout  # saved back into its own file
    doc = read_saved(paths[1])
    assert isinstance(doc, dict) and doc["finished"] is True and doc["seed"] == 1
    assert unfinished_games(tmp_path) == [paths[0]]
    by_name = runner.invoke(app, ["play", "--resume", paths[0].stem, "--save-dir", str(tmp_path)])
    assert by_name.exit_code == 0, by_name.output
    assert unfinished_games(tmp_path) == []
    none_left = runner.invoke(app, ["play", "--resume", "--save-dir", str(tmp_path)])
    assert none_left.exit_code == 2
    assert none_left.stderr.strip() == f"no unfinished games to resume in {tmp_path}"


@pytest.mark.parametrize(("text", "needle"), [
    ('{"hands": [', "not a saved game (not JSON)"),
    ('[{"variant": "pct"}]', "record: 'hands' must be a list"),
    ('{"human": "me", "hands": [{"variant": "pct"}]}', "saved game: 'human' must be a whole number"),
])
def test_resume_refuses_a_bad_file_in_one_line(tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    result = runner.invoke(app, ["play", "--resume", str(path)])
    assert result.exit_code == 2
    assert needle in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert path.read_text() == text


# -- deals --------------------------------------------------------------------------------------

def first_deals(tmp_path: Path, *seed: str) -> list[object]:
    """The first hand's deal of a game played by ``pitch play`` (seeded with ``seed`` if given)."""
    result = runner.invoke(app, ["play", "--all-bots", "--fast", "--bot", "random", "--max-hands", "1",
                                 "--save-dir", str(tmp_path), *seed])
    assert result.exit_code == 0, result.output
    doc = read_saved(Path(result.stdout.split("Saved: ")[1].splitlines()[0]))
    assert isinstance(doc, dict)
    hands = record_hands(doc)
    assert isinstance(hands[0], dict)
    assert ("seed" in doc) == bool(seed)
    return [hands[0]["hands"], hands[0]["stock"]]


def test_unseeded_games_deal_from_the_system_random_source(tmp_path: Path) -> None:
    """Two games without --seed deal differently (two equal shuffles of 52 cards: chance 1/52!),
    and no seed is shown or recorded."""
    assert first_deals(tmp_path) != first_deals(tmp_path)
    session = bots_session(tmp_path, seed=None)
    assert isinstance(session.game.rng, random.SystemRandom)
    assert session.game.clone().rng is session.game.rng


def test_a_seeded_game_replays_from_its_record(tmp_path: Path) -> None:
    """The record of a --seed game holds the seed and every hand's whole deck: dealing again from the
    seed and applying the recorded actions gives every recorded deal, whatever the bots chose."""
    result = runner.invoke(app, ["play", "--all-bots", "--fast", "--bot", "random", "--seed", "12",
                                 "--max-hands", "4", "--save-dir", str(tmp_path)])
    assert result.exit_code == 0
    doc = read_saved(Path(result.stdout.split("Saved: ")[1].splitlines()[0]))
    assert isinstance(doc, dict) and doc["seed"] == 12
    rules = make_rules("pct")
    game = Game(rules, seed=12)
    hands = record_hands(doc)
    assert len(hands) == 4
    for recorded in hands:
        assert isinstance(recorded, dict)
        dealt = [[str(c) for c in h] for h in game.hand.initial_hands]
        assert (dealt, [str(c) for c in game.hand.initial_stock]) == (recorded["hands"], recorded["stock"])
        assert len({c for h in dealt for c in h} | set(recorded["stock"])) == 52
        for entry in recorded["actions"]:
            for action in parse_action(rules, entry):
                game.apply(action)
    first = hands[0]
    assert isinstance(first, dict)
    assert first_deals(tmp_path, "--seed", "12") == [first["hands"], first["stock"]]


def test_the_bots_do_not_draw_from_the_deal(tmp_path: Path) -> None:
    """Bots have their own random sources: a seeded game's first deals are the engine's deals
    from that seed whichever bots play."""
    second_deals = []
    for bot in ("random", "heuristic"):
        session = Session(make_rules("pct"), seed=5, human=None, bot=bot)
        while len(session.game.history) < 2:
            play_actions(session, 1)
        assert session.game.history[0].initial_hands == Game(make_rules("pct"), seed=5).hand.initial_hands
        second_deals.append(session.game.history[1].initial_hands)
    assert second_deals[0] == second_deals[1]
