"""Commit and reveal: ``pitch verify-deal`` (the real command, in a subprocess) on the record a
server exported for a whole game of pct (the ``games`` fixture).

- ``test_verify_deal_accepts_the_untouched_record``: exit status 0 and every hand verified.
- ``test_verify_deal_refuses_a_tampered_record``: the last hand's deck (two cards swapped, dealt or
  in the stock), salt, commitment or dealt hands changed, or a deck that matches a recomputed
  commitment but not the hands dealt: exit status 2 with one line naming the hand (a hand changed
  is caught by its replay: a card played that the seat was not dealt).
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

from tests.server.client import JSON, GameRun


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
