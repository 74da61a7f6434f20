"""The seed 003 table rulings that do not end the hand, as notes in a table's game record.

A judge's ruling that ends the hand (a pitch out of turn penalised, a void hand, a misplay) is an
engine :class:`~pitchkit.engine.actions.Ruling` action in the hand's actions (see ``tournament.rulings``).
The others change no score but bind the play that follows, or must be made in time:

- **exposed card** (seed 003, Exposed Cards): "A trump card exposed during the play must be put face
  up on the table and played at the first legal opportunity" (a card exposed during the bidding is
  not penalized, so there is no such ruling then);
- **pitch out of turn** (seed 003, Pitch out of turn): "the correct pitcher may let the incorrect
  pitched card stand or they may require the incorrect pitch to be retracted. In either case, the
  play will revert to the correct position": let stand, the card is the offender's play when his
  turn in that trick comes; retracted, it goes back to his hand;
- **protest** (seed 003, Misc.): "Any protest or rule clarification must be declared prior to the
  next trick": a protest about trick ``t`` (0: the auction and the draw) is taken until the first
  card of trick ``t + 1``; the judge upholds or denies it.

A note sits in the object form of a game record, under ``rulings``, and says where it was made:
``{"hand": 2, "after": 17, "seat": 1, "ruling": "exposed card", "card": "AS"}`` (``after``: how
many of that hand's actions came before it). :func:`check_notes` replays the record and checks each
note where it stands and the play after it, so a record that ignores a ruling is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pitchkit.engine.actions import Action, Phase, Play
from pitchkit.engine.cards import Card
from pitchkit.engine.errors import PitchError, quote
from pitchkit.engine.hand import Hand
from pitchkit.engine.record import replay_game
from pitchkit.engine.trump import table
from pitchkit.tournament.rulings import OUT_OF_TURN

EXPOSED = "exposed card"
PROTEST = "protest"
#: the notes' names
KINDS = (EXPOSED, OUT_OF_TURN, PROTEST)


class NoteError(PitchError):
    """A ruling that does not fit the hand, or a play that does not follow a ruling."""


@dataclass(frozen=True)
class Note:
    """A ruling that does not end the hand: where (hand index, actions of that hand before it), who,
    which, and its details (the card exposed or pitched out of turn; let ``stand`` or retracted;
    the ``trick`` protested and whether the protest was ``upheld``)."""

    hand: int
    after: int
    seat: int
    ruling: str
    card: Card | None = None
    stand: bool | None = None
    trick: int | None = None
    upheld: bool | None = None
    about: str = ""

    def to_json(self) -> dict[str, Any]:
        """The note as it is kept in the record."""
        out: dict[str, Any] = {"hand": self.hand, "after": self.after, "seat": self.seat,
                               "ruling": self.ruling}
        if self.card is not None:
            out["card"] = str(self.card)
        if self.stand is not None:
            out["choice"] = "stand" if self.stand else "retract"
        if self.trick is not None:
            out["trick"] = self.trick
        if self.upheld is not None:
            out["upheld"] = self.upheld
        if self.about:
            out["about"] = self.about
        return out


def _whole(obj: dict[str, Any], key: str, where: str) -> int:
    value = obj.get(key)
    if type(value) is not int or not 0 <= value <= 10_000:
        raise NoteError(f"{where}: {key} must be a whole number, not {quote(value)}")
    return value


def note_from_json(obj: object, index: int) -> Note:
    """Read one note of a record's ``rulings`` list (one-line :class:`NoteError` when malformed)."""
    where = f"rulings[{index}]"
    if not isinstance(obj, dict):
        raise NoteError(f"{where} must be an object")
    known = {"hand", "after", "seat", "ruling", "card", "choice", "trick", "upheld", "about"}
    extra = sorted(set(obj) - known)
    if extra:
        raise NoteError(f"{where}: unknown field {quote(extra[0])}")
    kind = obj.get("ruling")
    if kind not in KINDS:
        raise NoteError(f"{where}: ruling must be one of {', '.join(KINDS)}, not {quote(kind)}")
    card = Card.parse(obj["card"]) if "card" in obj else None
    choice = obj.get("choice")
    if choice not in (None, "stand", "retract"):
        raise NoteError(f"{where}: choice must be stand or retract, not {quote(choice)}")
    upheld = obj.get("upheld")
    about = obj.get("about", "")
    if upheld not in (None, True, False) or not isinstance(about, str) or len(about) > 200:
        raise NoteError(f"{where}: upheld is true or false, about a text of 200 characters at most")
    note = Note(_whole(obj, "hand", where), _whole(obj, "after", where), _whole(obj, "seat", where), kind,
                card, None if choice is None else choice == "stand",
                _whole(obj, "trick", where) if "trick" in obj else None, upheld, about)
    needs = {EXPOSED: note.card is not None, OUT_OF_TURN: note.card is not None and note.stand is not None,
             PROTEST: note.trick is not None and note.upheld is not None}
    if not needs[kind]:
        what = {EXPOSED: "card", OUT_OF_TURN: "card and choice", PROTEST: "trick and upheld"}[kind]
        raise NoteError(f"{where}: a {kind} ruling needs its {what}")
    return note


def _cards_played(hand: Hand) -> int:
    return sum(len(plays) for plays, _ in hand.tricks) + len(hand.trick)


def _in_play(hand: Hand, seat: int, card: Card, what: str) -> None:
    if seat not in hand.seats:
        raise NoteError(f"seat {seat} is not in this hand")
    if hand.phase != Phase.PLAY:
        raise NoteError(f"{what} is a ruling of the play, and the hand is in the {hand.phase.value} phase")
    if card not in hand.holding(seat):
        raise NoteError(f"seat {seat} does not hold {card}")


def exposed_card(hand: Hand, index: int, seat: int, card: Card) -> Note:
    """Seed 003, Exposed Cards: a trump card exposed during the play is played at the first legal
    opportunity. Refused during the bidding (not penalized) and for a card that is not a trump."""
    if hand.phase == Phase.AUCTION:
        raise NoteError("a card exposed during the bidding is not penalized (seed 003, Exposed Cards)")
    _in_play(hand, seat, card, "an exposed card")
    assert hand.trump is not None
    rules = hand.rules
    trumps = table(hand.trump, jokers=rules.jokers, off_jack=rules.off_jack,
                   equal_jokers=rules.equal_jokers).trump_mask
    if not trumps >> card & 1:
        raise NoteError(f"{card} is not a trump: only an exposed trump must be played at the first legal "
                        "opportunity (seed 003, Exposed Cards)")
    return Note(index, len(hand.log), seat, EXPOSED, card)


def out_of_turn(hand: Hand, index: int, seat: int, card: Card, *, stand: bool) -> Note:
    """Seed 003, Pitch out of turn, as the correct pitcher chooses: the card stands (it is the
    offender's play when his turn in this trick comes) or is retracted; play goes back to the seat
    whose turn it was."""
    _in_play(hand, seat, card, "a pitch out of turn")
    if hand.to_act == seat or any(s == seat for s, _ in hand.trick):
        raise NoteError(f"seat {seat} did not pitch out of turn: it is his turn, or he has played to this "
                        "trick")
    return Note(index, len(hand.log), seat, OUT_OF_TURN, card, stand)


def protest(hand: Hand, index: int, seat: int, trick: int, *, upheld: bool, about: str = "") -> Note:
    """Seed 003, Misc.: a protest is declared before the next trick. ``trick`` is the trick protested
    (1 the first; 0 the auction and the draw): taken until the first card of trick ``trick + 1``."""
    if seat not in hand.seats:
        raise NoteError(f"seat {seat} is not in this hand")
    players = len(hand.seats)
    played = _cards_played(hand)
    if played > trick * players:
        what = "the auction" if trick == 0 else f"trick {trick}"
        raise NoteError(f"a protest about {what} comes too late: it must be declared before the next trick "
                        "(seed 003, Misc.)")
    if trick > 0 and played <= (trick - 1) * players:
        raise NoteError(f"trick {trick} has not begun")
    return Note(index, len(hand.log), seat, PROTEST, trick=trick, upheld=upheld, about=about[:200])


def make_note(hand: Hand, note: Note) -> Note:
    """The same note made afresh on ``hand`` (at the note's place): raises when it does not fit."""
    if note.ruling == EXPOSED:
        assert note.card is not None
        return exposed_card(hand, note.hand, note.seat, note.card)
    if note.ruling == OUT_OF_TURN:
        assert note.card is not None and note.stand is not None
        return out_of_turn(hand, note.hand, note.seat, note.card, stand=note.stand)
    assert note.trick is not None and note.upheld is not None
    return protest(hand, note.hand, note.seat, note.trick, upheld=note.upheld, about=note.about)


def record_notes(doc: object) -> list[Note]:
    """The notes of a game record (its object form's ``rulings``; none for other forms)."""
    if not isinstance(doc, dict) or "rulings" not in doc:
        return []
    items = doc["rulings"]
    if not isinstance(items, list) or len(items) > 1000:
        raise NoteError("rulings must be a list (1000 at most)")
    return [note_from_json(item, i) for i, item in enumerate(items)]


class _Broken(Exception):
    """A note broken during the replay (carried past the replay's own error handling)."""


@dataclass
class _Binding:
    """A card that a seat must play: at its first legal opportunity, or at its next play."""

    note: Note
    due: bool = False


def check_notes(hands: Sequence[object], notes: Sequence[Note]) -> None:
    """Replay ``hands`` (a game record's hands) and check every note where it was made and the play
    after it: an exposed trump played at the first legal opportunity, a card let stand played at the
    offender's next turn. A hand that ends (a ruling, the last trick) releases its bindings."""
    pending = sorted(notes, key=lambda n: (n.hand, n.after))
    binding: list[_Binding] = []

    def step(index: int, hand: Hand, action: Action | None) -> None:
        nonlocal binding
        if action is None:
            binding = []
        for b in list(binding):
            n = b.note
            if isinstance(action, Play) and action.seat == n.seat:
                if action.card != n.card and (b.due or n.ruling == OUT_OF_TURN):
                    why = ("at the first legal opportunity (seed 003, Exposed Cards)" if n.ruling == EXPOSED
                           else "as it was let stand (seed 003, Pitch out of turn)")
                    raise _Broken(f"hand {index}: action {len(hand.log) - 1}: seat {n.seat} played "
                                  f"{action.card}, not {n.card} {why}")
                if action.card == n.card:
                    binding.remove(b)
        while pending and (pending[0].hand, pending[0].after) == (index, len(hand.log)):
            note = pending.pop(0)
            try:
                make_note(hand, note)
            except PitchError as e:
                raise _Broken(f"hand {index}: the {note.ruling} ruling after action {note.after}: {e}") \
                    from None
            if note.ruling != PROTEST and (note.ruling == EXPOSED or note.stand):
                binding.append(_Binding(note))
        if hand.done:
            binding = []
        for b in binding:
            card = b.note.card
            assert card is not None
            b.due = hand.to_act == b.note.seat and Play(b.note.seat, card) in hand.legal_actions()
            if b.note.ruling == OUT_OF_TURN and hand.to_act == b.note.seat and not b.due:
                raise _Broken(f"hand {index}: {b.note.card}, let stand, is not a legal play at seat "
                              f"{b.note.seat}'s turn: it should have been retracted")

    try:
        replay_game(list(hands), on_step=step)
    except _Broken as e:
        raise NoteError(f"record: {e}") from None
    if pending:
        n = pending[0]
        raise NoteError(f"the {n.ruling} ruling of hand {n.hand} after action {n.after} is at no point of "
                        "the record")
