#!/bin/sh
# ddz deal and ddz bench as a user meets them: the deal pinned to its documented shuffle and
# deterministic, the CSV's shape and verdicts on a tiny set under tiny caps (a timeout, a budget
# that skips, a wrong expectation caught), bad set lines refused with FILE:LINE, and the speed
# goals read back from a CSV by bench/ddz-targets.sh. Usage: ddz_bench_cli.sh DDZ SOURCE_DIR
set -u
ddz=$1
src=$2
. "$(dirname "$0")/ddz_check.sh"
tmp=${TMPDIR:-/tmp}/ddz_bench_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# --- ddz deal: the documented shuffle (splitmix64 mj_rng {SEED}, Fisher-Yates from place 0), pinned
check deal-golden "48999TTQKKA2X 344556688JJA2" "$("$ddz" deal 1 13 13)"
check deal-again "$("$ddz" deal 7 17 17)" "$("$ddz" deal 7 17 17)"
out=$("$ddz" deal 3 20 17)
check deal-sizes "20 17" "$(echo "$out" | awk '{ print length($1), length($2) }' | sed 's/ 1[0-9]*$/ 17/; s/^2[0-9]/20/')"
# the two hands fit one deck: ddz solve accepts them (a 1-node position is not needed: just the parse)
"$ddz" moves "$(echo "$out" | cut -d' ' -f1)" >/dev/null 2>&1; check deal-me-parses 0 $?
check deal-differs 1 "$([ "$("$ddz" deal 1 13 13)" != "$("$ddz" deal 2 13 13)" ] && echo 1)"
"$ddz" deal 1 21 3 >/dev/null 2>"$tmp/err"; check deal-bad-size "2 1" "$? $(wc -l <"$tmp/err" | awk '{ print $1 - 1 }')"
"$ddz" deal x 1 3 >/dev/null 2>&1; check deal-bad-seed 2 $?
"$ddz" deal 1 3 >/dev/null 2>&1; check deal-missing 2 $?

# --- ddz bench on a tiny set: three positions argued in check_ddz_solver.c / ddz_solve_cli.sh
cat >"$tmp/tiny.txt" <<'EOF'
# tiny: the seed's spirit (a win), the bomb that saves (a win), the longer straight (a loss)
# expect: win
32JJ 7TTD
6666A KK single:2
# expect: loss
6789TJ 89TJQ straight:34567
EOF
"$ddz" bench "$tmp/tiny.txt" --solver all --threads 1,2 --time-limit 5 --memory 1M --csv "$tmp/t.csv" \
  --summary "$tmp/s.csv" 2>"$tmp/log"
check bench-exit 0 $?
# fast on 1 and 2 threads, naive and seed004 once each: 4 rows a position, 22 fields a row
check csv-rows 13 "$(wc -l <"$tmp/t.csv" | tr -d ' ')"
check csv-fields 22 "$(awk -F, '{ print NF }' "$tmp/t.csv" | sort -u)"
check csv-header "set,position,line,me,enemy,last,rules,solver,flawed,threads,time_limit_s,outcome,seconds,nodes,tt_hits,tt_stores,tt_evictions,tt_bytes,expected,agree,cpu_seconds,max_thread_nodes" \
  "$(head -1 "$tmp/t.csv")"
check csv-outcomes "win win win win win win win win loss loss loss win" \
  "$(awk -F, 'NR > 1 { printf "%s%s", (NR > 2) ? " " : "", $12 }' "$tmp/t.csv")"
check csv-solvers "fast/1 fast/2 naive/1 seed004/1" \
  "$(awk -F, 'NR > 1 && NR <= 5 { printf "%s%s/%s", (NR > 2) ? " " : "", $8, $10 }' "$tmp/t.csv")"
# the flagged port's wrong win on the longer straight is marked, and does not fail the run
check csv-seed-wrong "seed004,yes,win,loss,no" "$(awk -F, 'NR == 13 { print $8 "," $9 "," $12 "," $19 "," $20 }' "$tmp/t.csv")"
check csv-agree "yes" "$(awk -F, 'NR > 1 && $9 == "no" { print $20 }' "$tmp/t.csv" | sort -u)"
check summary-rows 5 "$(wc -l <"$tmp/s.csv" | tr -d ' ')"
check summary-fast "tiny,fast,no,1,3,3,1.0000" "$(awk -F, '$2 == "fast" && $4 == 1 { print $1 "," $2 "," $3 "," $4 "," $6 "," $8 "," $9 }' "$tmp/s.csv")"

# a wrong expectation is an ERROR: exit 1, agree=no
printf '# expect: loss\n32JJ 7TTD\n' >"$tmp/wrong.txt"
"$ddz" bench "$tmp/wrong.txt" --memory 1M --csv "$tmp/w.csv" 2>"$tmp/log"
check wrong-exit 1 $?
check wrong-agree "no" "$(awk -F, 'NR == 2 { print $20 }' "$tmp/w.csv")"
grep -q 'ERROR' "$tmp/log"; check wrong-said 0 $?

# a cap too small to decide: timeout, reported as such; a budget spent: the rest skipped
# (17-vs-17 deals 2 and 4, undecided after a minute; a cap of 1 us stops the search at its
# first clock check, whatever the solver's speed)
printf '%s\n%s\n' "$("$ddz" deal 2 17 17)" "$("$ddz" deal 4 17 17)" >"$tmp/hard.txt"
"$ddz" bench "$tmp/hard.txt" --time-limit 0.000001 --memory 1M --csv "$tmp/h.csv" 2>/dev/null
check timeout-rows "timeout timeout" "$(awk -F, 'NR > 1 { printf "%s%s", (NR > 2) ? " " : "", $12 }' "$tmp/h.csv")"
# the budget: 40 copies of those deals, each stopped at its 1 us cap (about 1,000 nodes, a
# millisecond or more), 3 ms in all: the first runs (a timeout), the last is skipped
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do cat "$tmp/hard.txt"; done >"$tmp/many.txt"
"$ddz" bench "$tmp/many.txt" --time-limit 0.000001 --budget 0.003 --memory 1M --csv "$tmp/b.csv" 2>/dev/null
check budget-rows "timeout skipped" "$(awk -F, 'NR == 2 { first = $12 } END { print first " " $12 }' "$tmp/b.csv")"

# --- bad set lines: one line FILE:LINE: reason, exit 2, nothing timed
bad() { # name, file text, expected stderr prefix
  printf '%b' "$2" >"$tmp/bad.txt"
  "$ddz" bench "$tmp/bad.txt" --memory 1M >"$tmp/out" 2>"$tmp/err"
  rc=$?
  check "$1" "2 1 $3 0" "$rc $(wc -l <"$tmp/err" | tr -d ' ') $(sed "s|$tmp/||" "$tmp/err" | cut -c1-${#3}) $(wc -c <"$tmp/out" | tr -d ' ')"
}
bad bad-card '# a comment\n34B5 66\n' "bad.txt:2: ME hand '34B5': byte 2"
bad one-field '\n\n33\n' 'bad.txt:3: ME ENEMY [LAST] expected, got one field'
bad four-fields '33 44 pass 55\n' 'bad.txt:1: ME ENEMY [LAST] expected, got more than three fields'
bad overlap '3333 3\n' 'bad.txt:1: ME and ENEMY do not fit one deck'
bad bad-last '33 44 pair:56\n' "bad.txt:1: LAST 'pair:56'"
bad last-overlap '333 44 pair:33\n' 'bad.txt:1: the hands and LAST do not fit one deck'
bad bad-rules '# rules: rlcard,no-bogus\n33 44\n' "bad.txt:1: rules 'rlcard,no-bogus'"
bad bad-expect '# expect: draw\n33 44\n' "bad.txt:1: expect 'draw'"
bad empty '# nothing here\n\n' 'bad.txt:2: no positions in the set'
"$ddz" bench "$tmp/none.txt" >/dev/null 2>"$tmp/err"; check missing-file "2 1" "$? $(wc -l <"$tmp/err" | tr -d ' ')"
"$ddz" bench "$tmp/tiny.txt" --solver bogus >/dev/null 2>&1; check bad-solver 2 $?
"$ddz" bench "$tmp/tiny.txt" --threads 0 >/dev/null 2>&1; check bad-threads 2 $?
"$ddz" bench "$tmp/tiny.txt" --time-limit 0 >/dev/null 2>&1; check bad-limit 2 $?
"$ddz" bench "$tmp/tiny.txt" --time-limit 5,nosuch=1 >/dev/null 2>&1; check bad-limit-name 2 $?
"$ddz" bench >/dev/null 2>&1; check no-set 2 $?

# --- the committed sets all parse (a cap of 1 ms, one tiny budget: nothing much is solved)
"$ddz" bench "$src"/ddz/bench/*.txt --time-limit 0.001 --budget 0.001 --memory 1M >/dev/null 2>"$tmp/err"
check sets-parse 0 $?

# --- the speed goals read back from a CSV (bench/ddz-targets.sh)
mkdir -p "$tmp/data"
{
  head -1 "$tmp/t.csv"
  i=1
  while [ $i -le 20 ]; do
    echo "deal-13v13,$i,$i,3,4,pass,rlcard,fast,no,2,10,win,0.0$((i % 4)),10,0,0,0,0,-,-"
    i=$((i + 1))
  done
  echo "published,1,3,3,4,pass,rlcard,fast,no,2,10,loss,0.010,10,0,0,0,0,loss,yes"
  echo "published,2,4,3,4,pass,rlcard,fast,no,2,10,win,0.020,10,0,0,0,0,win,yes"
} >"$tmp/data/ddz-positions.csv"
out=$(sh "$src/bench/ddz-targets.sh" "$tmp/data")
check goal-13-pass "PASS  every 13-vs-13 deal under 50 ms on 2 threads or 80 ms of CPU on 1 (fast): 20 of 20 within 0.05 s on 2 threads (worst 0.030 s, #3, win); no CPU times on 1 thread" \
  "$(echo "$out" | grep 13-vs-13 | head -n 1)"
check goal-17-skip "SKIP" "$(echo "$out" | grep 17-vs-17 | cut -c1-4)"
check goal-agree "PASS" "$(echo "$out" | grep 'agree' | cut -c1-4)"
sed -i 's/^deal-13v13,7,7,3,4,pass,rlcard,fast,no,2,10,win,0.03/deal-13v13,7,7,3,4,pass,rlcard,fast,no,2,10,timeout,10.0/; s/,0.020,10,0,0,0,0,win,yes/,0.020,10,0,0,0,0,win,no/' "$tmp/data/ddz-positions.csv"
out=$(sh "$src/bench/ddz-targets.sh" "$tmp/data")
check goal-13-fail "FAIL  every 13-vs-13 deal under 50 ms on 2 threads or 80 ms of CPU on 1 (fast): 19 of 20 within 0.05 s on 2 threads (worst 10.000 s, #7, timeout); no CPU times on 1 thread" \
  "$(echo "$out" | grep 13-vs-13 | head -n 1)"
check goal-agree-fail "FAIL" "$(echo "$out" | grep 'agree' | cut -c1-4)"
# the same goal in CPU time (issue 28): every deal within 80 ms of CPU on 1 thread passes it even
# where the 2-thread wall times do not (a loaded machine); one over 80 ms fails it again
i=1
while [ $i -le 20 ]; do
  echo "deal-13v13,$i,$i,3,4,pass,rlcard,fast,no,1,10,win,0.2,10,0,0,0,0,-,-,0.0$((i % 8))"
  i=$((i + 1))
done >>"$tmp/data/ddz-positions.csv"
out=$(sh "$src/bench/ddz-targets.sh" "$tmp/data")
check goal-13-cpu "PASS  every 13-vs-13 deal under 50 ms on 2 threads or 80 ms of CPU on 1 (fast): 19 of 20 within 0.05 s on 2 threads (worst 10.000 s, #7, timeout); 20 of 20 within 0.08 s of CPU on 1 thread (worst 0.070 s, #7, win)" \
  "$(echo "$out" | grep 13-vs-13 | head -n 1)"
sed -i 's/^\(deal-13v13,5,5,.*,\)0.05$/\10.09/' "$tmp/data/ddz-positions.csv"
out=$(sh "$src/bench/ddz-targets.sh" "$tmp/data")
check goal-13-cpu-fail "FAIL" "$(echo "$out" | grep 13-vs-13 | head -n 1 | cut -c1-4)"
# the speedup on 2 cores: total seconds on 1 thread over those on 2, judged only with 2 cores or more
{
  head -1 "$tmp/t.csv"
  echo "hard-random,1,1,3,4,pass,rlcard,fast,no,1,60,loss,4.0,100,0,0,0,0,-,-,4.0"
  echo "hard-random,1,1,3,4,pass,rlcard,fast,no,2,60,loss,2.0,110,0,0,0,0,-,-,4.0"
} >"$tmp/data/ddz-full-positions.csv"
echo "cores,2" >"$tmp/data/ddz-full-machine.csv"
out=$(sh "$src/bench/ddz-targets.sh" "$tmp/data")
check speedup-2 "PASS  at least 1.7x faster on 2 cores than on 1, the hard random set's total time (fast, 2 threads): 2.00x (4.000 s on 1 thread, 2.000 s on 2, 1 positions)" \
  "$(echo "$out" | grep 'faster on 2 cores')"
check speedup-16-skip "SKIP  at least 8x faster on 16 cores than on 1, the hard random set's total time: this machine has 2 cores, fewer than 16" \
  "$(echo "$out" | grep 'faster on 16 cores')"
sed -i 's/,2,60,loss,2.0,/,2,60,loss,3.0,/' "$tmp/data/ddz-full-positions.csv"
out=$(sh "$src/bench/ddz-targets.sh" "$tmp/data")
check speedup-2-fail "FAIL" "$(echo "$out" | grep 'faster on 2 cores' | cut -c1-4)"
# after a run (bench/ddz.sh passes its mode) only that run's CSV is judged: the other one in the
# folder may be from an older tree (here the quick CSV's 13v13 goal fails and the full one's passes)
out=$(sh "$src/bench/ddz-targets.sh" "$tmp/data" full)
check mode-full-skips-quick "SKIP  every 13-vs-13 deal under 50 ms on 2 threads or 80 ms of CPU on 1: measured by make bench-ddz, not this run" \
  "$(echo "$out" | grep 13-vs-13 | head -n 1)"
check mode-full-judges-full "FAIL" "$(echo "$out" | grep 'faster on 2 cores' | cut -c1-4)"
out=$(sh "$src/bench/ddz-targets.sh" "$tmp/data" quick)
check mode-quick "FAIL SKIP" "$(echo "$out" | grep 13-vs-13 | head -n 1 | cut -c1-4) $(echo "$out" | grep 'faster on 2 cores' | cut -c1-4)"
check mode-bad "2" "$(sh "$src/bench/ddz-targets.sh" "$tmp/data" fast >/dev/null 2>&1; echo $?)"
rm -f "$tmp/data/ddz-full-positions.csv" "$tmp/data/ddz-full-machine.csv"

# --- work inflation: the nodes of all threads over those on 1 thread, over the positions decided on
# both; a position decided on 1 thread but not on 2 fails the goal
{
  head -1 "$tmp/t.csv"
  echo "deal-13v13,1,1,3,4,pass,rlcard,fast,no,1,10,win,0.01,100,0,0,0,0,-,-"
  echo "deal-13v13,1,1,3,4,pass,rlcard,fast,no,2,10,win,0.01,110,0,0,0,0,-,-"
  echo "deal-13v13,2,2,3,4,pass,rlcard,fast,no,1,10,loss,0.01,100,0,0,0,0,-,-"
  echo "deal-13v13,2,2,3,4,pass,rlcard,fast,no,2,10,loss,0.01,120,0,0,0,0,-,-"
  echo "hard,1,5,3,4,pass,rlcard,fast,no,1,10,loss,0.01,50,0,0,0,0,-,-"
  echo "hard,1,5,3,4,pass,rlcard,fast,no,2,10,loss,0.01,55,0,0,0,0,-,-"
} >"$tmp/data/ddz-positions.csv"
out=$(sh "$src/bench/ddz-targets.sh" "$tmp/data")
check inflation-pass "PASS  work inflation at most 1.2 on 2 threads, each of 12v12 to 15v15, hard and published (fast, 2 threads): 1.140 in all (285 nodes over 250 on 1 thread, 3 positions); deal-13v13 1.15, hard 1.10" \
  "$(echo "$out" | grep 'inflation at most 1.2 on 2 threads, each of 12v12')"
check inflation-16-skip "SKIP" "$(echo "$out" | grep 'on 16 threads' | cut -c1-4)"
sed -i 's/^deal-13v13,2,2,3,4,pass,rlcard,fast,no,2,10,loss,0.01,120/deal-13v13,2,2,3,4,pass,rlcard,fast,no,2,10,loss,0.01,160/' "$tmp/data/ddz-positions.csv"
out=$(sh "$src/bench/ddz-targets.sh" "$tmp/data")
check inflation-fail "FAIL  work inflation at most 1.2 on 2 threads, each of 12v12 to 15v15, hard and published (fast, 2 threads): 1.300 in all (325 nodes over 250 on 1 thread, 3 positions); deal-13v13 1.35, hard 1.10" \
  "$(echo "$out" | grep 'inflation at most 1.2 on 2 threads, each of 12v12')"
sed -i 's/^hard,1,5,3,4,pass,rlcard,fast,no,2,10,loss,0.01,55/hard,1,5,3,4,pass,rlcard,fast,no,2,10,timeout,10.0,55/' "$tmp/data/ddz-positions.csv"
out=$(sh "$src/bench/ddz-targets.sh" "$tmp/data")
check inflation-undecided "FAIL  work inflation at most 1.2 on 2 threads, each of 12v12 to 15v15, hard and published (fast, 2 threads): 1.350 in all (270 nodes over 200 on 1 thread, 2 positions, 1 undecided on 2 threads); deal-13v13 1.35" \
  "$(echo "$out" | grep 'inflation at most 1.2 on 2 threads, each of 12v12')"
# ddz bench's own table and summary CSV: the total nodes and the inflation (1 thread: 1.000)
check summary-inflation "1.000,3" "$(awk -F, '$2 == "fast" && $4 == 1 { print $22 "," $23 }' "$tmp/s.csv")"
check summary-naive-inflation "-" "$(awk -F, '$2 == "naive" { print $22 }' "$tmp/s.csv")"
# the busiest thread's nodes: all of them on one thread (and for the one-thread solvers), between
# 1 and all of them on 2; its share in the summary (1.000 on one thread)
check csv-busiest-one "yes" "$(awk -F, 'NR > 1 && $10 == 1 { ok = ok && $22 == $14 } NR == 1 { ok = 1 } END { print ok ? "yes" : "no" }' "$tmp/t.csv")"
check csv-busiest-two "yes" "$(awk -F, 'NR > 1 && $10 == 2 { ok = ok && $22 >= 1 && $22 <= $14 } NR == 1 { ok = 1 } END { print ok ? "yes" : "no" }' "$tmp/t.csv")"
check summary-busiest "1.000" "$(awk -F, '$2 == "fast" && $4 == 1 { print $24 }' "$tmp/s.csv")"

finish ddz_bench_cli
