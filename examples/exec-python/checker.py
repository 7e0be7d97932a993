#!/usr/bin/env python3
"""A win check in Python, judged by `mjverify verify --exec 'python3 checker.py'`.

The protocol: lines starting with '#' are information (the first names mode, rules, forms,
kinds and notation); every other non-empty line is a hand in mpsz; answer one line per hand,
`win` or `no` (mode=waits: the waiting kinds in mpsz, or `-`); an empty line ends a batch:
flush then. `--bug` takes the pair only from kinds held exactly twice (to see it caught).
"""
import sys

BUG = "--bug" in sys.argv[1:]
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
SUITS = {"m": 0, "p": 9, "s": 18, "z": 27}


def parse(text):
    counts = [0] * 34
    digits = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch) or 5)  # 0 is a red five
        elif ch in SUITS:
            for d in digits:
                counts[SUITS[ch] + d - 1] += 1
            digits = []
    return counts


def melds_only(c, k=0):
    while k < 34 and not c[k]:
        k += 1
    if k == 34:
        return True
    if c[k] >= 3:  # three runs from here hold the same tiles as three triplets
        c[k] -= 3
        ok = melds_only(c, k)
        c[k] += 3
        return ok
    if k >= 27 or k % 9 > 6 or not c[k + 1] or not c[k + 2]:
        return False
    c[k] -= 1; c[k + 1] -= 1; c[k + 2] -= 1
    ok = melds_only(c, k)
    c[k] += 1; c[k + 1] += 1; c[k + 2] += 1
    return ok


def standard(c, tiles):
    if tiles % 3 != 2:
        return False
    pair_group = -1
    for g in range(4):
        n = sum(c[9 * g: 9 * g + (7 if g == 3 else 9)]) % 3
        if n == 1 or (n == 2 and pair_group >= 0):
            return False
        if n == 2:
            pair_group = g
    for k in range(9 * pair_group, 9 * pair_group + (7 if pair_group == 3 else 9)):
        if (c[k] != 2) if BUG else (c[k] < 2):
            continue
        c[k] -= 2
        ok = melds_only(c)
        c[k] += 2
        if ok:
            return True
    return False


def is_win(c, forms):
    tiles = sum(c)
    if "std" in forms and standard(c, tiles):
        return True
    if tiles == 14:
        held = [n for n in c if n]
        if "7p" in forms and len(held) == 7 and all(n == 2 for n in held):
            return True
        if "7p4" in forms and all(n in (2, 4) for n in held):
            return True
        if "13o" in forms and all(c[k] for k in ORPHANS) and sum(c[k] for k in ORPHANS) == 14:
            return True
    if "kongs" in forms and 15 <= tiles <= 18:
        quads = [k for k in range(34) if c[k] == 4]
        if len(quads) >= tiles - 14:
            from itertools import combinations
            for chosen in combinations(quads, tiles - 14):
                for k in chosen:
                    c[k] = 0
                ok = standard(c, tiles - 4 * len(chosen))
                for k in chosen:
                    c[k] = 4
                if ok:
                    return True
    return False


def main():
    forms, mode, kinds = {"std"}, "win", 34
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if line.startswith("#"):
            for field in line.split():
                key, _, value = field.partition("=")
                if key == "forms":
                    forms = set(value.split(","))
                elif key == "mode":
                    mode = value
                elif key == "kinds":
                    kinds = int(value)
            continue
        if not line:
            out.flush()
            continue
        c = parse(line)
        if mode == "win":
            out.write("win\n" if is_win(c, forms) else "no\n")
            continue
        waits = []
        for k in range(kinds):
            if c[k] < 4:
                c[k] += 1
                if is_win(c, forms):
                    waits.append(k)
                c[k] -= 1
        text = "".join(
            "".join(str(k - base + 1) for k in waits if base <= k < base + 9) + suit
            for suit, base in SUITS.items() if any(base <= k < base + 9 for k in waits))
        out.write((text or "-") + "\n")
    out.flush()


if __name__ == "__main__":
    main()
