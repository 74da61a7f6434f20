"""The trick play of a random hand, in compiled code: the legal cards, a trick's winner, and trump
named by the first card when the auction did not name it.
"""

from __future__ import annotations

from typing import Any

from pitchkit.fast.bits import pick, popcount, record
from pitchkit.fast.codes import KIND_DECLARE, KIND_PLAY, LEADS_TRUMP, MUST_FOLLOW, OFF_JACK, N
from pitchkit.fast.jitting import fast_jit


@fast_jit
def legal_play(P: Any, hand: int, trump: int, led_card: int, first_lead: bool, tmask: Any,
               smask: Any, suit: Any) -> int:
    """Cards a seat may play: anything to lead (a trump first for a bidder who must lead one),
    trump to a trump lead, else follow suit or trump."""
    if trump < 0:
        return hand
    tm = tmask[trump]
    if led_card < 0:
        if first_lead and P[LEADS_TRUMP] != 0 and hand & tm != 0:
            return int(hand & tm)
        return hand
    led = suit[trump, led_card]
    if led == trump:
        return hand & tm if hand & tm else hand
    follow = hand & smask[trump, led]
    if follow and P[MUST_FOLLOW]:
        return int(follow)
    return follow | (hand & tm) if follow else hand


@fast_jit
def strength(trump: int, card: int, led: int, tmask: Any, suit: Any, power: Any) -> int:
    """Trick-taking strength: a trump beats the suit led, which beats the rest (0)."""
    if (tmask[trump] >> card) & 1:
        return 100 + int(power[trump, card])
    if suit[trump, card] == led:
        return int(power[trump, card])
    return 0


@fast_jit
def play_out(st: Any, P: Any, hands: Any, pitcher: int, trump: int, tmask: Any, smask: Any, suit: Any,
             power: Any, gval: Any, player_of: Any, capt_of: Any, order_of: Any, pts_seat: Any,
             trick_seat: Any, trick_card: Any, h: int, trace: bool, tr_act: Any, tr_nact: Any,
             tr_win: Any, leader: int, out: int) -> tuple[int, int]:
    """Random play of every trick from ``leader``'s lead, seat ``out`` (or -1) sitting out; returns
    (trump, mask of the seats that won a trick). Fills who played and who captured each card, in
    which order, and card points."""
    n = P[N]
    n_in = n - 1 if out >= 0 else n
    tricks = popcount(hands[leader])
    k = 0
    won_by = 0
    for t in range(tricks):
        seat = leader
        for j in range(n_in):
            if j > 0:
                seat = (seat + 1) % n
                if seat == out:
                    seat = (seat + 1) % n
            led_card = trick_card[0] if j > 0 else -1
            legal = legal_play(P, hands[seat], trump, led_card, t == 0 and seat == pitcher,
                               tmask, smask, suit)
            card = pick(st, legal)
            record(trace, tr_act, tr_nact, h, seat, KIND_PLAY, card, legal)
            hands[seat] &= ~(1 << card)
            trick_seat[j] = seat
            trick_card[j] = card
            player_of[card] = seat
            order_of[card] = k
            k += 1
            if trump < 0:
                if card >= 52 or (P[OFF_JACK] != 0 and card % 13 == 9):
                    opts = 15 if card >= 52 else (1 << (card // 13)) | (1 << (card // 13 ^ 3))
                    trump = pick(st, opts)
                    record(trace, tr_act, tr_nact, h, seat, KIND_DECLARE, trump, opts)
                else:
                    trump = card // 13
        led = suit[trump, trick_card[0]]
        winner = trick_seat[0]
        best = strength(trump, trick_card[0], led, tmask, suit, power)
        for j in range(1, n_in):
            s = strength(trump, trick_card[j], led, tmask, suit, power)
            if s > best:
                best = s
                winner = trick_seat[j]
        for j in range(n_in):
            capt_of[trick_card[j]] = winner
            pts_seat[winner] += gval[trick_card[j]]
        if trace:
            tr_win[h, t] = winner
        won_by |= 1 << winner
        leader = winner
    return trump, won_by
