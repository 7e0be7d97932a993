#!/bin/sh
# The Dou Dizhu speed goals of issues 14 and 28, read from the CSV of `ddz bench` runs: one PASS, FAIL or
# SKIP (not measured in this run) line each, and INFO lines for what the issue asks to report.
# Usage: sh bench/ddz-targets.sh DATA [quick|full]   (reads DATA/ddz-positions.csv, DATA/ddz-full-positions.csv;
#        with quick or full, as bench/ddz.sh calls it after a run, only that run's CSV: the other one
#        in DATA may be from an older tree, so its goals are SKIP lines here)
data=$1 only=${2:-}
case $only in '' | quick | full) ;; *) echo "ddz-targets.sh: mode quick or full, not '$only'" >&2; exit 2 ;; esac
echo "== Dou Dizhu speed goals (from $data/ddz-*positions.csv) =="
# other FILE TITLE: true (after a SKIP line) when FILE is not the CSV of this run's mode
other() {
  case $only:$1 in
  quick:*/ddz-full-positions.csv) echo "SKIP  $2: measured by make bench-ddz-full, not this run" ;;
  full:*/ddz-positions.csv) echo "SKIP  $2: measured by make bench-ddz, not this run" ;;
  *) return 1 ;;
  esac
}
# goal FILE SET LIMIT_S SHARE TITLE: the share of SET's positions that `fast` decided within
# LIMIT_S, on 2 threads where measured (else the most threads measured); skipped and timed-out
# positions count as not within
goal() {
  other "$1" "$5" && return
  [ -f "$1" ] || { echo "SKIP  $5: not measured ($1 missing)"; return; }
  awk -F, -v set="$2" -v lim="$3" -v share="$4" -v title="$5" '
  NR == 1 || $1 != set || $8 != "fast" { next }
  { rows[++nr] = $0; if ($10 > maxt) maxt = $10; if ($10 == 2) two = 1 }
  END {
    t = two ? 2 : maxt
    for (k = 1; k <= nr; k++) {
      split(rows[k], f, ",")
      if (f[10] != t) continue
      n++
      ok = (f[12] == "win" || f[12] == "loss") && f[13] < lim
      within += ok
      if (f[12] == "timeout" || f[12] == "skipped" || f[12] == "error") undecided++
      if (wpos == "" || f[13] + 0 > worst) { worst = f[13] + 0; wpos = f[2]; wout = f[12] }
    }
    if (!n) { printf "SKIP  %s: not measured (no %s rows for fast)\n", title, set; exit }
    printf "%s  %s (fast, %d thread%s): %d of %d within %g s (%.0f%%)%s; worst %.3f s (#%s, %s)\n",
      (within >= share * n - 1e-9) ? "PASS" : "FAIL", title, t, (t == 1) ? "" : "s", within, n, lim,
      100 * within / n, undecided ? sprintf(", %d undecided (timeout or skipped)", undecided) : "", worst, wpos, wout
  }' "$1"
}
# goal_cpu FILE SET LIMIT_S CPU_S TITLE: every position of SET decided by `fast` within LIMIT_S on 2
# threads, or (issue 28's statement of the same goal in CPU time, steadier on a shared machine)
# within CPU_S of CPU (the CSV's cpu_seconds) on 1 thread; either one holding passes
goal_cpu() {
  other "$1" "$5" && return
  [ -f "$1" ] || { echo "SKIP  $5: not measured ($1 missing)"; return; }
  awk -F, -v set="$2" -v lim="$3" -v clim="$4" -v title="$5" '
  NR == 1 || $1 != set || $8 != "fast" || ($10 != 1 && $10 != 2) { next }
  {
    ok = $12 == "win" || $12 == "loss"
    t = $10
    n[t]++
    if (t == 2) { if (ok && $13 < lim) wall_ok++; if (wpos == "" || $13 + 0 > wworst) { wworst = $13 + 0; wpos = $2; wout = $12 } }
    if (t == 1 && NF >= 21) { cpu_n++; if (ok && $21 < clim) cpu_ok++; if (cpos == "" || $21 + 0 > cworst) { cworst = $21 + 0; cpos = $2; cout = $12 } }
  }
  END {
    if (!n[1] && !n[2]) { printf "SKIP  %s: not measured (no %s rows for fast on 1 or 2 threads)\n", title, set; exit }
    wall = n[2] ? sprintf("%d of %d within %g s on 2 threads (worst %.3f s, #%s, %s)", wall_ok, n[2], lim, wworst, wpos, wout) : "not run on 2 threads"
    cpu = cpu_n ? sprintf("%d of %d within %g s of CPU on 1 thread (worst %.3f s, #%s, %s)", cpu_ok, cpu_n, clim, cworst, cpos, cout) : "no CPU times on 1 thread"
    pass = (n[2] && wall_ok == n[2]) || (cpu_n && cpu_ok == cpu_n)
    printf "%s  %s (fast): %s; %s\n", pass ? "PASS" : "FAIL", title, wall, cpu
  }' "$1"
}
goal_cpu "$data/ddz-positions.csv" deal-13v13 0.05 0.08 "every 13-vs-13 deal under 50 ms on 2 threads or 80 ms of CPU on 1"
goal "$data/ddz-positions.csv" published 0.05 1 "every published position under 50 ms"
goal "$data/ddz-full-positions.csv" deal-17v17 60 0.9 "at least 90% of 17-vs-17 deals under a minute on 2 cores"

goal_cpu "$data/ddz-full-positions.csv" deal-13v13 0.05 0.08 "every 13-vs-13 deal under 50 ms on 2 threads or 80 ms of CPU on 1"
goal "$data/ddz-full-positions.csv" deal-17v17 5 1 "every deal of the 17v17 set within 5 s on 2 cores"
goal "$data/ddz-full-positions.csv" deal-20v17 5 1 "every deal of the 20v17 set within 5 s on 2 cores"
goal "$data/ddz-full-positions.csv" hard-random 5 1 "every deal of the hard random set within 5 s on 2 cores"
goal "$data/ddz-full-positions.csv" deal-20v20 60 1 "every deal of the 20v20 set within 60 s on 2 cores"

# inflation FILE "SETS" THREADS MAX TITLE: work inflation of `fast` on THREADS threads, the nodes of all
# threads together over the nodes on 1 thread, summed over the positions of SETS (space-separated)
# decided on both; a position decided on 1 thread but not on THREADS counts against the goal (its
# inflation is unknown but at least its nodes at the cap over those on 1 thread)
inflation() {
  other "$1" "$5" && return
  [ -f "$1" ] || { echo "SKIP  $5: not measured ($1 missing)"; return; }
  awk -F, -v sets="$2" -v t="$3" -v max="$4" -v title="$5" '
  BEGIN { n = split(sets, list, " "); for (i = 1; i <= n; i++) want[list[i]] = 1 }
  NR == 1 || !($1 in want) || $8 != "fast" { next }
  $10 == 1 { one[$1 "#" $2] = $12 "," $14 }
  $10 == t { many[$1 "#" $2] = $12 "," $14; if (!($1 in seen)) { seen[$1] = 1; order = order " " $1 } }
  END {
    for (k in many) {
      if (!(k in one)) continue
      split(one[k], a, ","); split(many[k], b, ",")
      if (a[1] != "win" && a[1] != "loss") continue
      if (b[1] != "win" && b[1] != "loss") { undecided++; und_n += b[2]; und_1 += a[2]; continue }
      paired++; sum_n += b[2]; sum_1 += a[2]
      split(k, sp, "#"); per_n[sp[1]] += b[2]; per_1[sp[1]] += a[2]
    }
    if (!paired && !undecided) { printf "SKIP  %s: not measured (no fast rows on 1 and %d threads)\n", title, t; exit }
    r = sum_1 ? sum_n / sum_1 : 0
    detail = ""
    m = split(order, os, " ")
    worst = r
    for (i = 1; i <= m; i++) if (per_1[os[i]]) {
      q = per_n[os[i]] / per_1[os[i]]; if (q > worst) worst = q
      detail = detail sprintf("%s%s %.2f", detail == "" ? "" : ", ", os[i], q)
    }
    printf "%s  %s (fast, %d threads): %.3f in all (%.0f nodes over %.0f on 1 thread, %d positions%s)%s\n",
      (worst <= max + 1e-9 && !undecided) ? "PASS" : "FAIL", title, t, r, sum_n, sum_1, paired,
      undecided ? sprintf(", %d undecided on %d threads", undecided, t) : "", detail == "" ? "" : "; " detail
  }' "$1"
}
inflation "$data/ddz-positions.csv" "deal-12v12 deal-13v13 deal-15v15 hard published" 2 1.2 \
  "work inflation at most 1.2 on 2 threads, each of 12v12 to 15v15, hard and published"
inflation "$data/ddz-full-positions.csv" "deal-17v17 deal-20v17 hard-random" 2 1.2 \
  "work inflation at most 1.2 on 2 threads, each of 17v17, 20v17 and the hard random set"
inflation "$data/ddz-full-positions.csv" "deal-17v17 deal-20v17 hard-random" 16 1.5 \
  "work inflation at most 1.5 on 16 threads, each of 17v17, 20v17 and the hard random set"

# speedup FILE SET THREADS MIN TITLE: the total seconds of `fast` on 1 thread over those on THREADS,
# over the positions of SET decided on both; judged only on a machine with at least THREADS cores
# (DATA/ddz-full-machine.csv), else SKIP (wall time on fewer cores than threads says nothing)
speedup() {
  other "$1" "$5" && return
  [ -f "$1" ] || { echo "SKIP  $5: not measured ($1 missing)"; return; }
  cores=$(sed -n 's/^cores,//p' "$data/ddz-full-machine.csv" 2>/dev/null)
  case $cores in '' | *[!0-9]*) cores=0 ;; esac
  if [ "$cores" -lt "$3" ]; then
    echo "SKIP  $5: this machine has ${cores} cores, fewer than $3"
    return
  fi
  awk -F, -v set="$2" -v t="$3" -v min="$4" -v title="$5" '
  NR == 1 || $1 != set || $8 != "fast" || ($10 != 1 && $10 != t) { next }
  { k = $2; if ($12 == "win" || $12 == "loss") { if ($10 == 1) one[k] = $13; else many[k] = $13 } else if ($10 == t) und++ }
  END {
    for (k in many) if (k in one) { paired++; s1 += one[k]; sn += many[k] }
    if (!paired) { printf "SKIP  %s: not measured (no %s rows for fast on 1 and %d threads)\n", title, set, t; exit }
    r = sn > 0 ? s1 / sn : 0
    printf "%s  %s (fast, %d threads): %.2fx (%.3f s on 1 thread, %.3f s on %d, %d positions%s)\n",
      (r >= min && !und) ? "PASS" : "FAIL", title, t, r, s1, sn, t, paired, und ? sprintf(", %d undecided on %d threads", und, t) : ""
  }' "$1"
}
speedup "$data/ddz-full-positions.csv" hard-random 2 1.7 "at least 1.7x faster on 2 cores than on 1, the hard random set's total time"
speedup "$data/ddz-full-positions.csv" hard-random 16 8 "at least 8x faster on 16 cores than on 1, the hard random set's total time"

# The slowest positions of each big set by CPU time on one thread (cpu_seconds), no goal: on a shared
# machine the steadier figure behind the time goals above
if [ -f "$data/ddz-full-positions.csv" ] && [ "$only" != quick ]; then
  awk -F, 'NR > 1 && $8 == "fast" && $10 == 1 && NF >= 21 { print $1, $2, $12, $21, $14 }' "$data/ddz-full-positions.csv" |
    sort -k1,1 -k4,4gr | awk '
    $1 != set { if (set != "") print line; set = $1; line = sprintf("INFO  %s, the slowest on 1 thread by CPU:", $1); k = 0 }
    k < 3 { line = line sprintf("%s #%s %s %.3f s (%s nodes)", k ? "," : "", $2, $3, $4, $5); k++ }
    END { if (set != "") print line }'
fi

# 20 against 17, a whole game: the distribution, no goal
if [ -f "$data/ddz-full-positions.csv" ] && [ "$only" != quick ]; then
  awk -F, '
  NR > 1 && $1 == "deal-20v17" && $8 == "fast" && $10 == 2 {
    n++; s[n] = $13 + 0
    if ($12 == "win" || $12 == "loss") { if ($13 < 60) within++ } else undecided++
  }
  END {
    if (!n) exit
    for (i = 2; i <= n; i++) for (j = i; j > 1 && s[j] < s[j - 1]; j--) { t = s[j]; s[j] = s[j - 1]; s[j - 1] = t }
    printf "INFO  20-vs-17 deals (a whole game; fast, 2 threads): %d of %d solved within a minute (%.0f%%), %d undecided; seconds min %.3f, median %.3f, 90th percentile %.3f, max %.3f\n",
      within, n, 100 * within / n, undecided, s[1], s[int((n + 1) / 2)], s[int(0.9 * n + 0.999)], s[n]
  }' "$data/ddz-full-positions.csv"
fi

# Correctness before speed: an unflagged solver deciding against a published outcome, another
# solver or another thread count is an ERROR (ddz bench marks it agree=no)
files=""
for f in "$data/ddz-positions.csv" "$data/ddz-full-positions.csv"; do [ -f "$f" ] && ! other "$f" "" >/dev/null && files="$files $f"; done
if [ -n "$files" ]; then
  # shellcheck disable=SC2086
  awk -F, '
  FNR == 1 { next }
  $12 == "win" || $12 == "loss" { if ($9 == "no") decided++; else fdecided++ }
  $20 == "yes" && $19 != "-" && $9 == "no" { checked++ }
  $20 == "no" && $9 == "no" { bad++; if (bad <= 5) list = list sprintf(" %s#%s/%s/%st", $1, $2, $8, $10) }
  $20 == "no" && $9 == "yes" { fbad++ }
  $12 == "error" { err++ }
  END {
    if (!decided && !bad && !err) print "SKIP  unflagged solvers agree with the published outcomes and each other: no decided answer to compare"
    else if (bad || err) printf "FAIL  unflagged solvers agree with the published outcomes and each other: %d wrong%s, %d errors\n", bad, list, err
    else printf "PASS  unflagged solvers agree with the published outcomes and each other (%d decided answers, %d checked against a published outcome)\n", decided, checked
    if (fdecided) printf "INFO  the flagged seed004 port: %d of %d decided answers wrong\n", fbad, fdecided
  }' $files
fi
exit 0
