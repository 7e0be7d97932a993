#!/bin/sh
# The steps of `make verify` and `make verify-all`: each an exhaustive `mjverify verify` run with its
# own checkpoint, so an interrupted target resumes; a table of every step's results at the end.
#
# usage: verify.sh MJVERIFY REPORT_DIR STATE_DIR verify|verify-all
# exit:  0 every unflagged algorithm agreed on every hand; 1 one disagreed (or a step failed);
#        130 interrupted (rerun the same target to resume).
set -u
MJ=$1
REPORTS=$2
STATE=$3
WHICH=$4
THREADS=${MJ_VERIFY_THREADS:-0}
mkdir -p "$REPORTS" "$STATE" || exit 1

# One step per line: name, rules, tiles, sizes, mode, algorithms, what it covers.
# `make verify` must finish in 20 minutes on 2 cores: every algorithm on every hand of 1-14 tiles
# over 27 kinds under sichuan (the truth on all of them), the std-only flagged ports under
# `basic`, the mediatek port on one suit, and waits up to 9 tiles.
# verify-all adds what takes hours to days (see oracle/README.md for measured rates).
steps_verify='
sichuan-1-13|sichuan|27|1-13|win|all|every algorithm that supports sichuan, every hand of 1-13 tiles
sichuan-14|sichuan|27|14|win|all|every algorithm that supports sichuan, every hand of 14 tiles
basic-1-8|basic|27|1-8|win|all|every std algorithm incl. the flagged seed 001 ports, every hand of 1-8 tiles
mediatek-suit-14-18|mediatek|9|14-18|win|all|mediatek rules (kongs) incl. the mediatek port, every one-suit hand of 14-18 tiles
sichuan-waits-1-9|sichuan|27|1-9|waits|all|waits of every hand of 1-9 tiles, every algorithm
'
steps_all='
basic-9-14|basic|27|9-14|win|all|every std algorithm incl. flagged ports, every hand of 9-14 tiles
riichi34-1-14|riichi|34|1-14|win|all|34 kinds (riichi: std, 7p, 13o), every hand of 1-14 tiles
mediatek-14-18|mediatek|27|14-18|win|all|mediatek rules with kongs, every hand of 14-18 tiles
sichuan-waits-10-13|sichuan|27|10-13|waits|all|waits of every hand of 10-13 tiles (27 kinds)
riichi34-waits-13|riichi|34|13|waits|all|waits of every 13-tile hand (34 kinds)
'
steps=$steps_verify
[ "$WHICH" = verify-all ] && steps="$steps_verify$steps_all"

tables=$STATE/tables.txt
: > "$tables"
rm -f "$STATE/failed"
# Ctrl-C reaches mjverify too, which saves its checkpoint and exits 130; a trap with a
# handler (unlike the default action) lets this shell wait for it, then print and stop.
interrupted=0
trap 'interrupted=1' INT TERM
start=$(date +%s)
while IFS='|' read -r name rules tiles sizes mode algo what; do
    [ -n "$name" ] || continue
    json=$REPORTS/verify-$name.json
    out=$STATE/$name.out
    # a finished step is reused while mjverify is unchanged (its summary is newer and complete)
    if [ -f "$json" ] && [ "$json" -nt "$MJ" ] && grep -q '"complete": true' "$json" && [ -f "$out" ]; then
        echo "verify: step $name already done (remove $json to redo it)" >&2
        rc=$(grep -q '"unflagged_failures": true' "$json" && echo 1 || echo 0)
    else
        echo "verify: step $name: $what" >&2
        "$MJ" verify --rules "$rules" --tiles "$tiles" --sizes "$sizes" --mode "$mode" --algo "$algo" \
            --threads "$THREADS" --json "$json" --report "${json%.json}.md" --checkpoint "$STATE/$name.ckpt" > "$out"
        rc=$?
    fi
    if [ "$rc" -eq 130 ] || [ "$interrupted" -eq 1 ]; then
        echo "verify: interrupted during step $name; run the same target again to resume" >&2
        interrupted=1
        break
    fi
    {
        echo "== $name: $what (rules $rules, $tiles kinds, sizes $sizes, $mode) -> $json"
        cat "$out"
        echo
    } >> "$tables"
    [ "$rc" -ne 0 ] && echo "$rc" > "$STATE/failed"
done <<STEPS
$steps
STEPS
end=$(date +%s)
echo
echo "==================== exhaustive verification: results ===================="
cat "$tables"
echo "total wall time: $((end - start)) s"
[ "$interrupted" -eq 1 ] && exit 130
if [ -f "$STATE/failed" ]; then
    rm -f "$STATE/failed"
    echo "verify: FAIL: an unflagged algorithm disagrees with the truth (see the tables above)"
    exit 1
fi
echo "verify: every unflagged algorithm agrees with the truth on every hand it was given"
exit 0
