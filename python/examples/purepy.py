"""A pure-Python win check (the standard form: one pair plus melds), the reference that
is_win_batch's speed is measured against and that the tests hold the library against.

Counts are 34 ints (kinds 0..8 = 1m..9m, 9..17 = 1p..9p, 18..26 = 1s..9s, 27..33 = 1z..7z);
the method is the textbook one: each pair taken out in turn, then the lowest held kind either
starts a triplet or a run (runs only within a suit, never honors), both tried.
"""

from __future__ import annotations

from typing import Sequence


def _melds(c: list[int], start: int) -> bool:
    """Whether c[start:] splits into triplets and runs (c is restored before returning)."""
    k = start
    while k < 34 and c[k] == 0:
        k += 1
    if k == 34:
        return True
    if c[k] >= 3:
        c[k] -= 3
        ok = _melds(c, k)
        c[k] += 3
        if ok:
            return True
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        c[k] -= 1
        c[k + 1] -= 1
        c[k + 2] -= 1
        ok = _melds(c, k)
        c[k] += 1
        c[k + 1] += 1
        c[k + 2] += 1
        return ok
    return False


def is_win_std(counts: Sequence[int]) -> bool:
    """Whether the hand is one pair plus melds (2, 5, 8, 11 or 14 tiles): mjverify's ``basic``
    rules over 27 kinds, and the standard form over 34."""
    c = list(counts)
    n = sum(c)
    if n % 3 != 2 or n > 14:
        return False
    for k in range(34):
        if c[k] >= 2:
            c[k] -= 2
            ok = _melds(c, 0)
            c[k] += 2
            if ok:
                return True
    return False
