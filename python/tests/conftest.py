"""Shared fixtures: the repository's paths, the pure-Python reference, and winning hands made
by construction (random deals almost never win, so the batch tests need some that do)."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python" / "examples"))

SEED = int(os.environ.get("MJ_TEST_SEED", "20261126"))


def pytest_report_header(config):
    import mjverify

    return f"mjverify {mjverify.version} ({mjverify.commit}) from {mjverify.library_path}; seed {SEED} (MJ_TEST_SEED)"


@pytest.fixture
def rng() -> random.Random:
    return random.Random(SEED)


def winning_counts(rng: random.Random, kinds: int = 27, melds: int = 4) -> list[int]:
    """A hand of `melds` melds and a pair over `kinds` kinds, drawn at random within 4 copies."""
    while True:
        c = [0] * 34
        pair = rng.randrange(kinds)
        c[pair] += 2
        for _ in range(melds):
            k = rng.randrange(kinds)
            if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                for j in (k, k + 1, k + 2):
                    c[j] += 1
            else:
                c[k] += 3
        if max(c) <= 4:
            return c


@pytest.fixture
def winners():
    return winning_counts
