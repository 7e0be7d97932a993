#!/bin/sh
# `make report`: draws reports/data/*.csv (written by `make bench`) with gnuplot into
# reports/*.svg and *.png, and writes reports/index.html. Needs only sh, awk and gnuplot.
# Usage: sh reports/report.sh [REPORTS_DIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$here}
data=$dir/data
plot=$data/plot # the tables gnuplot reads, cut from the CSV
# a build tree without a bench run of its own starts from the committed data
if [ ! -f "$data/hands.csv" ] && [ "$dir" != "$here" ] && [ -f "$here/data/hands.csv" ]; then
  mkdir -p "$data" && cp "$here"/data/*.csv "$data/"
  echo "report: no bench run in $dir: drawing the committed $here/data" >&2
fi
mkdir -p "$plot"
if [ ! -f "$data/hands.csv" ]; then
  echo "report: no $data/hands.csv: run 'make bench' first" >&2
  exit 1
fi
command -v gnuplot >/dev/null || { echo "report: gnuplot not found (Debian: apt-get install gnuplot-nox)" >&2; exit 1; }

# draw NAME WIDTH HEIGHT SCRIPT [gnuplot -e assignments]: the same script to SVG and PNG
draw() {
  name=$1 w=$2 h=$3 script=$4 vars=${5:-}
  for term in "svg size $w,$h dynamic noenhanced font 'Helvetica,13' background '#ffffff'" \
              "pngcairo size $w,$h noenhanced font 'Sans,10' background '#ffffff'"; do
    ext=svg
    case $term in pngcairo*) ext=png ;; esac
    # a series with no valid point (an algorithm wrong on every size shown) is expected: not worth a warning
    if ! gnuplot -e "set terminal $term; set output '$dir/$name.$ext'; $vars" "$script" 2>"$plot/gnuplot.err"; then
      cat "$plot/gnuplot.err" >&2
      echo "report: gnuplot failed on $script" >&2
      exit 1
    fi
    grep -v -e "no valid points" -e "^\$" "$plot/gnuplot.err" >&2 || true
  done
  echo "report: $dir/$name.svg, $dir/$name.png" >&2
}

# One colour per algorithm, by its place in the registry (data/algos.csv), so that an
# algorithm keeps its colour in every chart, and a legend title that says when it is a
# flagged port or gave wrong answers. series CSV NAMES: for each algorithm in the file
# NAMES (one a line, in column order), "colour<TAB>title".
palette="#332288 #E69F00 #117733 #CC6677 #0072B2 #DDCC77 #AA4499 #44AA99 #D55E00 #88CCEE #882255 #999933 #555555 #000000"
series() {
  awk -F'[,\t]' -v pal="$palette" '
  BEGIN { np = split(pal, p, " ") }
  FILENAME ~ /algos.csv$/ { if (FNR > 1) { idx[$1] = FNR - 1; flawed[$1] = $2 == "true" } next }
  FILENAME ~ /[.]csv$/ { if (FNR > 1) { runs[$1]++; if ($13 != "yes") bad[$1]++ } next }
  {
    i = ($1 in idx) ? idx[$1] : 20 + FNR
    note = flawed[$1] ? "flagged" : ""
    if (bad[$1]) note = note (note ? "; " : "") sprintf("ERROR on %d/%d", bad[$1], runs[$1])
    t = $1 (note ? " (" note ")" : "")
    printf "%s\t%s\n", p[(i - 1) % np + 1], t
  }' "$data/algos.csv" "$1" "$2"
}
[ -f "$data/algos.csv" ] || printf 'algorithm,flawed\n' >"$data/algos.csv"

# An awk function for the tables below: puts the algorithms an[1..na] in registry order
# (reg[name] = place in data/algos.csv; unknown names last, as found).
by_registry='
function sort_by_registry(    i, j, t) {
  for (i = 2; i <= na; i++)
    for (j = i; j > 1 && key(an[j]) < key(an[j - 1]); j--) { t = an[j]; an[j] = an[j - 1]; an[j - 1] = t }
}
function key(name) { return (name in reg) ? reg[name] : 1000 + ai[name] }'

# --- 1. ns per hand, every workload by algorithm (median, min, max per algorithm)
awk -F, '
FNR == 1 { next }
FILENAME ~ /algos.csv$/ { reg[$1] = FNR; next }
{
  a = $1; w = $2
  if (!(a in ai)) { ai[a] = ++na; an[na] = a }
  if (!(w in wi)) { wi[w] = ++nw; wn[nw] = w }
  v[w, a] = $13 == "yes" ? $8 " " $9 " " $10 : "? ? ?"
}
END {
  sort_by_registry()
  for (j = 1; j <= nw; j++) {
    printf "%s", wn[j]
    for (i = 1; i <= na; i++) printf " %s", ((wn[j], an[i]) in v) ? v[wn[j], an[i]] : "? ? ?"
    print ""
  }
  for (i = 1; i <= na; i++) print an[i] > "/dev/stderr"
}'"$by_registry" "$data/algos.csv" "$data/hands.csv" >"$plot/hands.dat" 2>"$plot/hands.n"
{
  cat <<'EOF'
set title "Time per hand, each workload by algorithm (1 thread; median, bars min..max)"
set ylabel "ns per hand (log scale)"
set xlabel "workload (108 = 27 kinds, sichuan rules; 136 = 34 kinds, riichi rules); no bar where an algorithm gave a wrong answer (ERROR) or lacks the rules"
set logscale y
set format y "%g"
set grid ytics mytics lc rgb "#dddddd"
set datafile missing "?"
set style data histograms
set style histogram errorbars gap 2 lw 1
set style fill solid 0.9 border rgb "#333333"
set boxwidth 0.9
set key outside right top vertical title "algorithm"
set xtics rotate by -30 nomirror
set yrange [1:*]
EOF
  # one series per algorithm (notitle: an all-ERROR series would lose its key entry), then the key
  series "$data/hands.csv" "$plot/hands.n" | awk -F'\t' '
  { c[NR] = $1; t[NR] = $2 }
  END {
    printf "plot "
    for (i = 1; i <= NR; i++)
      printf "'"'"'data/plot/hands.dat'"'"' using %d:%d:%d%s lc rgb \"%s\" notitle, \\\n  ", 3 * i - 1, 3 * i, 3 * i + 1, i == 1 ? ":xtic(1)" : "", c[i]
    for (i = 1; i <= NR; i++)
      printf "keyentry with boxes lc rgb \"%s\" title \"%s\"%s", c[i], t[i], i < NR ? ", \\\n  " : "\n"
  }'
} >"$plot/hands.gp"
(cd "$dir" && draw hands 1450 620 "$plot/hands.gp")

# --- 2. the target workload alone: 14 tiles from the 136-tile wall, fastest first
awk -F, 'NR > 1 && $2 == "deal136" && $13 == "yes" { print $1, $8, $9, $10 }' "$data/hands.csv" | sort -k2,2g >"$plot/deal136.dat"
cat >"$plot/deal136.gp" <<'EOF'
set title "14 tiles dealt from a shuffled 136-tile wall, riichi rules (1 thread; median, bars min..max)"
set ylabel "ns per hand (log scale)"
set xlabel "algorithm (fastest first; wrong or unsupported ones are left out)"
set logscale y
set format y "%g"
set grid ytics lc rgb "#dddddd"
set style fill solid 0.85 border rgb "#333333"
set boxwidth 0.6
set key top left
stats 'data/plot/deal136.dat' using 2 nooutput
set yrange [(STATS_min < 3 ? 0.3 : 1):(STATS_max > 300 ? STATS_max * 4 : 1000)]
set xrange [-0.6:n - 0.4]
set xtics rotate by -30 nomirror
plot 'data/plot/deal136.dat' using 0:2:xtic(1) with boxes lc rgb "#4477aa" title "median ns per hand", \
     '' using 0:3:(0):($4 - $3) with vectors heads size screen 0.006,90 lw 1.5 lc rgb "#222222" title "min..max", \
     '' using 0:2:(sprintf("%.1f", $2)) with labels offset 0,0.8 notitle, \
     5 with lines dt 2 lw 2 lc rgb "#cc3311" title "target for table: 5 ns", \
     100 with lines dt 3 lw 2 lc rgb "#ee7733" title "target for every unflagged algorithm: 100 ns"
EOF
if [ -s "$plot/deal136.dat" ]; then (cd "$dir" && draw deal136 1000 520 "$plot/deal136.gp" "n=$(wc -l <"$plot/deal136.dat")"); fi

# --- 3. cost against hand size
if [ -f "$data/sizes.csv" ]; then
  # two tables: the sizes at which a hand can win (joined by lines) and the others, where
  # any algorithm may answer no at once (drawn as open points)
  awk -F, -v plot="$plot" '
  FNR == 1 { next }
  FILENAME ~ /algos.csv$/ { reg[$1] = FNR; next }
  {
    a = $1; s = $5 + 0
    if (!(a in ai)) { ai[a] = ++na; an[na] = a }
    if (s > maxs) maxs = s
    if (mins == 0 || s < mins) mins = s
    v[s, a] = $13 == "yes" ? $8 : "?"
  }
  END {
    sort_by_registry()
    head = "size"
    for (i = 1; i <= na; i++) head = head " " an[i]
    print head > (plot "/sizes_win.dat")
    print head > (plot "/sizes_other.dat")
    for (s = mins; s <= maxs; s++) {
      f = plot ((s % 3 == 2 && s <= 14) || s >= 15 ? "/sizes_win.dat" : "/sizes_other.dat")
      line = s
      for (i = 1; i <= na; i++) line = line " " (((s, an[i]) in v) ? v[s, an[i]] : "?")
      print line > f
    }
    for (i = 1; i <= na; i++) print an[i] > (plot "/sizes.n")
  }'"$by_registry" "$data/algos.csv" "$data/sizes.csv"
  {
    cat <<'EOF'
set title "Cost against hand size: tiles from a 108-tile wall, half complete where that size can win (1 thread, median)"
set ylabel "ns per hand (log scale)"
set xlabel "hand size (tiles): 2-14 standard form only, 15-18 with kongs; open points: sizes that can never win; no point where ERROR"
set logscale y
set format y "%g"
set grid xtics ytics lc rgb "#dddddd"
set datafile missing "?"
set key outside right top title "algorithm"
set xtics 1
set xrange [1.5:18.5]
EOF
    # lines join the sizes at which a hand can win; at the others (3, 4, 6, ...) an
    # algorithm may answer no at once, so they are open points off the lines
    series "$data/sizes.csv" "$plot/sizes.n" | awk -F'\t' '
    { c[NR] = $1; t[NR] = $2 }
    END {
      printf "plot "
      for (i = 1; i <= NR; i++)
        printf "'"'"'data/plot/sizes_win.dat'"'"' using 1:%d with linespoints lw 2 pt 7 ps 1.0 lc rgb \"%s\" notitle, \\\n  '"'"'data/plot/sizes_other.dat'"'"' using 1:%d with points pt 6 ps 1.2 lc rgb \"%s\" notitle, \\\n  ", i + 1, c[i], i + 1, c[i]
      for (i = 1; i <= NR; i++)
        printf "keyentry with linespoints lw 2 pt 7 lc rgb \"%s\" title \"%s\"%s", c[i], t[i], i < NR ? ", \\\n  " : "\n"
    }'
  } >"$plot/sizes.gp"
  (cd "$dir" && draw sizes 1300 560 "$plot/sizes.gp")
fi

# --- 4. thread scaling of exhaustive verify
if [ -f "$data/verify.csv" ] && [ "$(awk -F, 'NR > 1 && $13 == "yes"' "$data/verify.csv" | wc -l)" -gt 0 ]; then
  awk -F, 'NR > 1 && $13 == "yes" { if ($6 == 1) one[$1] = $11; print $1, $6, $11 / 1e6, $5, $4 }' "$data/verify.csv" >"$plot/verify.raw"
  # cores busy (process CPU time over wall time) from the run's log: well under the
  # thread count means the machine was shared while it ran
  { echo "algorithm threads busy"; awk '/^bench: verify .* cores busy/ { print $3, $4, $(NF - 2) }' "$data/verify.log" 2>/dev/null || true; } >"$plot/verify.busy"
  awk 'FNR == 1 { f++ }
       f == 1 { busy[$1 " " $2] = $3; next }
       f == 2 { if ($2 == 1) one[$1] = $3; next }
       { print $0, ($1 in one) ? one[$1] * $2 : "?", (($1 " " $2) in busy) ? busy[$1 " " $2] : "?" }' \
    "$plot/verify.busy" "$plot/verify.raw" "$plot/verify.raw" >"$plot/verify.dat"
  vsize=$(awk 'NR == 1 { print $4 }' "$plot/verify.dat")
  vmax=$(awk '$2 > m { m = $2 } END { print m + 0 }' "$plot/verify.dat")
  cat >"$plot/verify.gp" <<'EOF'
set title sprintf("Exhaustive verify: every %d-tile hand over 27 kinds (sichuan), truth and algorithm, by threads\ncores busy = CPU time / wall time: below the thread count, the machine was shared", vsize)
set ylabel "million hands per second (median)"
set xlabel "threads"
set grid xtics ytics lc rgb "#dddddd"
set key top left
set xtics 1
set xrange [0.5:vmax + 0.5]
set yrange [0:*]
set datafile missing "?"
plot 'data/plot/verify.dat' using 2:3 with linespoints lw 3 pt 7 ps 1.4 lc rgb "#4477aa" title "measured (algorithm: table)", \
     '' using 2:3:(sprintf("%.0f M/s, %s cores busy", $3, strcol(7))) with labels offset 0,1.2 notitle, \
     '' using 2:6 with lines dt 2 lw 2 lc rgb "#999999" title "ideal: linear from 1 thread"
EOF
  (cd "$dir" && draw verify 900 520 "$plot/verify.gp" "vsize=$vsize; vmax=$vmax")
else
  rm -f "$dir/verify.svg" "$dir/verify.png"
fi

# --- 5. the oracle's verify summaries: one chart per JSON summary that `mjverify verify`
# (make verify) left here, named oracle-<its name without verify->
rm -f "$dir"/oracle-*.svg "$dir"/oracle-*.png "$plot"/oracle-*.dat
: >"$plot/oracle.list"
cat >"$plot/oracle.gp" <<'EOF'
# ranges first, before any axis range is set (stats filters by them)
stats datafile using 4 nooutput
wrong_max = STATS_max
stats datafile using 7 nooutput
ns_min = STATS_min
ns_max = STATS_max
set multiplot layout 1,2 title sprintf("Exhaustive verify from the oracle (%s): %s rules, %s kinds, every hand of %s to %s tiles, mode %s", src, word(head,1), word(head,2), word(head,3), word(head,4), word(head,5))
set style fill solid 0.9 border rgb "#333333"
set boxwidth 0.6
set grid ytics lc rgb "#dddddd"
set logscale y
set format y "%g"
set xtics rotate by -30 nomirror
set xrange [-0.6:n - 0.4]
set key top left
set title "Hands judged wrong (a 0 is drawn as a short bar at 0.5)"
set ylabel "mismatches against the ground truth (log scale)"
set xlabel "algorithm"
set yrange [0.3:(wrong_max > 1 ? wrong_max * 4 : 10)]
plot datafile using 0:($4 > 0 ? $4 : 0.5):(stringcolumn(2) eq "flagged" ? 0xCC3311 : 0x117733):xtic(1) with boxes lc rgb variable notitle, \
     '' using 0:($4 > 0 ? $4 : 0.5):(sprintf("%d", $4)) with labels offset 0,0.8 notitle, \
     keyentry with boxes lc rgb "#117733" title "unflagged", keyentry with boxes lc rgb "#CC3311" title "flagged port"
set title "Time per hand inside the run (per thread)"
set ylabel "ns per hand per thread (log scale)"
set yrange [(ns_min < 10 ? ns_min / 3 : 1):ns_max * 3]
plot datafile using 0:7:xtic(1) with boxes lc rgb "#4477AA" notitle, \
     '' using 0:7:(sprintf("%.1f", $7)) with labels offset 0,0.8 notitle
unset multiplot
EOF
for json in "$dir"/verify-*.json; do
  [ -f "$json" ] || continue
  base=$(basename "$json" .json)
  name=oracle-${base#verify-}
  if ! sh "$here/oracle_summary.sh" "$json" >"$plot/$name.raw"; then
    echo "report: $json holds no algorithm totals: skipped" >&2
    continue
  fi
  sed 1d "$plot/$name.raw" >"$plot/$name.dat"
  ohead=$(sed -n '1s/^# //p' "$plot/$name.raw")
  (cd "$dir" && draw "$name" 1300 560 "$plot/oracle.gp" "datafile='data/plot/$name.dat'; src='$base.json'; head='$ohead'; n=$(wc -l <"$plot/$name.dat")")
  echo "$name $base.json" >>"$plot/oracle.list"
done

# --- 6. the Dou Dizhu solvers (reports/ddz.sh; nothing without data/ddz-*positions.csv)
sh "$here/ddz.sh" "$dir"

# --- index.html
(cd "$dir" && sh "$here/../bench/targets.sh" data "$(awk -F, '$2 == "true" { print $1 }' data/algos.csv | tr '\n' ' ')") >"$plot/targets.txt" || true
# Shanten (issue 30): sh-table per hand on each shanten workload, shanten and effective tiles,
# per call and batched (data/shanten.csv from `mjverify bench --workload shanten`), and the
# peers side by side (data/shanten-peers.csv from bench/shanten-peers.sh, when built).
if [ -f "$data/shanten.csv" ]; then
  awk -F, 'NR > 1 && $1 == "sh-table" && $11 == "yes" { v[$2, $4 "-" $5] = $9; if (!($2 in seen)) { seen[$2] = 1; w[++n] = $2 } }
    END { for (i = 1; i <= n; i++) printf "%s %s %s %s %s\n", w[i], v[w[i], "shanten-per_call"], v[w[i], "shanten-batched"], v[w[i], "effective-per_call"], v[w[i], "effective-batched"] }' \
    "$data/shanten.csv" >"$plot/shanten.dat"
  cat >"$plot/shanten.gp" <<'GP'
set title "sh-table: ns per hand (median of the repetitions, CPU time; riichi rules)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border rgb "#333333"
set ylabel "ns per hand (log)"
set logscale y
set key top left
set grid ytics
plot 'data/plot/shanten.dat' using 2:xtic(1) title "shanten, per call" lc rgb "#332288", \
     '' using 3 title "shanten, batched" lc rgb "#88CCEE", \
     '' using 4 title "effective tiles, per call" lc rgb "#CC6677", \
     '' using 5 title "effective tiles, batched" lc rgb "#DDCC77"
GP
  (cd "$dir" && draw shanten 1000 520 "$plot/shanten.gp")
fi
if [ -f "$data/shanten-peers.csv" ]; then
  awk -F, 'NR > 1 && $5 != "ERROR" { v[$1, $2] = $6; if (!($1 in seen)) { seen[$1] = 1; p[++n] = $1 } }
    END { for (i = 1; i <= n; i++) printf "%s %s %s\n", p[i], v[p[i], 13], v[p[i], 14] }' "$data/shanten-peers.csv" >"$plot/shanten-peers.dat"
  cat >"$plot/shanten-peers.gp" <<'GP'
set title "shanten per call, random hands from the wall: median of alternating rounds in one process (CPU time)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border rgb "#333333"
set ylabel "ns per hand"
set yrange [0:*]
set key top right
set grid ytics
plot 'data/plot/shanten-peers.dat' using 2:xtic(1) title "13 tiles" lc rgb "#0072B2", '' using 3 title "14 tiles" lc rgb "#E69F00"
GP
  (cd "$dir" && draw shanten-peers 900 480 "$plot/shanten-peers.gp")
fi

sh "$here/index.sh" "$dir" >"$dir/index.html"
sh "$here/summary.sh" "$dir" >"$dir/summary.md"
echo "report: $dir/index.html, $dir/summary.md" >&2
