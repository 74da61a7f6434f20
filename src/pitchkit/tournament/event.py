"""A tournament event as data: its format, entrants, rounds, tables, results and rulings, kept in one
JSON file (``event.json``) that is always replaced atomically, so that a crash never loses or corrupts
it, and checked whenever it is read.

Formats are named defaults over two kinds of event: **elimination** (Go-Rounds: the field is seated at
random at tables as even as possible, the best of each table go on, one final table decides the
champion: ``darrtown``, ``knockout``) and **sections** (sections that play round robin, ranked by
matches won then point difference, the leaders going on to a Tournament of Champions: ``unl``,
``round-robin``). Any preset can be played in any format.
"""

from __future__ import annotations

import json
import os
import random
import stat
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pitchkit.engine.errors import PitchError, quote
from pitchkit.engine.presets import make_rules
from pitchkit.engine.rules import Rules

#: the file that holds an event, in the event's folder
EVENT_FILE = "event.json"
#: the event file's format version
VERSION = 1
#: how the matches of a section are paired
PAIRINGS = ("round-robin", "swiss")


class DeskError(PitchError):
    """A tournament command that cannot be done, or an event file that cannot be read."""


@dataclass(frozen=True)
class Format:
    """A tournament format: its kind and its defaults (each may be changed when the event is made)."""

    kind: str
    preset: str
    table_size: int | None
    advance: int
    section_size: int
    clock: float
    summary: str
    #: an elimination event's rounds before its final table
    early_round: str = "knockout round"


#: the formats by name (``table_size`` None: the preset's seats, or its teams)
FORMATS: dict[str, Format] = {
    "darrtown": Format("elimination", "pct-tournament", 4, 1, 0, 0.0,
                       "Darrtown Go-Rounds (seed 000): tables of two to four, table winners go on",
                       "go-round"),
    "knockout": Format("elimination", "pct", None, 1, 0, 0.0,
                       "single elimination for any preset: table winners go on to one final table"),
    "unl": Format("sections", "ten-point", None, 2, 8, 45.0,
                  "UNL Ten-Point partners (seed 003): sections, round robin, the Tournament of Champions"),
    "round-robin": Format("sections", "pct", None, 1, 0, 0.0,
                          "round robin for any preset: every entrant meets every other once"),
}


@dataclass
class Entrant:
    """A player, or a team (its players in seat order); ``out`` says why it left the field."""

    players: list[str]
    out: str | None = None

    @property
    def name(self) -> str:
        """The entrant's name: the player, or the team's players joined by ``&``."""
        return " & ".join(self.players)


@dataclass
class Result:
    """A table's verified result: each side's final score, the winning sides (entrant numbers), why,
    and the game record's file under ``games/``."""

    scores: list[int]
    winners: list[int]
    reason: str
    hands: int
    record: str
    stopped: bool = False


@dataclass
class Table:
    """One table of a round: the entrants in side order (side ``i`` sits at the seats of team ``i``,
    or at seat ``i`` for individuals) and, once in, its result."""

    number: int
    entrants: list[int]
    section: str | None = None
    result: Result | None = None
    #: a physical table's score sheet so far (``tournament.sheet``), None for a card-by-card record
    sheet: dict[str, Any] | None = None


@dataclass
class Round:
    """A round: its tables, the entrants with a bye, and whether ``advance`` has closed it."""

    number: int
    stage: str
    tables: list[Table]
    byes: list[int] = field(default_factory=list)
    closed: bool = False


@dataclass
class RulingEntry:
    """A line of the desk's ruling log: a misplay (seed 000 tournament rules 36-38; ``correctable``,
    and whether it ``disqualified`` the player), or one of seed 003's table rulings (``kind``:
    ``exposed card``, ``pitch out of turn``, ``void hand``, ``protest``) or of seed 004's misconduct
    at Euchre (``renege``, ``table talk``, ``dealing out of turn``) made in the table's hand ``hand``
    (its index in the table's record) with its ``detail`` in words."""

    round: int
    table: int
    seat: int
    entrant: int
    player: str
    correctable: bool
    disqualified: bool
    kind: str = "misplay"
    hand: int | None = None
    detail: str = ""


@dataclass
class Judge:
    """A judge who confirms the hands of physical tables with a PIN (kept only as a salted scrypt
    hash)."""

    name: str
    initials: str
    salt: str
    pin_hash: str


@dataclass
class Event:
    """A whole event. ``schedule`` holds each section's round-robin rounds (lists of tables of
    entrant numbers); ``stage`` is ``entry``, then ``go-rounds`` or ``sections`` and ``champions``,
    then ``finished``."""

    format: str
    preset: str
    options: dict[str, Any]
    seed: int | None
    table_size: int
    advance: int
    section_size: int
    clock: float
    minutes_per_hand: float = 3.0
    #: how a section's matches are paired: ``round-robin`` or ``swiss``
    pairing: str = "round-robin"
    #: rounds of a Swiss section (0: ``swiss.default_rounds`` of the section's size)
    swiss_rounds: int = 0
    entrants: list[Entrant] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    sections: dict[str, list[int]] = field(default_factory=dict)
    schedule: dict[str, list[list[list[int]]]] = field(default_factory=dict)
    stage: str = "entry"
    rulings: list[RulingEntry] = field(default_factory=list)
    champion: int | None = None
    judges: list[Judge] = field(default_factory=list)

    @property
    def kind(self) -> str:
        """``elimination`` or ``sections``."""
        return FORMATS[self.format].kind

    @property
    def rules(self) -> Rules:
        """The rules at a full table."""
        return self.table_rules(self.table_size)

    def table_rules(self, sides: int) -> Rules:
        """The rules of a table of ``sides`` entrants."""
        base = make_rules(self.preset, self.options, stored=True)
        return base if base.teams else make_rules(self.preset, self.options, players=sides, stored=True)

    @property
    def team_size(self) -> int:
        """Players per entrant: 1 for individuals, else a team's size."""
        base = make_rules(self.preset, self.options, stored=True)
        return base.players // base.teams if base.teams else 1

    @property
    def least_sides(self) -> int:
        """The fewest entrants a table can be played with."""
        base = make_rules(self.preset, self.options, stored=True)
        return base.teams if base.teams else base.min_players

    @property
    def current(self) -> Round | None:
        """The latest round, or None before the first."""
        return self.rounds[-1] if self.rounds else None

    @property
    def status(self) -> str:
        """Where the event stands, in words."""
        r = self.current
        if self.champion is not None:
            return "finished"
        if r is None:
            return "entry"
        if r.closed:
            return f"round {r.number} closed"
        missing = sum(1 for t in r.tables if t.result is None)
        return f"round {r.number}: {missing} result(s) missing" if missing else f"round {r.number} complete"

    def active(self, entrant: int) -> bool:
        """True while the entrant is in the field (not eliminated or disqualified)."""
        return self.entrants[entrant].out is None

    def seat_names(self, table: Table) -> list[str]:
        """The player at each seat of a table."""
        rules = self.table_rules(len(table.entrants))
        teams = rules.teams or rules.players
        return [self.entrants[table.entrants[s % teams]].players[s // teams] for s in range(rules.players)]

    def rng(self, *parts: object) -> random.Random:
        """The random source of one step of the event: the operating system's CSPRNG, or with a
        seed a source derived from the seed and the step alone (so a step gives the same draw
        whenever, and however often, it is run)."""
        if self.seed is None:
            return random.SystemRandom()
        return random.Random(":".join(map(str, (self.seed, *parts))))


def new_event(fmt: str, *, preset: str | None = None, options: dict[str, Any] | None = None,
              seed: int | None = None, table_size: int | None = None, advance: int | None = None,
              section_size: int | None = None, clock: float | None = None, pairing: str = "round-robin",
              swiss_rounds: int = 0) -> Event:
    """A new event of format ``fmt`` with the format's defaults for every setting not given;
    ``pairing`` (sections) is ``round-robin`` or ``swiss`` with ``swiss_rounds`` rounds (0: the
    default for each section's size)."""
    if fmt not in FORMATS:
        raise DeskError(f"unknown format {quote(fmt)}; formats are: {', '.join(FORMATS)}")
    f = FORMATS[fmt]
    event = Event(fmt, preset or f.preset, dict(options or {}), seed, 0,
                  f.advance if advance is None else advance,
                  f.section_size if section_size is None else section_size,
                  f.clock if clock is None else clock, pairing=pairing, swiss_rounds=swiss_rounds)
    base = make_rules(event.preset, event.options)
    event.preset = base.preset
    default = f.table_size or (base.teams or base.players)
    if base.teams and table_size is not None and table_size != base.teams:
        raise DeskError(f"--table-size: {base.preset} is played by partners, {base.teams} teams of "
                        f"{base.players // base.teams} at each table; leave --table-size out")
    event.table_size = base.teams or (default if table_size is None else table_size)
    check_settings(event)
    return event


def check_settings(event: Event) -> None:
    """Refuse settings that cannot make an event (the options themselves were checked when it was
    made: :func:`new_event`)."""
    base = make_rules(event.preset, event.options, stored=True)
    if base.teams and base.players != base.teams * event.team_size:
        raise DeskError("the preset's teams must be of equal size")
    if not base.teams and not base.min_players <= event.table_size <= base.max_players:
        raise DeskError(f"--table-size must be {base.min_players} to {base.max_players} for {base.preset}")
    if event.kind == "elimination" and not 1 <= event.advance < event.table_size:
        raise DeskError(f"--advance must be 1 to {event.table_size - 1} at tables of {event.table_size}")
    if event.kind == "sections" and event.advance < 1:
        raise DeskError("--advance must be at least 1")
    if event.section_size != 0 and event.section_size < 2:
        raise DeskError("--section-size must be 0 (one section) or at least 2")
    if event.pairing not in PAIRINGS:
        raise DeskError(f"unknown pairing {quote(event.pairing)}; pairings are: {', '.join(PAIRINGS)}")
    if event.pairing == "swiss" and (event.kind != "sections" or event.table_size != 2):
        raise DeskError("Swiss pairing is for sections of matches of two sides (unl, round-robin at "
                        "tables of two)")
    if not 0 <= event.swiss_rounds <= 1000 or (event.swiss_rounds and event.pairing != "swiss"):
        raise DeskError("--rounds is 1 to 1000, for Swiss pairing only")
    if not 0 <= event.clock <= 24 * 60 or not 0 < event.minutes_per_hand <= 60:
        raise DeskError("--clock must be 0 (none) to 1440 minutes")
    event.table_rules(event.table_size)


def shown_hand(index: int | None) -> str:
    """A hand's index in a record or a sheet (0 for the first) as the desk shows it to people: its
    row on the printed score sheet, 1 for the first (``-`` for none)."""
    return "-" if index is None else str(index + 1)


def write_text(path: Path, text: str) -> None:
    """Write a file so that it is either the old or the new text, whatever happens meanwhile. A new
    file gets the usual mode, 0644 (a temporary file's, 0600, would hide a round's printable sheets
    or the standings from a print queue or a web server); a file written again keeps its mode."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.chmod(tmp, stat.S_IMODE(path.stat().st_mode))
        except FileNotFoundError:
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: Path, data: object, *, indent: int | None = None) -> None:
    """Write JSON atomically (see :func:`write_text`)."""
    write_text(path, json.dumps(data, indent=indent) + "\n")


def save(folder: Path, event: Event) -> None:
    """Write ``folder/event.json`` atomically."""
    data = {"version": VERSION, **asdict(event), "status": event.status}
    write_json(folder / EVENT_FILE, data, indent=1)


def load(folder: Path) -> Event:
    """Read and check ``folder/event.json``; a missing or bad file is a one-line :class:`DeskError`."""
    path = folder / EVENT_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DeskError(f"no event in {folder}: make one with pitch tournament create") from None
    except (OSError, UnicodeDecodeError) as e:
        raise DeskError(f"event: cannot read {path}: {getattr(e, 'strerror', None) or e}") from None
    except (ValueError, RecursionError) as e:
        raise DeskError(f"event: {path} is not valid JSON ({str(e).splitlines()[0][:60]})") from None
    try:
        event = _from_json(data)
        check_settings(event)
        _check_references(event)
    except PitchError as e:
        raise DeskError(f"event: {path}: {e}") from None
    return event


def _need(obj: object, key: str, kind: type | tuple[type, ...], where: str = "") -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise DeskError(f"{where}{key} is missing")
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in (
            kind if isinstance(kind, tuple) else (kind,))):
        raise DeskError(f"{where}{key} has the wrong type: {quote(value)}")
    return value


def _optional(obj: object, key: str, kind: type | tuple[type, ...], default: Any) -> Any:
    """A field that event files written before it existed may leave out."""
    return _need(obj, key, kind) if isinstance(obj, dict) and key in obj else default


def _ints(values: object, where: str) -> list[int]:
    if not isinstance(values, list) or not all(type(v) is int for v in values):
        raise DeskError(f"{where} must be a list of whole numbers")
    return list(values)


def _from_json(data: object) -> Event:
    if _need(data, "version", int) != VERSION:
        raise DeskError(f"version must be {VERSION}")
    fmt = _need(data, "format", str)
    if fmt not in FORMATS:
        raise DeskError(f"unknown format {quote(fmt)}")
    seed = _need(data, "seed", (int, type(None)))
    champion = _need(data, "champion", (int, type(None)))
    number = (int, float)
    event = Event(fmt, _need(data, "preset", str), _need(data, "options", dict), seed,
                  _need(data, "table_size", int), _need(data, "advance", int),
                  _need(data, "section_size", int), float(_need(data, "clock", number)),
                  float(_need(data, "minutes_per_hand", number)),
                  pairing=_optional(data, "pairing", str, "round-robin"),
                  swiss_rounds=_optional(data, "swiss_rounds", int, 0),
                  stage=_need(data, "stage", str), champion=champion)
    for i, e in enumerate(_need(data, "entrants", list)):
        players = _need(e, "players", list, f"entrants[{i}].")
        if not players or not all(isinstance(p, str) and p for p in players):
            raise DeskError(f"entrants[{i}].players must be names")
        event.entrants.append(Entrant(players, _need(e, "out", (str, type(None)), f"entrants[{i}].")))
    for i, r in enumerate(_need(data, "rounds", list)):
        where = f"rounds[{i}]."
        tables = [_table(t, f"{where}tables[{j}].") for j, t in enumerate(_need(r, "tables", list, where))]
        event.rounds.append(Round(_need(r, "number", int, where), _need(r, "stage", str, where), tables,
                                  _ints(_need(r, "byes", list, where), f"{where}byes"),
                                  _need(r, "closed", bool, where)))
    for name, members in _need(data, "sections", dict).items():
        event.sections[name] = _ints(members, f"sections.{name}")
    for name, rounds in _need(data, "schedule", dict).items():
        if not isinstance(rounds, list) or not all(isinstance(r, list) for r in rounds):
            raise DeskError(f"schedule.{name} must be a list of rounds")
        event.schedule[name] = [[_ints(t, f"schedule.{name}") for t in r] for r in rounds]
    for i, g in enumerate(_need(data, "rulings", list)):
        w = f"rulings[{i}]."
        event.rulings.append(RulingEntry(_need(g, "round", int, w), _need(g, "table", int, w),
                                         _need(g, "seat", int, w), _need(g, "entrant", int, w),
                                         _need(g, "player", str, w), _need(g, "correctable", bool, w),
                                         _need(g, "disqualified", bool, w),
                                         _optional(g, "kind", str, "misplay"),
                                         _optional(g, "hand", (int, type(None)), None),
                                         _optional(g, "detail", str, "")))
    for i, j in enumerate(_optional(data, "judges", list, [])):
        w = f"judges[{i}]."
        event.judges.append(Judge(_need(j, "name", str, w), _need(j, "initials", str, w),
                                  _need(j, "salt", str, w), _need(j, "pin_hash", str, w)))
    return event


def _table(t: object, where: str) -> Table:
    result = _need(t, "result", (dict, type(None)), where)
    entrants = _ints(_need(t, "entrants", list, where), f"{where}entrants")
    table = Table(_need(t, "number", int, where), entrants, _need(t, "section", (str, type(None)), where),
                  sheet=_optional(t, "sheet", (dict, type(None)), None))
    if result is not None:
        w = f"{where}result."
        table.result = Result(_ints(_need(result, "scores", list, w), f"{w}scores"),
                              _ints(_need(result, "winners", list, w), f"{w}winners"),
                              _need(result, "reason", str, w), _need(result, "hands", int, w),
                              _need(result, "record", str, w), _need(result, "stopped", bool, w))
    return table


def _check_references(event: Event) -> None:
    n = len(event.entrants)
    stages = {"entry", "go-rounds", "sections", "champions", "finished"}
    if event.stage not in stages:
        raise DeskError(f"unknown stage {quote(event.stage)}")
    if any(len(e.players) != event.team_size for e in event.entrants):
        raise DeskError(f"an entrant without {event.team_size} player(s)")
    if event.champion is not None and not 0 <= event.champion < n:
        raise DeskError("the champion is not an entrant")
    for r in event.rounds:
        for t in r.tables:
            if not t.entrants or not all(0 <= e < n for e in t.entrants) \
                    or len(set(t.entrants)) != len(t.entrants):
                raise DeskError(f"round {r.number} table {t.number}: its entrants are not entrants")
            if t.result is not None and (len(t.result.scores) != len(t.entrants)
                                         or not set(t.result.winners) <= set(t.entrants)
                                         or "/" in t.result.record or t.result.record.startswith(".")):
                raise DeskError(f"round {r.number} table {t.number}: a result that does not fit the table")
        if not all(0 <= e < n for e in r.byes):
            raise DeskError(f"round {r.number}: a bye for no entrant")
    for members in [*event.sections.values(),
                    *(t for rounds in event.schedule.values() for r in rounds for t in r)]:
        if not all(0 <= e < n for e in members):
            raise DeskError("a section holds no such entrant")
    if any(not 0 <= g.entrant < n for g in event.rulings):
        raise DeskError("a ruling names no such entrant")
