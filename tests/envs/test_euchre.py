"""Euchre in the research environments: the making rounds, going alone, the dealer's discard and every
variation as action ids; the upcard and the seats sitting out in the observation; masks equal the
engine's legal actions and no hidden card (another seat's, the kitty's, another seat's discard) enters
an observation, with every variation on."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the research environments need pitchkit[envs] (numpy)")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pitchkit.engine.actions import Choice, Choose, DeclareTrump, Discard, Phase  # noqa: E402
from pitchkit.engine.cards import CARDS, Suit  # noqa: E402
from pitchkit.engine.presets import make_rules  # noqa: E402
from pitchkit.envs import encoding as enc  # noqa: E402
from pitchkit.envs.core import Decisions  # noqa: E402
from tests.envs.conftest import random_decisions  # noqa: E402
from tests.envs.test_encoding import check_mask  # noqa: E402

#: every Euchre variation at once (those that can go together)
EVERYTHING: dict[str, object] = {
    "canadian": True, "throw-in": True, "throw-in-no-trump": True, "farmers-hand": 3, "partners-best": True,
    "defend-alone-points": 8, "blind-loner-points": 8, "super-euchre-points": 4}
VARIANTS = [("euchre", {}), ("euchre-stick", {}), ("euchre-uk", {}), ("euchre", EVERYTHING),
            ("euchre-uk", {"club-euchre": True, "canadian": True, "partners-best": True})]


def test_the_old_ids_stay_and_the_choices_follow_them() -> None:
    assert (enc.PLAY_BASE, enc.DISCARD_BASE, enc.DISCARD_DONE, enc.PASS_BASE) == (30, 84, 138, 139)
    assert enc.CHOICE_BASE == 193 and enc.N_ACTIONS == 193 + enc.CHOICE_SLOTS
    assert enc.decisions(Choose(1, Choice.ALONE)) == (193,)
    assert enc.decisions(Choose(1, Choice.PARTNER)) == (194,)
    assert [enc.action_name(a) for a in (193, 194)] == ["alone", "partner"]
    # ordering up names the upcard's suit; round two names another
    assert enc.decisions(DeclareTrump(2, Suit.H)) == (enc.TRUMP_BASE + 2,)
    assert enc.decisions(Discard(0, (CARDS[9],))) == (enc.DISCARD_BASE + 9, enc.DISCARD_DONE)


def hidden_cards(game: Decisions, seat: int) -> set[int]:
    """The cards ``seat`` may not know now: the others' hands (but a pass it received or made), the
    kitty under the upcard, the others' discards, and its own cards before it has looked at them."""
    hand = game.game.hand
    view = game.view(seat)
    others = [s for s in range(game.rules.players) if s != seat]
    out = {int(c) for s in others for c in hand.holding(s)}
    out |= {int(c) for s in others for c in CARDS if hand.discards[s] >> int(c) & 1}
    out |= set(hand.stock[1:] if hand.upcard is not None and hand.stock and hand.stock[0] == hand.upcard
               else hand.stock)
    out -= {int(c) for c in (*view.received, *view.passed)}
    if hand.upcard is not None:
        out.discard(hand.upcard)
    if not view.hand:
        out |= {int(c) for c in hand.holding(seat)}
    return out


def check_observations(game: Decisions) -> None:
    layout = game.layout
    for seat in range(game.rules.players):
        obs = game.observation(seat)
        view = game.view(seat)
        assert np.array_equal(obs, layout.encode(view, game.pending_of(seat)))
        cards = obs[:layout.offsets["phase"][0]].reshape(-1, layout.deck).any(axis=0)
        assert not set(np.flatnonzero(cards)) & hidden_cards(game, seat)


@pytest.mark.parametrize(("variant", "options"), VARIANTS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_masks_and_observations_keep_to_the_view(variant: str, options: dict[str, object], seed: int) -> None:
    for game in random_decisions(variant, seed, max_hands=3, options=options):
        check_mask(game)
        check_observations(game)


def test_every_variation_is_met_in_random_play() -> None:
    """Over seeded random games with every variation on, each new kind of decision is taken."""
    taken: set[str] = set()
    for seed in range(40):
        for game in random_decisions("euchre", seed, max_hands=3, options=EVERYTHING):
            check_mask(game)
            taken.update(enc.action_name(a) for a in game.legal_ids())
    assert {"alone", "partner", "blind", "look", "pass", "discard done"} <= taken
    assert any(name.startswith("pass-card") for name in taken)


def test_going_alone_shows_who_sits_out() -> None:
    for seed in range(50):
        for game in random_decisions("euchre", seed, max_hands=1):
            hand = game.game.hand
            if enc.decisions(Choose(game.seat or 0, Choice.ALONE))[0] not in game.legal_ids():
                continue
            maker = game.seat
            assert maker is not None
            game.step(enc.decisions(Choose(maker, Choice.ALONE))[0])
            partner = game.rules.partner_of(maker)
            assert partner is not None and hand.out_seats == (partner,)
            for seat in range(4):
                obs = game.observation(seat)
                out = game.layout.part(obs, "out")
                assert list(np.flatnonzero(out)) == [(partner - seat) % 4]
                assert list(np.flatnonzero(game.layout.part(obs, "pitcher"))) == [(maker - seat) % 4]
            check_observations(game)
            return
    pytest.fail("nobody could go alone in 50 hands")


def test_the_dealers_discard_is_a_pick_then_done_and_stays_the_dealers() -> None:
    for seed in range(50):
        for game in random_decisions("euchre", seed, max_hands=1):
            hand = game.game.hand
            if hand.phase is not Phase.DISCARD or game.pending:
                continue
            dealer = game.seat
            assert dealer == hand.dealer and hand.upcard is not None
            assert hand.hands[dealer] >> hand.upcard & 1
            picks = game.legal_ids()
            assert enc.DISCARD_DONE not in picks
            assert picks == [enc.DISCARD_BASE + int(c) for c in hand.holding(dealer)]
            game.step(picks[0])
            assert game.legal_ids() == [enc.DISCARD_DONE]
            game.step(enc.DISCARD_DONE)
            gone = picks[0] - enc.DISCARD_BASE
            for seat in range(4):
                obs = game.observation(seat)
                mine = set(np.flatnonzero(game.layout.part(obs, "discards")))
                assert mine == ({gone} if seat == dealer else set())
                assert game.layout.part(obs, "upcard")[hand.upcard] == 1.0
            check_observations(game)
            return
    pytest.fail("nobody ordered the dealer up in 50 hands")


def test_the_layout_adds_the_upcard_and_who_sits_out_only_for_euchre() -> None:
    pct, euchre = enc.Layout.of(make_rules("pct")), enc.Layout.of(make_rules("euchre"))
    assert "upcard" not in pct.offsets and pct.size == 1046
    assert euchre.deck == 52 and list(euchre.offsets)[-2:] == ["upcard", "out"]
    assert enc.Layout.of(make_rules("euchre-uk")).deck == 53
