#!/bin/sh
# The ddz command as a user meets it: move listings, the --all counts, and bad input refused
# with one line naming the byte and the reason. Usage: ddz_cli.sh DDZ
set -u
ddz=$1
. "$(dirname "$0")/ddz_check.sh"
err=/tmp/ddz_cli_err.$$
tab=$(printf '\t')

# Every move of 33344, one per line as TYPE:CARDS.
check moves "single:3
single:4
pair:33
pair:44
triple:333
triple1:3334
triple2:33344" "$("$ddz" moves 33344)"

# Answers to a straight of five: the pass first, never a longer straight.
check beat "pass
straight:45678
straight:56789
rocket:XD" "$("$ddz" moves 3456789XD --beat 34567)"

# Aliases: 10/0/t for ten, y/z for the jokers, spaces ignored.
check aliases "$("$ddz" moves TTXD)" "$("$ddz" moves '10 0yz')"

# --json: one object.
check json '{"hand":"3","rules":"rlcard","beat":"pass","count":1,"moves":["single:3"]}' "$("$ddz" moves --json 3)"

# --all: one column per convention, the totals agree with the per-type rows.
out=$("$ddz" moves --all --rules all)
check all-header "type${tab}rlcard${tab}douzero" "$(echo "$out" | head -1)"
sum=$(echo "$out" | awk -F"$tab" 'NR>1 && $1!="total" && $1!="total+pass" {a+=$2; b+=$3} END {print a, b}')
tot=$(echo "$out" | awk -F"$tab" '$1=="total" {print $2, $3}')
check all-sum "$sum" "$tot"
withpass=$(echo "$out" | awk -F"$tab" '$1=="total+pass" {print $2 - 1, $3 - 1}')
check all-pass "$tot" "$withpass"
# --list prints as many moves as the total, every one readable back as a move.
check all-list "$(echo "$tot" | cut -d' ' -f2)" "$("$ddz" moves --all --list --rules douzero | wc -l | tr -d ' ')"
# A forbidden type counts zero.
check all-forbid "four2${tab}0" "$("$ddz" moves --all --rules douzero,no-four2 | grep "^four2${tab}")"

# Bad hands: one line with the byte offset and the reason, exit 1.
bad() { # name, expected stderr line, args...
  name=$1 want=$2; shift 2
  "$ddz" "$@" >/dev/null 2>"$err"; rc=$?
  check "$name-rc" 1 "$rc"
  check "$name-msg" "$want" "$(cat "$err")"
}
bad unknown "ddz moves: hand '34B5': byte 2: 'B' is no card (cards: 3456789TJQKA2XD)" moves 34B5
bad lone-one "ddz moves: hand '341': byte 2: '1' is no card (ten is T, 10 or 0)" moves 341
bad fifth "ddz moves: hand '5555 5': byte 5: a fifth copy of 5" moves '5555 5'
bad jokers "ddz moves: hand 'XY': byte 1: a second small joker (X); the deck has one" moves XY
bad too-many "ddz moves: hand '3333444455556666777788': byte 20: more than 20 cards in one hand" moves 3333444455556666777788
bad empty "ddz moves: hand '': byte 0: no card where a hand is needed" moves ''
bad overlap "ddz moves: the hand and --beat do not fit one deck: together they hold 5 of 3; the deck has 4" moves 33 --beat 333
bad beat-card "ddz moves: --beat 'pair:3B': byte 6: 'B' is no card (cards: 3456789TJQKA2XD)" moves 44 --beat pair:3B
bad beat-shape "ddz moves: --beat '3345': byte 0: 3345 forms no move under these rules" moves 44 --beat 3345

# Bad flags: usage, exit 2.
for args in "moves" "moves 33 --rules nosuch" "moves 33 --bogus" "moves 33 44" "moves --all 33" \
            "moves 33 --beat" "moves 33 --rules all" "moves 33 --list" "moves --all --list --rules all" "moves --bench 33" "moves --bench --rules nosuch" "moves --all --rules all,no-quad" "nosuchcommand"; do
  # shellcheck disable=SC2086
  "$ddz" $args >/dev/null 2>"$err"; rc=$?
  check "usage: $args" 2 "$rc"
  check "usage-msg: $args" 1 "$(grep -c '^ddz' "$err" | sed 's/[1-9][0-9]*/1/')"
done

# --bench: a header and one line per case, each with a time.
check bench "3" "$("$ddz" moves --bench | awk -F"$tab" 'NR==1 || $2 > 0' | wc -l | tr -d ' ')"

# help and --version.
"$ddz" --help >/dev/null; check help-rc 0 $?
"$ddz" help moves | grep -q '^usage: ddz moves'; check help-moves 0 $?
"$ddz" --version | grep -q '^ddz (mjverify) [0-9]'; check version 0 $?
# every command's --help: its usage line on stdout, exit 0 (verify's once said "unknown flag")
for c in moves solve play verify certify deal batch bench; do
  "$ddz" "$c" --help 2>/dev/null | grep -q "^usage: ddz $c"; check "help-flag: $c" 0 $?
done

rm -f "$err"
finish ddz_cli
