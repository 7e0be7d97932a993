#!/usr/bin/env python3
"""A DouZero-style two-player loop that asks mjverify.ddz.solve for the endgame: both sides play
a simple heuristic (the smallest legal move, as a stand-in for an agent's policy) until both hands
hold at most --endgame cards; from there the side to move asks the solver, plays a winning move
when it has one, and the loop reports who the solver says wins and whether that held. Cards are
DouZero lists throughout (3..14, 17 for 2, 20 and 30 the jokers), converted at the boundary.
Usage: douzero_endgame.py [--games N] [--endgame C] [--seed S] [--rules douzero|rlcard]"""

from __future__ import annotations

import argparse
import os
import random
import sys

try:
    from mjverify import ddz
except ImportError:  # not installed: the package of this checkout
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from mjverify import ddz

DECK = [v for v in (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17) for _ in range(4)] + [20, 30]


def remove(hand: list[int], cards: list[int]) -> list[int]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


def heuristic(hand: list[int], last, rules: str) -> ddz.Move:
    """The agent's stand-in: the smallest move that is not a pass (by card count, then main rank),
    or a pass when nothing beats the last move."""
    legal = ddz.moves(hand, beat=last, rules=rules)
    plays = [m for m in legal if not m.is_pass]
    if not plays:
        return legal[0]
    return min(plays, key=lambda m: (len(m.cards), ddz.RANKS.index(m.main)))


def play(rng: random.Random, endgame: int, rules: str) -> tuple[str, str]:
    """One game of two 17-card hands; (the solver's verdict at the endgame, the real winner)."""
    deck = rng.sample(DECK, len(DECK))
    hands = [sorted(deck[:17]), sorted(deck[17:34])]
    side, last, verdict = 0, None, "none"
    while hands[0] and hands[1]:
        me, enemy = hands[side], hands[1 - side]
        if len(me) <= endgame and len(enemy) <= endgame:
            s = ddz.solve(me, enemy, last=last, rules=rules, first_only=True)
            if verdict == "none":
                winner = side if s.outcome == "win" else 1 - side
                verdict = f"player {winner} (asked at {len(me)}v{len(enemy)}, {s.nodes} nodes)"
            move = s.winning_moves[0] if s.winning_moves else heuristic(me, last, rules)
        else:
            move = heuristic(me, last, rules)
        hands[side] = remove(me, move.douzero())
        last = None if move.is_pass else move
        side = 1 - side
    return verdict, f"player {0 if not hands[0] else 1}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--endgame", type=int, default=8, help="solve once both hands hold at most this many")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="douzero")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    print(f"seed {a.seed}, rules {a.rules}, endgame at {a.endgame} cards", file=sys.stderr)
    held = 0
    for g in range(a.games):
        verdict, winner = play(rng, a.endgame, a.rules)
        ok = verdict == "none" or verdict.startswith(winner)
        held += ok
        print(f"game {g + 1}: solver said {verdict}; {winner} won{'' if ok else '  <-- MISMATCH'}")
    return 0 if held == a.games else 1


if __name__ == "__main__":
    sys.exit(main())
