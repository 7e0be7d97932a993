#!/bin/sh
# The long judgement (ctest label exhaustive): every solver on every position of the reduced
# deck's 7-card universe with at most 8 cards in the two hands, under rlcard; the unflagged
# solvers must agree with the oracle (exit 0) and the flagged seed port must be caught, its
# smallest counterexample (fewest cards, so the smallest of the whole 7-card universe too) on
# 45678 against 345678. Usage: ddz_verify_exhaustive.sh DDZ
set -u
ddz=$1
out=${TMPDIR:-/tmp}/ddz_verify_exhaustive.$$
trap 'rm -f "$out"' EXIT
"$ddz" verify --positions --deck small --max-cards 7 --max-total 8 --rules rlcard --threads 0 --quiet > "$out"
rc=$?
cat "$out"
[ $rc -eq 0 ] || { echo "FAIL: exit $rc (an unflagged solver disagrees, or the run failed)"; exit 1; }
grep -q '^  solver seed004 (flagged): [0-9]* positions, [1-9][0-9]* mismatches' "$out" ||
  { echo "FAIL: the seed port was not caught"; exit 1; }
grep -q '^    smallest: me 45678 enemy 3 last straight:345678, 6 cards: oracle loss, solver win' "$out" ||
  { echo "FAIL: not the smallest counterexample expected"; exit 1; }
for s in fast naive; do
  grep -q "^  solver $s: [0-9]* positions, 0 mismatches" "$out" || { echo "FAIL: $s"; exit 1; }
done
echo "ddz_verify_exhaustive: ok"
