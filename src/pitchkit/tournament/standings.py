"""Standings of an event, recomputed from its results alone.

Elimination: the champion first, then every entrant by the last round reached and the score there;
disqualified entrants last. Sections: each section by matches won, then point difference (a side's
final score minus the best other side's at its table, summed; for two a table, the margin)."""

from __future__ import annotations

from typing import Any

from pitchkit.tournament.event import Event, RulingEntry, Table

Row = dict[str, Any]


def _status(event: Event, e: int) -> str:
    if e == event.champion:
        return "champion"
    return event.entrants[e].out or ("finished" if event.stage == "finished" else "in the event")


def elimination_rows(event: Event) -> list[Row]:
    """Every entrant that has been seated: the last round reached and the score there."""
    last: dict[int, tuple[int, int | None]] = {}
    for r in event.rounds:
        for e in r.byes:
            last[e] = (r.number, None)
        for t in r.tables:
            for i, e in enumerate(t.entrants):
                last[e] = (r.number, t.result.scores[i] if t.result else None)
    order = sorted(last, key=lambda e: (e != event.champion, (event.entrants[e].out or "").startswith("disq"),
                                        -last[e][0], -(last[e][1] or 0), e))
    return [{"place": i + 1, "entrant": event.entrants[e].name, "round": last[e][0], "score": last[e][1],
             "status": _status(event, e), "entrant_id": e} for i, e in enumerate(order)]


def section_rows(event: Event, section: str) -> list[Row]:
    """A section's standings: matches won (with Swiss pairing a bye counts as one), then point
    difference."""
    members = event.sections[section]
    won = dict.fromkeys(members, 0)
    played = dict.fromkeys(members, 0)
    diff = dict.fromkeys(members, 0)
    for r in event.rounds:
        for t in r.tables:
            if t.section != section or t.result is None:
                continue
            scores = t.result.scores
            for i, e in enumerate(t.entrants):
                played[e] += 1
                won[e] += e in t.result.winners
                diff[e] += scores[i] - max(s for j, s in enumerate(scores) if j != i)
    if event.pairing == "swiss":
        # a Swiss bye counts as a match won, with no point difference
        for r in event.rounds:
            if (r.stage == "champions") == (section == "Champions"):
                for e in r.byes:
                    if e in won:
                        won[e] += 1
    order = sorted(members, key=lambda e: (-won[e], -diff[e], e))
    return [{"place": i + 1, "entrant": event.entrants[e].name, "played": played[e], "won": won[e],
             "difference": diff[e], "status": _status(event, e), "entrant_id": e}
            for i, e in enumerate(order)]


def standings(event: Event) -> dict[str, Any]:
    """The standings as data: the format, the champion (or None) and the rows."""
    champion = None if event.champion is None else event.entrants[event.champion].name
    out: dict[str, Any] = {"format": event.format, "preset": event.preset, "champion": champion}
    if event.kind == "elimination":
        out["standings"] = elimination_rows(event)
    else:
        out["sections"] = {name: section_rows(event, name) for name in event.sections}
    return out


def standings_rows(event: Event) -> list[Row]:
    """The standings as flat rows (a ``section`` column for sections), without entrant numbers."""
    if event.kind == "elimination":
        rows = elimination_rows(event)
    else:
        rows = [{"section": name, **row} for name in event.sections for row in section_rows(event, name)]
    return [{k: v for k, v in row.items() if k != "entrant_id"} for row in rows]


def status(event: Event) -> dict[str, Any]:
    """Where the event stands: the round and its tables (results in or missing), the standings so far
    and the rulings (misplays; seed 003's table rulings and seed 004's misconduct with their ``detail``)."""
    r = event.current
    out: dict[str, Any] = {"format": event.format, "preset": event.preset, "stage": event.stage,
                           "status": event.status, "entrants": len(event.entrants)}
    names = [e.name for e in event.entrants]
    if r is not None:
        tables = [{"table": t.number, "section": t.section, "entrants": [names[e] for e in t.entrants],
                   "seats": event.seat_names(t), "result": None if t.result is None else {
                       "scores": t.result.scores, "winners": [names[e] for e in t.result.winners],
                       "reason": t.result.reason, "record": f"games/{t.result.record}"}, **_sheet_state(t)}
                  for t in r.tables]
        out["round"] = {"number": r.number, "stage": r.stage, "closed": r.closed, "tables": tables,
                        "byes": [names[e] for e in r.byes],
                        "missing": [t.number for t in r.tables if t.result is None]}
    table = standings(event)
    out["standings"] = {k: v for k, v in table.items() if k in ("champion", "standings", "sections")}
    out["rulings"] = [_ruling_row(g) for g in event.rulings]
    return out


def _sheet_state(table: Table) -> Row:
    """A physical table's score sheet in progress: how many hands, and whether the last waits for a
    judge."""
    if table.sheet is None or table.result is not None:
        return {}
    hands = table.sheet.get("hands", [])
    return {"sheet": {"hands": len(hands), "waiting": bool(hands) and "judge" not in hands[-1]}}


def _ruling_row(g: RulingEntry) -> Row:
    row: Row = {"round": g.round, "table": g.table, "seat": g.seat, "player": g.player}
    if g.kind == "misplay":
        return {**row, "correctable": g.correctable, "disqualified": g.disqualified}
    return {**row, "ruling": g.kind, "hand": g.hand, "detail": g.detail}


def public(value: Any) -> Any:
    """Standings or status without the internal entrant numbers."""
    if isinstance(value, dict):
        return {k: public(v) for k, v in value.items() if k != "entrant_id"}
    if isinstance(value, list):
        return [public(v) for v in value]
    return value
