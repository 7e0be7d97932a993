#!/bin/sh
# ddz verify --positions as a user runs it: the oracle's counts on a small universe, every
# solver judged, the same output for 1 and 2 threads, valid JSON and Markdown, bad flags refused
# with one line, and a signal stopping a run with exit 130. Usage: ddz_verify_cli.sh DDZ
set -u
ddz=$1
. "$(dirname "$0")/ddz_check.sh"
tmp=${TMPDIR:-/tmp}/ddz_verify_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# Each solve costs milliseconds under ASan (the solvers allocate their move stacks per call), so
# the judged universes here are the 1-card ones; the counts come from the 2-card ones (--solver none).

# The full deck's 2-card universe: the oracle's counts (the README's table), by hand sizes too.
"$ddz" verify --positions --max-cards 2 --rules rlcard --solver none --threads 1 --quiet > "$tmp/c.out"
check counts-exit 0 $?
check counts "positions rlcard, full deck (54 cards), 1..2 cards a side: 133 hands; 17240 leading positions (11507 wins for the player to move), 28821 answering positions (13910 wins)" \
  "$(head -1 "$tmp/c.out" | sed 's/; oracle .*//')"
check sizes "    2 x 2: 13533/8255, 0/0" "$(grep '^    2 x 2:' "$tmp/c.out")"
check none 0 "$(grep -c '^  solver' "$tmp/c.out")"

# Every solver judged (the default) on the reduced deck's 1-card universe, reports written.
"$ddz" verify --positions --max-cards 1 --deck small --threads 1 --quiet --json "$tmp/a.json" --report "$tmp/a.md" \
  > "$tmp/a.out" 2> "$tmp/a.err"
check exit-agree 0 $?
check solvers 6 "$(grep -c '^  solver .*: 62 positions, 0 mismatches' "$tmp/a.out")"
check verdict "verdict: every unflagged solver agrees with the oracle" "$(tail -1 "$tmp/a.out")"
check quiet "" "$(cat "$tmp/a.err")"
if command -v python3 > /dev/null; then
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["complete"] and not d["unflagged_failures"]; assert [r["rules"] for r in d["runs"]]==["rlcard","douzero"]; assert d["runs"][0]["leading"]=={"positions":62,"wins":62}; assert len(d["runs"][1]["solvers"])==3' "$tmp/a.json"
  check json-valid 0 $?
fi
check md-table "| all | | 62 | 62 | 0 | 0 |" "$(grep -m1 '^| all |' "$tmp/a.md")"
check md-seed "| seed004 | yes | 62 | 0 | 0 | 0 | 0 |" "$(grep -m1 '^| seed004 |' "$tmp/a.md" | sed 's/ [0-9.]* | agrees |$//')"

# Counts and verdicts do not depend on the thread count (timings aside).
strip() { sed -e 's/[0-9.]* us a position//' -e 's/; oracle .*//' "$1"; }
"$ddz" verify --positions --max-cards 2 --deck small --solver none --threads 2 --quiet > "$tmp/t2.out"
"$ddz" verify --positions --max-cards 2 --deck small --solver none --threads 1 --quiet > "$tmp/t1.out"
check threads "$(strip "$tmp/t1.out")" "$(strip "$tmp/t2.out")"
check small-deck 1 "$(grep -c '^positions douzero, small deck (ranks 3..8 and both jokers, 26 cards), 1..2 cards a side: 42 hands' "$tmp/t1.out")"
"$ddz" verify --positions --max-cards 1 --threads 2 --quiet > "$tmp/j2.out"
"$ddz" verify --positions --max-cards 1 --threads 1 --quiet > "$tmp/j1.out"
check threads-judged "$(strip "$tmp/j1.out")" "$(strip "$tmp/j2.out")"

# --max-total T keeps the positions with at most T cards in the two hands: the rows above T vanish,
# the others stay as they were; T = 2N is the whole universe.
"$ddz" verify --positions --max-cards 2 --max-total 3 --rules rlcard --solver none --quiet > "$tmp/m.out"
check total-head 1 "$(grep -c '^positions rlcard, full deck (54 cards), 1..2 cards a side, at most 3 in the two hands: 133 hands; 3707 leading positions' "$tmp/m.out")"
check total-rows "$(grep -E '^    (1 x 1|1 x 2|2 x 1):' "$tmp/c.out")" "$(grep '^    ' "$tmp/m.out")"
check total-all "$(sed 's/; oracle .*//' "$tmp/c.out" | head -1)" \
  "$("$ddz" verify --positions --max-cards 2 --max-total 4 --rules rlcard --solver none --quiet | sed 's/; oracle .*//' | head -1)"

# A list of names judges those only, in registry order of the list.
check list "  solver naive: 223 positions
  solver seed004 (flagged): 223 positions" \
  "$("$ddz" verify --positions --max-cards 1 --rules rlcard --solver naive,seed004 --quiet | grep '^  solver' | sed 's/, 0 mism.*//')"

# Bad flags: one line naming the flag and the value, then the usage line; exit 2; no report left behind.
bad() { # name, expected first line, flags...
  name=$1 want=$2
  shift 2
  "$ddz" verify --positions "$@" > /dev/null 2> "$tmp/err"
  rc=$?
  check "$name-exit" 2 $rc
  check "$name-msg" "$want" "$(head -1 "$tmp/err")"
  check "$name-lines" 2 "$(wc -l < "$tmp/err" | tr -d ' ')"
}
bad cards "ddz verify: --max-cards: --positions takes 1..8 cards a side, not '9'" --max-cards 9
bad cards0 "ddz verify: --max-cards: --positions takes 1..8 cards a side, not 'x'" --max-cards x
bad table "ddz verify: --max-cards 7: the oracle's table for the full deck would take 19.2 GB (at most 4): take fewer cards a side" --max-cards 7
bad deck "ddz verify: --deck wants full (54 cards) or small (ranks 3..8 and both jokers), not 'tiny'" --deck tiny
bad solver "ddz verify: --solver wants all, none or names from fast, naive, seed004 (commas between), not 'fast,slow'" --solver fast,slow
bad twice "ddz verify: --solver names a solver twice: 'fast,fast'" --solver fast,fast
bad threads "ddz verify: --threads wants 0..1024 (0 = all cores), not '-1'" --threads -1
bad memory "ddz verify: --memory wants a size 64K..64G (bytes or K, M, G), not '1T'" --memory 1T
bad flag "ddz verify: --positions: unknown flag '--sizes'" --sizes 3
bad total "ddz verify: --max-total: cards in the two hands, 2..16, not '1'" --max-total 1
bad value "ddz verify: --json wants a value" --json
bad same "ddz verify: --json and --report name the same file 'x'" --json x --report x
"$ddz" verify --positions --rules nope > /dev/null 2> "$tmp/err"
check rules-exit 2 $?
check rules-msg 1 "$(grep -c "^ddz verify: --rules 'nope': " "$tmp/err")"
"$ddz" verify --positions --moves > /dev/null 2> "$tmp/err"
check both-exit 2 $?
"$ddz" verify --positions --max-cards 1 --json "$tmp/no/such/dir.json" > /dev/null 2> "$tmp/err"
check unwritable-exit 1 $?
check unwritable-msg "ddz verify: --json '$tmp/no/such/dir.json': cannot be written: its folder does not exist" "$(cat "$tmp/err")"

# A signal stops a run within a second with exit 130, a clear line, and no report left behind:
# once while the oracle's table is built (the 5-card universe's: 18 s on a 2-core AMD EPYC VM of
# 2026, so a signal at 0.5 s lands in it on any machine; the 4-card one's 0.9 s was too close),
# once while judging (the 3-card universe: its table is built in 0.03 s, its judging lasts 6.5 s
# there, and the signal comes at 1.5 s).
interrupt() { # name, signal, seconds to wait, expected line, flags...
  name=$1 sig=$2 wait=$3 want=$4
  shift 4
  "$ddz" verify --positions --threads 1 --json "$tmp/int.json" --report "$tmp/int.md" "$@" > /dev/null 2> "$tmp/int.err" &
  pid=$!
  sleep "$wait"
  start=$(date +%s)
  kill -"$sig" $pid
  wait $pid
  rc=$?
  end=$(date +%s)
  check "$name-exit" 130 $rc
  check "$name-fast" 1 "$([ $((end - start)) -le 2 ] && echo 1 || echo 0)"
  check "$name-msg" 1 "$(grep -c "^$want\$" "$tmp/int.err")"
  check "$name-nofile" "" "$(ls "$tmp" | grep '^int\.' | grep -v '^int\.err$')"
}
interrupt int-build INT 0.5 "ddz verify: interrupted while the oracle's table was built; the run is incomplete and no report was written" \
  --max-cards 5 --rules rlcard
interrupt int-judge TERM 1.5 "ddz verify: interrupted by SIGTERM; the run is incomplete and no report was written" \
  --max-cards 3 --rules rlcard

finish ddz_verify_cli
