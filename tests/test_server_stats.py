"""Your games, counted from a table as the server keeps it: every game of a table (the ones it
finished before playing again and the one in play) counts for the seat its token proves, in the
words of its family (Pitch's bids and sets, Euchre's makes and euchres)."""

from __future__ import annotations

from pitchkit import Game, make_rules
from pitchkit.bots import make_bot
from pitchkit.engine.record import game_record, score_document
from pitchkit.server import auth
from pitchkit.server.stats import Tally, table_games, table_stats
from pitchkit.server.tables import PastGame, Seat, TableState


def played(variant: str, seed: int, *, hands: int = 60, target: int = 3) -> Game:
    """A game of random bots to its end (or ``hands`` hands), to ``target``."""
    rules = make_rules(variant, {"target": target})
    game = Game(rules, seed=seed)
    bots = [make_bot("random", seed=seed + s) for s in range(rules.players)]
    while not game.over and len(game.history) < hands:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    return game


def expected(game: Game, seat: int) -> Tally:
    """``seat``'s counts in ``game`` as ``pitch score`` scores its record."""
    hands = score_document(game_record(game)).get("hands", [])
    assert isinstance(hands, list)
    key = "maker" if game.rules.score_by.value == "tricks" else "pitcher"
    mine = [h for h in hands if h.get(key) == seat and h.get("made") is not None]
    made = sum(1 for h in mine if h["made"] is True)
    over = game.end is not None
    return Tally(games=int(over), won=int(over and game.end is not None and seat in game.end.winners),
                 unfinished=int(not over), bids=len(mine), made=made, set=len(mine) - made)


def test_every_game_of_a_table_counts_for_the_seat_its_token_proves() -> None:
    first, second, third = played("pct", 1), played("euchre", 2), played("pct", 3, hands=2, target=50)
    state = TableState("t1", rules=third.rules, game=third)
    token = auth.new_secret()
    state.seats = [Seat("human", "Ann", token_hash=auth.digest(token)), *(Seat("bot", bot="random")
                                                                           for _ in range(3))]
    state.past = [PastGame(first.rules, first, (), (), 0), PastGame(second.rules, second, (), (), 0)]
    assert [g for _, g in table_games(state)] == [first, second, third]

    entry, tallies = table_stats(state, token)
    pitch = expected(first, 0)
    pitch.add(expected(third, 0))
    assert tallies == {"pitch": pitch, "euchre": expected(second, 0)}
    assert entry["seat"] == 0 and entry["name"] == "Ann" and entry["variant"] == "pct"
    assert entry["pitch"]["games"] == 1 and entry["pitch"]["unfinished"] == 1
    assert set(entry["euchre"]) == {"games", "won", "unfinished", "makes", "made", "euchred"}
    assert pitch.bids + expected(second, 0).bids > 0  # the counts are not all empty

    wrong, none = table_stats(state, auth.new_secret())
    assert wrong == {"id": "t1", "error": "that token does not open a seat at this table"} and none == {}
