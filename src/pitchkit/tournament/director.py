"""The tournament desk: an event in a folder (``event.json`` and ``games/``) and what a director does
to it: add entrants, seat a round, enter and verify each table's game record, record misplay
rulings, advance, export. Every step checks its input and raises :class:`DeskError` (one line)
before it changes anything; the command line saves the event after each step.
"""

from __future__ import annotations

import copy
import csv
import io
from collections.abc import Callable, Sequence
from pathlib import Path

from pitchkit.engine.cards import Card
from pitchkit.engine.errors import PitchError, quote
from pitchkit.engine.game import Game
from pitchkit.engine.hand import Hand
from pitchkit.engine.options import option_text
from pitchkit.engine.presets import rules_label
from pitchkit.engine.record import action_json, record_hands, replay_game
from pitchkit.tournament import darrtown, swiss, unl
from pitchkit.tournament.event import (
    EVENT_FILE,
    FORMATS,
    DeskError,
    Entrant,
    Event,
    Result,
    Round,
    RulingEntry,
    Table,
    load,
    save,
    shown_hand,
    write_json,
    write_text,
)
from pitchkit.tournament.notes import (
    EXPOSED,
    PROTEST,
    Note,
    check_notes,
    exposed_card,
    out_of_turn,
    protest,
    record_notes,
)
from pitchkit.tournament.physical import PhysicalTables
from pitchkit.tournament.rulings import (
    MISCONDUCT,
    MISPLAY,
    OUT_OF_TURN,
    VOID,
    MisplayLog,
    check_rulings,
    ending_names,
    misconduct_names,
    misplay_offered,
    ruling_on,
)
from pitchkit.tournament.sheet import is_sheet
from pitchkit.tournament.standings import public, section_rows, standings, standings_rows
from pitchkit.tournament.tables import play_table

#: the most entrants an event takes
MAX_ENTRANTS = 4096
#: seed 003's table rulings, and seed 004's misconduct at Euchre (``table_ruling``)
TABLE_RULINGS = (EXPOSED, OUT_OF_TURN, VOID, PROTEST, *MISCONDUCT)
#: the reason a game stopped by the match clock ends with
STOPPED = "ahead at the stop"


def read_entrants(text: str) -> list[list[str]]:
    """Rows of names from CSV text (``name[,partner]``); blank lines and a ``name`` header skipped."""
    rows = [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text))]
    rows = [[c for c in row if c] for row in rows]
    rows = [row for row in rows if row]
    if rows and rows[0][0].lower() == "name":
        rows = rows[1:]
    return rows


class Desk(PhysicalTables):
    """An event and its folder."""

    def __init__(self, folder: Path, event: Event) -> None:
        self.folder = folder
        self.event = event

    @classmethod
    def open(cls, folder: Path) -> Desk:
        """The event in ``folder`` (checked as it is read)."""
        return cls(folder, load(folder))

    @classmethod
    def create(cls, folder: Path, event: Event) -> Desk:
        """Make ``folder`` (if needed) and write a new event in it; refused if it holds one."""
        if (folder / EVENT_FILE).exists():
            raise DeskError(f"{folder} already holds an event")
        (folder / "games").mkdir(parents=True, exist_ok=True)
        desk = cls(folder, event)
        desk.save()
        return desk

    def save(self) -> None:
        """Write the event (atomically)."""
        save(self.folder, self.event)

    # entry

    def add(self, rows: Sequence[Sequence[str]]) -> int:
        """Register entrants (one row of names each: a player, or a team's players); returns how many."""
        ev = self.event
        if ev.stage != "entry":
            raise DeskError("entries are closed: the first round is seated")
        size = ev.team_size
        taken = {p.casefold() for e in ev.entrants for p in e.players}
        new: list[Entrant] = []
        for i, row in enumerate(rows, start=1):
            if len(row) != size:
                want = "one name" if size == 1 else f"{size} names (a team)"
                raise DeskError(f"row {i}: {quote(', '.join(row))}: each row must hold {want}")
            for name in row:
                if len(name) > 60 or not name.isprintable():
                    raise DeskError(
                        f"row {i}: {quote(name)} is not a name (printable, 60 characters at most)")
                if name.casefold() in taken:
                    raise DeskError(f"row {i}: {quote(name)} is entered already")
                taken.add(name.casefold())
            new.append(Entrant(list(row)))
        if len(ev.entrants) + len(new) > MAX_ENTRANTS:
            raise DeskError(f"an event takes at most {MAX_ENTRANTS} entrants")
        ev.entrants += new
        return len(new)

    # rounds

    def seat(self) -> Round:
        """Seat the next round: the next Go-Round, or the next round of the sections' round robin.
        Refused (:class:`DeskError`) with the event as it was."""
        before = copy.deepcopy(self.event)
        try:
            return self._seat()
        except DeskError:
            # seating decides the stage, the sections and the draw before it can tell that no round fits
            self.event.__dict__.update(before.__dict__)
            raise

    def _seat(self) -> Round:
        ev = self.event
        if ev.stage == "finished":
            raise DeskError("the event is over")
        if ev.current is not None and not ev.current.closed:
            raise DeskError(f"round {ev.current.number} is still open: enter its results, then advance")
        field = [e for e in range(len(ev.entrants)) if ev.active(e)]
        if ev.stage == "entry":
            if len(field) < 2:
                raise DeskError("a tournament needs two entrants at least: add them with --csv")
            ev.stage = "go-rounds" if ev.kind == "elimination" else "sections"
            if ev.kind == "sections":
                self._sections(field)
        number = len(ev.rounds) + 1
        rng = ev.rng("seat", number)
        if ev.kind == "elimination":
            rng.shuffle(field)
            stage = "final" if len(field) <= ev.table_size else FORMATS[ev.format].early_round
            if len(field) < ev.least_sides:
                raise DeskError(f"{len(field)} entrants are left and a table needs {ev.least_sides}: "
                                "make the event again with a larger --advance")
            sizes = darrtown.table_sizes(len(field), ev.table_size)
            if min(sizes) < ev.least_sides:
                full, rest = divmod(len(field), ev.table_size)
                sizes = [ev.table_size] * full + ([rest] if rest else [])
            groups, start = [], 0
            for size in sizes:
                groups.append(field[start:start + size])
                start += size
            seated: list[tuple[str | None, list[int]]] = [(None, g) for g in groups]
        else:
            stage = ev.stage
            index = sum(1 for r in ev.rounds if r.stage == stage)
            if ev.pairing == "swiss":
                drawn = {name: self._swiss_round(name, index) for name in self._stage_sections()
                         if index == len(ev.schedule[name]) and index < self.planned_rounds(name)}
                for name, tables in drawn.items():
                    ev.schedule[name].append(tables)
            due = [(name, rounds[index]) for name, rounds in ev.schedule.items()
                   if name in self._stage_sections() and index < len(rounds)]
            seated = [(name, [e for e in t if ev.active(e)]) for name, tables in due for t in tables]
        round_ = Round(number, stage, [])
        for section, group in seated:
            if len(group) < ev.least_sides:
                round_.byes += group
            else:
                round_.tables.append(Table(len(round_.tables) + 1, group, section))
        if ev.kind == "sections":
            playing = {e for t in round_.tables for e in t.entrants}
            round_.byes = sorted(e for s in self._stage_sections() for e in ev.sections[s]
                                 if ev.active(e) and e not in playing)
        if not round_.tables:
            raise DeskError(f"no table can be seated: a table needs {ev.least_sides} entrants and the "
                            "entrants left to meet are fewer")
        ev.rounds.append(round_)
        return round_

    def _stage_sections(self) -> list[str]:
        return ["Champions"] if self.event.stage == "champions" else [
            s for s in self.event.sections if s != "Champions"]

    def planned_rounds(self, section: str) -> int:
        """The rounds a section plays: its round robin's, or with Swiss pairing ``--rounds`` (by
        default ``swiss.default_rounds``), at most as many as avoid a rematch."""
        ev = self.event
        if ev.pairing != "swiss":
            return len(ev.schedule[section])
        teams = len(ev.sections[section])
        return min(ev.swiss_rounds or swiss.default_rounds(teams), swiss.most_rounds(teams))

    def _swiss_round(self, section: str, index: int) -> list[list[int]]:
        """The next Swiss round of a section, paired from its standings so far."""
        ev = self.event
        champions = section == "Champions"
        rows = [row for row in section_rows(ev, section) if ev.active(row["entrant_id"])]
        won = {row["entrant_id"]: row["won"] for row in rows}
        difference = {row["entrant_id"]: row["difference"] for row in rows}
        ranked = swiss.rank(list(won), won, difference, ev.rng("swiss", section, index))
        met = {frozenset(t.entrants) for r in ev.rounds for t in r.tables if t.section == section}
        byes = {e for r in ev.rounds if (r.stage == "champions") == champions for e in r.byes}
        pairs, _bye = swiss.pair(ranked, met, byes)
        return pairs

    def _draw(self, section: str, members: list[int]) -> list[list[list[int]]]:
        """A section's schedule as drawn when it starts: the whole round robin, or for Swiss none yet
        (each round is paired when it is seated)."""
        ev = self.event
        if ev.pairing == "swiss":
            return []
        return unl.rotation(members, ev.table_size, ev.rng("schedule", section))

    def _sections(self, field: list[int]) -> None:
        ev = self.event
        rng = ev.rng("sections")
        rng.shuffle(field)
        start = 0
        for i, size in enumerate(unl.split_sections(len(field), ev.section_size)):
            name = chr(ord("A") + i) if i < 26 else f"S{i + 1}"
            ev.sections[name] = field[start:start + size]
            ev.schedule[name] = self._draw(name, ev.sections[name])
            start += size

    def table(self, number: int) -> Table:
        """A table of the open round."""
        r = self.event.current
        if r is None or r.closed:
            raise DeskError("no round is open: seat one with pitch tournament seat")
        for t in r.tables:
            if t.number == number:
                return t
        raise DeskError(f"round {r.number} has no table {number} (tables 1 to {len(r.tables)})")

    # results

    def result(self, number: int, doc: object, *, stopped: bool = False) -> Result:
        """Verify a table's game record (or score sheet, every hand confirmed by a judge) and enter
        it: it must replay (``pitch score``), be played under the event's rules by the table's seats
        (and players, when it names them), and be over, or, with a match clock, ``stopped`` with the
        hand in progress played out and one side ahead."""
        ev = self.event
        table = self.table(number)
        if table.result is not None:
            raise DeskError(f"table {number} has its result already")
        self._keeps_sheet(table, doc)
        names = ev.seat_names(table)
        kept: dict[str, object] = {"round": ev.rounds[-1].number, "table": number, "players": names}
        game: Game
        if is_sheet(doc):
            assert isinstance(doc, dict)
            sheet = self.checked_sheet(table, doc)
            game, done = sheet, True
            hand_count = sum(1 for r in sheet.results if not r.misdeal)
            kept = {**doc, **kept}
        else:
            hands, game, played, notes = self._replay_table(table, doc)
            self._check_logged(table, hands, notes)
            done = played[-1].done
            hand_count = sum(1 for h in played if h.result is not None and not h.result.misdeal)
            kept["hands"] = hands
            if notes:
                kept["rulings"] = [n.to_json() for n in notes]
        scores = [game.scores[self._first_seat(game, side)] for side in range(len(table.entrants))]
        if game.end is not None:
            winners = sorted({table.entrants[game.rules.team_of(s)] for s in game.end.winners})
            reason, stopped = game.end.reason, False
        else:
            winners = self._stopped_winner(game, done, scores, table, stopped=stopped)
            reason = STOPPED
        name = f"round{ev.rounds[-1].number}-table{number}.json"
        write_json(self.folder / "games" / name, kept)
        table.result = Result(scores, winners, reason, hand_count, name, stopped)
        return table.result

    def _replay_table(self, table: Table, doc: object) -> tuple[list[object], Game, list[Hand], list[Note]]:
        """Replay a record of ``table``'s game (whole or so far) as ``pitch score`` does, with its
        notes; refused unless it is played under the table's rules by the table's players."""
        hands = record_hands(doc)
        try:
            notes = record_notes(doc)
            game, played = replay_game(hands)
            check_rulings(hands)
            check_notes(hands, notes)
        except RecursionError:
            raise DeskError("record: nested too deeply") from None
        except PitchError as e:
            raise DeskError(str(e) if str(e).startswith("record:") else f"record: {e}") from None
        rules = self.event.table_rules(len(table.entrants))
        names = self.event.seat_names(table)
        if game.rules != rules:
            diff = game.rules.options_diff(rules)
            what = ", ".join(f"{k}={option_text(v)}" for k, v in diff.items())
            raise DeskError(f"record: not this table's game: its rules are {rules_label(game.rules)}"
                            f"{' with ' + what if what else ''}; the table plays {rules_label(rules)}"
                            f" with {rules.players} seats")
        if isinstance(doc, dict) and "players" in doc and doc["players"] != names:
            raise DeskError(f"record: its players {quote(doc['players'])} are not the table's: "
                            f"{', '.join(names)}")
        return hands, game, played, notes

    def _check_logged(self, table: Table, hands: list[object], notes: list[Note]) -> None:
        """Every seed 003 ruling the desk logged at ``table`` this round must be in its record: a
        ruling that ended a hand as that hand's ruling action, the others as notes."""
        ev = self.event
        in_record: set[tuple[int, object, object]] = {(n.hand, n.ruling, n.seat) for n in notes}
        for i, h in enumerate(hands):
            actions = h.get("actions", []) if isinstance(h, dict) else []
            in_record |= {(i, a.get("ruling"), a.get("seat")) for a in actions
                          if isinstance(a, dict) and "ruling" in a}
        for g in ev.rulings:
            if g.round == ev.rounds[-1].number and g.table == table.number and g.kind != "misplay" \
                    and (g.hand, g.kind, g.seat) not in in_record:
                raise DeskError(f"record: the {g.kind} ruling logged for hand {shown_hand(g.hand)} "
                                f"(seat {g.seat}) is not in it")

    def table_ruling(self, number: int, doc: object, kind: str, seat: int, *, card: str | None = None,
                     stand: bool | None = None, penalty: bool = False, trick: int | None = None,
                     upheld: bool | None = None, about: str = "") -> tuple[dict[str, object], RulingEntry]:
        """Rule on the hand in progress at table ``number`` (seed 003's table rulings) given the
        table's record so far (``game_record(game, dealt=True)``, or its object form with notes):

        - ``exposed card`` (``card``): played at the first legal opportunity;
        - ``pitch out of turn`` (``card``, ``stand``: let stand or retracted; with ``penalty`` the
          penalty a) or b) ends the hand instead, :func:`~pitchkit.tournament.rulings.pitch_out_of_turn`);
        - ``void hand``: an unequal number of cards voids the hand;
        - ``protest`` (``trick``, ``upheld``, ``about``): declared before the next trick;
        - at Euchre, seed 004's misconduct (``renege``, ``table talk``, ``dealing out of turn``):
          the hand is forfeited and the opponents receive 2 or 4 points
          (:func:`~pitchkit.tournament.rulings.misconduct`).

        Returns the record with the ruling in it (a ruling action ending the hand, or a note) and
        the desk's log entry; the record goes on from there and is entered with :meth:`result`."""
        ev = self.event
        table = self.table(number)
        if table.result is not None:
            raise DeskError(f"table {number} has its result already")
        hands, game, played, notes = self._replay_table(table, doc)
        hand, index = played[-1], len(played) - 1
        if hand.done:
            raise DeskError("record: its last hand is over: a ruling is made on the hand in progress "
                            "(write the record with the next hand dealt)")
        names = ev.seat_names(table)
        if not 0 <= seat < len(names) or seat not in hand.seats:
            raise DeskError(f"seat {quote(seat)} is not playing this hand")
        detail = kind
        last = dict(hands[-1]) if isinstance(hands[-1], dict) else {}
        try:
            parsed = None if card is None else Card.parse(card)
            if kind == OUT_OF_TURN and OUT_OF_TURN not in ending_names(hand.rules):
                raise DeskError(f"{rules_label(hand.rules)} has no {kind} ruling: it is ruled where a hand "
                                "scores its points")
            if kind in MISCONDUCT or kind == VOID or (kind == OUT_OF_TURN and penalty):
                action = ruling_on(hand, kind, seat)
                game.apply(action)
                last["actions"] = [*last.get("actions", []), action_json(hand.rules, action)]
                detail = f"{kind}: " + ", ".join(f"{d:+d}" for d in action.delta)
            elif kind == EXPOSED and parsed is not None:
                notes.append(exposed_card(hand, index, seat, parsed))
                detail = f"{kind}: {parsed}"
            elif kind == OUT_OF_TURN and parsed is not None and stand is not None:
                notes.append(out_of_turn(hand, index, seat, parsed, stand=stand))
                detail = f"{kind}: {parsed} {'let stand' if stand else 'retracted'}"
            elif kind == PROTEST and trick is not None and upheld is not None:
                notes.append(protest(hand, index, seat, trick, upheld=upheld, about=about))
                detail = f"protest about {'the auction' if trick == 0 else f'trick {trick}'}: " \
                         f"{'upheld' if upheld else 'denied'}{': ' + about if about else ''}"
            else:
                needs = {EXPOSED: "the card",
                         OUT_OF_TURN: "the card and let stand or retract, or the penalty",
                         PROTEST: "the trick and upheld or denied"}
                offered = (EXPOSED, *(n for n in ending_names(hand.rules) if n != MISPLAY), PROTEST,
                           *misconduct_names(hand.rules))
                raise DeskError(f"a {quote(kind)} ruling needs "
                                + needs.get(kind, f"to be one of {', '.join(offered)}"))
        except DeskError:
            raise
        except PitchError as e:
            raise DeskError(str(e)) from None
        out: dict[str, object] = {"players": names, "hands": [*hands[:-1], last]}
        if notes:
            out["rulings"] = [n.to_json() for n in notes]
        return out, self.log_ruling(number, seat, kind, index, detail)

    def log_ruling(self, number: int, seat: int, kind: str, hand: int, detail: str) -> RulingEntry:
        """Log a ruling ``kind`` against ``seat`` made in hand ``hand`` of table ``number``'s record
        (by :meth:`table_ruling`, or at the table's online game), with its ``detail`` in words; the
        table's result is refused without it."""
        ev = self.event
        table = self.table(number)
        names = ev.seat_names(table)
        if not 0 <= seat < len(names):
            raise DeskError(f"table {number} has seats 0 to {len(names) - 1}, not {seat}")
        rules = ev.table_rules(len(table.entrants))
        entry = RulingEntry(ev.rounds[-1].number, number, seat, table.entrants[rules.team_of(seat)],
                            names[seat], False, False, kind, hand, detail)
        ev.rulings.append(entry)
        return entry

    @staticmethod
    def _first_seat(game: Game, side: int) -> int:
        return next(s for s in range(game.rules.players) if game.rules.team_of(s) == side)

    def _stopped_winner(self, game: Game, done: bool, scores: list[int], table: Table, *,
                        stopped: bool) -> list[int]:
        if not self.event.clock:
            raise DeskError("record: the game is not over: a table's result is its whole game, to the end "
                            "its rules set")
        if not stopped:
            raise DeskError("record: the game is not over: enter it with --stopped if the match clock "
                            "stopped it")
        if not done:
            raise DeskError("record: the hand in progress at the stop must be played out before the result")
        best = max(scores)
        if scores.count(best) > 1:
            raise DeskError(f"record: tied at {best} after the stop: one more hand is played; enter the "
                            "record with it")
        return [table.entrants[scores.index(best)]]

    def ruling(self, number: int, seat: int, *, correctable: bool) -> RulingEntry:
        """Log a misplay at a table of the open round (seed 000 tournament rules 36-38); a second
        misplay by the same player in one round disqualifies him (his entrant leaves the field).
        Offered where the table's rules allow it (:func:`~pitchkit.tournament.rulings.misplay_offered`)."""
        ev = self.event
        table = self.table(number)
        names = ev.seat_names(table)
        if not 0 <= seat < len(names):
            raise DeskError(f"table {number} has seats 0 to {len(names) - 1}, not {seat}")
        rules = ev.table_rules(len(table.entrants))
        if not misplay_offered(rules, correctable=correctable):
            what = "misplay ruling" if correctable else "ruling on a misplay that cannot be corrected"
            raise DeskError(f"table {number} plays {rules_label(rules)}, which has no {what}"
                            + ("" if correctable or not misplay_offered(rules, correctable=True) else
                               ": its offender would sit out the next hand, and the rules need every seat"))
        entrant = table.entrants[rules.team_of(seat)]
        if not ev.active(entrant):
            raise DeskError(f"{ev.entrants[entrant].name} is out of the event already")
        log = MisplayLog([(g.round, g.player, g.correctable) for g in ev.rulings if g.kind == "misplay"])
        round_no = ev.rounds[-1].number
        disqualified = log.record(round_no, names[seat], correctable=correctable)
        entry = RulingEntry(round_no, number, seat, entrant, names[seat], correctable, disqualified)
        ev.rulings.append(entry)
        if disqualified:
            ev.entrants[entrant].out = f"disqualified in round {round_no}"
        return entry

    def play(self, bots: Sequence[str], *, after: Callable[[Table], None] | None = None) -> int:
        """Play the open round's tables that have no result with bots (entrant ``e`` played by
        ``bots[e % len(bots)]`` at each of its seats), entering each game as a result. A physical
        table whose score sheet has hands entered is playing with real cards: it is left alone."""
        ev = self.event
        r = ev.current
        if r is None or r.closed:
            raise DeskError("no round is open: seat one with pitch tournament seat")
        clock = unl.Clock(ev.clock, ev.minutes_per_hand).stopped if ev.clock else None
        count = 0
        for t in r.tables:
            if t.result is not None or (t.sheet and t.sheet["hands"]):
                continue
            rules = ev.table_rules(len(t.entrants))
            teams = rules.teams or rules.players
            seats = [bots[t.entrants[s % teams] % len(bots)] for s in range(rules.players)]
            game = play_table(rules, seats, ev.rng("play", r.number, t.number), stop=clock)
            self.result(t.number, {"players": ev.seat_names(t), "hands": game.record},
                        stopped=game.reason == STOPPED)
            count += 1
            if after is not None:
                after(t)
        return count

    def advance(self) -> str:
        """Close the open round once every result is in: table winners go on (elimination), or the
        sections' standings decide who goes to the Tournament of Champions and who is champion."""
        ev = self.event
        r = ev.current
        if r is None or r.closed:
            raise DeskError("no round is open: seat one with pitch tournament seat")
        missing = [str(t.number) for t in r.tables if t.result is None]
        if missing:
            raise DeskError(f"round {r.number}: results missing for table(s) {', '.join(missing)}")
        r.closed = True
        if ev.kind == "elimination":
            return self._eliminate(r)
        index = sum(1 for x in ev.rounds if x.stage == ev.stage)
        left = max(self.planned_rounds(s) for s in self._stage_sections()) - index
        if left > 0:
            return f"round {r.number} closed; {left} more round(s) in the {ev.stage}"
        return self._end_stage()

    def _eliminate(self, r: Round) -> str:
        """Table winners (and the next ``advance - 1`` of each table) go on; should fewer go on than
        a table needs, the next places of the tables go on too, place by place, best score first."""
        ev = self.event
        k = 1 if r.stage == "final" else ev.advance
        survivors = [e for e in r.byes if ev.active(e)]
        spare: list[tuple[int, int, int]] = []
        for t in r.tables:
            assert t.result is not None
            eligible = [e for e in t.entrants if ev.active(e)]
            scores = dict(zip(t.entrants, t.result.scores, strict=True))
            rng = ev.rng("advance", r.number, t.number)
            order = darrtown.advancing(eligible, [scores[e] for e in eligible], t.result.winners,
                                       len(eligible), rng)
            survivors += order[:k]
            spare += [(place, -scores[e], e) for place, e in enumerate(order) if place >= k]
        if r.stage != "final" and len(survivors) < ev.least_sides:
            survivors += [e for _, _, e in sorted(spare)][:ev.least_sides - len(survivors)]
        for t in r.tables:
            for e in t.entrants:
                if ev.active(e) and e not in survivors:
                    ev.entrants[e].out = f"eliminated in round {r.number}"
        if r.stage == "final" or len(survivors) <= 1:
            return self._finish(survivors[0] if survivors else None)
        return f"round {r.number} closed; {len(survivors)} go on to round {r.number + 1}"

    def _end_stage(self) -> str:
        ev = self.event
        tables = standings(ev)["sections"]
        assert isinstance(tables, dict)
        names = self._stage_sections()
        if ev.stage == "sections" and len(names) > 1:
            finalists = [row["entrant_id"] for s in names
                         for row in [x for x in tables[s] if ev.active(x["entrant_id"])][:ev.advance]]
            for s in names:
                for e in ev.sections[s]:
                    if e not in finalists and ev.active(e):
                        ev.entrants[e].out = "eliminated in the sections"
            if len(finalists) >= 2:
                ev.stage = "champions"
                ev.sections["Champions"] = finalists
                ev.schedule["Champions"] = self._draw("Champions", finalists)
                return f"the sections are over: {len(finalists)} go on to the Tournament of Champions"
            return self._finish(finalists[0] if finalists else None)
        leaders = [row["entrant_id"] for row in tables[names[0]] if ev.active(row["entrant_id"])]
        return self._finish(leaders[0] if leaders else None)

    def _finish(self, champion: int | None) -> str:
        ev = self.event
        ev.champion = champion
        ev.stage = "finished"
        return f"champion: {ev.entrants[champion].name}" if champion is not None else "no entrant is left"

    # output

    def export(self) -> list[Path]:
        """Write ``standings.json`` and ``standings.csv``; every game record is under ``games/``."""
        missing = [t.result.record for r in self.event.rounds for t in r.tables
                   if t.result is not None and not (self.folder / "games" / t.result.record).is_file()]
        if missing:
            raise DeskError(f"games/{missing[0]} is missing: the records of the results must stay in games/")
        table = standings(self.event)
        rows = standings_rows(self.event)
        json_path, csv_path = self.folder / "standings.json", self.folder / "standings.csv"
        write_json(json_path, public(table), indent=2)
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(rows[0]) if rows else ["place"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        write_text(csv_path, out.getvalue())
        return [json_path, csv_path]

