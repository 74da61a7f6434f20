"""A table as the server keeps it: rebuilt from its log, one entry at a time, through the engine.

Pure state: no I/O. :meth:`TableState.replay` applies one log entry; the service appends an entry
to the database first and only then shows it to anyone, so a table rebuilt from its log after a
crash is exactly the table the players last saw.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pitchkit.engine.actions import Action
from pitchkit.engine.cards import CARDS
from pitchkit.engine.errors import PitchError, quote
from pitchkit.engine.game import Game
from pitchkit.engine.hand import Hand
from pitchkit.engine.presets import make_rules
from pitchkit.engine.record import parse_action
from pitchkit.engine.rules import Rules
from pitchkit.server.chatroom import ChatRules
from pitchkit.server.deals import Deal
from pitchkit.server.store import LogEntry


class TableError(PitchError):
    """A request the table cannot take: a bad seat, a seat taken, a game not started..."""


@dataclass(frozen=True)
class PastGame:
    """A game the table finished before the one in play (a table plays again with the same seats)."""

    rules: Rules
    game: Game
    deals: tuple[Deal, ...]
    cuts: tuple[tuple[int, str], ...]
    #: the seat that dealt the game's first hand
    first_dealer: int


@dataclass
class Seat:
    """One seat: open (waiting for a person), a person, or a bot."""

    kind: str
    name: str = ""
    bot: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None
    #: a bot plays for the person, who stayed away past the grace period or left the seat
    standin: bool = False
    #: the person left the seat to the bot (and watches); coming back is their choice, not a reconnection
    left: bool = False
    #: live connections (not in the log)
    connections: int = 0
    #: when the last connection closed (monotonic seconds), while none is open
    away_since: float | None = None

    def public(self, index: int) -> dict[str, object]:
        """What everyone may know of the seat."""
        out: dict[str, object] = {"seat": index, "kind": self.kind, "name": self.name}
        if self.kind == "bot":
            out["bot"] = self.bot
        if self.kind == "human":
            out["connected"] = self.connections > 0
            out["standin"] = self.standin
            if self.left:
                out["left"] = True
        return out


@dataclass
class TableState:
    """A table rebuilt from its log."""

    id: str
    version: int = 0
    rules: Rules | None = None
    public: bool = False
    seats: list[Seat] = field(default_factory=list)
    game: Game | None = None
    #: every deal so far, in order (the last one is the hand in progress)
    deals: list[Deal] = field(default_factory=list)
    cuts: list[tuple[int, str]] = field(default_factory=list)
    #: the hand (its index) that each action entry finished, by the entry's sequence number
    finished_at: dict[int, int] = field(default_factory=dict)
    #: the last action entry replayed, and its action (so that it is parsed once)
    last_action: tuple[int, Action] | None = None
    #: why the table was closed (no action is taken after), ``None`` while it is open
    closed: str | None = None
    #: the games finished before the one in play, in order
    past: list[PastGame] = field(default_factory=list)
    #: the seat that dealt the first hand of the game in play
    first_dealer: int = 0
    #: after a game: the seats whose players asked to play again
    again: set[int] = field(default_factory=set)
    #: after a game: the rules the host chose for the next one (``None``: the same rules)
    next_rules: Rules | None = None
    #: False for a table that plays one game only (a tournament's)
    rematch: bool = True
    #: the host's chat settings (the lines themselves are not in the log)
    chat: ChatRules = field(default_factory=ChatRules)

    # -- queries ----------------------------------------------------------------------------------

    @property
    def status(self) -> str:
        """waiting (for players), playing, over or closed."""
        if self.closed is not None:
            return "closed"
        if self.game is None:
            return "waiting"
        return "over" if self.game.over else "playing"

    @property
    def started(self) -> bool:
        """True once the cards are dealt."""
        return self.game is not None

    def full(self) -> bool:
        """True when no seat waits for a person."""
        return all(s.kind != "open" for s in self.seats)

    @property
    def number(self) -> int:
        """The number of the game in play (or last played), from 1."""
        return len(self.past) + 1

    def game_at(self, number: int | None = None) -> tuple[Rules, Game, tuple[Deal, ...]] | None:
        """Game ``number`` (from 1; ``None``: the one in play or last played) with its rules and
        deals, ``None`` before the first starts."""
        if number is None:
            number = self.number
        if type(number) is not int or not 1 <= number <= self.number:
            raise TableError(f"no game {quote(number)} at this table: it has played {self.number}")
        if number <= len(self.past):
            old = self.past[number - 1]
            return old.rules, old.game, old.deals
        if self.game is None or self.rules is None:
            return None
        return self.rules, self.game, tuple(self.deals)

    def waiting_for(self) -> list[int]:
        """After a game, the seats whose players have not asked to play again yet (a bot's seat,
        and the seat of a player who left it to a bot, accept at once); an open seat waits for a
        player to take it."""
        return [i for i, s in enumerate(self.seats)
                if s.kind == "open" or (s.kind == "human" and not s.left and i not in self.again)]

    def ready_again(self) -> bool:
        """True when a finished game's table may start the next one: someone asked for it and
        nobody is waited for."""
        return (self.rematch and self.closed is None and self.game is not None and self.game.over
                and bool(self.again) and not self.waiting_for())

    def to_act(self) -> int | None:
        """The seat to act, ``None`` before the start and after the end."""
        return None if self.game is None or self.closed is not None else self.game.to_act

    def controller(self, seat: int, standin_bot: str) -> str | None:
        """The bot that acts for ``seat`` now (its own, or the stand-in), ``None`` for a person."""
        s = self.seats[seat]
        if s.kind == "bot":
            return s.bot
        if s.standin or (s.kind == "open" and self.started):
            return standin_bot
        return None

    def parse(self, seat: int, entry: object) -> Action:
        """One action of ``seat`` in record form (one key: ``bid``, ``play``, ``trump``...). The
        action may name its seat, only ``seat`` itself: one naming another seat is refused
        (:class:`TableError`), never applied to ``seat``."""
        assert self.rules is not None
        if not isinstance(entry, dict):
            raise TableError("an action is an object such as {\"bid\": 2}")
        if "seat" in entry and not (type(entry["seat"]) is int and entry["seat"] == seat):
            raise TableError(f"this action names seat {quote(entry['seat'])}, but you play seat {seat}; "
                             "send it without a seat")
        actions = parse_action(self.rules, {**entry, "seat": seat})
        if len(actions) != 1:
            raise TableError("send a jack or joker lead and its trump as two actions")
        return actions[0]

    # -- the log ----------------------------------------------------------------------------------

    def replay(self, entry: LogEntry, action: Action | None = None) -> None:
        """Apply one log entry (in order: each entry's ``seq`` is one more than the last);
        ``action``: an action entry's action, when the caller has parsed it already."""
        if entry.seq != self.version + 1:
            raise TableError(f"log entry {entry.seq} out of order after {self.version}")
        data = entry.data
        match entry.kind:
            case "create":
                self.rules = make_rules(str(data["variant"]), dict(data.get("options") or {}),
                                        players=int(data["players"]), stored=True)
                self.public = bool(data.get("public"))
                self.rematch = bool(data.get("rematch", True))
                self.chat = ChatRules.created(data.get("chat", True))
                self.seats = [Seat(kind=str(s["kind"]), name=str(s.get("name", "")), bot=s.get("bot"),
                                   invite_hash=s.get("invite_hash")) for s in data["seats"]]
            case "seat":
                seat = self.seats[int(data["seat"])]
                seat.kind = str(data["kind"])
                seat.name = str(data.get("name", ""))
                seat.bot = data.get("bot")
                seat.token_hash = data.get("token_hash")
                seat.invite_hash = data.get("invite_hash")
                seat.standin = seat.left = False
                self.chat.muted.discard(int(data["seat"]))  # a mute is for the person, not the seat
            case "start":
                assert self.rules is not None
                if self.game is not None:
                    self._next_game()
                self.first_dealer = int(data["dealer"])
                self.cuts = [(int(s), str(c)) for s, c in data.get("cuts", [])]
                self.game = Game(self.rules, dealer=int(data["dealer"]), rng=random.Random(0))
            case "deal":
                deck = tuple(int(c) for c in data["deck"])
                self._deal(Deal(deck, str(data["salt"]), str(data["commitment"])))
            case "action":
                assert self.game is not None
                before = len(self.game.history)
                if action is None:
                    action = self.parse(int(data["seat"]), data["action"])
                self.game.apply(action)
                self.last_action = (entry.seq, action)
                if len(self.game.history) > before:
                    self.finished_at[entry.seq] = before
            case "standin":
                seat = self.seats[int(data["seat"])]
                seat.standin = bool(data["on"])
                seat.left = seat.standin and bool(data.get("left"))
            case "again":
                self.again.add(int(data["seat"]))
            case "rules":
                self.next_rules = make_rules(str(data["variant"]), dict(data.get("options") or {}),
                                             players=len(self.seats), stored=True)
                self.again.clear()
            case "chat_rule":
                self.chat.replay(data)
            case "close":
                self.closed = str(data["reason"])
            case _:
                raise TableError(f"unknown log entry {entry.kind!r}")
        self.version = entry.seq

    def _next_game(self) -> None:
        """Put the finished game with the past ones; the next is played under the rules chosen for it."""
        assert self.game is not None and self.rules is not None
        if not self.game.over:
            raise TableError("a new game starts only when the last one is over")
        self.past.append(PastGame(self.rules, self.game, tuple(self.deals), tuple(self.cuts),
                                  self.first_dealer))
        self.rules = self.next_rules or self.rules
        self.next_rules = None
        self.game, self.deals, self.cuts = None, [], []
        self.finished_at, self.last_action = {}, None
        self.again.clear()

    def _deal(self, deal: Deal) -> None:
        assert self.game is not None and self.rules is not None
        current = self.game.hand
        hand = Hand.deal_from(self.rules, deal.deck, dealer=current.dealer, seats=current.seats,
                              scores=self.game.scores)
        self.game.set_hand(hand)
        self.deals.append(deal)

    def needs_deal(self) -> bool:
        """True when the game's hand in progress is not yet dealt from a committed deck."""
        return self.game is not None and not self.game.over and len(self.deals) < self.hands_dealt()

    def hands_dealt(self) -> int:
        """Hands of the game so far, the one in progress included."""
        assert self.game is not None
        return len(self.game.history) + (0 if self.game.over else 1)


def deal_data(deal: Deal) -> dict[str, Any]:
    """A deal as a log entry's data."""
    return {"deck": list(deal.deck), "salt": deal.salt, "commitment": deal.commitment}


def deck_names(deal: Deal) -> list[str]:
    """The deck of a deal as card names."""
    return [str(CARDS[c]) for c in deal.deck]
