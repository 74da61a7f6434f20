"""Plain-text output: a bots-only game played out as a log, and a saved game printed hand by hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pitchkit.engine.actions import Action
from pitchkit.engine.cards import format_cards
from pitchkit.engine.game import Game
from pitchkit.engine.hand import Hand
from pitchkit.engine.presets import rules_label
from pitchkit.engine.record import record_hands, replay_game, score_document
from pitchkit.engine.rules_text import plural
from pitchkit.tui.narrate import end_lines, result_lines, score_holders, seat_names, trick_lines
from pitchkit.tui.session import Session

Write = Callable[[str], None]


def hand_lines(hand: Hand, number: int, names: Sequence[str]) -> list[str]:
    """One finished (or unfinished) hand as indented text."""
    # fixed teams score as one: each team's score once
    holders = score_holders(hand.rules, names, hand.seats)
    scores = ", ".join(f"{who} {hand.scores_before[s]}" for who, s, _ in holders) if hand.rules.teams \
        else " ".join(str(s) for s in hand.scores_before)
    lines = [f"Hand {number}: {names[hand.dealer]} deals; scores before: {scores}"]
    for s in hand.seats:
        lines.append(f"  {names[s]} dealt: {format_cards(sorted(hand.initial_hands[s]))}")
    lines += [f"  {line}" for line in trick_lines(hand, names, pack=True)]
    if hand.done:
        lines += [f"  {line}" for line in result_lines(hand, names)]
    return lines


def play_text(session: Session, write: Write) -> None:
    """Let the bots play the whole game, writing each hand as it finishes, then the winner."""
    rules = session.rules
    goal = f"target {rules.target}" if rules.target is not None else f"{rules.deals_per_player} deals each"
    seed = f"seed {session.seed}" if session.seed is not None else "unseeded"
    write(f"pitchkit {rules_label(rules)}: {rules.players} players, {goal}, {seed}, "
          f"bots: {session.bot_name}")
    while not session.over:
        step = session.bot_step()
        if step.result is not None:
            for line in hand_lines(step.hand, len(session.game.history), session.names):
                write(line)
            session.summary_seen()
    for line in end_lines(session.game, session.names, stopped=session.stopped):
        write(line)


@dataclass(frozen=True, slots=True)
class Frame:
    """A replay position: hand ``index`` after ``action`` (``None``: as dealt)."""

    index: int
    hand: Hand
    action: Action | None


@dataclass(frozen=True, slots=True)
class Replay:
    """A saved game rebuilt through the engine: the game at its end, its hands and every position."""

    game: Game
    hands: tuple[Hand, ...]
    frames: tuple[Frame, ...]
    #: each seat's name: the record's players (a tournament table's), else "Seat N"
    names: tuple[str, ...]


def load_replay(doc: object) -> Replay:
    """Rebuild a game record (or one hand record) step by step; :class:`PitchError` if it is not a
    valid record (the same checks as ``pitch score``)."""
    score_document(doc)
    frames: list[Frame] = []

    def record(index: int, hand: Hand, action: Action | None) -> None:
        frames.append(Frame(index, hand.clone(), action))

    game, hands = replay_game(record_hands(doc), on_step=record)
    names = seat_names(game.rules.players, None)
    players = doc.get("players") if isinstance(doc, dict) else None
    if isinstance(players, list) and len(players) == len(names) and all(
            isinstance(p, str) and p.strip() for p in players):
        names = tuple(map(str, players))
    return Replay(game, tuple(hands), tuple(frames), names)


def replay_text(replay: Replay, write: Write) -> None:
    """Print a saved game hand by hand, then the final scores and the winner."""
    rules = replay.game.rules
    names = replay.names
    write(f"pitchkit {rules_label(rules)}: {rules.players} players, {plural(len(replay.hands), 'hand')}")
    for i, hand in enumerate(replay.hands):
        for line in hand_lines(hand, i + 1, names):
            write(line)
    for line in end_lines(replay.game, names, stopped=False):
        write(line)
    if not replay.game.over:
        write("No winner: the game was left unfinished.")
