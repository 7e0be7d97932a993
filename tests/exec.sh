#!/bin/sh
# --exec as a user meets it: the Python example passes a short exhaustive + sampled run, its
# --bug variant is caught with a shrunk counterexample, and a program that answers garbage,
# too few lines, dies or hangs gets one clear line. Usage: exec.sh MJVERIFY EXAMPLES_SRC
set -u
mj=$1 py="python3 $2/exec-python/checker.py"
failed=0 passed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() {
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); printf 'FAIL %s\n--- want\n%s\n--- got\n%s\n' "$1" "$2" "$3"; fi
}
contains() {
  case "$3" in *"$2"*) passed=$((passed + 1)) ;; *) failed=$((failed + 1)); printf 'FAIL %s: no "%s" in\n%s\n' "$1" "$2" "$3" ;; esac
}
tab=$(printf '\t')

check check-exec "11123m55p${tab}no
111234m55p${tab}win" "$("$mj" check --exec "$py" 11123m55p 111234m55p)"

"$mj" verify --exec "$py" --tiles 27 --sizes 1-4 --sample 20000 --seed 7 --rules sichuan >"$tmp/out" 2>"$tmp/err"
check python-rc 0 $?
contains python-exhaustive "exhaustive: every 4-tile hand                        27405            0" "$(cat "$tmp/out")"
contains python-sampled "SAMPLED total (seed 7; not exhaustive)               20000            0" "$(cat "$tmp/out")"
"$mj" verify --exec "$py" --tiles 9 --sizes 1-9 --mode waits >"$tmp/out" 2>"$tmp/err"
check python-waits-rc 0 $?

"$mj" verify --exec "$py --bug" --tiles 27 --sizes 1-3 --sample 5000 --seed 1 >"$tmp/out" 2>"$tmp/err"
check bug-rc 1 $?
contains bug-cex "counterexample for exec: 11123m (5 tiles): truth win (123m 11m), exec says no" "$(cat "$tmp/out")"

bad() { # name, command, needle
  "$mj" verify --exec "$2" --tiles 9 --sizes 1-3 --exec-timeout 1 >/dev/null 2>"$tmp/err"; rc=$?
  check "$1-rc" 1 $rc
  check "$1-lines" 1 "$(grep -c '^mjverify: ' "$tmp/err")"
  contains "$1-msg" "$3" "$(cat "$tmp/err")"
}
bad garbage 'while read l; do echo maybe; done' "answered 'maybe' (its output line 1) to 1m: expected win or no"
bad toofew 'read h; read a; read b; echo no; exit 2' "answered too few lines: 1 of a batch of 9 hands (1 in all), then its output ended (it exited with status 2)"
# it dies before or while its input is written: either message names the signal
bad died 'kill -9 $$' "(it was killed by signal 9)"
bad notfound 'no-such-program-here' "(it exited with status 127)"
start=$(date +%s)
bad hang 'exec sleep 30' "no answer for 1 s (time-out) after 0 of a batch of 9 hands; waiting on 1m"
check hang-fast 1 $(( $(date +%s) - start < 10 ))

echo "exec.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
