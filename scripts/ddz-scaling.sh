#!/bin/sh
# The Dou Dizhu solver's thread scaling on a machine with many cores (a lent 16-core machine, where
# wall time means something): `ddz bench` of the 17v17, 20v17 and hard random sets on 1, 2, 4, 8
# and 16 threads with the build's defaults, then the same sets on 16 threads with other builds
# (other -D defaults of ddz/solvers/fast.c's settings), each run into its own CSV, within a deadline.
#
# Usage: sh scripts/ddz-scaling.sh BIN_DIR OUT_DIR [SECONDS]
#   BIN_DIR: ddz-base (the defaults) and any ddz-NAME (variants), static builds (scripts/ddz-static.sh)
#   OUT_DIR: machine.csv, base-positions.csv / -summary.csv, NAME-positions.csv, log (the summaries
#            of every run, one line per set and thread count); 7 files with three variants
#   THREADS (environment): the defaults' thread counts, 1,2,4,8,16 unless set
#   COMMIT (environment): the tree the binaries were built from, for machine.csv (the lent machine's
#            copy of the checkout showed an old HEAD to git); default: git rev-parse HEAD
#   SECONDS: the whole run's deadline (default 480): two thirds for the defaults; then the variants in
#            name order, 90 s each at most, none started with under 60 s left
set -u
bin=$1 out=$2 total=${3:-480}
sets=ddz/bench
start=$(date +%s)
mkdir -p "$out"
{
  echo "date,$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "cpu,$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1 | tr ',' ' ')"
  echo "cores,$(getconf _NPROCESSORS_ONLN)"
  echo "sockets,$(grep '^physical id' /proc/cpuinfo | sort -u | wc -l)"
  echo "threads_per_core,$(lscpu 2>/dev/null | sed -n 's/^Thread(s) per core:[[:space:]]*//p')"
  echo "memory,$(sed -n 's/^MemTotal:[[:space:]]*//p' /proc/meminfo)"
  echo "load,$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "commit,${COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo '?')}"
} >"$out/machine.csv"
cat "$out/machine.csv"
left() { echo $((total - ($(date +%s) - start))); }
run() { # NAME THREADS BUDGET SETS...
  name=$1 thr=$2 budget=$3 summary=
  [ "$name" = base ] && summary="--summary $out/base-summary.csv"
  shift 3
  paths=""
  for s in "$@"; do paths="$paths $sets/$s.txt"; done
  echo "== $name, threads $thr, budget $budget s, $(left) s left" | tee -a "$out/log"
  # shellcheck disable=SC2086
  timeout $((budget + 70)) "$bin/ddz-$name" bench $paths --solver fast --threads "$thr" --time-limit 60 \
    --budget "$budget" --csv "$out/$name-positions.csv" $summary 2>>"$out/log"
  grep '^bench: [a-z0-9-]* *fast ' "$out/log" | tail -n 4
}
run base "${THREADS:-1,2,4,8,16}" $(($(left) * 2 / 3)) deal-17v17 deal-20v17 hard-random
for b in "$bin"/ddz-*; do
  name=${b##*/ddz-}
  [ "$name" = base ] && continue
  l=$(left)
  [ "$l" -lt 60 ] && { echo "== $name: skipped, $l s left" | tee -a "$out/log"; continue; }
  run "$name" 16 $((l > 150 ? 90 : l - 40)) hard-random deal-17v17
done
echo "== done in $(($(date +%s) - start)) s" | tee -a "$out/log"
