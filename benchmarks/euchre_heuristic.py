"""The ``heuristic`` bot's making of trump at Euchre, before and after tuning.

    python benchmarks/euchre_heuristic.py [--variant euchre] [--deals N] [--games G] [--seed S]

Self-play first: the share of hands thrown in (every player passed twice) and, of the hands where
trump was made, the makers' made, march and euchred rates and how often they went alone, for the
bot as it was (:data:`BEFORE`, a cautious policy that made trump with about three tricks of its own)
and as it is (:data:`pitchkit.bots.tricks.MAKING`). Then the two against each other on duplicate
deals through the arena (``pitch arena``'s code): each deal is played with the partnerships swapped,
and the difference of points per hand has a 95% interval over the deals; ``--games`` plays whole
games to 10 instead and adds the game win rate. The old policy is a bot only inside this script.
"""

from __future__ import annotations

import argparse
import random

from pitchkit import Hand, make_rules
from pitchkit.bench.arena import ArenaConfig, run
from pitchkit.bots.base import register
from pitchkit.bots.heuristic import HeuristicBot
from pitchkit.bots.tricks import MAKING, MakingPolicy
from pitchkit.engine.making import Making
from pitchkit.engine.view import make_view

#: the policy before tuning: trump made at a strength of 7 in both rounds, alone at 13 (never, in
#: practice), no weight for a void
BEFORE = MakingPolicy(make_at=7.0, name_at=7.0, alone_at=13.0, defend_alone_at=11.5, upcard=1.0, void=0.0)


def self_play(variant: str, policy: MakingPolicy, deals: int, seed: int) -> dict[str, float]:
    """Shares over ``deals`` hands with the policy in every seat: ``thrown_in`` of the hands;
    ``made``, ``march``, ``euchred`` and ``alone`` of the hands where trump was made."""
    rules = make_rules(variant)
    thrown = made = march = alone = 0
    for i in range(deals):
        hand = Hand.deal(rules, random.Random(seed * 1_000_003 + i), dealer=i % rules.players)
        bots = [HeuristicBot(random.Random(i * 8 + s), making=policy) for s in range(rules.players)]
        while not hand.done:
            seat = hand.to_act
            assert seat is not None
            hand.apply(bots[seat].choose(make_view(hand, seat)))
        res, making = hand.result, hand.auction
        assert res is not None and isinstance(making, Making)
        if res.pitcher is None or res.misdeal:
            thrown += 1
            continue
        side = rules.team_of(res.pitcher)
        alone += making.alone
        made += bool(res.made)
        march += all(rules.team_of(w) == side for _, w in hand.tricks)
    n = max(1, deals - thrown)
    return {"thrown_in": thrown / deals, "made": made / n, "march": march / n, "euchred": 1 - made / n,
            "alone": alone / n}


def main() -> None:
    """Print the self-play rates of both policies and their duplicate match."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="euchre")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--games", type=int, default=0, help="whole games instead of single deals")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.variant}, self-play over {args.deals} deals (thrown in: of all deals; the rest: of the "
          "hands where trump was made)")
    for name, policy in (("before", BEFORE), ("after", MAKING)):
        rates = self_play(args.variant, policy, args.deals, args.seed)
        print(f"  {name:6}  " + "  ".join(f"{k.replace('_', ' ')} {v:5.1%}" for k, v in rates.items()))
    register("heuristic-before", lambda rng: HeuristicBot(rng, making=BEFORE))
    boards = args.games or args.deals
    cfg = ArenaConfig(variant=args.variant, bots=("heuristic", "heuristic-before"), boards=boards,
                      games=bool(args.games), seed=args.seed)
    report = run(cfg)
    diff = report["difference"]
    assert isinstance(diff, dict)
    ppd = diff["points_per_hand"]
    what = f"{boards} {'games' if args.games else 'deals'} (duplicate)"
    print(f"heuristic - heuristic-before, {what}: {ppd['value']:+.3f} points per hand, 95% interval "
          f"[{ppd['low']:+.3f}, {ppd['high']:+.3f}]")
    results = report["results"]
    assert isinstance(results, dict)
    for bot in cfg.bots:
        r = results[bot]
        line = f"  {bot:17} made {r['make_rate']['value']:.1%}  euchred {r['set_rate']['value']:.1%}"
        if args.games:
            w = r["game_win_rate"]
            line += f"  game wins {w['value']:.1%} [{w['low']:.1%}, {w['high']:.1%}]"
        print(line)


if __name__ == "__main__":
    main()
