#!/bin/sh
# Writes a Markdown summary of the last `make bench` to stdout (reports/summary.md): the
# figures as a table, ready to quote in a README. Usage: sh reports/summary.sh REPORTS_DIR
set -eu
data=$1/data
meta() { awk -F, -v k="$1" '$1 == k { sub(/^[^,]*,/, ""); print; exit }' "$data/machine.csv" 2>/dev/null; }

echo "Figures from \`make bench\` on $(meta date), $(meta cpu), $(meta cores) cores, commit $(meta commit), seed $(meta seed)."
echo "Nanoseconds per hand on one thread (thread CPU time), median of 5 repetitions of at least 50 ms each;"
echo "every answer checked against the $(meta truth) first (ERROR: a wrong answer, no speed; -: rules not supported)."
echo
awk -F, '
FNR == 1 { next }
FILENAME ~ /algos.csv$/ { reg[$1] = FNR; flawed[$1] = $2 == "true"; next }
flawed[$1] { next }
{
  a = $1; w = $2
  if (!(a in ai)) { ai[a] = ++na; an[na] = a }
  if (!(w in wi)) { wi[w] = ++nw; wn[nw] = w; rules[w] = $3 }
  v[w, a] = $13 == "yes" ? sprintf("%.1f", $8) : "ERROR"
}
function key(name) { return (name in reg) ? reg[name] : 1000 + ai[name] }
END {
  for (i = 2; i <= na; i++)
    for (j = i; j > 1 && key(an[j]) < key(an[j - 1]); j--) { t = an[j]; an[j] = an[j - 1]; an[j - 1] = t }
  printf "| workload | rules |"; for (i = 1; i <= na; i++) printf " %s |", an[i]; print ""
  printf "|---|---|";            for (i = 1; i <= na; i++) printf "---:|"; print ""
  for (j = 1; j <= nw; j++) {
    printf "| %s | %s |", wn[j], rules[wn[j]]
    for (i = 1; i <= na; i++) printf " %s |", ((wn[j], an[i]) in v) ? v[wn[j], an[i]] : "-"
    print ""
  }
}' "$data/algos.csv" "$data/hands.csv"
if [ -f "$data/verify.csv" ]; then
  echo
  awk -F, 'NR > 1 && $13 == "yes" { printf "Exhaustive verify (oracle truth + %s, every %s-tile hand over %s kinds, %s rules): %.3g hands/s on %s thread%s (%.2f ns per hand).\n", $1, $5, $4, $3, $11, $6, ($6 > 1) ? "s" : "", $8 }' "$data/verify.csv"
fi
echo
echo "Speed targets:"
echo
echo '```'
here=$(cd "$(dirname "$0")" && pwd)
(cd "$data/.." && sh "$here/../bench/targets.sh" data "$(awk -F, '$2 == "true" { print $1 }' data/algos.csv | tr '\n' ' ')" | sed 1d)
echo '```'
