#!/bin/sh
# `make bench`: every workload for every algorithm into DATA/*.csv, then the speed targets as PASS/FAIL lines.
# Usage: sh bench/run.sh MJVERIFY DATA   (MJ_BENCH_SEED overrides the seed)
set -u
mjv=$1
data=$2
seed=${MJ_BENCH_SEED:-20261122}
here=$(dirname "$0")
mkdir -p "$data" || exit 1
status=0

echo "bench: seed $seed; hands, sizes, verify -> $data" >&2
# the 13/14-tile workloads: 5 repetitions of at least 50 ms each
"$mjv" bench --workload hands --seed "$seed" --reps 5 --csv "$data/hands.csv" || [ $? -eq 1 ] || status=1
# cost against hand size: 17 sizes, so fewer hands and repetitions
"$mjv" bench --workload sizes --seed "$seed" --reps 3 --hands 4096 --csv "$data/sizes.csv" || [ $? -eq 1 ] || status=1
# exhaustive verify on 1..N threads, with the algorithm the target names
if "$mjv" algos | grep -q '^table '; then
  "$mjv" bench --algo table --workload verify --seed "$seed" --reps 3 --csv "$data/verify.csv" || [ $? -eq 1 ] || status=1
else
  echo "bench: no 'table' algorithm registered yet: verify scaling skipped" >&2
  rm -f "$data/verify.csv"
fi

# the machine the figures come from, for the report
{
  echo "date,$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "cpu,$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1 | tr ',' ' ')"
  echo "cores,$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')"
  echo "commit,$(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$here/.." diff --quiet HEAD -- 2>/dev/null || echo '+local changes')"
  echo "seed,$seed"
  echo "compiler,$(cc --version 2>/dev/null | head -n 1 | tr ',' ' ')"
} >"$data/machine.csv"

flawed=$("$mjv" algos --json | sed -n 's/.*"name":"\([^"]*\)".*"flawed":true.*/\1/p' | tr '\n' ' ')
sh "$here/targets.sh" "$data" "$flawed"
exit $status
