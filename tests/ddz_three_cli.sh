#!/bin/sh
# ddz solve3, ddz certify on three-player certificates and ddz verify --positions3 as a user
# meets them: hand-argued answers, the JSON fields, one-line errors with exit statuses, the
# solver's certificates certified and broken ones rejected, the oracle's counts pinned.
# Usage: ddz_three_cli.sh DDZ
set -u
ddz=$1
. "$(dirname "$0")/ddz_check.sh"
tmp=${TMPDIR:-/tmp}/ddz_three_cli.$$
mkdir -p "$tmp"

# A farmer passes to let his partner out; the landlord's line ends when F2 empties his hand.
check pass-to-partner "position: 9 48 7 F1 single:5 L (L F1 F2, seat to move, move to beat, its maker), rules rlcard, solver fast3
winner: farmers (the side to move)
winning moves of F1 (1 of 2): pass
line: F1 pass, F2 single:7 (out)" "$("$ddz" solve3 9 48 7 --turn F1 --last 5 --by L --threads 1 | sed '$d')"
# The JSON fields, with naive3 too. The landlord's two answers (pass, K) both lose at once; the
# line takes the one whose refutation costs the solver more nodes, the first of equals: fast3
# refutes both in no node (F1's A empties his hand first), naive3 spends more after the K.
for s in fast3:pass naive3:single:K; do
  check json-${s%%:*} '"winner":"farmers","outcome":"win","first_moves":[{"move":"pass","wins":true}],"winning_moves":["pass"],"line":[{"seat":"F2","move":"pass"},{"seat":"L","move":"'"${s#*:}"'"},{"seat":"F1","move":"single:A"}]' \
    "$("$ddz" solve3 KK A 38 --turn F2 --last Q --by F1 --solver ${s%%:*} --json | sed 's/.*\("winner"\)/\1/; s/,"line_complete".*//')"
done
# The landlord to move and losing: no winning move.
check landlord-loses "winning moves of L (0 of 3):" "$("$ddz" solve3 345 6 7 | sed -n 3p)"

# Errors: one line (then the usage for a bad flag), exit 1 for a bad position, 2 for a bad flag.
err() { # name, expected status, expected first line, args...
  name=$1 want_rc=$2 want=$3; shift 3
  out=$("$ddz" solve3 "$@" 2>&1 >/dev/null); rc=$?
  check "$name" "$want_rc $want" "$rc $(printf '%s\n' "$out" | head -1)"
}
err bad-card 1 "ddz solve3: F1's hand: byte 1: 'B' is no card (cards: 3456789TJQKA2XD)" 33 4B 55
err overlap 1 "ddz solve3: byte 0: together they hold 5 of 3; the deck has 4" 333 33 5 2>/dev/null
err bad-seat 1 "ddz solve3: --turn: byte 0: 'F4' is no seat (L, F1 or F2)" 3 4 5 --turn F4
err by-without-last 1 "ddz solve3: --by names who made the move to beat: it needs --last" 3 4 5 --by F1
err by-is-turn 1 "ddz solve3: byte 0: F1 made the move to beat and is to move: it leads instead" 3 4 5 --turn F1 --last 6 --by F1
err missing-hand 2 "ddz solve3: F2's hand is missing" 3 4
err fourth-hand 2 "ddz solve3: three hands only (L F1 F2); a fourth: '6'" 3 4 5 6
err bad-flag 2 "ddz solve3: unknown flag '--turns'" 3 4 5 --turns L
err bad-threads 2 "ddz solve3: --threads: a number 0 (all cores) to 256 expected, not 'x'" 3 4 5 --threads x

# The solver's certificates, both conventions, either side winning, leading and answering.
certified solve3 "KK A 3 --turn F2 --last Q --by F1" "345 6 7" "3456 789 TJ" "33456 77 8" "3333 45 46" \
  "89TJQK 3456 7 --turn F1 --last 2 --by L" "33344456 78 9T --rules douzero" "2X 3456 D --turn F2"
"$ddz" solve3 KK A 3 --turn F2 --last Q --by F1 --strategy "$tmp/base.txt" >/dev/null 2>&1
check base "certified: the farmers win KK A 3 F2 single:Q F1: 4 nodes, 2 replies, depth 2" "$("$ddz" certify "$tmp/base.txt")"
check base-stdin "certified: the farmers win KK A 3 F2 single:Q F1: 4 nodes, 2 replies, depth 2" "$("$ddz" certify - <"$tmp/base.txt")"
mutant missing-reply 1 "rejected: M:7: node 2 (KK A 3 L single:Q F1): the legal reply is not listed: single:K" '/^reply single:K/d'
mutant wrong-play 1 "rejected: M:6: play single:3 at node 1 is not a legal move of F2 there" 's/^play pass -> 2/play single:3 -> 2/'
mutant wrong-target 1 "rejected: M:8: reply pass at node 2 leads to KK A 3 F1, not to node 4's position" 's/^reply pass -> 3/reply pass -> 4/'
mutant wrong-winner 1 "rejected: M:6: node 1: the other side is to move: replies, not a play" 's/^winner farmers/winner landlord/'
mutant cut-off 2 "ddz certify: M:13: no 'end N' line: the file is cut off" '/^end/d'
"$ddz" certify "$tmp/base.txt" --me 3 >/dev/null 2>&1; check two-player-flags-rc 2 $?

# The oracle's counts on the 1-card universe, and the judges' verdict.
check verify-1 "positions3 rlcard, small deck, 1..1 cards a hand: 8 hands; leading 1404 positions (landlord wins 468), answering 0 (landlord wins 0)
  fast3   1404 positions, 0 mismatches
  naive3  1404 positions, 0 mismatches" \
  "$("$ddz" verify --positions3 --max-cards 1 --rules rlcard --threads 1 --quiet | sed 's/; oracle .*//; s/, [0-9.]* us\/position//')"
# the 2-card universe on two threads: the same counts (a solve inside the judges' threads must not
# share their loop: pins the bug where fast3's one-thread loop was an orphaned OpenMP loop)
check verify-2-threads "positions3 rlcard, small deck, 1..2 cards a hand: 42 hands; leading 180828 positions (landlord wins 59422), answering 520632 (landlord wins 164473)
  fast3   701460 positions, 0 mismatches
  naive3  701460 positions, 0 mismatches" \
  "$("$ddz" verify --positions3 --max-cards 2 --rules rlcard --threads 2 --quiet | sed 's/; oracle .*//; s/, [0-9.]* us\/position//')"
"$ddz" verify --positions3 --max-cards 5 >/dev/null 2>&1; check verify-bad-flag 2 $?

# ddz deal with three sizes (the sets' lines), ddz bench on a three-player set, a bad set line.
check deal3 "99TKX 8TK2 49QA" "$("$ddz" deal 1 5 4 4)"
"$ddz" deal 1 5 4 0 >/dev/null 2>&1; check deal3-bad 2 $?
src=$(cd "$(dirname "$0")/.." && pwd)
"$ddz" bench "$src/ddz/bench/three/hard3.txt" --threads 1 --csv "$tmp/b.csv" 2>/dev/null
check bench3-rc 0 $?
check bench3-rows "11 0" "$(($(wc -l <"$tmp/b.csv") - 1)) $(grep -c ERROR "$tmp/b.csv")"
printf '# players: 3\n# expect: landlord\n9 48 7 F1 single:5 L\n' >"$tmp/wrong.txt"
"$ddz" bench "$tmp/wrong.txt" --threads 1 --csv "$tmp/w.csv" 2>/dev/null
check bench3-expect-wrong "1 1" "$? $(grep -c ERROR "$tmp/w.csv")"
printf '# players: 3\n3 4\n' >"$tmp/bad.txt"
check bench3-bad-line "$tmp/bad.txt:2: L F1 F2 [SEAT [LAST BY]] expected (2 fields)" "$("$ddz" bench "$tmp/bad.txt" 2>&1)"

rm -rf "$tmp"
finish ddz_three_cli
