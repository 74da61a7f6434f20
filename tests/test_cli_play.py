"""``pitch play --all-bots --fast`` for every preset and player count, saved games that ``pitch score``
accepts, ``pitch replay --text``, and one-line errors for bad options."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from pitchkit.cli import app
from pitchkit.engine.presets import make_rules, presets
from pitchkit.engine.rules import Rules
from pitchkit.tui.saves import ENV_VAR, games_dir

runner = CliRunner()

CASES = [(name, n) for name, p in presets().items()
         for n in range(p.rules.min_players, p.rules.max_players + 1)]


def bots_game(tmp_path: Path, *extra: str, variant: str = "pct", players: int | None = None,
              seed: int = 1) -> Result:
    """``pitch play --all-bots --fast`` with random bots, saving into ``tmp_path``."""
    args = ["play", "--all-bots", "--fast", "--bot", "random", "--seed", str(seed), "--variant", variant,
            "--save-dir", str(tmp_path), *extra]
    if players is not None:
        args += ["--players", str(players)]
    return runner.invoke(app, args)


def saved_path(result: Result) -> Path:
    """The file named on the ``Saved:`` line."""
    line = next(x for x in result.stdout.splitlines() if x.startswith("Saved: "))
    return Path(line.removeprefix("Saved: "))


def score(path: Path) -> dict[str, object]:
    """``pitch score FILE`` as JSON (asserting it accepts the file)."""
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert isinstance(doc, dict)
    return doc


def end_words(rules: Rules, scores: list[int], winners: list[int]) -> tuple[str, str]:
    """The final scores and the winners as the game's end says them: each fixed team once with its
    players (``team A 7 (Seat 0 and Seat 2)``), else each seat."""
    if not rules.teams:
        return (", ".join(f"Seat {s} {v}" for s, v in enumerate(scores)),
                " and ".join(f"Seat {s}" for s in winners))
    teams = [[s for s in range(rules.players) if s % rules.teams == t] for t in range(rules.teams)]
    names = [", ".join(f"Seat {s}" for s in team[:-1]) + f" and Seat {team[-1]}" for team in teams]
    final = ", ".join(f"team {'ABCDEFGHI'[t]} {scores[team[0]]} ({names[t]})" for t, team in enumerate(teams))
    won = " and ".join(f"team {'ABCDEFGHI'[t]}, {names[t]}" for t, team in enumerate(teams)
                       if set(team) <= set(winners))
    return final, won


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_bots_play_a_whole_game(tmp_path: Path, variant: str, players: int) -> None:
    """Every preset at every table size: the game ends with a winner (one deal each keeps it short),
    and the saved record replays to the same scores and winner."""
    result = bots_game(tmp_path, "--option", "deals-per-player=1", "--max-hands", "40",
                       variant=variant, players=players, seed=players)
    assert result.exit_code == 0, result.output
    doc = score(saved_path(result))
    assert doc["complete"] is True
    winners = doc["winner"]
    assert isinstance(winners, list) and winners
    scores = doc["scores"]
    assert isinstance(scores, list)
    final, winner = end_words(make_rules(variant, {}, players=players), scores, winners)
    assert f"Final scores: {final}\n" in result.stdout
    assert f"Winner: {winner} (" in result.stdout
    hands = doc["hands"]
    assert isinstance(hands, list)
    assert len(re.findall(r"^Hand \d+: ", result.stdout, flags=re.M)) == len(hands)


def test_the_log_shows_deal_auction_tricks_and_result(tmp_path: Path) -> None:
    result = bots_game(tmp_path, "--max-hands", "1")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("pitchkit pct: 4 players, target 11, seed 1, bots: random\n")
    assert len(re.findall(r"^  Seat \d dealt: (\w\w ){5}\w\w$", out, flags=re.M)) == 4
    assert re.search(r"^  Auction: Seat \d (passes|bids \d|runs it)", out, flags=re.M)
    assert len(re.findall(r"^  Trick \d: .* -> Seat \d$", out, flags=re.M)) in (6, 9)
    assert re.search(r"^  Seat \d bid \d with \w+ trump, took \d+ points? and (made it|was set)\.$",
                     out, flags=re.M)
    assert "No winner: stopped after 1 hand;" in out


def test_a_stopped_game_is_saved_unfinished(tmp_path: Path) -> None:
    result = bots_game(tmp_path, "--max-hands", "2", "--target", "99")
    assert result.exit_code == 0
    doc = score(saved_path(result))
    assert doc["complete"] is False and doc["winner"] is None
    assert isinstance(doc["hands"], list) and len(doc["hands"]) == 2


def test_same_seed_same_game(tmp_path: Path) -> None:
    one = bots_game(tmp_path / "a", "--max-hands", "3", seed=9)
    two = bots_game(tmp_path / "b", "--max-hands", "3", seed=9)
    assert one.stdout.split("Saved: ")[0] == two.stdout.split("Saved: ")[0]
    assert saved_path(one).read_text() == saved_path(two).read_text()


def test_without_a_terminal_all_bots_prints_the_log(tmp_path: Path) -> None:
    """CliRunner's stdin is no terminal: --all-bots alone falls back to the plain log."""
    result = runner.invoke(app, ["play", "--all-bots", "--bot", "random", "--seed", "3", "--max-hands", "1",
                                 "--save-dir", str(tmp_path)])
    assert result.exit_code == 0
    assert "Hand 1: " in result.stdout and "Final scores: " in result.stdout


def test_saved_file_name_and_folder_from_the_environment(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env-games"))
    result = runner.invoke(app, ["play", "--all-bots", "--fast", "--bot", "random", "--seed", "2",
                                 "--max-hands", "1", "-v", "setback"])
    assert result.exit_code == 0
    path = saved_path(result)
    assert path.parent == tmp_path / "env-games"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d_\d{6}_auction\.json", path.name)
    listing = runner.invoke(app, ["replay"])
    assert listing.exit_code == 0
    assert path.name in listing.stdout


def test_default_games_folder_is_the_user_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    folder = games_dir()
    assert folder.name == "games" and folder.parent.name == "pitchkit"
    assert games_dir("~/x") == Path("~/x").expanduser()


def test_no_save_writes_nothing(tmp_path: Path) -> None:
    result = bots_game(tmp_path, "--max-hands", "1", "--no-save")
    assert result.exit_code == 0
    assert "Saved:" not in result.stdout
    assert list(tmp_path.iterdir()) == []


def test_replay_text_prints_the_saved_game_as_played(tmp_path: Path) -> None:
    """The saved record, replayed through the engine, prints the same hands, scores and winner."""
    played = bots_game(tmp_path, "--option", "deals-per-player=1", variant="ten-point", seed=4)
    assert played.exit_code == 0
    replayed = runner.invoke(app, ["replay", "--text", str(saved_path(played))])
    assert replayed.exit_code == 0, replayed.stderr
    body = played.stdout.splitlines()[1:-1]
    assert replayed.stdout.splitlines()[1:] == body
    assert replayed.stdout.startswith("pitchkit ten-point, modified: deals-per-player: 4 players, ")


def test_replay_of_an_unfinished_game_says_so(tmp_path: Path) -> None:
    played = bots_game(tmp_path, "--max-hands", "1", "--target", "99")
    replayed = runner.invoke(app, ["replay", str(saved_path(played))])  # no terminal: text
    assert replayed.exit_code == 0
    assert replayed.stdout.rstrip().endswith("No winner: the game was left unfinished.")


def test_replay_text_heading_counts_a_single_hand_in_the_singular(tmp_path: Path) -> None:
    played = bots_game(tmp_path, "--max-hands", "1")
    replayed = runner.invoke(app, ["replay", "--text", str(saved_path(played))])
    assert replayed.stdout.startswith("pitchkit pct: 4 players, 1 hand\n")


@pytest.mark.parametrize(("args", "needle"), [
    (["play", "--variant", "nosuch"], "unknown variant 'nosuch'"),
    (["play", "--option", "target"], "write NAME=VALUE"),
    (["play", "--option", "target=abc"], "option target: expected a whole number"),
    (["play", "--option", "colour=red"], "unknown option 'colour'"),
    (["play", "--players", "8"], "pct is for 2-6 players, not 8"),
    (["play", "--variant", "ten-point", "--players", "3"], "ten-point is for 4 players, not 3"),
    (["play", "--seat", "4"], "--seat 4: seats are 0 to 3"),
    (["play", "--bot", "nosuch"], "unknown bot 'nosuch'"),
    (["play", "--fast"], "--fast needs --all-bots"),
    (["play", "--all-bots", "--max-hands", "0"], "--max-hands must be at least 1"),
    (["play"], "pitch play needs a terminal"),
    (["replay", "/nonexistent/game.json"], "record: cannot read /nonexistent/game.json"),
])
def test_bad_options_give_one_line_and_status_2(args: list[str], needle: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert needle in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_replay_rejects_an_invalid_record(tmp_path: Path) -> None:
    played = bots_game(tmp_path, "--max-hands", "1")
    path = saved_path(played)
    doc = json.loads(path.read_text())
    doc["hands"][0]["actions"][0] = {"seat": 9, "bid": 2}
    path.write_text(json.dumps(doc))
    result = runner.invoke(app, ["replay", "--text", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("hand 0: action 0")
    assert len(result.stderr.strip().splitlines()) == 1


def check_every_card_was_dealt(log: str, rules: Rules) -> int:
    """Follow each seat's cards through a text log: every card discarded, passed or played was dealt
    to the seat, taken from the pack or passed to it before; a finished (not misdealt) hand ends
    with nothing held. Returns how many cards came from the pack."""
    held: dict[str, set[str]] = {}
    from_pack = 0

    def finish() -> None:
        if held and not misdeal:
            assert all(not cards for cards in held.values()), held

    misdeal = False
    for line in log.splitlines():
        if re.match(r"Hand \d+: ", line) or line.startswith("Final scores"):
            finish()
            held, misdeal = {}, False
        elif m := re.fullmatch(r"  (Seat \d) dealt: (.*)", line):
            held[m[1]] = set(m[2].split())
        elif m := re.fullmatch(r"  (Seat \d) takes (.*) from the stock"
                                r"|  (Seat \d) takes the rest of the stock: (.*)", line):
            seat, cards = (m[1], m[2]) if m[1] else (m[3], m[4])
            held[seat] |= set(cards.split())
            from_pack += len(cards.split())
        elif m := re.fullmatch(r"  Seat (\d): pass (.*) to the partner", line):
            cards = set(m[2].split())
            assert cards <= held[f"Seat {m[1]}"], line
            held[f"Seat {m[1]}"] -= cards
            held[f"Seat {rules.partner_of(int(m[1]))}"] |= cards
        elif m := re.fullmatch(r"  (Seat \d): discard (.*)", line):
            assert set(m[2].split()) <= held[m[1]], line
            held[m[1]] -= set(m[2].split())
        elif line.startswith("  Trick "):
            for seat, card in re.findall(r"(Seat \d) (\w\w)\b", line.split(" -> ")[0]):
                assert card in held[seat], f"{seat} played {card}, not held: {line}"
                held[seat].discard(card)
        elif line.startswith("  Misdeal"):
            misdeal = True
    return from_pack


@pytest.mark.parametrize(("variant", "seed"), [("pct", 1), ("pct", 5), ("ten-point", 2), ("seven-point", 3)])
def test_the_text_log_shows_every_card_taken_from_the_pack(tmp_path: Path, variant: str, seed: int) -> None:
    """Run it (pct), the draw and the stock the bidder takes (ten-point): no card is played or
    discarded that the log did not show the seat receive, in the game and in its replay."""
    played = bots_game(tmp_path, "--max-hands", "8", "--target", "99", variant=variant, seed=seed)
    assert played.exit_code == 0, played.output
    rules = make_rules(variant)
    taken = check_every_card_was_dealt(played.stdout, rules)
    if variant == "ten-point":
        assert taken > 0
        assert re.search(r"^  Seat \d takes the rest of the stock: ", played.stdout, flags=re.M)
    replayed = runner.invoke(app, ["replay", "--text", str(saved_path(played))])
    assert replayed.exit_code == 0, replayed.output
    assert check_every_card_was_dealt(replayed.stdout, rules) == taken


@pytest.mark.slow
def test_running_it_shows_the_extra_cards(tmp_path: Path) -> None:
    """A pct hand the dealer runs: the three extra cards of each seat follow the first auction."""
    for seed in range(1, 40):
        result = bots_game(tmp_path, "--max-hands", "1", "--no-save", seed=seed)
        if " runs it\n" in result.stdout:
            break
    else:
        pytest.fail("no seed ran it")
    rest = result.stdout.partition(" runs it\n")[2]
    assert re.match(r"(  Seat \d takes \w\w \w\w \w\w from the stock\n){4}  Auction: ", rest)
    check_every_card_was_dealt(result.stdout, make_rules("pct"))


def test_replay_by_the_listed_name(tmp_path: Path) -> None:
    """``pitch replay NAME`` takes the name ``pitch replay`` lists, with or without ``.json``."""
    played = bots_game(tmp_path, "--max-hands", "1")
    path = saved_path(played)
    listing = runner.invoke(app, ["replay", "--save-dir", str(tmp_path)])
    assert f"  {path.name}" in listing.stdout.splitlines()
    expected = runner.invoke(app, ["replay", "--text", str(path)]).stdout
    for name in (path.name, path.stem):
        result = runner.invoke(app, ["replay", "--text", "--save-dir", str(tmp_path), name])
        assert result.exit_code == 0, result.output
        assert result.stdout == expected


def test_replay_of_an_unknown_name_is_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", "--save-dir", str(tmp_path), "nosuch"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "record: cannot read nosuch: No such file or directory"


def test_replay_text_names_the_players_a_tournament_record_names(tmp_path: Path) -> None:
    """A table's record from the tournament desk names its players by seat; the replay says who
    dealt and bid, not "Seat 0"."""
    played = bots_game(tmp_path, "--max-hands", "1")
    doc = json.loads(saved_path(played).read_text(encoding="utf-8"))
    names = ["Ann", "Bob", "Cy", "Dee"]
    record = tmp_path / "table.json"
    record.write_text(json.dumps({**doc, "players": names}), encoding="utf-8")
    replayed = runner.invoke(app, ["replay", "--text", str(record)])
    assert replayed.exit_code == 0, replayed.stderr
    assert "Seat " not in replayed.stdout
    assert any(replayed.stdout.count(name) > 1 for name in names)
