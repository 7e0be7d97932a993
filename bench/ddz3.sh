#!/bin/sh
# The three-player Dou Dizhu part of `make bench` (quick) and of `make bench-ddz3-full`: the sets
# of ddz/bench/three/ through `ddz bench` (fast3, 2 threads, a cap per position), CSV into DATA,
# and the speed goals of issue 29 as PASS/FAIL lines: every 8/6/6 deal under 1 s, every 10/8/8
# deal under 10 s (wall time on 2 threads).
# Usage: sh bench/ddz3.sh DDZ DATA [quick|full]
#   quick: deal3-5-4-4, deal3-8-6-6, deal3-10-8-8 and hard3, cap 60 s: DATA/ddz3-positions.csv
#   full:  deal3-12-10-10 and deal3-14-12-12, cap 60 s: DATA/ddz3-full-positions.csv
set -u
ddz=$1
data=$2
mode=${3:-quick}
here=$(cd "$(dirname "$0")" && pwd)
sets=$here/../ddz/bench/three
mkdir -p "$data" || exit 1
case $mode in
  quick) prefix=ddz3; files="deal3-5-4-4 deal3-8-6-6 deal3-10-8-8 hard3" ;;
  full) prefix=ddz3-full; files="deal3-12-10-10 deal3-14-12-12" ;;
  *) echo "bench/ddz3.sh: mode quick or full, not '$mode'" >&2; exit 2 ;;
esac
paths=""
for f in $files; do paths="$paths $sets/$f.txt"; done
echo "bench: Dou Dizhu, three players ($mode): $files -> $data/$prefix-*.csv" >&2
# shellcheck disable=SC2086
"$ddz" bench $paths --solver fast3 --threads 2 --time-limit 60 --csv "$data/$prefix-positions.csv" \
  --summary "$data/$prefix-summary.csv" 2>"$data/$prefix.log"
rc=$?
grep -v ' #[0-9]* ' "$data/$prefix.log" >&2
status=0
if [ "$rc" -ne 0 ]; then
  echo "bench: ddz bench (three players) failed (exit $rc; $data/$prefix.log)" >&2
  status=1
fi
# goal SET LIMIT TITLE: every position of SET decided within LIMIT seconds
goal() {
  awk -F, -v set="$1" -v lim="$2" -v title="$3" '
  NR > 1 && $1 == set { n++; t = $7 + 0; ok = ($6 == "landlord" || $6 == "farmers") && $7 != "" && t < lim; within += ok
    if (t > worst || worst == "") { worst = t; wl = $2 } }
  END { if (!n) { printf "SKIP  %s: not measured\n", title; exit }
    printf "%s  %s (fast3, 2 threads): %d of %d within %g s; worst %.3f s (line %s)\n",
      within == n ? "PASS" : "FAIL", title, within, n, lim, worst, wl }' "$data/$prefix-positions.csv"
}
if [ "$mode" = quick ]; then
  targets=$(goal deal3-8-6-6 1 "three players, every 8/6/6 deal under 1 s"; goal deal3-10-8-8 10 "three players, every 10/8/8 deal under 10 s")
  echo "$targets"
  if printf '%s\n' "$targets" | grep -q '^FAIL'; then
    echo "bench: a three-player speed goal failed (see the FAIL lines above)" >&2
    status=1
  fi
fi
exit $status
