"""The examples run and hold their own checks: score_million compares the batch with the
pure-Python reference before printing a speed, douzero_endgame checks the solver's verdicts."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import ROOT

EXAMPLES = ROOT / "python" / "examples"


def run(script: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"))
    return subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True, text=True, env=env,
                          timeout=300)


def test_score_million_agrees_and_prints_csv():
    r = run("score_million.py", "--hands", "20000", "--reps", "1", "--pure", "2000", "--threads", "2")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "what,hands,threads,best_ms,ns_per_hand,best_cpu_ms,wins"
    assert lines[1].startswith("is_win_batch,20000,2,") and lines[3].startswith("pure_python,2000,1,")
    assert "x (best of 1)" in r.stderr


def test_douzero_endgame_verdicts_hold():
    r = run("douzero_endgame.py", "--games", "3", "--endgame", "8", "--seed", "5")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count("won") == 3 and "MISMATCH" not in r.stdout and "asked at" in r.stdout


def test_overhead_prints_csv():
    r = run("overhead.py", "--calls", "2000", "--reps", "1")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "call,ns_per_call,c_ns,overhead_ns"
    assert len(r.stdout.splitlines()) == 6
