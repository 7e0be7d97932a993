#!/bin/sh
# ddz solve and ddz play as a user meets them: the answer, the line, JSON, the strategy file,
# the interactive game (a legal and an illegal move, end of input), and bad input refused with
# one line and the right exit status. Usage: ddz_solve_cli.sh DDZ
set -u
ddz=$1
. "$(dirname "$0")/ddz_check.sh"
tmp=${TMPDIR:-/tmp}/ddz_solve_cli.$$
mkdir -p "$tmp"

# The seed's spirit: leading a single loses, the 2 first wins (argued in check_ddz_solver.c).
out=$("$ddz" solve 32JJ 7TTD --threads 1)
check outcome "outcome: win for the player to move" "$(echo "$out" | sed -n 2p)"
check winners "winning first moves (1 of 4): single:2" "$(echo "$out" | sed -n 3p)"
check line-starts "line: me single:2," "$(echo "$out" | sed -n 4p | cut -c1-18)"

# The bomb saves; --last; JSON names the winning moves.
json=$("$ddz" solve 6666A KK --last 2 --json --threads 2)
case $json in *'"outcome":"win"'*'"winning_moves":["bomb:6666"]'*) passed=$((passed + 1)) ;;
  *) failed=$((failed + 1)); echo "FAIL json: $json" ;; esac

# A loss, and the seed port's wrong win on a longer straight.
check loss "outcome: loss for the player to move" "$("$ddz" solve 6789TJ 89TJQ --last 34567 | sed -n 2p)"
check seedport "outcome: win for the player to move" \
  "$("$ddz" solve 6789TJ 89TJQ --last 34567 --solver seed004 | sed -n 2p)"

# The strategy file: header, then each node with its position, play and every reply's node.
"$ddz" solve 6666A KK --last 2 --strategy "$tmp/s.txt" >/dev/null 2>&1
check strategy "ddz-strategy 2
rules rlcard
me 6666A
enemy KK
last single:2
node 1 me 6666A enemy KK last single:2
play bomb:6666
reply pass -> 2
node 2 me A enemy KK last pass
play single:A
end 2" "$(cat "$tmp/s.txt")"
"$ddz" solve 34 5 --strategy "$tmp/t.txt" >/dev/null 2>"$tmp/err"
check strategy-loss "1 ddz solve: --strategy: no winning strategy to write (the position is a loss)" \
  "$? $(cat "$tmp/err")"

# Past the checker's bound of nodes (lowered here by DDZ_STRATEGY_MAX_NODES), the file is
# written again from the root: second, with the positions of at most 14 cards left to the
# checker's search (version 3); third, with those and the winning moves that leave the fewest
# answers. This 8-vs-8 win takes 1,864 nodes the first way, 14 the second, 8 the third
# (cmd_solve.c, next_way and winning_move).
s8="378TJKKK 4489TTJ2"
# shellcheck disable=SC2086
DDZ_STRATEGY_MAX_NODES=1000 "$ddz" solve $s8 --threads 1 --strategy "$tmp/b.txt" >/dev/null 2>"$tmp/err"
rc=$?
check bound-again "0 ddz solve: --strategy '$tmp/b.txt': more than 1000 nodes (the checker's bound, lowered by DDZ_STRATEGY_MAX_NODES) after; written again, positions of at most 14 cards left to the checker's search" \
  "$rc $(head -n 1 "$tmp/err" | sed 's/ after [0-9.]* s/ after/')"
case $(tail -n 1 "$tmp/err") in *"'$tmp/b.txt': 14 nodes, "*) passed=$((passed + 1)) ;;
  *) failed=$((failed + 1)); echo "FAIL bound-again written: $(cat "$tmp/err")" ;; esac
check bound-again-version "ddz-strategy 3 12" "$(head -n 1 "$tmp/b.txt") $(grep -c '^search$' "$tmp/b.txt")"
check bound-again-certified "certified: 14 nodes, 13 replies, depth 3; 12 nodes searched by the checker" \
  "$("$ddz" certify "$tmp/b.txt" --me 378TJKKK --enemy 4489TTJ2 2>&1 | sed 's/ (.*//')"
# shellcheck disable=SC2086
DDZ_STRATEGY_MAX_NODES=13 "$ddz" solve $s8 --threads 1 --strategy "$tmp/b3.txt" >/dev/null 2>"$tmp/err"
check bound-third "0 3 certified: 8 nodes" \
  "$? $(wc -l <"$tmp/err") $("$ddz" certify "$tmp/b3.txt" 2>&1 | sed 's/, [0-9]* replies.*//')"
# Over the bound all three ways: exit 1, one line for each way, and nothing left at the path.
# shellcheck disable=SC2086
DDZ_STRATEGY_MAX_NODES=5 "$ddz" solve $s8 --threads 1 --strategy "$tmp/b2.txt" >/dev/null 2>"$tmp/err"
check bound-all "1 3 ddz solve: --strategy '$tmp/b2.txt': not written: more than 5 nodes (the checker's bound, lowered by DDZ_STRATEGY_MAX_NODES) absent" \
  "$? $(wc -l <"$tmp/err") $(tail -n 1 "$tmp/err") $([ -e "$tmp/b2.txt" ] && echo present || echo absent)"
# On standard output, already written, it is not written again.
# shellcheck disable=SC2086
DDZ_STRATEGY_MAX_NODES=1000 "$ddz" solve $s8 --threads 1 --strategy - >/dev/null 2>"$tmp/err"
check bound-stdout "1 ddz solve: --strategy '-': not written: more than 1000 nodes (the checker's bound, lowered by DDZ_STRATEGY_MAX_NODES)" \
  "$? $(cat "$tmp/err")"

# ddz play: tests/ddz_play_cli.sh.

# The line of play (issue 27): the loser defends instead of passing every time (ddz deal 1 13 13:
# the enemy holds 2 and A), the line plays to the end and says how long it is.
out=$("$ddz" solve 48999TTQKKA2X 344556688JJA2 --threads 1)
defence=$(echo "$out" | sed -n 4p | tr ',' '\n' | grep 'enemy' | grep -v pass | tr -d '\n')
# (The line reads the winning moves the solve proved, so the move order changes it: enemy pair:JJ,
# single:5, single:A before the refutation table, fast.c; 15 plies in both.)
check stubborn " enemy pair:JJ enemy single:5 enemy single:2 enemy single:A" "$defence"
case $(echo "$out" | sed -n 4p) in *'(15 plies: the fastest proven win against the longest defence)') passed=$((passed + 1)) ;;
  *) failed=$((failed + 1)); echo "FAIL line length: $out" ;; esac
# The 17-vs-17 deal whose command took 5.4 s: the answer, the line to its end with both hands.
# (Its time, 0.5 s as a command at most, is no test here: sanitizer builds run this file too.)
# The line's lengths read the winning moves the solve proved: 30 plies from pair:QQ before the
# dominated moves were left out of the search (fast.c, "Dominated moves"), 32 from pair:44 since.
json=$("$ddz" solve 34456677889TQQKKK 334456789JJJAA22X --json --threads 1)
case $json in *'"outcome":"loss"'*'"line_exact":true,"line_complete":true,"line_plies":32,'*) passed=$((passed + 1)) ;;
  *) failed=$((failed + 1)); echo "FAIL 17v17: $json" ;; esac
case $json in *'"line":[{"player":"me","move":"pair:44","me":"356677889TQQKKK","enemy":"334456789JJJAA22X"}'*)
  passed=$((passed + 1)) ;; *) failed=$((failed + 1)); echo "FAIL 17v17 hands: $json" ;; esac
# --first: the first winning move found, then the line from it.
out=$("$ddz" solve 48999TTQKKA2X 344556688JJA2 --threads 1 --first)
check first "winning first moves (the first found, 1 of 23; --first left 22 unsearched): triple2:999TT" \
  "$(echo "$out" | sed -n 3p)"
# --time-limit bounds the whole command: a position no solve decides in 5 s ends within 6 s,
# undecided or with what it found. (Issue 27's 17v17 deal 3334578TJJQKAAA22 445666778889JQK2X,
# 37.5 s then under --time-limit 20, is decided in under a second since the refutation table,
# fast.c; this 20v17 deal, hard-random.txt #4, takes 12 M nodes on one thread.)
t0=$(date +%s.%N)
out=$("$ddz" solve 4445566778899TJQKKA2 55677899TTJJQK2XD --threads 1 --time-limit 5 2>&1); rc=$?
t1=$(date +%s.%N)
within=$(echo "$t0 $t1" | awk '{ print ($2 - $1 <= 6.0) ? "yes" : "no " ($2 - $1) " s" }')
check time-limit "0 yes" "$rc $within"
case $out in *'outcome: '*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)); echo "FAIL time-limit out: $out" ;; esac
# --progress forces the progress lines on (stderr), --quiet off; stdout is the same.
"$ddz" solve 4445566778899TJQKKA2 55677899TTJJQK2XD --threads 1 --time-limit 1.5 --progress >/dev/null 2>"$tmp/err"
check progress "1" "$(grep -c '^ddz solve: 1 s: first moves [0-9]* of 75 decided' "$tmp/err")"

# Bad input: one line naming what and where (a bad flag adds the usage after it), exit 1 for a bad hand/position, 2 for a bad flag.
bad() { # name, status, stderr-substring, args...
  name=$1 want=$2 sub=$3; shift 3
  "$ddz" "$@" >/dev/null 2>"$tmp/err"; rc=$?
  lines=$(head -1 "$tmp/err")
  if [ "$rc" = "$want" ] && echo "$lines" | grep -q -- "$sub"; then passed=$((passed + 1)); else
    failed=$((failed + 1)); printf 'FAIL %s: rc %s lines %s: %s\n' "$name" "$rc" "$lines" "$(cat "$tmp/err")"; fi
}
bad badcard 1 "ME hand '3B': byte 1" solve 3B 4
bad overlap 1 "do not fit one deck" solve 333 33
bad missing 2 "ENEMY's hand is missing" solve 33
bad flag 2 "unknown flag '--nope'" solve 3 4 --nope
bad solver 2 "no such solver" solve 3 4 --solver zzz
bad memory 2 "--memory" solve 3 4 --memory 12Q
bad threads 2 "--threads" solve 3 4 --threads -1
bad tlimit 2 "--time-limit" solve 3 4 --time-limit 0
bad last 1 "--last 'B'" solve 3 4 --last B
bad lastoverlap 1 "--last do not fit" solve 3333 4 --last 3
bad rules 2 "--rules" solve 3 4 --rules nope
bad playflag 2 "unknown flag '--json'" play 3 4 --json
bad firstvalue 2 "takes no value" solve 3 4 --first=1

rm -rf "$tmp"
finish ddz_solve_cli
