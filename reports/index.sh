#!/bin/sh
# Writes reports/index.html to stdout: the charts, the figures from the CSV as tables,
# the speed targets, and where the figures come from (date, machine, commit).
# Usage: sh reports/index.sh REPORTS_DIR; called by report.sh.
set -eu
dir=$1
data=$dir/data
plot=$data/plot

meta() { awk -F, -v k="$1" '$1 == k { sub(/^[^,]*,/, ""); print; exit }' "$data/machine.csv" 2>/dev/null; }
esc() { sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g'; }

# a table of ns per hand: rows (column $rowcol of the CSV) by algorithm; ERROR in red
matrix() { # CSV ROWCOL ROWLABEL
  awk -F, -v rc="$2" -v label="$3" '
  FNR == 1 { next }
  FILENAME ~ /algos.csv$/ { reg[$1] = FNR; next }
  {
    a = $1; w = $rc
    if (!(a in ai)) { ai[a] = ++na; an[na] = a }
    if (!(w in wi)) { wi[w] = ++nw; wn[nw] = w; rules[w] = $3 }
    v[w, a] = $13 == "yes" ? sprintf("<td title=\"min %s, max %s, %s hands/s\">%.2f</td>", $9, $10, $11, $8) : "<td class=\"err\">ERROR</td>"
  }
  function key(name) { return (name in reg) ? reg[name] : 1000 + ai[name] }
  END {
    for (i = 2; i <= na; i++) # registry order, as in the charts
      for (j = i; j > 1 && key(an[j]) < key(an[j - 1]); j--) { t = an[j]; an[j] = an[j - 1]; an[j - 1] = t }
    printf "<table><tr><th>%s</th><th>rules</th>", label
    for (i = 1; i <= na; i++) printf "<th>%s</th>", an[i]
    print "</tr>"
    for (j = 1; j <= nw; j++) {
      printf "<tr><th>%s</th><td class=\"rules\">%s</td>", wn[j], rules[wn[j]]
      for (i = 1; i <= na; i++) printf "%s", ((wn[j], an[i]) in v) ? v[wn[j], an[i]] : "<td class=\"na\">&mdash;</td>"
      print "</tr>"
    }
    print "</table>"
  }' "$data/algos.csv" "$1"
}

chart() { # NAME ALT
  if [ -f "$dir/$1.svg" ]; then
    printf '<figure><img src="%s.svg" alt="%s"><figcaption><a href="%s.svg">SVG</a> &middot; <a href="%s.png">PNG</a></figcaption></figure>\n' "$1" "$2" "$1" "$1"
  fi
}

cat <<EOF
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>mjverify benchmarks</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1450px; padding: 0 1em; color: #222; }
h1 { margin-bottom: 0.2em; }
dl.meta { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dl.meta dt { font-weight: bold; }
dl.meta dd { margin: 0; font-family: monospace; }
figure { margin: 1em 0; }
figure img { max-width: 100%; border: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th { background: #f3f3f3; }
tr > th:first-child { text-align: left; }
td.rules { text-align: left; font-family: monospace; }
td.err { color: #b00; font-weight: bold; }
td.na { color: #999; text-align: center; }
pre.targets { background: #f7f7f7; padding: 0.8em; border: 1px solid #ddd; }
.pass { color: #060; } .fail { color: #b00; font-weight: bold; }
p.note { color: #555; max-width: 70em; }
</style>
</head>
<body>
<h1>mjverify benchmarks</h1>
<p class="note">How fast each win-check algorithm is, measured side by side in one run. Every figure is
nanoseconds per hand on one thread (except the verify scaling), the median of several repetitions that each
loop over the whole workload for at least 50 ms; hover a cell for min, max and hands per second. Every answer
is checked against the ground truth before the algorithm is timed: <b>ERROR</b> means it gave a wrong answer on
that workload (expected for the flagged ports of published code), &mdash; means it does not support those rules.
Regenerate with <code>make bench &amp;&amp; make report</code> (see README.md).</p>
<dl class="meta">
<dt>measured</dt><dd>$(meta date | esc)</dd>
<dt>report drawn</dt><dd>$(date -u '+%Y-%m-%d %H:%M UTC')</dd>
<dt>CPU</dt><dd>$(meta cpu | esc)</dd>
<dt>cores</dt><dd>$(meta cores | esc)</dd>
<dt>commit</dt><dd>$(meta commit | esc)</dd>
<dt>compiler</dt><dd>$(meta compiler | esc)</dd>
<dt>ground truth</dt><dd>$(meta truth | esc)</dd>
<dt>seed</dt><dd>$(meta seed | esc)</dd>
<dt>load</dt><dd>$(meta load | esc)</dd>
</dl>

<h2>Speed targets</h2>
<pre class="targets">
$(esc <"$plot/targets.txt" | sed 's|^PASS|<span class="pass">PASS</span>|; s|^FAIL|<span class="fail">FAIL</span>|')
</pre>

<h2>14 tiles from the 136-tile wall</h2>
$(chart deal136 "ns per hand by algorithm on 14-tile hands dealt from a 136-tile wall")

<h2>Every workload</h2>
$(chart hands "ns per hand by algorithm for each workload, log scale")
<p class="note">deal: 14 tiles dealt from a shuffled wall; complete: complete hands only; nearmiss: one tile
from complete; waits: the wait set of 13-tile hands (half dealt, half a complete hand less one tile);
kongs: 14 to 18 tiles under the mediatek rules. 108 = 27 kinds (three suits), 136 = 34 kinds (with honors).</p>
$(matrix "$data/hands.csv" 2 "workload (ns per hand)")
EOF

if [ -f "$data/sizes.csv" ]; then
  echo "<h2>Cost against hand size</h2>"
  chart sizes "ns per hand against hand size, by algorithm"
  matrix "$data/sizes.csv" 2 "workload (ns per hand)"
fi

echo "<h2>Exhaustive verify: thread scaling</h2>"
if [ -f "$data/verify.csv" ]; then
  chart verify "hands per second of exhaustive verify against threads"
  awk -F, '
  FNR == 1 { file++ }
  file == 1 { split($0, b, " "); busy[b[1] " " b[2]] = b[3]; next }
  FNR == 1 { next }
  { if ($6 == 1) one[$1] = $11; row[++n] = $0 }
  END {
    print "<table><tr><th>algorithm</th><th>hands (size)</th><th>threads</th><th>ns per hand</th><th>hands per second</th><th>speed-up</th><th>cores busy (CPU / wall)</th><th>correct</th></tr>"
    for (i = 1; i <= n; i++) {
      split(row[i], f, ",")
      k = f[1] " " f[6]
      if (f[13] == "yes")
        printf "<tr><th>%s</th><td>%s (%s tiles)</td><td>%s</td><td>%.3f</td><td>%.3g</td><td>%.2fx</td><td>%s</td><td>yes</td></tr>\n", f[1], f[7], f[5], f[6], f[8], f[11], (f[1] in one) ? f[11] / one[f[1]] : 0, (k in busy) ? busy[k] : "?"
      else
        printf "<tr><th>%s</th><td>%s</td><td>%s</td><td class=\"err\">ERROR</td><td class=\"err\">ERROR</td><td></td><td></td><td>no</td></tr>\n", f[1], f[7], f[6]
    }
    print "</table>"
  }' "$plot/verify.busy" "$data/verify.csv"
else
  echo "<p class=\"note\">Not measured in this run: it needs the oracle's run API and the <code>table</code> algorithm.</p>"
fi

if [ -s "$plot/oracle.list" ]; then
  echo "<h2>Exhaustive verify summaries from the oracle</h2>"
  echo "<p class=\"note\">Every hand of the sizes shown, judged by the ground truth and by each algorithm (<code>make verify</code>); one chart per JSON summary in this folder.</p>"
  while read -r name json; do
    echo "<h3>$(echo "$json" | esc)</h3>"
    chart "$name" "mismatches and ns per hand per algorithm in $json"
    awk '
    BEGIN { print "<table><tr><th>algorithm</th><th>flagged</th><th>hands</th><th>mismatches</th><th>false wins</th><th>false non-wins</th><th>ns per hand per thread</th></tr>" }
    {
      cls = ($4 > 0) ? " class=\"err\"" : ""
      printf "<tr><th>%s</th><td>%s</td><td>%s</td><td%s>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", $1, ($2 == "flagged") ? "yes" : "", $3, cls, $4, $5, $6, $7
    }
    END { print "</table>" }' "$plot/$name.dat"
  done <"$plot/oracle.list"
fi

sh "$(dirname "$0")/ddz-index.sh" "$dir" # the Dou Dizhu section, when make bench measured it
if [ -f "$data/shanten.csv" ]; then
  echo "<h2>Shanten and effective tiles (issue 30)</h2>"
  chart shanten "sh-table ns per hand on the shanten workloads"
  chart shanten-peers "sh-table beside nyanten and tomohxx"
  echo "<p>mjverify bench --workload shanten (data/shanten.csv) and bench/shanten-peers.sh (data/shanten-peers.csv); every answer checked before timing.</p>"
fi

cat <<EOF
<h2>Data</h2>
<p><a href="data/hands.csv">hands.csv</a> &middot; <a href="data/sizes.csv">sizes.csv</a> &middot;
<a href="data/verify.csv">verify.csv</a> &middot; <a href="data/machine.csv">machine.csv</a> &middot;
<a href="summary.md">summary.md</a> (the figures as Markdown, for a README)</p>
</body>
</html>
EOF
