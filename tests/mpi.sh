#!/bin/sh
# mjverify-mpi gives the single-process verify's summary, byte for byte once timing fields are
# set aside, on 1, 2 and 3 ranks; a killed MPI job resumes from rank 0's checkpoint on another
# number of ranks to the same totals; a dead rank stops the job with a message naming it.
# usage: mpi.sh MJVERIFY MJVERIFY_MPI [MPIRUN]   (ctest label `mpi`)
set -u
MJ=$1
MPI=$2
MPIRUN=${3:-mpirun}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
say() { echo "mpi.sh: $*"; }
bad() { echo "mpi.sh: FAIL: $*"; fail=1; }

# The summary without what depends on the clock or the thread count: "seconds", the ns per
# hand, "threads", and the hex "state" (it holds the seconds too; its counts are all above).
strip() {
    sed -E 's/"(seconds|ns_per_hand|thread_ns_per_hand)": ?[0-9.]+/"\1":T/g; s/"threads": [0-9]+/"threads": T/;
            s/"state": "[0-9a-f]*"/"state": S/' "$1"
}

run_mpi() { # ranks, then verify flags
    n=$1
    shift
    "$MPIRUN" --oversubscribe -n "$n" "$MPI" verify "$@" < /dev/null # mpirun reads stdin otherwise
}

same() { # what, single.json, mpi.json
    if [ ! -s "$3" ]; then bad "$1: no summary written"; return; fi
    strip "$2" | grep -v "${4:-^$}" > "$T/a"
    strip "$3" | grep -v "${4:-^$}" > "$T/b"
    if cmp -s "$T/a" "$T/b"; then say "$1: identical to the single-process summary"
    else bad "$1: differs from the single-process summary"; diff "$T/a" "$T/b" | head -5; fi
}

# name | flags. A flagged (deliberately wrong) algorithm, waits mode, and a shard.
cases='
broken|--rules basic --sizes 1-7 --algo all --keep 16
waits|--rules sichuan --mode waits --sizes 1-6 --algo all
riichi-shard|--rules riichi --tiles 34 --sizes 1-6 --algo table,backtrack --shard 1/3
shanten|--rules sanma --tiles 34 --mode shanten --sizes 1-5 --algo sh-table,sh-blocks,is_win:table --keep 16
effective|--rules basic --tiles 9 --mode effective --sizes 1-8 --algo sh-table,sh-blocks
'
echo "$cases" | while IFS='|' read -r name flags; do
    [ -n "$name" ] || continue
    # shellcheck disable=SC2086
    "$MJ" verify $flags --threads 2 --json "$T/$name-single.json" --report-dir "$T" > /dev/null 2> "$T/err" ||
        { bad "$name: single-process run failed"; cat "$T/err"; }
    grep -q '"mismatches":[1-9]' "$T/$name-single.json" && say "$name: the single run has mismatches to reproduce"
    for n in 1 2 3; do
        # small chunks on 2 and 3 ranks: many chunks, results arriving out of order
        if [ "$n" -eq 1 ]; then cs=0.5; th=2; else cs=0.01; th=1; fi
        # shellcheck disable=SC2086
        MJVERIFY_MPI_CHUNK_SECONDS=$cs run_mpi "$n" $flags --threads "$th" --json "$T/$name-$n.json" --report-dir "$T" \
            > /dev/null 2> "$T/$name-$n.err"
        rc=$?
        [ "$rc" -eq 0 ] || { bad "$name on $n ranks: exit $rc"; tail -3 "$T/$name-$n.err"; }
        same "$name on $n ranks" "$T/$name-single.json" "$T/$name-$n.json"
    done
    grep -q 'share r0' "$T/$name-3.err" || bad "$name: no whole-job progress line on rank 0"
    [ "$(grep -c 'verify\[mpi' "$T/$name-3.err")" -ge 1 ] || bad "$name: no coordination figures"
done > "$T/log" 2>&1
cat "$T/log"
grep -q FAIL "$T/log" && fail=1

# ---- shards of MPI jobs merge into the single-process summary ----
flags="--rules basic --sizes 1-7 --algo all --keep 16"
"$MJ" verify $flags --threads 2 --json "$T/m-single.json" --report-dir "$T" > /dev/null 2>&1
for i in 0 1; do
    # shellcheck disable=SC2086
    MJVERIFY_MPI_CHUNK_SECONDS=0.01 run_mpi 2 $flags --threads 1 --shard $i/2 --json "$T/m$i.json" --report-dir "$T" \
        > /dev/null 2>&1 || bad "merge: shard $i/2 on 2 ranks failed"
done
"$MJ" merge --json "$T/m.json" --report-dir "$T" "$T/m0.json" "$T/m1.json" > /dev/null 2>&1 || bad "merge failed"
same "shards 0/2 and 1/2 on 2 ranks each, merged" "$T/m-single.json" "$T/m.json"

# ---- kill the whole job, resume on another number of ranks ----
# Long enough to be killed midway (the kill comes 0.3 s after the first checkpoint): every
# algorithm on the 34-kind riichi hands of sizes 1-8 (5 s on 2 ranks of a 2-core Intel VM of
# 2026, 2 s on an AMD EPYC one). Where the job ends before the kill, the same attempt is made on
# sizes 1-9, then 1-10; no run time is guessed from another run, as a loaded machine times them
# apart. The single-process reference is the chosen size's.
ck=$T/k.ckpt
for top in 8 9 10; do
    flags="--tiles 34 --rules riichi --sizes 1-$top --algo all --keep 5"
    rm -f "$ck" "$T/k.json"
    # shellcheck disable=SC2086
    MJVERIFY_MPI_CHUNK_SECONDS=0.05 "$MPIRUN" --oversubscribe -n 2 "$MPI" verify $flags --threads 1 --checkpoint "$ck" \
        --checkpoint-every 1 --json "$T/k.json" --report-dir "$T" < /dev/null > /dev/null 2> "$T/k1.err" &
    pid=$!
    i=0
    while [ ! -f "$ck" ] && [ $i -lt 300 ] && kill -0 $pid 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
    sleep 0.3
    kill -TERM $pid 2>/dev/null
    wait $pid
    rc=$?
    [ -f "$T/k.json" ] || break
    say "kill: sizes 1-$top ended before the kill"
done
say "kill: sizes 1-$top"
# shellcheck disable=SC2086
"$MJ" verify $flags --threads 2 --json "$T/k-single.json" --report-dir "$T" > /dev/null 2>&1 || bad "kill: single run failed"
if [ -f "$T/k.json" ]; then bad "kill: the run ended before it was killed (make it longer)"
elif [ ! -f "$ck" ]; then bad "kill: no checkpoint left after the kill (exit $rc)"; tail -5 "$T/k1.err"
else
    say "kill: job killed (exit $rc), checkpoint kept"
    # shellcheck disable=SC2086
    MJVERIFY_MPI_CHUNK_SECONDS=0.05 run_mpi 3 $flags --threads 1 --checkpoint "$ck" --json "$T/k.json" --report-dir "$T" \
        > /dev/null 2> "$T/k2.err" || bad "kill: the resumed run failed"
    grep -q 'resuming from' "$T/k2.err" && say "kill: $(grep -o 'resuming from.*' "$T/k2.err")" ||
        bad "kill: the second run did not resume"
    grep -q '^pass 1/\|(pass 1,' "$T/k2.err" && bad "kill: resumed at the very start: nothing was kept"
    same "kill on 2 ranks, resume on 3" "$T/k-single.json" "$T/k.json"
fi

# ---- a rank dies: the job stops, the message names the rank, the checkpoint still resumes ----
rm -f "$ck" "$T/d.json"
# shellcheck disable=SC2086
MJ_MPI_TEST_TAG=$T MJVERIFY_MPI_CHUNK_SECONDS=0.05 "$MPIRUN" --oversubscribe -n 3 "$MPI" verify $flags --threads 1 --checkpoint "$ck" \
    --checkpoint-every 1 --json "$T/d.json" --report-dir "$T" < /dev/null > /dev/null 2> "$T/d.err" &
pid=$!
i=0
while [ ! -f "$ck" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
victim=""
for f in /proc/[0-9]*/environ; do
    grep -qzx "OMPI_COMM_WORLD_RANK=1" "$f" 2>/dev/null && grep -qzx "MJ_MPI_TEST_TAG=$T" "$f" 2>/dev/null &&
        victim=$(basename "$(dirname "$f")")
done
if [ -z "$victim" ]; then bad "dead rank: could not find rank 1"; kill -TERM $pid 2>/dev/null; wait $pid
else
    kill -KILL "$victim"
    wait $pid
    rc=$?
    if [ "$rc" -eq 0 ]; then bad "dead rank: the job exited 0"
    elif grep -qi 'rank 1' "$T/d.err"; then say "dead rank: job stopped (exit $rc): $(grep -i 'rank 1' "$T/d.err" | head -1)"
    else bad "dead rank: no message names rank 1"; cat "$T/d.err"; fi
    # shellcheck disable=SC2086
    "$MJ" verify $flags --threads 2 --checkpoint "$ck" --json "$T/d.json" --report-dir "$T" > /dev/null 2> "$T/d2.err" ||
        bad "dead rank: the checkpoint did not resume"
    grep -q 'resuming from' "$T/d2.err" || bad "dead rank: the checkpoint was not used"
    same "dead rank, resumed single-process" "$T/k-single.json" "$T/d.json"
fi
[ $fail -eq 0 ] && say "all passed"
exit $fail
