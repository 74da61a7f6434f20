"""``pitch stats``: games, wins by preset and bids made or set, read back from the saved games and
checked against the games as they were played."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit import Bid, Game, Hand, make_rules
from pitchkit.bots import make_bot
from pitchkit.cli import app
from pitchkit.engine.record import game_record
from pitchkit.tui.saves import TableSetup, saved_document

runner = CliRunner()
#: games and the seat a person played in each (``None``: bots only)
Played = list[tuple[Game, int | None]]


def played(variant: str, seed: int, *, max_hands: int = 60) -> Game:
    """A game of heuristic bots (one deal each), stopped after ``max_hands`` if not over."""
    game = Game(make_rules(variant, {"deals-per-player": 1}), seed=seed)
    bots = [make_bot("heuristic", seed=seed + s) for s in range(game.rules.players)]
    while not game.over and len(game.history) < max_hands:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    return game


def counted(games: Played, keys: tuple[str, ...], count: Callable[[dict[str, int], Hand, int | None], None],
            ) -> dict[str, int]:
    """The games, games ended, games played by the person, left unfinished and won, and ``keys``
    counted by ``count`` for each hand played out (``res.made`` known)."""
    out = dict.fromkeys(("games", "finished", "played", "unfinished", "won", *keys), 0)
    for game, human in games:
        out["games"] += 1
        out["finished"] += game.end is not None
        if human is not None:
            out["played"] += 1
            out["unfinished"] += game.end is None
            out["won"] += game.end is not None and human in game.end.winners
        for hand in game.history:
            if hand.result is not None and hand.result.made is not None:
                count(out, hand, human)
    return out


def expected(games: Played) -> dict[str, int]:
    """The counts ``pitch stats`` should report, from the games themselves."""

    def bid(out: dict[str, int], hand: Hand, human: int | None) -> None:
        res = hand.result
        assert res is not None
        out["bids"] += 1
        out["made" if res.made else "set"] += 1
        if res.pitcher == human:
            out["your_bids"] += 1
            out["your_made" if res.made else "your_set"] += 1

    return counted(games, ("your_bids", "your_made", "your_set", "bids", "made", "set"), bid)


def save(folder: Path, name: str, doc: object) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps(doc), encoding="utf-8")


def stats_json(folder: Path) -> dict[str, Any]:
    result = runner.invoke(app, ["stats", "--json", "--save-dir", str(folder)])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert isinstance(doc, dict)
    return doc


def test_stats_count_games_wins_and_bids_by_preset(tmp_path: Path) -> None:
    mine: Played = [(played("pct", s), 0) for s in (1, 2, 3)]
    bots_only: Played = [(played("ten-point", 4), None)]
    stopped: Played = [(played("pct", 5, max_hands=2), 1)]
    for i, (game, human) in enumerate(mine + bots_only + stopped):
        doc = saved_document(game, TableSetup(i, human, "heuristic", None), finished=game.over)
        save(tmp_path, f"2025-01-0{i + 1}_120000_{game.rules.preset}.json", doc)
    legacy = played("seven-point", 6)
    save(tmp_path, "2024-12-31_120000_seven-point.json", game_record(legacy))
    save(tmp_path, "2024-12-30_120000_pct.json", {"hands": "not a game"})
    (tmp_path / "notes.txt").write_text("not a game")

    doc = stats_json(tmp_path)
    assert doc["by_preset"] == {"pct": expected(mine + stopped), "seven-point": expected([(legacy, None)]),
                                "ten-point": expected(bots_only)}
    assert doc["total"] == expected(mine + stopped + bots_only + [(legacy, None)])
    assert doc["unreadable"] == ["2024-12-30_120000_pct.json"]
    assert doc["total"]["played"] == 4 and doc["total"]["games"] == 6


def test_stats_table_and_an_empty_folder(tmp_path: Path) -> None:
    game = played("pct", 7)
    save(tmp_path, "g.json", saved_document(game, TableSetup(7, 2, "heuristic", None), finished=True))
    result = runner.invoke(app, ["stats", "--save-dir", str(tmp_path)], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert f"Saved games in {tmp_path}: 1 (1 finished)" in result.stdout
    assert "your bids made" in result.stdout and "pct" in result.stdout
    empty = runner.invoke(app, ["stats", "--save-dir", str(tmp_path / "none")])
    assert empty.exit_code == 0
    assert empty.stdout.startswith(f"Saved games in {tmp_path / 'none'}: 0 (0 finished)")


def test_a_game_quit_part_way_is_not_counted_as_a_loss(tmp_path: Path) -> None:
    """A game left after two hands has no winner yet: "you won" leaves it out (no "0/1") and says
    how many such games there are; a game played to the end still counts."""
    quit_early = played("pct", 5, max_hands=2)
    assert not quit_early.over
    save(tmp_path, "2025-03-01_120000_pct.json",
         saved_document(quit_early, TableSetup(5, 0, "heuristic", None), finished=False))
    result = runner.invoke(app, ["stats", "--save-dir", str(tmp_path)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if line.startswith("│ pct"))
    cells = [c.strip() for c in row.strip("│").split("│")]
    assert cells[:4] == ["pct", "1", "0", "-"], row
    assert "1 unfinished game of yours not counted" in result.stdout
    doc = stats_json(tmp_path)
    assert {k: doc["total"][k] for k in ("played", "unfinished", "won")} == {
        "played": 1, "unfinished": 1, "won": 0}

    finished = played("pct", 7)
    assert finished.end is not None
    seat = finished.end.winners[0]
    save(tmp_path, "2025-03-02_120000_pct.json",
         saved_document(finished, TableSetup(7, seat, "heuristic", None), finished=True))
    result = runner.invoke(app, ["stats", "--save-dir", str(tmp_path)], env={"COLUMNS": "120"})
    row = next(line for line in result.stdout.splitlines() if line.startswith("│ pct"))
    assert [c.strip() for c in row.strip("│").split("│")][3] == "1/1 (100%)", row
    assert "1 unfinished game of yours not counted" in result.stdout


def simulated(*args: str) -> dict[str, Any]:
    """``pitch simulate ... --json``, read back."""
    result = runner.invoke(app, ["simulate", *args, "--json", "--quiet"])
    assert result.exit_code == 0, result.output
    out: dict[str, Any] = json.loads(result.output)
    return out


def test_simulate_euchre_shows_makings_and_outcomes_not_point_categories() -> None:
    out = simulated("--variant", "euchre", "--hands", "300", "--engine")
    assert "points_per_category" not in out and "bids" not in out
    outcomes = out["outcomes"]
    assert list(outcomes) == ["made", "march", "alone-march", "euchre"]
    assert abs(sum(outcomes.values()) - 1) < 1e-3
    assert abs(outcomes["made"] + outcomes["march"] + outcomes["alone-march"] - out["made_rate"]) < 1e-3
    assert outcomes["euchre"] == out["euchred_rate"] > 0
    making = out["making"]
    assert abs(making["ordered_up"] + making["named"] - 1) < 1e-3
    assert 0 < making["named"] < making["ordered_up"] and 0 < making["alone"] < 1
    assert out["points_per_hand"] > 0


def test_simulate_euchre_options_add_their_outcomes() -> None:
    out = simulated("--variant", "euchre", "--hands", "100", "--engine",
                    "-o", "super-euchre-points=4", "-o", "going-alone=false")
    assert list(out["outcomes"]) == ["made", "march", "euchre", "super-euchre"]
    assert out["making"]["alone"] == 0


@pytest.mark.slow
def test_simulate_euchre_fast_path_agrees_with_the_engine() -> None:
    from pitchkit import fast

    fast_out = simulated("--variant", "euchre", "--hands", "4000")
    if not fast.available():
        pytest.skip("the compiled fast path is not installed")
    assert fast_out["path"] == "fast"
    engine_out = simulated("--variant", "euchre", "--hands", "1500", "--engine")
    for group in ("outcomes", "making"):
        for key, value in engine_out[group].items():
            assert abs(fast_out[group][key] - value) < 0.05, (group, key)


def expected_makes(games: Played) -> dict[str, int]:
    """The counts ``pitch stats`` should report for Euchre games, from the games themselves: each
    hand played out is a make, in round one unless every seat passed once, a march when the makers'
    side took every trick."""

    def make(out: dict[str, int], hand: Hand, human: int | None) -> None:
        res = hand.result
        assert res is not None and res.pitcher is not None
        passes = sum(1 for a in hand.log if isinstance(a, Bid) and a.amount is None)
        side = [s for s in range(4) if s % 2 == res.pitcher % 2]
        out["makes"] += 1
        out["ordered_up" if passes < 4 else "named"] += 1
        out["alone"] += hand.sitting_out is not None
        out["makes_made" if res.made else "euchred"] += 1
        out["marched"] += all(w in side for _, w in hand.tricks)
        if res.pitcher == human:
            out["your_makes"] += 1
            out["your_makes_made" if res.made else "your_euchred"] += 1

    return counted(games, ("your_makes", "your_makes_made", "your_euchred", "makes", "ordered_up", "named",
                           "alone", "makes_made", "marched", "euchred"), make)


def test_stats_count_euchre_makes_not_bids(tmp_path: Path) -> None:
    """At Euchre the makers' rates: ordered up or named in round two, alone, made, marched, euchred;
    the Pitch presets beside them keep their bids, and the total has both, each of its own family."""
    euchre: Played = [(played("euchre", s), 1) for s in (1, 2)]
    stick: Played = [(played("euchre-stick", 3), None)]
    pitch: Played = [(played("pct", 4), 0)]
    for i, (game, human) in enumerate(euchre + stick + pitch):
        doc = saved_document(game, TableSetup(i, human, "heuristic", None), finished=game.over)
        save(tmp_path, f"2025-02-0{i + 1}_120000_{game.rules.preset}.json", doc)
    doc = stats_json(tmp_path)
    assert doc["by_preset"] == {"euchre": expected_makes(euchre), "euchre-stick": expected_makes(stick),
                                "pct": expected(pitch)}
    assert doc["by_preset"]["euchre"]["makes"] > 0 and "bids" not in doc["by_preset"]["euchre"]
    both = expected_makes(euchre + stick)
    assert doc["total"] == {**expected(pitch), **both, **{k: expected(pitch)[k] + both[k] for k in
                                                         ("games", "finished", "played", "unfinished",
                                                          "won")}}
    table = runner.invoke(app, ["stats", "--save-dir", str(tmp_path)], env={"COLUMNS": "100"}).stdout
    assert "your bids made" in table and "your makes made" in table
    assert "How trump was made" in table and "euchred" in table and "round two" in table


def test_simulate_euchre_made_it_and_euchred_are_the_same_figures_above_and_in_the_outcomes() -> None:
    """The summary line's "made it" counts the marches and its "euchred" every kind of euchre; the
    outcomes table shows the same two totals, each over its parts."""
    result = runner.invoke(app, ["simulate", "--variant", "euchre", "--hands", "300", "--engine", "--quiet",
                                 "-o", "super-euchre-points=4"])
    assert result.exit_code == 0, result.output
    text = result.output
    top = re.search(r"made it (\d+\.\d)%, euchred (\d+\.\d)%", text)
    assert top is not None
    rows = dict(re.findall(r"│\s+(\S.*?)\s+│\s+(\d+\.\d)% │", text))
    assert (rows["made it"], rows["euchred"]) == top.groups()
    made_parts = ["made, not every trick", "a march (every trick)", "a march alone"]
    euchre_parts = ["a plain euchre", "without a trick (super-euchre)"]
    for total, parts in (("made it", made_parts), ("euchred", euchre_parts)):
        assert abs(sum(float(rows[p]) for p in parts) - float(rows[total])) <= 0.15
    assert "euchre " not in text.replace("a plain euchre", "")
