#!/bin/sh
# `make bench`: every workload for every algorithm into DATA/*.csv, then the speed targets as PASS/FAIL lines.
# Usage: sh bench/run.sh MJVERIFY DATA [DDZ]   (MJ_BENCH_SEED overrides the seed; DDZ adds the Dou Dizhu sets)
set -u
mjv=$1
data=$2
seed=${MJ_BENCH_SEED:-20261122}
here=$(dirname "$0")
# the commit is stamped before anything is written, so the run's own output (were it inside
# the checkout) cannot make it read "+local changes"
commit="$(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$here/.." diff --quiet HEAD -- 2>/dev/null || echo '+local changes')"
mkdir -p "$data" || exit 1
status=0
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')

echo "bench: seed $seed; hands, sizes, verify -> $data" >&2
# run LOG ARGS...: mjverify bench with its progress both on stderr and in LOG; exit 1 (an
# unflagged algorithm gave a wrong answer) is a FAIL line below, anything else stops here
run() {
  log=$1
  shift
  { "$mjv" bench "$@" 2>&1 >&3 3>&-; echo $? >"$log.rc"; } 3>&1 | tee "$log" >&2
  rc=$(cat "$log.rc")
  rm -f "$log.rc"
  [ "$rc" -le 1 ] || { echo "bench: mjverify bench $* failed (exit $rc)" >&2; status=1; }
}
# the 13/14-tile workloads: 5 repetitions of at least 50 ms each
run "$data/hands.log" --workload hands --seed "$seed" --reps 5 --csv "$data/hands.csv"
# cost against hand size: 17 sizes, so fewer hands and repetitions
run "$data/sizes.log" --workload sizes --seed "$seed" --reps 3 --hands 4096 --csv "$data/sizes.csv"
# exhaustive verify on 1..N threads, with the algorithm the target names
rm -f "$data/verify.csv"
if "$mjv" algos | grep -q '^table '; then
  run "$data/verify.log" --algo table --workload verify --seed "$seed" --reps 3 --csv "$data/verify.csv"
else
  echo "bench: no 'table' algorithm registered yet: verify scaling skipped" >&2
fi
# a verify.csv with a header only means the oracle run API was missing
[ -f "$data/verify.csv" ] && [ "$(wc -l <"$data/verify.csv")" -le 1 ] && rm -f "$data/verify.csv"

# the machine the figures come from, for the report
{
  echo "date,$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "cpu,$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1 | tr ',' ' ')"
  echo "cores,$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')"
  echo "commit,$commit"
  echo "seed,$seed"
  echo "load,$load_before (load average when the run started; 1-thread figures are CPU time, verify is wall time)"
  echo "truth,$(sed -n 's/.*ground truth: //p' "$data/hands.log" | head -n 1)"
  echo "compiler,$(cc --version 2>/dev/null | head -n 1 | tr ',' ' ')"
} >"$data/machine.csv"

# the registry in table order (the report colours each algorithm by its place), and
# which are flagged ports, whose wrong answers are expected
{
  echo "algorithm,flawed"
  "$mjv" algos --json | sed -n 's/.*"name":"\([^"]*\)".*"flawed":\([a-z]*\).*/\1,\2/p'
} >"$data/algos.csv"
# a target that fails makes the run fail (exit 1), not just print FAIL
targets=$(sh "$here/targets.sh" "$data" "$(awk -F, '$2 == "true" { print $1 }' "$data/algos.csv" | tr '\n' ' ')")
echo "$targets"
if printf '%s\n' "$targets" | grep -q '^FAIL'; then
  echo "bench: a speed target failed (see the FAIL lines above)" >&2
  status=1
fi
# shanten (issue 30): the calculators on the shanten workloads, then the peers side by side
# when their scratch build exists (sh bench/shanten-peers.sh build: nyanten and tomohxx
# outside the checkout); the ratio lines come from one process, alternating rounds
run "$data/shanten.log" --workload shanten --seed "$seed" --reps 5 --hands 8192 --csv "$data/shanten.csv"
peers=${MJ_SHANTEN_PEERS:-/tmp/mjverify-peers}
if [ -x "$peers/shanten_peers" ]; then
  echo "== shanten peers (nyanten, tomohxx; scratch build $peers) ==" 
  sh "$here/shanten-peers.sh" run "$peers" 2>"$data/shanten-peers.log" >"$data/shanten-peers.csv" || status=1
  cat "$data/shanten-peers.log"
else
  echo "bench: no shanten peers build in $peers (sh bench/shanten-peers.sh build): ratio not measured" >&2
fi
# the Dou Dizhu sets, when the bench target passes the ddz command (bench/ddz.sh)
if [ $# -ge 3 ]; then
  sh "$here/ddz.sh" "$3" "$data" quick || status=1
  sh "$here/ddz3.sh" "$3" "$data" quick || status=1 # three players (issue 29)
fi
exit $status
