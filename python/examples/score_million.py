#!/usr/bin/env python3
"""Scores a million random 14-tile hands with mjverify.is_win_batch, timed (best of --reps runs,
the hands already in a buffer), and the same hands' first --pure hands with the pure-Python
reference check (purepy.py) for the speed ratio; the answers are compared before any speed is
printed. Usage: score_million.py [--hands N] [--threads T] [--reps R] [--pure N] [--seed S]
[--rules R] [--numpy]"""

from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
try:
    import mjverify
except ImportError:  # not installed: the package of this checkout
    sys.path.insert(0, os.path.join(HERE, ".."))
    import mjverify
from purepy import is_win_std  # noqa: E402


def best_of(reps: int, fn) -> tuple[float, float]:
    """The best wall time of reps runs, and the best process CPU time (all threads together: on a
    machine shared with other jobs the wall time also counts the waits for a core)."""
    best, best_cpu = float("inf"), float("inf")
    for _ in range(reps):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        best, best_cpu = min(best, time.perf_counter() - t0), min(best_cpu, time.process_time() - c0)
    return best, best_cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--threads", type=int, default=0, help="0 = every core (default)")
    ap.add_argument("--reps", type=int, default=15)
    ap.add_argument("--pure", type=int, default=20_000, help="hands for the pure-Python timing")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="basic")
    ap.add_argument("--numpy", action="store_true", help="pass a numpy array of shape (n, 34)")
    a = ap.parse_args()

    counts = mjverify.deal(a.hands, tiles=14, kinds=27, seed=a.seed)
    if a.numpy:
        import numpy as np

        counts = np.frombuffer(counts, dtype=np.uint8).reshape(a.hands, 34)
    print(f"mjverify {mjverify.version} ({mjverify.library_path}), {a.hands} hands of 14 tiles, seed {a.seed}, "
          f"rules {a.rules}, {os.cpu_count()} cores", file=sys.stderr)

    wins = mjverify.is_win_batch(counts, a.rules, threads=a.threads)
    single = mjverify.is_win_batch(counts, a.rules, threads=1)
    raw = bytes(counts)
    pure = [is_win_std(raw[i * 34:(i + 1) * 34]) for i in range(min(a.pure, a.hands))]
    if wins != single or any(int(p) != w for p, w in zip(pure, wins)):
        print("ERROR: the batch disagrees with itself or with the pure-Python check", file=sys.stderr)
        return 1

    t_batch, c_batch = best_of(a.reps, lambda: mjverify.is_win_batch(counts, a.rules, threads=a.threads))
    t_one, c_one = best_of(a.reps, lambda: mjverify.is_win_batch(counts, a.rules, threads=1))
    n_pure = len(pure)
    t_pure, c_pure = best_of(3, lambda: [is_win_std(raw[i * 34:(i + 1) * 34]) for i in range(n_pure)])
    per_pure = t_pure / n_pure
    print("what,hands,threads,best_ms,ns_per_hand,best_cpu_ms,wins")
    print(f"is_win_batch,{a.hands},{a.threads},{t_batch * 1e3:.2f},{t_batch / a.hands * 1e9:.2f},{c_batch * 1e3:.2f},"
          f"{sum(wins)}")
    print(f"is_win_batch,{a.hands},1,{t_one * 1e3:.2f},{t_one / a.hands * 1e9:.2f},{c_one * 1e3:.2f},{sum(single)}")
    print(f"pure_python,{n_pure},1,{t_pure * 1e3:.2f},{per_pure * 1e9:.2f},{c_pure * 1e3:.2f},{sum(pure)}")
    print(f"# {a.hands} hands: is_win_batch {t_batch * 1e3:.2f} ms (threads={a.threads}), pure Python "
          f"{per_pure * a.hands:.1f} s by extrapolation: {per_pure * a.hands / t_batch:.0f}x (best of {a.reps}); "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
