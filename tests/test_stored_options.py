"""Options saved before an option that takes no part in a preset was refused (a table, a saved game,
an event made with ``min-bid`` at Euchre, which changed nothing there) are left out when read back,
so the game goes on; the same options given anew are refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pitchkit.bench.selfplay import random_engine_action
from pitchkit.engine.errors import InapplicableOptionError, RecordError
from pitchkit.engine.game import Game
from pitchkit.engine.presets import make_rules
from pitchkit.engine.record import game_record, replay_game
from pitchkit.server.store import LogEntry
from pitchkit.server.tables import TableState
from pitchkit.tournament.event import EVENT_FILE, load, new_event, save


def test_a_stored_option_that_takes_no_part_is_left_out_not_refused() -> None:
    with pytest.raises(InapplicableOptionError, match="min-bid does not apply to euchre"):
        make_rules("euchre", {"min-bid": 3})
    assert make_rules("euchre", {"min-bid": 3}, stored=True) == make_rules("euchre")
    # only that option: the others still count
    kept = make_rules("euchre", {"min-bid": 3, "target": 11}, stored=True)
    assert kept == make_rules("euchre", {"target": 11})


def test_a_game_saved_with_such_an_option_replays_as_saved_and_a_record_given_anew_is_refused() -> None:
    game = Game(make_rules("euchre"), seed=4)
    rng = random.Random(4)
    while game.hands_scored < 2:
        game.apply(random_engine_action(game.hand, rng))
    docs: list[object] = list(game_record(game))
    first = docs[0]
    assert isinstance(first, dict)
    docs[0] = {**first, "options": {"min-bid": 3}}  # as an older pitchkit wrote it
    replayed, hands = replay_game(docs, stored=True)
    assert replayed.scores == game.scores and len(hands) == len(docs)
    with pytest.raises(RecordError, match="min-bid does not apply"):
        replay_game(docs)


def test_an_online_table_created_with_such_an_option_is_rebuilt() -> None:
    state = TableState("t")
    seats = [{"kind": "bot", "bot": "heuristic"}] * 4
    state.replay(LogEntry("t", 1, "create", {"variant": "euchre", "options": {"min-bid": 3}, "players": 4,
                                             "seats": seats}, 0.0))
    assert state.rules == make_rules("euchre")


def test_an_event_saved_with_such_an_option_loads(tmp_path: Path) -> None:
    event = new_event("knockout", preset="euchre")
    save(tmp_path, event)
    data = json.loads((tmp_path / EVENT_FILE).read_text(encoding="utf-8"))
    data["options"] = {"min-bid": 3}  # as an older pitchkit wrote it
    (tmp_path / EVENT_FILE).write_text(json.dumps(data), encoding="utf-8")
    assert load(tmp_path).rules == event.rules
    with pytest.raises(InapplicableOptionError):
        new_event("knockout", preset="euchre", options={"min-bid": 3})
