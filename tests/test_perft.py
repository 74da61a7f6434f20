"""Perft: the number of legal ways to play out fixed deals, per preset (``tests/data/perft.json``).

Any change in what is legal (following suit, trumping, the bidder's trump lead, naming trump after a
jack or joker lead, who leads the next trick) changes a count. The counts are recomputed by the
engine and by the independent model in :mod:`tests.reference`; regenerate the file with
``python -m tests.data.make_perft`` after a deliberate rule change.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pitchkit import Hand, presets
from tests.data.make_perft import PATH, load_position, perft, reference_count

POSITIONS: list[dict[str, Any]] = json.loads(PATH.read_text(encoding="utf-8"))["positions"]


@pytest.mark.parametrize("entry", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_perft_counts(entry: dict[str, Any]) -> None:
    hand = load_position(entry["record"])
    assert len(hand.tricks) == entry["tricks_played"] and not hand.trick
    leaves, deltas = perft(hand)
    assert (leaves, len(deltas)) == (entry["leaves"], entry["distinct_deltas"])
    assert reference_count(hand) == leaves
    for delta in deltas:  # every end of the hand is a legal result for the table
        assert len(delta) == hand.n_seats


def test_every_preset_has_perft_positions() -> None:
    by_preset: dict[str, int] = {}
    for entry in POSITIONS:
        name = entry["record"]["variant"]
        by_preset[name] = by_preset.get(name, 0) + 1
    assert set(by_preset) == set(presets())
    assert min(by_preset.values()) >= 2
    assert any(e["tricks_played"] == 0 for e in POSITIONS)


@pytest.mark.slow
def test_a_legality_change_changes_a_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """If following suit were not required, the counts would differ."""
    monkeypatch.setattr(Hand, "legal_play_mask", lambda self, seat: self.hands[seat])
    changed = False
    for entry in sorted(POSITIONS, key=lambda e: int(e["leaves"]))[:4]:  # the smallest trees first
        if perft(load_position(entry["record"]))[0] != entry["leaves"]:
            changed = True
            break
    assert changed
