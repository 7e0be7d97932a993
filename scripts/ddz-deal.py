#!/usr/bin/env python3
"""Deals a seeded random Dou Dizhu endgame for ddz solve: python3 scripts/ddz-deal.py SEED N1 N2.

Python's random.Random(SEED) shuffles the 54 cards "3333 4444 ... 2222 X D" (ranks in playing
order, four of each, then the jokers); ME takes the first N1 cards, ENEMY the next N2. Prints
"ME ENEMY" for `build/ddz/ddz solve ME ENEMY`. The deals of docs/ddz-search-notes.md."""
import random
import sys

if len(sys.argv) != 4 or not all(a.isdigit() for a in sys.argv[1:]) or int(sys.argv[2]) + int(sys.argv[3]) > 54:
    sys.exit("usage: ddz-deal.py SEED N1 N2   (whole numbers, N1 + N2 <= 54)")
seed, n1, n2 = (int(a) for a in sys.argv[1:])
cards = [r for r in "3456789TJQKA2" for _ in range(4)] + ["X", "D"]
random.Random(seed).shuffle(cards)
print("".join(cards[:n1]), "".join(cards[n1:n1 + n2]))
