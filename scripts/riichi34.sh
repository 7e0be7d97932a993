#!/bin/sh
# The 34-kind riichi run in pieces that each fit well under an hour on 2 cores: every
# algorithm that supports riichi (all unflagged) on every 14-tile hand over 34 kinds, as
# shards, and `table` on every hand of 1-13 tiles; each piece checkpoints and is skipped once
# done, so the script can be stopped and rerun at will; the pieces merge into one report with
# a chart in reports/.
#
# usage: scripts/riichi34.sh plan            the pieces, their commands and estimated times
#        scripts/riichi34.sh run [FIRST [LAST]]  run pieces FIRST..LAST (default: all not done)
#        scripts/riichi34.sh status          the pieces done so far into reports/riichi34-progress.md
#        scripts/riichi34.sh merge           merge finished pieces into reports/riichi34.md
# env:   MJ (default build/cli/mjverify), THREADS (0 = all cores), STATE (reports/riichi34-pieces: each finished piece's JSON and times.tsv are committed as they land),
#        REPORTS (reports), SIZES14 / SIZES113 (14, 1-13: smaller for a trial run), RANKS (run each piece as `mpirun -n RANKS` of MJ_MPI, default
#        build/cli/mjverify-mpi; MPIRUN_FLAGS passed on), SHARDS14 (24), SHARDS113 (2)
# The shard counts come from measured rates (docs/scale.md, "The 34-kind run").
set -u
cd "$(dirname "$0")/.." || exit 1
MJ=${MJ:-build/cli/mjverify}
MJ_MPI=${MJ_MPI:-build/cli/mjverify-mpi}
THREADS=${THREADS:-0}
STATE=${STATE:-reports/riichi34-pieces}
REPORTS=${REPORTS:-reports}
SHARDS14=${SHARDS14:-24}
SHARDS113=${SHARDS113:-2}
# measured on this 2-core VM (docs/scale.md): wall seconds for all 326,520,504,500 14-tile
# hands with every riichi algorithm, and for table on sizes 1-13, both on 2 threads
EST14=${EST14:-29550}
EST113=${EST113:-727}
mkdir -p "$STATE" "$REPORTS" || exit 1

# piece list: id|sizes|algorithms|shard|of
pieces() {
    i=0
    while [ $i -lt "$SHARDS14" ]; do echo "a$i|${SIZES14:-14}|all|$i|$SHARDS14"; i=$((i + 1)); done
    i=0
    while [ $i -lt "$SHARDS113" ]; do echo "b$i|${SIZES113:-1-13}|table|$i|$SHARDS113"; i=$((i + 1)); done
}

cmd_of() { # id sizes algo shard of
    if [ -n "${RANKS:-}" ]; then
        printf 'mpirun %s -n %s %s' "${MPIRUN_FLAGS:-}" "$RANKS" "$MJ_MPI"
    else
        printf '%s' "$MJ"
    fi
    printf ' verify --rules riichi --tiles 34 --sizes %s --algo %s --shard %s/%s --threads %s --json %s/%s.json --report-dir %s --checkpoint %s/%s.ckpt --checkpoint-every 60' \
        "$2" "$3" "$4" "$5" "$THREADS" "$STATE" "$1" "$STATE" "$STATE" "$1"
}

done_piece() { [ -f "$STATE/$1.json" ] && grep -q '"complete": true' "$STATE/$1.json"; }

case "${1:-plan}" in
plan)
    pieces | while IFS='|' read -r id sizes algo shard of; do
        case $id in a*) est=$((EST14 / of)) ;; *) est=$((EST113 / of)) ;; esac
        st=todo
        done_piece "$id" && st="done in $(awk -F'\t' -v p="$id" '$1 == p {print $2}' "$STATE/times.tsv" 2>/dev/null) s"
        printf '%-4s ~%5d s  %-14s %s\n' "$id" "$est" "$st" "$(cmd_of "$id" "$sizes" "$algo" "$shard" "$of")"
    done
    echo "total estimate on 2 cores: $((EST14 + EST113)) s; each piece well under an hour"
    ;;
run)
    first=${2:-}
    last=${3:-}
    pieces | while IFS='|' read -r id sizes algo shard of; do
        [ -n "$first" ] && [ "$id" != "$first" ] && [ -z "${started:-}" ] && continue
        started=1
        if done_piece "$id"; then echo "riichi34: $id already done" >&2
        else
            echo "riichi34: $id: $(cmd_of "$id" "$sizes" "$algo" "$shard" "$of")" >&2
            t0=$(date +%s)
            # shellcheck disable=SC2046
            $(cmd_of "$id" "$sizes" "$algo" "$shard" "$of") < /dev/null > "$STATE/$id.out"
            rc=$?
            t1=$(date +%s)
            if [ $rc -eq 130 ] || ! done_piece "$id"; then echo "riichi34: $id stopped (exit $rc); rerun to resume" >&2; exit 130; fi
            # the piece's own compute time from its JSON: a resumed piece's run here is only
            # the part after its checkpoint (this run's wall time is kept for the log)
            secs=$(sed -n 's/^  "seconds": \([0-9]*\).*/\1/p' "$STATE/$id.json")
            printf '%s\t%s\t%s\n' "$id" "${secs:-$((t1 - t0))}" "$(date -u +%FT%TZ)" >> "$STATE/times.tsv"
            echo "riichi34: $id took ${secs:-?} s in all ($((t1 - t0)) s in this run)" >&2
        fi
        [ -n "$last" ] && [ "$id" = "$last" ] && break
    done
    ;;
merge)
    a="" b="" missing=0
    while IFS='|' read -r id sizes algo shard of; do
        if ! done_piece "$id"; then echo "riichi34: $id is not done" >&2; missing=1; continue; fi
        case $id in a*) a="$a $STATE/$id.json" ;; b*) b="$b $STATE/$id.json" ;; esac
    done <<EOF
$(pieces)
EOF
    [ $missing -eq 0 ] || { echo "riichi34: run the missing pieces first (scripts/riichi34.sh run)" >&2; exit 1; }
    # shellcheck disable=SC2086
    "$MJ" merge --json "$REPORTS/verify-riichi34-14.json" $a > "$STATE/merge14.txt" || exit 1
    # shellcheck disable=SC2086
    "$MJ" merge --json "$REPORTS/verify-riichi34-1-13-table.json" $b > "$STATE/merge113.txt" || exit 1
    # chart: wall ns per hand of each algorithm over all 14-tile hands (summed shard times)
    # (prints the algorithms not run, for the report)
    skipped=$(python3 - "$REPORTS/verify-riichi34-14.json" "$STATE/riichi34.dat" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
with open(sys.argv[2], "w") as f:
    for a in d["algorithms"]:
        f.write('"%s" %.4f %d\n' % (a["name"], a["ns_per_hand"], a["mismatches"]))
print(", ".join(s["name"] for s in d.get("skipped", [])))
PY
) || exit 1
    gnuplot <<EOF
set terminal svg size 720,360 font "sans,11"
set output "$REPORTS/riichi34.svg"
set title "riichi, 34 kinds, every 14-tile hand: ns per hand (label: mismatches)"
set style fill solid 0.7
set boxwidth 0.6
set yrange [0:*]
set offsets 0,0,graph 0.15,0
set ylabel "wall ns per hand (2 threads)"
set xtics rotate by -30
plot "$STATE/riichi34.dat" using 0:2:xtic(1) with boxes notitle, "" using 0:2:(sprintf("%d", \$3)) with labels offset 0,1 notitle
set terminal pngcairo size 720,360
set output "$REPORTS/riichi34.png"
replot
EOF
    {
        echo "# riichi over 34 kinds: every algorithm on every 14-tile hand, table on sizes 1-13"
        echo
        echo "Regenerate: \`scripts/riichi34.sh run && scripts/riichi34.sh merge\` (pieces resume from their"
        echo "checkpoints; \`scripts/riichi34.sh plan\` lists them). $SHARDS14 shards of the 14-tile run and"
        echo "$SHARDS113 of sizes 1-13, merged with \`mjverify merge\`."
        echo
        echo "![ns per hand](riichi34.svg)"
        echo
        echo "## Every 14-tile hand, every algorithm supporting riichi"
        echo
        echo '```'
        cat "$STATE/merge14.txt"
        echo '```'
        echo
        [ -n "$skipped" ] && echo "Not run (they do not support these rules): $skipped."
        echo
        echo "Seconds are each algorithm's wall time summed over the shards (2 threads), on a shared 2-core"
        echo "VM: pieces that ran beside other work (see their wall times below: the quietest took"
        awk -F'\t' '$1 ~ /^a/ {if (lo == "" || $2 < lo) lo = $2; if ($2 > hi) hi = $2}
            END {printf "%s s, the slowest %s s) count their slowdown too, so ns/hand is an upper bound on\n", lo, hi}' "$STATE/times.tsv"
        echo "this machine's rate; the counts do not depend on it."
        echo
        echo "## table on every hand of 1-13 tiles"
        echo
        echo '```'
        cat "$STATE/merge113.txt"
        echo '```'
        echo
        echo "## Wall time of each piece"
        echo
        echo "| piece | seconds | finished (UTC) |"
        echo "|---|---:|---|"
        awk -F'\t' '{printf "| %s | %s | %s |\n", $1, $2, $3; s += $2} END {printf "| total | %d | |\n", s}' "$STATE/times.tsv"
    } > "$REPORTS/riichi34.md"
    echo "riichi34: wrote $REPORTS/riichi34.md, $REPORTS/riichi34.svg and the merged summaries" >&2
    ;;
status)
    # progress so far, before every piece is done: each piece's hands, wins, mismatches, wall
    # time and commit, the totals, and the time left at the rate of the pieces done
    python3 - "$STATE" "$REPORTS/riichi34-progress.md" "$EST14" "$EST113" "$(pieces)" <<'PY' || exit 1
import json, os, sys
state, out, est14, est113, plist = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
times = {}
if os.path.exists(os.path.join(state, "times.tsv")):
    for line in open(os.path.join(state, "times.tsv")):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 3:
            times[f[0]] = (int(f[1]), f[2])
rows, done_s, left_est, hands, wins, bad, ndone, n = [], 0, 0, 0, 0, 0, 0, 0
# the time a piece left takes: the lowest wall time of the finished pieces of its kind (the
# others may include pauses), else the plan's estimate
best = {}
for pid, (secs, _) in times.items():
    best[pid[0]] = min(best.get(pid[0], secs), secs)
for line in plist.split("\n"):
    pid, sizes, algo, shard, of = line.strip().split("|")
    n += 1
    est = best.get(pid[0], (est14 if pid.startswith("a") else est113) // int(of))
    path = os.path.join(state, pid + ".json")
    d = json.load(open(path)) if os.path.exists(path) else None
    if d and d.get("complete"):
        ndone += 1
        m = sum(a["mismatches"] for a in d["algorithms"] if not a["flawed"])
        t = times.get(pid, (int(d["seconds"]), "-"))
        done_s += t[0]
        hands += d["truth"]["hands"]
        wins += d["truth"]["positives"]
        bad += m
        rows.append("| %s | %s | %s | %s/%s | %s | %s | %d | %d | %s | %s |" % (pid, sizes, algo, shard, of, "{:,}".format(d["truth"]["hands"]), "{:,}".format(d["truth"]["positives"]), m, t[0], t[1], d["commit"]))
    else:
        left_est += est
        st = "started (checkpoint)" if os.path.exists(os.path.join(state, pid + ".ckpt")) else "to do"
        rows.append("| %s | %s | %s | %s/%s | %s | | | ~%d | | |" % (pid, sizes, algo, shard, of, st, est))
with open(out, "w") as f:
    f.write("# riichi over 34 kinds: progress of the pieces\n\n")
    f.write("Written by `scripts/riichi34.sh status` from `reports/riichi34-pieces/` (each finished piece's\n")
    f.write("JSON is committed as it lands; `scripts/riichi34.sh run` resumes the rest, `merge` writes\n")
    f.write("`reports/riichi34.md` once every piece is done). Mismatches are summed over the unflagged\n")
    f.write("algorithms of the piece; `commit` is the tree that judged it.\n\n")
    f.write("%d of %d pieces done: %s hands judged, %s of them winning, %d mismatches; %d s of wall time.\n" % (ndone, n, "{:,}".format(hands), "{:,}".format(wins), bad, done_s))
    f.write("Left: about %d s (%.1f h) on 2 cores, each piece left taken at the lowest wall time of the\n" % (left_est, left_est / 3600))
    f.write("finished pieces of its kind (`~` below), or at `plan`'s estimate when none is finished.\n\n")
    f.write("| piece | sizes | algorithms | shard | hands | winning | mismatches | wall s | finished (UTC) | commit |\n")
    f.write("|---|---|---|---|---:|---:|---:|---:|---|---|\n")
    f.write("\n".join(rows) + "\n")
print("riichi34: %d of %d pieces done, %d mismatches; wrote %s" % (ndone, n, bad, out), file=sys.stderr)
PY
    ;;
*)
    echo "usage: scripts/riichi34.sh plan | run [FIRST [LAST]] | status | merge" >&2
    exit 2
    ;;
esac
