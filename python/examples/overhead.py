#!/usr/bin/env python3
"""The cost of one call from Python, best of --reps runs of --calls calls: a bare ctypes round
trip (mj_version_string), check on text (parse and decision in C included: the whole call bounds
its overhead) and on counts, where the C side is known (is_win_batch's time per hand on the same
hand, one thread: the counts checked, packed and decided) and the difference is the overhead a
single call adds; waits on text. Usage: overhead.py [--calls N] [--reps R]"""

from __future__ import annotations

import argparse
import os
import sys
import timeit

try:
    import mjverify
except ImportError:  # not installed: the package of this checkout
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import mjverify
from mjverify import _lib


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--calls", type=int, default=100_000)
    ap.add_argument("--reps", type=int, default=7)
    a = ap.parse_args()
    n, reps = a.calls, a.reps

    def per_call(fn, number=n) -> float:
        return min(timeit.repeat(fn, number=number, repeat=reps)) / number * 1e9

    text = "123m456m789m111p22s"
    counts = mjverify.parse(text)
    raw = bytes(counts)
    many = raw * 100_000
    # the C side of a counts call: checking, packing and deciding one hand, from the batch
    c_ns = per_call(lambda: mjverify.is_win_batch(many, threads=1), number=3) / 100_000
    rows = [
        ("ctypes_round_trip", per_call(_lib.mj_version_string), None),
        ("check(text)", per_call(lambda: mjverify.check(text)), None),
        ("check(counts_bytes)", per_call(lambda: mjverify.check(raw)), c_ns),
        ("check(counts_tuple)", per_call(lambda: mjverify.check(counts)), c_ns),
        ("waits(text)", per_call(lambda: mjverify.waits("1112345678999m")), None),
    ]
    print(f"mjverify {mjverify.version} ({mjverify.library_path}); best of {reps} x {n} calls", file=sys.stderr)
    print("call,ns_per_call,c_ns,overhead_ns")
    for name, ns, c in rows:
        print(f"{name},{ns:.0f},{'' if c is None else f'{c:.1f}'},{'' if c is None else f'{ns - c:.0f}'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
