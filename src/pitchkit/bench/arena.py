"""Bots against bots, with duplicate play: ``pitch arena``.

A *board* is one deal (``hands`` mode: a single hand from scores of zero) or one game seed (``games``
mode: whole games, whose deals come from the seed). Every board is played once per *seating*: with
duplicate play (the default) the bots are rotated through the seats, so each bot holds each seat's
cards; luck of the deal largely cancels out. A list of bots shorter than the table is repeated
(``pimc,heuristic`` at four seats is pimc, heuristic, pimc, heuristic: partners share a bot).

Statistics per bot, each with a 95% confidence interval:

* points per hand: the mean score change (``delta``) of its seats; the interval treats each board
  as one observation (the mean over its seatings), which respects the duplicate pairing;
* bid rate (share of its seat-hands with a bid other than pass, forced bids included), pitch rate,
  make rate and set rate (shares of the hands it pitched), game win rate (share of its seat-games
  won): Wilson score intervals;
* with exactly two bots, the difference of their points per hand, per board (paired).

In a game scored by tricks (``score-by = tricks``, Euchre) the bid and pitch rates give way to the
making figures: the shares of its seat-hands in which the bot ordered the upcard up (round one),
named trump (round two) and went alone; the make and set rates are then its makings made and
euchred.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from pitchkit.bots.base import Bot, make_bot
from pitchkit.engine.actions import Bid
from pitchkit.engine.errors import PitchError
from pitchkit.engine.game import Game
from pitchkit.engine.hand import Hand
from pitchkit.engine.making import Making
from pitchkit.engine.presets import make_rules
from pitchkit.engine.rules import Rules, ScoreBy
from pitchkit.engine.view import make_view
from pitchkit.search.budget import Budget, parse_budget

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class ArenaConfig:
    """One arena run."""

    variant: str
    bots: tuple[str, ...]
    boards: int
    games: bool = False
    seed: int = 1
    jobs: int = 1
    duplicate: bool = True
    players: int | None = None
    options: tuple[tuple[str, str], ...] = ()
    budget: str | None = None
    max_hands: int = 200

    def rules(self) -> Rules:
        """The rules of the run."""
        return make_rules(self.variant, dict(self.options), players=self.players)


@dataclass(slots=True)
class SeatHand:
    """One seat's part of one played hand."""

    board: int
    bot: str
    delta: int
    bid: bool
    pitched: bool
    made: bool
    misdeal: bool
    #: trump made with the upcard: this seat made it in round one (ordered up), in round two
    #: (named), and went alone
    ordered: bool = False
    named: bool = False
    alone: bool = False


@dataclass(slots=True)
class BoardResult:
    """Everything recorded while playing one board under every seating."""

    board: int
    hands: list[SeatHand] = field(default_factory=list)
    #: (bot, won) per seat per game played (games mode)
    games: list[tuple[str, bool]] = field(default_factory=list)
    #: decision times per bot (seconds)
    times: dict[str, list[float]] = field(default_factory=dict)
    #: hands played (all seatings, misdeals included)
    n_hands: int = 0


def seatings(bots: Sequence[str], n: int, *, duplicate: bool) -> list[tuple[str, ...]]:
    """The seatings a board is played under: the bot list repeated to ``n`` seats, and with
    duplicate play every distinct rotation of it."""
    base = tuple(bots[i % len(bots)] for i in range(n))
    if not duplicate:
        return [base]
    out: list[tuple[str, ...]] = []
    for r in range(n):
        rot = tuple(base[(s - r) % n] for s in range(n))
        if rot not in out:
            out.append(rot)
    return out


def _board_seed(seed: int, board: int) -> int:
    return (seed * 1_000_003 + board) * 7919 + 17


def make_player(name: str, rng: random.Random, budget: Budget | None) -> Bot:
    """A bot by name; the search bots get ``budget`` when one is given."""
    if budget is not None and name in ("pimc", "ismcts"):
        if name == "pimc":
            from pitchkit.search.pimc import PimcBot

            return PimcBot(rng, budget)
        from pitchkit.search.ismcts import IsmctsBot

        return IsmctsBot(rng, budget)
    return make_bot(name, rng=rng)


def _ensure_registered() -> None:
    import pitchkit.search.ismcts
    import pitchkit.search.pimc  # noqa: F401


def play_board(cfg: ArenaConfig, board: int) -> BoardResult:
    """Play one board under every seating."""
    _ensure_registered()
    rules = cfg.rules()
    budget = parse_budget(cfg.budget) if cfg.budget else None
    out = BoardResult(board)
    n = rules.players
    for k, seating in enumerate(seatings(cfg.bots, n, duplicate=cfg.duplicate)):
        bot_seed = _board_seed(cfg.seed, board) * 131 + k
        players = [make_player(name, random.Random(bot_seed * 17 + s), budget)
                   for s, name in enumerate(seating)]
        if cfg.games:
            _play_game(cfg, rules, board, seating, players, out)
        else:
            rng = random.Random(_board_seed(cfg.seed, board))
            hand = Hand.deal(rules, rng, dealer=board % n)
            _play_hand(hand, board, seating, players, out)
    return out


def _act(seating: tuple[str, ...], players: list[Bot], hand: Hand, out: BoardResult) -> None:
    seat = hand.to_act
    assert seat is not None
    view = make_view(hand, seat)
    start = time.perf_counter()
    action = players[seat].choose(view)
    _timed(out, seating[seat], view.phase.value, time.perf_counter() - start)
    hand.apply(action)


def _timed(out: BoardResult, bot: str, phase: str, seconds: float) -> None:
    out.times.setdefault(bot, []).append(seconds)
    out.times.setdefault(f"{bot}:{phase}", []).append(seconds)


def _record(hand: Hand, board: int, seating: tuple[str, ...], out: BoardResult) -> None:
    res = hand.result
    assert res is not None
    bidders = {a.seat for a in hand.log if isinstance(a, Bid) and a.amount is not None}
    making = hand.auction
    maker, second_round, alone = None, False, False
    if isinstance(making, Making) and not res.misdeal:
        maker, second_round, alone = making.maker, making.round == 2, making.alone
    out.n_hands += 1
    for s in hand.seats:
        out.hands.append(SeatHand(
            board=board, bot=seating[s], delta=res.delta[s], bid=s in bidders,
            pitched=not res.misdeal and res.pitcher == s, made=bool(res.made), misdeal=res.misdeal,
            ordered=maker == s and not second_round, named=maker == s and second_round,
            alone=maker == s and alone))


def _play_hand(hand: Hand, board: int, seating: tuple[str, ...], players: list[Bot],
               out: BoardResult) -> None:
    while not hand.done:
        _act(seating, players, hand, out)
    _record(hand, board, seating, out)


def _play_game(cfg: ArenaConfig, rules: Rules, board: int, seating: tuple[str, ...],
               players: list[Bot], out: BoardResult) -> None:
    game = Game(rules, seed=_board_seed(cfg.seed, board))
    played = 0
    while not game.over and played < cfg.max_hands:
        hand = game.hand
        while not hand.done:
            seat = hand.to_act
            assert seat is not None
            view = game.view(seat)
            start = time.perf_counter()
            action = players[seat].choose(view)
            _timed(out, seating[seat], view.phase.value, time.perf_counter() - start)
            game.apply(action)
        _record(hand, board, seating, out)
        played += 1
    winners = set(game.end.winners) if game.end is not None else set()
    # one entry per side: a team's game is one observation, not one per member (seat t is the
    # first seat of team t)
    for s in range(rules.teams or rules.players):
        out.games.append((seating[s], s in winners))


# -- statistics -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Estimate:
    """A value with a 95% confidence interval and the number of observations behind it."""

    value: float
    low: float
    high: float
    n: int

    def json(self) -> dict[str, float | int | None]:
        """JSON form (an interval from a single observation has no finite ends: null)."""
        def num(x: float) -> float | None:
            return round(x, 4) if math.isfinite(x) else None

        return {"value": num(self.value), "low": num(self.low), "high": num(self.high), "n": self.n}

    def text(self, *, percent: bool = False) -> str:
        """``"1.23 [1.10, 1.36]"``."""
        if self.n == 0:
            return "-"
        k, unit, d = (100.0, "%", 1) if percent else (1.0, "", 3)
        return f"{self.value * k:.{d}f}{unit} [{self.low * k:.{d}f}, {self.high * k:.{d}f}]"


def mean_ci(values: Sequence[float]) -> Estimate:
    """Mean with a normal 95% interval."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    m = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
    return Estimate(m, m - half, m + half, n)


def wilson(successes: int, n: int) -> Estimate:
    """Share with a Wilson score 95% interval."""
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, centre - half, centre + half, n)


def summarize(cfg: ArenaConfig, results: Sequence[BoardResult]) -> dict[str, object]:
    """The report of a run (JSON-ready)."""
    names = list(dict.fromkeys(cfg.bots))
    rules = cfg.rules()
    tricks = rules.score_by == ScoreBy.TRICKS
    bots: dict[str, object] = {}
    per_board: dict[str, dict[int, float]] = {}
    for name in names:
        mine = [h for r in results for h in r.hands if h.bot == name]
        boards: dict[int, list[int]] = {}
        for h in mine:
            boards.setdefault(h.board, []).append(h.delta)
        per_board[name] = {b: statistics.fmean(v) for b, v in boards.items()}
        pitched = [h for h in mine if h.pitched]
        games = [won for r in results for bot, won in r.games if bot == name]
        times = [t for r in results for t in r.times.get(name, [])]
        making = {
            "order_up_rate": wilson(sum(h.ordered for h in mine), len(mine)).json(),
            "name_rate": wilson(sum(h.named for h in mine), len(mine)).json(),
            "alone_rate": wilson(sum(h.alone for h in mine), len(mine)).json(),
        } if tricks else {}
        bots[name] = {
            "seat_hands": len(mine),
            "points_per_hand": mean_ci(list(per_board[name].values())).json(),
            "bid_rate": wilson(sum(h.bid for h in mine), len(mine)).json(),
            "pitch_rate": wilson(len(pitched), len(mine)).json(),
            "make_rate": wilson(sum(h.made for h in pitched), len(pitched)).json(),
            "set_rate": wilson(sum(not h.made for h in pitched), len(pitched)).json(),
            **making,
            "game_win_rate": wilson(sum(games), len(games)).json() if cfg.games else None,
            "decisions": len(times),
            "decision_seconds_median": round(statistics.median(times), 4) if times else None,
            "decision_seconds_median_by_phase": {
                key.split(":", 1)[1]: round(statistics.median(v), 4)
                for key, v in _merged_times(results, name).items()},
        }
    report: dict[str, object] = {
        "variant": cfg.variant, "players": rules.players, "bots": list(cfg.bots),
        "score_by": rules.score_by.value,
        "mode": "games" if cfg.games else "hands", "boards": len(results), "seed": cfg.seed,
        "duplicate": cfg.duplicate, "seatings": [list(s) for s in seatings(
            cfg.bots, rules.players, duplicate=cfg.duplicate)],
        "hands_played": sum(r.n_hands for r in results),
        "budget": cfg.budget, "results": bots,
    }
    if len(names) == 2:
        a, b = names
        common = sorted(set(per_board[a]) & set(per_board[b]))
        diff = mean_ci([per_board[a][x] - per_board[b][x] for x in common])
        report["difference"] = {"of": f"{a} - {b}", "points_per_hand": diff.json()}
    return report


def _merged_times(results: Sequence[BoardResult], bot: str) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for r in results:
        for key, v in r.times.items():
            if key.startswith(f"{bot}:"):
                out.setdefault(key, []).extend(v)
    return out


def play_boards(job: tuple[ArenaConfig, range]) -> list[BoardResult]:
    """Play a run of consecutive boards (one task on a cluster)."""
    cfg, boards = job
    return [play_board(cfg, b) for b in boards]


def _boards(cfg: ArenaConfig, ray: str | None) -> Iterator[BoardResult]:
    if ray is not None:
        from pitchkit.bench.cluster import RayCluster, chunks

        with RayCluster(ray) as cluster:
            jobs = [(cfg, part) for part in chunks(cfg.boards, cluster.cpus)]
            for done in cluster.map(play_boards, jobs):
                yield from done
        return
    if cfg.jobs <= 1:
        for b in range(cfg.boards):
            yield play_board(cfg, b)
        return
    with ProcessPoolExecutor(max_workers=cfg.jobs) as pool:
        yield from pool.map(play_board, [cfg] * cfg.boards, range(cfg.boards))


def run(cfg: ArenaConfig, *, on_board: Callable[[BoardResult], None] | None = None,
        ray: str | None = None) -> dict[str, object]:
    """Play every board and return the report. With ``ray`` (an address, or
    :data:`pitchkit.bench.cluster.LOCAL`) the boards are split over a Ray cluster instead of ``cfg.jobs``
    processes; the figures are the same either way."""
    validate(cfg)
    results: list[BoardResult] = []
    start = time.perf_counter()
    for res in _boards(cfg, ray):
        results.append(res)
        if on_board is not None:
            on_board(res)
    report = summarize(cfg, results)
    report["seconds"] = round(time.perf_counter() - start, 2)
    return report


def validate(cfg: ArenaConfig) -> None:
    """Raise :class:`PitchError` for a run that cannot be played."""
    _ensure_registered()
    cfg.rules()
    if not cfg.bots:
        raise PitchError("--bots: name at least one bot")
    for name in set(cfg.bots):
        make_bot(name, seed=0)
    if cfg.boards < 1:
        raise PitchError("play at least one game or hand")
    if cfg.jobs < 1:
        raise PitchError("--jobs must be at least 1")
    if cfg.budget:
        parse_budget(cfg.budget)
