#!/bin/sh
# The Dou Dizhu section of reports/index.html (stdout): the speed goals, the charts of
# reports/ddz.sh and a table per set from data/ddz-*summary.csv. Usage: sh reports/ddz-index.sh REPORTS_DIR
set -eu
dir=$1
data=$dir/data
plot=$data/plot
[ -f "$data/ddz-summary.csv" ] || [ -f "$data/ddz-full-summary.csv" ] || exit 0
esc() { sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g'; }
meta() { awk -F, -v k="$2" '$1 == k { sub(/^[^,]*,/, ""); print; exit }' "$data/$1" 2>/dev/null; }
chart() { # NAME ALT
  if [ -f "$dir/$1.svg" ]; then
    printf '<figure><img src="%s.svg" alt="%s"><figcaption><a href="%s.svg">SVG</a> &middot; <a href="%s.png">PNG</a></figcaption></figure>\n' "$1" "$2" "$1" "$1"
  fi
}
# table SUMMARY_CSV: one row per set, one column per solver/threads: median and worst seconds,
# decided share; a worst at the cap (a timeout) is marked, a wrong answer in red
table() {
  awk -F, '
  NR == 1 { next }
  {
    s = $1; k = $2 "/" $4 "t"
    if (!(s in si)) { si[s] = ++ns; sn[ns] = s }
    if (!(k in ki)) { ki[k] = ++nk; kn[nk] = k; flawed[k] = $3 == "yes"; cap[k] = $5 }
    cell = sprintf("%.3g / %.3g%s<br><small>%d of %d decided%s</small>", $14, $15, $16 == "yes" ? " (cap)" : "", $8, $6,
                   $11 > 0 ? sprintf(", %d skipped", $11) : "")
    if ($13 > 0) cell = sprintf("<span class=\"err\">%d WRONG</span><br>", $13) cell
    v[s, k] = "<td title=\"median nodes " $18 ", max nodes " $19 ", table " int($20 / 1048576) " MiB, " $17 " s in all\">" cell "</td>"
  }
  END {
    printf "<table><tr><th>set</th>"
    for (j = 1; j <= nk; j++) printf "<th>%s%s<br><small>cap %g s</small></th>", kn[j], flawed[kn[j]] ? " (flagged)" : "", cap[kn[j]]
    print "</tr>"
    for (i = 1; i <= ns; i++) {
      printf "<tr><th>%s</th>", sn[i]
      for (j = 1; j <= nk; j++) printf "%s", ((sn[i], kn[j]) in v) ? v[sn[i], kn[j]] : "<td class=\"na\">&mdash;</td>"
      print "</tr>"
    }
    print "</table>"
  }' "$1"
}

cat <<EOF
<h2 id="ddz">Dou Dizhu endgame solvers</h2>
<p class="note">Two-player open-card endgames (ddz/README.md): each position of the sets in
<code>ddz/bench/</code> decided by each solver under a time cap per position and a total budget
(<code>bench/ddz.sh</code>; <code>make bench</code> runs the quick sets, <code>make bench-ddz-full</code>
the 17-vs-17 and 20-vs-17 deals). Figures are wall seconds per position (median / worst), the
<code>seconds</code> each solver reports for its search; a worst marked (cap) is a timeout, reported as
such and never as a time. The naive solver and the flagged seed 004 port run beside <code>fast</code>
with a short cap, where they finish. Every decided answer is compared with the published outcome
where the source prints one, and with the other unflagged solvers and thread counts.</p>
<dl class="meta">
<dt>measured</dt><dd>$(meta ddz-machine.csv date | esc)</dd>
<dt>CPU</dt><dd>$(meta ddz-machine.csv cpu | esc) ($(meta ddz-machine.csv cores | esc) cores)</dd>
<dt>commit</dt><dd>$(meta ddz-machine.csv commit | esc)</dd>
<dt>load</dt><dd>$(meta ddz-machine.csv load | esc)</dd>
<dt>command</dt><dd>$(meta ddz-machine.csv command | esc)</dd>
</dl>
<h3>Speed goals</h3>
<pre class="targets">
$( [ -f "$plot/ddz-targets.txt" ] && esc <"$plot/ddz-targets.txt" | sed 's|^PASS|<span class="pass">PASS</span>|; s|^FAIL|<span class="fail">FAIL</span>|')
</pre>
<h3>Time per position by set</h3>
EOF
chart ddz-sets "seconds per position for each Dou Dizhu set by solver and threads, log scale"
[ -f "$data/ddz-summary.csv" ] && table "$data/ddz-summary.csv"
echo "<h3>Every position by solver and threads</h3>"
chart ddz-positions "seconds per Dou Dizhu position by solver and threads"
if [ -f "$data/ddz-full-summary.csv" ]; then
  echo "<h3>The long sets: 17 against 17, 20 against 17</h3>"
  echo "<p class=\"note\">$(meta ddz-full-machine.csv date | esc), commit $(meta ddz-full-machine.csv commit | esc): $(meta ddz-full-machine.csv command | esc)</p>"
  chart ddz-full "share of the long Dou Dizhu deals solved within a time"
  table "$data/ddz-full-summary.csv"
fi
cat <<'EOF'
<p><a href="data/ddz-positions.csv">ddz-positions.csv</a> (every position, solver and thread count) &middot;
<a href="data/ddz-summary.csv">ddz-summary.csv</a> &middot; <a href="data/ddz-full-positions.csv">ddz-full-positions.csv</a> &middot;
<a href="data/ddz-full-summary.csv">ddz-full-summary.csv</a> &middot; <a href="data/ddz-machine.csv">ddz-machine.csv</a></p>
EOF
