#!/bin/sh
# mjverify shanten as a user meets it (issue 30): the fields, --effective, every notation, the
# errors (bad hand, bad size, bad flag), disagreement between calculators, JSON, sanma, the
# shanten plugins (a correct one agreeing, a buggy one caught) and --exec in shanten mode.
# Usage: shanten_cli.sh MJVERIFY EXAMPLES_BUILD_DIR
set -u
mj=$1 ex=${2:-}
failed=0 passed=0
tab=$(printf '\t')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { # name, expected, actual
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); printf 'FAIL %s\n--- want\n%s\n--- got\n%s\n' "$1" "$2" "$3"; fi
}
contains() { # name, needle, haystack
  case "$3" in *"$2"*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)); printf 'FAIL %s: no "%s" in\n%s\n' "$1" "$2" "$3" ;; esac
}

# The issue's example, and the fields with and without --effective.
check example "123456789m1134p${tab}0${tab}25p${tab}8" "$("$mj" shanten --effective 123456789m1134p)"
check plain "123456789m1134p${tab}0" "$("$mj" shanten 123456789m1134p)"
check complete "11223344556677z${tab}-1${tab}-${tab}0" "$("$mj" shanten --effective 11223344556677z)"
# a quad is no pair and meld: 1111m is 1-shanten, every other kind helps
check quad "1111m${tab}1${tab}23456789m123456789p123456789s1234567z${tab}132" "$("$mj" shanten --effective 1111m)"
# 3k+2: effective after the best discard
check fourteen "12m${tab}0${tab}12m${tab}6" "$("$mj" shanten --effective 12m)"
# rules: seven pairs only at 13-14 tiles; sichuan counts a quad as two pairs; basic has no 7p
check riichi-7p "1122334455667m${tab}0" "$("$mj" shanten --rules riichi 1122334455667m)"
check sichuan-7p4 "11112222333344m${tab}-1" "$("$mj" shanten --rules sichuan 11112222333344m)"
check basic-no7p "11223344556677z${tab}3" "$("$mj" shanten --rules basic --tiles 34 11223344556677z)"
check sanma "19m19p19s1234567z${tab}0" "$("$mj" shanten --rules sanma 19m19p19s1234567z)"

# Every notation: the same hand four ways.
for h in 123456789m1134p 'ABCDEFGHI1134' '[0x01,0x02,0x03,0x04,0x05,0x06,0x07,0x08,0x09,0x21,0x21,0x23,0x24]'; do
  out=$("$mj" shanten "$h" 2>/dev/null | cut -f2)
  check "notation $h" 0 "$out"
done

# stdin, one line each; a bad hand and a bad size print an error line and exit 1, the rest go on.
out=$(printf '1111m\n\n123m\nxyz\n12m\n' | "$mj" shanten); rc=$?
check stdin-rc 1 $rc
check stdin-lines 4 "$(printf '%s\n' "$out" | wc -l | tr -d ' ')"
contains bad-size "123m${tab}error${tab}a hand of 3 tiles has no shanten number" "$out"
contains bad-hand "xyz${tab}error${tab}mpsz: byte 0" "$out"
check last-line "12m${tab}0" "$(printf '%s\n' "$out" | tail -n 1)"
out=$("$mj" shanten --rules 7p 1122m 2>&1); rc=$?
check no-form-rc 1 $rc
contains no-form "have no complete hand near 4 tiles" "$out"

# Usage errors: exit 2, one message and the usage.
"$mj" shanten --algo nosuch 11m >/dev/null 2>"$tmp/err"; check bad-algo-rc 2 $?
contains bad-algo "no shanten calculator named 'nosuch'" "$(cat "$tmp/err")"
"$mj" shanten --rules mediatek 11m >/dev/null 2>"$tmp/err"; check kongs-rc 2 $?
contains kongs "kong hands" "$(cat "$tmp/err")"
"$mj" shanten --bogus 11m >/dev/null 2>&1; check bad-flag-rc 2 $?

# Several calculators: agreement prints one answer; a flagged port disagreeing prints DISAGREE.
check all "123456789m1134p${tab}0${tab}25p${tab}8" "$("$mj" shanten --algo all --effective 123456789m1134p)"
out=$("$mj" shanten --algo sh-table,sh-blocks 1111m); rc=$?
check disagree-rc 1 $rc
check disagree "1111m${tab}DISAGREE${tab}sh-table=1 sh-blocks=0" "$out"
out=$("$mj" shanten --algo sh-table,sh-blocks --effective 1111m)
contains disagree-eff "sh-table=1/23456789m123456789p123456789s1234567z/132 sh-blocks=" "$out"

# JSON: one object a line, valid, with the fields named.
"$mj" shanten --json --effective 123456789m1134p xyz 1111m >"$tmp/j"
python3 - "$tmp/j" <<'PY' || { failed=$((failed + 1)); echo "FAIL json"; }
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert rows[0] == {"hand": "123456789m1134p", "shanten": 0, "effective": "25p", "remaining": 8}, rows[0]
assert rows[1]["result"] == "error" and rows[1]["error"] == "unknown-char", rows[1]
assert rows[2]["shanten"] == 1 and rows[2]["remaining"] == 132, rows[2]
PY
out=$("$mj" shanten --json --algo sh-table,sh-7p-quad 1111222233447m)
python3 -c 'import json,sys; d=json.loads(sys.argv[1]); assert d["result"]=="disagree" and d["by_algo"]["sh-7p-quad"]["shanten"]==0, d' "$out" \
  || { failed=$((failed + 1)); echo "FAIL json disagree: $out"; }

# The benchmark: every workload, both questions, both timings, answers checked (ok = yes).
"$mj" bench --workload shanten --algo sh-table --hands 64 --reps 1 >"$tmp/b.csv" 2>/dev/null; check bench-rc 0 $?
check bench-header "algorithm,workload,rules,question,timing,hands,reps,ns_best,ns_median,ns_max,ok" "$(head -n 1 "$tmp/b.csv")"
check bench-rows 16 "$(awk -F, 'NR > 1 && $11 == "yes"' "$tmp/b.csv" | wc -l | tr -d ' ')"
"$mj" bench --workload shanten --algo nosuch >/dev/null 2>&1; check bench-bad-algo 2 $?

# The shanten plugins: the correct one agrees with sh-table on a spread of hands; the buggy one
# is caught on 1111m; a win-check plugin (no shanten entry) is refused with one line.
if [ -n "$ex" ] && [ -f "$ex/shanten_correct.so" ]; then
  hands="1111m 123456789m1134p 1112345678999m 19m19p19s1234567z 11223344556677z 1m 12m 1122m 111234m456p789s5s 19m19p19s123456z7z 2345m 11112222333344m"
  out=$("$mj" shanten --plugin "$ex/shanten_correct.so" --algo sh-table,plugin:shanten-correct $hands); rc=$?
  check plugin-correct-rc 0 $rc
  case "$out" in *DISAGREE*) failed=$((failed + 1)); echo "FAIL plugin-correct: $out" ;; *) passed=$((passed + 1)) ;; esac
  out=$("$mj" shanten --plugin "$ex/shanten_buggy.so" --algo sh-table,plugin:shanten-buggy 1111m); rc=$?
  check plugin-buggy-rc 1 $rc
  check plugin-buggy "1111m${tab}DISAGREE${tab}sh-table=1 plugin:shanten-buggy=0" "$out"
  # alone, the plugin is the default calculator
  check plugin-default "123456789m1134p${tab}0${tab}25p${tab}8" "$("$mj" shanten --plugin "$ex/shanten_correct.so" --effective 123456789m1134p)"
  # verify --mode shanten judges a shanten plugin against the truth: the buggy one is caught and
  # its counterexample shrunk to 1111m, the correct one agrees on every hand of 1-4 tiles
  "$mj" verify --mode shanten --rules riichi --sizes 1-4 --plugin "$ex/shanten_buggy.so" --report-dir "$tmp" >"$tmp/v" 2>&1
  check verify-buggy-rc 1 $?
  contains verify-buggy "counterexample for plugin:shanten-buggy: 1111m (4 tiles): truth shanten 1, plugin:shanten-buggy says 0" "$(cat "$tmp/v")"
  "$mj" verify --mode shanten --rules riichi --sizes 1-4 --plugin "$ex/shanten_correct.so" --report-dir "$tmp" >"$tmp/v" 2>&1
  check verify-correct-rc 0 $?
  "$mj" shanten --plugin "$ex/correct.so" 11m >/dev/null 2>"$tmp/err"; check plugin-no-shanten-rc 1 $?
  contains plugin-no-shanten "has no shanten entry" "$(cat "$tmp/err")"
  "$mj" check --plugin "$ex/shanten_correct.so" 11m >/dev/null 2>"$tmp/err"; check plugin-shanten-only-rc 1 $?
  contains plugin-shanten-only "is a shanten calculator only" "$(cat "$tmp/err")"
fi

# --exec in shanten mode: a program answering through mjverify itself agrees; one that always
# answers 0 disagrees; garbage is one clear line.
cat >"$tmp/prog.sh" <<EOF
while IFS= read -r line; do
  case "\$line" in '#'*) continue ;; '') continue ;; esac
  "$mj" shanten --notation mpsz "\$line" | cut -f2
done
EOF
cat >"$tmp/prog_eff.sh" <<EOF
while IFS= read -r line; do
  case "\$line" in '#'*) continue ;; '') continue ;; esac
  "$mj" shanten --effective --notation mpsz "\$line" | cut -f2,3 | tr '\t' ' '
done
EOF
out=$("$mj" shanten --exec "sh $tmp/prog.sh" --algo sh-table,exec 1111m 123456789m1134p 12m); rc=$?
check exec-rc 0 $rc
check exec "1111m${tab}1
123456789m1134p${tab}0
12m${tab}0" "$out"
out=$("$mj" shanten --exec "sh $tmp/prog_eff.sh" --effective --algo sh-table,exec 123456789m1134p); rc=$?
check exec-eff "123456789m1134p${tab}0${tab}25p${tab}8" "$out"
out=$("$mj" shanten --exec 'while read l; do case "$l" in "#"*|"") ;; *) echo 0 ;; esac; done' --algo sh-table,exec 1111m); rc=$?
check exec-wrong-rc 1 $rc
check exec-wrong "1111m${tab}DISAGREE${tab}sh-table=1 exec=0" "$out"
"$mj" shanten --exec 'while read l; do case "$l" in "#"*|"") ;; *) echo ready ;; esac; done' 1111m >/dev/null 2>"$tmp/err"; rc=$?
check exec-garbage-rc 1 $rc
contains exec-garbage "expected a shanten number" "$(cat "$tmp/err")"

echo "shanten_cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
