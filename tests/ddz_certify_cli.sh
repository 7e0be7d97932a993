#!/bin/sh
# ddz certify as a user meets it: the solver's certificates of small wins accepted under both
# conventions, each kind of broken certificate rejected with its own reason and line, garbage
# refused without a crash, and scripts/ddz-certify-wins.sh over a small set.
# Usage: ddz_certify_cli.sh DDZ [SCRIPT]
set -u
ddz=$1
script=${2:-}
. "$(dirname "$0")/ddz_check.sh"
tmp=${TMPDIR:-/tmp}/ddz_certify_cli.$$
mkdir -p "$tmp"

# The solver's certificates of small wins, leading and answering, both conventions, a forbidden type.
certified solve "32JJ 7TTD" "6666A KK --last 2" "33344456 78 --rules douzero" "333444XD 5 --rules douzero" \
  "3334447 A2 --rules rlcard,no-bomb" "TT37J7T8 5QD29" "345678QQ 9TJQK --last 3" \
  "AAKKQQ 22 --rules douzero" "3333JQ 2X --last 4" "34567QQ 89TJK --last 6"

# The base certificate every mutation starts from (its lines are in ddz_solve_cli's style: fixed).
"$ddz" solve 32JJ 7TTD --threads 1 --strategy "$tmp/base.txt" >/dev/null 2>&1
check base-certified "certified: 15 nodes, 14 replies, depth 5" "$("$ddz" certify "$tmp/base.txt")"
check base-node3 "node 3 me 3JJ enemy 7TT last single:D
play pass
reply single:7 -> 5
reply single:T -> 6
reply pair:TT -> 7" "$(sed -n '/^node 3 /,/^node 4 /p' "$tmp/base.txt" | sed '$d')"

# rejected: name, expected exit status, expected output line (the file written F), sed script
# applied to the base
mutant_name=F
mutant drop-reply 1 "rejected: F:14: node 3 misses the reply single:T (a legal answer to pass): 2 listed, 3 legal" \
  '/^reply single:T -> 6$/d'
mutant bogus-reply 1 "rejected: F:16: reply single:3 at node 3 is no legal answer to pass" \
  '/^reply single:7 -> 5$/a reply single:3 -> 5'
mutant duplicate-reply 1 "rejected: F:16: reply single:7 at node 3 is listed twice" \
  '/^reply single:7 -> 5$/a reply single:7 -> 5'
mutant illegal-play-unheld 1 "rejected: F:7: play single:A at node 1: the winner does not hold those cards" \
  's/^play single:2$/play single:A/'
mutant illegal-play-beat 1 "rejected: F:21: play single:3 at node 5 does not beat single:7" \
  '/^node 5 /{n;s/^play single:J$/play single:3/}'
mutant illegal-pass-lead 1 "rejected: F:7: play pass at node 1: the winner leads and may not pass" \
  's/^play single:2$/play pass/'
mutant leaf-not-win 1 "rejected: F:11: play pair:JJ at node 2 does not empty the winner's hand, and no reply follows (a leaf must win)" \
  '/^reply pass -> 4$/d'
mutant final-with-reply 1 "rejected: F:20: play single:3 at node 4 empties the winner's hand: no reply may follow" \
  '/^node 4 /{n;a reply pass -> 10
}'
mutant wrong-target 1 "rejected: F:15: reply single:7 at node 3 leads to node 6 (me 3JJ enemy 7T last single:T), but it leaves me 3JJ enemy TT last single:7" \
  's/^reply single:7 -> 5$/reply single:7 -> 6/'
mutant cycle 1 "rejected: F:12: reply pass at node 2 leads back to node 1: a cycle" \
  's/^reply pass -> 4$/reply pass -> 1/'
mutant wrong-node-position 1 "rejected: F:6: node 1 is me 3JJA enemy 7TTD last pass, but the header's position is me 3JJ2 enemy 7TTD last pass" \
  's/^node 1 me 3JJ2 /node 1 me 3JJA /;s/^play single:2$/play single:A/'
mutant wrong-header-me 1 "rejected: F:6: node 1 is me 3JJ2 enemy 7TTD last pass, but the header's position is me 3JJA enemy 7TTD last pass" \
  's/^me 3JJ2$/me 3JJA/'
mutant wrong-header-last 1 "rejected: F:6: node 1 is me 3JJ2 enemy 7TTD last pass, but the header's position is me 3JJ2 enemy 7TTD last single:3" \
  's/^last pass$/last single:3/'
mutant unreachable 1 "rejected: F:50: node 16 is not reachable from node 1" \
  's/^end 15$/node 16 me 3 enemy 4 last pass\nplay single:3\nend 16/'
mutant not-a-move 1 "rejected: F:7: play '3J': the cards form no move under rlcard" \
  's/^play single:2$/play 3J/'
mutant truncated 2 "ddz certify: F:49: the file ends without its 'end N' line (truncated?)" \
  '$d'
mutant wrong-version 2 "ddz certify: F:1: not a strategy file: the first line must be 'ddz-strategy 1', '2' or '3'" \
  '1s/2/4/'
mutant search-in-v2 2 "ddz certify: F:21: unknown line 'search' (node, play, reply or end expected)" \
  's/^play single:J$/search/'
mutant dangling-target 2 "ddz certify: F:8: reply to node 99, but the file has 15 nodes" \
  's/^reply pass -> 2$/reply pass -> 99/'
mutant misnumbered 2 "ddz certify: F:10: node '7' where node 2 was expected (nodes are numbered 1, 2, ... in order)" \
  's/^node 2 /node 7 /'
mutant bad-card 2 "ddz certify: F:7: play 'single:B': byte 7: 'B' is no card (cards: 3456789TJQKA2XD)" \
  's/^play single:2$/play single:B/'

# The rules and position the caller expects.
out=$("$ddz" certify "$tmp/base.txt" --rules douzero); check flag-rules "1 rejected: $tmp/base.txt:2: the certificate's rules are rlcard, not douzero" "$? $out"
out=$("$ddz" certify "$tmp/base.txt" --me 32JJ --enemy 7TTD --last pass); check flag-position "0 certified: 15 nodes, 14 replies, depth 5" "$? $out"
out=$("$ddz" certify "$tmp/base.txt" --me 32JJ --enemy 7TT); check flag-enemy "1 rejected: $tmp/base.txt:4: the header's enemy is not the --enemy given" "$? $out"

# A version-1 tree (the older format) is read too, and a broken one rejected.
printf 'ddz-strategy 1\nrules rlcard\nme 6666A\nenemy KK\nlast single:2\nplay bomb:6666\n reply pass\n  play single:A\n' >"$tmp/v1.txt"
out=$("$ddz" certify "$tmp/v1.txt"); check v1 "0 certified: 2 nodes, 1 replies, depth 2" "$? $out"
printf 'ddz-strategy 1\nrules rlcard\nme 6666A\nenemy KK\nlast single:2\nplay single:A\n reply pass\n  play bomb:6666\n' >"$tmp/v1.txt"
out=$("$ddz" certify "$tmp/v1.txt"); check v1-bad "1 rejected: $tmp/v1.txt:6: play single:A at node 1 does not beat single:2" "$? $out"

printf 'ddz-strategy 1\nrules rlcard\nme 6666A\nenemy KK\nlast single:2\nplay bomb:6666\n  reply pass\n' >"$tmp/v1.txt"
out=$("$ddz" certify "$tmp/v1.txt" 2>&1); check v1-indent "2 ddz certify: $tmp/v1.txt:7: a reply at indentation 2 has no play at 1 above it" "$? $out"
# Bare cards with two readings (douzero: a plane of 4, or a plane1 of 3) must name their type.
printf 'ddz-strategy 2\nrules douzero\nme 333444555666\nenemy 7\nlast pass\nnode 1 me 333444555666 enemy 7 last pass\nplay 333444555666\nend 1\n' >"$tmp/amb.txt"
out=$("$ddz" certify "$tmp/amb.txt"); check ambiguous "1 rejected: $tmp/amb.txt:7: play '333444555666' reads as 2 moves under douzero (write TYPE:CARDS)" "$? $out"
sed 's/^play 333444555666$/play plane1:333444555666/' "$tmp/amb.txt" >"$tmp/amb2.txt"
out=$("$ddz" certify "$tmp/amb2.txt"); check typed "0 certified: 1 nodes, 0 replies, depth 1" "$? $out"

# Version 3: positions left to the checker's own search (decide.c), each a win by that search, of
# at most 14 cards; the search's lines refused where they do not belong.
v3() { # name, file: the lines after the header "me 3JJ2 enemy 7TTD last pass"
  printf 'ddz-strategy 3\nrules rlcard\nme 3JJ2\nenemy 7TTD\nlast pass\n%s\n' "$2" >"$tmp/$1.txt"
}
v3 v3 'node 1 me 3JJ2 enemy 7TTD last pass
play single:2
reply pass -> 2
reply single:D -> 3
node 2 me 3JJ enemy 7TTD last pass
search
node 3 me 3JJ enemy 7TT last single:D
search
end 3'
out=$("$ddz" certify "$tmp/v3.txt"); check v3 "0 certified: 3 nodes, 2 replies, depth 2; 2 nodes searched by the checker (18 positions)" "$? $out"
v3 v3-root 'node 1 me 3JJ2 enemy 7TTD last pass
search
end 1'
out=$("$ddz" certify "$tmp/v3-root.txt"); check v3-root "0 certified: 1 nodes, 0 replies, depth 1; 1 nodes searched by the checker (32 positions)" "$? $out"
printf 'ddz-strategy 3\nrules rlcard\nme 3JJ\nenemy 7TTD\nlast single:2\nnode 1 me 3JJ enemy 7TTD last single:2\nsearch\nend 1\n' >"$tmp/v3-lost.txt"
out=$("$ddz" certify "$tmp/v3-lost.txt"); check v3-lost "1 rejected: $tmp/v3-lost.txt:7: search at node 1: the checker's own search finds this position lost (me 3JJ enemy 7TTD last single:2)" "$? $out"
printf 'ddz-strategy 3\nrules rlcard\nme 3456789TJ\nenemy 3456789\nlast pass\nnode 1 me 3456789TJ enemy 3456789 last pass\nsearch\nend 1\n' >"$tmp/v3-big.txt"
out=$("$ddz" certify "$tmp/v3-big.txt"); check v3-big "1 rejected: $tmp/v3-big.txt:7: search at node 1: 16 cards in the two hands, more than the 14 the checker searches" "$? $out"
v3 v3-reply 'node 1 me 3JJ2 enemy 7TTD last pass
search
reply pass -> 1
end 1'
out=$("$ddz" certify "$tmp/v3-reply.txt" 2>&1); check v3-reply "2 ddz certify: $tmp/v3-reply.txt:8: a reply after a search line" "$? $out"
v3 v3-both 'node 1 me 3JJ2 enemy 7TTD last pass
play single:2
search
end 1'
out=$("$ddz" certify "$tmp/v3-both.txt" 2>&1); check v3-both "2 ddz certify: $tmp/v3-both.txt:8: node 1 has a play and a search line" "$? $out"
v3 v3-extra 'node 1 me 3JJ2 enemy 7TTD last pass
search now
end 1'
out=$("$ddz" certify "$tmp/v3-extra.txt" 2>&1); check v3-extra "2 ddz certify: $tmp/v3-extra.txt:7: a search line is 'search' alone" "$? $out"

# The flagged seed port "wins" with a longer straight; its certificate is refused.
"$ddz" solve 6789TJ 89TJQ --last 34567 --solver seed004 --strategy "$tmp/s4.txt" >/dev/null 2>&1
out=$("$ddz" certify "$tmp/s4.txt"); check seed004 "1 rejected: $tmp/s4.txt:7: play straight:6789TJ at node 1 does not beat straight:34567" "$? $out"

# A loss writes no certificate.
rm -f "$tmp/loss.txt"
"$ddz" solve 6789TJ 89TJQ --last 34567 --strategy "$tmp/loss.txt" >/dev/null 2>&1
check loss-no-file "1 no" "$? $([ -e "$tmp/loss.txt" ] && echo yes || echo no)"

# Garbage: binary bytes, a line too long, an empty file, a huge node number, no file: exit 2, one line.
head -c 2000 /dev/urandom >"$tmp/g1"
awk 'BEGIN { printf "ddz-strategy 2\nrules "; for (i = 0; i < 5000; i++) printf "x"; print "" }' >"$tmp/g2"
: >"$tmp/g3"
sed 's/^reply pass -> 2$/reply pass -> 99999999999999999999/' "$tmp/base.txt" >"$tmp/g4"
for g in g1 g2 g3 g4 nonexistent; do
  "$ddz" certify "$tmp/$g" >"$tmp/out" 2>&1
  rc=$?
  if [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/out")" = 1 ] && grep -q "^ddz certify: $tmp/$g" "$tmp/out"; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL garbage $g: rc $rc: $(cat "$tmp/out")"; fi
done
bad() { # name, status, stderr-substring, args...
  name=$1 want=$2 sub=$3; shift 3
  "$ddz" "$@" >/dev/null 2>"$tmp/err"; rc=$?
  if [ "$rc" = "$want" ] && head -1 "$tmp/err" | grep -q -- "$sub"; then passed=$((passed + 1)); else
    failed=$((failed + 1)); printf 'FAIL %s: rc %s: %s\n' "$name" "$rc" "$(cat "$tmp/err")"; fi
}
bad nofile 2 "the strategy FILE is missing" certify
bad flag 2 "unknown flag '--nope'" certify "$tmp/base.txt" --nope
bad rules 2 "--rules" certify "$tmp/base.txt" --rules nope
bad mehand 2 "--me 'B'" certify "$tmp/base.txt" --me B

# The script over a set: two wins certified, a loss counted, comments and blank lines skipped.
if [ -n "$script" ]; then
  printf '# a small set\n32JJ 7TTD\n\n6666A KK 2\n6789TJ 89TJQ 34567\n33344456 78\n' >"$tmp/set.txt"
  out=$(DDZ="$ddz" sh "$script" "$tmp/set.txt" 2>/dev/null)
  check script "0 certified 3 of 3 wins (1 losses, 0 timeouts)" "$? $(echo "$out" | tail -1)"
  printf '32JJ 7TTD\n3B 4\n' >"$tmp/set2.txt"
  out=$(DDZ="$ddz" sh "$script" "$tmp/set2.txt" 2>"$tmp/err")
  check script-bad-line "1 certified 1 of 1 wins (0 losses, 0 timeouts); 1 lines not solved" "$? $(echo "$out" | tail -1)"
fi

rm -rf "$tmp"
finish ddz_certify_cli
