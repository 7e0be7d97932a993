#!/bin/sh
# ddz batch (and ddz solve -) as a user runs it: one output line per position in input order
# (comments and blank lines skipped, a # rules: line obeyed), a bad line reported in its place
# while the batch goes on (exit 1 at the end), the same answers for any thread count, JSON lines
# that parse, # expect: checked, bad flags refused. Usage: ddz_batch_cli.sh DDZ
set -u
ddz=$1
. "$(dirname "$0")/ddz_check.sh"
tmp=${TMPDIR:-/tmp}/ddz_batch_cli.$$
mkdir -p "$tmp"
cat >"$tmp/set.txt" <<'SET'
# argued positions (tests/ddz_solve_cli.sh, check_ddz_solver.c)
32JJ 7TTD

6666A KK single:2
33 B
   6789TJ 89TJQ straight:34567
# rules: douzero
34 A2
SET

# TSV: line number, hands, last, rules, outcome, winning moves, first moves (nodes and seconds cut).
out=$("$ddz" batch "$tmp/set.txt" --threads 2 2>"$tmp/err"); rc=$?
check tsv "2	3JJ2	7TTD	pass	rlcard	win	single:2	4
4	6666A	KK	single:2	rlcard	win	bomb:6666	2
5	error	ENEMY hand 'B': byte 0: 'B' is no card (cards: 3456789TJQKA2XD)
6	6789TJ	89TJQ	straight:34567	rlcard	loss	-	3
8	34	A2	pass	douzero	loss	-	2" "$(echo "$out" | cut -f1-8)"
check tsv-rc "1" "$rc"
check summary "ddz batch: 4 positions (2 wins, 2 losses, 0 timeouts), 1 bad lines, 2 threads" \
  "$(sed 's/, [0-9.]* s, .*//' "$tmp/err")"
# The same answers on one thread and on four, and through ddz solve - on standard input.
one=$("$ddz" batch "$tmp/set.txt" --threads 1 2>/dev/null | cut -f1-8)
four=$("$ddz" solve - --threads 4 <"$tmp/set.txt" 2>/dev/null | cut -f1-8)
check threads "$(echo "$out" | cut -f1-8)" "$one"
check stdin "$one" "$four"
# JSON lines: one object a line, each parses; the bad line as {"line":N,"error":...}; --line adds
# the line of play.
"$ddz" batch "$tmp/set.txt" --json --line >"$tmp/j.txt" 2>/dev/null
check json-lines "5" "$(wc -l <"$tmp/j.txt" | tr -d ' ')"
check json-parse "ok" "$(python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert [r["line"] for r in rows] == [2, 4, 5, 6, 8], rows
assert rows[2]["error"].startswith("ENEMY hand"), rows[2]
assert rows[0]["outcome"] == "win" and rows[0]["winning_moves"] == ["single:2"]
assert rows[1]["line_of_play"][0] == {"player": "me", "move": "bomb:6666"} and rows[1]["line_plies"] == 3
assert rows[4]["rules"] == "douzero" and rows[4]["outcome"] == "loss"
print("ok")' "$tmp/j.txt" 2>&1)"
# A line the set expects otherwise: reported on stderr, exit 1; every position still answered.
printf '# expect: win\n34 A2\n32JJ 7TTD\n' | "$ddz" batch - >"$tmp/o" 2>"$tmp/err"; rc=$?
check expect "1 2" "$rc $(wc -l <"$tmp/o" | tr -d ' ')"
check expect-msg "ddz batch: line 2: the solver says loss, the set expects win" "$(head -1 "$tmp/err")"
# Good lines only: exit 0; nothing but comments: no output, exit 0.
printf '32JJ 7TTD\n' | "$ddz" batch - >/dev/null 2>&1
check good-rc "0" "$?"
check empty "0 " "$(printf '# nothing\n\n' | "$ddz" batch - 2>/dev/null; echo "$? ")"
# Bad flags and files: one line, exit 2.
bad() { # name, stderr-substring, args...
  name=$1 sub=$2; shift 2
  "$ddz" "$@" </dev/null >/dev/null 2>"$tmp/err"; rc=$?
  if [ "$rc" = 2 ] && head -1 "$tmp/err" | grep -q -- "$sub"; then passed=$((passed + 1)); else
    failed=$((failed + 1)); printf 'FAIL %s: rc %s: %s\n' "$name" "$rc" "$(cat "$tmp/err")"; fi
}
bad nofile "FILE (or - for standard input) expected" batch
bad missing "cannot read" batch "$tmp/none.txt"
bad flag "unknown flag '--nope'" batch - --nope
bad threads "--threads" batch - --threads x
bad tlimit "--time-limit" batch - --time-limit 0
bad memory "--memory" batch - --memory 12Q

rm -rf "$tmp"
finish ddz_batch_cli
