#!/usr/bin/env python3
"""The cost of one call from Python: check and waits on text and on counts, per call (best of
--reps runs of --calls calls), against the C time of the same decision (is_win_batch's time per
hand on the same hands, one thread) and a bare ctypes round trip (mj_version_string); the
difference is the overhead a single call adds. Usage: overhead.py [--calls N] [--reps R]"""

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
    waits_text = "1112345678999m"
    many = bytes(counts) * 100_000
    c_ns = per_call(lambda: mjverify.is_win_batch(many, threads=1), number=3) / 100_000
    rows = [
        ("ctypes_round_trip", per_call(_lib.mj_version_string), 0.0),
        ("check_text", per_call(lambda: mjverify.check(text)), c_ns),
        ("check_counts_tuple", per_call(lambda: mjverify.check(counts)), c_ns),
        ("waits_text", per_call(lambda: mjverify.waits(waits_text)), 0.0),
    ]
    print(f"mjverify {mjverify.version} ({mjverify.library_path}); best of {reps} x {n} calls", file=sys.stderr)
    print("call,ns_per_call,c_ns_per_hand,overhead_ns")
    for name, ns, c in rows:
        print(f"{name},{ns:.0f},{c:.1f},{ns - c:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
