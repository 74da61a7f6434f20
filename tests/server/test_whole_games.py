"""Whole games of all seven presets, each played by one websocket client per seat and watched by a
spectator; the seven games run at once on one server (the fixture ``games``). Each player
takes the first action of the ``legal`` list it is sent (the fewest cards of a compact discard).

What the tests prove, for every preset, on each database:

- ``test_exported_record_scores_to_the_final_scores``: the game ends, and its exported record
  (``GET /api/tables/{id}/record``) replays under ``pitch score`` to the scores and winner the table
  showed its players.
- ``test_verify_deal_accepts_the_exported_record``: ``pitch verify-deal`` accepts every hand.
- ``test_spectator_never_receives_a_hidden_card``: on every frame a spectator receives, every card
  anywhere in it (``hand_over`` events aside) was already played in the hand (``state.trick`` and
  ``state.tricks``, or a play announced in that frame), or is a card of the public cut.
- ``test_seat_receives_only_its_own_cards``: the same for each seat, which may also see its own
  hand, discards, passed and received cards (and its own discard that ended a hand); its legal
  actions name only its own cards and are sent only on its turn.
- ``test_hands_are_disjoint_at_every_version``: the seats' ``hand`` lists at one version never share
  a card, and each has the size that ``hand_sizes`` announces.
- ``test_hand_over_carries_only_played_cards``: a ``hand_over`` result names only cards played in
  that hand (and the card turned up for everyone, Euchre's upcard), and its reveal hashes (SHA-256
  of salt, ``:`` and deck) to the commitment.
- ``test_commitment_is_published_before_the_hand``: each hand's commitment came in a ``deal`` event
  before any action of the hand, the table showed it during the hand, and the reveal repeats it.
- ``test_every_client_sees_every_change_in_order``: each connection's events have consecutive
  sequence numbers up to the final version, and the spectator's actions are the record's actions
  (a discard or a pass shown as a count).
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from typing import Any

import pytest
from typer.testing import CliRunner

from pitchkit.cli.app import app
from pitchkit.engine.presets import presets
from pitchkit.engine.record import score_document
from tests.server.client import (
    Conn,
    GameRun,
    as_others_see,
    cards_in,
    events,
    frames_with_state,
    hidden_cards,
    over,
    record_plays,
)

PRESETS = list(presets())


def assert_contiguous(conn: Conn) -> None:
    seqs = [e["seq"] for e in events(conn.frames) if "seq" in e]
    start = conn.frames[0]["version"]
    assert seqs == list(range(start + 1, conn.frames[-1]["version"] + 1))


@pytest.mark.parametrize("variant", PRESETS)
def test_exported_record_scores_to_the_final_scores(games: dict[str, GameRun], variant: str) -> None:
    game = games[variant]
    assert over(game.final)
    result = score_document(game.record)
    assert result["complete"] is True
    assert result["scores"] == game.final["table"]["scores"]
    assert result["winner"] == game.final["table"]["winner"]
    assert len(game.record) == game.final["table"]["hand"]
    for conn in game.seats:
        assert conn.frames[-1]["table"] == game.final["table"]


@pytest.mark.parametrize("variant", PRESETS)
def test_verify_deal_accepts_the_exported_record(games: dict[str, GameRun], variant: str,
                                                 tmp_path: Any) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(games[variant].record))
    done = CliRunner().invoke(app, ["verify-deal", str(path)])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout) == {"hands": len(games[variant].record),
                                                     "verified": len(games[variant].record)}


@pytest.mark.parametrize("variant", PRESETS)
def test_spectator_never_receives_a_hidden_card(games: dict[str, GameRun], variant: str) -> None:
    frames = list(frames_with_state(games[variant].spectator.frames))
    assert len(frames) > 20
    for frame in frames:
        assert "seat" not in frame and "hand" not in frame["state"] and "legal" not in frame["state"]
        hidden = hidden_cards(frame)
        assert not hidden, f"version {frame['version']}: the spectator was sent {sorted(hidden)}"


@pytest.mark.parametrize("variant", PRESETS)
def test_seat_receives_only_its_own_cards(games: dict[str, GameRun], variant: str) -> None:
    for conn in games[variant].seats:
        for frame in frames_with_state(conn.frames):
            state = frame["state"]
            assert frame["seat"] == conn.seat == state["seat"]
            hidden = hidden_cards(frame)
            assert not hidden, f"version {frame['version']}: seat {conn.seat} was sent {sorted(hidden)}"
            assert set(cards_in(state["legal"])) <= set(state["hand"])
            if state["to_act"] != conn.seat:
                assert state["legal"] == []


@pytest.mark.parametrize("variant", PRESETS)
def test_hands_are_disjoint_at_every_version(games: dict[str, GameRun], variant: str) -> None:
    by_version: dict[int, list[set[str]]] = defaultdict(list)
    for conn in games[variant].seats:
        for frame in frames_with_state(conn.frames):
            state = frame["state"]
            assert len(state["hand"]) == state["hand_sizes"][conn.seat]
            by_version[frame["version"]].append(set(state["hand"]))
    assert by_version
    for version, hands in by_version.items():
        assert sum(len(h) for h in hands) == len(set().union(*hands)), f"version {version}"


@pytest.mark.parametrize("variant", PRESETS)
def test_hand_over_carries_only_played_cards(games: dict[str, GameRun], variant: str) -> None:
    game = games[variant]
    for conn in [game.spectator, *game.seats]:
        overs = [e for e in events(conn.frames) if e["kind"] == "hand_over"]
        assert [e["hand"] for e in overs] == list(range(len(game.record)))
        for e in overs:
            named = set(cards_in(e["result"]))
            # a card turned face up for everyone (Euchre's upcard) is public too
            shown = {e["result"]["upcard"]} if e["result"].get("upcard") else set()
            assert named <= record_plays(game.record[e["hand"]]) | shown, f"hand {e['hand']}: {sorted(named)}"
            reveal = e["reveal"]
            text = reveal["salt"] + ":" + " ".join(reveal["deck"])
            assert hashlib.sha256(text.encode()).hexdigest() == reveal["commitment"]
            assert reveal == game.record[e["hand"]]["deal"]


@pytest.mark.parametrize("variant", PRESETS)
def test_commitment_is_published_before_the_hand(games: dict[str, GameRun], variant: str) -> None:
    game = games[variant]
    commitments: list[str] = []
    for frame in game.spectator.frames:
        for e in frame.get("events", []):
            if e["kind"] == "deal":
                commitments.append(e["commitment"])
            elif e["kind"] == "action":
                assert commitments, "an action came before any deal was committed to"
            elif e["kind"] == "hand_over":
                assert e["hand"] == len(commitments) - 1
                assert e["reveal"]["commitment"] == commitments[-1]
        if frame.get("state") is not None and not over(frame):
            assert frame["table"]["commitment"] == commitments[-1]
    assert len(commitments) == len(game.record)


@pytest.mark.parametrize("variant", PRESETS)
def test_every_client_sees_every_change_in_order(games: dict[str, GameRun], variant: str) -> None:
    game = games[variant]
    for conn in [game.spectator, *game.seats]:
        assert_contiguous(conn)
        assert conn.frames[-1]["version"] == game.final["version"]
    seen = [e["action"] for e in events(game.spectator.frames) if e["kind"] == "action"]
    assert seen == [as_others_see(a) for hand in game.record for a in hand["actions"]]
