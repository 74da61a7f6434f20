"""The desk's physical tables: judges with PINs, score sheets entered hand by hand and confirmed by
a judge (seed 000 tournament rule 35: after every hand a judge verifies the counts and initials the
score), and seed 003's table rulings on a sheet. :class:`~pitchkit.tournament.director.Desk` is a
:class:`PhysicalTables`.

A table's sheet lives in the event (``Table.sheet``) until its game is over; each hand is checked
and scored by :mod:`pitchkit.tournament.sheet` as it is entered, waits for a judge's confirmation
before the next one, and the last confirmation enters the sheet as the table's result.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from string import ascii_uppercase
from typing import TYPE_CHECKING, Any

from pitchkit.engine.cards import Card
from pitchkit.engine.errors import PitchError, quote
from pitchkit.tournament.event import DeskError, Event, Judge, Result, RulingEntry, Table
from pitchkit.tournament.notes import EXPOSED, PROTEST, Note
from pitchkit.tournament.rulings import MISCONDUCT, OUT_OF_TURN, VOID
from pitchkit.tournament.sheet import (
    SHEET_VERSION,
    SheetGame,
    is_sheet,
    read_sheet,
    replay_sheet,
    result_summary,
)

#: scrypt's cost settings for judges' PINs
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}


def hash_pin(pin: str, salt: bytes) -> str:
    """A PIN's salted scrypt hash, as hex."""
    return hashlib.scrypt(pin.encode(), salt=salt, **_SCRYPT).hex()


class PhysicalTables:
    """Judges and score sheets, for the desk."""

    if TYPE_CHECKING:
        event: Event
        folder: Path

        def table(self, number: int) -> Table: ...

        def result(self, number: int, doc: object, *, stopped: bool = False) -> Result: ...

    # judges

    def add_judge(self, name: str, initials: str, pin: str) -> Judge:
        """Register a judge: a name, initials (1 to 4 letters, unique) and a PIN of 4 to 12 digits, of
        which only a salted hash is kept."""
        name, initials = name.strip(), initials.strip().upper()
        if not name or len(name) > 60 or not name.isprintable():
            raise DeskError(f"{quote(name)} is not a name (printable, 60 characters at most)")
        if not 1 <= len(initials) <= 4 or not initials.isascii() or not initials.isalpha():
            raise DeskError(f"initials are 1 to 4 letters, not {quote(initials)}")
        if any(j.initials == initials for j in self.event.judges):
            raise DeskError(f"a judge has the initials {initials} already")
        if not 4 <= len(pin) <= 12 or not pin.isascii() or not pin.isdigit():
            raise DeskError("a PIN is 4 to 12 digits")
        salt = secrets.token_bytes(16)
        judge = Judge(name, initials, salt.hex(), hash_pin(pin, salt))
        self.event.judges.append(judge)
        return judge

    def check_pin(self, initials: str, pin: str) -> Judge:
        """The judge with these initials, if the PIN is theirs (one answer for any mismatch)."""
        for judge in self.event.judges:
            if judge.initials == initials.strip().upper():
                if hmac.compare_digest(hash_pin(pin, bytes.fromhex(judge.salt)), judge.pin_hash):
                    return judge
                break
        raise DeskError("no judge has these initials and PIN")

    # score sheets

    def blank_sheet(self, number: int) -> dict[str, Any]:
        """A new score sheet for table ``number`` of the open round: its rules and players, no hands."""
        table = self.table(number)
        rules = self.event.table_rules(len(table.entrants))
        return {"sheet": SHEET_VERSION, "variant": rules.preset, "options": dict(self.event.options),
                "players": self.event.seat_names(table), "hands": []}

    def checked_sheet(self, table: Table, doc: dict[str, Any]) -> SheetGame:
        """Replay a table's sheet: it must be the table's (rules and players) and every hand confirmed
        by a judge of the event."""
        try:
            rules, players, hands = read_sheet(doc)
            game = replay_sheet(doc)
        except PitchError as e:
            raise DeskError(str(e)) from None
        if rules != self.event.table_rules(len(table.entrants)) or players != self.event.seat_names(table):
            raise DeskError(f"sheet: not table {table.number}'s game (its rules and players)")
        known = {j.initials for j in self.event.judges}
        for i, hand in enumerate(hands):
            if not isinstance(hand, dict) or hand.get("judge") not in known:
                raise DeskError(f"sheet: hand {i + 1} is not confirmed by a judge of the event")
        return game

    def _keeps_sheet(self, table: Table, doc: object) -> None:
        """A table whose score sheet has hands entered at the desk takes as its result only that
        sheet, beginning with those hands (judges' initials aside): not a card-by-card record."""
        kept = table.sheet["hands"] if table.sheet else []
        if not kept:
            return
        count = f"{len(kept)} hand{'s' if len(kept) != 1 else ''}"
        if not is_sheet(doc):
            raise DeskError(f"table {table.number} keeps a score sheet with {count} entered at the desk: its "
                            "result is that sheet, confirmed hand by hand, not a card-by-card record")
        hands = doc.get("hands") if isinstance(doc, dict) else None
        if not isinstance(hands, list) or [*map(_unjudged, hands[:len(kept)])] != [*map(_unjudged, kept)]:
            raise DeskError(f"sheet: table {table.number}'s sheet has {count} entered at the desk, and this "
                            "sheet does not begin with them")

    def _open_sheet(self, number: int) -> tuple[Table, dict[str, Any]]:
        table = self.table(number)
        if table.result is not None:
            raise DeskError(f"table {number} has its result already")
        sheet = table.sheet or self.blank_sheet(number)
        hands = sheet["hands"]
        if hands and "judge" not in hands[-1]:
            raise DeskError(f"table {number}: hand {len(hands)} waits for a judge's confirmation")
        return table, sheet

    def enter(self, number: int, entry: dict[str, Any]) -> dict[str, object]:
        """Enter the next hand of a physical table's sheet (a sheet hand, see ``docs/hand-record.md``):
        checked against the rules and the sheet so far, and scored; it waits for a judge's
        confirmation; without a ``dealer`` it is whose deal it is. Returns the hand's result (``pitch
        score``'s form) with ``hand`` (its index)."""
        table, sheet = self._open_sheet(number)
        if "judge" in entry:
            raise DeskError("a judge confirms a hand with pitch tournament judge confirm, not in its entry")
        if entry.get("dealer") is None:
            dealer, _ = self.next_dealer(number)
            if dealer is None:
                raise DeskError(f"table {number}: the first hand of a sheet needs its dealer")
            entry = {**entry, "dealer": dealer}
        game = self._replay_with(sheet, entry)
        table.sheet = {**sheet, "hands": [*sheet["hands"], entry]}
        return {"hand": len(sheet["hands"]), **result_summary(game.rules, game.results[-1])}

    def _replay_with(self, sheet: dict[str, Any], entry: dict[str, Any]) -> SheetGame:
        try:
            return replay_sheet({**sheet, "hands": [*sheet["hands"], entry]})
        except PitchError as e:
            raise DeskError(str(e)) from None

    def next_dealer(self, number: int) -> tuple[int | None, list[int]]:
        """Who deals the next hand of a table's sheet and the seats that sit it out (None: the first
        hand, whose dealer the table names)."""
        table = self.table(number)
        if not table.sheet or not table.sheet["hands"]:
            return None, []
        game = replay_sheet(table.sheet)
        return game.hand.dealer, sorted(set(range(game.rules.players)) - set(game.hand.seats))

    def confirm(self, number: int, initials: str, pin: str, *,
                stopped: bool = False) -> tuple[int, Result | None]:
        """A judge confirms the last hand of a table's sheet (seed 000 tournament rule 35); when the
        sheet's game is over (or, with ``stopped``, the match clock stopped it) the sheet is entered
        as the table's result. Returns the hand's index and the result, if entered."""
        judge = self.check_pin(initials, pin)
        table = self.table(number)
        sheet = table.sheet
        if table.result is not None or not sheet or not sheet["hands"] or "judge" in sheet["hands"][-1]:
            raise DeskError(f"table {number} has no hand waiting for a judge")
        hands = [*sheet["hands"][:-1], {**sheet["hands"][-1], "judge": judge.initials}]
        confirmed = {**sheet, "hands": hands}
        result = None
        if stopped or replay_sheet(confirmed).over:
            result = self.result(number, confirmed, stopped=stopped)
        table.sheet = confirmed
        return len(hands) - 1, result

    def sheet_ruling(self, number: int, kind: str, seat: int, *, card: str | None = None,
                     stand: bool | None = None, penalty: bool = False, trick: int | None = None,
                     upheld: bool | None = None, about: str = "") -> RulingEntry:
        """Seed 003's table rulings at a physical table: a void hand is the sheet's next hand (no
        score, the same dealer again), waiting for a judge like any hand; an exposed card, a pitch
        out of turn let stand or retracted and a protest are noted on the sheet for the hand being
        played (without the cards the desk cannot check them). A penalised pitch out of turn needs
        the hand's bids: it is entered with :meth:`enter` and its ``ruling``. Seed 004's misconduct
        is Euchre's, whose tables keep card-by-card records, not sheets."""
        if kind in MISCONDUCT:
            raise DeskError(f"{kind} is a misconduct ruling of Euchre (seed 004): it is made on the table's "
                            "card-by-card record (--record); score sheets keep Pitch only")
        table, sheet = self._open_sheet(number)
        names = self.event.seat_names(table)
        if not 0 <= seat < len(names):
            raise DeskError(f"table {number} has seats 0 to {len(names) - 1}, not {seat}")
        index = len(sheet["hands"])
        if kind == VOID:
            dealer, _ = self.next_dealer(number)
            if dealer is None:
                raise DeskError("enter the first hand's dealer with pitch tournament enter, then rule")
            self.enter(number, {"dealer": dealer, "bids": [], "ruling": VOID, "seat": seat})
            detail = f"{VOID}: no score, seat {dealer} deals again"
        elif kind == OUT_OF_TURN and penalty:
            raise DeskError("a penalty ends the hand with its score: enter the hand with its bids and "
                            "--ruling 'pitch out of turn' --seat SEAT")
        else:
            note = self._sheet_note(index, kind, seat, card=card, stand=stand, trick=trick, upheld=upheld,
                                    about=about)
            table.sheet = {**sheet, "rulings": [*sheet.get("rulings", []), note.to_json()]}
            detail = _note_words(note)
        rules = self.event.table_rules(len(table.entrants))
        entry = RulingEntry(self.event.rounds[-1].number, number, seat, table.entrants[rules.team_of(seat)],
                            names[seat], False, False, kind, index, detail)
        self.event.rulings.append(entry)
        return entry

    @staticmethod
    def _sheet_note(index: int, kind: str, seat: int, *, card: str | None, stand: bool | None,
                    trick: int | None, upheld: bool | None, about: str) -> Note:
        try:
            parsed = None if card is None else Card.parse(card)
        except PitchError as e:
            raise DeskError(str(e)) from None
        if kind == EXPOSED and parsed is not None:
            return Note(index, 0, seat, kind, parsed)
        if kind == OUT_OF_TURN and parsed is not None and stand is not None:
            return Note(index, 0, seat, kind, parsed, stand)
        if kind == PROTEST and trick is not None and upheld is not None and 0 <= trick <= 30:
            return Note(index, 0, seat, kind, trick=trick, upheld=upheld, about=about[:200])
        needs = {EXPOSED: "the card", OUT_OF_TURN: "the card and let stand or retract, or the penalty",
                 PROTEST: "the trick and upheld or denied"}
        raise DeskError(f"a {quote(kind)} ruling needs " + needs.get(kind, "to be a seed 003 table ruling"))


def _unjudged(hand: object) -> object:
    """A sheet hand without the judge's initials."""
    return {k: v for k, v in hand.items() if k != "judge"} if isinstance(hand, dict) else hand


def _note_words(note: Note) -> str:
    """A note in words, for the ruling log."""
    if note.ruling == EXPOSED:
        return f"{EXPOSED}: {note.card}"
    if note.ruling == OUT_OF_TURN:
        return f"{OUT_OF_TURN}: {note.card} {'let stand' if note.stand else 'retracted'}"
    what = "the auction" if note.trick == 0 else f"trick {note.trick}"
    answer = "upheld" if note.upheld else "denied"
    return f"protest about {what}: {answer}{': ' + note.about if note.about else ''}"


def hand_words(result: dict[str, Any]) -> str:
    """A sheet hand's result (:func:`~pitchkit.tournament.sheet.result_summary`) in one line."""
    delta = " ".join(f"{d:+d}" for d in result["delta"])
    if result.get("misdeal"):
        return "misdeal: the deal again"
    if result.get("ruling"):
        return f"{result['ruling']}: delta {delta}"
    made = {True: "made", False: "set", None: "not decided"}[result["made"]]
    return f"seat {result['pitcher']} bid {result['bid']} ({made}); delta {delta}; scores " + \
        " ".join(map(str, result["scores"]))


def sheet_bids(text: str) -> list[dict[str, object]]:
    """``pass,2,3,pass`` (or ``run``, ``sell``, ``take``, ``smudge``) as sheet bids in turn."""
    out: list[dict[str, object]] = []
    for word in (w.strip().lower() for w in text.split(",") if w.strip()):
        if word in ("run", "sell", "take"):
            out.append({"choose": word})
        else:
            out.append({"bid": int(word) if word.isdigit() and len(word) < 4 else word})
    return out


def sheet_awards(items: Sequence[str]) -> list[dict[str, object]]:
    """``high=0``, ``low=1:2S`` as sheet awards."""
    out: list[dict[str, object]] = []
    for item in items:
        point, _, rest = item.partition("=")
        seat, _, card = rest.partition(":")
        if not point or not seat.strip().isdigit() or len(seat.strip()) > 2:
            raise DeskError(f"award {quote(item)}: write POINT=SEAT or POINT=SEAT:CARD, e.g. high=0:AS")
        got: dict[str, object] = {"point": point.strip().lower(), "seat": int(seat)}
        out.append({**got, "card": card.strip()} if card else got)
    return out


def seat_numbers(text: str, what: str) -> list[int]:
    """``4,0,23``: one whole number a seat."""
    words = [w.strip() for w in text.split(",")]
    if not all(w.isdigit() and len(w) < 5 for w in words):
        raise DeskError(f"{what} {quote(text)}: write whole numbers separated by commas, one per seat")
    return [int(w) for w in words]


def sheet_entry(words: Mapping[str, Any]) -> dict[str, Any]:
    """A sheet hand from the words a table writes on its score sheet (the options of ``pitch
    tournament enter``): ``bids`` (``pass,3,pass``), ``trump``, ``awards`` (``high=2:AS`` items),
    ``points`` (``4,0,23``), ``pitcher``, ``made``; or ``misdeal`` (with ``buried``); or ``ruling``
    with its offender ``seat``. ``dealer`` when given. The hand is checked when it is entered."""
    def text(key: str) -> str:
        value = words.get(key)
        if value is not None and not isinstance(value, str):
            raise DeskError(f"'{key}' must be text, not {quote(value)}")
        return value or ""

    entry: dict[str, Any] = {"bids": sheet_bids(text("bids"))}
    if words.get("misdeal"):
        entry = {"misdeal": True, **({"buried": True} if words.get("buried") else {})}
    elif words.get("ruling") is not None:
        entry.update({"ruling": words["ruling"], "seat": words.get("seat")})
    else:
        awards = words.get("awards") or []
        items = awards.split() if isinstance(awards, str) else awards
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise DeskError("'awards' are POINT=SEAT[:CARD] items, e.g. high=0:AS low=1")
        entry.update({"trump": words.get("trump") or None, "awards": sheet_awards(items)})
        if words.get("pitcher") is not None:
            entry["pitcher"] = words["pitcher"]
        if text("points").strip():
            entry["card_points"] = seat_numbers(text("points"), "points")
        if words.get("made") is not None:
            entry["made"] = words["made"]
    if words.get("dealer") is not None:
        entry["dealer"] = words["dealer"]
    return entry


def sheet_state(table: Table) -> dict[str, Any]:
    """A physical table's score sheet as the consoles show it: each hand in words with the initials
    of the judge who confirmed it, whether the last waits for a judge, who deals next (``None``
    before the first hand: the table names its dealer) and the scores by seat."""
    hands = table.sheet["hands"] if table.sheet else []
    out: dict[str, Any] = {"hands": [], "waiting": bool(hands) and "judge" not in hands[-1],
                           "next_dealer": None, "scores": None}
    if table.sheet is None or not hands:
        return out
    game = replay_sheet(table.sheet)
    out["hands"] = [{"hand": i, "words": hand_words(result_summary(game.rules, r)), "judge": h.get("judge")}
                    for i, (h, r) in enumerate(zip(hands, game.results, strict=False))]
    out["next_dealer"] = None if game.over else game.hand.dealer
    out["scores"] = list(game.scores)
    return out


def initials_for(name: str, taken: Iterable[str]) -> str:
    """Initials (1 to 4 letters) for a judge known by name: the words' first letters, else the
    name's first letters, else its first letter and a letter not taken yet."""
    letters = "".join(c for c in name.upper() if c.isascii() and c.isalpha()) or "J"
    heads = "".join(w[0] for w in name.upper().split() if w[0].isascii() and w[0].isalpha())[:4]
    used = set(taken)
    tries = [heads, *(letters[:n] for n in range(1, 5)), *(letters[0] + c for c in ascii_uppercase)]
    found = next((t for t in tries if t and t not in used), None)
    if found is None:
        raise DeskError(f"no initials are left for {quote(name)}")
    return found
