#!/bin/sh
# The Dou Dizhu charts of `make report`: time per position by set and by solver/threads, and the
# distribution of the long sets, drawn with gnuplot from data/ddz-*positions.csv (bench/ddz.sh).
# Usage: sh reports/ddz.sh REPORTS_DIR   (called by report.sh; does nothing without the CSV)
set -eu
dir=$1
data=$dir/data
plot=$data/plot
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$plot"
rm -f "$dir"/ddz-*.svg "$dir"/ddz-*.png
if [ ! -f "$data/ddz-positions.csv" ] && [ ! -f "$data/ddz-full-positions.csv" ]; then
  echo "report: no $data/ddz-positions.csv: Dou Dizhu charts skipped (make bench-ddz)" >&2
  exit 0
fi

draw() { # NAME WIDTH HEIGHT SCRIPT
  for term in "svg size $2,$3 dynamic noenhanced font 'Helvetica,13' background '#ffffff'" \
              "pngcairo size $2,$3 noenhanced font 'Sans,10' background '#ffffff'"; do
    ext=svg
    case $term in pngcairo*) ext=png ;; esac
    if ! (cd "$dir" && gnuplot -e "set terminal $term; set output '$dir/$1.$ext'" "$4") 2>"$plot/gnuplot.err"; then
      cat "$plot/gnuplot.err" >&2
      echo "report: gnuplot failed on $4" >&2
      exit 1
    fi
    grep -v -e "no valid points" -e "^\$" "$plot/gnuplot.err" >&2 || true
  done
  echo "report: $dir/$1.svg, $dir/$1.png" >&2
}

palette="#332288 #E69F00 #117733 #CC6677 #0072B2 #DDCC77 #AA4499 #44AA99"
files=""
for f in "$data/ddz-positions.csv" "$data/ddz-full-positions.csv"; do [ -f "$f" ] && files="$files $f"; done

# --- 1. per set: median, min and worst seconds per position, one series per solver/threads.
# A series is named solver/threads (fast/1t); undecided positions count at the time they took
# (the cap), so a worst at the cap is a timeout.
# shellcheck disable=SC2086
awk -F, -v plot="$plot" '
FNR == 1 { next }
$12 == "skipped" { next }
{
  s = $1; k = $8 "/" $10 "t"
  if (!(s in si)) { si[s] = ++ns; sn[ns] = s }
  if (!(k in ki)) { ki[k] = ++nk; kn[nk] = k }
  n[s, k]++; v[s, k, n[s, k]] = $13 + 0
  if ($12 == "timeout") tmo[s, k]++
}
END {
  printf "" > (plot "/ddz-sets.dat")
  for (i = 1; i <= ns; i++) {
    line = sn[i]
    for (j = 1; j <= nk; j++) {
      s = sn[i]; k = kn[j]; m = n[s, k]
      if (!m) { line = line " ? ? ?"; continue }
      for (a = 2; a <= m; a++) for (b = a; b > 1 && v[s, k, b] < v[s, k, b - 1]; b--) { t = v[s, k, b]; v[s, k, b] = v[s, k, b - 1]; v[s, k, b - 1] = t }
      med = (m % 2) ? v[s, k, (m + 1) / 2] : (v[s, k, m / 2] + v[s, k, m / 2 + 1]) / 2
      lo = v[s, k, 1]; if (lo < 1e-5) lo = 1e-5
      if (med < 1e-5) med = 1e-5
      line = line sprintf(" %.6g %.6g %.6g", med, lo, v[s, k, m])
    }
    print line > (plot "/ddz-sets.dat")
  }
  for (j = 1; j <= nk; j++) print kn[j] > (plot "/ddz-sets.n")
}' $files
{
  cat <<'EOF'
set title "Dou Dizhu: seconds per position, each set by solver/threads (box: median; bar: fastest..worst; a worst at the cap is a timeout)"
set ylabel "seconds per position (log scale)"
set xlabel "set (deal-NvM: random deals, N cards to move against M; hard: hand-made; published: puzzles)"
set logscale y
set format y "%g"
set grid ytics mytics lc rgb "#dddddd"
set datafile missing "?"
set style data histograms
set style histogram errorbars gap 2 lw 1
set style fill solid 0.9 border rgb "#333333"
set boxwidth 0.9
set key outside right top vertical title "solver/threads"
set xtics rotate by -30 nomirror
set yrange [1e-5:*]
EOF
  awk -v pal="$palette" '
  BEGIN { np = split(pal, p, " ") }
  { c[NR] = p[(NR - 1) % np + 1]; t[NR] = $1 }
  END {
    printf "plot "
    for (i = 1; i <= NR; i++)
      printf "'"'"'data/plot/ddz-sets.dat'"'"' using %d:%d:%d%s lc rgb \"%s\" title \"%s\"%s", 3 * i - 1, 3 * i, 3 * i + 1, i == 1 ? ":xtic(1)" : "", c[i], t[i], i < NR ? ", \\\n  " : ", \\\n  "
    print "0.05 with lines dt 2 lw 2 lc rgb \"#cc3311\" title \"goal for 13v13 and published: 50 ms\", 60 with lines dt 3 lw 2 lc rgb \"#ee7733\" title \"goal for 17v17: a minute\""
  }' "$plot/ddz-sets.n"
} >"$plot/ddz-sets.gp"
draw ddz-sets 1450 620 "$plot/ddz-sets.gp"

# --- 2. every position, by solver/threads: positions ordered by fast's time on 1 thread (else the
# first series), so one chart shows what a second thread and the other solvers cost per position
# shellcheck disable=SC2086
awk -F, -v plot="$plot" '
FNR == 1 { next }
$12 == "skipped" { next }
{
  p = $1 "#" $2; k = $8 "/" $10 "t"
  if (!(p in pi)) { pi[p] = ++np; pn[np] = p }
  if (!(k in ki)) { ki[k] = ++nk; kn[nk] = k }
  v[p, k] = ($12 == "win" || $12 == "loss") ? $13 + 0 : "?"
}
END {
  ref = ("fast/1t" in ki) ? "fast/1t" : kn[1]
  for (i = 1; i <= np; i++) { o[i] = i; key[i] = ((pn[i], ref) in v && v[pn[i], ref] != "?") ? v[pn[i], ref] : 1e9 }
  for (a = 2; a <= np; a++) for (b = a; b > 1 && key[o[b]] < key[o[b - 1]]; b--) { t = o[b]; o[b] = o[b - 1]; o[b - 1] = t }
  printf "" > (plot "/ddz-positions.dat")
  for (r = 1; r <= np; r++) {
    i = o[r]; line = r " " pn[i]
    for (j = 1; j <= nk; j++) {
      x = ((pn[i], kn[j]) in v) ? v[pn[i], kn[j]] : "?"
      if (x != "?" && x < 1e-5) x = 1e-5
      line = line " " x
    }
    print line > (plot "/ddz-positions.dat")
  }
  print ref > (plot "/ddz-positions.ref")
  for (j = 1; j <= nk; j++) print kn[j] > (plot "/ddz-positions.n")
}' $files
{
  cat <<EOF
set title "Dou Dizhu: every position by solver/threads, ordered by $(cat "$plot/ddz-positions.ref")'s time (decided answers only: no point where a solver hit its cap)"
EOF
  cat <<'EOF'
set ylabel "seconds (log scale)"
set xlabel "position (every set), fastest first"
set logscale y
set format y "%g"
set grid ytics mytics lc rgb "#dddddd"
set datafile missing "?"
set key outside right top vertical title "solver/threads"
set yrange [1e-5:*]
EOF
  awk -v pal="$palette" '
  BEGIN { np = split(pal, p, " ") }
  { c[NR] = p[(NR - 1) % np + 1]; t[NR] = $1 }
  END {
    printf "plot "
    for (i = 1; i <= NR; i++)
      printf "'"'"'data/plot/ddz-positions.dat'"'"' using 1:%d with points pt 7 ps 0.8 lc rgb \"%s\" title \"%s\"%s", i + 2, c[i], t[i], i < NR ? ", \\\n  " : "\n"
  }' "$plot/ddz-positions.n"
} >"$plot/ddz-positions.gp"
draw ddz-positions 1300 560 "$plot/ddz-positions.gp"

# --- 3. the long sets (make bench-ddz-full): share of deals solved against time
if [ -f "$data/ddz-full-positions.csv" ]; then
  awk -F, -v plot="$plot" '
  NR == 1 || $8 != "fast" { next }
  { n[$1]++; if ($12 == "win" || $12 == "loss") { m = ++d[$1]; v[$1, m] = $13 + 0 } if (!($1 in si)) { si[$1] = ++ns; sn[ns] = $1 } }
  END {
    for (i = 1; i <= ns; i++) {
      s = sn[i]; f = plot "/ddz-full-" i ".dat"
      for (a = 2; a <= d[s]; a++) for (b = a; b > 1 && v[s, b] < v[s, b - 1]; b--) { t = v[s, b]; v[s, b] = v[s, b - 1]; v[s, b - 1] = t }
      printf "" > f
      for (k = 1; k <= d[s]; k++) printf "%.6g %.4f\n", (v[s, k] < 1e-5) ? 1e-5 : v[s, k], (100 * k / n[s]) > f
      print s > (plot "/ddz-full.n")
    }
  }' "$data/ddz-full-positions.csv"
  if [ -s "$plot/ddz-full.n" ]; then
    {
      cat <<'EOF'
set title "Dou Dizhu, the long sets: share of deals solved within a time (fast; the step stops where the rest hit the cap)"
set xlabel "seconds (log scale)"
set ylabel "deals solved (%)"
set logscale x
set format x "%g"
set grid xtics ytics lc rgb "#dddddd"
set key bottom right
set yrange [0:100]
set arrow from 60, graph 0 to 60, graph 1 nohead dt 2 lw 2 lc rgb "#cc3311"
set label "a minute" at 60, graph 0.95 right offset -0.5,0
EOF
      awk -v pal="$palette" '
      BEGIN { np = split(pal, p, " ") }
      { c[NR] = p[(NR - 1) % np + 1]; t[NR] = $1 }
      END {
        printf "plot "
        for (i = 1; i <= NR; i++)
          printf "'"'"'data/plot/ddz-full-%d.dat'"'"' using 1:2 with steps lw 2 lc rgb \"%s\" title \"%s\"%s", i, c[i], t[i], i < NR ? ", \\\n  " : "\n"
      }' "$plot/ddz-full.n"
    } >"$plot/ddz-full.gp"
    draw ddz-full 1000 520 "$plot/ddz-full.gp"
  fi
  rm -f "$plot/ddz-full.n"
fi

sh "$here/../bench/ddz-targets.sh" "$data" >"$plot/ddz-targets.txt" || true
