"""The desk's event as one JSON document, for a desk that keeps it somewhere other than a folder (the
online desk of ``pitch serve`` keeps it in the database), and the parts of running an event online
that need no server: the match clock's stop read from when the hands finished, the hands of a
table's game in words for a judge, and the public picture of an event.

Every change goes through the same :class:`~pitchkit.tournament.director.Desk` as ``pitch tournament``:
the document is put in a scratch folder, opened (and so checked) as an ``event.json``, changed by
the desk, saved and read back with the game records the step wrote. The document is therefore
exactly an ``event.json``, and a step is checked exactly as the command would check it.
"""

from __future__ import annotations

import csv
import io
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from pitchkit.engine.errors import PitchError
from pitchkit.engine.game import Game
from pitchkit.engine.presets import rules_label
from pitchkit.engine.record import record_hands, replay_game, result_json
from pitchkit.tournament.director import Desk
from pitchkit.tournament.event import EVENT_FILE, DeskError, Event, Table
from pitchkit.tournament.rulings import MISCONDUCT, misconduct_names, misplay_offered
from pitchkit.tournament.standings import public, standings, standings_rows

T = TypeVar("T")


@dataclass(frozen=True)
class Stepped(Generic[T]):
    """What a desk step gave back, the event document after it, and the game records it wrote
    (file name to JSON text)."""

    value: T
    document: str
    games: dict[str, str] = field(default_factory=dict)


def _folder_with(root: Path, document: str) -> Path:
    (root / "games").mkdir()
    (root / EVENT_FILE).write_text(document, encoding="utf-8")
    return root


def new_document(event: Event) -> str:
    """The document of a new event (as ``pitch tournament create`` writes it)."""
    with tempfile.TemporaryDirectory(prefix="pitchkit-desk-") as tmp:
        Desk.create(Path(tmp), event)
        return (Path(tmp) / EVENT_FILE).read_text(encoding="utf-8")


def read_event(document: str) -> Event:
    """The event of a document, checked as an ``event.json`` is when read."""
    return step(document, lambda desk: desk.event).value


def step(document: str, change: Callable[[Desk], T]) -> Stepped[T]:
    """Run ``change`` on the desk of ``document``. A :class:`DeskError` leaves nothing changed (the
    caller keeps the old document)."""
    with tempfile.TemporaryDirectory(prefix="pitchkit-desk-") as tmp:
        folder = _folder_with(Path(tmp), document)
        try:
            desk = Desk.open(folder)
        except DeskError as e:
            raise DeskError(f"the stored event: {str(e).removeprefix(f'{folder / EVENT_FILE}: ')}") from None
        value = change(desk)
        desk.save()
        games = {p.name: p.read_text(encoding="utf-8") for p in sorted((folder / "games").glob("*.json"))}
        return Stepped(value, (folder / EVENT_FILE).read_text(encoding="utf-8"), games)


# -- the match clock ----------------------------------------------------------------------------------


def hands_before(finished_at: Sequence[float], deadline: float) -> int:
    """How many hands had finished when the clock stopped (``finished_at``: each hand's finishing
    time, in order)."""
    return sum(1 for t in finished_at if t < deadline)


def side_scores(game: Game, sides: int) -> list[int]:
    """Each side's score (a side is a seat, or a team's seats)."""
    rules = game.rules
    return [game.scores[next(s for s in range(rules.players) if rules.team_of(s) == side)]
            for side in range(sides)]


def stopped_hands(record: Sequence[object], before: int, sides: int) -> int | None:
    """The hands a game stopped by the clock is entered with: the hand in progress at the stop
    (hand ``before + 1``) played out, then one more hand at a time while the leaders are tied;
    ``None`` until the record holds that many hands."""
    for count in range(before + 1, len(record) + 1):
        game, _ = replay_game(list(record[:count]))
        scores = side_scores(game, sides)
        if game.over or scores.count(max(scores)) == 1:
            return count
    return None


# -- what people see --------------------------------------------------------------------------------------


def hand_lines(record: Sequence[object]) -> list[dict[str, Any]]:
    """Each finished hand of a game record for a judge: the dealer, the pitcher and bid (at Euchre
    the maker, and no bid), the points and the scores after it."""
    if not record:
        return []
    try:
        _, hands = replay_game(list(record_hands(list(record))))
    except PitchError as e:
        raise DeskError(f"record: {e}") from None
    out = []
    for i, hand in enumerate(hands):
        res = result_json(hand)
        out.append({"hand": i + 1, "dealer": hand.dealer, "pitcher": res.get("pitcher", res.get("maker")),
                    "bid": res.get("bid"), "trump": res.get("trump"), "misdeal": bool(res.get("misdeal")),
                    "ruling": res.get("ruling"), "points": _points(res.get("awards")),
                    "delta": res.get("delta"), "scores": res.get("scores")})
    return out


def _points(awards: object) -> list[list[object]]:
    """The points a hand scored: ``[point, seat]`` each."""
    if not isinstance(awards, list):
        return []
    return [[a["point"], a["seat"]] for a in awards if a.get("scored", True)]


def table_line(event: Event, table: Table) -> dict[str, Any]:
    """A table of the open round as everyone may see it: its entrants, who sits where, its result."""
    names = [event.entrants[e].name for e in table.entrants]
    out: dict[str, Any] = {"table": table.number, "section": table.section, "entrants": names,
                           "seats": event.seat_names(table), "result": None}
    if table.result is not None:
        out["result"] = {"scores": table.result.scores, "winners": [event.entrants[e].name
                                                                    for e in table.result.winners],
                         "reason": table.result.reason, "hands": table.result.hands,
                         "stopped": table.result.stopped}
    return out


def misconduct_offered(event: Event) -> list[dict[str, object]]:
    """The misconduct rulings the event's rules offer (seed 004's at Euchre), each with the points
    the other team receives and ``deal_passes``: the ruling passes the deal to the next seat (the
    dealer's failing to offer the cut) in place of awarding points."""
    return [{"name": name, "points": MISCONDUCT[name].points, "deal_passes": MISCONDUCT[name].dealer}
            for name in misconduct_names(event.rules)]


def rulings_offered(event: Event) -> dict[str, list[Any]]:
    """The rulings the event's rules offer a judge: ``misconduct`` (:func:`misconduct_offered`) and
    ``misplay``, the misplays offered (``correctable``: true, false; seed 000's, at Pitch)."""
    return {"misconduct": misconduct_offered(event),
            "misplay": [c for c in (True, False) if misplay_offered(event.rules, correctable=c)]}


def board(event: Event) -> dict[str, Any]:
    """The public picture of an event: its settings, where it stands, the open round's tables and
    byes, the standings (names only: no entrant numbers, links or secrets), the rulings, the
    misconduct rulings its rules offer and the misplays they offer (``correctable``: true, false)."""
    r = event.current
    out: dict[str, Any] = {"format": event.format, "preset": event.preset, "rules": rules_label(event.rules),
                           "stage": event.stage, "status": event.status, "clock": event.clock,
                           "entrants": [e.name for e in event.entrants], "round": None}
    if r is not None:
        out["round"] = {"number": r.number, "stage": r.stage, "closed": r.closed,
                        "tables": [table_line(event, t) for t in r.tables],
                        "byes": [event.entrants[e].name for e in r.byes]}
    table = public(standings(event))
    out["champion"] = table["champion"]
    out["standings"] = table.get("standings")
    out["sections"] = table.get("sections")
    out["rulings"] = [{"round": g.round, "table": g.table, "seat": g.seat, "player": g.player, "kind": g.kind,
                       "hand": g.hand, "detail": g.detail, "correctable": g.correctable,
                       "disqualified": g.disqualified}
                      for g in event.rulings]
    out.update(rulings_offered(event))
    return out


def standings_csv(event: Event) -> str:
    """The standings as CSV, the columns of ``standings.csv``."""
    rows = standings_rows(event)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]) if rows else ["place"], lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()
