"""Batch random self-play with summary statistics (``pitch simulate``).

Hands are split into fixed-size chunks, each with its own seed derived from the run's seed and the
chunk's number, so the figures depend on the seed only, never on how many processes share the
work. Each chunk is played by the compiled fast path when it is installed and supports the rules,
else by the engine.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pitchkit.bench.selfplay import play_random_hand
from pitchkit.engine.errors import PitchError
from pitchkit.engine.making import Making
from pitchkit.engine.rules import POINT_VALUES, Rules, ScoreBy

#: Hands per chunk, per path (the fast path is about a hundred times faster).
CHUNK = {"fast": 20_000, "engine": 200}

#: The outcomes of a hand scored by tricks, in the order shown, each with the rule that makes it
#: possible (``None``: always possible)
TRICK_OUTCOMES = (("made", None), ("march", None), ("alone-march", "going_alone"),
                  ("blind-march", "blind_loner_points"), ("euchre", None),
                  ("super-euchre", "super_euchre_points"), ("lone-euchre", "defend_alone_points"))

#: the outcomes in which the makers made it (every other outcome is a euchre of some kind)
MADE_OUTCOMES = ("made", "march", "alone-march", "blind-march")


def trick_outcomes(rules: Rules) -> list[str]:
    """The outcomes ``rules`` can give a hand scored by tricks (the award each scores)."""
    return [name for name, rule in TRICK_OUTCOMES if rule is None or getattr(rules, rule)]


@dataclass
class SimStats:
    """Counters over a batch of hands; chunks merge by adding."""

    hands: int = 0
    misdeals: int = 0
    ran: int = 0
    made: int = 0
    #: points awarded in all hands (every side)
    points: int = 0
    #: sum of the pitcher's score change
    pitcher_delta: int = 0
    #: bid value -> [hands with that contract, hands it was made]
    bids: dict[int, list[int]] = field(default_factory=dict)
    #: category -> points it awarded over all hands
    categories: dict[str, int] = field(default_factory=dict)
    #: hands scored by tricks: award -> hands it ended
    outcomes: dict[str, int] = field(default_factory=dict)
    #: hands scored by tricks: trump made in round two (named), made by a player alone, made by the
    #: dealer's side
    named: int = 0
    alone: int = 0
    dealer_side: int = 0

    def merge(self, other: SimStats) -> None:
        """Add another chunk's counters."""
        self.hands += other.hands
        self.misdeals += other.misdeals
        self.ran += other.ran
        self.made += other.made
        self.points += other.points
        self.pitcher_delta += other.pitcher_delta
        for bid, (n, m) in other.bids.items():
            row = self.bids.setdefault(bid, [0, 0])
            row[0] += n
            row[1] += m
        for cat, v in other.categories.items():
            self.categories[cat] = self.categories.get(cat, 0) + v
        for name, v in other.outcomes.items():
            self.outcomes[name] = self.outcomes.get(name, 0) + v
        self.named += other.named
        self.alone += other.alone
        self.dealer_side += other.dealer_side

    def summary(self, rules: Rules) -> dict[str, Any]:
        """Rates and means: how often each bid is made, points per category and per hand; for hands
        scored by tricks, how often each outcome ends a hand and how trump was made instead."""
        scored = self.hands - self.misdeals

        def rate(a: int, b: int) -> float:
            return round(a / b, 4) if b else 0.0

        if rules.score_by == ScoreBy.TRICKS:
            return {
                "hands": self.hands,
                "scored_hands": scored,
                "thrown_in_rate": rate(self.misdeals, self.hands),
                "made_rate": rate(self.made, scored),
                "euchred_rate": rate(scored - self.made, scored),
                "points_per_hand": rate(self.points, scored),
                "makers_delta_per_hand": rate(self.pitcher_delta, scored),
                "making": {"ordered_up": rate(scored - self.named, scored),
                           "named": rate(self.named, scored),
                           "alone": rate(self.alone, scored),
                           "dealer_side": rate(self.dealer_side, scored)},
                "outcomes": {name: rate(self.outcomes.get(name, 0), scored)
                             for name in trick_outcomes(rules)},
            }
        return {
            "hands": self.hands,
            "scored_hands": scored,
            "misdeal_rate": rate(self.misdeals, self.hands),
            "run_rate": rate(self.ran, self.hands),
            "made_rate": rate(self.made, scored),
            "set_rate": rate(scored - self.made, scored),
            "points_per_hand": rate(self.points, scored),
            "pitcher_delta_per_hand": rate(self.pitcher_delta, scored),
            "bids": {rules.bid_name(b): {"hands": n, "made": m, "made_rate": rate(m, n),
                                         "share": rate(n, scored)}
                     for b, (n, m) in sorted(self.bids.items())},
            "points_per_category": {c: rate(self.categories.get(c, 0), scored) for c in rules.points},
        }


def chunk_seed(seed: int, index: int) -> int:
    """A 63-bit seed for chunk ``index`` of a run seeded ``seed`` (SplitMix64 of both)."""
    mask = (1 << 64) - 1
    z = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xD1B54A32D192ED03) & mask
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return (z ^ (z >> 31)) >> 1


def choose_path(rules: Rules, *, engine: bool = False) -> str:
    """``"fast"`` when the compiled path is installed and supports ``rules``, else ``"engine"``."""
    from pitchkit import fast

    if not engine and fast.available() and fast.supports(rules):
        return "fast"
    return "engine"


def engine_chunk(rules: Rules, count: int, seed: int) -> SimStats:
    """``count`` random hands through the engine."""
    rng = random.Random(seed)
    st = SimStats()
    for _ in range(count):
        hand, _ = play_random_hand(rules, rng, dealer=rng.randrange(rules.players))
        res = hand.result
        assert res is not None
        st.hands += 1
        st.ran += hand.auction.ran
        if res.misdeal:
            st.misdeals += 1
            continue
        assert res.pitcher is not None and res.bid is not None
        row = st.bids.setdefault(res.bid, [0, 0])
        row[0] += 1
        row[1] += bool(res.made)
        st.made += bool(res.made)
        st.pitcher_delta += res.delta[res.pitcher]
        if rules.score_by == ScoreBy.TRICKS:
            making = hand.auction
            assert isinstance(making, Making)
            st.named += making.round == 2
            st.alone += making.alone
            st.dealer_side += rules.team_of(res.pitcher) == rules.team_of(hand.dealer)
            for a in res.awards:
                st.outcomes[a.point] = st.outcomes.get(a.point, 0) + 1
        for a in res.awards:
            st.points += a.value
            st.categories[a.point] = st.categories.get(a.point, 0) + a.value
    return st


def fast_chunk(rules: Rules, count: int, seed: int) -> SimStats:
    """``count`` random hands through the compiled fast path."""
    import numpy as np

    from pitchkit import fast
    from pitchkit.fast.codes import CATEGORIES, PLAYED

    tricks = rules.score_by == ScoreBy.TRICKS
    b = fast.play_random(rules, count, seed=seed, trace=tricks)
    played = b.misdeal == PLAYED
    st = SimStats(hands=count, misdeals=int((~played).sum()), ran=int(b.ran.sum()),
                  made=int(b.made.sum()))
    st.pitcher_delta = int(b.delta[np.arange(count), b.pitcher][played].sum())
    for bid in np.unique(b.bid[played]).tolist():
        sel = played & (b.bid == bid)
        st.bids[int(bid)] = [int(sel.sum()), int(b.made[sel].sum())]
    for code, cat in enumerate(CATEGORIES):
        awarded = int((b.award[:, code] >= 0).sum())
        if awarded:
            st.categories[cat] = awarded * POINT_VALUES[cat]
            st.points += awarded * POINT_VALUES[cat]
    if tricks:
        _trick_counts(rules, b, played, st)
    return st


def _trick_counts(rules: Rules, b: Any, played: Any, st: SimStats) -> None:
    """The outcome, round and going alone of each played hand of a traced batch scored by tricks."""
    import numpy as np

    from pitchkit.fast.codes import KIND_ALONE, KIND_BID

    tr = b.trace
    rows = np.arange(tr.actions.shape[1])[None, :] < tr.n_actions[:, None]
    kind, value = tr.actions[:, :, 1], tr.actions[:, :, 2]
    named = ((kind == KIND_BID) & rows).sum(axis=1) >= rules.players
    alone = ((kind == KIND_ALONE) & (value == 1) & rows).any(axis=1)
    team = np.array([rules.team_of(s) for s in range(rules.players)])
    makers = team[np.maximum(b.pitcher, 0)]
    taken = (team[tr.winners] == makers[:, None]).sum(axis=1)
    all_tricks = tr.winners.shape[1]
    st.points = int(b.delta.max(axis=1)[played].sum())
    st.named = int((named & played).sum())
    st.alone = int((alone & played).sum())
    st.dealer_side = int(((team[b.dealer] == makers) & played).sum())
    kinds = {
        "made": (taken >= rules.tricks_needed) & (taken < all_tricks),
        "march": (taken == all_tricks) & ~alone,
        "alone-march": (taken == all_tricks) & alone,
        "euchre": (taken < rules.tricks_needed) & ((taken > 0) | (rules.super_euchre_points == 0)),
        "super-euchre": (taken == 0) & (rules.super_euchre_points != 0),
    }
    for name, sel in kinds.items():
        if int((sel & played).sum()):
            st.outcomes[name] = int((sel & played).sum())


def _run(job: tuple[Rules, str, int, int]) -> SimStats:
    rules, path, count, seed = job
    return (fast_chunk if path == "fast" else engine_chunk)(rules, count, seed)


def jobs_for(rules: Rules, hands: int, seed: int, path: str) -> list[tuple[Rules, str, int, int]]:
    """The chunks of a run: (rules, path, hands, seed) each."""
    size = CHUNK[path]
    return [(rules, path, min(size, hands - start), chunk_seed(seed, i))
            for i, start in enumerate(range(0, hands, size))]


def simulate(rules: Rules, hands: int, *, seed: int = 0, jobs: int = 1, engine: bool = False,
             on_chunk: Callable[[int], None] | None = None,
             ray: str | None = None) -> tuple[str, SimStats]:
    """Play ``hands`` random hands on ``jobs`` processes, or over a Ray cluster when ``ray`` is an
    address (or :data:`pitchkit.bench.cluster.LOCAL`); returns the path used and the counters, the same
    however the chunks are shared out.

    ``on_chunk(hands_done_in_chunk)`` is called as each chunk finishes (for a progress bar)."""
    if hands < 1:
        raise PitchError("hands must be at least 1")
    if jobs < 1:
        raise PitchError("jobs must be at least 1")
    path = choose_path(rules, engine=engine)
    work = jobs_for(rules, hands, seed, path)
    total = SimStats()
    for st in _results(work, jobs, path, ray):
        total.merge(st)
        if on_chunk is not None:
            on_chunk(st.hands)
    return path, total


def _results(work: list[tuple[Rules, str, int, int]], jobs: int, path: str,
             ray: str | None) -> Iterator[SimStats]:
    if ray is not None:
        from pitchkit.bench.cluster import RayCluster

        with RayCluster(ray) as cluster:
            yield from cluster.map(_run, work)
        return
    if jobs == 1 or len(work) == 1:
        yield from map(_run, work)
        return
    if path == "fast":
        _run((work[0][0], path, 1, 0))  # compile (or load) the kernel once, before the workers fork
    with multiprocessing.get_context().Pool(min(jobs, len(work))) as pool:
        yield from pool.imap(_run, work)
