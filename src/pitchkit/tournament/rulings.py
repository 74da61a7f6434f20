"""The judges' rulings of the seeds, as engine :class:`~pitchkit.engine.actions.Ruling` actions that end the
hand in progress. A ruling is part of the hand record, so ``pitch score`` replays it, checks that each
seed ruling in it gives the score change the ruling gives at that point (:func:`check_rulings`), and
every score can be recomputed from the records alone.

Pitch's rulings (seeds 000 and 003) are :data:`ENDING`, offered where the rules allow them
(:func:`ending_names`); Euchre's misconduct (seed 004) is
:data:`MISCONDUCT`, offered where a hand is scored by the makers' tricks (:func:`misconduct_names`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pitchkit.engine.actions import Ruling
from pitchkit.engine.errors import PitchError, quote
from pitchkit.engine.hand import Hand
from pitchkit.engine.presets import rules_label
from pitchkit.engine.record import replay_game
from pitchkit.engine.rules import Rules, ScoreBy

MISPLAY = "misplay"
OUT_OF_TURN = "pitch out of turn"
VOID = "void hand"
#: the rulings that end a hand, by name
ENDING = (MISPLAY, OUT_OF_TURN, VOID)


class RulingError(PitchError):
    """A ruling that does not fit the hand, or a record whose ruling gives another score change."""


@dataclass(frozen=True)
class Misconduct:
    """A misconduct of seed 004 (Euchre, "Etiquette"): when it is noticed the offenders' side forfeits
    the hand in progress and every other side receives ``points``. ``followed``: only a seat that has
    followed to a trick of the hand can have committed it; ``not_dealer``: not the hand's dealer;
    ``dealer``: only the hand's dealer, who forfeits the deal (the hand ends unscored and the next
    seat in turn deals)."""

    name: str
    points: int
    seed: str
    followed: bool = False
    not_dealer: bool = False
    dealer: bool = False


RENEGE = "renege"
TABLE_TALK = "table talk"
DEALING_OUT_OF_TURN = "dealing out of turn"
NO_CUT = "failing to offer the cut"
#: seed 004's misconduct rulings, by name
MISCONDUCT = {m.name: m for m in (
    Misconduct(RENEGE, 2, "Reneging: Failure to follow suit when able. When it is noticed, the hand is "
               "generally forfeited, and 2 points are awarded to the opposing team.", followed=True),
    Misconduct(TABLE_TALK, 4, "Table talk/signals: When a player or team intentionally communicates the "
               "contents of their hands to each other or otherwise interferes with otherwise objective play. "
               "When caught, the hand is generally forfeited and 4 points are awarded to the opposing team."),
    Misconduct(DEALING_OUT_OF_TURN, 2, "Stealing the deal: When a player either intentionally or "
               "accidentally deals out of turn. [...] When it is noticed, the hand is generally forfeited, "
               "and 2 points are awarded to the opposing team.", not_dealer=True),
    Misconduct(NO_CUT, 0, "Failing to offer the cut: When a dealer fails to offer the opportunity to cut "
               "to the player to his right, after shuffling and before dealing. When caught, the dealer "
               "forfeits his turn to deal and passes it to the next player.", dealer=True),
)}
#: every seed ruling that ends a hand, by name
SEED_RULINGS = (*ENDING, *MISCONDUCT)


def misconduct_names(rules: Rules) -> tuple[str, ...]:
    """The misconduct rulings offered under ``rules``: seed 004's, where a hand is scored by the
    makers' tricks (Euchre), else none."""
    return tuple(MISCONDUCT) if rules.score_by == ScoreBy.TRICKS else ()


def misplay_offered(rules: Rules, *, correctable: bool) -> bool:
    """Whether seed 000's misplay ruling is offered under ``rules``: a Pitch rule, where a hand
    scores its points; one that cannot be corrected also needs a next hand dealt to one seat fewer
    (the offender sits it out), so not at a table the rules fill exactly, such as Euchre's four."""
    if rules.score_by != ScoreBy.POINTS:
        return False
    return correctable or rules.players > max(rules.min_players, 2)


def ending_names(rules: Rules) -> tuple[str, ...]:
    """The rulings of :data:`ENDING` offered under ``rules``: the misplay where
    :func:`misplay_offered` allows one that cannot be corrected, the pitch out of turn where a hand
    scores its points (its penalty is the bid's value and 10 points), the void hand everywhere."""
    offered = {MISPLAY: misplay_offered(rules, correctable=False),
               OUT_OF_TURN: rules.score_by == ScoreBy.POINTS, VOID: True}
    return tuple(name for name in ENDING if offered[name])


def _followed(hand: Hand, seat: int) -> bool:
    plays = [trick for trick, _ in hand.tricks] + [tuple(hand.trick)]
    return any(s == seat for trick in plays for s, _ in trick[1:])


def misconduct(hand: Hand, name: str, offender: int) -> Ruling:
    """Seed 004's misconduct ``name`` by ``offender`` in the hand in progress: the hand ends, the
    offenders' side scores nothing for it and every other side's seats receive the misconduct's
    points; the same dealer deals again, or the next seat in turn when the dealer failed to offer the
    cut (:class:`RulingError` when it does not fit the hand)."""
    found = MISCONDUCT.get(name)
    if found is None:
        raise RulingError(f"no misconduct ruling is named {quote(name)}; they are: {', '.join(MISCONDUCT)}")
    rules = hand.rules
    if name not in misconduct_names(rules):
        raise RulingError(f"{name} is a misconduct of Euchre (seed 004): it is ruled where a hand is scored "
                          f"by tricks, and {rules_label(rules)} scores by {rules.score_by.value}")
    if hand.done:
        raise RulingError(f"a {name} ruling is made on the hand in progress, and this hand is over")
    if offender not in hand.seats:
        raise RulingError(f"seat {offender} is not in this hand")
    if found.followed and not _followed(hand, offender):
        raise RulingError(f"seat {offender} has not followed to a trick of this hand, so he cannot have "
                          "reneged (seed 004: failure to follow suit when able)")
    if found.not_dealer and offender == hand.dealer:
        raise RulingError(f"seat {offender} is this hand's dealer: dealing out of turn is the deal of a "
                          "seat whose turn it was not")
    if found.dealer and offender != hand.dealer:
        raise RulingError(f"seat {offender} did not deal this hand: the dealer (seat {hand.dealer}) offers "
                          "the cut (seed 004)")
    team = rules.team_of(offender)
    delta = tuple(found.points if s in hand.seats and rules.team_of(s) != team else 0
                  for s in range(rules.players))
    return Ruling(offender, name, delta, deal_passes=found.dealer)


def _highest_bid(hand: Hand) -> int:
    if hand.bid is not None:
        return hand.bid
    return max((b for _, b in hand.auction.bids if b is not None), default=0)


def ending_ruling(rules: Rules, name: str, offender: int, *, seats: Sequence[int], pitcher: int | None,
                  bid: int | None, highest: int) -> Ruling:
    """The ruling ``name`` (one of :data:`ENDING`) against ``offender`` in a hand of ``seats`` whose
    auction gave ``pitcher`` and ``bid`` (None while it runs) and whose highest bid so far is
    ``highest``; :func:`misplay`, :func:`pitch_out_of_turn` and :func:`void_hand` on a hand in play,
    and the score sheet's ruling hands, come here."""
    if name in ENDING and name not in ending_names(rules):
        raise RulingError(f"{rules_label(rules)} has no {name} ruling: it is ruled where "
                          + ("a hand scores its points" if name == OUT_OF_TURN else
                             "a hand scores its points and the next can be dealt to one seat fewer"))
    n = rules.players
    team = rules.team_of(offender)
    if name == MISPLAY:
        delta = tuple(-highest if s in seats and rules.team_of(s) == team else 0 for s in range(n))
        return Ruling(offender, MISPLAY, delta, (offender,))
    if name == OUT_OF_TURN:
        bidding = pitcher is not None and rules.team_of(pitcher) == team
        cost = rules.smudge_value if bidding and rules.is_special_bid(bid or 0) else bid or 0
        delta = tuple(0 if s not in seats else (-cost if bidding else 0) if rules.team_of(s) == team else 10
                      for s in range(n))
        return Ruling(offender, OUT_OF_TURN, delta)
    if name == VOID:
        return Ruling(offender, VOID, (0,) * n)
    raise ValueError(f"no ruling ends a hand by the name {name!r}")


def ruling_on(hand: Hand, name: str, offender: int) -> Ruling:
    """The seed ruling ``name`` (one of :data:`SEED_RULINGS`) against ``offender`` on the hand in
    progress."""
    if name in MISCONDUCT:
        return misconduct(hand, name, offender)
    return _on(hand, name, offender)


def _on(hand: Hand, name: str, offender: int) -> Ruling:
    return ending_ruling(hand.rules, name, offender, seats=hand.seats, pitcher=hand.pitcher, bid=hand.bid,
                         highest=_highest_bid(hand))


def misplay(hand: Hand, offender: int) -> Ruling:
    """Seed 000 tournament rules 36-37, a misplay that cannot be corrected: "the offender sits out the
    next hand and loses the hand's highest bid; the cards are re-dealt to the others" (a correctable
    misplay needs no ruling: play goes back to the misplay, which the engine never took)."""
    return _on(hand, MISPLAY, offender)


def pitch_out_of_turn(hand: Hand, offender: int) -> Ruling:
    """Seed 003 "Pitch out of tour": a) if the offending team has the bid, it is sent the value of its
    bid (set: minus the bid; a smudge's value for a smudge) and the opposing team receives 10 points;
    b) otherwise the opponents receive 10 points. The hand ends there."""
    return _on(hand, OUT_OF_TURN, offender)


def void_hand(hand: Hand, seat: int) -> Ruling:
    """Seed 003 Misc.: "If it is discovered during the course of play that there are an unequal number
    of cards in a player's hand, the entire hand will be void": no score, the same dealer deals again."""
    return _on(hand, VOID, seat)


def check_rulings(hands: Sequence[object]) -> None:
    """Replay ``hands`` (a game record's hands) and check that each seed ruling in them (one of
    :data:`SEED_RULINGS`; other names are the scorer's own) is the one the ruling gives against its
    seat at that point: the same score change and sit-outs, where the ruling may be made."""
    named = any(isinstance(a, dict) and a.get("ruling") in SEED_RULINGS
                for h in hands if isinstance(h, dict) and isinstance(h.get("actions"), list)
                for a in h["actions"])
    if not named:
        return
    found: list[tuple[int, Ruling]] = []

    def step(index: int, hand: Hand, action: object) -> None:
        if type(action) is Ruling and action.name in SEED_RULINGS:
            found.append((index, action))

    replay_game(list(hands), on_step=step)
    for index, action in found:
        doc = hands[index]
        assert isinstance(doc, dict)
        # a ruling ends its hand, so it is the hand's last entry
        _, played = replay_game([*hands[:index], {**doc, "actions": doc["actions"][:-1]}])
        try:
            expected = ruling_on(played[-1], action.name, action.seat)
        except PitchError as e:
            raise RulingError(f"record: hand {index}: the {action.name} ruling: {e}") from None
        if expected != action:
            what = ", ".join(f"{d:+d}" for d in expected.delta)
            out = f" and seat(s) {list(expected.sit_out)} sitting out" if expected.sit_out else ""
            out += ", the next seat dealing (deal_passes)" if expected.deal_passes else ""
            raise RulingError(f"record: hand {index}: the {action.name} ruling against seat {action.seat} "
                              f"changes the scores by {what}{out}, not as the record says")


@dataclass
class MisplayLog:
    """The desk's misplay log (seed 000 tournament rule 38): a second misplay by the same player in one
    Go-Round disqualifies him."""

    entries: list[tuple[int, str, bool]] = field(default_factory=list)

    def record(self, go_round: int, player: str, *, correctable: bool) -> bool:
        """Note a misplay; True when it disqualifies the player."""
        self.entries.append((go_round, player, correctable))
        return sum(1 for r, p, _ in self.entries if r == go_round and p == player) >= 2
