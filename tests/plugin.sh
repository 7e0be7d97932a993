#!/bin/sh
# Plugins as a user meets them: the examples load and agree, the buggy one is caught with a
# shrunk counterexample, broken ones are refused with one clear line, a crash names its hand
# and leaves the checkpoint resumable. Usage: plugin.sh MJVERIFY EXAMPLES_DIR FIXTURES_DIR
set -u
mj=$1 ex=$2 fx=$3
failed=0 passed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { # name, expected, actual
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); printf 'FAIL %s\n--- want\n%s\n--- got\n%s\n' "$1" "$2" "$3"; fi
}
contains() { # name, needle, haystack
  case "$3" in *"$2"*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)); printf 'FAIL %s: no "%s" in\n%s\n' "$1" "$2" "$3" ;; esac
}
tab=$(printf '\t')

# The correct plugin answers as the built-in table does, side by side.
out=$("$mj" check --plugin "$ex/correct.so" --algo table,plugin:correct --tiles 34 11123m456p789s55s 11223344556677z 19m19p19s1234567z1m 1112345678999m5p); rc=$?
check correct-check "11123m456p789s55s${tab}no
11223344556677z${tab}no
19m19p19s1234567z1m${tab}no
1112345678999m5p${tab}no" "$out"
check correct-check-rc 0 $rc
out=$("$mj" check --plugin "$ex/correct.so" --algo table,plugin:correct --rules riichi 111234m456p789s55s 11223344556677z 19m19p19s1234567z1m)
check correct-check-win "111234m456p789s55s${tab}win
11223344556677z${tab}win
19m19p19s1234567z1m${tab}win" "$out"
check correct-waits "1112345678999m${tab}123456789m" "$("$mj" waits --plugin "$ex/correct.so" 1112345678999m)"

# Every hand of 1..11 tiles of one suit: the correct plugin passes, the buggy one fails with
# the smallest counterexample shrunk from the run's first one.
"$mj" verify --plugin "$ex/correct.so" --tiles 9 --sizes 1-11 --report-dir "$tmp" >"$tmp/out" 2>"$tmp/err"
check correct-verify-rc 0 $?
"$mj" verify --plugin "$ex/buggy.so" --tiles 27 --sizes 5-8 --report-dir "$tmp" >"$tmp/out" 2>"$tmp/err"
check buggy-verify-rc 1 $?
contains buggy-cex "counterexample for plugin:buggy: 11123m (5 tiles): truth win (123m 11m), plugin:buggy says no" "$(cat "$tmp/out")"
if [ -f "$ex/cpp.so" ]; then
  "$mj" verify --plugin "$ex/cpp.so" --tiles 27 --sizes 1-8 --report-dir "$tmp" >"$tmp/out" 2>"$tmp/err"
  check cpp-verify-rc 0 $?
fi

# Broken plugins: one line naming the file and the flaw, exit 1, nothing on stdout.
refused() { # name, plugin, needle
  out=$("$mj" check --plugin "$2" 11m 2>"$tmp/err"); rc=$?
  check "$1-rc" 1 $rc
  check "$1-stdout" "" "$out"
  check "$1-lines" 1 "$(wc -l <"$tmp/err" | tr -d ' ')"
  contains "$1-msg" "$3" "$(cat "$tmp/err")"
}
refused missing "$tmp/none.so" "cannot load $tmp/none.so"
refused nosym "$fx/bad_nosym.so" "has no symbol 'mj_plugin_entry'"
refused abi "$fx/bad_abi.so" "was built for plugin ABI 999; this mjverify speaks ABI 2"
# A plugin built for ABI 1 (before the shanten entry) still loads and checks.
check abi1-loads "11123m${tab}win" "$("$mj" check --plugin "$fx/bad_abi1.so" 11123m 2>&1)"
refused claims "$fx/bad_claims7p.so" "claims form 7p over 27 kinds but cannot decide it"
refused notaplugin "$mj" "cannot load"

# A crash inside the plugin names the hand; the checkpoint saved before it resumes the run.
"$mj" verify --plugin "$fx/bad_crash.so" --tiles 9 --sizes 1-8 --threads 2 --checkpoint "$tmp/ck" --checkpoint-every 1 \
  --report-dir "$tmp" >/dev/null 2>"$tmp/err"
check crash-rc 3 $?
contains crash-hand "plugin:crash crashed (SIGSEGV) on the hand " "$(cat "$tmp/err")"
contains crash-ckpt "the checkpoint $tmp/ck is intact" "$(cat "$tmp/err")"
grep -q '9999m' "$tmp/err"; check crash-hand-9999 0 $?
# Every thread crashing at once: one report, exit 3, never a second crash's signal 11.
i=0
while [ $i -lt 5 ]; do
  MJ_TEST_CRASH_ALL=1 "$mj" verify --plugin "$fx/bad_crash.so" --tiles 27 --sizes 3 --threads 4 --report-dir "$tmp" \
    >/dev/null 2>"$tmp/err2"
  check "crash-all-rc-$i" 3 $?
  i=$((i + 1))
done
contains crash-all-hand "plugin:crash crashed (SIGSEGV) on the hand " "$(cat "$tmp/err2")"
check crash-all-once 1 "$(grep -c 'crashed (SIGSEGV)' "$tmp/err2")"
MJ_TEST_NO_CRASH=1 "$mj" verify --plugin "$fx/bad_crash.so" --tiles 9 --sizes 1-8 --threads 2 --checkpoint "$tmp/ck" \
  --checkpoint-every 1 --report-dir "$tmp" >/dev/null 2>"$tmp/err"
check crash-resume-rc 0 $?
contains crash-resumed "resuming from $tmp/ck" "$(cat "$tmp/err")"

echo "plugin.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
