"""A bid's chance of being made from the share of sampled deals, solved with every card visible,
that make it. A pitcher who sees every card makes more than one at the table, so the share is
calibrated: per family of presets, a logistic curve in the share, the bid's height and the seat's
place in the auction, fitted on hands the ``pimc`` bot played out
(``benchmarks/advisor_calibration.py`` writes the table, ``advisor_calibration.json``). Presets
without a table take the share times :data:`~pitchkit.search.contract.PLAYED_OUT_DISCOUNT`. The
``expert`` bot and the bid advisor (:mod:`pitchkit.advice.advisor`) share it."""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from pitchkit.engine.errors import PitchError, quote
from pitchkit.engine.rules import Rules
from pitchkit.engine.view import View
from pitchkit.search import contract

#: the calibration tables, next to this module
CALIBRATION_FILE = "advisor_calibration.json"


@dataclass(frozen=True, slots=True)
class Calibration:
    """The chance of making a bid from its sampled share, for one family of presets:
    ``sigmoid(intercept + share * logit(s) + height * h + place * a)`` where ``s`` is the share of
    solved deals that make the bid, pulled towards a half by half a deal (so no share is 0 or 1),
    ``h`` the bid's height (0 for the lowest bid, 1 for the highest plain bid and above) and ``a`` the
    seat's place in the auction (0 for the first to bid, 1 for the dealer). ``share`` is never
    negative and ``height`` never positive, so the chance never falls as the share rises, nor rises
    with the bid."""

    family: str
    presets: tuple[str, ...]
    intercept: float
    share: float
    height: float
    place: float
    #: positions the curve was fitted on
    positions: int = 0

    def chance(self, made: int, solved: int, height: float, place: float) -> float:
        """The calibrated chance for ``made`` of ``solved`` deals making the bid."""
        s = (made + 0.5) / (solved + 1)
        z = self.intercept + self.share * math.log(s / (1 - s)) + self.height * height + self.place * place
        return 1.0 / (1.0 + math.exp(-z))

    @staticmethod
    def from_json(family: str, data: Mapping[str, Any]) -> Calibration:
        """One family's entry of the calibration file (a clear error for a malformed one)."""
        try:
            w = data["weights"]
            cal = Calibration(family, tuple(str(p) for p in data["presets"]), float(w["intercept"]),
                              float(w["share"]), float(w["height"]), float(w["place"]),
                              int(data.get("positions", 0)))
        except (KeyError, TypeError, ValueError) as e:
            raise PitchError(f"calibration {quote(family)}: malformed entry ({quote(str(e))})") from None
        if not all(map(math.isfinite, (cal.intercept, cal.share, cal.height, cal.place))):
            raise PitchError(f"calibration {quote(family)}: weights must be finite numbers")
        if cal.share < 0 or cal.height > 0:
            raise PitchError(f"calibration {quote(family)}: the share's weight must not be negative, "
                             "nor the height's positive")
        return cal

    def to_json(self) -> dict[str, Any]:
        """The entry as the calibration file has it."""
        return {"presets": list(self.presets), "positions": self.positions,
                "weights": {"intercept": self.intercept, "share": self.share, "height": self.height,
                            "place": self.place}}


def parse_calibrations(data: Mapping[str, Any]) -> dict[str, Calibration]:
    """The calibration per preset name from the file's JSON (``{"families": {name: entry}}``)."""
    out: dict[str, Calibration] = {}
    for family, entry in data.get("families", {}).items():
        cal = Calibration.from_json(family, entry)
        for preset in cal.presets:
            out[preset] = cal
    return out


@functools.cache
def calibrations() -> dict[str, Calibration]:
    """The package's calibration tables, per preset name."""
    text = resources.files("pitchkit.search").joinpath(CALIBRATION_FILE).read_text(encoding="utf-8")
    return parse_calibrations(json.loads(text))


def calibration_for(rules: Rules) -> Calibration | None:
    """The calibration of the rules' preset, if it has one."""
    return calibrations().get(rules.preset)


def bid_height(rules: Rules, bid: int) -> float:
    """0 for the lowest bid, 1 for the highest plain bid (and smudge bids)."""
    return min(1.0, (bid - rules.min_bid) / max(1, rules.max_bid - rules.min_bid))


def auction_place(view: View) -> float:
    """The seat's place in the auction: 0 for the first to bid, 1 for the dealer."""
    seats = view.seats
    n = len(seats)
    return ((seats.index(view.seat) - seats.index(view.dealer) - 1) % n) / max(1, n - 1)


def calibrated(rules: Rules, bid: int, made: int, solved: int, place: float,
               calibration: Calibration | None) -> float:
    """The chance of making ``bid`` when ``made`` of ``solved`` deals make it, from the seat's
    ``place`` in the auction (:func:`auction_place`): ``calibration``'s curve (for example
    ``calibration_for(rules)``), or the share times
    :data:`~pitchkit.search.contract.PLAYED_OUT_DISCOUNT` if None."""
    if calibration is None:
        return made / solved * contract.PLAYED_OUT_DISCOUNT
    return calibration.chance(made, solved, bid_height(rules, bid), place)
