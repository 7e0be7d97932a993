#!/bin/sh
# The mjverify command as a user meets it: outputs, batch errors, exit codes. Usage: cli.sh MJVERIFY
set -u
mj=$1
failed=0 passed=0
check() { # name, expected, actual
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); printf 'FAIL %s\n--- want\n%s\n--- got\n%s\n' "$1" "$2" "$3"; fi
}
tab=$(printf '\t')

# Seed 003's seven hands under its rules: win, no, no, win, win, no, no.
out=$("$mj" check --rules mediatek ABCeee345456DD ABeeee345456DD AAAABC123456333 AADDFF1133aagg AAAABBBBCCCCDDDD88 AAA123789 AAA111345666DEF88 | cut -f2 | tr '\n' ' ')
check seed003 "win no no win win no no " "$out"

# Seed 000's three hands plus the drawn 0x03 under basic: win, win, no.
out=$("$mj" check '[0x17,0x18,0x19,0x06,0x06,0x06,0x07,0x07,0x08,0x08,0x09,0x09,0x03,0x03]' \
  '[0x06,0x06,0x06,0x06,0x07,0x08,0x11,0x12,0x013,0x21,0x21,0x21,0x03,0x03]' \
  '[0x11,0x19,0x19,0x04,0x09,0x06,0x25,0x07,0x27,0x08,0x09,0x09,0x03,0x03]' | cut -f2 | tr '\n' ' ')
check seed000 "win win no " "$out"

# A bad hand in a batch prints an error line, the batch goes on, the exit status is 1.
out=$(printf '123m456m789m111p22s\n11111m\n\n8z\n123m45\n11m\n' | "$mj" check --tiles 34); rc=$?
check batch-rc 1 "$rc"
check batch-lines "123m456m789m111p22s${tab}win
11111m${tab}error${tab}mpsz: byte 4: a fifth copy of 1m
8z${tab}error${tab}mpsz: byte 0: honor 8z out of range 1z-7z
123m45${tab}error${tab}mpsz: byte 4: digit '4' without a suit letter after it
11m${tab}win" "$out"
"$mj" check 11m >/dev/null; check good-rc 0 $?

# sanma: 1m and 9m but no 2m-8m; 5m is refused as outside its tile set, the batch goes on.
out=$(printf '111999m123p456s11z\n5m\n19m19p19s1234567z9m\n' | "$mj" check --rules sanma); rc=$?
check sanma-rc 1 "$rc"
check sanma-lines "111999m123p456s11z${tab}win
5m${tab}error${tab}mpsz: byte 0: 5m is outside the 27-kind tile set of sanma (no 2m-8m)
19m19p19s1234567z9m${tab}win" "$out"
check sanma-tiles "mjverify: rules 'sanma': its tile set is fixed (27 kinds, no 2m-8m); leave out --tiles" \
  "$("$mj" check --rules sanma --tiles 27 11m 2>&1 >/dev/null | head -1)"

# verify --mode shanten: calculators and win checks (is_win == shanten -1) on every one-suit hand
# of 1-8 tiles; the flagged block counter is caught; the report has the distribution table.
out=$("$mj" verify --mode shanten --rules basic --tiles 9 --sizes 1-8 --algo sh-table,is_win:table --no-timings \
      --report "${TMPDIR:-/tmp}/mj_cli_shanten.md" 2>/dev/null | tr -s ' '); rc=$?
check shanten-verify "algorithm flagged hands mismatches too low too high verdict
(enumeration) 19242 1140 complete
sh-table 19242 0 0 0 agrees
is_win:table 19242 0 0 0 agrees" "$out"
check shanten-verify-rc 0 "$rc"
check shanten-distribution "| all | 1140 | 12388 | 5690 | 24 | 19242 |" "$(grep '^| all' "${TMPDIR:-/tmp}/mj_cli_shanten.md")"
rm -f "${TMPDIR:-/tmp}/mj_cli_shanten.md"
check shanten-rules "mjverify: --mode shanten takes rules of the forms std, 7p, 7p4, 13o (basic, sichuan, riichi, sanma), not 'mediatek'" \
  "$("$mj" verify --mode shanten --rules mediatek --sizes 2 2>&1 | head -1)"
check shanten-iswin "mjverify: 'is_win:table' is a win check: --mode shanten only" \
  "$("$mj" verify --mode effective --sizes 2 --algo is_win:table 2>&1 | head -1)"

# --explain adds one decomposition.
check explain "123m456m789m111p22s${tab}win${tab}123m 456m 789m 111p 22s" "$("$mj" check --explain 123m456m789m111p22s)"

# waits: 2222333m waits on 1m and 4m only (seed 002), '-' for none.
check waits "2222333m${tab}14m
1112345678999m${tab}123456789m
1m9p${tab}-" "$("$mj" waits 2222333m 1112345678999m 1m9p)"

# convert to every notation and back.
for to in letters hex unicode mpsz; do
  back=$("$mj" convert --to "$to" 12344m344556p555s | cut -f2 | "$mj" convert --to mpsz | cut -f2)
  check "convert-$to" 12344m344556p555s "$back"
done
check convert-honors 1 "$("$mj" convert --to letters 1z >/dev/null 2>&1; echo $?)"

# Bad flags print usage and exit 2.
for args in "check --rules nosuch 11m" "check --tiles 33 11m" "check --algo nosuch 11m" "check --bogus" \
            "waits --notation klingon 11m" "convert 11m" "check --rules" "nosuchcommand" "check --rules 13o --tiles 27 11m"; do
  # shellcheck disable=SC2086
  "$mj" $args >/dev/null 2>/tmp/mj_cli_err.$$; rc=$?
  check "usage: $args" 2 "$rc"
  check "usage-msg: $args" 1 "$(grep -c '^mjverify: ' /tmp/mj_cli_err.$$ | tr -d ' ' | sed 's/[1-9][0-9]*/1/')"
done
rm -f /tmp/mj_cli_err.$$

# --json gives one object per hand.
check json '{"hand":"11m","result":"win"}' "$("$mj" check --json 11m)"

# algos lists the registry with the baseline first.
check algos-first backtrack "$("$mj" algos | head -1 | cut -d' ' -f1)"

# --algo all runs every unflagged algorithm that supports the rules and agrees on these.
out=$("$mj" check --algo all --rules sichuan ABCeee345456DD AADDFF1133aagg 11m 1m | cut -f2 | tr '\n' ' ')
check algo-all "win win win no " "$out"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
