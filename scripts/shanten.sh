#!/bin/sh
# The shanten reports in pieces that each fit well under an hour on 2 cores: every 34-kind riichi
# hand of 1-14 tiles (mode shanten: sh-table and is_win:table, the identity), every 13-tile riichi
# hand (mode effective: sh-table), and the same for sanma; big sizes are split into shards. Each
# piece checkpoints and is skipped once done, so the script can be stopped and rerun at will; a
# finished piece's JSON and report stay in STATE (commit them as they land); `merge` joins each
# group's shards with `mjverify merge` and writes reports/shanten.md with the distribution tables.
#
# usage: scripts/shanten.sh plan                   the pieces, their commands, estimated times
#        scripts/shanten.sh run [FIRST [LAST]]     run pieces FIRST..LAST (default: all not done)
#        scripts/shanten.sh merge                  merge the groups whose pieces are all done
# env:   MJ (build/cli/mjverify), THREADS (0 = all cores), STATE (reports/shanten-pieces),
#        REPORTS (reports), NICE (19: other work shares the machine; started in a session of its
#        own, e.g. with setsid, the job is also its own autogroup, which Linux shares the CPU with
#        as an equal whatever the nice: lower it too, echo 19 > /proc/$PID/autogroup), ALGO (sh-table,is_win:table),
#        NS_SHANTEN / NS_EFFECTIVE (wall ns a hand on 2 threads, for the estimates), RIICHI_GROUPS
#        (r1 r10 r11 r13 r14: the groups whose sum `merge` gives as the whole riichi run)
set -u
cd "$(dirname "$0")/.." || exit 1
MJ=${MJ:-build/cli/mjverify}
THREADS=${THREADS:-0}
STATE=${STATE:-reports/shanten-pieces}
REPORTS=${REPORTS:-reports}
NICE=${NICE:-19}
ALGO=${ALGO:-sh-table,is_win:table}
# wall ns a hand at 2 threads on a 2-core VM, from CPU time measured on one thread (Intel Xeon,
# 26 Nov, shared with builds, so upper bounds), the shanten truth's table building (0.55 s) left
# out: `verify --mode shanten --rules riichi --tiles 34 --sizes 14 --shard 777/4096 --algo
# sh-table,is_win:table --threads 1` 6.45 s of CPU for 79,716,920 hands (74 ns), and `--mode
# effective --sizes 13 --shard 1777/16384 --algo sh-table` 0.82 s for 6,013,281 hands (136 ns);
# halved for 2 threads. Shared with other work, a piece takes longer (piece r1: 611 s of wall
# under a load of about 28 where 114,497,397 x 55 ns is 6 s). The effective pieces: e13-0 to
# e13-3 took 2,300-2,900 s each on the truth before its honor classes (oracle/README.md); from
# e13-5 on, a piece of 8,210,133,000 hands runs at about 11.5 M hands/s on a quiet VM (87 ns;
# e13-5 took 901 s with tests beside it for half of it) from a build of the same tree with
# -march=native -O3 (MJ may name such a build: `cmake -S . -B /tmp/shbuild -DCMAKE_C_FLAGS="-march=native -O3"`;
# the reports are the same but for times and the commit); NS_EFFECTIVE is that figure.
NS_SHANTEN=${NS_SHANTEN:-40}
NS_EFFECTIVE=${NS_EFFECTIVE:-87}
mkdir -p "$STATE" "$REPORTS" || exit 1

# group|rules|mode|sizes|algo|shards|hands (hands of those sizes, from mjverify count)
groups() {
    cat <<EOF
r1|riichi|shanten|1-8|$ALGO|1|114497397
r10|riichi|shanten|10|$ALGO|1|1900269316
r11|riichi|shanten|11|$ALGO|1|7558429024
r13|riichi|shanten|13|$ALGO|4|98521596000
r14|riichi|shanten|14|$ALGO|12|326520504500
e13|riichi|effective|13|sh-table|12|98521596000
s1|sanma|shanten|1-8|$ALGO|1|22517082
s10|sanma|shanten|10|$ALGO|1|249599610
s11|sanma|shanten|11|$ALGO|1|830534445
s13|sanma|shanten|13|$ALGO|1|7633490490
s14|sanma|shanten|14|$ALGO|1|21310147575
f13|sanma|effective|13|sh-table|1|7633490490
EOF
}

# piece list: id|group|rules|mode|sizes|algo|shard|of|est_seconds
pieces() {
    groups | while IFS='|' read -r g rules mode sizes algo of hands; do
        ns=$NS_SHANTEN
        [ "$mode" = effective ] && ns=$NS_EFFECTIVE
        est=$(awk -v h="$hands" -v ns="$ns" -v of="$of" 'BEGIN { printf "%d", h * ns / 1e9 / of }')
        i=0
        while [ $i -lt "$of" ]; do
            id=$g
            [ "$of" -gt 1 ] && id="$g-$i"
            echo "$id|$g|$rules|$mode|$sizes|$algo|$i|$of|$est"
            i=$((i + 1))
        done
    done
}

cmd_of() { # id rules mode sizes algo shard of
    printf 'nice -n %s %s verify --mode %s --rules %s --tiles 34 --sizes %s --algo %s --shard %s/%s --threads %s --json %s/%s.json --report %s/%s.md --checkpoint %s/%s.ckpt --checkpoint-every 60' \
        "$NICE" "$MJ" "$3" "$2" "$4" "$5" "$6" "$7" "$THREADS" "$STATE" "$1" "$STATE" "$1" "$STATE" "$1"
}

done_piece() { [ -f "$STATE/$1.json" ] && grep -q '"complete": true' "$STATE/$1.json"; }

case "${1:-plan}" in
plan)
    total=0
    pieces | while IFS='|' read -r id g rules mode sizes algo shard of est; do
        st=todo
        done_piece "$id" && st="done in $(awk -F'\t' -v p="$id" '$1 == p {print $2}' "$STATE/times.tsv" 2>/dev/null) s"
        case $of in 1|2|3|4) printf '%-8s ~%6d s  %-14s %s\n' "$id" "$est" "$st" "$(cmd_of "$id" "$rules" "$mode" "$sizes" "$algo" "$shard" "$of")" ;;
        *) [ "$shard" -eq 0 ] && printf '%-8s ~%6d s each, %d pieces (%s-0 .. %s-%d)  %s\n' "$g" "$est" "$of" "$g" "$g" $((of - 1)) \
               "$(cmd_of "$g-I" "$rules" "$mode" "$sizes" "$algo" I "$of")" ;;
        esac
    done
    groups | awk -F'|' -v s="$NS_SHANTEN" -v e="$NS_EFFECTIVE" '{ x = $7 * ($3 == "effective" ? e : s) / 1e9; t += x
        if (x / $6 > most) { most = x / $6; which = $1 } }
        END { printf "total estimate on 2 quiet cores: %.0f s (%.1f h); the longest piece ~%.0f s (%s)\n", t, t / 3600, most, which }'
    ;;
run)
    first=${2:-}
    last=${3:-}
    started=
    pieces | while IFS='|' read -r id g rules mode sizes algo shard of est; do
        [ -n "$first" ] && [ "$id" != "$first" ] && [ -z "$started" ] && continue
        started=1
        if done_piece "$id"; then echo "shanten: $id already done" >&2
        else
            c=$(cmd_of "$id" "$rules" "$mode" "$sizes" "$algo" "$shard" "$of")
            echo "shanten: $id: $c" >&2
            t0=$(date +%s)
            # shellcheck disable=SC2086
            $c < /dev/null > "$STATE/$id.out" 2>&1
            rc=$?
            t1=$(date +%s)
            if [ $rc -eq 130 ] || ! done_piece "$id"; then echo "shanten: $id stopped (exit $rc); rerun to resume" >&2; exit 130; fi
            secs=$(sed -n 's/^  "seconds": \([0-9]*\).*/\1/p' "$STATE/$id.json")
            printf '%s\t%s\t%s\t%s\n' "$id" "${secs:-$((t1 - t0))}" "$(date -u +%FT%TZ)" "$(uname -n)" >> "$STATE/times.tsv"
            echo "shanten: $id took ${secs:-?} s ($((t1 - t0)) s in this run)" >&2
        fi
        [ -n "$last" ] && [ "$id" = "$last" ] && break
    done
    ;;
merge)
    out="$REPORTS/shanten.md"
    {
        echo "# Shanten and effective tiles, every hand: riichi over 34 kinds, sanma over its 27"
        echo
        echo "Regenerate: \`scripts/shanten.sh run && scripts/shanten.sh merge\` (\`scripts/shanten.sh plan\`"
        echo "lists the pieces and their estimates). Each group below is one size range, its shards merged with"
        echo "\`mjverify merge\`; groups not yet run are listed at the end. Mode shanten judges \`sh-table\` and"
        echo "\`is_win:table\` (the win check held to is_win == (shanten == -1)); mode effective judges"
        echo "\`sh-table\`'s effective tiles. The truth is the oracle's (oracle/README.md). The pieces ran on"
        echo "$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') ($(nproc) cores, shared with other work: wall times"
        echo "are upper bounds; the counts do not depend on them)."
        echo
    } > "$out"
    todo=""
    groups | while IFS='|' read -r g rules mode sizes algo of hands; do
        files="" missing=0
        for id in $(pieces | awk -F'|' -v g="$g" '$2 == g {print $1}'); do
            if done_piece "$id"; then files="$files $STATE/$id.json"; else missing=1; fi
        done
        if [ $missing -eq 1 ]; then echo "$g" >> "$STATE/.todo"; continue; fi
        # shellcheck disable=SC2086
        "$MJ" merge --json "$STATE/merged-$g.json" --report "$STATE/merged-$g.md" $files > /dev/null || exit 1
        {
            echo "## $rules, mode $mode, sizes $sizes ($of piece(s))"
            echo
            sed -n '/^| algorithm/,/^$/p' "$STATE/merged-$g.md"
            echo "Hands by shanten (-1 = complete):"
            awk '/^## Hands by shanten/ { on = 1; next } /^## / { on = 0 } on' "$STATE/merged-$g.md"
            awk -F'\t' -v g="$g" 'index($1, g) == 1 && (length($1) == length(g) || substr($1, length(g) + 1, 1) == "-") { s += $2; n++; m = $4 }
                END { if (n) printf "Wall time: %d s in %d piece(s) on %s (2-core VM, 2 threads, nice %s).\n\n", s, n, m, "'"$NICE"'" }' "$STATE/times.tsv"
        } >> "$out"
    done
    # the whole 34-kind riichi shanten run (sizes 1-14), once each of its groups is merged
    whole=1
    for g in ${RIICHI_GROUPS:-r1 r10 r11 r13 r14}; do
        if [ -f "$STATE/.todo" ] && grep -qx "$g" "$STATE/.todo"; then whole=0; fi
        [ -f "$STATE/merged-$g.md" ] || whole=0
    done
    if [ $whole -eq 1 ]; then
        {
            echo "## riichi, mode shanten, sizes 1-14 in all"
            echo
            for g in ${RIICHI_GROUPS:-r1 r10 r11 r13 r14}; do cat "$STATE/merged-$g.md"; done | awk -F'|' '
                function num(x) { gsub(/ /, "", x); return x + 0 }
                $2 ~ /^ \(enumeration\) / { hands += num($4) }
                $2 ~ /^ sh-table / { sh += num($5) }
                $2 ~ /^ is_win:table / { win += num($5) }
                END { printf "Every riichi hand of 1 to 14 tiles over 34 kinds: %.0f hands; sh-table %d mismatches, is_win:table %d.\n", hands, sh, win }'
            awk -F'\t' '$1 ~ /^r[0-9]/ { s += $2; n++ }
                END { if (n) printf "Wall time: %d s (%.1f h) in %d pieces on the 2-core VM above (2 threads, nice %s; most pieces shared the machine with other work, so this is an upper bound).\n\n", s, s / 3600, n, "'"$NICE"'" }' "$STATE/times.tsv"
        } >> "$out"
    fi
    if [ -f "$STATE/.todo" ]; then
        printf 'Not run yet: %s.\n' "$(tr '\n' ' ' < "$STATE/.todo" | sed 's/ $//; s/ /, /g')" >> "$out"
        rm -f "$STATE/.todo"
    fi
    echo "shanten: wrote $out" >&2
    ;;
*)
    echo "usage: scripts/shanten.sh plan | run [FIRST [LAST]] | merge" >&2
    exit 2
    ;;
esac
