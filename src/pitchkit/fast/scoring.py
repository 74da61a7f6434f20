"""A played hand's score, in compiled code: the point categories awarded and the score changes of a
contract (:func:`score`), or Euchre's by the makers' tricks (:func:`trick_score`).
"""

from __future__ import annotations

from typing import Any

from pitchkit.fast.codes import (
    ALONE_MARCH_POINTS,
    C_ACE,
    C_BIG_JOKER,
    C_GAME,
    C_HIGH,
    C_JACK,
    C_LITTLE_JOKER,
    C_LOW,
    C_OFF_JACK,
    C_SMUDGE,
    C_TEN,
    C_THREE,
    C_TWO,
    DECK,
    DYNAMIC,
    EUCHRE_POINTS,
    HAND_SIZE,
    HIGH_BY_PLAYER,
    JACK_BY_PLAYER,
    LOW_BY_PLAYER,
    MADE_POINTS,
    MARCH_POINTS,
    MAX_BID,
    SINGLE_TRUMP_LOW,
    SMUDGE_BIDS,
    SMUDGE_VALUE,
    SUPER_EUCHRE_POINTS,
    TEAMS,
    N,
)
from pitchkit.fast.jitting import fast_jit


@fast_jit
def named_card(code: int, trump: int, off_jack: Any) -> int:
    """The card a card-point category names under ``trump``; -1 for high, low, game, smudge."""
    base = trump * 13
    if code == C_JACK:
        return base + 9
    if code == C_OFF_JACK:
        return int(off_jack[trump])
    if code == C_BIG_JOKER:
        return 52
    if code == C_LITTLE_JOKER:
        return 53
    if code == C_ACE:
        return base + 12
    if code == C_TEN:
        return base + 8
    if code == C_TWO:
        return base
    if code == C_THREE:
        return base + 1
    return -1


@fast_jit
def score(P: Any, cats: Any, values: Any, trump: int, pitcher: int, bid: int, won_by: int, tmask: Any,
          power: Any, off_jack: Any, player_of: Any, capt_of: Any, order_of: Any, pts_seat: Any,
          side: Any, side_tot: Any, award: Any, delta: Any) -> bool:
    """Fill ``award`` (seat credited per category code, -1 none), ``side`` and ``delta``; return
    whether the contract was made. ``won_by`` is the mask of seats that won a trick."""
    n = P[N]
    tm = tmask[trump]
    high = -1
    low = -1
    n_trumps = 0
    for c in range(P[DECK]):
        if (tm >> c) & 1 and player_of[c] >= 0:
            n_trumps += 1
            # high and low by (power, -order): between equal jokers the first played ranks higher
            pc = power[trump, c]
            ph = power[trump, high] if high >= 0 else -1
            pl = power[trump, low] if low >= 0 else 99
            if high < 0 or pc > ph or (pc == ph and order_of[c] < order_of[high]):
                high = c
            if low < 0 or pc < pl or (pc == pl and order_of[c] > order_of[low]):
                low = c

    if P[DYNAMIC] and high >= 0:
        a = player_of[high]
        b = player_of[low]
        rest = -1
        for s in range(n):
            if s != a and s != b:
                rest = s
                break
        for s in range(n):
            side[s] = min(a, b) if s in (a, b) else rest
    else:
        for s in range(n):
            side[s] = s % P[TEAMS] if P[TEAMS] else s

    for i in range(award.shape[0]):
        award[i] = -1
    for s in range(n):
        side_tot[s] = 0
    total = 0
    for i in range(cats.shape[0]):
        code = cats[i]
        seat = -1
        if code == C_HIGH:
            if high >= 0:
                seat = player_of[high] if P[HIGH_BY_PLAYER] else capt_of[high]
        elif code == C_LOW:
            if low >= 0 and (n_trumps > 1 or P[SINGLE_TRUMP_LOW]):
                seat = player_of[low] if P[LOW_BY_PLAYER] else capt_of[low]
        elif code == C_GAME:
            seat = _game_taker(n, side, pts_seat)
        elif code == C_SMUDGE:
            seat = _smudge_taker(n, side, award, won_by)
        else:
            card = named_card(code, trump, off_jack)
            if card >= 0 and player_of[card] >= 0:
                seat = player_of[card] if code == C_JACK and P[JACK_BY_PLAYER] else capt_of[card]
        if seat >= 0:
            award[code] = seat
            side_tot[side[seat]] += values[code]
            total += values[code]

    special = P[SMUDGE_BIDS] != 0 and bid > P[MAX_BID]
    mine = side[pitcher]
    won = side_tot[mine]
    made = (total > 0 and won == total) if special else won >= bid
    for s in range(n):
        sd = side[s]
        if sd != mine:
            delta[s] = side_tot[sd]
        elif not made:
            delta[s] = -(P[SMUDGE_VALUE] if special else bid)
        elif special:
            delta[s] = P[SMUDGE_VALUE]
        else:
            delta[s] = side_tot[sd]
    return bool(made)


@fast_jit
def _game_taker(n: int, side: Any, pts_seat: Any) -> int:
    """The seat credited with "game": the member with most card points of the one side that took
    most (ties between sides: nobody; between members: the lowest seat)."""
    best = -1
    leaders = 0
    lead_side = -1
    for u in range(n):
        present = False
        total = 0
        for s in range(n):
            if side[s] == u:
                present = True
                total += pts_seat[s]
        if not present:
            continue
        if total > best:
            best = total
            leaders = 1
            lead_side = u
        elif total == best:
            leaders += 1
    if leaders != 1:
        return -1
    taker = -1
    for s in range(n):
        if side[s] == lead_side and (taker < 0 or pts_seat[s] > pts_seat[taker]):
            taker = s
    return taker


@fast_jit
def _smudge_taker(n: int, side: Any, award: Any, won_by: int) -> int:
    """The smudge: one side won every trick and high, low and jack (already awarded)."""
    w = -1
    for s in range(n):
        if (won_by >> s) & 1:
            if w < 0:
                w = side[s]
            elif side[s] != w:
                return -1
    hi, lo, jk = award[C_HIGH], award[C_LOW], award[C_JACK]
    if hi < 0 or lo < 0 or jk < 0:
        return -1
    if side[hi] == side[lo] == side[jk] == w:
        return int(hi)
    return -1


@fast_jit
def trick_score(P: Any, maker: int, out: int, pts_seat: Any, delta: Any) -> bool:
    """Fill ``delta`` for a hand scored by the makers' tricks (``pts_seat``: cards each seat took);
    return whether the makers made it."""
    n = P[N]
    teams = P[TEAMS]
    n_in = n - 1 if out >= 0 else n
    taken = 0
    for s in range(n):
        if s % teams == maker % teams:
            taken += pts_seat[s]
    taken //= n_in
    made = taken >= P[HAND_SIZE] // 2 + 1
    side = maker % teams
    if not made:
        side = (maker + 1) % teams
        value = P[EUCHRE_POINTS]
        if taken == 0 and P[SUPER_EUCHRE_POINTS]:
            value = P[SUPER_EUCHRE_POINTS]
    elif taken < P[HAND_SIZE]:
        value = P[MADE_POINTS]
    else:
        value = P[ALONE_MARCH_POINTS] if out >= 0 else P[MARCH_POINTS]
    for s in range(n):
        delta[s] = value if s % teams == side else 0
    return bool(made)
