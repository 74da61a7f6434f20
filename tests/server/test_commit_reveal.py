"""Commit and reveal: ``pitch verify-deal`` (the real command, in a subprocess) on the record a
server exported for a whole game of pct (the ``games`` fixture).

- ``test_verify_deal_accepts_the_untouched_record``: exit status 0 and every hand verified.
- ``test_verify_deal_refuses_a_tampered_record``: the last hand's deck (two cards swapped, dealt or
  in the stock), salt, commitment or dealt hands changed, or a deck that matches a recomputed
  commitment but not the hands dealt: exit status 2 with one line naming the hand (a hand changed
  is caught by its replay: a card played that the seat was not dealt).
- ``test_every_hand_must_carry_its_deal_proof``: a record with one hand's proof removed is refused
  naming that hand, whichever hand it is (first, middle, last).
- ``test_an_extra_deal_proof_is_refused``: a proof with no hand dealt from it, appended to the
  record, and proofs kept outside the hands of a record's object form are refused.
- ``test_deal_proofs_out_of_order_are_refused``: two hands' proofs swapped, or one hand's proof
  copied over another's, are refused naming the first hand whose proof is another hand's.
- ``test_each_commitment_is_published_before_its_hands_first_action``: what a record cannot show
  (it holds no times), the spectator's stream does: each hand's ``deal`` event comes before the
  first action of that hand, and the commitments published are the record's, in order.
"""

from __future__ import annotations

import copy
import hashlib
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.server.client import JSON, GameRun, events


def verify_deal(record: object, folder: Path) -> subprocess.CompletedProcess[str]:
    """Run ``pitch verify-deal`` on ``record``."""
    path = folder / "record.json"
    path.write_text(json.dumps(record))
    return subprocess.run([sys.executable, "-m", "pitchkit.cli", "verify-deal", str(path)],
                          capture_output=True, text=True, timeout=60, check=False)


def swap_dealt(hand: JSON) -> None:
    deck = hand["deal"]["deck"]
    deck[0], deck[1] = deck[1], deck[0]


def swap_stock(hand: JSON) -> None:
    deck = hand["deal"]["deck"]
    deck[-1], deck[-2] = deck[-2], deck[-1]


def change_salt(hand: JSON) -> None:
    salt = hand["deal"]["salt"]
    hand["deal"]["salt"] = salt[:-1] + ("0" if salt[-1] != "0" else "1")


def change_commitment(hand: JSON) -> None:
    hand["deal"]["commitment"] = hashlib.sha256(b"another deck").hexdigest()


def swap_hands(hand: JSON) -> None:
    hand["hands"][0][0], hand["hands"][1][0] = hand["hands"][1][0], hand["hands"][0][0]


def recommit_another_deck(hand: JSON) -> None:
    deal = hand["deal"]
    deal["deck"] = deal["deck"][1:] + deal["deck"][:1]
    text = deal["salt"] + ":" + " ".join(deal["deck"])
    deal["commitment"] = hashlib.sha256(text.encode()).hexdigest()


TAMPERS: list[Callable[[JSON], None]] = [swap_dealt, swap_stock, change_salt, change_commitment, swap_hands,
                                         recommit_another_deck]


def test_verify_deal_accepts_the_untouched_record(games: dict[str, GameRun], tmp_path: Path) -> None:
    record = games["pct"].record
    done = verify_deal(record, tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"hands": len(record), "verified": len(record)}


@pytest.mark.parametrize("tamper", TAMPERS, ids=[t.__name__ for t in TAMPERS])
def test_verify_deal_refuses_a_tampered_record(games: dict[str, GameRun], tmp_path: Path,
                                               tamper: Callable[[JSON], None]) -> None:
    record = copy.deepcopy(games["pct"].record)
    last = len(record) - 1
    tamper(record[last])
    done = verify_deal(record, tmp_path)
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith(f"hand {last}: "), lines[0]


def refused_naming(record: object, folder: Path, hand: int | str) -> str:
    """Run ``pitch verify-deal`` on ``record``: exit status 2 and one line on standard error that
    names ``hand`` (a hand's index, or ``"record"``); returns that line."""
    done = verify_deal(record, folder)
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    prefix = f"hand {hand}: " if isinstance(hand, int) else f"{hand}: "
    assert lines[0].startswith(prefix), lines[0]
    return lines[0]


@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_every_hand_must_carry_its_deal_proof(games: dict[str, GameRun], tmp_path: Path, where: str) -> None:
    record = copy.deepcopy(games["pct"].record)
    assert len(record) >= 3
    hand = {"first": 0, "middle": len(record) // 2, "last": len(record) - 1}[where]
    del record[hand]["deal"]
    line = refused_naming(record, tmp_path, hand)
    assert "no deal proof" in line


def test_an_extra_deal_proof_is_refused(games: dict[str, GameRun], tmp_path: Path) -> None:
    record = copy.deepcopy(games["pct"].record)
    appended = [*record, {"deal": copy.deepcopy(record[0]["deal"])}]
    assert "extra deal proof" in refused_naming(appended, tmp_path, len(record))
    outside = {"hands": record, "deals": [copy.deepcopy(h["deal"]) for h in record]}
    assert "outside the hands" in refused_naming(outside, tmp_path, "record")
    beside = {"hands": record, "deal": copy.deepcopy(record[0]["deal"])}
    assert "outside the hands" in refused_naming(beside, tmp_path, "record")


def test_deal_proofs_out_of_order_are_refused(games: dict[str, GameRun], tmp_path: Path) -> None:
    record = games["pct"].record
    swapped = copy.deepcopy(record)
    swapped[1]["deal"], swapped[2]["deal"] = swapped[2]["deal"], swapped[1]["deal"]
    assert refused_naming(swapped, tmp_path, 1).startswith("hand 1: its deal proof is hand 2's")
    copied = copy.deepcopy(record)
    copied[3]["deal"] = copy.deepcopy(record[0]["deal"])
    assert refused_naming(copied, tmp_path, 3).startswith("hand 3: its deal proof is hand 0's")


def test_each_commitment_is_published_before_its_hands_first_action(games: dict[str, GameRun]) -> None:
    for variant, run in games.items():
        published: list[str] = []
        committed = False  # the hand in play has had its deal event
        for event in events(run.spectator.frames):
            if event["kind"] == "deal":
                published.append(event["commitment"])
                committed = True
            elif event["kind"] == "hand_over":
                assert event["reveal"]["commitment"] == published[-1], variant
                committed = False
            elif event["kind"] == "action":
                assert committed, f"{variant}: an action of hand {len(published)} before its commitment"
        played = [hand["deal"]["commitment"] for hand in run.record]
        assert published[:len(played)] == played, variant
